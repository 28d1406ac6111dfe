# cython: language_level=3
"""Dealer kernel: exact (128-bit integer) and float propagation over the dealer's drawing graph.

The graph (built in ``odds.engine.dealer_graph``) has one node per live dealer hand: a hand on which the
dealer must still draw, keyed by its up card and the multiset of its cards. Nodes are in order of
depth. For node ``i`` and point value ``v`` (0-based), ``have[10*i+v]`` is how many cards of value
``v`` the hand holds, and drawing ``v`` leads to node ``child[10*i+v]`` or, when that is -1, to the
final outcome bucket ``term[10*i+v]``. Buckets are laid out as ``(up card, result, cards)``.

From a shoe with ``counts[v]`` cards of each value (``total`` in all), the number of ordered ways
to draw a hand's cards after its up card is a product of falling counts, so every bucket at a
depth of ``k`` cards holds an integer over ``(total-1)(total-2)...(total-k+1)``.

A card drawn to a live hand busts it exactly when its value is at least some threshold, and all
those draws end in the same bucket; the kernel folds them into one step whose weight is the number
of such cards left, ``sum(counts[v:]) - sum(have[v:])``.
"""
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

cdef unsigned long long LOW = 0xFFFFFFFFFFFFFFFFULL


cdef class DealerKernel:
    """The graph copied into C arrays once; each call propagates one shoe through it."""

    cdef int n, nbuckets, nresults, width, nedges
    cdef int* depth      # cards in each node's hand
    cdef int* first      # node i's draws are edges first[i] .. first[i+1]-1
    cdef int* ev         # value drawn (0-based)
    cdef int* ehave      # cards of that value the hand holds
    cdef int* etarget    # child node, or -1 - bucket for a final outcome
    cdef int* bust_from  # smallest value (0-based) that busts node i, 10 if none
    cdef int* bust_have  # cards of value >= bust_from the hand holds
    cdef int* bust_bucket
    cdef int roots[10]
    cdef int* node_up
    cdef double* freach
    cdef u128* ireach

    def __cinit__(self, child, term, have, depth, roots, int nbuckets, int nresults, int width,
                  int bust_result):
        cdef int i, v, e, k, b
        self.n = len(depth)
        self.nbuckets, self.nresults, self.width = nbuckets, nresults, width
        n = self.n
        self.depth = <int*> malloc(n * sizeof(int))
        self.first = <int*> malloc((n + 1) * sizeof(int))
        self.ev = <int*> malloc(10 * n * sizeof(int))
        self.ehave = <int*> malloc(10 * n * sizeof(int))
        self.etarget = <int*> malloc(10 * n * sizeof(int))
        self.bust_from = <int*> malloc(n * sizeof(int))
        self.bust_have = <int*> malloc(n * sizeof(int))
        self.bust_bucket = <int*> malloc(n * sizeof(int))
        self.node_up = <int*> malloc(n * sizeof(int))
        self.freach = <double*> malloc(n * sizeof(double))
        self.ireach = <u128*> malloc(n * sizeof(u128))
        if not (self.depth and self.first and self.ev and self.ehave and self.etarget
                and self.bust_from and self.bust_have and self.bust_bucket and self.node_up
                and self.freach and self.ireach):
            raise MemoryError()
        k = 0
        for i in range(n):
            self.depth[i] = depth[i]
            self.first[i] = k
            self.bust_from[i] = 10
            self.bust_have[i] = 0
            self.bust_bucket[i] = 0
            for v in range(10):
                e = 10 * i + v
                b = term[e]
                if child[e] < 0 and (b // width) % nresults == bust_result:
                    if self.bust_from[i] == 10:
                        self.bust_from[i] = v
                        self.bust_bucket[i] = b
                    elif b != self.bust_bucket[i]:
                        raise ValueError("bust draws of one hand must share a bucket")
                    self.bust_have[i] += have[e]
                    continue
                if self.bust_from[i] != 10:
                    raise ValueError("the draws that bust a hand must be the highest values")
                self.ev[k] = v
                self.ehave[k] = have[e]
                self.etarget[k] = child[e] if child[e] >= 0 else -1 - b
                k += 1
        self.first[n] = k
        self.nedges = k
        for i in range(10):
            self.roots[i] = roots[i]
        for i in range(n):
            self.node_up[i] = -1
        for i in range(10):
            self.node_up[roots[i]] = i
        for i in range(n):
            for v in range(10):
                if child[10 * i + v] >= 0:
                    self.node_up[child[10 * i + v]] = self.node_up[i]

    def __dealloc__(self):
        free(self.depth); free(self.first); free(self.ev); free(self.ehave); free(self.etarget)
        free(self.bust_from); free(self.bust_have); free(self.bust_bucket); free(self.node_up)
        free(self.freach); free(self.ireach)

    def upcard_of(self, int node):
        """The up card (0-based value) of a node."""
        return self.node_up[node]

    @property
    def edges(self):
        """Draw steps per propagation: the graph's edges with each hand's busting draws folded."""
        return self.nedges + self.n

    def folded(self):
        """The graph as this kernel walks it (busting draws folded), for kernels that propagate
        it themselves (``odds.engine.split_kernel``): a dict of lists and sizes."""
        n, m = self.n, self.nedges
        return {"depth": [self.depth[i] for i in range(n)], "first": [self.first[i] for i in range(n + 1)],
                "ev": [self.ev[k] for k in range(m)], "ehave": [self.ehave[k] for k in range(m)],
                "etarget": [self.etarget[k] for k in range(m)],
                "bust_from": [self.bust_from[i] for i in range(n)],
                "bust_have": [self.bust_have[i] for i in range(n)],
                "bust_bucket": [self.bust_bucket[i] for i in range(n)],
                "node_up": [self.node_up[i] for i in range(n)], "roots": [self.roots[v] for v in range(10)],
                "width": self.width, "nresults": self.nresults}

    # ---------------------------------------------------------------------------------- exact

    def exact(self, counts, long long total):
        """Integer numerators of every bucket, and the first starved node (-1 if none).

        The caller guarantees ``(total-1)**max_cards < 2**127``, so nothing overflows.
        """
        cdef long long c[11]
        cdef u128* buckets = <u128*> calloc(self.nbuckets, sizeof(u128))
        cdef int starved, b
        cdef u128 x
        if buckets == NULL:
            raise MemoryError()
        for b in range(10):
            c[b] = counts[b]
        with nogil:
            starved = self._exact(c, total, buckets)
        out = [0] * self.nbuckets
        for b in range(self.nbuckets):
            x = buckets[b]
            if x:
                out[b] = (int(<unsigned long long> (x >> 64)) << 64) | int(<unsigned long long> (x & LOW))
        free(buckets)
        return out, starved

    cdef int _exact(self, long long* c, long long total, u128* buckets) noexcept nogil:
        cdef int i, k, t, starved = -1, n = self.n
        cdef const int* first = self.first
        cdef const int* ev = self.ev
        cdef const int* ehave = self.ehave
        cdef const int* etarget = self.etarget
        cdef u128* reach = self.ireach
        cdef long long suffix[11]
        cdef long long w
        cdef u128 r
        suffix[10] = 0
        for k in range(9, -1, -1):
            suffix[k] = suffix[k + 1] + c[k]
        memset(reach, 0, n * sizeof(u128))
        for k in range(10):
            if c[k] > 0:
                reach[self.roots[k]] = 1
        for i in range(n):
            r = reach[i]
            if r == 0:
                continue
            if total - self.depth[i] <= 0:
                if starved < 0:
                    starved = i
                continue
            # A reachable hand holds no more of a value than the shoe had, so no weight is < 0.
            for k in range(first[i], first[i + 1]):
                w = c[ev[k]] - ehave[k]
                t = etarget[k]
                if t >= 0:
                    reach[t] += r * <u128> w
                else:
                    buckets[-1 - t] += r * <u128> w
            w = suffix[self.bust_from[i]] - self.bust_have[i]
            buckets[self.bust_bucket[i]] += r * <u128> w
        return starved

    def exact_bignum(self, counts, long long total):
        """As :meth:`exact`, in Python integers, for shoes too large for 128 bits."""
        cdef int i, k, t, starved = -1
        suffix = [0] * 11
        for k in range(9, -1, -1):
            suffix[k] = suffix[k + 1] + counts[k]
        reach = [0] * self.n
        out = [0] * self.nbuckets
        for k in range(10):
            if counts[k] > 0:
                reach[self.roots[k]] = 1
        for i in range(self.n):
            r = reach[i]
            if not r:
                continue
            if total - self.depth[i] <= 0:
                if starved < 0:
                    starved = i
                continue
            for k in range(self.first[i], self.first[i + 1]):
                w = counts[self.ev[k]] - self.ehave[k]
                t = self.etarget[k]
                if t >= 0:
                    reach[t] += r * w
                else:
                    out[-1 - t] += r * w
            out[self.bust_bucket[i]] += r * (suffix[self.bust_from[i]] - self.bust_have[i])
        return out, starved

    # ---------------------------------------------------------------------------------- float

    def floats(self, counts, long long total, double[::1] buckets, double[::1] finals):
        """Float probabilities of every bucket into ``buckets``, and into ``finals`` (11 rows of
        ``nresults``: each up card, then overall) the probability of each result. Returns the
        first starved node or -1."""
        cdef long long c[10]
        cdef int v, starved
        for v in range(10):
            c[v] = counts[v]
        with nogil:
            starved = self._floats(c, total, &buckets[0], &finals[0])
        return starved

    cdef int _floats(self, long long* c, long long total, double* buckets,
                     double* finals) noexcept nogil:
        cdef int i, k, t, starved = -1, b, u, rest, n = self.n
        cdef int nres = self.nresults, width = self.width
        cdef const int* first = self.first
        cdef const int* ev = self.ev
        cdef const int* ehave = self.ehave
        cdef const int* etarget = self.etarget
        cdef double* reach = self.freach
        cdef double cd[10]
        cdef double suffix[11]
        cdef double r, inv, p
        suffix[10] = 0.0
        for k in range(9, -1, -1):
            cd[k] = <double> c[k]
            suffix[k] = suffix[k + 1] + cd[k]
        memset(buckets, 0, self.nbuckets * sizeof(double))
        memset(finals, 0, 11 * nres * sizeof(double))
        memset(reach, 0, n * sizeof(double))
        for k in range(10):
            if c[k] > 0:
                reach[self.roots[k]] = 1.0
        for i in range(n):
            r = reach[i]
            if r == 0.0:
                continue
            if total - self.depth[i] <= 0:
                if starved < 0:
                    starved = i
                continue
            inv = r / <double> (total - self.depth[i])
            for k in range(first[i], first[i + 1]):
                t = etarget[k]
                p = inv * (cd[ev[k]] - ehave[k])
                if t >= 0:
                    reach[t] += p
                else:
                    buckets[-1 - t] += p
            buckets[self.bust_bucket[i]] += inv * (suffix[self.bust_from[i]] - self.bust_have[i])
        for b in range(self.nbuckets):
            p = buckets[b]
            if p != 0.0:
                rest = b // width
                u = rest // nres
                finals[rest] += p
                finals[10 * nres + rest % nres] += p * cd[u] / <double> total
        return starved
