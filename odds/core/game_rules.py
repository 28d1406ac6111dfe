"""The rules of the main game, in the casino's shorthand.

>>> r = GameRules(decks=6, dealer=DealerRules.parse("S17"), das=True)
>>> r.describe()
'6 decks, S17, peek, blackjack pays 3/2, double any two cards, DAS, split to 2 hands, aces split once, one card to split aces, no surrender'
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from .errors import RuleError
from .rules import DealerRules

DOUBLE_ON = {"any": frozenset(range(4, 22)), "9-11": frozenset((9, 10, 11)), "10-11": frozenset((10, 11))}


@dataclass(frozen=True)
class GameRules:
    """``split_hands``: the most hands a pair may become (1: no splitting, 2: split once, 3 or 4:
    resplit); aces split once unless ``resplit_aces``. ``double``: ``any``, ``9-11`` or
    ``10-11`` (hard totals of the first two cards). With ``dealer.peek`` false (no hole card), a
    dealer blackjack takes every bet, doubles and splits included, unless
    ``original_bets_only``: then it takes the original unit and every other stake comes back
    (busted ones too), which makes the game worth what the peek game is worth."""

    decks: int = 6
    dealer: DealerRules = DealerRules()
    blackjack_pays: Fraction = Fraction(3, 2)
    double: str = "any"
    das: bool = False
    split_hands: int = 2
    hit_split_aces: bool = False
    resplit_aces: bool = False
    surrender: bool = False
    original_bets_only: bool = False  # no hole card: a dealer blackjack takes one unit, no more
    # New York's optional payouts for a winning hand (9 NYCRR 5324.11(b)(4)(i)-(iv)), to 1:
    bonus_678_suited: Optional[Fraction] = None  # 6, 7 and 8 of one suit
    bonus_777: Optional[Fraction] = None  # three sevens
    bonus_posted_blackjack: Optional[Fraction] = None  # the posted ace and face card
    bonus_five_card_21: Optional[Fraction] = None  # five cards totalling 21
    double_rescue: bool = False  # NY (a)(5)(vii): after the double card, take back the double, lose the bet

    def __post_init__(self):
        if self.double not in DOUBLE_ON:
            raise RuleError(f"unknown double rule {self.double!r}: use any, 9-11 or 10-11")
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
        return self.double == "any" or (not soft and hard_total in DOUBLE_ON[self.double])

    def describe(self) -> str:
        return ", ".join([
            f"{self.decks} deck{'s' if self.decks != 1 else ''}", self.dealer.name,
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
            + (["double-down rescue"] if self.double_rescue else []))
