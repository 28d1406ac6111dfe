"""The command line's entry point: ``odds`` and ``python -m odds`` start here.

The command line's modules take a few tenths of a second to import; a Ctrl-C in that time is
one line and status 130, as it is once a command runs (:func:`odds.apps.cli.main`), not a
traceback of the imports.
"""
from __future__ import annotations

import sys


def run() -> int:
    """Import the command line and run it on ``sys.argv``; its exit status."""
    try:
        from odds.apps.cli import main
    except KeyboardInterrupt:
        print("odds: interrupted", file=sys.stderr)
        return 130
    return main()
