"""A deal made by the players still in: the amounts they agreed (an ICM or a chip-chop
worked out with ``floorman icm``, or any other), checked against the prize money the
places left pay, and what each player then receives.

The books say little. RRoP §15 rule 35 leaves deals to the players, rule 36 lets
the director see a deal carried out by paying its amounts and calls improper a
deal that leaves out an active player, and rule 37 calls unethical a deal that
removes all prize money from being at stake. TDA 2024 and WSOP 2024 are silent:
floorman pays a deal under them as RRoP rule 36 does, a house option, and lets
the players leave something to play for or not. What is left to play for goes
to the winner (house option: the books are silent).

>>> record = deal_record({3: 500, 7: 300}, 200, {3, 7}, 1000, "rrop")
>>> record["cite"], record["at_stake"]
('RRoP §15 rule 36', 'RRoP §15 rule 37')
>>> deal_paid(record, winner=7)
{3: 500, 7: 500}
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass
from typing import Any, Final

from floorman.errors import FloormanError

__all__ = [
    "DEAL_RULES",
    "DealError",
    "DealRule",
    "deal_paid",
    "deal_record",
    "deal_rule",
    "no_entry_after_deal",
]

MAX_AMOUNT = 10**15


class DealError(FloormanError):
    """A deal that cannot be recorded as given: the message says why."""


@dataclass(frozen=True, slots=True)
class DealRule:
    """One book's word on a deal: the rule paying it, and the rule (or ``None``) that
    keeps some prize money at stake."""

    paid: str
    at_stake: str | None
    left_to: str
    no_entry: str
    """Why no new entry is seated once a deal is made: an entry then would be an active
    player the deal leaves out."""


LEFT_TO = "house option: the books are silent; what is left goes to the winner"

DEAL_RULES: Final[dict[str, DealRule]] = {
    "rrop": DealRule(
        "RRoP §15 rule 36",
        "RRoP §15 rule 37",
        LEFT_TO,
        "RRoP §15 rule 36: a deal that excludes an active competitor is improper",
    ),
    "tda-2024": DealRule(
        "house option (TDA 2024 is silent; as RRoP §15 rule 36)",
        None,
        LEFT_TO,
        "house option: TDA 2024 Rule 8 is silent on entries after a deal; as RRoP §15 rule 36",
    ),
    "wsop-2024": DealRule(
        "house option (WSOP is silent; as RRoP §15 rule 36)",
        None,
        LEFT_TO,
        "house option: WSOP T 12 closes late registration at a level of the structure"
        " sheet and is silent on deals; as RRoP §15 rule 36",
    ),
}


def deal_rule(rulebook: str) -> DealRule:
    try:
        return DEAL_RULES[rulebook]
    except KeyError:
        raise DealError(f"rulebook {rulebook!r} has no rule for a deal") from None


def no_entry_after_deal(rulebook: str) -> str:
    """The refusal of a late entry, an alternate or a re-entry once the players still in
    have made a deal: the deal is among every player still in (RRoP §15 rule 36), and a
    new entry would be one it leaves out. A deal is made among the last players, long after
    registration closed; the TDA and WSOP say nothing of it (a house option, as RRoP).

    >>> no_entry_after_deal("rrop")[:60]
    'a deal is recorded: no entry after it (RRoP §15 rule 36: a d'
    """
    return f"a deal is recorded: no entry after it ({deal_rule(rulebook).no_entry})"


def deal_record(
    amounts: Mapping[int, int],
    left: int,
    still_in: Set[int],
    pool_left: int,
    rulebook: str,
) -> dict[str, Any]:
    """The ``deal`` record of ``amounts`` agreed by the players ``still_in``, leaving
    ``left`` to play for, out of the ``pool_left`` the places left pay; :class:`DealError`
    if a player is left out or named who is not in, or the amounts do not add up."""
    rule = deal_rule(rulebook)
    if len(still_in) < 2:
        raise DealError("a deal is made by two players or more still in")
    missing = sorted(still_in - set(amounts))
    if missing:
        who = ", ".join(str(e) for e in missing[:5])
        if len(missing) > 5:
            who += f" and {len(missing) - 5} more"
        whom = f"players {who} are" if len(missing) > 1 else f"player {who} is"
        raise DealError(
            f"{whom} still in and not in the deal: a deal is made by every player still in"
            " (RRoP §15 rule 36)"
        )
    outside = sorted(set(amounts) - still_in)
    if outside:
        raise DealError(f"player {outside[0]} is not still in")
    for entry, amount in amounts.items():
        if not 0 <= amount <= MAX_AMOUNT:
            raise DealError(f"player {entry}: {amount} is not an amount")
    if not 0 <= left <= MAX_AMOUNT:
        raise DealError(f"--left {left} is not an amount")
    total = sum(amounts.values()) + left
    if total != pool_left:
        raise DealError(
            f"the deal's amounts{' and --left' if left else ''} add up to {total:,};"
            f" the places left pay {pool_left:,}"
        )
    if rule.at_stake is not None and left == 0:
        raise DealError(
            f"a deal that removes all prize money from being at stake is unethical"
            f" ({rule.at_stake}): leave some to play for with --left"
        )
    return {
        "kind": "deal",
        "amounts": {str(e): amounts[e] for e in sorted(amounts)},
        "left": left,
        "pool_left": pool_left,
        "cite": rule.paid,
        "at_stake": rule.at_stake,
        "left_to": rule.left_to,
    }


def deal_paid(record: Mapping[str, Any], winner: int | None) -> dict[int, int]:
    """What each player in the deal receives: the amount agreed, and the winner (once
    there is one) what was left to play for besides."""
    paid = {int(e): int(a) for e, a in record["amounts"].items()}
    if winner is not None and winner in paid:
        paid[winner] += int(record["left"])
    return paid
