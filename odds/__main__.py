import sys

from odds.apps.cli import main

sys.exit(main())
