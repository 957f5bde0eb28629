-- Actions the engine answered without asking the seat (Engine.automatic:
-- one choice, or only passive ones), applied by bot/play/service.py in the
-- transaction of the move that led to them. They are ordinary actions of the
-- log (replays and match files replay them); the flag only lets /game log,
-- the recap and match files say "(automatic)".
-- dialect: both
ALTER TABLE actions ADD COLUMN automatic INTEGER NOT NULL DEFAULT 0;
