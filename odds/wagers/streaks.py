"""Wagers on consecutive winning rounds of the main game: New York's streak wager (9 NYCRR
5324.11(m)) and Blackjack Burnout's bonus wagers.

A round counts as a win, a loss or neither (:mod:`odds.engine.outcomes`: a push, or a split round with as
many hands won as lost, is neither). A wager on ``k`` wins in a row wins when ``k`` rounds are won
before any is lost; rounds that are neither are skipped. With a fresh shoe every round (the
streak wager is offered only on six or eight decks or with a shuffling machine), the rounds are
independent, and the wager wins with chance ``(w / (w + l)) ** k``, ``w`` and ``l`` the chances of
a won and a lost round.

>>> from fractions import Fraction
>>> streak_chance({"win": Fraction(2, 5), "loss": Fraction(2, 5), "neither": Fraction(1, 5)}, 3)
Fraction(1, 8)
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sequence

from odds.core.rationals import as_fraction
from odds.engine.cache import disk_cached
from odds.core.errors import WagerError, option
from odds.core.game_rules import GameRules
from odds.engine.outcomes import round_outcomes
from odds.engine.shoe_state import shoe_state
from odds.pricing.parsheet import Outcome, ParSheet
from odds.engine.player import PlayerEngine
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from . import play_options
from odds.pricing.record import Options, Wager, wager_option
from odds.pricing.shoe_returns import ShoeReturn

if TYPE_CHECKING:
    from odds.engine.outcomes import RoundOutcomes
    from odds.pricing.paytables import Paytable

GAME_OPTIONS = ("das", "split_hands", "resplit_aces", "hit_split_aces", "surrender", "streak")
RETURN_OPTIONS = GAME_OPTIONS + ("dealer_blackjack",)  # what a shoe's return takes
INDEPENDENT = ("rounds are independent: a fresh shoe every round (a shuffling machine or a freshly "
               "shuffled shoe), so each round has the same chances")
PLAY = ("the player plays the main game composition-dependent (each decision best for the hand's cards "
        "and the up card; split hands by their own cards), with no insurance and no even money")


def streak_chance(classes: Mapping[str, Fraction], k: int) -> Fraction:
    """The chance that ``k`` rounds are won before one is lost."""
    decided = classes["win"] + classes["loss"]
    if decided == 0:
        raise WagerError("no round is ever won or lost on this shoe")
    return (classes["win"] / decided) ** k


def dealer_blackjack_without_player_blackjack(counts: tuple) -> Fraction:
    """P(the dealer has a blackjack and the player has none), player cards and dealer cards from a
    shoe of ``counts`` (by value, ace first): the dealer's two cards are an ace and a ten, less the
    deals in which the player's two cards are an ace and a ten as well."""
    n, aces, tens = sum(counts), counts[0], counts[9]
    if n < 4:
        raise WagerError("the shoe is too small to deal a round")
    dealer = Fraction(2 * aces * tens, n * (n - 1))
    both = Fraction(4 * aces * (aces - 1) * tens * (tens - 1), n * (n - 1) * (n - 2) * (n - 3))
    return dealer - both


def round_classes(rules: GameRules, shoe: Shoe, dealer_blackjack: str = "loss",
                  outcomes: Optional[RoundOutcomes] = None) -> dict:
    """Exact chances that a round is a win, a loss or neither. ``dealer_blackjack``: ``"loss"``
    (a dealer blackjack beats the player's hand and counts as a lost round) or ``"no-effect"``
    (it neither advances nor loses the wager, NY 5324.11(m)(1)). ``outcomes``: the round's
    :class:`~odds.engine.outcomes.RoundOutcomes` for these rules and shoe, when already computed; without
    it the round is walked, or read from the disk cache while one is active
    (:func:`odds.engine.cache.use_cache`)."""
    if outcomes is None:
        return _walked_round_classes(rules, shoe, dealer_blackjack)
    return _classes(rules, shoe, dealer_blackjack, outcomes)


@disk_cached("round-classes")
def _walked_round_classes(rules: GameRules, shoe: Shoe, dealer_blackjack: str) -> dict:
    return _classes(rules, shoe, dealer_blackjack, round_outcomes(PlayerEngine(rules, shoe, exact=True)))


def _check_reading(dealer_blackjack: str) -> None:
    if dealer_blackjack not in ("loss", "no-effect"):
        raise WagerError(f"dealer blackjack {dealer_blackjack!r}: use loss or no-effect")


def _classes(rules: GameRules, shoe: Shoe, dealer_blackjack: str, outcomes: RoundOutcomes,
             exact: bool = True) -> dict:
    """The chances of a won, lost and neither round from the round's law, as Fractions (or floats,
    from the engine's float path, when not ``exact``), with a dealer blackjack read as asked."""
    _check_reading(dealer_blackjack)
    number = as_fraction if exact else float
    classes: dict = {k: number(v) for k, v in outcomes.streak().items()}
    if dealer_blackjack == "no-effect":
        if not rules.dealer.peek and not rules.original_bets_only:
            raise WagerError(f"{option('dealer_blackjack', 'no-effect')} is read for a game in which the dealer peeks")
        moved = number(dealer_blackjack_without_player_blackjack(shoe.by_value()))
        classes = {"win": classes["win"], "loss": classes["loss"] - moved, "neither": classes["neither"] + moved}
    return classes


def fewer_hands(hands: int) -> str:
    """The warning of a sheet whose pairs split to fewer than four hands."""
    return (f"pairs are split to at most {hands} hand{'s' if hands > 1 else ''} here (--split-hands); the same "
            "walk is exact at 3 hands (about 20 seconds at six decks) and at 4 (about 6 minutes on two cores "
            "and about 3.5 GB of memory at six decks: the four hands' cards join into tens of millions of "
            "multisets)")


def consecutive_wins_sheet(wager: str, shoe: Shoe, game: GameRules, paytable: Paytable, k: int, classes: dict,
                           assumptions: tuple, warnings: tuple = ()) -> ParSheet:
    """The par sheet of the wager on ``k`` wins in a row, with every length the paytable pays in
    ``extra["streaks"]`` and the round's chances in ``extra["round"]``."""
    key = str(k)
    if key not in paytable.pays:
        raise WagerError(f"paytable {paytable.id} pays {', '.join(paytable.pays)} wins in a row, not {k}")
    win = streak_chance(classes, k)
    streaks = {}
    for length, pay in paytable.pays.items():
        p = streak_chance(classes, int(length))
        streaks[length] = {"pays": str(pay), "probability": str(p), "return": str(pay * p - (1 - p)),
                           "return_decimal": float(pay * p - (1 - p))}
    return ParSheet(
        wager, paytable.id, game.decks, game.dealer.name,
        (Outcome(f"{k} wins in a row", paytable.pays[key], win), Outcome("a loss first", Fraction(-1), 1 - win)),
        assumptions=(f"main game: {game.describe()}", PLAY, INDEPENDENT,
                     f"a round is won with {float(classes['win']):.6f}, lost with {float(classes['loss']):.6f}, "
                     f"neither with {float(classes['neither']):.6f}; wins in a row counted over the won and "
                     "lost rounds only") + assumptions,
        method="exact round outcome distribution (odds.engine.outcomes: every deal, the split hands jointly with one "
               "dealer hand), then (w / (w + l)) ** k",
        warnings=warnings,
        extra={"streaks": streaks, "round": {name: str(p) for name, p in classes.items()},
               "round_decimal": {name: float(p) for name, p in classes.items()}})


def streak_par_sheet(shoe: Shoe, rules: DealerRules, paytable: Paytable, decks: int, streak: int = 2,
                     dealer_blackjack: str = "loss", outcomes: Optional[RoundOutcomes] = None,
                     **game: Any) -> ParSheet:
    """NY streak wager (5324.11(m)): 2, 3, 4 or 5 wins in a row at the pays of table A or B."""
    options = {k: v for k, v in game.items() if k in GAME_OPTIONS and v is not None}
    rules_of_play = GameRules.from_options(decks, rules, **options)
    classes = round_classes(rules_of_play, shoe, dealer_blackjack, outcomes)
    reading = ("a dealer blackjack has no effect on the streak: that round neither advances nor loses it "
               "(5324.11(m)(1) read word for word; --dealer-blackjack no-effect)" if dealer_blackjack == "no-effect"
               else "a dealer blackjack that beats the player's hand loses the streak, as any lost hand does "
                    "(5324.11(m)(6))")
    warning = ("5324.11(m)(1) says a dealer's blackjack \"shall have no effect\" on the streak wager, while (m)(6) "
               "loses the wager with any lost hand; this sheet reads " +
               ("(m)(1) word for word" if dealer_blackjack == "no-effect" else "(m)(6)") +
               "; --dealer-blackjack " + ("loss" if dealer_blackjack == "no-effect" else "no-effect") +
               " gives the other reading, which changes the return a great deal")
    return consecutive_wins_sheet(
        "streak", shoe, rules_of_play, paytable, int(streak), classes,
        (reading, "split rounds: a majority of split hands won advances, a majority lost loses, equal "
                  "neither (5324.11(m)(9)); a push neither (m)(8)",
         "the regulation does not set the rules of play beyond the deck count; those above are the defaults "
         "(--das, --split-hands, --resplit-aces, --surrender change them)"),
        (warning,) + ((fewer_hands(rules_of_play.split_hands),) if rules_of_play.split_hands == 2 else ()))


def burnout_bonus_par_sheet(shoe: Shoe, rules: DealerRules, paytable: Paytable, decks: int, streak: int = 2,
                            dealer_blackjack: str = "loss", outcomes: Optional[RoundOutcomes] = None,
                            **game: Any) -> ParSheet:
    """Blackjack Burnout's bonus wagers: 2, 3 or 4 wins in a row at 2, 4 and 8 to 1."""
    options = {k: v for k, v in game.items() if k in GAME_OPTIONS and v is not None}
    rules_of_play = GameRules.from_options(decks, rules, **options)
    classes = round_classes(rules_of_play, shoe, dealer_blackjack, outcomes)
    return consecutive_wins_sheet(
        "burnout-bonus", shoe, rules_of_play, paytable, int(streak), classes,
        ("Blackjack Burnout's rules of play: six decks, blackjack 3 to 2, pairs split to four hands, aces once, "
         "double on any two cards; the procedures do not say whether the dealer hits soft 17 (--rule) or "
         "whether a double after a split is allowed (--das)",
         "the player does not buy the burn-a-card option (it changes the play)",
         "paid as it goes: each of the three wagers is settled on its own streak; a push, or a split round "
         "with as many hands won as lost, neither advances nor loses; even money on a blackjack counts as "
         "a win (bonus (5))"),
        (("Burnout's rules split pairs other than aces up to four hands; "
          + fewer_hands(rules_of_play.split_hands),)
         if rules_of_play.split_hands < 4 else ()))


class WinsInARowReturn(ShoeReturn):
    """The return of a wager on ``streak`` wins in a row for the shoe as it stands (a sweep's
    :class:`~odds.pricing.shoe_returns.ShoeReturn`): the round's outcome law from that shoe
    (:func:`~odds.engine.outcomes.round_outcomes`; exact, or the engine's float path), then
    ``(w / (w + l)) ** streak`` as on the par sheet, every round of the streak dealt from the shoe
    as it stands. The main game is the par sheet's default (``game``: its options).

    >>> from odds import DealerRules, Shoe
    >>> from odds.wagers.paytables import builtin_paytables
    >>> from odds.pricing.first_cards_closed import flat_counts
    >>> ret = WinsInARowReturn("streak", builtin_paytables("streak").tables["A"].pays, DealerRules.parse("S17"))
    >>> shoe = Shoe.decks(1)
    >>> ret.exact(flat_counts(shoe))[0] == -streak_par_sheet(shoe, DealerRules.parse("S17"),
    ...     builtin_paytables("streak").tables["A"], 1).house_edge
    True
    """

    def __init__(self, wager: str, pays: Mapping[str, Fraction], rules: DealerRules, streak: int = 2,
                 dealer_blackjack: str = "loss", **game: Any) -> None:
        if str(streak) not in pays:
            raise WagerError(f"{wager} pays {', '.join(pays)} wins in a row, not {streak}")
        _check_reading(dealer_blackjack)
        self.wager, self.streak, self.dealer_blackjack = wager, int(streak), dealer_blackjack
        self.pay = Fraction(pays[str(streak)])
        self.game = GameRules.from_options(1, rules, **{k: v for k, v in game.items() if k in GAME_OPTIONS})
        blackjack = "a lost round" if dealer_blackjack == "loss" else "neither a win nor a loss"
        self.method = (f"the round's outcome law from the shoe as it stands (odds.engine.outcomes; main game "
                       f"{self.game.describe(with_decks=False)}; {PLAY}; a dealer blackjack {blackjack}), then the "
                       f"chance of {streak} wins in a row with every round of the streak dealt from that shoe, "
                       "(w / (w + l)) ** k; in floats by the player engine's float path, within 1e-12 of the exact")
        # the returns by the counts by value (the suits do not matter), the latest ones kept: in a sweep
        # every shoe's first round is the full shoe
        self._ratio_by_value = functools.lru_cache(maxsize=4096)(self._ratio_by_value_uncached)
        self._fast_by_value = functools.lru_cache(maxsize=256)(self._fast_by_value_uncached)

    def _return(self, classes: Mapping[str, Any]) -> Any:
        p = streak_chance(classes, self.streak)
        return self.pay * p - (1 - p)

    def _exact(self, counts: list[int]) -> tuple[int, int, int, int]:
        return self._ratio_by_value(Shoe.from_flat_counts(counts).by_value())

    def _ratio_by_value_uncached(self, values: tuple[int, ...]) -> tuple[int, int, int, int]:
        shoe = Shoe.from_value_counts(values)
        law = round_outcomes(PlayerEngine(self.game, shoe, exact=True))
        r = self._return(_classes(self.game, shoe, self.dealer_blackjack, law))
        return r.numerator, r.denominator, 1, 1

    def fast(self, counts: Sequence[int]) -> tuple[float, float]:
        return self._fast_by_value(Shoe.from_flat_counts(shoe_state(counts)).by_value())

    def _fast_by_value_uncached(self, values: tuple[int, ...]) -> tuple[float, float]:
        shoe = Shoe.from_value_counts(values)
        law = round_outcomes(PlayerEngine(self.game, shoe, exact=False))
        return float(self._return(_classes(self.game, shoe, self.dealer_blackjack, law, exact=False))), 1.0


def wins_in_a_row_return(wager: str) -> Callable[..., ShoeReturn]:
    """A record's ``shoe_return`` for a wager on wins in a row: ``(pays, rules, **options)``."""

    def make(pays: Mapping[str, Fraction], rules: DealerRules = DealerRules(), **options: Any) -> ShoeReturn:
        return WinsInARowReturn(wager, pays, rules, **options)

    return make


@dataclass(frozen=True)
class StreakOptions(Options):
    """A wager on wins in a row: its length, the reading of a dealer blackjack, and the rules of the
    main game it is played on (defaults: the par sheet's)."""

    streak: Optional[int] = wager_option(help="the wager on this many wins in a row (default 2; the par sheet "
                                              "lists every length the paytable pays)", type=int, choices=(2, 3, 4, 5))
    dealer_blackjack: Optional[str] = wager_option(
        help="whether a round lost to a dealer blackjack loses the streak (default loss; no-effect reads "
             "NY 5324.11(m)(1) word for word)", choices=("no-effect", "loss"))
    das: bool = play_options.das()
    split_hands: Optional[int] = play_options.split_hands()
    resplit_aces: bool = play_options.resplit_aces()
    hit_split_aces: bool = play_options.hit_split_aces()
    surrender: bool = play_options.surrender()


WAGERS = (
    Wager("streak", "Streak wager", "9 NYCRR 5324.11(m)", ("2", "3", "4", "5"), streak_par_sheet,
          StreakOptions, rounds=True, shoe_return=wins_in_a_row_return("streak"), shoe_return_options=RETURN_OPTIONS,
          book_note="the streak wager at the six and eight decks 9 NYCRR 5324.11(m)(1) allows, a dealer blackjack "
                    "read as a lost round ((m)(6))"),
    Wager("burnout-bonus", "Blackjack Burnout bonus wager", "Blackjack Burnout procedures, Bonus Wager",
          ("2", "3", "4"), burnout_bonus_par_sheet, StreakOptions, rounds=True,
          shoe_return=wins_in_a_row_return("burnout-bonus"), shoe_return_options=RETURN_OPTIONS,
          book_note="the Blackjack Burnout bonus wager at the six decks of its procedures, pairs split to four "
                    "hands as its rules of play allow", book_options={"split_hands": 4}),
)
