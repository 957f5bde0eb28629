"""Settings: empty means the default, and a wrong value stops ``brettbote``
(and ``brettbote verify``) with one line on stderr that names the variable
and what it may be, exit code 2, no traceback."""

from __future__ import annotations

import pytest

from bot import cli
from bot.config import load_settings

WRONG = [
    ("LOG_LEVEL", "LOUD", "DEBUG, INFO, WARNING, ERROR"),
    ("BRETTBOTE_ABANDON_DAYS", "-3", "from 1 to 365"),
    ("BRETTBOTE_ABANDON_DAYS", "abc", "from 1 to 365"),
    ("BRETTBOTE_ABANDON_DAYS", "366", "from 1 to 365"),
    ("DEV_GUILD_ID", "xyz", "positive whole number"),
    ("DEV_GUILD_ID", "-5", "positive whole number"),
    ("DISCORD_API_BASE", "discord.com/api", "http:// or https://"),
    ("DISCORD_GATEWAY_URL", "https://gateway.discord.gg", "ws:// or wss://"),
    ("BRETTBOTE_LOG_PAYLOADS", "maybe", "1 or 0"),
    ("BRETTBOTE_MATCHES_PER_HOUR", "0", "from 1 to 100"),
]


@pytest.mark.parametrize("command", ["run", "verify"])
@pytest.mark.parametrize("variable, value, allowed", WRONG)
def test_a_wrong_value_is_refused_in_one_line(tmp_path, monkeypatch, capsys, command, variable, value, allowed):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv(variable, value)
    assert cli.main([command]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and variable in err and allowed in err and "Traceback" not in err
    assert "a-token" not in err


def test_a_wrong_value_in_the_env_file_is_refused_too(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DISCORD_TOKEN={}\nLOG_LEVEL=LOUD\n".format("a-token"), encoding="utf-8")
    assert cli.main(["run"]) == 2
    assert "LOG_LEVEL=LOUD" in capsys.readouterr().err


def test_empty_means_the_default_and_case_does_not_matter(tmp_path, monkeypatch):
    for variable in ("DATABASE_URL", "SHARD_COUNT", "METRICS_PORT", "BRETTBOTE_ABANDON_DAYS", "DEV_GUILD_ID", "DISCORD_API_BASE"):
        monkeypatch.setenv(variable, "")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    settings = load_settings(env_file=None)
    assert settings.abandon_days == 30 and settings.dev_guild_id is None and settings.log_level == "DEBUG"
    assert settings.api_base == "https://discord.com/api/v10" and settings.database_url == "sqlite:///./data/brettbote.sqlite3"


def test_the_new_match_limit_is_a_setting(monkeypatch, tmp_path):
    from bot.config import load_settings
    from bot.play.service import MatchService

    monkeypatch.setenv("BRETTBOTE_MATCHES_PER_HOUR", "2")
    settings = load_settings(env_file=None)
    assert settings.matches_per_hour == 2
    assert MatchService(store=None, matches_per_hour=settings.matches_per_hour).limits.matches_per_hour == 2
