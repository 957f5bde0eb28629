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


def palette(flat: list[tuple[int, int, int]], text_pairs: list[tuple[tuple, tuple]], steps: int) -> Image.Image:
    """A palette image of a renderer's flat colours plus, for each pair of
    text colour and ground, the ``steps - 1`` blends anti-aliased type needs."""
    colours = list(flat)
    for fg, bg in text_pairs:
        for k in range(1, steps):
            a = k / steps
            colours.append(tuple(round(f * a + b * (1 - a)) for f, b in zip(fg, bg)))
    colours = list(dict.fromkeys(colours))
    if len(colours) > 256:
        raise ValueError(f"{len(colours)} colours do not fit one palette")
    pal = Image.new("P", (1, 1))
    pal.putpalette([c for rgb in colours for c in rgb] + [0, 0, 0] * (256 - len(colours)))
    return pal
