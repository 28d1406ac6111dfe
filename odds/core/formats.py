"""Shared output helpers: exact fractions as ``"p/q"`` strings, decimals, and plain text tables.

>>> fraction_text(Fraction(2, 4)), fraction_text(Fraction(0)), fraction_text(Fraction(1))
('1/2', '0', '1')
>>> print(text_table(["a", "bb"], [["1", "22"], ["333", "4"]]))
a    bb
---  --
1    22
333  4
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Sequence, SupportsFloat, Union


def fraction_text(p: Union[Fraction, int, float]) -> str:
    """An exact probability as ``"p/q"`` in lowest terms, ``"0"`` and ``"1"`` as they are.

    A float (float mode) is written with ``repr`` so that it reads back exactly.
    """
    if isinstance(p, float):
        return repr(p)
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def decimal_text(p: SupportsFloat, places: int = 6) -> str:
    """A number as a decimal with ``places`` digits after the point.

    >>> decimal_text(Fraction(1, 3), 4)
    '0.3333'
    """
    return f"{float(p):.{places}f}"


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[int] = ()) -> str:
    """A column-aligned table; columns whose index is in ``right`` are right-aligned."""
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]

    def line(cells: Sequence[object]) -> str:
        out = [str(c).rjust(w) if i in right else str(c).ljust(w) for i, (c, w) in enumerate(zip(cells, widths))]
        return "  ".join(out).rstrip()

    return "\n".join([line(header), line(["-" * w for w in widths])] + [line(r) for r in rows])


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """The lines of a Markdown table.

    >>> markdown_table(["a", "b"], [["1", "2"]])
    ['| a | b |', '|---|---|', '| 1 | 2 |']
    """
    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + ["| " + " | ".join(r) + " |" for r in rows]


_MARKDOWN = re.compile(r"([\\`\[\]<>#|~])")


def markdown_text(text: str) -> str:
    """``text`` (a file name a user chose, say) as Markdown prints it: its punctuation escaped,
    control characters shown as escapes. An emphasis mark (``*`` or ``_``) is escaped where the
    text holds two of it, or begins with it: a lone one cannot open emphasis, and prints as it is.

    >>> markdown_text("a|b*_`x*.toml"), markdown_text("'Jackpot*' has no footnote")
    ('a\\\\|b\\\\*_\\\\`x\\\\*.toml', "'Jackpot*' has no footnote")
    """
    shown = _MARKDOWN.sub(r"\\\1", "".join(c if c.isprintable() else repr(c)[1:-1] for c in text))
    for mark in "*_":
        if shown.count(mark) > 1 or shown.startswith(mark):
            shown = shown.replace(mark, "\\" + mark)
    return shown
