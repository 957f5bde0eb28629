-- A store of many matches: the matches a user sits in are found through the
-- seats by user, the start-up scan for unposted boards reads only those, the
-- timers of one match (replaced at every move) are found by match, and the
-- look for timers whose process died reads only claimed, unfinished ones.
CREATE INDEX seats_user ON seats (user_id);
CREATE INDEX matches_board_due ON matches (id) WHERE board_due = 1;
CREATE INDEX timers_match ON timers (match_id);
CREATE INDEX timers_in_hand ON timers (claimed_at) WHERE done = 0 AND claimed_at IS NOT NULL;
