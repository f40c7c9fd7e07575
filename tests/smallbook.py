"""A small rulebook and a house profile over it, for the tests of the printed documents."""

from __future__ import annotations

import textwrap
from pathlib import Path

from floorman.rules.loader import Rulebook, load_rulebook

SMALL_BOOK = """\
rulebook: small
title: The Small Book
source: >-
  A Small Book of Rules, third edition. Written for the tests.
options:
  odd_chip:
    default: first-left-of-button
    choices: [first-left-of-button, high-card-by-suit]
    description: Who gets an odd chip between tied hands.
    cite: Small §9
  redeal_burn:
    default: false
    description: Burn before a redealt board card.
  strict_tabling:
    default: false
    description: A hand must be tabled whole.
games:
  holdem: {hole_cards: 2, play_the_board: true, description: Texas hold'em}
  omaha: {extends: holdem, hole_cards: 4, hole_cards_used: 2, play_the_board: false}
situations:
  four-card-flop:
    title: The flop comes out with four cards
    on: flop
    facts: {event.cards: 4}
    vars: {cards: four flop cards}
rules:
  - id: four-card-flop
    title: The flop has four cards
    cite: Small §1
    on: flop
    situations: [four-card-flop]
    when: {fact: event.cards, ge: 4}
    outcome: continue
    steps:
      - do: return-to-stub
        text: "Mix the {{ cards }} with the deck."
      - do: deal-without-burn
        when: {fact: option.redeal_burn, eq: false}
        text: Deal a new flop without burning a card.
      - do: burn
        when: {fact: option.redeal_burn, eq: true}
        text: Burn a card, then deal a new flop.
    examples:
      - describe: Four cards on the flop with 7♦ among them.
        hand: {events: [deal]}
        outcome: continue
  - id: holdem-only
    title: The board is played without declaring
    cite: Small §2
    games: [holdem]
    on: muck
    outcome: forfeit
    steps:
      - do: forfeit
        text: "{{ seat }} gives up all claim to the pot."
  - id: untabled
    title: A hand thrown away untabled
    cite: Small §3
    on: muck
    when:
      all:
        - {fact: showdown, eq: true}
        - {fact: option.strict_tabling, eq: true}
    outcome: forfeit
    steps:
      - do: forfeit
        text: "<b>{{ seat }}</b> has no claim: see file:///etc/passwd"
"""


def small_book(tmp_path: Path) -> Rulebook:
    """The small rulebook, written to ``tmp_path`` and loaded."""
    path = tmp_path / "small.yaml"
    path.write_text(SMALL_BOOK, encoding="utf-8")
    return load_rulebook(path)


def write_house(tmp_path: Path, options: str) -> Path:
    """A house profile over the small rulebook, with ``options`` (YAML flow mapping)."""
    house = tmp_path / "house.yaml"
    house.write_text(
        textwrap.dedent(
            f"""\
            rulebook: golden-room
            title: The Golden Room
            extends: small
            options: {options}
            """
        ),
        encoding="utf-8",
    )
    return house
