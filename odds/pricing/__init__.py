"""The machinery every wager is priced with, below the wager families and their registry: the
record of a wager (:mod:`~odds.pricing.record`), the par sheet (:mod:`~odds.pricing.parsheet`)
and its lab figures (:mod:`~odds.pricing.volatility`), paytables, the first-cards base and closed
forms, the return of a shoe as it stands, solving for an edge, a record priced for any shoe state.
Nothing here looks a wager up by name: it takes a record.
"""
