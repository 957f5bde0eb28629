"""One applied action inside a move's transaction, and the automatic answers
after it (:meth:`engines.contract.Engine.automatic`): a question with no real
choice is never asked; the engine names its answer and it is applied here, in
the same transaction as the move that led to it, and logged as the seat's
ordinary action marked ``automatic`` (so replays and match files replay it,
and ``/game log`` says "(automatic)"). No message, mention or picker is owed
for it: the outcome of the whole chain is announced as one move.

A mixin of :class:`bot.play.lobby.LobbyService` (a match's start may already
open such a question) and so of the match service.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.play import bank, ratings
from bot.play.errors import Outdated, ServiceError
from bot.play.moves import (
    MoveOutcome, decision_counters, merged, needs_board_edit, needs_board_post, owed_notices, secret_opened, table_result,
)
from bot.store import Match, Transaction
from engines import Engine, IllegalAction

#: Automatic answers in a row at most (a guard: a game always asks someone long before).
AUTOMATIC_STEPS = 500
#: A snapshot of the state is stored at least every this many counted moves,
#: so an undo replays at most this many (see ``SlowPlay._undo``).
SNAPSHOT_EVERY = 50


class MoveSteps:
    async def _step(self, tx: Transaction, match: Match, engine: Engine, before: BaseModel, seat: int, action: Any,
                    automatic: bool = False, standing: bool = False) -> MoveOutcome:
        """Apply one legal action of ``seat`` to ``before`` (the match's
        current state) and log it: the state, the log, the decision counters,
        the clocks and the timers of the decisions it opens."""
        try:
            after, events = engine.apply(before, seat, action)
        except IllegalAction as err:  # pragma: no cover - legal_actions and apply disagree
            raise ServiceError(err.key, game=match.game, **err.params) from err
        result = engine.result(after)
        status = "finished" if result else "running"
        outcome = table_result(match, result) if result else None
        dumped = engine.dump_state(after)
        if not await tx.advance(match.id, match.counter, dumped, status, outcome):
            raise Outdated()
        if result:
            await ratings.rate(tx, match.id)
        new_counter = match.counter + 1
        await tx.append_action(match.id, new_counter, seat, engine.dump_action(action), [e.model_dump() for e in events],
                               undoable=engine.undoable(before, after, seat, events), automatic=automatic,
                               standing=standing)
        if status == "running" and new_counter - (await tx.last_snapshot_counter(match.id) or 0) >= SNAPSHOT_EVERY:
            await tx.add_snapshot(match.id, new_counter, dumped)
        await tx.set_decision_counters(match.id, decision_counters(engine, match, before, after, seat, new_counter))
        board_post = needs_board_post(engine, before, after)
        if board_post:
            await tx.update_match(match.id, board_due=1)
        # Reading the match again costs no round trip: the transaction keeps
        # the match it locked, with its own changes (bot.store.sql_batch).
        match = await tx.match(match.id)
        to_act = engine.to_act(after) if status == "running" else []
        await bank.after_move(tx, match, seat, to_act, self.clock.now())
        match = await tx.match(match.id)
        # a question the engine answers next is never opened: no reminder, no deadline
        due = [s for s in to_act if match.seats[s].decision_counter == new_counter and engine.automatic(after, s) is None]
        await self.open_decisions(tx, match, due)
        return MoveOutcome(
            first_counter=new_counter,
            match=await tx.match(match.id),
            seat=seat,
            action=action,
            before=before,
            after=after,
            events=events,
            board_post=board_post,
            board_edit=needs_board_edit(engine, before, after),
            secret_opened=secret_opened(engine, before, after, seat),
            newly_due=[s for s in engine.to_act(after) if s not in engine.to_act(before)],
        )

    async def _automatic(self, tx: Transaction, engine: Engine, match: Match, state: BaseModel) -> list[MoveOutcome]:
        """Answer every question the engine answers by itself, one after the
        other (the lowest seat first), until someone must be asked or the
        game ends; ``match`` and ``state`` are the match's current ones."""
        steps: list[MoveOutcome] = []
        for _ in range(AUTOMATIC_STEPS):
            if match.status != "running":
                break
            answer = next(((s, a) for s in engine.to_act(state) if (a := engine.automatic(state, s)) is not None), None)
            if answer is None:
                break
            standing = engine.standing(state, answer[0]) == answer[1]
            steps.append(await self._step(tx, match, engine, state, *answer, automatic=True, standing=standing))
            match, state = steps[-1].match, steps[-1].after
        return steps

    async def _answer_at_start(self, tx: Transaction, engine: Engine, match_id: int,
                               state: BaseModel) -> tuple[BaseModel, list[tuple[str, int | None]], set[int]]:
        """The automatic answers of a match just set up (before anyone is
        asked): the state they lead to, the private views and summaries they
        owe, and the seats whose decision one of them already opened."""
        start = await tx.match(match_id)
        chain = await self._automatic(tx, engine, start, state)
        if not chain:
            return state, [], set()
        owed = [n for n in owed_notices(engine, merged(engine, chain[0], chain[1:])) if n[0] in ("private", "summary")]
        counters = [p.decision_counter for p in start.seats]
        opened = {p.seat for p in chain[-1].match.seats if p.decision_counter != counters[p.seat]}
        return chain[-1].after, owed, opened
