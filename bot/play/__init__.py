"""The rules of the table around a game, without Discord: the match service
(lobbies, moves, endings), slow play (pause, away, undo, timers), votes, the
clock and the timer scheduler. Imports ``bot.store`` and ``engines``; never
``discord`` (a test reads the imports to keep it so)."""
