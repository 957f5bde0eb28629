"""Recaps (``/game recap``): a match as an animated picture, move by move.

Hidden information cannot appear in one: the log is replayed by
:class:`bot.play.replay.Replay` (the one replayer) and every frame is the
game's own board picture (:func:`render.board_png`) of the engine's
spectator view, ``engine.view(state, None)``; the renderer is given views
only, never a state or a seat's view. A running match is shown the same way:
its public part up to now.

Which moves make a frame (decision): the starting position is the first
frame, then each *public* move adds one. A move is public when the spectator
view after it differs from the last frame's, except a secret choice after
which the same stage of play is still open (the first card of a simultaneous
choice, one step of an order drafted in secret): spectators only learn that
somebody chose, and the move that completes the decision (the reveal) makes
the frame. Moves taken back by ``/game undo`` are not in the log replayed.

Length and size (decisions): at most :data:`FRAME_CAP` frames; a longer
match is sampled evenly, first and last frame kept. Each frame shows
``6 s / frames``, between 80 and 600 ms (GIF viewers slow down shorter
frames; longer ones drag), so a recap runs about 6 s, at most 12 s, and the
last frame stays :data:`LAST_HOLD_MS` longer. GIF, because Discord animates GIFs
inline on every client (APNG only on some). Frames are at most
:data:`WIDTHS` pixels wide (800 first) and share the renderer's palette, so the GIF
stores only what changed from frame to frame. A file over the upload limit
is made again with fewer frames (in proportion to the excess), then
narrower, at last in :data:`FEW_COLOURS` colours, until it fits; if even
:data:`MIN_FRAMES` frames of that do not, there is no recap.

The building is CPU work for :mod:`bot.workers` (``pool="render"``):
:func:`build` is a module-level function of picklable arguments.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image

import render
from bot.play.replay import Replay
from bot.store import Match, Store

FRAME_CAP = 150
MIN_FRAMES = 10
#: Widths tried in turn, largest first (the boards are drawn 1180 px wide).
WIDTHS = (800, 600, 440)
#: The palette of the last try, at the smallest width: boards have large flat
#: areas, so they stay readable in few colours, and the GIF shrinks.
FEW_COLOURS = 32
#: The whole animation, spread over the frames (before the last frame's hold).
TOTAL_MS = 6000
FRAME_MS = (80, 600)
LAST_HOLD_MS = 3000


@dataclass
class Recap:
    #: The GIF; ``None`` when no size fits the limit.
    gif: bytes | None
    #: Public moves in the match (frames without the start), before sampling.
    moves: int
    #: Frames in the GIF (the start included).
    frames: int = 0
    width: int = 0


def replay_of(match: Match, log) -> Replay:
    """The whole match from its setup, without the moves taken back."""
    return Replay(match.game, len(match.seats), match.seed, match.options, None,
                  [entry for entry in log if entry.undone_by is None])


async def load(store: Store, match: Match) -> Replay:
    return replay_of(match, await store.actions(match.id))


def _secret_step(engine, before, after, seat: int) -> bool:
    """A secret choice that leaves its stage open (see the module docstring)."""
    decision = next((d for d in engine.decisions(before) if d.seat == seat), None)
    return (decision is not None and decision.secret and engine.result(after) is None
            and engine.stage(after) == engine.stage(before))


def public_views(replay: Replay) -> list:
    """The spectator view at the start and after each public move."""
    engine, start = replay.start()
    views = [engine.view(start, None)]
    for entry, before, after, _ in replay.steps():
        view = engine.view(after, None)
        if view != views[-1] and not _secret_step(engine, before, after, entry.seat):
            views.append(view)
    return views


def sample(count: int, cap: int) -> list[int]:
    """``cap`` indices out of ``range(count)``, evenly spread, first and last kept."""
    if count <= cap:
        return list(range(count))
    return [round(i * (count - 1) / (cap - 1)) for i in range(cap)]


def frame_ms(frames: int) -> int:
    """Each frame's time: the recap takes about TOTAL_MS, in GIF's 10 ms steps."""
    return min(max(TOTAL_MS // max(frames, 1), FRAME_MS[0]), FRAME_MS[1]) // 10 * 10


def frames(pictures: list[bytes], width: int, colours: int | None = None) -> list[Image.Image]:
    """The renderer's PNGs at most ``width`` wide, on one canvas size and one
    palette (the first picture's: every renderer draws on a fixed palette;
    or ``colours`` picked from it).
    Kept as PNG bytes until here: 150 decoded boards would take 150 MB."""
    sizes = [Image.open(io.BytesIO(png)).size for png in pictures]  # the header only
    scale = min(1.0, width / max(w for w, _ in sizes))
    size = (round(max(w for w, _ in sizes) * scale), round(max(h for _, h in sizes) * scale))
    first = Image.open(io.BytesIO(pictures[0]))
    palette = first if first.mode == "P" and not colours else first.convert("RGB").quantize(colours or 256)
    ground = first.convert("RGB").getpixel((0, 0))
    out = []
    for png in pictures:
        rgb = Image.open(io.BytesIO(png)).convert("RGB")
        if scale < 1:
            rgb = rgb.resize((round(rgb.width * scale), round(rgb.height * scale)), Image.Resampling.LANCZOS)
        canvas = Image.new("RGB", size, ground)  # boards differ in height: all on the largest
        canvas.paste(rgb, (0, 0))
        out.append(canvas.quantize(palette=palette, dither=Image.Dither.NONE))
    return out


def encode(pictures: list[bytes], width: int, colours: int | None = None) -> tuple[bytes, int]:
    """The pictures as a looping GIF (Pillow stores each frame as its change
    from the one before, and merges a frame equal to the one before), and its width."""
    shown = frames(pictures, width, colours)
    each = frame_ms(len(shown))
    durations = [each] * (len(shown) - 1) + [each + LAST_HOLD_MS]
    out = io.BytesIO()
    shown[0].save(out, "GIF", save_all=True, append_images=shown[1:], duration=durations, loop=0)
    return out.getvalue(), shown[0].width


def build(replay: Replay, locale: str, limit: int) -> Recap:
    """The recap of ``replay`` with labels in ``locale``, at most ``limit`` bytes."""
    views = public_views(replay)
    moves = len(views) - 1
    if moves == 0:
        return Recap(None, 0)
    views = [views[i] for i in sample(len(views), FRAME_CAP)]
    pictures = [render.board_png(replay.game, view, locale) for view in views]
    cap = len(pictures)
    for width, colours in [(width, None) for width in WIDTHS] + [(WIDTHS[-1], FEW_COLOURS)]:
        while True:
            chosen = [pictures[i] for i in sample(len(pictures), cap)]
            gif, shown = encode(chosen, width, colours)
            if len(gif) <= limit:
                return Recap(gif, moves, len(chosen), shown)
            if cap <= MIN_FRAMES:
                break
            # fewer frames in proportion to the excess, with a margin: frames cost about alike
            cap = max(MIN_FRAMES, min(cap - 1, int(cap * limit / len(gif) * 0.9)))
    return Recap(None, moves)
