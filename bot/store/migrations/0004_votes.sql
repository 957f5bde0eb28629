-- One table for every vote (cancel, pause, undo): a vote carries the move
-- counter it was cast at and counts only while the match is still there, so a
-- vote from before a later move lapses by itself (see bot/play/votes.py).
CREATE TABLE votes (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,
    seat        INTEGER NOT NULL,
    counter     INTEGER NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (match_id, kind, seat)
);

-- Votes pending in the old per-seat columns carry over, cast at the match's
-- current counter (an undo vote at the counter of its request).
INSERT INTO votes (match_id, kind, seat, counter, created_at)
    SELECT s.match_id, 'cancel', s.seat, m.counter, m.updated_at
    FROM seats s JOIN matches m ON m.id = s.match_id
    WHERE s.cancel_vote = 1 AND m.status IN ('lobby', 'running');
INSERT INTO votes (match_id, kind, seat, counter, created_at)
    SELECT s.match_id, 'pause', s.seat, m.counter, m.updated_at
    FROM seats s JOIN matches m ON m.id = s.match_id
    WHERE s.pause_vote = 1 AND m.status IN ('lobby', 'running');
INSERT INTO votes (match_id, kind, seat, counter, created_at)
    SELECT s.match_id, 'undo', s.seat, m.undo_counter, m.updated_at
    FROM seats s JOIN matches m ON m.id = s.match_id
    WHERE s.undo_vote = 1 AND m.undo_counter IS NOT NULL AND m.status = 'running';

-- The old columns go: one mechanism, one place to look. matches.undo_seat
-- stays: it says whose moves a pending undo request would take back.
ALTER TABLE seats DROP COLUMN cancel_vote;
ALTER TABLE seats DROP COLUMN pause_vote;
ALTER TABLE seats DROP COLUMN undo_vote;
ALTER TABLE matches DROP COLUMN undo_counter;
