"""PHH hand histories in and out: the Poker Hand History format as floorman hand files.

A PHH file is TOML: the variant, antes, blinds and straddles, starting
stacks and the actions in PHH notation (``d dh p1 AhKd``, ``d db 7c8c9c``,
``p3 cbr 60``, ``p1 cc``, ``p2 f``, ``p1 sm AhKd``). This package owns both
ways: ``reader`` reads the TOML, ``importer`` replays the actions into a
floorman hand (with ``notation`` for the PHH words and ``starts`` for the
table starts it keeps), ``exporter`` writes a floorman hand as PHH through
``writer``, and ``recorded`` is the floorman hand a PHH file keeps for the
way back; ``variants`` and ``errors`` are what they share.

>>> text = '''variant = 'NT'
... ante_trimming_status = true
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ['d dh p1 AhAd', 'd dh p2 ????', 'd dh p3 7c2d', 'p3 f', 'p1 cbr 6', 'p2 f']
... finishing_stacks = [102, 98, 100]'''
>>> imported = import_phh(read_phh(text), "hand.phh")
>>> imported.events_text()
['deal', 'cards 1 Ah Ad', 'cards 3 7c 2d', '3 fold', '1 raise 6', '2 fold']
>>> imported.state.over_reason, imported.finishing_stacks
('fold', (102, 98, 100))
"""

from __future__ import annotations

from floorman.interchange.phh.errors import FractionalChips, PhhError, UnsupportedVariant
from floorman.interchange.phh.exporter import dump_phh
from floorman.interchange.phh.imported import Imported
from floorman.interchange.phh.importer import import_phh
from floorman.interchange.phh.reader import read_phh
from floorman.interchange.phh.recorded import FLOORMAN_FIELD, recorded_hand
from floorman.interchange.phh.variants import VARIANTS

__all__ = [
    "FLOORMAN_FIELD",
    "VARIANTS",
    "FractionalChips",
    "Imported",
    "PhhError",
    "UnsupportedVariant",
    "dump_phh",
    "import_phh",
    "read_phh",
    "recorded_hand",
]
