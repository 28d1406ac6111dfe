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


cdef struct Runs:
    # SparsePays's layout, and the shoe being priced: its counts by class (``counts``) and the number
    # of cards of the classes before each (``before``)
    int nclasses, k, alike
    const int* start
    const int* lo
    const int* hi
    const double* val
    const int* from_prev
    const double* diff
    const double* dealt_in
    const unsigned char* live
    const long long* live_base
    long long* counts
    double* before


cdef inline double _runs(Runs* R, int j, int j1, int after) noexcept nogil:
    """The sum over the runs ``j`` to ``j1`` of the last card's classes of the pay's difference times
    the cards of the run's classes from ``after`` on, in the shoe as it was (``before``)."""
    cdef double m = 0.0
    cdef int lo
    while j < j1:
        lo = R.lo[j] if R.lo[j] > after else after
        m += R.val[j] * (R.before[R.hi[j]] - R.before[lo])
        j += 1
    return m


cdef inline double _last_two(Runs* R, int depth, long long index, int prev, int run) noexcept nogil:
    """:func:`_visit_runs` of the last card but one: each of its classes (``counts``, as the deal so
    far left them) times the sum over the last card's runs of the row it makes, read from the shoe as
    it was less the row's own cards (``dealt_in``), or where the last card is alike too, over its own
    class and those after, the only ones it is visited at."""
    cdef int c, j1, r
    cdef long long n, row = index * R.nclasses, child
    cdef double s = 0.0, w, last
    cdef bint alike = depth < R.alike, last_alike = depth + 1 < R.alike
    cdef const unsigned char* live = R.live + R.live_base[depth + 1] + row
    for c in range(prev if alike else 0, R.nclasses):
        n = R.counts[c]
        if n <= 0 or not live[c]:
            continue
        child, w, r = row + c, <double> n, 1
        if alike:  # the orders of the alike cards, as _visit_runs counts them
            w *= <double> (depth + 1)
            if c == prev and depth > 0:
                r = run + 1
                w /= <double> r
        j1 = R.start[child + 1]
        if last_alike:
            last = (<double> (n - 1) * R.diff[child * R.nclasses + c] / <double> (r + 1)
                    + _runs(R, R.from_prev[child], j1, c + 1)) * <double> (depth + 2)
        else:
            last = _runs(R, R.start[child], j1, 0) - R.dealt_in[child]
        s += w * last
    return s


cdef double _visit_runs(Runs* R, int depth, long long index, int prev, int run) noexcept nogil:
    """:func:`_visit_pay` over the deals whose pay differs from the common one (:class:`SparsePays`):
    a prefix none of whose deals differ is not entered, and the last two cards are :func:`_last_two`."""
    cdef int c, r
    cdef long long n, child
    cdef double s = 0.0, w
    cdef int first = prev if depth < R.alike else 0
    if R.k == 1:
        return _runs(R, R.start[0], R.start[1], 0)
    if depth == R.k - 2:
        return _last_two(R, depth, index, prev, run)
    for c in range(first, R.nclasses):
        n = R.counts[c]
        child = index * R.nclasses + c
        if n <= 0 or not R.live[R.live_base[depth + 1] + child]:
            continue
        if depth < R.alike:
            r = run + 1 if c == prev and depth > 0 else 1
            w = <double> n * (<double> (depth + 1) / <double> r)
        else:
            r, w = 0, <double> n
        R.counts[c] = n - 1
        s += w * _visit_runs(R, depth + 1, child, c, r)
        R.counts[c] = n
    return s


cdef inline long long _by_class(const long long* cards, const int* class_of, int nclasses, long long* c) noexcept nogil:
    """The 52 counts ``cards`` summed by class into ``c``, a run of cards of one class (the suits of a
    rank) summed before it is stored; returns their total."""
    cdef int i, now = class_of[0]
    cdef long long run = 0, total = 0
    for i in range(nclasses):
        c[i] = 0
    for i in range(52):
        if class_of[i] != now:
            c[now] += run
            total += run
            now, run = class_of[i], 0
        run += cards[i]
    c[now] += run
    return total + run


cdef class SparsePays:
    """The pays of a deal of ``k`` cards (as :func:`expected_pay` takes them) laid out as the most
    common pay, ``common``, and the deals that pay otherwise: for each ordered tuple of the first
    ``k - 1`` classes (a row, in base ``nclasses``) the runs of consecutive classes of the last card
    that pay alike but not the common pay, with the difference. The mean pay is ``common`` plus the
    sum over those deals of their number times their difference, over the number of deals; a run is
    read at once, as the cards of its classes in the shoe less those already dealt, and a prefix none
    of whose deals differ is not visited. Most deals of a side wager lose, and those that win come in
    runs (the ranks between two cards, the suits of one rank), so most of the work is skipped.

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
    cdef Runs _runs

    def __init__(self, class_of, int nclasses, int k, int alike, const double[::1] pays):
        from array import array
        from collections import Counter
        cdef long long nrows, row, size, d, p, t
        cdef int c, j, lo
        cdef double v
        cdef const int[::1] start_v, lo_v, hi_v, from_prev_v
        cdef const double[::1] val_v, diff_v, dealt_in_v
        cdef const unsigned char[::1] live_v
        cdef const long long[::1] base_v
        if (nclasses > 64 or len(class_of) != 52 or k < 1 or not 1 <= alike <= k
                or pays.shape[0] != nclasses ** k):
            raise ValueError("SparsePays: at most 64 classes, 52 cards, nclasses ** k pays")
        self.nclasses, self.k, self.alike = nclasses, k, alike
        for j in range(52):
            self._class_of[j] = class_of[j]
        self.common = Counter(pays[t] for t in range(pays.shape[0])).most_common(1)[0][0]
        diff = array("d", [pays[t] - self.common for t in range(pays.shape[0])])
        nrows = nclasses ** (k - 1)
        start, los, his, val, from_prev, dealt_in = (array("i", [0]), array("i"), array("i"), array("d"), array("i"),
                                                     array("d"))
        nonempty = bytearray(nrows)
        for row in range(nrows):
            c = 0
            while c < nclasses:
                v = diff[row * nclasses + c]
                lo = c
                while c < nclasses and diff[row * nclasses + c] == v:
                    c += 1
                if v != 0.0:
                    los.append(lo)
                    his.append(c)
                    val.append(v)
            start.append(len(val))
            digits, t = [], row
            for d in range(k - 1):
                digits.append(t % nclasses)
                t //= nclasses
            dealt_in.append(sum(val[j] * sum(1 for x in digits if los[j] <= x < his[j])
                                for j in range(start[row], len(val))))
            j = start[row]
            while j < len(val) and his[j] <= row % nclasses + 1:  # the first run with a class after the row's last
                j += 1
            from_prev.append(j)
            nonempty[row] = len(val) > start[row]
        # live[live_base[d] + prefix]: whether some deal beginning with the d classes of prefix differs
        live, base = bytearray(), array("q", [0])
        for d in range(1, k):
            base.append(len(live))
            size = nclasses ** (k - 1 - d)
            for p in range(nclasses ** d):
                live.append(any(nonempty[p * size:(p + 1) * size]))
        los.append(0)  # none of these is read; each buffer holds an element
        his.append(0)
        val.append(0.0)
        live.append(0)
        start_v, lo_v, hi_v, from_prev_v, val_v, diff_v, live_v, base_v = start, los, his, from_prev, val, diff, live, base
        dealt_in_v = dealt_in
        self._owners = (start, los, his, from_prev, val, diff, dealt_in, live, base)
        self._runs.nclasses, self._runs.k, self._runs.alike = nclasses, k, alike
        self._runs.start, self._runs.lo, self._runs.hi = &start_v[0], &lo_v[0], &hi_v[0]
        self._runs.from_prev, self._runs.val, self._runs.diff = &from_prev_v[0], &val_v[0], &diff_v[0]
        self._runs.live, self._runs.live_base, self._runs.dealt_in = &live_v[0], &base_v[0], &dealt_in_v[0]

    cdef double _mean(self, long long* c, long long total) noexcept nogil:
        cdef double before[65]
        cdef double deals = 1.0
        cdef int i
        cdef Runs R = self._runs
        before[0] = 0.0
        for i in range(self.nclasses):
            before[i + 1] = before[i] + <double> c[i]
        for i in range(self.k):
            deals *= <double> (total - i)
        R.counts, R.before = c, before
        return self.common + _visit_runs(&R, 0, 0, 0, 0) / deals

    def mean(self, cards, str name="the deal"):
        """The mean pay of a deal from the shoe ``cards`` (52 counts by rank and suit, rank major), as
        :func:`expected_pay` gives it."""
        cdef long long c52[52]
        cdef long long c[64]
        cdef long long total
        total = read_counts(cards, c52, False)
        if total < self.k:
            from odds.core.errors import EngineError
            raise EngineError(f"{name} needs {self.k} cards; the shoe holds {total}")
        _by_class(c52, self._class_of, self.nclasses, c)
        return self._mean(c, total)  # the GIL kept: a call's work is shorter than letting it go

    def mean_many(self, const long long[:, ::1] states, double[::1] out, str name="the deal"):
        """:meth:`mean` of every row of ``states`` (52 counts by rank and suit each) into ``out``, in
        one call; each row checked as a shoe state is."""
        cdef long long c[64]
        cdef long long total
        cdef Py_ssize_t row
        cdef const long long* counts
        cdef const long long* first
        cdef double* into
        if states.shape[1] != 52 or out.shape[0] != states.shape[0]:
            raise ValueError("states: rows of 52 counts, and an out of one double a row")
        for row in range(states.shape[0]):  # every row checked before any is priced
            total = read_state_row(&states[row, 0], row)
            if total < self.k:
                from odds.core.errors import EngineError
                raise EngineError(f"{name} needs {self.k} cards; shoe state {row} holds {total}")
        if states.shape[0] == 0:
            return
        first, into = &states[0, 0], &out[0]
        with nogil:
            for row in range(states.shape[0]):
                counts = first + 52 * row
                total = _by_class(counts, self._class_of, self.nclasses, c)
                into[row] = self._mean(c, total)
