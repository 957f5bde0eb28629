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
- **reactions**, by the forces the seat sees, never by what another player
  promised (the engine enforces no promise):
  - *an enemy enters a sectio with the seat's units* (``entry``): block
    (stay) when the seat's fighting units there are at least the mover's;
    weaker, let it pass if it goes on (no battle at home), flee if it stops
    and is at least twice as strong, else stay;
  - *a battle's flight* (``combat_flee``): flee when the foes' fighting
    units are at least twice the seat's and one more, else stay;
  - *avoiding a battle* (``combat_avoid``): agree when the seat is weaker
    than the rest there, refuse otherwise;
  - *a counter window* (``counter``): counter with the first card offered
    when the spell is aimed at the seat (its demon, unit, sectio or itself),
    else pass (the card is kept for a spell that hurts it; never "always");
  - *support* for another player's spell (``support``): only when the spell
    is aimed at the seat that leads by the evaluation, neither the seat nor
    the caster (a supporter gives up its demon's action);
  - *consent* to another player's petition (``consent``): never (a sectio
    another player takes is a step towards that player's victory; nothing
    the engine keeps is paid for it);

Every rule reads only what the seat may see: the map, its own souls, hand
and order. The computer applies them to a determinisation of the state
(see :class:`engines.ai.players.ComputerPlayer`), so hidden information
could not steer them even by mistake.
"""

from __future__ import annotations

from engines.hellgame.core import board, data, flow
from engines.hellgame.core.model import Action, Casting, State
from engines.hellgame.magic import spells
from engines.hellgame.phases.combat.forces import fights

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


# -- reactions ---------------------------------------------------------------------------


def _fighting(state: State, at: int, seat: int) -> int:
    return sum(1 for u in board.units_at(state, at) if u.owner == seat and fights(u))


def _foes(state: State, at: int, seat: int) -> int:
    return sum(1 for u in board.units_at(state, at) if u.owner != seat and fights(u))


def _entry(state: State, seat: int, legal: list[Action]) -> int | None:
    m = state.move
    mover = board.unit(state, m.unit) if m is not None and m.unit is not None else None
    if mover is None:
        return None
    theirs = int(fights(mover)) + len(m.carried)
    mine = _fighting(state, mover.at, seat)
    if mine >= theirs:
        return _first(legal, "stay")
    if theirs >= 2 * max(mine, 1):
        return _first(legal, "let_pass", "flee")
    return _first(legal, "let_pass", "stay")


def _flee(state: State, seat: int, legal: list[Action]) -> int | None:
    b = state.battle
    if b is None:
        return None
    mine, foes = _fighting(state, b.at, seat), _foes(state, b.at, seat)
    return _first(legal, "flee" if foes >= 2 * mine + 1 else "stay")


def _avoid(state: State, seat: int, legal: list[Action]) -> int | None:
    b = state.battle
    if b is None:
        return None
    weaker = _fighting(state, b.at, seat) < _foes(state, b.at, seat)
    return _first(legal, "agree" if weaker else "refuse")


def aimed_at(state: State, c: Casting) -> int | None:
    """The seat a spell is aimed at (its demon, unit, sectio or the seat
    itself), or None."""
    spell = spells.EFFECTS.get(c.key)
    if spell is None or not c.target:
        return None
    t = c.target[0]
    if spell.aims == "demon" and 0 <= t < len(state.demons):
        return state.demons[t].owner
    if spell.aims == "sectio" and 0 <= t < len(state.owner):
        return state.owner[t]
    if spell.aims == "seat":
        return t
    if spell.aims == "unit" and board.unit(state, t) is not None:
        return board.unit(state, t).owner
    return None


def _counter(state: State, seat: int, legal: list[Action]) -> int | None:
    c = state.casting
    if c is not None and aimed_at(state, c) == seat:
        hit = _first(legal, "counter")
        if hit is not None:
            return hit
    return _first(legal, "no")


def _support(engine, state: State, seat: int, legal: list[Action]) -> int | None:
    c = state.casting
    target = aimed_at(state, c) if c is not None else None
    if target is None or target in (seat, c.seat):
        return _first(legal, "no")
    shares = [engine.evaluate(state, s) for s in range(state.seats)]
    leads = max(range(state.seats), key=lambda s: shares[s])
    return _first(legal, "yes" if target == leads else "no")


#: Question -> its rule: ``(engine, state, seat, legal) -> index or None``.
RULES = {
    "soul": lambda e, s, seat, legal: _soul(s, seat, legal),
    "summon": lambda e, s, seat, legal: _summon(s, seat, legal),
    "act_orders": lambda e, s, seat, legal: _act_orders(s, seat, legal, [_steps(e, s, seat, a) for a in legal]),
    "move": lambda e, s, seat, legal: _move(s, seat, legal, [_steps(e, s, seat, a) for a in legal]),
    "entry": lambda e, s, seat, legal: _entry(s, seat, legal),
    "combat_flee": lambda e, s, seat, legal: _flee(s, seat, legal),
    "combat_avoid": lambda e, s, seat, legal: _avoid(s, seat, legal),
    "counter": lambda e, s, seat, legal: _counter(s, seat, legal),
    "support": _support,
    "consent": lambda e, s, seat, legal: _first(legal, "no"),
}


def choose(engine, state: State, seat: int) -> Action | None:
    """The rule's action for ``seat``'s open question, or ``None`` where no
    rule applies (the search decides)."""
    ask = flow.ask_of(state, seat)
    rule = RULES.get(ask.q) if ask is not None else None
    if rule is None:
        return None
    legal = engine.legal_actions(state, seat)
    index = rule(engine, state, seat, legal)
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
