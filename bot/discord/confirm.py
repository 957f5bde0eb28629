"""A move that ends the match at once with its mover losing asks first.

When a player clicks a choice (a picker's button ``bb:a:…`` or an entry of
a choice menu ``bb:c:…``, both end in ``PlayCog.on_action``) and the game
says the action surely ends the match with them not among the winners
(:meth:`engines.contract.Engine.loses_at_once`, which decides only from what
that player may know), the action is not applied. The clicker's private
picker (an ephemeral message or a DM) turns into the question instead, in
their language, naming the move, with two buttons:

- confirm: the same choice again, ``bb:a:{match}:{counter}:{index}:{token}:y``
  (:class:`bot.discord.components.ActionButton` with its ``confirmed`` flag):
  it is applied like any click, without asking again;
- cancel: ``bb:p:{match}:{counter}:0:0``, the picker's own page button
  (:class:`bot.discord.components.PageButton`), which shows the picker again.

Both custom ids carry everything, so the question still works after a
restart; both carry the seat's decision counter, so once the match has moved
on they are refused as outdated like any old button; a forged confirm id is
checked like any click (seat, counter, index, token) and refused privately.
Only a person's own click asks: computer players, automatic answers, seats
on autopilot and missed deadlines go through the service directly.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

import engines
from bot import workers
from bot.discord.components import ActionButton, PageButton
from bot.discord.messages import t
from bot.play.moves import action_token
from bot.play.service import MatchService
from bot.store import Match

log = logging.getLogger("brettbote")


async def losing_move(service: MatchService, match_id: int, user_id: int, counter: int, index: int,
                      token: str) -> tuple[Match, int, Any, Any] | None:
    """The match, seat, state and action of a click that would end the match
    at once with the clicker losing; None for any other click, which the
    service then applies or refuses as ever (an outdated or forged one
    included: this only looks, it never refuses)."""
    match = await service.get(match_id)
    seat = match.seat_of(user_id)
    if seat is None or match.status != "running" or match.state is None:
        return None
    place = match.seats[seat]
    if place.autopilot or counter != place.decision_counter:
        return None
    engine = engines.get(match.game)
    state = engine.load_state(match.state)
    if seat not in engine.to_act(state):
        return None
    legal = engine.legal_actions(state, seat)
    if not 0 <= index < len(legal) or action_token(engine, legal[index]) != token:
        return None
    try:  # search work (determinisations, automatic answers): off the event loop, as a picture is
        loses = await workers.run(_loses, match.game, match.state, seat, index)
    except Exception:  # the question is a courtesy: a failure in it never holds up the move
        log.exception("loses_at_once failed in match %s (%s)", match.id, match.game)
        return None
    return (match, seat, state, legal[index]) if loses else None


def _loses(game: str, state_json: str, seat: int, index: int) -> bool:
    engine = engines.get(game)
    state = engine.load_state(state_json)
    return engine.loses_at_once(state, seat, engine.legal_actions(state, seat)[index])


async def asked_first(service: MatchService, interaction: discord.Interaction, match_id: int, counter: int, index: int,
                      token: str, locale: str) -> bool:
    """Ask the clicker (whose interaction is deferred) before a move that
    loses at once; True when asked, and so nothing was applied."""
    found = await losing_move(service, match_id, interaction.user.id, counter, index, token)
    if found is None:
        return False
    match, seat, state, action = found
    engine = engines.get(match.game)
    move = engine.label(state, seat, action, locale)
    ui = discord.ui.View(timeout=None)
    ui.add_item(ActionButton(match.id, counter, index, token, t("btn_confirm_losing", locale), row=4, confirmed=True))
    ui.add_item(PageButton(match.id, counter, 0, 0, t("btn_cancel", locale)))
    question = t("confirm_losing_move", locale, move=move, game=engine.title(locale))
    await interaction.edit_original_response(content=question, attachments=[], view=ui)
    return True
