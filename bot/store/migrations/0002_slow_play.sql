-- Playing over days: notices, reminders, deadlines, pause, away, undo, abandonment.
ALTER TABLE matches ADD COLUMN reminder_hours INTEGER NOT NULL DEFAULT 24;
ALTER TABLE matches ADD COLUMN deadline_hours INTEGER;
ALTER TABLE matches ADD COLUMN deadline_policy TEXT NOT NULL DEFAULT 'skip';
ALTER TABLE matches ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
-- bumped on pause and resume: timers of an older epoch are void
ALTER TABLE matches ADD COLUMN timer_epoch INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN last_action_at REAL;
-- a move that needs a board post sets this until the post is made, so a
-- crash in between is repaired at the next start
ALTER TABLE matches ADD COLUMN board_due INTEGER NOT NULL DEFAULT 0;

-- when the seat's current decision opened (clock seconds), for reminders and deadlines
ALTER TABLE seats ADD COLUMN decision_at REAL;
ALTER TABLE seats ADD COLUMN pause_vote INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN undo_vote INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN away_until REAL;
ALTER TABLE seats ADD COLUMN away_used INTEGER NOT NULL DEFAULT 0;

-- an undone action stays in the log, marked with the counter of the undo
ALTER TABLE actions ADD COLUMN undone_by INTEGER;

CREATE TABLE undos (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    counter     INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    first       INTEGER NOT NULL,
    last        INTEGER NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (match_id, counter)
);

-- a pending undo request: who asked, for which counter
ALTER TABLE matches ADD COLUMN undo_seat INTEGER;
ALTER TABLE matches ADD COLUMN undo_counter INTEGER;

ALTER TABLE users ADD COLUMN notify TEXT NOT NULL DEFAULT 'turn';

-- Timers fire at most once: a timer is claimed before it is acted on, and a
-- claimed timer is never fired again, even after a crash mid-send.
CREATE TABLE timers (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline', 'abandon', 'close')),
    seat        INTEGER,
    counter     INTEGER NOT NULL,
    epoch       INTEGER NOT NULL DEFAULT 0,
    due_at      REAL    NOT NULL,
    claimed_at  REAL,
    done        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX timers_due ON timers (due_at) WHERE claimed_at IS NULL;
