"""What the fork server of the worker pools imports first (it is the first
name in :data:`bot.workers.PRELOAD`), and nothing else imports: it ties the
fork server's life to the bot process that started it, so that a bot killed
with ``kill -9`` leaves no fork server behind (and, through the workers'
own parent-death signal, no workers either).

If the bot died before the signal was set, the fork server ends anyway: the
bot was the only holder of its "alive" pipe, which it finds closed as soon as
it starts serving.
"""

import os

from bot.workers import die_with_parent

#: The fork server's pid, inherited by every worker it forks: a worker checks
#: that its parent is still this process once its own signal is set.
PID = os.getpid()

die_with_parent()
