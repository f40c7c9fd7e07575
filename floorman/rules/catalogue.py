"""The documented facts a rule can test, and the words a step can say.

This is the vocabulary of the rulebooks: the loader refuses a fact or a
template variable that is not here, ``floorman rules facts`` prints it, and
:mod:`floorman.rules.facts` computes each fact from the hand. Each entry has
the value a dealer's quick question (``floorman ask``) assumes when a
situation does not say otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["FACTS", "STREETS", "TEMPLATE_VARS", "FactSpec", "VarSpec"]

STREETS: Final = ("preflop", "flop", "turn", "river", "showdown")


@dataclass(frozen=True, slots=True)
class FactSpec:
    name: str
    type: type
    doc: str
    ask_default: bool | int | str | None
    choices: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class VarSpec:
    name: str
    doc: str
    placeholder: str


def _facts(*specs: FactSpec) -> dict[str, FactSpec]:
    return {spec.name: spec for spec in specs}


FACTS: Final[dict[str, FactSpec]] = _facts(
    FactSpec(
        "street", str,
        "The betting round in progress before the event (preflop until the flop is turned;"
        " for a board card or a burn, the round before it).",
        "preflop", STREETS,
    ),
    FactSpec(
        "deal_complete", bool,
        "Every seat had its full starting hand before the event.", False,
    ),
    FactSpec(
        "hole_cards_dealt", int,
        "Hole cards dealt off the deck so far in the starting deal.", 0,
    ),
    FactSpec(
        "card.deal_position", int,
        "Deal position of the hole card in the event (1 = the first card off the deck,"
        " to the first seat left of the button); 0 when not a dealt hole card.", 0,
    ),
    FactSpec(
        "card.deal_round", int,
        "Deal round of the hole card in the event (1 = first round); 0 when none.", 0,
    ),
    FactSpec(
        "card.known", bool, "The event names its card(s) rather than ??.", False,
    ),
    FactSpec(
        "card.duplicate", bool,
        "A card in the event is already somewhere else in this hand (a second card of the"
        " same rank and suit: a fouled deck, or a recording mistake).", False,
    ),
    FactSpec(
        "exposed_by", str, "Who exposed the card: the dealer or the player.", "dealer",
        ("dealer", "player"),
    ),
    FactSpec(
        "exposed_this_deal", int,
        "Hole cards exposed by the dealer during the starting deal, counting this event.", 1,
    ),
    FactSpec(
        "extra_cards", int,
        "Extra cards dealt after every seat had its starting hand, counting this event.", 1,
    ),
    FactSpec(
        "extra.to_first_seat", bool,
        "The extra card went to the first seat left of the button, the next card in"
        " sequence.", True,
    ),
    FactSpec(
        "event.cards", int,
        "How many cards the event puts out (4 for a four-card flop).", 1,
    ),
    FactSpec(
        "board_cards", int, "Board cards on the table before the event.", 0,
    ),
    FactSpec(
        "burns_this_street", int,
        "Burn cards since the last board card (for a board event: its burns).", 1,
    ),
    FactSpec(
        "records_burns", bool,
        "The hand records its burn cards; a hand that records none is taken to burn"
        " one card before each board card.", True,
    ),
    FactSpec(
        "betting_complete", bool,
        "The betting round in progress is complete (every bet called, or no two players"
        " left who can bet).", False,
    ),
    FactSpec(
        "all_in", bool,
        "Some player is all-in.", False,
    ),
    FactSpec(
        "actions_this_street", int,
        "Betting actions taken on the current street (its board cards are acted on).", 0,
    ),
    FactSpec(
        "actions_in_turn", int,
        "Betting actions taken in the hand so far, posted blinds and antes not counted.", 0,
    ),
    FactSpec(
        "chip_actions_in_turn", int,
        "Of those actions, the ones that put chips in the pot (bet, call, raise, all-in).",
        0,
    ),
    FactSpec(
        "burn.found_later", bool,
        "The event is a burn found only now, made before a street already turned"
        " (burn before flop).", False,
    ),
    FactSpec(
        "burn.acted_on", bool,
        "For a burn found later: action has been taken on the cards of the street it was"
        " burned for (or of a later street).", False,
    ),
    FactSpec(
        "street.missing_burn", bool,
        "The board card(s) of the current street were turned with no burn before them.",
        False,
    ),
    FactSpec(
        "street.extra_burns", int,
        "Burn cards beyond one before the current street's board card(s).", 0,
    ),
    FactSpec(
        "street.premature", bool,
        "The current street's board card(s) were turned before the previous betting round"
        " was complete.", False,
    ),
    FactSpec(
        "street.burn_by_procedure", bool,
        "A corrective procedure in force decides the burn for the street being dealt"
        " (no burn, a named card, or one of the scrambled cards).", False,
    ),
    FactSpec(
        "procedure.no_burn_due", bool,
        "A corrective procedure in force says the street being dealt comes without a burn"
        " card (e.g. the river after a premature turn under RRoP §5 rule 8): a missing"
        " burn there follows the procedure.", False,
    ),
    FactSpec(
        "seat.declared_plays_board", bool,
        "The seat in the event has declared that it plays the board.", False,
    ),
    FactSpec(
        "seat.cards_shown", int, "Hole cards the seat has tabled, counting this event.", 0,
    ),
    FactSpec(
        "seat.shown_all", bool,
        "The seat has tabled all its hole cards, counting this event.", False,
    ),
    FactSpec(
        "seat.low_qualifies", bool,
        "The seat's tabled hand makes an 8-or-better low with the board.", False,
    ),
    FactSpec(
        "seat.folded", bool,
        "The seat in the event folded, or had its hand killed, before the event (a hand"
        " thrown away at the showdown is not counted).", False,
    ),
    FactSpec(
        "seat.only_live_hand", bool,
        "At the showdown every other hand is folded or thrown away: the seat in the event"
        " holds the only live hand (for a hand retrieved, once it is back).", False,
    ),
    FactSpec(
        "miscount.short", bool,
        "Pot limit, a pot bet found made on a wrong count: the seat's bet in force is below"
        " the pot it was meant to be.", True,
    ),
    FactSpec(
        "miscount.actions_after", int,
        "Actions taken since that bet, on its round.", 1,
    ),
    FactSpec(
        "miscount.chip_actions_after", int,
        "Of those actions, the ones that put chips in the pot.", 0,
    ),
    FactSpec(
        "retrieve.from", str,
        "Where a retrieved hand comes back from: thrown away or killed at the showdown,"
        " killed in the betting (by the dealer, or fouled), or folded in the betting.",
        "showdown", ("showdown", "killed", "folded"),
    ),
    FactSpec(
        "seat.aggressor", bool,
        "The seat in the event made the last bet or raise of the betting round in progress.",
        False,
    ),
    FactSpec(
        "board_plays", bool,
        "At showdown, at least one live hand is tabled in full and the board alone is as"
        " good as every one of them.", True,
    ),
    FactSpec(
        "showdown", bool,
        "Betting is over on the river, or no further betting is possible, with a full board"
        " or cards still to come.", True,
    ),
    FactSpec(
        "award.differs", bool,
        "The dealer's push in the event differs from what the cards and pots give (false"
        " while a live hand at the showdown is still to be tabled).", True,
    ),
    FactSpec(
        "dispute.after", str,
        "When a pot was disputed (a dispute event): after the push (push), after the next"
        " hand's shuffle began, its first riffle or the shuffler's button (shuffle), after"
        " its cards were dealt (deal), after substantial action on it (action).", "push",
        ("push", "shuffle", "deal", "action"),
    ),
    FactSpec(
        "dispute.error", str,
        "What a disputed push got wrong: reading (it went to seats that are not the winners"
        " of any pot: a hand misread, a tie pushed to one seat), accounting (it went to"
        " exactly the winners of a pot, in the wrong amount: a pot miscalculated, a side pot"
        " pushed with the main), none (the push is what the cards and pots give).", "reading",
        ("none", "reading", "accounting"),
    ),
    FactSpec(
        "boxed_cards", int,
        "Cards found face up in the deck (boxed) in this hand, counting this event.", 1,
    ),
    FactSpec(
        "found.where", str,
        "Where a joker or a card from another deck was found: in the event's seat's hand,"
        " on the board, or in the stub.", "seat", ("seat", "board", "stub"),
    ),
    FactSpec(
        "seat.acted", bool,
        "The event's seat has acted in turn on its hand (a check, bet, call, raise or fold;"
        " blinds and antes are not actions).", False,
    ),
    FactSpec(
        "short.deck", bool,
        "A short event says the deck is short of cards (short deck), not a seat.", False,
    ),
    FactSpec(
        "run.count", int,
        "The times the players agree to run the cards to come (run N); 1 for any other"
        " event.", 2,
    ),
    FactSpec(
        "seat.dealt_last", bool,
        "The event's seat is dealt the last card of each deal round (the button).", False,
    ),
    FactSpec(
        "action_pending", bool,
        "Betting is still to come in the hand: the round in progress is open, or two live"
        " players still have chips for a later round. Not so once everyone but one is"
        " all in and the betting is complete, at the showdown, and after everyone folded.",
        False,
    ),
    FactSpec(
        "hand_over", bool,
        "Everyone but one folded before the event: the hand is over and the pot is the last"
        " player's (a board card dealt now is one that would have come: rabbit hunting).",
        False,
    ),
    FactSpec(
        "table.kind", str,
        "The kind of table: a cash game or a tournament (the hand file's kind; a hand that"
        " does not say is a cash game's).",
        "cash", ("cash", "tournament"),
    ),
    FactSpec(
        "hand_started", bool,
        "The starting deal has begun.", True,
    ),
    FactSpec(
        "game", str, "The game being played.", "holdem", ("holdem", "omaha", "omaha-hilo"),
    ),
    FactSpec(
        "game.hole_cards", int, "Hole cards per player in the game (2 hold'em, 4 Omaha).", 2,
    ),
    FactSpec(
        "game.play_the_board", bool, "A player may play the board in this game.", True,
    ),
    FactSpec(
        "seats", int, "Seats dealt in.", 6,
    ),
    FactSpec(
        "betting", str, "The betting structure of the hand.", "no-limit",
        ("no-limit", "pot-limit", "limit"),
    ),
    FactSpec(
        "action.out_of_turn", bool,
        "A betting event (an action, chips, words) by a seat that is not the one to act.",
        False,
    ),
    FactSpec(
        "skipped.actions", int,
        "Actions out of turn since the seat to act was skipped, counting this event"
        " (TDA 53-B: substantial action out of turn).", 0,
    ),
    FactSpec(
        "skipped.chip_actions", int,
        "Of those actions out of turn, the ones that put chips in the pot (call, bet,"
        " raise, all-in, chips, an amount said).", 0,
    ),
    FactSpec(
        "action.verb", str,
        "What the betting event does: fold, check, call, bet, raise, allin; chips (pushed"
        " silently); amount (an amount said alone); pot (the word pot said); string;"
        " motion; pullback (chips of an earlier bet pulled back).", "call",
        ("fold", "check", "call", "bet", "raise", "allin", "chips", "amount", "pot", "string",
         "motion", "pullback"),
    ),
    FactSpec(
        "wager.kind", str,
        "How the floor reads the betting event: none (a proper action), undercall,"
        " underraise, underbet, overbet, chips (pushed with no word), declared (a word or"
        " amount said in turn), open (bet, raise or pot said with the amount still to come),"
        " ambiguous (an amount said that can mean more than one), conditional (a statement"
        " of future action: if you bet, I will raise), string (chips put out in two"
        " motions), motion (a forward motion stopped short), pullback (chips of an earlier"
        " bet pulled back).",
        "none",
        ("none", "undercall", "underraise", "underbet", "overbet", "chips", "declared",
         "open", "ambiguous", "conditional", "string", "motion", "pullback"),
    ),
    FactSpec(
        "wager.facing_bet", bool, "The seat faces a bet (or the blind) it has not called.",
        True,
    ),
    FactSpec(
        "wager.raise_percent", int,
        "How far the chips in front after the event go beyond the bet, in percent of a"
        " minimum raise (of a minimum bet when nothing is bet); 0 when not beyond it.", 0,
    ),
    FactSpec(
        "wager.all_in", bool, "The event puts every chip the seat has in front.", False,
    ),
    FactSpec(
        "wager.declared", str,
        "The word the seat said before its chips (raise, bet, call, check, ...; empty when"
        " none); for a declaration, the word itself.", "",
    ),
    FactSpec(
        "wager.heads_up", bool, "Only two seats are left in the hand.", False,
    ),
    FactSpec(
        "wager.opening_bet", bool,
        "The bet the seat faces is the round's opening bet (before the flop, the big"
        " blind): nobody has raised it.", True,
    ),
    FactSpec(
        "chips.count", int, "Chips pushed out silently (with the seat's earlier ones).", 0,
    ),
    FactSpec(
        "chips.prior", str,
        "Chips pushed silently by a seat with chips of an earlier bet of the round in front"
        " (prior-bet chips not pulled in): none (no such chips), left (left in front),"
        " pulled (all pulled back first), part (some pulled back first). Pulled-back chips"
        " are out of what the seat has in front.", "none",
        ("none", "left", "pulled", "part"),
    ),
    FactSpec(
        "chips.prior_covers", bool,
        "Facing a bet, the chips of the seat's earlier bet of the round lying in front (all"
        " of them, before any was pulled back) are worth the call or more: a bet made with"
        " a larger chip and no change given, recorded with SEAT prior (TDA 46-C-2, WSOP T"
        " 98-b).", False,
    ),
    FactSpec(
        "amount.within_pot", int,
        "An amount said that can mean more than one (ambiguous): how many of its meanings"
        " the seat's chips allow are at most the pot before it, every bet in front"
        " counted.", 1,
    ),
    FactSpec(
        "chips.all_needed", bool,
        "Facing a bet, every chip is needed to call: without one of the smallest, the"
        " chips are short of the call.", False,
    ),
    FactSpec(
        "undercall.called", bool,
        "The seat in the event was held to a full call of its undercall by a ruling, and"
        " nobody has acted since: the floor may still let it fold instead or take its chips"
        " back.", False,
    ),
    FactSpec(
        "clock.expired", bool,
        "The clock on the seat ran out before it acted (clock SEAT expired); false when the"
        " clock is put on it.", False,
    ),
    FactSpec(
        "clock.facing_bet", bool,
        "The seat on the clock faces a bet (or the blind) it has not called.", True,
    ),
    FactSpec(
        "post.kind", str, "What a post is: sb, bb, ante, straddle or dead (none for another"
        " event).", "none", ("none", "sb", "bb", "ante", "straddle", "dead"),
    ),
    FactSpec(
        "straddle.position", str,
        "Where the seat posting sits: under-the-gun (immediately left of the big blind, or"
        " of the last straddle), button, or other.", "under-the-gun",
        ("under-the-gun", "button", "other"),
    ),
    FactSpec(
        "straddle.count", int,
        "Live straddles posted this hand, counting this event (1 for the first).", 1,
    ),
    FactSpec(
        "straddle.twice", bool,
        "The post brings the seat's bet to twice the bet before it (a straddle of twice"
        " the big blind, or of twice the last straddle).", True,
    ),
    FactSpec(
        "bomb_pot", bool,
        "The hand is a bomb pot (the header's bomb_pot): every player antes, no blind is"
        " posted and the betting opens on the flop.", False,
    ),
    FactSpec(
        "chips.oversized", bool,
        "Facing a bet, a single chip that is more than the call (an overchip, TDA 44).",
        False,
    ),
    FactSpec(
        "chips.of_declaration", bool,
        "The chips follow the seat's complete verbal declaration in turn (call, all-in, a"
        " bet or raise with its amount, an amount) before its turn comes again: they are"
        " that declaration's chips, not an action of their own.", False,
    ),
    FactSpec(
        "count.wrong", bool,
        "The count the seat was given of the bet it faces (the count event's, or the one"
        " it has not yet acted on) is not the bet.", False,
    ),
    FactSpec(
        "count.all_in", bool, "The bet the seat faces is an all-in (TDA 60: a count on"
        " request).", False,
    ),
    FactSpec("count.in_turn", bool, "The seat given the count is the one to act.", True),
    FactSpec(
        "behind.called", bool,
        "The seat went all in and another player has put chips in on it since (TDA 62:"
        " chips found behind after a player calls).", False,
    ),
    FactSpec(
        "count.acted_on", bool,
        "Given a wrong count of the bet it still faces, the seat acts on it in turn: it"
        " calls, or puts out or states the amount it was told.", False,
    ),
    # The stud and draw games (0, False or "" in a flop game).
    FactSpec(
        "stud.street", str,
        "Stud: the street being dealt or bet before the event (none in other games).",
        "third", ("third", "fourth", "fifth", "sixth", "seventh", "showdown", "none"),
    ),
    FactSpec(
        "stud.card", int,
        "Stud: the exposed card's place in the seat's hand in the order dealt (1 and 2 the"
        " first downcards, 7 the last); 0 when not a downcard.", 1,
    ),
    FactSpec(
        "stud.exposed_downcards", int,
        "Stud: the seat's downcards dealt or turned face up, this one counted.", 1,
    ),
    FactSpec(
        "stud.upcard_dealt", bool,
        "Stud: the seat already had its upcard for the street when the card was exposed.",
        False,
    ),
    FactSpec(
        "stud.premature", bool,
        "Stud: a card dealt to a seat before the betting round was complete.", False,
    ),
    FactSpec(
        "stud.wrong_low", bool,
        "Stud: a seat that is not low brought it in (the wrong player named low).", False,
    ),
    FactSpec(
        "stud.seat_all_in", bool, "Stud: the seat of the event has no chips behind.", False,
    ),
    FactSpec(
        "stud.action_left", bool,
        "Stud: two or more players in the hand still have chips to bet.", True,
    ),
    FactSpec("stud.stub_cards", int, "Stud: the cards the dealer counts in the stub.", 10),
    FactSpec(
        "stud.stub_over", int,
        "Stud: the stub's cards over what seventh street needs, one for each player, a"
        " burn card and the undealt last card (TDA RP-10-H, WSOP LA 228); below 0, short.",
        0,
    ),
    FactSpec(
        "stud.stub_over_with_burns", int,
        "Stud: the same with the three burn cards of fourth to sixth street added.", 0,
    ),
    FactSpec(
        "stud.fresh_over", int,
        "Stud: fresh cards (the stub, the three burn cards and the cards set aside) over"
        " one for each player (RRoP stud rule 13).", 0,
    ),
    FactSpec(
        "stud.live_players", int,
        "Stud: players still in the hand before the event.", 2,
    ),
    FactSpec(
        "draw.phase", str,
        "Draw games: the hand is at the deal, a betting round, the draw, or over (none in"
        " other games).", "draw", ("deal", "bet", "draw", "over", "none"),
    ),
    FactSpec(
        "draw.exposed", int,
        "Draw games: cards exposed in this draw round, this one counted.", 1,
    ),
    FactSpec(
        "draw.rounds_left", int,
        "Draw games: the draws still to come, this one counted.", 1,
    ),
)  # fmt: skip

OPTION_PREFIX: Final = "option."
"""``option.NAME`` is also a fact: the value of a rulebook option."""


TEMPLATE_VARS: Final[dict[str, VarSpec]] = {
    spec.name: spec
    for spec in (
        VarSpec("card", "The card of the event (A♥), or a word when unknown.", "card"),
        VarSpec("cards", "All the cards of the event (A♥ K♦ 7♣).", "cards"),
        VarSpec("seat", "The seat of the event (seat 3).", "the player"),
        VarSpec("first_seat", "The first seat left of the button (seat 1).", "the first player"),
        VarSpec("position", "The deal position as a word (second).", "this"),
        VarSpec("street", "The street the event belongs to (turn).", "street"),
        VarSpec("next_street", "The street after it (river).", "next street"),
        VarSpec("previous_street", "The street before it (flop).", "previous street"),
        VarSpec("burn", "The burn card before the event, or 'burn card'.", "burn card"),
        VarSpec("hole_cards", "Hole cards per player, as a word (two, four).", "all"),
        VarSpec("game", "The game's name (hold'em).", "this game"),
        VarSpec(
            "to_act", "The seat whose turn it is before the event (seat 4).", "the next player"
        ),
        VarSpec("action", "The betting event as said at the table (call, raise to 800).", "action"),
        VarSpec("to_call", "The bet the seat faces, as its total in front (1000).", "the bet"),
        VarSpec("min_raise", "The least the seat may bet or raise to (2000).", "a minimum raise"),
        VarSpec(
            "max_wager",
            "The most the seat may bet or raise to (pot limit: the pot).",
            "the maximum",
        ),
        VarSpec("in_front", "What the seat has in front after the event (1400).", "the chips"),
        VarSpec(
            "pot",
            "The pot before the event, every bet in front not yet pulled in counted (1500).",
            "the pot",
        ),
        VarSpec(
            "forfeit",
            "Of the chips an undercaller put out, those that called an earlier bet (400).",
            "the chips put out",
        ),
        VarSpec(
            "returned",
            "Of the chips an undercaller put out, those over that call, which go back (100).",
            "0",
        ),
        VarSpec(
            "pot_bet",
            "Pot limit: the pot-size wager a bet made on a wrong count should have been (10500).",
            "the pot",
        ),
        VarSpec(
            "bet_made",
            "Pot limit: the bet made on a wrong count of the pot (9500).",
            "the bet made",
        ),
        VarSpec(
            "pushed",
            "What the dealer pushed (the pot to seat 3, 200 to seats 1 and 3).",
            "the pot to the wrong seat",
        ),
        VarSpec(
            "correct_award",
            "Who wins what by the cards and pots (seat 1 wins 200 and seat 2 wins 50).",
            "the pot to the hands the cards make winners",
        ),
        VarSpec(
            "count_given",
            "The count the seat was given of the bet it faces (1000).",
            "the count given",
        ),
        VarSpec(
            "first_seen",
            "Where the first of a duplicated card was recorded (the first was recorded at"
            " event 6, on the flop).",
            "the first is already in play",
        ),
        VarSpec("low_seat", "Stud: the seat low (high in razz) with the bring-in card.", "the low"),
        VarSpec("low_card", "Stud: the true bring-in card (2♣).", "the low card"),
        VarSpec("left_seat", "Stud: the first seat left of the event's seat.", "the next player"),
        VarSpec("bring_in", "Stud: the bring-in (5).", "the bring-in"),
        VarSpec("ante", "Stud: the seat's ante (1).", "the ante"),
    )
}
"""Variables a step text may use; every one is a short phrase."""
