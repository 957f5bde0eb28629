-- The outbox: notifications a move owes (secret choices and private views by
-- DM, turn notices, round summaries), written in the move's own transaction
-- and marked sent after delivery; start-up delivers what is still pending.
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    counter     INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('secret', 'turn', 'private', 'summary')),
    seat        INTEGER,
    sent_at     REAL
);
CREATE INDEX outbox_pending ON outbox (match_id, counter) WHERE sent_at IS NULL;
