"""Computer players for every game of the contract: information-set Monte
Carlo tree search (:mod:`engines.ai.search`) over determinised states, and
the simple players it is measured against (:mod:`engines.ai.players`).
Pure and deterministic like the engines: all randomness from a seeded
``random.Random``; no I/O, no clock but the time budget."""

from engines.ai.players import PLAYERS, ComputerPlayer, GreedyPlayer, Player, RandomPlayer
from engines.ai.search import Search, choose

__all__ = ["PLAYERS", "ComputerPlayer", "GreedyPlayer", "Player", "RandomPlayer", "Search", "choose"]
