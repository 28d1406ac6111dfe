"""Exact distribution of the dealer's final hand over a finite shoe.

For each up card: the probability of every final result (17 to 21, blackjack, bust) jointly with
the number of cards in the dealer's hand, given that up card, and (with peek) given no dealer
blackjack under an ace or ten-value. Overall: averaged over the up card, blackjack kept.

>>> from odds import Shoe, DealerRules
>>> t = dealer_table(Shoe.decks(1), DealerRules.parse("S17"))
>>> t.by_upcard["6"].final()["bust"]
Fraction(1148419537, 2728984500)
>>> t.by_upcard["6"].bust_by_cards()[3]
Fraction(404, 1275)
>>> sum(t.overall.final().values())
Fraction(1, 1)

Float mode, for simulators, gives the same numbers as floats:

>>> f = dealer_table(Shoe.decks(1), DealerRules.parse("S17"), exact=False)
>>> abs(f.by_upcard["6"].final()["bust"] - 1148419537 / 2728984500) < 1e-15
True

A simulator that wants only every up card's final results, many times a second, has
:func:`dealer_rows` fill its own array (no Python object is built; blackjack kept, no peek; a row of
zeros for an up card the shoe lacks):

>>> import numpy
>>> rows = numpy.empty((10, 7))  # up cards A..T by 17, 18, 19, 20, 21, blackjack, bust
>>> dealer_rows(Shoe.decks(1).by_value(), rows, False)
>>> abs(float(rows[5, 6]) - 1148419537 / 2728984500) < 1e-15
True
"""
from __future__ import annotations

from array import array
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from math import perm
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Optional, Sequence, Union, cast


from odds.core.cards import parse_card, value_label
from .dealer_graph import RESULT_INDEX, RESULTS, bucket_keys, dealer_graph, dealer_kernel
from .kernels import dealer_kernel as _compiled
from odds.core.display import data_frame, html_table
from odds.core.errors import EngineError, require_bool, require_type
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe

if TYPE_CHECKING:
    from .dealer_kernel import DealerKernel

UPCARDS = tuple(value_label(v) for v in range(1, 11))  # 'A', '2', ..., '9', 'T'

dealer_rows = _compiled.dealer_rows
"""``dealer_rows(counts, out, hits_soft_17=False)``: every up card's final results in floats,
written into ``out`` (a writable C-contiguous float64 array of 70, say of shape (10, 7)); see
``odds/engine/dealer_kernel.pyi``. The straight-line propagation compiled from the dealer's graph."""
dealer_expectation = _compiled.dealer_expectation
"""``dealer_expectation(counts, weights, hits_soft_17=False)``: the expectation of
``weights[up card, result, cards]`` (float64, 10 x 7 x 14) over the dealer's hand, in floats."""
DealerWeights = _compiled.DealerWeights
"""``DealerWeights(weights, hits_soft_17=False)(counts)``: :data:`dealer_expectation` with its
weights prepared once (one coefficient a final hand of the dealer), for a simulator's many shoes."""
Number = Union[Fraction, float]


class DealerDistribution:
    """Joint probabilities of (result, number of cards) for one dealer hand.

    ``joint[(result, ncards)]`` with ``result`` in ``RESULTS``; absent keys have probability 0.
    """

    __slots__ = ("_joint", "_final")

    def __init__(self, joint: Union[Mapping[tuple[str, int], Number], Callable[[], Mapping[tuple[str, int], Number]]],
                 final: Optional[Mapping[str, Number]] = None) -> None:
        """``joint``: the mapping, or (with ``final`` given) a function that builds it on demand."""
        self._joint = joint if callable(joint) else MappingProxyType(dict(joint))
        if final is None:
            joint = cast("Mapping[tuple[str, int], Number]", joint)
            zero = _zero_like(joint.values())
            acc = dict.fromkeys(RESULTS, zero)
            for (r, _), p in joint.items():
                acc[r] += p
            final = acc
        self._final = MappingProxyType(dict(final))

    @property
    def joint(self) -> Mapping[tuple[str, int], Number]:
        if callable(self._joint):
            self._joint = MappingProxyType(dict(self._joint()))
        return self._joint

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealerDistribution) and dict(self.joint) == dict(other.joint)

    def __repr__(self) -> str:
        return f"DealerDistribution({dict(self.joint)!r})"

    def probability(self, result: str, ncards: Optional[int] = None) -> Number:
        """P(result), or P(result with exactly ncards cards)."""
        if ncards is None:
            return self._final[result]
        return self.joint.get((result, ncards), _zero_like(self._final.values()))

    def final(self) -> dict[str, Number]:
        """Probability of each result, every result present."""
        return dict(self._final)

    def bust_by_cards(self) -> dict[int, Number]:
        """P(bust with exactly k cards) for k = 3 up to the most cards a bust here can hold."""
        zero = _zero_like(self._final.values())
        ks = [k for (r, k), p in self.joint.items() if r == "bust" and p]
        return {k: self.joint.get(("bust", k), zero) for k in range(3, max(ks, default=2) + 1)}

    def total(self) -> Number:
        return sum(self._final.values(), _zero_like(self._final.values()))


def _zero_like(values: Iterable[Number]) -> Number:
    return 0.0 if any(isinstance(p, float) for p in values) else Fraction(0)


class _LazyRows(Mapping):
    """A read-only mapping whose values are built on first access."""

    def __init__(self, keys: Iterable[str], build: Callable[[str], Optional[DealerDistribution]]) -> None:
        self._keys, self._build = tuple(keys), build
        self._done: dict = {}

    def __getitem__(self, key: str) -> Optional[DealerDistribution]:
        if key not in self._keys:
            raise KeyError(key)
        if key not in self._done:
            self._done[key] = self._build(key)
        return self._done[key]

    def __iter__(self) -> Iterator:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


class DealerTable:
    """The dealer's distribution for every up card and overall, for one shoe and rule set.

    ``by_upcard[label]`` (labels ``'A'``, ``'2'``, ..., ``'T'``) is None when the shoe holds no card
    of that value, or (with peek) when that up card always makes a blackjack. ``overall`` is the
    distribution of the dealer's final hand before the up card is seen, blackjack kept.
    """

    def __init__(self, counts: tuple[int, ...], rules: DealerRules, exact: bool,
                 by_upcard: Mapping[str, Optional[DealerDistribution]], overall: DealerDistribution) -> None:
        self.counts = counts  # the shoe by point value, ace first
        self.rules = rules
        self.exact = exact
        self.by_upcard = by_upcard
        self.overall = overall

    @cached_property
    def upcard_probability(self) -> Mapping[str, Number]:
        """The chance of each up card, by label."""
        total = sum(self.counts)
        return MappingProxyType({value_label(v): (Fraction(self.counts[v - 1], total) if self.exact
                                                  else self.counts[v - 1] / total) for v in range(1, 11)})

    def _rows(self) -> list:
        """(up card, its final distribution): every up card, then ``overall``."""
        return [(u, d) for u, d in self.by_upcard.items()] + [("overall", self.overall)]

    def __repr__(self) -> str:
        return (f"<DealerTable {sum(self.counts)} cards, {self.rules.name}{'' if self.rules.peek else ' no peek'}, "
                f"{'exact' if self.exact else 'float'}: P(bust) {float(self.overall.probability('bust')):.6f} "
                "overall>")

    def _repr_html_(self) -> str:
        results = list(self.overall.final())
        rows = [[u] + (["-"] * len(results) if d is None else [f"{float(d.final()[r]):.6f}" for r in results])
                for u, d in self._rows()]
        return html_table(["up card", *results], rows, f"dealer's final hand, {sum(self.counts)} cards, "
                                                        f"{self.rules.name}", right=range(1, len(results) + 1))

    def to_frame(self, exact: bool = False) -> Any:
        """A row per up card (and ``overall``), a column per final result as floats (NaN for an up
        card the shoe lacks); with ``exact`` (a table computed exact), the Fractions in their own
        columns too (``bust_exact``, ...). The shoe and rules are in ``frame.attrs``."""
        if exact and not self.exact:
            raise EngineError("to_frame(exact=True) needs a table computed exact (dealer_table(..., exact=True))")
        results = list(self.overall.final())
        columns = ["upcard", *results, *(f"{r}_exact" for r in results if exact)]
        rows = []
        for u, d in self._rows():
            final = d.final() if d is not None else {}
            rows.append([u, *(float(final[r]) if d is not None else float("nan") for r in results),
                         *(final.get(r) for r in results if exact)])
        frame = data_frame(columns, rows)
        frame.attrs.update({"cards": sum(self.counts), "counts_by_value": list(self.counts), "rules": self.rules.name,
                            "peek": self.rules.peek, "exact": self.exact})
        return frame


def _peek(joint: dict, up: int, rules: DealerRules) -> Optional[dict]:
    """Condition an ace or ten row on no dealer blackjack (peek); None if it is certain."""
    if not (rules.peek and up in (1, 10)):
        return joint
    p_bj = joint.pop(("blackjack", 2), 0)
    if p_bj == 1:
        return None
    return {key: p / (1 - p_bj) for key, p in joint.items()} if p_bj else joint


def _starved(kernel: DealerKernel, counts: Sequence[int], node: int) -> EngineError:
    return EngineError(f"the shoe ({sum(counts)} cards) can run out before the dealer finishes a "
                       f"hand with up card {value_label(kernel.upcard_of(node) + 1)}")


def _exact_buckets(counts: Sequence[int], hits_soft_17: bool) -> list[int]:
    """The kernel's integer numerator of every bucket for this shoe (an error if it can run out)."""
    kernel = dealer_kernel(hits_soft_17)
    nums, starved = kernel.exact(counts, sum(counts))
    if starved >= 0:
        raise _starved(kernel, counts, starved)
    return nums


def _exact_table(counts: tuple[int, ...], rules: DealerRules) -> DealerTable:
    total = sum(counts)
    nums = _exact_buckets(counts, rules.hits_soft_17)
    rows: dict[str, Optional[DealerDistribution]] = {}
    over: dict[tuple[str, int], int] = {}
    for up, keys in enumerate(bucket_keys(rules.hits_soft_17), start=1):
        joint: dict = {}
        for b, key in keys:
            if nums[b]:
                joint[key] = Fraction(nums[b], perm(total - 1, key[1] - 1))
                over[key] = over.get(key, 0) + counts[up - 1] * nums[b]
        seen = _peek(joint, up, rules) if counts[up - 1] else None
        rows[value_label(up)] = None if seen is None else DealerDistribution(seen)
    overall = DealerDistribution({key: Fraction(n, perm(total, key[1])) for key, n in over.items()})
    return DealerTable(counts, rules, True, MappingProxyType(rows), overall)


def _float_table(counts: tuple[int, ...], rules: DealerRules) -> DealerTable:
    """The float table: every up card's final results and the overall ones from one compiled call
    (the straight-line code of ``dealer_table_rows``); the joint (result, cards) of a row from the
    general kernel, run once the first time a row's joint is read."""
    n = len(RESULTS)
    finals = array("d", bytes(8 * 11 * n))
    _compiled.dealer_table_rows(counts, finals, rules.hits_soft_17)
    keys = bucket_keys(rules.hits_soft_17)

    @cache
    def buckets() -> array:
        out = array("d", bytes(8 * dealer_graph(rules.hits_soft_17).nbuckets))
        dealer_kernel(rules.hits_soft_17).floats(counts, sum(counts), out, array("d", bytes(8 * 11 * n)))
        return out

    def row(label: str) -> Optional[DealerDistribution]:
        up = UPCARDS.index(label) + 1
        if not counts[up - 1]:
            return None
        final = dict(zip(RESULTS, finals[(up - 1) * n:up * n]))
        p_bj = final["blackjack"] if rules.peek and up in (1, 10) else 0.0
        if p_bj == 1.0:
            return None

        def joint() -> dict[tuple[str, int], Number]:
            b = buckets()
            j: dict[tuple[str, int], Number] = {key: b[i] for i, key in keys[up - 1] if b[i]}
            return cast("dict[tuple[str, int], Number]", _peek(j, up, rules))  # not None: p_bj < 1

        if p_bj:
            final = {r: (0.0 if r == "blackjack" else p / (1 - p_bj)) for r, p in final.items()}
        return DealerDistribution(joint, final)

    def overall_joint() -> dict:
        b, total = buckets(), sum(counts)
        joint: dict = {}
        for up, row_keys in enumerate(keys, start=1):
            for i, key in row_keys:
                if b[i]:
                    joint[key] = joint.get(key, 0.0) + b[i] * counts[up - 1] / total
        return joint

    overall = DealerDistribution(overall_joint, dict(zip(RESULTS, finals[10 * n:11 * n])))
    return DealerTable(counts, rules, False, _LazyRows(UPCARDS, row), overall)


@lru_cache(maxsize=4096)
def _table(counts: tuple[int, ...], rules: DealerRules, exact: bool) -> DealerTable:
    if sum(counts) < 2:
        raise EngineError(f"the shoe holds {sum(counts)} card(s); a dealer hand needs at least 2")
    return _exact_table(counts, rules) if exact else _float_table(counts, rules)


def dealer_table(shoe: Shoe, rules: DealerRules = DealerRules(), *, exact: bool = True) -> DealerTable:
    """The dealer's distribution for every up card and overall, from ``shoe`` as it stands.

    Exact results are :class:`fractions.Fraction`; ``exact=False`` gives floats (the same numbers,
    rounded), built lazily per up card. Repeated calls with the same composition and rules are
    answered from a cache.
    """
    require_type("shoe", shoe, Shoe, "Shoe.decks(6)")
    require_type("rules", rules, DealerRules, "DealerRules.parse('H17')")
    require_bool("exact", exact)
    return _table(shoe.by_value(), rules, exact)


def dealer_distribution(shoe: Shoe, upcard: str, rules: DealerRules = DealerRules(), *,
                        exact: bool = True, upcard_dealt: bool = False) -> Optional[DealerDistribution]:
    """The dealer's distribution given one up card (``'A'``, ``'2'``, ..., ``'T'``; J/Q/K mean T).

    By default ``shoe`` still holds the up card (the shoe before the deal); with
    ``upcard_dealt=True`` the up card has already been taken out of ``shoe``.

    >>> d = dealer_distribution(Shoe.decks(6).remove("6"), "6", upcard_dealt=True)
    >>> d == dealer_distribution(Shoe.decks(6), "6")
    True
    """
    require_type("shoe", shoe, Shoe, "Shoe.decks(6)")
    require_type("rules", rules, DealerRules, "DealerRules.parse('H17')")
    require_bool("exact", exact)
    require_bool("upcard_dealt", upcard_dealt)
    v = parse_card(upcard).value
    counts = list(shoe.by_value())
    if upcard_dealt:
        counts[v - 1] += 1
    elif not counts[v - 1]:
        raise EngineError(f"the shoe holds no {value_label(v)} to be the up card")
    return _table(tuple(counts), rules, bool(exact)).by_upcard[value_label(v)]


@lru_cache(maxsize=4096)
def dealer_finals(counts: tuple[int, ...], hits_soft_17: bool, exact: bool = True) -> tuple:
    """The dealer's final results for every up card, no peek, blackjack kept: for up card values
    1..10, a tuple ``(P17, P18, P19, P20, P21, Pblackjack, Pbust)`` (exact: ``gmpy2.mpq``), or
    None when the shoe holds no such card. A lean call for engines that need only the final
    totals.

    >>> f = dealer_finals(Shoe.decks(1).by_value(), False)
    >>> f[5][6] == dealer_table(Shoe.decks(1)).by_upcard["6"].final()["bust"]
    True
    """
    total = sum(counts)
    if total < 2:
        raise EngineError(f"the shoe holds {total} card(s); a dealer hand needs at least 2")
    g = dealer_graph(hits_soft_17)
    kernel = dealer_kernel(hits_soft_17)
    n = len(RESULTS)
    if not exact:
        buckets = array("d", bytes(8 * g.nbuckets))
        finals = array("d", bytes(8 * 11 * n))
        starved = kernel.floats(counts, total, buckets, finals)
        if starved >= 0:
            raise _starved(kernel, counts, starved)
        return tuple(tuple(finals[u * n:(u + 1) * n]) if counts[u] else None for u in range(10))
    return exact_rows(_exact_buckets(counts, hits_soft_17), counts, total, g.max_cards + 1, n)


def dealer_busts(counts: tuple[int, ...], hits_soft_17: bool) -> tuple:
    """The dealer's chance of busting for every up card, no peek (the bust column of
    :func:`dealer_finals`, exact ``gmpy2.mpq``; None where the shoe holds no such card), summed
    from the kernel's buckets of the bust alone: for callers that need many shoes.

    >>> ones = Shoe.decks(1).by_value()
    >>> [dealer_busts(ones, True)[u] == dealer_finals(ones, True)[u][6] for u in (0, 5, 9)]
    [True, True, True]
    """
    from gmpy2 import mpq  # here, not at the top: the command line starts without it
    total = sum(counts)
    if total < 2:
        raise EngineError(f"the shoe holds {total} card(s); a dealer hand needs at least 2")
    width, n = dealer_graph(hits_soft_17).max_cards + 1, len(RESULTS)
    nums = _exact_buckets(counts, hits_soft_17)
    bust = RESULT_INDEX["bust"]
    out = []
    for u in range(10):
        first = (u * n + bust) * width  # the bucket of k cards is first + k
        out.append(sum((mpq(nums[first + k], perm(total - 1, k - 1)) for k in range(1, width) if nums[first + k]),
                       mpq(0)) if counts[u] else None)
    return tuple(out)


def exact_rows(nums: Sequence[int], counts: Sequence[int], total: int, width: int, n: int) -> tuple:
    """The kernel's exact bucket counts (``width`` card counts for each of the ``n`` results of
    each up card) as one row of ``n`` rationals per up card (None where the shoe holds none).
    Every bucket is brought to the common denominator (total-1)(total-2)...(total-K+1), K the most
    cards any dealer hand from this shoe holds (never more than the shoe has)."""
    from gmpy2 import mpq
    most = max((b % width for b, num in enumerate(nums) if num), default=2)
    scale = [perm(total - k, most - k) if k <= most else 0 for k in range(width)]
    denominator = perm(total - 1, most - 1)
    sums = [0] * (10 * n)
    for b, num in enumerate(nums):
        if num:
            sums[b // width] += num * scale[b % width]
    return tuple(tuple(mpq(s, denominator) for s in sums[u * n:(u + 1) * n]) if counts[u] else None
                 for u in range(10))
