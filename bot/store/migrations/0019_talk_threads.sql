-- Private talk threads of some players of a match (/game talk, see
-- bot/play/talks.py): a Discord private thread per set of people, kept so
-- that the same people asking again get the same thread, the board can list
-- the open ones, and the match's end archives them. ``members`` is the sorted
-- user ids as a JSON array (the caller included); ``status`` is 'open' until
-- the thread is archived at the match's end (or found gone).
-- dialect: sqlite
CREATE TABLE talks (
    thread_id   INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    members     TEXT    NOT NULL,
    opened_by   INTEGER NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'archived')),
    created_at  TEXT    NOT NULL
);
-- dialect: postgresql
CREATE TABLE talks (
    thread_id   BIGINT  PRIMARY KEY,
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    members     TEXT    NOT NULL,
    opened_by   BIGINT  NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'archived')),
    created_at  TEXT    NOT NULL
);
-- dialect: both
-- The board reads a match's open talks with the match; the start-up repair
-- looks for open talks of matches that ended.
CREATE INDEX talks_of_match ON talks (match_id, status);
