"""The par sheet: every outcome of a wager with its pay, exact probability and return, and the
statistics under them. One form serves every wager.

>>> sheet = ParSheet("demo", "X", 1, "S17", (Outcome("win", Fraction(1), Fraction(1, 3)),
...                   Outcome("lose", Fraction(-1), Fraction(2, 3))), assumptions=(), method="hand count")
>>> sheet.expected_return, sheet.house_edge, sheet.hit_frequency, sheet.variance
(Fraction(-1, 3), Fraction(1, 3), Fraction(1, 3), Fraction(8, 9))
"""
from __future__ import annotations

import csv
import io
import json
import math
import re
from dataclasses import dataclass, field
from functools import cached_property
from fractions import Fraction
from typing import Any, Callable, Optional, Sequence, cast

from odds.core.formats import decimal_text, fraction_text, markdown_table, markdown_text, text_table

from odds.core.display import data_frame, html_table
from odds.core.errors import ShoeError
from odds.core.shoe import MAX_DECKS

from .volatility import LabFigures


@dataclass(frozen=True)
class Outcome:
    """One row: ``pays`` is the net win per unit ("to 1"), -1 for a losing outcome."""

    name: str
    pays: Fraction
    probability: Fraction
    combinations: Optional[int] = None

    @property
    def ret(self) -> Fraction:
        return self.pays * self.probability

    @property
    def one_in(self) -> Optional[float]:
        return None if self.probability == 0 else float(1 / self.probability)


EXACT_TEXT = re.compile(r"-?\d+/\d+|-?\d+")


def _section_rows(value: Any, fractions: bool) -> Optional[tuple[list[str], list[list[str]]]]:
    """A wager's own section of named entries (Buster's bonuses) as a table, an entry a column and
    a field a row, exact numbers as decimals (as fractions with ``fractions``); None for any other
    section."""
    if not (isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values())):
        return None

    def cell(x: Any) -> str:
        if x is None:
            return "-"
        if fractions:
            return str(x)
        return EXACT_TEXT.sub(lambda m: decimal_text(Fraction(m.group()), 10) if "/" in m.group() else m.group(),
                              str(x))
    fields: dict = {}
    for entry in value.values():
        for k, v in entry.items():
            for name, x in (((f"{k} {k2}", v2) for k2, v2 in v.items()) if isinstance(v, dict) else ((k, v),)):
                fields.setdefault(name, None)
    return [""] + list(value), [[name] + [cell(_field(entry, name)) for entry in value.values()] for name in fields]


def _section_text(value: Any, fractions: bool) -> str:
    """A wager's own section in the plain-text sheet: :func:`_section_rows` as a table, any other
    section as JSON."""
    table = _section_rows(value, fractions)
    return json.dumps(value, indent=1) if table is None else text_table(*table)


def _section_markdown(value: Any) -> list[str]:
    """The same in the Markdown sheet: a table, else a block of JSON."""
    table = _section_rows(value, False)
    if table is None:
        return ["```json", json.dumps(value, indent=1), "```"]
    return markdown_table(*table)


def _dollars(text: str) -> str:
    """A dollar amount from its exact text: $8,000, $2.50, else the fraction."""
    x = Fraction(text)
    if x.denominator == 1:
        return f"${x.numerator:,}"
    return f"${float(x):,.2f}" if (x * 100).denominator == 1 else f"${text}"


def bonus_summary(bonuses: dict) -> list[str]:
    """One headline line a cash bonus (Buster's 633c.13(i)): the return to player, house edge and
    maximum win with it, at its minimum wager."""
    return [f"with bonus {bid} at {_dollars(b['min_wager'])}: RTP "
            f"{decimal_text(Fraction(b['return_to_player_at_min_wager']) * 100, 6)}%, house edge "
            f"{decimal_text(Fraction(b['house_edge_at_min_wager']) * 100, 6)}%, maximum win "
            f"{b['max_win_at_min_wager']} to 1"
            for bid, b in bonuses.items() if b.get("return_to_player_at_min_wager") is not None]


def sensitivity_table(section: dict, fractions: bool = False) -> tuple[str, list[str], list[list[str]]]:
    """The sensitivity section (:meth:`ParSheet.sensitivity`) as (its heading, a table)."""
    def shown(x: Optional[str]) -> str:
        return "-" if x is None else x if fractions else decimal_text(Fraction(x), 10)
    target = Fraction(section["target_house_edge"])
    return (f"sensitivity (target house edge {decimal_text(target * 100, 4)}%): the return each unit of a pay adds, "
            "and the pay that alone gives the target",
            ["outcome", "return per unit of pay", "pay for the target"],
            [[name, shown(v["return_per_unit_of_pay"]), shown(v["pay_for_target"])]
             for name, v in section["outcomes"].items()])


def bonus_tables(bonuses: dict, fractions: bool = False) -> list[tuple[str, list[str], list[list[str]], list[str]]]:
    """Each cash bonus as (its heading, a table of its awards: the hand, the award, its chance, 1 in
    N, the expected award; the lines under the table)."""
    out = []
    for bid, b in bonuses.items():
        rows = []
        for hand, award in b["awards_dollars"].items():
            p = Fraction(b["probability_blackjack_and"][hand])
            rows.append([hand, _dollars(award), fraction_text(p) if fractions else decimal_text(p, 10),
                         "-" if not p else f"{float(1 / p):,.2f}",
                         "$" + (fraction_text(p * Fraction(award)) if fractions else decimal_text(p * Fraction(award), 10))])
        expected = Fraction(b["expected_award_dollars"])
        under = [f"expected award {'$' + fraction_text(expected) if fractions else '$' + decimal_text(expected, 10)} "
                 f"a round: that over W is the return it adds to a wager of W dollars"]
        if b.get("return_to_player_at_min_wager") is not None:
            added = Fraction(b["added_return_at_min_wager"])
            under.append(f"at the minimum wager of {_dollars(b['min_wager'])}: added return "
                         f"{fraction_text(added) if fractions else decimal_text(added, 10)}; "
                         + bonus_summary({bid: b})[0].split(": ", 1)[1])
        out.append((f"cash bonus {bid}: {b['citation']}; paid with a player blackjack and a winning wager of at least "
                    f"{_dollars(b['min_wager'])}", ["player blackjack and", "award", "probability", "1 in",
                                                      "expected award"], rows, under))
    return out


def _field(entry: dict, name: str) -> Any:
    if name in entry:
        return entry[name]
    head, _, tail = name.partition(" ")
    inner = entry.get(head)
    return inner.get(tail) if isinstance(inner, dict) else None


@dataclass(frozen=True)
class ParSheet:
    wager: str
    paytable: str
    decks: int
    rule: str
    outcomes: tuple[Outcome, ...]
    cycle: Optional[int] = None
    assumptions: tuple[str, ...] = ()
    method: str = ""
    warnings: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)  # wager-specific sections (JSON-ready)

    def __post_init__(self) -> None:
        if isinstance(self.decks, bool) or not isinstance(self.decks, int) or not 1 <= self.decks <= MAX_DECKS:
            raise ShoeError(f"number of decks must be from 1 to {MAX_DECKS}, got {self.decks!r}")
        total = sum((o.probability for o in self.outcomes), Fraction(0))
        if total != 1:
            raise AssertionError(f"{self.wager}: outcome probabilities add up to {total}, not 1")
        # A sheet with a cycle counts the combinations of every row.
        if self.cycle is not None and sum(cast(int, o.combinations) for o in self.outcomes) != self.cycle:
            raise AssertionError(f"{self.wager}: combinations do not add up to the cycle {self.cycle}")

    @property
    def expected_return(self) -> Fraction:
        return sum((o.ret for o in self.outcomes), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_return

    @property
    def hit_frequency(self) -> Fraction:
        return sum((o.probability for o in self.outcomes if o.pays > 0), Fraction(0))

    @property
    def variance(self) -> Fraction:
        second = sum((o.pays ** 2 * o.probability for o in self.outcomes), Fraction(0))
        return second - self.expected_return ** 2

    @property
    def std_dev(self) -> float:
        return math.sqrt(self.variance)

    def sensitivity(self, target_edge: Fraction) -> dict[str, Any]:
        """For each paid outcome: the return gained per unit of its pay (its probability: the return
        is linear in each pay) and the pay that alone, the others as they are, gives the house edge
        ``target_edge`` (None where that pay would be below 0). A section for :attr:`extra`.

        >>> sheet = ParSheet("demo", "X", 1, "S17", (Outcome("win", Fraction(1), Fraction(1, 3)),
        ...                   Outcome("lose", Fraction(-1), Fraction(2, 3))), assumptions=(), method="")
        >>> sheet.sensitivity(Fraction(1, 10))["outcomes"]["win"]
        {'return_per_unit_of_pay': '1/3', 'pay_for_target': '17/10'}
        """
        out: dict[str, Any] = {}
        for o in self.outcomes:
            if o.pays <= 0 or not o.probability:
                continue
            pay = o.pays + (self.house_edge - target_edge) / o.probability
            out[o.name] = {"return_per_unit_of_pay": fraction_text(o.probability),
                           "pay_for_target": fraction_text(pay) if pay >= 0 else None}
        return {"target_house_edge": fraction_text(target_edge), "outcomes": out}

    @cached_property
    def lab(self) -> LabFigures:
        """The figures of a lab's math report: volatility index, bands after N rounds, maximum win."""
        return LabFigures.of((o.pays, o.probability) for o in self.outcomes)

    # ------------------------------------------------------------------------------ formats

    def to_json(self) -> dict[str, Any]:
        """The JSON contract (docs/json.md): exact values as ``"p/q"`` strings."""
        return {
            "wager": self.wager, "paytable": self.paytable, "decks": self.decks, "rule": self.rule,
            "outcomes": [{"name": o.name, "pays": fraction_text(o.pays),
                          "probability": fraction_text(o.probability), "return": fraction_text(o.ret),
                          "combinations": o.combinations, "one_in": o.one_in} for o in self.outcomes],
            "cycle": self.cycle,
            "expected_return": fraction_text(self.expected_return),
            "house_edge": fraction_text(self.house_edge),
            "hit_frequency": fraction_text(self.hit_frequency),
            "variance": fraction_text(self.variance),
            "std_dev": round(self.std_dev, 6),
            "assumptions": list(self.assumptions),
            "method": self.method,
            "warnings": list(self.warnings),
            **self.lab.to_json(),
            **self.extra,
        }

    def _rows(self, fractions: bool) -> tuple[list[str], list[list[str]]]:
        fmt: Callable[[Fraction], str] = fraction_text if fractions else (lambda p: decimal_text(p, 8))
        rows = []
        for o in self.outcomes:
            rows.append([o.name, fraction_text(o.pays), "" if o.combinations is None else str(o.combinations),
                         fmt(o.probability), fmt(o.ret), "-" if o.one_in is None else f"{o.one_in:,.2f}"])
        return ["outcome", "pays", "combinations", "probability", "return", "1 in"], rows

    def _summary(self) -> list[str]:
        lines = [
            f"expected return  {decimal_text(self.expected_return, 8)}   = {fraction_text(self.expected_return)}",
            f"house edge       {decimal_text(self.house_edge * 100, 6)}%",
            f"hit frequency    {decimal_text(self.hit_frequency, 8)}",
            f"variance         {decimal_text(self.variance, 6)}",
            f"std deviation    {self.std_dev:.6f}",
        ]
        if self.cycle is not None:
            lines.append(f"cycle            {self.cycle:,} combinations")
        return lines + self.lab.summary_lines() + bonus_summary(self.extra.get("bonus", {}))

    def title(self) -> str:
        return f"{self.wager}, paytable {self.paytable}, {self.decks} deck(s), {self.rule}"

    def __repr__(self) -> str:
        return (f"<ParSheet {self.title()}: house edge {decimal_text(self.house_edge * 100, 6)}% "
                f"(exact {fraction_text(self.house_edge)}), {len(self.outcomes)} outcomes>")

    def _repr_html_(self) -> str:
        """In a notebook: the outcomes (numbers right-aligned, 1 in N), then the house edge, hit
        frequency, SD and the warnings."""
        from html import escape
        rows = "".join(f"<tr><td>{escape(o.name)}</td><td style=\"text-align:right\">{fraction_text(o.pays)}</td>"
                       f"<td style=\"text-align:right\">{decimal_text(o.probability, 10)}</td>"
                       f"<td style=\"text-align:right\">{'-' if o.one_in is None else f'{o.one_in:,.2f}'}</td>"
                       f"<td style=\"text-align:right\">{decimal_text(o.ret, 10)}</td></tr>" for o in self.outcomes)
        figures = (f"house edge {decimal_text(self.house_edge * 100, 6)}%, hit frequency "
                   f"{decimal_text(self.hit_frequency, 6)}, SD {self.std_dev:.4f}")
        warned = "".join(f"<li>{escape(w)}</li>" for w in self.warnings)
        return (f"<table><caption>{escape(self.title())}: {figures}</caption><thead><tr><th>outcome</th>"
                "<th>pays (to 1)</th><th>probability</th><th>1 in</th><th>return</th></tr></thead>"
                f"<tbody>{rows}</tbody></table>" + (f"<ul>{warned}</ul>" if warned else ""))

    def to_frame(self, exact: bool = False) -> Any:
        """The outcomes as a pandas DataFrame of numbers: ``pays``, ``probability``, ``one_in`` and
        ``return`` as floats (``probability_decimal`` and ``return_decimal`` the same, kept for code
        written before), ``combinations`` where counted; with ``exact``, the exact Fractions in their
        own columns (``pays_exact``, ``probability_exact``, ``return_exact``). The summary figures
        are in ``frame.attrs``."""
        columns = ["outcome", "pays", "probability", "one_in", "return", "combinations", "probability_decimal",
                   "return_decimal"] + (["pays_exact", "probability_exact", "return_exact"] if exact else [])
        frame = data_frame(columns, [[o.name, float(o.pays), float(o.probability), o.one_in, float(o.ret),
                                      o.combinations, float(o.probability), float(o.ret)]
                                     + ([o.pays, o.probability, o.ret] if exact else []) for o in self.outcomes])
        frame.attrs.update({"wager": self.wager, "paytable": self.paytable, "decks": self.decks, "rule": self.rule,
                            "house_edge": float(self.house_edge), "return_to_player": float(1 + self.expected_return),
                            "hit_frequency": float(self.hit_frequency), "std_dev": self.std_dev,
                            "volatility_index_90": self.lab.volatility_index[90],
                            "volatility_index_95": self.lab.volatility_index[95],
                            "max_win": float(self.lab.max_win), "cycle": self.cycle, "warnings": list(self.warnings)})
        return frame

    def to_text(self, fractions: bool = False) -> str:
        header, rows = self._rows(fractions)
        out = [self.title(), "", text_table(header, rows, right=range(1, 6)), ""] + self._summary()
        out += ["", "assumptions:"] + [f"  - {a}" for a in self.assumptions]
        out += [f"method: {self.method}"]
        out += [f"WARNING: {w}" for w in self.warnings]
        for key, value in self.extra.items():
            if key == "bonus":
                for heading, header, rows, under in bonus_tables(value, fractions):
                    out += ["", heading, text_table(header, rows, right=range(1, 5))] + under
                continue
            if key == "sensitivity":
                heading, header, rows = sensitivity_table(value, fractions)
                out += ["", heading, text_table(header, rows, right=range(1, 3))]
                continue
            out += ["", f"{key}:", _section_text(value, fractions)]
        return "\n".join(out)

    def to_markdown(self) -> str:
        header, rows = self._rows(False)
        md = [f"# {self.title()}", ""] + markdown_table(header, rows)
        md += ["", "```"] + self._summary() + ["```", "", "## Assumptions", ""]
        md += [f"- {a}" for a in self.assumptions] + ["", "## Method", "", self.method]
        if self.warnings:
            md += ["", "## Warnings", ""] + [f"- {markdown_text(w)}" for w in self.warnings]
        for key, value in self.extra.items():
            if key == "bonus":
                for heading, header, rows, under in bonus_tables(value):
                    md += ["", f"## {markdown_text(heading[0].upper() + heading[1:])}", ""] + markdown_table(header, rows)
                    md += [""] + [markdown_text(line[0].upper() + line[1:]) + "." for line in under]
                continue
            if key == "sensitivity":
                heading, header, rows = sensitivity_table(value)
                md += ["", f"## {markdown_text(heading[0].upper() + heading[1:])}", ""] + markdown_table(header, rows)
                continue
            md += ["", f"## {key}", ""] + _section_markdown(value)
        return "\n".join(md)

    def to_html(self, command: str = "", others: Sequence[tuple[str, str]] = ()) -> str:
        """The sheet as a page (``odds/core/templates/sheet.html``): the outcomes with numbers
        right-aligned, the figures, a cash bonus and the wager's own sections as tables, the
        assumptions and method in sentences, the exact fractions on request (a details element);
        ``command`` makes it again, ``others`` are (format, link) of the same sheet."""
        from odds.core.pages import CSS, render_page
        sections = []
        for key, value in self.extra.items():
            if key == "bonus" or (key.endswith("_decimal") and key[:-len("_decimal")] in self.extra):
                continue
            if key == "sensitivity":
                sections.append(sensitivity_table(value))
                continue
            table = _section_rows(value, False)
            title = (key[0].upper() + key[1:]).replace("_", " ")  # "split_wagers": "Split wagers"
            if table is not None:
                sections.append((title, table[0], table[1]))
            elif isinstance(value, dict):
                sections.append((title, ["", "value"],
                                 [[k, decimal_text(Fraction(v), 10) if isinstance(v, str) and EXACT_TEXT.fullmatch(v)
                                   else json.dumps(v)] for k, v in value.items()]))
        return render_page("sheet.html", title=f"odds: {self.title()}", css=CSS, sheet=self,
                           heading=f"house edge {decimal_text(self.house_edge * 100, 6)}%, exact "
                                   f"{fraction_text(self.house_edge)}" if len(fraction_text(self.house_edge)) < 60
                           else f"house edge {decimal_text(self.house_edge * 100, 6)}%",
                           counted=any(o.combinations is not None for o in self.outcomes),
                           bonuses=bonus_tables(self.extra.get("bonus", {})), sections=sections,
                           command=command, others=list(others))

    def render(self, fmt: str, fractions: bool = False) -> str:
        """The sheet as ``odds wager --format FMT`` prints it: ``table``, ``json``, ``csv``, ``md`` or ``html``."""
        if fmt == "html":
            return self.to_html()
        if fmt == "json":
            return json.dumps(self.to_json(), indent=1)
        if fmt == "csv":
            return self.to_csv().rstrip("\n")
        if fmt == "md":
            return self.to_markdown()
        return self.to_text(fractions=fractions)

    def to_csv(self) -> str:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        lab = self.lab
        header = ["outcome", "pays", "combinations", "probability", "decimal", "return", "return_decimal",
                  "pays_decimal", "one_in", "house_edge", "house_edge_decimal", "hit_frequency_decimal",
                  "variance_decimal", "std_dev", "volatility_index_90", "volatility_index_95", "max_win"]
        summary = [fraction_text(self.house_edge), repr(float(self.house_edge)), repr(float(self.hit_frequency)),
                   repr(float(self.variance)), repr(self.std_dev), repr(lab.volatility_index[90]),
                   repr(lab.volatility_index[95]), repr(float(lab.max_win))]
        bonus_keys = ("return_to_player_at_min_wager", "house_edge_at_min_wager", "max_win_at_min_wager")
        bonuses = {bid: b for bid, b in self.extra.get("bonus", {}).items()
                   if b.get("return_to_player_at_min_wager") is not None}
        # added columns, after the others: a cash bonus's figures at its minimum wager; with a target
        # edge, each paid outcome's pay that alone reaches it
        header += [f"bonus_{bid}_{k}" for bid in bonuses for k in bonus_keys]
        summary += [b[k] for b in bonuses.values() for k in bonus_keys]
        sensitivity = self.extra.get("sensitivity")
        header += ["pay_for_target"] if sensitivity else []
        w.writerow(header)
        for o in self.outcomes:
            w.writerow([o.name, fraction_text(o.pays), "" if o.combinations is None else o.combinations,
                        fraction_text(o.probability), repr(float(o.probability)), fraction_text(o.ret),
                        repr(float(o.ret)), repr(float(o.pays)), "" if o.one_in is None else repr(o.one_in),
                        *summary] + ([(sensitivity["outcomes"].get(o.name) or {}).get("pay_for_target") or ""]
                                     if sensitivity else []))
        return out.getvalue()
