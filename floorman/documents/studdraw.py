"""What a rule sheet says of the stud and draw games: how each is dealt and bet, street by
street or draw by draw, and how its hands rank, each line cited to the rulebook in force.

The flop games' procedure is the same in every book (:func:`floorman.documents.sheet.
dealing_procedure`); the stud and draw games' structure is written in each book's own
words and sections: Robert's Rules ("Seven-Card Stud", "Razz", "Seven-Card Stud
High-Low", "Lowball"), the WSOP's Live Action rules (sections IX to XI, 214-297) and the
TDA's recommended procedures (RP-10, RP-17, Rules 17 and 20), which are silent on most
of a game's structure: there the sheet says so and gives the structure the other books
share.

>>> [step["label"] for step in dealt_procedure("razz", "rrop")]  # doctest: +NORMALIZE_WHITESPACE
['Antes and the deal', 'The bring-in', 'Completing the bring-in', 'The small and the big bet',
 'Who acts first', 'Fourth to seventh street', 'The showdown']
>>> dealt_procedure("razz", "wsop")[1]["cite"]
'WSOP LA 235'
>>> dealt_rankings("badugi", "tda")["low_title"]
'Badugi hands'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from floorman.cards import parse_cards
from floorman.documents.cards import cards_view

__all__ = [
    "DEALT_TITLES",
    "book_family",
    "dealt_procedure",
    "dealt_rankings",
    "dealt_words",
    "game_title",
]

View = dict[str, Any]

DEALT_TITLES: Final = {
    "stud": "Seven-Card Stud",
    "stud-hilo": "Seven-Card Stud High-Low (8-or-better)",
    "razz": "Razz (Seven-Card Stud Low)",
    "triple-draw-27": "2-7 Triple Draw",
    "single-draw-27": "2-7 Single Draw",
    "lowball-a5": "Ace-to-Five Lowball",
    "badugi": "Badugi",
}
"""How a printed page titles each stud and draw game."""


def game_title(game: str) -> str:
    """How a printed page titles any game, flop, stud or draw.

    >>> game_title("razz"), game_title("holdem")
    ('Razz (Seven-Card Stud Low)', "Hold'em")
    """
    from floorman.vocabulary import GAME_TITLES

    return GAME_TITLES.get(game) or DEALT_TITLES.get(game, game)


_STUD: Final = ("stud", "stud-hilo", "razz")
_FAMILIES: Final = {"rrop": "rrop", "tda-2024": "tda", "wsop-2024": "wsop"}
_SILENT: Final = {"tda": "TDA rules silent", "rrop": "RRoP silent", "wsop": "WSOP silent"}
_HOUSE_TIE: Final = "house option stud_tie_by_suit"
_HOUSE_PAIR: Final = "house option stud_open_pair"


def book_family(chain: Sequence[str]) -> str | None:
    """Which book's sections a rulebook cites: ``rrop``, ``tda`` or ``wsop`` (a house
    profile cites the book it extends), ``None`` for a book of none of them.

    >>> book_family(("my-room", "tda-2024", "common"))
    'tda'
    """
    for name in chain:
        if name in _FAMILIES:
            return _FAMILIES[name]
    return None


def _cite(family: str | None, **cites: str) -> str:
    """The citation of ``family``'s book; where it is silent, the sheet says so and names
    the book the text follows."""
    if family is None:
        return "; ".join(cites.values())
    if family in cites:
        return cites[family]
    other = next(iter(cites.values()), "")
    return f"{_SILENT[family]}; as {other}" if other else _SILENT[family]


def _step(label: str, text: str, cite: str) -> View:
    return {"label": label, "text": text, "cite": cite}


def dealt_procedure(
    game: str, family: str | None, options: Mapping[str, Any] | None = None
) -> list[View]:
    """The dealing and betting procedure of a stud or draw game, each step with the
    section of ``family``'s book it follows (``{"label", "text", "cite"}``); a stud
    game's tie between hands showing and open pair as the book's ``options`` set them
    (``stud_tie_by_suit``, ``stud_open_pair``: a tournament's, a house's), else as
    ``family``'s book does.

    >>> tda = dealt_procedure("stud", "tda")[4]["text"]
    >>> "high card by suit" in tda, "high card by suit" in dealt_procedure(
    ...     "stud", "tda", {"stud_tie_by_suit": [], "stud_open_pair": "not-doubled"})[4]["text"]
    (True, False)
    """
    if game in _STUD:
        return _stud_procedure(game, family, options or {})
    return _draw_procedure(game, family)


def _stud_procedure(game: str, family: str | None, options: Mapping[str, Any]) -> list[View]:
    razz, hilo = game == "razz", game == "stud-hilo"
    tda = family == "tda"
    by_suit = game in options.get("stud_tie_by_suit", _STUD if tda else ())
    pair_option = options.get("stud_open_pair", "not-doubled" if tda else "either-limit")
    doubles = pair_option == "either-limit"
    steps = [
        _step(
            "Antes and the deal",
            "There is no button and no blind: every player antes. Shuffle and cut, then deal "
            "one card at a time clockwise, starting with the player to the dealer's left, two "
            "downcards and one upcard to each player (third street).",
            _cite(family, rrop="RRoP Seven-Card Stud", wsop="WSOP LA section IX"),
        ),
    ]
    if razz:
        bring = (
            "The highest upcard brings it in, aces low: by rank, then by suit (spades "
            "highest, then hearts, diamonds, clubs), so the king of spades is the highest "
            "card. That player posts the bring-in or opens for a full small bet."
        )
        cite = _cite(family, rrop="RRoP Razz rule 3", wsop="WSOP LA 235")
    else:
        bring = (
            "The lowest upcard brings it in, by rank, then by suit (clubs lowest, then "
            "diamonds, hearts, spades); an ace is high"
            + (" for this purpose" if hilo else "")
            + ". That player posts the bring-in or opens for a full small bet."
        )
        cite = _cite(
            family,
            rrop="RRoP Seven-Card Stud rules 1 and 2" + ("; Stud High-Low rule 4" if hilo else ""),
            wsop="WSOP LA 215 and 216" + ("; 240" if hilo else ""),
        )
    steps.append(_step("The bring-in", bring, cite))
    steps.append(
        _step(
            "Completing the bring-in",
            "Raising the bring-in to the small bet completes it and is not a raise: the full "
            "number of raises follows. A player all in for the ante with the bring-in card "
            "does not bring it in; the player to the left acts first and may fold, bring it "
            "in or complete.",
            _cite(
                family,
                rrop="RRoP Seven-Card Stud rules 3 and 8",
                tda="TDA 2024 RP-10-E",
                wsop="WSOP LA 217 and 219",
            ),
        )
    )
    if game == "stud":
        pair = {
            "rrop": "RRoP Seven-Card Stud rule 4",
            "wsop": "WSOP LA 220" if doubles else "WSOP T Seven Card Games",
            "tda": "TDA 2024 RP-10-F",
        }
        if (family == "rrop" and not doubles) or (tda and doubles):
            pair = {"rrop": _HOUSE_PAIR, "tda": _HOUSE_PAIR}  # the book's text says otherwise
        if not doubles:
            open_pair = " Bets are not doubled on fourth street for a pair showing."
        else:
            open_pair = (
                " With an open pair on fourth street any player may bet the small or the big "
                "bet; after a big bet, raises are in big bets."
            )
        cite = pair.get(family or "", "; ".join(pair.values()))
    else:
        open_pair = " An open pair on fourth street does not change the limit."
        cite = _cite(
            family,
            rrop="RRoP Razz rule 4" if razz else "RRoP Seven-Card Stud High-Low rule 7",
            wsop="WSOP LA 233 and 236" if razz else "WSOP LA 237 and 242",
        )
    steps.append(
        _step(
            "The small and the big bet",
            "In limit, third and fourth street are bet in small bets, fifth, sixth and "
            "seventh street in big bets." + open_pair,
            cite,
        )
    )
    if razz:
        first = (
            "From fourth street on, the lowest hand showing acts first (aces low, pairs count "
            "against it, straights and flushes do not); a tie goes to the first player "
            "clockwise from the dealer."
        )
        cite = _cite(family, rrop="RRoP Razz rule 3", wsop="WSOP LA 235")
    else:
        first = (
            "From fourth street on, the highest hand showing acts first (pairs, two pair and "
            "trips count; straights and flushes showing do not); a tie is broken by position, "
            "the player who received cards first acting first."
        )
        cite = _cite(
            family,
            rrop="RRoP Seven-Card Stud rule 1",
            wsop="WSOP LA 215" + ("; 240" if hilo else ""),
        )
    if by_suit:
        first = first.split(";")[0] + (
            "; two or more matching hands showing are broken by the high card by suit."
        )
        texts = {"tda": "TDA 2024 RP-10-D", "wsop": "WSOP T Seven Card Games"}
        cite = texts.get(family or "", _HOUSE_TIE) if game == "stud" or tda else _HOUSE_TIE
    elif tda:
        cite = _HOUSE_TIE
    steps.append(_step("Who acts first", first, cite))
    steps.append(
        _step(
            "Fourth to seventh street",
            "Burn a card before each street. Fourth, fifth and sixth street are one upcard "
            "each, seventh street one downcard, with a betting round after each. Count the "
            "stub before seventh street: if it is short, follow the rule on the deck running "
            "out below.",
            _cite(
                family,
                rrop="RRoP Seven-Card Stud; rule 13",
                tda="TDA 2024 RP-10-H",
                wsop="WSOP LA section IX; 228",
            ),
        )
    )
    steps.append(_step("The showdown", *_stud_showdown(game, family)))
    return steps


def _stud_showdown(game: str, family: str | None) -> tuple[str, str]:
    show = (
        "The last player to bet or raise on seventh street shows first; if nobody bet, the "
        "player who would act first. "
    )
    show_cite = {"tda": "TDA 2024 Rule 17-A"}.get(family or "", "")
    cards = "all seven cards" if family == "rrop" else "the five cards of the hand"
    if game == "razz":
        text = (
            show + "The lowest five of the seven cards wins (see the low hands below); tied "
            f"hands split the pot, an odd chip to the high card by suit, read on {cards}."
        )
        cite = _cite(family, rrop="RRoP Razz rule 2; §3 Ties", tda="TDA 2024 Rule 20-B",
                     wsop="WSOP LA 234; 244")  # fmt: skip
    elif game == "stud-hilo":
        text = (
            show + "The best high hand and the best low hand split the pot; each player may "
            "use any five cards for high and any five for low. A low must be five cards of "
            "different ranks, eight or lower; without one, the best high hand wins the whole "
            "pot. The odd chip between high and low goes to the high hand; between tied hands, "
            f"to the high card by suit (read on {cards}), or the low card by suit for a low."
        )
        cite = _cite(
            family,
            rrop="RRoP Seven-Card Stud High-Low rules 2, 3, 9 and 10",
            tda="TDA 2024 Rule 20-B and C",
            wsop="WSOP LA 238 and 244",
        )
    else:
        text = (
            show + "The best five of the seven cards wins; tied hands split the pot, an odd "
            f"chip to the high card by suit, read on {cards}."
        )
        cite = _cite(family, rrop="RRoP Seven-Card Stud; §3 Ties", tda="TDA 2024 Rule 20-B",
                     wsop="WSOP LA section IX; 244")  # fmt: skip
    return text, "; ".join(c for c in (show_cite, cite) if c)


_DRAW_SECTIONS: Final = {
    "triple-draw-27": ("RRoP Lowball; Deuce-to-Seven Lowball", "WSOP LA section X"),
    "single-draw-27": ("RRoP Lowball; No-Limit and Pot-Limit Lowball", "WSOP LA section X"),
    "lowball-a5": ("RRoP Lowball; Ace-to-Five Lowball", "WSOP LA section X"),
    "badugi": ("", "WSOP LA section XI"),
}


def _draw_procedure(game: str, family: str | None) -> list[View]:
    rrop, wsop = _DRAW_SECTIONS[game]
    badugi = game == "badugi"
    draws = 1 if game in ("single-draw-27", "lowball-a5") else 3
    hole = "four" if badugi else "five"
    section = {"rrop": rrop, "wsop": wsop} if rrop else {"wsop": wsop}
    steps = [
        _step(
            "Button and blinds",
            "The button moves one seat to the left after every hand; the first player to its "
            "left posts the small blind and the next the big blind (any antes before the "
            "deal).",
            _cite(family, **section),
        ),
        _step(
            "The deal",
            f"Shuffle and cut, then deal one card at a time face down, clockwise from the "
            f"first player to the left of the button, until every player has {hole} cards.",
            _cite(family, **section),
        ),
        _step(
            "First betting round",
            "The player to the left of the big blind acts first: fold, call or raise.",
            _cite(family, **section),
        ),
        _step(
            "The draw" if draws == 1 else "The draws",
            "Each player still in, in turn from the first to the left of the button, "
            "discards face down and is dealt as many cards, or stands pat; burn a card before "
            "the first player's cards. "
            + (
                "There are three draws, each followed by a betting round that the first player "
                "to the left of the button opens."
                if draws == 3
                else "One draw, then a last betting round opened by the first player to the "
                "left of the button."
            )
            + (
                " A player may receive four consecutive cards off the deck."
                if badugi
                else " A player may draw up to four consecutive cards; a fifth is dealt after "
                "everyone else has drawn."
            ),
            _cite(family, **_draw_cites(badugi, wsop)),
        ),
    ]
    if game == "single-draw-27":
        bets = (
            "Single draw is generally played no limit or pot limit: a bet of at least the "
            "big blind, a raise of at least the last full bet or raise."
            + (" Limping is allowed." if family == "tda" else "")
        )
    elif draws == 3:
        bets = (
            "In limit, the betting before the first draw and after it is in small bets, after "
            "the second and the third draw in big bets."
        )
    else:
        bets = "In limit, the bet doubles after the draw."
    cite = _cite(family, **section)
    if game == "single-draw-27" and family == "tda":
        cite = "TDA 2024 RP-17"
    steps.append(_step("The small and the big bet", bets, cite))
    steps.append(_step("The showdown", *_draw_showdown(game, family)))
    return steps


def _draw_cites(badugi: bool, wsop: str) -> dict[str, str]:
    """Where a book says how many cards a player may draw at once."""
    if badugi:
        return {"wsop": "WSOP LA 296"}
    return {"rrop": "RRoP Lowball rule 11", "wsop": wsop}


def _draw_showdown(game: str, family: str | None) -> tuple[str, str]:
    show = (
        "The last player to bet or raise shows first; if nobody bet, the first player to the "
        "left of the button. "
    )
    if game == "badugi":
        return (
            show + "The best badugi wins (see the badugi hands below): four cards of "
            "different suits and ranks beat any three, three any two. Cards speak.",
            _cite(family, wsop="WSOP LA 293 and 294"),
        )
    if game == "lowball-a5":
        low = "the lowest ace-to-five hand wins: aces low, straights and flushes do not count"
        cite = _cite(family, rrop="RRoP Ace-to-Five Lowball; Lowball rule 15",
                     wsop="WSOP LA section X, Ace-to-Five Lowball")  # fmt: skip
    else:
        low = (
            "the lowest deuce-to-seven hand wins: aces high only, straights and flushes count "
            "against the hand"
        )
        cite = _cite(family, rrop="RRoP Deuce-to-Seven Lowball rule 1; Lowball rule 15",
                     wsop="WSOP LA 281 and 282")  # fmt: skip
    return (
        show + f"Five cards make a playing hand; {low} (see the low hands below). Cards "
        "speak, but a player may not claim a better hand than the one held.",
        cite,
    )


def _rows(table: Sequence[tuple[str, str, str]]) -> list[View]:
    return [
        {
            "name": name,
            "cards": cards_view(parse_cards(cards)),
            "example": name,
            "description": description,
        }
        for name, cards, description in table
    ]


_ACE_TO_FIVE: Final = (
    ("Wheel", "5d 4c 3h 2s Ad", "5-4-3-2-A, the best hand: aces are low."),
    ("Six low", "6c 4h 3d 2c As", "The highest card decides first: any six-low beats any seven."),
    ("Seven low", "7s 5c 4d 3h 2d", "Then the next card down: 7-5 beats 7-6."),
    ("King low", "Kh Qc Jd 9s 8c", "Any five cards of different ranks beat a pair."),
    ("One pair", "As Ac 4d 3h 2s", "A pair (aces the lowest) loses to every unpaired hand."),
)
_DEUCE_TO_SEVEN: Final = (
    ("Seven-five", "7s 5c 4d 3h 2d", "7-5-4-3-2 not all of one suit, the best hand."),
    ("Eight-six", "8h 6c 4d 3s 2c", "The highest card decides first, then the next."),
    (
        "Ace high",
        "Ac 5d 4h 3s 2c",
        "An ace is high only: 5-4-3-2-A is no straight but ace high, beaten by any king high.",
    ),
    ("Straight", "8c 7d 6h 5s 4c", "Straights count against the hand: 8-7-6-5-4 is a straight."),
    ("Flush", "9h 7h 5h 3h 2h", "Flushes count against the hand too."),
    (
        "One pair",
        "2s 2c 5d 4h 3s",
        "A pair loses to every unpaired hand; two aces are the worst pair.",
    ),
)
_BADUGI: Final = (
    ("Four-card badugi", "Ac 2d 3h 4s", "A-2-3-4 of four suits, the best hand."),
    ("Four-card badugi", "Kc Qd Jh 9s", "Any badugi of four cards beats every three-card hand."),
    (
        "Three-card hand",
        "Ad 2c 3h 6h",
        "Two cards of one suit (or rank): only the lowest of them plays, so A-2-3 here.",
    ),
    ("Two-card hand", "As 2s 3s 4d", "Three of one suit: a two-card hand, A-4."),
)


def dealt_rankings(game: str, family: str | None) -> View:
    """The hand rankings a stud or draw game's sheet prints, for the rankings template:
    the high hands where the game plays high, its low (or badugi) hands with a note and
    the book's section."""
    from floorman.documents.cards import hand_rankings

    if game == "stud":
        return {**hand_rankings(), "low_title": "", "cite": ""}
    if game == "stud-hilo":
        eight = hand_rankings(low=True)
        cite = _cite(family, rrop="RRoP Seven-Card Stud High-Low rules 2 and 6",
                     wsop="WSOP LA section IX, Stud/8; 241")  # fmt: skip
        return {**eight, "low_title": "Low hands (8-or-better)", "cite": cite}
    table: Sequence[tuple[str, str, str]]
    if game in ("razz", "lowball-a5"):
        table, title = _ACE_TO_FIVE, "Low hands (ace-to-five)"
        note = (
            "The lowest hand wins. Aces are low; straights and flushes do not count. Compare "
            "the highest card first, then the next down; any hand without a pair beats a pair."
        )
        cite = _cite(
            family,
            rrop="RRoP Razz rule 2" if game == "razz" else "RRoP Ace-to-Five Lowball",
            wsop="WSOP LA 234" if game == "razz" else "WSOP LA section X, Ace-to-Five Lowball",
        )
    elif game == "badugi":
        table, title = _BADUGI, "Badugi hands"
        note = (
            "Four cards of different suits and ranks, the lowest wins (aces low). A hand with "
            "two cards of a suit or rank plays as a three-card hand, and so on down: any four "
            "cards beat any three, then the highest card decides."
        )
        cite = _cite(family, wsop="WSOP LA 293 and 294")
    else:
        table, title = _DEUCE_TO_SEVEN, "Low hands (deuce-to-seven)"
        note = (
            "The worst conventional poker hand wins: aces are high only, and straights and "
            "flushes count against the hand. Compare the highest card first."
        )
        cite = _cite(family, rrop="RRoP Deuce-to-Seven Lowball rule 1", wsop="WSOP LA 281 and 282")
    return {"high": [], "low": _rows(table), "low_note": note, "low_title": title, "cite": cite}


def dealt_words(game: str) -> dict[str, str]:
    """The words a sheet or card fills a stud or draw rule's steps with, for no hand in
    particular (the player, the player who should have brought it in)."""
    upcard = "highest upcard" if game == "razz" else "lowest upcard"
    return {
        "seat": "the player",
        "low_seat": "the player who should have brought it in",
        "low_card": upcard,
        "left_seat": "the next player",
        "bring_in": "the bring-in",
        "ante": "the amount posted",
        "street": "the current street",
    }
