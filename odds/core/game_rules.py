"""The rules of the main game, in the casino's shorthand.

>>> r = GameRules(decks=6, dealer=DealerRules.parse("S17"), das=True)
>>> r.describe()
'6 decks, S17, peek, blackjack pays 3/2, double any two cards, DAS, split to 2 hands, aces split once, one card to split aces, no surrender'
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any, Callable, Optional, Union

from .errors import RuleError, ShoeError
from .rules import DealerRules
from .shoe import MAX_DECKS

DOUBLE_ON = {"any": frozenset(range(4, 22)), "9-11": frozenset((9, 10, 11)), "10-11": frozenset((10, 11))}

# The post-split strategies (how a split hand chooses stand, hit or double), as the rules describe
# them; the default, "cdp1", is said nowhere.
POST_SPLIT = {
    "cdp1": "split hands play best with the other pair card gone (CDP1)",
    "cdz": "split hands play the pre-split strategy (CDZ-)",
    "cdp": "split hands play best with every pair card out gone (CDP)",
}


@dataclass(frozen=True)
class GameRules:
    """The rules of the main game, one field a rule; each field's default is the rule taken
    when nothing is said (:meth:`from_options` builds the rules from loose options)."""

    #: Number of 52-card decks in a fresh shoe.
    decks: int = 6
    #: The dealer's play: S17 or H17, and whether he peeks for blackjack under an ace or a ten.
    #: With no peek (no hole card) a dealer blackjack takes every bet, doubles and splits included,
    #: unless ``original_bets_only``.
    dealer: DealerRules = DealerRules()
    #: What a player blackjack pays, to 1: 3/2, 6/5 or 1.
    blackjack_pays: Fraction = Fraction(3, 2)
    #: Which first two cards may double: ``any``, ``9-11`` or ``10-11`` (hard totals).
    double: str = "any"
    #: Double after a split (DAS).
    das: bool = False
    #: The most hands a pair may become: 1 (no splitting), 2 (split once), 3 or 4 (resplit).
    split_hands: int = 2
    #: Split aces may draw more than one card each.
    hit_split_aces: bool = False
    #: Aces resplit like other pairs (needs ``split_hands`` of 3 or 4); else aces split once.
    resplit_aces: bool = False
    #: Late surrender of the first two cards (needs the dealer's peek).
    surrender: bool = False
    #: No hole card: a dealer blackjack takes the original unit and every other stake comes back
    #: (busted ones too), which makes the game worth what the peek game is worth.
    original_bets_only: bool = False
    #: New York's optional pay, to 1, of a winning suited 6, 7 and 8 (9 NYCRR 5324.11(b)(4)(i)).
    bonus_678_suited: Optional[Fraction] = None
    #: New York's optional pay, to 1, of three winning sevens (5324.11(b)(4)(ii)).
    bonus_777: Optional[Fraction] = None
    #: New York's optional pay, to 1, of the posted ace and face card (5324.11(b)(4)(iii)).
    bonus_posted_blackjack: Optional[Fraction] = None
    #: New York's optional pay, to 1, of five winning cards totalling 21 (5324.11(b)(4)(iv)).
    bonus_five_card_21: Optional[Fraction] = None
    #: New York's double-down rescue ((a)(5)(vii)): after the double card, take back the double
    #: and lose the bet.
    double_rescue: bool = False
    #: The post-split strategy, how a split hand chooses to stand, hit or double: ``cdp1``, the
    #: option best for its own cards and the up card with the other pair card gone; ``cdz``, the
    #: option best for its cards as if they had been dealt unsplit (the shoe less them and the up
    #: card; the pre-split strategy, where an option a split hand lacks gives way to the next best);
    #: ``cdp``, as ``cdp1`` with the pair cards taken out by resplits gone too. Names as in Eric
    #: Farmer's analyser (CDP1, CDZ-, CDP). With a pair split at most once ``cdp`` is ``cdp1``.
    post_split: str = "cdp1"

    @classmethod
    def from_options(cls, decks: int, dealer: Union[DealerRules, str], **options: object) -> "GameRules":
        """The rules from loose options (a command line's, a wager's): ``dealer`` is a
        :class:`DealerRules` or its shorthand (``"S17"``, ``"H17"``); every other option is named
        as its field, and one that is missing or None takes the field's default. Each value is
        brought to its field's type (``bool``, ``int``, ``Fraction``).

        >>> r = GameRules.from_options(2, "H17", das=1, split_hands="4", surrender=None)
        >>> r.das, r.split_hands, r.surrender, r.blackjack_pays
        (True, 4, False, Fraction(3, 2))
        >>> GameRules.from_options(6, "S17", resplit=True)
        Traceback (most recent call last):
        ...
        odds.core.errors.RuleError: unknown rule option(s): resplit
        """
        unknown = sorted(set(options) - set(_OPTION_TYPES))
        if unknown:
            raise RuleError("unknown rule option(s): " + ", ".join(unknown))
        if isinstance(dealer, str):
            dealer = DealerRules.parse(dealer)
        given: dict[str, Any] = {name: _OPTION_TYPES[name](value) for name, value in options.items()
                                 if value is not None}
        return cls(decks=decks, dealer=dealer, **given)

    def __post_init__(self) -> None:
        if isinstance(self.decks, bool) or not isinstance(self.decks, int) or not 1 <= self.decks <= MAX_DECKS:
            raise ShoeError(f"number of decks must be from 1 to {MAX_DECKS}, got {self.decks!r}")
        if not isinstance(self.dealer, DealerRules):
            raise RuleError(f"dealer must be a DealerRules, e.g. DealerRules.parse('H17'), got {self.dealer!r}")
        for name in ("das", "hit_split_aces", "resplit_aces", "surrender", "original_bets_only", "double_rescue"):
            if not isinstance(getattr(self, name), bool):
                raise RuleError(f"{name} must be True or False, got {getattr(self, name)!r}")
        for name in ("blackjack_pays", "bonus_678_suited", "bonus_777", "bonus_posted_blackjack", "bonus_five_card_21"):
            pay = getattr(self, name)
            if pay is not None and (isinstance(pay, (bool, float)) or not isinstance(pay, (int, Fraction))):
                raise RuleError(f"{name} must be exact, e.g. Fraction(3, 2) or 1, not {pay!r}")
        if self.double not in DOUBLE_ON:
            raise RuleError(f"unknown double rule {self.double!r}: use any, 9-11 or 10-11")
        if self.post_split not in POST_SPLIT:
            raise RuleError(f"unknown post-split strategy {self.post_split!r}: use " + ", ".join(POST_SPLIT))
        if self.split_hands not in (1, 2, 3, 4):
            raise RuleError(f"split to {self.split_hands} hands: use 1 (no splitting), 2, 3 or 4")
        if self.resplit_aces and self.split_hands < 3:
            raise RuleError("resplitting aces needs split_hands of 3 or 4")
        if self.blackjack_pays not in (Fraction(3, 2), Fraction(6, 5), Fraction(1)):
            raise RuleError(f"blackjack pays {self.blackjack_pays}: use 3/2, 6/5 or 1")
        for name in ("bonus_678_suited", "bonus_777", "bonus_posted_blackjack", "bonus_five_card_21"):
            pay = getattr(self, name)
            if pay is not None and pay < 1:
                raise RuleError(f"{name.replace('_', ' ')} pays {pay}: a bonus pays at least 1 to 1")
        if self.original_bets_only and self.dealer.peek:
            raise RuleError("original bets only is a rule of no-hole-card games (with peek it is implied)")
        if not self.dealer.peek and self.surrender:
            raise RuleError("late surrender needs the dealer to peek for blackjack")

    def most_hands(self, pair: int) -> int:
        """The most hands a pair of value ``pair`` (ace = 1) may become."""
        return 2 if pair == 1 and not self.resplit_aces and self.split_hands > 1 else self.split_hands

    def can_double(self, hard_total: int, soft: bool) -> bool:
        """Whether a first two cards of ``hard_total`` (aces as 1), ``soft`` or not, may double."""
        return self.double == "any" or (not soft and hard_total in DOUBLE_ON[self.double])

    def describe(self, with_decks: bool = True) -> str:
        """The rules in words, as the reports print them (see the module docstring); without the
        number of decks for rules played on any shoe."""
        return ", ".join([f"{self.decks} deck{'s' if self.decks != 1 else ''}"] * with_decks + [self.dealer.name,
            "peek" if self.dealer.peek else ("no hole card, original bets only" if self.original_bets_only
                                             else "no hole card, all bets lost to a blackjack"), f"blackjack pays {self.blackjack_pays}",
            "double any two cards" if self.double == "any" else f"double {self.double}",
            "DAS" if self.das else "no DAS",
            "no splitting" if self.split_hands == 1 else f"split to {self.split_hands} hands"]
            + ([] if self.split_hands == 1 else [
                "resplit aces" if self.resplit_aces else "aces split once",
                "hit split aces" if self.hit_split_aces else "one card to split aces"])
            + ["late surrender" if self.surrender else "no surrender"] + [
            f"{label} pays {getattr(self, name)}" for name, label in (
                ("bonus_678_suited", "suited 6-7-8"), ("bonus_777", "7-7-7"),
                ("bonus_posted_blackjack", "the posted ace and face card"),
                ("bonus_five_card_21", "five-card 21")) if getattr(self, name) is not None]
            + (["double-down rescue"] if self.double_rescue else [])
            + ([POST_SPLIT[self.post_split]] if self.post_split != "cdp1" and self.split_hands > 1 else []))


# How from_options brings a loose option to its field's type: the type of the field's default
# (a Fraction for the optional pays, whose default is None).
_OPTION_TYPES: dict[str, Callable[[Any], Any]] = {
    f.name: (Fraction if f.default is None else type(f.default))
    for f in fields(GameRules) if f.name not in ("decks", "dealer")}
