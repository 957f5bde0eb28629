"""The numbered migrations in ``bot/store/migrations``, for either dialect.

One file per schema version serves both databases. Where the dialects differ
(column types, SQLite's table rebuilds), a line ``-- dialect: sqlite`` or
``-- dialect: postgresql`` starts a part for that database alone, and
``-- dialect: both`` a shared part again; a file starts shared.
"""

from __future__ import annotations

import re
from pathlib import Path

DIALECTS = ("sqlite", "postgresql")
_MARK = re.compile(r"^--\s*dialect:\s*(\w+)\s*$")


def split_dialects(text: str, dialect: str) -> str:
    """The part of a migration file that ``dialect`` runs."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}")
    keep, lines = True, []
    for line in text.splitlines():
        mark = _MARK.match(line.strip())
        if mark:
            if mark.group(1) not in (*DIALECTS, "both"):
                raise ValueError(f"unknown dialect mark {line!r}")
            keep = mark.group(1) in ("both", dialect)
        elif keep:
            lines.append(line)
    return "\n".join(lines).strip() + "\n"


def migrations(dialect: str = "sqlite") -> list[tuple[int, str]]:
    """(version, SQL) of every migration, in order."""
    folder = Path(__file__).with_name("migrations")
    files = sorted((int(f.name.split("_", 1)[0]), f) for f in folder.glob("*.sql"))
    return [(number, split_dialects(f.read_text(encoding="utf-8"), dialect)) for number, f in files]

