"""Certification reports: ``odds certify NAME --decks N --rule R --paytable P --out FILE``.

One HTML file a test lab can sign: the regulation's paragraph in its own words (from the texts
shipped in :mod:`odds.regulations`), the paytable, every assumption, the method, the par sheet
with exact fractions and decimals, and its verification: the fast path against the independent
reference path in :mod:`odds.reference`, compared with ``==``, then a Monte Carlo cross-check by
:mod:`odds.verify.simulate` at a fixed seed. It ends with the versions of ``odds`` and its dependencies
and the SHA-256 of the inputs. The file holds no time of day: the same inputs give the same bytes.

The wagers on the main game's result (``streak``, ``burnout-bonus``) are verified otherwise, since
their reference path, a brute force that deals every hand card by card, finishes on small shoes
only (:mod:`odds.verify.certify_rounds`): at the certified shoe, the round's value two ways and the streak
formula applied again; on small shoes, the outcome walk against the brute force; then the round
simulator.

>>> r = certify("bet-the-set-21", 6, paytable="A", rounds=2000, seed=1)
>>> [c.agrees for c in r.checks], r.monte_carlo.agrees, len(r.input_hash)
([True], True, 64)
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import platform
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence, Union, cast

from odds import __version__
from odds.core.errors import WagerError, option
from odds.engine.cache import no_cache
from odds.core.formats import fraction_text
from odds.wagers.paytables import Paytable, Provenance, choose_paytable, provenance
from odds.regulations import excerpts
from odds.core.rules import DealerRules
from odds.core.shoe import Shoe
from odds.wagers import WAGERS, Wager, get_wager
from odds.pricing.parsheet import ParSheet

from .checks import ExactCheck, Figure
from .confirmation import AUTO, AUTO_CAP, DEFAULT_ROUNDS, DEFAULT_SEED
from .fingerprint import code_hashes, report_id
from .statistics import Check



def auto_rounds(sheet: ParSheet) -> int:
    """The rounds of ``--rounds auto`` for a par sheet: enough to expect ten hits of its rarest
    paid outcome, at least :data:`DEFAULT_ROUNDS` and at most :data:`AUTO_CAP` (where the cap falls
    short, the report's Monte Carlo section says its check of that outcome is weak)."""
    need = sheet.lab.rounds_for_hits(10)
    return min(max(DEFAULT_ROUNDS, need or 0), AUTO_CAP)
LOSERS = ("lose", "no-bust")


def option_flags(wager: Wager) -> dict[str, str]:
    """The flags of the options of ``wager`` a certification takes, in their declared order
    (a definition file's own options are given as ``--option NAME=CHOICE``)."""
    if wager.definition is not None:
        return {}
    return {d.name: d.flag for d in wager.options.declared() if "certify" in d.commands}


# ------------------------------------------------------------------------------------ inputs

@dataclass(frozen=True)
class Inputs:
    wager: str
    decks: int
    rules: DealerRules
    table: Paytable
    options: Mapping  # wager options as given: meters, procedure, split_sevens, upcard
    rounds: int
    seed: int
    any_decks: bool = False
    extras: Mapping = field(default_factory=dict)  # the sections beside the paytables in its file (bonuses)
    definition: Any = None  # odds.core.wager_definition.Definition: the file a defined wager is read from

    @property
    def dealer_rule_matters(self) -> bool:
        """False for a wager the first cards decide: no rule of the dealer's enters its inputs."""
        return get_wager(self.wager).dealer_rule_matters

    @property
    def provenance(self) -> Provenance:
        """Whether the paytable is a regulation's (by its pays) or proposed."""
        return provenance(self.table, self.extras)

    def canonical(self) -> dict:
        """What the input hash covers: the wager, the shoe, the rules, the paytable's contents,
        the options and the version of odds."""
        t = self.table
        rule, peek = (self.rules.name, self.rules.peek) if self.dealer_rule_matters else ("any", None)
        return {"wager": self.wager, "decks": self.decks, "rule": rule, "peek": peek,
                "paytable": {"id": t.id, "citation": t.citation,
                             "decks": "any" if t.decks is None else list(t.decks),
                             "pays": {k: fraction_text(v) for k, v in sorted(t.pays.items())},
                             "meter_pays": {k: [fraction_text(s), m] for k, (s, m) in sorted(t.meter_pays.items())},
                             "notes": list(t.notes)},
                "options": {**{k: v for k, v in sorted(self.options.items())}, "any_decks": self.any_decks,
                            "rounds": self.rounds, "seed": self.seed},
                "odds_version": __version__, **self._file_inputs(), **self._definition_inputs()}

    def _definition_inputs(self) -> dict:
        """A wager read from a definition file: the file's SHA-256 (its paytables' file's with it)."""
        if self.definition is None:
            return {}
        return {"wager_file": {"sha256": self.definition.sha256}}

    def _file_inputs(self) -> dict:
        """A paytable read from a user's file: the file's SHA-256, whether the table is proposed,
        and the bonus awards the wager reads from the file."""
        if not self.table.from_file:
            return {}
        used = {k: self.extras.get(k) for k in get_wager(self.wager).paytable_extras if self.extras.get(k)}
        return {"paytable_file": {"sha256": self.table.sha256, "proposed": self.provenance.proposed,
                                  **({"extras": json.loads(json.dumps(used, sort_keys=True, default=str))}
                                     if used else {})}}

    def canonical_json(self) -> str:
        return json.dumps(self.canonical(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)

    def digest(self) -> str:
        return hashlib.sha256(self.canonical_json().encode("ascii")).hexdigest()

    def command(self, signoff: Sequence[tuple[str, str]] = (), pdf: bool = False) -> str:
        """The command line that makes this report again (its sign-off and its PDF too)."""
        parts = ["odds", "certify", *(["--wager-file", self.definition.source] if self.definition is not None
                                      else [self.wager]), "--decks", str(self.decks)]
        parts += ["--rule", self.rules.name] if self.dealer_rule_matters else []
        parts += ["--paytable", self.table.id]
        if self.table.from_file:
            parts += ["--paytable-file", self.table.source]
        if not self.rules.peek and self.dealer_rule_matters:
            parts.append("--no-peek")
        if self.any_decks:
            parts.append("--any-decks")
        flags = option_flags(get_wager(self.wager))
        for key, flag in flags.items():
            value = self.options.get(key)
            if value is True:
                parts.append(flag)
            elif value is not None and value is not False:
                parts += [flag, " ".join(value) if key == "split_sevens" else str(value)]
        for key, value in sorted(self.options.items()):
            if key not in flags and value is not None:  # a defined wager's own options
                parts += ["--option", f"{key}={value}"]
        parts += ["--rounds", str(self.rounds), "--seed", str(self.seed)]
        for label, value in signoff:
            parts += ["--" + label.replace(" ", "-"), value]
        parts += ["--out", "FILE"] + (["--pdf"] if pdf else [])
        return " ".join(_shell_word(p) for p in parts)


def _shell_word(word: str) -> str:
    return word if re.fullmatch(r"[A-Za-z0-9_.,=+/:-]+", word) else "'" + word.replace("'", "'\\''") + "'"


def _sheet_options(wager: Wager, inputs: Inputs) -> dict:
    options = dict(inputs.options)
    if "split_sevens" in options:
        options["split_sevens"] = list(options["split_sevens"])
    options.update({k: inputs.extras.get(k) for k in wager.paytable_extras})
    return options


# ------------------------------------------------------------------------ the reference path

def _reference_pay(wager: Wager, row: str, table: Paytable, meters: Mapping) -> Fraction:
    """The pay of a row, read from the paytable again (a meter award at the meter given)."""
    if row in LOSERS or row == wager.losing_row:
        return Fraction(-1)
    if wager.dealt is not None and wager.dealt.pay is not None:
        return wager.dealt.pay(row, table.pays)
    if row in table.meter_pays:
        share, meter = table.meter_pays[row]
        return share * meters[meter]
    return Fraction(table.pays[row])


def exact_check(sheet: ParSheet, inputs: Inputs, shoe: Shoe) -> ExactCheck:
    """The fast par sheet against the reference path, figure by figure, with ``==``."""
    from odds.wagers.sevens import parse_meters
    meters = parse_meters(inputs.options.get("meters"))
    wager = get_wager(inputs.wager)
    if wager.reference is None:
        raise WagerError(f"{wager.name} has no reference path to certify against")
    ref = wager.reference(shoe, inputs.rules, inputs.table, inputs.options)
    probs, ways, cycle, method = ref.probabilities, ref.combinations, ref.cycle, ref.method
    fast = {o.name: o for o in sheet.outcomes}
    names = list(fast) + [n for n in probs if n not in fast]
    figures = []
    for name in names:
        o = fast.get(name)
        figures.append(Figure(f"P({name})", o.probability if o else Fraction(0), probs.get(name, Fraction(0))))
        if ways is not None:
            figures.append(Figure(f"combinations({name})", Fraction(cast(int, o.combinations) if o else 0),
                                  Fraction(ways.get(name, 0))))
    if cycle is not None:
        figures.append(Figure("cycle", Fraction(sheet.cycle or 0), Fraction(cycle)))
    ret = sum((p * _reference_pay(wager, n, inputs.table, meters) for n, p in probs.items() if p),
              Fraction(0))
    figures.append(Figure("expected return", sheet.expected_return, ret))
    progressive = sheet.extra.get("progressive")
    if progressive:
        p_lose = probs.get(wager.losing_row, Fraction(0))
        a = sum((p * inputs.table.pays[n] for n, p in probs.items() if n in inputs.table.pays), Fraction(0)) - p_lose
        figures.append(Figure("R(M) = a + b*M: a", Fraction(progressive["a"]), a))
        for m, b in progressive["b"].items():
            ref_b = sum((p * inputs.table.meter_pays[n][0] for n, p in probs.items()
                         if n in inputs.table.meter_pays and inputs.table.meter_pays[n][1] == m), Fraction(0))
            figures.append(Figure(f"R(M) = a + b*M: b[{m}]", Fraction(b), ref_b))
    if wager.cross_checks is not None and sheet.extra.get("bonus"):
        figures += [Figure(name, fast, reference) for name, fast, reference in wager.cross_checks(shoe, inputs.rules)]
    return ExactCheck(tuple(figures), f"{method}; exact rational arithmetic, no code shared with the fast path's "
                                      "counting. Every figure of the par sheet is computed both ways and compared "
                                      "with exact equality")


# -------------------------------------------------------------------------------- the report

@dataclass(frozen=True)
class Report:
    inputs: Inputs
    title: str
    regulation: str
    sheet: ParSheet
    checks: tuple[ExactCheck, ...]  # the exact verifications, in the order of section 7
    monte_carlo: Optional[Check]  # None where there is no simulator
    monte_carlo_note: str
    versions: tuple[tuple[str, str], ...]
    input_hash: str = field(default="")
    code: tuple[tuple[str, str], ...] = ()  # (what, SHA-256) of the package's sources and kernels
    report_id: str = ""  # from the input hash and the code's digests
    signoff: tuple[tuple[str, str], ...] = ()  # date, prepared by, reviewed by: as given, none by default
    pdf: bool = False  # printed to PDF beside the HTML

    @property
    def agrees(self) -> bool:
        return all(c.agrees for c in self.checks) and (self.monte_carlo is None or self.monte_carlo.agrees)


def versions() -> tuple[tuple[str, str], ...]:
    """The versions of odds and what it computes with (Cython: the one that compiled the kernels,
    read from them)."""
    import gmpy2
    import sympy

    from odds.engine.kernels import dealer_kernel
    found = re.search(rb"_cython_(\d+)_(\d+)_(\d+)", Path(dealer_kernel.__file__).read_bytes())
    cython = ".".join(x.decode() for x in found.groups()) if found else "unknown"
    import numpy
    return (("odds", __version__), ("Python", f"{platform.python_implementation()} {platform.python_version()}"),
            ("gmpy2", gmpy2.version()), ("sympy", sympy.__version__), ("numpy", numpy.__version__),
            ("Cython (compiled the kernels)", cython), ("platform", platform.platform()),
            ("processor", platform.machine() + (f" ({platform.processor()})" if platform.processor() else "")))


def check_inputs(name: Optional[str], decks: int, rule: str = "S17", paytable: Optional[str] = None,
                 paytable_file: Union[str, Path, None] = None,
                 any_decks: bool = False, peek: bool = True, options: Optional[Mapping] = None,
                 rounds: int = DEFAULT_ROUNDS, seed: int = DEFAULT_SEED,
                 wager_file: Union[str, Path, None] = None) -> Inputs:
    """The inputs of a report, checked; bad input raises an :class:`~odds.core.errors.OddsError`.
    ``wager_file``: the wager a definition file defines (registered), in place of ``name``."""
    wager = find_wager(name, wager_file)
    name = wager.name
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise WagerError(f"number of decks must be a whole number >= 1, got {decks!r}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise WagerError(f"the number of rounds must be a whole number >= 2, got {rounds!r}")
    rules = DealerRules.parse(rule, peek=peek)
    book, table = choose_paytable(name, paytable, paytable_file, decks, any_decks)
    given = {k: v for k, v in (options or {}).items() if v is not None}
    certified = {d.name for w in WAGERS.values() for d in w.options.declared() if "certify" in d.commands}
    for key in given:
        if key not in certified and not (wager.definition is not None and key in wager.options.names()):
            raise WagerError(f"certify takes no option {key!r}")
        if key not in wager.options.names():
            raise WagerError(f"{option(key)} does not apply to {name}")
    built = wager.build_options(given)  # read and checked as the options declare
    given = {key: getattr(built, key) for key in given}
    if "split_sevens" in given:  # the up cards by rank, in a fixed order
        given["split_sevens"] = "".join(r for r in "A23456789TJQK" if r in set(given["split_sevens"]))
    if "meters" in given:
        from odds.wagers.sevens import parse_meters
        given["meters"] = ",".join(f"{m}={fraction_text(v)}" for m, v in sorted(parse_meters(given["meters"]).items()))
    if wager.rounds:  # every rule of the main game, defaults included, is an input
        from .certify_rounds import round_options
        given = round_options(given, decks, rules, table)
    if wager.definition is None:
        excerpts(wager.regulation)  # the regulation's text must be there
    return Inputs(name, decks, rules, table, given, rounds, seed, any_decks, book.extra, wager.definition)


def find_wager(name: Optional[str], wager_file: Union[str, Path, None]) -> Wager:
    """The wager named, or the one ``wager_file`` defines (registered)."""
    if wager_file is None:
        if name is None:
            raise WagerError("name a wager, or give wager_file=")
        return get_wager(name)
    from odds.wagers.defined import load_wager_file
    wager = load_wager_file(wager_file)
    if name not in (None, wager.name):
        raise WagerError(f"{wager_file} defines {wager.name}, not {name}: give one of the two")
    return wager


def certify(name: Optional[str], decks: int, rule: str = "S17", paytable: Optional[str] = None,
            paytable_file: Union[str, Path, None] = None,
            any_decks: bool = False, peek: bool = True, options: Optional[Mapping] = None,
            rounds: Union[int, str] = DEFAULT_ROUNDS, seed: int = DEFAULT_SEED,
            wager_file: Union[str, Path, None] = None) -> Report:
    """Compute everything a report holds (see the module's doc). Every figure is computed here,
    none read from the disk cache, even inside :func:`odds.engine.cache.use_cache`. ``wager_file``:
    certify the wager a definition file defines (``name`` may then be ``None``); ``rounds``: a
    number, or ``"auto"`` (:func:`auto_rounds`; a wager settled on the player's play,
    :data:`DEFAULT_ROUNDS`)."""
    with no_cache():
        return _certify(name, decks, rule, paytable, paytable_file, any_decks, peek, options, rounds, seed,
                        wager_file)


def _certify(name: Optional[str], decks: int, rule: str, paytable: Optional[str],
             paytable_file: Union[str, Path, None], any_decks: bool, peek: bool, options: Optional[Mapping],
             rounds: Union[int, str], seed: int, wager_file: Union[str, Path, None] = None) -> Report:
    from .simulate import check as simulation_check
    auto = rounds == AUTO
    inputs = check_inputs(name, decks, rule, paytable, paytable_file, any_decks, peek, options,
                          DEFAULT_ROUNDS if auto else rounds, seed, wager_file)  # type: ignore[arg-type]
    name = inputs.wager
    wager = get_wager(name)
    shoe = Shoe.decks(decks)
    if wager.rounds:
        from .certify_rounds import verify_rounds
        sheet, checks, mc = verify_rounds(wager, inputs, shoe)
    else:
        sheet = wager.par_sheet(shoe, inputs.rules, inputs.table, decks, **_sheet_options(wager, inputs))
        if auto:
            inputs = dataclasses.replace(inputs, rounds=auto_rounds(sheet))
        checks = (exact_check(sheet, inputs, shoe),)
        mc = None
        if wager.dealt is not None:
            sim_options = {k: v for k, v in inputs.options.items() if k != "meters"}
            mc = simulation_check(name, inputs.table, decks, inputs.rules, inputs.rounds, seed, **sim_options)
    if not inputs.table.allows(decks):
        sheet = dataclasses.replace(sheet, warnings=sheet.warnings + (
            f"paytable {inputs.table.id} is for "
            f"{', '.join(map(str, cast('tuple[int, ...]', inputs.table.decks)))} deck(s) only "
            f"({inputs.table.citation}); computed at {decks} on request",))
    note = "" if mc else f"no simulator deals {name}"
    digest = inputs.digest()
    return Report(inputs, wager.title, wager.regulation, sheet, checks, mc, note, versions(), digest,
                  code_hashes(), report_id(digest))
