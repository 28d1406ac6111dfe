"""The player's recursion compiled (built from ``ext/player_kernel.pyx``), in floats or exact."""
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Optional, Union

class Unsupported(Exception):
    """The kernel cannot compute this shoe as the Python engine does (the engine then says why)."""

class PlayerKernel:
    """One rule set and one shoe (see ``odds.engine.player.build_kernel`` for the arguments)."""

    def __init__(self, folded: dict[str, Any], counts: Sequence[int], exact: bool, peek_like: bool, das: bool,
                 surrender: bool, hit_split_aces: bool, rescue: bool, can_split: bool, most: Sequence[int],
                 can_double: Sequence[Sequence[bool]], terms: Sequence[Sequence[tuple[int, int, bool]]],
                 pays: tuple[Any, Optional[Any], Optional[Any], Optional[Any]],
                 straight: Optional[bool] = None) -> None: ...
    def reshoe(self, counts: Sequence[int], other: Sequence[int]) -> None:
        """Compute from the shoe ``counts`` (as many cards), the cards ``other`` exchanged; the
        dealer's rows are kept, keyed by every card out of the full shoe."""
    def round_value(self) -> tuple[Union[Fraction, float], dict[tuple[int, int, int], int]]:
        """The round's expected result and each deal's option (0 stand, 1 hit, 2 double, 3
        surrender, 4 split)."""
    def hits(self, hand: Sequence[int], pair: int, k: int, up: int) -> bool:
        """Whether a hand that has just taken a card hits on (``k`` cards of ``pair`` aside)."""
    def decide(self, hand: Sequence[int], pair: int, up: int, first: bool) -> int:
        """A split hand's option (0 stand, 1 hit, 2 double), the other pair card aside."""
    def hand_law(self, hand: Sequence[int], up: int, option: int) -> list[tuple[int, int, tuple[float, ...]]]:
        """In floats: how a hand as dealt taking ``option`` meets the dealer, by final total and stake."""
    def settle(self, ties_lose: Sequence[bool], wins_22: bool = False) -> None:
        """A tie on each total 17..21 loses where ``ties_lose`` says; ``wins_22``: a dealer 22 kept
        apart loses to a stand. Before any value is computed."""
    def burn(self, on: bool, busts: bool = True, peek: bool = True) -> None:
        """Blackjack Burnout: the hand as dealt hits and doubles with the burn available."""
    def burn_seen(self, hand: Sequence[int], v: int, up: int, final: bool) -> bool:
        """Whether the best play burns the card ``v`` drawn onto ``hand``, the burn available."""
    def burn_chance(self, a: int, b: int, u: int, final: bool) -> Union[Fraction, float]:
        """P(the burn is used) for a two-card hand that hits (or doubles, ``final``), played best."""
    def first_options(self, a: int, b: int, u: int) -> list[tuple[int, Union[Fraction, float]]]:
        """Each option's value for a two-card hand against ``u``, in the Python engine's order."""
