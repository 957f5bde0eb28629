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
        "DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "RENDER_WORKERS", "METRICS_PORT",
        "COMPUTER_WORKERS", "COMPUTER_MAX_MS",
        "BRETTBOTE_TIMER_LEASE", "BRETTBOTE_ABANDON_DAYS", "LOG_LEVEL", "DEV_GUILD_ID", "DISCORD_API_BASE",
        "DISCORD_GATEWAY_URL", "BRETTBOTE_LOG_PAYLOADS", "BRETTBOTE_MATCHES_PER_HOUR",
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
        env = {k: str(v).replace("${POSTGRES_PASSWORD:-brettbote}", "secret") for k, v in service["environment"].items()}
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        settings = load_settings(env_file=None)
        assert settings.database_url.startswith("postgresql://") and "@db:5432/" in settings.database_url
        assert isinstance(make_client(settings), ShardedBrettbote) and settings.metrics_port
        assert str(settings.metrics_port) in " ".join(service["healthcheck"]["test"])
        covered += settings.shard_ids
    assert sorted(covered) == list(range(settings.shard_count))
