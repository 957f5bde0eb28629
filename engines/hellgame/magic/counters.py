"""Counter windows (9.8.2.1; hellgame.md, "Reaction windows").

:func:`announce` is called once a major spell was announced (card played,
costs paid; ``state.casting`` is the :class:`Casting`). Every player who may
react is asked the reaction question ``"counter"`` at the same time (one open
question each, like the secret orders of the Soul phase; ``Casting.queue``
lists them in turn order, seat order from the caster's left):

- ``no``: pass (the passive choice; a missed deadline passes);
- ``always``: pass, and never be asked again (``Player.always_pass``: such a
  seat is not asked at all; the "act" question offers ``counters_on`` to be
  asked again, :mod:`magic`);
- ``counter`` a=card b=demon: play a Counter card in the hand with that
  demon: It Does Not Work cancels the spell, Mirror turns a spell aimed at
  that player's demon on the caster's demon.

The question, its prompt and its parameters are the same for everyone asked,
whether they hold a Counter card or not; only the legal list (seen by that
player alone) differs. The question is secret: until the window closes a
seat's answer is its own (a counter waits in ``Casting.pending``, told to
that seat alone; no view of another seat or of a spectator shows it; the
determiniser draws the others' hidden answers anew). Everyone sees who has
answered, as with any simultaneous order.

The window closes when every seat asked has answered or lapsed. Then the
first counter in turn order from the caster's left is played (pays its
costs, the card goes under the arcana deck, its demon acts out of sequence
if it had not acted) and decides; every later counter is void: its card
stays in the hand, it costs nothing and its demon does not act (its owner
alone is told). The spell takes effect (``spells.EFFECTS[key].apply``)
unless cancelled, and the procedure goes on at ``casting.resume``.

Who may react (9.8.2.1): the owner of the demon a spell is aimed at, with that
demon if it is not incapacitated (it may always counter), or with another of
its demons that has not acted yet; any other player (not the caster's) with a
demon that has not acted yet in this phase. A demon that has not acted yet
takes its action out of sequence by countering (digest fixture 10). In the Action
phase that is a demon still waiting on the rank track; in the Combat phase
every active demon that has not countered yet in that phase.

Rule decisions where the sources are silent:

- Everyone is asked at once; the rule's order (hellgame.md: "asked in turn
  order") survives in the result: the first counter in turn order from the
  caster's left decides, whoever answered first. A later seat loses nothing
  by countering too (a void counter costs nothing), so it needs no knowledge
  of the earlier seats' answers.
- No early close: the window waits for everyone asked, even after a seat
  has answered "counter". Closing the later seats' questions at once would
  show them, and everyone watching who is asked, that a counter was
  answered, one that an earlier seat may still make void and that would
  then never be shown. Closing only once the outcome is certain (every
  seat before the counter has passed) shows only what the close shows
  anyway, but it leaks the other way round: a window still open after its
  first seats in turn order have answered would tell everyone that they
  passed, before it closes. And a seat's open question would end by
  another player's answer, with the same move perhaps asking it something
  else at once (the next demon's turn), while a seat's question otherwise
  stays open until its own answer or its deadline (the bot's pickers rely
  on that). The cost is time: a window lasts until the last seat asked
  answers, at most ``counter_hours``; "always" keeps a seat out of windows.
- A Counter card is not itself countered, and a mirrored spell is not
  asked about again.
- A targeted demon that has not acted yet also ends its action phase by
  countering (the 9.8.2.1 example: "which ends her action phase"); one that
  acted already counters without losing anything more.
- A mirrored spell hits the caster's demon whatever the spell's own target
  requirement (its roll stays the caster's).
- Spells that cannot be countered (Demonic Distraction) open no window.
"""

from __future__ import annotations

from typing import Any

from engines.hellgame.core import board, data
from engines.hellgame.core.flow import Events, ask, close, open_asks, question, tell, tell_seat
from engines.hellgame.core.model import Action, Ask, Casting, State
from engines.hellgame.magic import spells
from engines.hellgame.magic.spells_action import DISFAVOUR, unacted

IT_DOES_NOT_WORK, MIRROR = "it_does_not_work", "mirror"
Label = tuple[str, dict[str, Any]]


# -- who may react ------------------------------------------------------------------------------


def turn_order(state: State, seat: int) -> list[int]:
    """The other seats in turn order, starting at the caster's left."""
    return [(seat + k) % state.seats for k in range(1, state.seats)]


def reactors(state: State, c: Casting, seat: int) -> list[int]:
    """The demons (state indexes) with which ``seat`` may counter ``c``."""

    if seat == c.seat or state.players[seat].out:
        return []
    demons = [i for i, d in enumerate(state.demons) if d.owner == seat and unacted(state, i)]
    aimed = spells.aimed_demon(state, c)
    if (aimed is not None and state.demons[aimed].owner == seat and state.demons[aimed].status == "active"
            and aimed not in demons):
        demons.insert(0, aimed)
    return demons


def options(state: State, c: Casting, seat: int) -> list[Action]:
    """The Counter cards ``seat`` may play now, with each demon that may play them."""
    demons = reactors(state, c, seat)
    aimed = spells.aimed_demon(state, c)
    player = state.players[seat]
    out: list[Action] = []
    for card in player.hand:
        key = data.ARCANA[card].major
        m = data.MAJORS[key]
        if m.timing != "counter" or player.souls < m.souls or board.spendable_favour(state, seat) < m.favour:
            continue
        if key == MIRROR and (aimed is None or state.demons[aimed].owner != seat):
            continue  # Mirror only turns a spell aimed at one of this player's demons
        out += [Action(do="counter", a=card, b=d) for d in demons]
    return out


# -- the window ------------------------------------------------------------------------------------


def announce(state: State, events: Events, casting: Casting) -> None:
    """Open the counter window for the spell just announced: every seat
    that may react is asked at once. Resolve it at once when nobody may."""
    state.casting = casting
    casting.queue, casting.pending = [], {}
    if not data.MAJORS[casting.key].uncounterable:
        casting.queue = [seat for seat in turn_order(state, casting.seat)
                         if not state.players[seat].always_pass and reactors(state, casting, seat)]
    for seat in casting.queue:
        ask(state, seat, "counter", kind="reaction", secret=True, card=casting.card, caster=casting.caster)
    if not casting.queue:
        resolve(state, events)


def asked(state: State) -> list[int]:
    """The seats of the window whose question is still open."""
    return [a.seat for a in open_asks(state) if a.q == "counter"]


def first_counter(c: Casting) -> int | None:
    """The seat whose counter decides: the first in turn order from the
    caster's left that answered "counter" (None: nobody did)."""
    return next((seat for seat in c.queue if seat in c.pending), None)


def _settle(state: State, events: Events) -> None:
    """Close the window once everyone asked has answered (or lapsed): the
    first counter in turn order is played, the others are void."""
    c = state.casting
    if asked(state):
        return
    seat = first_counter(c)
    if seat is not None:
        card, demon = c.pending[seat]
        play_counter(state, events, c, seat, card, demon)
    for other, (card, demon) in c.pending.items():
        if other != seat:
            tell_seat(events, other, "ev_magic_counter_void", card=card, demon=state.demons[demon].card)
    c.pending = {}
    resolve(state, events)


def resolve(state: State, events: Events) -> None:
    """The window is closed: the spell takes effect unless cancelled."""
    c = state.casting
    state.casting = None
    state.step = c.resume
    if c.cancelled:
        return
    spell = spells.EFFECTS.get(c.key)
    if spell is not None:
        spell.apply(state, events, c)


def play_counter(state: State, events: Events, c: Casting, seat: int, card: int, demon: int) -> None:
    """The counter that decides the window is played."""
    key = data.ARCANA[card].major
    spells.pay(state, seat, key)
    state.players[seat].hand.remove(card)
    state.arcana.append(card)
    d = state.demons[demon]
    spent = not d.acted
    d.acted = True
    c.countered_by, c.counter_card = demon, card
    params = {"seat": seat, "demon": d.card, "card": card, "caster": state.demons[c.caster].card}
    if key == MIRROR:
        c.mirrored = True
        c.target = [c.caster]
        tell(state, events, "ev_magic_mirrored", **params)
    else:
        c.cancelled = True
        tell(state, events, "ev_magic_countered", **params)
    if spent:
        tell(state, events, "ev_magic_out_of_sequence", seat=seat, demon=d.card)


# -- words ---------------------------------------------------------------------------------------------


def describe(state: State, c: Casting) -> tuple[str, dict[str, Any]]:
    """A key suffix and the parameters that name the spell and its target,
    the same for every player (the announcement and the counter prompt)."""

    base = {"seat": c.seat, "demon": state.demons[c.caster].card, "card": c.card}
    spell = spells.EFFECTS.get(c.key)
    aims = spell.aims if spell is not None else ""
    t = c.target
    if aims == "demon" and t:
        return "_demon", {**base, "target_demon": state.demons[t[0]].card, "defender": state.demons[t[0]].owner}
    if aims == "sectio" and t:
        return "_sectio", {**base, "sectio": t[0]}
    if aims == "seat" and t:
        return "_seat", {**base, "defender": t[0]}
    if aims == "unit" and t and board.unit(state, t[0]) is not None:
        u = board.unit(state, t[0])
        return "_unit", {**base, "defender": u.owner, "sectio": u.at}
    if aims == "move" and len(t) == 2 and board.unit(state, t[0]) is not None:
        return "_move", {**base, "from": board.unit(state, t[0]).at, "to": t[1]}
    if aims == "absolve" and t and t[0] != DISFAVOUR:
        return "_recover", {**base, "target_demon": state.demons[t[0]].card}
    if aims == "absolve" and t:
        return "_disfavour", base
    if c.resume.startswith("combat") and state.battle is not None:
        return "_battle", {**base, "sectio": state.battle.at}
    return "", base


def _legal(state: State, a: Ask) -> list[Action]:
    c = state.casting
    return [Action(do="no")] + (options(state, c, a.seat) if c is not None else []) + [Action(do="always")]


def _asked_one_by_one(state: State, c: Casting, seat: int) -> None:
    """A window opened before counter windows asked everyone at once (engine
    version 4) asked one seat at a time, and ``queue`` held the seats still
    to ask, without the one asked. When that seat answers, the others are
    asked now, all at once, and the queue becomes the new one (every seat
    asked, in turn order: the one asked came first)."""
    if seat in c.queue:
        return
    rest = list(c.queue)
    c.queue = [seat] + [s for s in rest if not state.players[s].always_pass and reactors(state, c, s)]
    for other in c.queue[1:]:
        ask(state, other, "counter", kind="reaction", secret=True, card=c.card, caster=c.caster)


def _answer(state: State, a: Ask, x: Action, events: Events) -> None:
    c = state.casting
    _asked_one_by_one(state, c, a.seat)
    close(state, a)
    if x.do == "always":
        state.players[a.seat].always_pass = True
        tell_seat(events, a.seat, "ev_magic_always_pass")
    elif x.do == "counter":
        c.pending[a.seat] = [x.a, x.b]
        tell_seat(events, a.seat, "ev_magic_counter_pending", card=x.a, demon=state.demons[x.b].card)
    _settle(state, events)


def _prompt(state: State, a: Ask) -> Label:
    c = state.casting
    if c is None:
        return "pr_magic_counter_over", {}
    suffix, params = describe(state, c)
    return "pr_magic_counter" + suffix, params


def _label(state: State, a: Ask, x: Action) -> Label:
    if x.do == "no":
        return "lb_magic_counter_no", {}
    if x.do == "always":
        return "lb_magic_counter_always", {}
    key = "lb_magic_mirror" if data.ARCANA[x.a].major == MIRROR else "lb_magic_counter"
    return key, {"card": x.a, "demon": state.demons[x.b].card}


question("counter", legal=_legal, answer=_answer, prompt=_prompt, label=_label,
         passive=lambda s, a: Action(do="no"), group=lambda s, a, x: ("grp_magic_counter", {}))
