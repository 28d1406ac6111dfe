"""The dealer's drawing graph: every hand on which the dealer must still draw.

A dealer hand is its up card and the multiset of its cards; whether the dealer draws depends only
on that multiset (its hard total and whether it holds an ace), so hands reached by different orders
of the same cards share one node. Drawing a card leads to another live hand (a child node) or to a
final outcome: a total of 17 to 21, blackjack (two cards) or bust, with the number of cards. A
game that tells more results apart (Blackjack Switch keeps a dealer 22 apart) passes its own
results and classification of final hands to the same builder.

The graph does not depend on the shoe: a card the shoe lacks is simply drawn with weight zero by
the kernel. It depends only on whether the dealer hits soft 17.

>>> g = dealer_graph(hits_soft_17=False)
>>> g.max_cards >= 10, len(g.roots)
(True, 10)
>>> classify(hard=11, has_ace=True, ncards=2, hits_soft_17=False)
'blackjack'
>>> classify(hard=7, has_ace=True, ncards=3, hits_soft_17=False), classify(7, True, 3, True)
('17', None)
>>> def with_22(hard, has_ace, ncards, hits_soft_17):  # a dealer 22 apart from other busts
...     result = classify(hard, has_ace, ncards, hits_soft_17)
...     return "22" if result == "bust" and hard == 22 else result
>>> g22 = dealer_graph(False, RESULTS + ("22",), with_22)
>>> len(g22.depth) == len(g.depth), g22.unbucket(g22.bucket(10, "22", 3))
(True, (10, '22', 3))
"""
from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Optional

if TYPE_CHECKING:
    from .dealer_kernel import DealerKernel

RESULTS = ("17", "18", "19", "20", "21", "blackjack", "bust")
RESULT_INDEX = {r: i for i, r in enumerate(RESULTS)}
Classify = Callable[[int, bool, int, bool], Optional[str]]  # (hard, has_ace, ncards, hits_soft_17)


def classify(hard: int, has_ace: bool, ncards: int, hits_soft_17: bool) -> Optional[str]:
    """The final result of a dealer hand, or None if the dealer must draw again."""
    soft = has_ace and hard + 10 <= 21
    best = hard + 10 if soft else hard
    if best > 21:
        return "bust"
    if best == 21 and ncards == 2:
        return "blackjack"
    if best >= 18 or (best == 17 and not (hits_soft_17 and soft)):
        return str(best)
    return None


@dataclass(frozen=True)
class DealerGraph:
    """Arrays for the kernel (see ``ext/dealer_kernel.pyx``); nodes are in order of depth."""

    hits_soft_17: bool
    child: array  # int: child node of (node, value), or -1 when the draw ends the hand
    term: array  # int: outcome bucket of (node, value) when it ends the hand
    have: array  # int: cards of each value the node's hand holds, up card included
    depth: array  # int: cards in the node's hand
    roots: array  # int: node of the up card alone, for values 1..10
    max_cards: int  # most cards a final dealer hand can hold
    results: tuple[str, ...] = RESULTS  # the final results, in the order of the buckets

    @property
    def nbuckets(self) -> int:
        return 10 * len(self.results) * (self.max_cards + 1)

    def bucket(self, upcard: int, result: str, ncards: int) -> int:
        """Index of the bucket for an up card (1..10), a result and a number of cards."""
        row = (upcard - 1) * len(self.results) + self.results.index(result)
        return row * (self.max_cards + 1) + ncards

    def unbucket(self, b: int) -> tuple[int, str, int]:
        width = self.max_cards + 1
        ncards = b % width
        rest = b // width
        return rest // len(self.results) + 1, self.results[rest % len(self.results)], ncards


@lru_cache(maxsize=None)
def dealer_graph(hits_soft_17: bool, results: tuple[str, ...] = RESULTS,
                 classify: Classify = classify) -> DealerGraph:
    """Build (once per rule and classification) the graph of live dealer hands for every up card.

    ``classify(hard, has_ace, ncards, hits_soft_17)`` gives the result of a final hand, one of
    ``results`` (which holds "bust", the draws the kernel folds), or None while the dealer draws.
    """
    index: dict[tuple[int, tuple[int, ...]], int] = {}
    hands: list[tuple[int, tuple[int, ...]]] = []
    for up in range(1, 11):
        key = (up, tuple(1 if v == up else 0 for v in range(1, 11)))
        index[key] = len(hands)
        hands.append(key)
    edges = []  # per node: 10 entries of ("node", key) or ("end", result, ncards)
    i = 0
    while i < len(hands):  # breadth first, so nodes come in order of depth
        up, held = hands[i]
        hard = sum(v * n for v, n in zip(range(1, 11), held))
        ncards = sum(held)
        row: list[tuple] = []
        for v in range(1, 11):
            nxt = held[:v - 1] + (held[v - 1] + 1,) + held[v:]
            result = classify(hard + v, nxt[0] > 0, ncards + 1, hits_soft_17)
            if result is None:
                key = (up, nxt)
                if key not in index:
                    index[key] = len(hands)
                    hands.append(key)
                row.append(("node", index[key]))
            else:
                row.append(("end", result, ncards + 1))
        edges.append(row)
        i += 1
    max_cards = max(e[2] for row in edges for e in row if e[0] == "end")
    g = DealerGraph(hits_soft_17, array("i"), array("i"), array("i"), array("i"), array("i"), max_cards, results)
    for (up, held), row in zip(hands, edges):
        g.depth.append(sum(held))
        g.have.extend(held)
        for e in row:
            if e[0] == "node":
                g.child.append(e[1])
                g.term.append(0)
            else:
                g.child.append(-1)
                g.term.append(g.bucket(up, e[1], e[2]))
    g.roots.extend(index[(up, tuple(1 if v == up else 0 for v in range(1, 11)))] for up in range(1, 11))
    return g


@lru_cache(maxsize=None)
def dealer_kernel(hits_soft_17: bool, results: tuple[str, ...] = RESULTS,
                  classify: Classify = classify) -> DealerKernel:
    """The compiled kernel loaded with the graph :func:`dealer_graph` builds from the same
    arguments (built once)."""
    from .kernels import dealer_kernel as ext

    g = dealer_graph(hits_soft_17, results, classify)
    return ext.DealerKernel(g.child, g.term, g.have, g.depth, g.roots, g.nbuckets, len(results),
                            g.max_cards + 1, results.index("bust"))


@lru_cache(maxsize=None)
def bucket_keys(hits_soft_17: bool) -> tuple[tuple[tuple[int, tuple[str, int]], ...], ...]:
    """For each up card (index 0..9), the buckets its hands can end in, as ``(bucket, (result,
    cards))`` pairs."""
    g = dealer_graph(hits_soft_17)
    seen = sorted({t for t, ch in zip(g.term, g.child) if ch < 0})
    rows: list[list] = [[] for _ in range(10)]
    for b in seen:
        up, result, k = g.unbucket(b)
        rows[up - 1].append((b, (result, k)))
    return tuple(tuple(r) for r in rows)
