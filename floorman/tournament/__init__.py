"""The tournament floor: seating, balancing and breaking tables, structures, and the money.

Pure domain modules with no I/O; the store and the CLI sit on top.
"""
