"""The web view's CPU work, run by :mod:`bot.workers` off the event loop:
module-level functions of picklable arguments (views travel as JSON)."""

from __future__ import annotations

import io

from PIL import Image

import render
from bot.play.recap import public_views
from bot.play.replay import Replay

#: The live board is drawn this many times larger than in Discord, so that it
#: stays sharp when a reader zooms in 4x on a phone or desktop.
BOARD_SCALE = 3.0


def board(game: str, view: str, locale: str, scale: float) -> tuple[bytes, int, int]:
    """The board picture of ``view`` at ``scale``, and its size at scale 1
    (the coordinates the board's regions are given in)."""
    png = render.board_png(game, view, locale, scale=scale)
    drawn = scale if render.scalable(game) else 1.0
    width, height = Image.open(io.BytesIO(png)).size
    return png, round(width / drawn), round(height / drawn)


def hand(game: str, view: str, locale: str) -> bytes | None:
    return render.hand_png(game, view, locale)


def frame_views(replay: Replay) -> list[str]:
    """The spectator views a recap is made of (``/game recap``'s frames), as JSON."""
    return [view.model_dump_json() for view in public_views(replay)]
