"""The README's commands, CI and the settings example stay in step."""

from __future__ import annotations

import re
from pathlib import Path

from dotenv import dotenv_values

from bot.config import VARIABLES, Settings, load_settings

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.+?)\n```", text)


def test_readme_starts_with_run_and_test_commands():
    run, test = readme_commands()[:2]
    assert run.endswith("brettbote")
    assert "pytest" in test


def test_ci_runs_exactly_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert readme_commands()[1] in ci


def test_env_example_lists_every_setting():
    example = dotenv_values(ROOT / ".env.example")
    assert set(example) == set(VARIABLES.values()) == {
        "DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "RENDER_WORKERS", "BOT_PROCESSES", "WORKER_NICE",
        "METRICS_PORT",
        "METRICS_HOST",
        "COMPUTER_WORKERS", "COMPUTER_MAX_MS",
        "BRETTBOTE_TIMER_LEASE", "BRETTBOTE_ABANDON_DAYS", "LOG_LEVEL", "DEV_GUILD_ID", "DISCORD_API_BASE",
        "DISCORD_GATEWAY_URL", "BRETTBOTE_LOG_PAYLOADS", "BRETTBOTE_MATCHES_PER_HOUR",
        "WEB_PORT", "WEB_HOST", "PUBLIC_URL", "WEB_SECRET", "WEB_PROXIES",
    }
    assert example["DISCORD_TOKEN"] == ""
    settings = load_settings(env_file=ROOT / ".env.example")
    assert settings == Settings(database_url="sqlite:///./data/brettbote.sqlite3")


def test_environment_wins_over_env_file_and_token_stays_secret(tmp_path, monkeypatch):
    env_file = tmp_path / ".env"
    key = "DISCORD_TOKEN"
    env_file.write_text(f"{key}='from-file'\nLOG_LEVEL=DEBUG\n# comment\n", encoding="utf-8")
    monkeypatch.setenv("DISCORD_TOKEN", "from-env")
    settings = load_settings(env_file=env_file)
    assert settings.discord_token.get_secret_value() == "from-env"
    assert settings.log_level == "DEBUG"
    assert "from-env" not in repr(settings) and "from-env" not in str(settings.model_dump())


def test_compose_runs_postgresql_and_shard_processes_that_cover_every_shard(monkeypatch):
    """No container engine here: the file is read and its settings checked
    as the bot would check them."""
    import yaml

    from bot.discord.app import ShardedBrettbote, make_client

    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert services["db"]["image"].startswith("postgres:")
    shards = {name: s for name, s in services.items() if "SHARD_IDS" in s.get("environment", {})}
    assert len(shards) == 2
    covered = []
    for name, service in shards.items():
        assert service["depends_on"]["db"]["condition"] == "service_healthy"
        env = {k: str(v).replace("${POSTGRES_PASSWORD:-brettbote}", "secret")
               for k, v in service["environment"].items()}
        # the web view is off unless .env turns it on; turned on as the file says
        assert {env[k] for k in ("WEB_PORT", "PUBLIC_URL", "WEB_PROXIES")} == {"${WEB_PORT:-}", "${PUBLIC_URL:-}",
                                                                               "${WEB_PROXIES:-}"}
        env.update(WEB_PORT="8080", PUBLIC_URL="https://brettbote.example.org", WEB_PROXIES="172.16.0.0/12")
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        settings = load_settings(env_file=None)
        assert settings.database_url.startswith("postgresql://") and "@db:5432/" in settings.database_url
        assert isinstance(make_client(settings), ShardedBrettbote) and settings.metrics_port
        assert str(settings.metrics_port) in " ".join(service["healthcheck"]["test"])
        # the web view: every process serves every match, its port published on this machine only
        assert settings.web_port == 8080 and settings.web_host == "0.0.0.0" and settings.web_proxies
        assert f"127.0.0.1:{8080 + settings.shard_ids[0]}:{settings.web_port}" in service["ports"]
        covered += settings.shard_ids
    assert sorted(covered) == list(range(settings.shard_count))


# -- a suite that cannot flake on a loaded machine ----------------------------------

#: The test files, read as text (but this one, which names what it looks for).
TEST_SOURCES = sorted(p for p in (ROOT / "tests").rglob("*.py") if p.name != Path(__file__).name)
#: Waiting at least this long before failing: a wait ends as soon as its
#: condition holds, so only a failing test pays for it (fake_discord.handles.WAIT).
LEAST_WAIT = 30
#: The sleeps that are no race, and why.
SLEEPS_ALLOWED = {
    ("scale_harness.py", "await asyncio.sleep(every)"),  # poll_until itself, bounded by its timeout
    ("test_bot_store.py", "await asyncio.sleep(hold)"),  # holds a row lock the other side must wait for
    ("test_bot_store.py", "await asyncio.sleep(0.2)"),  # only checks that nothing happens before a commit
    ("test_fake_discord.py", "await asyncio.sleep(interaction.client.slow_delay)"),  # a slow handler, on purpose
    ("test_metrics.py", "await asyncio.sleep(0.02)"),  # a timed block must last at least this
    ("test_scale_out.py", "await asyncio.sleep(0.1)"),  # between tries, each waiting for the next live board
}


#: Short waits that are no race, and why: the tests of ``wait_until`` itself.
SHORT_WAITS_ALLOWED = {
    "test_bench_scale.py: timeout=0.05",  # expected to expire: the timeout's message is the test
    "test_bench_scale.py: timeout=0",  # likewise
    "test_bench_scale.py: timeout=0.1",  # the change is due at 0.05: the loop runs it before the deadline
}


def test_no_test_fails_a_wait_sooner_than_half_a_minute():
    """A timeout is an assertion about wall-clock time: a loaded CI machine
    made short ones fail tests that would have passed."""
    short = []
    for path in TEST_SOURCES:
        text = path.read_text(encoding="utf-8")
        for found in re.finditer(r"\btimeout(?::\s*float)?\s*=\s*([0-9.]+)|wait_for\([^()]*(?:\([^()]*\))?[^()]*,\s*([0-9.]+)\)", text):
            seconds = float(found.group(1) or found.group(2))
            if seconds < LEAST_WAIT and f"{path.name}: {found.group(0)}" not in SHORT_WAITS_ALLOWED:
                short.append(f"{path.name}: {found.group(0)}")
    assert short == []


def test_no_test_sleeps_instead_of_waiting_for_what_it_needs():
    """Polling with bare sleeps races the machine's speed; ``poll_until`` (a
    condition outside the fake Discord) and the fake's ``wait_until`` (one
    inside it) wait for the condition itself."""
    sleeps = {
        (path.name, line.strip().split("  #")[0].strip())
        for path in TEST_SOURCES
        for line in path.read_text(encoding="utf-8").splitlines()
        if re.search(r"\b(?:asyncio|time)\.sleep\((?!0\))", line)
    }
    assert sleeps <= SLEEPS_ALLOWED, sleeps - SLEEPS_ALLOWED
