"""The drawing parts of The HellGame's pictures: the colours, the seats'
symbols, the markers' badges and text drawn from cached masks.

Nothing is told by colour alone: each seat has an Okabe-Ito colour and its own
symbol (orange circle, sky blue square, green triangle, yellow diamond, dark
blue star, purple cross; the freebooters a grey saltire), the same as the
engine's seat names.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.hellgame.core.model import FREEBOOTERS
from render.typeface import font

# -- colours (Okabe-Ito; a symbol always goes with a colour) ----------------------

BG = (250, 248, 243)
INK = (28, 28, 28)
MUTED = (92, 92, 92)
LINE = (178, 170, 156)
WHITE = (255, 255, 255)
NEUTRAL = (226, 224, 218)  # a sectio nobody holds
ANTE = (203, 192, 172)  # Antehell
PENT_BG = (52, 36, 36)
PENT_LINE = (236, 226, 210)
PENT_POINT = (213, 94, 0)  # the coloured point (Okabe-Ito vermillion, no seat's colour)
GOLD = (240, 196, 60)  # the printed 6
WILD = INK

FILL = {
    0: (230, 159, 0),  # orange
    1: (86, 180, 233),  # sky blue
    2: (0, 158, 115),  # bluish green
    3: (240, 228, 66),  # yellow
    4: (0, 114, 178),  # blue
    5: (204, 121, 167),  # reddish purple
    FREEBOOTERS: (112, 112, 112),
}
SHAPES = {0: "circle", 1: "square", 2: "triangle", 3: "diamond", 4: "star", 5: "cross", FREEBOOTERS: "saltire"}


def _mix(colour: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return tuple(round(c * amount + w * (1 - amount)) for c, w in zip(colour, WHITE))  # type: ignore[return-value]


#: A held sectio's ground and a player's panel row: the colour, lightened.
TINT = {k: _mix(c, 0.38) for k, c in FILL.items()}
#: Ink on a seat's full colour: white on the dark blue and the grey.
ON_FILL = {k: (WHITE if k in (4, FREEBOOTERS) else INK) for k in FILL}


# -- zoom ----------------------------------------------------------------------


class Zoom:
    """A drawing surface seen through a magnifier: callers draw in the full
    map's coordinates and sizes, the picture gets everything ``k`` times
    larger, shifted so that map point ``(x0, y0)`` is its top left corner.

    The map is written once, for the full board; a zoomed crop
    (:mod:`render.hellgame_crop`) runs the same drawing code through this.
    Shapes are scaled here; the text and symbol primitives below ask for
    their masks at the zoomed size (:func:`unzoom`), so type stays as sharp
    as on the full map instead of being an enlarged bitmap. Only the calls
    the HellGame's map makes are provided.
    """

    def __init__(self, draw: ImageDraw.ImageDraw, k: float, x0: float = 0.0, y0: float = 0.0):
        self.draw, self.k, self.x0, self.y0 = draw, k, x0, y0

    def point(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.x0) * self.k, (y - self.y0) * self.k

    def width(self, width: float) -> int:
        return max(1, round(width * self.k)) if width else 0

    def _xy(self, xy) -> list:
        """Pillow's forms: ``[(x, y), ...]`` or flat ``(x0, y0, x1, y1, ...)``."""
        if isinstance(xy[0], (tuple, list)):
            return [self.point(x, y) for x, y in xy]
        return [c for i in range(0, len(xy), 2) for c in self.point(xy[i], xy[i + 1])]

    def rectangle(self, xy, fill=None, outline=None, width: float = 1) -> None:
        self.draw.rectangle(self._xy(xy), fill=fill, outline=outline, width=self.width(width))

    def rounded_rectangle(self, xy, radius: float = 0, fill=None, outline=None, width: float = 1) -> None:
        self.draw.rounded_rectangle(self._xy(xy), radius=radius * self.k, fill=fill, outline=outline,
                                    width=self.width(width))

    def ellipse(self, xy, fill=None, outline=None, width: float = 1) -> None:
        self.draw.ellipse(self._xy(xy), fill=fill, outline=outline, width=self.width(width))

    def polygon(self, xy, fill=None, outline=None, width: float = 1) -> None:
        self.draw.polygon(self._xy(xy), fill=fill, outline=outline, width=self.width(width))

    def line(self, xy, fill=None, width: float = 0, joint: str | None = None) -> None:
        self.draw.line(self._xy(xy), fill=fill, width=self.width(width), joint=joint)


def unzoom(d, x: float, y: float, size: float) -> tuple[ImageDraw.ImageDraw, float, float, float]:
    """The real surface, point and size a mask is drawn with: through a
    :class:`Zoom` the point moves and the size grows; otherwise all stay."""
    if isinstance(d, Zoom):
        x, y = d.point(x, y)
        return d.draw, x, y, size * d.k
    return d, x, y, size


# -- primitives ----------------------------------------------------------------


@lru_cache(maxsize=2048)
def text_w(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getlength(text))


def fit(text: str, size: int, width: float, bold: bool = False) -> int:
    """The largest font size up to ``size`` at which ``text`` fits ``width``."""
    while size > 10 and text_w(text, size, bold) > width:
        size -= 1
    return size


def clip(text: str, size: int, width: float, bold: bool = False) -> str:
    while len(text) > 2 and text_w(text, size, bold) > width:
        text = text[:-2].rstrip() + "…"
    return text


def wrap(text: str, size: int, width: float) -> list[str]:
    """``text`` broken into lines of at most ``width`` pixels (at spaces)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_w(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(clip(word, size, width))
    return lines


def _shape(d: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, size: float, fill, outline, width: int) -> None:
    h = size / 2
    if shape == "circle":
        d.ellipse((cx - h, cy - h, cx + h, cy + h), fill=fill, outline=outline, width=width)
    elif shape == "square":
        s = h * 0.86
        d.rectangle((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=outline, width=width)
    elif shape == "triangle":
        d.polygon([(cx, cy - h * 1.05), (cx + h * 1.1, cy + h * 0.85), (cx - h * 1.1, cy + h * 0.85)], fill=fill,
                  outline=outline, width=width)
    elif shape == "diamond":
        k = h * 1.12
        d.polygon([(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)], fill=fill, outline=outline, width=width)
    elif shape == "star":
        pts = []
        for i in range(10):
            r = h * 1.18 if i % 2 == 0 else h * 0.5
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a) + h * 0.08))
        d.polygon(pts, fill=fill, outline=outline, width=width)
    elif shape == "cross":
        k, t = h * 1.02, h * 0.38
        d.polygon([(cx - t, cy - k), (cx + t, cy - k), (cx + t, cy - t), (cx + k, cy - t), (cx + k, cy + t),
                   (cx + t, cy + t), (cx + t, cy + k), (cx - t, cy + k), (cx - t, cy + t), (cx - k, cy + t),
                   (cx - k, cy - t), (cx - t, cy - t)], fill=fill, outline=outline, width=width)
    elif shape == "warning":
        d.polygon([(cx, cy - h * 1.05), (cx + h * 1.1, cy + h * 0.9), (cx - h * 1.1, cy + h * 0.9)], fill=fill,
                  outline=outline, width=width)
    else:  # saltire: the cross turned by 45 degrees
        k, t = h * 1.2, h * 0.3
        arm = [(-t, -k), (t, -k), (t, -t), (k, -t), (k, t), (t, t), (t, k), (-t, k), (-t, t), (-k, t), (-k, -t),
               (-t, -t)]
        c = math.sqrt(0.5)
        d.polygon([(cx + (x - y) * c, cy + (x + y) * c) for x, y in arm], fill=fill, outline=outline, width=width)


@lru_cache(maxsize=256)
def _stamp(shape: str, size: float, width: int) -> tuple[Image.Image, Image.Image]:
    """A shape as two masks, its whole area and its inside (without the
    outline), drawn once: Pillow draws a polygon with a thick outline through
    masks as large as the picture, which would cost more than all the rest."""
    side = math.ceil(size * 1.3) + 2 * width + 4
    im = Image.new("L", (side, side), 0)
    _shape(ImageDraw.Draw(im), shape, side / 2, side / 2, size, 128, 255, width)
    return im.point(lambda v: 255 if v else 0), im.point(lambda v: 255 if v == 128 else 0)


def shape_at(d: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, size: float, fill, outline=INK,
             width: int = 2) -> None:
    if isinstance(d, Zoom):
        width = d.width(width)
    d, cx, cy, size = unzoom(d, cx, cy, size)
    whole, inside = _stamp(shape, round(size * 2) / 2, width)
    xy = (round(cx - whole.width / 2), round(cy - whole.height / 2))
    d.bitmap(xy, whole, fill=outline)
    d.bitmap(xy, inside, fill=fill)


def symbol(d: ImageDraw.ImageDraw, owner: int, cx: float, cy: float, size: float, fill=None, outline=INK,
           width: int = 2) -> None:
    """The symbol of a seat in a box of ``size``, in its colour unless ``fill`` says otherwise."""
    fill = FILL.get(owner, NEUTRAL) if fill is None else fill
    shape_at(d, SHAPES.get(owner, "circle"), cx, cy, size, fill, outline, width)


def wild_badge(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    """A wild hellhound: a black badge with a white "H" (no seat's symbol)."""
    h = size / 2
    d.rounded_rectangle((cx - h, cy - h, cx + h, cy + h), radius=max(2, int(size / 5)), fill=WILD, outline=PENT_POINT,
                        width=2)
    write(d, (cx, cy + 1), "H", max(9, int(size * 0.66)), True, fill=WHITE, anchor="mm")


def warning_sign(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    h = size / 2
    shape_at(d, "warning", cx, cy, size, WHITE, INK, 3)
    write(d, (cx, cy + h * 0.25), "!", max(9, int(size * 0.62)), True, fill=INK, anchor="mm")


def souls_disc(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, souls: int, arcana: bool) -> None:
    """A sectio's income: souls in a white disc; the Wise Men a small card."""
    h = size / 2
    if arcana:
        d.rounded_rectangle((cx - h * 0.7, cy - h, cx + h * 0.7, cy + h), radius=3, fill=WHITE, outline=INK, width=2)
        write(d, (cx, cy + 1), "A", max(9, int(size * 0.55)), True, fill=INK, anchor="mm")
        return
    d.ellipse((cx - h, cy - h, cx + h, cy + h), fill=WHITE, outline=INK, width=2)
    write(d, (cx, cy + 1), str(souls), max(9, int(size * 0.64)), True, fill=INK, anchor="mm")


@lru_cache(maxsize=512)
def rotated_text(text: str, size: int, degrees: float) -> Image.Image:
    """A label as a mask turned ``degrees`` counter-clockwise (cached: the
    labels and their angles are the same in every picture)."""
    f = font(size, True)
    x0, y0, x1, y1 = f.getbbox(text, anchor="mm")
    pad = 2
    mask = Image.new("L", (x1 - x0 + 2 * pad, y1 - y0 + 2 * pad), 0)
    ImageDraw.Draw(mask).text((pad - x0, pad - y0), text, font=f, fill=255, anchor="mm")
    if abs(degrees) < 0.01:
        return mask
    return mask.rotate(degrees, resample=Image.Resampling.BICUBIC, expand=True)


def label_at(d: ImageDraw.ImageDraw, text: str, size: int, cx: float, cy: float, degrees: float, fill=INK) -> None:
    """``text`` centred on (cx, cy), its baseline turned ``degrees`` counter-clockwise."""
    d, cx, cy, size = unzoom(d, cx, cy, size)
    mask = rotated_text(text, round(size), round(degrees * 2) / 2)
    d.bitmap((round(cx - mask.width / 2), round(cy - mask.height / 2)), mask, fill=fill)


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool) -> tuple[Image.Image, tuple[int, int, int, int]]:
    f = font(size, bold)
    box = f.getbbox(text, anchor="la")
    mask = Image.new("L", (max(1, box[2] - box[0]), max(1, box[3] - box[1])), 0)
    ImageDraw.Draw(mask).text((-box[0], -box[1]), text, font=f, fill=255, anchor="la")
    return mask, box


@lru_cache(maxsize=4096)
def _anchor_box(text: str, size: int, bold: bool, anchor: str) -> tuple[int, int, int, int]:
    return font(size, bold).getbbox(text, anchor=anchor)


def write(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, bold: bool = False, fill=INK,
          anchor: str = "la") -> None:
    """``d.text`` with the glyphs drawn once per text and size: the same
    words and numbers come back in every picture, and drawing a cached mask
    costs a fraction of laying the glyphs out again."""
    if not text:
        return
    d, x, y, size = unzoom(d, xy[0], xy[1], size)
    xy, size = (x, y), round(size)
    mask, _ = _text_mask(text, size, bold)
    box = _anchor_box(text, size, bold, anchor)
    d.bitmap((round(xy[0]) + box[0], round(xy[1]) + box[1]), mask, fill=fill)
