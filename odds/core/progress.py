"""Progress for long runs: a bar with the time left on standard error when it is a terminal; in a
pipe or a log, nothing for a short run and, for a run that will take longer than
:data:`LONG_RUN` seconds, one line with the estimate once it is known (after the first
:data:`CALIBRATE` seconds of the run) and a line every :data:`EVERY` seconds after it.

>>> with bar(3, "demo") as b:
...     b.update(3)
>>> print(duration(3 * 3600 + 20 * 60), duration(95), duration(4))
3 h 20 min 1 min 35 s 4 s
"""
from __future__ import annotations

import io
import multiprocessing
import shutil
import sys
import time
from typing import Any, Optional, TextIO

from tqdm import tqdm

CALIBRATE = 5.0  # seconds of a run timed before its length is estimated (in a pipe)
LONG_RUN = 180.0  # seconds: a run (or a sweep, before it goes on) estimated to take longer says so
EVERY = 600.0  # seconds between progress lines in a pipe, once a run is known to be long


def duration(seconds: float) -> str:
    """``seconds`` as a person reads them: ``3 h 20 min``, ``1 min 35 s``, ``4 s``."""
    s = max(0, round(seconds))
    if s >= 3600:
        days, rest = divmod(s // 60, 24 * 60)
        hours, minutes = divmod(rest, 60)
        return (f"{days:,} d " if days else "") + f"{hours} h {minutes} min"
    if s >= 60:
        return f"{s // 60} min" + (f" {s % 60} s" if s % 60 else "")
    return f"{s} s"


class Progress(tqdm):
    """A tqdm bar that, disabled because its stream is no terminal, still times the run and
    writes the long run's estimate and progress lines (on the same stream)."""

    def __init__(self, *, total: Optional[int], desc: str, unit: str, stream: TextIO, **kwargs: Any) -> None:
        super().__init__(total=total, desc=desc, unit=unit, file=stream, **kwargs)
        self.stream, self.started = stream, time.monotonic()
        self.done: float = 0
        self.steps, self.name, self.count = unit, desc, total  # tqdm keeps none of them when disabled
        self.said: Optional[float] = None  # when the last line was written
        self.long = False

    def update(self, n: Optional[float] = 1) -> Optional[bool]:
        if not self.disable:
            return super().update(n)
        self.done += 1 if n is None else n
        self._tell(time.monotonic())
        return None

    def more(self, n: int) -> None:
        """``n`` steps more than the total first given (work found on the way)."""
        if self.count is not None:
            self.count += n
            if not self.disable:
                self.total = self.count
                self.refresh()

    def _tell(self, now: float) -> None:
        elapsed = now - self.started
        if self.count is None or not self.done or elapsed < CALIBRATE:
            return
        left = elapsed * (self.count - self.done) / self.done
        if self.said is None:
            self.said = now
            if elapsed + left > LONG_RUN:
                self.long = True
                self._line(f"this run will take about {duration(elapsed + left)} (estimated from its first "
                           f"{duration(elapsed)}: {self.done:,} of {self.count:,} {self.steps}s); a line every "
                           f"{duration(EVERY)} follows")
        elif self.long and now - self.said >= EVERY:
            self.said = now
            self._line(f"{100 * self.done / self.count:.0f}% done ({self.done:,} of {self.count:,} {self.steps}s), "
                       f"about {duration(left)} left")

    def _line(self, text: str) -> None:
        self.stream.write(f"odds: {self.name}: {text}\n")
        self.stream.flush()


def bar(total: Optional[int], desc: str, unit: str = "it", file: Optional[TextIO] = None) -> Progress:
    """A progress bar of ``total`` steps (None: unknown) on ``file`` (standard error by default),
    shown only when that is a terminal, and cleared when done; elsewhere the lines of a long run
    (:class:`Progress`). A worker process (of a pool) shows nothing: its parent shows the run's."""
    stream = sys.stderr if file is None else file
    if multiprocessing.parent_process() is not None:
        stream = io.StringIO()
    size = shutil.get_terminal_size((80, 24))  # a terminal that gives no size: 80 by 24
    return Progress(total=total, desc=desc, unit=unit, stream=stream, disable=not stream.isatty(),
                    leave=False, ncols=min(size.columns or 80, 120), nrows=size.lines or 24, mininterval=0.5)
