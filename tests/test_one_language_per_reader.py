"""One language per reader (issue: a German server with English players):
public posts (the match thread and channel: texts, embeds, buttons, menus,
picture descriptions) are in the server's language; what only a player
reads (DMs, pickers and other private answers) is in that player's. Proper
names (sectios, cards, demons) are the rulebook's in both.

The check: every fragment of an interface text that the English catalogues
have and the German ones do not (and the other way round) is looked for in
what the players saw, through the real client and the fake Discord, over
the first decisions of a 3-player HellGame whose players all read English on
a German server."""

from __future__ import annotations

import random
import re
from functools import lru_cache
from pathlib import Path

import pytest
from hellgame_table import GAME, decide, open_match

import engines
from engines.i18n import read_templates

ROOT = Path(__file__).resolve().parents[1]
#: The catalogues whose texts reach Discord: the bot's, every game's, the renderers'.
DOMAINS = ("bot/discord/locale/{lang}/LC_MESSAGES/bot.po", "engines/locale/{lang}/LC_MESSAGES/common.po",
           "engines/hellgame/locale/{lang}/LC_MESSAGES/*.po", "render/locale/{lang}/LC_MESSAGES/render-hellgame.po")
#: Shorter pieces of a template are too likely to be a name or a number.
LONGEST = 16
E = engines.get(GAME)


def templates(lang: str) -> dict[str, str]:
    out = {}
    for pattern in DOMAINS:
        for path in sorted(ROOT.glob(pattern.format(lang=lang))):
            out.update({f"{path.stem}:{k}": v for k, v in read_templates(path, lang, path.stem).items()})
    return out


@lru_cache(maxsize=None)
def only_in(lang: str) -> frozenset[str]:
    """Pieces of ``lang``'s templates (between placeholders and markup) that
    no template of the other language holds."""
    mine, other = templates(lang), templates("de" if lang == "en" else "en")
    theirs = "\n".join([*other.values(), *proper_names()])
    pieces = set()
    for key, text in mine.items():
        if other.get(key) == text:
            continue  # the same in both (a name, a symbol)
        for piece in re.split(r"\{[^}]*\}|[*_`\n()\[\]„“”\"]", text):
            piece = piece.strip(" .,:;–-·!?")
            if len(piece) >= LONGEST and piece not in theirs:
                pieces.add(piece)
    return frozenset(pieces)


def proper_names() -> list[str]:
    """The rulebook's names, the same in every language."""
    from engines.hellgame.core import data
    tables = (data.SECTIOS, data.ARCANA, data.DEMONS, data.LIEUTENANTS, data.EVENTS.values(), data.MAJORS.values())
    return [x.name for table in tables for x in table] + [x.label for x in data.SECTIOS]


def words_of(message) -> list[str]:
    """Everything a reader sees of a message: its text, embeds, controls."""
    out = [message.content]
    for embed in message.embeds:
        out += [embed.get("title") or "", embed.get("description") or "", (embed.get("footer") or {}).get("text", "")]
        out += [f"{f.get('name', '')}\n{f.get('value', '')}" for f in embed.get("fields", [])]
    for c in message.iter_components():
        out += [c.get("label") or "", c.get("placeholder") or "", c.get("content") or ""]
        out += [f"{o.get('label', '')}\n{o.get('description', '')}" for o in c.get("options", [])]
    out += [a.description or "" for a in message.attachments]
    return [x for x in out if x]


def found(texts: list[str], lang: str) -> list[tuple[str, str]]:
    return sorted({(piece, text[:120]) for text in texts for piece in only_in(lang) if piece in text})


@pytest.fixture(autouse=True)
def english_players(fake):
    for name in ("dave", "erin"):
        fake.world.add_user(name, locale="en-US")


def test_the_catalogues_have_pieces_to_look_for():
    assert len(only_in("en")) > 300 and len(only_in("de")) > 300
    assert "Your order, not yet revealed" in " ".join(only_in("en"))


async def test_a_german_server_with_english_players_public_in_german_private_in_english(fake, table, stored):
    w = fake.world
    users = [w.bob, w.user("dave"), w.user("erin")]  # English clients; the server's language is German
    await open_match(fake, table, users, seed=3)
    rnd, by_id = random.Random(3), {u.id: u for u in users}
    for _ in range(40):
        match, _ = await stored()
        state = E.load_state(match.state)
        if match.status != "running":
            break
        await decide(table, match, state, by_id[match.user(E.to_act(state)[0])], rnd)
    for user in users:  # what a player asks for privately too
        await table.command(user, "game hand")
        await table.command(user, "game log")
        await table.command(user, "game help")
    await table.command(w.bob, "game rules", card="A Damn Good Day")
    # the help names the board's buttons as the board shows them, the reader's word first
    help_text = await (await table.command(w.bob, "game help")).wait_ephemeral()
    assert "**Act („Handeln“)** shows your choices" in help_text.content
    public, private = [], []
    for message in w.messages.values():
        channel = w.channels[message.channel_id]
        if message.author is not w.bot_user:
            continue
        if message.visible_to is not None or getattr(channel, "recipient", None) is not None:
            private += words_of(message)
        elif channel is table.channel or channel.id == w.channel("spiele").id:
            public += words_of(message)
    assert public and private
    assert found(public, "en") == []   # no English interface text where everyone reads
    assert found(private, "de") == []  # no German interface text for the English players
