"""What the bot shows: board posts, pickers, private views and lobbies,
as message payloads (content, files, components). No I/O happens here: the
cogs answer interactions with these payloads, and the announcer posts them."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

import discord

import engines
import render
from bot import workers
from bot.discord import components as c
from bot.discord import web_links
from bot.discord.messages import t
from bot.discord.talk_line import talk_lines
from bot.play.handover import CHOICES, voters
from bot.play.slow import deadline_of, told_by_dm
from bot.store import Match, User
from engines import Engine, Event

#: Discord's limit of an image's description.
ALT_TEXT_LIMIT = 1024
#: The latest public events a board shows (what happened since it was posted).
SINCE_LINES = 8


@dataclass
class Payload:
    content: str
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    mentions: list[int] = field(default_factory=list)

    @property
    def layout(self) -> bool:
        """A Components V2 message: its text is in ``view``, and Discord
        refuses ``content`` beside it (``content`` stays for reading)."""
        return isinstance(self.view, discord.ui.LayoutView)

    def send_kwargs(self) -> dict[str, Any]:
        # Mentions in text displays ping by the same allowed_mentions as content.
        kwargs: dict[str, Any] = {
            "files": self.files,
            "allowed_mentions": discord.AllowedMentions(users=[discord.Object(u) for u in self.mentions], roles=False, everyone=False),
        }
        if not self.layout:
            kwargs["content"] = self.content
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        return {**({} if self.layout else {"content": self.content}), "attachments": self.files, "view": self.view}


def mentions(user_ids: list[int]) -> tuple[str, discord.AllowedMentions]:
    """The users as mentions, and permission to ping exactly them."""
    allowed = discord.AllowedMentions(users=[discord.Object(u) for u in user_ids])
    return ", ".join(f"<@{u}>" for u in user_ids), allowed


def engine_of(match: Match) -> Engine:
    return engines.get(match.game)


def _render(game: str, view, locale: str, hand: bool,
            focus: dict | None = None) -> tuple[bytes, str, bytes | None, bytes | None]:
    """The board picture, its text, (for a seat) its hand picture and (for a
    question about places) the board around them: the CPU work of a post,
    done by :mod:`bot.workers` so the event loop keeps answering other
    interactions meanwhile."""
    png = render.board_png(game, view, locale=locale)
    text = render.board_text(game, view, locale)
    zoom = render.focus_png(game, view, focus, locale) if focus else None
    return png, text, render.hand_png(game, view, locale) if hand else None, zoom


async def pictures(match: Match, view, locale: str, *, hand: bool = False,
                   focus: dict | None = None) -> tuple[list[discord.File], str]:
    """``zoom.png`` first when the question concerns places (``focus``, see
    ``Engine.focus``: readable on a phone where the whole board is not),
    ``board.png`` (with the text board as its description), and ``hand.png``
    when asked for and the game has hands; and the text board."""
    png, text, hand_png, zoom = await workers.run(_render, match.game, view, locale, hand, focus)
    files = [discord.File(io.BytesIO(png), filename="board.png", description=text[:ALT_TEXT_LIMIT])]
    if zoom is not None:
        files.insert(0, discord.File(io.BytesIO(zoom), filename="zoom.png", description=t("zoom_alt", locale)))
    if hand_png is not None:
        files.append(discord.File(io.BytesIO(hand_png), filename="hand.png"))
    return files, text


def board_link(match: Match) -> str | None:
    """A link to the match's current board post, if there is one."""
    if not match.board_message_id:
        return None
    guild = match.guild_id or "@me"
    return f"https://discord.com/channels/{guild}/{match.board_channel_id}/{match.board_message_id}"


def who(user_id: int, locale: str) -> str:
    """A user as a mention; a computer player (a negative id) by its name,
    marked as a computer."""
    return t("computer_name", locale, n=-user_id) if user_id < 0 else f"<@{user_id}>"


def player(engine: Engine, match: Match, seat: int, locale: str) -> str:
    """A seat's player with the game's name for the seat (a solo player needs
    none), and whether the seat is on autopilot."""
    if len(match.seats) == 1:
        return who(match.user(seat), locale)
    autopilot = f", {t('autopilot', locale)}" if match.seats[seat].autopilot else ""
    return f"{who(match.user(seat), locale)} ({engine.seat_name(seat, locale)}{autopilot})"


def handover_lines(engine: Engine, match: Match, locale: str) -> tuple[list[str], list[tuple[str, int, str]], list[int]]:
    """What the board says of seats whose player has gone (see
    :mod:`bot.play.handover`): a line each, their buttons as (op, seat,
    label), and the people to ping (voters and substitutes asked)."""
    lines, buttons, pings = [], [], []
    for place in match.seats:
        seat, name = place.seat, engine.seat_name(place.seat, locale)
        if place.handover == "vote":
            asked = voters(match, seat)
            lines.append(t("handover_vote_line", locale, player=player(engine, match, seat, locale),
                           voters=", ".join(who(match.user(s), locale) for s in asked)))
            buttons += [(op, seat, t(f"btn_handover_{op}", locale, seat=name)) for op in CHOICES]
            pings += [match.user(s) for s in asked]
        elif place.handover == "open":
            lines.append(t("handover_open_line", locale, seat=name))
            buttons.append(("take", seat, t("btn_take_over", locale, seat=name)))
        elif place.handover == "return" and place.original_user_id:
            lines.append(t("handover_return_line", locale, seat=name, player=who(place.user_id, locale),
                           original=who(place.original_user_id, locale)))
            buttons.append(("back", seat, t("btn_hand_back", locale, seat=name)))
            pings.append(place.user_id)
    return lines, buttons, pings


def you_are(engine: Engine, match: Match, seat: int | None, locale: str) -> list[str]:
    if seat is None:
        return [t("spectator", locale)]
    return [] if len(match.seats) == 1 else [t("you_are", locale, seat=engine.seat_name(seat, locale))]


def event_lines(engine: Engine, events: list[Event | dict], seat: int | None, locale: str, *,
                summaries: bool = True) -> list[str]:
    """The events ``seat`` may see, in words; ``summaries=False`` leaves out
    round summaries (posted as messages of their own)."""
    out = []
    for raw in events:
        event = raw if isinstance(raw, Event) else Event.model_validate(raw)
        if event.visible_for(seat) and (summaries or not event.summary):
            out.append(engine.text(event.key, event.params, locale))
    return out


def summary_posts(engine: Engine, events: list[Event | dict], locale: str, limit: int = 2000) -> list[str]:
    """The public round summaries among ``events``, as messages of at most
    ``limit`` characters: split between lines, a longer line cut into pieces."""
    lines = [line for raw in events
             for line in event_lines(engine, [raw], None, locale)
             if (raw if isinstance(raw, Event) else Event.model_validate(raw)).summary]
    return split_posts(lines, limit)


def split_posts(lines: list[str], limit: int = 2000) -> list[str]:
    """``lines`` as messages of at most ``limit`` characters: split between
    lines, a longer line cut into pieces."""
    posts: list[str] = []
    for line in (piece for text in lines for piece in text.split("\n")):
        for start in range(0, max(len(line), 1), limit):
            chunk = line[start:start + limit]
            if posts and len(posts[-1]) + 1 + len(chunk) <= limit:
                posts[-1] += "\n" + chunk
            else:
                posts.append(chunk)
    return posts


def result_lines(engine: Engine, match: Match, locale: str, totals: dict[int, int] | None) -> list[str]:
    outcome = match.outcome or {}
    if match.status == "cancelled":
        return [t("cancelled", locale)]
    lines = []
    if "conceded" in outcome:
        key = "result_forfeit" if outcome.get("reason") == "forfeit" else "result_resigned"
        lines.append(t(key, locale, player=player(engine, match, outcome["conceded"], locale)))
    winners = outcome.get("winners", [])
    names = ", ".join(player(engine, match, s, locale) for s in winners)
    lines.append(t("result_draw" if len(winners) > 1 else "result_win", locale, players=names))
    if outcome.get("scores"):
        scores = ", ".join(
            f"{engine.seat_name(s, locale)} {v}" for s, v in enumerate(outcome["scores"])
        )
        lines.append(t("result_scores", locale, scores=scores))
    if totals and len(totals) > 1:
        lines.append(t("series", locale, totals=" – ".join(f"{who(u, locale)} {v}" for u, v in totals.items())))
    return lines


@dataclass
class BoardText:
    """A board post's text in its parts: ``head`` (game and stage), ``since``
    (what happened since the previous board), ``status`` (who acts, deadlines,
    notices, the result), and the seat buttons and pings that go with it."""

    head: str
    since: list[str]
    status: list[str]
    seat_buttons: list[tuple[str, int, str]]
    pings: list[int]


def board_text(match: Match, locale: str, *, events: list[Event | dict] = (), totals: dict[int, int] | None = None,
               notes: list[str] = (), users: dict[int, User] | None = None) -> BoardText:
    """Everything a board post says, in one place: a line about the match
    (a deadline, a notice) goes into ``status`` here and reaches every board.
    ``users``: the players' settings, so deadlines show where quiet hours move them."""
    engine = engine_of(match)
    state = engine.load_state(match.state)
    view = engine.view(state, None)
    waiting = engine.to_act(state) if match.status == "running" else []
    head = t("board_head", locale, title=engine.title(locale), stage=engine.render_text(view.header.stage, locale))
    since = event_lines(engine, list(events), None, locale, summaries=False)
    if len(since) > SINCE_LINES:  # a phase's news can be long: its end, and where the rest is
        since = [t("since_earlier", locale, n=len(since) - SINCE_LINES)] + since[-SINCE_LINES:]
    lines = []
    if waiting:
        lines.append(t("to_act", locale, players=", ".join(player(engine, match, s, locale) for s in waiting)))
        if any(engine.prompt(state, s).secret for s in waiting):
            lines.append(t("secret_note", locale))
        done = engine.submitted(state)
        if done:  # that an order is in, never what it says
            lines.append(t("submitted_line", locale, players=", ".join(player(engine, match, s, locale) for s in done)))
        for seat in waiting:
            due = deadline_of(match, seat, (users or {}).get(match.user(seat))) if match.seats[seat].person else None
            if due is not None:
                lines.append(t("deadline_line", locale, player=f"<@{match.user(seat)}>", when=f"<t:{int(due)}:R>"))
        if match.paused:
            lines.append(t("paused_line", locale))
        autopilots = [s.seat for s in match.seats if s.autopilot]
        if autopilots:
            names = ", ".join(f"<@{match.user(s)}> ({engine.seat_name(s, locale)})" for s in autopilots)
            lines.append(t("autopilot_line", locale, players=names))
        if view.header.eliminated:
            out = ", ".join(player(engine, match, s, locale) for s in view.header.eliminated)
            lines.append(t("eliminated_line", locale, players=out))
        lines += talk_lines(match, locale)
    else:
        lines += result_lines(engine, match, locale, totals)
    handovers, seat_buttons, pings = handover_lines(engine, match, locale) if waiting else ([], [], [])
    # whoever hears of the decision by DM (with its picker) is named but not pinged here
    asked = [match.user(s) for s in waiting if users is None
             or not told_by_dm(users.get(match.user(s)), secret=engine.prompt(state, s).secret)]
    pings = [u for u in dict.fromkeys(asked + pings) if u > 0]
    return BoardText(head, since, lines + handovers + list(notes), seat_buttons, pings)


#: A board's text parts share Discord's 4000 characters of a V2 message.
SINCE_LIMIT, STATUS_LIMIT = 1500, 2000


def status_text(text: BoardText) -> str:
    """The status part of a board as it is shown (also when a board is
    edited in place, see :mod:`bot.discord.board_status`)."""
    return "\n".join(text.status)[:STATUS_LIMIT]


async def board_post(match: Match, locale: str, *, events: list[Event | dict] = (), totals: dict[int, int] | None = None,
                     notes: list[str] = (), with_image: bool = True, users: dict[int, User] | None = None) -> Payload:
    """The public board as one Components V2 message (see
    :func:`components.board_layout`): spectator view, who is to act
    (mentioned, and pinged), buttons. ``content`` holds the same text, for
    logs and tests."""
    text = board_text(match, locale, events=events, totals=totals, notes=notes, users=users)
    engine = engine_of(match)
    files = (await pictures(match, engine.view(engine.load_state(match.state), None), locale))[0] if with_image else []
    since, status = "\n".join(text.since)[:SINCE_LIMIT], status_text(text)
    rows = c.board_rows(match, locale, finished=match.status != "running", seats=text.seat_buttons)
    web = await web_links.board_button(match, locale)
    if web is not None:
        rows[0].append(web)
    return Payload(
        content="\n".join(part for part in (text.head, since, status) if part),
        files=files,
        view=c.board_layout(text.head, files[0] if files else None, [since, status], rows),
        mentions=text.pings,
    )


def lobby_post(match: Match, locale: str) -> Payload:
    engine = engine_of(match)
    players = ", ".join(who(u, locale) for u in match.user_ids)
    if match.status != "lobby":
        closing = t("started", locale) if match.status == "running" else t("lobby_closed", locale)
        return Payload(content=f"**{engine.title(locale)}** – {players}\n{closing}")
    content = t(
        "lobby",
        locale,
        title=engine.title(locale),
        host=f"<@{match.host_id}>",
        count=len(match.seats),
        max=engine.max_seats,
        min=engine.min_seats,
        players=players,
    )
    # a computer seat makes the match unrated at the start (bot.play.ratings): say so while it is seated
    rated = match.rated and not any(s.computer for s in match.seats)
    content += "\n" + t("lobby_rated" if rated else "lobby_unrated", locale)
    return Payload(content=content, view=c.lobby_view(match, locale))


def rules_pages(game: str, locale: str) -> list[str]:
    engine = engines.get(game)
    pages = engine.rules_help(locale)
    return [f"{p}\n\n*{t('rules_page', locale, page=i + 1, pages=len(pages))}*" for i, p in enumerate(pages)]
