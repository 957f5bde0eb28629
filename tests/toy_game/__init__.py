"""A toy game for tests only (see :mod:`toy_game.engine`): registered in a
fixture with ``engines.registry.register(GAME)``, never by entry point.

``tests/`` is on ``sys.path`` while pytest runs (rootdir-relative imports, as
for ``bot_harness`` and ``fake_discord``), so the package is ``toy_game``.
"""

from engines.registry import Game
from toy_game.engine import ENGINE, ToyGame

GAME = Game(
    id="toy",
    engine="toy_game.engine:ENGINE",
    board_png="toy_game.render:board_png",
    board_text="toy_game.render:board_text",
    order=999,
)

__all__ = ["GAME", "ENGINE", "ToyGame"]
