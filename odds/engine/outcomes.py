"""Exact distribution of a whole round's outcome: the net result in units of the original bet, and
the round's class as streak wagers count it (win, loss or neither).

The player plays exactly as :class:`odds.engine.player.PlayerEngine` plays: the first decision is the best
of :meth:`~odds.engine.player.PlayerEngine.first_options` (the first of equal values in the dict's order),
after a hit the hand stands when standing is worth at least as much as hitting on, a double takes
one card, and each split hand follows the engine's decision rule D, which looks at the hand's own
cards only (with one other pair card gone).

Method. The probability of one ordered run of cards drawn without replacement depends only on the
multiset drawn: prod_v (n_v)_(k_v) / (N)_(K) (falling factorials). Every hand's play depends only on
its own cards, so the play of one hand is a tree of card sequences, summarised once as
``{(cards drawn, how the hand ends): number of sequences}``. The hands of a split are joined by
adding their drawn multisets (resplits: summing over the patterns of second cards, see
:func:`odds.engine.player.split_patterns`); the joint weight of a run is the product of the sequence
counts times the falling-factorial weight of the union. Runs with the same union share one dealer
law from the shoe less the player's cards (the hole card is, by exchangeability, dealt after
them), blackjack kept. With peek (and with no hole card and original bets only) a dealer blackjack
ends the round at -1 (a player blackjack pushes); with no hole card a dealer blackjack takes every
stake still on the table. Nothing is approximated or renormalised.

The split hands are joined by a compiled walk, :mod:`odds.engine.split_kernel`, for one pair and up card
at a time: the hands but the last are summed into a table ``{(union, multiset of ends):
sequences}``, every pattern of second cards ending in the same kind of hand at once; each union of
all the hands' cards gets its dealer law once, propagated through the dealer's graph for that up
card; and the last hand is joined to the table union by union. Exact sums are integers over one
falling factorial ``(n)_J``, taken modulo primes below 2**62 and rebuilt by the Chinese remainder
theorem (the numerators must add up to ``(n)_J`` exactly, and are checked to). The same join in
plain Python (``round_outcomes(engine, compiled=False)``) takes the shoes the kernel does not (more
than 63 cards of a value in a union, a dealer's count beyond 128 bits, a dealer who can run out of
cards) and the wagers that settle a round their own way.

The player's decisions come from the compiled player kernel where it plays the rules, and in
floats the kernel also sums each hand as dealt that is not split (``PlayerKernel.hand_law``); the
Python engine's values and the sums here are the check (an engine with ``compiled=False``).

The kernel's calls (one a pair and up card, or a few moduli each) run on ``THREADS`` threads,
the largest first; it releases the GIL while it joins. A large pair's unions are shared out among
several calls, its parts (:func:`_parts`), each holding its share of the rows: the parts of the
two largest pairs are taken in turn, one pair a thread, so that the memory held is two parts' rows
and two pairs' head tables rather than two whole calls. Cost, six decks, one core
(``bench/bench_outcomes.py``; ``docs/performance.md`` for the latest figures), besides the engine's own values
(``round_value``, 2 s in floats, 5 s exact at S17 DAS): pairs split to 2 hands, 2 s in floats and
4 s exact (the plain Python join: 23 s and 92 s); to 3 hands, 35 s and 67 s. To 4 hands (aces
once) the tables grow large: 2-2 against a 7 alone draws 2,122 different multisets a hand, which
join into 162 thousand unions for two hands, 2.9 million for three and 27 million for four, and
joining the fourth hand to the three takes 6 billion lookups. A whole round at S17 with DAS
takes about 11 CPU-minutes (5.5 minutes on two cores) exact, and 3.6 GB in parts (12 GB in one call
a pair: each union carries a residue a modulus for each dealer result; ``MODULI_PER_CALL`` moduli
are taken a kernel call, fewer use less memory and more time).

Streak classes: a round of one hand is a win when the hand wins (a player blackjack wins), a loss
when it loses (a surrender loses), neither on a push. A split round is a win when the player wins
more hands than he loses, a loss when he loses more than he wins, else neither (pushes count for
neither). A dealer blackjack that ends the round (peek, or original bets only) is a loss unless
the player has a blackjack too (neither).

Refused (:class:`odds.core.errors.EngineError`): the double-down rescue and the bonus payouts (7-7-7,
suited 6-7-8, five-card 21, posted blackjack), which change both the play and the payouts.

>>> from odds import DealerRules, Shoe
>>> from odds.core.game_rules import GameRules
>>> from odds.engine.player import PlayerEngine
>>> one_ace = Shoe.from_rank_counts([1] + [0] * 8 + [16, 0, 0, 0])  # one ace, sixteen tens
>>> out = round_outcomes(PlayerEngine(GameRules(decks=1, dealer=DealerRules.parse("S17")), one_ace))
>>> {str(net): str(p) for net, p in out.results().items()}
{'-1': '2/17', '0': '11/17', '1': '2/17', '3/2': '2/17'}
>>> {str(k): str(p) for k, p in out.streak().items()}
{'win': '4/17', 'loss': '2/17', 'neither': '11/17'}
>>> out.mean() == PlayerEngine(GameRules(decks=1, dealer=DealerRules.parse("S17")), one_ace).round_value()[0]
True
"""
from __future__ import annotations

import os
import queue
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import lcm, perm, prod
from typing import TYPE_CHECKING, Any, Dict, Iterable, Optional, Sequence, Union

from gmpy2 import mpq

from odds.core.actions import STAND, DOUBLE, SPLIT, SURRENDER, Action
from odds.core.results import DealerResult, RoundClass
from .dealer import dealer_finals
from .dealer_graph import dealer_kernel
from odds.core.errors import EngineError, InternalError
from odds.core.progress import bar
from odds.core.game_rules import GameRules
from .player import (OPTIONS, ZERO_HAND, PlayerEngine, Value, add_card, cards_out, hand_total, kernel_unsupported,
                     split_patterns)
from odds.core.shoe import Shoe

if TYPE_CHECKING:
    from .split_kernel import SplitKernel

WIN, LOSS, NEITHER = RoundClass.WIN, RoundClass.LOSS, RoundClass.NEITHER
BUSTED, BELOW_17 = 22, 16  # a hand's final total as it meets the dealer: 16 stands for any total below 17
# Positions in a row of dealer_finals (17, 18, 19, 20, 21, blackjack, bust), as plain ints.
DEALER_BLACKJACK, DEALER_BUST = int(DealerResult.BLACKJACK), int(DealerResult.BUST)


@dataclass(frozen=True)
class RoundOutcomes:
    """``joint[(net, streak)]``: the probability that a round ends with the net result ``net``
    (a Fraction, in units of the original bet) and counts as ``streak`` (``"win"``, ``"loss"`` or
    ``"neither"``). Probabilities are Fractions (exact engine) or floats."""

    joint: dict

    def results(self) -> Dict[Fraction, Union[Fraction, float]]:
        """Probability of each net result, in increasing order of the result."""
        out: dict = {}
        for (net, _), p in sorted(self.joint.items()):
            out[net] = out.get(net, 0) + p
        return out

    def streak(self) -> Dict[RoundClass, Union[Fraction, float]]:
        """Probability of a win, a loss and neither, as streak wagers count a round."""
        out: dict = {WIN: 0, LOSS: 0, NEITHER: 0}
        for (_, kind), p in self.joint.items():
            out[kind] += p
        return out

    def mean(self) -> Union[Fraction, float]:
        """Expected net result: the engine's round value."""
        return sum((net * p for (net, _), p in self.joint.items()), 0 * next(iter(self.joint.values())))


def outcome_distribution(rules: GameRules, shoe: Optional[Shoe] = None, exact: bool = True) -> RoundOutcomes:
    """:func:`round_outcomes` of a fresh shoe (``rules.decks`` decks unless ``shoe`` is given)."""
    return round_outcomes(PlayerEngine(rules, shoe, exact))


def round_outcomes(engine: PlayerEngine, compiled: bool = True, settlement: Optional[Settlement] = None,
                   up_cards: Iterable[int] = range(1, 11)) -> RoundOutcomes:
    """The outcome distribution of a round from ``engine``'s shoe, played as the engine plays.
    ``compiled=False`` joins the split hands in plain Python (slow; the same numbers).
    ``settlement``: how a round is settled (:class:`Settlement`, the main game's by default).
    ``up_cards``: the up cards (ace = 1) of the rounds counted, each with its chance (all by
    default; with fewer the probabilities add up to the chance of one of them)."""
    return _Round(engine, tuple(up_cards), compiled, settlement or MAIN_GAME).outcomes()


def split_hand_sequences(engine: PlayerEngine, pair: int, up: int, any_card: bool = False) -> Dict[tuple, int]:
    """One hand of a split pair of value ``pair`` (ace = 1) against ``up``, played as
    :func:`round_outcomes` plays it (the engine's rule D): ``{cards it drew after its pair card,
    by value (aces first): number of card sequences}``. Its second card is not a pair card unless
    ``any_card``.

    >>> from odds import DealerRules, Shoe
    >>> from odds.core.game_rules import GameRules
    >>> tens = Shoe.from_rank_counts([0] * 9 + [4, 4, 4, 4])  # ten-valued cards only
    >>> split_hand_sequences(PlayerEngine(GameRules(decks=1, dealer=DealerRules.parse("S17")), tens), 10, 10, True)
    {(0, 0, 0, 0, 0, 0, 0, 0, 0, 1): 1}
    """
    out: Dict[tuple, int] = {}
    for code, _, n in _Round(engine)._split_leaves(pair, up, any_card):
        cards = _decode(code)
        out[cards] = out.get(cards, 0) + n
    return out


# A multiset of drawn cards is coded as one integer, 7 bits a value (aces lowest), so that the
# union of two multisets is the sum of their codes (no hand draws 128 cards of one value).
BITS = 7


@lru_cache(maxsize=None)
def _code(cards: tuple) -> int:
    return sum(k << (BITS * i) for i, k in enumerate(cards))


def _decode(code: int) -> tuple:
    return tuple((code >> (BITS * i)) & ((1 << BITS) - 1) for i in range(10))


@lru_cache(maxsize=None)
def _packed(code: int) -> tuple:
    """A code of 7 bits a value as the split kernel packs it (6 bits a value), with the cards by
    value and their number."""
    cards = _decode(code)
    return sum(k << (6 * i) for i, k in enumerate(cards)), cards, sum(cards)


@lru_cache(maxsize=None)
def _split_kernel(hits_soft_17: bool, thread: int = 0) -> SplitKernel:
    """The split kernel of a rule; one for each thread that calls it (it keeps scratch room)."""
    from .kernels import split_kernel

    return split_kernel.SplitKernel(dealer_kernel(hits_soft_17).folded(), hits_soft_17)


def _max_cards(rules: GameRules) -> int:
    return _split_kernel(rules.dealer.hits_soft_17).max_cards


MODULI_PER_CALL = 8  # a six-deck round at four hands needs 8 moduli, so one call
THREADS = min(2, os.cpu_count() or 1)  # threads sharing the kernel's calls (they release the GIL)
PARALLEL_FROM = 10 ** 6  # leaves ** hands summed over the calls, from which threads pay for themselves


SLOT_BYTES = 48  # a row's share of its bucket's hash table of slots, about
PART_BYTES = 256 * 2 ** 20  # rows (and their slots) one part of a pair's kernel calls may hold, about
MAX_PARTS = 16  # each part settles the head unions it meets: beyond this the time grows more than memory falls
MADE_PER_HELD = 2.25  # unions made by one call a pair, for each held at once (2-2 and 3-3 against a 7, 4 hands)


def _parts(rows: float, row_bytes: int) -> int:
    """The parts a pair's kernel calls share out its unions in (see ``SplitKernel.run``), so that a
    part holds about :data:`PART_BYTES` of the rows of ``row_bytes`` made by a call that holds
    ``rows`` at once: one, or a multiple of :data:`THREADS` (the parts of one pair run side by
    side) up to :data:`MAX_PARTS`. A part, a range of high parts, holds about all the rows it
    makes, and one call makes about :data:`MADE_PER_HELD` times the rows it holds at once.

    >>> _parts(1_000, 336), _parts(1.49e6, 336) // THREADS * THREADS == _parts(1.49e6, 336), _parts(1e9, 432)
    (1, True, 16)
    """
    parts = -(-int(MADE_PER_HELD * rows * (row_bytes + SLOT_BYTES)) // PART_BYTES)
    if parts <= 1:
        return 1
    return min(-(-parts // THREADS) * THREADS, MAX_PARTS)


def _rows(size: int) -> float:
    """The most unions a call for a pair held at once, about, from ``size`` (a hand's leaves to the
    power of the hands): measured at six decks S17 DAS (2-2 against a 7, 2,128 leaves: 1.49 million
    at 3 hands, 12.1 million at 4), as ``1.49e6 * (size / 2128 ** 3) ** 0.27``, more than held at 2
    hands and on fewer decks."""
    return 1.49e6 * (size / 2128 ** 3) ** 0.27


@dataclass
class _SplitJob:
    """One pair against one up card for the split kernel: its arguments and how to read its sums."""

    pair: int
    up: int
    p: Value
    args: tuple
    moduli: tuple
    cards: int
    n: int
    one_unit: bool
    size: int  # leaves ** hands, for the order of the calls
    parts: int = 1  # calls that share out the unions, each holding about 1 / parts of the rows
    _heads: Optional[list] = None  # the head tables, shared by the calls while some are to come
    _bounds: Optional[list] = None  # the high parts that bound the parts (SplitKernel.part_bounds)
    _left: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def calls(self) -> int:
        """Kernel calls: ``MODULI_PER_CALL`` moduli each (exact), one (float), each in ``parts``."""
        return max(-(-len(self.moduli) // MODULI_PER_CALL), 1) * self.parts

    def run(self, kernel: SplitKernel, call: int) -> Any:
        """The sums of call number ``call``; None where the kernel does not apply."""
        chunk, part = divmod(call, self.parts)
        moduli = self._moduli_of(chunk)
        base, up, leaves, groups, exact = self.args
        if self.calls == 1:
            return kernel.run(base, up, leaves, groups, exact, moduli, self.cards, self.one_unit)
        with self._lock:  # the first call makes the head tables, the last lets them go
            if self._heads is None:
                self._heads, self._left = kernel.heads(base, up, leaves, groups, exact), self.calls
                self._bounds = kernel.part_bounds(base, up, leaves, self._heads, self.parts)
            heads, bounds = self._heads, self._bounds
        try:
            return kernel.run(base, up, leaves, groups, exact, moduli, self.cards, self.one_unit, part,
                              self.parts, heads, bounds)
        finally:
            with self._lock:
                self._left -= 1
                if not self._left:
                    self._heads = None

    def _moduli_of(self, chunk: int) -> tuple:
        """The moduli of the calls of number ``chunk`` (``MODULI_PER_CALL`` at most)."""
        return self.moduli[chunk * MODULI_PER_CALL:(chunk + 1) * MODULI_PER_CALL]

    def sums(self, got: list) -> list:
        """The sums of the whole from those of the calls, in order: exact, the residues modulo
        each modulus (the parts' added); float, the probabilities (the parts' added)."""
        if not self.moduli:
            return [sum(x) for x in zip(*got)]
        out: list = [[] for _ in got[0]]
        for chunk in range(0, len(got), self.parts):
            moduli = self._moduli_of(chunk // self.parts)
            for o, residues in enumerate(zip(*got[chunk:chunk + self.parts])):
                out[o] += [sum(r) % q for r, q in zip(zip(*residues), moduli)]
        return out


@lru_cache(maxsize=None)
def _moduli(bits: int) -> tuple:
    """Primes below 2**62, as many as make a product of more than ``bits`` bits."""
    from sympy import prevprime  # sympy takes half a second to import: only when a law is summed

    out = [prevprime(2 ** 62)]
    while prod(out).bit_length() <= bits:
        out.append(prevprime(out[-1]))
    return tuple(out)


def _crt(residues: list, moduli: tuple) -> int:
    """The integer in [0, product of the moduli) with these residues."""
    m = prod(moduli)
    return sum(r * (m // q) * pow(m // q, -1, q) for r, q in zip(residues, moduli)) % m


def _ends_as(hand: tuple, stake: int) -> tuple:
    """How a hand meets the dealer: (final total, 16 for any total below 17, 22 if bust; stake)."""
    total, _ = hand_total(hand)
    return (BUSTED if total > 21 else max(total, BELOW_17)), stake


def _settle(end: tuple, dealer: int) -> int:
    """A hand's result against the dealer's result (a position in a row of dealer_finals). A
    dealer blackjack met here (no hole card) takes the stake."""
    total, stake = end
    if total == BUSTED or dealer == DEALER_BLACKJACK:
        return -stake
    if dealer == DEALER_BUST:
        return stake
    return (total > 17 + dealer) * stake - (total < 17 + dealer) * stake


class Settlement:
    """How the outcome walk settles a round, as the keys ``(net, kind)`` of
    :attr:`RoundOutcomes.joint`. This class settles the main game, each round counted as the
    streak wagers count it (see the module docstring); it is :func:`round_outcomes`' default. A
    wager settled on the round its own way (EZ Bust's push, :mod:`odds.wagers.dealer_bust`)
    subclasses it and overrides any of :meth:`hands`, :meth:`blackjack` and :meth:`surrender`.

    The split rounds are joined by the compiled kernel only under the main game's :meth:`hands`
    (the kernel settles that way); under any other they are joined in plain Python.

    >>> from odds import DealerRules, Shoe
    >>> from odds.core.game_rules import GameRules
    >>> engine = PlayerEngine(GameRules(decks=1, dealer=DealerRules.parse("S17")), Shoe.decks(1))
    >>> net, kind = MAIN_GAME.hands(engine, ((20, 1), (BUSTED, 2)), 6)  # 20 and a bust double
    >>> net, str(kind)  # against a dealer bust
    (-1, 'neither')
    """

    def hands(self, engine: PlayerEngine, ends: tuple, dealer: int) -> tuple:
        """``(net, kind)`` of the player's hands as they end, ``(final total, stake)`` each (16
        for any total below 17, 22 for a bust), against the dealer's result (a position in a row
        of :func:`odds.engine.dealer.dealer_finals`: 17 to 21, blackjack, bust)."""
        if dealer == DEALER_BLACKJACK and engine.one_unit_to_blackjack:
            return -1, LOSS  # the round ended at the deal
        results = [_settle(end, dealer) for end in ends]
        wins, losses = sum(r > 0 for r in results), sum(r < 0 for r in results)
        return sum(results), WIN if wins > losses else LOSS if losses > wins else NEITHER

    def blackjack(self, engine: PlayerEngine, p_bj: Value) -> tuple:
        """``((key, chance), ...)``: a player blackjack, the dealer having one with chance ``p_bj``
        (chances given the deal)."""
        return ((0, NEITHER), p_bj), ((Fraction(engine.rules.blackjack_pays), WIN), 1 - p_bj)

    def surrender(self, engine: PlayerEngine, p_bj: Value) -> tuple:
        """As :meth:`blackjack`, for a hand surrendered (a dealer blackjack takes the whole bet)."""
        return ((Fraction(-1, 2), LOSS), 1 - p_bj), ((-1, LOSS), p_bj)


MAIN_GAME = Settlement()


class _Round:
    """The walk over every deal (up cards ``ups``) that :func:`round_outcomes` makes, each round
    settled by ``settlement``."""

    def __init__(self, engine: PlayerEngine, ups: tuple = tuple(range(1, 11)), compiled: bool = True,
                 settlement: Settlement = MAIN_GAME):
        r = engine.rules
        if r.double_rescue:
            raise EngineError("the outcome distribution does not play the double-down rescue")
        if engine.bonuses or r.bonus_posted_blackjack is not None:
            raise EngineError("the outcome distribution does not pay the bonus payouts")
        if r.post_split != "cdp1":
            raise EngineError("the outcome distribution plays split hands by the cdp1 post-split strategy only")
        self.e = engine
        self.ups = ups
        self.settlement = settlement
        # The split hands are joined by the kernel only under the main game's way of settling.
        self.compiled = compiled and type(settlement).hands is Settlement.hands
        self.rules = r
        self.counts = engine.counts
        self.one = engine.one
        self.kernel = engine.kernel()  # the player's decisions, compiled where the kernel plays the rules
        self.out: dict = {}
        self._tree: dict = {}
        self._leaves: dict = {}
        self._settled: dict = {}

    def put(self, key: tuple, p: Value) -> None:
        self.out[key] = self.out.get(key, 0 * self.one) + p

    # ---------------------------------------------------------------- one hand's sequences

    def _play_on(self, hand: tuple, extra: tuple, up: int) -> dict:
        """{(final hand, stake): number of card sequences} of a hand that has just taken a card
        and plays on by composition, as :meth:`PlayerEngine.after_card`: stand unless hitting
        on is worth more."""
        key = (hand, extra, up)
        if key in self._tree:
            return self._tree[key]
        total, _ = hand_total(hand)
        removed = cards_out(hand, extra)
        if total >= 21 or not self._hits(hand, extra, up, total):
            out = {(hand, 1): 1}
        else:
            out = {}
            for v, _ in self.e.draw(removed, up):
                for k, n in self._play_on(add_card(hand, v), extra, up).items():
                    out[k] = out.get(k, 0) + n
        self._tree[key] = out
        return out

    def _hits(self, hand: tuple, extra: tuple, up: int, total: int) -> bool:
        """Whether the hand hits on: hitting is worth more than standing (a win paying one)."""
        if self.kernel is not None:
            aside = [(v, n) for v, n in enumerate(extra, start=1) if n]
            if len(aside) <= 1:
                pair, k = aside[0] if aside else (0, 0)
                try:
                    return self.kernel.hits(hand, pair, k, up)
                except kernel_unsupported():
                    pass
        return self.e.hit(hand, extra, up) > self.e.stand(cards_out(hand, extra), up, total, 1)

    def _decide(self, hand: tuple, pair: int, up: int) -> Action:
        """A split hand's first option by the engine's rule D."""
        if self.kernel is not None:
            try:
                return OPTIONS[self.kernel.decide(hand, pair, up, True)]
            except kernel_unsupported():
                pass
        return self.e.decide(hand, pair, up, True)

    def _first_choice(self, a: int, b: int, u: int) -> Action:
        """The best option of the hand as dealt, the first of equal values in the engine's order."""
        if self.kernel is not None:
            try:
                options = self.kernel.first_options(a, b, u)
            except kernel_unsupported():
                pass
            else:
                return OPTIONS[max(options, key=lambda option: option[1])[0]]
        options_ = self.e.first_options(a, b, u)
        return max(options_, key=options_.__getitem__)

    def _take(self, hand: tuple, extra: tuple, up: int, option: str) -> dict:
        """As :meth:`_play_on`, for a two-card hand taking ``option`` (stand, hit or double)."""
        if option == STAND:
            return {(hand, 1): 1}
        out: dict = {}
        for v, _ in self.e.draw(cards_out(hand, extra), up):
            drawn = add_card(hand, v)
            ends = {(drawn, 2): 1} if option == DOUBLE else self._play_on(drawn, extra, up)
            for k, n in ends.items():
                out[k] = out.get(k, 0) + n
        return out

    def _split_leaves(self, pair: int, up: int, any_card: bool) -> list:
        """One split hand played by D: [(code of the cards drawn after its pair card, how it
        ends, number of sequences)], in order of how it ends; its second card is not a pair card
        unless ``any_card``."""
        key = (pair, up, any_card)
        if key in self._leaves:
            return self._leaves[key]
        e, extra = self.e, PlayerEngine.pair_cards_aside(pair, 0)
        start = add_card(ZERO_HAND, pair)
        out: dict = {}
        for c, _ in e.draw(cards_out(start, extra), up):
            if c == pair and not any_card:
                continue
            hand = add_card(start, c)
            total, _ = hand_total(hand)
            if total == 21 or (pair == 1 and not self.rules.hit_split_aces):
                option = STAND
            else:
                option = self._decide(hand, pair, up)
            for (final, stake), n in self._take(hand, extra, up, option).items():
                k = (_code(final) - _code(start), _ends_as(final, stake))
                out[k] = out.get(k, 0) + n
        self._leaves[key] = sorted(((code, end, n) for (code, end), n in out.items()), key=lambda x: x[1])
        return self._leaves[key]

    def _split_runs(self, pair: int, up: int) -> dict:
        """{code of the cards drawn by all the split hands (resplit pair cards included): {how
        the hands end, sorted: number of sequences}}, summed over the patterns of second cards."""
        runs: dict = {}
        for resplits, fills in split_patterns(self.rules.most_hands(pair)):
            if fills == ("X", "X"):  # two hands alike: each unordered pair of leaves once
                leaves = self._split_leaves(pair, up, True)
                for i, (c1, e1, n1) in enumerate(leaves):
                    for j in range(i, len(leaves)):
                        c2, e2, n2 = leaves[j]
                        row = runs.setdefault(c1 + c2, {})
                        row[(e1, e2)] = row.get((e1, e2), 0) + (n1 * n2 if i == j else 2 * n1 * n2)
                continue
            state = {_code(tuple(resplits * (v == pair) for v in range(1, 11))): {(): 1}}
            for kind in fills:
                nxt: dict = {}
                for drawn, ends in state.items():
                    for more, end, k in self._split_leaves(pair, up, kind == "X"):
                        row = nxt.setdefault(drawn + more, {})
                        for hands, w in ends.items():
                            key = tuple(sorted(hands + (end,)))
                            row[key] = row.get(key, 0) + w * k
                state = nxt
            for drawn, ends in state.items():
                row = runs.setdefault(drawn, {})
                for hands, w in ends.items():
                    row[hands] = row.get(hands, 0) + w
        return runs

    # ---------------------------------------------------------------------- the round

    def outcomes(self) -> RoundOutcomes:
        e = self.e
        n = e.total
        deals = n * (n - 1) * (n - 2)
        splits: dict = {}  # pair value: [(up card, probability of the deal)]
        with bar(len(self.ups), "the round's first deals", "up card") as shown:
            self._deals(splits, deals, shown)
        self._split_rounds(splits)
        joint = {(Fraction(net), kind): e.public(p) for (net, kind), p in sorted(self.out.items()) if p}
        return RoundOutcomes(joint)

    def _deals(self, splits: dict, deals: int, shown: Any) -> None:
        """Every first deal settled, or kept in ``splits`` (by pair value) to play as split hands."""
        e, counts = self.e, self.counts
        for u in self.ups:
            for a in range(1, 11):
                for b in range(a, 11):
                    ca, cb = counts[a - 1], counts[b - 1]
                    ways = ca * (ca - 1) if a == b else 2 * ca * cb
                    ways *= counts[u - 1] - (u == a) - (u == b)
                    if ways <= 0:
                        continue
                    p = mpq(ways, deals) if e.exact else ways / deals
                    hand = add_card(add_card(ZERO_HAND, a), b)
                    p_bj = self.one - e.no_blackjack(hand, u)
                    if {a, b} == {1, 10}:
                        self._blackjack(hand, u, p, p_bj)
                        continue
                    best = self._first_choice(a, b, u)
                    if best == SURRENDER:
                        self._surrender(hand, u, p, p_bj)
                    elif best == SPLIT:
                        splits.setdefault(a, []).append((u, p))
                    else:
                        self._single_hand(hand, u, p, best)
            shown.update(1)

    def _blackjack(self, hand: tuple, up: int, p: Value, p_bj: Value) -> None:
        """A player blackjack, from a deal of probability ``p``; the dealer has one with ``p_bj``."""
        for key, q in self.settlement.blackjack(self.e, p_bj):
            self.put(key, p * q)

    def _surrender(self, hand: tuple, up: int, p: Value, p_bj: Value) -> None:
        for key, q in self.settlement.surrender(self.e, p_bj):
            self.put(key, p * q)

    def _single_hand(self, hand: tuple, up: int, p: Value, option: str) -> None:
        """A hand as dealt (not a blackjack, no split) taking ``option``, from a deal of
        probability ``p``. The dealer's rows are the engine's (it has them already); in floats
        the compiled kernel sums the hand's sequences where it plays the rules."""
        e = self.e
        if self.kernel is not None and not e.exact:
            try:
                law = self.kernel.hand_law(hand, up, OPTIONS.index(option))
            except kernel_unsupported():
                pass
            else:
                for total, stake, sums_by_result in law:
                    for d, x in enumerate(sums_by_result):
                        if x:
                            self.put(self._settle(((total, stake),), d), p * x)
                return
        pool = [c - h - (v == up) for v, (c, h) in enumerate(zip(self.counts, hand), start=1)]
        left = sum(pool)
        sums: dict = {}
        for (final, stake), k in self._take(hand, ZERO_HAND, up, option).items():
            drawn = [f - h for f, h in zip(final, hand)]
            ways = k
            for n, d in zip(pool, drawn):
                ways *= perm(n, d)
            den = perm(left, sum(drawn))
            weight = p * (mpq(ways, den) if e.exact else ways / den)
            end = _ends_as(final, stake)
            row = self._bust_row(final, up) if end[0] == BUSTED else e.finals(final, up)
            acc = sums.get(end)
            if acc is None:
                acc = sums[end] = [0 * self.one] * len(row)
            for d, q in enumerate(row):
                if q:
                    acc[d] += weight * q
        for end, acc in sums.items():  # each way the hand ends, settled once against each result
            for d, x in enumerate(acc):
                if x:
                    self.put(self._settle((end,), d), x)

    def _bust_row(self, removed: tuple, up: int) -> list:
        """A dealer row good enough when every hand is bust: only a blackjack matters."""
        p_bj = self.one - self.e.no_blackjack(removed, up)
        return [0, 0, 0, 0, 0, p_bj, self.one - p_bj]

    def _split_rounds(self, splits: dict) -> None:
        """The split rounds of each pair value against each of its up cards (``splits``: pair:
        [(up card, probability of the deal)]): by the compiled walk where it applies, its calls
        shared among :data:`THREADS` threads (the largest first), else by
        :meth:`_python_split_round`."""
        python: dict = {}
        jobs = []
        for pair, ups in splits.items():
            for up, p in ups:
                job = self._split_job(pair, up, p) if self.compiled else None
                if job is None:
                    python.setdefault(pair, []).append((up, p))
                else:
                    jobs.append(job)
        # The largest first, THREADS of them side by side, their calls taken in turn: a thread holds
        # one part of one pair at a time.
        ranked = sorted(jobs, key=lambda job: -job.size)
        calls = [(job, i) for _, i, _, job in sorted((rank // max(THREADS, 1), i, rank, job)
                                                     for rank, job in enumerate(ranked) for i in range(job.calls))]
        kernels: queue.Queue = queue.Queue()
        for k in range(min(THREADS, len(calls)) or 1):
            kernels.put(_split_kernel(self.rules.dealer.hits_soft_17, k))

        shown = bar(len(calls) + len(python), "the split hands", "part")

        def run(call: tuple) -> Any:
            kernel = kernels.get()
            try:
                return call[0].run(kernel, call[1])
            finally:
                kernels.put(kernel)
                shown.update(1)

        with shown:
            if len(calls) > 1 and THREADS > 1 and sum(job.size for job in jobs) > PARALLEL_FROM:
                with ThreadPoolExecutor(THREADS) as pool:
                    parts = list(pool.map(run, calls))
            else:
                parts = [run(call) for call in calls]
            for job in jobs:
                got = [part for (j, _), part in zip(calls, parts) if j is job]
                if any(part is None for part in got):
                    if job.pair not in python:
                        shown.more(1)
                    python.setdefault(job.pair, []).append((job.up, job.p))
                else:
                    self._split_sums(job, got)
            for pair, ups in python.items():
                self._python_split_round(pair, ups)
                shown.update(1)

    def _compiled_split_round(self, pair: int, up: int, p: Value) -> bool:
        """The split rounds of one pair against ``up`` (a deal of probability ``p``) by the split
        kernel (:mod:`odds.engine.split_kernel`) in this thread; False, with nothing added, where
        it does not apply (see :meth:`_split_job`)."""
        job = self._split_job(pair, up, p)
        if job is None:
            return False
        kernel = _split_kernel(self.rules.dealer.hits_soft_17)
        parts = [job.run(kernel, i) for i in range(job.calls)]
        if any(part is None for part in parts):
            return False
        self._split_sums(job, parts)
        return True

    def _split_job(self, pair: int, up: int, p: Value) -> Optional[_SplitJob]:
        """The split kernel's calls for one pair against ``up`` (a deal of probability ``p``);
        None where the kernel does not apply: a union that could hold 64 cards of one value. The
        calls themselves give None (and the round goes to the plain Python join) for a shoe too
        large for the dealer's counts in 128 bits, or a dealer who can run out of cards."""
        e, most = self.e, self.rules.most_hands(pair)
        base = tuple(c - 2 * (v == pair) for v, c in enumerate(self.counts, start=1))
        pool = [c - (v == up) for v, c in enumerate(base, start=1)]
        n = sum(pool)
        leaves = [[(_packed(code)[0], 2 * (end[0] - BELOW_17) + end[1] - 1, k)
                   for code, end, k in self._split_leaves(pair, up, any_card)] for any_card in (False, True)]
        drawn = {_packed(code) for kind in (False, True) for code, _, _ in self._split_leaves(pair, up, kind)}
        most_drawn = [max(col) for col in zip(*(d[1] for d in drawn))] if drawn else [0] * 10
        if (any(min(pool[v] + most_drawn[v], most * most_drawn[v]) + most - 2 > 63 for v in range(10))
                or any(k >= 2 ** 32 for kind in leaves for _, _, k in kind)):
            return None
        groups: dict = {}
        for resplits, fills in split_patterns(most):
            kinds = sorted(int(f == "X") for f in fills)
            last = kinds.pop()  # the last hand joined: any card when some hand takes any card
            key = (resplits << (6 * (pair - 1)), tuple(kinds), last)
            groups[key] = groups.get(key, 0) + 1
        # The most cards a run draws after the up card: the resplit pair cards, the hands' cards
        # and the dealer's; every weight is brought to the denominator (n)_cards.
        cards = min(n, most - 2 + most * max((d[2] for d in drawn), default=0) + _max_cards(self.rules) - 1)
        moduli = _moduli(perm(n, cards).bit_length()) if e.exact else ()
        args = (base, up - 1, leaves, [k + (m,) for k, m in groups.items()], e.exact)
        size = len(leaves[1]) ** most
        return _SplitJob(pair, up, p, args, moduli, cards, n, e.one_unit_to_blackjack, size,
                         _parts(_rows(size), 8 * len(moduli) * 7 if e.exact else 8 * 7))

    def _split_sums(self, job: _SplitJob, parts: list) -> None:
        """Add the outcomes of one pair against one up card from its kernel calls' sums."""
        e = self.e
        sums = job.sums(parts)
        if e.exact:
            den = perm(job.n, job.cards)
            sums = [_crt(r, job.moduli) for r in sums]
            if sum(sums) != den:
                raise InternalError("the split walk lost probability (an overflow in the kernel)")
        for o, x in enumerate(sums):
            if x:
                self.put((o // 3 - 8, (WIN, LOSS, NEITHER)[o % 3]), job.p * (mpq(x, den) if e.exact else x))

    def _python_split_round(self, pair: int, ups: list) -> None:
        """The split rounds of one pair value against each up card in ``ups``, in plain Python. A
        union of drawn cards leaves the same shoe whatever the up card, so each union calls
        :func:`dealer_finals` once for all the up cards."""
        e = self.e
        runs = {u: self._split_runs(pair, u) for u, _ in ups}
        hand = tuple(2 * (v == pair) for v in range(1, 11))
        for code in set().union(*runs.values()):
            drawn = _decode(code)
            removed = cards_out(hand, drawn)
            rows = None
            for u, p in ups:
                ends = runs[u].get(code)
                if not ends:
                    continue
                ways = 1
                for v, (c, h, d) in enumerate(zip(self.counts, hand, drawn), start=1):
                    ways *= perm(c - h - (v == u), d)
                if not ways:
                    continue
                weight = p * (mpq(ways, perm(e.total - 3, sum(drawn))) if e.exact
                              else ways / perm(e.total - 3, sum(drawn)))
                if all(end[0] == BUSTED for hands in ends for end in hands):
                    row = self._bust_row(removed, u)
                else:
                    if rows is None:
                        left = tuple(c - r for c, r in zip(self.counts, removed))
                        rows = dealer_finals(left, self.rules.dealer.hits_soft_17, e.exact)
                    row = rows[u - 1]
                nums, den = self._integers(row)
                sums: dict = {}
                for hands, w in ends.items():
                    for d, num in enumerate(nums):
                        if num:
                            key = self._settle(hands, d)
                            sums[key] = sums.get(key, 0) + w * num
                weight = weight / den if e.exact else weight
                for key, s in sums.items():
                    self.put(key, weight * s)

    def _integers(self, row: Sequence[Value]) -> tuple:
        """A dealer row as (numerators, common denominator) in exact mode; floats as they are."""
        if not self.e.exact:
            return row, 1
        den = 1
        for q in row:
            den = lcm(den, int(mpq(q).denominator))
        return [int(q * den) for q in row], den

    def _settle(self, hands: tuple, dealer: int) -> tuple:
        """The settlement's key for the hands against the dealer's result, computed once."""
        key = (hands, dealer)
        if key not in self._settled:
            self._settled[key] = self.settlement.hands(self.e, hands, dealer)
        return self._settled[key]
