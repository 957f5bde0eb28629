"""Message catalogs: every text a player reads is a key with German and English
templates, so engines stay free of language and the bot picks the reader's."""

from __future__ import annotations

from typing import Any, Mapping


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalog:
    def __init__(self, entries: Mapping[str, Mapping[str, str]], parent: "Catalog | None" = None) -> None:
        for key, templates in entries.items():
            missing = {"de", "en"} - set(templates)
            if missing:
                raise ValueError(f"message {key!r} lacks {sorted(missing)}")
        self._entries = dict(entries)
        self._parent = parent

    def __contains__(self, key: str) -> bool:
        return key in self._entries or (self._parent is not None and key in self._parent)

    def keys(self) -> set[str]:
        own = set(self._entries)
        return own | (self._parent.keys() if self._parent else set())

    def text(self, key: str, params: Mapping[str, Any], locale: str) -> str:
        templates = self._entries.get(key)
        if templates is None:
            if self._parent is not None and key in self._parent:
                return self._parent.text(key, params, locale)
            return key
        template = templates.get(locale) or templates["en"]
        return template.format_map(_Missing(params))


#: Messages every engine shares (reasons an action is refused, common prompts).
COMMON = Catalog(
    {
        "not_your_turn": {
            "de": "Du bist gerade nicht an der Reihe.",
            "en": "It is not your turn.",
        },
        "game_over": {
            "de": "Die Partie ist schon zu Ende.",
            "en": "The game is already over.",
        },
        "not_legal": {
            "de": "Dieser Zug ist gerade nicht erlaubt.",
            "en": "That move is not allowed right now.",
        },
        "bad_seats": {
            "de": "Dieses Spiel braucht {min} bis {max} Spieler.",
            "en": "This game needs {min} to {max} players.",
        },
        "wait": {
            "de": "Warte auf {seats}.",
            "en": "Waiting for {seats}.",
        },
    }
)
