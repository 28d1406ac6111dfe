# cython: language_level=3
"""Dealer kernel: the dealer's drawing graph (``odds.engine.dealer_graph``) propagated from a shoe,
every up card, exact or in floats.

The graph and its propagation are those of ``dealer_walk.pxd``: a bucket ``(up card, result,
cards)`` at ``k`` cards holds, exact, the number of ordered ways to draw the cards after the up card,
an integer over ``(total-1)(total-2)...(total-k+1)``; in floats, the probability.

:func:`dealer_rows` and :func:`dealer_expectation` answer a simulator's question for the dealer's
own graphs (S17, H17) in floats without building a Python object: the straight-line propagation
of ``dealer_walk.straight_floats`` into the caller's array, or a weighted sum of its buckets.
"""
from cpython.buffer cimport (PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBUF_WRITABLE, PyBuffer_Release,
                             PyObject_GetBuffer)
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from dealer_walk cimport (ODDS_DEALER_H17_NBUST, ODDS_DEALER_H17_NK, ODDS_DEALER_H17_NKTERMS, ODDS_DEALER_RESULTS,
                          ODDS_DEALER_S17_NBUST, ODDS_DEALER_S17_NK, ODDS_DEALER_S17_NKTERMS, ODDS_DEALER_WIDTH_H17,
                          ODDS_DEALER_WIDTH_S17, Counts128, Graph, Weights, fits_128, graph_fold, graph_folded,
                          graph_free, odds_dealer_h17_kterms, odds_dealer_s17_kterms, straight_dot4, straight_floats,
                          walk)
from int128 cimport to_int, u128
from shoe_counts cimport read_counts, read_state_row

cdef enum:
    NRES = 7  # results: 17, 18, 19, 20, 21, blackjack, bust (checked against the graph's below)
    ROWS = 10 * NRES  # the table of dealer_rows
    WIDE = 14  # cards 0..13: the last axis of dealer_expectation's weights (H17 hands hold up to 13)
    NBUCKETS = 10 * NRES * WIDE

if ODDS_DEALER_RESULTS != NRES or ODDS_DEALER_WIDTH_S17 > WIDE or ODDS_DEALER_WIDTH_H17 > WIDE:
    raise ImportError("dealer_kernel: the generated dealer graph does not fit this module; rebuild")

# the buckets of the straight-line propagation for S17 and H17, zeroed once: it writes the same
# entries on every call (see straight_floats), and the module holds the GIL while it runs
cdef double _buckets_s17[NBUCKETS]
cdef double _buckets_h17[NBUCKETS]


cdef int _walk_shoe(const Graph* g, const long long* c, long long total, Weights reach,
                    Weights out) noexcept nogil:
    """Every up card the shoe holds, into ``out`` (zeroed); the first node (in order of depth)
    where the shoe runs out, or -1."""
    cdef int up, s, starved = -1
    with gil(Weights is list):
        for up in range(10):
            if c[up] > 0:
                if Weights is Counts128:
                    s = walk(g, up, c, total, reach, out, <u128> 0)
                elif Weights is list:
                    s = walk(g, up, c, total, reach, out, <object> 0)
                else:
                    s = walk(g, up, c, total, reach, out, <double> 0)
                if s >= 0 and (starved < 0 or g.order[s] < g.order[starved]):
                    starved = s
    return starved


cdef class DealerKernel:
    """The graph copied into C arrays once; each call propagates one shoe through it."""

    cdef Graph g
    cdef int nbuckets
    cdef double* freach
    cdef u128* ireach

    def __cinit__(self, child, term, have, depth, roots, int nbuckets, int nresults, int width,
                  int bust_result):
        self.nbuckets = nbuckets
        graph_fold(&self.g, child, term, have, depth, roots, width, nresults, bust_result)
        self.freach = <double*> calloc(self.g.n, sizeof(double))
        self.ireach = <u128*> calloc(self.g.n, sizeof(u128))
        if not (self.freach and self.ireach):
            raise MemoryError()

    def __dealloc__(self):
        graph_free(&self.g)
        free(self.freach); free(self.ireach)

    def upcard_of(self, int node):
        """The up card (0-based value) of a node."""
        return self.g.node_up[node]

    def folded(self):
        """The graph as this kernel walks it (busting draws folded), for kernels that propagate
        it themselves (``odds.engine.split_kernel``): a dict of lists and sizes."""
        return graph_folded(&self.g)

    def exact(self, counts, long long total):
        """Integer numerators of every bucket, and the first starved node (-1 if none). In 128-bit
        integers when they fit (``fits_128``), else in Python integers."""
        cdef long long c[10]
        cdef int b, starved
        cdef u128* buckets
        for b in range(10):
            c[b] = counts[b]
        if not fits_128(total, self.g.width - 1):
            out = [0] * self.nbuckets
            starved = _walk_shoe(&self.g, c, total, <list> ([0] * self.g.n), <list> out)
            return out, starved
        buckets = <u128*> calloc(self.nbuckets, sizeof(u128))
        if buckets == NULL:
            raise MemoryError()
        with nogil:
            starved = _walk_shoe(&self.g, c, total, self.ireach, buckets)
        out = [to_int(buckets[b]) if buckets[b] else 0 for b in range(self.nbuckets)]
        free(buckets)
        return out, starved

    def floats(self, counts, long long total, double[::1] buckets, double[::1] finals):
        """Float probabilities of every bucket into ``buckets``, and into ``finals`` (11 rows of
        ``nresults``: each up card, then overall) the probability of each result. Returns the
        first starved node or -1."""
        cdef long long c[10]
        cdef int b, u, rest, starved, nres = self.g.nresults
        cdef double p
        for b in range(10):
            c[b] = counts[b]
        with nogil:
            memset(&buckets[0], 0, self.nbuckets * sizeof(double))
            memset(&finals[0], 0, 11 * nres * sizeof(double))
            starved = _walk_shoe(&self.g, c, total, self.freach, &buckets[0])
            for b in range(self.nbuckets):
                p = buckets[b]
                if p != 0.0:
                    rest = b // self.g.width
                    u = rest // nres
                    finals[rest] += p
                    finals[10 * nres + rest % nres] += p * <double> c[u] / <double> total
        return starved


cdef inline void _by_value(const long long* c52, long long* c) noexcept nogil:
    """``c``: the 10 counts by value (ace first) of 52 counts by rank and suit (rank major)."""
    cdef int i
    for i in range(10):
        c[i] = 0
    for i in range(52):
        c[min(i >> 2, 9)] += c52[i]


cdef long long _shoe(counts, long long* c, bint by_value_too=True) except -1:
    """``c``: the shoe by value from 52 counts by rank and suit (rank major,
    ``odds.pricing.first_cards_closed.flat_counts``), or 10 by value (ace first) ``by_value_too``;
    returns the total."""
    cdef long long c52[52]
    cdef Py_ssize_t n
    cdef long long total = read_counts(counts, c52, by_value_too, &n)
    cdef int i
    if n == 10:
        for i in range(10):
            c[i] = c52[i]
        return total
    _by_value(c52, c)
    return total


cdef double* _float64s(object buf, Py_buffer* view, Py_ssize_t n, bint writable) except NULL:
    """The C-contiguous float64 buffer of ``buf``, of ``n`` doubles, ``writable`` if asked
    (released by the caller)."""
    cdef const char* f
    PyObject_GetBuffer(buf, view, (PyBUF_WRITABLE if writable else 0) | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)
    f = view.format
    if view.len != n * <Py_ssize_t> sizeof(double) or not (
            (f[0] == b'd' and f[1] == 0) or (f[0] in b'@=<' and f[1] == b'd' and f[2] == 0)):
        PyBuffer_Release(view)
        raise ValueError(f"need a {'writable ' if writable else ''}C-contiguous array of {n} float64")
    return <double*> view.buf


cdef int _small_shoe(const long long* c, long long total, bint hits_soft_17, double* buckets,
                     double* finals) except -1:
    """A shoe too small for ``straight_floats``: the general walk (``DealerKernel.floats``), which
    finds a shoe that can run out; ``buckets`` (or NULL) in the layout of ``straight_floats``."""
    from odds.core.cards import value_label
    from odds.core.errors import EngineError
    from odds.engine.dealer_graph import dealer_graph, dealer_kernel

    cdef int i, up
    cdef DealerKernel kernel = dealer_kernel(hits_soft_17)
    if total < 2:
        raise EngineError(f"the shoe holds {total} card(s); a dealer hand needs at least 2")
    g = dealer_graph(hits_soft_17)
    scratch = memoryview(bytearray(8 * g.nbuckets)).cast("d")
    rows = memoryview(bytearray(8 * 11 * NRES)).cast("d")
    starved = kernel.floats([c[i] for i in range(10)], total, scratch, rows)
    if starved >= 0:
        up = kernel.upcard_of(starved) + 1
        raise EngineError(f"the shoe ({total} cards) can run out before the dealer finishes a hand "
                          f"with up card {value_label(up)}")
    if finals != NULL:
        for i in range(ROWS):
            finals[i] = rows[i]
    if buckets != NULL:
        for i in range(g.nbuckets):
            buckets[i] = scratch[i]
    return 0


def dealer_rows(counts, out, bint hits_soft_17=False):
    """Every up card's final distribution, in floats, into ``out``.

    ``counts``: the shoe (the up card still in it) as 10 counts by value, ace first, or 52 by rank
    and suit. ``out``: a writable C-contiguous float64 array of 70 (say of shape (10, 7)): row
    ``u`` (up card value ``u + 1``) gets the probabilities of 17, 18, 19, 20, 21, blackjack and
    bust, blackjack kept (no peek); a row of zeros for an up card the shoe lacks. Nothing is
    allocated on a shoe of more than 12 cards.
    """
    cdef long long c[10]
    cdef Py_buffer view
    cdef long long total = _shoe(counts, c)
    cdef double* rows = _float64s(out, &view, ROWS, True)
    try:
        if not straight_floats(c, hits_soft_17, NULL, rows):
            _small_shoe(c, total, hits_soft_17, NULL, rows)
    finally:
        PyBuffer_Release(&view)


def dealer_table_rows(counts, out, bint hits_soft_17=False):
    """:func:`dealer_rows` and, after its ten rows, an eleventh: the final results before the up
    card is seen (each up card's row weighted by its chance). ``out``: a writable C-contiguous
    float64 array of 77 (the float ``dealer_table``'s figures in one call)."""
    cdef long long c[10]
    cdef Py_buffer view
    cdef long long total = _shoe(counts, c)
    cdef double* rows = _float64s(out, &view, ROWS + NRES, True)
    cdef int u, r
    cdef double w
    try:
        if not straight_floats(c, hits_soft_17, NULL, rows):
            _small_shoe(c, total, hits_soft_17, NULL, rows)
        for r in range(NRES):
            rows[ROWS + r] = 0.0
        for u in range(10):
            w = <double> c[u] / <double> total
            for r in range(NRES):
                rows[ROWS + r] += rows[u * NRES + r] * w
    finally:
        PyBuffer_Release(&view)


def dealer_expectation(counts, weights, bint hits_soft_17=False):
    """The expectation of ``weights[u, r, k]`` over the dealer's up card ``u`` (drawn from the
    shoe), result ``r`` (in the order of :func:`dealer_rows`) and number of cards ``k``, in floats.

    ``counts`` as for :func:`dealer_rows`; ``weights``: a C-contiguous float64 array of
    10 x 7 x 14 (a hand holds at most 13 cards).
    """
    cdef long long c[10]
    cdef Py_buffer view
    cdef long long total = _shoe(counts, c)
    cdef const double* w = _float64s(weights, &view, NBUCKETS, False)
    cdef double* b = &_buckets_h17[0] if hits_soft_17 else &_buckets_s17[0]
    cdef int width = ODDS_DEALER_WIDTH_H17 if hits_soft_17 else ODDS_DEALER_WIDTH_S17
    cdef int u, rk, k
    cdef double acc = 0.0, row
    try:
        if not straight_floats(c, hits_soft_17, b, NULL):
            _small_shoe(c, total, hits_soft_17, b, NULL)
        for u in range(10):
            if c[u] > 0:
                row = 0.0
                for rk in range(NRES):
                    for k in range(width):
                        row += w[(u * NRES + rk) * WIDE + k] * b[(u * NRES + rk) * width + k]
                acc += <double> c[u] * row
    finally:
        PyBuffer_Release(&view)
    return acc / <double> total


cdef class DealerWeights:
    """:func:`dealer_expectation` with its weights prepared once: each final hand of the dealer's
    straight-line code gets one coefficient (the sum over the up cards it holds of its orders times
    their weight), so that a shoe costs the shoe's part of each hand's chance and one product a
    final hand.

    >>> import numpy
    >>> w = numpy.zeros((10, 7, 14)); w[:, 6, :] = 1.0  # the chance the dealer busts
    >>> abs(DealerWeights(w, True)([6] * 52) - dealer_expectation([6] * 52, w, True)) < 1e-15
    True

    ``by_value``: a shoe may be given as 10 counts by value as well (False: only as a wager's shoe
    state, 52 counts by rank and suit or a Shoe).
    """

    cdef double* kf
    cdef object weights
    cdef readonly bint hits_soft_17
    cdef readonly bint busts_only  # only the dealer's busts are weighed (the standing hands are spared)
    cdef readonly bint by_value

    def __cinit__(self, weights, bint hits_soft_17=False, bint by_value=True):
        cdef Py_buffer view
        cdef const double* w = _float64s(weights, &view, NBUCKETS, False)
        cdef int nk = ODDS_DEALER_H17_NK if hits_soft_17 else ODDS_DEALER_S17_NK
        cdef int nterms = ODDS_DEALER_H17_NKTERMS if hits_soft_17 else ODDS_DEALER_S17_NKTERMS
        cdef const int* t = odds_dealer_h17_kterms if hits_soft_17 else odds_dealer_s17_kterms
        cdef int i
        self.hits_soft_17 = hits_soft_17
        self.by_value = by_value
        self.kf = <double*> calloc(nk, sizeof(double))
        if self.kf == NULL:
            PyBuffer_Release(&view)
            raise MemoryError()
        try:
            for i in range(nterms):  # (final hand, up card, result, cards, orders)
                self.kf[t[5 * i]] += <double> t[5 * i + 4] * w[(t[5 * i + 1] * NRES + t[5 * i + 2]) * WIDE + t[5 * i + 3]]
            nbust = ODDS_DEALER_H17_NBUST if hits_soft_17 else ODDS_DEALER_S17_NBUST
            self.busts_only = all(self.kf[i] == 0.0 for i in range(nbust, nk))
            self.weights = memoryview(bytearray(<bytes> (<const char*> w)[:NBUCKETS * sizeof(double)])).cast("d")
        finally:
            PyBuffer_Release(&view)

    def __dealloc__(self):
        free(self.kf)

    def __call__(self, counts):
        """The expectation for the shoe ``counts`` (52 by rank and suit, or 10 by value, ace first,
        if ``by_value``)."""
        cdef long long c[10]
        cdef long long total = _shoe(counts, c, self.by_value)
        cdef double dot = 0.0
        if not straight_floats(c, self.hits_soft_17, NULL, NULL, self.kf, self.busts_only, &dot):
            return dealer_expectation(counts, self.weights, self.hits_soft_17)
        return dot / <double> total

    def many(self, const long long[:, ::1] states, double[::1] out):
        """The expectation of every row of ``states`` (52 counts by rank and suit) into ``out``, in
        one call: each row checked as a shoe state is; a shoe too small for the straight-line code
        is computed as :meth:`__call__` computes it."""
        cdef long long c[10]
        cdef long long c4[40]
        cdef long long totals[4]
        cdef double dots[4]
        cdef long long total
        cdef double dot
        cdef Py_ssize_t row, j, lane, start = 0, n = states.shape[0]
        if states.shape[1] != 52 or out.shape[0] != states.shape[0]:
            raise ValueError("states: rows of 52 counts, and an out of one double a row")
        # four rows at a time in the four-lane code while the shoes are large enough, each lane
        # the one-row code's operations; the rest a row at a time
        while start + 4 <= n:
            for lane in range(4):
                totals[lane] = read_state_row(&states[start + lane, 0], start + lane)
                _by_value(&states[start + lane, 0], &c4[10 * lane])
            if not straight_dot4(c4, self.hits_soft_17, self.kf, self.busts_only, dots):
                break
            for lane in range(4):
                out[start + lane] = dots[lane] / <double> totals[lane]
            start += 4
        for row in range(start, n):
            total = read_state_row(&states[row, 0], row)
            _by_value(&states[row, 0], c)
            dot = 0.0
            if total > 0 and straight_floats(c, self.hits_soft_17, NULL, NULL, self.kf, self.busts_only, &dot):
                out[row] = dot / <double> total
            else:
                out[row] = self([states[row, j] for j in range(52)])
