"""The recap builder (bot.play.recap): one frame per public move, spectator
views only, a GIF that decodes and fits the upload limit."""

from __future__ import annotations

import io
import random
from types import SimpleNamespace

from PIL import Image, ImageChops

import engines
import render
from bot import workers
from bot.play import recap
from bot.play.replay import Replay
from bot.store import LoggedAction

HUH = engines.get("himmel-und-hoelle")
HUA = engines.get("hektor-und-achill")
LIMIT = 10 * 1024 * 1024

#: Both dice walk into each other on B6 (as in bot_harness.play_to_conflict):
#: 13 public moves, the last one opens a conflict.
TO_CONFLICT = [
    (0, "Move B1 → B2"), (0, "Lower and move B2 → B3 (3 → 2, free)"), (0, "Lower and move B3 → B4 (2 → 1, free)"),
    (0, "End turn"), (1, "Move B10 → B9"), (1, "Lower and move B9 → B8 (3 → 2, free)"),
    (1, "Lower and move B8 → B7 (2 → 1, free)"), (1, "End turn"), (0, "Move B4 → B5"), (0, "End turn"),
    (1, "Move B7 → B6"), (1, "End turn"), (0, "Move B5 → B6"),
]


def logged(engine, seed: int, moves) -> tuple[Replay, list]:
    """A replay of ``moves`` (seat, label or chooser) and the states after each."""
    state = engine.setup(2, seed, {})
    log, states = [], [state]
    for seat, pick in moves:
        actions = engine.legal_actions(state, seat)
        action = next(a for a in actions if engine.label(state, seat, a, "en") == pick) if isinstance(pick, str) else pick(actions)
        log.append(LoggedAction(len(log) + 1, seat, engine.dump_action(action), [], ""))
        state, _ = engine.apply(state, seat, action)
        states.append(state)
    return Replay(engine.id, 2, seed, {}, None, log), states


def huh_through_a_conflict() -> tuple[Replay, list]:
    """13 public moves, Hell's secret card (no frame), Heaven's card (the
    reveal: a frame), Hell's move after the conflict (a frame)."""
    replay, states = logged(HUH, 7, TO_CONFLICT)
    state = states[-1]
    moves = list(TO_CONFLICT)
    for _ in range(3):
        seat = HUH.to_act(state)[0]
        moves.append((seat, lambda actions: actions[0]))
        replay, states = logged(HUH, 7, moves)
        state = states[-1]
    return replay, states


def hua_opening(count: int = 24) -> tuple[Replay, list]:
    """The first ``count`` moves of Hektor und Achill by random choices: a
    battle with both hands dealt."""
    rnd = random.Random(3)
    state, moves = HUA.setup(2, 7, {}), []
    for _ in range(count):
        seat = HUA.decisions(state)[0].seat
        action = rnd.choice(HUA.legal_actions(state, seat))
        moves.append((seat, lambda actions, a=action: a))
        state, _ = HUA.apply(state, seat, action)
    return logged(HUA, 7, moves)


def gif_frames(data: bytes) -> list[Image.Image]:
    im = Image.open(io.BytesIO(data))
    assert im.format == "GIF"
    out = []
    for i in range(im.n_frames):
        im.seek(i)
        out.append(im.convert("RGB"))
    return out


def picture(game: str, view) -> bytes:
    return render.board_png(game, view, "en")


def same(a: Image.Image | bytes, b: Image.Image | bytes) -> bool:
    a, b = (Image.open(io.BytesIO(x)) if isinstance(x, bytes) else x for x in (a, b))
    return a.size == b.size and ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def test_one_frame_per_public_move_and_none_for_a_secret_card():
    replay, states = huh_through_a_conflict()
    views = recap.public_views(replay)
    # the start, 13 moves, no frame for Hell's card, the reveal, Hell's next move
    assert len(views) == 1 + 13 + 1 + 1
    shown = [HUH.view(states[i], None) for i in [*range(14), 15, 16]]
    assert views == shown
    made = recap.build(replay, "de", LIMIT)
    assert (made.moves, made.frames) == (15, 16)
    frames = gif_frames(made.gif)
    assert len(frames) == 16
    durations = []
    im = Image.open(io.BytesIO(made.gif))
    for i in range(im.n_frames):
        im.seek(i)
        durations.append(im.info["duration"])
    assert durations[-1] == durations[0] + recap.LAST_HOLD_MS
    assert 3000 <= sum(durations[:-1]) + durations[0] <= 12000  # the run, without the last frame's hold


def test_frames_are_spectator_pictures_never_a_seats_hand():
    replay, states = hua_opening()
    views = recap.public_views(replay)
    made = recap.build(replay, "en", LIMIT)
    frames = gif_frames(made.gif)
    assert len(frames) == len(views) == made.frames
    spectator = [picture("hektor-und-achill", v) for v in views]
    expected = recap.frames(spectator, recap.WIDTHS[0])
    # which states the frames show: the public view of each one after a frame-making move
    publics = {HUA.view(s, None).model_dump_json(): s for s in states}
    differing = 0
    for i, view in enumerate(views):
        assert view.model_dump_json() in publics and view.hand is None
        assert same(frames[i], expected[i])
        state = publics[view.model_dump_json()]
        for seat in (0, 1):
            private = picture("hektor-und-achill", HUA.view(state, seat))
            if not same(private, spectator[i]):
                differing += 1
                assert not same(frames[i], recap.frames([spectator[0], private], recap.WIDTHS[0])[1])
    assert differing > 0  # the opening reached a battle: hands exist and would show


def test_a_small_limit_gets_fewer_frames_and_a_too_small_one_none():
    replay, _ = hua_opening()
    full = recap.build(replay, "en", LIMIT)
    limit = len(full.gif) // 2
    small = recap.build(replay, "en", limit)
    assert len(small.gif) <= limit and small.frames < full.frames and small.moves == full.moves
    assert full.width == recap.WIDTHS[0] == Image.open(io.BytesIO(full.gif)).width
    assert len(gif_frames(small.gif)) == small.frames
    assert recap.build(replay, "en", 1000).gif is None


def test_long_matches_are_sampled_evenly_and_frames_timed_within_bounds():
    picked = recap.sample(1000, recap.FRAME_CAP)
    assert len(picked) == recap.FRAME_CAP == len(set(picked)) and picked[0] == 0 and picked[-1] == 999
    gaps = {b - a for a, b in zip(picked, picked[1:])}
    assert max(gaps) - min(gaps) <= 1
    assert recap.sample(5, recap.FRAME_CAP) == [0, 1, 2, 3, 4]
    assert recap.frame_ms(2) == 600 and recap.frame_ms(150) == 80 and recap.frame_ms(20) == 300


def test_no_public_move_no_frames_and_moves_taken_back_are_left_out():
    replay, _ = huh_through_a_conflict()
    assert recap.build(Replay("himmel-und-hoelle", 2, 7, {}, None, []), "en", LIMIT).moves == 0
    undone = [LoggedAction(e.counter, e.seat, e.action, [], "", undone_by=99 if e.counter > 4 else None)
              for e in replay.log]
    match = SimpleNamespace(game="himmel-und-hoelle", seats=[0, 1], seed=7, options={})
    assert len(recap.public_views(recap.replay_of(match, undone))) == 1 + 4


async def test_built_in_a_render_worker_process_the_same_gif():
    replay, _ = huh_through_a_conflict()
    here = recap.build(replay, "en", LIMIT)
    workers.configure(1)
    try:
        there = await workers.run(recap.build, replay, "en", LIMIT, pool="render")
    finally:
        workers.configure(0)
    assert there == here


def test_the_last_try_is_in_few_colours_and_a_long_match_is_sampled(monkeypatch):
    replay, _ = hua_opening()
    views = recap.public_views(replay)
    pictures = [picture("hektor-und-achill", views[i]) for i in recap.sample(len(views), recap.MIN_FRAMES)]
    many, _ = recap.encode(pictures, recap.WIDTHS[-1])
    few, width = recap.encode(pictures, recap.WIDTHS[-1], recap.FEW_COLOURS)
    assert len(few) < len(many) and width == recap.WIDTHS[-1]
    made = recap.build(replay, "en", len(few))  # only the last try fits
    assert made.gif == few and made.frames == recap.MIN_FRAMES
    assert all(len(frame.getcolors(4096)) <= recap.FEW_COLOURS for frame in gif_frames(made.gif))
    monkeypatch.setattr(recap, "FRAME_CAP", 5)
    sampled = recap.build(replay, "en", LIMIT)
    assert (sampled.frames, sampled.moves) == (5, len(views) - 1)
    frames = gif_frames(sampled.gif)
    first, last = (picture("hektor-und-achill", views[i]) for i in (0, -1))
    expected = recap.frames([first, last], recap.WIDTHS[0])
    assert same(frames[0], expected[0]) and same(frames[-1], expected[1])  # first and last kept
