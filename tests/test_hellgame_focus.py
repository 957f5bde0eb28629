"""The HellGame's focus (``HellGame.focus``): the places a seat's open
question concerns, for the zoomed picture beside its choices: the sectios
its choices name, the unit on its way and where it came from, the battle in
progress; none when nothing is asked or the places would be most of the map."""

from __future__ import annotations

import random

from hellgame_driver import answer, dos, units
from test_hellgame_battle_orders import TAVERN, battle
from test_hellgame_movement import ADDICTION, EXPLOITERS, LARD, MIRACLE, SPIES, X, Y, _example_until_exploiters
from test_hellgame_movement import legions, position

from engines.hellgame import position as P
from engines.hellgame.core import flow, text
from engines.hellgame.engine import ENGINE, FOCUS_LIMIT
from engines.hellgame.phases.action import movement


def test_a_move_shows_where_the_unit_may_go_and_the_holder_asked_sees_the_unit_coming():
    s = P.build(position({SPIES: legions(X), LARD: legions(X), ADDICTION: legions(X)}))
    movement.start_move(s, 0, [])
    [a] = units(s, SPIES)
    answer(s, X, "unit", a.id)
    focus = ENGINE.focus(s, X)
    # the next steps and the destinations further on, as the choices name them
    assert set(dos(s, "to", X)) <= set(focus["targets"]) and MIRACLE in focus["targets"]
    assert set(focus["targets"]) == {x.a for x in ENGINE.legal_actions(s, X)
                                     if x.do in ("to", "dest")}
    assert ENGINE.focus(s, Y) is None  # nothing asked of Y
    s, lt, _ = _example_until_exploiters()
    focus = ENGINE.focus(s, Y)  # Y is asked whether the lieutenant may pass
    assert focus["unit"] == lt.id and focus["path"] == [ADDICTION, EXPLOITERS] and focus["battle"] is None


def test_a_battle_question_shows_the_battle():
    s = battle({0: 3, 1: 4}, dice=[1] * 60)
    flow.advance(s, [])
    seat = next(a.seat for a in flow.open_asks(s))
    assert ENGINE.focus(s, seat)["battle"] == TAVERN


def test_the_focus_names_only_what_the_choices_name_and_never_most_of_the_map():
    """Along random matches: a focus names a sectio only where one of the
    seat's choices does (or the move, or the battle), and never more than
    the limit; questions with places all over the map get none."""
    seen = {"some": 0, "none": 0}
    for seed in (1, 2):
        rnd = random.Random(seed)
        s = ENGINE.setup(4, seed, {"max_rounds": 2})
        for _ in range(400):
            if ENGINE.result(s) is not None:
                break
            seat = ENGINE.to_act(s)[0]
            focus = ENGINE.focus(s, seat)
            a = flow.ask_of(s, seat)
            if focus is None:
                seen["none"] += 1
            else:
                seen["some"] += 1
                named = {v for x in ENGINE.legal_actions(s, seat) for k, v in flow.QUESTIONS[a.q].label(s, a, x)[1].items()
                         if k in text.SECTIO_KEYS}
                assert set(focus["targets"]) <= named
                places = set(focus["targets"]) | set(focus["path"]) | ({focus["battle"]} - {None})
                assert 0 < len(places) <= FOCUS_LIMIT
            s, _ = ENGINE.apply(s, seat, rnd.choice(ENGINE.legal_actions(s, seat)))
    assert seen["some"] > 10 and seen["none"] > 10
