"""Refusals of the match service. Each carries a message key (of
``bot.discord.messages`` or of a game's own messages) and its parameters, so the
Discord layer can explain it to the user in their language."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """``game``: the id of the game whose catalogue holds ``key`` when it is
    not one of the bot's own (a rule's refusal, a prompt)."""

    def __init__(self, key: str, game: str | None = None, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.game = game
        self.params = params


class Outdated(ServiceError):
    """A button made for an earlier state of the match: never applied."""

    def __init__(self) -> None:
        super().__init__("outdated")


class Stale(ServiceError):
    """A control (button, menu) made for a match that is not the one it would
    act on now, or in a form this version no longer reads: never applied.
    ``match_id``: the match the channel has now, if any."""

    def __init__(self, match_id: int | None = None) -> None:
        super().__init__("stale_control")
        self.match_id = match_id
