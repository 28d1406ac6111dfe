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
    :meth:`odds.PricedWager.ret` takes them; :attr:`shoe` the same as a :class:`~odds.core.shoe.Shoe`."""

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
        self.counts = [self.decks] * 52

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
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ShoeError(f"cards to deal must be a whole number >= 0, got {n!r}")
        if n > self.left:
            raise ShoeError(f"the shoe holds {self.left} card(s), not {n}")
        out = []
        for code in self._order[self._next:self._next + n]:
            self.counts[code] -= 1
            out.append(Card(RANKS[code // 4], SUITS[code % 4]))
        self._next += n
        return out

    @property
    def shoe(self) -> Shoe:
        """The cards left, as a :class:`~odds.core.shoe.Shoe`."""
        return Shoe.from_flat_counts(self.counts)
