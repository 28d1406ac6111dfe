"""The tests check the installed package (with its compiled kernels), never the bare sources in
this checkout: ``python -m pytest`` puts the current directory first on sys.path, so it is taken
off again here, before any test imports odds."""
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or os.getcwd()).resolve() != ROOT]
