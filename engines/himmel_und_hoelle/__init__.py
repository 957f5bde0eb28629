"""Himmel und Hölle: two players, five dice each, a 10x3 board, and conflicts
fought with secret cards 0-12."""

from engines.himmel_und_hoelle.engine import ENGINE, HimmelUndHoelle

__all__ = ["ENGINE", "HimmelUndHoelle"]
