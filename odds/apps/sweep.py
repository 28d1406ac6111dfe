"""Shoe-state sweeps: how beatable a side wager is by card counting.

Shoes are dealt as a table deals them, and before every round the wager's return is taken for the
cards not yet seen (:mod:`odds.wagers.shoe_returns`). Over many shoes that gives the distribution of the
return through the shoe, the share of rounds in which the player has the edge, and what a counter
gains by betting only when a count says so.

The deal
    ``decks`` decks shuffled with :class:`random.Random`; shoe ``i`` of a sweep with seed ``S``
    uses the seed drawn from ``numpy.random.SeedSequence(S, spawn_key=(i,))``, so a shoe's cards
    do not depend on how the shoes are split into chunks or workers. Each round: one card to each
    of ``spots`` spots and to the dealer, then a second to each; with peek, a dealer blackjack
    ends the round; otherwise each spot plays hit-or-stand basic strategy without doubling,
    splitting or surrender (stand on hard 17+, hard 13-16 against 2-6, hard 12 against 4-6, soft
    19+, soft 18 except against 9, ten or ace; hit otherwise), and when EZ Bust is priced as played
    a spot also splits pairs once (:data:`SPLIT`); then the dealer completes his hand
    by his rule (always, as Buster's 633c.13(f) requires). A new round starts while fewer cards
    than the cut card's place (``penetration`` of the shoe) have been dealt. Every dealt card is
    seen; there is no burn card (a card burned unseen is to the counter a card still in the shoe).
    The players' play only decides which cards leave the shoe.

The return
    Per unit wagered, for the shoe of unseen cards, exact (:class:`fractions.Fraction`) or from
    the float twin; a round is a player edge when the return is > 0, a return of exactly 0 is
    not. In float arithmetic a return within ``1e-9`` of 0 is recomputed exactly to decide that.
    EZ Bust is offered only on an up card of 2 to 6 and is placed after that up card is seen
    (633b.16(c)); the sweep takes its return before the deal (the player bets every time it is
    offered), and counts a round's value as the chance it is offered times that return.

The count
    Effects of removal (EoR) are exact, from the full shoe: the return with one card removed less
    the full shoe's. The count's tag of a rank is ``round(L * EoR(rank) / max |EoR|)`` (half away
    from zero), EoR(rank) the mean over its suits, at the level L of 1, 2 or 3 with the highest
    betting correlation (ties: the lower). The betting correlation is the correlation of the tags
    and the EoRs over the 52 cards of the full shoe. The true count is balanced: ``TC = 52 (RC -
    m t) / N``, RC the sum of the tags of the m cards seen, t the mean tag of the full shoe and N
    the cards left. The linear estimate of the return is ``R0 + (N0 - 1) u (RC - m t) / N`` with
    ``u`` the least-squares slope of the EoRs on the tags (exact when the return is linear in the
    composition), so the counter bets when ``TC > -52 R0 / ((N0 - 1) u)``, the threshold where the
    estimate turns positive (a linear estimate, not read from the sweep). The sweep also reports
    the in-sample best threshold on a half-unit grid, and a player who knows the exact return.

Sums are exact: every float is added as an integer multiple of ``2**-1074``, so the totals do
not depend on the order of the rounds, the chunks or the workers.

>>> spec = SweepSpec("21+3", "C", 6, "S17", shoes=4, seed=1)
>>> a = run_sweep(spec, workers=0)
>>> b = run_sweep(dataclasses.replace(spec, chunk=1), workers=0)
>>> a.tally == b.tally, a.tally.shoes
(True, 4)
"""
from __future__ import annotations

import contextlib
import dataclasses
import itertools
import logging
import math
import os
import random
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator, Optional, Sequence, TextIO, Union

import numpy

from odds.core.errors import EngineError, InternalError, OddsError, option, shown
from odds.core.interrupts import WORKERS_PER_CORE, max_workers, workers_ignore_interrupts
from odds.core.progress import LONG_RUN, bar
from odds.wagers import WAGERS
from odds.wagers.paytables import builtin_paytables
from odds.core.rules import DealerRules
from odds.core.shoe import MAX_DECKS
from odds.wagers.shoe_returns import TIE_BAND, ShoeReturn, shoe_return, streak_wagers, swept_wagers

from .sweep_checkpoint import Checkpoint

HIST_WIDTH = Fraction(1, 10000)  # bins of the return's histogram (0.01 percentage point)
DEPTH_BINS = 10  # the shoe's depth in tenths of the cards dealt
TC_STEP = Fraction(1, 2)  # bins of the true count
MIN_BEHIND_CUT = 13  # cards behind the cut card, so the dealer can always finish his hand
MAX_SPOTS = 7
VALUE = tuple(min(c // 4 + 1, 10) for c in range(52))  # point value of each card index (ace 1)
FIX = 1074  # floats are summed as integers times 2**-FIX (exact for every finite double)
MAX_SHOES = 10 ** 10  # the most shoes a sweep deals (and a chunk holds): a study of years on a cluster
WINDOW_PER_WORKER = 2  # chunks in flight on a Dask cluster, a worker thread: the rest wait, unbuilt


class SweepError(OddsError):
    """A sweep that cannot run as asked (bad parameters, an unreachable scheduler)."""


@dataclass(frozen=True)
class SweepSpec:
    """What a sweep computes. ``pays`` defaults to the built-in paytable ``paytable``."""

    wager: str
    paytable: str
    decks: int
    rule: str = "S17"
    shoes: int = 1000
    penetration: Fraction = Fraction(3, 4)
    spots: int = 5
    seed: int = 0
    chunk: int = 100
    level: Optional[int] = None  # the count's level; None: the best of 1, 2, 3
    arithmetic: str = "auto"  # auto, exact or float
    peek: bool = True
    pays: Optional[tuple[tuple[str, Fraction], ...]] = None
    cap: Optional[str] = None  # the twenty-point bonus's aggregate payout limit, shared by every spot betting
    visible: Optional[str] = None  # EZ Bust placed after the up card: "own" (a spot's cards) or "table" (every spot's)
    streak: Optional[int] = None  # a wager on wins in a row: its length (default 2)
    game: tuple[tuple[str, Any], ...] = ()  # a wager on wins in a row: the main game's rules of play, e.g. split_hands
    # a defined wager: its definition file and that file's SHA-256 (every process reads the same file)
    wager_file: Optional[tuple[str, str]] = None
    # every round takes this many cards (the players' play ignored): the model of the exact count
    # (odds.apps.sweep_exact), dealt, to hold its figures to; None: rounds as played
    round_cards: Optional[int] = None

    def __post_init__(self) -> None:
        if self.wager_file is not None:
            defined_wager(self)
        if self.wager not in swept_wagers():
            raise SweepError(f"sweep computes {', '.join(swept_wagers())}, not {self.wager!r}")
        for name, most in (("decks", MAX_DECKS), ("shoes", MAX_SHOES), ("spots", MAX_SPOTS), ("chunk", MAX_SHOES)):
            n = getattr(self, name)
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise SweepError(f"{name} must be a whole number of at least 1, got {shown(n)}")
            if n > most:
                raise SweepError(f"{name} must be at most {most:,}, got {shown(n)}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise SweepError(f"seed must be a whole number >= 0, got {shown(self.seed)}")
        try:
            pen = Fraction(self.penetration)
        except (TypeError, ValueError, OverflowError):  # nan, inf, text
            raise SweepError(f"penetration must be a number more than 0 and at most 1, got "
                             f"{shown(self.penetration)}") from None
        if not 0 < pen <= 1:
            raise SweepError(f"penetration must be more than 0 and at most 1, got {_number(pen)}")
        if self.cut < 1:
            raise SweepError(f"penetration {float(pen):g} puts the cut card before the first card of a "
                             f"{self.decks}-deck shoe: no round would be dealt (at least 1/{self.cards})")
        if self.cards - self.cut < MIN_BEHIND_CUT:
            raise SweepError(f"penetration {float(pen):g} leaves {self.cards - self.cut} card(s) behind the cut "
                             f"card of a {self.decks}-deck shoe; at least {MIN_BEHIND_CUT} are needed")
        if self.level not in (None, 1, 2, 3):
            raise SweepError(f"the count's level must be 1, 2 or 3, got {self.level!r}")
        if self.visible not in (None, "own", "table"):
            raise SweepError(f"the cards an EZ Bust player sees are own or table, not {self.visible!r}")
        if self.visible is not None and self.wager != "ez-bust":
            raise SweepError("visible cards are weighed for ez-bust only (placed after the up card, 633b.16(c))")
        if self.streak is not None and self.wager not in streak_wagers():
            raise SweepError(f"a streak length is for {' and '.join(streak_wagers())}, not {self.wager}")
        if self.wager not in streak_wagers() and set(dict(self.game)) - set(WAGERS[self.wager].shoe_return_options):
            raise SweepError(f"rules of play of the main game are for {' and '.join(streak_wagers())}, "
                             f"not {self.wager}")
        unknown = sorted(set(dict(self.game)) - set(WAGERS[self.wager].shoe_return_options) - {"streak"})
        if unknown:
            raise SweepError(f"{self.wager} is swept with no option {unknown[0]!r}")
        if self.round_cards is not None and (isinstance(self.round_cards, bool) or not isinstance(self.round_cards, int)
                                             or not 1 <= self.round_cards <= self.cut):
            raise SweepError(f"round_cards must be a whole number from 1 to the cut card's {self.cut}, got "
                             f"{shown(self.round_cards)}")
        if self.round_cards is not None and self.visible is not None:
            raise SweepError("rounds of a fixed number of cards have no play to see: not with visible")
        if self.arithmetic not in ("auto", "exact", "float"):
            raise SweepError(f"arithmetic must be auto, exact or float, got {self.arithmetic!r}")
        DealerRules.parse(self.rule)

    @property
    def cards(self) -> int:
        return 52 * self.decks

    @property
    def cut(self) -> int:
        """Rounds start while fewer cards than this have been dealt."""
        return math.floor(Fraction(self.penetration) * self.cards)

    @property
    def rules(self) -> DealerRules:
        return DealerRules.parse(self.rule, peek=self.peek)

    @property
    def pay_table(self) -> dict[str, Fraction]:
        if self.pays is not None:
            return dict(self.pays)
        book = builtin_paytables(self.wager)
        if self.paytable not in book.tables:
            raise SweepError(f"{self.wager} has no paytable {self.paytable!r} (it has {', '.join(book.tables)})")
        table = book.tables[self.paytable]
        if table.meter_pays:
            raise SweepError(f"{self.wager} paytable {self.paytable} pays from meters: give its pays at given "
                             "meters (odds.wagers.sevens.pays_at_meters; --meter on the command line)")
        return dict(table.pays)

    @property
    def exact(self) -> bool:
        """Whether rounds are computed in exact arithmetic: ``auto`` takes exact where it costs no
        more than floats (the closed forms of 21+3 and the twenty-point bonus)."""
        if self.arithmetic == "auto":
            return self.wager in ("21+3", "twenty-point-bonus")
        return self.arithmetic == "exact"


def _number(x: Fraction) -> str:
    """A number for a message, however large or small (``1e5000`` has no float, nor a short text).

    >>> _number(Fraction(3, 4)), _number(Fraction(10) ** 5000), _number(-Fraction(10) ** 400)
    ('0.75', 'more than 10^9', 'less than -10^9')
    """
    if abs(x) > 10 ** 9:
        return "more than 10^9" if x > 0 else "less than -10^9"
    return f"{float(x):g}"


def defined_wager(spec: SweepSpec) -> None:
    """Register the wager ``spec.wager_file`` defines in this process (a worker's too), refusing a
    file that is not the one the sweep was planned with."""
    from odds.wagers.defined import load_wager_file
    assert spec.wager_file is not None
    path, sha256 = spec.wager_file
    wager = load_wager_file(path)
    if wager.name != spec.wager or (wager.defined.sha256 != sha256 and sha256):
        raise SweepError(f"{path}: the definition file changed while the sweep ran")


@lru_cache(maxsize=8)
def evaluator(spec: SweepSpec) -> ShoeReturn:
    """The wager's :class:`~odds.pricing.shoe_returns.ShoeReturn` (built once per process)."""
    if spec.wager_file is not None:
        defined_wager(spec)
    options = dict(spec.game)
    if spec.cap is not None:
        options.update(cap=spec.cap, spots=spec.spots)
    if spec.streak is not None:
        options.update(streak=spec.streak)
    return shoe_return(spec.wager, spec.pay_table, spec.rules, **options)


# ------------------------------------------------------------------------------- the count (exact)

def _round_half_away(x: Fraction) -> int:
    n = math.floor(abs(x) + Fraction(1, 2))
    return n if x >= 0 else -n


def _correlation(xs: Sequence[Fraction], ys: Sequence[Fraction]) -> float:
    """Pearson correlation of two equally weighted lists of rationals (0 if one is constant)."""
    mx, my = sum(xs, Fraction(0)) / len(xs), sum(ys, Fraction(0)) / len(ys)
    sxy = sum(((x - mx) * (y - my) for x, y in zip(xs, ys)), Fraction(0))
    sxx = sum(((x - mx) ** 2 for x in xs), Fraction(0))
    syy = sum(((y - my) ** 2 for y in ys), Fraction(0))
    return float(sxy) / math.sqrt(float(sxx) * float(syy)) if sxx and syy else 0.0


@dataclass(frozen=True)
class Plan:
    """Everything exact about a sweep, computed before any shoe is dealt."""

    full_return: Fraction
    full_offered: Fraction
    eor_card: tuple[Fraction, ...]  # 52, rank major
    eor_rank: tuple[Fraction, ...]  # 13, the mean over the suits
    eor_sum: Fraction  # sum over the full shoe's cards of EoR (0 when the return is an expectation)
    levels: dict  # level -> (tags by rank, betting correlation)
    level: int
    tags: tuple[int, ...]  # by rank
    mean_tag: Fraction
    unit: Fraction  # u: EoR per tag, least squares
    slope: Optional[Fraction]  # the linear estimate's return per unit of true count
    threshold: Optional[Fraction]  # true count above which the linear estimate is > 0

    @property
    def betting_correlation(self) -> float:
        return self.levels[self.level][1]


ExactReturns = tuple[Fraction, Fraction, tuple[Fraction, ...]]


def exact_returns(spec: SweepSpec) -> ExactReturns:
    """The full shoe's return and chance the wager is offered, and each card's effect of removal."""
    ev = evaluator(spec)
    full = [spec.decks] * 52
    with bar(53, f"{spec.wager}: exact effects of removal", "shoe") as shown:
        r0, q0 = ev.exact(full)
        shown.update(1)
        eor_card = []
        for i in range(52):
            less = list(full)
            less[i] -= 1
            eor_card.append(ev.exact(less)[0] - r0)
            shown.update(1)
    return r0, q0, tuple(eor_card)


def _kept_returns(spec: SweepSpec, store: Checkpoint) -> ExactReturns:
    """:func:`exact_returns`, read from the checkpoint or computed and kept there."""
    kept = store.read("exact-returns", lambda kept: (Fraction(kept[0]), Fraction(kept[1]),
                                                     tuple(Fraction(e) for e in kept[2])))
    if kept is None:
        kept = exact_returns(spec)
        r0, q0, eor_card = kept
        store.write("exact-returns", [str(r0), str(q0), [str(e) for e in eor_card]])
    return kept


def make_plan(spec: SweepSpec, returns: Optional[ExactReturns] = None) -> Plan:
    """The count and its threshold, from ``returns`` (default: :func:`exact_returns`)."""
    r0, q0, eor_card = returns or exact_returns(spec)
    eor_rank = tuple(sum(eor_card[4 * r:4 * r + 4], Fraction(0)) / 4 for r in range(13))
    biggest = max(abs(e) for e in eor_rank)
    levels = {}
    for level in (1, 2, 3):
        tags = tuple(_round_half_away(level * e / biggest) if biggest else 0 for e in eor_rank)
        levels[level] = (tags, _correlation([Fraction(tags[i // 4]) for i in range(52)], eor_card))
    level = spec.level or max((1, 2, 3), key=lambda k: (levels[k][1], -k))
    tags = levels[level][0]
    mean_tag = Fraction(sum(tags), 13)
    centred = [tags[i // 4] - mean_tag for i in range(52)]
    spread = sum((t * t for t in centred), Fraction(0))
    unit = sum((t * e for t, e in zip(centred, eor_card)), Fraction(0)) / spread if spread else Fraction(0)
    n0 = spec.cards
    slope = (n0 - 1) * unit / 52 if unit else None  # return per unit of true count
    threshold = -r0 / slope if slope else None
    return Plan(r0, q0, tuple(eor_card), eor_rank, sum(eor_card, Fraction(0)) * spec.decks, levels, level,
                tags, mean_tag, unit, slope, threshold)


# ----------------------------------------------------------------------------------- the deal

def _hit_table() -> dict:
    """(soft, total, up card value) -> hit? for the spots' hit-or-stand basic strategy."""
    table = {}
    for up in range(1, 11):
        strong = up in (1, 7, 8, 9, 10)  # the dealer's up card is 7 to ace
        for total in range(2, 32):
            table[(False, total, up)] = (total <= 11 or (total == 12 and up not in (4, 5, 6))
                                         or (total <= 16 and strong))
            table[(True, total, up)] = total <= 17 or (total == 18 and up in (1, 9, 10))
    return table


HIT = _hit_table()
# (soft, total, up card value) -> the dealer draws? for each rule (hits soft 17 or not).
DEALER_HITS = {h17: {(soft, total, up): total < 17 or (total == 17 and soft and h17)
                     for soft in (False, True) for total in range(2, 32) for up in range(1, 11)}
               for h17 in (False, True)}
# The pairs a spot splits (once, no double after split) when the sweep prices EZ Bust as played:
# pair value -> the up cards it is split against (multi-deck basic strategy without DAS).
SPLIT = {1: set(range(1, 11)), 8: set(range(1, 11)), 2: {4, 5, 6, 7}, 3: {4, 5, 6, 7}, 6: {3, 4, 5, 6},
         7: {2, 3, 4, 5, 6, 7}, 9: {2, 3, 4, 5, 6, 8, 9}}


def as_played(cards: Sequence[int], pos: int, spots: int, left: Sequence[int], up: int, visible: str,
              hits_soft_17: bool) -> list[float]:
    """EZ Bust placed after the deal (633b.16(c)): for each spot, the return of the wager for the
    cards it sees (its own two, or every spot's, and the up card ``up``), from ``left`` (the shoe
    before the round) less those. An empty list when so few cards are unseen that the dealer could
    run out of them: the round is not priced."""
    first, second = cards[pos:pos + spots], cards[pos + spots + 1:pos + 2 * spots + 1]
    shown = [c for pair in zip(first, second) for c in pair]
    if visible == "table":  # every spot sees the same cards
        value = _seen_return(left, shown, up, hits_soft_17)
        return [] if value is None else [value] * spots
    out = []
    for s in range(spots):
        value = _seen_return(left, shown[2 * s:2 * s + 2], up, hits_soft_17)
        if value is None:
            return []
        out.append(value)
    return out


def _seen_return(left: Sequence[int], seen: Sequence[int], up: int, hits_soft_17: bool) -> Optional[float]:
    """2 P(bust | up card ``up``) - 1 from ``left`` less the cards ``seen`` (the up card still among
    them), from the dealer's straight-line rows; a return within :data:`TIE_BAND` of 0 signed by the
    exact dealer. None when the dealer could run out of these cards."""
    from odds.core.cards import value_label
    from odds.core.shoe import Shoe
    from odds.engine.dealer import dealer_distribution, dealer_rows
    unseen = list(left)
    for c in seen:
        unseen[c] -= 1
    rows = numpy.zeros((10, 7))
    try:
        dealer_rows(unseen, rows, hits_soft_17)
    except EngineError:
        return None
    value = 2 * float(rows[up - 1][6]) - 1
    if -TIE_BAND < value < TIE_BAND:
        row = dealer_distribution(Shoe.from_flat_counts(unseen), value_label(up), DealerRules(hits_soft_17=hits_soft_17))
        if row is None:  # pragma: no cover - the up card was dealt from these cards
            raise InternalError(f"no up card {value_label(up)} among the cards not seen")
        exact = 2 * Fraction(row.probability("bust")) - 1
        value = math.copysign(abs(value), exact) if exact else 0.0
    return value


def splits(a: int, b: int, up: int) -> bool:
    """Whether a spot dealt the card values ``a`` and ``b`` splits against ``up`` (:data:`SPLIT`)."""
    return a == b and up in SPLIT.get(a, ())


def _draw(cards: Sequence[int], pos: int, hard: int, ace: bool, hits: dict, up: int) -> int:
    """A hand of ``hard`` points (an ace counted 1) drawing from ``cards[pos:]`` while
    ``hits[(soft, total, up)]`` (:data:`HIT` for a spot, :data:`DEALER_HITS` for the dealer); the
    position after it, or ``len(cards)`` when the shoe runs out. A bust stands in both tables."""
    end = len(cards)
    while True:
        soft = ace and hard <= 11
        if not hits[(soft, hard + 10 if soft else hard, up)]:
            return pos
        if pos >= end:
            return end
        v = VALUE[cards[pos]]
        pos += 1
        hard += v
        ace = ace or v == 1


def play_round(cards: Sequence[int], pos: int, spots: int, hits_soft_17: bool, peek: bool,
               split: bool = False) -> int:
    """Deal one round from ``cards[pos:]`` (card indices); the position after it, or
    ``len(cards)`` when the shoe runs out during the round. With ``split`` a spot splits a pair as
    :func:`splits` says (once): each hand takes a second card and plays on, split aces one card each."""
    end = len(cards)
    if pos + 2 * spots + 2 > end:
        return end
    first = cards[pos:pos + spots + 1]
    second = cards[pos + spots + 1:pos + 2 * spots + 2]
    pos += 2 * spots + 2
    up, hole = VALUE[first[-1]], VALUE[second[-1]]
    if not (peek and up + hole == 11 and 1 in (up, hole)):
        for a, b in zip(first[:-1], second[:-1]):
            va, vb = VALUE[a], VALUE[b]
            if split and splits(va, vb, up):
                for _ in range(2):
                    if pos >= end:
                        return end
                    v = VALUE[cards[pos]]
                    pos += 1
                    if va != 1:
                        pos = _draw(cards, pos, va + v, v == 1, HIT, up)
                    if pos >= end:
                        return end
                continue
            if (va == 1 or vb == 1) and va + vb == 11:
                continue  # a blackjack
            pos = _draw(cards, pos, va + vb, va == 1 or vb == 1, HIT, up)
            if pos >= end:
                return end
    return _draw(cards, pos, up + hole, 1 in (up, hole), DEALER_HITS[hits_soft_17], up)


def shoe_seed(seed: int, shoe: int) -> int:
    """The seed of shoe number ``shoe`` in a sweep with seed ``seed``."""
    import numpy
    words = numpy.random.SeedSequence(seed, spawn_key=(shoe,)).generate_state(4, dtype=numpy.uint32)
    return int.from_bytes(words.tobytes(), "little")


def _fix(x: float) -> int:
    """``x * 2**FIX`` as an exact integer."""
    n, d = x.as_integer_ratio()
    return n << (FIX + 1 - d.bit_length())


def unfix(n: int) -> float:
    return n / (1 << FIX)


# ------------------------------------------------------------------------------ chunks of shoes

@dataclass
class Tally:
    """Integer totals over rounds: float sums are held exactly as multiples of ``2**-FIX``."""

    shoes: int = 0
    rounds: int = 0
    sum_r: int = 0
    sum_r2: int = 0
    sum_q: int = 0
    edge: int = 0
    zero: int = 0
    min_r: float = math.inf
    max_r: float = -math.inf
    hist: dict = dataclasses.field(default_factory=dict)  # floor(R / HIST_WIDTH) -> rounds
    depth: dict = dataclasses.field(default_factory=dict)  # tenth dealt -> [rounds, edge, sum_r, sum_v, sum_q]
    by_tc: dict = dataclasses.field(default_factory=dict)  # floor(TC / TC_STEP) -> [rounds, edge, sum_r, sum_v, sum_q]
    bets: int = 0
    bet_v: int = 0
    bet_q: int = 0
    perfect_v: int = 0
    perfect_q: int = 0
    sum_tc: int = 0
    sum_tc2: int = 0
    sum_rtc: int = 0
    cpu_ns: int = dataclasses.field(default=0, compare=False)  # processor time: a cost, not a figure
    played_spots: int = 0  # EZ Bust as played: spot-rounds offered (an up card of 2 to 6) and priced
    played_unpriced: int = 0  # rounds offered whose unseen cards the dealer could run out of
    played_bets: int = 0  # of which bet (the return for the cards the spot sees above 0)
    played_v: int = 0  # the sum of those returns
    played_splits: int = 0  # splits of a spot offered the wager, each a wager of (c)(2) offered
    played_split_bets: int = 0  # of which bet (the return for the cards seen at the split above 0)
    played_split_v: int = 0  # the sum of those returns
    # the counter's value shoe by shoe, for the sampling interval of its gain a round (rounds of one
    # shoe are not independent; shoes are): sums over the shoes of V^2, V R and R^2, V the value
    # the counter took in the shoe (in units of 2**-FIX) and R its rounds
    shoe_v2: int = 0
    shoe_vr: int = 0
    shoe_r2: int = 0

    def add(self, other: "Tally") -> None:
        for f in dataclasses.fields(self):
            a, b = getattr(self, f.name), getattr(other, f.name)
            if f.name == "min_r":
                self.min_r = min(a, b)
            elif f.name == "max_r":
                self.max_r = max(a, b)
            elif isinstance(a, dict):
                for key, val in b.items():
                    if isinstance(val, list):
                        row = a.setdefault(key, [0] * len(val))
                        for i, x in enumerate(val):
                            row[i] += x
                    else:
                        a[key] = a.get(key, 0) + val
            else:
                setattr(self, f.name, a + b)


@dataclass(frozen=True)
class ChunkTask:
    """What a worker needs: the spec and the count (small, picklable)."""

    spec: SweepSpec
    tags: tuple[int, ...]
    threshold: Optional[Fraction]


def run_chunk(task: ChunkTask, first: int, count: int) -> Tally:
    """Deal shoes ``first`` .. ``first + count - 1`` and tally every round."""
    spec = task.spec
    decide, exact = evaluator(spec).decide, spec.exact
    hits_soft_17, peek = spec.rules.hits_soft_17, spec.peek
    n0, cut, spots = spec.cards, spec.cut, spec.spots
    tag = [task.tags[c // 4] for c in range(52)]
    tag_sum = spec.decks * 4 * sum(task.tags)  # the full shoe's sum of tags
    t_num, t_den = (None, 1) if task.threshold is None else (task.threshold.numerator, task.threshold.denominator)
    hist_scale = float(1 / HIST_WIDTH)
    tc_num, tc_den = TC_STEP.numerator, TC_STEP.denominator
    one = _fix(1.0)
    base = [c for c in range(52) for _ in range(spec.decks)]
    started = time.process_time_ns()
    t = Tally()
    hist, depth, by_tc = t.hist, t.depth, t.by_tc
    visible = spec.visible
    rounds = edges = zeros = bets = 0
    sum_r = sum_r2 = sum_q = bet_v = bet_q = perfect_v = perfect_q = sum_tc = sum_tc2 = sum_rtc = 0
    min_r, max_r = math.inf, -math.inf
    shoe_v2 = shoe_vr = shoe_r2 = 0
    for shoe in range(first, first + count):
        cards = list(base)
        random.Random(shoe_seed(spec.seed, shoe)).shuffle(cards)
        left = [spec.decks] * 52
        pos = rc = 0
        shoe_rounds, shoe_bet_v = rounds, bet_v
        while pos < cut:
            n = n0 - pos
            r, q, edge = decide(left, exact)
            fr = _fix(r)
            fv, fq = (fr, one) if q == 1.0 else (_fix(q * r), _fix(q))
            balanced = rc * n0 - pos * tag_sum  # (RC - m * mean tag) N0
            tc = 52 * balanced / (n * n0)
            rounds += 1
            edges += edge
            zeros += r == 0
            sum_r += fr
            sum_r2 += _fix(r * r)
            sum_q += fq
            min_r, max_r = min(min_r, r), max(max_r, r)
            key = math.floor(r * hist_scale)
            hist[key] = hist.get(key, 0) + 1
            tc_key = 52 * balanced * tc_den // (n * n0 * tc_num)  # floor(TC / TC_STEP)
            for row in (depth.setdefault(DEPTH_BINS * pos // n0, [0] * 5), by_tc.setdefault(tc_key, [0] * 5)):
                row[0] += 1
                row[1] += edge
                row[2] += fr
                row[3] += fv
                row[4] += fq
            if t_num is not None and 52 * balanced * t_den > t_num * n * n0:  # TC > threshold, exactly
                bets += 1
                bet_v += fv
                bet_q += fq
            if edge:
                perfect_v += fv
                perfect_q += fq
            sum_tc += _fix(tc)
            sum_tc2 += _fix(tc * tc)
            sum_rtc += _fix(r * tc)
            if visible is not None and pos + 2 * spots + 2 <= len(cards):
                up = VALUE[cards[pos + spots]]
                if 2 <= up <= 6:
                    values = as_played(cards, pos, spots, left, up, visible, hits_soft_17)
                    t.played_unpriced += not values
                    for s, value in enumerate(values):
                        t.played_spots += 1
                        if value > 0:
                            t.played_bets += 1
                            t.played_v += _fix(value)
                        if splits(VALUE[cards[pos + s]], VALUE[cards[pos + spots + 1 + s]], up):
                            t.played_splits += 1  # the split wager sees what the deal's saw
                            if value > 0:
                                t.played_split_bets += 1
                                t.played_split_v += _fix(value)
            after = (pos + spec.round_cards if spec.round_cards is not None
                     else play_round(cards, pos, spots, hits_soft_17, peek, split=visible is not None))
            for c in cards[pos:after]:
                left[c] -= 1
                rc += tag[c]
            pos = after
        v, n = bet_v - shoe_bet_v, rounds - shoe_rounds
        shoe_v2, shoe_vr, shoe_r2 = shoe_v2 + v * v, shoe_vr + v * n, shoe_r2 + n * n
    t.shoes, t.rounds, t.edge, t.zero, t.bets = count, rounds, edges, zeros, bets
    t.sum_r, t.sum_r2, t.sum_q, t.bet_v, t.bet_q = sum_r, sum_r2, sum_q, bet_v, bet_q
    t.perfect_v, t.perfect_q, t.sum_tc, t.sum_tc2, t.sum_rtc = perfect_v, perfect_q, sum_tc, sum_tc2, sum_rtc
    t.min_r, t.max_r = min_r, max_r
    t.shoe_v2, t.shoe_vr, t.shoe_r2 = shoe_v2, shoe_vr, shoe_r2
    t.cpu_ns = time.process_time_ns() - started
    return t


# ------------------------------------------------------------------------------------ running

Part = tuple[int, int]  # (first shoe, number of shoes)


def chunks(spec: SweepSpec) -> Iterator[Part]:
    """(first shoe, number of shoes) of each chunk, in order, made as they are asked for (a
    sweep of 10^9 shoes holds no list of its chunks)."""
    return ((i, min(spec.chunk, spec.shoes - i)) for i in range(0, spec.shoes, spec.chunk))


def check_workers(workers: int) -> None:
    """Refuse a number of local workers that is not a whole number from 0 to :func:`~odds.core.interrupts.max_workers`."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise SweepError(f"workers must be a whole number >= 0, got {shown(workers)}")
    if workers > max_workers():
        raise SweepError(f"workers must be at most {max_workers():,} ({WORKERS_PER_CORE} a core, "
                         f"{os.cpu_count() or 1} cores here), got {workers:,}")


def _gather(client: Any, task: ChunkTask, parts: Iterator[Part], done: Callable[[int, int, Tally], None]) -> None:
    """Run ``parts`` on ``client``, a bounded number in flight (:data:`WINDOW_PER_WORKER` a
    worker thread): ``done(first, count, tally)`` as each finishes, and the next part sent."""
    from dask.distributed import as_completed

    window = WINDOW_PER_WORKER * max(1, sum(client.nthreads().values()))
    running = as_completed()
    part_of: dict[str, Part] = {}

    def send() -> None:
        part = next(parts, None)
        if part is not None:
            future = client.submit(run_chunk, task, part[0], part[1], pure=False)
            part_of[future.key] = part
            running.add(future)

    for _ in range(window):
        send()
    for future in running:
        first, count = part_of.pop(future.key)
        tally = future.result()
        future.release()
        done(first, count, tally)
        send()


@contextlib.contextmanager
def _quiet_dask() -> Iterator[None]:
    """Dask's own loggers silenced for the block: an interrupted run prints our one line only
    (the scheduler logs "Couldn't gather keys" for chunks it dropped)."""
    loggers = [logging.getLogger(name) for name in ("distributed", "distributed.scheduler", "distributed.client",
                                                     "distributed.worker", "distributed.nanny", "tornado")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


@contextlib.contextmanager
def dask_client(workers: int, scheduler: Optional[str]) -> Iterator[Any]:
    """A Dask client: of the cluster at ``scheduler``, else of a local cluster of ``workers``
    processes started for the block (closed after it; at most :func:`~odds.core.interrupts.max_workers`)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as exc:  # pragma: no cover - dask is a dependency
        raise SweepError(f"dask.distributed is not installed ({exc}); run with --no-dask") from None
    if not scheduler:
        check_workers(workers)
    cluster = None
    with _quiet_dask():
        if scheduler:
            try:
                client = Client(scheduler, timeout="10s")
            except (OSError, TimeoutError, ValueError, TypeError) as exc:
                raise SweepError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        else:
            with workers_ignore_interrupts():
                cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", silence_logs=logging.CRITICAL + 1)
            client = Client(cluster)
        try:
            yield client
        finally:
            client.close()
            if cluster is not None:
                cluster.close()


def duration(seconds: float) -> str:
    """A time in words: minutes, hours or days.

    >>> duration(300), duration(5 * 3600), duration(14000 * 3600)
    ('5 minutes', '5.0 hours', '14,000 hours (1.6 years)')
    """
    if seconds < 7200:
        return f"{seconds / 60:.0f} minutes"
    hours = seconds / 3600
    if hours < 100:
        return f"{hours:.1f} hours"
    return f"{hours:,.0f} hours ({hours / 24:,.0f} days)" if hours < 24 * 365 else \
        f"{hours:,.0f} hours ({hours / (24 * 365.25):,.1f} years)"


def long_run(spec: SweepSpec, a_shoe: float, shoes: int, parallel: int) -> Optional[str]:
    """The line a long sweep prints before it goes on, from ``a_shoe`` (seconds the first shoe
    took in this process) times the ``shoes`` still to deal over ``parallel`` workers; None when
    it is estimated to take no more than :data:`LONG_RUN` seconds.

    >>> long_run(SweepSpec("21+3", "C", 1000, shoes=10 ** 9), 0.1, 10 ** 9 - 1, 2)[:56]
    'odds: this sweep will take about 13,889 hours (1.6 years'
    >>> long_run(SweepSpec("21+3", "C", 6), 0.003, 999, 2) is None
    True
    """
    seconds = a_shoe * shoes / max(1, parallel)
    if seconds <= LONG_RUN:
        return None
    line = (f"odds: this sweep will take about {duration(seconds)} ({shoes:,} shoes of {spec.decks:,} decks at "
            f"{a_shoe:.3g} s a shoe, timed on the first, over {parallel:,} worker(s)); fewer --shoes, more workers "
            "or --scheduler take less, and --checkpoint keeps what is done")
    return line


@dataclass
class SweepResult:
    spec: SweepSpec
    plan: Plan
    tally: Tally
    seconds: float = 0.0
    where: str = "in process"
    resumed: int = 0  # shoes read back from a checkpoint, not dealt by this run

    def by_depth(self) -> list[dict]:
        """The rounds by the depth of the shoe they were dealt at, a row a tenth of the shoe."""
        return [{"dealt_from": k / DEPTH_BINS, "dealt_to": (k + 1) / DEPTH_BINS, "rounds": row[0],
                 "edge_fraction": row[1] / row[0], "mean_return": unfix(row[2]) / row[0],
                 "value_per_round": unfix(row[3]) / row[0]}
                for k, row in sorted(self.tally.depth.items())]

    def _summary(self) -> list[tuple[str, str]]:
        s, t = self.spec, self.tally
        return [("wager", f"{s.wager} {s.paytable}, {s.decks} decks {s.rule}"),
                ("shoes, rounds", f"{t.shoes:,}, {t.rounds:,}"),
                ("mean return", f"{unfix(t.sum_r) / t.rounds if t.rounds else 0.0:.6f}"),
                ("rounds with a player edge", f"{t.edge / t.rounds if t.rounds else 0.0:.4%}"),
                ("full shoe return", f"{float(self.plan.full_return):.6f}")]

    def __repr__(self) -> str:
        return "<SweepResult " + "; ".join(f"{k} {v}" for k, v in self._summary()) + ">"

    def _repr_html_(self) -> str:
        from odds.core.display import html_table
        return html_table(["figure", "value"], self._summary(), "odds sweep", right=[1])

    def to_frame(self) -> Any:
        """The return by depth of the shoe (the rows of ``by_depth``), a pandas DataFrame; the
        summary figures in ``frame.attrs``."""
        from odds.core.display import data_frame
        columns = ["dealt_from", "dealt_to", "rounds", "edge_fraction", "mean_return", "value_per_round"]
        frame = data_frame(columns, [[row[c] for c in columns] for row in self.by_depth()])
        s, t = self.spec, self.tally
        frame.attrs.update({"wager": s.wager, "paytable": s.paytable, "decks": s.decks, "rule": s.rule,
                            "shoes": t.shoes, "rounds": t.rounds,
                            "mean_return": unfix(t.sum_r) / t.rounds if t.rounds else 0.0,
                            "player_edge_share": t.edge / t.rounds if t.rounds else 0.0,
                            "full_shoe_return": float(self.plan.full_return)})
        return frame


def run_sweep(spec: SweepSpec, workers: int = 0, scheduler: Optional[str] = None, client: Any = None,
              checkpoint: Union[str, Path, None] = None, stream: Optional[TextIO] = None) -> SweepResult:
    """Run a sweep: in this process (``workers=0`` and no scheduler), on a local Dask cluster of
    ``workers`` processes started for it (at most :func:`~odds.core.interrupts.max_workers`), on the Dask cluster at
    ``scheduler``, or through a ``dask.distributed.Client`` the caller holds (left open). The
    numbers are the same every way. ``checkpoint``: a folder that keeps each finished chunk, read
    back by a later run of the same sweep, which deals only the chunks not there
    (:mod:`odds.apps.sweep_checkpoint`).

    The first shoe to deal is dealt in this process and timed; a sweep that will then take longer
    than :data:`LONG_RUN` seconds says so on ``stream`` (standard error by default) before it goes
    on. Chunks are made as they are dealt, and at most a few per worker are in flight on Dask, so
    memory does not grow with the number of shoes."""
    if client is None and not scheduler:
        check_workers(workers)
    # the number of shoes is left out of the folder's name: a longer run of the same sweep reads the
    # shorter one's chunks (shoe i is the same shoe in both)
    store = None if checkpoint is None else Checkpoint(checkpoint, spec.wager, repr(dataclasses.replace(spec, shoes=1)),
                                                       Tally, option("checkpoint").rstrip("="))
    plan = make_plan(spec, None if store is None else _kept_returns(spec, store))
    task = ChunkTask(spec, plan.tags, plan.threshold)
    total = Tally()
    resumed = 0
    heads: dict[int, tuple[int, int, Tally]] = {}  # first shoe of a rest -> the chunk and its head

    start = time.perf_counter()
    with bar(spec.shoes, f"sweeping {spec.wager}", "shoe") as progress:
        def done(first: int, count: int, tally: Tally) -> None:
            if first in heads:  # the rest of a chunk whose first shoe was timed
                first, count, head = heads.pop(first)
                tally.add(head)
            progress.update(count)
            if store is not None:
                store.save(first, count, tally)
            total.add(tally)

        def to_deal() -> Iterator[Part]:
            nonlocal resumed
            for first, count in chunks(spec):
                kept = None if store is None else store.load(first, count)
                if kept is None:
                    yield first, count
                else:
                    total.add(kept)
                    resumed += count
                    progress.update(count)

        parts = to_deal()
        a_shoe, left = _timed_first(task, parts, heads, done)
        parts = itertools.chain(left, parts)

        def timed(parallel: int) -> None:
            line = None if a_shoe is None else long_run(spec, a_shoe, spec.shoes - resumed - 1, parallel)
            if line is not None:
                progress.write(line, file=sys.stderr if stream is None else stream)

        if client is not None:
            timed(sum(client.nthreads().values()))
            _gather(client, task, parts, done)
            where = f"Dask client {client.scheduler.address}"
        elif scheduler or workers:
            if not scheduler:
                timed(min(workers, os.cpu_count() or 1))
            with dask_client(workers, scheduler) as opened:
                if scheduler:
                    timed(sum(opened.nthreads().values()))
                _gather(opened, task, parts, done)
            where = (f"Dask scheduler {scheduler}" if scheduler
                     else f"local Dask cluster of {workers} worker(s), its start-up included")
        else:
            timed(1)
            for first, count in parts:
                done(first, count, run_chunk(task, first, count))
            where = "in process"
    if store is not None and resumed:
        where += f"; {resumed:,} of the {spec.shoes:,} shoes read back from {store.folder}"
    return SweepResult(spec, plan, total, time.perf_counter() - start, where, resumed)


def _timed_first(task: ChunkTask, parts: Iterator[Part], heads: dict[int, tuple[int, int, Tally]],
                 done: Callable[[int, int, Tally], None]) -> tuple[Optional[float], list[Part]]:
    """Deal the first shoe of the first part to deal here, timed: the seconds it took (None when
    nothing is left to deal) and what is left of its chunk, to deal as any other part (kept whole
    once done: a chunk's tally is the sum of its shoes', exactly)."""
    part = next(parts, None)
    if part is None:
        return None, []
    first, count = part
    began = time.perf_counter()
    head = run_chunk(task, first, 1)
    seconds = time.perf_counter() - began
    if count == 1:
        done(first, 1, head)
        return seconds, []
    heads[first + 1] = (first, count, head)
    return seconds, [(first + 1, count - 1)]
