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
from shoe_counts cimport read_counts, read_state_row


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


cdef double _visit_pay(int depth, int k, int alike, int nclasses, long long* counts, double* have,
                       const double* pays, long long index, int prev, int run) noexcept nogil:
    """The sum over the ordered deals of the positions ``depth`` .. ``k - 1`` from ``counts`` (and
    the same as doubles, ``have``) of their number times their pay; the last position is one pass
    over the row of pays, in four sums side by side. The first ``alike`` positions are
    interchangeable (their pays do not depend on their order): they are visited in nondecreasing
    order of class, each multiset of them once, weighted by its number of orders, which grows by
    ``(depth + 1) / r`` as a card that makes ``r`` of its class is added (``prev``: the class of
    the last of them, ``run``: how many of it so far)."""
    cdef int c, r
    cdef long long n
    cdef double s = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, w
    cdef const double* row
    cdef int first = prev if depth < alike else 0
    if depth == k - 1:
        row = pays + index * nclasses
        c = first
        if depth < alike and depth > 0:  # the last of the alike positions: its own class, then the later ones
            s = have[c] * row[c] * (<double> (depth + 1) / <double> (run + 1))
            c += 1
            while c + 4 <= nclasses:
                s1 += have[c] * row[c] + have[c + 1] * row[c + 1]
                s2 += have[c + 2] * row[c + 2] + have[c + 3] * row[c + 3]
                c += 4
            while c < nclasses:
                s3 += have[c] * row[c]
                c += 1
            return s + <double> (depth + 1) * ((s1 + s2) + s3)
        while c + 4 <= nclasses:
            s += have[c] * row[c]
            s1 += have[c + 1] * row[c + 1]
            s2 += have[c + 2] * row[c + 2]
            s3 += have[c + 3] * row[c + 3]
            c += 4
        while c < nclasses:
            s += have[c] * row[c]
            c += 1
        return (s + s1) + (s2 + s3)
    for c in range(first, nclasses):
        n = counts[c]
        if n <= 0:
            continue
        if depth < alike:
            r = run + 1 if c == prev and depth > 0 else 1
            w = <double> n * (<double> (depth + 1) / <double> r)
        else:
            r, w = 0, <double> n
        counts[c] = n - 1
        have[c] = <double> (n - 1)
        s += w * _visit_pay(depth + 1, k, alike, nclasses, counts, have, pays, index * nclasses + c, c, r)
        counts[c] = n
        have[c] = <double> n
    return s


def expected_pay(cards, const int[::1] class_of, int nclasses, int k, const double[::1] pays, str name="the deal",
                 int alike=1):
    """The mean pay of a deal of ``k`` cards from the shoe ``cards`` (52 counts by rank and suit,
    rank major; ``class_of[i]`` the class of card ``i``), ``pays[t]`` the pay of the ordered tuple
    of classes number ``t`` (in base ``nclasses``): the sum over ordered deals of their pay, over
    the number of ordered deals (the first ``alike`` positions interchangeable: their pays the same
    in any order, each multiset of them visited once). In doubles; a shoe of fewer than ``k`` cards raises
    :class:`~odds.core.errors.EngineError` (``name`` needs ``k`` cards: the exact engine's words),
    bad counts :class:`~odds.core.errors.ShoeError`."""
    cdef long long c52[52]
    cdef long long c[64]
    cdef double have[64]
    cdef long long total
    cdef int i
    cdef double deals = 1.0, s
    if nclasses > 64 or class_of.shape[0] != 52 or pays.shape[0] != nclasses ** k or k < 1 or not 1 <= alike <= k:
        raise ValueError("expected_pay: at most 64 classes, 52 cards, nclasses ** k pays")
    total = read_counts(cards, c52, False)
    if total < k:
        from odds.core.errors import EngineError
        raise EngineError(f"{name} needs {k} cards; the shoe holds {total}")
    for i in range(nclasses):
        c[i] = 0
    for i in range(52):
        c[class_of[i]] += c52[i]
    for i in range(nclasses):
        have[i] = <double> c[i]
    for i in range(k):
        deals *= <double> (total - i)
    with nogil:
        s = _visit_pay(0, k, alike, nclasses, c, have, &pays[0], 0, 0, 0)
    return s / deals


def expected_pay_many(const long long[:, ::1] states, const int[::1] class_of, int nclasses, int k,
                      const double[::1] pays, double[::1] out, str name="the deal", int alike=1):
    """:func:`expected_pay` of every row of ``states`` (52 counts by rank and suit each) into ``out``,
    in one call; each row checked as a shoe state is."""
    cdef long long c[64]
    cdef double have[64]
    cdef long long total
    cdef Py_ssize_t row, j
    cdef int i
    cdef double deals, s
    if nclasses > 64 or class_of.shape[0] != 52 or pays.shape[0] != nclasses ** k or k < 1 or not 1 <= alike <= k:
        raise ValueError("expected_pay: at most 64 classes, 52 cards, nclasses ** k pays")
    if states.shape[1] != 52 or out.shape[0] != states.shape[0]:
        raise ValueError("states: rows of 52 counts, and an out of one double a row")
    for row in range(states.shape[0]):
        total = read_state_row(&states[row, 0], row)
        for i in range(nclasses):
            c[i] = 0
        for j in range(52):
            c[class_of[j]] += states[row, j]
        if total < k:
            from odds.core.errors import EngineError
            raise EngineError(f"{name} needs {k} cards; shoe state {row} holds {total}")
        for i in range(nclasses):
            have[i] = <double> c[i]
        deals = 1.0
        for i in range(k):
            deals *= <double> (total - i)
        with nogil:
            s = _visit_pay(0, k, alike, nclasses, c, have, &pays[0], 0, 0, 0)
        out[row] = s / deals
