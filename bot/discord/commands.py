"""The ``/game`` slash command group, declared in one place so that its
names, options and German names (``bot.discord.translator``) stay together. Each
command only hands over to the cog of its concern: lobby, play, slow play or
help (discord.py allows one group per top-level command, not one per cog)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

import inspect
from typing import Optional

from bot.discord.game_options import game_choices, given, option_specs, with_options


POLICIES = [
    app_commands.Choice(name=_("skip: the default choice is made", key="policy.skip"), value="skip"),
    app_commands.Choice(name=_("forfeit: the late player loses", key="policy.forfeit"), value="forfeit"),
    app_commands.Choice(name=_("pause the match", key="policy.pause"), value="pause"),
]

NOTIFY = [
    app_commands.Choice(name=_("DM on every turn", key="notify.turn"), value="turn"),
    app_commands.Choice(name=_("mention in the match channel on every turn", key="notify.mention"), value="mention"),
    app_commands.Choice(name=_("reminders only", key="notify.reminders"), value="reminders"),
    app_commands.Choice(name=_("off", key="notify.off"), value="off"),
]

#: The digest: off, or one DM a day at a whole hour (25 choices, Discord's most).
DIGEST = [app_commands.Choice(name=_("off", key="notify.off"), value="off")] + [
    app_commands.Choice(name=f"{hour:02d}:00", value=str(hour)) for hour in range(24)
]

LANGUAGES = [
    app_commands.Choice(name=_("Deutsch", key="lang.de"), value="de"),
    app_commands.Choice(name=_("English", key="lang.en"), value="en"),
]


def cog(interaction: discord.Interaction, name: str):
    return interaction.client.get_cog(name)


def _param(name: str, annotation, default=inspect.Parameter.empty) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default, annotation=annotation)


def new_command() -> app_commands.Command:
    """``/game new``: the bot's own options, then every game's (from the registry)."""
    specs = option_specs()

    async def new(interaction: discord.Interaction, **values) -> None:
        policy, thinking = values.get("policy"), values.get("thinking")
        # reminder, deadline, policy and here left out: the server's defaults (bot.play.servers)
        await cog(interaction, "lobby").new(
            interaction, game=values["game"].value, here=values.get("here"),
            reminder_hours=values.get("reminder"), deadline_hours=values.get("deadline"),
            deadline_policy=policy.value if policy else None, players=values.get("players"),
            options=given(values, specs), computers=values.get("computer") or 0,
            thinking_seconds=2 if thinking is None else thinking,  # a forged 0 is refused, not taken as "not given"
            rated=values.get("rated"), bank_days=values.get("bank"),
            increment_hours=values.get("increment") or 0,
        )

    fixed = [
        _param("game", app_commands.Choice[str]),
        _param("here", bool | None, None),
        _param("reminder", app_commands.Range[int, 1, 168] | None, None),
        _param("deadline", app_commands.Range[int, 12, 336] | None, None),
        _param("policy", app_commands.Choice[str] | None, None),
        _param("players", app_commands.Range[int, 1, 6] | None, None),
        _param("computer", app_commands.Range[int, 0, 5] | None, None),
        _param("thinking", app_commands.Range[int, 1, 10] | None, None),
        _param("rated", Optional[bool], None),
        _param("bank", app_commands.Range[int, 1, 30] | None, None),
        _param("increment", app_commands.Range[int, 0, 72] | None, None),
    ]
    callback = with_options(new, fixed, specs)
    callback = app_commands.describe(
        game=_("Which game"),
        here=_("Play in this channel instead of a new thread"),
        reminder=_("Remind a player after this many hours (default 24)"),
        deadline=_("Hours a player has for a decision (default: no deadline)"),
        policy=_("What happens when a deadline passes"),
        players=_("How many players (default: solo where possible, else a full table)"),
        computer=_("Computer players to seat (default none; with no player count: you and them, at once)"),
        thinking=_("Seconds a computer player thinks about a decision (1-10, default 2)"),
        rated=_("Update the players' ratings (default: yes, unless a computer plays)"),
        bank=_("Time bank: days each player has for all their moves (instead of a deadline)"),
        increment=_("Hours added to a player's time bank after each turn (default 0)"),
    )(callback)
    callback = app_commands.choices(game=game_choices(), policy=POLICIES)(callback)
    return app_commands.command(name=_("new"), description=_("Open a lobby for a new match"))(callback)


def scores_command() -> app_commands.Command:
    """``/game scores``: a game with a daily challenge, filtered by its variants."""
    specs = option_specs(daily_variants=True)

    async def scores(interaction: discord.Interaction, **values) -> None:
        await cog(interaction, "lobby").scores(interaction, game=values["game"].value, variants=given(values, specs))

    callback = with_options(scores, [_param("game", app_commands.Choice[str])], specs)
    callback = app_commands.describe(game=_("Which game"))(callback)
    callback = app_commands.choices(game=game_choices())(callback)
    return app_commands.command(name=_("scores"), description=_("Today's and the best results of the daily challenge"))(callback)


def ratings_command() -> app_commands.Command:
    @app_commands.command(name=_("ratings"), description=_("This server's leaderboard of a game"))
    @app_commands.describe(game=_("Which game"))
    @app_commands.choices(game=game_choices())
    async def ratings(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await cog(interaction, "ratings").ratings(interaction, game=game.value)

    return ratings


def rules_command() -> app_commands.Command:
    # One card's text is an option here, not a command of its own: the group holds Discord's
    # maximum of 25 subcommands.
    @app_commands.command(name=_("rules"), description=_("The rules of this match's game or another, or one card"))
    @app_commands.describe(game=_("Which game"), card=_("One card of the game and what it does"))
    @app_commands.choices(game=game_choices())
    async def rules(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None,
                    card: app_commands.Range[str, 1, 100] | None = None) -> None:
        await cog(interaction, "help").rules(interaction, game=game.value if game else None, card=card)

    @rules.autocomplete("card")
    async def _card_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await cog(interaction, "help").card_autocomplete(interaction, current)

    return rules


class GameCommands(app_commands.Group):
    """Built at start-up, after the game registry is read: the commands that
    list games or their options are made here, the others are methods."""

    def __init__(self) -> None:
        super().__init__(name=_("game"), description=_("Play board games in this channel"))
        for command in (new_command(), scores_command(), ratings_command(), rules_command()):
            self.add_command(command)

    @app_commands.command(name=_("join"), description=_("Join the lobby here"))
    async def join(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "lobby").join(interaction)

    @app_commands.command(name=_("leave"), description=_("Leave the lobby; in a running match of 3 or more, the others decide who plays your seat"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "lobby").leave(interaction)

    @app_commands.command(name=_("rejoin"), description=_("Take your seat back from the computer, a substitute or the autopilot"))
    async def rejoin(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "seats").rejoin(interaction)

    @app_commands.command(name=_("start"), description=_("Start the match (host)"))
    async def start(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "lobby").start(interaction)

    @app_commands.command(name=_("board"), description=_("Post the current board again"))
    @app_commands.describe(quarter=_("Only this quarter of the board, enlarged, for you alone"))
    async def board(self, interaction: discord.Interaction,
                    quarter: app_commands.Range[int, 1, 9] | None = None) -> None:
        await cog(interaction, "play").board(interaction, quarter=quarter)

    @app_commands.command(name=_("hand"), description=_("Show what only you may see"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "play").hand(interaction)

    @app_commands.command(name=_("resign"), description=_("Give up the match"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "play").resign(interaction)

    @app_commands.command(name=_("cancel"), description=_("Cancel the match (host in the lobby, else everyone)"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "lobby").cancel(interaction)

    @app_commands.command(name=_("log"), description=_("The last moves"))
    async def log(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "play").log(interaction)

    @app_commands.command(name=_("export"), description=_("The match here as a file for a bug report, privately (all of it once finished)"))
    async def export(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "export").export(interaction)

    @app_commands.command(name=_("recap"), description=_("The match here as an animated picture, move by move (public moves only)"))
    async def recap(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "recap").recap(interaction)

    @app_commands.command(name=_("help"), description=_("How Brettbote works"))
    async def help(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "help").help(interaction)

    @app_commands.command(name=_("pause"), description=_("Ask to pause the match (everyone must agree)"))
    async def pause(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "slow").pause(interaction)

    @app_commands.command(name=_("resume"), description=_("Continue a paused match"))
    async def resume(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "slow").resume(interaction)

    # ``days:0`` is what ``/game back`` was: the slot went to ``/game talk``.
    @app_commands.command(name=_("away"), description=_("Stop your deadlines in all your matches for some days (14 in any 30); 0 ends it"))
    @app_commands.describe(days=_("How many days (1-14); 0: back now, unused days return"))
    async def away(self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 14]) -> None:
        await cog(interaction, "slow").away(interaction, days=days)

    @app_commands.command(name=_("talk"), description=_("Open a private thread with some players of this match"))
    @app_commands.rename(names=_("with"))
    @app_commands.describe(names=_("The players to talk with, as @mentions"))
    async def talk(self, interaction: discord.Interaction, names: app_commands.Range[str, 1, 300]) -> None:
        await cog(interaction, "talk").talk(interaction, names=names)

    @app_commands.command(name=_("undo"), description=_("Ask to take back your last move"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "slow").undo(interaction)

    @app_commands.command(name=_("notify"), description=_("How Brettbote tells you it is your turn"))
    @app_commands.describe(mode=_("When to send you a DM"))
    @app_commands.choices(mode=NOTIFY)
    async def notify(self, interaction: discord.Interaction, mode: app_commands.Choice[str]) -> None:
        await cog(interaction, "slow").notify(interaction, mode=mode.value)

    @app_commands.command(name=_("stats"), description=_("A player's matches, wins and time to move in this server"))
    @app_commands.describe(user=_("Whose (default: yours)"))
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await cog(interaction, "ratings").stats(interaction, user=user)

    @app_commands.command(name=_("mine"), description=_("Your open matches in all servers"))
    async def mine(self, interaction: discord.Interaction) -> None:
        await cog(interaction, "slow").mine(interaction)

    # The language is an option of the settings, not a command of its own: this
    # group holds Discord's maximum of 25 subcommands.
    @app_commands.command(name=_("settings"), description=_("Your language, time zone, quiet hours and daily digest (no options: show them)"))
    @app_commands.describe(
        language=_("Your language"),
        zone=_("Your time zone, e.g. Europe/Berlin"),
        quiet_from=_("Quiet hours start at this hour (0-23, your time; same as the end: none)"),
        quiet_to=_("Quiet hours end at this hour (0-23, your time)"),
        digest=_("One DM a day at this hour instead of a DM per turn"),
    )
    @app_commands.choices(language=LANGUAGES, digest=DIGEST)
    async def settings(self, interaction: discord.Interaction, language: app_commands.Choice[str] | None = None,
                       zone: str | None = None,
                       quiet_from: app_commands.Range[int, 0, 23] | None = None,
                       quiet_to: app_commands.Range[int, 0, 23] | None = None,
                       digest: app_commands.Choice[str] | None = None) -> None:
        await cog(interaction, "time").settings(interaction, language=language.value if language else None, zone=zone,
                                                quiet_from=quiet_from, quiet_to=quiet_to,
                                                digest=digest.value if digest else None)

    @settings.autocomplete("zone")
    async def _zone_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await cog(interaction, "time").zone_autocomplete(interaction, current)
