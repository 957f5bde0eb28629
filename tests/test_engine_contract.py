"""The engine contract (v2), checked on every registered game and on the
test-only toy game, at every seat count {min, 3 if allowed, max}, through
the public names only (the bot, the terminal and the renderers rely on
exactly these).

This is the static part: the registry entry, the options model, the start of
a game and its words. What must hold during play is checked by Hypothesis in
``test_contract_properties.py`` and ``test_contract_secrecy.py``.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

import engines
import render
from engines import registry
from engines.contract import IllegalAction, ViewBase, canonical_json, player_options
from test_contract_properties import (  # noqa: F401 - toy_registered is a fixture
    GAME_IDS,
    KINDS,
    LOCALES,
    TOY,
    bounds,
    check_choice_tree,
    check_text,
    engine_of,
    seat_counts,
    text_problems,
    toy_registered,
    viewers,
)

REAL_GAMES = {"himmel-und-hoelle", "hoch-und-hoeher", "halleluja", "hektor-und-achill"}
PNG = b"\x89PNG\r\n\x1a\n"


def _entry(game_id: str) -> registry.Game:
    return TOY if game_id == TOY.id else registry.games()[game_id]


CASES = [(gid, seats) for gid in GAME_IDS for seats in seat_counts(_entry(gid).loaded)]
CASE_IDS = [f"{gid}-{seats}" for gid, seats in CASES]
SEED = 20240611


# -- the registry ------------------------------------------------------------------


def test_registry_lists_the_games_of_the_entry_points():
    assert REAL_GAMES <= set(registry.games())
    assert engines.get("himmel-und-hoelle").id == "himmel-und-hoelle"
    with pytest.raises(KeyError):
        engines.get("no-such-game")
    with pytest.raises(ValueError):
        render.board_png("no-such-game", {}, "en")


def test_register_and_unregister_a_game_at_run_time():
    assert TOY.id in registry.games() and TOY.id in engines.ids()
    registry.unregister(TOY.id)
    try:
        assert TOY.id not in registry.games()
        with pytest.raises(KeyError):
            engines.get(TOY.id)
    finally:
        registry.register(TOY)
    assert engines.get(TOY.id) is TOY.loaded
    orders = [g.order for g in registry.games().values()]
    assert orders == sorted(orders), "games() is in display order"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_registry_entry(game_id):
    entry = registry.game(game_id)
    assert entry.id == game_id and entry.loaded.id == game_id
    assert game_id == game_id.lower() and " " not in game_id
    assert callable(entry.renderer("board_png")) and callable(entry.renderer("board_text"))
    assert entry.hand_png is None or callable(entry.renderer("hand_png"))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_metadata(game_id):
    engine = engine_of(game_id)
    assert 1 <= engine.min_seats <= engine.max_seats
    for locale in LOCALES:
        assert engine.title(locale) and engine.title(locale) != "title"
        pages = engine.rules_help(locale)
        assert pages and all(0 < len(p) < 2000 for p in pages)  # fits a Discord message
        names = [engine.seat_name(s, locale) for s in range(engine.max_seats)]
        assert all(names) and len(set(names)) == len(names)
    engine.Options.model_validate({})


# -- options -------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_player_options_are_bounded_and_described(game_id):
    """Every option offered to players is a bool or an int with ``ge`` and
    ``le`` bounds, with an English description; test-only ones are never
    offered."""
    engine = engine_of(game_id)
    offered = player_options(engine)
    for name, info in engine.Options.model_fields.items():
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        assert (name in offered) == (not extra.get("test_only")), name
        assert info.annotation in (bool, int), f"{name}: {info.annotation}"
        assert info.description, f"option {name} has no description"
        if info.annotation is int:
            lo, hi = bounds(info)
            assert lo is not None and hi is not None and lo <= info.default <= hi, name


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_parse_options_rejects_what_players_may_not_choose(game_id):
    engine = engine_of(game_id)
    with pytest.raises(ValidationError):
        engine.parse_options({"no_such_option": True})
    for name, info in engine.Options.model_fields.items():
        if info.annotation is int:
            lo, hi = bounds(info)
            assert getattr(engine.parse_options({name: lo}), name) == lo
            assert getattr(engine.parse_options({name: hi}), name) == hi
            for wrong in (lo - 1, hi + 1, "many"):
                with pytest.raises(ValidationError):
                    engine.parse_options({name: wrong})
        else:
            with pytest.raises(ValidationError):
                engine.parse_options({name: "sometimes"})
        # setup accepts every option at its bounds, test-only ones included
        value = bounds(info)[0] if info.annotation is int else not info.default
        engine.setup(engine.min_seats, SEED, {name: value})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_option_texts_are_in_the_catalogue(game_id):
    """The German text of an option is the catalogue key ``option_<name>``
    (the English one is the field's description)."""
    engine = engine_of(game_id)
    problems = []
    for name in player_options(engine):
        problems += text_problems(engine, f"option_{name}", {}, "option", locales=("de",))
    assert not problems, problems


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_setup_refuses_other_seat_counts(game_id):
    engine = engine_of(game_id)
    for seats in (engine.min_seats - 1, engine.max_seats + 1):
        with pytest.raises(IllegalAction) as err:
            engine.setup(seats, SEED)
        assert err.value.key == "bad_seats"
        check_text(engine, err.value.key, err.value.params, "refusal")


# -- the start of a game, at every seat count -----------------------------------


@pytest.mark.parametrize(("game_id", "seats"), CASES, ids=CASE_IDS)
def test_start(game_id, seats):
    engine = engine_of(game_id)
    state = engine.setup(seats, SEED)
    assert canonical_json(engine.setup(seats, SEED)) == canonical_json(state), "setup is not deterministic"
    assert canonical_json(engine.load_state(engine.dump_state(state))) == canonical_json(state)
    waiting = engine.to_act(state)
    assert waiting and set(waiting) <= set(range(seats))
    assert engine.result(state) is None
    header = engine.header(state)
    assert header.to_act == waiting and not header.finished and header.turn is not None
    assert header.scores is None or len(header.scores) == seats
    for viewer in viewers(seats):
        view = engine.view(state, viewer)
        assert isinstance(view, engine.View) and isinstance(view, ViewBase)
        assert view.header == header
        assert type(view).model_validate_json(view.model_dump_json()) == view
    decisions = engine.decisions(state)
    assert [d.seat for d in decisions] == waiting
    assert all(d.kind in KINDS and d.stage for d in decisions)
    for seat in range(seats):
        legal = engine.legal_actions(state, seat)
        assert bool(legal) == (seat in waiting)
        if legal:
            assert engine.default_action(state, seat) in legal


@pytest.mark.parametrize(("game_id", "seats"), CASES, ids=CASE_IDS)
def test_words_at_the_start(game_id, seats):
    """Prompts of every seat and labels of every choice, in German and
    English, from the game's own catalogue; menus within MAX_CHOICES."""
    engine = engine_of(game_id)
    state = engine.setup(seats, SEED)
    for seat in range(seats):
        prompt = engine.prompt(state, seat)
        check_text(engine, prompt.key, prompt.params, "prompt")
    for seat in engine.to_act(state):
        for locale in LOCALES:
            for action in engine.legal_actions(state, seat):
                label = engine.label(state, seat, action, locale)
                assert 0 < len(label) <= 80
                assert engine.group(state, seat, action, locale)
            check_choice_tree(engine, state, seat, locale)


@pytest.mark.parametrize(("game_id", "seats"), CASES, ids=CASE_IDS)
def test_header_texts_are_in_the_catalogue(game_id, seats):
    engine = engine_of(game_id)
    header = engine.header(engine.setup(seats, SEED))
    problems = []
    for text in (header.turn, header.stage):
        problems += text_problems(engine, text.key, text.params, "header")
    assert not problems, problems


@pytest.mark.parametrize(("game_id", "seats"), CASES, ids=CASE_IDS)
def test_pictures_and_text_boards_at_the_start(game_id, seats):
    engine = engine_of(game_id)
    state = engine.setup(seats, SEED)
    for viewer in viewers(seats):
        view = engine.view(state, viewer)
        for locale in LOCALES:
            png = render.board_png(game_id, view, locale)
            assert png.startswith(PNG)
            assert render.board_png(game_id, view.model_dump_json(), locale) == png
            text = render.board_text(game_id, view, locale)
            assert isinstance(text, str) and text.strip()
            hand = render.hand_png(game_id, view, locale) if viewer is not None else None
            assert hand is None or hand.startswith(PNG)
