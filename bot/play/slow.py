"""Playing over days: pause and resume, vacation (:mod:`bot.play.away`),
takebacks, what timers do when they fire, and the digest of what happened
while a player was away.

Like the match service, this knows nothing of Discord; it returns what the
Discord layer should announce. Pause and undo are votes (:mod:`bot.play.votes`).

Decisions: a "forfeit" deadline ends a two-player match, the late seat
losing; with three or more the late player leaves the table and the seat
plays on by autopilot, as after ``/game leave`` or resigning; a second
deadline missed in a row under "skip" or "pause" opens the table's vote on
the seat (:mod:`bot.play.handover`); a
takeback is refused in solo games and whenever the moves to take back showed
something that cannot be hidden again (a secret choice, a card drawn, a roll).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import engines
from bot import workers
from bot.play import away, bank, quiet, votes
from bot.play.errors import ServiceError
from bot.play.lobby import DAY, HOUR, seated
from bot.play.moves import MoveOutcome, action_token, move_deadline, own_deadline_hours
from bot.play.replay import Replay
from bot.play.service import MatchService
from bot.store import LoggedAction, Match, Store, Timer, Transaction, User

NOTIFY_MODES = ("turn", "mention", "reminders", "off")


def told_by_dm(user: User | None, *, secret: bool = False) -> bool:
    """Whether a person newly asked hears of it by DM, with the picker in
    it (``/game notify`` "turn", the default; any secret decision), rather
    than by a mention in the match channel. No row yet: the defaults."""
    if user is None:
        return True
    return not user.dm_closed and (secret or user.notify == "turn")


#: A warned, abandoned match is closed this long after the warning.
CLOSE_AFTER_WARNING = 7 * DAY
#: Default actions applied for one late seat before giving up (a turn is short).
MAX_SKIP_STEPS = 50


@dataclass
class Fired:
    """What a timer that fired asks the Discord layer to show."""

    kind: str
    match: Match
    seat: int | None = None
    moves: list[MoveOutcome] = field(default_factory=list)
    #: The deadline was the seat's second missed in a row: the others vote on it.
    vote: bool = False


class SlowPlay:
    def __init__(self, store: Store, service: MatchService) -> None:
        self.store = store
        self.service = service
        self.clock = service.clock

    async def _running(self, tx: Transaction, channel_id: int, user_id: int) -> tuple[Match, int]:
        match = await tx.open_match(channel_id)
        if match is None:
            raise ServiceError("no_match")
        seat = match.seat_of(user_id)
        if seat is None:
            raise ServiceError("not_a_player")
        if match.status != "running":
            raise ServiceError("not_running")
        return match, seat

    # -- pause, resume, away ---------------------------------------------------

    async def pause(self, channel_id: int, user_id: int) -> tuple[Match, bool]:
        """A vote to pause; the match pauses once every player asked for it
        since the last move."""
        async with self.store.transaction() as tx:
            match, seat = await self._running(tx, channel_id, user_id)
            if match.paused:
                raise ServiceError("already_paused")
            match = await votes.cast(tx, match, seat, votes.PAUSE)
            if not votes.tally(match, votes.PAUSE).complete:
                return match, False
            return await self.pause_now(tx, match), True

    async def resume(self, channel_id: int, user_id: int) -> Match:
        """Any player resumes; reminders and deadlines start afresh from now."""
        async with self.store.transaction() as tx:
            match, _ = await self._running(tx, channel_id, user_id)
            if not match.paused:
                raise ServiceError("not_paused")
            return await self.resume_now(tx, match)

    async def pause_now(self, tx: Transaction, match: Match) -> Match:
        """Pause at once (the table agreed, or a moderator paused the server);
        the new timer epoch silences the match's reminders and deadlines."""
        await votes.clear(tx, match.id, votes.PAUSE)
        await tx.update_match(match.id, paused=1, timer_epoch=match.timer_epoch + 1)
        await bank.stop(tx, match, self.clock.now())
        return await tx.match(match.id)

    async def resume_now(self, tx: Transaction, match: Match) -> Match:
        """Resume: reminders and deadlines start afresh from now."""
        await votes.clear(tx, match.id, votes.PAUSE)
        await tx.update_match(match.id, paused=0, timer_epoch=match.timer_epoch + 1)
        match = await tx.match(match.id)
        engine = engines.get(match.game)
        await self.service.open_decisions(tx, match, engine.to_act(engine.load_state(match.state)))
        return await tx.match(match.id)

    async def away(self, user_id: int, days: int) -> tuple[float, list[Match]]:
        """Vacation across all the player's matches (:mod:`bot.play.away`)."""
        return await away.go_away(self.store, self.service, user_id, days)

    async def back(self, user_id: int) -> tuple[int, list[Match]]:
        return await away.come_back(self.store, self.service, user_id)

    async def set_notify(self, user_id: int, mode: str) -> None:
        if mode not in NOTIFY_MODES:
            raise ServiceError("bad_notify")
        await self.store.update_user(user_id, notify=mode)

    # -- takeback ----------------------------------------------------------------
    #
    # Each logged action carries the engine's verdict on taking it back
    # (stored by the match service when it was made; computed here once for
    # actions logged before that, whose verdict is NULL). An undo replays from
    # the newest snapshot before the first move it takes back, at most
    # ``SNAPSHOT_EVERY`` moves, in a worker thread and outside the store's
    # lock: the log is read in one transaction, and the result is written in a
    # second one only if the match's counter is still the same (a move in
    # between makes the undo outdated).

    async def _takeback_run(self, tx: Transaction, match: Match, seat: int) -> list[LoggedAction]:
        """The asker's last actions, which an undo takes back; refused when
        another seat has acted since, or when a secret was involved. An action
        whose verdict is not stored yet comes back with ``undoable=None``."""
        run = await tx.takeback_run(match.id, seat)
        if not run:
            raise ServiceError("undo_nothing")
        if any(entry.undoable is False for entry in run):
            raise ServiceError("undo_secret")
        return run

    async def _replay_job(self, tx: Transaction, match: Match, first: int, last: int) -> Replay:
        """What replaying up to action ``last`` needs: the newest snapshot
        before action ``first`` and the log from there."""
        snapshot = await tx.snapshot_before(match.id, first)
        base = snapshot[0] if snapshot else 0
        log = [a for a in await tx.actions_after(match.id, base, last) if a.undone_by is None]
        return Replay(match.game, len(match.seats), match.seed, match.options, snapshot, log)

    async def request_undo(self, channel_id: int, user_id: int) -> Match:
        """Ask to take back one's last moves: the asker's vote is the first.
        Asking again while one's request is pending is answered at once."""
        for _ in range(3):
            async with self.store.transaction() as tx:
                match, seat = await self._running(tx, channel_id, user_id)
                if len(match.seats) < 2:
                    raise ServiceError("undo_solo")
                if match.undo_seat == seat and seat in votes.tally(match, votes.UNDO).voted:
                    raise ServiceError("undo_pending")
                run = await self._takeback_run(tx, match, seat)
                unknown = {entry.counter for entry in run if entry.undoable is None}
                if not unknown:
                    await votes.clear(tx, match.id, votes.UNDO)
                    await tx.update_match(match.id, undo_seat=seat)
                    return await votes.cast(tx, await tx.match(match.id), seat, votes.UNDO)
                job = await self._replay_job(tx, match, run[0].counter, run[-1].counter)
            # actions logged before verdicts were stored: decide them once, off the event loop
            verdicts = await workers.run(job.verdicts, unknown)
            async with self.store.transaction() as tx:
                await tx.set_undoable(match.id, verdicts)
        raise ServiceError("undo_outdated")  # pragma: no cover - the log kept changing meanwhile

    async def vote_undo(self, match_id: int, user_id: int, counter: int, agree: bool) -> tuple[Match, str]:
        """A vote on the pending undo request of the board at ``counter``;
        returns the match and "pending", "done" or "refused"."""
        async with self.store.transaction() as tx:
            match, seat = await seated(tx, match_id, user_id)
            # a request lapses with the next move: its votes are then no longer current
            requested = match.undo_seat is not None and votes.tally(match, votes.UNDO).voted
            if match.status != "running" or not requested or match.counter != counter:
                raise ServiceError("undo_outdated")
            if not agree:
                await tx.update_match(match.id, undo_seat=None)
                await votes.clear(tx, match.id, votes.UNDO)
                return await tx.match(match.id), "refused"
            match = await votes.cast(tx, match, seat, votes.UNDO)
            if not votes.tally(match, votes.UNDO).complete:
                return match, "pending"
            undo_seat = match.undo_seat
            run = await self._takeback_run(tx, match, undo_seat)
            if any(entry.undoable is None for entry in run):  # pragma: no cover - the request decided them
                raise ServiceError("undo_outdated")
            job = await self._replay_job(tx, match, run[0].counter, run[0].counter - 1)
        state = await workers.run(job.state)
        async with self.store.transaction() as tx:
            match = await tx.match(match_id)
            # compare-and-swap: anything counted since (a move, another undo) makes this one outdated
            if match.status != "running" or match.counter != counter or match.undo_seat != undo_seat:
                raise ServiceError("undo_outdated")
            await self._undo(tx, match, run, state)
            return await tx.match(match.id), "done"

    async def _undo(self, tx: Transaction, match: Match, run: list[LoggedAction], state: str) -> None:
        engine = engines.get(match.game)
        undo_counter = match.counter + 1
        await tx.mark_undone(match.id, match.undo_seat, run[0].counter, run[-1].counter, undo_counter)
        await tx.drop_snapshots(match.id, run[0].counter)
        await tx.update_match(match.id, state=state, counter=undo_counter, undo_seat=None)
        await votes.clear(tx, match.id, votes.UNDO)
        await tx.set_decision_counters(match.id, [undo_counter] * len(match.seats))
        await bank.stop(tx, match, self.clock.now())  # the clocks of the seats asked now start again
        match = await tx.match(match.id)
        await self.service.open_decisions(tx, match, engine.to_act(engine.load_state(state)))

    # -- digest --------------------------------------------------------------------

    async def digest(self, match: Match, seat: int, limit: int = 12) -> list[dict]:
        """Events the seat may see since its own last action."""
        log = [a for a in await self.store.actions(match.id) if a.undone_by is None]
        mine = [a.counter for a in log if a.seat == seat]
        since = mine[-1] if mine else 0
        events = [e for a in log if a.counter > since for e in a.events]
        return events[-limit:]

    async def waiting_matches(self, user_id: int) -> list[tuple[Match, list[int], float | None]]:
        """The user's open matches: who is to act and since when; those
        waiting for the user first, longest waiting first, then the others
        by how long they wait (lobbies and paused matches last)."""
        out = []
        for match in await self.store.user_matches(user_id):
            if match.status == "running":
                engine = engines.get(match.game)
                waiting = engine.to_act(engine.load_state(match.state))
                since = min((match.seats[s].decision_at for s in waiting if match.seats[s].decision_at), default=None)
            else:
                waiting, since = [], None
            out.append((match, waiting, since))
        def order(item):
            match, waiting, since = item
            mine = match.status == "running" and not match.paused and match.seat_of(user_id) in waiting
            return (not mine, since is None, since or 0, match.id)

        out.sort(key=order)
        return out

    # -- timers --------------------------------------------------------------------

    async def fire(self, timer: Timer) -> Fired | None:
        """Act on a claimed timer; ``None`` when it no longer applies."""
        match = await self.store.get_match(timer.match_id)
        if match is None or match.status not in ("lobby", "running"):
            return None
        if timer.kind in ("abandon", "close"):
            return await self._abandoned(timer, match)
        if not self._still_due(match, timer):
            return None
        if timer.kind in ("reminder", "deadline"):
            # in the player's quiet hours a reminder waits, and a deadline moves, to their end
            later = quiet.quiet_end(await self.store.get_user(match.user(timer.seat)), self.clock.now())
            if later > self.clock.now():
                async with self.store.transaction() as tx:
                    await tx.add_timer(match.id, timer.kind, timer.seat, timer.counter, timer.epoch, later)
                return None
        away_until = match.seats[timer.seat].away_until if timer.seat is not None else None
        if timer.kind == "reminder" and away_until and away_until > self.clock.now():
            async with self.store.transaction() as tx:  # nobody is reminded on vacation: at its end
                await tx.add_timer(match.id, "reminder", timer.seat, timer.counter, timer.epoch, away_until)
            return None
        if timer.kind == "reminder":
            async with self.store.transaction() as tx:
                # counted from now: after a long downtime one reminder, not one per missed interval
                due = max(timer.due_at, self.clock.now()) + match.reminder_hours * HOUR
                await tx.add_timer(match.id, "reminder", timer.seat, timer.counter, timer.epoch, due)
            return Fired("reminder", match, timer.seat)
        if timer.kind == "lapse":
            return await self._skip(match, timer.seat)
        if match.bank_hours:
            # a bank's timer stands for "empty at that moment"; a clock held
            # or restarted since (a vacation) has a later end
            runs_out = bank.runs_out(match, timer.seat)
            if runs_out is None:
                return None
            if runs_out > self.clock.now():
                async with self.store.transaction() as tx:
                    await tx.add_timer(match.id, "deadline", timer.seat, timer.counter, timer.epoch, runs_out)
                return None
            return await self._deadline(match, timer.seat)
        if away_until and away_until > self.clock.now():
            async with self.store.transaction() as tx:
                await tx.add_timer(match.id, "deadline", timer.seat, timer.counter, timer.epoch, away_until)
            return None
        return await self._deadline(match, timer.seat)

    def _still_due(self, match: Match, timer: Timer) -> bool:
        if match.status != "running" or match.paused or timer.epoch != match.timer_epoch:
            return False
        if timer.seat is not None and not match.seats[timer.seat].person:
            return False  # the autopilot or the computer moves this seat, nobody is reminded
        engine = engines.get(match.game)
        due = engine.to_act(engine.load_state(match.state))
        return timer.seat in due and match.seats[timer.seat].decision_counter == timer.counter

    async def _deadline(self, match: Match, seat: int) -> Fired:
        if match.deadline_policy == "forfeit":
            return Fired("forfeit", await self.service.forfeit(match.id, seat), seat)
        if match.deadline_policy == "pause":
            async with self.store.transaction() as tx:
                await tx.update_match(match.id, paused=1, timer_epoch=match.timer_epoch + 1)
                await bank.stop(tx, match, self.clock.now())
                fired = Fired("paused", await tx.match(match.id), seat)
        else:
            fired = await self._skip(match, seat)
        fired.vote = await self.service.handovers.missed_deadline(match.id, seat)
        if fired.vote:
            fired.match = await self.service.get(match.id)
        return fired

    async def _skip(self, match: Match, seat: int) -> Fired:
        """Passive defaults (end the turn, skip an option) go on while the seat
        is still asked; the first default that does something ends the skip,
        and a further decision gets a deadline of its own. So a missed
        deadline never plays a whole game (a solo one, say) by itself."""
        moves = []
        engine = engines.get(match.game)
        for _ in range(MAX_SKIP_STEPS):
            state = engine.load_state(match.state)
            if match.status != "running" or seat not in engine.to_act(state):
                break
            action = engine.default_action(state, seat)
            index = engine.legal_actions(state, seat).index(action)
            outcome = await self.service.act(
                match.id, match.user(seat), match.seats[seat].decision_counter, index, action_token(engine, action),
                late=True,
            )
            moves.append(outcome)
            match = outcome.match
            if not engine.is_passive(action):
                break
        return Fired("skipped", match, seat, moves)

    async def _abandoned(self, timer: Timer, match: Match) -> Fired | None:
        """Valid while nothing happened in the match since the timer was set."""
        if match.counter != timer.counter:
            return None
        if timer.kind == "abandon":
            async with self.store.transaction() as tx:
                await tx.add_timer(match.id, "close", None, timer.counter, timer.epoch, self.clock.now() + CLOSE_AFTER_WARNING)
            return Fired("abandon_warning", match)
        async with self.store.transaction() as tx:
            await tx.update_match(match.id, status="cancelled", outcome={"reason": "abandoned"})
            return Fired("abandoned", await tx.match(match.id))


def deadline_of(match: Match, seat: int, user: User | None = None) -> float | None:
    """When the seat's current decision times out (None without a deadline):
    the match's deadline, or the decision's own if that comes first. With the
    seat's ``user``, a match deadline in their quiet hours is shown at their
    end, where its timer fires (:meth:`SlowPlay.fire`)."""
    place = match.seats[seat]
    if match.paused or place.decision_at is None:
        return None
    times = []
    if match.deadline_hours:
        times.append(quiet.quiet_end(user, move_deadline(match, seat, place.decision_at)))
    own = own_deadline_hours(match).get(seat)
    if own:
        times.append(place.decision_at + own * HOUR)
    return min(times) if times else None

