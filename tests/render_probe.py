"""Pixel sampling for the render tests: what a board picture shows where.

Shared by the four ``test_render_*`` files. Boxes are ``(x0, y0, x1, y1)``
with ``x1``/``y1`` exclusive, as Pillow's ``crop`` takes them. Colours are RGB
tuples. Nothing here knows a game; the tests compute where to look from each
renderer's layout constants.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterable

from PIL import Image, ImageChops

Box = tuple[int, int, int, int]
RGB = tuple[int, int, int]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def decode(data: bytes) -> Image.Image:
    """PNG bytes as an RGB image (the renderers write palette PNGs)."""
    assert data.startswith(PNG_SIGNATURE)
    return Image.open(io.BytesIO(data)).convert("RGB")


# -- boxes ---------------------------------------------------------------------


def box(x0: float, y0: float, x1: float, y1: float) -> Box:
    return int(round(x0)), int(round(y0)), int(round(x1)), int(round(y1))


def around(cx: float, cy: float, half: float) -> Box:
    """The square of side ``2 * half`` centred on ``(cx, cy)``."""
    return box(cx - half, cy - half, cx + half, cy + half)


def grow(b: Box, n: int) -> Box:
    return b[0] - n, b[1] - n, b[2] + n, b[3] + n


def union(*boxes: Box) -> Box:
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def within(inner: Box | None, outer: Box) -> bool:
    """``inner`` lies in ``outer`` (an empty ``inner`` lies anywhere)."""
    if inner is None:
        return True
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def centre(b: Box) -> tuple[int, int]:
    return (b[0] + b[2]) // 2, (b[1] + b[3]) // 2


# -- what is in a box ------------------------------------------------------------
#
# The renderers map their drawing onto a fixed palette, and Pillow's mapping may
# shift a colour by a few steps (white can come out as 252, 252, 252), so
# colours are matched within ``TOLERANCE`` per channel.

TOLERANCE = 4


def near(p: RGB, colour: RGB, tol: int = TOLERANCE) -> bool:
    """``p`` is ``colour``, give or take ``tol`` in every channel."""
    return all(abs(a - b) <= tol for a, b in zip(p, colour))


def near_any(p: RGB, colours: Iterable[RGB], tol: int = TOLERANCE) -> bool:
    return any(near(p, c, tol) for c in colours)


def pixels(image: Image.Image, b: Box | None = None) -> list[RGB]:
    """The pixels of ``b`` row by row."""
    part = image.crop(b) if b is not None else image
    data = part.convert("RGB").tobytes()
    return [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]  # type: ignore[misc]


def histogram(image: Image.Image, b: Box | None = None) -> Counter:
    part = image.crop(b) if b is not None else image
    return Counter({rgb: n for n, rgb in part.getcolors(part.width * part.height)})


def has(image: Image.Image, b: Box | None, colour: RGB, tol: int = TOLERANCE) -> bool:
    return any(near(p, colour, tol) for p in histogram(image, b))


def dominant(image: Image.Image, b: Box, ignore: Iterable[RGB] = (), tol: int = TOLERANCE) -> RGB:
    """The most frequent colour in ``b``, not counting colours near those in ``ignore``."""
    ignore = list(ignore)
    counts = Counter({rgb: n for rgb, n in histogram(image, b).items() if not near_any(rgb, ignore, tol)})
    assert counts, f"only ignored colours in {b}"
    return counts.most_common(1)[0][0]


def count(image: Image.Image, b: Box | None, colour: RGB, tol: int = TOLERANCE) -> int:
    """Pixels of ``colour`` in ``b``."""
    return sum(n for rgb, n in histogram(image, b).items() if near(rgb, colour, tol))


def _mask(image: Image.Image, b: Box, colours: Iterable[RGB], tol: int) -> tuple[list[bool], int, int]:
    colours = [tuple(c) for c in colours]
    part = image.crop(b)
    hits = {rgb: near_any(rgb, colours, tol) for _, rgb in part.getcolors(part.width * part.height)}
    return [hits[p] for p in pixels(part)], part.width, part.height


def bbox_of(image: Image.Image, b: Box, *colours: RGB, tol: int = TOLERANCE) -> Box | None:
    """The bounding box (in image coordinates) of the pixels of ``colours`` in ``b``."""
    mask, w, h = _mask(image, b, colours, tol)
    xs = [i % w for i, hit in enumerate(mask) if hit]
    ys = [i // w for i, hit in enumerate(mask) if hit]
    if not xs:
        return None
    return b[0] + min(xs), b[1] + min(ys), b[0] + max(xs) + 1, b[1] + max(ys) + 1


def centroid(image: Image.Image, b: Box, *colours: RGB, tol: int = TOLERANCE) -> tuple[float, float] | None:
    """The mean position of the pixels of ``colours`` in ``b``, in image coordinates."""
    mask, w, h = _mask(image, b, colours, tol)
    hits = [i for i, hit in enumerate(mask) if hit]
    if not hits:
        return None
    return b[0] + sum(i % w for i in hits) / len(hits), b[1] + sum(i // w for i in hits) / len(hits)


def blobs(image: Image.Image, b: Box, *colours: RGB, tol: int = TOLERANCE, least: int = 1) -> int:
    """How many separate (4-connected) patches of ``colours`` of at least
    ``least`` pixels lie in ``b``: the pips of a die, the tokens in a row."""
    mask, w, h = _mask(image, b, colours, tol)
    seen = [False] * (w * h)
    patches = 0
    for start, hit in enumerate(mask):
        if not hit or seen[start]:
            continue
        seen[start] = True
        stack, size = [start], 0
        while stack:
            i = stack.pop()
            size += 1
            x, y = i % w, i // w
            for j, ok in ((i - 1, x > 0), (i + 1, x < w - 1), (i - w, y > 0), (i + w, y < h - 1)):
                if ok and mask[j] and not seen[j]:
                    seen[j] = True
                    stack.append(j)
        patches += size >= least
    return patches


def runs(image: Image.Image, x: int, y0: int, y1: int, colours: Iterable[RGB], tol: int = TOLERANCE) -> int:
    """Along the column ``x`` from ``y0`` to ``y1`` (either direction): how many
    separate runs of pixels have one of ``colours`` (the stones of a tower)."""
    colours = list(colours)
    step = 1 if y1 >= y0 else -1
    n, inside = 0, False
    for y in range(y0, y1, step):
        hit = near_any(image.getpixel((x, y)), colours, tol)
        if hit and not inside:
            n += 1
        inside = hit
    return n


def first_of(image: Image.Image, x: int, y0: int, y1: int, colours: Iterable[RGB], tol: int = TOLERANCE) -> RGB | None:
    """Going down the column ``x`` from ``y0`` to ``y1``: the first of
    ``colours`` met (the colour itself, not the pixel)."""
    colours = [tuple(c) for c in colours]
    for y in range(y0, min(y1, image.height)):
        p = image.getpixel((x, y))
        for c in colours:
            if near(p, c, tol):
                return c
    return None


def changed(a: Image.Image, b: Image.Image, region: Box | None = None) -> Box | None:
    """The bounding box of the pixels in which ``a`` and ``b`` differ (within
    ``region`` if given, in image coordinates), or None if they agree there.
    Images of different heights are compared over the common part."""
    w, h = min(a.width, b.width), min(a.height, b.height)
    region = region or (0, 0, w, h)
    region = (max(0, region[0]), max(0, region[1]), min(w, region[2]), min(h, region[3]))
    diff = ImageChops.difference(a.crop(region), b.crop(region)).getbbox()
    if diff is None:
        return None
    return diff[0] + region[0], diff[1] + region[1], diff[2] + region[0], diff[3] + region[1]


# -- colour science (cheap, for the colour-blind and legibility claims) -----------


def _linear(c: int) -> float:
    s = c / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def _encode(v: float) -> int:
    v = min(1.0, max(0.0, v))
    s = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(s * 255)


def luminance(rgb: RGB) -> float:
    """WCAG relative luminance."""
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio, 1 .. 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIE L*a*b* (D65)."""
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lightness(rgb: RGB) -> float:
    """CIE L*, 0 (black) .. 100 (white)."""
    return lab(rgb)[0]


def delta_e(a: RGB, b: RGB) -> float:
    """CIE76 colour difference; about 2.3 is just noticeable."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


#: Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
_CVD = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def as_seen(rgb: RGB, kind: str) -> RGB:
    """``rgb`` as a person with full protanopia, deuteranopia or tritanopia sees it."""
    lin = [_linear(c) for c in rgb]
    return tuple(_encode(sum(m * v for m, v in zip(row, lin))) for row in _CVD[kind])  # type: ignore[return-value]
