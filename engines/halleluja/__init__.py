"""Halleluja: 2-4 players, angels and devils on a 7x7 board, moved by a
sliding number tile. Only a review survives; the rules are reconstructed."""

from engines.halleluja.engine import ENGINE, Halleluja

__all__ = ["ENGINE", "Halleluja"]
