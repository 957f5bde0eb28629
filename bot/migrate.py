"""``brettbote migrate``: bring the database of ``DATABASE_URL`` up to the
newest schema (the bot also does this at every start); or, with ``--from``
and ``--to``, copy a whole database into an empty one (SQLite to PostgreSQL
when a bot outgrows one process, or back) and verify the copy: every match
of the target replays to its stored state, and has the same state, move
counter and log length as in the source.
"""

from __future__ import annotations

import asyncio
import sys

from bot.store import StoreUnavailable, check_url, open_store, redacted, sqlite_path
from bot.store.copy import TargetNotEmpty, copy_database
from bot.verify import load_or_explain, verify


async def _fingerprints(store) -> dict[int, tuple]:
    found = {}
    for match_id in await store.match_ids():
        match = await store.get_match(match_id)
        found[match_id] = (match.state, match.counter, match.status, len(await store.actions(match_id)),
                           tuple(match.user_ids))
    return found


async def upgrade(url: str) -> int:
    store = await open_store(url)
    try:
        version = await store.migrate()
    finally:
        await store.close()
    print(f"{redacted(url)}: schema version {version}")
    return 0


async def copy(source_url: str, target_url: str, out=None) -> int:
    """Copy and verify; 0 when the copy is whole and every match replays."""
    out = out or sys.stdout
    path = sqlite_path(source_url)
    if path is not None and not path.exists():
        print(f"brettbote: no database at {path}", file=sys.stderr)
        return 2
    source = await open_store(source_url)
    try:
        target = await open_store(target_url)
        try:
            try:
                copied = await copy_database(source, target)
            except TargetNotEmpty as err:
                print(f"brettbote: {redacted(target_url)}: {err}; copy only into an empty database", file=sys.stderr)
                return 1
            print(f"copied {copied.matches} matches, the settings of {copied.users} users and {copied.rows} other rows", file=out)
            before, after = await _fingerprints(source), await _fingerprints(target)
            differ = sorted(set(before) ^ set(after) | {i for i in before.keys() & after.keys() if before[i] != after[i]})
            for match_id in differ:
                print(f"match {match_id}: the copy differs from the original", file=out)
            bad = await verify(target, out)
        finally:
            await target.close()
    finally:
        await source.close()
    print(f"{len(after)} matches verified by replay, {len(differ) + bad} mismatched", file=out)
    return 1 if differ or bad else 0


def unavailable_is_an_answer(work) -> int:
    """Run ``work``; a database that cannot be opened is one line, not a traceback."""
    try:
        return asyncio.run(work)
    except StoreUnavailable as err:
        print(f"brettbote: {err}", file=sys.stderr)
        return 1


def main(source: str | None, target: str | None) -> int:
    if (source is None) != (target is None):
        print("brettbote: --from and --to go together", file=sys.stderr)
        return 2
    if source is not None:
        try:
            check_url(source), check_url(target)
        except ValueError as err:
            print(f"brettbote: --from/--to must be {err}", file=sys.stderr)
            return 2
        return unavailable_is_an_answer(copy(source, target))
    settings = load_or_explain()
    if settings is None:
        return 2
    return unavailable_is_an_answer(upgrade(settings.database_url))
