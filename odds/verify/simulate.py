"""An independent dealing simulator, to check the exact par sheets by another road.

This is the one place in ``odds`` that works in floats, and it says so: frequencies, means and
confidence intervals here are floating-point estimates. It deals physical cards from a shoe of
``decks`` decks with ``random.Random(seed)`` (so a seed gives the same run every time) and settles
each round as the wager's regulation says, with rules written out again here: it calls none of the
exact engines (no dealer tables, no combination counts, no settling functions of the wagers), but
for the player's decisions in the streak wagers' rounds, which it asks of the player engine (below).

Each round is dealt from the full shoe freshly shuffled: the cards are drawn one by one by a
partial Fisher-Yates shuffle, which gives a uniformly random ordering of the cards used, so the
rounds are independent (no cut card, no depletion between rounds), as in the exact par sheets.

Every round opens as the regulations deal it (9 NYCRR 5324.11(a)(4); 58 Pa. Code 633a.7): the
player's first card, the dealer's up card, the player's second card, the dealer's hole card. Cards
dealt after that come in the order the wager needs them.

Wagers simulated (the outcome names are those of the par sheets):

* ``buster`` (58 Pa. Code 633c.13): the player then draws while his total, aces counted as one,
  is under 12 (he never busts; which cards he takes must not change the dealer's law, and the
  simulation checks that too); the dealer always completes his hand (633c.13(f)) by S17 or H17.
  The wager pays by the number of cards in the dealer's busted hand: ``bust-3`` ... ``bust-7``,
  ``bust-8+``; otherwise ``no-bust`` (a dealer blackjack is a hand that does not bust, peek or no
  peek, so peeking changes nothing here).
* ``ez-bust`` (58 Pa. Code 633b.16): offered only when the up card is 2 to 6 ((c)), or the one up
  card asked for; a round on another up card carries no wager and is dealt again, so ``rounds``
  counts wagers settled. The player draws as for Buster, the dealer completes his hand; ``bust``
  when it goes over 21 ((f)), else ``no-bust``. Paragraph (g), the push, is not used.
* ``bust-it`` (9 NYCRR 5324.11(o)): the dealer's first three cards. A first two cards of 17 or
  more (a soft 17 and a blackjack included) lose; otherwise the player draws as for Buster and the
  dealer's third card is dealt; the wager wins when it takes the hand over 21 ((o)(4)), paid by that
  card (``third-6`` ... ``third-9``, ``third-T``), or as three eights of one suit or one colour
  (``eights-suited``, ``eights-colour``, (o)(6)); else ``lose``.
* ``21+3`` (9 NYCRR 5324.11(p)): the player's two cards and the dealer's up card as a three-card
  poker hand, paid for the best hand the paytable lists, best first: ``suited-trips``,
  ``straight-flush``, ``trips``, ``straight``, ``flush``, ``pair`` (A-2-3 and Q-K-A are straights,
  K-A-2 is not); else ``lose``. Its three cards are dealt in the order player, up card, player.
* the other New York wagers decided by the first cards: ``super-sevens`` (d), ``royal-match-21``
  (f), ``bet-the-set-21`` (g), ``house-money`` (h), ``match-the-dealer`` (i), ``in-between`` (j),
  ``twenty-point-bonus`` (k), ``kings-bounty`` (n); and the progressives ``progressive-super-sevens``
  (e), ``blazing-7s`` (q) and ``progressive-blackjack`` (l). The player's third and fourth cards are
  the next cards from the shoe (a player holding sevens or aces always receives them). Each deal
  is paid for the best hand it makes that the paytable lists, else ``lose``. A meter award is
  counted at a meter of 0: the frequencies of the meter hands are compared, and the mean return is
  the fixed-pay part ``a`` of ``R(M) = a + b*M``.

The wagers on the main game's result (``streak``, 9 NYCRR 5324.11(m); ``burnout-bonus``, the
Blackjack Burnout bonus wagers) are dealt by :func:`simulate_rounds`: whole rounds of the main game,
one after another, each from a full, freshly shuffled shoe. The player's decisions are the exact
engine's (:class:`EngineDecisions` asks :class:`~odds.engine.player.PlayerEngine` in each situation: the
wagers are priced for that play); the dealing, the dealer's play, the settlement of each hand
against the dealer, the round's class (won, lost or neither: a push is neither, a split round is
won or lost by a majority of its hands, (m)(8)-(9)) and the counting of the streaks are written
again here. A round lost to a dealer blackjack loses the streak ((m)(6)), or counts for neither
with ``dealer_blackjack="no-effect"`` ((m)(1) word for word). :func:`compare_rounds` sets the
frequency of won, lost and neither rounds beside the exact round chances, and the chance of ``k``
wins in a row beside the par sheet's twice: derived from the rounds as ``(won / (won + lost)) **
k``, and counted wager by wager as the dealer settles them.

The check (:func:`check`) puts the simulated frequency of every outcome and the mean return next to
the exact values of the par sheet, each with a 95% interval (Wilson for frequencies, normal for the
mean return); the flag ``inside`` uses wider intervals, at 99.9% for the whole run: each of the
``m`` comparisons (every outcome and the mean return) at ``1 - 0.001 / m`` (Bonferroni), so that a
run with many outcomes raises a false alarm at most once in a thousand runs.

>>> from odds.core.rules import DealerRules
>>> run = simulate("21+3", 6, DealerRules.parse("S17"), {"flush": 5, "straight": 10}, rounds=2000, seed=1)
>>> run.rounds, sum(run.counts.values())
(2000, 2000)
>>> sorted(run.counts)
['flush', 'lose', 'straight']
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from fractions import Fraction
from statistics import NormalDist
from typing import Callable, Mapping, Optional

from odds.core.errors import PaytableError, WagerError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
REPORT_LEVEL = 0.95
FLAG_LEVEL = 0.999
FLOAT_NOTE = "simulation: floating-point estimates (the only float results in odds)"


def z_value(level: float) -> float:
    """The two-sided normal quantile for a confidence level.

    >>> round(z_value(0.95), 4)
    1.96
    """
    return NormalDist().inv_cdf(0.5 + level / 2)


def wilson(count: int, n: int, level: float) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion ``count / n``.

    >>> lo, hi = wilson(0, 100, 0.95)
    >>> lo, round(hi, 4)
    (0.0, 0.037)
    >>> wilson(3000, 3000, 0.999)[1]
    1.0
    """
    z = z_value(level)
    p = count / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # the bounds at 0 and 1 are exact (rounding must not push a certain outcome out of its interval)
    return (0.0 if count == 0 else max(0.0, centre - half)), (1.0 if count == n else min(1.0, centre + half))


# ------------------------------------------------------------------------------------- the deal

class _Dealer:
    """Draws cards without replacement from a full shoe (a partial Fisher-Yates shuffle)."""

    def __init__(self, decks: int, rng: random.Random):
        self.cards = [(r, s) for _ in range(decks) for r in RANKS for s in SUITS]
        self.rng = rng
        self.used = 0

    def new_round(self) -> None:
        # The list is always some permutation of the shoe, and each draw picks uniformly among the
        # cards not yet used in this round, so every round is a fresh uniform shuffle.
        self.used = 0

    def draw(self) -> tuple[str, str]:
        cards, i = self.cards, self.used
        if i >= len(cards):
            raise WagerError("the shoe ran out of cards in one round")
        j = self.rng.randrange(i, len(cards))
        cards[i], cards[j] = cards[j], cards[i]
        self.used = i + 1
        return cards[i]


def _points(rank: str) -> int:
    return 1 if rank == "A" else 10 if rank in "TJQK" else int(rank)


def _total(cards) -> tuple[int, bool]:
    """(best total, soft) of a blackjack hand."""
    hard = sum(_points(r) for r, _ in cards)
    if any(r == "A" for r, _ in cards) and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def _dealer_hits(cards, hits_soft_17: bool, stands_on: int) -> bool:
    total, soft = _total(cards)
    return total < stands_on or (hits_soft_17 and soft and total == 17)


def _hard(cards) -> int:
    """The total with every ace counted as one."""
    return sum(_points(r) for r, _ in cards)


def _same_colour(cards) -> bool:
    return len({s in "HD" for _, s in cards}) == 1


def _one_suit(cards) -> bool:
    return len({s for _, s in cards}) == 1


@dataclass(frozen=True)
class _Table:
    """What a round needs besides the cards: the dealer's rule and the wager's options."""

    hits_soft_17: bool
    stands_on: int
    options: Mapping


def _opening(deal: _Dealer):
    """Player, up card, player, hole card: ([player's two cards], up card, hole card)."""
    p1, up, p2, hole = deal.draw(), deal.draw(), deal.draw(), deal.draw()
    return [p1, p2], up, hole


def _player_draws(deal: _Dealer, player: list) -> None:
    """The player draws while his total, aces as one, is under 12 (he never busts)."""
    while _hard(player) < 12:
        player.append(deal.draw())


def _dealer_completes(deal: _Dealer, dealer: list, table: _Table) -> list:
    while _dealer_hits(dealer, table.hits_soft_17, table.stands_on):
        dealer.append(deal.draw())
    return dealer


def _buster_round(deal: _Dealer, table: _Table) -> list[str]:
    player, up, hole = _opening(deal)
    _player_draws(deal, player)
    dealer = _dealer_completes(deal, [up, hole], table)
    if _total(dealer)[0] <= 21:
        return []
    return [f"bust-{len(dealer)}" if len(dealer) < 8 else "bust-8+"]


def _ez_bust_round(deal: _Dealer, table: _Table) -> Optional[list[str]]:
    player, up, hole = _opening(deal)
    offered = table.options.get("upcard") or "23456"
    if up[0] not in offered:
        return None  # no wager on this up card
    _player_draws(deal, player)
    dealer = _dealer_completes(deal, [up, hole], table)
    return ["bust"] if _total(dealer)[0] > 21 else []


def _bust_it_round(deal: _Dealer, table: _Table) -> list[str]:
    player, up, hole = _opening(deal)
    if _total([up, hole])[0] >= min(17, table.stands_on):
        return []  # 17 or more in two cards (soft 17 and blackjack too): no third card, the wager loses
    _player_draws(deal, player)
    third = deal.draw()
    cards = [up, hole, third]
    if _hard(cards) <= 21:
        return []
    hands = []
    if all(r == "8" for r, _ in cards):
        hands += (["eights-suited"] if _one_suit(cards) else []) + (["eights-colour"] if _same_colour(cards) else [])
    return hands + ["third-" + ("T" if _points(third[0]) == 10 else third[0])]


_HIGH = {r: i for i, r in enumerate("23456789TJQKA", start=2)}


def _run(values) -> bool:
    """Three distinct ranks in a row, ace high or low."""
    for ace in (14, 1):
        v = sorted(ace if x == 14 else x for x in values)
        if len(set(v)) == 3 and v[2] - v[0] == 2:
            return True
    return False


def twenty_one_plus_three_hands(cards) -> list[str]:
    """Every 21+3 hand three cards make, best first (written independently of the exact engine).

    >>> twenty_one_plus_three_hands([("Q", "H"), ("K", "H"), ("A", "H")])
    ['straight-flush', 'straight', 'flush']
    >>> twenty_one_plus_three_hands([("K", "H"), ("A", "S"), ("2", "H")])
    []
    """
    ranks = [r for r, _ in cards]
    same_suit = _one_suit(cards)
    distinct = len(set(ranks))
    straight = distinct == 3 and _run([_HIGH[r] for r in ranks])
    hands = []
    if distinct == 1 and same_suit:
        hands.append("suited-trips")
    if straight and same_suit:
        hands.append("straight-flush")
    if distinct == 1:
        hands.append("trips")
    if straight:
        hands.append("straight")
    if same_suit:
        hands.append("flush")
    if distinct == 2:
        hands.append("pair")
    return hands


def _twenty_one_plus_three_round(deal: _Dealer, table: _Table) -> list[str]:
    return twenty_one_plus_three_hands([deal.draw(), deal.draw(), deal.draw()])  # player, up card, player


# New York's wagers on the first cards, each from its own paragraph of 9 NYCRR 5324.11. A hand
# function gets the player's two cards, the up card, the hole card and the player's next two cards.

def _natural(a, b) -> bool:
    return _total([a, b])[0] == 21


def _sevens(cards) -> int:
    return sum(r == "7" for r, _ in cards)


def _super_sevens(player, up, hole, more, options) -> list[str]:
    """(d): the first card must be a 7 ((d)(5)); the third card is the player's next ((d)(4), (d)(6))."""
    (r1, s1), (r2, s2), third = player[0], player[1], more[0]
    if r1 != "7":
        return []
    if r2 != "7":
        return ["one-7"]
    two = "two-7s-suited" if s1 == s2 else "two-7s-unsuited"
    if third[0] != "7":
        return [two]
    return ["three-7s-suited" if _one_suit(player + [third]) else "three-7s-mixed", two]


def _progressive_super_sevens(player, up, hole, more, options) -> list[str]:
    """(e): one 7 or two in the first two cards; two 7s split against the up card pay two sevens
    only ((e)(3)); otherwise the third card is the player's next."""
    sevens = _sevens(player)
    if sevens < 2:
        return ["one-7"] if sevens else []
    two = "two-7s-suited" if _one_suit(player) else "two-7s-unsuited"
    split_against = options.get("split_sevens")
    third = more[0]
    if up[0] in ("234567" if split_against is None else split_against) or third[0] != "7":
        return [two]
    if _one_suit(player + [third]):
        return (["three-7s-diamonds"] if third[1] == "D" else []) + ["three-7s-suited", two]
    return ["three-7s-mixed", two]


def _blazing_sevens(player, up, hole, more, options) -> list[str]:
    """(q): the third card is the player's next ((q)(4)) or, by the procedure of (q)(10), the up card."""
    third = up if options.get("procedure") == "up-card" else more[0]
    sevens = _sevens(player)
    if sevens < 2:
        return ["one-7"] if sevens else []
    if third[0] != "7":
        return ["two-7s"]
    three = player + [third]
    hands = []
    if _one_suit(three):
        hands += ["three-7s-diamonds" if third[1] == "D" else "three-7s-suited-chs", "three-7s-suited"]
    if _same_colour(three):
        hands.append("three-7s-colour")
    return hands + ["three-7s", "two-7s"]


def _progressive_blackjack(player, up, hole, more, options) -> list[str]:
    """(l)(11): aces in the player's first two, three or four cards."""
    cards = player + list(more[:2])
    hands = []
    if all(r == "A" for r, _ in cards) and _same_colour(cards):
        hands.append("four-aces-colour")
    for k, name in ((3, "three-aces"), (2, "two-aces")):
        if all(r == "A" for r, _ in cards[:k]):
            hands += ([f"{name}-suited"] if _one_suit(cards[:k]) else []) + [name]
    return hands


def _royal_match(player, up, hole, more, options) -> list[str]:
    """(f): two cards of one suit; a king and queen of it; a crown when the dealer's two cards are
    a royal match of the same suit ((f)(2)(iv), (f)(4)(iii))."""
    if not _one_suit(player):
        return []
    royal = sorted(r for r, _ in player) == ["K", "Q"]
    hands = []
    if royal and sorted(r for r, _ in (up, hole)) == ["K", "Q"] and _one_suit(player + [up, hole]):
        hands.append("crown-treasure")
    if royal:
        hands.append("royal-match")
    if _natural(*player):
        hands.append("suited-blackjack")
    return hands + ["suited-match"]


def _bet_the_set(player, up, hole, more, options) -> list[str]:
    """(g): a pair of the same rank; a suited pair of the same rank and suit."""
    (r1, s1), (r2, s2) = player
    if r1 != r2:
        return []
    return (["suited-pair"] if s1 == s2 else []) + ["pair"]


def _house_money(player, up, hole, more, options) -> list[str]:
    """(h)(3): two-card poker hands; ace high, and low with a 2."""
    (r1, s1), (r2, s2) = player
    if r1 == r2:
        return ["pair"]
    a, b = sorted((_HIGH[r1], _HIGH[r2]))
    if not (b - a == 1 or (a, b) == (2, 14)):
        return []
    if s1 != s2:
        return ["straight"]
    return (["suited-ak"] if (a, b) == (13, 14) else []) + ["straight-flush", "straight"]


MATCHES = {(2, 0): "two-suited", (1, 1): "suited-and-unsuited", (1, 0): "one-suited", (0, 2): "two-unsuited",
           (0, 1): "one-unsuited"}


def _match_the_dealer(player, up, hole, more, options) -> list[str]:
    """(i)(4): each of the player's cards of the up card's rank (ten-values only the same rank)."""
    suited = sum(card == up for card in player)
    unsuited = sum(card[0] == up[0] and card[1] != up[1] for card in player)
    return [MATCHES[(suited, unsuited)]] if suited + unsuited else []


def match_the_dealer_pay(hand: str, pays: Mapping) -> Fraction:
    """(i)(4): "paid for each card": each suited and each unsuited match at its own pay."""
    suited, unsuited = next(k for k, v in MATCHES.items() if v == hand)
    return suited * Fraction(pays["suited-match"]) + unsuited * Fraction(pays["unsuited-match"])


def _in_between(player, up, hole, more, options) -> list[str]:
    """(j)(4): ranks 2 (low) to ace (high); the up card strictly between the player's two."""
    if player[0][0] == player[1][0] == up[0]:
        return ["triple-match"]
    low, high = sorted(_HIGH[r] for r, _ in player)
    if not low < _HIGH[up[0]] < high:
        return []
    spread = high - low - 1
    return [f"spread-{spread}" if spread <= 3 else "spread-other"]


def _twenty(player) -> bool:
    return _total(player)[0] == 20


def _twenty_point(player, up, hole, more, options) -> list[str]:
    """(k)(3), (k)(5): a first two cards of 20 (two ten-values or an ace and a 9)."""
    if not _twenty(player):
        return []
    hands = []
    if player[0] == player[1] == ("Q", "H"):
        hands += (["qh-pair-dealer-bj"] if _natural(up, hole) else []) + ["qh-pair"]
    if player[0] == player[1]:
        hands.append("matched-20")
    return hands + (["suited-20"] if _one_suit(player) else []) + ["any-20"]


def _kings_bounty(player, up, hole, more, options) -> list[str]:
    """(n)(4), (n)(5): a first two cards of 20; the printed row "Unsuited 21" is an unsuited
    ace and ten-value."""
    suited = _one_suit(player)
    if _natural(*player):
        return [] if suited else ["unsuited-21"]
    if not _twenty(player):
        return []
    kings = player[0][0] == player[1][0] == "K"
    identical = player[0] == player[1]
    hands = []
    if identical and player[0] == ("K", "S"):
        hands += (["ks-pair-dealer-bj"] if _natural(up, hole) else []) + ["ks-pair"]
    if identical and kings:
        hands.append("suited-kings")
    elif identical and player[0][0] in "QJT":
        hands.append("suited-qjt")
    hands += (["suited-20"] if suited else []) + (["two-kings"] if kings else [])
    return hands + ([] if suited else ["unsuited-20"])


def _first_cards_round(hands_of):
    def play(deal: _Dealer, table: _Table) -> list[str]:
        player, up, hole = _opening(deal)
        more = (deal.draw(), deal.draw())  # the player's next two cards
        return hands_of(player, up, hole, more, table.options)
    return play


@dataclass(frozen=True)
class _Simulated:
    deal: Callable  # (deal, table) -> hands made, best first; None when no wager is made
    lose: str = "lose"
    options: tuple[str, ...] = ()
    every_pay: tuple[str, ...] = ()  # outcomes a paytable must pay (none may be left blank)
    pay: Optional[Callable] = None  # (hand, pays) -> pay, when a hand is not paid by its own name


_SIMULATORS = {
    "buster": _Simulated(_buster_round, "no-bust",
                         every_pay=("bust-3", "bust-4", "bust-5", "bust-6", "bust-7", "bust-8+")),
    "ez-bust": _Simulated(_ez_bust_round, "no-bust", ("upcard",), ("bust",)),
    "bust-it": _Simulated(_bust_it_round),
    "21+3": _Simulated(_twenty_one_plus_three_round),
    "super-sevens": _Simulated(_first_cards_round(_super_sevens)),
    "royal-match-21": _Simulated(_first_cards_round(_royal_match)),
    "bet-the-set-21": _Simulated(_first_cards_round(_bet_the_set)),
    "house-money": _Simulated(_first_cards_round(_house_money)),
    "match-the-dealer": _Simulated(_first_cards_round(_match_the_dealer), pay=match_the_dealer_pay),
    "in-between": _Simulated(_first_cards_round(_in_between)),
    "twenty-point-bonus": _Simulated(_first_cards_round(_twenty_point)),
    "kings-bounty": _Simulated(_first_cards_round(_kings_bounty)),
    "progressive-super-sevens": _Simulated(_first_cards_round(_progressive_super_sevens), options=("split_sevens",)),
    "blazing-7s": _Simulated(_first_cards_round(_blazing_sevens), options=("procedure",)),
    "progressive-blackjack": _Simulated(_first_cards_round(_progressive_blackjack)),
}
ROUND_WAGERS = ("streak", "burnout-bonus")  # dealt by simulate_rounds
SIMULATED = tuple(_SIMULATORS) + ROUND_WAGERS
EZ_BUST_NOTE = ("rounds count wagers settled: a round whose up card the wager is not offered on is dealt again; "
                "paragraph (g), the push, is not used")
PROGRESSIVE_NOTE = ("meter awards counted at a meter of 0: the meter hands' frequencies are compared, and the mean "
                    "return is the fixed-pay part a of R(M) = a + b*M")


def _check_options(wager: str, spec: _Simulated, options: Mapping) -> dict:
    given = {k: v for k, v in options.items() if v is not None}
    for k in given:
        if k not in spec.options:
            raise WagerError(f"the simulator takes no {k} for {wager}")
    if "upcard" in given and given["upcard"] not in ("2", "3", "4", "5", "6"):
        raise WagerError(f"EZ Bust is offered on an up card of 2 to 6, not {given['upcard']}")
    if given.get("procedure", "third-card") not in ("third-card", "up-card"):
        raise WagerError(f"unknown blazing 7s procedure {given['procedure']!r} (use third-card or up-card)")
    if "split_sevens" in given:
        given["split_sevens"] = "".join(given["split_sevens"])
    return given


# ------------------------------------------------------------------------------------- results

@dataclass(frozen=True)
class Simulation:
    """Counts per outcome over ``rounds`` rounds, and the pays they were settled with."""

    wager: str
    decks: int
    rule: str
    rounds: int
    seed: Optional[int]
    counts: Mapping[str, int]
    pays: Mapping[str, Fraction]  # every outcome's net pay, the losing one -1

    def frequency(self, outcome: str) -> float:
        return self.counts.get(outcome, 0) / self.rounds

    def mean_return(self) -> float:
        """The average net win per round (from the counts; exact sum, float result)."""
        return float(sum((self.pays[o] * k for o, k in self.counts.items()), Fraction(0)) / self.rounds)

    def mean_interval(self, level: float) -> tuple[float, float]:
        """Normal interval for the mean return, from the sample variance of the rounds."""
        returns: dict = {}
        for o, k in self.counts.items():
            returns[self.pays[o]] = returns.get(self.pays[o], 0) + k
        return _mean_interval(returns, level)


def simulate(wager: str, decks: int, rules, pays: Mapping, rounds: int, seed: Optional[int] = 0,
             dealer_stands_on: int = 17, **options) -> Simulation:
    """Deal ``rounds`` rounds of ``wager`` and count the outcomes, settled with ``pays``
    (outcome -> net pay "to 1"; a paytable's ``.pays`` or any modified dict).

    ``dealer_stands_on`` is the total the dealer stands on (17 by the rules; change it only to
    check that the comparison notices a dealer who plays wrongly). ``options``: ``upcard``
    (ez-bust: bet on this up card only), ``procedure`` (blazing-7s: ``third-card`` or
    ``up-card``), ``split_sevens`` (progressive-super-sevens: the up cards against which 7-7 is
    split, by rank; default 2 to 7).

    >>> from odds.core.rules import DealerRules
    >>> pays = {"bust-3": 2, "bust-4": 2, "bust-5": 4, "bust-6": 12, "bust-7": 50, "bust-8+": 250}
    >>> a = simulate("buster", 6, DealerRules.parse("H17"), pays, rounds=500, seed=7)
    >>> a == simulate("buster", 6, DealerRules.parse("H17"), pays, rounds=500, seed=7)
    True
    """
    if wager in ROUND_WAGERS:
        raise WagerError(f"{wager} is decided by whole rounds of the main game: simulate_rounds deals it")
    if wager not in _SIMULATORS:
        raise WagerError(f"the simulator deals {', '.join(SIMULATED)}, not {wager!r}")
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise WagerError(f"number of decks must be a whole number >= 1, got {decks!r}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise WagerError(f"the number of rounds must be a whole number >= 2, got {rounds!r}")
    try:
        exact_pays = {k: Fraction(v) for k, v in pays.items()}
    except (TypeError, ValueError) as exc:
        raise PaytableError(f"a pay is not a number: {exc}") from None
    spec = _SIMULATORS[wager]
    missing = [o for o in spec.every_pay if o not in exact_pays]
    if missing:
        raise PaytableError(f"{wager} paytable lacks pays for {', '.join(missing)}")
    table = _Table(rules.hits_soft_17, dealer_stands_on, _check_options(wager, spec, options))
    paid = (lambda h: True) if spec.pay else (lambda h: h in exact_pays)
    deal = _Dealer(decks, random.Random(seed))
    counts: dict[str, int] = {}
    settled_rounds = 0
    while settled_rounds < rounds:
        deal.new_round()
        hands = spec.deal(deal, table)
        if hands is None:
            continue
        settled_rounds += 1
        outcome = next((h for h in hands if paid(h)), spec.lose)
        counts[outcome] = counts.get(outcome, 0) + 1
    settled = {o: (Fraction(-1) if o == spec.lose else spec.pay(o, exact_pays) if spec.pay else exact_pays[o])
               for o in counts}
    return Simulation(wager, decks, rules.name, rounds, seed, dict(sorted(counts.items())), settled)


# -------------------------------------------------------------------------------- comparison

@dataclass(frozen=True)
class Row:
    """One outcome: simulated frequency and 95% interval; exact probability; whether the exact
    value lies inside the flagging interval (see :attr:`Check.flag_level`)."""

    name: str
    count: int
    frequency: float
    interval: tuple[float, float]
    exact: Fraction
    inside: bool
    trials: Optional[int] = None  # what the count is out of, when not every round


@dataclass(frozen=True)
class Check:
    simulation: Simulation
    rows: tuple[Row, ...]
    mean: float
    mean_interval: tuple[float, float]
    exact_return: Fraction
    mean_inside: bool
    notes: tuple[str, ...] = field(default=())
    flag_level: float = FLAG_LEVEL  # the level of each comparison: 99.9% for the whole run, Bonferroni

    @property
    def agrees(self) -> bool:
        return self.mean_inside and all(r.inside for r in self.rows)

    def to_json(self) -> dict:
        s = self.simulation
        return {"wager": s.wager, "decks": s.decks, "rule": s.rule, "rounds": s.rounds, "seed": s.seed,
                "report_level": REPORT_LEVEL, "flag_level": FLAG_LEVEL, "flag_level_each": self.flag_level,
                "outcomes": [{"name": r.name, "count": r.count, "trials": r.trials or s.rounds,
                              "frequency": r.frequency, "ci95": list(r.interval), "exact": str(r.exact),
                              "exact_float": float(r.exact), "inside": r.inside} for r in self.rows],
                "mean_return": self.mean, "mean_return_ci95": list(self.mean_interval),
                "exact_return": str(self.exact_return), "exact_return_float": float(self.exact_return),
                "mean_inside": self.mean_inside, "agrees": self.agrees, "notes": list(self.notes)}

    def to_text(self) -> str:
        s = self.simulation
        width = max([16] + [len(r.name) + 2 for r in self.rows])
        counted = max([10] + [len(f"{r.count}/{r.trials}") + 2 for r in self.rows if r.trials])
        lines = [f"simulation of {s.wager}: {s.rounds:,} rounds, {s.decks} deck(s), {s.rule}, seed {s.seed}", "",
                 f"{'outcome':<{width}}{'count':>{counted}}{'frequency':>13}{'95% interval':>27}{'exact':>13}"
                 "  inside"]
        for r in self.rows:
            count = f"{r.count}/{r.trials}" if r.trials else str(r.count)
            lines.append(f"{r.name:<{width}}{count:>{counted}}{r.frequency:>13.6f}"
                         f"{f'[{r.interval[0]:.6f}, {r.interval[1]:.6f}]':>27}{float(r.exact):>13.6f}  "
                         f"{'yes' if r.inside else 'NO'}")
        lo, hi = self.mean_interval
        lines += ["", f"mean return {self.mean:.6f}  95% interval [{lo:.6f}, {hi:.6f}]  exact "
                      f"{float(self.exact_return):.6f}  inside: {'yes' if self.mean_inside else 'NO'}",
                  "", "agrees with the exact par sheet" if self.agrees
                  else "DISAGREES with the exact par sheet"]
        lines += [f"note: {n}" for n in self.notes]
        return "\n".join(lines)


def compare(simulation: Simulation, sheet, notes: tuple[str, ...] = ()) -> Check:
    """Set a simulation against an exact :class:`~odds.wagers.parsheet.ParSheet` of the same wager."""
    n = simulation.rounds
    exact = {o.name: o.probability for o in sheet.outcomes}
    names = [o.name for o in sheet.outcomes] + [o for o in simulation.counts if o not in exact]
    level = 1 - (1 - FLAG_LEVEL) / (len(names) + 1)  # Bonferroni over the outcomes and the mean return
    rows = []
    for name in names:
        k = simulation.counts.get(name, 0)
        p = exact.get(name, Fraction(0))
        lo, hi = wilson(k, n, level)
        rows.append(Row(name, k, k / n, wilson(k, n, REPORT_LEVEL), p, lo <= p <= hi))
    lo, hi = simulation.mean_interval(level)
    ret = sheet.expected_return
    notes = (FLOAT_NOTE, "intervals shown at 95% (Wilson for frequencies, normal for the mean return); "
             f"'inside' uses intervals at 99.9% for the whole run: each of the {len(names) + 1} comparisons "
             f"at {level:.5%} (Bonferroni), so a false alarm comes at most once in 1,000 runs",
             "each round is dealt from a full, freshly shuffled shoe") + tuple(notes)
    return Check(simulation, tuple(rows), simulation.mean_return(), simulation.mean_interval(REPORT_LEVEL),
                 ret, lo <= ret <= hi, notes, level)


def check(wager: str, paytable, decks: int, rules, rounds: int, seed: Optional[int] = 0,
          exact_paytable=None, dealer_stands_on: int = 17, **options) -> Check:
    """Simulate ``wager`` with ``paytable`` and compare with its exact par sheet.

    ``paytable`` is a :class:`~odds.wagers.paytables.Paytable` or a dict of pays; ``exact_paytable``
    (default: the same) is what the exact side is told, so a test can plant a wrong pay there.
    ``options`` go to :func:`simulate` and to the par sheet alike. A progressive is compared at
    meters of 0 (its fixed-pay part).
    """
    from odds.wagers.paytables import Paytable
    from odds.core.shoe import Shoe
    from odds.wagers import get_wager

    def as_table(t) -> Paytable:
        if isinstance(t, Paytable):
            return t
        return Paytable(wager, "custom", {k: Fraction(v) for k, v in t.items()}, "given pays", None, "")

    table = as_table(paytable)
    exact_table = table if exact_paytable is None else as_table(exact_paytable)
    pays = {**table.pays, **{hand: Fraction(0) for hand in table.meter_pays}}
    sim = simulate(wager, decks, rules, pays, rounds, seed, dealer_stands_on, **options)
    sheet_options = {k: v for k, v in options.items() if v is not None}
    meters = sorted({m for _, m in exact_table.meter_pays.values()})
    if meters:
        sheet_options["meters"] = ",".join(f"{m}=0" for m in meters)
    if "split_sevens" in sheet_options:
        sheet_options["split_sevens"] = list(sheet_options["split_sevens"])
    sheet = get_wager(wager).par_sheet(Shoe.decks(decks), rules, exact_table, decks, **sheet_options)
    notes = ((PROGRESSIVE_NOTE,) if meters else ()) + ((EZ_BUST_NOTE,) if wager == "ez-bust" else ())
    return compare(sim, sheet, notes)


def with_pay(paytable, outcome: str, pay) -> "object":
    """A copy of a :class:`~odds.wagers.paytables.Paytable` with one pay changed.

    >>> from odds.wagers.paytables import builtin_paytables
    >>> with_pay(builtin_paytables("buster").tables["C"], "bust-8+", 2500).pays["bust-8+"]
    Fraction(2500, 1)
    """
    pays = dict(paytable.pays)
    pays[outcome] = Fraction(pay)
    return replace(paytable, pays=pays)


# ------------------------------------------------------------- whole rounds: the streak wagers

WIN, LOSS, NEITHER = "win", "loss", "neither"
ROUND_NOTE = ("the player's decisions are the exact engine's (odds.engine.player.PlayerEngine: the first decision, "
              "hit or stand after a hit, each split hand's play), asked of it in each situation; the dealing, "
              "the dealer's play, the settlement of each hand, the round's class and the counting of the "
              "streaks are written again here")


class EngineDecisions:
    """The player's decisions in the round simulator, asked of a :class:`~odds.engine.player.PlayerEngine`:
    the one thing it takes from the exact engines, since the streak wagers are priced for that play
    (:mod:`odds.engine.outcomes`). Hands are given as counts by value (ace first), as the engine keeps them.

    * ``first``: the option best for the two cards and the up card (the first of equal values in
      the order of :meth:`~odds.engine.player.PlayerEngine.first_options`): stand, hit, double,
      surrender or split;
    * ``split_hand``: a split hand's option on its two cards (stand, hit or double), decided with
      the other pair card gone (the engine's rule D);
    * ``hits``: after a hit, whether hitting on is worth more than standing (a split hand judged
      with the other pair card gone, as D plays on).

    >>> from odds import DealerRules
    >>> from odds.core.game_rules import GameRules
    >>> from odds.engine.player import PlayerEngine
    >>> play = EngineDecisions(PlayerEngine(GameRules(decks=6, dealer=DealerRules.parse("S17")), exact=False))
    >>> play.first(10, 6, 10), play.first(8, 8, 6), play.first(6, 5, 6), play.first(10, 8, 6)
    ('hit', 'split', 'double', 'stand')
    """

    def __init__(self, engine):
        from odds.engine.player import PlayerEngine
        self.engine = engine
        self._pairs = PlayerEngine.pair_cards_aside
        self._memo: dict = {}

    def first(self, a: int, b: int, up: int) -> str:
        key = ("first", a, b, up)
        if key not in self._memo:
            options = self.engine.first_options(a, b, up)
            self._memo[key] = max(options, key=options.get)
        return self._memo[key]

    def split_hand(self, hand: tuple, pair: int, up: int) -> str:
        key = ("split", hand, pair, up)
        if key not in self._memo:
            self._memo[key] = self.engine.decide(hand, pair, up, True)
        return self._memo[key]

    def hits(self, hand: tuple, up: int, pair: Optional[int] = None) -> bool:
        key = ("hits", hand, up, pair)
        if key not in self._memo:
            from odds.engine.player import ZERO_HAND, cards_out, hand_total
            e = self.engine
            extra = ZERO_HAND if pair is None else self._pairs(pair, 0)
            self._memo[key] = e.hit(hand, extra, up) > e.stand(cards_out(hand, extra), up, hand_total(hand)[0], 1)
        return self._memo[key]


def _by_value(cards) -> tuple:
    counts = [0] * 10
    for r, _ in cards:
        counts[_points(r) - 1] += 1
    return tuple(counts)


def round_class(results) -> str:
    """A round's class from the net result of each of the player's hands, as the streak wagers
    count it: the round advances the streak when more hands win than lose and loses it when more
    lose than win; a push counts for neither (9 NYCRR 5324.11(m)(6), (8), (9); Burnout Bonus (2)).

    >>> round_class([1]), round_class([0]), round_class([-2]), round_class([1, -1]), round_class([2, 0])
    ('win', 'neither', 'loss', 'neither', 'win')
    """
    wins = sum(1 for r in results if r > 0)
    losses = sum(1 for r in results if r < 0)
    return WIN if wins > losses else LOSS if losses > wins else NEITHER


def _hand_total(cards) -> int:
    return _total(cards)[0]


def _play_on(deal: _Dealer, cards: list, option: str, up: int, play: EngineDecisions,
             pair: Optional[int] = None) -> tuple[int, int]:
    """One hand taking ``option`` (stand, hit or double), then played on: (final total, stake)."""
    if option == "double":
        cards.append(deal.draw())
        return _hand_total(cards), 2
    if option == "hit":
        cards.append(deal.draw())
        while _hand_total(cards) < 21 and play.hits(_by_value(cards), up, pair):
            cards.append(deal.draw())
    return _hand_total(cards), 1


def _play_split(deal: _Dealer, player: list, up: int, game, play: EngineDecisions) -> list[tuple[int, int]]:
    """A split, hand after hand: each hand takes its second card (a card of the pair's value starts
    a new hand while the rules allow more hands, and the hand draws again), then is played to the
    end. Split aces take one card each unless the rules let them draw; a two-card 21 stands."""
    pair = _points(player[0][0])
    most = 2 if pair == 1 and not game.resplit_aces else game.split_hands
    hands = [[player[0]], [player[1]]]
    ends = []
    i = 0
    while i < len(hands):
        card = deal.draw()
        if _points(card[0]) == pair and len(hands) < most:
            hands.append([card])
            continue
        cards = hands[i] + [card]
        if _hand_total(cards) == 21 or (pair == 1 and not game.hit_split_aces):
            option = "stand"
        else:
            option = play.split_hand(_by_value(cards), pair, up)
        ends.append(_play_on(deal, cards, option, up, play, pair))
        i += 1
    return ends


def _settle_hand(total: int, stake: int, dealer: list, dealer_blackjack: bool) -> int:
    """A hand's net result against the dealer's finished hand (a blackjack found after the play,
    with no hole card, takes the stake)."""
    dealer_total = _hand_total(dealer)
    if total > 21 or dealer_blackjack:
        return -stake
    if dealer_total > 21 or total > dealer_total:
        return stake
    return -stake if total < dealer_total else 0


def _whole_round(deal: _Dealer, game, table: _Table, play: EngineDecisions, no_effect: bool) -> tuple:
    """(net result, class) of one round of the main game, dealt card by card."""
    player, up, hole = _opening(deal)
    player_bj, dealer_bj = _natural(*player), _natural(up, hole)
    if dealer_bj and (game.dealer.peek or player_bj):  # the dealer peeks; or blackjack against blackjack
        if player_bj:
            return Fraction(0), NEITHER
        return Fraction(-1), (NEITHER if no_effect else LOSS)
    if player_bj:
        return Fraction(game.blackjack_pays), WIN
    if dealer_bj and game.original_bets_only:  # no hole card: the blackjack takes the original bet only
        return Fraction(-1), LOSS
    u = _points(up[0])
    a, b = _points(player[0][0]), _points(player[1][0])
    option = play.first(min(a, b), max(a, b), u)
    if option == "surrender":
        return Fraction(-1, 2), LOSS
    if option == "split":
        ends = _play_split(deal, player, u, game, play)
    else:
        ends = [_play_on(deal, list(player), option, u, play)]
    dealer = _dealer_completes(deal, [up, hole], table)
    results = [_settle_hand(total, stake, dealer, dealer_bj) for total, stake in ends]
    return Fraction(sum(results)), round_class(results)


@dataclass(frozen=True)
class RoundSimulation:
    """Rounds of the main game dealt one after another, each classed as the streak wagers count
    it, and the streak wagers settled on them: one wager on each length the paytable pays at a
    time, a new one placed on the round after the last was decided. ``streaks[k]``: (wagers on
    ``k`` wins in a row won, lost); a wager still pending when the rounds run out is not counted.
    ``streak`` is the length whose return is compared."""

    wager: str
    decks: int
    rule: str
    rounds: int
    seed: Optional[int]
    counts: Mapping[str, int]  # rounds won, lost and neither
    streaks: Mapping[str, tuple[int, int]]
    pays: Mapping[str, Fraction]  # length -> pay, "to 1"
    streak: str
    game: str = ""

    def _returns(self) -> dict:
        won, lost = self.streaks[self.streak]
        return {self.pays[self.streak]: won, Fraction(-1): lost}

    def mean_return(self) -> float:
        """The average net win of the settled wagers on ``streak`` wins in a row."""
        returns = self._returns()
        n = sum(returns.values())
        return float(sum((v * k for v, k in returns.items()), Fraction(0)) / n) if n else math.nan

    def mean_interval(self, level: float) -> tuple[float, float]:
        return _mean_interval(self._returns(), level)


def _mean_interval(returns: Mapping[Fraction, int], level: float) -> tuple[float, float]:
    """Normal interval for the mean of a sample given as {value: count}, from its sample variance
    (unbounded for an empty sample)."""
    n = sum(returns.values())
    if not n:
        return -math.inf, math.inf
    mean = sum((v * k for v, k in returns.items()), Fraction(0)) / n
    ss = sum(((v - mean) ** 2 * k for v, k in returns.items()), Fraction(0))
    sd = math.sqrt(ss / (n - 1)) if n > 1 else float("inf")
    half = z_value(level) * sd / math.sqrt(n)
    return float(mean) - half, float(mean) + half


def simulate_rounds(wager: str, game, pays: Mapping, rounds: int, seed: Optional[int] = 0, streak=2,
                    dealer_blackjack: str = "loss", engine=None) -> RoundSimulation:
    """Deal ``rounds`` rounds of the main game with the rules ``game`` (a
    :class:`~odds.core.game_rules.GameRules`) from a full, freshly shuffled shoe each, the player's
    decisions asked of ``engine`` (a :class:`~odds.engine.player.PlayerEngine` for ``game``, built exact
    when not given), and settle the streak wagers of ``pays`` (length -> pay) on them.

    ``dealer_blackjack``: ``loss`` (a round lost to a dealer blackjack loses the streak, NY (m)(6))
    or ``no-effect`` (it counts for neither, (m)(1) word for word; a game with a peek only).

    >>> from odds import DealerRules
    >>> from odds.core.game_rules import GameRules
    >>> from odds.engine.player import PlayerEngine
    >>> game = GameRules(decks=1, dealer=DealerRules.parse("S17"), split_hands=1)
    >>> run = simulate_rounds("streak", game, {"2": 3, "3": 7}, 500, seed=4, engine=PlayerEngine(game, exact=False))
    >>> sum(run.counts.values()), sorted(run.streaks), run == simulate_rounds(
    ...     "streak", game, {"2": 3, "3": 7}, 500, seed=4, engine=PlayerEngine(game, exact=False))
    (500, ['2', '3'], True)
    """
    if wager not in ROUND_WAGERS:
        raise WagerError(f"the round simulator deals {', '.join(ROUND_WAGERS)}, not {wager!r}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise WagerError(f"the number of rounds must be a whole number >= 2, got {rounds!r}")
    if dealer_blackjack not in ("loss", "no-effect"):
        raise WagerError(f"dealer blackjack {dealer_blackjack!r}: use loss or no-effect")
    if dealer_blackjack == "no-effect" and not game.dealer.peek:
        raise WagerError("--dealer-blackjack no-effect is read for a game in which the dealer peeks")
    exact_pays = {str(k): Fraction(v) for k, v in pays.items()}
    streak = str(streak)
    if streak not in exact_pays:
        raise WagerError(f"the paytable pays {', '.join(exact_pays)} wins in a row, not {streak}")
    if engine is None:
        from odds.engine.player import PlayerEngine
        engine = PlayerEngine(game)
    play = EngineDecisions(engine)
    table = _Table(game.dealer.hits_soft_17, 17, {})
    deal = _Dealer(game.decks, random.Random(seed))
    counts = {WIN: 0, LOSS: 0, NEITHER: 0}
    lengths = {k: int(k) for k in exact_pays}
    won_in_a_row = {k: 0 for k in lengths}
    settled = {k: [0, 0] for k in lengths}
    for _ in range(rounds):
        deal.new_round()
        _, kind = _whole_round(deal, game, table, play, dealer_blackjack == "no-effect")
        counts[kind] += 1
        for k, length in lengths.items():
            if kind == WIN:
                won_in_a_row[k] += 1
                if won_in_a_row[k] == length:  # the wager wins; a new one starts with the next round
                    settled[k][0] += 1
                    won_in_a_row[k] = 0
            elif kind == LOSS:  # the wager loses
                settled[k][1] += 1
                won_in_a_row[k] = 0
    return RoundSimulation(wager, game.decks, game.dealer.name, rounds, seed, counts,
                           {k: tuple(v) for k, v in settled.items()}, exact_pays, streak, game.describe())


def _rate_row(name: str, count: int, trials: int, exact: Fraction, level: float, power: int = 1) -> Row:
    """A row for ``count`` out of ``trials`` against the exact chance ``exact``; with ``power``, for
    the ``power``-th power of the rate (its Wilson bounds raised to that power). No trials: nothing
    to compare."""
    if not trials:
        return Row(name, 0, float("nan"), (0.0, 1.0), exact, True, 0)
    lo, hi = wilson(count, trials, level)
    lo95, hi95 = wilson(count, trials, REPORT_LEVEL)
    return Row(name, count, (count / trials) ** power, (lo95 ** power, hi95 ** power), exact,
               lo ** power <= exact <= hi ** power, trials)


def streak_game(decks: int, rules, options: Mapping):
    """The main game (:class:`~odds.core.game_rules.GameRules`) a streak wager with ``options`` is
    played on, ``rules`` being the dealer's.

    >>> from odds.core.rules import DealerRules
    >>> streak_game(6, DealerRules.parse("H17"), {"streak": 3, "das": True, "dealer_blackjack": "loss"}).describe()
    '6 decks, H17, peek, blackjack pays 3/2, double any two cards, DAS, split to 2 hands, ...'
    """
    from odds.core.game_rules import GameRules
    from odds.wagers.streaks import GAME_OPTIONS
    return GameRules.from_options(decks, rules, **{k: v for k, v in options.items()
                                                   if k in GAME_OPTIONS and k != "streak" and v is not None})


def compare_rounds(simulation: RoundSimulation, sheet, notes: tuple[str, ...] = ()) -> Check:
    """Set a round simulation against the exact par sheet of a streak wager: the chance of a won,
    a lost and a neither round (``sheet.extra["round"]``); the chance of ``k`` wins in a row for
    every length the paytable pays (``sheet.extra["streaks"]``), derived from the simulated rounds
    as ``(won / (won + lost)) ** k`` and counted wager by wager; the return of the sheet's length."""
    n = simulation.rounds
    classes = {k: Fraction(v) for k, v in sheet.extra["round"].items()}
    chances = {k: Fraction(v["probability"]) for k, v in sheet.extra["streaks"].items()}
    lengths = [k for k in chances if k in simulation.streaks]
    m = 3 + 2 * len(lengths) + 1
    level = 1 - (1 - FLAG_LEVEL) / m  # Bonferroni over the rows and the mean return
    counts = simulation.counts
    rows = [_rate_row(label, counts[kind], n, classes[kind], level)
            for kind, label in ((WIN, "rounds won"), (LOSS, "rounds lost"), (NEITHER, "rounds neither"))]
    rows += [_rate_row(f"{k} in a row, from the rounds", counts[WIN], counts[WIN] + counts[LOSS], chances[k], level,
                       int(k)) for k in lengths]
    rows += [_rate_row(f"{k} in a row, wager by wager", simulation.streaks[k][0], sum(simulation.streaks[k]),
                       chances[k], level) for k in lengths]
    lo, hi = simulation.mean_interval(level)
    ret = sheet.expected_return
    notes = (FLOAT_NOTE, f"main game: {simulation.game}", ROUND_NOTE,
             "intervals shown at 95% (Wilson for frequencies, normal for the mean return); "
             f"'inside' uses intervals at 99.9% for the whole run: each of the {m} comparisons at {level:.5%} "
             "(Bonferroni), so a false alarm comes at most once in 1,000 runs",
             "each round is dealt from a full, freshly shuffled shoe",
             "k in a row from the rounds: (won / (won + lost)) ** k over the rounds dealt, its interval the "
             "Wilson interval of the won rounds among the decided ones raised to the power k",
             "k in a row wager by wager: one wager on each length at a time, placed on the round after the "
             "last one was decided, won after k won rounds and lost with a lost round, rounds that are "
             "neither skipped; a wager still pending at the end is not counted",
             f"mean return: the wagers on {simulation.streak} wins in a row") + tuple(notes)
    return Check(simulation, tuple(rows), simulation.mean_return(), simulation.mean_interval(REPORT_LEVEL), ret,
                 lo <= ret <= hi, notes, level)


def check_rounds(wager: str, paytable, decks: int, rules, rounds: int, seed: Optional[int] = 0, **options) -> Check:
    """Simulate a streak wager (``streak`` or ``burnout-bonus``) with ``paytable`` and compare
    with its exact par sheet at ``decks`` decks. ``options`` are the wager's (``streak``,
    ``dealer_blackjack``, ``das``, ``split_hands``, ...), given to the par sheet and to the
    simulator alike. The exact outcome walk runs first (about 1.5 minutes at six decks, splits to
    two hands); the player's decisions are then asked of the same engine."""
    from odds.engine.outcomes import round_outcomes
    from odds.engine.player import PlayerEngine
    from odds.core.shoe import Shoe
    from odds.wagers import get_wager
    wager_spec = get_wager(wager)
    given = {k: v for k, v in options.items() if v is not None}
    for k in given:
        if k not in wager_spec.options:
            raise WagerError(f"the simulator takes no {k} for {wager}")
    game = streak_game(decks, rules, given)
    engine = PlayerEngine(game)
    sheet = wager_spec.par_sheet(Shoe.decks(decks), rules, paytable, decks, outcomes=round_outcomes(engine), **given)
    run = simulate_rounds(wager, game, paytable.pays, rounds, seed, given.get("streak", 2),
                          given.get("dealer_blackjack", "loss"), engine)
    return compare_rounds(run, sheet)
