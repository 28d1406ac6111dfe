"""Typed exceptions. Every error the library raises on bad input is an :class:`OddsError`.

The command line prints ``odds: <message>`` on one line and exits with status 2.
"""


class OddsError(ValueError):
    """Base class of every input error raised by odds."""


class CardError(OddsError):
    """A card or rank that does not parse."""


class ShoeError(OddsError):
    """An impossible shoe: no decks, negative counts, more cards removed than it holds."""


class RuleError(OddsError):
    """An unknown or inconsistent rule."""


class EngineError(OddsError):
    """A computation that cannot be carried out on this input (e.g. a shoe too small)."""


class PaytableError(OddsError):
    """A paytable file that does not parse or does not fit its wager."""


class WagerError(OddsError):
    """An unknown wager, paytable or option."""
