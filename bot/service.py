"""The match service: lobbies, moves, resignations and cancels, over the store.

Nothing here knows Discord. The cogs call these methods and turn the results
into messages; a :class:`ServiceError` carries a message key (see
``bot.messages``) for a short explanation to the user.
"""

from __future__ import annotations

import hashlib
import random
from datetime import datetime, timezone
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

import engines
from engines import Engine, Event, IllegalAction, Result
from bot.clock import Clock
from bot.storage import LoggedAction, Match, Store

HOUR = 3600.0
DAY = 24 * HOUR
#: A match without any action this long is warned about, and closed a week later.
ABANDON_DAYS = 30


class ServiceError(Exception):
    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class Outdated(ServiceError):
    def __init__(self) -> None:
        super().__init__("outdated")


@dataclass
class MoveOutcome:
    match: Match
    seat: int
    action: Any
    before: BaseModel
    after: BaseModel
    events: list[Event]
    #: True when the channel should get a new board post (see ``needs_board_post``).
    board_post: bool
    #: Seats whose secret decision opened with this move (they get a DM).
    secret_opened: list[int] = field(default_factory=list)
    #: Seats that were not asked before this move and are now (a turn notice).
    newly_due: list[int] = field(default_factory=list)


def action_token(engine: Engine, action: Any) -> str:
    """A short fingerprint of an action, carried in a button next to its index
    so that a stale index can never apply a different action."""
    return hashlib.blake2s(engine.dump_action(action).encode(), digest_size=4).hexdigest()


def daily_seed(guild_id: int | None, game: str, day: str) -> int:
    """The same dice for everyone in a server on one day."""
    digest = hashlib.blake2b(f"{guild_id}:{game}:{day}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def phase(engine: Engine, state: BaseModel) -> tuple[frozenset[int], bool]:
    seats = engine.to_act(state)
    return frozenset(seats), any(engine.prompt(state, s).secret for s in seats)


def needs_board_post(engine: Engine, before: BaseModel, after: BaseModel) -> bool:
    """A new board post when the turn passes, a secret decision opens or is
    resolved, or the game ends; not while one seat of a simultaneous secret
    decision has chosen and the others are still choosing."""
    if not engine.to_act(after):
        return True
    (old, old_secret), (new, new_secret) = phase(engine, before), phase(engine, after)
    if (old, old_secret) == (new, new_secret):
        return False
    return not (old_secret and new_secret and new < old)


def secret_seats(engine: Engine, state: BaseModel) -> list[int]:
    return [s for s in engine.to_act(state) if engine.prompt(state, s).secret]


class MatchService:
    def __init__(self, store: Store, rng: random.Random | None = None, clock: Clock | None = None,
                 abandon_days: float = ABANDON_DAYS) -> None:
        self.store = store
        self._rng = rng or random.SystemRandom()
        self.clock = clock or Clock()
        self.abandon_seconds = abandon_days * DAY

    # -- lobby -------------------------------------------------------------

    async def new_match(
        self, *, guild_id: int | None, channel_id: int, game: str, host_id: int, options: dict | None = None,
        players: int | None = None, reminder_hours: int = 24, deadline_hours: int | None = None,
        deadline_policy: str = "skip",
    ) -> Match:
        """A lobby, or at once a running match when it needs no other player
        (a solo game; a daily challenge, always solo)."""
        parsed, players, day = self._new_settings(game, options, players)
        async with self.store.transaction() as conn:
            if await self.store.fetch_open_match(conn, channel_id):
                raise ServiceError("match_exists")
            if day and await self._played_daily(conn, guild_id, day, host_id, game):
                raise ServiceError("daily_done")
            match_id = await self.store.insert_match(
                conn,
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                options=parsed.model_dump(mode="json"),
                seed=daily_seed(guild_id, game, day) if day else self._rng.randrange(2**63),
                host_id=host_id,
            )
            await self.store.update_match(
                conn, match_id, series_id=match_id, reminder_hours=reminder_hours, deadline_hours=deadline_hours,
                deadline_policy=deadline_policy, players=players, daily_date=day,
            )
            await self.store.set_seats(conn, match_id, [host_id])
            await self.store.replace_abandon_timer(conn, match_id, 0, self.clock.now() + self.abandon_seconds)
            if players == 1:
                await self._start(conn, match_id)
            return await self.store.fetch_match(conn, match_id)

    def _new_settings(self, game: str, options: dict | None, players: int | None):
        """Validated options, the number of players, and the day of a daily challenge."""
        try:
            engine = engines.get(game)
        except KeyError:
            raise ServiceError("unknown_game", game=game) from None
        try:
            parsed = engine.parse_options(options)
        except ValueError:
            raise ServiceError("bad_options") from None
        daily = bool(getattr(parsed, "daily", False))
        players = 1 if daily else players or (1 if engine.min_seats == 1 else engine.max_seats)
        if not engine.min_seats <= players <= engine.max_seats:
            raise ServiceError("bad_seats", min=engine.min_seats, max=engine.max_seats)
        return parsed, players, self.today() if daily else None

    async def check_new(self, *, guild_id: int | None, channel_id: int | None, game: str, host_id: int,
                        options: dict | None = None, players: int | None = None) -> None:
        """Refuse early what ``new_match`` would refuse (so that a refusal can
        be private before the public answer starts); ``channel_id`` None: a new
        thread, which has no match yet."""
        _, _, day = self._new_settings(game, options, players)
        async with self.store.transaction() as conn:
            if channel_id is not None and await self.store.fetch_open_match(conn, channel_id):
                raise ServiceError("match_exists")
            if day and await self._played_daily(conn, guild_id, day, host_id, game):
                raise ServiceError("daily_done")

    async def _played_daily(self, conn, guild_id: int | None, day: str, user_id: int, game: str) -> bool:
        row = await (
            await conn.execute(
                "SELECT 1 FROM matches m JOIN seats s ON s.match_id = m.id"
                # cancelled ones count too: the day's dice are known once seen
                " WHERE m.guild_id IS ? AND m.daily_date=? AND m.game=? AND s.user_id=?",
                (guild_id, day, game, user_id),
            )
        ).fetchone()
        return row is not None

    async def daily_scores(self, guild_id: int | None, game: str, day: str | None,
                           options: dict | None = None) -> list[tuple[int, int, str]]:
        """Finished daily challenges of a game in a server as (score, user,
        day), best first; only runs with the same variant options compare."""
        out = []
        for match in await self.store.daily_matches(guild_id, day):
            same = match.game == game and all(match.options.get(k) == v for k, v in (options or {}).items())
            if same and match.status == "finished" and match.outcome and match.outcome.get("scores"):
                out.append((match.outcome["scores"][0], match.seats[0], match.daily_date))
        return sorted(out, key=lambda item: (-item[0], item[2]))

    def today(self) -> str:
        return datetime.fromtimestamp(self.clock.now(), timezone.utc).date().isoformat()

    async def join(self, channel_id: int, user_id: int) -> tuple[Match, bool]:
        """Take a seat; returns the match and whether a full lobby started."""
        async with self.store.transaction() as conn:
            match = await self._open(conn, channel_id)
            if match.status != "lobby":
                raise ServiceError("already_running")
            if user_id in match.seats:
                raise ServiceError("already_joined")
            engine = engines.get(match.game)
            wanted = match.players or engine.max_seats
            if len(match.seats) >= wanted:
                raise ServiceError("match_full")
            await self.store.set_seats(conn, match.id, match.seats + [user_id])
            started = len(match.seats) + 1 == wanted
            if started:
                await self._start(conn, match.id)
            return await self.store.fetch_match(conn, match.id), started

    async def leave(self, channel_id: int, user_id: int) -> Match:
        async with self.store.transaction() as conn:
            match = await self._open(conn, channel_id)
            if match.status != "lobby":
                raise ServiceError("leave_running")
            if user_id not in match.seats:
                raise ServiceError("not_joined")
            rest = [u for u in match.seats if u != user_id]
            if not rest:
                await self.store.update_match(conn, match.id, status="cancelled", outcome={"reason": "empty"})
            else:
                await self.store.set_seats(conn, match.id, rest)
                if user_id == match.host_id:
                    await self.store.update_match(conn, match.id, host_id=rest[0])
            return await self.store.fetch_match(conn, match.id)

    async def start(self, channel_id: int, user_id: int) -> Match:
        async with self.store.transaction() as conn:
            match = await self._open(conn, channel_id)
            if match.status != "lobby":
                raise ServiceError("already_running")
            if user_id != match.host_id:
                raise ServiceError("not_host")
            engine = engines.get(match.game)
            if len(match.seats) < engine.min_seats:
                raise ServiceError("not_enough_players", min=engine.min_seats, have=len(match.seats))
            await self._start(conn, match.id)
            return await self.store.fetch_match(conn, match.id)

    async def _start(self, conn, match_id: int) -> None:
        match = await self.store.fetch_match(conn, match_id)
        engine = engines.get(match.game)
        state = engine.setup(len(match.seats), match.seed, match.options)
        await self.store.update_match(conn, match_id, status="running", state=engine.dump_state(state))
        await self.open_decisions(conn, await self.store.fetch_match(conn, match_id), engine.to_act(state))

    async def open_decisions(self, conn, match: Match, seats: list[int]) -> None:
        """Decisions of ``seats`` open now: note when, and set their reminder,
        their deadline (if the match has one) and the match's abandonment timer."""
        now = self.clock.now()
        await self.store.update_match(conn, match.id, last_action_at=now)
        await self.store.replace_abandon_timer(conn, match.id, match.counter, now + self.abandon_seconds)
        if match.paused:
            return
        for seat in seats:
            await self.store.update_seat(conn, match.id, seat, decision_at=now)
            counter = match.decision_counters[seat]
            await self.store.add_timer(
                conn, match.id, "reminder", seat, counter, match.timer_epoch, now + match.reminder_hours * HOUR
            )
            if match.deadline_hours:
                due = max(now + match.deadline_hours * HOUR, match.away_until[seat] or 0)
                await self.store.add_timer(conn, match.id, "deadline", seat, counter, match.timer_epoch, due)

    async def _open(self, conn, channel_id: int) -> Match:
        match = await self.store.fetch_open_match(conn, channel_id)
        if match is None:
            raise ServiceError("no_match")
        return match

    # -- reading -----------------------------------------------------------

    async def open_match(self, channel_id: int) -> Match | None:
        return await self.store.open_match(channel_id)

    async def channel_match(self, channel_id: int) -> Match:
        """The open match of a channel, else the last one played there (a
        lobby cancelled before it started does not count)."""
        match = await self.store.latest_match(channel_id)
        if match is None or (match.state is None and match.status != "lobby"):
            raise ServiceError("no_match")
        return match

    async def rearm(self) -> int:
        """Give every waiting seat of a running match its reminder (and
        deadline) again if a crash lost them between claiming a timer and
        setting the next one; returns how many seats needed it."""
        count = 0
        async with self.store.transaction() as conn:
            for match in await self.store.fetch_running(conn):
                if match.paused:
                    continue
                engine = engines.get(match.game)
                for seat in engine.to_act(engine.load_state(match.state)):
                    counter, now = match.decision_counters[seat], self.clock.now()
                    kinds = await self.store.pending_kinds(conn, match.id, seat, counter, match.timer_epoch)
                    missing = {"reminder", "deadline"} - kinds if match.deadline_hours else {"reminder"} - kinds
                    if "reminder" in missing:
                        await self.store.add_timer(conn, match.id, "reminder", seat, counter, match.timer_epoch,
                                                   now + match.reminder_hours * HOUR)
                    if "deadline" in missing:
                        opened = match.decision_at[seat] or now
                        due = max(opened + match.deadline_hours * HOUR, match.away_until[seat] or 0, now)
                        await self.store.add_timer(conn, match.id, "deadline", seat, counter, match.timer_epoch, due)
                    count += bool(missing)
        return count

    async def unannounced(self) -> list[Match]:
        """Matches with a move whose board post was never made."""
        return await self.store.board_due_matches()

    async def get(self, match_id: int) -> Match:
        match = await self.store.get_match(match_id)
        if match is None:
            raise ServiceError("no_match")
        return match

    @staticmethod
    def state(match: Match) -> BaseModel:
        return engines.get(match.game).load_state(match.state)

    async def log(self, match_id: int, last: int = 15) -> list[LoggedAction]:
        return await self.store.actions(match_id, last)

    async def series_totals(self, match: Match) -> dict[int, int]:
        """Points per user over all finished matches of the series (rematches)."""
        totals: dict[int, int] = {u: 0 for u in match.seats}
        for m in await self.store.series(match.series_id or match.id):
            if m.status == "finished" and m.outcome and "scores" in m.outcome:
                for seat, user in enumerate(m.seats):
                    totals[user] = totals.get(user, 0) + m.outcome["scores"][seat]
        return totals

    # -- moves -------------------------------------------------------------

    def choices(self, match: Match, seat: int) -> list[tuple[int, str, Any]]:
        """The seat's legal actions as (index, token, action)."""
        engine = engines.get(match.game)
        state = engine.load_state(match.state)
        return [(i, action_token(engine, a), a) for i, a in enumerate(engine.legal_actions(state, seat))]

    def check_current(self, match: Match, seat: int, counter: int) -> None:
        """A button made for this seat's decision at ``counter`` still applies."""
        if match.status != "running" or counter != match.decision_counters[seat]:
            raise Outdated()

    async def act(self, match_id: int, user_id: int, counter: int, index: int, token: str) -> MoveOutcome:
        """Apply the seat's ``index``-th legal action, all in one transaction.

        ``counter`` is the seat's decision counter the button was made for;
        ``token`` must match the action found at ``index``. A stale button gets
        :class:`Outdated`; of two racing clicks exactly one is applied."""
        async with self.store.transaction() as conn:
            match = await self.store.fetch_match(conn, match_id)
            if match is None:
                raise ServiceError("no_match")
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_a_player")
            if match.status != "running":
                raise Outdated()
            engine = engines.get(match.game)
            before = engine.load_state(match.state)
            self.check_current(match, seat, counter)
            if seat not in engine.to_act(before):
                raise ServiceError("not_your_turn")
            legal = engine.legal_actions(before, seat)
            if not 0 <= index < len(legal) or action_token(engine, legal[index]) != token:
                raise Outdated()
            action = legal[index]
            try:
                after, events = engine.apply(before, seat, action)
            except IllegalAction as err:  # pragma: no cover - legal_actions and apply disagree
                raise ServiceError(err.key, **err.params) from err
            result = engine.result(after)
            status = "finished" if result else "running"
            outcome = result.model_dump() if result else None
            if not await self.store.advance(conn, match.id, match.counter, engine.dump_state(after), status, outcome):
                raise Outdated()
            new_counter = match.counter + 1
            await self.store.append_action(
                conn, match.id, new_counter, seat, engine.dump_action(action), [e.model_dump() for e in events]
            )
            await self.store.set_decision_counters(
                conn, match.id, self._decision_counters(engine, match, before, after, seat, new_counter)
            )
            opened = [s for s in secret_seats(engine, after) if s not in secret_seats(engine, before) or s == seat]
            board_post = needs_board_post(engine, before, after)
            if board_post:
                await self.store.update_match(conn, match.id, board_due=1)
            match = await self.store.fetch_match(conn, match.id)
            due = [s for s in engine.to_act(after) if match.decision_counters[s] == new_counter]
            await self.open_decisions(conn, match, due)
            match = await self.store.fetch_match(conn, match.id)
        return MoveOutcome(
            match=match,
            seat=seat,
            action=action,
            before=before,
            after=after,
            events=events,
            board_post=board_post,
            secret_opened=opened,
            newly_due=[s for s in engine.to_act(after) if s not in engine.to_act(before)],
        )

    @staticmethod
    def _decision_counters(engine: Engine, match: Match, before, after, mover: int, counter: int) -> list[int]:
        """A seat's decision opens anew when it starts to be asked, or when it
        has just moved and is asked again, and closes when it is no longer
        asked; otherwise (another seat chose in a simultaneous decision) its
        buttons stay valid."""
        was, now = set(engine.to_act(before)), set(engine.to_act(after))
        out = list(match.decision_counters)
        for seat in range(len(out)):
            if seat in now and (seat not in was or seat == mover) or seat in was and seat not in now:
                out[seat] = counter
        return out

    async def mark_board(self, match_id: int, channel_id: int, message_id: int, counter: int) -> None:
        async with self.store.transaction() as conn:
            await self.store.update_match(
                conn, match_id, board_channel_id=channel_id, board_message_id=message_id, board_counter=counter,
                board_due=0,
            )

    # -- ending --------------------------------------------------------------

    async def resign(self, channel_id: int, user_id: int) -> Match:
        async with self.store.transaction() as conn:
            match = await self._open(conn, channel_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_a_player")
            if match.status != "running":
                raise ServiceError("not_running")
            return await self._concede(conn, match, seat, "resigned")

    async def forfeit(self, match_id: int, seat: int) -> Match:
        """A missed deadline under the "forfeit" policy: the late seat loses."""
        async with self.store.transaction() as conn:
            match = await self.store.fetch_match(conn, match_id)
            return await self._concede(conn, match, seat, "forfeit")

    async def _concede(self, conn, match: Match, seat: int, reason: str) -> Match:
        """The match ends with ``seat`` losing and every other seat winning;
        scores are the game's current ones where it keeps any."""
        engine = engines.get(match.game)
        others = [s for s in range(len(match.seats)) if s != seat]
        scores = self._scores(engine, engine.load_state(match.state), len(match.seats))
        outcome = Result(scores=scores, winners=others, reason=reason).model_dump() | {"conceded": seat}
        await self.store.update_match(conn, match.id, status="finished", outcome=outcome, counter=match.counter + 1)
        return await self.store.fetch_match(conn, match.id)

    @staticmethod
    def _scores(engine: Engine, state, seats: int) -> list[int]:
        view = engine.view(state, None)
        scores = getattr(view, "scores", None)
        return list(scores) if scores else [0] * seats

    async def cancel(self, channel_id: int, user_id: int) -> tuple[Match, bool]:
        """The host cancels a lobby; a running match is cancelled once every
        player has asked for it. Returns the match and whether it is cancelled."""
        async with self.store.transaction() as conn:
            match = await self._open(conn, channel_id)
            seat = match.seat_of(user_id)
            if match.status == "lobby":
                if user_id != match.host_id:
                    raise ServiceError("not_host")
                await self.store.update_match(conn, match.id, status="cancelled", outcome={"reason": "cancelled"})
                return await self.store.fetch_match(conn, match.id), True
            if seat is None:
                raise ServiceError("not_a_player")
            await self.store.set_cancel_vote(conn, match.id, seat)
            match = await self.store.fetch_match(conn, match.id)
            if all(match.cancel_votes):
                await self.store.update_match(
                    conn, match.id, status="cancelled", outcome={"reason": "cancelled"}, counter=match.counter + 1
                )
                return await self.store.fetch_match(conn, match.id), True
            return match, False

    async def rematch(self, match_id: int, user_id: int) -> Match:
        """A new match in the same channel with the seats turned round, in the
        same series so the running totals carry on."""
        async with self.store.transaction() as conn:
            old = await self.store.fetch_match(conn, match_id)
            if old is None:
                raise ServiceError("no_match")
            if user_id not in old.seats:
                raise ServiceError("not_a_player")
            if old.status not in ("finished",):
                raise ServiceError("not_finished")
            if await self.store.fetch_open_match(conn, old.channel_id):
                raise ServiceError("match_exists")
            seats = old.seats[1:] + old.seats[:1]
            options = {k: v for k, v in old.options.items() if k != "daily"}  # a rematch is no daily challenge
            match_id = await self.store.insert_match(
                conn,
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                game=old.game,
                options=options,
                seed=self._rng.randrange(2**63),
                host_id=user_id,
                series_id=old.series_id or old.id,
            )
            await self.store.update_match(
                conn, match_id, reminder_hours=old.reminder_hours, deadline_hours=old.deadline_hours,
                deadline_policy=old.deadline_policy,
            )
            await self.store.set_seats(conn, match_id, seats)
            await self._start(conn, match_id)
            return await self.store.fetch_match(conn, match_id)
