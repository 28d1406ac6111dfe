"""The defaults of a certification's confirmation by dealt rounds (``odds certify --rounds``,
``--seed``), apart from :mod:`odds.verify.certify` so that the command line reads them without
loading it.

>>> AUTO, DEFAULT_ROUNDS <= AUTO_CAP
('auto', True)
"""

DEFAULT_ROUNDS = 200_000  # the fewest rounds of an automatic confirmation, and a round wager's
AUTO = "auto"  # rounds: enough to expect ten hits of the rarest paid outcome, DEFAULT_ROUNDS to AUTO_CAP
AUTO_CAP = 5_000_000  # the most rounds an automatic confirmation deals (about a minute)
DEFAULT_SEED = 1
