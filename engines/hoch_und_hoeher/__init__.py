"""Hoch und höher: 1-2 players stack 14 towers with a die and place four
pawns on them, hoping to end high."""

from engines.hoch_und_hoeher.engine import ENGINE, HochUndHoeher
from engines.registry import Game

#: The game's registry entry (entry point group ``brettbote.games``).
GAME = Game(
    id="hoch-und-hoeher",
    engine="engines.hoch_und_hoeher.engine:ENGINE",
    board_png="render.hoch_und_hoeher:board_png",
    board_text="render.hoch_und_hoeher_text:board_text",
    board_regions="render.hoch_und_hoeher_regions:board_regions",
    order=2,
    version=1,
)

__all__ = ["GAME", "ENGINE", "HochUndHoeher"]
