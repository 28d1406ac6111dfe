"""Reference computations of wagers: plain enumerations over every card of the shoe.

>>> from odds import Shoe
>>> ways = reference_bust_it(Shoe.decks(1).by_rank_suit())
>>> ways.get("eights-suited", 0), ways.get("eights-colour", 0)  # one deck has two eights a colour
(0, 0)
"""
from __future__ import annotations

from fractions import Fraction
from typing import Optional, Sequence, cast

RANK_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # A 2 ... 9 T J Q K
RED = (1, 2)  # hearts, diamonds in the order S H D C


def _card_types(rank_suit_counts: Sequence[Sequence[int]]) -> list[tuple[int, int, int]]:
    return [(r, s, n) for r, row in enumerate(rank_suit_counts) for s, n in enumerate(row) if n]


def reference_bust_it(rank_suit_counts: Sequence[Sequence[int]]) -> dict[str, int]:
    """Count ordered deals of the dealer's first three cards, card type by card type, and halve
    them to count the first two cards unordered. Returns ways by outcome, 'lose' included."""
    types = _card_types(rank_suit_counts)
    ways: dict = {}
    for i, (r1, s1, n1) in enumerate(types):
        for j, (r2, s2, n2) in enumerate(types):
            m2 = n2 - (i == j)
            if m2 <= 0:
                continue
            for k, (r3, s3, n3) in enumerate(types):
                m3 = n3 - (k == i) - (k == j)
                if m3 <= 0:
                    continue
                outcome = _bust_it_outcome((r1, s1), (r2, s2), (r3, s3))
                ways[outcome] = ways.get(outcome, 0) + n1 * m2 * m3
    return {k: v // 2 for k, v in ways.items()}


def _bust_it_outcome(c1: tuple[int, int], c2: tuple[int, int], c3: tuple[int, int]) -> str:
    v1, v2, v3 = (RANK_VALUES[c[0]] for c in (c1, c2, c3))
    if 1 in (v1, v2) or v1 + v2 >= 17:  # soft two-card hands cannot bust on one card
        return "lose"
    if v1 + v2 + v3 <= 21:
        return "lose"
    if v1 == v2 == v3 == 8:
        suits = {c1[1], c2[1], c3[1]}
        if len(suits) == 1:
            return "eights-suited"
        if all(s in RED for s in suits) or not any(s in RED for s in suits):
            return "eights-colour"
    return "third-" + ("T" if v3 == 10 else str(v3))


def reference_buster(value_counts: Sequence[int], hits_soft_17: bool) -> dict[str, Fraction]:
    """Buster outcome probabilities from the reference dealer enumeration."""
    from .dealer import Row, reference_dealer_table
    overall = cast(Row, reference_dealer_table(list(value_counts), hits_soft_17, peek=False)["overall"])
    out = {f"bust-{k}": Fraction(0) for k in range(3, 8)}
    out["bust-8+"] = Fraction(0)
    for (result, k), p in overall.items():
        if result == "bust":
            out[f"bust-{k}" if k < 8 else "bust-8+"] += p
    out["no-bust"] = cast(Fraction, 1 - sum(out.values()))
    return out


def reference_ez_bust(value_counts: Sequence[int], hits_soft_17: bool, peek: bool = True,
                      upcard: Optional[str] = None) -> Fraction:
    """P(the dealer busts) for EZ Bust, from the reference dealer enumeration: given the up card
    (``"2"`` ... ``"6"``), or over the up cards 2 to 6 weighted by their numbers in the shoe."""
    from .dealer import Row, reference_dealer_table
    table = reference_dealer_table(list(value_counts), hits_soft_17, peek)
    ups = [upcard] if upcard else ["2", "3", "4", "5", "6"]
    weights = {u: value_counts[int(u) - 1] for u in ups if value_counts[int(u) - 1]}
    bust = {u: sum((p for (result, _), p in cast(Row, table[u]).items() if result == "bust"), Fraction(0))
            for u in weights}
    return sum((Fraction(weights[u], sum(weights.values())) * bust[u] for u in weights), Fraction(0))
