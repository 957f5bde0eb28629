"""The toy game's board: a small picture and a text form of a view."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from toy_game.engine import ENGINE, View

WIDTH, ROW = 260, 18


def board_text(view: View, locale: str) -> str:
    e = ENGINE
    lines = [f"{e.title(locale)} – {e.render_text(view.header.stage, locale)}"]
    for seat in range(view.seats):
        mark = "*" if seat == view.leader else " "
        hp = "x" if view.hp[seat] == 0 else "♥" * view.hp[seat]
        lines.append(f"{mark} {e.seat_name(seat, locale)}: {hp} ({view.dodges[seat]})")
    if view.order:
        lines.append(", ".join(e.seat_name(s, locale) for s in view.order) + f" · {view.lucky}")
    if view.draft is not None:
        lines.append("> " + ", ".join(e.seat_name(s, locale) for s in view.draft.order))
    return "\n".join(lines)


def board_png(view: View, locale: str = "en") -> bytes:
    """One row per seat: a bar of its hit points, a dot per dodge token, a
    tick once its order is in; the leader framed; the turn order below."""
    im = Image.new("RGB", (WIDTH, ROW * (view.seats + 2)), "white")
    d = ImageDraw.Draw(im)
    d.text((4, 2), board_text(view, locale).splitlines()[0].replace("–", "-"), fill="black")
    for seat in range(view.seats):
        y = ROW * (seat + 1)
        if seat == view.leader:
            d.rectangle((1, y, WIDTH - 2, y + ROW - 2), outline="blue")
        d.text((4, y + 2), ENGINE.seat_name(seat, locale), fill="black")
        colour = "grey" if view.hp[seat] == 0 else "green"
        d.rectangle((80, y + 4, 80 + 30 * view.hp[seat], y + ROW - 5), fill=colour)
        for k in range(view.dodges[seat]):
            d.ellipse((180 + 10 * k, y + 5, 186 + 10 * k, y + 11), fill="orange")
        if view.ordered[seat] if seat < len(view.ordered) else False:
            d.line((230, y + 9, 234, y + 13, 242, y + 4), fill="black", width=2)
    order = view.order or (view.draft.order if view.draft else [])
    d.text((4, ROW * (view.seats + 1) + 2), " ".join(str(s + 1) for s in order), fill="black")
    out = io.BytesIO()
    im.save(out, "PNG")
    return out.getvalue()
