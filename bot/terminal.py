"""A hot-seat match in the terminal: several players, one screen, one keyboard;
and the replay of a match file (``brettbote replay``, :func:`replay`).

Only the engine contract is used, so every registered game plays here. The one
thing a shared screen adds is secrecy: whenever the next screen would show a
seat something private (its hand, a secret choice, events only it may see) and
the screen still shows another seat's, it is cleared and the device handed over
before anything is printed. A match file hides nothing (it holds the seed and
every secret choice), so its replay shows every event, marked with whom it
was shown to.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TextIO

import engines
import render
from engines.contract import Engine, Event, IllegalAction, Result

if TYPE_CHECKING:
    from bot.play.match_file import Replayed
from engines.i18n import Catalog, locale_dir

#: Erase the screen and home the cursor; scrolls the old screen out of sight.
CLEAR = "\033[2J\033[H"

#: What the terminal says around the game: ``bot/locale/<lang>/LC_MESSAGES/terminal.po``.
WORDS = Catalog("terminal", locale_dir(__file__))

QUIT = {"q", "quit", "exit"}
HELP = {"h", "?", "help", "hilfe"}


class Quit(Exception):
    """The players asked to stop."""


def default_out_dir(game_id: str, seed: int) -> Path:
    """``./brettbote-<game>-<seed>``, with a suffix if that is taken, so a
    replay never overwrites the pictures of an earlier run."""
    base = Path.cwd() / f"brettbote-{game_id}-{seed}"
    path, n = base, 1
    while path.exists():
        n += 1
        path = base.with_name(f"{base.name}-{n}")
    return path


def play(
    game_id: str,
    seed: int | None = None,
    out_dir: str | Path | None = None,
    locale: str = "en",
    seats: int | None = None,
    input_fn: Callable[[str], str] = input,
    output: TextIO | None = None,
    clear: str = CLEAR,
) -> Result | None:
    """Play one match to its end; ``None`` if the players quit.

    ``output`` defaults to ``sys.stdout`` as it is at call time (so pytest's
    capture and redirections see it). ``seed`` defaults to a random one,
    printed at the start so the game can be replayed; ``seats`` defaults to
    the game's minimum.

    Raises ``KeyError`` for an unknown game and ``IllegalAction`` (key
    ``bad_seats``) for a seat count the game does not allow.
    """
    engine = engines.get(game_id)
    seed = random.randrange(1 << 31) if seed is None else seed
    seats = engine.min_seats if seats is None else seats
    state = engine.setup(seats, seed)
    out = Path(out_dir) if out_dir is not None else default_out_dir(game_id, seed)
    out.mkdir(parents=True, exist_ok=True)
    match = _HotSeat(engine, game_id, locale, seats, input_fn, sys.stdout if output is None else output, clear)
    match.say("start", title=engine.title(locale), seed=seed)
    match.say("out_dir", path=out)
    try:
        result = match.run(state, out)
    except Quit:
        match.say("quit", seed=seed)
        return None
    match.report(result)
    match.say("pictures", count=match.frames, path=out)
    return result


def replay(
    text: str | bytes,
    step: bool = False,
    locale: str = "en",
    seat: int | None = None,
    pause: Callable[[str], str] | None = None,
    output: TextIO | None = None,
) -> Replayed:
    """Replay a match file: to its end, showing the summary, or with ``step``
    each action with its events and the board (as ``seat`` sees it; by
    default as spectators do), calling ``pause`` between steps if given
    (an answer of ``q`` stops). The whole file is checked first
    (:func:`bot.play.match_file.check`): a file that does not reach its
    recorded end raises :class:`~bot.play.match_file.MatchFileError` before
    anything is printed."""
    from bot.play import match_file  # here: a hot-seat game needs no store

    checked = match_file.check(match_file.load_replayable(text))
    file, engine = checked.file, checked.engine
    if seat is not None and not 0 <= seat < file.seats:
        raise match_file.MatchFileError(f"no seat {seat} in this match of seats 0-{file.seats - 1}")
    screen = _HotSeat(engine, file.game, locale, file.seats, input, sys.stdout if output is None else output, CLEAR)
    taken_back = sum(move.undone_by is not None for move in file.log)
    screen.say("replay_head", title=engine.title(locale), game=file.game, version=file.engine_version,
               seats=file.seats, seed=file.seed, moves=len(checked.replay.log), taken_back=taken_back)
    if step:
        screen.write(render.board_text(file.game, engine.view(checked.replay.start()[1], seat), locale))
        for entry, before, after, events in checked.replay.steps():
            screen.write()
            screen.say("replay_step", counter=entry.counter, seat=screen.seat_name(entry.seat),
                       action=engine.label(before, entry.seat, engine.parse_action(entry.action), locale))
            for event in events:
                text = engine.text(event.key, event.params, locale)
                shown = "" if event.visible_to is None else screen.words["replay_only"].format(
                    seats=", ".join(screen.seat_name(s) for s in event.visible_to))
                screen.write(f"  • {shown}{text}")
            screen.write(render.board_text(file.game, engine.view(after, seat), locale))
            if pause is not None and pause(screen.words["replay_next"]).strip().lower() in QUIT:
                return checked
    screen.write()
    screen.say("replay_ok", digest=file.final_digest)
    if file.status == "running":
        screen.say("replay_running")
    elif file.status == "cancelled":
        screen.say("replay_cancelled")
    else:
        if "conceded" in (file.outcome or {}):
            screen.say("replay_conceded", seat=screen.seat_name(file.outcome["conceded"]))
        screen.report(checked.result)
    return checked


class _HotSeat:
    def __init__(self, engine: Engine, game_id: str, locale: str, seats: int, input_fn, output: TextIO, clear: str):
        self.engine, self.game_id, self.locale = engine, game_id, locale
        self.input_fn, self.output, self.clear = input_fn, output, clear
        self.words = WORDS.table(locale)
        #: The seat whose screen is showing, and whether it shows it anything private.
        self.owner: int | None = None
        self.private = False
        #: Per seat, event lines that seat has not been shown yet: (text, public).
        self.news: dict[int, list[tuple[str, bool]]] = {s: [] for s in range(seats)}
        self.frames = 0

    # -- output ---------------------------------------------------------------

    def write(self, text: str = "") -> None:
        print(text, file=self.output, flush=True)

    def say(self, key: str, **params: Any) -> None:
        self.write(self.words[key].format(**params))

    def seat_name(self, seat: int) -> str:
        return self.engine.seat_name(seat, self.locale)

    def ask(self, prompt: str) -> str:
        try:
            answer = self.input_fn(prompt)
        except EOFError:  # the input ran dry (Ctrl-D, a closed pipe): nobody is left to play
            raise Quit from None
        answer = answer.strip()
        if answer.lower() in QUIT:
            raise Quit
        return answer

    # -- the match ------------------------------------------------------------

    def run(self, state, out: Path) -> Result:
        engine = self.engine
        while (result := engine.result(state)) is None:
            waiting = engine.to_act(state)
            if not waiting:
                raise RuntimeError(f"{self.game_id}: nobody to act in an unfinished game")
            seat = waiting[0]  # a simultaneous decision is asked seat by seat
            actions = engine.legal_actions(state, seat)
            if not actions:
                raise RuntimeError(f"{self.game_id}: {self.seat_name(seat)} must act but has no legal action")
            prompt = engine.prompt(state, seat)
            view = engine.view(state, seat)
            private = prompt.secret or self.view_is_private(view, engine.view(state, None))
            self.show_screen(seat, view, private)
            if prompt.secret:
                self.say("secret", seat=self.seat_name(seat))
            self.write(f"{self.seat_name(seat)}: {engine.text(prompt.key, prompt.params, self.locale)}")
            action = self.choose(state, seat, actions)
            try:
                state, events = engine.apply(state, seat, action)
            except IllegalAction as exc:
                self.say("refused", reason=engine.text(exc.key, exc.params, self.locale))
                continue
            self.announce(seat, events)
            self.snapshot(state, out)
        return result

    def show_screen(self, seat: int, view, private: bool) -> None:
        private = private or any(not public for _, public in self.news[seat])
        handover = self.owner is not None and self.owner != seat and (private or self.private)
        if handover:
            self.output.write(self.clear)
            self.say("handover", seat=self.seat_name(seat))
            self.ask(self.words["press_enter"].format(seat=self.seat_name(seat)))
        self.owner, self.private = seat, private
        self.write()
        self.say("header", seat=self.seat_name(seat))
        self.write(render.board_text(self.game_id, view, self.locale))
        # Public lines were on the shared screen already unless it was just cleared.
        lines = [(text, public) for text, public in self.news[seat] if handover or not public]
        self.news[seat] = []
        if lines:
            self.say("news")
            for text, public in lines:
                self.write(f"  • {'' if public else self.words['only_you']}{text}")

    @staticmethod
    def view_is_private(view, spectator) -> bool:
        """Does a seat's view show more than a spectator's? Only the contract
        is known here, so compare the two views, minus the viewer's seat."""
        return view.model_dump(exclude={"seat"}) != spectator.model_dump(exclude={"seat"})

    def choose(self, state, seat: int, actions: list) -> Any:
        question = self.words["choose"].format(seat=self.seat_name(seat), n=len(actions))
        self.list_choices(state, seat, actions)
        while True:
            answer = self.ask(question)
            if answer.lower() in HELP:
                self.show_rules()
                self.list_choices(state, seat, actions)  # the rules scrolled them away
                continue
            # isdecimal, not isdigit: "²" is a digit that int() refuses.
            if answer.isdecimal() and 1 <= int(answer) <= len(actions):
                return actions[int(answer) - 1]
            self.say("bad_choice" if answer else "no_choice", text=answer, n=len(actions))

    def list_choices(self, state, seat: int, actions: list) -> None:
        self.say("choices")
        group = None
        width = len(str(len(actions)))
        for number, action in enumerate(actions, 1):
            # Headings help to find a choice among many; only runs of a group get one.
            heading = self.engine.group(state, seat, action, self.locale)
            if heading != group:
                self.write(f"  {heading}")
                group = heading
            self.write(f"    {number:>{width}}. {self.engine.label(state, seat, action, self.locale)}")

    def show_rules(self) -> None:
        pages = self.engine.rules_help(self.locale)
        for number, page in enumerate(pages, 1):
            self.say("rules_page", page=number, pages=len(pages))
            self.write(page)
        self.write()

    def announce(self, seat: int, events: list[Event]) -> None:
        for event in events:
            text = self.engine.text(event.key, event.params, self.locale)
            public = event.visible_to is None
            if event.visible_for(seat):
                self.write(f"  • {'' if public else self.words['only_you']}{text}")
                self.private |= not public
            for other in self.news:
                if other != seat and event.visible_for(other):
                    self.news[other].append((text, public))

    def snapshot(self, state, out: Path) -> None:
        # Always the spectator's view: the pictures are kept and may be shared.
        self.frames += 1
        png = render.board_png(self.game_id, self.engine.view(state, None), self.locale)
        (out / f"{self.frames:04d}.png").write_bytes(png)

    def report(self, result: Result) -> None:
        scores = ", ".join(f"{self.seat_name(s)} {score}" for s, score in enumerate(result.scores))
        self.write()
        self.say("result", scores=scores)
        if result.reason:
            reason = self.engine.localise_params({"reason": result.reason}, self.locale)["reason"]
            self.say("reason", reason=reason)
        names = [self.seat_name(s) for s in result.winners]
        if result.draw:
            self.say("draw", seats=", ".join(names))
        elif names:
            self.say("winner", seat=names[0])
        else:
            self.say("no_winner")
