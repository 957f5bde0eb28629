"""The HellGame at a table of the fake Discord, for the tests through the
real client and for ``bench.hellgame_round``: open a match in a thread, and
make one decision the way a player does (a secret order in its DM picker,
anything else through the board's "Act" button, walking the picker's menu
groups and pages to the chosen action)."""

from __future__ import annotations

import random
import re

from bot_harness import Table, choice_menus
from hellgame_driver import choose

import engines
from engines.hellgame.core import flow
from engines.hellgame.core.model import Action

GAME = "hellgame"


#: Choices of a battle's standing orders that leave a part to be asked each round.
ASK_EACH_ROUND = frozenset({"ask", "back", "submit"})


#: Whether ``player_choice`` sets the Action phase's standing orders (False:
#: it leaves them at "ask me", as a player who never uses them; the benchmark's
#: ``--no-action-orders``).
ACTION_ORDERS = True


def player_choice(state, seat: int, rnd: random.Random):
    """``choose`` (the rule tests' seeded policy), except where a player of
    a match over weeks takes the shortcut the game offers: a move is given
    by one of its destinations, and the standing orders of the Action phase
    (a spell for three demons in ten where one is offered, else mostly moves)
    and of a battle are set rather than left at "ask me". All stay random
    among their choices."""
    engine = engines.get(GAME)
    legal = engine.legal_actions(state, seat)
    goals = [x for x in legal if x.do == "dest"]
    if goals:
        return rnd.choice(goals)
    a = flow.ask_of(state, seat)
    if a is not None and a.q == "act_orders" and not ACTION_ORDERS:
        return Action(do="submit")
    if a is not None and a.q == "act_orders":
        orders = [x for x in legal if x.do not in ("ask", "back", "submit")]
        goes = [x for x in orders if x.do == "go"]
        spells = [x for x in orders if x.do == "spell"]
        if spells and rnd.random() < 0.3:
            return rnd.choice(spells)  # a demon kept for a spell casts it in its turn
        if goes and rnd.random() < 0.8:
            return rnd.choice(goes)
        return rnd.choice([x for x in orders if x.do != "spell"] or orders or
                          [next(x for x in legal if x.do == "submit")])
    if a is not None and a.q == "combat_orders":
        orders = [x for x in legal if x.do not in ASK_EACH_ROUND]
        return rnd.choice(orders) if orders else next(x for x in legal if x.do == "submit")
    return choose(state, seat, rnd)


def action_buttons(message, match_id: int, counter: int) -> list[dict]:
    """The message's controls that make a decision for this counter: choice
    buttons and choice menus."""
    prefixes = (f"bb:a:{match_id}:{counter}:", f"bb:c:{match_id}:{counter}:")
    return [c for c in message.iter_components() if c.get("custom_id", "").startswith(prefixes)]


async def click_index(table: Table, user, message, match_id: int, counter: int, index: int,
                      branch: int | None = None) -> None:
    """Click the button of legal action ``index``, walking the picker's menu
    groups and pages to find it. ``branch``: the menu group that holds it
    (``Engine.choice_tree``), chosen at once as a player reading the menu
    does (unless it is the group shown); without it every group is tried."""
    fake = table.fake
    pattern = re.compile(rf"bb:a:{match_id}:{counter}:{index}:")
    for menu in choice_menus(message):  # every choice one click away: in its group's menu
        option = next((o for o in menu["options"] if o["value"].startswith(f"{index}:")), None)
        if option is not None and menu["custom_id"].startswith(f"bb:c:{match_id}:{counter}:"):
            await table.run(await fake.select(user, message, menu["custom_id"], [option["value"]]))
            return

    async def find() -> bool:
        for _ in range(12):
            button = next((b for b in message.buttons() if pattern.match(b["custom_id"])), None)
            if button is not None:
                await table.run(await fake.click(user, message, button["custom_id"]))
                return True
            # the page buttons: "back" and "next", next with the higher page number
            turns = [b for b in message.buttons() if b["custom_id"].startswith("bb:p:")]
            nxt = max(turns, key=lambda b: int(b["custom_id"].rsplit(":", 1)[1]), default=None)
            if nxt is None or nxt.get("disabled"):
                return False
            await table.run(await fake.click(user, message, nxt["custom_id"]))
        return False

    select = next((c for c in message.iter_components() if c["type"] == 3 and c["custom_id"].startswith("bb:g:")), None)
    if select is None:
        assert await find(), f"no button for choice {index}: {message.content}"
        return
    shown = next((b for b in message.buttons() if pattern.match(b["custom_id"])), None)
    if shown is not None:  # on the page shown first: no need to choose a group
        await table.run(await fake.click(user, message, shown["custom_id"]))
        return
    options = select["options"]
    if branch is not None:
        current = next((o for o in options if o.get("default")), None)
        if current is not None and current["value"] == str(branch) and await find():
            return
        options = [o for o in options if o["value"] == str(branch)] + options
    for option in options:
        await table.run(await fake.select(user, message, select["custom_id"], [option["value"]]))
        if await find():
            return
    raise AssertionError(f"choice {index} in no group of the picker")


async def open_match(fake, table: Table, users, seed: int = 0) -> None:
    """A HellGame lobby in a thread, joined by ``users``. The match's own
    seed is made from ``seed`` (the bot draws it from the system's
    randomness), so the match, and what the test sees happen, is the same
    on every run."""
    w = fake.world
    table.bot.service._rng = random.Random(seed)
    table.channel = w.channel("spiele")
    await table.command(users[0], "game new", game=GAME, players=len(users))
    table.channel = w.threads[-1]
    lobby = next(m for m in fake.messages(table.channel) if any(":join:" in c for c in m.custom_ids()))
    join = next(c for c in lobby.custom_ids() if ":join:" in c)
    for user in users[1:]:
        await table.run(await fake.click(user, lobby, join))


async def decide(table: Table, match, state, user, rnd: random.Random, seat: int | None = None) -> bool:
    """``seat`` (the first seat asked if None) decides, by ``player_choice`` with
    ``rnd``, clicking as a player does; ``user`` is that seat's player. True if
    the decision was answered in its DM picker (which is updated in place),
    else by "Act"."""
    engine = engines.get(GAME)
    seat = engine.to_act(state)[0] if seat is None else seat
    counter = match.seats[seat].decision_counter
    action = player_choice(state, seat, rnd)
    index = engine.legal_actions(state, seat).index(action)
    # a decision that came by DM carries its picker: answered there, as a player would
    message = next((m for m in reversed(table.dms(user)) if action_buttons(m, match.id, counter)), None)
    by_dm = message is not None
    if message is None:
        message = await table.open_picker(user)
    tree = engine.choice_tree(state, seat, "en")
    branch = next((i for i, node in enumerate(tree) if any(leaf.index == index for leaf in node.children)), None)
    await click_index(table, user, message, match.id, counter, index, branch)
    return by_dm
