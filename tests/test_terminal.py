"""The terminal hot-seat game and the ``brettbote`` console script, driven
with scripted answers. Moves are named by their button labels and turned into
menu numbers by walking the engine, so the tests do not hard-code menu order."""

from __future__ import annotations

import io
import sys
import types
from pathlib import Path

import pytest

import engines
from bot import cli, terminal
from engines import IllegalAction

GAME = "himmel-und-hoelle"
E = engines.get(GAME)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

#: Hell takes its only die home; next turn it has none and cannot move, so
#: Heaven fills its goal field with 6s and wins 18:0. (Both sides just ending
#: their turns would never end the game.)
QUICK_GAME = ["B1 → start field", "End turn", "End turn"]

#: Both sides run towards each other (a free lowering step moves a die one
#: field), until Hell's die steps onto Heaven's on B6: a conflict.
INTO_CONFLICT = [
    "Move B1 → B2", "Lower and move B2 → B3", "Lower and move B3 → B4", "End turn",
    "Move B10 → B9", "Lower and move B9 → B8", "Lower and move B8 → B7", "End turn",
    "Move B4 → B5", "End turn",
    "Move B7 → B6", "End turn",
    "Move B5 → B6",
]  # fmt: skip


def numbers(seed: int, labels: list[str]) -> list[str]:
    """The menu numbers that choose ``labels`` (by prefix) one after the other."""
    state = E.setup(2, seed)
    answers = []
    for prefix in labels:
        seat = E.to_act(state)[0]
        actions = E.legal_actions(state, seat)
        shown = [E.label(state, seat, a, "en") for a in actions]
        index = next(i for i, label in enumerate(shown) if label.startswith(prefix))
        answers.append(str(index + 1))
        state, _ = E.apply(state, seat, actions[index])
    return answers


class Script:
    """A fake ``input``: scripted answers for menus, Enter for handover
    pauses; remembers each prompt and where the output stood when it was asked."""

    def __init__(self, answers: list[str], output: io.StringIO) -> None:
        self.answers = list(answers)
        self.output = output
        self.asked: list[tuple[str, int]] = []

    def __call__(self, prompt: str) -> str:
        self.asked.append((prompt, len(self.output.getvalue())))
        if "press Enter" in prompt:
            return ""
        assert self.answers, f"script ran out at {prompt!r}"
        return self.answers.pop(0)

    def menus(self) -> list[tuple[str, int]]:
        return [(p, at) for p, at in self.asked if "press Enter" not in p]


def run(answers: list[str], out_dir: Path, seed: int = 3, **kwargs):
    output = io.StringIO()
    script = Script(answers, output)
    result = terminal.play(GAME, seed, out_dir, "en", 2, input_fn=script, output=output, **kwargs)
    return result, output.getvalue(), script


def pngs(out_dir: Path) -> list[Path]:
    return sorted(out_dir.glob("*.png"))


def test_quick_game_ends_with_result_and_pictures(tmp_path):
    result, text, script = run(numbers(3, QUICK_GAME), tmp_path)
    assert result is not None and result.scores == [0, 18] and result.winners == [1]
    assert "seed 3" in text and str(tmp_path) in text
    assert "Result: Hell 0, Heaven 18." in text and "Heaven wins." in text
    assert not script.answers
    files = pngs(tmp_path)
    assert [f.name for f in files] == ["0001.png", "0002.png", "0003.png"]
    assert all(f.read_bytes().startswith(PNG_SIGNATURE) for f in files)


def test_each_side_change_hands_the_device_over(tmp_path):
    # Every seat's view shows its hand, so each change of seat clears the screen.
    _, text, script = run(numbers(3, QUICK_GAME), tmp_path)
    pauses = [p for p, _ in script.asked if "press Enter" in p]
    assert pauses == ["Heaven: press Enter when nobody else is looking "]
    assert text.count(terminal.CLEAR) == 1
    assert "Pass the device to Heaven." in text
    # Heaven hears what Hell did while it was away.
    after_clear = text.split(terminal.CLEAR)[1]
    assert "Since your last screen:" in after_clear
    assert "Hell returns the die on B1 to the start field." in after_clear


def test_bad_input_is_refused_and_asked_again(tmp_path):
    answers = numbers(3, QUICK_GAME)
    result, text, script = run(["x", "0", "999", "", " ", "²", "-1"] + answers, tmp_path)
    assert result is not None and result.winners == [1]
    assert "'x' is not an option: type a number from 1 to 12" in text
    assert "'0' is not an option" in text and "'999' is not an option" in text
    assert text.count("Nothing chosen: type a number from 1 to 12") == 2
    first_menu = script.menus()[0][0]
    assert [p for p, _ in script.menus()[:8]] == [first_menu] * 8
    assert "Traceback" not in text


def test_help_shows_the_rules_and_the_menu_again(tmp_path):
    result, text, _ = run(["h", "?"] + numbers(3, QUICK_GAME), tmp_path)
    assert result is not None
    pages = E.rules_help("en")
    assert text.count(f"--- Rules 1/{len(pages)} ---") == 2
    assert pages[0] in text
    assert text.count("Your options:") == 3 + 2  # three steps, twice again after the rules


def test_quit(tmp_path):
    result, text, _ = run(["q"], tmp_path)
    assert result is None
    assert "Game abandoned. Replay it with --seed 3." in text
    assert pngs(tmp_path) == []


def test_end_of_input_quits_without_a_traceback(tmp_path):
    def closed(prompt: str) -> str:
        raise EOFError

    assert terminal.play(GAME, 3, tmp_path, "en", 2, input_fn=closed, output=io.StringIO()) is None


def test_illegal_action_shows_the_reason_and_the_game_goes_on(tmp_path, monkeypatch):
    answers = numbers(3, QUICK_GAME)
    real_apply = E.apply
    calls = []

    def refuse_once(state, seat, action):
        calls.append(action)
        if len(calls) == 1:
            raise IllegalAction("not_legal")
        return real_apply(state, seat, action)

    monkeypatch.setattr(E, "apply", refuse_once)
    result, text, _ = run(answers[:1] + answers, tmp_path)
    assert "Not possible: That move is not allowed right now." in text
    assert result is not None and result.winners == [1]


def secret_round(tmp_path: Path, card: int):
    """Drive into the conflict on B6, let Hell choose ``card``, quit at Heaven's menu."""
    answers = numbers(3, INTO_CONFLICT) + [None, "q"]  # Hell's card: filled in below
    state = E.setup(2, 3)
    for number in answers[: len(INTO_CONFLICT)]:
        seat = E.to_act(state)[0]
        state, _ = E.apply(state, seat, E.legal_actions(state, seat)[int(number) - 1])
    assert E.to_act(state) == [0, 1] and E.prompt(state, 0).secret
    cards = [E.label(state, 0, a, "en") for a in E.legal_actions(state, 0)]
    answers[len(INTO_CONFLICT)] = str(cards.index(f"Card {card}") + 1)
    return run(answers, tmp_path / str(card))


def test_secret_card_is_hidden_from_the_other_seat(tmp_path):
    results = {card: secret_round(tmp_path, card) for card in (7, 4)}
    after_handover = {}
    for card, (result, text, script) in results.items():
        assert result is None  # quit at Heaven's card menu
        menus = script.menus()
        (_, hell_chose), (heaven_prompt, heaven_asked) = menus[-2], menus[-1]
        assert heaven_prompt.startswith("Heaven, your choice")
        between = text[hell_chose:heaven_asked]
        clear = between.index(terminal.CLEAR)
        # Hell sees its own choice confirmed, before the screen is cleared ...
        assert f"You chose the card {card}." in between[:clear]
        assert "Hell has chosen a card." in between[:clear]
        # ... and Heaven, after the handover, learns only that Hell has chosen.
        shown_to_heaven = between[clear:]
        assert "Hell has chosen a card." in shown_to_heaven
        assert "You chose the card" not in shown_to_heaven
        assert "Your card:" not in shown_to_heaven
        assert "Secret choice: only Heaven may look" in shown_to_heaven
        assert script.asked[-2][0] == "Heaven: press Enter when nobody else is looking "
        after_handover[card] = shown_to_heaven
    # Whatever Hell chose, Heaven's screen is the same, and so is the picture.
    assert after_handover[7] == after_handover[4]
    last = pngs(tmp_path / "7")[-1]
    assert last.read_bytes() == (tmp_path / "4" / last.name).read_bytes()


# -- the console script ------------------------------------------------------


def feed(monkeypatch, answers: list[str]) -> None:
    pending = list(answers)
    monkeypatch.setattr("builtins.input", lambda prompt="": "" if "press Enter" in prompt else pending.pop(0))


def test_cli_play_end_to_end(tmp_path, monkeypatch, capsys):
    feed(monkeypatch, numbers(3, QUICK_GAME))
    assert cli.main(["play", GAME, "--seed", "3", "--out", str(tmp_path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Heaven wins." in out and "seed 3" in out
    assert len(pngs(tmp_path)) == 3


def test_cli_play_default_out_dir_in_german(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    answers = numbers(3, QUICK_GAME)
    monkeypatch.setattr("builtins.input", lambda prompt="": "" if "Eingabetaste" in prompt else answers.pop(0))
    assert cli.main(["play", GAME, "--seed", "3", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Himmel gewinnt." in out and "Startwert 3" in out
    folder = tmp_path / f"brettbote-{GAME}-3"
    assert str(folder) in out and len(pngs(folder)) == 3


def test_cli_games_lists_the_games(capsys):
    assert cli.main(["games"]) == 0
    assert GAME in capsys.readouterr().out


def test_cli_rules(capsys):
    assert cli.main(["rules", GAME, "--lang", "de"]) == 0
    assert E.rules_help("de")[0] in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["play", "no-such-game"], ["rules", "no-such-game"]])
def test_cli_unknown_game(argv, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert "no-such-game" in err and GAME in err


def test_cli_bad_seat_count(capsys):
    assert cli.main(["play", GAME, "--seats", "5"]) == 2
    assert "2 players" in capsys.readouterr().err


def test_cli_usage_error_returns_2(capsys):
    assert cli.main(["play"]) == 2
    assert cli.main(["games", "--bogus"]) == 2


def test_cli_without_command_runs_the_bot(monkeypatch):
    started = []
    monkeypatch.setitem(sys.modules, "bot.app", types.SimpleNamespace(run=lambda: started.append(1) or 0))
    assert cli.main([]) == 0
    assert cli.main(["run"]) == 0
    assert started == [1, 1]


def test_cli_run_and_verify_missing_modules(monkeypatch, capsys):
    # ``None`` in sys.modules makes the import fail, as if the module were absent.
    monkeypatch.setitem(sys.modules, "bot.app", None)
    monkeypatch.setitem(sys.modules, "bot.verify", None)
    assert cli.main(["run"]) == 2
    assert cli.main(["verify"]) == 2
    err = capsys.readouterr().err
    assert "Discord bot cannot be started" in err and "verifier cannot be started" in err


def test_cli_verify_returns_the_verifiers_code(monkeypatch):
    monkeypatch.setitem(sys.modules, "bot.verify", types.SimpleNamespace(main=lambda: 1))
    assert cli.main(["verify"]) == 1
