"""The bot's layers stay apart: ``bot/play`` and ``bot/store`` never import
discord (read from the import lines of their files, so a lazy import inside a
function counts too), ``bot/store`` does not reach up into ``bot/play`` or
``bot/discord``, all SQL lives in ``bot/store``, and no module grows past 400
lines."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

BOT = Path(__file__).resolve().parents[1] / "bot"
#: The string tables, owned by the translators.
NOT_OURS = {"messages.py", "translator.py"}


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def modules(folder: str) -> list[Path]:
    return sorted((BOT / folder).rglob("*.py"))


@pytest.mark.parametrize("folder", ["play", "store"])
def test_play_and_store_never_import_discord(folder):
    for path in modules(folder):
        found = {m for m in imported_modules(path) if m == "discord" or m.startswith(("discord.", "bot.discord"))}
        assert not found, f"{path.relative_to(BOT)} imports {sorted(found)}"


def test_the_store_does_not_import_the_layers_above_it():
    for path in modules("store"):
        found = {m for m in imported_modules(path) if m.startswith(("bot.play", "bot.discord", "engines", "render"))}
        assert not found, f"{path.relative_to(BOT)} imports {sorted(found)}"


def test_all_sql_lives_in_the_store():
    statement = re.compile(r"[\"'](SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b")
    for path in BOT.rglob("*.py"):
        if "store" not in path.relative_to(BOT).parts:
            assert not statement.search(path.read_text(encoding="utf-8")), f"SQL in {path.relative_to(BOT)}"


def test_no_bot_module_is_over_400_lines():
    for path in BOT.rglob("*.py"):
        if path.name not in NOT_OURS:
            lines = len(path.read_text(encoding="utf-8").splitlines())
            assert lines <= 400, f"{path.relative_to(BOT)} has {lines} lines"
