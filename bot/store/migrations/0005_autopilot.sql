-- A player who leaves a running match of three or more: the seat plays on by
-- the game's default choices (autopilot) instead of ending the match.
ALTER TABLE seats ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0;
