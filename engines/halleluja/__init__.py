"""Halleluja: 2-4 players, angels and devils on a 7x7 board, moved by a
sliding number tile. Only a review survives; the rules are reconstructed."""

from engines.halleluja.engine import ENGINE, Halleluja
from engines.registry import Game

#: The game's registry entry (entry point group ``brettbote.games``).
GAME = Game(
    id="halleluja",
    engine="engines.halleluja.engine:ENGINE",
    board_png="render.halleluja:board_png",
    board_text="render.halleluja_text:board_text",
    board_regions="render.halleluja_regions:board_regions",
    order=3,
    version=1,
)

__all__ = ["GAME", "ENGINE", "Halleluja"]
