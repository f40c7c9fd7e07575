"""floorman: dealer-assist and floor-ruling tool for live poker card rooms."""

__version__ = "0.1.0"
