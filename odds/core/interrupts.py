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


@contextlib.contextmanager
def interrupts_deferred() -> Iterator[None]:
    """An interrupt that arrives in the block takes effect as the block ends, not inside it: for
    code that turns an exception raised in the middle of it into another result (matplotlib measures
    a label again at its whole width when a Ctrl-C lands in a text measurement). Off the main
    thread, or where the interrupt is ignored, it does nothing.

    >>> with interrupts_deferred():
    ...     signal.getsignal(signal.SIGINT) is signal.default_int_handler
    False
    """
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or not callable(previous):
        yield
        return
    arrived: list = []
    signal.signal(signal.SIGINT, lambda signum, frame: arrived.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if arrived:
        previous(signal.SIGINT, arrived[0])
