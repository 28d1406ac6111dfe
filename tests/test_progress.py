"""Progress in a pipe: nothing for a short run; a long one says how long, once timed, and then a line
every few minutes (the clock is the test's)."""
from __future__ import annotations

import io

import pytest

from odds.core import progress


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    c = Clock()
    monkeypatch.setattr(progress.time, "monotonic", c)
    return c


def test_a_short_run_in_a_pipe_says_nothing(clock):
    out = io.StringIO()
    with progress.bar(100, "simulating buster", "round", file=out) as b:
        for _ in range(100):
            clock.now += 0.5  # 50 s in all
            b.update(1)
    assert out.getvalue() == ""


def test_a_long_run_in_a_pipe_gives_its_estimate_then_progress_lines(clock):
    out = io.StringIO()
    with progress.bar(10 ** 9, "simulating buster", "round", file=out) as b:
        clock.now += 1
        b.update(1024)  # too early to say
        assert out.getvalue() == ""
        clock.now += 5
        b.update(1024)  # 2,048 rounds in 6 s: 10^9 in about 34 days
        lines = out.getvalue().splitlines()
        assert lines == ["odds: simulating buster: this run will take about 33 d 21 h 48 min (estimated from its first "
                         "6 s: 2,048 of 1,000,000,000 rounds); a line every 10 min follows"]
        clock.now += 60
        b.update(1024)
        assert len(out.getvalue().splitlines()) == 1  # not yet ten minutes
        clock.now += progress.EVERY
        b.update(1024)
    last = out.getvalue().splitlines()[-1]
    assert len(out.getvalue().splitlines()) == 2 and last.startswith("odds: simulating buster: 0% done (4,096 of ")


def test_no_total_no_estimate(clock):
    out = io.StringIO()
    with progress.bar(None, "house edge", "game", file=out) as b:
        clock.now += 10 ** 6
        b.update(1)
    assert out.getvalue() == ""
