-- Undo without replaying a whole match.
-- May the action be taken back (Engine.undoable), decided when it was made;
-- NULL for actions logged before this column existed: computed when needed.
ALTER TABLE actions ADD COLUMN undoable INTEGER;

-- The match's state after the action counted ``counter``, kept every so many
-- moves (bot.play.slow.SNAPSHOT_EVERY), so an undo replays from the newest one
-- before the moves it takes back. An undo deletes the snapshots at or after
-- the first move it takes back: those states are no longer the match's.
-- dialect: sqlite
CREATE TABLE snapshots (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    counter     INTEGER NOT NULL,
    state       TEXT    NOT NULL,
    PRIMARY KEY (match_id, counter)
);
-- dialect: postgresql
CREATE TABLE snapshots (
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    counter     BIGINT  NOT NULL,
    state       TEXT    NOT NULL,
    PRIMARY KEY (match_id, counter)
);
