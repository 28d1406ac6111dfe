"""The tests check the installed package (with its compiled kernels), never the bare sources in
this checkout: ``python -m pytest`` puts the current directory first on sys.path, so it is taken
off again here, before any test imports odds. It also holds the fixtures several test files share."""
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or os.getcwd()).resolve() != ROOT]


@pytest.fixture
def terminal_interrupts():
    """A ``preexec_fn`` that gives a child process the interrupt a terminal's Ctrl-C brings, even
    when these tests run where it is ignored (a job started in the background inherits SIGINT
    ignored)."""
    import signal

    def restore() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    return restore


@pytest.fixture
def python_interrupts():
    """Ctrl-C raises KeyboardInterrupt in this process for the test, as in a terminal, even when
    pytest was started with SIGINT ignored (a background job, ``nohup``, some CI runners); the
    handler it found is put back after."""
    import signal

    found = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, found)
