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
            "de": "{user}, ich kann dir keine DM schicken: triff deine geheime Wahl mit dem Knopf „Handeln“ am Brett.",
            "en": "{user}, I can't send you a DM: make your secret choice with the “Act” button on the board.",
        },
        "daily_done": {
            "de": "Die Tagesaufgabe von heute hast du schon gespielt. Morgen gibt es eine neue!",
            "en": "You have already played today's challenge. There is a new one tomorrow!",
        },
        "scores_head": {"de": "**{title}** – Tagesaufgabe", "en": "**{title}** – daily challenge"},
        "scores_today": {"de": "Heute ({day}):", "en": "Today ({day}):"},
        "scores_best": {"de": "Bestenliste aller Tage:", "en": "Best of all days:"},
        "scores_none": {"de": "noch keine Ergebnisse", "en": "no results yet"},
        "guild_only": {"de": "Partien gibt es nur auf Servern.", "en": "Matches are played in servers only."},
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
        "you_are": {"de": "Du spielst {seat}.", "en": "You play {seat}."},
        "spectator": {"de": "Du schaust zu.", "en": "You are watching."},
        "turn_done": {"de": "Erledigt. {prompt}", "en": "Done. {prompt}"},
        "log_empty": {"de": "Noch keine Züge.", "en": "No moves yet."},
        "log_head": {"de": "Die letzten Züge:", "en": "The last moves:"},
        "rules_page": {"de": "Seite {page}/{pages}", "en": "Page {page}/{pages}"},
        "language_set": {"de": "Ich spreche jetzt Deutsch mit dir.", "en": "I'll speak English with you now."},
        # playing over days
        "result_forfeit": {"de": "{player} hat die Frist verpasst und verliert.", "en": "{player} missed the deadline and loses."},
        "deadline_line": {"de": "Frist für {player}: {when}", "en": "Deadline for {player}: {when}"},
        "paused_line": {"de": "⏸ Die Partie ruht (`/spiel weiter`).", "en": "⏸ The match is paused (`/game resume`)."},
        "already_paused": {"de": "Die Partie ruht schon.", "en": "The match is already paused."},
        "not_paused": {"de": "Die Partie ruht nicht.", "en": "The match is not paused."},
        "pause_vote": {
            "de": "{player} möchte pausieren. Noch nötig: {missing}.",
            "en": "{player} wants to pause. Still needed: {missing}.",
        },
        "paused": {
            "de": "⏸ Die Partie ruht: keine Erinnerungen, keine Fristen. Weiter mit `/spiel weiter`.",
            "en": "⏸ The match is paused: no reminders, no deadlines. Continue with `/game resume`.",
        },
        "paused_by_deadline": {
            "de": "⏸ Die Frist von {player} ist abgelaufen: die Partie ruht bis `/spiel weiter`.",
            "en": "⏸ {player}'s deadline passed: the match is paused until `/game resume`.",
        },
        "resumed": {"de": "▶ Es geht weiter!", "en": "▶ The match goes on!"},
        "away_range": {"de": "Abwesend: 1 bis {max} Tage.", "en": "Away: 1 to {max} days."},
        "away_used": {
            "de": "Du warst in dieser Partie schon einmal abwesend gemeldet.",
            "en": "You have already used your time away in this match.",
        },
        "away_set": {
            "de": "Bis {when} laufen für dich keine Fristen ab.",
            "en": "No deadline of yours runs out before {when}.",
        },
        "bad_notify": {"de": "Unbekannte Einstellung.", "en": "Unknown setting."},
        "notify_set": {
            "de": "Benachrichtigungen: {mode}.",
            "en": "Notifications: {mode}.",
        },
        "notify_turn": {"de": "DM bei jedem Zug", "en": "DM on every turn"},
        "notify_reminders": {"de": "nur Erinnerungen", "en": "reminders only"},
        "notify_off": {"de": "aus", "en": "off"},
        "turn_notice": {
            "de": "**{title}** in {channel}: du bist dran. {prompt}",
            "en": "**{title}** in {channel}: it's your turn. {prompt}",
        },
        "reminder": {
            "de": "⏰ Erinnerung: **{title}** in {channel} wartet auf dich. {prompt}",
            "en": "⏰ Reminder: **{title}** in {channel} is waiting for you. {prompt}",
        },
        "reminder_channel": {
            "de": "⏰ {user}, die Partie wartet auf dich.",
            "en": "⏰ {user}, the match is waiting for you.",
        },
        "board_link": {"de": "Zum Brett: {link}", "en": "Board: {link}"},
        "since_head": {"de": "Seit deinem letzten Zug:", "en": "Since your last move:"},
        "skipped": {
            "de": "⌛ Die Frist von {player} ist abgelaufen: an seiner Stelle wurde gepasst.",
            "en": "⌛ {player}'s deadline passed: the default choice was made for them.",
        },
        "abandon_warning": {
            "de": "💤 In dieser Partie ist lange nichts passiert. Ohne neuen Zug wird sie in 7 Tagen geschlossen.",
            "en": "💤 Nothing has happened in this match for a long time. Without a move it closes in 7 days.",
        },
        "abandoned": {"de": "💤 Die Partie wurde wegen Inaktivität geschlossen.", "en": "💤 The match was closed for inactivity."},
        "undo_nothing": {"de": "Es gibt keinen eigenen Zug zum Zurücknehmen (oder jemand hat seitdem gezogen).", "en": "There is no move of yours to take back (or someone has moved since)."},
        "undo_secret": {
            "de": "Über eine aufgedeckte geheime Wahl, eine gezogene Karte oder einen Wurf hinweg kann nichts zurückgenommen werden.",
            "en": "Nothing can be taken back across a revealed secret choice, a drawn card or a roll.",
        },
        "undo_solo": {"de": "Im Solospiel gibt es kein Zurücknehmen.", "en": "There are no takebacks in a solo game."},
        "undo_outdated": {"de": "Diese Anfrage gilt nicht mehr.", "en": "This request no longer applies."},
        "undo_request": {
            "de": "↩ {player} möchte den letzten Zug zurücknehmen. {others}, einverstanden?",
            "en": "↩ {player} would like to take back their last move. {others}, do you agree?",
        },
        "undo_done": {"de": "↩ Zurückgenommen.", "en": "↩ Taken back."},
        "undo_refused": {"de": "{player} ist nicht einverstanden: es bleibt, wie es ist.", "en": "{player} does not agree: the move stands."},
        "undo_pending": {"de": "Zustimmung notiert.", "en": "Agreement noted."},
        "btn_agree": {"de": "Einverstanden", "en": "Agree"},
        "btn_refuse": {"de": "Nein", "en": "No"},
        "mine_empty": {"de": "Du hast keine offenen Partien.", "en": "You have no open matches."},
        "mine_line": {"de": "{title} in {channel}: {state}", "en": "{title} in {channel}: {state}"},
        "mine_lobby": {"de": "Lobby", "en": "lobby"},
        "mine_waiting": {"de": "wartet auf {players} seit {since}", "en": "waiting for {players} since {since}"},
        "mine_paused": {"de": "ruht", "en": "paused"},
        "help": {
            "de": (
                "**Brettbote** – Brettspiele im Kanal, gespielt wann du Zeit hast.\n"
                "`/spiel neu` öffnet eine Lobby (standardmäßig in einem eigenen Thread), `/spiel beitreten`, "
                "`/spiel verlassen`, `/spiel starten` (Gastgeber; volle Lobbys starten von selbst).\n"
                "Nach jedem Zug kommt ein neues Brett: **Handeln** zeigt dir deine Möglichkeiten (nur für dich), "
                "**Meine Sicht** deine Karten, **Verlauf** die letzten Züge. Geheime Entscheidungen kommen per DM.\n"
                "`/spiel brett`, `/spiel hand`, `/spiel verlauf`, `/spiel regeln`, `/spiel aufgeben`, "
                "`/spiel abbrechen` (alle müssen zustimmen), `/spiel sprache`.\n"
                "Über Tage: `/spiel pause`, `/spiel weiter`, `/spiel abwesend`, `/spiel zurück`, "
                "`/spiel benachrichtigung`, `/spiel meine`.\n"
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
                "Over days: `/game pause`, `/game resume`, `/game away`, `/game undo`, `/game notify`, `/game mine`.\n"
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
