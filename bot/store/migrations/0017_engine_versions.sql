-- The engine version (engines.registry Game.version) a match was started
-- under, set when it starts (bot/play/lobby.py): its match file names the
-- rules it was played by, not today's, and `brettbote verify` compares only
-- matches of today's rules with their replay. NULL: a lobby, or a match
-- started before this version, under an engine older than versioned ones.
-- dialect: both
ALTER TABLE matches ADD COLUMN engine_version INTEGER;
