"""The shoe: how many of each card remain, by rank and suit.

>>> s = Shoe.decks(6)
>>> s.total
312
>>> s.by_value()
(24, 24, 24, 24, 24, 24, 24, 24, 24, 96)
>>> t = s.remove("AS TH 5")
>>> t.total, t.count("A"), t.count("AS"), t.count("5")
(309, 23, 5, 23)
>>> t.by_rank()[:5]
(23, 24, 24, 24, 23)

A bare rank removes a card whose suit is unknown: views by rank and by value stay exact, while
:meth:`Shoe.by_rank_suit` refuses to guess the suit.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence, Union

from .cards import RANKS, SUITS, Card, parse_cards
from .errors import CardError, ShoeError

CardsLike = Union[str, Iterable[Union[str, Card]]]


def _as_cards(cards: CardsLike) -> list[Card]:
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, Card):
        return [cards]
    if not isinstance(cards, Iterable):
        raise CardError(f"cards are text such as 'AS TH 7' or a list of cards, got {cards!r}")
    out: list[Card] = []
    for c in cards:
        out.extend([c] if isinstance(c, Card) else parse_cards(c))
    return out


MAX_DECKS = 1000  # the largest shoe: a thousand decks (the kernels' counts stay far inside 64 bits)


@dataclass(frozen=True)
class Shoe:
    """Counts per card. ``counts[r][s]`` is the number of rank ``RANKS[r]`` of suit ``SUITS[s]``;
    ``unsuited[r]`` is the number of rank ``RANKS[r]`` removed with their suit unknown.

    Build one with :meth:`Shoe.decks` and :meth:`Shoe.remove`, or :meth:`Shoe.from_rank_counts`.
    """

    counts: tuple[tuple[int, ...], ...]
    unsuited: tuple[int, ...] = (0,) * 13
    suits_recorded: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.counts, (tuple, list)) or not all(isinstance(row, (tuple, list)) for row in self.counts):
            raise ShoeError(f"a shoe needs 13 ranks x 4 suits of counts (tuples of whole numbers), got {self.counts!r}")
        if len(self.counts) != 13 or any(len(row) != 4 for row in self.counts):
            raise ShoeError("a shoe needs 13 ranks x 4 suits of counts")
        if len(self.unsuited) != 13:
            raise ShoeError("a shoe needs 13 unsuited-removal counts")
        for r, row in enumerate(self.counts):
            for s, n in enumerate(row):
                if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_DECKS:
                    raise ShoeError(f"count of {RANKS[r]}{SUITS[s]} must be a whole number from 0 to {MAX_DECKS}, "
                                    f"got {n!r}")
            if self.unsuited[r] < 0 or self.unsuited[r] > sum(row):
                raise ShoeError(f"more {RANKS[r]} removed than the shoe holds")

    @classmethod
    def decks(cls, n: int) -> "Shoe":
        """A full shoe of ``n`` standard 52-card decks, ``n >= 1``."""
        if isinstance(n, bool) or not isinstance(n, int):
            raise ShoeError(f"number of decks must be a whole number, got {n!r}")
        if not 1 <= n <= MAX_DECKS:
            raise ShoeError(f"number of decks must be from 1 to {MAX_DECKS}, got {n}")
        return cls(tuple((n,) * 4 for _ in RANKS))

    @classmethod
    def from_rank_counts(cls, counts: Union[dict[str, int], Iterable[int]]) -> "Shoe":
        """A shoe from counts by rank (a mapping ``{'A': 4, ...}`` or 13 numbers), suits unknown.

        >>> Shoe.from_rank_counts({"6": 2, "T": 3}).by_value()
        (0, 0, 0, 0, 0, 2, 0, 0, 0, 3)
        """
        if isinstance(counts, dict):
            bad = [k for k in counts if k not in RANKS]
            if bad:
                raise ShoeError(f"unknown rank {bad[0]!r} in rank counts (use one of {RANKS})")
            counts = [counts.get(r, 0) for r in RANKS]
        counts = list(counts)
        if len(counts) != 13:
            raise ShoeError(f"need 13 rank counts, got {len(counts)}")
        for r, n in zip(RANKS, counts):
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 4 * MAX_DECKS:
                raise ShoeError(f"count of {r} must be a whole number from 0 to {4 * MAX_DECKS}, got {n!r}")
        # The split over suits is arbitrary and flagged as such: suit-aware views refuse it.
        rows = tuple(tuple(n // 4 + (1 if s < n % 4 else 0) for s in range(4)) for n in counts)
        return cls(rows, (0,) * 13, suits_recorded=False)

    @classmethod
    def from_flat_counts(cls, counts: Sequence[int]) -> "Shoe":
        """A shoe from 52 counts by rank and suit, rank major (``counts[4 * r + s]``), as
        :func:`odds.pricing.first_cards_closed.flat_counts` gives them back.

        >>> Shoe.from_flat_counts([1] * 52).total
        52
        """
        if len(counts) != 52:
            raise ShoeError(f"need 52 counts by rank and suit, got {len(counts)}")
        return cls(tuple(tuple(counts[4 * r:4 * r + 4]) for r in range(13)))

    @classmethod
    def from_value_counts(cls, counts: Iterable[int]) -> "Shoe":
        """A shoe from 10 counts by point value (ace first, every ten-valued card as a T), suits unknown.

        >>> Shoe.from_value_counts((0, 0, 0, 0, 0, 2, 0, 0, 0, 3)).by_value()
        (0, 0, 0, 0, 0, 2, 0, 0, 0, 3)
        """
        counts = list(counts)
        if len(counts) != 10:
            raise ShoeError(f"need 10 counts by value, got {len(counts)}")
        return cls.from_rank_counts(counts + [0, 0, 0])

    @property
    def suits_known(self) -> bool:
        """True when every remaining card's suit is known."""
        return self.suits_recorded and not any(self.unsuited)

    @property
    def total(self) -> int:
        return sum(map(sum, self.counts)) - sum(self.unsuited)

    def by_rank(self) -> tuple[int, ...]:
        """Counts by rank, in the order ``A 2 ... 9 T J Q K``."""
        return tuple(sum(row) - u for row, u in zip(self.counts, self.unsuited))

    def by_value(self) -> tuple[int, ...]:
        """Counts by point value 1 (ace) to 10 (T, J, Q, K together)."""
        r = self.by_rank()
        return r[:9] + (sum(r[9:]),)

    def by_rank_suit(self) -> tuple[tuple[int, ...], ...]:
        """Counts by rank and suit; an error if any card was removed with its suit unknown."""
        if not self.suits_known:
            raise ShoeError("this shoe has cards whose suit is unknown; name suits (e.g. '7H', not '7')")
        return self.counts

    def count(self, card: Union[str, Card]) -> int:
        """How many of a card remain: ``'AS'`` one card, ``'A'`` the whole rank."""
        c = card if isinstance(card, Card) else parse_cards(card)[0]
        r = RANKS.index(c.rank)
        if c.suit is None:
            return self.by_rank()[r]
        if not self.suits_recorded or self.unsuited[r]:
            raise ShoeError(f"the suits of the {c.rank}s left are not known (a bare {c.rank} was removed)")
        return self.counts[r][SUITS.index(c.suit)]

    def remove(self, cards: CardsLike) -> "Shoe":
        """A new shoe without ``cards`` (e.g. ``"AS TH 5"``); an error if one is not there."""
        counts = [list(row) for row in self.counts]
        unsuited = list(self.unsuited)
        for c in _as_cards(cards):
            r = RANKS.index(c.rank)
            if sum(counts[r]) - unsuited[r] <= 0:
                raise ShoeError(f"cannot remove {c}: no {c.rank} left in the shoe")
            if c.suit is None or not self.suits_recorded:
                unsuited[r] += 1
            else:
                s = SUITS.index(c.suit)
                if counts[r][s] <= 0:
                    raise ShoeError(f"cannot remove {c}: no {c} left in the shoe")
                counts[r][s] -= 1
        return Shoe(tuple(map(tuple, counts)), tuple(unsuited), self.suits_recorded)

    def describe(self) -> str:
        return " ".join(f"{r}:{n}" for r, n in zip(RANKS, self.by_rank()))
