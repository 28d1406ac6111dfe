import sys

from odds.apps.launch import run

sys.exit(run())
