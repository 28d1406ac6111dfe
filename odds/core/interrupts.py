"""Ctrl-C with worker processes. A terminal sends the interrupt to every process of its group, so
each worker would stop with a traceback of its own, or (a process pool catching it in its task)
go on to the next task while the command waits. Workers started inside
:func:`workers_ignore_interrupts` (a pool's: :func:`worker_pool`) leave the interrupt to the
command, which ends them as it stops.

>>> import signal
>>> before = signal.getsignal(signal.SIGINT)
>>> with workers_ignore_interrupts():
...     signal.getsignal(signal.SIGINT) is signal.SIG_IGN
True
>>> signal.getsignal(signal.SIGINT) is before
True
"""
from __future__ import annotations

import contextlib
import multiprocessing
import os
import multiprocessing.pool
import signal
import threading
from typing import Iterator, Optional


WORKERS_PER_CORE = 4  # the most worker processes a command starts, per core of the machine


def max_workers() -> int:
    """The most worker processes any command starts: :data:`WORKERS_PER_CORE` a core (more only
    take memory: each holds its own tables).

    >>> max_workers() == WORKERS_PER_CORE * (os.cpu_count() or 1)
    True
    """
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


@contextlib.contextmanager
def workers_ignore_interrupts() -> Iterator[None]:
    """Processes started in the block (forked or spawned) ignore an interrupt; this one's handler
    is as it was after the block. Off the main thread, where signals cannot be set, it does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def worker_pool(processes: int, method: Optional[str] = None) -> multiprocessing.pool.Pool:
    """A ``multiprocessing`` pool of ``processes`` workers (started by ``method``: fork, spawn, or
    the platform's default) that ignore an interrupt. Use it as a context manager: leaving the
    block, even on Ctrl-C or an error, ends the workers at once."""
    with workers_ignore_interrupts():
        return multiprocessing.get_context(method).Pool(processes)
