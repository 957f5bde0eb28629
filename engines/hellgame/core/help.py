"""The rules of The HellGame for a new player, as pages of Markdown for
``/game rules`` and the terminal: the round, what the bot asks when, the
project's decisions (reconstructed map and cards) and how a match goes over
days. The texts are the pages ``rules.1``, ``rules.2``, … of the catalogue;
a sentence a rule module owns comes from that module's catalogue and fills
its place in a page (``{counter_window}``: counter windows are asked of
everyone at once, the first counter from the caster's left decides;
``hellgame_magic``, :mod:`engines.hellgame.magic.counters`; ``{move_destination}``:
a move can be given by its destination, ``hellgame_movement``,
:mod:`engines.hellgame.phases.action.movement`)."""

from engines.hellgame.core.text import MESSAGES

#: Placeholder in a rules page -> the message key of the sentence in its place.
SENTENCES = {"counter_window": "help_magic_counter_window", "move_destination": "help_move_destination"}
#: Whole pages a rule module's catalogue holds: (after page N of ``rules.N``,
#: message key). Standing orders in battle (``hellgame_combat``,
#: :mod:`engines.hellgame.phases.combat.orders`) follow the Combat page.
PAGES = ((5, "help_battle_orders"),)


def rules_help(locale: str) -> list[str]:
    sentences = {name: MESSAGES.text(key, {}, locale) for name, key in SENTENCES.items()}
    pages = MESSAGES.pages("rules", sentences, locale)
    for after, key in sorted(PAGES, reverse=True):
        pages.insert(min(after, len(pages)), MESSAGES.text(key, {}, locale))
    return pages
