"""Match files (bot.play.match_file), their replay in the terminal
(bot.terminal.replay) and the commands ``brettbote export`` and ``brettbote
replay``: every game exports a finished match and replays it to the same
end; a share of a running match hides the seed and the others' secrets; a
forged, cut-off or foreign file is refused in one line with nothing replayed."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import json
import random
import re
from contextlib import contextmanager
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import engines
from bot import cli, terminal
from bot.play import match_file
from bot.play.match_file import MatchFile, MatchFileError, SeatFile
from bot.play.replay import Replay
from bot.store import LoggedAction, Match, Seat
from engines import registry

#: A short match of each game, played by random legal choices: (game, seats, seed, options).
FINISHED = [
    ("himmel-und-hoelle", 2, 161, {}),  # 97 moves, two conflicts with secret cards
    ("hoch-und-hoeher", 2, 1, {}),
    ("hektor-und-achill", 2, 1, {}),
    ("halleluja", 3, 1, {"quick_setup": True}),
    ("hellgame", 2, 1, {"max_rounds": 1}),  # a round with hands, orders and summoning
]
#: A seed with many digits, so that a file holding it would show it.
SECRET_SEED = 8675309123
#: Match files kept with the tests, one a game, as a bug report would bring them:
#: (game, seats, seed, options, moves or None for a whole match). Written by
#: running this module: ``.venv/bin/python tests/test_match_files.py``.
EXAMPLES = Path(__file__).parent / "match_files"
EXAMPLE_MATCHES = [
    ("himmel-und-hoelle", 2, 161, {}, None),
    ("hoch-und-hoeher", 2, 1, {}, None),
    ("hektor-und-achill", 2, 1, {}, None),
    ("halleluja", 3, 1, {"quick_setup": True}, 60),  # a running match, as the operator exports one
    ("hellgame", 2, 1, {"max_rounds": 3}, None),  # some 140 moves: rounds 2 and 3 open with a Hell phase
]


@dataclasses.dataclass
class Played:
    match: Match
    log: list[LoggedAction]
    state: object


def play(game: str, seats: int, seed: int, options: dict, stop=None, limit: int = 5000) -> Played:
    """Random legal choices (seeded) until the end, or until ``stop(state)``;
    the match as the store would hold it, events and all."""
    engine = engines.get(game)
    rnd = random.Random(seed)
    state = engine.setup(seats, seed, options)
    log = []
    while engine.result(state) is None and not (stop and stop(state)) and len(log) < limit:
        seat = rnd.choice(engine.to_act(state))
        action = rnd.choice(engine.legal_actions(state, seat))
        state, events = engine.apply(state, seat, action)
        log.append(LoggedAction(len(log) + 1, seat, engine.dump_action(action), [e.model_dump() for e in events], ""))
    result = engine.result(state)
    return Played(stored(game, seats, seed, options, engine.dump_state(state), len(log),
                         "finished" if result else "running", result.model_dump() if result else None), log, state)


def stored(game, seats, seed, options, state, counter, status, outcome, **extra) -> Match:
    """The match as the store holds it, started under today's engine version."""
    extra.setdefault("engine_version", registry.game(game).version)
    return Match(id=12, guild_id=1, channel_id=2, game=game, options=options, seed=seed, status=status, host_id=100,
                 state=state, counter=counter, board_counter=counter, board_channel_id=None, board_message_id=None,
                 outcome=outcome, series_id=None, created_at="", updated_at="",
                 seats=[Seat(seat, 100 + seat) for seat in range(seats)], **extra)


def whole_text(played: Played) -> str:
    return match_file.dumps(match_file.whole(played.match, played.log))


@pytest.fixture(scope="module")
def huh() -> Played:
    return play(*FINISHED[0])


def in_conflict_with_one_card_chosen(state) -> bool:
    conflict = engines.get("himmel-und-hoelle").view(state, None).conflict
    return conflict is not None and sum(conflict.chosen) == 1


@pytest.fixture(scope="module")
def huh_secret() -> Played:
    """A running match of Himmel und Hölle: one seat chose its secret card, the other not yet."""
    return play("himmel-und-hoelle", 2, SECRET_SEED, {}, stop=in_conflict_with_one_card_chosen)


@pytest.fixture
def steps_run(monkeypatch) -> list[int]:
    """The counters of the actions the one replayer applied (so a test can say nothing ran)."""
    applied = []
    original = Replay.steps

    def counting(self, checked=False):
        for step in original(self, checked):
            applied.append(step[0].counter)
            yield step

    monkeypatch.setattr(Replay, "steps", counting)
    return applied


# -- the whole match -------------------------------------------------------------


def test_every_game_is_covered():
    assert {game for game, *_ in FINISHED} == {point.name for point in entry_points(group="brettbote.games")}


@pytest.mark.parametrize("game,seats,seed,options", FINISHED, ids=[g for g, *_ in FINISHED])
def test_a_finished_match_exports_and_replays_to_the_same_end(game, seats, seed, options):
    played = play(game, seats, seed, options)
    engine = engines.get(game)
    assert played.match.status == "finished"
    text = whole_text(played)
    file = match_file.load(text)
    assert isinstance(file, MatchFile)
    assert (file.game, file.seats, file.seed, file.options) == (game, seats, seed, options)
    assert file.engine_version == registry.game(game).version
    assert [(m.counter, m.seat) for m in file.log] == [(e.counter, e.seat) for e in played.log]
    assert sum(line.startswith('  {"counter": ') for line in text.splitlines()) == len(played.log)  # a line a move
    replayed = match_file.check(file)
    assert match_file.digest(replayed.final) == match_file.digest(played.state) == file.final_digest
    assert replayed.result == engine.result(played.state)


@pytest.mark.parametrize("game", [example[0] for example in EXAMPLE_MATCHES])
def test_a_kept_match_file_replays_while_its_engine_version_holds(game):
    """A file written before today's code: while its game's engine version
    is the same it reaches the end it records (a change of the rules that
    alters a replay without bumping the version fails here); once the
    version is bumped it is refused as older, and can be written anew."""
    text = (EXAMPLES / f"{game}.json").read_text(encoding="utf-8")
    recorded = json.loads(text)
    ours = registry.game(game).version
    assert recorded["game"] == game and recorded["engine_version"] <= ours
    if recorded["engine_version"] < ours:
        with pytest.raises(MatchFileError, match=f"this is version {ours}: it cannot be replayed faithfully"):
            match_file.load(text)
        return
    replayed = match_file.check(match_file.load(text))
    assert match_file.digest(replayed.final) == recorded["final_digest"]
    assert len(replayed.replay.log) == len(recorded["log"])


def hell_phase_rounds(replay: Replay) -> set[int]:
    """The rounds of the HellGame whose Hell phase the replay went through
    (its first Hell card tells the round's event)."""
    return {after.round for _, _, after, events in replay.steps() for e in events if e.key.startswith("ev_event_")}


def test_the_kept_hellgame_file_goes_through_a_hell_phase():
    """One round of the HellGame guards little: the kept file, and the match
    that writes it anew, reach the Hell phase of round 2 and stay short."""
    game, seats, seed, options, moves = next(example for example in EXAMPLE_MATCHES if example[0] == "hellgame")
    fresh = play(game, seats, seed, options, limit=moves or 5000)
    assert fresh.match.status == "finished" and len(fresh.log) <= 400
    assert 2 in hell_phase_rounds(match_file.replay_of(match_file.whole(fresh.match, fresh.log)))
    text = (EXAMPLES / f"{game}.json").read_text(encoding="utf-8")
    recorded = json.loads(text)
    assert (recorded["seats"], recorded["options"]) == (seats, options) and len(recorded["log"]) <= 400
    if recorded["engine_version"] == registry.game(game).version:
        assert 2 in hell_phase_rounds(match_file.check(match_file.load(text)).replay)


def test_the_terminal_replays_to_the_end_with_the_result(huh, steps_run):
    result = engines.get("himmel-und-hoelle").result(huh.state)
    out = io.StringIO()
    terminal.replay(whole_text(huh), output=out)
    assert len(steps_run) == 97  # checked once, shown without steps
    text = out.getvalue()
    version = registry.game("himmel-und-hoelle").version
    assert f"Heaven and Hell (himmel-und-hoelle, engine version {version}), 2 seats, seed 161: 97 moves" in text
    assert "reaches the final state the file records" in text
    assert f"Result: Hell {result.scores[0]}, Heaven {result.scores[1]}." in text
    assert f"{['Hell', 'Heaven'][result.winners[0]]} wins." in text
    assert "\n[1] " not in text  # no steps without --step


def test_the_terminal_replays_step_by_step_and_stops_when_asked(huh):
    engine = engines.get("himmel-und-hoelle")
    out, asked = io.StringIO(), []

    def pause(prompt: str) -> str:
        asked.append(prompt)
        return "q" if len(asked) == 3 else ""

    terminal.replay(whole_text(huh), step=True, locale="de", seat=1, pause=pause, output=out)
    text = out.getvalue()
    assert len(asked) == 3 and "Enter" in asked[0]
    first = engine.parse_action(huh.log[0].action)
    start = engine.setup(2, 161, {})
    label = engine.label(start, huh.log[0].seat, first, "de")
    assert f"[1] {engine.seat_name(huh.log[0].seat, 'de')}: {label}" in text
    assert "\n[3] " in text and "\n[4] " not in text  # stopped after the third
    assert "Endstand" not in text  # no summary after a stop


def test_every_step_shows_its_events_with_whom_they_were_shown_to(huh):
    out = io.StringIO()
    terminal.replay(whole_text(huh), step=True, output=out)
    text = out.getvalue()
    assert text.count("\n[") == 97
    assert "(shown only to " in text  # the secret cards, marked
    assert "reaches the final state" in text


def test_moves_taken_back_are_in_the_file_and_left_out_of_the_replay():
    engine = engines.get("himmel-und-hoelle")
    state = engine.setup(2, 5, {})
    first = engine.legal_actions(state, 0)[0]
    state, _ = engine.apply(state, 0, first)
    taken_back = engine.legal_actions(state, 0)[0]
    instead = engine.legal_actions(state, 0)[-1]
    after, _ = engine.apply(state, 0, instead)
    log = [LoggedAction(1, 0, engine.dump_action(first), [], ""),
           LoggedAction(2, 0, engine.dump_action(taken_back), [], "", undone_by=3),
           LoggedAction(4, 0, engine.dump_action(instead), [], "")]
    match = stored("himmel-und-hoelle", 2, 5, {}, engine.dump_state(after), 4, "running", None)
    file = match_file.load(match_file.dumps(match_file.whole(match, log)))
    assert [m.undone_by for m in file.log] == [None, 3, None]
    out = io.StringIO()
    terminal.replay(match_file.dumps(file), step=True, output=out)
    assert "2 moves (1 taken back, left out)" in out.getvalue()
    assert "\n[2] " not in out.getvalue() and "\n[4] " in out.getvalue()
    assert "still running" in out.getvalue()


def test_a_resigned_match_replays_to_the_state_it_was_given_up_in(huh_secret):
    engine = engines.get("himmel-und-hoelle")
    outcome = {"scores": [0, 0], "winners": [0], "reason": "resigned", "conceded": 1}
    match = dataclasses.replace(huh_secret.match, status="finished", outcome=outcome)
    out = io.StringIO()
    replayed = terminal.replay(match_file.dumps(match_file.whole(match, huh_secret.log)), output=out)
    assert engine.result(replayed.final) is None and replayed.result.winners == [0]
    assert "Heaven gave up" in out.getvalue() and "Hell wins." in out.getvalue()


def test_the_operators_export_of_a_running_match_is_whole_and_replays(huh_secret):
    text = whole_text(huh_secret)
    file = match_file.load(text)
    assert file.replayable and file.status == "running" and file.seed == SECRET_SEED
    assert len(file.log) == len(huh_secret.log) and file.log[-1].action["kind"] == "play"  # the secret card too
    replayed = match_file.check(file)
    assert replayed.result is None and match_file.digest(replayed.final) == file.final_digest


# -- a share of a match not finished ------------------------------------------------


def share(played: Played, user_id: int) -> tuple[str, SeatFile]:
    text = match_file.dumps(match_file.seat_share(played.match, played.log, user_id))
    file = match_file.load(text)
    assert isinstance(file, SeatFile)
    return text, file


def test_a_share_of_a_running_match_hides_the_seed_and_the_other_seats_card(huh_secret):
    engine = engines.get("himmel-und-hoelle")
    chooser = engine.view(huh_secret.state, None).conflict.chosen.index(True)
    other = 1 - chooser
    card = engine.view(huh_secret.state, chooser).conflict.own_card
    assert card is not None
    text, file = share(huh_secret, 100 + other)
    data = json.loads(text)
    assert "seed" not in data and "final_digest" not in data and str(SECRET_SEED) not in text
    assert not file.replayable and file.seat == other and file.counter == len(huh_secret.log)
    assert file.view == engine.view(huh_secret.state, other).model_dump(mode="json")
    assert file.view["conflict"]["own_card"] is None
    # only the asker's own actions, and no event shown to the chooser alone
    assert all(move.seat == other for move in file.log if move.action is not None)
    assert not any(move.action["kind"] == "play" for move in file.log if move.action)
    assert "ev_card_chosen_own" not in text
    # the chooser's own share does hold the card (so the checks above could fail)
    own_text, own = share(huh_secret, 100 + chooser)
    assert own.view["conflict"]["own_card"] == card and "ev_card_chosen_own" in own_text
    assert own.log[-1].action == {"kind": "play", "card": card}


def test_someone_without_a_seat_gets_the_spectators_view(huh_secret):
    engine = engines.get("himmel-und-hoelle")
    text, file = share(huh_secret, 999)
    assert file.seat is None and file.view == engine.view(huh_secret.state, None).model_dump(mode="json")
    assert all(move.action is None and move.seat is None for move in file.log)
    assert match_file.filename(file) == "brettbote-himmel-und-hoelle-12-spectator.json"
    with pytest.raises(MatchFileError, match="only what a spectator could see .* cannot be replayed"):
        match_file.load_replayable(text)


def test_a_share_of_the_hellgame_never_names_the_other_seats_cards():
    engine = engines.get("hellgame")
    played = play("hellgame", 2, 3, {"max_rounds": 1}, stop=lambda s: all(p.hand for p in s.players))
    hands = [{card["name"] for card in engine.view(played.state, seat).model_dump(mode="json")["hand"]} for seat in (0, 1)]
    public = json.dumps(engine.view(played.state, None).model_dump(mode="json"))
    hidden = {name for name in hands[1] - hands[0] if name not in public}
    assert hidden and played.match.status == "running"
    mine, _ = share(played, 100)
    theirs, _ = share(played, 101)
    assert not [name for name in hidden if name in mine]
    assert all(name in theirs for name in hidden)  # where they would show, were they not hidden


def test_public_options_only_in_a_share():
    played = play("hellgame", 2, 3, {"max_rounds": 1, "quick_small": True}, stop=lambda s: True)
    _, file = share(played, 100)
    assert file.options == {"quick_small": True}  # the test-only round cap is no player's option


def test_players_get_the_whole_match_once_finished_a_daily_challenge_once_its_day_is_over(huh, huh_secret):
    assert match_file.whole_for_players(huh.match, "2025-03-01")
    assert not match_file.whole_for_players(huh_secret.match, "2025-03-01")
    assert not match_file.whole_for_players(dataclasses.replace(huh.match, status="cancelled"), "2025-03-01")
    daily = dataclasses.replace(huh.match, daily_date="2025-03-01")
    assert not match_file.whole_for_players(daily, "2025-03-01")
    assert match_file.whole_for_players(daily, "2025-03-02")
    text, name, whole = match_file.build(daily, huh.log, 100, "2025-03-01")
    assert not whole and name == "brettbote-himmel-und-hoelle-12-seat0.json" and '"seed"' not in text
    # a daily of that day still played in the server (up to the abandon timer) has the same seed
    assert not match_file.whole_for_players(daily, "2025-03-02", daily_open=True)
    text, _, whole = match_file.build(daily, huh.log, 100, "2025-03-02", daily_open=True)
    assert not whole and '"seed"' not in text
    assert match_file.whole_for_players(huh.match, "2025-03-01", daily_open=True)  # no daily: no daily's seed


async def test_a_daily_is_open_while_a_daily_of_its_server_game_and_day_is_played(service, store):
    async def daily(guild_id: int, channel_id: int, user_id: int, game: str = "hoch-und-hoeher"):
        return await service.new_match(guild_id=guild_id, channel_id=channel_id, game=game, host_id=user_id,
                                       options={"daily": True})

    bob = await daily(1, 10, 2)
    await play_through_the_service(service, bob.id, random.Random(1))
    bob = await service.get(bob.id)
    assert bob.status == "finished" and bob.daily_date
    assert not await match_file.daily_open(store, bob)
    await daily(2, 20, 3)  # another server's daily: other dice
    assert not await match_file.daily_open(store, bob)
    alice = await daily(1, 11, 1)  # the same dice, still being played
    assert alice.seed == bob.seed and await match_file.daily_open(store, bob)
    await service.cancel(11, 1)
    assert not await match_file.daily_open(store, bob)
    assert not await match_file.daily_open(store, await service.get(alice.id))  # no daily of the day open now


# -- forged, cut-off and foreign files ---------------------------------------------------


def edit(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def set_game(game):
    return lambda data: data.update(game=game)


def first_action_of_the_other_seat(data):
    data["log"][0]["seat"] = 1 - data["log"][0]["seat"]


def an_action_not_legal_there(data):
    data["log"][1] = dict(data["log"][1], action=data["log"][0]["action"])


def moved_further(data):
    move = next(m for m in data["log"] if m["action"]["kind"] == "move")
    move["action"]["dst"] = "C9"


FORGED_AT_LOAD = [
    ("not JSON", lambda text: "this is no match file", "not JSON"),
    ("a picture", lambda text: b"\x89PNG\r\n\x1a\n\x00\xff", "not UTF-8"),
    ("cut off", lambda text: text[: len(text) // 2], "the file is cut off"),
    ("cut off in a string", lambda text: text[: text.index('"kind"') + 3], "the file is cut off"),
    ("not ours", lambda text: json.dumps({"log": []}), "not a Brettbote match file"),
    ("a newer format", lambda text: edit(text, lambda d: d.update(format_version=2)), "format 2 is newer"),
    ("no seed", lambda text: edit(text, lambda d: d.pop("seed")), "seed: Field required"),
    ("no log", lambda text: edit(text, lambda d: d.pop("log")), "log: Field required"),
    ("a field nobody wrote", lambda text: edit(text, lambda d: d.update(hint="trust me")), "hint: Extra inputs"),
    ("an unknown game", lambda text: edit(text, set_game("schach")), "unknown game 'schach'"),
    ("another game", lambda text: edit(text, set_game("hektor-und-achill")), "not an action of hektor-und-achill"),
    ("too many seats", lambda text: edit(text, lambda d: d.update(seats=3)), "3 seats, but himmel-und-hoelle is for 2-2"),
    ("a bad option", lambda text: edit(text, lambda d: d.update(options={"turbo": True})), "options: turbo"),
    ("a garbled action", lambda text: edit(text, lambda d: d["log"][0].update(action={"kind": "fly"})),
     "counter 1: not an action of himmel-und-hoelle"),
    ("counters out of order", lambda text: edit(text, lambda d: d["log"][1].update(counter=1)), "counters must rise"),
    ("a seat not in the match", lambda text: edit(text, lambda d: d["log"][0].update(seat=2)), "seat 2 in a match of 2"),
    ("a bad digest", lambda text: edit(text, lambda d: d.update(final_digest="md5:0")), "final_digest"),
    ("an empty file", lambda text: "", "empty file"),
    ("an empty file with a line", lambda text: b"\n", "empty file"),
    ("true for a version", lambda text: edit(text, lambda d: d.update(engine_version=True)),
     "engine_version: Input should be a valid integer"),
    ("a seed as text", lambda text: edit(text, lambda d: d.update(seed=str(d["seed"]))),
     "seed: Input should be a valid integer"),
    ("a counter as text", lambda text: edit(text, lambda d: d["log"][0].update(counter="1")),
     "log.0.counter: Input should be a valid integer"),
    ("a seat as a number with a point", lambda text: edit(text, lambda d: d["log"][0].update(seat=0.0)),
     "log.0.seat: Input should be a valid integer"),
    ("a flag as text", lambda text: edit(text, lambda d: d.update(replayable="true")), "replayable: Input should be"),
]

FORGED_IN_REPLAY = [
    ("another seat's move", first_action_of_the_other_seat, "counter 1 (seat 1) is not that seat's to make here"),
    ("a move not legal there", an_action_not_legal_there, "counter 2 (seat 0) is not legal here"),
    ("an edited move", moved_further, "counter"),
    ("a move cut from the end", lambda d: d["log"].pop(), "does not reach the final state"),
    ("another final state", lambda d: d.update(final_digest="sha256:" + "0" * 64), "does not reach the final state"),
    ("another winner", lambda d: d["outcome"].update(winners=[0, 1]), "the file records scores"),
    ("a finished match said running", lambda d: d.update(status="running", outcome=None),
     "reaches the end of the game, but the file says it was running"),
]


@pytest.mark.parametrize("name,forge,message", FORGED_AT_LOAD, ids=[f[0] for f in FORGED_AT_LOAD])
def test_a_forged_or_damaged_file_is_refused_before_anything_runs(huh, steps_run, name, forge, message):
    out = io.StringIO()
    with pytest.raises(MatchFileError, match=re.escape(message)) as refused:
        terminal.replay(forge(whole_text(huh)), step=True, output=out)
    assert "\n" not in str(refused.value)
    assert steps_run == [] and out.getvalue() == ""


@pytest.mark.parametrize("name,forge,message", FORGED_IN_REPLAY, ids=[f[0] for f in FORGED_IN_REPLAY])
def test_a_file_that_does_not_replay_to_its_end_shows_nothing(huh, name, forge, message):
    out = io.StringIO()
    with pytest.raises(MatchFileError, match=re.escape(message)) as refused:
        terminal.replay(edit(whole_text(huh), forge), step=True, output=out)
    assert "\n" not in str(refused.value)
    assert out.getvalue() == ""


def test_a_file_with_a_byte_order_mark_loads(huh, tmp_path, capsys):
    """As an editor on Windows may save it: UTF-8 with a byte-order mark."""
    text = whole_text(huh)
    for data in (b"\xef\xbb\xbf" + text.encode(), "\ufeff" + text):
        assert match_file.check(match_file.load(data)).file.final_digest == json.loads(text)["final_digest"]
    path = tmp_path / "match.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert cli.main(["replay", str(path)]) == 0
    assert "reaches the final state" in capsys.readouterr().out


@contextmanager
def engine_bumped(game: str = "himmel-und-hoelle"):
    """The game's rules changed: its engine is one version newer while this lasts."""
    entry = registry.game(game)
    registry.register(dataclasses.replace(entry, version=entry.version + 1))
    try:
        yield entry.version + 1
    finally:
        registry.register(entry)


@pytest.fixture
def newer_engine():
    """Himmel und Hölle's rules changed: its engine is version 2 now."""
    with engine_bumped() as version:
        yield version


def test_a_file_of_an_older_engine_version_says_so_and_runs_nothing(huh, newer_engine, steps_run):
    text = match_file.dumps(match_file.whole(dataclasses.replace(huh.match, engine_version=newer_engine), huh.log))
    assert json.loads(text)["engine_version"] == newer_engine  # a match of today's engine
    older = edit(text, lambda d: d.update(engine_version=newer_engine - 1))
    expected = (f"made with engine version {newer_engine - 1} of himmel-und-hoelle, this is version {newer_engine}: "
                "it cannot be replayed faithfully")
    with pytest.raises(MatchFileError) as refused:
        match_file.load(older)
    assert str(refused.value) == expected
    newer = edit(text, lambda d: d.update(engine_version=newer_engine + 1))
    with pytest.raises(MatchFileError, match="a newer Brettbote made it"):
        match_file.load(newer)
    assert steps_run == []


# -- brettbote replay --------------------------------------------------------------


def test_cli_replay_to_the_end_and_step_by_step(huh, tmp_path, capsys):
    path = tmp_path / "match.json"
    path.write_text(whole_text(huh), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "97 moves" in out and "reaches the final state" in out and "\n[1]" not in out
    # not on a terminal (pytest's input): every step at once, no waiting for Enter
    assert cli.main(["replay", str(path), "--step", "--lang", "de", "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n[") == 97 and "Endstand" in out


@pytest.mark.parametrize("argv_tail,code,message", [
    ([], 1, "the file is cut off"),
    (["--seat", "2"], 1, None),
    (["--seat", "-1"], 2, "--seat counts from 0"),
])
def test_cli_replay_refusals_are_one_line_with_nothing_on_stdout(huh, tmp_path, capsys, argv_tail, code, message):
    path = tmp_path / "match.json"
    text = whole_text(huh)
    path.write_text(text[:-40] if message == "the file is cut off" else text, encoding="utf-8")
    assert cli.main(["replay", str(path), *argv_tail]) == code
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    assert (message or "no seat 2 in this match of seats 0-1") in captured.err


def test_cli_replay_of_a_share_or_an_older_engine_or_no_file(huh, huh_secret, tmp_path, capsys, newer_engine):
    shared = tmp_path / "share.json"
    shared.write_text(match_file.dumps(match_file.seat_share(huh_secret.match, huh_secret.log, 100)), encoding="utf-8")
    assert cli.main(["replay", str(shared)]) == 1
    assert "only what seat 0 could see" in capsys.readouterr().err
    older = tmp_path / "older.json"
    older.write_text(edit(whole_text(huh), lambda d: d.update(engine_version=newer_engine - 1)), encoding="utf-8")
    assert cli.main(["replay", str(older)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and f"this is version {newer_engine}: it cannot be replayed faithfully" in captured.err
    assert cli.main(["replay", str(tmp_path / "missing.json")]) == 1
    assert "cannot read" in capsys.readouterr().err


# -- brettbote export ------------------------------------------------------------------


async def play_through_the_service(service, match_id: int, rnd: random.Random, moves: int | None = None) -> None:
    """Random legal choices, each a real move of the match service."""
    for _ in range(moves if moves is not None else 10_000):
        match = await service.get(match_id)
        if match.status != "running":
            return
        engine = engines.get(match.game)
        seat = rnd.choice(engine.to_act(engine.load_state(match.state)))
        choices = service.choices(match, seat)
        index, token, _ = rnd.choice(choices)
        await service.act(match_id, match.user(seat), match.seats[seat].decision_counter, index, token)


async def test_cli_export_writes_any_stored_match_whole(service, store, db, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", db)
    solo = await service.new_match(guild_id=1, channel_id=10, game="hoch-und-hoeher", host_id=1, players=1)
    await play_through_the_service(service, solo.id, random.Random(1))
    running = await service.new_match(guild_id=1, channel_id=11, game="himmel-und-hoelle", host_id=1)
    await service.join(11, 2)
    await play_through_the_service(service, running.id, random.Random(2), moves=12)
    lobby = await service.new_match(guild_id=1, channel_id=12, game="halleluja", host_id=1)
    for match_id, status in ((solo.id, "finished"), (running.id, "running")):
        path = tmp_path / f"{match_id}.json"
        assert await asyncio.to_thread(cli.main, ["export", str(match_id), "--out", str(path)]) == 0
        assert f"match {match_id} ({'hoch-und-hoeher' if match_id == solo.id else 'himmel-und-hoelle'}, {status}" \
            in capsys.readouterr().out
        text = path.read_text(encoding="utf-8")
        match, log = await match_file.read(store, match_id)
        assert text == match_file.dumps(match_file.whole(match, log))
        file = match_file.load(text)
        assert file.replayable and file.status == status and file.seed == match.seed and len(file.log) == len(log)
        assert match_file.check(file).file.final_digest == file.final_digest
    # to stdout without --out
    assert await asyncio.to_thread(cli.main, ["export", str(running.id)]) == 0
    assert match_file.load(capsys.readouterr().out).status == "running"
    assert await asyncio.to_thread(cli.main, ["export", str(lobby.id)]) == 1
    assert "never started" in capsys.readouterr().err
    assert await asyncio.to_thread(cli.main, ["export", "99"]) == 1
    assert "no match 99" in capsys.readouterr().err


async def test_a_match_exports_the_engine_version_it_was_started_with(service, store, db, tmp_path, monkeypatch,
                                                                     capsys):
    """The rules change while a match runs: its file names the version it was
    played by, not today's, and replay says it is older instead of blaming
    the file; a match started before versions were recorded says that."""
    monkeypatch.setenv("DATABASE_URL", db)
    ours = registry.game("himmel-und-hoelle").version
    await service.new_match(guild_id=1, channel_id=11, game="himmel-und-hoelle", host_id=1)
    match, _ = await service.join(11, 2)
    assert match.engine_version == ours
    await play_through_the_service(service, match.id, random.Random(2), moves=6)
    path = tmp_path / "match.json"

    async def exported() -> str:
        assert await asyncio.to_thread(cli.main, ["export", str(match.id), "--out", str(path)]) == 0
        capsys.readouterr()
        return path.read_text(encoding="utf-8")

    with engine_bumped() as newer:
        text = await exported()
        assert json.loads(text)["engine_version"] == ours
        with pytest.raises(MatchFileError) as refused:
            match_file.load(text)
        assert str(refused.value) == (f"made with engine version {ours} of himmel-und-hoelle, this is version {newer}: "
                                      "it cannot be replayed faithfully")
        # a match started now is played by the new rules, and says so
        await service.new_match(guild_id=1, channel_id=12, game="himmel-und-hoelle", host_id=3)
        started, _ = await service.join(12, 4)
        assert started.engine_version == newer
        # a match started before Brettbote recorded engine versions
        async with store.transaction() as tx:
            await tx.execute("UPDATE matches SET engine_version=NULL WHERE id=?", (match.id,))
        stored_match, log = await match_file.read(store, match.id)
        assert stored_match.engine_version is None
        assert match_file.seat_share(stored_match, log, 1).engine_version == 0
        text = await exported()
        assert json.loads(text)["engine_version"] == 0
        with pytest.raises(MatchFileError, match=f"older than engine versions .* this is version {newer}: "
                                                 "it cannot be replayed faithfully"):
            match_file.load(text)


async def test_cli_export_to_a_path_it_cannot_write_is_one_line(service, db, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", db)
    solo = await service.new_match(guild_id=1, channel_id=10, game="hoch-und-hoeher", host_id=1, players=1)
    for out in (tmp_path / "no-such-folder" / "match.json", tmp_path):  # a folder that is not there; a folder
        assert await asyncio.to_thread(cli.main, ["export", str(solo.id), "--out", str(out)]) == 1
        captured = capsys.readouterr()
        assert captured.out == "" and "Traceback" not in captured.err
        assert len(captured.err.strip().splitlines()) == 1 and f"brettbote: cannot write {out}: " in captured.err
    assert not (tmp_path / "no-such-folder").exists()


async def test_cli_export_without_a_database_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'none.sqlite3'}")
    assert await asyncio.to_thread(cli.main, ["export", "1"]) == 1
    assert "no database at" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists()


if __name__ == "__main__":  # writes the kept match files anew (see EXAMPLES)
    EXAMPLES.mkdir(exist_ok=True)
    for game, seats, seed, options, moves in EXAMPLE_MATCHES:
        (EXAMPLES / f"{game}.json").write_text(whole_text(play(game, seats, seed, options, limit=moves or 5000)),
                                              encoding="utf-8")
