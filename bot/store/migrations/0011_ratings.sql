-- Ratings and stats (see bot/play/ratings.py).
-- matches.rated: the match updates its players' ratings when it finishes. A
-- match option, on by default when no computer plays; a match that starts
-- with a computer seat or a single seat is never rated. Matches from before
-- this version are unrated.
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
-- dialect: sqlite
-- One openskill (Plackett-Luce) rating per server, game and person.
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    matches     INTEGER NOT NULL DEFAULT 0,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
-- What each rated match did to each rating: the history, and the guard that
-- a match is rated once (its rows are written in the transaction that
-- finishes it; a second attempt finds them).
CREATE TABLE rating_changes (
    match_id      INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    rank          INTEGER NOT NULL,
    mu_before     REAL    NOT NULL,
    sigma_before  REAL    NOT NULL,
    mu            REAL    NOT NULL,
    sigma         REAL    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
-- dialect: postgresql
CREATE TABLE ratings (
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    matches     BIGINT  NOT NULL DEFAULT 0,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE TABLE rating_changes (
    match_id      BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id       BIGINT  NOT NULL,
    rank          BIGINT  NOT NULL,
    mu_before     DOUBLE PRECISION NOT NULL,
    sigma_before  DOUBLE PRECISION NOT NULL,
    mu            DOUBLE PRECISION NOT NULL,
    sigma         DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
-- dialect: both
CREATE INDEX ratings_board ON ratings (guild_id, game);
