"""Progress bars for long runs: a bar with the time left on standard error when it is a terminal,
nothing at all otherwise (a pipe, a log file, a test, a notebook).

>>> with bar(3, "demo") as b:
...     b.update(3)
"""
from __future__ import annotations

import shutil
import sys
from typing import Optional, TextIO

from tqdm import tqdm


def bar(total: Optional[int], desc: str, unit: str = "it", file: Optional[TextIO] = None) -> tqdm:
    """A progress bar of ``total`` steps (None: unknown) on ``file`` (standard error by default),
    shown only when that is a terminal, and cleared when done."""
    stream = sys.stderr if file is None else file
    size = shutil.get_terminal_size((80, 24))  # a terminal that gives no size: 80 by 24
    return tqdm(total=total, desc=desc, unit=unit, file=stream, disable=not stream.isatty(),
                leave=False, ncols=min(size.columns or 80, 120), nrows=size.lines or 24, mininterval=0.5)
