-- Matches live per channel or thread; at most one open (lobby or running) per channel.
CREATE TABLE matches (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    game             TEXT    NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}',
    seed             INTEGER NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
    host_id          INTEGER NOT NULL,
    state            TEXT,
    counter          INTEGER NOT NULL DEFAULT 0,
    board_counter    INTEGER NOT NULL DEFAULT -1,
    board_channel_id INTEGER,
    board_message_id INTEGER,
    outcome          TEXT,
    series_id        INTEGER,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);
CREATE UNIQUE INDEX matches_one_open_per_channel ON matches (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX matches_series ON matches (series_id);

CREATE TABLE seats (
    match_id          INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat              INTEGER NOT NULL,
    user_id           INTEGER NOT NULL,
    -- the move counter at which this seat's current decision opened: a button
    -- for that decision carries it, so a simultaneous choice of another seat
    -- does not make it outdated
    decision_counter  INTEGER NOT NULL DEFAULT 0,
    cancel_vote       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, user_id)
);

-- Append-only: replaying it from the match's seed must give the stored state.
CREATE TABLE actions (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    counter     INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    action      TEXT    NOT NULL,
    events      TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (match_id, counter)
);

CREATE TABLE users (
    user_id      INTEGER PRIMARY KEY,
    locale       TEXT,
    last_locale  TEXT,
    dm_closed    INTEGER NOT NULL DEFAULT 0,
    updated_at   TEXT    NOT NULL
);
