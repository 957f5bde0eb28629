"""Message catalogues: every text a player reads is a key with a German and an
English template, so engines stay free of language and the bot picks the
reader's.

There is one format for the whole project: gettext ``.po`` files, read with
Babel. A *domain* is a set of keys; it lives in the package that owns it as

    <package>/locale/<lang>/LC_MESSAGES/<domain>.po

(``engines/locale/…/common.po``, ``engines/<game>/locale/…/<game>.po``,
``render/locale/…/render-<game>.po``, ``bot/locale/…/terminal.po``, ``bot/discord/locale/…/{bot,commands}.po``).
The msgid is the message key, the msgstr its template with Python ``{name}``
placeholders. Every domain has every key in German and English (see
``tests/test_translations.py``). An empty msgstr means "not translated": the
English text is used, else the msgid itself.

A :class:`Catalog` reads its files on first use, so importing a game costs
nothing; a game's catalogue names :data:`COMMON` as its parent and so knows
every key the game's code may use.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

#: The languages every domain has; any other language reads English.
LOCALES = ("de", "en")
FALLBACK = "en"


def locale_dir(module_file: str) -> Path:
    """The ``locale`` folder beside a module (``__file__``)."""
    return Path(module_file).resolve().parent / "locale"


def po_path(directory: Path, domain: str, locale: str) -> Path:
    return directory / locale / "LC_MESSAGES" / f"{domain}.po"


def read_templates(path: Path, locale: str, domain: str) -> dict[str, str]:
    """msgid -> msgstr of one ``.po`` file, empty msgstrs left out."""
    from babel.messages.pofile import read_po  # here, not at import: Babel is only needed once texts are

    with open(path, "rb") as f:
        po = read_po(f, locale=locale, domain=domain)
    return {str(m.id): str(m.string) for m in po if m.id and isinstance(m.id, str) and m.string}


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalog:
    """The texts of one domain, with an optional parent for keys it lacks.

    ``Catalog("halleluja", locale_dir(__file__), parent=COMMON)`` reads
    ``<dir>/de/LC_MESSAGES/halleluja.po`` and ``…/en/…`` when first asked.
    """

    def __init__(self, domain: str, directory: str | Path, parent: "Catalog | None" = None) -> None:
        self.domain = domain
        self.directory = Path(directory)
        self._parent = parent
        self._templates: dict[str, dict[str, str]] | None = None  # locale -> key -> template
        self._own: frozenset[str] = frozenset()
        self._tables: dict[tuple[str, str], Any] = {}

    def __repr__(self) -> str:
        return f"Catalog({self.domain!r}, {str(self.directory)!r})"

    @property
    def parent(self) -> "Catalog | None":
        return self._parent

    # -- the files ---------------------------------------------------------

    def paths(self) -> dict[str, Path]:
        return {locale: po_path(self.directory, self.domain, locale) for locale in LOCALES}

    def _load(self) -> dict[str, dict[str, str]]:
        if self._templates is None:
            templates = {locale: read_templates(path, locale, self.domain) for locale, path in self.paths().items()}
            self._own = frozenset().union(*templates.values())
            self._templates = templates
        return self._templates

    def entries(self, locale: str) -> dict[str, str]:
        """This domain's own templates in ``locale`` (no parent, no fallback)."""
        return dict(self._load().get(locale, {}))

    # -- lookups -------------------------------------------------------------

    def own_keys(self) -> set[str]:
        self._load()
        return set(self._own)

    def __contains__(self, key: object) -> bool:
        self._load()
        return key in self._own or (self._parent is not None and key in self._parent)

    def keys(self) -> set[str]:
        return self.own_keys() | (self._parent.keys() if self._parent else set())

    def template(self, key: str, locale: str) -> str | None:
        """The raw template of ``key`` in ``locale`` (English if the language
        is unknown or lacks it), from the parent if this domain has no such
        key; ``None`` if nobody has it."""
        templates = self._load()
        own = templates.get(locale if locale in templates else FALLBACK, {})
        if key in own:
            return own[key]
        if key in templates[FALLBACK]:
            return templates[FALLBACK][key]
        if key in self._own:
            return key  # translated in another language only: the msgid stands for itself
        if self._parent is not None:
            return self._parent.template(key, locale)
        return None

    def text(self, key: str, params: Mapping[str, Any], locale: str) -> str:
        """``key`` in ``locale`` with ``params`` filled in; an unknown key as
        itself, a placeholder without a value as ``{name}``."""
        template = self.template(key, locale)
        if template is None:
            return key
        return template.format_map(_Missing(params))

    def table(self, locale: str, prefix: str = "") -> Any:
        """This domain's raw templates under ``prefix`` as a nested table:
        ``colour.0``/``colour.1`` become a tuple ``w["colour"]``,
        ``phase.tile`` a dict ``w["phase"]["tile"]``. The caller formats.
        A dict comes back as a fresh copy (its nested tables are shared)."""
        own = self._load()
        locale = locale if locale in own else FALLBACK
        cached = self._tables.get((locale, prefix))
        if cached is None:
            merged = {**own[FALLBACK], **own[locale]}
            start = f"{prefix}." if prefix else ""
            tree: dict[str, Any] = {}
            for key, template in merged.items():
                if not key.startswith(start):
                    continue
                node = tree
                parts = key[len(start):].split(".")
                for part in parts[:-1]:
                    node = node.setdefault(part, {})
                node[parts[-1]] = template
            cached = self._tables[(locale, prefix)] = _tuples(tree)
        return dict(cached) if isinstance(cached, dict) else cached

    def sequence(self, locale: str, prefix: str) -> list[str]:
        """The templates ``<prefix>.1``, ``<prefix>.2``, … in order (pages)."""
        table = self.table(locale, prefix)
        return [table[k] for k in sorted((k for k in table if k.isdigit()), key=int)]

    def pages(self, prefix: str, params: Mapping[str, Any], locale: str) -> list[str]:
        """:meth:`sequence` with ``params`` filled in (the rules pages)."""
        return [template.format_map(_Missing(params)) for template in self.sequence(locale, prefix)]


def _tuples(node: Any) -> Any:
    """Dicts whose keys are 0, 1, … n-1 become tuples, recursively."""
    if not isinstance(node, dict):
        return node
    node = {k: _tuples(v) for k, v in node.items()}
    if node and all(k.isdigit() for k in node) and sorted(map(int, node)) == list(range(len(node))):
        return tuple(node[str(i)] for i in range(len(node)))
    return node


#: Messages every engine shares (reasons an action is refused, common prompts).
COMMON = Catalog("common", locale_dir(__file__))
