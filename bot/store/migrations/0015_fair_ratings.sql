-- Ratings that a second account cannot farm (see bot/play/ratings.py).
-- stints.decided: the person made a move of their own choice in this stint
-- (not the autopilot's, not a deadline's default); a match changes ratings
-- only when every person rated in it decided.
ALTER TABLE stints ADD COLUMN decided INTEGER NOT NULL DEFAULT 0;
-- Stints from before this version: any action of the seat while the person
-- held it counts (a deadline's default can no longer be told apart).
UPDATE stints SET decided = 1 WHERE EXISTS (
    SELECT 1 FROM actions a WHERE a.match_id = stints.match_id AND a.seat = stints.seat
    AND a.created_at >= stints.started_at AND (stints.ended_at IS NULL OR a.created_at <= stints.ended_at));
-- What the ratings made of a finished rated match: rating_result 'counted'
-- (the ratings changed), 'repeat' (the same people had enough counted
-- results in this game within a day) or 'undecided' (someone made no move of
-- their own); rating_people the rated people (sorted ids, comma-separated);
-- rating_at when (UTC, ISO 8601). NULL: not looked at (unrated, unfinished,
-- or finished before this version).
ALTER TABLE matches ADD COLUMN rating_result TEXT CHECK (rating_result IN ('counted', 'repeat', 'undecided'));
ALTER TABLE matches ADD COLUMN rating_people TEXT;
ALTER TABLE matches ADD COLUMN rating_at TEXT;
CREATE INDEX matches_rating_people ON matches (guild_id, game, rating_people, rating_at);
