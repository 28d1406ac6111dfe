"""Wagers on combinations of the first cards (New York, 9 NYCRR 5324.11): royal match 21, bet the
set 21, house money, match the dealer, in-between, twenty-point bonus, king's bounty and 21+3.

Each classifier returns the hands a deal makes, best first; the paytable pays the best one it
lists. Cards are :class:`~odds.core.cards.Card` values.

>>> from odds.core.cards import parse_cards
>>> twenty_one_plus_three(tuple(parse_cards("QH KH AH")))
('straight-flush', 'straight', 'flush')
>>> in_between(tuple(parse_cards("5S 7D 6C"))), in_between(tuple(parse_cards("2S AD 7C")))
(('spread-1',), ('spread-other',))
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sequence, Union, cast

from odds.core.cards import Card, point_value
from odds.core.errors import WagerError, option
from odds.core.numbers import exact_number
from odds.core.rules import DealerRules
from odds.engine.first_cards import FirstCardsGame
from odds.reference import dealt, figures, hands
from odds.reference.dealt import Dealt
from odds.pricing.record import BookVariant, Options, Wager, wager_option
from odds.pricing.shoe_returns import ShoeReturn, closed_form_return, deals_return, first_cards_return
from odds.pricing.first_cards_base import first_cards_par_sheet, first_cards_wager

if TYPE_CHECKING:
    from odds.core.shoe import Shoe
    from odds.pricing.parsheet import ParSheet
    from odds.pricing.paytables import Paytable


def _ten(card: Card) -> bool:
    return point_value(card.rank) == 10


def _total(a: Card, b: Card) -> int:
    """Two-card total, an ace counted as 11 (A-A is 12)."""
    v = [11 if c.rank == "A" else point_value(c.rank) for c in (a, b)]
    return sum(v) if sum(v) <= 21 else sum(v) - 10


def _identical(a: Card, b: Card) -> bool:
    return a.rank == b.rank and a.suit == b.suit


def _blackjack(a: Card, b: Card) -> bool:
    return {a.rank == "A", b.rank == "A"} == {True, False} and (_ten(a) or _ten(b))


# Straights count an ace high and low: poker order 2 < 3 < ... < K < A, with A-2 allowed.
POKER = {r: i for i, r in enumerate("23456789TJQKA", start=2)}


def _consecutive(ranks: Sequence[str]) -> bool:
    """Ranks (distinct) that form a run, the ace high (Q-K-A) or low (A-2-3)."""
    hi = sorted(POKER[r] for r in ranks)
    lo = sorted(1 if r == "A" else POKER[r] for r in ranks)
    return any(len(set(s)) == len(s) and s[-1] - s[0] == len(s) - 1 for s in (hi, lo))


# ------------------------------------------------------------------------------------ 21+3 (p)

def twenty_one_plus_three(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """The player's two cards and the dealer's up card as a three-card poker hand."""
    ranks = [c.rank for c in cards]
    flush = len({c.suit for c in cards}) == 1
    if len(set(ranks)) == 1:
        return ("suited-trips", "trips", "flush") if flush else ("trips",)
    straight = len(set(ranks)) == 3 and _consecutive(ranks)
    if straight and flush:
        return ("straight-flush", "straight", "flush")
    pair = ("pair",) if len(set(ranks)) == 2 else ()
    return ("straight",) if straight else ("flush",) + pair if flush else pair


# ------------------------------------------------------------------------- royal match 21 (f)

def _royal(a: Card, b: Card) -> bool:
    return {a.rank, b.rank} == {"K", "Q"} and a.suit == b.suit


def royal_match(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """The player's two cards; the dealer's two only for a crown treasure. The dealer completes
    the deal for a crown only when his up card is a K or Q of the suit of the player's royal match
    ((f)(4)(iii)), so a crown needs the dealer's royal match in that suit."""
    p1, p2, up, hole = cards
    if p1.suit != p2.suit:
        return ()
    if _royal(p1, p2):
        crown = _royal(up, hole) and up.suit == p1.suit
        return ("crown-treasure", "royal-match", "suited-match") if crown else ("royal-match", "suited-match")
    if _blackjack(p1, p2):
        return ("suited-blackjack", "suited-match")
    return ("suited-match",)


def royal_match_any_suit(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """As :func:`royal_match`, with a crown treasure whenever the dealer's two cards are a royal
    match of any suit ((f)(2)(iv) read word for word)."""
    hands = royal_match(cards)
    if hands[:1] == ("royal-match",) and _royal(cards[2], cards[3]):
        return ("crown-treasure",) + hands
    return hands


ROYAL_RANKING = ("crown-treasure", "royal-match", "suited-blackjack", "suited-match")
CROWN_READINGS = {
    "player-suit": "a crown treasure needs the dealer's royal match in the suit of the player's: (f)(4)(iii) has the "
                   "dealer complete the deal for a royal match only when his up card is a king or queen of the "
                   "player's suit, and settles every other royal match before the hole card is seen, so no other "
                   "crown can be known when the wager is paid (the default)",
    "any-suit": "a crown treasure is the player's and the dealer's royal match in any suits, as (f)(2)(iv) defines "
                "it word for word; settled so, the dealer must hold every royal match until his hole card is seen",
}
CROWN_WARNING = ("(f)(2)(iv) defines a crown treasure as both the player and the dealer dealt a royal match, of any "
                 "suit; (f)(4)(iii) completes the dealer's hand only when his up card is a king or queen of the "
                 "player's suit (and (f)(4) numbers two paragraphs (iii)). This sheet reads it {reading}; the other "
                 "reading: {other}")


def _royal_match_sheet(shoe: Shoe, rules: Optional[DealerRules], paytable: Paytable, decks: int,
                       reading: Optional[str] = None) -> ParSheet:
    reading = reading or "player-suit"
    if reading not in CROWN_READINGS:
        raise WagerError(f"{option('reading')} of a crown treasure is player-suit or any-suit, not {reading!r}")
    other = "any-suit" if reading == "player-suit" else "player-suit"
    game = _royal_game(reading)
    warnings = ["(f)(2)(iii) defines a two-card straight flush that no pay table pays: it is paid as a suited match"]
    if "crown-treasure" in paytable.pays:
        warnings.append(CROWN_WARNING.format(reading=reading, other=option("reading", other)))
    return first_cards_par_sheet("royal-match-21", game, ROYAL_RANKING, shoe, "any", paytable, decks,
                                 (CROWN_READINGS[reading],), warnings=warnings)


def _royal_game(reading: Optional[str]) -> FirstCardsGame:
    """The deal royal match 21 classifies under a reading of the crown treasure (default player-suit)."""
    return GAMES["royal-match-21/any-suit" if reading == "any-suit" else "royal-match-21"]


@dataclass(frozen=True)
class RoyalMatchOptions(Options):
    """Royal match 21: the reading of a crown treasure ((f)(2)(iv) against (f)(4)(iii))."""

    reading: Optional[str] = wager_option(help="a crown treasure needs the dealer's royal match in the player's suit "
                                               "(player-suit, the default) or in any suit (any-suit, (f)(2)(iv) word "
                                               "for word)", choices=("player-suit", "any-suit"))


def _royal_class(card: Card) -> tuple[str, Optional[str]]:
    rank = card.rank if card.rank in "KQA" else "ten" if _ten(card) else "low"
    return rank, card.suit


# ---------------------------------------------------------------------------- bet the set (g)

def bet_the_set(cards: tuple[Card, ...]) -> tuple[str, ...]:
    a, b = cards
    if a.rank != b.rank:
        return ()
    return ("suited-pair", "pair") if a.suit == b.suit else ("pair",)


# ---------------------------------------------------------------------------- house money (h)

def house_money(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """Two-card poker hands, ace high, an ace also low with a 2 ((h)(3))."""
    a, b = cards
    suited = a.suit == b.suit
    if a.rank == b.rank:
        return ("pair",)
    if not _consecutive([a.rank, b.rank]):
        return ()
    if suited and {a.rank, b.rank} == {"A", "K"}:
        return ("suited-ak", "straight-flush", "straight")
    return ("straight-flush", "straight") if suited else ("straight",)


# ------------------------------------------------------------------------- match the dealer (i)

def match_the_dealer(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """Each of the player's cards that matches the up card's rank (ten-values only their own
    rank) is paid, more when of the same suit; two matches are paid for each card."""
    p1, p2, up = cards
    suited = sum(1 for c in (p1, p2) if _identical(c, up))
    unsuited = sum(1 for c in (p1, p2) if c.rank == up.rank and c.suit != up.suit)
    name = {(2, 0): "two-suited", (1, 1): "suited-and-unsuited", (1, 0): "one-suited",
            (0, 2): "two-unsuited", (0, 1): "one-unsuited"}.get((suited, unsuited))
    return (name,) if name else ()


MATCH_HANDS = ("two-suited", "suited-and-unsuited", "one-suited", "two-unsuited", "one-unsuited")
MATCH_COUNTS = {"two-suited": (2, 0), "suited-and-unsuited": (1, 1), "one-suited": (1, 0),
                "two-unsuited": (0, 2), "one-unsuited": (0, 1)}


def match_pay(hand: str, pays: Mapping[str, Fraction]) -> Fraction:
    suited, unsuited = MATCH_COUNTS[hand]
    return suited * pays["suited-match"] + unsuited * pays["unsuited-match"]


# ----------------------------------------------------------------------------- in-between (j)

def in_between(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """Ranks 2 (low) to A (high); the up card's rank must lie strictly between the player's two."""
    p1, p2, up = cards
    if p1.rank == p2.rank == up.rank:
        return ("triple-match",)
    lo, hi = sorted((POKER[p1.rank], POKER[p2.rank]))
    if not lo < POKER[up.rank] < hi:
        return ()
    spread = hi - lo - 1
    return (f"spread-{spread}",) if spread <= 3 else ("spread-other",)


# --------------------------------------------------------------------- twenty-point bonus (k)

def twenty_point(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """A two-card total of 20 (two ten-values, or an ace and a 9)."""
    p1, p2, up, hole = cards
    if _total(p1, p2) != 20:
        return ()
    hands = []
    if p1 == p2 == Card("Q", "H"):
        hands += ["qh-pair-dealer-bj"] if _blackjack(up, hole) else []
        hands += ["qh-pair"]
    if _identical(p1, p2):
        hands.append("matched-20")
    if p1.suit == p2.suit:
        hands.append("suited-20")
    return tuple(hands + ["any-20"])


def _twenty_class(card: Card) -> Union[tuple[str, Optional[str]], str]:
    if card.rank in "A9" or _ten(card):
        return card.rank, card.suit
    return "low"


# --------------------------------------------------------------------------- king's bounty (n)

def kings_bounty(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """(n)(4) pays a total of 20; the printed table's first hand is "Unsuited 21", kept as
    ``unsuited-21`` (an unsuited blackjack) for the literal reading."""
    p1, p2, up, hole = cards
    suited = p1.suit == p2.suit
    if _blackjack(p1, p2):
        return () if suited else ("unsuited-21",)
    if _total(p1, p2) != 20:
        return ()
    hands = []
    kings = p1.rank == p2.rank == "K"
    if kings and suited:
        if p1.suit == "S":
            hands += (["ks-pair-dealer-bj"] if _blackjack(up, hole) else []) + ["ks-pair"]
        hands.append("suited-kings")
    if _identical(p1, p2) and p1.rank in "QJT":
        hands.append("suited-qjt")
    if suited:
        hands.append("suited-20")
    if kings:
        hands.append("two-kings")
    if not suited:
        hands.append("unsuited-20")
    return tuple(hands)


def other_pairs_distribution(cards_left: int, queens: int, hands: int) -> dict[int, Fraction]:
    """P(j of ``hands`` two-card hands dealt from ``cards_left`` cards, ``queens`` of them queens of
    hearts, hold two queens of hearts).

    t queens fall among the 2*hands cards dealt (hypergeometric); placed at random in those slots,
    exactly j hands get two of them in C(hands, j) * C(hands - j, t - 2j) * 2**(t - 2j) of the
    C(2*hands, t) ways.

    >>> other_pairs_distribution(4, 2, 2)  # two QH among four cards in two hands: 1 way in 3 pairs them
    {0: Fraction(2, 3), 1: Fraction(1, 3)}
    """
    dealt = 2 * hands
    if dealt > cards_left:
        raise WagerError(f"{hands + 1} spots need {dealt + 6} cards; the shoe is too small")
    out: dict[int, Fraction] = {}
    for t in range(0, min(queens, dealt) + 1):
        p_t = Fraction(comb(queens, t) * comb(cards_left - queens, dealt - t), comb(cards_left, dealt))
        for j in range(0, t // 2 + 1):
            if t - 2 * j > hands - j:
                continue
            ways = comb(hands, j) * comb(hands - j, t - 2 * j) * 2 ** (t - 2 * j)
            out[j] = out.get(j, Fraction(0)) + p_t * Fraction(ways, comb(dealt, t))
    return {j: p for j, p in sorted(out.items()) if p}


MAX_SPOTS = 7  # the most players' spots at a table


def capped_top_pay(shoe: Shoe, pay: Fraction, cap: Fraction, spots: int) -> Fraction:
    """The expected pay of a queen of hearts pair with a dealer blackjack under the aggregate
    limit of 5324.11(k)(6)-(7): the winners share ``cap`` in proportion to their wagers (all
    equal here), each paid at most ``pay``."""
    rs = shoe.by_rank_suit()
    queens = rs[11][1] - 2  # queens of hearts left after the player's pair
    tens = sum(shoe.by_rank()[9:]) - 2
    aces = shoe.by_rank()[0]
    n = shoe.total - 4  # less the player's two cards and the dealer's two
    if queens < 0 or not aces or not tens:
        return pay
    total = Fraction(0)
    for dealer_queen, weight in ((True, queens), (False, tens - queens)):
        if weight <= 0:
            continue
        left = queens - dealer_queen
        for j, p in other_pairs_distribution(n, left, spots - 1).items():
            total += Fraction(weight, tens) * p * min(pay, cap / (1 + j))
    return total


def _payout_limit(cap: Optional[str], spots: Optional[int]) -> Optional[Fraction]:
    """The aggregate payout limit of (k)(6)-(7), checked with the spots betting; None when not given."""
    if cap is None:
        if spots is not None:
            raise WagerError(f"{option('spots')} goes with {option('cap')}")
        return None
    limit = exact_number(cap, option("cap"), error=WagerError, hint="write a limit in units of the wager, e.g. 1000")
    if limit <= 0 or not isinstance(spots, int) or not 1 <= spots <= MAX_SPOTS:
        raise WagerError(f"{option('cap')} needs a positive limit and {option('spots')}, the number of players "
                         f"betting (1 to {MAX_SPOTS})")
    return limit


def twenty_point_return(pays: Mapping[str, Fraction], rules: Optional[DealerRules] = None, cap: Optional[str] = None,
                        spots: Optional[int] = None) -> Any:
    """The twenty-point bonus's return for any shoe (its ``shoe_return``): the compiled closed form,
    and under the aggregate payout limit (``cap`` shared by the winners of ``spots`` spots betting)
    the queen of hearts pair with a dealer blackjack paid its expected share for the shoe as it
    stands (:func:`capped_top_pay`), as the par sheet pays it."""
    from odds.core.shoe import Shoe
    from odds.pricing.shoe_returns import shoe_paid_top_return
    limit = _payout_limit(cap, spots)
    top = "qh-pair-dealer-bj"
    if limit is None or top not in pays:
        return closed_form_return("twenty-point-bonus")(pays, rules)
    pay, betting = Fraction(pays[top]), cast(int, spots)
    return shoe_paid_top_return(
        "twenty-point-bonus", pays, lambda counts: capped_top_pay(Shoe.from_flat_counts(counts), pay, limit, betting),
        f"closed form (compiled), the queen of hearts pair with a dealer blackjack paid its expected share of the "
        f"limit {cap} among {spots} spot(s) betting for the shoe as it stands (exact)")


def _twenty_point_sheet(shoe: Shoe, rules: Optional[DealerRules], paytable: Paytable, decks: int,
                        cap: Optional[str] = None, spots: Optional[int] = None) -> ParSheet:
    pays = dict(paytable.pays)
    assumptions = ["matched 20: two cards of the same rank and suit", DEALER_BJ_NOTE]
    limit = _payout_limit(cap, spots)
    if limit is None:
        assumptions.append("the aggregate payout limit of (k)(6)-(7) is not applied")
    else:
        spots = cast(int, spots)
        top = "qh-pair-dealer-bj"
        if top in pays:
            pays[top] = capped_top_pay(shoe, pays[top], limit, spots)
        assumptions.append(f"aggregate limit of {cap} wagers on the queen of hearts pair with dealer blackjack, "
                           f"shared equally among the winners of {spots} spot(s) betting equal amounts "
                           "((k)(6)-(7)); the row's pay is the expected share")
    return first_cards_par_sheet("twenty-point-bonus", GAMES["twenty-point-bonus"], TWENTY_RANKING, shoe, "any",
                                 paytable, decks, assumptions, pays=pays)


TWO_PLAYER_CARDS = ("player", "player")
PLAYER_AND_UP = ("player", "player", "up")
PLAYER_AND_DEALER = ("player", "player", "up", "hole")
DEALER_BJ_NOTE = ("a dealer blackjack is the dealer's up card and hole card; the wager is settled on "
                  "them whether or not the dealer peeks")

GAMES = {
    "21+3": FirstCardsGame("21+3", PLAYER_AND_UP, 3, twenty_one_plus_three),
    "royal-match-21": FirstCardsGame("royal-match-21", PLAYER_AND_DEALER, 2, royal_match, _royal_class),
    "royal-match-21/any-suit": FirstCardsGame("royal-match-21", PLAYER_AND_DEALER, 2, royal_match_any_suit,
                                              _royal_class),
    "bet-the-set-21": FirstCardsGame("bet-the-set-21", TWO_PLAYER_CARDS, 2, bet_the_set),
    "house-money": FirstCardsGame("house-money", TWO_PLAYER_CARDS, 2, house_money),
    "match-the-dealer": FirstCardsGame("match-the-dealer", PLAYER_AND_UP, 2, match_the_dealer),
    "in-between": FirstCardsGame("in-between", PLAYER_AND_UP, 2, in_between, lambda card: card.rank),  # ranks only
    "twenty-point-bonus": FirstCardsGame("twenty-point-bonus", PLAYER_AND_DEALER, 2, twenty_point, _twenty_class),
    "kings-bounty": FirstCardsGame("kings-bounty", PLAYER_AND_DEALER, 2, kings_bounty, _twenty_class),
}

TWENTY_RANKING = ("qh-pair-dealer-bj", "qh-pair", "matched-20", "suited-20", "any-20")

@dataclass(frozen=True)
class TwentyPointOptions(Options):
    """The twenty-point bonus: the aggregate payout limit of (k)(6)-(7) and the spots betting."""

    cap: Optional[str] = wager_option(help="the aggregate payout limit of (k)(6) for the queen of hearts pair and "
                                           "dealer blackjack, in units of the wager", commands=("wager",))
    spots: Optional[int] = wager_option(help="with --cap: players betting at the table", type=int, commands=("wager",))


def _dealt(hands_of: Callable, **kw: Any) -> Dealt:
    """The simulator's settlement of a wager on the player's first cards (and the next two)."""
    return Dealt(dealt.first_cards_round(hands_of), **kw)


def match_the_dealer_return(pays: Mapping[str, Fraction], rules: DealerRules = DealerRules()) -> ShoeReturn:
    """Match the dealer's return for any shoe (the dealer's rules do not matter): the weighted counts
    of :func:`~odds.pricing.first_cards_closed.count_match_the_dealer`, each matching card paid."""
    return first_cards_return("match-the-dealer", pays,
                        "closed form over the up card's rank and suit (exact integers, compiled; checked against "
                        "the general first-cards engine)")


WAGERS = (
    first_cards_wager("21+3", "21+3", "9 NYCRR 5324.11(p)",
                      GAMES["21+3"],
                      ("suited-trips", "straight-flush", "trips", "straight", "flush", "pair"),
                      ("straights: A-2-3 and Q-K-A count, K-A-2 does not",
                       "the three cards are alike for this wager and counted unordered"),
                      reference_hands=hands.twenty_one_plus_three, dealt=Dealt(dealt.twenty_one_plus_three_round),
                      shoe_return=closed_form_return("21+3")),
    Wager("royal-match-21", "Royal match 21", "9 NYCRR 5324.11(f)", ROYAL_RANKING, _royal_match_sheet,
          RoyalMatchOptions, partial_paytables=True, dealer_rule_matters=False,
          reference=figures.first_cards(
              lambda options: _royal_game(options.get("reading")),
              lambda options: hands.royal_match_any_suit if options.get("reading") == "any-suit" else hands.royal_match),
          dealt=_dealt(dealt.royal_match_hands, options=("reading",)), shoe_return=closed_form_return("royal-match-21"),
          game=GAMES["royal-match-21"],
          book_variants=(BookVariant(
              "any-suit", (6, 8), {"reading": "any-suit"},
              "Royal match 21 with a crown treasure of any suits ((f)(2)(iv) word for word), at 6 and 8 decks: the "
              "other reading of the crown treasure", plot_label="(any suit)", label="any suit"),),
          book_label="player's suit"),
    first_cards_wager("bet-the-set-21", "Bet the set 21 (pair square)", "9 NYCRR 5324.11(g)",
                      GAMES["bet-the-set-21"],
                      ("suited-pair", "pair"), ("a suited pair is two cards of the same rank and suit",),
                      reference_hands=hands.bet_the_set, dealt=_dealt(dealt.bet_the_set_hands),
                      shoe_return=closed_form_return("bet-the-set-21")),
    first_cards_wager("house-money", "House money", "9 NYCRR 5324.11(h)",
                      GAMES["house-money"],
                      ("suited-ak", "straight-flush", "pair", "straight"),
                      ("ace high; an ace also runs with a 2 ((h)(3))",
                       "the parlay of (h)(6) (adding the win to the blackjack wager) is not part of this wager's return"),
                      reference_hands=hands.house_money, dealt=_dealt(dealt.house_money_hands),
                      shoe_return=closed_form_return("house-money")),
    first_cards_wager("match-the-dealer", "Match the dealer", "9 NYCRR 5324.11(i)",
                      GAMES["match-the-dealer"], MATCH_HANDS,
                      ("each matching card is paid; ten-values match only their own rank",),
                      paid=("unsuited-match", "suited-match"), row_pay=match_pay,
                      reference_hands=hands.match_the_dealer,
                      dealt=_dealt(dealt.match_the_dealer_hands, pay=dealt.match_the_dealer_pay),
                      shoe_return=match_the_dealer_return),
    first_cards_wager("in-between", "In-between", "9 NYCRR 5324.11(j)",
                      GAMES["in-between"],
                      ("triple-match", "spread-1", "spread-2", "spread-3", "spread-other"),
                      ("ranks from 2 (low) to ace (high); a pair or two consecutive ranks lose unless a triple match",),
                      reference_hands=hands.in_between, dealt=_dealt(dealt.in_between_hands),
                      shoe_return=closed_form_return("in-between")),
    Wager("twenty-point-bonus", "Twenty-point bonus", "9 NYCRR 5324.11(k)", TWENTY_RANKING, _twenty_point_sheet,
          TwentyPointOptions, partial_paytables=True, dealer_rule_matters=False,
          reference=figures.first_cards(lambda options: GAMES["twenty-point-bonus"],
                                        lambda options: hands.twenty_point),
          dealt=_dealt(dealt.twenty_point_hands), shoe_return=twenty_point_return, shoe_return_options=("cap", "spots"),
          game=GAMES["twenty-point-bonus"]),
    first_cards_wager("kings-bounty", "King's bounty", "9 NYCRR 5324.11(n)",
                      GAMES["kings-bounty"],
                      ("ks-pair-dealer-bj", "ks-pair", "suited-kings", "suited-qjt", "suited-20", "two-kings",
                       "unsuited-20", "unsuited-21"),
                      ("suited queens, jacks or 10s and suited kings: two cards of the same rank and suit",
                       DEALER_BJ_NOTE),
                      reference_hands=hands.kings_bounty, dealt=_dealt(dealt.kings_bounty_hands),
                      shoe_return=closed_form_return("kings-bounty")),
)
