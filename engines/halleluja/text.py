"""Words of Halleluja: messages, button labels, menu groups and the names of
colours, faces and directions. Seats are named by their colour."""

from __future__ import annotations

from engines.halleluja import rules
from engines.halleluja.model import (
    LeaveStone,
    MoveStone,
    OrientTile,
    PlaceTile,
    PlaceTower,
    SlideTile,
    State,
    StopTile,
    TurnTile,
    step,
)
from engines.i18n import COMMON, Catalog

COLOUR_NAMES = {"de": ("Orange", "Blau", "Grün", "Violett"), "en": ("Orange", "Blue", "Green", "Violet")}
#: One letter per colour, the same in both languages (drawn on every stone).
COLOUR_LETTERS = ("O", "B", "G", "V")
FACES = {"de": {"angel": "Engel", "devil": "Teufel"}, "en": {"angel": "angel", "devil": "devil"}}
ARROW_GLYPHS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}
DIRECTION_WORDS = {
    "de": {
        "N": "nach oben", "NE": "nach oben rechts", "E": "nach rechts", "SE": "nach unten rechts",
        "S": "nach unten", "SW": "nach unten links", "W": "nach links", "NW": "nach oben links",
    },
    "en": {
        "N": "up", "NE": "up-right", "E": "right", "SE": "down-right",
        "S": "down", "SW": "down-left", "W": "left", "NW": "up-left",
    },
}
END_REASONS = {
    "two_colours": {"de": "nur noch zwei Farben auf dem Brett", "en": "only two colours left on the board"},
    "no_angels": {"de": "kein Engel mehr obenauf", "en": "no angel on top of any stack"},
    "one_player": {"de": "nur noch ein Spieler hat Steine", "en": "only one player has stones left"},
    "rounds": {"de": "Rundenlimit erreicht", "en": "round limit reached"},
}

MESSAGES = Catalog(
    {
        # reasons an action is refused
        "bad_tower_field": {
            "de": "Auf {field} darf kein Turm stehen (Zeile/Spalte des Plättchens, neben einem Turm, oder es bliebe kein Platz für die übrigen).",
            "en": "No tower may stand on {field} (the tile's row/column, next to a tower, or the rest would not fit).",
        },
        "bad_slide": {
            "de": "So kann das Plättchen nicht geschoben werden: nur gerade über freie Felder, bei der zweiten Aktion in eine neue Richtung.",
            "en": "The tile cannot slide like that: straight over empty fields only, a second slide in a new direction.",
        },
        "tile_unchanged": {
            "de": "Danach stünde das Plättchen wieder wie vorher – es muss sich verändern.",
            "en": "The tile would end as it was – its position or orientation must change.",
        },
        "tile_must_move": {"de": "Erst muss das Plättchen bewegt werden.", "en": "The tile must move first."},
        "other_stone": {"de": "Jetzt ist der Stein auf {field} dran.", "en": "It is the stone on {field} that moves now."},
        "bad_stone_move": {
            "de": "Dorthin kann der Stein nicht: genau {distance} Felder gerade, nur über freie Felder, erlaubt schlagen.",
            "en": "The stone cannot go there: exactly {distance} fields straight, over empty fields, legal captures only.",
        },
        # prompts
        "pr_over": {"de": "Die Partie ist zu Ende.", "en": "The game is over."},
        "pr_wait": {"de": "Warte auf {seat}.", "en": "Waiting for {seat}."},
        "pr_place_tile": {
            "de": "Du beginnst: lege das Zahlenplättchen auf ein beliebiges Feld.",
            "en": "You start: put the number tile on any field.",
        },
        "pr_orient_tile": {
            "de": "Wohin soll Pfeil 1 des Plättchens auf {field} zeigen?",
            "en": "Where should arrow 1 of the tile on {field} point?",
        },
        "pr_place_tower": {
            "de": "Setze einen Turm ({colour}, noch {left} Türme): nicht in Zeile oder Spalte des Plättchens, nicht direkt neben einen Turm.",
            "en": "Place a tower ({colour}, {left} towers to go): not in the tile's row or column, not right next to a tower.",
        },
        "pr_tile": {
            "de": "Dein Zug: bewege das Plättchen auf {field} – schieben (gerade oder diagonal über freie Felder) oder um 90° drehen.",
            "en": "Your turn: move the tile on {field} – slide it (straight or diagonal over empty fields) or rotate it 90°.",
        },
        "pr_tile_more": {
            "de": "Zweite Aktion für das Plättchen auf {field} – oder fertig.",
            "en": "A second action for the tile on {field} – or done.",
        },
        "pr_stone": {
            "de": "Pfeil {arrow}: der {face} ({colour}) auf {field} zieht genau {arrow} Feld(er) gerade. Wähle die Richtung oder lass ihn stehen.",
            "en": "Arrow {arrow}: the {colour} {face} on {field} moves exactly {arrow} field(s) in a straight line. Choose the direction or leave it.",
        },
        # events
        "ev_tile_placed": {"de": "{seat} legt das Zahlenplättchen auf {field}.", "en": "{seat} puts the number tile on {field}."},
        "ev_tile_oriented": {"de": "{seat} dreht das Plättchen: Pfeil 1 zeigt {dir}.", "en": "{seat} turns the tile: arrow 1 points {dir}."},
        "ev_tower_placed": {"de": "{seat} setzt einen Turm ({colour}) auf {field}.", "en": "{seat} places a tower ({colour}) on {field}."},
        "ev_turn": {"de": "Runde {round}: {seat} ist am Zug.", "en": "Round {round}: {seat} to move."},
        "ev_tile_slid": {"de": "{seat} schiebt das Plättchen von {src} nach {dst}.", "en": "{seat} slides the tile from {src} to {dst}."},
        "ev_tile_turned_cw": {
            "de": "{seat} dreht das Plättchen auf {field} im Uhrzeigersinn.",
            "en": "{seat} rotates the tile on {field} clockwise.",
        },
        "ev_tile_turned_ccw": {
            "de": "{seat} dreht das Plättchen auf {field} gegen den Uhrzeigersinn.",
            "en": "{seat} rotates the tile on {field} anticlockwise.",
        },
        "ev_marked": {"de": "Markiert (Pfeil: Feld): {marks}.", "en": "Marked (arrow: field): {marks}."},
        "ev_marked_none": {
            "de": "In den Linien des Plättchens auf {field} steht kein Stein: nichts wird markiert.",
            "en": "No stack in the lines of the tile on {field}: nothing is marked.",
        },
        "ev_mark_skipped": {
            "de": "Pfeil {arrow}: der Turm auf {field} wurde in diesem Zug schon geleert oder besetzt und wird übersprungen.",
            "en": "Arrow {arrow}: the stack on {field} was emptied or taken over this turn and is skipped.",
        },
        "ev_stone_stuck": {
            "de": "Der {face} ({colour}) auf {field} kann nicht ziehen und bleibt stehen.",
            "en": "The {colour} {face} on {field} has no legal move and stays.",
        },
        "ev_stone_left": {
            "de": "{seat} lässt den {face} ({colour}) auf {field} stehen.",
            "en": "{seat} leaves the {colour} {face} on {field}.",
        },
        "ev_stone_moved": {
            "de": "{seat} zieht den {face} ({colour}) von {src} nach {dst}.",
            "en": "{seat} moves the {colour} {face} from {src} to {dst}.",
        },
        "ev_captured": {"de": "{colour} schlägt den {prey_face} ({prey}).", "en": "{colour} captures the {prey} {prey_face}."},
        "ev_captured_out": {
            "de": "Der neutrale Stein ({colour}) schlägt den {prey_face} ({prey}); der ist aus dem Spiel.",
            "en": "The neutral {colour} stone captures the {prey} {prey_face}; it leaves the game.",
        },
        "ev_turned_devil": {
            "de": "Engel schlägt Engel: der Stein ({colour}) wird auf die Teufelsseite gedreht.",
            "en": "Angel takes angel: the {colour} stone is turned to its devil side.",
        },
        "ev_climbed": {
            "de": "Engel schlägt Teufel: {seat} steigt auf Stufe {step} der Himmelsleiter.",
            "en": "Angel takes devil: {seat} climbs to step {step} of the heaven ladder.",
        },
        "ev_ladder_top": {
            "de": "{seat} steht schon ganz oben auf der Himmelsleiter.",
            "en": "{seat} is already at the top of the heaven ladder.",
        },
        "ev_player_skipped": {
            "de": "{seat} hat keine Steine mehr auf dem Brett und wird übersprungen.",
            "en": "{seat} has no stones left on the board and is skipped.",
        },
        "ev_game_over": {"de": "Spielende ({reason}): {scores}.", "en": "Game over ({reason}): {scores}."},
        # labels and groups
        "lb_place_tile": {"de": "Plättchen auf {field}", "en": "Tile on {field}"},
        "lb_orient": {"de": "Pfeil 1 {glyph} {dir}", "en": "Arrow 1 {glyph} {dir}"},
        "lb_place_tower": {"de": "Turm auf {field}", "en": "Tower on {field}"},
        "lb_slide": {"de": "Schieben {glyph} {distance} → {dst}", "en": "Slide {glyph} {distance} → {dst}"},
        "lb_turn_cw": {"de": "Drehen ↻ im Uhrzeigersinn", "en": "Rotate ↻ clockwise"},
        "lb_turn_ccw": {"de": "Drehen ↺ gegen den Uhrzeigersinn", "en": "Rotate ↺ anticlockwise"},
        "lb_stop": {"de": "Fertig (keine zweite Aktion)", "en": "Done (no second action)"},
        "lb_move": {"de": "{glyph} nach {dst}", "en": "{glyph} to {dst}"},
        "lb_capture": {"de": "{glyph} nach {dst}: schlägt {prey_face} ({prey})", "en": "{glyph} to {dst}: takes {prey} {prey_face}"},
        "lb_flip": {"de": " → wird Teufel", "en": " → turns devil"},
        "lb_climb": {"de": " → +1 Leiter", "en": " → +1 ladder"},
        "lb_leave": {"de": "Stehen lassen ({field})", "en": "Leave it ({field})"},
        "gr_row": {"de": "Zeile {row}", "en": "Row {row}"},
        "gr_orient": {"de": "Ausrichtung", "en": "Orientation"},
        "gr_slide": {"de": "Schieben {glyph}", "en": "Slide {glyph}"},
        "gr_turn": {"de": "Drehen / fertig", "en": "Rotate / done"},
        "gr_stone": {"de": "Stein auf {field}", "en": "Stone on {field}"},
    },
    parent=COMMON,
)


def colour_name(colour: int, locale: str) -> str:
    return COLOUR_NAMES.get(locale, COLOUR_NAMES["en"])[colour]


def face_name(face: str, locale: str) -> str:
    return FACES.get(locale, FACES["en"])[face]


def direction_name(direction: str, locale: str) -> str:
    return DIRECTION_WORDS.get(locale, DIRECTION_WORDS["en"])[direction]


def end_reason(reason: str, locale: str) -> str:
    names = END_REASONS.get(reason)
    return names.get(locale, names["en"]) if names else reason


def localise(out: dict, params: dict, locale: str) -> dict:
    """Colours, faces, directions, the end reason and the score table in words
    (seat numbers are already names, see ``Engine.localise_params``)."""
    for key in ("colour", "prey", "active"):
        if isinstance(params.get(key), int):
            out[key] = colour_name(params[key], locale)
    for key in ("face", "prey_face"):
        if params.get(key) in ("angel", "devil"):
            out[key] = face_name(params[key], locale)
    if params.get("dir") in ARROW_GLYPHS:
        out["dir"] = f"{ARROW_GLYPHS[params['dir']]} {direction_name(params['dir'], locale)}"
    if "reason" in params:
        out["reason"] = end_reason(params["reason"], locale)
    if isinstance(params.get("scores"), list):
        out["scores"] = ", ".join(f"{colour_name(p, locale)} {v}" for p, v in enumerate(params["scores"]))
    return out


def _t(key: str, locale: str, **params) -> str:
    return MESSAGES.text(key, params, locale)


def label(state: State, action, locale: str) -> str:
    return _label(state, action, locale)[:80]


def _label(state: State, action, locale: str) -> str:
    if isinstance(action, PlaceTile):
        return _t("lb_place_tile", locale, field=action.field)
    if isinstance(action, OrientTile):
        return _t("lb_orient", locale, glyph=ARROW_GLYPHS[action.facing], dir=direction_name(action.facing, locale))
    if isinstance(action, PlaceTower):
        return _t("lb_place_tower", locale, field=action.field)
    if isinstance(action, SlideTile):
        dst = step(state.tile, action.direction, action.distance)
        return _t("lb_slide", locale, glyph=ARROW_GLYPHS[action.direction], distance=action.distance, dst=dst)
    if isinstance(action, TurnTile):
        return _t("lb_turn_cw" if action.clockwise else "lb_turn_ccw", locale)
    if isinstance(action, StopTile):
        return _t("lb_stop", locale)
    if isinstance(action, MoveStone):
        return _move_label(state, action, locale)
    if isinstance(action, LeaveStone):
        return _t("lb_leave", locale, field=action.field)
    raise TypeError(action)


def _move_label(state: State, action: MoveStone, locale: str) -> str:
    mark = rules.current_mark(state)
    distance = mark.arrow if mark else 1
    dst = step(action.field, action.direction, distance) or "?"
    glyph = ARROW_GLYPHS[action.direction]
    mover = rules.top(state, action.field)
    prey = rules.top(state, dst) if dst != "?" else None
    if prey is None or mover is None:
        return _t("lb_move", locale, glyph=glyph, dst=dst)
    text = _t(
        "lb_capture", locale, glyph=glyph, dst=dst,
        prey=colour_name(prey.colour, locale), prey_face=face_name("angel" if prey.angel else "devil", locale),
    )
    if mover.angel and prey.angel:
        text += _t("lb_flip", locale)
    elif mover.angel and mover.colour < state.seats:
        text += _t("lb_climb", locale)
    return text


def group(state: State, action, locale: str) -> str:
    if isinstance(action, (PlaceTile, PlaceTower)):
        return _t("gr_row", locale, row=action.field[1:])
    if isinstance(action, OrientTile):
        return _t("gr_orient", locale)
    if isinstance(action, SlideTile):
        return _t("gr_slide", locale, glyph=ARROW_GLYPHS[action.direction])
    if isinstance(action, (TurnTile, StopTile)):
        return _t("gr_turn", locale)
    return _t("gr_stone", locale, field=action.field)
