"""odds: exact combinatorial odds of blackjack side wagers and game variations.

>>> from odds import Shoe, DealerRules, dealer_table
>>> t = dealer_table(Shoe.decks(6), DealerRules.parse("H17"))
>>> round(float(t.overall.final()["bust"]), 4)
0.2922
"""
from odds.engine.kernels import ENGINE_PATH
from odds.core.cards import Card, parse_card, parse_cards
from odds.engine.dealer import DealerDistribution, DealerTable, dealer_distribution, dealer_table
from odds.core.errors import CardError, EngineError, OddsError, PaytableError, RuleError, ShoeError, WagerError
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe

__version__ = "0.1.0"

__all__ = [
    "ENGINE_PATH", "Card", "CardError", "DealerDistribution", "DealerRules", "DealerTable",
    "EngineError", "OddsError", "PaytableError", "RuleError", "Shoe", "ShoeError", "WagerError",
    "dealer_distribution",
    "dealer_table", "parse_card", "parse_cards",
]
