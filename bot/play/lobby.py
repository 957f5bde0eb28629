"""Opening matches: lobbies, seats, the start, rematches and daily challenges.

:class:`LobbyService` is the first half of the match service; the moves and
the endings are added by :class:`bot.play.service.MatchService`. It also holds
what both halves share: the clock, and opening decisions with their timers.
"""

from __future__ import annotations

import random
from datetime import datetime, timezone

from pydantic import ValidationError

import engines
from engines import registry
from engines.contract import option_bounds
from bot.play import away, bank, ratings
from bot.play.clock import DAY, HOUR, Clock
from bot.play.errors import ServiceError, Stale
from bot.play.handover import Handovers, leave_running
from bot.play.limits import MATCHES_PER_HOUR, Limits
from bot.play.moves import daily_seed, move_deadline, own_deadline_hours
from bot.play.steps import MoveSteps
from bot.store import Conflict, Match, Store, Transaction, computer_id

#: A match without any action this long is warned about, and closed a week later.
ABANDON_DAYS = 30
#: Seconds a claimed timer may take before its process is taken for dead
#: (the scheduler's lease; ``BRETTBOTE_TIMER_LEASE``).
TIMER_LEASE = 300.0


async def seated(tx: Transaction, match_id: int, user_id: int) -> tuple[Match, int]:
    """The match and the user's seat in it; refused when there is no such
    match or the user does not play in it."""
    match = await tx.match(match_id)
    if match is None:
        raise ServiceError("no_match")
    seat = match.seat_of(user_id)
    if seat is None:
        raise ServiceError("not_a_player")
    return match, seat


#: What the service accepts, whatever a (forged) command sends; the slash
#: commands offer the same ranges. Reminders at least an hour apart.
REMINDER_HOURS = (1, 168)
DEADLINE_HOURS = (12, 336)
POLICIES = ("skip", "forfeit", "pause")
#: A new match's reminder and deadline policy when neither its host nor its server chose.
DEFAULT_REMINDER_HOURS, DEFAULT_POLICY = 24, "skip"
#: Seconds the computer thinks about one decision (a match option).
THINKING_SECONDS = (1, 10)


def check_range(option: str, value: object, low: int, high: int) -> None:
    """Refuse a number outside ``low``..``high``, naming the option and the range."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ServiceError("bad_range", option=option, min=low, max=high)


def parse_options(engine, options: dict | None):
    """The game's options model from the given values; a refusal names the
    first bad option and, for a number, its range."""
    try:
        return engine.parse_options(options)
    except ValidationError as err:
        first = err.errors()[0]
        name = str(first["loc"][0]) if first.get("loc") else ""
        info = engine.Options.model_fields.get(name)
        if info is not None and info.annotation is int:
            low, high = option_bounds(info)
            raise ServiceError("bad_range", option=name, min=low, max=high) from None
        raise ServiceError("bad_option", option=name or "?") from None


class LobbyService(MoveSteps):
    def __init__(self, store: Store, rng: random.Random | None = None, clock: Clock | None = None,
                 abandon_days: float = ABANDON_DAYS, matches_per_hour: int = MATCHES_PER_HOUR,
                 timer_lease: float = TIMER_LEASE) -> None:
        self.store = store
        #: A claimed timer younger than this is in a live process's hands.
        self.timer_lease = timer_lease
        self._rng = rng or random.SystemRandom()
        self.clock = clock or Clock()
        self.abandon_seconds = abandon_days * DAY
        self.limits = Limits(self.clock, matches_per_hour=matches_per_hour)
        #: Seats whose player has gone: votes, substitutes, the computer.
        self.handovers = Handovers(store, self)

    def today(self) -> str:
        return datetime.fromtimestamp(self.clock.now(), timezone.utc).date().isoformat()

    # -- a new match -----------------------------------------------------------

    async def new_match(
        self, *, guild_id: int | None, channel_id: int, game: str, host_id: int, options: dict | None = None,
        players: int | None = None, reminder_hours: int = DEFAULT_REMINDER_HOURS, deadline_hours: int | None = None,
        deadline_policy: str = DEFAULT_POLICY, computers: int = 0, thinking_seconds: int = 2, rated: bool | None = None,
        bank_days: int | None = None, increment_hours: int = 0,
    ) -> Match:
        """A lobby, or at once a running match when it needs no other player
        (a solo game; a daily challenge, always solo; the host against
        ``computers`` computer players, who take seats at once). ``rated``:
        see :mod:`bot.play.ratings` (None: rated unless a computer or one seat)."""
        parsed, players, day, rated = self._new_settings(game, options, players, reminder_hours, deadline_hours,
                                                         deadline_policy, computers, thinking_seconds, rated,
                                                         bank_days, increment_hours)
        async with self.store.transaction() as tx:
            if await tx.open_match(channel_id):
                raise ServiceError("match_exists")
            if day and await tx.played_daily(guild_id, day, host_id, game):
                raise ServiceError("daily_done")
            try:
                match_id = await tx.insert_match(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game=game,
                    options=parsed.model_dump(mode="json"),
                    seed=daily_seed(guild_id, game, day) if day else self._rng.randrange(2**63),
                    host_id=host_id,
                )
            except Conflict:  # another process opened one here a moment ago
                raise ServiceError("match_exists") from None
            await tx.update_match(
                match_id, series_id=match_id, reminder_hours=reminder_hours, deadline_hours=deadline_hours,
                deadline_policy=deadline_policy, players=players, daily_date=day, computer_ms=thinking_seconds * 1000,
                rated=int(rated),
                bank_hours=bank_days * 24 if bank_days else None, increment_hours=increment_hours,
            )
            await tx.set_seats(match_id, [host_id] + [-1 - n for n in range(computers)])
            await tx.replace_abandon_timer(match_id, 0, self.clock.now() + self.abandon_seconds)
            if players == 1 + computers:
                await self._start(tx, match_id)
            return await tx.match(match_id)

    def _new_settings(self, game: str, options: dict | None, players: int | None,
                      reminder_hours: int = DEFAULT_REMINDER_HOURS, deadline_hours: int | None = None,
                      deadline_policy: str = DEFAULT_POLICY, computers: int = 0, thinking_seconds: int = 2,
                      rated: bool | None = None, bank_days: int | None = None, increment_hours: int = 0):
        """Validated options, the number of players, the day of a daily
        challenge, and whether the match is rated. Every value is checked
        here, whatever the command's own definition allowed: a forged payload
        skips that."""
        try:
            engine = engines.get(game)
        except KeyError:
            raise ServiceError("unknown_game", name=game) from None
        check_range("reminder", reminder_hours, *REMINDER_HOURS)
        if deadline_hours is not None:
            check_range("deadline", deadline_hours, *DEADLINE_HOURS)
        if deadline_policy not in POLICIES:
            raise ServiceError("bad_policy", policies=", ".join(POLICIES))
        # a time bank: one clock per match, so never beside a per-move deadline
        if bank_days is None and increment_hours:
            raise ServiceError("increment_without_bank")
        if bank_days is not None:
            check_range("bank", bank_days, *bank.BANK_DAYS)
            check_range("increment", increment_hours, *bank.INCREMENT_HOURS)
            if deadline_hours is not None:
                raise ServiceError("bank_and_deadline")
        if players is not None:
            check_range("players", players, engine.min_seats, engine.max_seats)
        check_range("computer", computers, 0, engine.max_seats - 1)
        check_range("thinking", thinking_seconds, *THINKING_SECONDS)
        parsed = parse_options(engine, options)
        daily = bool(getattr(parsed, "daily", False))
        if daily and computers:
            raise ServiceError("daily_solo")
        # with computer players and no number given: the host and them, at once
        default = max(engine.min_seats, 1 + computers) if computers else None
        players = 1 if daily else players or default or (1 if engine.min_seats == 1 else engine.max_seats)
        if not engine.min_seats <= players <= engine.max_seats:
            raise ServiceError("bad_seats", min=engine.min_seats, max=engine.max_seats)
        if 1 + computers > players:
            raise ServiceError("bad_range", option="computer", min=0, max=players - 1)
        if rated and (computers or players == 1):  # asked for, and impossible: say so rather than ignore it
            raise ServiceError("rated_computers" if computers else "rated_solo")
        rated = (rated is None or bool(rated)) and not computers and players > 1
        return parsed, players, self.today() if daily else None, rated

    async def check_new(self, *, guild_id: int | None, channel_id: int | None, game: str, host_id: int,
                        options: dict | None = None, players: int | None = None,
                        reminder_hours: int = DEFAULT_REMINDER_HOURS, deadline_hours: int | None = None,
                        deadline_policy: str = DEFAULT_POLICY, computers: int = 0,
                        thinking_seconds: int = 2, rated: bool | None = None,
                        bank_days: int | None = None, increment_hours: int = 0) -> None:
        """Refuse early what ``new_match`` would refuse (so that a refusal can
        be private before the public answer starts); ``channel_id`` None: a new
        thread, which has no match yet."""
        _, _, day, _ = self._new_settings(game, options, players, reminder_hours, deadline_hours, deadline_policy,
                                          computers, thinking_seconds, rated, bank_days, increment_hours)
        async with self.store.transaction() as tx:
            if channel_id is not None and await tx.open_match(channel_id):
                raise ServiceError("match_exists")
            if day and await tx.played_daily(guild_id, day, host_id, game):
                raise ServiceError("daily_done")

    async def daily_scores(self, guild_id: int | None, game: str, day: str | None,
                           options: dict | None = None) -> list[tuple[int, int, str]]:
        """Finished daily challenges of a game in a server as (score, user,
        day), best first; only runs with the same variant options compare."""
        out = []
        for match in await self.store.daily_matches(guild_id, day):
            same = match.game == game and all(match.options.get(k) == v for k, v in (options or {}).items())
            if same and match.status == "finished" and match.outcome and match.outcome.get("scores"):
                out.append((match.outcome["scores"][0], match.user(0), match.daily_date))
        return sorted(out, key=lambda item: (-item[0], item[2]))

    # -- seats -------------------------------------------------------------------

    async def join(self, channel_id: int, user_id: int, match_id: int | None = None) -> tuple[Match, bool]:
        """Take a seat; returns the match and whether a full lobby started.
        ``match_id``: the lobby a button was made for (see :meth:`_open`)."""
        async with self.store.transaction() as tx:
            match = await self._open(tx, channel_id, match_id)
            if match.status != "lobby":
                raise ServiceError("already_running")
            if user_id in match.user_ids:
                raise ServiceError("already_joined")
            engine = engines.get(match.game)
            wanted = match.players or engine.max_seats
            if len(match.seats) >= wanted:
                raise ServiceError("match_full")
            await tx.set_seats(match.id, match.user_ids + [user_id])
            started = len(match.seats) + 1 == wanted
            if started:
                await self._start(tx, match.id)
            return await tx.match(match.id), started

    async def add_computer(self, match_id: int, user_id: int) -> tuple[Match, bool]:
        """The host gives a lobby seat to a computer player; returns the match
        and whether a full lobby started."""
        async with self.store.transaction() as tx:
            match = await self._host_lobby(tx, match_id, user_id)
            wanted = match.players or engines.get(match.game).max_seats
            if len(match.seats) >= wanted:
                raise ServiceError("match_full")
            await tx.set_seats(match.id, match.user_ids + [computer_id(match.seats)])
            started = len(match.seats) + 1 == wanted
            if started:
                await self._start(tx, match.id)
            return await tx.match(match.id), started

    async def remove_computer(self, match_id: int, user_id: int) -> Match:
        """The host takes the last computer player out of the lobby."""
        async with self.store.transaction() as tx:
            match = await self._host_lobby(tx, match_id, user_id)
            computers = [s.user_id for s in match.seats if s.computer]
            if not computers:
                raise ServiceError("no_computer")
            await tx.set_seats(match.id, [u for u in match.user_ids if u != computers[-1]])
            return await tx.match(match.id)

    async def _host_lobby(self, tx: Transaction, match_id: int, user_id: int) -> Match:
        match = await tx.match(match_id)
        if match is None:
            raise ServiceError("no_match")
        if match.status != "lobby":
            raise Stale(match.id)  # a lobby's buttons act on that lobby only
        if user_id != match.host_id:
            raise ServiceError("not_host")
        return match

    async def leave(self, channel_id: int, user_id: int, match_id: int | None = None) -> Match:
        """Leave a lobby; or leave a running match of three or more seats
        (see :func:`bot.play.handover.leave_running`). With two seats leaving
        is resigning."""
        async with self.store.transaction() as tx:
            match = await self._open(tx, channel_id, match_id)
            if user_id not in match.user_ids:
                raise ServiceError("not_joined")
            if match.status != "lobby":
                if match_id is not None:
                    raise Stale(match.id)  # a lobby's Leave never leaves the match it became
                return await leave_running(tx, match, match.seat_of(user_id))
            rest = [u for u in match.user_ids if u != user_id]
            people = [u for u in rest if u > 0]
            if not people:  # computer players do not keep a lobby open
                await tx.update_match(match.id, status="cancelled", outcome={"reason": "empty"})
            else:
                await tx.set_seats(match.id, rest)
                if user_id == match.host_id:
                    await tx.update_match(match.id, host_id=people[0])
            return await tx.match(match.id)

    async def start(self, channel_id: int, user_id: int, match_id: int | None = None) -> Match:
        async with self.store.transaction() as tx:
            match = await self._open(tx, channel_id, match_id)
            if match.status != "lobby":
                raise ServiceError("already_running")
            if user_id != match.host_id:
                raise ServiceError("not_host")
            engine = engines.get(match.game)
            if len(match.seats) < engine.min_seats:
                raise ServiceError("not_enough_players", min=engine.min_seats, have=len(match.seats))
            await self._start(tx, match.id)
            return await tx.match(match.id)

    async def rematch(self, match_id: int, user_id: int) -> Match:
        """A new match in the same channel with the seats turned round, in the
        same series so the running totals carry on. It counts against the
        hourly limit of new matches of the one who asks for it, like ``/game new``."""
        async with self.store.transaction() as tx:
            old = await tx.match(match_id)
            if old is None:
                raise ServiceError("no_match")
            if user_id not in old.user_ids:
                raise ServiceError("not_a_player")
            if old.status not in ("finished",):
                raise ServiceError("not_finished")
            if await tx.open_match(old.channel_id):
                raise ServiceError("match_exists")
            limit = self.limits.new_match(old.guild_id, user_id)
            self.limits.window(*limit)
            seats = old.user_ids[1:] + old.user_ids[:1]
            options = {k: v for k, v in old.options.items() if k != "daily"}  # a rematch is no daily challenge
            try:
                match_id = await tx.insert_match(
                    guild_id=old.guild_id,
                    channel_id=old.channel_id,
                    game=old.game,
                    options=options,
                    seed=self._rng.randrange(2**63),
                    host_id=user_id,
                    series_id=old.series_id or old.id,
                )
            except Conflict:  # another process opened one here a moment ago
                raise ServiceError("match_exists") from None
            await tx.update_match(
                match_id, reminder_hours=old.reminder_hours, deadline_hours=old.deadline_hours,
                deadline_policy=old.deadline_policy, computer_ms=old.computer_ms, rated=int(old.rated),
                bank_hours=old.bank_hours, increment_hours=old.increment_hours,
            )
            await tx.set_seats(match_id, seats)
            await self._start(tx, match_id)
            self.limits.count(limit[0])
            return await tx.match(match_id)

    # -- shared with the moves ---------------------------------------------------

    async def _start(self, tx: Transaction, match_id: int) -> None:
        match = await tx.match(match_id)
        engine = engines.get(match.game)
        state = engine.setup(len(match.seats), match.seed, match.options)
        # board_due: the intent of the first board post, so a crash before it
        # is recorded is repaired at the next start (see the announcer)
        await tx.update_match(match_id, status="running", state=engine.dump_state(state), board_due=1,
                              rated=int(ratings.rated_at_start(match)), engine_version=registry.game(match.game).version)
        for place in match.seats:
            if place.person:
                await tx.start_stint(match_id, place.seat, place.user_id)
        state, owed, opened = await self._answer_at_start(tx, engine, match_id, state)
        waiting = engine.to_act(state) if engine.result(state) is None else []
        secret = [s for s in waiting if engine.prompt(state, s).secret]
        await tx.add_notices(match_id, match.counter, [("secret", s) for s in secret]
                             + [("turn", s) for s in waiting if s not in secret] + owed)
        await away.seat_travellers(tx, match, self.clock.now())
        await self.open_decisions(tx, await tx.match(match_id), [s for s in waiting if s not in opened])

    async def open_decisions(self, tx: Transaction, match: Match, seats: list[int]) -> None:
        """Decisions of ``seats`` open now: note when, and set their reminder,
        their deadline (if the match has one) and the match's abandonment timer."""
        now = self.clock.now()
        await tx.update_match(match.id, last_action_at=now)
        await tx.replace_abandon_timer(match.id, match.counter, now + self.abandon_seconds)
        if match.paused:
            return
        lapsing = own_deadline_hours(match)
        for seat in seats:
            if not match.seats[seat].person:
                continue  # the autopilot and the computer move by themselves, never reminded
            await tx.update_seat(match.id, seat, decision_at=now)
            counter = match.seats[seat].decision_counter
            await tx.add_timer(match.id, "reminder", seat, counter, match.timer_epoch, now + match.reminder_hours * HOUR)
            due = await bank.start(tx, match, seat, now) if match.bank_hours else move_deadline(match, seat, now)
            if due is not None:
                await tx.add_timer(match.id, "deadline", seat, counter, match.timer_epoch, due)
            if seat in lapsing:  # a short decision (a counter window): it lapses, away or not
                await tx.add_timer(match.id, "lapse", seat, counter, match.timer_epoch, now + lapsing[seat] * HOUR)

    @staticmethod
    async def _open(tx: Transaction, channel_id: int, match_id: int | None = None) -> Match:
        """The channel's open match; with ``match_id`` (a button's), refused
        as out of date unless it is that very match: an old lobby's button
        never acts on the channel's next lobby."""
        match = await tx.open_match(channel_id)
        if match_id is not None and (match is None or match.id != match_id):
            raise Stale(match.id if match else None)
        if match is None:
            raise ServiceError("no_match")
        return match
