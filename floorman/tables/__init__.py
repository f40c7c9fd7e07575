"""What a dealer or the floor does at a table, whichever way they reach it: the use
cases the command line and the server share.

A hand dealt (:mod:`~floorman.tables.dealing`) and recorded
(:mod:`~floorman.tables.hands`), the table between hands and its
session (:mod:`~floorman.tables.seating`), the lines a dealer reads after
each event and the ruling as a dealer reads it (:mod:`~floorman.tables.view`,
:mod:`~floorman.tables.ruling`), the JSON shapes both answer with
(:mod:`~floorman.tables.shapes`), and trainees' drill progress
(:mod:`~floorman.tables.drills`). Above the store, the documents and the
domain; below ``cli/`` and ``server/``, which parse what they are given, call
one of these and print or answer what it returns.
"""
