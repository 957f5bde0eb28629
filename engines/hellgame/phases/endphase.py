"""The End phase (chapter 13).

1. The victory check of 4.0 (:mod:`victory`); the test option ``max_rounds``
   ends the match after that round.
2. 13.1: every triumvirate with disfavour and at least 2 favour says at once
   (not secret) how many disfavour it removes at 2 favour each (bound favour
   may pay for it, 14.1).
3. 13.2: each incapacitated demon rolls, 5-6 recovers. 13.2.1: a triumvirate
   whose living demons are all still incapacitated gets one of them back
   (picked at random); one whose demons are all destroyed draws three new
   demons from the top of the Daemon deck (no redraw). Empty lieutenant
   boxes are refilled from the Return box (up to 4 each, oldest returned
   first and on top; first, second, third box).
4. 13.3: bonus souls come off the lieutenants; phenomena (warning signs),
   the round's battle records and taming marks are cleared, demons may act
   and fight again; the round's chronicle becomes one summary event; the next
   round begins with the Hell phase.
"""

from __future__ import annotations

from engines.hellgame.core import dice, victory
from engines.hellgame.core.flow import Events, ask, close, question, step, tell
from engines.hellgame.core.model import Action, Ask, Demon, State
from engines.hellgame.phases.petition import live, pick

#: Favour paid per disfavour removed (13.1).
FAVOUR_PER_DISFAVOUR = 2
#: Lieutenants a refilled box holds.
BOX_SIZE = 4


def recovery_needs(state: State, demon: int) -> int:
    """The lowest roll that recovers an incapacitated demon (13.2). Part 2:
    the card that incapacitated it may say otherwise."""
    return 5


@step("end")
def _end(s: State, ev: Events) -> None:
    if victory.finish_by_circle(s, ev):
        return
    cap = s.options.get("max_rounds")
    if cap and s.round >= cap:
        victory.finish(s, victory.cap_winners(s), "max_rounds", ev, round=s.round)
        return
    for seat in live(s):
        p = s.players[seat]
        if p.disfavour >= 1 and p.favour >= FAVOUR_PER_DISFAVOUR:
            ask(s, seat, "disfavour", kind="simultaneous")
    s.step = "end_recover"


# -- 13.1 ------------------------------------------------------------------------------


def most_removable(s: State, seat: int) -> int:
    p = s.players[seat]
    return min(p.disfavour, p.favour // FAVOUR_PER_DISFAVOUR)


def _disfavour_legal(s: State, a: Ask) -> list[Action]:
    return [Action(do="keep")] + [Action(do="remove", a=n) for n in range(1, most_removable(s, a.seat) + 1)]


def _disfavour_answer(s: State, a: Ask, x: Action, ev: Events) -> None:
    if x.do == "remove":
        p = s.players[a.seat]
        p.favour -= FAVOUR_PER_DISFAVOUR * x.a
        p.disfavour -= x.a
        tell(s, ev, "ev_disfavour_removed", seat=a.seat, n=x.a, favour=FAVOUR_PER_DISFAVOUR * x.a)
    close(s, a)


question(
    "disfavour",
    legal=_disfavour_legal,
    answer=_disfavour_answer,
    prompt=lambda s, a: ("pr_disfavour", {"disfavour": s.players[a.seat].disfavour,
                                          "favour": s.players[a.seat].favour}),
    label=lambda s, a, x: ("lb_disfavour_keep", {}) if x.do == "keep"
    else ("lb_disfavour_remove", {"n": x.a, "favour": FAVOUR_PER_DISFAVOUR * x.a}),
    passive=lambda s, a: Action(do="keep"),
)


# -- 13.2 ------------------------------------------------------------------------------


@step("end_recover")
def _recover(s: State, ev: Events) -> None:
    out = {seat for seat in range(s.seats) if s.players[seat].out}
    for i, d in enumerate(s.demons):
        if d.status != "incapacitated" or d.owner in out:
            continue
        roll = dice.d6(s, d.owner)
        if roll >= recovery_needs(s, i):
            d.status = "active"
            tell(s, ev, "ev_recovery_ok", seat=d.owner, demon=d.card, roll=roll)
        else:
            tell(s, ev, "ev_recovery_fail", seat=d.owner, demon=d.card, roll=roll)
    for seat in live(s):
        living = [i for i, d in enumerate(s.demons) if d.owner == seat and d.status != "dead"]
        if not living:
            restart_triumvirate(s, ev, seat)
        elif all(s.demons[i].status == "incapacitated" for i in living):
            d = s.demons[living[pick(s, len(living))]]
            d.status = "active"
            tell(s, ev, "ev_revived", seat=seat, demon=d.card)
    refill_boxes(s, ev)
    s.step = "end_cleanup"


def restart_triumvirate(s: State, ev: Events, seat: int) -> None:
    """13.2.1: all of a triumvirate's demons are destroyed: it starts again at
    once with three demons from the top of the Daemon deck (no redraw, G51).
    Part 3 calls this the moment the last demon dies; the End phase catches
    whatever is left."""
    if any(d.owner == seat and d.status != "dead" for d in s.demons):
        return
    for _ in range(3):
        if not s.demon_deck:
            break
        s.demons.append(Demon(card=s.demon_deck.pop(0), owner=seat))
        tell(s, ev, "ev_new_demon", seat=seat, demon=s.demons[-1].card)


def refill_boxes(s: State, ev: Events) -> None:
    for box in range(len(s.boxes)):
        if s.boxes[box] or not s.returned:
            continue
        s.boxes[box] = s.returned[:BOX_SIZE]
        del s.returned[:BOX_SIZE]
        tell(s, ev, "ev_box_refilled", box=box + 1, count=len(s.boxes[box]))


# -- 13.3 ------------------------------------------------------------------------------


@step("end_cleanup")
def _cleanup(s: State, ev: Events) -> None:
    for u in s.units:
        u.bonus = 0
        u.tamed = False
    for d in s.demons:
        d.acted = False
        d.fought = False
    s.phenomena = []
    s.won = {}
    s.avoided = []
    s.entered = {}
    s.battles = []
    s.petitioners = []
    victory.round_summary(s, ev)
    s.round += 1
    s.step = "hell"
