"""The engines: the Python side of the compiled kernels (dealer, first cards, split hands), the
player engine, the round's outcome law, the total-dependent strategy, and the cache of slow results."""
