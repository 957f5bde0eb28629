"""A seat's picker: the private message (ephemeral reply or DM) that
offers its current choices as menus and buttons, and what it shows once
the seat's decision is made."""

from __future__ import annotations

import discord

from bot.discord import components as c
from bot.discord.messages import t
from bot.discord.present import Payload, engine_of, pictures, you_are
from bot.play.moves import action_token
from bot.store import Match
from engines.contract import MAX_CHOICES, Choice

#: Buttons per page of a flat picker, and of one branch below its group menu
#: (rows 0-3 for choices, row 4 for paging).
FLAT_PAGE = 20
GROUP_PAGE = 15


async def picker(match: Match, seat: int, locale: str, *, group: int | None = None, page: int = 0,
           notice: list[str] = (), with_image: bool = True, hand: bool = False) -> Payload:
    """The seat's current choices, walked down the game's choice tree
    (``Engine.choice_tree``): a flat tree as pages of up to 20 buttons; a
    tree of branches that fits (:func:`menus`) as menus of choices and
    buttons, every choice one click away; any other
    tree of branches as a menu of the branches (e.g. by die) with up to 15
    buttons of the chosen branch per page. An order the engine builds step
    by step (a draft with back and submit) is a flat tree at every step.
    ``hand``: the picture shows the seat's hand too (a DM that also stands
    for the private view, see ``Announcer.deliver``)."""
    engine = engine_of(match)
    state = engine.load_state(match.state)
    view = engine.view(state, seat)
    lines = list(notice)
    lines += you_are(engine, match, seat, locale)
    prompt = engine.prompt(state, seat)
    lines.append(engine.text(prompt.key, prompt.params, locale))
    counter = match.seats[seat].decision_counter
    running = match.status == "running"
    legal = engine.legal_actions(state, seat) if running else []
    tree = engine.choice_tree(state, seat, locale) if legal else []
    ui = discord.ui.View(timeout=None)
    layout = menus(tree)
    if layout is not None:
        _add_menus(ui, engine, match.id, counter, legal, layout)
    else:
        _add_pages(ui, engine, match.id, counter, legal, tree, group, page, locale)
    if legal and engine.card_texts(state, seat, locale):
        try:  # where a row has room: the choices come first
            ui.add_item(c.TextPageButton("cards", match.id, 0, t("btn_card_texts", locale)))
        except ValueError:
            pass  # five full rows: the card texts stay one /game hand away
    focus = engine.focus(state, seat) if legal and with_image else None
    files = (await pictures(match, view, locale, hand=hand, focus=focus))[0] if with_image else []
    return Payload(content="\n".join(lines)[:2000], files=files, view=ui if legal else None)


def _add_menus(ui: discord.ui.View, engine, match_id: int, counter: int, legal: list,
               layout: tuple[list["Menu"], list[Choice]]) -> None:
    """The menus of choices, then the small last group's buttons below them."""
    menus_, buttons = layout
    for row, (placeholder, entries) in enumerate(menus_):
        choices = [(leaf.index, action_token(engine, legal[leaf.index]), leaf.label, group) for leaf, group in entries]
        ui.add_item(c.ChoiceSelect.make(match_id, counter, row, placeholder, choices, row=row))
    for n, leaf in enumerate(buttons):
        token = action_token(engine, legal[leaf.index])
        ui.add_item(c.ActionButton.make(match_id, counter, leaf.index, token, leaf.label, row=len(menus_) + n // 5))


def _add_pages(ui: discord.ui.View, engine, match_id: int, counter: int, legal: list, tree: list[Choice],
               group: int | None, page: int, locale: str) -> None:
    """A flat tree as pages of buttons; a tree of branches as a menu of the
    branches and pages of the chosen branch's buttons."""
    if all(node.index is not None for node in tree):
        shown, per_page, first_row = tree, FLAT_PAGE, 0
    else:
        group = 0 if group is None or not 0 <= group < len(tree) else group
        ui.add_item(c.GroupSelect.make(match_id, counter, [node.label for node in tree], group))
        shown, per_page, first_row = tree[group].children, GROUP_PAGE, 1
    pages = max(1, -(-len(shown) // per_page))
    page = min(max(page, 0), pages - 1)
    for n, leaf in enumerate(shown[page * per_page:(page + 1) * per_page]):
        token = action_token(engine, legal[leaf.index])
        ui.add_item(c.ActionButton.make(match_id, counter, leaf.index, token, leaf.label, row=first_row + n // 5))
    if pages > 1:
        g = group if group is not None else 0
        ui.add_item(c.PageButton.make(match_id, counter, g, page - 1, t("btn_prev", locale), disabled=page == 0))
        ui.add_item(c.PageButton.make(match_id, counter, g, page + 1, t("btn_next", locale),
                                      disabled=page >= pages - 1))


#: A menu of choices: its placeholder and its entries (leaf, and the group
#: it comes from when the menu holds several groups).
Menu = tuple[str, list[tuple[Choice, str | None]]]


def menus(tree: list[Choice]) -> tuple[list[Menu], list[Choice]] | None:
    """A tree of branches laid out with every choice one click away, if it
    fits Discord's five rows: a last branch of at most five choices (the
    passive ones, "back", "submit") as buttons, the others packed in order
    into menus of up to :data:`engines.contract.MAX_CHOICES` entries (a
    branch kept in one menu where it fits, each entry naming its group
    where a menu holds several). Returns the menus and the buttons'
    leaves, or None when it does not fit (then the group menu is used)."""
    if not tree or any(node.index is not None or any(leaf.index is None for leaf in node.children) for node in tree):
        return None
    buttons = tree[-1].children if len(tree[-1].children) <= 5 else []
    packed: list[list[tuple[Choice, str]]] = []
    for node in tree[:-1] if buttons else tree:
        room = MAX_CHOICES - len(packed[-1]) if packed else 0
        if len(node.children) > room and len(node.children) <= MAX_CHOICES:
            packed.append([])  # a new menu rather than a group cut in two
        for leaf in node.children:
            if not packed or len(packed[-1]) == MAX_CHOICES:
                packed.append([])
            packed[-1].append((leaf, node.label))
    if len(packed) + -(-len(buttons) // 5) > 5:
        return None
    out: list[Menu] = []
    for entries in packed:
        groups = list(dict.fromkeys(group for _, group in entries))
        placeholder = " · ".join(groups)
        placeholder = placeholder if len(placeholder) <= 150 else placeholder[:149] + "…"
        out.append((placeholder, [(leaf, group if len(groups) > 1 else None) for leaf, group in entries]))
    return out, list(buttons)


async def done(match: Match, seat: int, locale: str, notice: list[str]) -> Payload:
    """The picker after the seat's decision is complete: no buttons."""
    engine = engine_of(match)
    state = engine.load_state(match.state)
    view = engine.view(state, seat)
    lines = list(notice)
    if match.status == "running":
        prompt = engine.prompt(state, seat)
        lines.append(engine.text(prompt.key, prompt.params, locale))
    return Payload(content="\n".join(lines)[:2000], files=(await pictures(match, view, locale))[0], view=None)
