"""Himmel und Hölle: two players, five dice each, a 10x3 board, and conflicts
fought with secret cards 0-12."""

from engines.himmel_und_hoelle.engine import ENGINE, HimmelUndHoelle
from engines.registry import Game

#: The game's registry entry (entry point group ``brettbote.games``).
GAME = Game(
    id="himmel-und-hoelle",
    engine="engines.himmel_und_hoelle.engine:ENGINE",
    board_png="render.himmel_und_hoelle:board_png",
    board_text="render.himmel_und_hoelle_text:board_text",
    board_regions="render.himmel_und_hoelle_regions:board_regions",
    order=1,
    version=1,
)

__all__ = ["GAME", "ENGINE", "HimmelUndHoelle"]
