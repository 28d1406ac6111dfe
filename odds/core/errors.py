"""Typed exceptions. Every error the library raises on bad input is an :class:`OddsError`; a broken
invariant of its own (a bug in odds, never the user's input) is an :class:`InternalError`.

The command line prints ``odds: <message>`` on one line and exits with status 2 for the first, 3
for the second (the traceback with ``--debug`` or ``ODDS_DEBUG=1``); see ``docs/errors.md``.
"""


import contextlib
from contextvars import ContextVar
from typing import Iterator, Mapping

_COMMAND_LINE: ContextVar[bool] = ContextVar("odds_command_line", default=False)
# Command-line flags that are not the option's name with dashes: the dealer's rule, and those the
# wagers' options declare (odds.pricing.record.option), added as each wager is registered.
_FLAGS = {"rules": "--rule"}


def declare_flags(flags: Mapping[str, str]) -> None:
    """Name these options by these flags in messages on the command line (see :func:`option`)."""
    _FLAGS.update({name: flag for name, flag in flags.items() if flag != "--" + name.replace("_", "-")})


@contextlib.contextmanager
def command_line() -> Iterator[None]:
    """While the command line runs: messages name options as its flags (see :func:`option`)."""
    token = _COMMAND_LINE.set(True)
    try:
        yield
    finally:
        _COMMAND_LINE.reset(token)


def option(name: str, value: object = None) -> str:
    """An option as the user gives it, for a message: a flag on the command line, a keyword argument
    in Python.

    >>> option("split_hands", 4), option("dealer_blackjack", "no-effect"), option("paytable")
    ('split_hands=4', "dealer_blackjack='no-effect'", 'paytable=')
    >>> with command_line():
    ...     option("split_hands", 4), option("meters"), option("any_decks", True)
    ('--split-hands 4', '--meter', '--any-decks')
    """
    if _COMMAND_LINE.get():
        flag = _FLAGS.get(name, "--" + name.replace("_", "-"))
        return flag if value is None or value is True else f"{flag} {value}"
    return f"{name}=" if value is None else f"{name}={value!r}"


def shown(value: object, limit: int = 80) -> str:
    """A value as a one-line message shows it: control characters escaped, at most ``limit``
    characters (a longer one cut, saying how long it was).

    >>> shown("buster"), shown("a\\nb"), shown("x" * 1000, 20)
    ('buster', 'a\\\\nb', 'xxxxxxxxxxxxxxxxxxxx... (1,000 characters)')
    """
    text = value if isinstance(value, str) else repr(value) if not isinstance(value, int) or value.bit_length() < 256 \
        else f"a {len(str(value)) if value.bit_length() < 10_000 else 'many'}-digit number"
    size = len(text)
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:limit])
    return text if size <= limit else f"{text[:limit]}... ({size:,} characters)"


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


class UnavailableError(OddsError):
    """An output asked for that this machine cannot make: a program it needs is not installed, or
    failed (``--pdf`` without Chromium). Raised before anything is written."""


def require_bool(name: str, value: object) -> None:
    """Refuse a flag that is not ``True`` or ``False`` (``exact="no"`` would read as true)."""
    if not isinstance(value, bool):
        raise OddsError(f"{name} must be True or False, got {value!r}")


def require_type(name: str, value: object, kind: type, example: str) -> None:
    """Refuse an argument of the wrong type by name, with an example of the right one."""
    if not isinstance(value, kind):
        raise OddsError(f"{name} must be a {kind.__name__}, e.g. {example}, got {value!r}")


class InternalError(RuntimeError):
    """An invariant of odds broken: a bug in odds, not a problem with the input."""
