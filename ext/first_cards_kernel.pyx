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
