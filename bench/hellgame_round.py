"""The HellGame over weeks: what one round asks of a table (issue 27).

A match of ``--seats`` players in a thread, through the real discord.py
client and the fake Discord of the test suite, with the engine's default
options and the players' default settings (a decision comes by DM with its
picker). Every decision is made by a seeded policy
(``hellgame_table.player_choice``: the rule tests' ``choose``, random and
leaning to choices that make a match move, except that a move is given by
one of its destinations and the standing orders of the Action phase and of
a battle are set, as a player over weeks would) and clicked the way a player does: in the picker its DM
brought, or by "Act" on the board and then the picker's menus, pages and
buttons when no DM came. The bot's own randomness (the match's seed) comes
from the same seed, so a seed gives the same figures on every run. Per round:

- hand-offs: how often the set of people asked changes (after a decision,
  the people asked are not those asked before it; a set that only shrinks,
  as orders come in, counts too);
- of them, to someone new: the hand-offs after which someone is asked who
  was not asked before (each is a new wait of hours; a set that shrinks
  only waits for fewer people);
- clicks per player: every button press and menu selection (the "Act"
  press too), median and max over the seats;
- posts: new messages in the match thread, and how many carry the map;
- edits: edits of messages in the thread and in DMs (the pickers' own
  updates, seen only by who clicked, in brackets);
- DMs per player: median and max over the seats.

What a decision causes counts in the round it was made in (the decision
that ends round 1 pays for round 2's first board). Counting starts once the
lobby is full and the first board is up; it stops after ``--rounds`` rounds
(the match is left running: no round cap is set). Round 1 has no Hell phase.

``--no-action-orders``: the policy leaves the Action phase's standing orders
at "ask me" (a table that never uses them), everything else the same.

    python -m bench.hellgame_round [--seats 6] [--rounds 2] [--seed 1] [--no-action-orders]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from bot_harness import Table, started  # noqa: E402  (lives with the tests)
from fake_discord import FakeDiscord  # noqa: E402
from fake_discord.handles import MESSAGE_COMPONENT  # noqa: E402
from fake_discord.world import DM  # noqa: E402
import hellgame_table  # noqa: E402
from hellgame_table import GAME, decide, open_match  # noqa: E402

import engines  # noqa: E402
from bot.play import limits  # noqa: E402
from bot.play.clock import ManualClock  # noqa: E402

#: The players, in seat order of joining (alice's client is German).
NAMES = ("alice", "bob", "dave", "erin", "frank", "gina")
#: More decisions than any round takes; a stuck match fails instead of hanging.
MAX_DECISIONS = 5000


@dataclass
class Tally:
    """What the fake Discord has recorded so far (since it started)."""

    clicks: Counter  # user id -> component interactions (buttons, menus)
    posts: int  # messages created in the match thread
    maps: int  # … of them with a picture
    edits: int  # edits of messages everyone in their channel sees (thread, DMs)
    picker_edits: int  # edits of ephemeral messages (pickers)
    dms: Counter  # user id -> DMs the bot sent


def tally(fake: FakeDiscord, thread) -> Tally:
    world = fake.world
    clicks = Counter(h.user.id for h in fake.interactions.handles if h.type == MESSAGE_COMPONENT)
    posts = [m for m in thread.messages if m.author is world.bot_user]  # deleted ones too
    edits = picker_edits = 0
    dms: Counter = Counter()
    for m in world.messages.values():
        if m.visible_to is not None:
            picker_edits += len(m.history)
            continue
        edits += len(m.history)
        channel = world.channels[m.channel_id]
        if channel.type == DM and m.author is world.bot_user:
            dms[channel.recipient.id] += 1
    return Tally(clicks, len(posts), sum(1 for m in posts if _has_picture(m)), edits, picker_edits, dms)


def _has_picture(message) -> bool:
    return any((a.content_type or "").startswith("image/") or a.filename.endswith(".png") for a in message.attachments)


@dataclass
class Round:
    number: int
    decisions: int
    handoffs: int
    fresh: int  # hand-offs to someone not asked before
    clicks: list[int]  # per seat
    posts: int
    maps: int
    edits: int
    picker_edits: int
    dms: list[int]  # per seat


def difference(number: int, decisions: int, handoffs: int, fresh: int, before: Tally, after: Tally,
               users: list[int]) -> Round:
    return Round(
        number, decisions, handoffs, fresh,
        clicks=[after.clicks[u] - before.clicks[u] for u in users],
        posts=after.posts - before.posts, maps=after.maps - before.maps,
        edits=after.edits - before.edits, picker_edits=after.picker_edits - before.picker_edits,
        dms=[after.dms[u] - before.dms[u] for u in users],
    )


async def play_rounds(fake: FakeDiscord, table: Table, seats: int, rounds: int, seed: int) -> list[Round]:
    """Open a match of ``seats`` players and play ``rounds`` rounds; the
    figures of each round."""
    world = fake.world
    for name in NAMES[2:seats]:
        world.add_user(name, locale="en-US")
    users = [world.user(name) for name in NAMES[:seats]]
    await open_match(fake, table, users, seed)
    engine, store, rnd = engines.get(GAME), table.bot.store, random.Random(seed)
    by_id = {u.id: u for u in users}
    ids = [u.id for u in users]
    match = await store.get_match(1)
    state = engine.load_state(match.state)
    assert match.status == "running" and state.round == 1, "the match did not start"
    asked = {match.user(s) for s in engine.to_act(state)}
    result: list[Round] = []
    number, decisions, handoffs, fresh, before = state.round, 0, 0, 0, tally(fake, table.channel)
    for _ in range(MAX_DECISIONS):
        await decide(table, match, state, by_id[match.user(engine.to_act(state)[0])], rnd)
        decisions += 1
        match = await store.get_match(match.id)
        state = engine.load_state(match.state)
        now = {match.user(s) for s in engine.to_act(state)}
        handoffs += now != asked
        fresh += bool(now - asked)
        asked = now
        if state.round != number or match.status != "running":
            after = tally(fake, table.channel)
            result.append(difference(number, decisions, handoffs, fresh, before, after, ids))
            number, decisions, handoffs, fresh, before = state.round, 0, 0, 0, after
            if number > rounds or match.status != "running":
                return result
    raise AssertionError(f"round {number} not over after {MAX_DECISIONS} decisions")


async def bench(seats: int, rounds: int, seed: int) -> list[Round]:
    # The DM budget guards a player in many busy matches over minutes; here the clock stands still
    # for the whole match, so it would hold back DMs that days apart would all go out.
    budget, limits.DM_BUDGET = limits.DM_BUDGET, 10**6
    try:
        return await _bench(seats, rounds, seed)
    finally:
        limits.DM_BUDGET = budget


async def _bench(seats: int, rounds: int, seed: int) -> list[Round]:
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            # a clock that stands still: no reminder, deadline or budget depends on how fast this machine is
            async with started(fake, Path(tmp) / "bench.sqlite3", ManualClock()) as bot:
                result = await play_rounds(fake, Table(fake, bot), seats, rounds, seed)
        problems = fake.problems()
        assert not problems, problems
        return result


def figures(r: Round) -> dict[str, float]:
    """The figures of a round, by name (what the table in the README shows)."""
    return {
        "decisions": r.decisions, "handoffs": r.handoffs, "fresh": r.fresh,
        "clicks_median": statistics.median(r.clicks), "clicks_max": max(r.clicks),
        "posts": r.posts, "maps": r.maps, "edits": r.edits, "picker_edits": r.picker_edits,
        "dms_median": statistics.median(r.dms), "dms_max": max(r.dms),
    }


def line(label: str, r: Round) -> str:
    f = figures(r)
    return (f"{label:<8} decisions {f['decisions']:4}  hand-offs {f['handoffs']:4} ({f['fresh']} to someone new)  "
            f"clicks/player median {f['clicks_median']:5g} max {f['clicks_max']:4}  "
            f"thread posts {f['posts']:4} ({f['maps']} with map)  "
            f"edits {f['edits']:4} (+{f['picker_edits']} picker)  "
            f"DMs/player median {f['dms_median']:4g} max {f['dms_max']:3}")


def total(result: list[Round]) -> Round:
    seats = len(result[0].clicks)
    return Round(
        0, sum(r.decisions for r in result), sum(r.handoffs for r in result), sum(r.fresh for r in result),
        [sum(r.clicks[s] for r in result) for s in range(seats)],
        sum(r.posts for r in result), sum(r.maps for r in result),
        sum(r.edits for r in result), sum(r.picker_edits for r in result),
        [sum(r.dms[s] for r in result) for s in range(seats)],
    )


def lines(result: list[Round]) -> list[str]:
    out = [line(f"round {r.number}", r) + ("  (no Hell phase)" if r.number == 1 else "") for r in result]
    return out + [line("total", total(result))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=6, choices=range(2, len(NAMES) + 1))
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-action-orders", action="store_true",
                        help="leave the Action phase's standing orders at 'ask me'")
    args = parser.parse_args(argv)
    hellgame_table.ACTION_ORDERS = not args.no_action_orders
    result = asyncio.run(bench(args.seats, args.rounds, args.seed))
    orders = "no Action phase orders" if args.no_action_orders else "Action phase orders set"
    print(f"The HellGame, {args.seats} seats, seed {args.seed}, default options, {orders}")
    print("\n".join(lines(result)))


if __name__ == "__main__":
    main()
