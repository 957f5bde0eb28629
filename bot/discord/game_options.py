"""Slash-command options that come from the game registry: the game choices,
and each game's own options (its pydantic ``Options`` model, declared once in
the engine) as options of ``/game new`` and, for games with a daily
challenge, as variant filters of ``/game scores``.

The commands are built when the command tree is built (at start-up), so a
game registered by another installed package appears without a change here.
An option several games share (same name and type) is offered once; its range
spans theirs and each game's own model still checks the value.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Optional

from discord import app_commands
from discord.app_commands import locale_str as _

import engines
from engines.contract import option_bounds, player_options

#: Discord's limit for a description.
DESCRIPTION_LIMIT = 100
#: The option that asks for a game's daily challenge (a bot feature games opt into).
DAILY = "daily"


@dataclass
class OptionSpec:
    name: str
    kind: type
    low: int | None = None
    high: int | None = None
    games: list[str] = field(default_factory=list)

    @property
    def annotation(self) -> Any:
        if self.kind is bool:
            return Optional[bool]
        return Optional[app_commands.Range[int, self.low, self.high]]

    def describe(self) -> app_commands.locale_str:
        return _(description(self.name, self.games, "en"), key=f"option.{self.name}")


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=_(e.title("en"), key=f"game.{e.id}"), value=e.id) for e in engines.all()]


def option_specs(*, daily_variants: bool = False) -> dict[str, OptionSpec]:
    """Every player option of every registered game by name. With
    ``daily_variants``: only the yes/no variants of games that have a daily
    challenge, without the daily switch itself (what ``/game scores`` filters by)."""
    specs: dict[str, OptionSpec] = {}
    for engine in engines.all():
        fields = player_options(engine)
        if daily_variants and DAILY not in fields:
            continue
        for name, info in fields.items():
            if daily_variants and (name == DAILY or info.annotation is not bool):
                continue
            kind = bool if info.annotation is bool else int
            low, high = option_bounds(info) if kind is int else (None, None)
            spec = specs.setdefault(name, OptionSpec(name, kind, low, high))
            if spec.kind is not kind:
                raise TypeError(f"option {name!r} is a {spec.kind.__name__} in one game and a {kind.__name__} in another")
            if kind is int:
                spec.low, spec.high = min(spec.low, low), max(spec.high, high)
            spec.games.append(engine.id)
    return specs


def description(name: str, games: list[str], locale: str) -> str:
    """"<Game>: <what the option does>" for each game that has it; the
    English text is the field's description, others the key ``option_<name>``."""
    parts = []
    for game_id in games:
        engine = engines.get(game_id)
        text = engine.Options.model_fields[name].description if locale == "en" else engine.text(f"option_{name}", {}, locale)
        parts.append(f"{engine.title(locale)}: {text}")
    return "; ".join(parts)[:DESCRIPTION_LIMIT]


def with_options(callback, fixed: list[inspect.Parameter], specs: dict[str, OptionSpec]):
    """``callback(interaction, **values)`` with a signature that discord.py
    reads as the command's options: the fixed ones, then one per spec."""
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Any)]
    params += fixed
    params += [
        inspect.Parameter(spec.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None, annotation=spec.annotation)
        for spec in specs.values()
    ]
    callback.__signature__ = inspect.Signature(params)
    callback.__annotations__ = {p.name: p.annotation for p in params}
    return app_commands.describe(**{name: spec.describe() for name, spec in specs.items()})(callback)


def given(values: dict[str, Any], specs: dict[str, OptionSpec]) -> dict[str, Any]:
    """The game options the player set (a game refuses ones it does not have)."""
    return {name: values[name] for name in specs if values.get(name) is not None}
