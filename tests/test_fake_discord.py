"""The fake Discord, exercised by a real discord.ext.commands.Bot (unmodified discord.py)."""

from __future__ import annotations

import asyncio
import io
import struct
import zlib
from typing import Any, AsyncIterator

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

try:  # Works whether or not the repository root is on sys.path.
    from tests.fake_discord import FakeDiscord, FakeMessage, InteractionHandle, SpecValidator, World, running_bot
    from tests.fake_discord.spec_validation import default_validator
except ImportError:
    from fake_discord import FakeDiscord, FakeMessage, InteractionHandle, SpecValidator, World, running_bot
    from fake_discord.spec_validation import default_validator

pytestmark = pytest.mark.asyncio


def tiny_png() -> bytes:
    """A valid 2x2 PNG, so width/height handling is exercised without an image library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)
    pixels = b"".join(b"\x00" + b"\xff\x00\x00" * 2 for _ in range(2))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels)) + chunk(b"IEND", b"")


PNG = tiny_png()


# --- a small test bot -------------------------------------------------------------------------


class TurnButton(discord.ui.DynamicItem[discord.ui.Button], template=r"g:(?P<match>\d+):(?P<turn>\d+)"):
    """Match id and move counter live in the custom_id, so clicks survive restarts."""

    def __init__(self, match_id: int, turn: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Zug {turn + 1}", style=discord.ButtonStyle.primary, custom_id=f"g:{match_id}:{turn}"
            )
        )
        self.match_id, self.turn = match_id, turn

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any
    ) -> "TurnButton":
        return cls(int(match["match"]), int(match["turn"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        turns: dict[int, int] = interaction.client.turns  # type: ignore[attr-defined]
        if turns.get(self.match_id) != self.turn:
            await interaction.response.send_message("Dieses Brett ist veraltet.", ephemeral=True)
            return
        turns[self.match_id] = self.turn + 1
        view = discord.ui.View(timeout=None)
        view.add_item(TurnButton(self.match_id, self.turn + 1))
        await interaction.response.edit_message(content=f"Partie {self.match_id}: Zug {self.turn + 1}", view=view)
        await interaction.followup.send(f"Zug gezählt, {interaction.user.display_name}.", ephemeral=True)


class ColourSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"pick:(?P<match>\d+)"):
    def __init__(self, match_id: int) -> None:
        options = [discord.SelectOption(label=c, value=c) for c in ("rot", "blau", "gelb")]
        super().__init__(discord.ui.Select(custom_id=f"pick:{match_id}", options=options, placeholder="Farbe"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: Any
    ) -> "ColourSelect":
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Farbe: {', '.join(self.item.values)}", ephemeral=True)


class RenameModal(discord.ui.Modal, title="Partie umbenennen"):
    name = discord.ui.TextInput(label="Neuer Name", custom_id="rename:name", max_length=50)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Neuer Name: {self.name.value}")


class GameBot(commands.Bot):
    def __init__(
        self, turns: dict[int, int], *, slow_delay: float = 0.0, intents: discord.Intents | None = None
    ) -> None:
        # guild_ready_timeout: discord.py waits this long after the last GUILD_CREATE for on_ready.
        super().__init__(command_prefix="!", intents=intents or discord.Intents.default(), guild_ready_timeout=0.05)
        self.turns = turns
        self.slow_delay = slow_delay
        self.errors: list[BaseException] = []
        self.tree.add_command(make_game_group())
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        self.add_dynamic_items(TurnButton, ColourSelect)
        await self.tree.sync()

    async def _on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        self.errors.append(getattr(error, "original", error))


def make_game_group() -> app_commands.Group:
    game = app_commands.Group(name="game", description="Brettspiele")

    @game.command(name="new", description="Neue Partie")
    @app_commands.choices(game=[app_commands.Choice(name=n, value=n) for n in ("himmel-und-hoelle", "muehle")])
    async def new(interaction: discord.Interaction, game: str) -> None:
        match_id = len(interaction.client.turns) + 1  # type: ignore[attr-defined]
        interaction.client.turns[match_id] = 0  # type: ignore[attr-defined]
        view = discord.ui.View(timeout=None)
        view.add_item(TurnButton(match_id, 0))
        embed = discord.Embed(title=game).set_image(url="attachment://board.png")
        await interaction.response.send_message(
            f"Partie {match_id}: {game}", embed=embed, file=discord.File(io.BytesIO(PNG), "board.png"), view=view
        )

    @game.command(name="invite", description="Mitspieler einladen")
    async def invite(interaction: discord.Interaction, player: discord.Member) -> None:
        await interaction.response.send_message(f"{player.mention} ({player.display_name}) ist eingeladen.")

    @game.command(name="think", description="Lange Rechnung")
    async def think(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        await interaction.edit_original_response(content="Fertig gerechnet.")

    @game.command(name="later", description="Antwort als Follow-up")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("Später, aber da.")

    @game.command(name="rename", description="Umbenennen")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(RenameModal())

    @game.command(name="pick", description="Farbe wählen")
    async def pick(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(ColourSelect(1))
        await interaction.response.send_message("Wähle eine Farbe", view=view)

    @game.command(name="join", description="Partie beitreten")
    async def join(interaction: discord.Interaction, match: str) -> None:
        await interaction.response.send_message(f"Beigetreten: {match}", ephemeral=True)

    @join.autocomplete("match")
    async def join_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        names = [f"partie-{m}" for m in interaction.client.turns]  # type: ignore[attr-defined]
        return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]

    admin = app_commands.Group(name="admin", description="Verwaltung", parent=game)

    @admin.command(name="reset", description="Partie zurücksetzen")
    async def reset(interaction: discord.Interaction, match: int) -> None:
        await interaction.response.send_message(f"Partie {match + 0} zurückgesetzt.", ephemeral=True)

    @game.command(name="slow", description="Antwortet zu spät")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(interaction.client.slow_delay)  # type: ignore[attr-defined]
        await interaction.response.send_message("zu spät")

    return game


# --- fixtures ---------------------------------------------------------------------------------


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as server:
        yield server


@pytest_asyncio.fixture
async def bot(fake: FakeDiscord) -> AsyncIterator[GameBot]:
    async with running_bot(fake, GameBot({})) as running:
        yield running


async def new_game(fake: FakeDiscord) -> tuple[InteractionHandle, FakeMessage]:
    handle = await fake.slash(fake.world.alice, "/game new game:himmel-und-hoelle")
    return handle, await handle.wait_response()


# --- tests ------------------------------------------------------------------------------------


async def test_login_endpoints_json_and_unknown_404(fake: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as session:
        auth = {"Authorization": f"Bot {fake.token}"}
        async with session.get(f"{fake.api_url}/users/@me", headers=auth) as resp:
            assert resp.status == 200
            assert resp.headers["Content-Type"] == "application/json"
            assert (await resp.json())["id"] == str(fake.world.bot_user.id)
        async with session.get(f"{fake.api_url}/oauth2/applications/@me", headers=auth) as resp:
            assert resp.headers["Content-Type"] == "application/json"
            assert (await resp.json())["id"] == str(fake.world.application_id)
        async with session.get(f"{fake.api_url}/users/@me", headers={"Authorization": "Bot wrong"}) as resp:
            assert resp.status == 401
        async with session.post(f"{fake.api_url}/guilds/1/bans/2", headers=auth, json={}) as resp:
            assert resp.status == 404
            assert resp.headers["Content-Type"] == "application/json"
            assert "does not implement POST" in (await resp.json())["message"]
    assert [(r.method, r.path) for r in fake.unknown_requests] == [("POST", "/guilds/1/bans/2")]
    assert fake.problems(ignore=["spec"]) == ["unknown endpoint POST /guilds/1/bans/2"]


async def test_gateway_ready_and_guild(fake: FakeDiscord, bot: GameBot) -> None:
    world = fake.world
    guild = bot.get_guild(world.guild.id)
    assert guild is not None and guild.name == world.guild.name
    assert {c.name for c in guild.text_channels} == {"allgemein", "spiele", "turniere"}
    # Default intents: like Discord, GUILD_CREATE carries only the bot's own member ...
    assert guild.get_member(world.alice.id) is None and guild.me is not None
    # ... and members come from REST.
    alice = await guild.fetch_member(world.alice.id)
    assert alice.display_name == "Alice"
    assert bot.user is not None and bot.user.id == world.bot_user.id
    assert bot.application_id == world.application_id
    session = fake.gateway.live_sessions[0]
    assert [p["op"] for p in session.received][:2] == [1, 2]  # first heartbeat, then IDENTIFY
    assert "game" in [c["name"] for c in fake.commands.list(None)]


async def test_members_intent_gets_members_and_chunks(fake: FakeDiscord) -> None:
    intents = discord.Intents.default()
    intents.members = True
    async with running_bot(fake, GameBot({}, intents=intents)) as bot:
        guild = bot.get_guild(fake.world.guild.id)
        assert guild is not None and guild.chunked
        assert guild.get_member(fake.world.carol.id) is not None
        found = await guild.query_members("bo")
        assert [m.id for m in found] == [fake.world.bob.id]


async def test_slash_command_attachment_button_edit_and_ephemeral(fake: FakeDiscord, bot: GameBot) -> None:
    world = fake.world
    handle, message = await new_game(fake)

    assert handle.callback_type == 4
    assert handle.ack_latency is not None and handle.ack_latency < 3.0
    assert message.content == "Partie 1: himmel-und-hoelle"
    assert fake.messages("allgemein") == [message]
    board = message.attachment("board.png")
    assert board.data == PNG and board.content_type == "image/png"
    assert message.embeds[0]["image"]["url"] == board.url  # attachment:// resolved
    assert message.custom_ids() == ["g:1:0"]
    async with aiohttp.ClientSession() as session:  # the bot could re-read its upload
        async with session.get(board.url) as resp:
            assert await resp.read() == PNG

    # Alice and Bob click the same board at once: both events carry the board as it was.
    # (Neither dispatch yields to the bot in between, so the order is fixed: Bob first.)
    click, late = await asyncio.gather(
        fake.click(world.bob, message, "g:1:0"), fake.click(world.alice, message, "g:1:0")
    )
    await click.wait_acknowledged()
    assert click.callback_type == 7
    secret = await click.wait_ephemeral()
    assert secret.content == "Zug gezählt, Bob."
    assert secret.visible_to is world.bob
    assert secret not in fake.messages("allgemein")
    assert fake.ephemeral_messages(world.bob) == [secret]
    assert message.content == "Partie 1: Zug 1" and message.custom_ids() == ["g:1:1"]
    assert message.history[0]["content"] == "Partie 1: himmel-und-hoelle"
    assert message.attachments[0].filename == "board.png"  # the edit kept the board

    # The second click hit an outdated board: answered ephemerally, never applied.
    reply = await late.wait_response()
    assert reply.content == "Dieses Brett ist veraltet." and reply.ephemeral
    assert message.content == "Partie 1: Zug 1"
    with pytest.raises(LookupError):
        await fake.click(world.alice, message, "g:1:0")  # the button is gone from the message now

    assert fake.ack_latency_percentile(99) < 3.0
    assert len(fake.ack_latencies) == 3
    fake.assert_clean()


async def test_user_option_resolved_defer_modal_select_autocomplete(fake: FakeDiscord, bot: GameBot) -> None:
    world = fake.world

    invite = await fake.slash(world.alice, "game invite", {"player": world.bob})
    assert (await invite.wait_response()).content == f"<@{world.bob.id}> (Bob) ist eingeladen."
    assert str(world.bob.id) in invite.payload["data"]["resolved"]["members"]
    assert invite.original is not None and invite.original.mentions == [world.bob]

    think = await fake.slash(world.bob, "/game think")
    await think.wait_acknowledged()
    assert think.callback_type == 5
    done = await think.wait_response()
    assert done.content == "Fertig gerechnet." and done.ephemeral and done.visible_to is world.bob
    assert fake.messages("allgemein")[-1].id != done.id

    # The first follow-up after a thinking defer replaces the "thinking..." message.
    later = await fake.slash(world.bob, "/game later")
    answer = await later.wait_response()
    assert answer.content == "Später, aber da." and not answer.ephemeral
    assert fake.messages("allgemein")[-1] is answer and later.messages == [answer]

    rename = await fake.slash(world.alice, "/game rename")
    modal = await rename.wait_modal()
    assert modal["title"] == "Partie umbenennen"
    submitted = await fake.submit_modal(world.alice, rename, {"rename:name": "Finale"})
    assert (await submitted.wait_response()).content == "Neuer Name: Finale"

    pick = await fake.slash(world.alice, "/game pick")
    menu = await pick.wait_response()
    chosen = await fake.select(world.bob, menu, "pick:1", ["blau"])
    assert (await chosen.wait_ephemeral()).content == "Farbe: blau"
    with pytest.raises(ValueError):
        await fake.select(world.bob, menu, "pick:1", ["lila"])

    bot.turns.update({7: 0, 8: 0})
    suggest = await fake.autocomplete(world.alice, "game join", {"match": "partie-"}, focused="match")
    assert [c["value"] for c in await suggest.wait_choices()] == ["partie-7", "partie-8"]

    # Subcommand group + integer option (converted by the synced option type).
    reset = await fake.slash(world.alice, "/game admin reset match:3")
    assert (await reset.wait_response()).content == "Partie 3 zurückgesetzt."
    assert reset.data["options"][0]["options"][0]["options"][0] == {"type": 4, "name": "match", "value": 3}

    with pytest.raises(LookupError):
        await fake.slash(world.alice, "/game nosuch")
    with pytest.raises(ValueError):
        await fake.slash(world.alice, "/game new game:schach")  # not one of the choices
    fake.assert_clean()


async def test_dm_to_user_with_closed_dms_is_forbidden_50007(fake: FakeDiscord, bot: GameBot) -> None:
    world = fake.world
    alice = await bot.fetch_user(world.alice.id)
    await alice.send("Du bist dran.")
    assert [m.content for m in fake.dm_messages(world.alice)] == ["Du bist dran."]
    assert fake.world.dm_channel(world.alice).type == 1

    # A button in a DM works like one in the guild (context BOT_DM, "user" instead of "member").
    bot.turns[5] = 0
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButton(5, 0))
    await alice.send("Dein Brett", view=view)
    board = fake.dm_messages(world.alice)[-1]
    click = await fake.click(world.alice, board, "g:5:0")
    await click.wait_ephemeral()
    assert click.payload["context"] == 1 and "member" not in click.payload
    assert board.content == "Partie 5: Zug 1"

    carol = await bot.fetch_user(world.carol.id)
    with pytest.raises(discord.Forbidden) as excinfo:
        await carol.send("Du bist dran.")
    assert excinfo.value.code == 50007
    assert fake.dm_messages(world.carol) == []
    assert sum(r.path == "/users/@me/channels" for r in fake.requests) == 2  # discord.py caches the DM channel
    fake.assert_clean()


async def test_threads_rate_limit_and_channel_messages(fake: FakeDiscord, bot: GameBot) -> None:
    world = fake.world
    channel = bot.get_channel(world.channel("spiele").id)
    assert isinstance(channel, discord.TextChannel)

    fake.rate_limit("POST", "/channels/{channel_id}/messages", retry_after=0.05)
    start = await channel.send("Neue Runde", file=discord.File(io.BytesIO(PNG), "b.png"))
    assert len(fake.rate_limited) == 1
    assert [m.content for m in fake.messages("spiele")] == ["Neue Runde"]  # retried once, stored once

    # Interaction callbacks go through discord.py's webhook adapter, which retries on its own.
    fake.rate_limit("POST", "/interactions/{interaction_id}/{token}/callback", retry_after=0.05)
    _, board = await new_game(fake)
    assert len(fake.rate_limited) == 2 and board.attachments

    thread = await channel.create_thread(name="Partie 1 geheim", type=discord.ChannelType.private_thread)
    await thread.add_user(discord.Object(world.alice.id))
    await thread.send("Nur für euch")
    fake_thread = world.channel("Partie 1 geheim")
    assert fake_thread.type == 12 and world.alice.id in fake_thread.member_ids
    assert [m.content for m in fake.messages(fake_thread)] == ["Nur für euch"]

    public = await start.create_thread(name="Diskussion")
    assert public.id == start.id
    edited = await start.edit(content="Neue Runde (läuft)")
    assert edited.content == fake.messages("spiele")[0].content == "Neue Runde (läuft)"
    await start.delete()
    assert fake.messages("spiele") == []
    fake.assert_clean()


async def test_every_request_body_matches_discords_openapi_spec(fake: FakeDiscord, bot: GameBot) -> None:
    world = fake.world
    _, message = await new_game(fake)
    await (await fake.click(world.bob, message, "g:1:0")).wait_ephemeral()
    await (await fake.slash(world.alice, "/game think")).wait_response()
    await (await fake.slash(world.alice, "game invite", {"player": world.carol})).wait_response()

    bodies = [r for r in fake.requests if r.method in ("POST", "PUT", "PATCH")]
    assert {r.route for r in bodies} >= {
        "/applications/{application_id}/commands",
        "/interactions/{interaction_id}/{token}/callback",
        "/webhooks/{application_id}/{token}",
        "/webhooks/{application_id}/{token}/messages/@original",
    }
    assert any(r.multipart and r.files for r in bodies)
    assert fake.spec_problems() == []
    # The fake's own answers follow the spec too, so discord.py sees realistic payloads.
    assert fake.spec_problems(responses=True) == []


async def test_validator_rejects_bad_bodies() -> None:
    validator: SpecValidator = default_validator()

    def message_with(**button: Any) -> dict[str, Any]:
        return {"content": "x", "components": [{"type": 1, "components": [{"type": 2, "style": 1, **button}]}]}

    path = "/channels/1234/messages"
    assert validator.validate_request("POST", path, message_with(label="a" * 80, custom_id="c" * 100)) == []
    [label_error] = validator.validate_request("POST", path, message_with(label="a" * 81, custom_id="c"))
    assert "components/0/components/0/label" in label_error and "maxLength 80" in label_error
    [id_error] = validator.validate_request("POST", path, message_with(label="a", custom_id="c" * 101))
    assert "custom_id" in id_error and "maxLength 100" in id_error
    too_many = {"type": 3, "custom_id": "s", "options": [{"label": str(i), "value": str(i)} for i in range(26)]}
    assert validator.validate_request("POST", path, {"components": [{"type": 1, "components": [too_many]}]})
    callback = {
        "type": 7,
        "data": {
            "components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "a" * 81, "custom_id": "c"}]}]
        },
    }
    assert validator.validate_request("POST", "/interactions/1/tok/callback", callback)
    # Snowflakes as integers (as discord.py sends them) are fine; component ids stay integers.
    assert validator.validate_request("POST", "/users/@me/channels", {"recipient_id": 1234}) == []
    assert (
        validator.validate_request(
            "POST",
            path,
            {
                "content": "x",
                "message_reference": {"message_id": 99},
                "components": [
                    {
                        "type": 1,
                        "id": 1,
                        "components": [{"type": 2, "id": 2, "style": 1, "label": "a", "custom_id": "c"}],
                    }
                ],
            },
        )
        == []
    )


async def test_bad_body_from_bot_is_recorded_and_can_be_rejected() -> None:
    async with FakeDiscord(reject_invalid=True) as fake:
        async with running_bot(fake, GameBot({})) as bot:
            channel = bot.get_channel(fake.world.channel("spiele").id)
            view = discord.ui.View()
            view.add_item(discord.ui.Button(label="x" * 81, custom_id="ok"))
            with pytest.raises(discord.HTTPException) as excinfo:
                await channel.send("zu lang", view=view)  # type: ignore[union-attr]
            assert excinfo.value.code == 50035
        assert fake.messages("spiele") == []
        [problem] = fake.spec_problems()
        assert "label" in problem and "maxLength 80" in problem


async def test_interaction_answered_after_deadline_is_refused_and_flagged() -> None:
    assert FakeDiscord().interactions.ack_deadline == 3.0  # Discord's rule is the default
    # A short deadline keeps the test fast; the mechanism is the same as with 3 s.
    async with FakeDiscord(ack_deadline=0.5) as fake:
        async with running_bot(fake, GameBot({}, slow_delay=0.6)) as bot:
            quick = await fake.slash(fake.world.alice, "/game think")
            await quick.wait_response()
            slow = await fake.slash(fake.world.alice, "/game slow")
            refused = await slow.wait_refused()
            assert refused.code == 10062 and refused.latency > 0.5
            await fake.wait_until(lambda: bot.errors, what="the bot to see the error")
            assert isinstance(bot.errors[0], discord.NotFound) and bot.errors[0].code == 10062
        assert [v.handle for v in fake.deadline_violations] == [slow]
        assert fake.messages("allgemein") == []
        assert fake.ack_latencies == [quick.ack_latency]
        problems = fake.problems()
        assert any("answered after" in p for p in problems) and any("never answered" in p for p in problems)


async def test_second_bot_after_restart_handles_click_on_old_message() -> None:
    turns: dict[int, int] = {}  # stands in for the database both processes share
    async with FakeDiscord() as fake:
        async with running_bot(fake, GameBot(turns)):
            _, message = await new_game(fake)
        first_session = fake.gateway.sessions[0]
        assert first_session.closed

        async with running_bot(fake, GameBot(turns)) as second:
            assert len(fake.gateway.sessions) == 2
            click = await fake.click(fake.world.bob, message, "g:1:0")
            await click.wait_ephemeral()
            assert message.content == "Partie 1: Zug 1"
            assert second.user is not None
        # Both bots synced the same commands; ids stay stable like on Discord.
        assert fake.commands.sync_count[None] == 2
        fake.assert_clean()


async def test_gateway_reconnect_resumes_and_keeps_working(fake: FakeDiscord, bot: GameBot) -> None:
    await fake.gateway.reconnect_all()
    resumed = await fake.wait_until(
        lambda: next((s for s in fake.gateway.live_sessions if s.resumed), None), what="a resumed session"
    )
    assert resumed.session_id == fake.gateway.sessions[0].session_id
    _, message = await new_game(fake)
    assert message.custom_ids() == ["g:1:0"]
    fake.assert_clean()


async def test_world_can_be_customised() -> None:
    world = World(channel_names=("lobby",), guild_locale="en-US")
    dora = world.add_user("dora", locale="fr", dms_closed=True)
    async with FakeDiscord(world) as fake:
        async with running_bot(fake, GameBot({})) as bot:
            handle = await fake.slash(dora, "/game new game:muehle", channel=world.channel("lobby"))
            await handle.wait_response()
            assert handle.payload["locale"] == "fr" and handle.payload["guild_locale"] == "en-US"
            member = await bot.get_guild(world.guild.id).fetch_member(dora.id)  # type: ignore[union-attr]
            assert member.name == "dora"
        assert fake.last_message("lobby").content == "Partie 1: muehle"


async def test_components_v2_message_and_its_rules(fake: FakeDiscord, bot: GameBot) -> None:
    board = discord.ui.LayoutView(timeout=None)
    board.add_item(
        discord.ui.Container(
            discord.ui.TextDisplay("## Himmel und Hölle"),
            discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://board.png")),
            discord.ui.ActionRow(TurnButton(9, 0)),
        )
    )
    channel = bot.get_channel(fake.world.channel("spiele").id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send(view=board, file=discord.File(io.BytesIO(PNG), "board.png"))
    assert sent.flags.components_v2
    stored = fake.last_message(channel.name)
    assert stored.custom_ids() == ["g:9:0"]
    gallery = next(c for c in stored.iter_components() if c["type"] == 12)
    assert gallery["items"][0]["media"]["url"] == stored.attachment("board.png").url

    # Discord refuses content next to Components V2; the spec cannot say so, the fake does.
    with pytest.raises(discord.HTTPException) as excinfo:
        await channel.send("Text dazu", view=board)
    assert excinfo.value.code == 50035
    with pytest.raises(discord.HTTPException) as excinfo:
        await channel.send(view=board, embed=discord.Embed(title="Brett"))
    assert excinfo.value.code == 50035
    # Nor may an edit add content to a V2 message; the refused edit changes nothing.
    with pytest.raises(discord.HTTPException) as excinfo:
        await sent.edit(content="Text dazu")
    assert excinfo.value.code == 50035 and not stored.history
    # Tests read a V2 message's text displays as its content; Discord sends it empty.
    assert stored.content == "## Himmel und Hölle" and stored.to_payload()["content"] == ""
    fake.assert_clean()


async def test_text_display_mentions_ping_as_allowed_mentions_say(fake: FakeDiscord, bot: GameBot) -> None:
    world = fake.world
    board = discord.ui.LayoutView(timeout=None)
    board.add_item(discord.ui.Container(discord.ui.TextDisplay(f"<@{world.alice.id}> – <@{world.bob.id}> am Zug")))
    channel = bot.get_channel(world.channel("spiele").id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send(view=board, allowed_mentions=discord.AllowedMentions(users=[discord.Object(world.bob.id)]))
    stored = fake.last_message(channel.name)
    assert stored.mentions == [world.alice, world.bob] and stored.pinged == [world.bob]
    await channel.send(view=board, allowed_mentions=discord.AllowedMentions.none())
    assert fake.last_message(channel.name).pinged == []
    fake.assert_clean()


async def test_private_threads_follow_the_bots_permissions(fake: FakeDiscord, bot: GameBot) -> None:
    """A private thread without a starter message (type 12), its members, its
    archive and lock, as Discord allows them: the bot's permissions in the
    parent channel (overwrites included) decide, and a missing one is
    403/50013; the interaction's ``app_permissions`` say the same. A test can
    also make Discord refuse a call the permissions would allow (``refuse``)."""
    try:
        from tests.fake_discord.world import CREATE_PRIVATE_THREADS, MANAGE_THREADS, SEND_MESSAGES_IN_THREADS
    except ImportError:
        from fake_discord.world import CREATE_PRIVATE_THREADS, MANAGE_THREADS, SEND_MESSAGES_IN_THREADS
    world = fake.world
    spiele = world.channel("spiele")
    channel = bot.get_channel(spiele.id)
    assert isinstance(channel, discord.TextChannel)

    thread = await channel.create_thread(name="Absprache", type=discord.ChannelType.private_thread, invitable=False)
    await thread.add_user(discord.Object(world.alice.id))
    stored = world.channel("Absprache")
    assert stored.type == 12 and not stored.invitable and stored.member_ids == {world.bot_user.id, world.alice.id}
    with pytest.raises(discord.NotFound):  # only members of the server join a thread
        await thread.add_user(discord.Object(12345))
    # its creator takes people out of a private thread (someone not in it: nothing changes)
    await thread.add_user(discord.Object(world.bob.id))
    await thread.remove_user(discord.Object(world.bob.id))
    await thread.remove_user(discord.Object(world.bob.id))
    assert stored.member_ids == {world.bot_user.id, world.alice.id}
    others = world.add_thread(spiele, "Fremd", private=True, owner=world.alice)  # not the bot's own
    others.member_ids |= {world.bot_user.id, world.bob.id}
    world.set_overwrite(spiele, world.bot_user, deny=MANAGE_THREADS)
    with pytest.raises(discord.Forbidden) as excinfo:  # someone else's thread: only with Manage Threads
        await bot.http.remove_user_from_thread(others.id, world.bob.id)
    assert excinfo.value.code == 50013 and world.bob.id in others.member_ids
    world.set_overwrite(spiele, world.bot_user)
    await bot.http.remove_user_from_thread(others.id, world.bob.id)
    assert world.bob.id not in others.member_ids
    await thread.edit(archived=True, locked=True)
    assert stored.archived and stored.locked
    with pytest.raises(discord.HTTPException) as excinfo:  # an archived thread takes nobody in
        await thread.add_user(discord.Object(world.bob.id))
    assert excinfo.value.code == 50083
    with pytest.raises(discord.HTTPException) as excinfo:  # nor out
        await thread.remove_user(discord.Object(world.alice.id))
    assert excinfo.value.code == 50083

    world.set_overwrite(spiele, world.bot_user, deny=CREATE_PRIVATE_THREADS | SEND_MESSAGES_IN_THREADS | MANAGE_THREADS)
    with pytest.raises(discord.Forbidden) as excinfo:
        await channel.create_thread(name="Noch eine", type=discord.ChannelType.private_thread)
    assert excinfo.value.code == 50013
    with pytest.raises(discord.Forbidden) as excinfo:  # a locked thread opens again only with Manage Threads
        await thread.edit(archived=False, locked=False)
    assert excinfo.value.code == 50013
    handle = await fake.slash(world.bob, "/game think", channel=spiele)
    await handle.wait_response()
    app = discord.Permissions(int(handle.payload["app_permissions"]))
    assert not app.create_private_threads and not app.send_messages_in_threads and app.send_messages

    world.set_overwrite(spiele, world.bot_user)  # nothing denied any more, but Discord refuses once
    fake.refuse("POST", "/channels/{channel_id}/threads")
    with pytest.raises(discord.Forbidden) as excinfo:
        await channel.create_thread(name="Verweigert", type=discord.ChannelType.private_thread)
    assert excinfo.value.code == 50013
    await channel.create_thread(name="Erlaubt", type=discord.ChannelType.private_thread)
    assert [t.name for t in world.threads] == ["Absprache", "Fremd", "Erlaubt"]
    fake.assert_clean()
