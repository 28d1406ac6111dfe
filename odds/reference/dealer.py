"""Reference dealer distribution: every ordered sequence of cards, one at a time, no memoisation.

Slow (tens of thousands of sequences per table) but plain enough to read at a glance.

>>> table = reference_dealer_table([0, 0, 0, 0, 0, 2, 0, 0, 0, 3], hits_soft_17=False, peek=True)
>>> table["6"]  # two sixes and three tens: with a 6 up, every hand busts with three cards
{('bust', 3): Fraction(1, 1)}
>>> table["T"][("20", 2)]
Fraction(1, 2)
"""
from __future__ import annotations

from fractions import Fraction
from typing import Optional, Sequence, cast

Row = dict[tuple[str, int], Fraction]
"""{(result, number of cards): probability}."""

LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")


def _hand_value(cards: list[int]) -> tuple[int, bool]:
    """Best total of a hand of point values (aces as 1) and whether it is soft."""
    total = sum(cards)
    if 1 in cards and total + 10 <= 21:
        return total + 10, True
    return total, False


def _dealer_stands(cards: list[int], hits_soft_17: bool) -> bool:
    total, soft = _hand_value(cards)
    if total > 17:
        return True
    if total == 17:
        return not (soft and hits_soft_17)
    return False


def _result(cards: list[int]) -> str:
    total, _ = _hand_value(cards)
    if total > 21:
        return "bust"
    if total == 21 and len(cards) == 2:
        return "blackjack"
    return str(total)


def _play(cards: list[int], shoe: list[int], num: int, den: int, hits_soft_17: bool,
          out: dict[tuple[str, int], dict[int, int]], exclude: Optional[int] = None) -> None:
    """Draw every possible next card in turn until the dealer stands; add up each ending.

    A path's probability is ``num / den``: the product of the counts drawn over the product of the
    cards left at each draw. Every path of a given length shares ``den``, so the endings are summed
    as integers per denominator and turned into fractions once, at the end.
    """
    if len(cards) >= 2 and _dealer_stands(cards, hits_soft_17):
        sums = out.setdefault((_result(cards), len(cards)), {})
        sums[den] = sums.get(den, 0) + num
        return
    left = sum(shoe) - (shoe[exclude - 1] if exclude else 0)
    if left == 0:
        raise ValueError("shoe ran out")
    for v in range(1, 11):
        if shoe[v - 1] == 0 or v == exclude:
            continue
        count = shoe[v - 1]
        shoe[v - 1] -= 1
        cards.append(v)
        _play(cards, shoe, num * count, den * left, hits_soft_17, out)  # only the hole card is ever excluded
        cards.pop()
        shoe[v - 1] += 1


def reference_dealer_row(counts: Sequence[int], upcard: int, hits_soft_17: bool, peek: bool) -> Optional[Row]:
    """Joint {(result, ncards): probability} given the up card (1..10) from a shoe by value.

    With peek and an ace or ten up, the hole card that would make a blackjack is left out of the
    deal altogether: the row is conditioned on no blackjack by construction.
    """
    shoe = list(counts)
    shoe[upcard - 1] -= 1
    exclude = None
    if peek and upcard in (1, 10):
        exclude = 11 - upcard  # ten under an ace, ace under a ten
        if sum(shoe) == shoe[exclude - 1]:
            return None
    sums: dict[tuple[str, int], dict[int, int]] = {}
    _play([upcard], shoe, 1, 1, hits_soft_17, sums, exclude)
    return {key: sum((Fraction(n, d) for d, n in by_den.items()), Fraction(0)) for key, by_den in sums.items()}


def reference_dealer_table(counts: Sequence[int], hits_soft_17: bool, peek: bool) -> dict[str, Optional[Row]]:
    """Rows by up-card label, and ``'overall'`` (no peek conditioning, blackjack kept)."""
    total = sum(counts)
    table: dict[str, Optional[Row]] = {}
    overall: Row = {}
    for up in range(1, 11):
        if counts[up - 1] == 0:
            table[LABELS[up - 1]] = None
            continue
        row = reference_dealer_row(counts, up, hits_soft_17, peek)
        table[LABELS[up - 1]] = row
        conditioned = peek and up in (1, 10)
        full = cast(Row, reference_dealer_row(counts, up, hits_soft_17, False) if conditioned else row)
        for key, p in full.items():
            overall[key] = overall.get(key, Fraction(0)) + Fraction(counts[up - 1], total) * p
    table["overall"] = overall
    return table
