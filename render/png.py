"""Turning a drawn board into PNG bytes, the same way for every game.

Boards are drawn in RGB on a canvas of the largest height and cut to what was
used; mapping onto the renderer's fixed palette of flat colours (no dithering)
keeps files small and saving fast, which the full RGB image is not.
"""

from __future__ import annotations

import io

from PIL import Image


def encode(im: Image.Image, height: int, palette: Image.Image) -> bytes:
    """``im`` cut to ``height`` (at most its own), as a palette PNG."""
    im = im.crop((0, 0, im.width, min(height, im.height))).quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    im.save(out, "PNG", compress_level=6)
    return out.getvalue()
