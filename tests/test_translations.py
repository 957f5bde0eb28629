"""The translations: one format (gettext ``.po`` read with Babel) for every
text a player reads, complete in German and English.

A domain is ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po`` under
``engines/``, ``render/`` or ``bot/`` (see ``engines.i18n``). These tests
find every domain on disk, so a new game's catalogue is checked as soon as it
exists, and they read the code with ``ast`` to find every key it uses.
"""

from __future__ import annotations

import ast
import importlib
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import engines
from engines.i18n import COMMON, LOCALES, Catalog

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engines", "render", "bot")
#: The domain whose msgids are English source strings: there an empty English
#: msgstr means "the same as the msgid".
SOURCE_STRING_DOMAINS = {"commands"}


def _domains() -> dict[str, Path]:
    """``<package path>:<domain>`` -> the ``locale`` folder, for every .po on disk."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for po in sorted((ROOT / package).rglob("locale/*/LC_MESSAGES/*.po")):
            locale_dir = po.parents[2]
            found[f"{locale_dir.parent.relative_to(ROOT)}:{po.stem}"] = locale_dir
    return found


DOMAINS = _domains()


def _read(locale_dir: Path, domain: str, locale: str) -> dict[str, str]:
    """Every msgid of one file with its msgstr (empty ones included)."""
    path = locale_dir / locale / "LC_MESSAGES" / f"{domain}.po"
    with open(path, "rb") as f:
        catalog = read_po(f, locale=locale, domain=domain)
    return {m.id: m.string for m in catalog if m.id}


def _templates(name: str) -> dict[str, dict[str, str]]:
    """locale -> key -> template, an empty msgstr of a source-string domain
    read as its msgid."""
    locale_dir, domain = DOMAINS[name], name.rsplit(":", 1)[1]
    out = {}
    for locale in LOCALES:
        entries = _read(locale_dir, domain, locale)
        if domain in SOURCE_STRING_DOMAINS and locale == "en":
            entries = {key: text or key for key, text in entries.items()}
        out[locale] = entries
    return out


def _placeholders(template: str) -> set[str]:
    names = set()
    for _literal, field, _spec, _conversion in string.Formatter().parse(template):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return names


class _Anything:
    """A dummy value for any placeholder, whatever its format spec."""

    def __format__(self, spec: str) -> str:
        return "x"

    def __getattr__(self, name: str) -> "_Anything":
        return self

    def __getitem__(self, key: object) -> "_Anything":
        return self


class _Dummies(dict):
    def __missing__(self, key: str) -> _Anything:
        return _Anything()


# -- the files -------------------------------------------------------------------


def test_every_part_of_the_project_has_its_domains():
    names = {name.rsplit(":", 1)[1] for name in DOMAINS}
    assert {"common", "bot", "commands", "terminal"} <= names
    for engine in engines.all():
        package = type(engine).__module__.rsplit(".", 1)[0]
        if package.startswith("engines."):
            assert f"engines/{package.split('.')[1]}:{package.split('.')[1]}" in DOMAINS, engine.id
            assert f"render:render-{engine.id}" in DOMAINS, engine.id


@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_both_languages_exist_and_have_the_same_keys(name):
    locale_dir, domain = DOMAINS[name], name.rsplit(":", 1)[1]
    for locale in LOCALES:
        assert (locale_dir / locale / "LC_MESSAGES" / f"{domain}.po").is_file(), f"{name}: no {locale}.po"
    templates = _templates(name)
    de, en = set(templates["de"]), set(templates["en"])
    assert not de - en, f"{name}: missing in English: {sorted(de - en)}"
    assert not en - de, f"{name}: missing in German: {sorted(en - de)}"
    assert de, f"{name} is empty"


@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_every_key_has_a_text_in_both_languages(name):
    templates = _templates(name)
    for locale in LOCALES:
        empty = sorted(key for key, text in templates[locale].items() if not text)
        assert not empty, f"{name}: no {locale} text for {empty}"


@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_placeholders_are_the_same_in_both_languages(name):
    templates = _templates(name)
    problems = []
    for key in templates["de"].keys() & templates["en"].keys():
        de, en = _placeholders(templates["de"][key]), _placeholders(templates["en"][key])
        if de != en:
            problems.append(f"{key}: de {sorted(de)} / en {sorted(en)}")
        if "" in de | en:
            problems.append(f"{key}: a placeholder without a name")
    assert not problems, f"{name}: " + "; ".join(problems)


@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_every_key_formats_in_both_languages(name):
    templates = _templates(name)
    problems = []
    for locale in LOCALES:
        for key, template in templates[locale].items():
            try:
                template.format_map(_Dummies())
            except (ValueError, IndexError, KeyError, AttributeError, TypeError) as err:
                problems.append(f"{key} ({locale}): {err}")
    assert not problems, f"{name}: " + "; ".join(problems)


@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_no_key_is_both_a_text_and_a_table(name):
    """``colour`` and ``colour.0`` cannot both exist: tables nest by dots."""
    keys = set(_templates(name)["en"])
    clashes = sorted(k for k in keys if any(other.startswith(k + ".") for other in keys))
    assert not clashes, f"{name}: {clashes}"


def test_catalogues_read_the_files():
    catalog = Catalog("common", ROOT / "engines" / "locale")
    assert catalog.keys() == COMMON.keys()
    assert catalog.text("bad_seats", {"min": 2, "max": 4}, "de") == "Dieses Spiel braucht 2 bis 4 Spieler."
    assert catalog.text("bad_seats", {"min": 2}, "fr") == "This game needs 2 to {max} players."
    assert catalog.text("no_such_key", {}, "de") == "no_such_key"


# -- the games -----------------------------------------------------------------------

TEXT_CALLS = {"Prompt", "Event", "Text", "IllegalAction"}
LOOKUP_CALLS = {"_t", "text", "t"}
#: Any string of this shape in a game's code is a message key (prompts,
#: events, labels, groups, header texts), wherever it is passed along.
KEY_SHAPE = re.compile(r"(pr|ev|lb|gr|hd)_[a-z0-9_]+")


def _strings(node: ast.AST) -> list[str]:
    """The string constants a key expression can take: ``"a" if c else "b"``,
    or the key handed to a helper that builds it (``_who(state, "ev_roll")``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [s for value in node.values for s in _strings(value)]
    if isinstance(node, ast.Call):
        return [s for arg in node.args for s in _strings(arg) if KEY_SHAPE.fullmatch(s)]
    return []


def _name(func: ast.AST) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def used_keys(source: str) -> set[str]:
    """Keys in ``Prompt(key=...)``, ``Event(key=...)``, ``Text(key=...)``,
    ``IllegalAction("...")``, ``_t("...")``/``….text("...")``, in
    assignments to a variable named ``key``, and every string shaped like a key."""
    keys: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY_SHAPE.fullmatch(node.value):
            keys.add(node.value)
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in TEXT_CALLS:
                for kw in node.keywords:
                    if kw.arg == "key":
                        keys.update(_strings(kw.value))
                if name == "IllegalAction" and node.args:
                    keys.update(_strings(node.args[0]))
            elif name in LOOKUP_CALLS and node.args:
                keys.update(_strings(node.args[0]))
        elif isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == "key" for t in node.targets):
                keys.update(_strings(node.value))
    return keys


def _package_dir(engine) -> Path:
    package = type(engine).__module__.rsplit(".", 1)[0]
    return Path(importlib.import_module(package).__file__).parent


GAMES = engines.all()


@pytest.mark.parametrize("engine", GAMES, ids=[e.id for e in GAMES])
def test_every_key_a_game_uses_is_in_its_catalogue(engine):
    """The game's own catalogue (with the common one behind it) knows every
    key its code and the contract's default header use, so a refusal or
    prompt is looked up in that game alone."""
    sources = sorted(_package_dir(engine).rglob("*.py")) + [ROOT / "engines" / "contract.py"]
    used = set()
    for path in sources:
        used |= used_keys(path.read_text(encoding="utf-8"))
    assert used, engine.id
    missing = sorted(key for key in used if key not in engine.messages)
    assert not missing, f"{engine.id}: {missing}"


@pytest.mark.parametrize("engine", GAMES, ids=[e.id for e in GAMES])
def test_prompts_and_choices_say_what_a_rule_means_not_its_number(engine):
    """Players do not have the rulebook's section numbers: a question or a
    choice never cites one ("(5.1)"); the rules help and the option texts may."""
    section = re.compile(r"\(\d+\.\d+(\.\d+)*\)")
    for locale in LOCALES:
        cited = [key for key in engine.messages.keys() if key.startswith(("pr_", "lb_"))
                 and section.search(engine.messages.template(key, locale) or "")]
        assert not cited, (engine.id, locale, cited)


@pytest.mark.parametrize("engine", GAMES, ids=[e.id for e in GAMES])
def test_a_game_catalogue_is_self_contained(engine):
    """Every key formats in the game's own catalogue in both languages, and
    the common messages come with it."""
    assert COMMON.keys() <= engine.messages.keys()
    assert "title" in engine.messages
    for locale in LOCALES:
        for key in engine.messages.keys():
            assert engine.messages.template(key, locale), (engine.id, key, locale)
            assert engine.messages.text(key, _Dummies(), locale), (engine.id, key, locale)


def test_the_bot_catalogue_knows_every_key_the_bot_uses():
    from bot.discord.messages import BOT

    used = set()
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if path.name in {"translator.py", "terminal.py"}:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) == "t" and node.args:
                used.update(_strings(node.args[0]))
    missing = sorted(key for key in used if key not in BOT)
    assert not missing, missing


def test_every_command_string_has_a_german_text():
    """Names and descriptions of the slash commands (``locale_str``) are in
    the ``commands`` domain, except game titles and language names."""
    from bot.discord.translator import COMMANDS

    strings = set()
    for path in sorted((ROOT / "bot").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if "locale_str" not in source:
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and _name(node.func) in {"_", "locale_str"} and node.args:
                key = next((kw.value for kw in node.keywords if kw.arg == "key"), None)
                if isinstance(key, ast.Constant) and str(key.value).startswith(("game.", "lang.")):
                    continue
                strings.update(_strings(node.args[0]))
    assert strings
    missing = sorted(s for s in strings if COMMANDS.template(s, "de") is None or s not in COMMANDS)
    assert not missing, missing


def test_the_translator_reads_the_commands_domain():
    import asyncio

    import discord
    from discord import app_commands

    from bot.discord.translator import Translator

    async def translate(message: str, locale: discord.Locale, **extras) -> str | None:
        return await Translator().translate(app_commands.locale_str(message, **extras), locale, None)

    assert asyncio.run(translate("game", discord.Locale.german)) == "spiel"
    assert asyncio.run(translate("game", discord.Locale.american_english)) is None
    assert asyncio.run(translate("Deutsch", discord.Locale.german, key="lang.de")) is None
    assert asyncio.run(translate("Heaven and Hell", discord.Locale.german, key="game.himmel-und-hoelle")) == (
        "Himmel und Hölle"
    )


# -- no language left in code ----------------------------------------------------------



def _language_dicts(path: Path) -> list[tuple[int, str | None]]:
    """(line, assigned name) of every dict literal keyed by both "de" and "en"."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    owner: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    owner[id(node.value)] = target.id
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if {"de", "en"} <= keys:
                found.append((node.lineno, owner.get(id(node))))
    return found


def test_no_code_holds_a_dict_keyed_by_language():
    problems = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            for line, name in _language_dicts(path):
                problems.append(f"{rel}:{line} ({name or 'dict'})")
    assert not problems, "texts belong in a .po catalogue: " + ", ".join(problems)


def test_the_scan_finds_a_language_dict(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('WORDS = {"de": {"a": "b"}, "en": {"a": "b"}}\n', encoding="utf-8")
    assert _language_dicts(sample) == [(1, "WORDS")]


def test_catalogues_are_read_lazily():
    """Importing a game reads no .po file: the bot and the tests import all of them."""
    code = (
        "import sys, engines, render, bot.discord.messages\n"
        "for e in engines.all(): pass\n"
        "assert 'babel.messages.pofile' not in sys.modules, 'a catalogue was read at import'\n"
    )
    import subprocess

    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_every_major_spell_of_the_hellgame_says_what_it_does_in_both_languages():
    """The arcana cards' effects, for the hand and the card texts: none
    missing, none left in English in the German catalogue."""
    from engines.hellgame.core import data, text

    for key in data.MAJORS:
        english, german = text.spell_text(key, "en"), text.spell_text(key, "de")
        assert english and german and english != german and not english.startswith("spell."), key
    assert {k.split(".", 1)[1] for k in text.MESSAGES.keys() if k.startswith("spell.")} == set(data.MAJORS)
