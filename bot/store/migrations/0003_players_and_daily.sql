-- How many seats the host wants (a lobby that reaches it starts by itself).
-- dialect: sqlite
ALTER TABLE matches ADD COLUMN players INTEGER;
-- dialect: postgresql
ALTER TABLE matches ADD COLUMN players BIGINT;
-- dialect: both
-- The day of a daily challenge (YYYY-MM-DD, UTC): its seed comes from the day.
ALTER TABLE matches ADD COLUMN daily_date TEXT;
CREATE INDEX matches_daily ON matches (guild_id, daily_date) WHERE daily_date IS NOT NULL;
