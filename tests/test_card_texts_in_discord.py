"""One card's text through the real client (``/game rules card:``, its
autocomplete; bot/discord/help.py, ``render.card_book``): the names are
offered as you type, those starting with what was typed first; the text
comes privately in the reader's language; a name that is no card, and a
game without card texts, are refused in words. The card lookup is an
option of ``/game rules`` because the ``/game`` group holds Discord's
maximum of 25 subcommands."""

from __future__ import annotations

from hellgame_table import open_match

import render
from engines.hellgame.core import data, text as game_text

GOOD_DAY = "A Damn Good Day"


def test_every_arcana_card_is_in_the_book_with_its_spell_and_what_it_does():
    for locale in ("de", "en"):
        book = render.card_book("hellgame", locale)
        assert set(book) == {c.name for c in data.ARCANA}
        for c in data.ARCANA:
            assert c.name in book[c.name] and game_text.spell_text(c.major, locale) in book[c.name]
    assert render.card_book("himmel-und-hoelle") == {}


async def test_a_card_is_found_as_you_type_and_shown_privately_in_the_readers_language(fake, table):
    w = fake.world
    await open_match(fake, table, [w.alice, w.bob], seed=1)
    handle = await fake.autocomplete(w.bob, "game rules", {"card": "damn"}, "card", channel=table.channel)
    choices = await handle.wait_choices()
    assert choices and choices[0]["value"] == GOOD_DAY and len(choices) <= 25
    assert all("damn" in c["name"].casefold() for c in choices)
    english = await (await table.command(w.bob, "game rules", card=GOOD_DAY)).wait_ephemeral()
    assert english.content == render.card_book("hellgame", "en")[GOOD_DAY] and "souls" in english.content
    german = await (await table.command(w.alice, "game rules", card=GOOD_DAY.upper())).wait_ephemeral()
    assert german.content == render.card_book("hellgame", "de")[GOOD_DAY] and "Seelen" in german.content


async def test_no_such_card_and_a_game_without_cards_are_refused_in_words(fake, table):
    w = fake.world
    unknown = await (await table.command(w.bob, "game rules", game="hellgame", card="Chess Clock")).wait_ephemeral()
    assert "I don't know a card “Chess Clock”" in unknown.content
    none = await (await table.command(w.bob, "game rules", game="himmel-und-hoelle", card="x")).wait_ephemeral()
    assert "has no card texts" in none.content
    handle = await fake.autocomplete(w.bob, "game rules", {"game": "himmel-und-hoelle", "card": ""}, "card",
                                     channel=table.channel)
    assert await handle.wait_choices() == []
