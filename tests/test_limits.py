"""The limits against noise by themselves, on a clock moved by hand."""

from __future__ import annotations

import pytest

from bot.play.clock import ManualClock
from bot.play.limits import DM_BACKOFF_SECONDS, DM_BUDGET, DM_BUDGET_SECONDS, Limits, TooSoon


def test_a_users_dms_are_budgeted_and_come_back_when_the_window_moves_on():
    clock = ManualClock()
    limits = Limits(clock)
    for _ in range(DM_BUDGET):
        assert limits.dm_allowed(7)
        limits.dm_delivered(7)
    assert not limits.dm_allowed(7) and limits.dm_allowed(8)  # per user
    clock.advance(DM_BUDGET_SECONDS + 1)
    assert limits.dm_allowed(7)


def test_dms_opened_too_fast_back_off_longer_each_time_until_one_is_delivered():
    clock = ManualClock()
    limits = Limits(clock)
    limits.dm_too_fast(7)
    assert not limits.dm_allowed(7)
    clock.advance(DM_BACKOFF_SECONDS + 1)
    assert limits.dm_allowed(7)
    limits.dm_too_fast(7)  # again: twice as long now
    clock.advance(DM_BACKOFF_SECONDS + 1)
    assert not limits.dm_allowed(7)
    clock.advance(DM_BACKOFF_SECONDS)
    assert limits.dm_allowed(7)
    limits.dm_delivered(7)
    limits.dm_too_fast(7)  # a delivery in between starts the backoff afresh
    clock.advance(DM_BACKOFF_SECONDS + 1)
    assert limits.dm_allowed(7)


def test_a_refusal_says_when_it_is_possible_again():
    clock = ManualClock()
    limits = Limits(clock, matches_per_hour=2)
    key = limits.new_match(1, 7)
    for _ in range(2):
        limits.window(*key)
        limits.count(key[0])
    with pytest.raises(TooSoon) as refused:
        limits.window(*key)
    assert refused.value.when == pytest.approx(clock.now() + 3600)
    assert refused.value.params["when"].startswith("<t:") and refused.value.params["when"].endswith(":R>")
