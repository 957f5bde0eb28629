"""The Discord bot, the console script and the terminal hot-seat game."""
