"""Dealer rules in the casino's shorthand.

>>> DealerRules.parse("H17")
DealerRules(hits_soft_17=True, peek=True)
>>> DealerRules.parse("s17", peek=False).name
'S17'
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import RuleError


@dataclass(frozen=True)
class DealerRules:
    """How the dealer plays.

    ``hits_soft_17``: H17 (True) or S17 (False, stands on all 17s).
    ``peek``: with an ace or ten-value up card the dealer checks the hole card for blackjack, so a
    hand that goes on is known not to be a blackjack.
    """

    hits_soft_17: bool = False
    peek: bool = True

    def __post_init__(self) -> None:
        for name in ("hits_soft_17", "peek"):
            if not isinstance(getattr(self, name), bool):
                raise RuleError(f"{name} must be True or False, got {getattr(self, name)!r}")

    @classmethod
    def parse(cls, rule: str, peek: bool = True) -> "DealerRules":
        """``'S17'`` or ``'H17'`` (any case)."""
        key = str(rule).strip().upper()
        if key not in ("S17", "H17"):
            raise RuleError(f"unknown dealer rule {rule!r}: use S17 (stands on soft 17) or H17 (hits soft 17)")
        return cls(hits_soft_17=key == "H17", peek=bool(peek))

    @property
    def name(self) -> str:
        return "H17" if self.hits_soft_17 else "S17"

    def describe(self) -> str:
        soft = "hits soft 17 (H17)" if self.hits_soft_17 else "stands on all 17s (S17)"
        peek = ("peeks for blackjack under an ace or ten-value up card" if self.peek
                else "no hole-card peek")
        return f"dealer {soft}; {peek}"
