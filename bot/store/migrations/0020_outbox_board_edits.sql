-- A move within a game's board phase owes an edit of the current board
-- rather than a new post (Engine.board_phase): the outbox records it as kind
-- 'board', so a crash between the move and the edit is repaired at start-up.
-- dialect: sqlite
CREATE TABLE outbox_new (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    counter     INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('secret', 'turn', 'private', 'summary', 'board')),
    seat        INTEGER,
    sent_at     REAL
);
INSERT INTO outbox_new (id, match_id, counter, kind, seat, sent_at)
    SELECT id, match_id, counter, kind, seat, sent_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_pending ON outbox (match_id, counter) WHERE sent_at IS NULL;
-- dialect: postgresql
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
    CHECK (kind IN ('secret', 'turn', 'private', 'summary', 'board'));
