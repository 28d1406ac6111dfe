"""Closed-form counts of 21+3, the twenty-point bonus, royal match 21, king's bounty, super match,
in-between, bet the set 21 and house money, for any shoe by rank and suit.

The general first-cards engine (:func:`odds.engine.first_cards.count_first_cards`) visits every ordered
tuple of card classes: exact, and tens of milliseconds a shoe. A simulator that asks for the odds
of the shoe as it stands, round after round, needs microseconds. These wagers have simple
combinatorial forms, so their counts are written out: the same classifications (the tuples of
hands a deal makes, best first), the same combinations and the same cycle, as exact integers. The
tests check them against the general engine on full and depleted shoes. The forms here are plain
Python, the check of their compiled twins (``ext/closed_counts.pyx``, :func:`compiled_terms`), which
the returns use.

``counts`` is a flat sequence of 52 numbers, rank major: ``counts[4 * r + s]`` is the number of
cards of rank ``RANKS[r]`` and suit ``SUITS[s]`` (see :func:`flat_counts`).

>>> from odds import Shoe
>>> ways, cycle = count_21_plus_3(flat_counts(Shoe.decks(6)))
>>> cycle, ways[("suited-trips", "trips", "flush")]
(5013320, 1040)
>>> from odds.engine.first_cards import count_first_cards
>>> from odds.wagers.card_combinations import GAMES
>>> (ways, cycle) == count_first_cards(GAMES["21+3"], Shoe.decks(6))
True
"""
from __future__ import annotations

import itertools
from math import comb
from typing import TYPE_CHECKING, Iterable, Sequence

from odds.engine.kernels import closed_counts
from odds.core.cards import RANKS, SUITS
from odds.core.errors import EngineError

if TYPE_CHECKING:
    from odds.core.shoe import Shoe

TEN_RANKS = (9, 10, 11, 12)  # T J Q K
ACE, NINE, QUEEN, HEARTS = 0, 8, 11, SUITS.index("H")

# 21+3's classifications, as odds.wagers.card_combinations.twenty_one_plus_three returns them.
SUITED_TRIPS = ("suited-trips", "trips", "flush")
TRIPS = ("trips",)
STRAIGHT_FLUSH = ("straight-flush", "straight", "flush")
STRAIGHT = ("straight",)
FLUSH_PAIR = ("flush", "pair")
FLUSH = ("flush",)
PAIR = ("pair",)
NOTHING = ()

# The twenty-point bonus's, as odds.wagers.card_combinations.twenty_point returns them.
QH_PAIR_BJ = ("qh-pair-dealer-bj", "qh-pair", "matched-20", "suited-20", "any-20")
QH_PAIR = ("qh-pair", "matched-20", "suited-20", "any-20")
MATCHED_20 = ("matched-20", "suited-20", "any-20")
SUITED_20 = ("suited-20", "any-20")
ANY_20 = ("any-20",)


def flat_counts(shoe: Shoe) -> list[int]:
    """A shoe's counts by rank and suit as one list of 52 (rank major); suits must be known."""
    return [n for row in shoe.by_rank_suit() for n in row]


def _check(counts: Sequence[int], k: int, name: str) -> int:
    if len(counts) != 52:
        raise EngineError(f"{name}: need 52 counts by rank and suit, got {len(counts)}")
    total = sum(counts)
    if total < k:
        raise EngineError(f"{name} needs {k} cards; the shoe holds {total}")
    return total


def _by_rank(counts: Sequence[int]) -> list[int]:
    """The 52 counts summed by rank (13 of them, A first)."""
    return [sum(counts[4 * r:4 * r + 4]) for r in range(13)]


def _atoms(pairs: Iterable[tuple[tuple[str, ...], int]]) -> dict[tuple[str, ...], int]:
    return {atom: ways for atom, ways in pairs if ways}


def count_21_plus_3(counts: Sequence[int]) -> tuple[dict[tuple[str, ...], int], int]:
    """Unordered three-card combinations of each 21+3 classification, and the cycle C(N, 3).

    Every deal that makes suited trips, trips, a straight flush, a straight, a flush with a pair, a
    flush of three ranks (the third elementary symmetric sum of a suit's counts) or a pair is
    counted, then the better hands are taken out."""
    total = _check(counts, 3, "21+3")
    ranks = _by_rank(counts)
    suits = [sum(counts[s::4]) for s in range(4)]
    suited_trips = sum(comb(n, 3) for n in counts)
    trips = sum(comb(n, 3) for n in ranks)
    runs = [(a, a + 1, a + 2) for a in range(11)] + [(11, 12, 0)]  # A-2-3 .. J-Q-K, then Q-K-A
    straight = sum(ranks[a] * ranks[b] * ranks[c] for a, b, c in runs)
    straight_flush = sum(counts[4 * a + s] * counts[4 * b + s] * counts[4 * c + s] for a, b, c in runs for s in range(4))
    flush_pair = sum(comb(counts[4 * r + s], 2) * (suits[s] - counts[4 * r + s]) for r in range(13) for s in range(4))
    flush_distinct = sum(sum(counts[4 * a + s] * counts[4 * b + s] * counts[4 * c + s]
                             for a, b, c in itertools.combinations(range(13), 3)) for s in range(4))
    pair = sum(comb(n, 2) * (total - n) for n in ranks)
    cycle = comb(total, 3)
    rows = [(SUITED_TRIPS, suited_trips), (TRIPS, trips - suited_trips),
            (STRAIGHT_FLUSH, straight_flush), (STRAIGHT, straight - straight_flush),
            (FLUSH_PAIR, flush_pair), (FLUSH, flush_distinct - straight_flush),
            (PAIR, pair - flush_pair)]
    rows.append((NOTHING, cycle - sum(w for _, w in rows)))
    return _atoms(rows), cycle


def count_twenty_point(counts: Sequence[int]) -> tuple[dict[tuple[str, ...], int], int]:
    """Combinations of each twenty-point bonus classification: the player's two cards unordered,
    the dealer's up card and hole card in order; the cycle is C(N, 2) (N-2) (N-3)."""
    total = _check(counts, 4, "twenty-point-bonus")
    dealer = (total - 2) * (total - 3)  # ordered up card and hole card after the player's two
    tens = sum(counts[4 * r + s] for r in TEN_RANKS for s in range(4))
    aces = sum(counts[4 * ACE:4 * ACE + 4])
    nines = sum(counts[4 * NINE:4 * NINE + 4])
    queens_of_hearts = counts[4 * QUEEN + HEARTS]
    qh_pairs = comb(queens_of_hearts, 2)
    dealer_blackjacks = 2 * aces * (tens - 2) if qh_pairs else 0  # after two queens are dealt
    matched = sum(comb(counts[4 * r + s], 2) for r in TEN_RANKS for s in range(4)) - qh_pairs
    suited = 0  # two cards of one suit making 20, not of the same rank
    for s in range(4):
        e1 = e2 = 0
        for r in TEN_RANKS:
            n = counts[4 * r + s]
            e2 += e1 * n
            e1 += n
        suited += e2 + counts[4 * ACE + s] * counts[4 * NINE + s]
    twenty = comb(tens, 2) + aces * nines
    rows = [(QH_PAIR_BJ, qh_pairs * dealer_blackjacks), (QH_PAIR, qh_pairs * (dealer - dealer_blackjacks)),
            (MATCHED_20, matched * dealer), (SUITED_20, suited * dealer),
            (ANY_20, (twenty - qh_pairs - matched - suited) * dealer)]
    cycle = comb(total, 2) * dealer
    rows.append((NOTHING, cycle - sum(w for _, w in rows)))
    return _atoms(rows), cycle


# Royal match 21's, as odds.wagers.card_combinations.royal_match returns them.
CROWN = ("crown-treasure", "royal-match", "suited-match")
ROYAL = ("royal-match", "suited-match")
SUITED_BLACKJACK = ("suited-blackjack", "suited-match")
SUITED_MATCH = ("suited-match",)
KING = RANKS.index("K")


def count_royal_match(counts: Sequence[int]) -> tuple[dict[tuple[str, ...], int], int]:
    """Combinations of each royal match 21 classification: the player's two cards unordered, the
    dealer's up card and hole card in order (they matter only to a crown treasure: the other king
    and queen of the player's royal suit); the cycle is C(N, 2) (N-2) (N-3)."""
    total = _check(counts, 4, "royal-match-21")
    dealer = (total - 2) * (total - 3)
    crown = royal = blackjack = suited = 0
    for s in range(4):
        kings, queens, aces = counts[4 * KING + s], counts[4 * QUEEN + s], counts[4 * ACE + s]
        tens = counts[36 + s] + counts[40 + s] + queens + kings  # T, J, Q, K of suit s
        royals = kings * queens  # unordered K-Q of suit s
        crowns = royals * 2 * (kings - 1) * (queens - 1)  # then the dealer's other K and Q of s, either order
        crown += crowns
        royal += royals * dealer - crowns
        blackjack += aces * tens * dealer
        suited += (comb(sum(counts[s::4]), 2) - royals - aces * tens) * dealer
    rows = [(CROWN, crown), (ROYAL, royal), (SUITED_BLACKJACK, blackjack), (SUITED_MATCH, suited)]
    cycle = comb(total, 2) * dealer
    rows.append((NOTHING, cycle - sum(w for _, w in rows)))
    return _atoms(rows), cycle


# King's bounty's, as odds.wagers.card_combinations.kings_bounty returns them.
KS_PAIR_BJ = ("ks-pair-dealer-bj", "ks-pair", "suited-kings", "suited-20", "two-kings")
KS_PAIR = ("ks-pair", "suited-kings", "suited-20", "two-kings")
SUITED_KINGS = ("suited-kings", "suited-20", "two-kings")
SUITED_QJT = ("suited-qjt", "suited-20")
SUITED_20_ONLY = ("suited-20",)
TWO_KINGS = ("two-kings", "unsuited-20")
UNSUITED_20 = ("unsuited-20",)
UNSUITED_21 = ("unsuited-21",)
SPADES = SUITS.index("S")


def count_kings_bounty(counts: Sequence[int]) -> tuple[dict[tuple[str, ...], int], int]:
    """Combinations of each king's bounty classification: the player's two cards unordered, the
    dealer's two in order (they matter only to the pair of kings of spades against a dealer
    blackjack); the cycle is C(N, 2) (N-2) (N-3)."""
    total = _check(counts, 4, "kings-bounty")
    dealer = (total - 2) * (total - 3)
    suit_tens = [counts[36 + s] + counts[40 + s] + counts[44 + s] + counts[48 + s] for s in range(4)]  # T J Q K
    suit_aces = counts[4 * ACE:4 * ACE + 4]
    suit_nines = counts[4 * NINE:4 * NINE + 4]
    suit_kings = counts[4 * KING:4 * KING + 4]
    tens, aces, nines, kings = sum(suit_tens), sum(suit_aces), sum(suit_nines), sum(suit_kings)
    ks_pairs = comb(suit_kings[SPADES], 2)
    ks_blackjack = ks_pairs * 2 * aces * (tens - 2)  # the dealer's ace and ten after two kings are gone
    suited_kings = sum(comb(suit_kings[s], 2) for s in range(4) if s != SPADES)
    suited_qjt = sum(comb(counts[4 * r + s], 2) for r in TEN_RANKS if r != KING for s in range(4))
    suited_20 = sum(comb(suit_tens[s], 2) + suit_aces[s] * suit_nines[s] for s in range(4))
    unsuited_kings = comb(kings, 2) - sum(comb(k, 2) for k in suit_kings)
    unsuited_20 = (comb(tens, 2) + aces * nines) - suited_20 - unsuited_kings
    unsuited_21 = aces * tens - sum(a * t for a, t in zip(suit_aces, suit_tens))
    rows = [(KS_PAIR_BJ, ks_blackjack), (KS_PAIR, ks_pairs * dealer - ks_blackjack),
            (SUITED_KINGS, suited_kings * dealer), (SUITED_QJT, suited_qjt * dealer),
            (SUITED_20_ONLY, (suited_20 - ks_pairs - suited_kings - suited_qjt) * dealer),
            (TWO_KINGS, unsuited_kings * dealer), (UNSUITED_20, unsuited_20 * dealer),
            (UNSUITED_21, unsuited_21 * dealer)]
    cycle = comb(total, 2) * dealer
    rows.append((NOTHING, cycle - sum(w for _, w in rows)))
    return _atoms(rows), cycle


# Super match's, as odds.wagers.super_match.super_match returns them.
QUADS, TWO_PAIR, THREE_OF_A_KIND, ONE_PAIR = ("four-of-a-kind",), ("two-pair",), ("three-of-a-kind",), ("pair",)


def count_super_match(counts: Sequence[int]) -> tuple[dict[tuple[str, ...], int], int]:
    """Unordered four-card combinations of each super match hand, by rank: four of a kind, two pair,
    three of a kind (and a card of another rank), one pair (and two cards of two other ranks, unlike
    each other), then none; the cycle is C(N, 4).

    >>> ways, cycle = count_super_match([1] * 52)  # one deck: 13 quads, 78 x 36 two pairs
    >>> cycle, ways[("four-of-a-kind",)], ways[("two-pair",)]
    (270725, 13, 2808)
    """
    total = _check(counts, 4, "super-match")
    ranks = _by_rank(counts)
    pairs = [comb(n, 2) for n in ranks]
    one_pair = sum(p * (comb(total - n, 2) - (sum(pairs) - p)) for n, p in zip(ranks, pairs))
    rows: list[tuple[tuple[str, ...], int]] = [
        (QUADS, sum(comb(n, 4) for n in ranks)), (TWO_PAIR, sum(a * b for a, b in itertools.combinations(pairs, 2))),
        (THREE_OF_A_KIND, sum(comb(n, 3) * (total - n) for n in ranks)), (ONE_PAIR, one_pair)]
    cycle = comb(total, 4)
    rows.append((NOTHING, cycle - sum(w for _, w in rows)))
    return _atoms(rows), cycle


# In-between's, as odds.wagers.card_combinations.in_between returns them.
TRIPLE_MATCH, SPREADS, SPREAD_OTHER = ("triple-match",), (("spread-1",), ("spread-2",), ("spread-3",)), ("spread-other",)


def count_in_between(counts: Sequence[int]) -> tuple[dict[tuple[str, ...], int], int]:
    """Combinations of each in-between outcome: the player's two cards unordered, then the up card;
    ranks from 2 (low) to the ace (high). Three cards of a rank are a triple match; two cards of
    ranks ``lo < hi`` with ``hi - lo - 1`` ranks between (the spread) win with an up card of a rank
    between; the cycle is C(N, 2) (N - 2).

    >>> ways, cycle = count_in_between([1] * 52)  # one deck
    >>> cycle, ways[("spread-1",)], 11 * 16 * 4, ways[("triple-match",)], 13 * 6 * 2
    (66300, 704, 704, 156, 156)
    """
    total = _check(counts, 3, "in-between")
    ranks = _by_rank(counts)
    low_to_high = ranks[1:] + ranks[:1]  # 2, 3, ..., K, A
    below = list(itertools.accumulate(low_to_high, initial=0))  # below[i]: cards of the ranks under the i-th

    def spread(s: int) -> int:
        return sum(low_to_high[lo] * low_to_high[lo + s + 1] * (below[lo + s + 1] - below[lo + 1])
                   for lo in range(12 - s))

    rows: list[tuple[tuple[str, ...], int]] = [(TRIPLE_MATCH, sum(comb(n, 2) * (n - 2) for n in ranks))]
    rows += [(atom, spread(s)) for s, atom in enumerate(SPREADS, start=1)]
    rows.append((SPREAD_OTHER, sum(spread(s) for s in range(4, 12))))
    cycle = comb(total, 2) * (total - 2)
    rows.append((NOTHING, cycle - sum(w for _, w in rows)))
    return _atoms(rows), cycle


# Bet the set 21's and house money's, as odds.wagers.card_combinations.bet_the_set and house_money
# return them.
SUITED_PAIR = ("suited-pair", "pair")
SUITED_AK, STRAIGHT_FLUSH_TWO = ("suited-ak", "straight-flush", "straight"), ("straight-flush", "straight")


def count_bet_the_set(counts: Sequence[int]) -> tuple[dict[tuple[str, ...], int], int]:
    """Combinations of the player's two cards, unordered, of each bet the set outcome: a suited pair
    (two cards of one rank and suit), another pair, then none; the cycle is C(N, 2).

    >>> count_bet_the_set([2] * 52)[0]  # two decks: 52 suited pairs, 13 x (C(8, 2) - 4) others
    {('suited-pair', 'pair'): 52, ('pair',): 312, (): 4992}
    """
    total = _check(counts, 2, "bet-the-set-21")
    suited = sum(comb(n, 2) for n in counts)
    pairs = sum(comb(n, 2) for n in _by_rank(counts))
    return _atoms([(SUITED_PAIR, suited), (PAIR, pairs - suited), (NOTHING, comb(total, 2) - pairs)]), comb(total, 2)


def count_house_money(counts: Sequence[int]) -> tuple[dict[tuple[str, ...], int], int]:
    """Combinations of the player's two cards, unordered, of each house money outcome: a suited
    ace-king, another suited pair of consecutive ranks (a straight flush), an unsuited one (a
    straight), a pair, then none; the ace is high and low, so the 13 consecutive pairs of ranks run
    A-2, 2-3, ..., K-A. The cycle is C(N, 2).

    >>> count_house_money([1] * 52)[0][("straight",)]  # one deck: 13 pairs of ranks x 12 unsuited
    156
    """
    total = _check(counts, 2, "house-money")
    ranks = _by_rank(counts)
    straight = sum(ranks[r] * ranks[(r + 1) % 13] for r in range(13))
    suited = [sum(counts[4 * r + s] * counts[4 * ((r + 1) % 13) + s] for s in range(4)) for r in range(13)]
    pairs = sum(comb(n, 2) for n in ranks)
    rows = [(SUITED_AK, suited[KING]), (STRAIGHT_FLUSH_TWO, sum(suited) - suited[KING]),
            (STRAIGHT, straight - sum(suited)), (PAIR, pairs)]
    cycle = comb(total, 2)
    rows.append((NOTHING, cycle - sum(w for _, w in rows)))
    return _atoms(rows), cycle


CLOSED_FORMS = {"21+3": count_21_plus_3, "twenty-point-bonus": count_twenty_point,
                "royal-match-21": count_royal_match, "kings-bounty": count_kings_bounty,
                "super-match": count_super_match, "in-between": count_in_between,
                "bet-the-set-21": count_bet_the_set, "house-money": count_house_money}


def count_match_the_dealer(counts: Sequence[int]) -> tuple[dict[tuple[str, ...], int], int]:
    """Match the dealer (9 NYCRR 5324.11(i)) by weighted counts: a deal counts once for each of
    the player's two cards that matches the up card's rank, under ``("suited-match",)`` when of its
    suit too, else ``("unsuited-match",)``; the deals with no match under ``()``; the cycle is the
    ordered deals (N)_3.

    By exchangeability the up card may be taken as dealt first; then over the ordered pairs of the
    player's cards from the ``N - 1`` left, the identical cards number ``2 (n_u - 1)(N - 2)``, the
    same-rank other-suit ones ``2 (R - n_u)(N - 2)``, and the pairs with no match
    ``(N - R)(N - R - 1)`` (``R`` cards of the up card's rank in the whole shoe). Summed over the up
    card ``u``: ``sum n_u (n_u - 1) = sq - N`` and ``sum n_u (R_u - n_u) = R2 - sq``.

    >>> count_match_the_dealer([1] * 52)[0][("unsuited-match",)]  # 52 up cards x 3 ranks-mates x 2 places x 50 others
    15600
    """
    n = _check(counts, 3, "match-the-dealer")
    ranks = _by_rank(counts)
    sq = sum(k * k for k in counts)
    r2 = sum(k * k for k in ranks)
    miss = sum(k * (n - k) * (n - k - 1) for k in ranks)
    return ({("suited-match",): 2 * (n - 2) * (sq - n), ("unsuited-match",): 2 * (n - 2) * (r2 - sq), (): miss},
            n * (n - 1) * (n - 2))


# The outcomes of each compiled closed form (``odds.engine.closed_counts.closed_terms``), in the
# order of its terms: the classifications of the Python forms above, Bust It's outcomes
# (``odds.wagers.dealer_bust.BUST_IT_OUTCOMES`` and the loss).
COMPILED: dict[str, tuple[object, ...]] = {
    "21+3": (SUITED_TRIPS, TRIPS, STRAIGHT_FLUSH, STRAIGHT, FLUSH_PAIR, FLUSH, PAIR, NOTHING),
    "twenty-point-bonus": (QH_PAIR_BJ, QH_PAIR, MATCHED_20, SUITED_20, ANY_20, NOTHING),
    "royal-match-21": (CROWN, ROYAL, SUITED_BLACKJACK, SUITED_MATCH, NOTHING),
    "kings-bounty": (KS_PAIR_BJ, KS_PAIR, SUITED_KINGS, SUITED_QJT, SUITED_20_ONLY, TWO_KINGS, UNSUITED_20,
                     UNSUITED_21, NOTHING),
    "match-the-dealer": (("suited-match",), ("unsuited-match",), ()),
    "bust-it": ("eights-suited", "eights-colour", "third-6", "third-7", "third-8", "third-9", "third-T", "lose"),
    "super-match": (QUADS, TWO_PAIR, THREE_OF_A_KIND, ONE_PAIR, NOTHING),
    "in-between": (TRIPLE_MATCH, *SPREADS, SPREAD_OTHER, NOTHING),
    "bet-the-set-21": (SUITED_PAIR, PAIR, NOTHING),
    "house-money": (SUITED_AK, STRAIGHT_FLUSH_TWO, STRAIGHT, PAIR, NOTHING),
}


def compiled_terms(wager: str, counts: Sequence[int]) -> tuple[dict[object, int], int]:
    """The compiled closed form of ``wager``: each outcome's count (zeros left out) and the cycle,
    as the Python forms give them.

    >>> from odds import Shoe
    >>> compiled_terms("21+3", flat_counts(Shoe.decks(6))) == count_21_plus_3(flat_counts(Shoe.decks(6)))
    True
    """
    terms = closed_counts.closed_terms(closed_counts.FORMS.index(wager), counts)
    return {atom: ways for atom, ways in zip(COMPILED[wager], terms) if ways}, terms[-1]


def rank_suit_label(index: int) -> str:
    """``0`` -> ``'AS'``, ``45`` -> ``'QH'``: the card of a flat index."""
    return RANKS[index // 4] + SUITS[index % 4]
