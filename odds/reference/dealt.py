"""The settlement of physically dealt cards, wager by wager: what the dealing simulator
(:mod:`odds.verify.simulate`) deals and how it settles each round, with rules written out again here,
apart from the engines (no dealer tables, no combination counts, no settling functions of the wagers).
Each wager's record (:class:`odds.wagers.Wager`) points at its :class:`Dealt`.

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

>>> import random
>>> deal = Deal(1, random.Random(3))
>>> deal.new_round()
>>> len({deal.draw() for _ in range(52)})
52
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping, Optional, Sequence, Tuple

from odds.core.errors import WagerError

Card = Tuple[str, str]
"""A card as (rank, suit), e.g. ``("Q", "H")``."""

RANKS = "A23456789TJQK"
SUITS = "SHDC"
EZ_BUST_NOTE = ("rounds count wagers settled: a round whose up card the wager is not offered on is dealt again; "
                "paragraph (g), the push, is not used")


# ------------------------------------------------------------------------------------- the deal

class Deal:
    """Draws cards without replacement from a full shoe (a partial Fisher-Yates shuffle)."""

    def __init__(self, decks: int, rng: random.Random) -> None:
        self.cards = [(r, s) for _ in range(decks) for r in RANKS for s in SUITS]
        self.rng = rng
        self.used = 0

    def new_round(self) -> None:
        # The list is always some permutation of the shoe, and each draw picks uniformly among the
        # cards not yet used in this round, so every round is a fresh uniform shuffle.
        self.used = 0

    def draw(self) -> Card:
        cards, i = self.cards, self.used
        if i >= len(cards):
            raise WagerError("the shoe ran out of cards in one round")
        j = self.rng.randrange(i, len(cards))
        cards[i], cards[j] = cards[j], cards[i]
        self.used = i + 1
        return cards[i]


def points(rank: str) -> int:
    return 1 if rank == "A" else 10 if rank in "TJQK" else int(rank)


def best_total(cards: Sequence[Card]) -> tuple[int, bool]:
    """(best total, soft) of a blackjack hand."""
    hard = sum(points(r) for r, _ in cards)
    if any(r == "A" for r, _ in cards) and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def dealer_hits(cards: Sequence[Card], hits_soft_17: bool, stands_on: int) -> bool:
    total, soft = best_total(cards)
    return total < stands_on or (hits_soft_17 and soft and total == 17)


def _hard(cards: Sequence[Card]) -> int:
    """The total with every ace counted as one."""
    return sum(points(r) for r, _ in cards)


def _same_colour(cards: Sequence[Card]) -> bool:
    return len({s in "HD" for _, s in cards}) == 1


def _one_suit(cards: Sequence[Card]) -> bool:
    return len({s for _, s in cards}) == 1


@dataclass(frozen=True)
class Table:
    """What a round needs besides the cards: the dealer's rule and the wager's options."""

    hits_soft_17: bool
    stands_on: int
    options: Mapping


def opening(deal: Deal) -> tuple[list[Card], Card, Card]:
    """Player, up card, player, hole card: ([player's two cards], up card, hole card)."""
    p1, up, p2, hole = deal.draw(), deal.draw(), deal.draw(), deal.draw()
    return [p1, p2], up, hole


def _player_draws(deal: Deal, player: list[Card]) -> None:
    """The player draws while his total, aces as one, is under 12 (he never busts)."""
    while _hard(player) < 12:
        player.append(deal.draw())


def dealer_completes(deal: Deal, dealer: list[Card], table: Table) -> list[Card]:
    while dealer_hits(dealer, table.hits_soft_17, table.stands_on):
        dealer.append(deal.draw())
    return dealer


def buster_round(deal: Deal, table: Table) -> list[str]:
    player, up, hole = opening(deal)
    _player_draws(deal, player)
    dealer = dealer_completes(deal, [up, hole], table)
    if best_total(dealer)[0] <= 21:
        return []
    return [f"bust-{len(dealer)}" if len(dealer) < 8 else "bust-8+"]


def ez_bust_round(deal: Deal, table: Table) -> Optional[list[str]]:
    player, up, hole = opening(deal)
    offered = table.options.get("upcard") or "23456"
    if up[0] not in offered:
        return None  # no wager on this up card
    _player_draws(deal, player)
    dealer = dealer_completes(deal, [up, hole], table)
    return ["bust"] if best_total(dealer)[0] > 21 else []


def bust_it_round(deal: Deal, table: Table) -> list[str]:
    player, up, hole = opening(deal)
    if best_total([up, hole])[0] >= min(17, table.stands_on):
        return []  # 17 or more in two cards (soft 17 and blackjack too): no third card, the wager loses
    _player_draws(deal, player)
    third = deal.draw()
    cards = [up, hole, third]
    if _hard(cards) <= 21:
        return []
    hands = []
    if all(r == "8" for r, _ in cards):
        hands += (["eights-suited"] if _one_suit(cards) else []) + (["eights-colour"] if _same_colour(cards) else [])
    return hands + ["third-" + ("T" if points(third[0]) == 10 else third[0])]


_HIGH = {r: i for i, r in enumerate("23456789TJQKA", start=2)}


def _run(values: Sequence[int]) -> bool:
    """Three distinct ranks in a row, ace high or low."""
    for ace in (14, 1):
        v = sorted(ace if x == 14 else x for x in values)
        if len(set(v)) == 3 and v[2] - v[0] == 2:
            return True
    return False


def twenty_one_plus_three_hands(cards: Sequence[Card]) -> list[str]:
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


def twenty_one_plus_three_round(deal: Deal, table: Table) -> list[str]:
    return twenty_one_plus_three_hands([deal.draw(), deal.draw(), deal.draw()])  # player, up card, player


# New York's wagers on the first cards, each from its own paragraph of 9 NYCRR 5324.11. A hand
# function gets the player's two cards, the up card, the hole card and the player's next two cards.

def natural(a: Card, b: Card) -> bool:
    return best_total([a, b])[0] == 21


def _sevens(cards: Sequence[Card]) -> int:
    return sum(r == "7" for r, _ in cards)


def super_sevens_hands(player: list[Card], up: Card, hole: Card, more: Sequence[Card],
                       options: Mapping) -> list[str]:
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


def progressive_super_sevens_hands(player: list[Card], up: Card, hole: Card, more: Sequence[Card],
                                   options: Mapping) -> list[str]:
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


def blazing_sevens_hands(player: list[Card], up: Card, hole: Card, more: Sequence[Card],
                         options: Mapping) -> list[str]:
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


def progressive_blackjack_hands(player: list[Card], up: Card, hole: Card, more: Sequence[Card],
                                options: Mapping) -> list[str]:
    """(l)(11): aces in the player's first two, three or four cards."""
    cards = player + list(more[:2])
    hands = []
    if all(r == "A" for r, _ in cards) and _same_colour(cards):
        hands.append("four-aces-colour")
    for k, name in ((3, "three-aces"), (2, "two-aces")):
        if all(r == "A" for r, _ in cards[:k]):
            hands += ([f"{name}-suited"] if _one_suit(cards[:k]) else []) + [name]
    return hands


def royal_match_hands(player: list[Card], up: Card, hole: Card, more: Sequence[Card],
                      options: Mapping) -> list[str]:
    """(f): two cards of one suit; a king and queen of it; a crown when the dealer's two cards are
    a royal match of the same suit ((f)(2)(iv), (f)(4)(iii)), or of any suit with the option
    ``reading="any-suit"`` ((f)(2)(iv) word for word)."""
    if not _one_suit(player):
        return []
    royal = sorted(r for r, _ in player) == ["K", "Q"]
    hands = []
    dealer_royal = sorted(r for r, _ in (up, hole)) == ["K", "Q"] and _one_suit([up, hole])
    if royal and dealer_royal and (options.get("reading") == "any-suit" or _one_suit(player + [up, hole])):
        hands.append("crown-treasure")
    if royal:
        hands.append("royal-match")
    if natural(*player):
        hands.append("suited-blackjack")
    return hands + ["suited-match"]


def bet_the_set_hands(player: list[Card], up: Card, hole: Card, more: Sequence[Card],
                      options: Mapping) -> list[str]:
    """(g): a pair of the same rank; a suited pair of the same rank and suit."""
    (r1, s1), (r2, s2) = player
    if r1 != r2:
        return []
    return (["suited-pair"] if s1 == s2 else []) + ["pair"]


def house_money_hands(player: list[Card], up: Card, hole: Card, more: Sequence[Card],
                      options: Mapping) -> list[str]:
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


def match_the_dealer_hands(player: list[Card], up: Card, hole: Card, more: Sequence[Card],
                           options: Mapping) -> list[str]:
    """(i)(4): each of the player's cards of the up card's rank (ten-values only the same rank)."""
    suited = sum(card == up for card in player)
    unsuited = sum(card[0] == up[0] and card[1] != up[1] for card in player)
    return [MATCHES[(suited, unsuited)]] if suited + unsuited else []


def match_the_dealer_pay(hand: str, pays: Mapping) -> Fraction:
    """(i)(4): "paid for each card": each suited and each unsuited match at its own pay."""
    suited, unsuited = next(k for k, v in MATCHES.items() if v == hand)
    return suited * Fraction(pays["suited-match"]) + unsuited * Fraction(pays["unsuited-match"])


def in_between_hands(player: list[Card], up: Card, hole: Card, more: Sequence[Card],
                     options: Mapping) -> list[str]:
    """(j)(4): ranks 2 (low) to ace (high); the up card strictly between the player's two."""
    if player[0][0] == player[1][0] == up[0]:
        return ["triple-match"]
    low, high = sorted(_HIGH[r] for r, _ in player)
    if not low < _HIGH[up[0]] < high:
        return []
    spread = high - low - 1
    return [f"spread-{spread}" if spread <= 3 else "spread-other"]


def _twenty(player: Sequence[Card]) -> bool:
    return best_total(player)[0] == 20


def twenty_point_hands(player: list[Card], up: Card, hole: Card, more: Sequence[Card],
                       options: Mapping) -> list[str]:
    """(k)(3), (k)(5): a first two cards of 20 (two ten-values or an ace and a 9)."""
    if not _twenty(player):
        return []
    hands = []
    if player[0] == player[1] == ("Q", "H"):
        hands += (["qh-pair-dealer-bj"] if natural(up, hole) else []) + ["qh-pair"]
    if player[0] == player[1]:
        hands.append("matched-20")
    return hands + (["suited-20"] if _one_suit(player) else []) + ["any-20"]


def kings_bounty_hands(player: list[Card], up: Card, hole: Card, more: Sequence[Card],
                       options: Mapping) -> list[str]:
    """(n)(4), (n)(5): a first two cards of 20; the printed row "Unsuited 21" is an unsuited
    ace and ten-value."""
    suited = _one_suit(player)
    if natural(*player):
        return [] if suited else ["unsuited-21"]
    if not _twenty(player):
        return []
    kings = player[0][0] == player[1][0] == "K"
    identical = player[0] == player[1]
    hands = []
    if identical and player[0] == ("K", "S"):
        hands += (["ks-pair-dealer-bj"] if natural(up, hole) else []) + ["ks-pair"]
    if identical and kings:
        hands.append("suited-kings")
    elif identical and player[0][0] in "QJT":
        hands.append("suited-qjt")
    hands += (["suited-20"] if suited else []) + (["two-kings"] if kings else [])
    return hands + ([] if suited else ["unsuited-20"])


def super_match_round(deal: Deal, table: Table) -> list[str]:
    """Blackjack Switch's opening (633a.12(a)): a card to each of the player's two hands, the up
    card, a card to each hand, the hole card; the Super Match is settled on the four player cards."""
    first, second, _up = deal.draw(), deal.draw(), deal.draw()
    cards = [first, second, deal.draw(), deal.draw()]
    deal.draw()  # the hole card
    counts = sorted((sum(1 for r, _ in cards if r == rank) for rank in {r for r, _ in cards}), reverse=True)
    return {(4,): ["four-of-a-kind"], (3, 1): ["three-of-a-kind"], (2, 2): ["two-pair"],
            (2, 1, 1): ["pair"]}.get(tuple(counts), [])


def first_cards_round(hands_of: Callable[..., list[str]]) -> Callable[[Deal, Table], list[str]]:
    def play(deal: Deal, table: Table) -> list[str]:
        player, up, hole = opening(deal)
        more = (deal.draw(), deal.draw())  # the player's next two cards
        return hands_of(player, up, hole, more, table.options)
    return play


@dataclass(frozen=True)
class Dealt:
    """How the simulator deals and settles one wager: ``deal(deal, table)`` gives the hands a round
    makes, best first (``None`` when no wager is made, e.g. EZ Bust on an up card it is not offered
    on); ``lose`` names the losing outcome; ``options`` the wager options the simulator takes;
    ``every_pay`` the outcomes a paytable must pay; ``pay(hand, pays)`` the pay of a hand that is not
    paid by its own name; ``note`` what a comparison with the par sheet should say."""

    deal: Callable  # (deal, table) -> hands made, best first; None when no wager is made
    lose: str = "lose"
    options: tuple[str, ...] = ()
    every_pay: tuple[str, ...] = ()  # outcomes a paytable must pay (none may be left blank)
    pay: Optional[Callable] = None  # (hand, pays) -> pay, when a hand is not paid by its own name
    note: str = ""  # what a comparison with the par sheet should say of this simulation

    def check_options(self, wager: str, options: Mapping) -> dict:
        """The options given (not ``None``) that the simulator reads, their values read and checked
        already as the wager's options declare them (:meth:`odds.pricing.record.Wager.build_options`)."""
        given = {k: v for k, v in options.items() if v is not None}
        for k in given:
            if k not in self.options:
                raise WagerError(f"the simulator takes no {k} for {wager}")
        if "split_sevens" in given:
            given["split_sevens"] = "".join(given["split_sevens"])
        return given
