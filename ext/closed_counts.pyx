# cython: language_level=3
"""Closed-form counts of three-card 21+3 deals for a shoe by rank and suit.

Counts are unordered three-card combinations, by the hands odds.wagers.first_cards_closed
assembles; every term fits in 64 bits for any shoe of up to a thousand decks.
"""


def count_21_plus_3(counts):
    """From 52 counts, rank major (``counts[4 * r + s]``), ranks A 2 .. K: the combinations that
    are suited trips, trips, a straight flush, a straight, a flush holding a pair, a flush of
    three ranks and a pair, each counting every deal that makes it (before the better hands are
    taken out), as a tuple of Python integers."""
    cdef long long c[52]
    cdef long long rank[13]
    cdef long long suit[4]
    cdef long long n, total = 0, suited_trips = 0, straight_flush = 0, straight = 0
    cdef long long flush_pair = 0, flush_distinct = 0, pair = 0, trips = 0, e1, e2, e3
    cdef int i, r, s, a, b, d
    if len(counts) != 52:
        raise ValueError("need 52 counts by rank and suit")
    for i in range(13):
        rank[i] = 0
    for i in range(4):
        suit[i] = 0
    for i in range(52):
        n = counts[i]
        if n < 0:
            raise ValueError("a count is negative")
        c[i] = n
        rank[i // 4] += n
        suit[i % 4] += n
        total += n
        suited_trips += n * (n - 1) * (n - 2) // 6
    for a in range(12):  # runs A-2-3 .. J-Q-K, then Q-K-A
        b, d = (a + 1, a + 2) if a < 11 else (12, 0)
        straight += rank[a] * rank[b] * rank[d]
        for s in range(4):
            straight_flush += c[4 * a + s] * c[4 * b + s] * c[4 * d + s]
    for s in range(4):
        e1 = e2 = e3 = 0
        for r in range(13):
            n = c[4 * r + s]
            flush_pair += n * (n - 1) // 2 * (suit[s] - n)
            e3 += e2 * n
            e2 += e1 * n
            e1 += n
        flush_distinct += e3
    for r in range(13):
        n = rank[r]
        pair += n * (n - 1) // 2 * (total - n)
        trips += n * (n - 1) * (n - 2) // 6
    return suited_trips, trips, straight_flush, straight, flush_pair, flush_distinct, pair
