"""The HellGame as plain text: the image's alt text and the terminal board.

A screen reader gets what the picture shows: round and phase, every
triumvirate's numbers, the rank track, each sectio that is held or occupied
(full name, owner, units), Antehell, the permanent events and phenomena, the
lieutenants in each box (top first, :func:`box_lines`), and for a seat its
own arcana. Seats are called by the engine's names (colour word and symbol,
``engines.hellgame.core.text``); sectio, demon, lieutenant and card names are
the game's. The words live here and the image renderer borrows them, so both
speak alike.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engines.contract import Text
from engines.hellgame.core import data, text as game_text
from engines.hellgame.core.model import DemonView, FREEBOOTERS, HandCard, SectioView, UnitView, View
from engines.i18n import FALLBACK, LOCALES, Catalog, locale_dir

#: The words of the board text and the image:
#: ``render/locale/<lang>/LC_MESSAGES/render-hellgame.po``.
WORDS = Catalog("render-hellgame", locale_dir(__file__))
AREAS = ("heaven", "earth", "hell")
#: Seat-number parameters of engine messages (as ``Engine.localise_params``).
SEAT_PARAMS = {"seat", "winner", "loser", "attacker", "defender", "side"}
LAST_LINES = 6


@lru_cache(maxsize=None)
def _words(locale: str) -> dict[str, Any]:
    return WORDS.table(locale)


def words(locale: str) -> dict[str, Any]:
    """The word table of ``locale``, English for anything unknown."""
    return _words(locale if locale in LOCALES else FALLBACK)


def locale_of(locale: str) -> str:
    return locale if locale in LOCALES else FALLBACK


# -- names ---------------------------------------------------------------------


def seat_name(owner: int | None, locale: str) -> str:
    """A seat by the engine's name ("Orange ●"), the freebooters by ours."""
    if owner == FREEBOOTERS:
        return words(locale)["freebooters"]
    if owner is None:
        return words(locale)["nobody"]
    return game_text.seat_name(owner, locale_of(locale))


def engine_text(text: Text | None, locale: str) -> str:
    """A header or ``last`` message of the engine in words; "" if the engine's
    catalogue does not know the key (views built by hand)."""
    if text is None or text.key not in game_text.MESSAGES:
        return ""
    params = game_text.localise(dict(text.params), locale_of(locale))
    for key, value in text.params.items():
        if key in SEAT_PARAMS and isinstance(value, int):
            params[key] = seat_name(value, locale)
        elif key == "seats" and isinstance(value, list):
            params[key] = ", ".join(seat_name(s, locale) for s in value)
    return game_text.MESSAGES.text(text.key, params, locale_of(locale))


def phase_name(phase: str, locale: str) -> str:
    key = f"phase.{phase}"
    return game_text.MESSAGES.text(key, {}, locale_of(locale)) if key in game_text.MESSAGES else phase


def round_line(view: View, locale: str) -> str:
    return words(locale)["round"].format(round=view.round, phase=phase_name(view.phase, locale))


def stage_line(view: View, locale: str) -> str:
    """The engine's header stage, when it says more than round and phase."""
    stage = engine_text(view.header.stage, locale)
    return "" if stage in ("", "–", round_line(view, locale)) else stage


def circle_name(circle: int) -> str:
    return data.CIRCLES[circle] if 0 <= circle < len(data.CIRCLES) else str(circle)


def arcana_sectio(sectio: SectioView) -> bool:
    """The Wise Men: arcana cards, not souls."""
    return 0 <= sectio.index < len(data.SECTIOS) and data.SECTIOS[sectio.index].produces == "arcana"


def major_name(key: str) -> str:
    spell = data.MAJORS.get(key)
    return spell.name if spell is not None else key


def major_timing(key: str, locale: str) -> str:
    spell = data.MAJORS.get(key)
    return words(locale)["timing"].get(spell.timing, spell.timing) if spell is not None else ""


def minor_text(card: HandCard, locale: str) -> str:
    return words(locale)["minor"].get(card.minor, card.minor).format(places=card.places)


def phenomenon_name(kind: str | None) -> str:
    if kind is None:
        return ""
    p = data.PHENOMENA.get(kind)
    return p.name if p is not None else kind


def end_reason(view: View, locale: str) -> str:
    return words(locale)["reason"].get(view.end_reason, view.end_reason)


# -- the view --------------------------------------------------------------------


def demon_by_index(view: View) -> dict[int, DemonView]:
    return {d.index: d for d in view.demons}


def track_demons(view: View) -> tuple[list[DemonView], bool]:
    """The rank track in acting order; outside the Action phase (empty
    track) every demon by rank. The flag tells which of the two it is."""
    by_index = demon_by_index(view)
    if view.track:
        return [by_index[i] for i in view.track if i in by_index], True
    return sorted(view.demons, key=lambda d: (d.rank, d.index)), False


def demon_status(d: DemonView, w: dict) -> list[str]:
    out = []
    if d.status == "dead":
        out.append(w["status"]["dead"])
    elif d.status == "incapacitated":
        out.append(w["status"]["incapacitated"])
    if d.on_earth:
        out.append(w["status"]["on_earth_card"].format(card=d.walk_card) if d.walk_card else w["status"]["on_earth"])
    if d.acted:
        out.append(w["status"]["acted"])
    return out


def units_by_id(view: View) -> dict[int, UnitView]:
    return {u.id: u for u in view.units}


def legion_owners(sectio: SectioView) -> list[tuple[int, int]]:
    """(owner, count) of the legions in a sectio, seats in order, freebooters last."""
    return sorted(((int(o), n) for o, n in sectio.legions.items() if n > 0), key=lambda x: x[0])


def occupied(sectio: SectioView) -> bool:
    return bool(legion_owners(sectio) or sectio.lieutenants or sectio.hounds or sectio.wild_hounds)


def units_parts(view: View, sectio: SectioView, locale: str) -> list[str]:
    w = words(locale)
    units = units_by_id(view)
    parts = []
    legions = legion_owners(sectio)
    if legions:
        parts.append(w["legions"].format(list=", ".join(f"{seat_name(o, locale)} {n}" for o, n in legions)))
    return parts + being_parts(sectio, units, w, locale)


def being_parts(sectio: SectioView, units: dict[int, UnitView], w: dict, locale: str,
                owned_only: bool = False) -> list[str]:
    """A sectio's lieutenants, tamed and wild hounds and warning sign, in
    words (the text board's and the web view's regions' share);
    ``owned_only``: units without an owner left out."""
    parts = []
    for uid in sectio.lieutenants:
        u = units.get(uid)
        if u is not None and (u.owner is not None or not owned_only):
            parts.append(w["lieutenant"].format(name=u.name or "?", seat=seat_name(u.owner, locale)))
    for uid in sectio.hounds:
        u = units.get(uid)
        if u is not None and (u.owner is not None or not owned_only):
            parts.append(w["hound"].format(seat=seat_name(u.owner, locale), attacks=u.attacks))
    if sectio.wild_hounds:
        parts.append(w["wild"].format(n=sectio.wild_hounds))
    if sectio.warning:
        parts.append(w["warning"].format(name=phenomenon_name(sectio.warning)))
    return parts


def sectio_line(view: View, sectio: SectioView, locale: str) -> str:
    w = words(locale)
    income = w["income_arcana"] if arcana_sectio(sectio) else w["income"].format(souls=sectio.souls)
    owner = w["held_by"].format(seat=seat_name(sectio.owner, locale)) if sectio.owner is not None else w["unowned"]
    parts = [owner] + units_parts(view, sectio, locale)
    # the map prints a short name where the full one does not fit: the text pairs them
    name = sectio.name if sectio.label == sectio.name else w["map_label"].format(name=sectio.name, label=sectio.label)
    return w["sectio"].format(name=name, circle=circle_name(sectio.circle), quarter=sectio.quarter + 1,
                              income=income, parts="; ".join(parts))


def player_line(view: View, p, locale: str) -> str:
    w = words(locale)
    line = w["player"].format(seat=seat_name(p.seat, locale), name=p.name, souls=p.souls, favour=p.favour,
                              disfavour=p.disfavour, hand=p.hand, sectios=p.sectios, legions=p.legions)
    flags = []
    if view.seat == p.seat:
        flags.append(w["you"])
    if p.out:
        flags.append(w["out"])
    if p.submitted:
        flags.append(w["submitted"])
    if p.seat in view.header.to_act and not view.header.finished:
        flags.append(w["asked"])
    return line + (f" ({', '.join(flags)})" if flags else "") + "."


def track_line(view: View, locale: str) -> str:
    w = words(locale)
    demons, on_track = track_demons(view)
    if not demons:
        return ""
    entries = []
    for pos, d in enumerate(demons, start=1):
        about = [w["rank"].format(rank=d.rank), seat_name(d.owner, locale)] + demon_status(d, w)
        entries.append(f"{pos}. {d.name} ({', '.join(about)})")
    return w["track" if on_track else "by_rank"].format(demons="; ".join(entries))


def card_text(card: HandCard, locale: str) -> str:
    w = words(locale)
    six = w["six"] if card.six else ""
    effect = game_text.spell_text(card.major, locale_of(locale)) if card.major in data.MAJORS else ""
    return w["card"].format(name=card.name, cost=card.cost, minor=minor_text(card, locale),
                            major=major_name(card.major), timing=major_timing(card.major, locale), six=six,
                            effect=effect)


def card_book(locale: str) -> dict[str, str]:
    """Every arcana card by name (a card printed twice once), with its text:
    cost, minor spell, major spell and what it does, the printed 6."""
    book = {}
    for c in data.ARCANA:
        card = HandCard(id=c.id, name=c.name, cost=c.cost, minor=c.minor, places=c.pass_places, major=c.major,
                        six=c.six)
        book.setdefault(c.name, card_text(card, locale))
    return book


def permanent_line(view: View, locale: str) -> str:
    w = words(locale)
    parts = [f"{w['area'][a]}: {view.permanent.get(a) or w['none']}" for a in AREAS]
    return w["permanent"].format(areas="; ".join(parts))


def being_lines(view: View, locale: str) -> list[str]:
    """Uriel and Lilith, where they are (Lilith with her aspect)."""
    w = words(locale)
    out = []

    def place(at: int) -> str:
        return game_text.sectio_name(at, locale_of(locale))

    if view.uriel is not None:
        out.append(w["uriel_earth"] if view.uriel.at is None else w["uriel_at"].format(sectio=place(view.uriel.at)))
    if view.lilith is not None and view.lilith.at is not None:
        aspect = w["aspect"].get(view.lilith.stage, "–") if view.lilith.stage else "–"
        out.append(w["lilith_at"].format(aspect=aspect, sectio=place(view.lilith.at)))
    return out


def spell_lines(view: View, locale: str) -> list[str]:
    """The last spell cast and this round's wards."""
    w = words(locale)
    out = []
    if view.last_spell is not None:
        sp = view.last_spell
        out.append(w["last_spell"].format(card=sp.card, spell=sp.spell, seat=seat_name(sp.seat, locale)))
    for sectio, seat in view.wards:
        out.append(w["ward"].format(sectio=view.sectios[sectio].name, seat=seat_name(seat, locale)))
    return out


def box_lines(view: View, w: dict) -> list[str]:
    """Each lieutenant box, numbered, with its lieutenants top first (they are
    public, and the top one is whom a recruitment roll for the box brings)."""
    return [f"{i}: {', '.join(names) or w['none']}" for i, names in enumerate(view.box_lieutenants, start=1)]


def phenomena_line(view: View, locale: str) -> str:
    w = words(locale)
    if not view.phenomena:
        return ""
    parts = []
    for p in view.phenomena:
        names = ", ".join(view.sectios[i].name for i in p.sectios if 0 <= i < len(view.sectios))
        parts.append(f"{phenomenon_name(p.kind)} ({names})")
    return w["phenomena"].format(list="; ".join(parts))


def winners_line(view: View, locale: str) -> str:
    w = words(locale)
    names = ", ".join(seat_name(s, locale) for s in view.winners)
    key = "over_one" if len(view.winners) == 1 else "over_many"
    return w[key].format(seats=names, reason=end_reason(view, locale))


def pending_lines(view: View, locale: str) -> list[str]:
    """The viewer's order being built or submitted, in the game's words."""
    from engines.hellgame.engine import ENGINE  # the rules' words; imported only when an order is pending

    return [ENGINE.text(key, params, locale) for key, params in view.pending or []]


def board_text(view: View, locale: str) -> str:
    w = words(locale)
    lines = [w["title"].format(round=round_line(view, locale))]
    stage = stage_line(view, locale)
    if stage:
        lines.append(stage)
    if view.winners or view.header.finished:
        lines.append(winners_line(view, locale))
    elif view.header.to_act:
        lines.append(w["to_act"].format(seats=", ".join(seat_name(s, locale) for s in view.header.to_act)))
    if view.seat is not None and 0 <= view.seat < view.seats:
        lines.append(w["you_play"].format(seat=seat_name(view.seat, locale)))
        if view.pending:
            lines.append(w["pending"])
            lines += [f"- {line}" for line in pending_lines(view, locale)]
    lines.append(w["players"])
    lines += [f"- {player_line(view, p, locale)}" for p in view.players]
    track = track_line(view, locale)
    if track:
        lines.append(track)
    shown = [s for s in view.sectios if s.owner is not None or occupied(s)]
    lines.append(w["sectios"].format(n=len(shown)) if shown else w["no_sectios"])
    lines += [f"- {sectio_line(view, s, locale)}" for s in shown]
    ante = units_parts(view, view.antehell, locale)
    lines.append(w["antehell"].format(name=game_text.sectio_name(data.ANTEHELL, locale_of(locale)),
                                      units="; ".join(ante) if ante else w["empty"]))
    lines.append(permanent_line(view, locale))
    lines += spell_lines(view, locale)
    lines += being_lines(view, locale)
    phenomena = phenomena_line(view, locale)
    if phenomena:
        lines.append(phenomena)
    boxes = "; ".join(box_lines(view, w)) or w["none"]
    lines.append(w["supply"].format(boxes=boxes, hounds=view.hounds_left))
    if view.hand is not None:
        lines.append(w["hand"].format(n=len(view.hand)) + ("" if view.hand else f" {w['none']}"))
        lines += [f"- {card_text(c, locale)}" for c in view.hand]
    last = [engine_text(Text(key=str(k), params=p if isinstance(p, dict) else {}), locale)
            for k, p, *_ in (x for x in view.last if len(x) >= 2)]
    last = [line for line in last if line][-LAST_LINES:]
    if last:
        lines.append(w["last"])
        lines += [f"- {line}" for line in last]
    return "\n".join(lines)
