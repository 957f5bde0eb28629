"""Hektor und Achill: two armies of cards fight battle after battle; heroes,
a fate tile and favour and shame tokens decide which colours count."""

from engines.hektor_und_achill.engine import ENGINE, HektorUndAchill

__all__ = ["ENGINE", "HektorUndAchill"]
