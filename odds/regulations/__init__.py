"""The regulation texts the wagers come from, as published, and their paragraphs by citation.

Each text is kept as it was transcribed (typographical slips included: the certification report
quotes the regulation, it does not correct it). :func:`excerpt` finds a paragraph by its citation,
as the wagers (``Wager.regulation``) and the paytable files (``citation``) write it:

>>> e = excerpt("9 NYCRR 5324.11(p)(5), Pay table C")
>>> e.source, e.lines[0][:60]
('ny-5324-11-blackjack.txt', '(5) All winning 21+3 wagers shall be paid at no less than th')
>>> excerpt("9 NYCRR 5324.11(i)").lines[0]
'(i) Match the dealer wager. The gaming facility may provide a match the dealer wager as an additional wager.'
>>> [e.lines[0][:3] for e in excerpts("9 NYCRR 5324.11(o)(5) and (o)(6)")]
['(5)', '(6)']
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Optional, Sequence

from odds.core.errors import OddsError


class CitationError(OddsError):
    """A citation that names no text shipped with odds, or no paragraph of it."""


# (how a citation starts, the file, the line that ends the regulation's text)
DOCUMENTS = (
    ("9 NYCRR 5324.11", "ny-5324-11-blackjack.txt", r"^N\.Y\. Comp\. Codes R\. & Regs\. Tit\. 9"),
    ("58 Pa. Code 633c.13", "pa-633c13-buster-blackjack.txt", None),
    ("58 Pa. Code 633b.16", "pa-633b16-ez-bust-blackjack.txt", r"^Notes$"),
    ("58 Pa. Code 633a.12", "pa-633a12-blackjack-variations.txt", None),
    ("Blackjack Burnout procedures", "blackjack-burnout-procedures.txt", r"^Blackjack Burnout$"),
)

_MARKER = re.compile(r"^\s*\(([0-9]+|[a-z]+|[IVX]+)\)")
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")


@dataclass(frozen=True)
class Excerpt:
    """Lines ``start`` to ``end`` (exclusive) of a regulation text; ``lines`` are the non-blank ones."""

    citation: str
    source: str
    start: int
    end: int
    lines: tuple[str, ...]
    numbers: tuple[int, ...]  # the line number (from 0) of each of ``lines``


@lru_cache(maxsize=None)
def document_lines(source: str) -> tuple[str, ...]:
    """The text of a shipped regulation file, line by line."""
    return tuple(resources.files(__name__).joinpath(source).read_text(encoding="utf-8").splitlines())


def _marker(line: str) -> Optional[str]:
    m = _MARKER.match(line)
    return m.group(1) if m else None


def _kind(token: str) -> str:
    return "number" if token.isdigit() else "roman" if token in _ROMAN else "letter"


def _next_marker(lines: Sequence[str], i: int, end: int) -> Optional[str]:
    for j in range(i + 1, end):
        token = _marker(lines[j])
        if token is not None:
            return token
    return None


def _is_subdivision(lines: Sequence[str], i: int, end: int) -> bool:
    """A top-level subdivision "(x) Title ..." (a letter, then a capital or a digit), followed by its first
    paragraph "(1)", by the next letter, or by nothing; a clause "(i)" is followed by "(ii)"."""
    m = re.match(r"^\(([a-z])\)\s*[A-Z0-9]", lines[i])
    if not m:
        return False
    after = _next_marker(lines, i, end)
    return after in (None, "1", chr(ord(m.group(1)) + 1))


def _find(lines: Sequence[str], token: str, start: int, end: int, top: bool) -> tuple[int, int]:
    """The range of the paragraph ``(token)`` within lines ``start:end``; ``top``: a lettered
    subdivision, which runs to the next subdivision (its clauses (i), (ii) ... are not
    subdivisions); a deeper paragraph runs to the next marker of its kind."""
    kind = _kind(token)
    for i in range(start, end):
        if _marker(lines[i]) != token:
            continue
        if top:
            if not _is_subdivision(lines, i, end):
                continue
            return i, next((j for j in range(i + 1, end) if _is_subdivision(lines, j, end)), end)
        return i, next((j for j in range(i + 1, end)
                        if (m := _marker(lines[j])) is not None and _kind(m) == kind), end)
    raise CitationError(f"paragraph ({token}) not found")


def _document(citation: str) -> tuple[str, str, Optional[str]]:
    for prefix, source, ending in DOCUMENTS:
        if citation.startswith(prefix):
            return prefix, source, ending
    known = ", ".join(p for p, _, _ in DOCUMENTS)
    raise CitationError(f"no regulation text for {citation!r} (texts shipped: {known})")


def excerpts(citation: str) -> list[Excerpt]:
    """Every paragraph a citation names: ``"9 NYCRR 5324.11(o)(5) and (o)(6)"`` names two.
    Words after a comma (", Pay table A") name a column, not a paragraph, and are left out,
    except in the Burnout procedures, whose sections are named ("Bonus Wager (7)")."""
    prefix, source, ending = _document(citation)
    lines = document_lines(source)
    end = next((i for i, line in enumerate(lines) if ending and re.match(ending, line)), len(lines))
    rest = citation[len(prefix):]
    section_start = 0
    if rest.startswith(","):
        words = rest[1:].strip()
        heading = re.sub(r"\s*\(.*$", "", words)
        found = next((i for i, line in enumerate(lines[:end]) if line.strip() == heading), None)
        if found is None:
            raise CitationError(f"{citation}: no section {heading!r} in {source}")
        section_start = found
        rest = words[len(heading):]
    rest = rest.split(",")[0]
    out = []
    for part in rest.split(" and ") if rest.strip() else [""]:
        tokens = re.findall(r"\(([0-9a-zA-Z]+)\)", part)
        a, b = section_start, end
        try:
            for depth, token in enumerate(tokens):
                top = depth == 0 and not section_start and len(token) == 1 and token.islower()
                a, b = _find(lines, token, a, b, top)
        except CitationError as exc:
            raise CitationError(f"{citation}: {exc} in {source}") from None
        numbers = tuple(i for i in range(a, b) if lines[i].strip())
        out.append(Excerpt(citation, source, a, b, tuple(lines[i].strip() for i in numbers), numbers))
    return out


def excerpt(citation: str) -> Excerpt:
    """The one paragraph a citation names (the first, when it names more)."""
    return excerpts(citation)[0]
