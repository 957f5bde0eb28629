-- Computer players, and seats whose player has gone.
-- A seat of the computer has a negative user id (-1, -2, ... within a match):
-- it never matches a Discord user, so no click can act for it.
-- seats.original_user_id: the person who held the seat before a substitute or
-- the computer took it over (who may take it back); seats.handover: 'vote'
-- while the others vote on a seat whose player left or vanished, 'open' while
-- it is offered to a substitute, 'return' while its original player asks a
-- substitute for it back; seats.missed: deadlines missed in a row.
-- dialect: sqlite
ALTER TABLE seats ADD COLUMN original_user_id INTEGER;
-- dialect: postgresql
ALTER TABLE seats ADD COLUMN original_user_id BIGINT;
-- dialect: both
ALTER TABLE seats ADD COLUMN handover TEXT CHECK (handover IN ('vote', 'open', 'return'));
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
-- How long the computer thinks about one decision (a match option).
ALTER TABLE matches ADD COLUMN computer_ms INTEGER NOT NULL DEFAULT 2000;

-- A vote of one seat (voter) on what becomes of another seat (seat).
CREATE TABLE seat_votes (
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    voter       INTEGER NOT NULL,
    choice      TEXT    NOT NULL CHECK (choice IN ('wait', 'substitute', 'computer')),
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (match_id, seat, voter)
);

-- Who held which seat when, for the stats (and ratings later): one row per
-- person per stretch in a seat, numbered per match. ending: NULL while the
-- person still holds the seat (then the match's own status says how it went:
-- finished, cancelled, running), else 'left', 'vanished', 'resigned',
-- 'forfeit' or 'handed_back'. Computers get no rows.
CREATE TABLE stints (
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    n           INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    user_id     BIGINT  NOT NULL,
    started_at  TEXT    NOT NULL,
    ended_at    TEXT,
    ending      TEXT CHECK (ending IN ('left', 'vanished', 'resigned', 'forfeit', 'handed_back')),
    PRIMARY KEY (match_id, n)
);
CREATE INDEX stints_user ON stints (user_id);

-- Matches that began before this version: one stint per seat from its start;
-- a seat on autopilot was left.
INSERT INTO stints (match_id, n, seat, user_id, started_at, ended_at, ending)
    SELECT s.match_id, s.seat, s.seat, s.user_id, m.created_at,
           CASE WHEN s.autopilot = 1 THEN m.updated_at END,
           CASE WHEN s.autopilot = 1 THEN 'left' END
    FROM seats s JOIN matches m ON m.id = s.match_id
    WHERE m.status <> 'lobby' AND m.state IS NOT NULL;
