"""A filing: one certification report over every configuration of a submission (deck counts, and
the dealer's rules where the wager's figures depend on them), one wager and one paytable, with one
identifier from the filing's inputs and the code.

Each configuration is certified as :func:`odds.verify.certify.certify` certifies it alone; the
filing's hash is the SHA-256 of the list of their canonical inputs, in order.

>>> f = certify_filing("bet-the-set-21", (1, 2), ("S17", "H17"), paytable="F", any_decks=True, rounds=2000)
>>> [r.inputs.decks for r in f.reports], f.agrees, f.report_id[:5]
([1, 2], True, 'ODDS-')
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Optional, Sequence, Union

from odds.core.errors import WagerError

from .certify import DEFAULT_ROUNDS, DEFAULT_SEED, Report, certify, find_wager
from .fingerprint import report_id


@dataclass(frozen=True)
class Filing:
    """The reports of a submission's configurations, in order, under one identifier."""

    reports: tuple[Report, ...]
    filing_hash: str
    report_id: str
    rounds: Union[int, str]  # as given: a number, or "auto" (each configuration's own)
    signoff: tuple[tuple[str, str], ...] = ()
    pdf: bool = False

    @property
    def agrees(self) -> bool:
        return all(r.agrees for r in self.reports)

    @property
    def first(self) -> Report:
        return self.reports[0]

    def canonical_json(self) -> str:
        """What the filing hash is taken of: each configuration's canonical inputs, in order."""
        return _canonical(self.reports)

    def configurations(self) -> str:
        """``6 and 8 decks; S17 and H17`` as given."""
        decks = sorted({r.inputs.decks for r in self.reports})
        rules = list(dict.fromkeys(r.inputs.rules.name for r in self.reports if r.inputs.dealer_rule_matters))
        return (" and ".join(map(str, decks)) + f" deck{'s' if decks != [1] else ''}"
                + (f"; {' and '.join(rules)}" if rules else ""))

    def command(self) -> str:
        """The command that makes this filing again: the first configuration's, with every deck
        count and rule, and the rounds as given."""
        decks = ",".join(dict.fromkeys(str(r.inputs.decks) for r in self.reports))
        rules = ",".join(dict.fromkeys(r.inputs.rules.name for r in self.reports))
        line = self.first.inputs.command(self.signoff, self.pdf)
        line = re.sub(r"--decks \S+", f"--decks {decks}", line, count=1)
        line = re.sub(r"--rule \S+", f"--rule {rules}", line, count=1)
        return re.sub(r"--rounds \S+", f"--rounds {self.rounds}", line, count=1)


def certify_filing(name: Optional[str], decks: Sequence[int], rules: Sequence[str] = ("S17",),
                   paytable: Optional[str] = None, paytable_file: Union[str, Path, None] = None,
                   any_decks: bool = False, peek: bool = True, options: Optional[Mapping] = None,
                   rounds: Union[int, str] = DEFAULT_ROUNDS, seed: int = DEFAULT_SEED,
                   wager_file: Union[str, Path, None] = None) -> Filing:
    """Certify every configuration: each deck count of ``decks`` under each rule of ``rules`` (one
    rule for a wager the first cards decide, whose figures no rule changes)."""
    decks, rules = list(dict.fromkeys(decks)), list(dict.fromkeys(str(r).upper() for r in rules))
    if not decks or not rules:
        raise WagerError("a filing needs at least one deck count and one rule")
    wager = find_wager(name, wager_file)
    if not wager.dealer_rule_matters:
        rules = rules[:1]
    reports = tuple(certify(wager.name, d, r, paytable, paytable_file, any_decks, peek, options, rounds, seed,
                            wager_file=wager_file)
                    for d in decks for r in rules)
    digest = hashlib.sha256(_canonical(reports).encode("ascii")).hexdigest()
    return Filing(reports, digest, report_id(digest), rounds)


def _canonical(reports: Sequence[Report]) -> str:
    return json.dumps([r.inputs.canonical() for r in reports], sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True)
