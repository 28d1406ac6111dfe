# cython: language_level=3
"""Dealer kernel: the dealer's drawing graph (``odds.engine.dealer_graph``) propagated from a shoe,
every up card, exact or in floats.

The graph and its propagation are those of ``dealer_walk.pxd``: a bucket ``(up card, result,
cards)`` at ``k`` cards holds, exact, the number of ordered ways to draw the cards after the up card,
an integer over ``(total-1)(total-2)...(total-k+1)``; in floats, the probability.
"""
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from dealer_walk cimport Counts128, Graph, Weights, fits_128, graph_fold, graph_folded, graph_free, walk
from int128 cimport to_int, u128


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
