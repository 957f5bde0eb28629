-- Settings of a server (/brettbote settings), one row per server; a server
-- without a row, or a column left NULL, uses the bot's defaults.
-- games: the game ids allowed there, comma-separated (NULL: every game);
-- reminder_hours, deadline_hours, deadline_policy: what /game new uses when
-- the host gives none; threads: 0 when matches stay in the channel they were
-- opened in (the `here` default), 1 (or NULL) when they open a thread;
-- moderator_role_id: members with this role moderate matches (besides those
-- with Manage Server); announce_channel_id: where lobbies and results are announced.
-- dialect: sqlite
CREATE TABLE guild_settings (
    guild_id            INTEGER PRIMARY KEY,
    games               TEXT,
    reminder_hours      INTEGER,
    deadline_hours      INTEGER,
    deadline_policy     TEXT CHECK (deadline_policy IN ('skip', 'forfeit', 'pause')),
    threads             INTEGER,
    moderator_role_id   INTEGER,
    announce_channel_id INTEGER,
    updated_at          TEXT NOT NULL
);
-- dialect: postgresql
CREATE TABLE guild_settings (
    guild_id            BIGINT PRIMARY KEY,
    games               TEXT,
    reminder_hours      INTEGER,
    deadline_hours      INTEGER,
    deadline_policy     TEXT CHECK (deadline_policy IN ('skip', 'forfeit', 'pause')),
    threads             INTEGER,
    moderator_role_id   BIGINT,
    announce_channel_id BIGINT,
    updated_at          TEXT NOT NULL
);
-- dialect: both
-- pause-all and resume-all find a server's matches by it.
CREATE INDEX matches_guild_status ON matches (guild_id, status);
