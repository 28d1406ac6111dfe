"""A shoe dealt card by card, for a simulator that wants no deck code of its own: shuffled with the
random generator it is given, its counts kept up to date as each card leaves.

>>> import random
>>> dealt = DealtShoe(6, random.Random(7))
>>> [str(c) for c in dealt.deal(3)], dealt.left
(['2H', '6D', '2S'], 309)
>>> dealt.shoe.total, dealt.shoe.count("2H"), dealt.shoe.count("2")
(309, 5, 22)
>>> len(dealt.counts), sum(dealt.counts)
(52, 309)
>>> dealt.deal_codes(2)  # 3S, 8D: 4 x the rank's place in "A23456789TJQK" + the suit's in "SHDC"
[8, 30]
"""
from __future__ import annotations

import random
from typing import Optional

from .cards import RANKS, SUITS, Card
from .errors import ShoeError
from .shoe import Shoe


class DealtShoe:
    """``decks`` decks shuffled by ``rng`` (a :class:`random.Random`; a fresh one if None), dealt from
    the top. :attr:`counts` is the 52 counts of the cards left, by rank and suit (rank major), as
    :meth:`odds.PricedWager.ret` takes them: a tuple, a snapshot that nothing done to it changes in
    the shoe; :attr:`shoe` the same as a :class:`~odds.core.shoe.Shoe`. :meth:`deal` deals cards,
    :meth:`deal_codes` the same cards as small integers (no object a card)."""

    def __init__(self, decks: int, rng: Optional[random.Random] = None) -> None:
        self.full = Shoe.decks(decks)  # checks decks
        self.decks = decks
        if rng is not None and not callable(getattr(rng, "shuffle", None)):
            raise ShoeError(f"rng must be a random generator with a shuffle method, e.g. random.Random(1), got {rng!r}")
        self.rng = rng if rng is not None else random.Random()
        self.shuffle()

    def shuffle(self) -> None:
        """Every card back in the shoe, shuffled."""
        self._order = [4 * r + s for r in range(13) for s in range(4)] * self.decks
        self.rng.shuffle(self._order)
        self._next = 0
        self._counts = [self.decks] * 52

    @property
    def counts(self) -> tuple[int, ...]:
        """The 52 counts of the cards left (rank major, suits S H D C), a snapshot."""
        return tuple(self._counts)

    @property
    def left(self) -> int:
        """Cards not yet dealt."""
        return len(self._order) - self._next

    @property
    def dealt(self) -> int:
        """Cards dealt since the shuffle."""
        return self._next

    def deal(self, n: int = 1) -> list[Card]:
        """The next ``n`` cards from the top."""
        return [Card(RANKS[code // 4], SUITS[code % 4]) for code in self.deal_codes(n)]

    def deal_codes(self, n: int = 1) -> list[int]:
        """The next ``n`` cards from the top as codes 0 to 51: ``4 * rank + suit``, the rank's place
        in ``A23456789TJQK`` and the suit's in ``SHDC`` (the order of :attr:`counts`). A new list:
        changing it changes nothing in the shoe."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ShoeError(f"cards to deal must be a whole number >= 0, got {n!r}")
        if n > self.left:
            raise ShoeError(f"the shoe holds {self.left} card(s), not {n}")
        codes = self._order[self._next:self._next + n]
        counts = self._counts
        for code in codes:
            counts[code] -= 1
        self._next += n
        return codes

    @property
    def shoe(self) -> Shoe:
        """The cards left, as a :class:`~odds.core.shoe.Shoe`."""
        return Shoe.from_flat_counts(self._counts)
