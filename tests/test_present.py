"""Pickers of any size stay within Discord's limits: flat pages of buttons,
or a menu of groups with pages of buttons."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel

import engines
from bot.discord import pickers, present
from bot.play.moves import action_token
from bot.store import Match, Seat
from engines.himmel_und_hoelle import ENGINE as HUH


class Pick(BaseModel):
    kind: Literal["pick"] = "pick"
    n: int


class ManyChoices(type(HUH)):
    """Himmel und Hölle with a made-up decision of ``count`` choices in ``groups`` groups."""

    id = "many-choices"
    Action = Pick

    def __init__(self, count: int, groups: int) -> None:
        self.count, self.groups = count, groups

    def legal_actions(self, state, seat):
        return [Pick(n=i) for i in range(self.count)] if seat in self.to_act(state) else []

    def label(self, state, seat, action, locale):
        return f"Choice number {action.n} " + "x" * 90

    def group(self, state, seat, action, locale):
        return f"Group {action.n % self.groups}"


def match_for(engine) -> Match:
    state = HUH.setup(2, 1)
    return Match(
        id=7, guild_id=1, channel_id=2, game=engine.id, options={}, seed=1, status="running", host_id=1,
        state=state.model_dump_json(), counter=3, board_counter=3, board_channel_id=2, board_message_id=9,
        outcome=None, series_id=7, created_at="", updated_at="", seats=[Seat(0, 11, decision_counter=3), Seat(1, 12)],
    )


@pytest.fixture
def many(monkeypatch):
    def install(count: int, groups: int):
        engine = ManyChoices(count, groups)
        real_get = engines.get  # the registry stays as it is: only this id is answered here
        monkeypatch.setattr(engines, "get", lambda game_id: engine if game_id == engine.id else real_get(game_id))
        monkeypatch.setattr(present.render, "board_png", lambda *a, **k: b"\x89PNG")
        monkeypatch.setattr(present.render, "board_text", lambda *a, **k: "board")
        monkeypatch.setattr(present.render, "hand_png", lambda *a, **k: None)
        return match_for(engine)

    return install


def components(payload):
    return list(payload.view.children)


def check_limits(payload) -> None:
    items = components(payload)
    ids = [i.custom_id for i in items]
    assert len(ids) == len(set(ids)) and all(len(i) <= 100 for i in ids)
    assert len(items) <= 25
    for item in items:
        if hasattr(item, "label") and item.label:
            assert len(item.label) <= 80
    rows = [getattr(i, "row", None) for i in items]
    assert all(r is None or 0 <= r <= 4 for r in rows)


async def test_few_choices_are_plain_buttons(many):
    payload = await pickers.picker(many(12, 3), 0, "en")
    check_limits(payload)
    assert len(components(payload)) == 12
    assert all(type(i).__name__ == "ActionButton" for i in components(payload))


async def test_more_groups_than_a_menu_lists_are_joined_into_runs(many):
    """Engine.choice_tree cuts 30 groups into runs so that the menu lists at
    most 25 entries; every choice is on exactly one page of one run (200
    choices: more than five menus of choices hold)."""
    match = many(200, 30)
    first = await pickers.picker(match, 0, "en")
    select = next(i for i in components(first) if type(i).__name__ == "GroupSelect")
    runs = len(select.item.options)
    assert runs <= 25 and select.item.options[0].label == "Group 0 – Group 1"
    seen = []
    for run in range(runs):
        payload = await pickers.picker(match, 0, "en", group=run)
        check_limits(payload)
        seen += [i.index for i in components(payload) if type(i).__name__ == "ActionButton"]
    assert sorted(seen) == list(range(200))


async def test_a_group_menu_with_pages_of_fifteen(many):
    match = many(150, 2)  # 75 choices in each of two groups: more than five menus hold
    first = await pickers.picker(match, 0, "en", group=1, page=0)
    check_limits(first)
    select = next(i for i in components(first) if type(i).__name__ == "GroupSelect")
    assert [o.label for o in select.item.options] == ["Group 0", "Group 1"]
    assert [o.default for o in select.item.options] == [False, True]
    buttons = [i for i in components(first) if type(i).__name__ == "ActionButton"]
    assert len(buttons) == 15 and all(b.index % 2 == 1 for b in buttons)
    second = await pickers.picker(match, 0, "en", group=1, page=1)
    rest = [i.index for i in components(second) if type(i).__name__ == "ActionButton"]
    assert len(rest) == 15 and set(rest).isdisjoint(b.index for b in buttons)


def choices_of(payload) -> dict[int, str]:
    """Every choice the picker offers at once: index -> token (buttons and menu entries)."""
    out = {i.index: i.token for i in components(payload) if type(i).__name__ == "ActionButton"}
    for menu in (i for i in components(payload) if type(i).__name__ == "ChoiceSelect"):
        for option in menu.item.options:
            index, token = option.value.split(":")
            out[int(index)] = token
    return out


async def test_groups_that_fit_are_a_menu_each_and_every_choice_is_one_click_away(many):
    match = many(40, 2)  # 20 choices in each of two groups
    payload = await pickers.picker(match, 0, "en")
    check_limits(payload)
    menus = [i for i in components(payload) if type(i).__name__ == "ChoiceSelect"]
    assert [m.item.placeholder for m in menus] == ["Group 0", "Group 1"] and not any(
        type(i).__name__ in ("GroupSelect", "PageButton") for i in components(payload))
    assert [len(m.item.options) for m in menus] == [20, 20] and all(len(o.label) <= 100 for m in menus
                                                                     for o in m.item.options)
    engine = engines.get("many-choices")
    assert choices_of(payload) == {i: action_token(engine, Pick(n=i)) for i in range(40)}
    assert {m.custom_id for m in menus} == {"bb:c:7:3:0", "bb:c:7:3:1"}
    assert all(o.description is None for m in menus for o in m.item.options)  # one group each: named above


async def test_small_groups_share_a_menu_and_each_entry_names_its_group(many):
    payload = await pickers.picker(many(30, 3), 0, "en")  # three groups of ten
    check_limits(payload)
    menus = [i for i in components(payload) if type(i).__name__ == "ChoiceSelect"]
    assert [m.item.placeholder for m in menus] == ["Group 0 · Group 1", "Group 2"]
    assert [o.description for o in menus[0].item.options] == ["Group 0"] * 10 + ["Group 1"] * 10
    assert sorted(choices_of(payload)) == list(range(30))


async def test_a_small_last_group_is_buttons_below_the_menus(many, monkeypatch):
    match = many(30, 2)
    sizes = {0: 24, 1: 3, 2: 3}  # 24 choices in group 0, three in groups 1 and 2
    monkeypatch.setattr(ManyChoices, "group", lambda self, s, seat, a, locale:
                        f"Group {0 if a.n < 24 else 1 if a.n < 27 else 2}")
    payload = await pickers.picker(match, 0, "en")
    check_limits(payload)
    menus = [i for i in components(payload) if type(i).__name__ == "ChoiceSelect"]
    buttons = [i for i in components(payload) if type(i).__name__ == "ActionButton"]
    # group 0 fills a menu; group 1 does not fit beside it and is not cut in two; group 2, the last
    # and small, is buttons (where a game puts its passive choices, "back" and "submit")
    assert [len(m.item.options) for m in menus] == [sizes[0], sizes[1]] and [m.item.row for m in menus] == [0, 1]
    assert [b.index for b in buttons] == list(range(27, 30)) and {b.item.row for b in buttons} == {2}
    assert sorted(choices_of(payload)) == list(range(30))


async def test_groups_that_do_not_fit_five_rows_keep_the_group_menu(many):
    payload = await pickers.picker(many(150, 6), 0, "en")  # six groups of 25: six menus do not fit
    check_limits(payload)
    assert any(type(i).__name__ == "GroupSelect" for i in components(payload))
    assert not any(type(i).__name__ == "ChoiceSelect" for i in components(payload))


async def test_pictures_are_rendered_off_the_event_loop(monkeypatch):
    """Rendering is CPU work: it runs in a worker thread, so other
    interactions are answered meanwhile."""
    import threading

    threads = []

    def board_png(*args, **kwargs):
        threads.append(threading.current_thread())
        return b"\x89PNG"

    monkeypatch.setattr(present.render, "board_png", board_png)
    payload = await present.board_post(match_for(HUH), "en")
    assert payload.files and threads and threads[0] is not threading.main_thread()
