"""Hektor und Achill: two armies of cards fight battle after battle; heroes,
a fate tile and favour and shame tokens decide which colours count."""

from engines.hektor_und_achill.engine import ENGINE, HektorUndAchill
from engines.registry import Game

#: The game's registry entry (entry point group ``brettbote.games``).
GAME = Game(
    id="hektor-und-achill",
    engine="engines.hektor_und_achill.engine:ENGINE",
    board_png="render.hektor_und_achill:board_png",
    board_text="render.hektor_und_achill_text:board_text",
    board_regions="render.hektor_und_achill_regions:board_regions",
    hand_png="render.hektor_und_achill:hand_png",
    order=4,
    version=1,
)

__all__ = ["GAME", "ENGINE", "HektorUndAchill"]
