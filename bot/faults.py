"""Crash points: with ``BRETTBOTE_CRASH_AT=<name>`` in the environment the
process dies at the named step as ``kill -9`` would kill it (SIGKILL: nothing
is flushed, closed or rolled back by the process itself). The tests use them
to prove that a crash at the worst moment loses nothing; unset, they cost one
dictionary look-up.
"""

from __future__ import annotations

import os
import signal

VARIABLE = "BRETTBOTE_CRASH_AT"


def crash_point(name: str) -> None:
    if os.environ.get(VARIABLE) == name:
        os.kill(os.getpid(), signal.SIGKILL)
