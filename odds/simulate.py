"""An independent dealing simulator, to check the exact par sheets by another road.

This is the one place in ``odds`` that works in floats, and it says so: frequencies, means and
confidence intervals here are floating-point estimates. It deals physical cards from a shoe of
``decks`` decks with ``random.Random(seed)`` (so a seed gives the same run every time) and settles
each round as the wager's regulation says, with rules written out again here: it calls none of the
exact engines (no dealer tables, no combination counts, no settling functions of the wagers).

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

Wagers decided by the player's play over whole rounds (``streak``, ``burnout-bonus``) are not
simulated.

The check (:func:`check`) puts the simulated frequency of every outcome and the mean return next to
the exact values of the par sheet, each with a 95% interval (Wilson for frequencies, normal for the
mean return); the flag ``inside`` uses wider intervals, at 99.9% for the whole run: each of the
``m`` comparisons (every outcome and the mean return) at ``1 - 0.001 / m`` (Bonferroni), so that a
run with many outcomes raises a false alarm at most once in a thousand runs.

>>> from odds.rules import DealerRules
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

from .errors import PaytableError, WagerError

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
SIMULATED = tuple(_SIMULATORS)
NOT_SIMULATED = {"streak": "decided by the player's play over whole rounds",
                 "burnout-bonus": "decided by the player's play over whole rounds"}
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
        n = self.rounds
        mean = sum((self.pays[o] * k for o, k in self.counts.items()), Fraction(0)) / n
        ss = sum(((self.pays[o] - mean) ** 2 * k for o, k in self.counts.items()), Fraction(0))
        sd = math.sqrt(ss / (n - 1)) if n > 1 else float("inf")
        half = z_value(level) * sd / math.sqrt(n)
        return float(mean) - half, float(mean) + half


def simulate(wager: str, decks: int, rules, pays: Mapping, rounds: int, seed: Optional[int] = 0,
             dealer_stands_on: int = 17, **options) -> Simulation:
    """Deal ``rounds`` rounds of ``wager`` and count the outcomes, settled with ``pays``
    (outcome -> net pay "to 1"; a paytable's ``.pays`` or any modified dict).

    ``dealer_stands_on`` is the total the dealer stands on (17 by the rules; change it only to
    check that the comparison notices a dealer who plays wrongly). ``options``: ``upcard``
    (ez-bust: bet on this up card only), ``procedure`` (blazing-7s: ``third-card`` or
    ``up-card``), ``split_sevens`` (progressive-super-sevens: the up cards against which 7-7 is
    split, by rank; default 2 to 7).

    >>> from odds.rules import DealerRules
    >>> pays = {"bust-3": 2, "bust-4": 2, "bust-5": 4, "bust-6": 12, "bust-7": 50, "bust-8+": 250}
    >>> a = simulate("buster", 6, DealerRules.parse("H17"), pays, rounds=500, seed=7)
    >>> a == simulate("buster", 6, DealerRules.parse("H17"), pays, rounds=500, seed=7)
    True
    """
    if wager not in _SIMULATORS:
        why = f" ({NOT_SIMULATED[wager]})" if wager in NOT_SIMULATED else ""
        raise WagerError(f"the simulator deals {', '.join(SIMULATED)}, not {wager!r}{why}")
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
                "outcomes": [{"name": r.name, "count": r.count, "frequency": r.frequency,
                              "ci95": list(r.interval), "exact": str(r.exact), "exact_float": float(r.exact),
                              "inside": r.inside} for r in self.rows],
                "mean_return": self.mean, "mean_return_ci95": list(self.mean_interval),
                "exact_return": str(self.exact_return), "exact_return_float": float(self.exact_return),
                "mean_inside": self.mean_inside, "agrees": self.agrees, "notes": list(self.notes)}

    def to_text(self) -> str:
        s = self.simulation
        lines = [f"simulation of {s.wager}: {s.rounds:,} rounds, {s.decks} deck(s), {s.rule}, seed {s.seed}", "",
                 f"{'outcome':<16}{'count':>10}{'frequency':>13}{'95% interval':>27}{'exact':>13}  inside"]
        for r in self.rows:
            lines.append(f"{r.name:<16}{r.count:>10}{r.frequency:>13.6f}"
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
    """Set a simulation against an exact :class:`~odds.parsheet.ParSheet` of the same wager."""
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

    ``paytable`` is a :class:`~odds.paytables.Paytable` or a dict of pays; ``exact_paytable``
    (default: the same) is what the exact side is told, so a test can plant a wrong pay there.
    ``options`` go to :func:`simulate` and to the par sheet alike. A progressive is compared at
    meters of 0 (its fixed-pay part).
    """
    from .paytables import Paytable
    from .shoe import Shoe
    from .wagers import get_wager

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
    """A copy of a :class:`~odds.paytables.Paytable` with one pay changed.

    >>> from odds.paytables import builtin_paytables
    >>> with_pay(builtin_paytables("buster").tables["C"], "bust-8+", 2500).pays["bust-8+"]
    Fraction(2500, 1)
    """
    pays = dict(paytable.pays)
    pays[outcome] = Fraction(pay)
    return replace(paytable, pays=pays)
