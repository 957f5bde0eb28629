"""Slash command options as a modified client can send them: any JSON value
in any option. Discord's own client keeps to what a command declares (its
choice list, whole numbers, yes or no, ids), but discord.py passes most raw
values on unchecked: a string outside a choice list, ``true`` where hours
belong (``True`` is an ``int`` in Python, so it would be stored as 1), an id
the database cannot hold.

:func:`check_options` runs before discord.py converts anything (as the
``interaction_check`` of the bot's command tree, :class:`CheckedTree`) and refuses
a value of the wrong kind, naming the option. It does not check the
declared ranges of numbers: the services do, with the narrower range of the
game at hand (``bot.play.lobby.check_range``), whoever calls them.
"""

from __future__ import annotations

import math
import re

import discord
from discord import AppCommandOptionType, app_commands

from bot.play.errors import ServiceError

#: What the databases hold in an integer column (64-bit signed).
INT_RANGE = (-(2**63), 2**63 - 1)
#: Discord's longest string option.
TEXT_MAX = 6000
#: Where the payload's ``resolved`` data has what an option of each kind names.
RESOLVED = {
    AppCommandOptionType.user: ("users", "members"),
    AppCommandOptionType.channel: ("channels",),
    AppCommandOptionType.role: ("roles",),
    AppCommandOptionType.mentionable: ("users", "members", "roles"),
    AppCommandOptionType.attachment: ("attachments",),
}
SUBCOMMANDS = (AppCommandOptionType.subcommand.value, AppCommandOptionType.subcommand_group.value)


class ForgedOption(app_commands.AppCommandError):
    """An option value refused before the command ran; answered privately
    with the reason by :func:`bot.discord.errors.on_app_command_error`."""

    def __init__(self, refusal: ServiceError) -> None:
        super().__init__(f"{refusal.key} {refusal.params}")
        self.refusal = refusal


class CheckedTree(app_commands.CommandTree):
    """The command tree, checking every option before discord.py reads any:
    its own reading of an id that is no number raises an exception that is
    not an ``AppCommandError``, which would leave the user unanswered."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if interaction.type is not discord.InteractionType.autocomplete:
            return check_options(interaction)  # a refusal goes to the tree's error handler
        try:
            return check_options(interaction)
        except ForgedOption:
            await interaction.response.autocomplete([])  # the only answer autocomplete allows
            return False


def check_options(interaction: discord.Interaction) -> bool:
    """Raise :class:`ForgedOption` for the first option value the command
    does not declare; ``True`` otherwise (the signature of a check)."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return True
    params = {param.display_name: param for param in command.parameters}
    data = interaction.data or {}
    resolved = data.get("resolved") or {}
    for option in leaf_options(data):
        param = params.get(option.get("name"))
        if param is None or option.get("focused"):  # discord.py ignores unknown ones; autocomplete sends drafts
            continue
        refusal = refusal_of(param, option.get("value"), resolved)
        if refusal is not None:
            raise ForgedOption(refusal)
    return True


def leaf_options(data: dict) -> list[dict]:
    """The options of the subcommand that was called."""
    options = data.get("options") or []
    while options and options[0].get("type") in SUBCOMMANDS:
        options = options[0].get("options") or []
    return options


def refusal_of(param: app_commands.Parameter, value: object, resolved: dict) -> ServiceError | None:
    """Why ``value`` does not fit ``param``; ``resolved``: the payload's users, channels, ... by id."""
    name = param.display_name
    if param.choices:
        allowed = [choice.value for choice in param.choices]
        # the type too: True == 1 and 1.0 == 1 in Python
        if not any(type(value) is type(a) and value == a for a in allowed):
            return ServiceError("bad_choice", option=name, choices=", ".join(str(a) for a in allowed))
        return None
    kind = param.type
    if kind is AppCommandOptionType.integer:
        if type(value) is not int or not INT_RANGE[0] <= value <= INT_RANGE[1]:
            low, high = param.min_value, param.max_value
            if low is None or high is None:
                return ServiceError("bad_number", option=name)
            return ServiceError("bad_range", option=name, min=int(low), max=int(high))
    elif kind is AppCommandOptionType.number:
        if type(value) not in (int, float) or not math.isfinite(value):
            return ServiceError("bad_number", option=name)
    elif kind is AppCommandOptionType.boolean:
        if type(value) is not bool:
            return ServiceError("bad_yes_no", option=name)
    elif kind is AppCommandOptionType.string:
        low = int(param.min_value or 0)  # a string's declared length (``Range[str, ...]``)
        high = int(param.max_value or TEXT_MAX)
        if type(value) is not str or not low <= len(value) <= high:
            return ServiceError("bad_text", option=name, min=low, max=high)
    elif kind in RESOLVED:
        # Discord sends what an option names along; else discord.py would hand on a bare id
        if not is_id(value) or not any(value in (resolved.get(part) or {}) for part in RESOLVED[kind]):
            return ServiceError("bad_id", option=name)
    return None


def is_id(value: object) -> bool:
    """A Discord id as an option carries it: digits that fit the databases."""
    return (type(value) is str and re.fullmatch(r"-?[0-9]{1,19}", value) is not None
            and INT_RANGE[0] <= int(value) <= INT_RANGE[1])
