-- A decision may carry a deadline of its own (a counter window): its timer
-- kind is 'lapse'. SQLite cannot change a CHECK constraint in place, so there
-- the timers table is rebuilt with the same rows; PostgreSQL replaces the check.
-- dialect: sqlite
CREATE TABLE timers_new (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline', 'lapse', 'abandon', 'close')),
    seat        INTEGER,
    counter     INTEGER NOT NULL,
    epoch       INTEGER NOT NULL DEFAULT 0,
    due_at      REAL    NOT NULL,
    claimed_at  REAL,
    done        INTEGER NOT NULL DEFAULT 0
);
INSERT INTO timers_new (id, match_id, kind, seat, counter, epoch, due_at, claimed_at, done)
    SELECT id, match_id, kind, seat, counter, epoch, due_at, claimed_at, done FROM timers;
DROP TABLE timers;
ALTER TABLE timers_new RENAME TO timers;
CREATE INDEX timers_due ON timers (due_at) WHERE claimed_at IS NULL;
-- dialect: postgresql
ALTER TABLE timers DROP CONSTRAINT timers_kind_check;
ALTER TABLE timers ADD CONSTRAINT timers_kind_check
    CHECK (kind IN ('reminder', 'deadline', 'lapse', 'abandon', 'close'));
