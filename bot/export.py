"""``brettbote export MATCH_ID``: one stored match as a match file
(:mod:`bot.play.match_file`), from the database ``DATABASE_URL`` names.

The operator's export is the whole match whatever its state, seed and
secret choices included (a running match too): the operator can read the
database anyway. Players get theirs with ``/game export``, which
hides what they may not see.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.migrate import unavailable_is_an_answer
from bot.play import match_file
from bot.store import open_store, redacted, sqlite_path
from bot.verify import load_or_explain


async def _export(match_id: int, out: str | None) -> int:
    settings = load_or_explain()
    if settings is None:
        return 2
    path = sqlite_path(settings.database_url)
    if path is not None and not path.exists():  # opening it would create an empty one
        print(f"brettbote: no database at {path}", file=sys.stderr)
        return 1
    store = await open_store(settings.database_url)
    try:
        match, log = await match_file.read(store, match_id)
    finally:
        await store.close()
    if match is None:
        print(f"brettbote: no match {match_id} in {redacted(settings.database_url)}", file=sys.stderr)
        return 1
    if match.state is None:
        print(f"brettbote: match {match_id} ({match.game}) never started: there is nothing to export", file=sys.stderr)
        return 1
    file = match_file.whole(match, log)
    text = match_file.dumps(file)
    if out is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(out).write_text(text, encoding="utf-8")
    except OSError as err:  # no such folder, a folder, no permission, a full disk
        print(f"brettbote: cannot write {out}: {err.strerror or err}", file=sys.stderr)
        return 1
    print(f"match {match_id} ({match.game}, {match.status}, {len(file.log)} logged actions) written to {out}")
    return 0


def main(match_id: int, out: str | None) -> int:
    return unavailable_is_an_answer(_export(match_id, out))
