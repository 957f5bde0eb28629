-- A player's time: their IANA time zone (NULL: UTC), quiet hours as whole
-- local hours [quiet_from, quiet_to) (equal: none), and the hour of the daily
-- digest (NULL: a DM per turn instead).
-- digest_due: when the user's next digest DM is due (the daily one, or one
-- notice at the end of quiet hours for turn DMs held in the night); NULL:
-- nothing due. digest_claimed_at: claimed like a timer, by one process; a
-- claim older than the lease is given up by the scheduler's sweep.
-- dialect: both
ALTER TABLE users ADD COLUMN tz TEXT;
ALTER TABLE users ADD COLUMN quiet_from INTEGER NOT NULL DEFAULT 0 CHECK (quiet_from BETWEEN 0 AND 23);
ALTER TABLE users ADD COLUMN quiet_to INTEGER NOT NULL DEFAULT 0 CHECK (quiet_to BETWEEN 0 AND 23);
ALTER TABLE users ADD COLUMN digest_hour INTEGER CHECK (digest_hour BETWEEN 0 AND 23);
-- dialect: sqlite
ALTER TABLE users ADD COLUMN digest_due REAL;
ALTER TABLE users ADD COLUMN digest_claimed_at REAL;
-- dialect: postgresql
ALTER TABLE users ADD COLUMN digest_due DOUBLE PRECISION;
ALTER TABLE users ADD COLUMN digest_claimed_at DOUBLE PRECISION;
-- dialect: both
CREATE INDEX users_digest_due ON users (digest_due) WHERE digest_due IS NOT NULL;
