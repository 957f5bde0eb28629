"""``bench/hellgame_round.py`` on a small table: a 3-player HellGame match
through the real client, one round, twice with the same seed. Every count is
positive and the same both times (the policy and the match's seed come from
the seed, the clock stands still). No goals here: those are the benchmark's,
and no times at all."""

from __future__ import annotations

from bench.hellgame_round import bench, figures, lines


async def test_one_round_of_three_players_counts_the_same_twice():
    first = await bench(seats=3, rounds=1, seed=4)
    assert [r.number for r in first] == [1]
    counts = figures(first[0])
    # pickers opened with "Act" (ephemeral) are only for those whose DMs are closed
    assert all(value > 0 for name, value in counts.items() if name != "picker_edits"), counts
    assert counts["picker_edits"] == 0
    assert counts["maps"] <= counts["posts"] and counts["fresh"] <= counts["handoffs"] <= counts["decisions"]
    # every decision is at least one click, in the picker its DM brought
    assert sum(first[0].clicks) >= counts["decisions"]
    assert len(lines(first)) == 2
    again = await bench(seats=3, rounds=1, seed=4)
    assert again == first


async def test_six_players_play_two_rounds_within_the_targets_of_a_match_over_weeks():
    """The table the targets are set for: 6 seats, default options, round 2
    (the first with a Hell phase), through the real client. Counts, not
    times: the same on every machine. A hand-off is every change of the set
    of people asked (a simultaneous order's set shrinking as the orders come
    in too); of them, the new waits (someone asked who was not asked before)."""
    result = await bench(seats=6, rounds=2, seed=1)
    round_two = figures(result[1])
    assert result[1].number == 2
    assert round_two["handoffs"] <= 25, round_two
    assert round_two["clicks_median"] <= 15, round_two
    assert round_two["posts"] <= 8, round_two
    assert round_two["dms_median"] <= 6, round_two
