-- Time banks (a chess clock for days) and vacation across all matches.
-- A match with bank_hours has no per-move deadline: each seat's bank runs
-- while its decision is open. bank_left is the bank in seconds as of
-- clock_from (NULL: still the full bank_hours); clock_from is when the seat's
-- running clock started (NULL: stopped; in the future: held until the
-- player's vacation ends).
-- users.away_until is the player's vacation across all matches; it is copied
-- into seats.away_until (the column /game away used per match before, still
-- honoured for matches stored then) of every match they play, so deadlines
-- read one place. away_days counts the days taken in the month away_month.
-- dialect: sqlite
ALTER TABLE matches ADD COLUMN bank_hours INTEGER;
ALTER TABLE matches ADD COLUMN increment_hours INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN bank_left REAL;
ALTER TABLE seats ADD COLUMN clock_from REAL;
ALTER TABLE users ADD COLUMN away_until REAL;
ALTER TABLE users ADD COLUMN away_month TEXT;
ALTER TABLE users ADD COLUMN away_days INTEGER NOT NULL DEFAULT 0;
-- dialect: postgresql
ALTER TABLE matches ADD COLUMN bank_hours BIGINT;
ALTER TABLE matches ADD COLUMN increment_hours BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN bank_left DOUBLE PRECISION;
ALTER TABLE seats ADD COLUMN clock_from DOUBLE PRECISION;
ALTER TABLE users ADD COLUMN away_until DOUBLE PRECISION;
ALTER TABLE users ADD COLUMN away_month TEXT;
ALTER TABLE users ADD COLUMN away_days BIGINT NOT NULL DEFAULT 0;
