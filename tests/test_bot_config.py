"""Settings: empty means the default, and a wrong value stops ``brettbote``
(and ``brettbote verify``) with one line on stderr that names the variable
and what it may be, exit code 2, no traceback."""

from __future__ import annotations

import pytest

from bot import cli
from bot.config import SettingsError, load_settings

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
    ("COMPUTER_WORKERS", "-1", "from 0 to 64"),
    ("COMPUTER_MAX_MS", "0", "from 1 to 10000"),
    ("WEB_PORT", "70000", "a TCP port"),
    ("PUBLIC_URL", "brettbote.example.org", "http:// or https://"),
    ("WEB_PROXIES", "10.0.0.300", "addresses or networks"),
    ("WEB_HOST", "not a host!", "an IP address or host name"),
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


def test_shards_and_the_database_are_checked_at_start(monkeypatch, capsys):
    from bot.discord.app import Brettbote, ShardedBrettbote, make_client

    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "1, 3")
    settings = load_settings(env_file=None)
    client = make_client(settings)
    assert isinstance(client, ShardedBrettbote) and client.shard_ids == [1, 3] and client.shard_count == 4
    assert not client.syncs_commands  # shard 0's process syncs the commands
    monkeypatch.delenv("SHARD_COUNT")
    with pytest.raises(SettingsError, match="SHARD_IDS needs SHARD_COUNT"):
        load_settings(env_file=None)
    monkeypatch.setenv("SHARD_COUNT", "2")
    monkeypatch.setenv("SHARD_IDS", "0,2")
    with pytest.raises(SettingsError, match="from 0 to 1"):
        load_settings(env_file=None)
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.delenv("SHARD_IDS")
    assert type(make_client(load_settings(env_file=None))) is Brettbote
    # a wrong database URL is refused without repeating it (it may hold a password)
    monkeypatch.setenv("DATABASE_URL", "mysql://bot:hunter2@db/x")
    with pytest.raises(SettingsError) as err:
        load_settings(env_file=None)
    assert "DATABASE_URL is not allowed" in str(err.value) and "hunter2" not in str(err.value)
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:hunter2@db/x")
    monkeypatch.setenv("RENDER_WORKERS", "0")
    monkeypatch.setenv("METRICS_PORT", "9100")
    settings = load_settings(env_file=None)
    assert settings.render_workers == 0 and settings.metrics_port == 9100 and "hunter2" not in repr(settings)


def test_the_web_view_is_off_by_default_and_its_secret_is_never_repeated(monkeypatch):
    assert load_settings(env_file=None).web_port is None
    monkeypatch.setenv("WEB_SECRET", "short-secret-1234")
    with pytest.raises(SettingsError) as err:
        load_settings(env_file=None)
    assert "WEB_SECRET is not allowed" in str(err.value) and "short-secret-1234" not in str(err.value)
    monkeypatch.setenv("WEB_SECRET", "s" * 32)
    monkeypatch.setenv("WEB_PORT", "8080")
    monkeypatch.setenv("WEB_HOST", "0.0.0.0")
    # links to 0.0.0.0 would lead nowhere: every interface needs the public address
    with pytest.raises(SettingsError, match="PUBLIC_URL must be set"):
        load_settings(env_file=None)
    monkeypatch.setenv("PUBLIC_URL", "https://brettbote.example.org")
    monkeypatch.setenv("WEB_PROXIES", "127.0.0.1, 172.16.0.0/12")
    settings = load_settings(env_file=None)
    assert settings.web_port == 8080 and settings.web_proxies == ["127.0.0.1", "172.16.0.0/12"]
    assert "s" * 32 not in repr(settings)
