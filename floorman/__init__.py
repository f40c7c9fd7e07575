"""floorman: dealer-assist and floor-ruling tool for live poker card rooms.

The package is layered; a layer imports only from itself and the layers below
(``docs/architecture.md`` draws the map, ``tests/test_architecture.py`` holds it):

- ``cli/`` and ``server/``: the command line and the card room server, two
  doors that never import each other (save ``floorman serve`` starting the
  server); each reads what it is given, calls a use case, prints or answers;
- ``tables/``: the use cases both share (a hand dealt, recorded and read, the
  table between hands, the lines a dealer reads, the JSON shapes);
- ``documents/``, ``interchange/``, ``store/``: printed documents, hand files
  and PHH, where hands and staff are kept;
- the domain, with no terminal, store, network or web library: ``rules/``,
  ``drills/``, ``session/``, ``showdown/``, ``hand/``, ``tournament/``, and
  ``replay`` and ``recording``;
- ``cards``, ``errors`` and small helpers (``ansi``, ``bounds``, ``numerals``,
  ``inputfile``, ``strictdata``, ``visible``, ``_resources``).
"""

__version__ = "0.1.0"
