"""Programs outside Python that some tests use where they are installed (Chromium prints the
certification's PDF, poppler's pdftotext reads it back). A test that needs one is marked ``tools``
and skips, naming the package to install, where it is absent; what odds does without the program
is tested by hiding it inside the test, on every machine. CI runs the ``tools`` tests a second time
with the programs hidden from PATH (``.ci/run``)."""
import shutil

import pytest

PACKAGES = {"chromium": "chromium", "pdftotext": "poppler-utils"}


def require(program: str) -> str:
    """The path of ``program``, or skip the test saying which package provides it."""
    from odds.verify.fingerprint import pdf_renderer

    path = pdf_renderer() if program == "chromium" else shutil.which(program)
    if path is None:
        pytest.skip(f"{program} is not installed here (Debian: apt-get install {PACKAGES[program]})")
    return path


def hide(monkeypatch: pytest.MonkeyPatch, *programs: str) -> None:
    """Make ``programs`` absent for the rest of the test, whether or not the machine has them."""
    found = shutil.which
    hidden = set(programs) | ({"chromium-browser"} if "chromium" in programs else set())
    monkeypatch.setattr(shutil, "which", lambda name, *a, **k: None if name in hidden else found(name, *a, **k))
