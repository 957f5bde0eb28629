"""Pickers of any size stay within Discord's limits: flat pages of buttons,
or a menu of groups with pages of buttons."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel

import engines
from bot.discord import present
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
    payload = await present.picker(many(12, 3), 0, "en")
    check_limits(payload)
    assert len(components(payload)) == 12
    assert all(type(i).__name__ == "ActionButton" for i in components(payload))


async def test_more_groups_than_a_menu_lists_are_joined_into_runs(many):
    """Engine.choice_tree cuts 30 groups into runs so that the menu lists at
    most 25 entries; every choice is on exactly one page of one run."""
    match = many(47, 30)
    first = await present.picker(match, 0, "en")
    select = next(i for i in components(first) if type(i).__name__ == "GroupSelect")
    runs = len(select.item.options)
    assert runs <= 25 and select.item.options[0].label == "Group 0 – Group 1"
    seen = []
    for run in range(runs):
        payload = await present.picker(match, 0, "en", group=run)
        check_limits(payload)
        seen += [i.index for i in components(payload) if type(i).__name__ == "ActionButton"]
    assert sorted(seen) == list(range(47))


async def test_a_group_menu_with_pages_of_fifteen(many):
    match = many(40, 2)  # 20 choices in each of two groups
    first = await present.picker(match, 0, "en", group=1, page=0)
    check_limits(first)
    select = next(i for i in components(first) if type(i).__name__ == "GroupSelect")
    assert [o.label for o in select.item.options] == ["Group 0", "Group 1"]
    assert [o.default for o in select.item.options] == [False, True]
    buttons = [i for i in components(first) if type(i).__name__ == "ActionButton"]
    assert len(buttons) == 15 and all(b.index % 2 == 1 for b in buttons)
    second = await present.picker(match, 0, "en", group=1, page=1)
    rest = [i.index for i in components(second) if type(i).__name__ == "ActionButton"]
    assert len(rest) == 5 and set(rest).isdisjoint(b.index for b in buttons)


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
