"""Words of Himmel und Hölle: messages, button labels and menu groups."""

from __future__ import annotations

from engines.himmel_und_hoelle import rules
from engines.himmel_und_hoelle.model import (
    Boost,
    EndTurn,
    Enter,
    Finish,
    Lower,
    Move,
    Pass,
    Play,
    Raise,
    Return,
    Slide,
    State,
    allowed_card,
)
from engines.i18n import COMMON, Catalog

SIDE_NAMES = {"de": ("Hölle", "Himmel"), "en": ("Hell", "Heaven")}

END_REASONS = {
    "goal": {"de": "drei Würfel im Zielfeld", "en": "three dice in a goal field"},
    "stuck": {"de": "Zugunfähigkeit", "en": "a side could not move"},
}

MESSAGES = Catalog(
    {
        # reasons an action is refused
        "no_such_card": {"de": "Die Karte {card} hast du nicht (mehr) auf der Hand.", "en": "You do not hold the card {card}."},
        "conflict_first": {
            "de": "Erst muss der Konflikt auf {field} ausgetragen werden.",
            "en": "The conflict on {field} must be fought first.",
        },
        "no_ap": {"de": "Du hast keine Aktionspunkte mehr.", "en": "You have no action points left."},
        # prompts
        "pr_over": {"de": "Die Partie ist zu Ende.", "en": "The game is over."},
        "pr_wait": {"de": "Warte auf {side}.", "en": "Waiting for {side}."},
        "pr_turn": {
            "de": "Dein Zug: noch {ap} AP (Aktionspunkte). Herunterdrehen ist gratis.",
            "en": "Your turn: {ap} AP (action points) left. Lowering is free.",
        },
        "pr_card": {
            "de": "Konflikt auf {field}, Angreifer: {attacker}. Dein Würfel zeigt {die}: Karten 0–{top} zählen, höhere zählen 0. Wähle geheim eine Karte.",
            "en": "Conflict on {field}, attacker: {attacker}. Your die shows {die}: cards 0–{top} count, higher ones count 0. Choose a card in secret.",
        },
        "pr_boost": {
            "de": "Dein Würfel zeigte schon 6: welcher andere Würfel wird hochgedreht?",
            "en": "Your die already showed 6: which other die is raised instead?",
        },
        "pr_bonus": {
            "de": "Konflikt gewonnen: setze den Bonus-Aktionspunkt sofort ein (für Himmel oder Hölle) oder lass ihn verfallen.",
            "en": "Conflict won: use the bonus action point now (for Heaven or Hell) or let it lapse.",
        },
        # events
        "ev_turn": {"de": "{side} ist am Zug ({ap} AP).", "en": "{side} to move ({ap} AP)."},
        "ev_end_turn": {"de": "{side} beendet den Zug.", "en": "{side} ends the turn."},
        "ev_enter": {"de": "{side} setzt einen Würfel auf {field}.", "en": "{side} enters a die on {field}."},
        "ev_return": {"de": "{side} holt den Würfel von {field} ins Startfeld zurück.", "en": "{side} returns the die on {field} to the start field."},
        "ev_finish": {
            "de": "{side} bringt den {value}er von {field} ins Zielfeld ({count}/3).",
            "en": "{side} brings the {value} on {field} into the goal field ({count}/3).",
        },
        "ev_raise": {"de": "{side} dreht {field} auf {value}.", "en": "{side} raises {field} to {value}."},
        "ev_move": {"de": "{side} zieht {src} → {dst}.", "en": "{side} moves {src} → {dst}."},
        "ev_lower": {"de": "{side} dreht {field} auf {value} herunter.", "en": "{side} lowers {field} to {value}."},
        "ev_slide": {
            "de": "{side} dreht herunter und zieht {src} → {dst} (jetzt {value}).",
            "en": "{side} lowers and moves {src} → {dst} (now {value}).",
        },
        "ev_conflict": {"de": "Konflikt auf {field}! Angreifer: {attacker}.", "en": "Conflict on {field}! Attacker: {attacker}."},
        "ev_card_chosen": {"de": "{side} hat eine Karte gewählt.", "en": "{side} has chosen a card."},
        "ev_card_chosen_own": {"de": "Du hast die Karte {card} gewählt.", "en": "You chose the card {card}."},
        "ev_reveal": {
            "de": "{winner} gewinnt den Konflikt auf {field} {winner_value}:{loser_value} (Karten: Hölle {hell_card}, Himmel {heaven_card}).",
            "en": "{winner} wins the conflict on {field} {winner_value}:{loser_value} (cards: Hell {hell_card}, Heaven {heaven_card}).",
        },
        "ev_sent_home": {"de": "Der Würfel von {side} auf {field} muss ins Startfeld zurück.", "en": "{side}'s die on {field} goes back to the start field."},
        "ev_boost": {"de": "{side} dreht stattdessen {field} auf {value}.", "en": "{side} raises {field} to {value} instead."},
        "ev_gain_lost": {"de": "{side} hat keinen anderen Würfel zum Hochdrehen: der Zuwachs verfällt.", "en": "{side} has no other die to raise: the gain is lost."},
        "ev_bonus_used": {"de": "{side} setzt den Bonus-Aktionspunkt ein.", "en": "{side} uses the bonus action point."},
        "ev_bonus_lapsed": {"de": "{side} lässt den Bonus-Aktionspunkt verfallen.", "en": "{side} lets the bonus action point lapse."},
        "ev_conflict_over": {"de": "Der Konflikt auf {field} ist beendet.", "en": "The conflict on {field} is over."},
        "ev_fill_up": {"de": "{side} füllt das Zielfeld mit {count}× 6 auf.", "en": "{side} fills the goal field up with {count}× 6."},
        "ev_stuck": {"de": "{side} hat keinen Würfel im Spielbereich: zugunfähig.", "en": "{side} has no die in the play area and cannot move."},
        "ev_game_over": {
            "de": "Spielende ({reason}): Hölle {hell_score}, Himmel {heaven_score}.",
            "en": "Game over ({reason}): Hell {hell_score}, Heaven {heaven_score}.",
        },
        # labels and groups
        "lb_enter": {"de": "Einsetzen → {field}", "en": "Enter → {field}"},
        "lb_return": {"de": "{field} → Startfeld", "en": "{field} → start field"},
        "lb_finish": {"de": "{field} → Zielfeld ({value})", "en": "{field} → goal field ({value})"},
        "lb_raise": {"de": "Hochdrehen {field}: {value} → {next}", "en": "Raise {field}: {value} → {next}"},
        "lb_move": {"de": "Ziehen {src} → {dst}", "en": "Move {src} → {dst}"},
        "lb_lower": {"de": "Herunterdrehen {field}: {value} → {next} (gratis)", "en": "Lower {field}: {value} → {next} (free)"},
        "lb_slide": {
            "de": "Herunterdrehen und ziehen {src} → {dst} ({value} → {next}, gratis)",
            "en": "Lower and move {src} → {dst} ({value} → {next}, free)",
        },
        "lb_card": {"de": "Karte {card}", "en": "Card {card}"},
        "lb_card_bad": {"de": "Karte {card} (unerlaubt: zählt 0)", "en": "Card {card} (not allowed: counts 0)"},
        "lb_boost": {"de": "{field} hochdrehen: {value} → {next}", "en": "Raise {field}: {value} → {next}"},
        "lb_pass": {"de": "Bonuspunkt verfallen lassen", "en": "Let the bonus point lapse"},
        "lb_end": {"de": "Zug beenden", "en": "End turn"},
        "gr_die": {"de": "Würfel {field} ({value})", "en": "Die {field} ({value})"},
        "gr_start": {"de": "Startfeld ({count} Würfel)", "en": "Start field ({count} dice)"},
        "gr_cards": {"de": "Karten", "en": "Cards"},
        "gr_turn": {"de": "Zug", "en": "Turn"},
    },
    parent=COMMON,
)


def side_name(side: int, locale: str) -> str:
    return SIDE_NAMES.get(locale, SIDE_NAMES["en"])[side]


def end_reason(reason: str, locale: str) -> str:
    names = END_REASONS.get(reason)
    return names.get(locale, names["en"]) if names else reason


def _t(key: str, locale: str, **params) -> str:
    return MESSAGES.text(key, params, locale)


def _value(state: State, side: int, field: str) -> int:
    die = rules.die_at(state, side, field)
    return die.value if die else 0


def label(state: State, seat: int, action, locale: str) -> str:
    text = _label(state, seat, action, locale)
    side = getattr(action, "side", seat)
    if state.pending == "bonus" and not isinstance(action, Pass):
        text = f"{side_name(side, locale)}: {text}"
    return text[:80]


def _label(state: State, seat: int, action, locale: str) -> str:
    if isinstance(action, Enter):
        return _t("lb_enter", locale, field=action.to)
    if isinstance(action, Return):
        return _t("lb_return", locale, field=action.at)
    if isinstance(action, Finish):
        return _t("lb_finish", locale, field=action.at, value=_value(state, action.side, action.at))
    if isinstance(action, Raise):
        v = _value(state, action.side, action.at)
        return _t("lb_raise", locale, field=action.at, value=v, next=v + 1)
    if isinstance(action, Move):
        return _t("lb_move", locale, src=action.src, dst=action.dst)
    if isinstance(action, Lower):
        v = _value(state, seat, action.at)
        return _t("lb_lower", locale, field=action.at, value=v, next=v - 1)
    if isinstance(action, Slide):
        v = _value(state, seat, action.src)
        return _t("lb_slide", locale, src=action.src, dst=action.dst, value=v, next=v - 1)
    if isinstance(action, Play):
        die = _value(state, seat, state.conflict.field) if state.conflict else 0
        key = "lb_card" if allowed_card(die, action.card) else "lb_card_bad"
        return _t(key, locale, card=action.card)
    if isinstance(action, Boost):
        v = _value(state, seat, action.at)
        return _t("lb_boost", locale, field=action.at, value=v, next=v + 1)
    if isinstance(action, Pass):
        return _t("lb_pass", locale)
    if isinstance(action, EndTurn):
        return _t("lb_end", locale)
    raise TypeError(action)


def group(state: State, seat: int, action, locale: str) -> str:
    if isinstance(action, Play):
        return _t("gr_cards", locale)
    if isinstance(action, (Pass, EndTurn)):
        return _t("gr_turn", locale)
    side = getattr(action, "side", seat)
    prefix = f"{side_name(side, locale)}: " if state.pending == "bonus" else ""
    if isinstance(action, Enter):
        return prefix + _t("gr_start", locale, count=state.start[side])
    field = action.src if isinstance(action, (Move, Slide)) else action.at
    return prefix + _t("gr_die", locale, field=field, value=_value(state, side, field))
