"""Hoch und höher: 1-2 players stack 14 towers with a die and place four
pawns on them, hoping to end high."""

from engines.hoch_und_hoeher.engine import ENGINE, HochUndHoeher

__all__ = ["ENGINE", "HochUndHoeher"]
