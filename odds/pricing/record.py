"""A wager as one record: everything the package knows about it, reachable from one object.

A :class:`Wager` names the wager and its regulation, lists the outcomes its paytables pay, declares
its options as a frozen dataclass (:class:`Options`), and points at each computation of it:

- ``par_sheet``: the exact engine, ``(shoe, rules, paytable, decks, **options) -> ParSheet``, its
  shoe a shoe state (a Shoe, or 52 counts checked as ``docs/errors.md`` says under "Shoe states")
  and its paytable a :class:`~odds.wagers.paytables.Paytable` (else a ``ShoeError`` or
  ``PaytableError``, before anything is computed);
- ``reference``: the independent second computation (plain enumeration, in :mod:`odds.reference`),
  ``(shoe, rules, paytable, options) -> ReferenceFigures``;
- ``dealt``: how the simulator settles physically dealt cards (:class:`odds.reference.dealt.Dealt`),
  written apart from the engine;
- ``shoe_return``: the fast return of a shoe as it stands, ``(pays, rules, **options) ->
  ShoeReturn``, taking the options named in ``shoe_return_options``;
- ``rounds``: the wager is decided by whole rounds of the main game (streak wagers), which the
  round simulator deals and certification checks round by round.

The applications (``odds list``, ``wager``, ``report``, ``certify``, ``simulate``, ``sweep``,
``solve``) read these records and keep no table of their own keyed by a wager's name.

A wager's options are declared once, each field with :func:`wager_option`: its flag, help, type and
choices, and the commands that take it. The command line's flags (``wager``, ``simulate``,
``certify``, ``sweep``), their help and parsing, the certification's inputs and the names in
messages (``--upcard`` on the command line, ``upcard=`` from Python) are all read from it.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Upcard(Options):
...     upcard: Optional[str] = wager_option(help="the up card bet on", choices=("2", "3", "4", "5", "6"))
>>> Upcard.flags()
{'upcard': '--upcard'}
>>> Upcard.build("x", {"upcard": "6"})
Upcard(upcard='6')
>>> Upcard.build("x", {"visible": "7H"})
Traceback (most recent call last):
...
odds.core.errors.WagerError: x takes no option visible (it takes: upcard)
>>> Upcard.build("x", {"upcard": "9"})
Traceback (most recent call last):
...
odds.core.errors.WagerError: x: upcard='9' is not one of 2, 3, 4, 5, 6
>>> Upcard(upcard="6").keywords()
{'upcard': '6'}
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, TypeVar

from odds.core.errors import InternalError, PaytableError, WagerError, option as option_named
from odds.core.shoe import Shoe
from odds.engine.shoe_state import shoe_state
from odds.core.wager_definition import Definition
from odds.engine.first_cards import FirstCardsGame
from odds.reference.dealt import Dealt

from .parsheet import ParSheet
from .paytables import Paytable, first_shipped_id
from .shoe_return import ShoeReturn
from odds.reference.figures import ReferenceFigures

O = TypeVar("O", bound="Options")
COMMANDS = ("wager", "simulate", "certify", "sweep")  # the commands that take a wager's options


@dataclass(frozen=True)
class Declared:
    """One option as every command reads it (made by :func:`wager_option`, read by
    :meth:`Options.declared`)."""

    name: str
    flag: str  # the command line's spelling
    help: str
    default: Any
    switch: bool  # a flag that takes no value (a default of False)
    type: Optional[Callable[[str], Any]] = None  # the command line's text made a value (int, say)
    choices: Optional[tuple[Any, ...]] = None  # the values it may take (after ``read``)
    read: Optional[Callable[[str], Any]] = None  # the command line's text read as the option's value
    commands: tuple[str, ...] = COMMANDS  # the commands that take it (sweep: when the return takes it)
    metavar: Optional[str] = None


def wager_option(default: Any = None, *, help: str, flag: Optional[str] = None, type: Optional[Callable[[str], Any]] = None,
           choices: Optional[tuple[Any, ...]] = None, read: Optional[Callable[[str], Any]] = None,
           commands: tuple[str, ...] = COMMANDS, metavar: Optional[str] = None) -> Any:
    """A field of an :class:`Options` dataclass, declared once for every command (see the module).

    ``flag`` defaults to ``--name-with-dashes``; a default of ``False`` makes a switch; ``read``
    turns a text (the command line's, or one given from Python) into the value (cards into ranks,
    say), and ``choices`` are the values it may then take, both applied by :meth:`Options.build`.
    ``commands``: those of the command line that take it."""
    for command in commands:
        if command not in COMMANDS:
            raise ValueError(f"an option is taken by {', '.join(COMMANDS)}, not {command!r}")
    return field(default=default, metadata={"declared": dict(
        flag=flag, help=help, type=type, choices=choices, read=read, commands=commands, metavar=metavar)})


@dataclass(frozen=True)
class Options:
    """A wager's options: subclass it as a frozen dataclass, one field per option, each with its
    default. A field's ``metadata`` may give ``flag`` (the command line's spelling, by default
    ``--name-with-dashes``). A default of ``None`` or ``False`` means "not given": the par sheet's
    own default applies, and the option is not passed on."""

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))

    @classmethod
    def flags(cls) -> dict[str, str]:
        """``{option: command-line flag}``."""
        return {d.name: d.flag for d in cls.declared()}

    @classmethod
    def declared(cls) -> tuple[Declared, ...]:
        """Every option as :func:`wager_option` declared it (a plain field: a value of its own, every command)."""
        out = []
        for f in dataclasses.fields(cls):
            given = dict(f.metadata.get("declared", {}))
            flag = given.pop("flag", None) or f.metadata.get("flag") or "--" + f.name.replace("_", "-")
            out.append(Declared(f.name, flag, given.pop("help", f.metadata.get("help", "")), f.default,
                                f.default is False, **given))
        return tuple(out)

    @classmethod
    def build(cls: type[O], wager: str, given: Optional[Mapping[str, Any]] = None) -> O:
        """The options of ``wager`` from a mapping (unknown names refused, values checked)."""
        given = {k: v for k, v in (given or {}).items() if v is not None}
        unknown = sorted(set(given) - set(cls.names()))
        if unknown:
            takes = ", ".join(cls.names()) or "none"
            raise WagerError(f"{wager} takes no option {', '.join(unknown)} (it takes: {takes})")
        for declared in cls.declared():
            value = given.get(declared.name)
            if declared.read is not None and isinstance(value, str):
                value = given[declared.name] = declared.read(value)
            if declared.choices is not None and value is not None and value not in declared.choices:
                raise WagerError(f"{wager}: {option_named(declared.name, value)} is not one of "
                                 f"{', '.join(map(str, declared.choices))}")
        options = cls(**given)
        options.validate(wager)
        return options

    def validate(self, wager: str) -> None:
        """Raise :class:`~odds.core.errors.WagerError` for a value the wager cannot take."""

    def keywords(self) -> dict[str, Any]:
        """The options given (not ``None``, ``False`` or empty), as the par sheet takes them."""
        return {f.name: v for f in dataclasses.fields(self)
                if not ((v := getattr(self, f.name)) is None or v is False or (isinstance(v, str) and not v))}


@dataclass(frozen=True)
class BookVariant:
    """Extra sheets of a wager in the book: ``options`` at ``decks`` (e.g. EZ Bust's push)."""

    name: str
    decks: tuple[int, ...]
    options: Mapping[str, Any]
    note: str = ""  # what the book's index says it holds (HTML)
    plot_label: Optional[str] = None  # its line's label after the paytable's in the edge plots; None: not drawn
    label: str = ""  # what its rows in the index say after the paytable's id, e.g. "with (g)"


@dataclass(frozen=True)
class CheckedParSheet:
    """A wager's par sheet with its shoe and paytable checked first: a shoe state made a
    :class:`~odds.core.shoe.Shoe` (a Shoe as it is), a paytable that is not a ``Paytable`` refused.

    >>> from odds import DealerRules, Shoe
    >>> from odds.wagers import get_wager
    >>> get_wager("buster").par_sheet(Shoe.decks(6), DealerRules(), None, 6)
    Traceback (most recent call last):
    ...
    odds.core.errors.PaytableError: buster's par sheet needs its paytable, a Paytable (e.g. builtin_paytables('buster').tables['A']), not None
    """

    wager: str
    compute: Callable[..., ParSheet]

    def __call__(self, shoe: Any, rules: Any, paytable: Any, *args: Any, **options: Any) -> ParSheet:
        if not isinstance(paytable, Paytable):
            first = first_shipped_id(self.wager)
            given = "None" if paytable is None else type(paytable).__name__
            raise PaytableError(f"{self.wager}'s par sheet needs its paytable, a Paytable (e.g. "
                                f"builtin_paytables({self.wager!r}).tables[{first or 'ID'!r}]), not {given}")
        if not isinstance(shoe, Shoe):
            shoe = Shoe.from_flat_counts(shoe_state(shoe))
        return self.compute(shoe, rules, paytable, *args, **options)


@dataclass(frozen=True)
class Wager:
    """One wager: its names, outcomes, options and every computation of it (see the module)."""

    name: str
    title: str
    regulation: str
    paid_outcomes: tuple[str, ...]
    par_sheet: Callable[..., ParSheet]  # (shoe, rules, paytable, decks, **options)
    options: type[Options] = Options
    partial_paytables: bool = False  # a paytable may leave some outcomes unpaid (a blank cell)
    dealer_rule_matters: bool = True  # False: decided by the first cards, any dealer rule
    reference: Optional[Callable[..., ReferenceFigures]] = None
    dealt: Optional[Dealt] = None  # the simulator's settlement of dealt cards
    shoe_return: Optional[Callable[..., ShoeReturn]] = None  # (pays, rules, **options)
    shoe_return_options: tuple[str, ...] = ()  # the options shoe_return takes
    rounds: bool = False  # decided by whole rounds of the main game, played by the player engine
    game: Optional[FirstCardsGame] = None  # the cards a first-cards wager looks at
    cross_checks: Optional[Callable[..., Any]] = None  # (shoe, rules) -> [(figure, engine's, reference's)]
    paytable_extras: tuple[str, ...] = ()  # keys of the paytable file handed to the par sheet
    book_meters: Mapping[Optional[str], str] = field(default_factory=dict)  # paytable (None: any) -> meters
    book_variants: tuple[BookVariant, ...] = ()
    book_label: str = ""  # what the index's rows of the wager's own sheets say after the paytable's id, beside variants
    book_options: Mapping[str, Any] = field(default_factory=dict)  # the options of each of its sheets in the book
    book_note: str = ""  # what the book's index says of a wager priced by the player engine (HTML)
    definition: Optional[Definition] = None  # the file a defined wager is read from

    def __post_init__(self) -> None:
        if not isinstance(self.par_sheet, CheckedParSheet):
            object.__setattr__(self, "par_sheet", CheckedParSheet(self.name, self.par_sheet))
        bind = getattr(self.shoe_return, "bound_to", None)
        if bind is not None:  # a return read off this record's own par sheet (a DealsReturn)
            object.__setattr__(self, "shoe_return", bind(self))

    @property
    def losing_row(self) -> str:
        """The name of the par sheet's row of the deals no outcome pays: a definition file's own
        (``lose = ...``), else the simulator's, else ``lose``."""
        if self.definition is not None:
            return self.definition.lose
        return self.dealt.lose if self.dealt is not None else "lose"

    @property
    def defined(self) -> Definition:
        """The definition file of a wager defined in one (an ``InternalError`` for one written in
        Python: ask only where ``definition`` is set)."""
        if self.definition is None:
            raise InternalError(f"{self.name} is not defined in a file")
        return self.definition

    @property
    def simulated(self) -> bool:
        """Whether the simulator deals this wager (dealt cards, or whole rounds)."""
        return self.dealt is not None or self.rounds

    def rule_shown(self, rules: Any) -> str:
        """The dealer's rule as a result names it: S17 or H17, or "any" for a wager no rule of the
        dealer's changes (as its par sheet says)."""
        return rules.name if self.dealer_rule_matters else "any"

    def build_options(self, given: Optional[Mapping[str, Any]] = None) -> Options:
        """This wager's typed options from a mapping; unknown names and bad values refused."""
        return self.options.build(self.name, given)

    def price(self, shoe: Any, rules: Any, paytable: Any, decks: int,
              options: Optional[Options | Mapping[str, Any]] = None, extras: Optional[Mapping[str, Any]] = None,
              **internal: Any) -> ParSheet:
        """The exact par sheet. ``extras`` is the paytable file's ``extra`` (Buster's bonus);
        ``internal`` passes what a caller already computed (``outcomes=`` of the streak wagers)."""
        if not isinstance(options, Options):
            options = self.build_options(options)
        given = {k: (extras or {}).get(k) for k in self.paytable_extras}
        return self.par_sheet(shoe, rules, paytable, decks, **options.keywords(), **given, **internal)
