"""Cards by point value, 1 (ace) to 10 (ten-value), in plain Python with exact fractions, as the
reference computations deal them: a shoe is 10 counts (aces first), a hand a sorted tuple of
values.

>>> shoe = (1, 0, 0, 0, 0, 0, 0, 0, 0, 3)  # one ace, three tens
>>> dict(draws(shoe))
{1: Fraction(1, 4), 10: Fraction(3, 4)}
>>> hand_total(with_card((10,), 1)), is_blackjack(10, 1), take(shoe, 10, 10)[9]
((21, True), True, 1)
"""
from __future__ import annotations

from fractions import Fraction
from typing import Iterator, Tuple

VALUES = range(1, 11)


class ShoeExhausted(ValueError):
    """A card was needed (by the player or by the dealer) and the shoe had none left."""


def hand_total(cards: Tuple[int, ...]) -> Tuple[int, bool]:
    """Best total of a hand of point values and whether it is soft (an ace counted as 11)."""
    hard = sum(cards)
    if 1 in cards and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def take(counts: Tuple[int, ...], *cards: int) -> Tuple[int, ...]:
    """The shoe ``counts`` less ``cards`` (values); ValueError when one is not there."""
    out = list(counts)
    for v in cards:
        out[v - 1] -= 1
        if out[v - 1] < 0:
            raise ValueError(f"no {v} left to take")
    return tuple(out)


def draws(counts: Tuple[int, ...]) -> Iterator[Tuple[int, Fraction]]:
    """(value, probability) of the next card off ``counts``."""
    left = sum(counts)
    if left == 0:
        raise ShoeExhausted("a card is needed and the shoe is empty")
    for v in VALUES:
        if counts[v - 1]:
            yield v, Fraction(counts[v - 1], left)


def with_card(hand: Tuple[int, ...], v: int) -> Tuple[int, ...]:
    """The hand (a sorted tuple of values) with one more card of value ``v``."""
    return tuple(sorted(hand + (v,)))


def is_blackjack(a: int, b: int) -> bool:
    """Whether two cards (values) are an ace and a ten-value."""
    return {a, b} == {1, 10}
