"""A Ctrl-C while a plot is drawn stops the book between plots, never inside matplotlib: there a
KeyboardInterrupt raised in a text measurement comes out of matplotlib's compiled transform as a
TypeError, and tight_layout measures the label again at its whole width, so a book written after
the interrupt had a plot laid out differently."""
import os
import signal
from fractions import Fraction
from types import SimpleNamespace

import pytest
from matplotlib.figure import Figure

from odds.apps import report_plots
from odds.apps.book_plan import plan


def test_an_interrupt_inside_tight_layout_waits_for_the_plot(monkeypatch, python_interrupts):
    finished = []
    layout = Figure.tight_layout

    def interrupted(self, *args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)
        layout(self, *args, **kwargs)
        finished.append(self.subplotpars.wspace)

    monkeypatch.setattr(Figure, "tight_layout", interrupted)
    items = plan(["bust-it"], [1])
    with pytest.raises(KeyboardInterrupt):
        report_plots.draw_plots(items, {i: SimpleNamespace(house_edge=Fraction(0), extra={}) for i in items})
    assert len(finished) == 1  # the first plot laid out whole, then the interrupt
