-- The vacations each player took (/game away), so that the allowance counts
-- the days away in any 30 days (bot/play/away.py) rather than per calendar
-- month, which let two vacations across a month boundary add up to four
-- weeks. A period is [started_at, ended_at) in seconds since the epoch;
-- /game back shortens it to the whole days begun. Periods that ended more
-- than 30 days ago no longer count and are deleted when the player next goes
-- away. users.away_month and users.away_days (0014) are no longer read.
-- dialect: sqlite
CREATE TABLE away_periods (
    user_id     INTEGER NOT NULL,
    started_at  REAL    NOT NULL,
    ended_at    REAL    NOT NULL,
    PRIMARY KEY (user_id, started_at)
);
-- dialect: postgresql
CREATE TABLE away_periods (
    user_id     BIGINT  NOT NULL,
    started_at  DOUBLE PRECISION NOT NULL,
    ended_at    DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, started_at)
);
-- dialect: both
-- A vacation running now (or the last one, if it was not ended early) keeps
-- counting: its start is taken as its end less the days of its month.
INSERT INTO away_periods (user_id, started_at, ended_at)
SELECT user_id, away_until - away_days * 86400, away_until FROM users
WHERE away_until IS NOT NULL AND away_days > 0;
