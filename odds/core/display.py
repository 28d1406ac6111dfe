"""How results show in a notebook: an HTML table for Jupyter's ``_repr_html_``, and a pandas
DataFrame for ``to_frame()`` (pandas is optional: ``pip install 'odds[frame]'``).

>>> print(html_table(["a", "b"], [[1, "x<y"]]))
<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>x&lt;y</td></tr></tbody></table>
"""
from __future__ import annotations

import importlib
from html import escape
from typing import Any, Collection, Sequence

from .errors import OddsError

_RIGHT = ' style="text-align:right"'


def html_table(header: Sequence[str], rows: Sequence[Sequence[Any]], caption: str = "",
               right: Collection[int] = ()) -> str:
    """A plain HTML table, every cell escaped; the columns numbered in ``right`` right-aligned (numbers).

    >>> html_table(["x", "p"], [["bust", 0.5]], right=[1])
    '<table><thead><tr><th>x</th><th>p</th></tr></thead><tbody><tr><td>bust</td><td style="text-align:right">0.5</td></tr></tbody></table>'
    """
    head = "".join(f"<th>{escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f'<td{_RIGHT if i in right else ""}>{escape(str(c))}</td>'
                                     for i, c in enumerate(row)) + "</tr>" for row in rows)
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def data_frame(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> Any:
    """A pandas DataFrame of ``rows``; an :class:`~odds.core.errors.OddsError` saying how to install
    pandas when it is missing."""
    try:
        pandas = importlib.import_module("pandas")  # optional, and untyped
    except ImportError:
        raise OddsError("to_frame() needs pandas: pip install pandas (or 'odds[frame]')") from None
    return pandas.DataFrame([list(r) for r in rows], columns=list(columns))
