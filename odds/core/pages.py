"""HTML pages from templates (Jinja2, autoescaped): every page ``odds`` writes (a par sheet, a
certification report, a comparison) starts from ``templates/page.html``.

>>> page = render_page("page.html", title="a <title>", css="", body="<p>body</p>")
>>> "<title>a &lt;title&gt;</title>" in page, "<p>body</p>" in page
(True, True)
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from .formats import decimal_text, fraction_text


@lru_cache(maxsize=None)
def _environment() -> Any:
    import jinja2
    env = jinja2.Environment(loader=jinja2.PackageLoader("odds.core", "templates"), autoescape=True,
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True, trim_blocks=True)
    env.filters.update({"exact": _exact, "decimal": _decimal, "percent": _percent})
    return env


def _exact(x: Any) -> str:
    return fraction_text(Fraction(x))


def _decimal(x: Any, places: int = 10) -> str:
    return decimal_text(Fraction(x), places)


def _percent(x: Any, places: int = 6) -> str:
    return decimal_text(Fraction(x) * 100, places) + "%"


CSS = """
body { font-family: "DejaVu Sans", sans-serif; max-width: 60em; margin: 2em auto; padding: 0 1em; color: #111;
       line-height: 1.4; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; } h2 { font-size: 1.15em; border-bottom: 1px solid #999; margin-top: 1.6em; }
.sub { color: #444; margin-top: 0; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
td.num { text-align: right; font-family: "DejaVu Sans Mono", monospace; white-space: nowrap; }
table.exact td { font-family: "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
details { margin: 0.4em 0; } summary { color: #245; cursor: pointer; }
pre { white-space: pre-wrap; background: #f6f6f6; padding: 0.5em; }
.warn { color: #8a4b00; }
"""


def render_page(template: str, **context: Any) -> str:
    """The template ``template`` (a file of ``odds/core/templates``) filled with ``context``."""
    return str(_environment().get_template(template).render(**context))
