"""The two roads of a wager definition file held equal: the par sheet of its compilation into the
engines and the figures of the plain interpreter (odds.reference.defined), row by row with ``==``."""
from odds.wagers.paytables import builtin_paytables


def interpreter_matches(wager, shoe, rules, table, options):
    """Whether the rows that happen, and their chances, are the same both ways for the registered
    ``wager`` with its paytable ``table`` and ``options``."""
    pays = builtin_paytables(wager.name).tables[table]
    ours = wager.price(shoe, rules, pays, 1, options)
    figures = wager.reference(shoe, rules, pays, wager.build_options(options).keywords())
    expected = {o.name: o.probability for o in ours.outcomes if o.probability}
    return {k: p for k, p in figures.probabilities.items() if p} == expected
