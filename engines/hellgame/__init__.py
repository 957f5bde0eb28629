"""The HellGame (Fager, Johansson; UGG 2002): 2-6 players, a negotiation
wargame for a circle of Hell. Component data in :mod:`engines.hellgame.core.data`,
the procedure in :mod:`engines.hellgame.core.flow`, the contract in
:mod:`engines.hellgame.engine`."""

from engines.registry import Game

#: The game's registry entry (entry point group ``brettbote.games``).
GAME = Game(
    id="hellgame",
    engine="engines.hellgame.engine:ENGINE",
    board_png="render.hellgame:board_png",
    board_text="render.hellgame_text:board_text",
    hand_png="render.hellgame:hand_png",
    card_book="render.hellgame_text:card_book",
    focus_png="render.hellgame_crop:zoom_png",
    quarter_png="render.hellgame_crop:quarter_png",
    quarters=5,
    board_regions="render.hellgame_regions:board_regions",
    order=5,
    version=8,
)

__all__ = ["GAME"]
