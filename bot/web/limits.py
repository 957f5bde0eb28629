"""A request budget per address: a bucket of :data:`BURST` requests that
refills at :data:`RATE` a second. A page load costs about six requests (the
page, its style and script, its state, the board) and an open page one every
few seconds, so a reader never notices; a scraper or a prober of links is
slowed to the refill rate. The table of addresses is bounded: the buckets
unused longest are forgotten first (a forgotten address starts full, which
only ever favours a reader)."""

from __future__ import annotations

from collections import OrderedDict

BURST = 60
RATE = 5.0
ADDRESSES = 10_000
#: The wait told when the budget does not refill at all (rate 0).
NEVER = 3600


class Budget:
    def __init__(self, burst: int = BURST, rate: float = RATE, size: int = ADDRESSES) -> None:
        self.burst, self.rate, self.size = burst, rate, size
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, address: str, now: float) -> float:
        """Spend one request of ``address``: 0 when it may go on, else the
        seconds until it may try again."""
        tokens, since = self._buckets.pop(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - since) * self.rate)
        if tokens < 1.0:
            self._buckets[address] = (tokens, now)
            return (1.0 - tokens) / self.rate if self.rate else float(NEVER)
        self._buckets[address] = (tokens - 1.0, now)
        while len(self._buckets) > self.size:
            self._buckets.popitem(last=False)
        return 0.0
