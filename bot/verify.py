"""``brettbote verify``: replay every match from its seed and action log and
compare the result with the stored state, on whichever database
``DATABASE_URL`` names.

States are compared as the engine reads them (the stored one loaded and
written again), not as stored text: a field a game's state gained later,
with a default, is missing from the states stored before it, and is no
mismatch. A match started with another engine version (kept with the match;
none for a match started before versions were kept, older than any) was
played by other rules, so today's replay need not reach its state: it is not
compared, and is reported on a line of its own, not as a mismatch."""

from __future__ import annotations

import asyncio
import sys

import engines
from bot.config import SettingsError, load_settings
from bot.store import Match, Store, open_store, redacted, sqlite_path
from engines.contract import canonical_json
from engines.registry import game as registry_entry


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


def agrees(match: Match, actions) -> bool:
    """Does the replay of ``actions`` reach the stored state (both as the engine reads them)?"""
    replayed = replay(match, actions)
    if replayed is None or match.state is None:
        return replayed == match.state
    engine = engines.get(match.game)
    return canonical_json(engine.load_state(replayed)) == canonical_json(engine.load_state(match.state))


def version_apart(match: Match) -> str | None:
    """``"older"`` or ``"newer"`` for a started match of another engine
    version than today's (not compared), else ``None``."""
    if match.state is None or match.game not in engines.ids():
        return None  # a lobby agrees or not by itself; an unknown game fails its replay
    ours = registry_entry(match.game).version
    played = match.engine_version or 0  # None: started before versions were kept, older than any
    return None if played == ours else "older" if played < ours else "newer"


async def verify(store: Store, out=None) -> int:
    """Number of matches whose replay differs from the stored state; those
    of another engine version are counted apart, on a line of their own."""
    out = out or sys.stdout
    bad, apart = 0, {"older": 0, "newer": 0}
    for match_id in await store.match_ids():
        match = await store.get_match(match_id)
        version = version_apart(match)
        if version is not None:
            apart[version] += 1
            continue
        try:
            same = agrees(match, await store.actions(match_id))
        except Exception:  # a log that no longer replays, a state no longer read, is a mismatch too
            same = False
        if not same:
            bad += 1
            print(f"match {match_id} ({match.game}, {match.status}): replay differs from the stored state", file=out)
    for version, count in apart.items():
        if count:
            article = "an" if version == "older" else "a"
            print(f"{count} matches were started with {article} {version} engine version: not compared", file=out)
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
