"""Everything the bot itself says, in German and English, and how the reader's
language is chosen."""

from __future__ import annotations

from typing import Any

from engines.i18n import COMMON, Catalog

DEFAULT_LOCALE = "en"

BOT = Catalog(
    {
        # refusals (ServiceError keys)
        "no_match": {
            "de": "Hier läuft keine Partie. Starte eine mit `/spiel neu`.",
            "en": "There is no match here. Start one with `/game new`.",
        },
        "match_exists": {
            "de": "In diesem Kanal gibt es schon eine offene Partie.",
            "en": "This channel already has an open match.",
        },
        "unknown_game": {"de": "Das Spiel „{game}“ kenne ich nicht.", "en": "I don't know the game “{game}”."},
        "bad_options": {"de": "Diese Spieloptionen sind ungültig.", "en": "Those game options are not valid."},
        "already_joined": {"de": "Du sitzt schon am Tisch.", "en": "You have already joined."},
        "already_running": {"de": "Die Partie läuft schon.", "en": "The match is already running."},
        "match_full": {"de": "Die Partie ist voll.", "en": "The match is full."},
        "not_joined": {"de": "Du bist dieser Partie nicht beigetreten.", "en": "You have not joined this match."},
        "leave_running": {
            "de": "Eine laufende Partie kannst du nicht verlassen: gib mit `/spiel aufgeben` auf.",
            "en": "You can't leave a running match: use `/game resign`.",
        },
        "not_host": {"de": "Das darf nur der Gastgeber.", "en": "Only the host can do that."},
        "not_enough_players": {
            "de": "Es braucht mindestens {min} Spieler (jetzt {have}).",
            "en": "At least {min} players are needed (now {have}).",
        },
        "not_a_player": {"de": "Du spielst in dieser Partie nicht mit.", "en": "You are not playing in this match."},
        "not_running": {"de": "Die Partie läuft nicht.", "en": "The match is not running."},
        "not_finished": {"de": "Die Partie ist noch nicht zu Ende.", "en": "The match has not ended yet."},
        "outdated": {
            "de": "Dieses Brett ist veraltet. Hier ist das aktuelle:",
            "en": "This board is outdated. Here is the current one:",
        },
        "error": {
            "de": "Entschuldigung, da ist etwas schiefgegangen (Fehler-ID `{error_id}`).",
            "en": "Sorry, something went wrong (error id `{error_id}`).",
        },
        # lobby
        "lobby": {
            "de": "**{title}** – Lobby von {host}\nAm Tisch ({count}/{max}): {players}\nBeitreten mit dem Knopf oder `/spiel beitreten`; der Gastgeber startet ab {min} Spielern.",
            "en": "**{title}** – lobby of {host}\nSeated ({count}/{max}): {players}\nJoin with the button or `/game join`; the host starts once {min} players are in.",
        },
        "lobby_thread": {"de": "Die Partie findet in {thread} statt.", "en": "The match is on in {thread}."},
        "lobby_closed": {"de": "Die Lobby ist geschlossen.", "en": "The lobby is closed."},
        "joined": {"de": "Du sitzt am Tisch.", "en": "You have joined."},
        "left": {"de": "Du hast die Lobby verlassen.", "en": "You have left the lobby."},
        "started": {"de": "Die Partie beginnt!", "en": "The match begins!"},
        "btn_join": {"de": "Beitreten", "en": "Join"},
        "btn_leave": {"de": "Verlassen", "en": "Leave"},
        "btn_start": {"de": "Starten", "en": "Start"},
        # board
        "board_head": {"de": "**{title}** · Zug {turn}", "en": "**{title}** · turn {turn}"},
        "to_act": {"de": "Am Zug: {players}", "en": "To act: {players}"},
        "secret_note": {
            "de": "Geheime Wahl: per DM oder mit „Handeln“.",
            "en": "Secret choice: by DM or with “Act”.",
        },
        "dm_fallback": {
            "de": "{user}, ich kann dir keine DM schicken: triff deine geheime Wahl mit dem Knopf „Handeln“ unten.",
            "en": "{user}, I can't send you a DM: make your secret choice with the “Act” button below.",
        },
        "result_win": {"de": "🏆 Gewonnen: {players}", "en": "🏆 Winner: {players}"},
        "result_draw": {"de": "Unentschieden: {players}", "en": "Draw: {players}"},
        "result_scores": {"de": "Punkte: {scores}", "en": "Score: {scores}"},
        "result_resigned": {"de": "{player} hat aufgegeben.", "en": "{player} resigned."},
        "series": {"de": "Serie: {totals}", "en": "Series: {totals}"},
        "cancelled": {"de": "Die Partie wurde abgebrochen.", "en": "The match was cancelled."},
        "cancel_vote": {
            "de": "{player} möchte abbrechen. Noch nötig: {missing}.",
            "en": "{player} wants to cancel. Still needed: {missing}.",
        },
        "btn_act": {"de": "Handeln", "en": "Act"},
        "btn_view": {"de": "Meine Sicht", "en": "My view"},
        "btn_log": {"de": "Verlauf", "en": "Log"},
        "btn_rematch": {"de": "Revanche", "en": "Rematch"},
        "btn_prev": {"de": "◀ Zurück", "en": "◀ Back"},
        "btn_next": {"de": "Weiter ▶", "en": "Next ▶"},
        "choose_group": {"de": "Was möchtest du bewegen?", "en": "What do you want to move?"},
        "you_are": {"de": "Du spielst {seat}.", "en": "You play {seat}."},
        "spectator": {"de": "Du schaust zu.", "en": "You are watching."},
        "turn_done": {"de": "Erledigt. {prompt}", "en": "Done. {prompt}"},
        "dm_intro": {
            "de": "**{title}** in {channel}: {prompt}",
            "en": "**{title}** in {channel}: {prompt}",
        },
        "log_empty": {"de": "Noch keine Züge.", "en": "No moves yet."},
        "log_head": {"de": "Die letzten Züge:", "en": "The last moves:"},
        "rules_page": {"de": "Seite {page}/{pages}", "en": "Page {page}/{pages}"},
        "language_set": {"de": "Ich spreche jetzt Deutsch mit dir.", "en": "I'll speak English with you now."},
        "help": {
            "de": (
                "**Brettbote** – Brettspiele im Kanal, gespielt wann du Zeit hast.\n"
                "`/spiel neu` öffnet eine Lobby (standardmäßig in einem eigenen Thread), `/spiel beitreten`, "
                "`/spiel verlassen`, `/spiel starten` (Gastgeber; volle Lobbys starten von selbst).\n"
                "Nach jedem Zug kommt ein neues Brett: **Handeln** zeigt dir deine Möglichkeiten (nur für dich), "
                "**Meine Sicht** deine Karten, **Verlauf** die letzten Züge. Geheime Entscheidungen kommen per DM.\n"
                "`/spiel brett`, `/spiel hand`, `/spiel verlauf`, `/spiel regeln`, `/spiel aufgeben`, "
                "`/spiel abbrechen` (alle müssen zustimmen), `/spiel sprache`.\n"
                "Spiele: {games}"
            ),
            "en": (
                "**Brettbote** – board games in your channel, played whenever you have time.\n"
                "`/game new` opens a lobby (in its own thread by default), `/game join`, `/game leave`, "
                "`/game start` (host; a full lobby starts by itself).\n"
                "After every move there is a fresh board: **Act** shows your choices (only to you), "
                "**My view** your cards, **Log** the last moves. Secret decisions come by DM.\n"
                "`/game board`, `/game hand`, `/game log`, `/game rules`, `/game resign`, "
                "`/game cancel` (everyone must agree), `/game language`.\n"
                "Games: {games}"
            ),
        },
    },
    parent=COMMON,
)


def normalise_locale(value: Any) -> str | None:
    """Discord locales ("de", "en-US", ...) to ours; ``None`` if unknown."""
    if value is None:
        return None
    text = str(getattr(value, "value", value)).lower()
    if text.startswith("de"):
        return "de"
    if text.startswith("en"):
        return "en"
    return None


def choose_locale(stored: str | None, interaction_locale: Any = None, guild_locale: Any = None) -> str:
    """Stored choice, else the interaction's locale, else the server's, else English."""
    for candidate in (stored, interaction_locale, guild_locale):
        locale = normalise_locale(candidate)
        if locale:
            return locale
    return DEFAULT_LOCALE


def t(key: str, locale: str, **params: Any) -> str:
    return BOT.text(key, params, locale)
