"""The thin discord.py layer: the client (:mod:`.app`), one cog per concern
(lobby, play, slow, help), the ``/game`` commands, the buttons and menus,
what messages look like (:mod:`.present`), the one sender of posts and DMs
(:mod:`.announcer`) and the one error path (:mod:`.errors`)."""
