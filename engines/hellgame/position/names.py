"""Names to indices for a position description, with the reasons a name
fails collected in a :class:`Names` (the builder reports them together).

Cards of which several copies exist (arcana cards by name or spell, Hell
cards by event) are taken one by one: the first copy that nothing else in
the description uses. Explicit indexes are claimed first, so a test that
names card 101 and elsewhere "Frenzy" gets 101 and another Frenzy.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from engines.hellgame.core import data
from engines.hellgame.core.model import ANTEHELL
from engines.hellgame.position.describe import Card, CardRef, HellCard, HellRef, Ref

#: Where Uriel waits in his box: not a place on the board.
EARTH = -1


class PositionError(ValueError):
    """The description names something unknown or an impossible position."""


@lru_cache(maxsize=None)  # the same few hundred names, normalised on every build
def _norm(text: str) -> str:
    return " ".join(text.lower().split())


class Names:
    def __init__(self) -> None:
        self.errors: list[str] = []
        #: Cards (arcana, Hell) already placed somewhere: id -> where.
        self.arcana: dict[int, str] = {}
        self.hell: dict[int, str] = {}

    def fail(self, message: str) -> None:
        self.errors.append(message)

    def check(self) -> None:
        if self.errors:
            raise PositionError("impossible position:\n- " + "\n- ".join(self.errors))

    # -- places ----------------------------------------------------------------------

    def place(self, ref: Ref, where: str, earth: bool = False) -> int | None:
        """A sectio index, ANTEHELL, or (``earth``) EARTH."""
        if isinstance(ref, int):
            if 0 <= ref <= ANTEHELL:
                return ref
            self.fail(f"{where}: no place {ref} (sectios are 0-44, Antehell 45)")
            return None
        text = _norm(ref)
        if text.isdigit():
            return self.place(int(text), where, earth)
        if text == "antehell":
            return ANTEHELL
        if earth and text == "earth":
            return EARTH
        exact = [s.index for s in data.SECTIOS if _norm(s.name) == text or _norm(s.label) == text]
        hits = exact or [s.index for s in data.SECTIOS if _norm(s.name).startswith(text)]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            self.fail(f"{where}: no sectio {ref!r}")
        else:
            self.fail(f"{where}: {ref!r} could be " + ", ".join(data.SECTIOS[i].name for i in hits))
        return None

    # -- cards with one copy each ------------------------------------------------------

    def _unique(self, ref: Ref, names: list[str], what: str, where: str) -> int | None:
        if isinstance(ref, int) or (isinstance(ref, str) and ref.strip().isdigit()):
            i = int(ref)
            if 0 <= i < len(names):
                return i
            self.fail(f"{where}: no {what} {ref}")
            return None
        hits = [i for i, n in enumerate(names) if _norm(n) == _norm(ref)]
        if hits:
            return hits[0]
        self.fail(f"{where}: no {what} {ref!r}")
        return None

    def demon(self, ref: Ref, where: str) -> int | None:
        return self._unique(ref, [d.name for d in data.DEMONS], "demon", where)

    def lieutenant(self, ref: Ref, where: str) -> int | None:
        return self._unique(ref, [x.name for x in data.LIEUTENANTS], "lieutenant", where)

    # -- arcana and Hell cards: copies --------------------------------------------------

    def _claim(self, used: dict[int, str], card: int, where: str, what: str) -> int | None:
        if card in used:
            self.fail(f"{what} is in two places: {used[card]} and {where}")
            return None
        used[card] = where
        return card

    def arcana_cards(self, refs: list[tuple[CardRef, str]]) -> list[int | None]:
        """Resolve in two passes: explicit ids first, then names and selectors."""
        out: list[int | None] = [None] * len(refs)
        for i, (ref, where) in enumerate(refs):
            if isinstance(ref, int):
                if 0 <= ref < len(data.ARCANA):
                    out[i] = self._claim(self.arcana, ref, where, f"arcana card {data.ARCANA[ref].name!r} ({ref})")
                else:
                    self.fail(f"{where}: no arcana card {ref}")
        for i, (ref, where) in enumerate(refs):
            if not isinstance(ref, int):
                out[i] = self._arcana_copy(ref, where)
        return out

    def _arcana_copy(self, ref: str | Card, where: str) -> int | None:
        if isinstance(ref, str):
            text = _norm(ref)
            fits: Callable = (lambda c: _norm(c.name) == text)
            if not any(fits(c) for c in data.ARCANA):
                if text not in data.MAJORS:
                    self.fail(f"{where}: no arcana card or spell {ref!r}")
                    return None
                fits = lambda c: c.major == text  # noqa: E731 - a spell key
        else:
            wanted = {"name": ref.name, "major": ref.major, "minor": ref.minor, "pass_places": ref.places,
                      "cost": ref.cost, "six": ref.six}
            wanted = {k: v for k, v in wanted.items() if v is not None}

            def fits(c) -> bool:
                return all((_norm(getattr(c, k)) == _norm(v)) if k == "name" else getattr(c, k) == v
                           for k, v in wanted.items())
        return self._copy(self.arcana, [c.id for c in data.ARCANA if fits(c)], ref, where, "arcana card")

    def _copy(self, used: dict[int, str], matching: list[int], ref, where: str, what: str) -> int | None:
        """The first matching card not placed yet."""
        free = [c for c in matching if c not in used]
        if free:
            used[free[0]] = where
            return free[0]
        if not matching:
            self.fail(f"{where}: no {what} {ref!r}")
        elif len(matching) == 1:
            self.fail(f"{what} {ref!r} ({matching[0]}) is in two places: {used[matching[0]]} and {where}")
        else:
            self.fail(f"{where}: no {what} {ref!r} left: all {len(matching)} are in other places "
                      f"({', '.join(used[c] for c in matching)})")
        return None

    def hell_cards(self, refs: list[tuple[HellRef, str]]) -> list[int | None]:
        out: list[int | None] = [None] * len(refs)
        for i, (ref, where) in enumerate(refs):
            if isinstance(ref, int):
                if 0 <= ref < len(data.HELL_CARDS):
                    out[i] = self._claim(self.hell, ref, where, f"Hell card {ref}")
                else:
                    self.fail(f"{where}: no Hell card {ref}")
        for i, (ref, where) in enumerate(refs):
            if not isinstance(ref, int):
                out[i] = self._hell_copy(ref, where)
        return out

    def _hell_copy(self, ref: str | HellCard, where: str) -> int | None:
        if isinstance(ref, str):
            ref = HellCard(event=_norm(ref).replace(" ", "_"))
        if ref.event is not None and ref.event not in data.EVENTS:
            self.fail(f"{where}: no event {ref.event!r}")
            return None
        if ref.phenomenon is not None and ref.phenomenon not in data.PHENOMENA:
            self.fail(f"{where}: no phenomenon {ref.phenomenon!r}")
            return None
        location = self.place(ref.location, where) if ref.location is not None else None
        if ref.location is not None and location is None:
            return None
        matching = [c.index for c in data.HELL_CARDS
                    if (ref.event is None or c.event == ref.event)
                    and (ref.phenomenon is None or c.phenomenon == ref.phenomenon)
                    and (ref.scope is None or c.scope == ref.scope)
                    and (location is None or c.location == location)]
        return self._copy(self.hell, matching, ref, where, "Hell card")
