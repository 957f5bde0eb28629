"""Board pictures drawn k times larger and sharp, for the web view.

The four small boards (Himmel und Hölle, Hoch und höher, Hektor und Achill,
Halleluja) are laid out once, in the pixels of the picture posted to Discord.
The web view wants the same picture larger (k = 3 on a phone's dense screen);
enlarging the bitmap would blur the type and the edges, and laying every board
out a second time would let the two pictures drift apart. So a renderer draws
through :class:`Sharp`, a stand-in for its ``ImageDraw`` that multiplies every
coordinate, line width and radius by k and swaps each font for the same face
at k times the size: the layout code runs unchanged, in its own units, and the
type is rasterised at the large size.

Measuring stays in the layout's units: the renderers measure with the fonts
they hold (``font(size).getlength``), which are never swapped, and
:meth:`Sharp.textlength` / :meth:`Sharp.textbbox` answer for the unscaled font.

Pillow's shapes are exact pixel sets: a box ``(x0, y0, x1, y1)`` covers the
pixels x0..x1 inclusive, a polygon's or a line's points sit on pixel centres,
text is placed on pixel edges. Each is mapped so that the scaled shape covers
the same area k times larger (pixel ``x`` becomes pixels ``k*x .. k*x+k-1``),
so the large picture, shrunk back, matches the small one.

At k = 1 the renderers keep drawing on the plain ``ImageDraw`` (see
:func:`canvas`), so the Discord picture stays byte for byte what it was.

The HellGame has its own magnifier, :class:`render.hellgame_draw.Zoom`: it
also shifts the origin (crops of the map) and its text goes through cached
glyph masks instead of fonts. This one covers only what the four boards above
draw with, and nothing else, so a new kind of call fails loudly instead of
drawing unscaled.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

#: The largest magnification offered (a 1180 px board becomes 4720 px wide).
MAX_SCALE = 4.0


def check(scale: float) -> float:
    """``scale`` as a float, refused outside 1..:data:`MAX_SCALE`."""
    scale = float(scale)
    if not 1.0 <= scale <= MAX_SCALE:
        raise ValueError(f"scale must lie between 1 and {MAX_SCALE:g}, not {scale!r}")
    return scale


def canvas(width: int, height: int, colour, scale: float = 1.0):
    """A new RGB image of ``width`` x ``height`` layout pixels at ``scale``,
    and what to draw on it: the plain ``ImageDraw`` at scale 1, else a
    :class:`Sharp` over it."""
    k = check(scale)
    im = Image.new("RGB", (round(width * k), round(height * k)), colour)
    d = ImageDraw.Draw(im)
    return im, (d if k == 1.0 else Sharp(d, k))


def length(n: float, scale: float) -> int:
    """A layout length (the height to crop to) in the pixels at ``scale``."""
    return round(n * scale)


@lru_cache(maxsize=256)
def _face(path: str, size: int, index: int, encoding: str, layout_engine, k: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, max(1, round(size * k)), index=index, encoding=encoding,
                              layout_engine=layout_engine)


def enlarged(f: ImageFont.FreeTypeFont, k: float) -> ImageFont.FreeTypeFont:
    """The face of ``f`` at ``round(f.size * k)`` pixels, loaded once."""
    return _face(f.path, f.size, f.index, f.encoding, f.layout_engine, k)


class Sharp:
    """An ``ImageDraw`` seen through a magnifier of ``k`` (see the module
    docstring). Only the calls and keywords the four boards use are offered."""

    def __init__(self, draw: ImageDraw.ImageDraw, k: float):
        self.draw, self.k = draw, float(k)

    # -- mapping -------------------------------------------------------------

    def _pairs(self, xy) -> list[tuple[float, float]]:
        """Pillow's two forms: ``[(x, y), ...]`` or flat ``(x0, y0, x1, y1, ...)``."""
        if isinstance(xy[0], (tuple, list)):
            return [(float(x), float(y)) for x, y in xy]
        return [(float(xy[i]), float(xy[i + 1])) for i in range(0, len(xy), 2)]

    def points(self, xy) -> list[tuple[float, float]]:
        """Points on pixel centres: centre ``p`` (edge p + 0.5) goes to edge k * (p + 0.5)."""
        half = (self.k - 1) / 2
        return [(x * self.k + half, y * self.k + half) for x, y in self._pairs(xy)]

    def box(self, xy) -> list[float]:
        """An inclusive pixel box: pixels x0..x1 become k*x0 .. k*x1 + k - 1."""
        (x0, y0), (x1, y1) = self._pairs(xy)
        k = self.k
        return [x0 * k, y0 * k, x1 * k + k - 1, y1 * k + k - 1]

    def width(self, width: float) -> int:
        return max(1, round(width * self.k)) if width else 0

    def font(self, f):
        return enlarged(f, self.k) if isinstance(f, ImageFont.FreeTypeFont) else f

    # -- shapes ----------------------------------------------------------------

    def rectangle(self, xy, fill=None, outline=None, width: float = 1) -> None:
        self.draw.rectangle(self.box(xy), fill=fill, outline=outline, width=self.width(width))

    def rounded_rectangle(self, xy, radius: float = 0, fill=None, outline=None, width: float = 1) -> None:
        self.draw.rounded_rectangle(self.box(xy), radius=radius * self.k, fill=fill, outline=outline,
                                    width=self.width(width))

    def ellipse(self, xy, fill=None, outline=None, width: float = 1) -> None:
        self.draw.ellipse(self.box(xy), fill=fill, outline=outline, width=self.width(width))

    def polygon(self, xy, fill=None, outline=None, width: float = 1) -> None:
        self.draw.polygon(self.points(xy), fill=fill, outline=outline, width=self.width(width))

    def line(self, xy, fill=None, width: float = 0) -> None:
        # width 0 is Pillow's thinnest line, one pixel: k pixels here
        self.draw.line(self.points(xy), fill=fill, width=self.width(max(width, 1)))

    # -- type --------------------------------------------------------------------

    def text(self, xy, text: str, fill=None, font=None, anchor: str | None = None) -> None:
        x, y = xy
        self.draw.text((x * self.k, y * self.k), text, fill=fill, font=self.font(font), anchor=anchor)

    def textlength(self, text: str, font=None) -> float:
        """In layout units: measured with the unscaled font."""
        return self.draw.textlength(text, font=font)

    def textbbox(self, xy, text: str, font=None, anchor: str | None = None) -> tuple[float, float, float, float]:
        """In layout units: measured with the unscaled font at the unscaled point."""
        return self.draw.textbbox(xy, text, font=font, anchor=anchor)
