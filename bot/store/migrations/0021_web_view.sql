-- The web view of matches (bot/web).
-- guild_settings.web: 0 when a server turned the web view off (NULL or 1: on).
-- secrets: keys the bot generated for itself, one row per name; the web
-- view's link key ('web') when WEB_SECRET is not set, written once by the
-- first process that needs it and read by every other.
-- dialect: both
ALTER TABLE guild_settings ADD COLUMN web INTEGER;
CREATE TABLE secrets (
    name    TEXT PRIMARY KEY,
    value   TEXT NOT NULL
);
