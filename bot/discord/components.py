"""The bot's buttons and menus, as ``DynamicItem`` classes.

Every custom_id carries what is needed to act on it after a restart: the match
id, and the counter the component was made for, so an outdated click is
recognised and never applied. The custom_id formats never change: buttons
posted days ago must keep working. Callbacks hand over to the cog of their
concern, looked up by name (the cogs import this module, not the other way).
"""

from __future__ import annotations

import re

import discord

from bot.discord.messages import t

PREFIX = "bb"
#: A number in a custom_id: every id, counter and seat the bot makes has fewer
#: digits, and so does anything the databases hold (64-bit); a longer one
#: (forged) makes the control one no item reads, answered as outdated.
N = r"\d{1,18}"


def cog(interaction: discord.Interaction, name: str):
    """The cog that handles a component ("lobby", "play", "slow", "help")."""
    return interaction.client.get_cog(name)


class BoardButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"bb:b:(?P<op>act|view|log|rematch):(?P<match>{N}):(?P<counter>{N})"):
    STYLES = {"act": discord.ButtonStyle.primary, "rematch": discord.ButtonStyle.success}

    def __init__(self, op: str, match_id: int, counter: int, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=self.STYLES.get(op, discord.ButtonStyle.secondary),
                custom_id=f"{PREFIX}:b:{op}:{match_id}:{counter}",
            )
        )
        self.op, self.match_id, self.counter = op, match_id, counter

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(match["op"], int(match["match"]), int(match["counter"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "play").on_board_button(interaction, self.op, self.match_id, self.counter)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=rf"bb:l:(?P<op>join|leave|start|computer|nocomputer):(?P<match>{N}):(?P<counter>{N})"):
    """The counter of a lobby is always 0; the service refuses a click once
    the match has started. ``computer``/``nocomputer``: the host adds or
    removes a computer player."""

    def __init__(self, op: str, match_id: int, counter: int = 0, label: str = "…") -> None:
        style = discord.ButtonStyle.success if op == "start" else discord.ButtonStyle.primary if op == "join" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"{PREFIX}:l:{op}:{match_id}:{counter}"))
        self.op, self.match_id = op, match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(match["op"], int(match["match"]), int(match["counter"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "lobby").on_lobby_button(interaction, self.op, self.match_id)


class SeatButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=rf"bb:s:(?P<op>wait|substitute|computer|take|back):(?P<match>{N}):(?P<seat>{N})"):
    """On the board, for a seat whose player has gone (see
    :mod:`bot.play.handover`): a vote (``wait``, ``substitute``,
    ``computer``), "Take over this seat", or the substitute's "Hand back".
    No counter: a vote stays open across moves; the service refuses a click
    once the seat's handover is over."""

    STYLES = {"take": discord.ButtonStyle.success, "back": discord.ButtonStyle.success}

    def __init__(self, op: str, match_id: int, seat: int, label: str = "…", row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=self.STYLES.get(op, discord.ButtonStyle.secondary),
                                           custom_id=f"{PREFIX}:s:{op}:{match_id}:{seat}", row=row))
        self.op, self.match_id, self.seat = op, match_id, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(match["op"], int(match["match"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "seats").on_seat_button(interaction, self.op, self.match_id, self.seat)


class ActionButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=rf"bb:a:(?P<match>{N}):(?P<counter>{N}):(?P<index>{N}):(?P<token>[0-9a-f]{{8}})(?P<confirmed>:y)?"):
    """A choice of the picker. ``confirmed`` (``:y`` at the end): the same
    choice confirmed after the question a move that loses at once asks
    first (:mod:`bot.discord.confirm`)."""

    def __init__(self, match_id: int, counter: int, index: int, token: str, label: str = "…", row: int | None = None,
                 confirmed: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.danger if confirmed else discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:a:{match_id}:{counter}:{index}:{token}" + (":y" if confirmed else ""),
                row=row,
            )
        )
        self.match_id, self.counter, self.index, self.token = match_id, counter, index, token
        self.confirmed = confirmed

    @classmethod
    def make(cls, match_id: int, counter: int, index: int, token: str, label: str, row: int) -> "ActionButton":
        return cls(match_id, counter, index, token, label, row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["match"]), int(match["counter"]), int(match["index"]), match["token"],
                   confirmed=bool(match["confirmed"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "play").on_action(interaction, self.match_id, self.counter, self.index, self.token,
                                                 confirmed=self.confirmed)


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"bb:p:(?P<match>{N}):(?P<counter>{N}):(?P<group>{N}):(?P<page>-?{N})"):
    def __init__(self, match_id: int, counter: int, group: int, page: int, label: str = "…", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:p:{match_id}:{counter}:{group}:{page}",
                disabled=disabled,
                row=4,
            )
        )
        self.match_id, self.counter, self.group, self.page = match_id, counter, group, page

    @classmethod
    def make(cls, match_id: int, counter: int, group: int, page: int, label: str, disabled: bool) -> "PageButton":
        return cls(match_id, counter, group, page, label, disabled)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["match"]), int(match["counter"]), int(match["group"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "play").on_page(interaction, self.match_id, self.counter, self.group, self.page)


class GroupSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"bb:g:(?P<match>{N}):(?P<counter>{N})"):
    def __init__(self, match_id: int, counter: int, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:g:{match_id}:{counter}",
                options=options or [discord.SelectOption(label="…", value="0")],
                row=0,
            )
        )
        self.match_id, self.counter = match_id, counter

    @classmethod
    def make(cls, match_id: int, counter: int, groups: list[str], selected: int) -> "GroupSelect":
        options = [
            discord.SelectOption(label=name[:100], value=str(i), default=i == selected) for i, name in enumerate(groups[:25])
        ]
        return cls(match_id, counter, options)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]):
        return cls(int(match["match"]), int(match["counter"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        if len(values) != 1 or not str(values[0]).isdigit():  # a forged or garbled value
            await cog(interaction, "play").stale(interaction)
            return
        await cog(interaction, "play").on_page(interaction, self.match_id, self.counter, int(values[0]), 0)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=rf"bb:c:(?P<match>{N}):(?P<counter>{N}):(?P<branch>{N})"):
    """One group of a picker's choices as a menu: choosing an entry is the
    decision (one interaction, as a button is). Each value is ``index:token``,
    checked like an :class:`ActionButton`'s."""

    VALUE = re.compile(rf"(?P<index>{N}):(?P<token>[0-9a-f]{{8}})")

    def __init__(self, match_id: int, counter: int, branch: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:c:{match_id}:{counter}:{branch}",
                options=options or [discord.SelectOption(label="…", value="0:00000000")],
                placeholder=placeholder[:150] if placeholder else None,
                row=row,
            )
        )
        self.match_id, self.counter = match_id, counter

    @classmethod
    def make(cls, match_id: int, counter: int, branch: int, label: str,
             choices: list[tuple[int, str, str, str | None]], row: int) -> "ChoiceSelect":
        """``choices``: (index, token, label, description or None) of at most 25 legal actions."""
        options = [discord.SelectOption(label=text[:100], value=f"{index}:{token}",
                                        description=about[:100] if about else None)
                   for index, token, text, about in choices]
        return cls(match_id, counter, branch, options, label, row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]):
        return cls(int(match["match"]), int(match["counter"]), int(match["branch"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        chosen = self.VALUE.fullmatch(str(values[0])) if len(values) == 1 else None
        if chosen is None:  # a forged or garbled value
            await cog(interaction, "play").stale(interaction)
            return
        await cog(interaction, "play").on_action(interaction, self.match_id, self.counter, int(chosen["index"]),
                                                 chosen["token"])


class TextPageButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=rf"bb:t:(?P<kind>view|log|cards|cardpage|quarter):(?P<match>{N}):(?P<page>{N})"):
    """A page of a long private text (:mod:`bot.discord.pages`): the
    clicker's own view, the log, the texts of the cards the clicker's
    question offers (``cards`` opens them from a picker, ``cardpage`` turns
    their pages), or (``quarter``, "page" its number) a quarter of the board
    enlarged; made anew for whoever clicks."""

    def __init__(self, kind: str, match_id: int, page: int, label: str = "…", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"{PREFIX}:t:{kind}:{match_id}:{max(page, 0)}"))
        self.kind, self.match_id, self.page = kind, match_id, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(match["kind"], int(match["match"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "play").on_text_page(interaction, self.kind, self.match_id, self.page)


class RulesButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"bb:r:(?P<game>[a-z0-9-]+):(?P<locale>de|en):(?P<page>{N})"):
    def __init__(self, game: str, locale: str, page: int, label: str = "…", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"{PREFIX}:r:{game}:{locale}:{page}", disabled=disabled
            )
        )
        self.game, self.locale, self.page = game, locale, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(match["game"], match["locale"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "help").on_rules_page(interaction, self.game, self.locale, self.page)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"bb:u:(?P<op>yes|no):(?P<match>{N}):(?P<counter>{N})"):
    def __init__(self, op: str, match_id: int, counter: int, label: str = "…") -> None:
        style = discord.ButtonStyle.success if op == "yes" else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"{PREFIX}:u:{op}:{match_id}:{counter}"))
        self.op, self.match_id, self.counter = op, match_id, counter

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(match["op"], int(match["match"]), int(match["counter"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "slow").on_undo_button(interaction, self.op, self.match_id, self.counter)


KNOWN_ITEMS = (BoardButton, LobbyButton, SeatButton, ActionButton, PageButton, GroupSelect, ChoiceSelect,
               TextPageButton, RulesButton, UndoButton)


def _none_of(items) -> str:
    """A pattern for any custom_id that none of ``items`` reads (their
    templates with the group names taken out, so they combine)."""
    known = "|".join(re.sub(r"\(\?P<\w+>", "(?:", item.__discord_ui_compiled_template__.pattern) for item in items)
    return rf"(?s)(?!(?:{known})\Z).*"


class OutdatedControl(discord.ui.DynamicItem[discord.ui.Button], template=_none_of(KNOWN_ITEMS)):
    """Any component this version does not read (a button of an older
    format after an upgrade, a forged id): answered, never ignored.
    discord.py calls every dynamic item whose template matches, so this one
    matches only what no other item does."""

    def __init__(self, custom_id: str = "bb:outdated") -> None:
        super().__init__(discord.ui.Button(label="…", custom_id=custom_id[:100] or "bb:outdated"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]):
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "play").stale(interaction)


ALL_ITEMS = (*KNOWN_ITEMS, OutdatedControl)


#: Rows of a board post for seat buttons (the first row holds the board's own).
SEAT_ROWS = 4


def board_rows(match, locale: str, *, finished: bool, seats: list[tuple[str, int, str]] = ()) -> list[list[discord.ui.Item]]:
    """The board's buttons, row by row: its own first, then ``seats`` ((op,
    seat, label) of seats whose player has gone), one row per seat (at most
    four seats at a time)."""
    if finished:
        ops = (["rematch"] if match.status == "finished" else []) + ["log"]
        return [[BoardButton(op, match.id, match.counter, t(f"btn_{op}", locale)) for op in ops]]
    rows: list[list[discord.ui.Item]] = [[BoardButton(op, match.id, match.counter, t(f"btn_{op}", locale))
                                          for op in ("act", "view", "log")]]
    by_seat: dict[int, list[discord.ui.Item]] = {}
    for op, seat, label in seats:
        if seat in by_seat or len(by_seat) < SEAT_ROWS:
            by_seat.setdefault(seat, []).append(SeatButton(op, match.id, seat, label))
    return rows + list(by_seat.values())


def board_layout(head: str, image: discord.File | None, texts: list[str],
                 rows: list[list[discord.ui.Item]]) -> discord.ui.LayoutView:
    """A board post as one Components V2 message (flag IS_COMPONENTS_V2): a
    container with the title, the board image (its alt text as the gallery
    item's description), the texts and the buttons, so that on a phone the
    picture, what happened and the buttons read as one card. The buttons are
    the same dynamic items as ever: a click is routed by its custom_id, also
    after a restart. Empty texts are left out (Discord refuses them)."""
    container = discord.ui.Container()
    container.add_item(discord.ui.TextDisplay(head))
    if image is not None:
        container.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(image)))
    for text in texts:
        if text:
            container.add_item(discord.ui.TextDisplay(text))
    for row in rows:
        container.add_item(discord.ui.ActionRow(*row))
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(container)
    return layout


def without_buttons(message: discord.Message) -> discord.ui.LayoutView:
    """A V2 board as it was, less its action rows: an outdated board keeps
    its picture and text. Its image is named as ``attachment://`` again
    (kept by the edit), as Discord reads a gallery item of an attachment."""
    layout = discord.ui.LayoutView.from_message(message, timeout=None)
    names = {a.id: a.filename for a in message.attachments}
    names.update({a.url.split("?")[0]: a.filename for a in message.attachments})
    for item in list(layout.walk_children()):
        if isinstance(item, discord.ui.ActionRow):
            (item.parent or layout).remove_item(item)
        elif isinstance(item, discord.ui.MediaGallery):
            for entry in item.items:
                name = names.get(entry.media.attachment_id) or names.get(entry.media.url.split("?")[0])
                if name:
                    entry.media = f"attachment://{name}"
    return layout


def custom_ids(message: discord.Message) -> list[str]:
    """Every custom_id on a message, also inside containers and sections."""
    found, todo = [], list(message.components)
    while todo:
        component = todo.pop()
        if getattr(component, "custom_id", None):
            found.append(component.custom_id)
        todo += getattr(component, "children", []) + [a for a in [getattr(component, "accessory", None)] if a]
    return found


def lobby_view(match, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    ops = ["join", "leave", "start", "computer"] + (["nocomputer"] if any(s.user_id < 0 for s in match.seats) else [])
    for op in ops:
        view.add_item(LobbyButton(op, match.id, match.counter, t(f"btn_{op}", locale)))
    return view


def rules_view(game: str, locale: str, page: int, pages: int) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(RulesButton(game, locale, max(page - 1, 0), t("btn_prev", locale), disabled=page == 0))
    view.add_item(RulesButton(game, locale, min(page + 1, pages - 1), t("btn_next", locale), disabled=page >= pages - 1))
    return view


def undo_view(match, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton("yes", match.id, match.counter, t("btn_agree", locale)))
    view.add_item(UndoButton("no", match.id, match.counter, t("btn_refuse", locale)))
    return view
