"""The web view of matches: a read-only companion page per match, served by
the bot's own process (aiohttp) when ``WEB_PORT`` is set.

Acting stays in Discord: the pages only show what a spectator (the match
page) or one seat (the private page) may see, from the store, so any process
of a sharded deployment serves any match. :mod:`bot.web.links` signs the
links, :mod:`bot.web.content` builds the pages from a match (pure, so the
secrecy tests can compare them byte for byte), :mod:`bot.web.server` serves
them."""
