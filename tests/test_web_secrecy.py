"""The web view keeps secrets as the board does: a match page, its JSON and
its board picture are byte-identical for two states that differ only in
hidden information, for every game. The twins are the contract suite's
(tests/test_contract_secrecy.py: a hand dealt otherwise, face-down stacks in
another order, a secret order, and for every game the random generator's
future), the pages are built by the server's own functions."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image
from test_contract_properties import toy_registered  # noqa: F401 - a fixture
from test_contract_secrecy import TWINS

import engines
from bot.store import Match, Seat
from bot.web import content, pictures
from bot.web.content import People
from bot.web.links import Links
from bot.web.routes import Pages
from bot.web.server import templates
from engines.contract import canonical_json, clone
from engines.rng import Rng

#: Twins compared per game, and how many of them get their pictures drawn
#: (three times larger than in Discord, so they cost the most).
TWINS_PER_GAME, PICTURES_PER_GAME = 4, 2
SEATS = {"hellgame": 3, "halleluja": 3}


def future_twin(state, rnd):
    twin = clone(state)
    twin.rng = Rng(state=state.rng.state ^ rnd.randrange(1, 2**64))
    return twin, set()


CASES = [(name, TWINS[name]) for name in TWINS if name != "toy"] + [
    (f"{game}/future", future_twin) for game in engines.ids()]


def match_of(game: str, state, seats: int) -> Match:
    engine = engines.get(game)
    return Match(id=7, guild_id=None, channel_id=1, game=game, options={}, seed=1, status="running", host_id=101,
                 state=engine.dump_state(state), counter=12, board_counter=12, board_channel_id=None,
                 board_message_id=None, outcome=None, series_id=None, created_at="2026-11-01", updated_at="2026-11-02",
                 seats=[Seat(seat, 101 + seat) for seat in range(seats)])


class NoStore:
    """The pages' pure parts need no database; a call to one is a mistake here."""

    def __getattr__(self, name):
        raise AssertionError(f"the page's pure part asked the store for {name}")


def page_parts(pages: Pages, match: Match, people: People, locale: str, pictured: bool) -> tuple:
    engine = engines.get(match.game)
    view = engine.view(engine.load_state(match.state), None).model_dump_json()
    png, width, height = pictures.board(match.game, view, locale, pictures.BOARD_SCALE) if pictured else (b"", 1, 1)
    return (pages.match_html(match, people, 1_800_000_000.0, locale, "/m/7.x"),
            Pages.match_json(match, [], people, 1_800_000_000.0, locale, (width, height)), png)


def twins(name: str, make, seats: int, rnd: random.Random):
    """``(state, twin, hiders)`` of random matches, up to :data:`TWINS_PER_GAME`
    of them (a match over before enough twins is followed by a new one:
    random play loses some games early)."""
    engine = engines.get(name.split("/")[0])
    state, found = engine.setup(seats, rnd.randrange(2**32), None), 0
    for step in range(4000):
        made = make(state, rnd) if step % 3 == 0 or name.endswith(("hoelle", "stacks")) else None
        if made is not None:
            twin, hiders = made
            assert canonical_json(twin) != canonical_json(state)
            yield state, twin, hiders
            found += 1
            if found >= TWINS_PER_GAME:
                return
        waiting = engine.to_act(state)
        if not waiting:
            state = engine.setup(seats, rnd.randrange(2**32), None)
            continue
        seat = rnd.choice(waiting)
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))


PEOPLE = People({101: "Ann", 102: "Ben", 103: "Cid"}.get, {})


@pytest.mark.parametrize("name,make", CASES, ids=[name for name, _ in CASES])
def test_the_spectators_page_json_and_picture_do_not_show_hidden_information(name, make):
    game = name.split("/")[0]
    engine = engines.get(game)
    seats = SEATS.get(game, engine.min_seats if engine.min_seats > 1 else 2)
    pages = Pages(NoStore(), Links("k" * 32, "http://x"), None, None, templates())
    compared = 0
    for compared, (state, twin, _) in enumerate(twins(name, make, seats, random.Random(name)), 1):
        draw = compared <= PICTURES_PER_GAME
        locale = ("de", "en")[compared % 2]
        a = page_parts(pages, match_of(game, state, seats), PEOPLE, locale, draw)
        b = page_parts(pages, match_of(game, twin, seats), PEOPLE, locale, draw)
        assert a[0] == b[0], "the match page differs"
        assert a[1] == b[1], "the page's JSON differs"
        assert a[2] == b[2], "the board picture differs"
    assert compared >= 1


PRIVATE_CASES = [(name, TWINS[name]) for name in TWINS if name != "toy"]


@pytest.mark.parametrize("name,make", PRIVATE_CASES, ids=[name for name, _ in PRIVATE_CASES])
def test_a_seats_own_page_does_not_show_another_seats_hidden_information(name, make):
    """The private page (``content.private``: the prompt, card texts, the
    whole view as text, the regions) and its board picture are the same for
    a seat that cannot tell the twins apart."""
    game = name.split("/")[0]
    engine = engines.get(game)
    seats = SEATS.get(game, 2)
    compared = pictured = 0
    for compared, (state, twin, hiders) in enumerate(twins(name, make, seats, random.Random(f"own {name}")), 1):
        locale = ("de", "en")[compared % 2]
        for seat in (s for s in range(seats) if s not in hiders):
            a, b = match_of(game, state, seats), match_of(game, twin, seats)
            assert content.private(a, seat, PEOPLE, locale) == content.private(b, seat, PEOPLE, locale), seat
            if pictured < PICTURES_PER_GAME:
                views = [engine.view(engine.load_state(m.state), seat).model_dump_json() for m in (a, b)]
                assert pictures.board(game, views[0], locale, 1.0) == pictures.board(game, views[1], locale, 1.0)
                pictured += 1
    assert compared >= 1


def test_a_board_drawn_at_one_size_only_is_served_at_that_size(toy_registered):
    """A game whose renderer cannot scale (the test's toy game; a game from
    another package) gets its board at scale 1, and the page the size it has."""
    import render

    engine = engines.get("toy")
    view = engine.view(engine.setup(engine.min_seats, 1, None), None).model_dump_json()
    assert not render.scalable("toy") and render.scalable("hellgame")
    png, width, height = pictures.board("toy", view, "en", pictures.BOARD_SCALE)
    assert png == render.board_png("toy", view, "en")
    assert Image.open(io.BytesIO(png)).size == (width, height)
