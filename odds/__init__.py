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
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from odds.core.cards import Card, parse_card, parse_cards
    from odds.core.dealing import DealtShoe
    from odds.core.errors import CardError, EngineError, OddsError, PaytableError, RuleError, ShoeError, WagerError
    from odds.core.game_rules import GameRules
    from odds.core.rules import DealerRules
    from odds.core.shoe import Shoe
    from odds.engine.dealer import DealerDistribution, DealerTable, dealer_distribution, dealer_table
    from odds.engine.player import PlayerEngine, house_edge
    from odds.wagers.priced import PricedWager, WagerReturn, price, ret_table

from odds.core.version import __version__
from odds.engine.kernels import ENGINE_PATH  # loads the compiled kernels: without them, one clear message

__all__ = [
    "ENGINE_PATH", "Card", "CardError", "DealerDistribution", "DealerRules", "DealerTable", "DealtShoe",
    "EngineError", "GameRules", "OddsError", "PaytableError", "PlayerEngine", "PricedWager", "RuleError", "Shoe",
    "ShoeError", "WagerError", "WagerReturn", "dealer_distribution", "dealer_table", "house_edge", "parse_card",
    "parse_cards", "price", "ret_table",
]


# where each public name lives: imported on first use, so that ``import odds`` takes a few milliseconds
# (and a Ctrl-C while the command line starts is one line, see odds.apps.launch)
_HOMES = {
    "Card": "odds.core.cards", "parse_card": "odds.core.cards",
    "parse_cards": "odds.core.cards", "DealtShoe": "odds.core.dealing", "DealerDistribution": "odds.engine.dealer",
    "DealerTable": "odds.engine.dealer", "dealer_distribution": "odds.engine.dealer",
    "dealer_table": "odds.engine.dealer", "DealerRules": "odds.core.rules", "Shoe": "odds.core.shoe",
    "GameRules": "odds.core.game_rules", "PlayerEngine": "odds.engine.player", "house_edge": "odds.engine.player",
    "PricedWager": "odds.wagers.priced", "WagerReturn": "odds.wagers.priced", "price": "odds.wagers.priced",
    "ret_table": "odds.wagers.priced",
    **{name: "odds.core.errors" for name in ("CardError", "EngineError", "OddsError", "PaytableError", "RuleError",
                                             "ShoeError", "WagerError")},
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'odds' has no attribute {name!r}")
    value = getattr(import_module(_HOMES[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list:
    return sorted(set(globals()) | set(__all__))
