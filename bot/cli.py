"""The ``brettbote`` console script.

``brettbote`` alone runs the Discord bot (as the README says); the other
subcommands work offline: a hot-seat game in the terminal, the replay of a
match file, the rules, the list of games; ``verify``, ``migrate`` and
``export`` read the configured database. The bot and the verifier are imported
only when asked for, so the offline commands work without Discord settings or
a half-finished bot module.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

import engines
from engines.contract import LOCALES, Engine, IllegalAction

#: Exit code for wrong usage (argparse uses it too).
USAGE = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="brettbote", description="Board games on Discord, played asynchronously.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("run", help="start the Discord bot (the default)")
    sub.add_parser("verify", help="replay every stored match and compare it with its stored state")
    migrate = sub.add_parser("migrate", help="bring the database up to date, or copy one database into another")
    migrate.add_argument("--from", dest="source", metavar="URL", help="copy from this database (sqlite:///… or postgresql://…)")
    migrate.add_argument("--to", dest="target", metavar="URL", help="into this empty database, then verify the copy")
    export = sub.add_parser("export", help="write one stored match as a match file (the whole match, whatever its state)")
    export.add_argument("match_id", type=int, metavar="MATCH_ID")
    export.add_argument("--out", metavar="FILE", help="write it to FILE (default: print it)")
    replay = sub.add_parser("replay", help="replay a match file and check that it reaches the end it records")
    replay.add_argument("file", metavar="FILE")
    replay.add_argument("--step", action="store_true",
                        help="show every move with its events and the board (on a terminal: Enter for the next)")
    replay.add_argument("--seat", type=int, metavar="N",
                        help="show the board as seat N sees it (counted from 0, as in the file; default: as spectators do)")
    replay.add_argument("--lang", choices=LOCALES, default="en")
    play = sub.add_parser("play", help="play a hot-seat game in the terminal")
    play.add_argument("game", metavar="GAME")
    play.add_argument("--seed", type=int, help="replay a game (default: random, printed at the start)")
    play.add_argument("--out", metavar="DIR", help="where the board pictures go (default: ./brettbote-GAME-SEED)")
    play.add_argument("--lang", choices=LOCALES, default="en")
    play.add_argument("--seats", type=int, help="number of players (default: the game's minimum)")
    arena = sub.add_parser("arena", help="play computer players against each other and count the wins")
    arena.add_argument("game", metavar="GAME")
    arena.add_argument("--players", default="computer,random",
                       help="comma-separated, one per seat: computer, greedy, random (default: computer,random)")
    arena.add_argument("--games", type=int, default=10)
    arena.add_argument("--budget-ms", type=int, default=2000, help="thinking time per decision (default 2000)")
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--json", action="store_true", help="print only a JSON line with the result, at the end")
    rules = sub.add_parser("rules", help="print the rules of a game")
    rules.add_argument("game", metavar="GAME")
    rules.add_argument("--lang", choices=LOCALES, default="en")
    games = sub.add_parser("games", help="list the games")
    games.add_argument("--lang", choices=LOCALES, default="en")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help or a usage error: argparse has printed why
        return exc.code if isinstance(exc.code, int) else USAGE
    command = args.command or "run"
    if command == "run":
        return _run()
    if command == "verify":
        return _verify()
    if command == "migrate":
        from bot.migrate import main as migrate_main

        return migrate_main(args.source, args.target)
    if command == "export":
        from bot.export import main as export_main

        return export_main(args.match_id, args.out)
    if command == "replay":
        return _replay(args)
    if command == "games":
        for engine in engines.all():
            print(f"{engine.id}  {engine.title(args.lang)}  ({_seats(engine)})")
        return 0
    engine = _engine(args.game)
    if engine is None:
        return USAGE
    if command == "arena":
        return _arena(engine, args)
    if command == "rules":
        print("\n\n".join(engine.rules_help(args.lang)))
        return 0
    return _play(engine, args)


def _engine(game_id: str) -> Engine | None:
    try:
        return engines.get(game_id)
    except KeyError:
        print(f"brettbote: unknown game {game_id!r}; known games: {', '.join(engines.ids())}", file=sys.stderr)
        return None


def _arena(engine: Engine, args: argparse.Namespace) -> int:
    import json

    from engines.ai.arena import arena
    from engines.ai.players import PLAYERS

    names = [n.strip() for n in args.players.split(",") if n.strip()]
    unknown = [n for n in names if n not in PLAYERS]
    if unknown or not engine.min_seats <= len(names) <= engine.max_seats or args.games < 1 or args.budget_ms < 1:
        print(f"brettbote: --players takes {engine.min_seats}-{engine.max_seats} of {', '.join(PLAYERS)}; "
              "--games and --budget-ms at least 1", file=sys.stderr)
        return USAGE

    def progress(done: int, tally) -> None:
        if not args.json:
            print(f"{done}/{args.games}: wins {tally.wins}, draws {tally.draws}", flush=True)

    tally = arena(engine, names, args.games, args.budget_ms / 1000, args.seed, progress=progress)
    print(json.dumps(tally.summary()))
    return 0


def _seats(engine: Engine) -> str:
    if engine.min_seats == engine.max_seats:
        return f"{engine.min_seats} players"
    return f"{engine.min_seats}-{engine.max_seats} players"


def _play(engine: Engine, args: argparse.Namespace) -> int:
    from bot import terminal

    if args.seats is not None and not engine.min_seats <= args.seats <= engine.max_seats:
        print(f"brettbote: {engine.id} is for {_seats(engine)}", file=sys.stderr)
        return USAGE
    try:
        # input and stdout looked up now, not at import, so they can be redirected.
        terminal.play(engine.id, args.seed, args.out, args.lang, args.seats, input_fn=input, output=sys.stdout)
    except IllegalAction as exc:  # a seat count the game does not allow
        print(f"brettbote: {engine.text(exc.key, exc.params, args.lang)}", file=sys.stderr)
        return USAGE
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    return 0


def _replay(args: argparse.Namespace) -> int:
    from bot import terminal
    from bot.play.match_file import MatchFileError

    if args.seat is not None and args.seat < 0:
        print("brettbote: --seat counts from 0, as the file does", file=sys.stderr)
        return USAGE
    try:
        text = Path(args.file).read_bytes()
    except OSError as exc:
        print(f"brettbote: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    # Enter between steps only on a terminal: piped into a file or grep, every step at once.
    pause = input if args.step and sys.stdin.isatty() else None
    try:
        terminal.replay(text, step=args.step, locale=args.lang, seat=args.seat,
                        pause=pause, output=sys.stdout)
    except MatchFileError as exc:
        print(f"brettbote: {args.file}: {exc}", file=sys.stderr)
        return 1
    except (KeyboardInterrupt, EOFError):
        print(file=sys.stderr)
        return 130
    return 0


def _run() -> int:
    try:
        from bot.app import run
    except ImportError as exc:
        print(f"brettbote: the Discord bot cannot be started: {exc}", file=sys.stderr)
        return USAGE
    return _exit_code(run())


def _verify() -> int:
    try:
        from bot.verify import main as verify_main
    except ImportError as exc:
        print(f"brettbote: the verifier cannot be started: {exc}", file=sys.stderr)
        return USAGE
    return _exit_code(verify_main())


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    return code if isinstance(code, int) else 1


if __name__ == "__main__":
    sys.exit(main())
