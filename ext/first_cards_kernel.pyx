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


cdef double _visit_sparse(int depth, int k, int alike, int nclasses, long long* counts, double* have,
                          const int* start, const int* cls, const double* val, const int* from_prev,
                          const unsigned char* live, const long long* live_base,
                          long long index, int prev, int run) noexcept nogil:
    """:func:`_visit_pay` over the deals whose pay differs from the common one (:class:`SparsePays`):
    the last position reads only its row's listed classes, and a prefix none of whose deals differ
    is not entered."""
    cdef int c, r, j, j1
    cdef long long n, child
    cdef double s = 0.0, s1 = 0.0, w
    cdef int first = prev if depth < alike else 0
    if depth == k - 1:
        j, j1 = start[index], start[index + 1]
        if depth < alike and depth > 0:  # the last of the alike positions: its own class, then the later ones
            j = from_prev[index]
            if j < j1 and cls[j] == prev:
                s = have[prev] * val[j] * (<double> (depth + 1) / <double> (run + 1))
                j += 1
            while j + 2 <= j1:
                s1 += have[cls[j]] * val[j] + have[cls[j + 1]] * val[j + 1]
                j += 2
            if j < j1:
                s1 += have[cls[j]] * val[j]
            return s + <double> (depth + 1) * s1
        while j + 2 <= j1:
            s += have[cls[j]] * val[j]
            s1 += have[cls[j + 1]] * val[j + 1]
            j += 2
        if j < j1:
            s += have[cls[j]] * val[j]
        return s + s1
    for c in range(first, nclasses):
        n = counts[c]
        child = index * nclasses + c
        if n <= 0 or not live[live_base[depth + 1] + child]:
            continue
        if depth < alike:
            r = run + 1 if c == prev and depth > 0 else 1
            w = <double> n * (<double> (depth + 1) / <double> r)
        else:
            r, w = 0, <double> n
        counts[c] = n - 1
        have[c] = <double> (n - 1)
        s += w * _visit_sparse(depth + 1, k, alike, nclasses, counts, have, start, cls, val, from_prev, live,
                               live_base, child, c, r)
        counts[c] = n
        have[c] = <double> n
    return s


cdef class SparsePays:
    """The pays of a deal of ``k`` cards (as :func:`expected_pay` takes them) laid out as the most
    common pay, ``common``, and the deals that pay otherwise: for each ordered tuple of the first
    ``k - 1`` classes (a row, in base ``nclasses``) the classes of the last card whose pay differs,
    ascending, with the difference. The mean pay is ``common`` plus the sum over those deals of their
    number times their difference, over the number of deals; a prefix of a deal none of whose deals
    differ is not visited. Most deals of a side wager lose, so most of the work is skipped.

    >>> from array import array
    >>> class_of = array("i", [i // 4 for i in range(52)])
    >>> pays = array("d", [10.0 if a == b else -1.0 for a in range(13) for b in range(13)])  # a pair pays 10
    >>> pair = SparsePays(class_of, 13, 2, 2, pays)
    >>> pair.common, round(pair.mean([1] * 52), 12) == round(expected_pay([1] * 52, class_of, 13, 2, pays, alike=2), 12)
    (-1.0, True)
    """
    cdef readonly int nclasses, k, alike
    cdef readonly double common
    cdef object _owners
    cdef int _class_of[52]
    cdef const int* _start
    cdef const int* _cls
    cdef const double* _val
    cdef const int* _from_prev
    cdef const unsigned char* _live
    cdef const long long* _live_base

    def __init__(self, class_of, int nclasses, int k, int alike, const double[::1] pays):
        from array import array
        from collections import Counter
        cdef long long nrows, row, size, d, p, t
        cdef int c, j, end
        cdef const int[::1] start_v, cls_v, from_prev_v
        cdef const double[::1] val_v
        cdef const unsigned char[::1] live_v
        cdef const long long[::1] base_v
        if (nclasses > 64 or len(class_of) != 52 or k < 1 or not 1 <= alike <= k
                or pays.shape[0] != nclasses ** k):
            raise ValueError("SparsePays: at most 64 classes, 52 cards, nclasses ** k pays")
        self.nclasses, self.k, self.alike = nclasses, k, alike
        for j in range(52):
            self._class_of[j] = class_of[j]
        self.common = Counter(pays[t] for t in range(pays.shape[0])).most_common(1)[0][0]
        nrows = nclasses ** (k - 1)
        start, cls, val, from_prev = array("i", [0]), array("i"), array("d"), array("i")
        nonempty = bytearray(nrows)
        for row in range(nrows):
            for c in range(nclasses):
                if pays[row * nclasses + c] != self.common:
                    cls.append(c)
                    val.append(pays[row * nclasses + c] - self.common)
            start.append(len(cls))
            j, end = start[row], start[row + 1]
            while j < end and cls[j] < row % nclasses:  # the first listed class at or after the row's last
                j += 1
            from_prev.append(j)
            nonempty[row] = end > start[row]
        # live[live_base[d] + prefix]: whether some deal beginning with the d classes of prefix differs
        live, base = bytearray(), array("q", [0])
        for d in range(1, k):
            base.append(len(live))
            size = nclasses ** (k - 1 - d)
            for p in range(nclasses ** d):
                live.append(any(nonempty[p * size:(p + 1) * size]))
        cls.append(0)  # none of these is read; each buffer holds an element
        val.append(0.0)
        live.append(0)
        start_v, cls_v, from_prev_v, val_v, live_v, base_v = start, cls, from_prev, val, live, base
        self._owners = (start, cls, from_prev, val, live, base)
        self._start, self._cls, self._from_prev = &start_v[0], &cls_v[0], &from_prev_v[0]
        self._val, self._live, self._live_base = &val_v[0], &live_v[0], &base_v[0]

    cdef double _mean(self, long long* c, long long total) noexcept nogil:
        cdef double have[64]
        cdef double deals = 1.0
        cdef int i
        for i in range(self.nclasses):
            have[i] = <double> c[i]
        for i in range(self.k):
            deals *= <double> (total - i)
        return self.common + _visit_sparse(0, self.k, self.alike, self.nclasses, c, have, self._start, self._cls,
                                           self._val, self._from_prev, self._live, self._live_base, 0, 0, 0) / deals

    def mean(self, cards, str name="the deal"):
        """The mean pay of a deal from the shoe ``cards`` (52 counts by rank and suit, rank major), as
        :func:`expected_pay` gives it."""
        cdef long long c52[52]
        cdef long long c[64]
        cdef long long total
        cdef int i
        cdef double m
        total = read_counts(cards, c52, False)
        if total < self.k:
            from odds.core.errors import EngineError
            raise EngineError(f"{name} needs {self.k} cards; the shoe holds {total}")
        for i in range(self.nclasses):
            c[i] = 0
        for i in range(52):
            c[self._class_of[i]] += c52[i]
        with nogil:
            m = self._mean(c, total)
        return m

    def mean_many(self, const long long[:, ::1] states, double[::1] out, str name="the deal"):
        """:meth:`mean` of every row of ``states`` (52 counts by rank and suit each) into ``out``, in
        one call; each row checked as a shoe state is."""
        cdef long long c[64]
        cdef long long total
        cdef Py_ssize_t row
        cdef int i
        cdef double m
        if states.shape[1] != 52 or out.shape[0] != states.shape[0]:
            raise ValueError("states: rows of 52 counts, and an out of one double a row")
        for row in range(states.shape[0]):
            total = read_state_row(&states[row, 0], row)
            if total < self.k:
                from odds.core.errors import EngineError
                raise EngineError(f"{name} needs {self.k} cards; shoe state {row} holds {total}")
            for i in range(self.nclasses):
                c[i] = 0
            for i in range(52):
                c[self._class_of[i]] += states[row, i]
            with nogil:
                m = self._mean(c, total)
            out[row] = m
