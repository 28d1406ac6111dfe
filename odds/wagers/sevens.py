"""Sevens and progressives (New York, 9 NYCRR 5324.11): super sevens, progressive super sevens,
blazing 7s and progressive blackjack.

A progressive's return is linear in its meters: R(M) = a + sum(b_m * M_m) per unit wagered, with
each meter in units of the wager. The par sheet is computed at the meter values given (a meter
award of "100% of meter" is paid like a pay of M to 1) and carries a, b, the breakeven meter and
the jackpot's odds.

>>> from odds.core.cards import parse_cards
>>> super_sevens(tuple(parse_cards("7H 7H 7H")))
('three-7s-suited',)
>>> blazing_sevens(tuple(parse_cards("7D 7D 7D")))
('three-7s-diamonds', 'three-7s-suited', 'three-7s-colour', 'three-7s', 'two-7s')
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Optional, Sequence

from odds.core.cards import RED_SUITS, Card, parse_cards
from odds.core.errors import WagerError, option, shown
from odds.core.numbers import exact_number
from odds.engine.first_cards import FirstCardsGame, count_first_cards
from odds.core.formats import fraction_text

from odds.reference import dealt, figures, hands
from odds.reference.dealt import Dealt
from odds.pricing.record import Options, Wager, wager_option
from odds.pricing.first_cards_base import first_cards_par_sheet, paid_hand
from odds.pricing.shoe_returns import deals_return

if TYPE_CHECKING:
    from odds.core.rules import DealerRules
    from odds.core.shoe import Shoe
    from odds.pricing.parsheet import ParSheet
    from odds.pricing.paytables import Paytable


def _seven_class(card: Card) -> Optional[str]:
    return card.suit if card.rank == "7" else "other"


def _three_sevens(cards: tuple[Card, ...]) -> str:
    suits = {c.suit for c in cards}
    if len(suits) == 1:
        return "suited"
    if suits <= RED_SUITS or not suits & RED_SUITS:
        return "colour"
    return "mixed"


# --------------------------------------------------------------------------- super sevens (d)

def super_sevens(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """The player's first, second and third cards. The wager loses unless the first card is a 7
    ((d)(5)); the third card counts after a split of sevens ((d)(4)) and against a dealer
    blackjack ((d)(6))."""
    c1, c2, c3 = cards
    if c1.rank != "7":
        return ()
    if c2.rank != "7":
        return ("one-7",)
    if c3.rank != "7":
        return ("two-7s-suited",) if c1.suit == c2.suit else ("two-7s-unsuited",)
    return ("three-7s-suited",) if _three_sevens(cards) == "suited" else ("three-7s-mixed",)


SUPER_SEVENS_RANKING = ("three-7s-suited", "three-7s-mixed", "two-7s-suited", "two-7s-unsuited", "one-7")


SUPER_SEVENS_GAME = FirstCardsGame("super-sevens", ("player", "player", "third"), 1, super_sevens, _seven_class)


def _super_sevens_sheet(shoe: Shoe, rules: Optional[DealerRules], paytable: Paytable, decks: int) -> ParSheet:
    return first_cards_par_sheet(
        "super-sevens", SUPER_SEVENS_GAME, SUPER_SEVENS_RANKING, shoe, "any", paytable, decks,
        ("the player's cards in the order dealt; the first must be a 7",
         "a player holding two sevens always receives a third card (a hit, a double, or the first card to "
         "his first split hand; against a dealer blackjack too, (d)(6)); he does not surrender"))


# ---------------------------------------------------------------- progressive super sevens (e)

BASIC_SPLIT_SEVENS = frozenset("234567")  # basic strategy splits 7-7 against 2 to 7


def progressive_super_sevens_game(split_against: frozenset) -> FirstCardsGame:
    def classify(cards: tuple[Card, ...]) -> tuple[str, ...]:
        p1, p2, up, third = cards
        sevens = (p1.rank == "7") + (p2.rank == "7")
        if sevens == 1:
            return ("one-7",)
        if sevens == 0:
            return ()
        two = "two-7s-suited" if p1.suit == p2.suit else "two-7s-unsuited"
        if third.rank != "7" or up.rank in split_against:  # (e)(3): a split pays two sevens only
            return (two,)
        kind = _three_sevens((p1, p2, third))
        if kind == "suited":
            return ("three-7s-diamonds", "three-7s-suited") if p1.suit == "D" else ("three-7s-suited",)
        return ("three-7s-mixed",)

    def card_class(card: Card) -> Optional[str]:
        if card.rank == "7":
            return card.suit
        return "split" if card.rank in split_against else "other"

    key = "".join(sorted(split_against))
    return FirstCardsGame(f"progressive-super-sevens/{key}", ("player", "player", "up", "third"), 2,
                          classify, card_class)


PSS_RANKING = ("three-7s-diamonds", "three-7s-suited", "three-7s-mixed", "two-7s-suited", "two-7s-unsuited",
               "one-7")


# ------------------------------------------------------------------------------ blazing 7s (q)

def blazing_sevens(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """The player's two cards and a third card: the player's next card ((q)(4)) or, under the
    dealing procedure of (q)(10), the dealer's up card."""
    p1, p2, third = cards
    sevens = (p1.rank == "7") + (p2.rank == "7")
    if sevens == 1:
        return ("one-7",)
    if sevens == 0:
        return ()
    if third.rank != "7":
        return ("two-7s",)
    kind = _three_sevens(cards)
    if kind == "suited":
        top = ("three-7s-diamonds",) if p1.suit == "D" else ("three-7s-suited-chs",)
        return top + ("three-7s-suited", "three-7s-colour", "three-7s", "two-7s")
    if kind == "colour":
        return ("three-7s-colour", "three-7s", "two-7s")
    return ("three-7s", "two-7s")


BLAZING_RANKING = ("three-7s-diamonds", "three-7s-suited-chs", "three-7s-suited", "three-7s-colour", "three-7s",
                   "two-7s", "one-7")
BLAZING_PROCEDURES = {"third-card": "third", "up-card": "up"}
BLAZING_GAMES = {proc: FirstCardsGame(f"blazing-7s/{proc}", ("player", "player", role), 2, blazing_sevens,
                                      _seven_class) for proc, role in BLAZING_PROCEDURES.items()}


# -------------------------------------------------------------------- progressive blackjack (l)

def progressive_blackjack(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """The player's first four cards: aces in the first two, three or four ((l)(11))."""
    c1, c2, c3, c4 = cards
    hands = []
    if all(c.rank == "A" for c in cards):
        colours = {c.suit in RED_SUITS for c in cards}
        if len(colours) == 1:
            hands.append("four-aces-colour")
    if c1.rank == c2.rank == c3.rank == "A":
        hands += (["three-aces-suited"] if c1.suit == c2.suit == c3.suit else []) + ["three-aces"]
    if c1.rank == c2.rank == "A":
        hands += (["two-aces-suited"] if c1.suit == c2.suit else []) + ["two-aces"]
    return tuple(hands)


PROG_BJ_RANKING = ("four-aces-colour", "three-aces-suited", "three-aces", "two-aces-suited", "two-aces")
PROG_BJ_GAME = FirstCardsGame("progressive-blackjack", ("player", "player", "third", "third"), 2,
                              progressive_blackjack, lambda c: c.suit if c.rank == "A" else "other")


# ------------------------------------------------------------------------------ progressives

MAX_METER = 10 ** 9  # the largest meter, reset or award, in units of the wager


def parse_meters(text: Optional[str], what: str = "meter") -> dict[str, Fraction]:
    """``"jackpot=10000,minor=500"`` -> meters in units of the wager (each named once, from 0 to
    :data:`MAX_METER`).

    >>> parse_meters("jackpot=10000, minor=500")
    {'jackpot': Fraction(10000, 1), 'minor': Fraction(500, 1)}
    """
    out: dict[str, Fraction] = {}
    for part in (text or "").replace(" ", "").split(","):
        if not part:
            continue
        name, _, value = part.partition("=")
        amount = exact_number(value, f"{what} {shown(name, 40)}", error=WagerError,
                              hint="write NAME=VALUE, e.g. jackpot=10000")
        if not name.isidentifier():
            raise WagerError(f"{what} {name[:40]!r}: a name is letters, digits and _, e.g. jackpot")
        if name in out:
            raise WagerError(f"{what} {name} is given twice")
        if not 0 <= amount <= MAX_METER:
            raise WagerError(f"{what} {name} must be from 0 to {MAX_METER:,} (units of the wager), got {value}")
        out[name] = amount
    return out


def pays_at_meters(name: str, paytable: Paytable, meters: Mapping[str, Fraction],
                   resets: Optional[Mapping[str, Fraction]] = None,
                   rates: Optional[Mapping[str, Fraction]] = None) -> dict[str, Fraction]:
    """The paytable's pays with each meter's awards at the given meters (every meter of the table
    given once, no other; rates at most 1).

    >>> from odds.wagers.paytables import builtin_paytables
    >>> pays_at_meters("blazing-7s", builtin_paytables("blazing-7s").tables["A"], {"jackpot": Fraction(2000)})["three-7s-colour"]
    Fraction(200, 1)
    """
    needed = sorted({m for _, m in paytable.meter_pays.values()})
    missing = [m for m in needed if m not in meters]
    unknown = [m for m in list(meters) + list(resets or {}) + list(rates or {}) if m not in needed]
    if unknown:
        raise WagerError(f"{name} paytable {paytable.id} has no meter '{shown(unknown[0])}' "
                         f"(its meters: {', '.join(needed) or 'none'})")
    alone = sorted(set(rates or {}) ^ set(resets or {}))
    if alone:  # the long-run return takes both; one without the other would be ignored
        given, needs = ("rates", "resets") if alone[0] in (rates or {}) else ("resets", "rates")
        raise WagerError(f"{name}: {option(given)} {alone[0]} needs {option(needs)} {alone[0]} too (the long-run "
                         "return takes the reset value and the rate of each meter)")
    bad_rate = [m for m, r in (rates or {}).items() if r > 1]
    if bad_rate:
        raise WagerError(f"{name}: the rate of {bad_rate[0]} is the part of each wager added to the meter, "
                         f"at most 1 (100%), got {(rates or {})[bad_rate[0]]}")
    if missing:
        raise WagerError(f"{name} paytable {paytable.id} pays from meter(s) {', '.join(needed)}: give "
                         f"{option('meters', ','.join(f'{m}=VALUE' for m in needed))} (in units of the wager)")
    pays = dict(paytable.pays)
    for hand, (share, meter) in paytable.meter_pays.items():
        pays[hand] = share * meters[meter]
    return pays


def progressive_sheet(name: str, game: FirstCardsGame, ranking: tuple[str, ...], shoe: Shoe, paytable: Paytable,
                      decks: int, meters: Mapping[str, Fraction], assumptions: Iterable[str] = (),
                      warnings: Iterable[str] = (), resets: Optional[Mapping[str, Fraction]] = None,
                      rates: Optional[Mapping[str, Fraction]] = None) -> ParSheet:
    """The par sheet at the given meters, with R(M) = a + b.M, the breakeven and the jackpot odds.

    With a reset and a rate of progression (the part of each wager added to the meter) for every
    meter, also the long-run return: every unit added to a meter is paid out in the end, and each
    100% award costs the house a reset, so it is a + sum(rate + reset * P(100% award))."""
    needed = sorted({m for _, m in paytable.meter_pays.values()})
    pays = pays_at_meters(name, paytable, meters, resets, rates)
    hand: Optional[str]
    counts, cycle = count_first_cards(game, shoe)
    probability: dict[str, Fraction] = {}
    for atom, ways in counts.items():
        hand = paid_hand(atom, pays)
        if hand is not None:
            probability[hand] = probability.get(hand, Fraction(0)) + Fraction(ways, cycle)
    p_lose = 1 - sum(probability.values())
    a = sum((p * pays[h] for h, p in probability.items() if h not in paytable.meter_pays), Fraction(0)) - p_lose
    b = {m: sum((p * paytable.meter_pays[h][0] for h, p in probability.items()
                 if h in paytable.meter_pays and paytable.meter_pays[h][1] == m), Fraction(0)) for m in needed}
    prog = {"meters": {m: fraction_text(meters[m]) for m in needed},
            "a": fraction_text(a), "b": {m: fraction_text(v) for m, v in b.items()},
            "formula": "R(M) = a + " + " + ".join(f"b[{m}] * {m}" for m in needed) if needed else "R = a"}
    if len(needed) == 1 and b[needed[0]] and a < 0:
        prog["breakeven_meter"] = fraction_text(-a / b[needed[0]])
    full = [h for h, (share, _) in paytable.meter_pays.items() if share == 1 and probability.get(h)]
    if full:
        prog["jackpot_one_in"] = {h: float(1 / probability[h]) for h in full}
    resets, rates = resets or {}, rates or {}
    if needed and all(m in resets and m in rates for m in needed):
        hit = {m: sum((probability.get(h, Fraction(0)) for h, (share, mm) in paytable.meter_pays.items()
                       if mm == m and share == 1), Fraction(0)) for m in needed}
        long_run = a + sum((rates[m] + resets[m] * hit[m] for m in needed), Fraction(0))
        prog["resets"] = {m: fraction_text(resets[m]) for m in needed}
        prog["rates"] = {m: fraction_text(rates[m]) for m in needed}
        prog["long_run_return"] = fraction_text(long_run)
    sheet = first_cards_par_sheet(name, game, ranking, shoe, "any", paytable, decks,
                                  tuple(assumptions) + (
                                      "meters in units of the wager: " + ", ".join(
                                          f"{m} = {fraction_text(meters[m])}" for m in needed),
                                      "a meter award is paid like a pay of (share x meter) to 1"),
                                  warnings, pays=pays, extra={"progressive": prog} if needed else None)
    return sheet


def _progressive_super_sevens_sheet(shoe: Shoe, rules: Optional[DealerRules], paytable: Paytable, decks: int,
                                    meters: Optional[str] = None, split_sevens: Optional[Iterable[str]] = None,
                                    resets: Optional[str] = None, rates: Optional[str] = None) -> ParSheet:
    split = BASIC_SPLIT_SEVENS if split_sevens is None else frozenset(split_sevens)
    game = progressive_super_sevens_game(split)
    told = ("basic strategy: split 7-7 against 2 to 7" if split_sevens is None
            else f"the player splits 7-7 against: {' '.join(sorted(split)) or 'nothing'}")
    return progressive_sheet("progressive-super-sevens", game, PSS_RANKING, shoe, paytable, decks,
                             parse_meters(meters),
                             (told, "after a split of sevens only the two-seven pay counts ((e)(3))",
                              "otherwise a player holding two sevens receives a third card"),
                             resets=parse_meters(resets, "reset"), rates=parse_meters(rates, "rate"))


def _blazing_sheet(shoe: Shoe, rules: Optional[DealerRules], paytable: Paytable, decks: int,
                   meters: Optional[str] = None, procedure: str = "third-card", resets: Optional[str] = None,
                   rates: Optional[str] = None) -> ParSheet:
    if procedure not in BLAZING_PROCEDURES:
        raise WagerError(f"unknown blazing 7s procedure {procedure!r} (use third-card or up-card)")
    game = BLAZING_GAMES[procedure]
    told = ("the third card is the player's next card ((q)(4)), which he always receives, against a "
            "dealer blackjack too ((q)(6))" if procedure == "third-card"
            else "the third card is the dealer's up card ((q)(10))")
    return progressive_sheet("blazing-7s", game, BLAZING_RANKING, shoe, paytable, decks, parse_meters(meters),
                             (told, "either procedure deals the three cards from the same shoe, so the odds "
                                    "are the same"), resets=parse_meters(resets, "reset"),
                             rates=parse_meters(rates, "rate"))


def _progressive_blackjack_sheet(shoe: Shoe, rules: Optional[DealerRules], paytable: Paytable, decks: int,
                                 meters: Optional[str] = None, resets: Optional[str] = None,
                                 rates: Optional[str] = None) -> ParSheet:
    return progressive_sheet("progressive-blackjack", PROG_BJ_GAME, PROG_BJ_RANKING, shoe, paytable, decks,
                             parse_meters(meters),
                             ("the player's first four cards; a player holding aces always receives more "
                              "cards (hits or splits)",
                              "dollar awards are paid as (award / wager) to 1 for the wager size of the table"),
                             ("(l)(4) describes match-the-dealer hands, while (l)(11) pays aces: the aces of "
                              "(l)(11) are used",), resets=parse_meters(resets, "reset"),
                             rates=parse_meters(rates, "rate"))


GAMES = {"super-sevens": SUPER_SEVENS_GAME, "progressive-blackjack": PROG_BJ_GAME,
         "progressive-super-sevens": progressive_super_sevens_game(BASIC_SPLIT_SEVENS),
         **{g.name: g for g in BLAZING_GAMES.values()}}

@dataclass(frozen=True)
class ProgressiveOptions(Options):
    """A progressive's meters, resets and rates, each ``"name=value,..."`` in units of the wager."""

    meters: Optional[str] = wager_option(flag="--meter", help='meters in units of the wager, e.g. "jackpot=10000" '
                                                              'or "minor=500,major=5000,mega=50000"',
                                         commands=("wager", "certify"))
    resets: Optional[str] = wager_option(flag="--reset", help='reset value of each meter, e.g. "jackpot=2000"',
                                         commands=("wager",))
    rates: Optional[str] = wager_option(flag="--rate", help='part of each wager added to each meter, e.g. '
                                                            '"jackpot=0.7"; with --reset gives the long-run return',
                                        commands=("wager",))


@dataclass(frozen=True)
class ProgressiveSuperSevensOptions(ProgressiveOptions):
    """Progressive super sevens: also the up cards against which 7-7 is split (ranks)."""

    split_sevens: Optional[Sequence[str]] = wager_option(
        help='up cards against which the player splits 7-7, e.g. "2 3 4 5 6 7" (the default, basic strategy); '
             '"" for never', read=lambda text: [c.rank for c in parse_cards(text)])


@dataclass(frozen=True)
class BlazingOptions(ProgressiveOptions):
    """Blazing 7s: also the procedure that names the third card ((q)(4) or (q)(10))."""

    procedure: Optional[str] = wager_option(help="the third card is the player's next card ((q)(4), default) or the "
                                                 "dealer's up card ((q)(10))", choices=("third-card", "up-card"))


def _split_sevens(options: Mapping) -> str:
    return "".join(sorted(options.get("split_sevens", "234567")))


def _dealt(hands_of: Callable, **kw: Any) -> Dealt:
    """The simulator's settlement of a wager on the player's first cards (and the next two)."""
    return Dealt(dealt.first_cards_round(hands_of), **kw)


WAGERS = (
    Wager("super-sevens", "Super sevens", "9 NYCRR 5324.11(d)", SUPER_SEVENS_RANKING, _super_sevens_sheet,
          partial_paytables=True, dealer_rule_matters=False,
          reference=figures.first_cards(lambda options: SUPER_SEVENS_GAME, lambda options: hands.super_sevens),
          dealt=_dealt(dealt.super_sevens_hands), game=SUPER_SEVENS_GAME, shoe_return=deals_return("super-sevens")),
    Wager("progressive-super-sevens", "Progressive super sevens", "9 NYCRR 5324.11(e)", PSS_RANKING,
          _progressive_super_sevens_sheet, ProgressiveSuperSevensOptions, partial_paytables=True,
          dealer_rule_matters=False,
          reference=figures.first_cards(
              lambda options: progressive_super_sevens_game(frozenset(_split_sevens(options))),
              lambda options: functools.partial(hands.progressive_super_sevens, split_against=_split_sevens(options))),
          dealt=_dealt(dealt.progressive_super_sevens_hands, options=("split_sevens",)),
          book_meters={None: "jackpot=2000,minor=500,major=2000,mega=10000"}, game=GAMES["progressive-super-sevens"],
          shoe_return=deals_return("progressive-super-sevens")),
    Wager("blazing-7s", "Blazing 7s progressive", "9 NYCRR 5324.11(q)", BLAZING_RANKING, _blazing_sheet,
          BlazingOptions, partial_paytables=True, dealer_rule_matters=False,
          reference=figures.first_cards(
              lambda options: GAMES[f"blazing-7s/{options.get('procedure') or 'third-card'}"],
              lambda options: hands.blazing_sevens),
          dealt=_dealt(dealt.blazing_sevens_hands, options=("procedure",)),
          book_meters={None: "jackpot=2000"},  # (q)(2): the least reset for a $1 wager, $2,000
          game=GAMES["blazing-7s/third-card"], shoe_return=deals_return("blazing-7s")),
    Wager("progressive-blackjack", "Progressive blackjack", "9 NYCRR 5324.11(l)", PROG_BJ_RANKING,
          _progressive_blackjack_sheet, ProgressiveOptions, partial_paytables=True, dealer_rule_matters=False,
          reference=figures.first_cards(lambda options: PROG_BJ_GAME, lambda options: hands.progressive_blackjack),
          dealt=_dealt(dealt.progressive_blackjack_hands),
          book_meters={"USD1": "jackpot=50000", "USD5": "jackpot=10000"},  # $50,000 either way
          game=PROG_BJ_GAME, shoe_return=deals_return("progressive-blackjack")),
)
