# cython: language_level=3
"""First-cards kernel: count the ordered ways to deal k cards from a shoe, by outcome.

Cards are grouped into classes (a wager looks only at what tells its outcomes apart: for
super sevens, the suit of a seven and nothing else). For ``counts[c]`` cards of class ``c``, the
ordered k-tuples of classes are visited in lexicographic order; tuple number ``t`` (in base
``nclasses``) has outcome ``table[t]`` and ``counts[c1] * (counts[c2] - [c2 == c1]) * ...``
ordered deals.
"""
from libc.stdlib cimport calloc, free

from int128 cimport to_int, u128


cdef void _visit(int depth, int k, int nclasses, long long* counts, const int* table,
                 long long index, u128 weight, u128* out) noexcept nogil:
    cdef int c
    cdef long long n
    if depth == k:
        out[table[index]] += weight
        return
    for c in range(nclasses):
        n = counts[c]
        if n <= 0:
            continue
        counts[c] = n - 1
        _visit(depth + 1, k, nclasses, counts, table, index * nclasses + c, weight * <u128> n, out)
        counts[c] = n


def count_deals(counts, int k, const int[::1] table, int noutcomes):
    """Ordered deals of ``k`` cards by outcome, as Python integers."""
    cdef int nclasses = len(counts), i
    cdef long long* c = <long long*> calloc(nclasses if nclasses else 1, sizeof(long long))
    cdef u128* out = <u128*> calloc(noutcomes if noutcomes else 1, sizeof(u128))
    if c == NULL or out == NULL:
        free(c)
        free(out)
        raise MemoryError()
    if table.shape[0] != nclasses ** k:
        free(c)
        free(out)
        raise ValueError("the outcome table must have nclasses ** k entries")
    for i in range(nclasses):
        c[i] = counts[i]
    with nogil:
        _visit(0, k, nclasses, c, &table[0], 0, 1, out)
    result = [to_int(out[i]) for i in range(noutcomes)]
    free(c)
    free(out)
    return result


cdef double _visit_pay(int depth, int k, int nclasses, long long* counts, const int* table, long long index,
                       double weight, const double* pay) noexcept nogil:
    cdef int c
    cdef long long n
    cdef double s = 0.0
    if depth == k:
        return weight * pay[table[index]]
    for c in range(nclasses):
        n = counts[c]
        if n <= 0:
            continue
        counts[c] = n - 1
        s += _visit_pay(depth + 1, k, nclasses, counts, table, index * nclasses + c, weight * <double> n, pay)
        counts[c] = n
    return s


def expected_pay(cards, const int[::1] class_of, int nclasses, int k, const int[::1] table,
                 const double[::1] pay):
    """The mean pay of a deal of ``k`` cards from the shoe ``cards`` (52 counts by rank and suit,
    rank major; ``class_of[i]`` the class of card ``i``), ``pay[outcome]`` for the outcome
    ``table`` gives each ordered tuple of classes: the sum over ordered deals of their pay, over
    the number of ordered deals. In doubles; a shoe of fewer than ``k`` cards raises ValueError."""
    cdef long long c[64]
    cdef long long total = 0, n
    cdef int i
    cdef double deals = 1.0, s
    if nclasses > 64 or class_of.shape[0] != 52 or table.shape[0] != nclasses ** k:
        raise ValueError("expected_pay: at most 64 classes, 52 cards, nclasses ** k outcomes")
    for i in range(nclasses):
        c[i] = 0
    i = 0
    for n in cards:
        if i >= 52:
            raise ValueError("expected_pay: 52 counts by rank and suit")
        c[class_of[i]] += n
        total += n
        i += 1
    if i != 52:
        raise ValueError("expected_pay: 52 counts by rank and suit")
    if total < k:
        raise ValueError(f"a deal of {k} cards from {total}")
    for i in range(k):
        deals *= <double> (total - i)
    with nogil:
        s = _visit_pay(0, k, nclasses, c, &table[0], 0, 1.0, &pay[0])
    return s / deals
