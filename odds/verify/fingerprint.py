"""What identifies the code a report was computed with: the SHA-256 of the package's sources (the
Python modules, the paytable files and the regulation texts) and of each compiled kernel, and a
report identifier derived from the report's input hash and those digests.

>>> hashes = code_hashes()
>>> hashes[0][0], len(hashes[0][1])
('odds sources (Python, paytables, regulation texts, page templates)', 64)
>>> report_id("0" * 64)[:5]
'ODDS-'
"""
from __future__ import annotations

import functools
import hashlib
import shutil
import subprocess
from pathlib import Path
from typing import Optional

SOURCES = (".py", ".toml", ".txt", ".html")  # .html: the page templates
KERNELS = (".so", ".pyd")


@functools.lru_cache(maxsize=None)
def code_hashes() -> tuple[tuple[str, str], ...]:
    """``(what, SHA-256)``: the installed package's sources as one digest (each file's path and bytes,
    in path order), then each compiled kernel's file."""
    root = Path(__file__).resolve().parent.parent
    files = sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    sources = hashlib.sha256()
    for path in (p for p in files if p.suffix in SOURCES):
        sources.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    out = [("odds sources (Python, paytables, regulation texts, page templates)", sources.hexdigest())]
    for path in (p for p in files if p.suffix in KERNELS):
        out.append((f"kernel {path.name.split('.')[0]}", hashlib.sha256(path.read_bytes()).hexdigest()))
    return tuple(out)


def report_id(input_hash: str) -> str:
    """``ODDS-XXXX-XXXX-XXXX``: the first 48 bits of the SHA-256 of the input hash and the code's
    digests, so that the same inputs computed by the same code have the same identifier."""
    digest = hashlib.sha256((input_hash + "".join(h for _, h in code_hashes())).encode()).hexdigest()[:12]
    return "ODDS-" + "-".join(digest[i:i + 4].upper() for i in range(0, 12, 4))


def pdf_renderer() -> Optional[str]:
    """The path of the headless browser that prints PDFs (Chromium), or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def pdf_renderer_version() -> Optional[str]:
    """What the PDF renderer says of its version (``Chromium 156.0...``), or None without one."""
    path = pdf_renderer()
    if path is None:
        return None
    try:
        done = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() or None
