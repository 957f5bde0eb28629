"""The bundled DejaVu fonts, loaded once per size.

Only the files next to this module are used, so every host draws the same
glyphs and no rendering depends on system fonts or the network.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The DejaVu Sans face at ``size`` pixels.

    BASIC layout: our labels are short left-to-right strings, and it avoids
    depending on whether Pillow was built with libraqm (same output everywhere).
    """
    path = FONT_DIR / (BOLD if bold else REGULAR)
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)
