"""Rules of thumb for the HellGame's computer player (the contract's
``ai_policy`` hook): decisions its search cannot see the end of within its
time, answered the way a sensible player would.

Why: most of the HellGame's decisions are steps of a secret order whose
effect comes only at its reveal, many steps later (gifts and summoning in
the economy window, the Action phase's standing orders). A search of a few
hundred milliseconds sees none of it, and a random step there is costly
(random gifts give souls and cards away). The rules:

- **the economy window** (``soul``): give nothing (a gift helps a rival; the
  engine enforces no promise it might buy), and discard the cards least worth
  keeping first (not a printed 6: three of them win);
- **summoning** (``summon``): legions first where they hold most (a held
  sectio without a legion of its own, then the held sectio bordering the
  most enemy legions), then a lieutenant (recruit), while the order can pay;
  then submit. The engine keeps the upkeep back (it offers only what the
  souls pay after upkeep), so this never starves the seat's units;
- **the Action phase's standing orders** (``act_orders``): a demon goes to
  the best sectio it can reach: one nobody holds, then an enemy's without an
  enemy legion, the more souls the better, the nearer the better; battles
  are fought to the end (``fight_all``); where no part applies, submit;
- **a move given by its destination** (``move``): the best sectio offered
  by the same measure, when one is worth going to; otherwise the search
  decides the step;
- **counters and support**: none of these is answered here; the search
  decides (its evaluation knows what a spell changes).

Every rule reads only what the seat may see: the map, its own souls, hand
and order. The computer applies them to a determinisation of the state
(see :class:`engines.ai.players.ComputerPlayer`), so hidden information
could not steer them even by mistake.
"""

from __future__ import annotations

from engines.hellgame.core import data, flow
from engines.hellgame.core.model import Action, State

#: How much a sectio is worth as a target, by who holds it.
FREE, ENEMY_UNGUARDED, ENEMY_GUARDED, OWN = 3.0, 2.0, -1.0, -4.0


def _enemy_legions_at(state: State, at: int, seat: int) -> int:
    return sum(1 for u in state.units if u.at == at and u.kind == "legion" and u.owner not in (seat, None))


def _own_legions_at(state: State, at: int, seat: int) -> int:
    return sum(1 for u in state.units if u.at == at and u.kind == "legion" and u.owner == seat)


def _target_worth(state: State, seat: int, sectio: int, steps: int) -> float:
    if not 0 <= sectio < len(state.owner):
        return -10.0
    owner = state.owner[sectio]
    if owner == seat:
        base = OWN
    elif owner is None:
        base = FREE if not _enemy_legions_at(state, sectio, seat) else ENEMY_GUARDED
    else:
        base = ENEMY_UNGUARDED if not _enemy_legions_at(state, sectio, seat) else ENEMY_GUARDED
    return base + data.SECTIOS[sectio].souls / 3 - 0.3 * steps


def _summon_worth(state: State, seat: int, sectio: int) -> float:
    if not 0 <= sectio < len(state.owner):
        return 0.0
    worth = 0.0
    if state.owner[sectio] == seat:
        worth += 3.0 if not _own_legions_at(state, sectio, seat) else 1.0
    threat = sum(_enemy_legions_at(state, n, seat) for n in data.NEIGHBOURS[sectio] if n < len(state.owner))
    return worth + threat + data.SECTIOS[sectio].souls / 10


def _first(legal: list[Action], *verbs: str) -> int | None:
    for verb in verbs:
        for i, action in enumerate(legal):
            if action.do == verb:
                return i
    return None


def _soul(state: State, seat: int, legal: list[Action]) -> int | None:
    discards = [i for i, a in enumerate(legal) if a.do == "discard"]
    if discards:
        def keep(i: int) -> tuple:
            card = legal[i].a
            six = card is not None and 0 <= card < len(data.ARCANA) and data.ARCANA[card].six
            return (six, i)
        return min(discards, key=keep)
    return _first(legal, "submit")


def _summon(state: State, seat: int, legal: list[Action]) -> int | None:
    legions = [i for i, a in enumerate(legal) if a.do == "legion"]
    if legions:
        return max(legions, key=lambda i: (_summon_worth(state, seat, legal[i].a), -i))
    return _first(legal, "recruit", "submit")


def _act_orders(state: State, seat: int, legal: list[Action], labels: list[int]) -> int | None:
    goes = [i for i, a in enumerate(legal) if a.do == "go"]
    if goes:
        return max(goes, key=lambda i: (_target_worth(state, seat, legal[i].b, labels[i]), -i))
    return _first(legal, "fight_all", "submit")


def _move(state: State, seat: int, legal: list[Action], steps: list[int]) -> int | None:
    dests = [i for i, a in enumerate(legal) if a.do == "dest"]
    if dests:
        best = max(dests, key=lambda i: (_target_worth(state, seat, legal[i].a, steps[i]), -i))
        if _target_worth(state, seat, legal[best].a, steps[best]) > 0:
            return best
    return None


def choose(engine, state: State, seat: int) -> Action | None:
    """The rule's action for ``seat``'s open question, or ``None`` where no
    rule applies (the search decides)."""
    ask = flow.ask_of(state, seat)
    if ask is None:
        return None
    legal = engine.legal_actions(state, seat)
    if ask.q == "soul":
        index = _soul(state, seat, legal)
    elif ask.q == "summon":
        index = _summon(state, seat, legal)
    elif ask.q == "act_orders":
        index = _act_orders(state, seat, legal, [_steps(engine, state, seat, a) for a in legal])
    elif ask.q == "move":
        index = _move(state, seat, legal, [_steps(engine, state, seat, a) for a in legal])

    else:
        index = None
    return None if index is None else legal[index]


def _steps(engine, state: State, seat: int, action: Action) -> int:
    """How far a move goes (from its label's "N steps"), 1 if it does not say."""
    if action.do not in ("go", "dest"):
        return 0
    label = engine.label(state, seat, action, "en")
    for word in label.replace("(", " ").split():
        if word.isdigit():
            return int(word)
    return 1
