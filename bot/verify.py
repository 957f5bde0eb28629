"""``brettbote verify``: replay every match from its seed and action log and
compare the result with the stored state, on whichever database
``DATABASE_URL`` names."""

from __future__ import annotations

import asyncio
import sys

import engines
from bot.config import SettingsError, load_settings
from bot.store import Match, Store, open_store, redacted, sqlite_path


def replay(match: Match, actions) -> str | None:
    """The state reached by replaying ``actions``; ``None`` for a lobby."""
    if match.state is None:
        return None
    engine = engines.get(match.game)
    state = engine.setup(len(match.seats), match.seed, match.options)
    for logged in actions:
        if logged.undone_by is None:
            state, _ = engine.apply(state, logged.seat, engine.parse_action(logged.action))
    return engine.dump_state(state)


async def verify(store: Store, out=None) -> int:
    """Number of matches whose replay differs from the stored state."""
    out = out or sys.stdout
    bad = 0
    for match_id in await store.match_ids():
        match = await store.get_match(match_id)
        try:
            replayed = replay(match, await store.actions(match_id))
        except Exception as err:  # a log that no longer replays is a mismatch too
            replayed = f"<replay failed: {err!r}>"
        if replayed != match.state:
            bad += 1
            print(f"match {match_id} ({match.game}, {match.status}): replay differs from the stored state", file=out)
    return bad


def load_or_explain():
    """The settings, or ``None`` after saying on stderr what is wrong."""
    try:
        return load_settings()
    except SettingsError as err:
        for line in str(err).splitlines():
            print(f"brettbote: {line}", file=sys.stderr)
        return None


async def _main() -> int:
    settings = load_or_explain()
    if settings is None:
        return 2
    path = sqlite_path(settings.database_url)
    if path is not None and not path.exists():
        print(f"no database at {path}: nothing to verify")
        return 0
    store = await open_store(settings.database_url)
    try:
        total = len(await store.match_ids())
        bad = await verify(store)
    finally:
        await store.close()
    print(f"{redacted(settings.database_url)}: {total} matches checked, {bad} mismatched")
    return 1 if bad else 0


def main() -> int:
    from bot.migrate import unavailable_is_an_answer

    return unavailable_is_an_answer(_main())
