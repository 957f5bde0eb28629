"""Words of Hektor und Achill: messages, button labels, menu groups, and the
names of colours, cards, heroes and stacks in German and English."""

from __future__ import annotations

from engines.hektor_und_achill import rules
from engines.hektor_und_achill.data import HOME, card_colour, card_value, hero_colour, hero_value
from engines.hektor_und_achill.model import (
    ChangeHero,
    Deploy,
    Discard,
    Front,
    Orient,
    Play,
    Retreat,
    Rotate,
    SaveHero,
    Skip,
    State,
    Upgrade,
    Vanguard,
)
from engines.i18n import COMMON, Catalog

SIDE_NAMES = {"de": ("Griechen", "Trojaner"), "en": ("Greeks", "Trojans")}

COLOUR_NAMES = {
    "de": {"red": "rot", "green": "grün", "blue": "blau", "yellow": "gelb", "purple": "lila", "brown": "braun"},
    "en": {"red": "red", "green": "green", "blue": "blue", "yellow": "yellow", "purple": "purple", "brown": "brown"},
}

END_REASONS = {
    "stacks": {"de": "Armeestapel geleert", "en": "army stacks emptied"},
    "both": {"de": "beide Seiten zugleich geschlagen", "en": "both sides beaten at once"},
}

MESSAGES = Catalog(
    {
        # reasons an action is refused
        "no_such_card": {"de": "Die Karte {card} hast du nicht auf der Hand.", "en": "You do not hold the card {card}."},
        # prompts
        "pr_over": {"de": "Die Partie ist zu Ende.", "en": "The game is over."},
        "pr_wait": {"de": "Warte auf die {side}.", "en": "Waiting for the {side}."},
        "pr_vanguard": {
            "de": "Kampf {battle}: Du greifst an. Von welchem Stapel deckst du die Vorhut auf?",
            "en": "Battle {battle}: you attack. From which stack do you turn up the vanguard?",
        },
        "pr_front": {
            "de": "Die Vorhut ist eine 4: Mit welchen Stapeln (1–3) wird gekämpft?",
            "en": "The vanguard is a 4: which stacks (1–3) fight this battle?",
        },
        "pr_orient": {
            "de": "Schicksals-Plättchen {tile}: Welche Farbe soll zu dir zeigen? (Die Gegenseite zeigt zum Gegner.)",
            "en": "Fate tile {tile}: which colour shall face you? (The opposite side faces your opponent.)",
        },
        "pr_action": {
            "de": "Einzelzug {turn}/4: eine Aktion oder keine, danach spielst du eine Karte. Deine Farben: {fate_colour} (Schicksal) und die deines Helden {hero}.",
            "en": "Single turn {turn}/4: one action or none, then you play a card. Your colours: {fate_colour} (fate) and that of your hero {hero}.",
        },
        "pr_action_no_hero": {
            "de": "Einzelzug {turn}/4: eine Aktion oder keine, danach spielst du eine Karte. Ohne Helden zählt nur {fate_colour} (Schicksal).",
            "en": "Single turn {turn}/4: one action or none, then you play a card. Without a hero only {fate_colour} (fate) counts.",
        },
        "pr_card": {
            "de": "Einzelzug {turn}/4: Spiele eine Armeekarte aus. Deine Farben: {fate_colour} (Schicksal) und die deines Helden {hero}.",
            "en": "Single turn {turn}/4: play an army card. Your colours: {fate_colour} (fate) and that of your hero {hero}.",
        },
        "pr_card_no_hero": {
            "de": "Einzelzug {turn}/4: Spiele eine Armeekarte aus. Ohne Helden zählt nur {fate_colour} (Schicksal).",
            "en": "Single turn {turn}/4: play an army card. Without a hero only {fate_colour} (fate) counts.",
        },
        "pr_fate": {
            "de": "Überlegenheit {own}:{theirs} für dich: Du darfst das Schicksals-Plättchen eine Vierteldrehung drehen.",
            "en": "Superiority {own}:{theirs} to you: you may turn the fate tile a quarter turn.",
        },
        "pr_save_hero": {
            "de": "Kampf verloren: Gibst du einen Gunst-Stein ab, um {hero} zu behalten?",
            "en": "Battle lost: do you give up a favour token to keep {hero}?",
        },
        # events
        "ev_battle": {"de": "Kampf {battle}: Die {attacker} greifen an.", "en": "Battle {battle}: the {attacker} attack."},
        "ev_vanguard": {
            "de": "Die {side} decken vom {stack} die Vorhut auf: {card}.",
            "en": "The {side} turn up their vanguard from {stack}: {card}.",
        },
        "ev_number": {"de": "Gekämpft wird mit den Stapeln {number}.", "en": "The stacks numbered {number} fight."},
        "ev_home_stack": {
            "de": "Stapel {number} der {side} ist geleert: Sie kämpfen mit dem Heimatstapel.",
            "en": "Stack {number} of the {side} is emptied: they fight with their home stack.",
        },
        "ev_fate_drawn": {"de": "Schicksals-Plättchen {tile} wird aufgedeckt.", "en": "Fate tile {tile} is turned up."},
        "ev_oriented": {
            "de": "Die {side} legen das Schicksal: Griechen {greek_colour}, Trojaner {trojan_colour}.",
            "en": "The {side} lay the fate tile: Greeks {greek_colour}, Trojans {trojan_colour}.",
        },
        "ev_vanguard_defender": {"de": "Vorhut der {side}: {card}.", "en": "Vanguard of the {side}: {card}."},
        "ev_draw_hero": {
            "de": "Die {side} ziehen {count} Armeekarten und einen Helden.",
            "en": "The {side} draw {count} army cards and a hero.",
        },
        "ev_draw_no_hero": {
            "de": "Die {side} ziehen {count} Armeekarten; ihr Heldenstapel ist leer.",
            "en": "The {side} draw {count} army cards; their hero stack is empty.",
        },
        "ev_hand_own": {"de": "Deine Hand: {cards}; Held: {hero}.", "en": "Your hand: {cards}; hero: {hero}."},
        "ev_hand_own_no_hero": {"de": "Deine Hand: {cards}; kein Held.", "en": "Your hand: {cards}; no hero."},
        "ev_discard": {"de": "Die {side} werfen {card} ab und ziehen nach.", "en": "The {side} discard {card} and draw."},
        "ev_drawn_own": {"de": "Du ziehst {card}.", "en": "You draw {card}."},
        "ev_change_hero": {"de": "Die {side} wechseln ihren Helden.", "en": "The {side} change their hero."},
        "ev_new_hero_own": {"de": "Dein neuer Held: {hero}.", "en": "Your new hero: {hero}."},
        "ev_deploy": {"de": "Die {side} setzen {hero} auf {card} ein.", "en": "The {side} deploy {hero} on {card}."},
        "ev_upgrade": {
            "de": "Die {side} legen einen Gunst-Stein auf {card} (+1).",
            "en": "The {side} put a favour token on {card} (+1).",
        },
        "ev_retreat": {"de": "Die {side} ziehen sich zurück!", "en": "The {side} retreat!"},
        "ev_play": {"de": "Die {side} spielen {card} aus.", "en": "The {side} play {card}."},
        "ev_superiority": {
            "de": "Überlegenheit Griechen {greek} : Trojaner {trojan} – die {side} dürfen das Schicksal drehen.",
            "en": "Superiority Greeks {greek} : Trojans {trojan} – the {side} may turn the fate tile.",
        },
        "ev_superiority_tie": {
            "de": "Überlegenheit Griechen {greek} : Trojaner {trojan} – gleich, das Schicksal bleibt liegen.",
            "en": "Superiority Greeks {greek} : Trojans {trojan} – equal, the fate tile stays.",
        },
        "ev_rotated": {
            "de": "Die {side} drehen das Schicksal: Griechen {greek_colour}, Trojaner {trojan_colour}.",
            "en": "The {side} turn the fate tile: Greeks {greek_colour}, Trojans {trojan_colour}.",
        },
        "ev_fate_kept": {"de": "Die {side} lassen das Schicksal liegen.", "en": "The {side} leave the fate tile as it is."},
        "ev_reveal_hero": {"de": "Die {side} zeigen ihren Helden: {hero}.", "en": "The {side} show their hero: {hero}."},
        "ev_battle_won": {
            "de": "Die {winner} gewinnen den Kampf {winner_score}:{loser_score} gegen die {loser}.",
            "en": "The {winner} win the battle {winner_score}:{loser_score} against the {loser}.",
        },
        "ev_battle_draw": {
            "de": "Unentschiedener Kampf ({score}:{score}): alle Karten und Steine kehren zurück.",
            "en": "Drawn battle ({score}:{score}): every card and token returns.",
        },
        "ev_retreat_won": {
            "de": "Die {winner} gewinnen den Kampf, weil die {loser} sich zurückziehen.",
            "en": "The {winner} win the battle: the {loser} retreat.",
        },
        "ev_cards_lost": {"de": "Die {side} verlieren: {cards}.", "en": "The {side} lose: {cards}."},
        "ev_hero_lost": {"de": "Die {side} verlieren ihren Helden {hero}.", "en": "The {side} lose their hero {hero}."},
        "ev_hero_saved": {
            "de": "Die {side} geben einen Gunst-Stein ab und behalten {hero}.",
            "en": "The {side} give up a favour token and keep {hero}.",
        },
        "ev_extra_lost": {
            "de": "Schande: Die {side} verlieren zusätzlich {cards}.",
            "en": "Shame: the {side} also lose {cards}.",
        },
        "ev_shame": {"de": "Die {side} haben jetzt {count} Schande-Steine.", "en": "The {side} now hold {count} shame tokens."},
        "ev_emptied": {
            "de": "Stapel {number} der {side} ist geleert; der Rest kommt auf den Heimatstapel.",
            "en": "Stack {number} of the {side} is emptied; its rest goes onto the home stack.",
        },
        "ev_fronts_lost": {
            "de": "Alle drei vorderen Stapel der {side} sind geleert.",
            "en": "All three front stacks of the {side} are emptied.",
        },
        "ev_home_lost": {
            "de": "Der Heimatstapel der {side} hat weniger als 5 Karten.",
            "en": "The home stack of the {side} holds fewer than 5 cards.",
        },
        "ev_fate_reshuffled": {
            "de": "Alle Schicksals-Plättchen werden neu gemischt.",
            "en": "All fate tiles are shuffled anew.",
        },
        "ev_game_won": {"de": "Spielende: Die {winner} gewinnen den Krieg!", "en": "Game over: the {winner} win the war!"},
        "ev_game_draw": {
            "de": "Spielende: Beide Armeen sind zugleich geschlagen – unentschieden.",
            "en": "Game over: both armies are beaten at once – a draw.",
        },
        # labels and groups
        "lb_vanguard": {"de": "Vorhut vom {stack} ({count} Karten)", "en": "Vanguard from {stack} ({count} cards)"},
        "lb_front": {"de": "Stapel {number} kämpfen{note}", "en": "Stacks {number} fight{note}"},
        "lb_orient": {"de": "Du {own} · Gegner {theirs}", "en": "You {own} · opponent {theirs}"},
        "lb_skip": {"de": "Keine Aktion", "en": "No action"},
        "lb_discard": {"de": "Abwerfen & nachziehen: {card}", "en": "Discard & draw: {card}"},
        "lb_change_hero": {"de": "Held wechseln (weg: {hero})", "en": "Change hero (away: {hero})"},
        "lb_deploy": {"de": "{hero} einsetzen auf {card}", "en": "Deploy {hero} on {card}"},
        "lb_upgrade": {"de": "Gunst-Stein auf {card} (+1)", "en": "Favour token on {card} (+1)"},
        "lb_retreat": {"de": "Rückzug (Kampf verloren{extra})", "en": "Retreat (battle lost{extra})"},
        "lb_retreat_extra": {"de": ", {count} Karte(n) extra", "en": ", {count} extra card(s)"},
        "lb_play": {"de": "Ausspielen: {card}", "en": "Play {card}"},
        "lb_rotate": {"de": "Drehen: du {own} · Gegner {theirs}", "en": "Turn: you {own} · opponent {theirs}"},
        "lb_keep": {"de": "Liegen lassen: du {own} · Gegner {theirs}", "en": "Leave it: you {own} · opponent {theirs}"},
        "lb_save": {"de": "Gunst-Stein abgeben, {hero} behalten", "en": "Give up a favour token, keep {hero}"},
        "lb_lose_hero": {"de": "{hero} abgeben, Gunst-Stein behalten", "en": "Give up {hero}, keep the favour token"},
        "gr_opening": {"de": "Eröffnung", "en": "Opening"},
        "gr_action": {"de": "Aktion", "en": "Action"},
        "gr_discard": {"de": "Abwerfen & nachziehen", "en": "Discard & draw"},
        "gr_hero": {"de": "Held", "en": "Hero"},
        "gr_favour": {"de": "Göttliche Gunst", "en": "Divine favour"},
        "gr_cards": {"de": "Karten", "en": "Cards"},
        "gr_fate": {"de": "Schicksal", "en": "Fate"},
    },
    parent=COMMON,
)


def _loc(table: dict, locale: str):
    return table.get(locale, table["en"])


def side_name(side: int, locale: str) -> str:
    return _loc(SIDE_NAMES, locale)[side]


def colour_name(colour: str, locale: str) -> str:
    return _loc(COLOUR_NAMES, locale).get(colour, colour)


def card_name(card: str, locale: str) -> str:
    """``"red3"`` -> "rot 3" / "red 3"."""
    return f"{colour_name(card_colour(card), locale)} {card_value(card)}"


def cards_name(cards: list[str], locale: str) -> str:
    return ", ".join(card_name(c, locale) for c in cards) or ("nichts" if locale == "de" else "nothing")


def hero_name(hero: str | None, locale: str) -> str:
    """``"Aias"`` -> "Aias (grün 5)"."""
    if hero is None:
        return "–"
    return f"{hero} ({colour_name(hero_colour(hero), locale)} {hero_value(hero)})"


def stack_name(stack: int, locale: str) -> str:
    if stack == HOME:
        return "Heimatstapel" if locale == "de" else "the home stack"
    return f"Stapel {stack}" if locale == "de" else f"stack {stack}"


def end_reason(reason: str, locale: str) -> str:
    names = END_REASONS.get(reason)
    return _loc(names, locale) if names else reason


def localise(params: dict, locale: str) -> dict:
    """Cards, heroes, colours and stacks in message parameters as words."""
    out = dict(params)
    for key, value in params.items():
        if key == "card" and isinstance(value, str):
            out[key] = card_name(value, locale)
        elif key == "cards" and isinstance(value, list):
            out[key] = cards_name(value, locale)
        elif key == "hero":
            out[key] = hero_name(value, locale)
        elif key.endswith("colour") and isinstance(value, str):
            out[key] = colour_name(value, locale)
        elif key == "stack" and isinstance(value, int):
            out[key] = stack_name(value, locale)
        elif key == "reason" and isinstance(value, str):
            out[key] = end_reason(value, locale)
    return out


def _t(key: str, locale: str, **params) -> str:
    return MESSAGES.text(key, params, locale)


def label(state: State, seat: int, action, locale: str) -> str:
    return _label(state, seat, action, locale)[:80]


def _label(state: State, seat: int, action, locale: str) -> str:
    b = state.battle
    if isinstance(action, Vanguard):
        count = len(state.stacks[seat][action.stack])
        return _t("lb_vanguard", locale, stack=stack_name(action.stack, locale), count=count)
    if isinstance(action, Front):
        homes = [side_name(s, locale) for s in (0, 1) if state.emptied[s][action.number]]
        note = ""
        if homes:
            note = f" ({' + '.join(homes)}: {stack_name(HOME, locale)})"
        return _t("lb_front", locale, number=action.number, note=note)
    if isinstance(action, Orient):
        theirs = b.fate.sides[(b.fate.sides.index(action.colour) + 2) % 4]
        return _t("lb_orient", locale, own=colour_name(action.colour, locale), theirs=colour_name(theirs, locale))
    if isinstance(action, Skip):
        return _t("lb_skip", locale)
    if isinstance(action, Discard):
        return _t("lb_discard", locale, card=card_name(action.card, locale))
    if isinstance(action, ChangeHero):
        return _t("lb_change_hero", locale, hero=hero_name(b.heroes[seat], locale))
    if isinstance(action, Deploy):
        card = card_name(b.played[seat][action.target].card, locale)
        return _t("lb_deploy", locale, hero=hero_name(b.heroes[seat], locale), card=card)
    if isinstance(action, Upgrade):
        return _t("lb_upgrade", locale, card=card_name(b.played[seat][action.target].card, locale))
    if isinstance(action, Retreat):
        extra = _t("lb_retreat_extra", locale, count=state.shame[seat]) if state.shame[seat] else ""
        return _t("lb_retreat", locale, extra=extra)
    if isinstance(action, Play):
        return _t("lb_play", locale, card=card_name(action.card, locale))
    if isinstance(action, Rotate):
        facing = (b.fate.facing + action.by) % 4
        own = b.fate.sides[(facing + 2 * seat) % 4]
        theirs = b.fate.sides[(facing + 2 * seat + 2) % 4]
        key = "lb_keep" if action.by == 0 else "lb_rotate"
        return _t(key, locale, own=colour_name(own, locale), theirs=colour_name(theirs, locale))
    if isinstance(action, SaveHero):
        hero = hero_name(rules.deployed_hero(state, seat), locale)
        return _t("lb_save" if action.save else "lb_lose_hero", locale, hero=hero)
    raise TypeError(action)


def group(state: State, seat: int, action, locale: str) -> str:
    if isinstance(action, (Vanguard, Front, Orient)):
        return _t("gr_opening", locale)
    if isinstance(action, Discard):
        return _t("gr_discard", locale)
    if isinstance(action, (ChangeHero, Deploy, SaveHero)):
        return _t("gr_hero", locale)
    if isinstance(action, Upgrade):
        return _t("gr_favour", locale)
    if isinstance(action, Play):
        return _t("gr_cards", locale)
    if isinstance(action, Rotate):
        return _t("gr_fate", locale)
    return _t("gr_action", locale)
