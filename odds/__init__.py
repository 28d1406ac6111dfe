"""odds: exact combinatorial odds of blackjack side wagers and game variations.

The dealer's chance of busting from a fresh six-deck shoe at H17, over every up card (a dealer
blackjack, seen by the peek, ends the hand unbusted), then a wager priced for the shoe as it stands:

>>> from odds import Shoe, DealerRules, dealer_table, price
>>> t = dealer_table(Shoe.decks(6), DealerRules.parse("H17"))
>>> round(float(t.overall.final()["bust"]), 4)
0.2858
>>> buster = price("buster", "C", rules="H17", decks=6)
>>> round(buster.ret(Shoe.decks(6)).ret, 6)
-0.062143

Everything else: ``docs/api.md``; the command line: ``odds --help``.
"""
from typing import TYPE_CHECKING, Any

from odds.engine.kernels import ENGINE_PATH
from odds.core.cards import Card, parse_card, parse_cards
from odds.core.dealing import DealtShoe
from odds.engine.dealer import DealerDistribution, DealerTable, dealer_distribution, dealer_table
from odds.core.errors import CardError, EngineError, OddsError, PaytableError, RuleError, ShoeError, WagerError
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe

if TYPE_CHECKING:
    from odds.core.game_rules import GameRules
    from odds.engine.player import PlayerEngine, house_edge
    from odds.wagers.priced import PricedWager, WagerReturn, price

__version__ = "0.1.0"

__all__ = [
    "ENGINE_PATH", "Card", "CardError", "DealerDistribution", "DealerRules", "DealerTable", "DealtShoe",
    "EngineError", "GameRules", "OddsError", "PaytableError", "PlayerEngine", "PricedWager", "RuleError", "Shoe",
    "ShoeError", "WagerError", "WagerReturn", "dealer_distribution", "dealer_table", "house_edge", "parse_card",
    "parse_cards", "price",
]


def __getattr__(name: str) -> Any:
    """The wagers' API is imported on first use, so that ``import odds`` stays quick."""
    if name in ("PricedWager", "WagerReturn", "price"):
        from odds.wagers import priced
        return getattr(priced, name)
    if name in ("PlayerEngine", "house_edge"):
        from odds.engine import player
        return getattr(player, name)
    if name == "GameRules":
        from odds.core.game_rules import GameRules
        return GameRules
    raise AttributeError(f"module 'odds' has no attribute {name!r}")
