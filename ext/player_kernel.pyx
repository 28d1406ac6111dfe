# cython: language_level=3
"""Player kernel: the recursion of ``odds.engine.player.PlayerEngine`` (after a card, hit, stand,
double, the split rule D, the split hands and patterns, the first options and the round) in C, in
doubles or exact, one source over the fused type ``Num``.

A hand is coded as one integer, 6 bits a value (aces lowest), so that adding a card adds a
constant; the cards set aside beside a split hand are ``k`` cards of the pair's value. Values are
memoised in a hash table keyed by (kind, hand, cards aside, up card); the dealer's row for each
(cards out, up card) is propagated once through the dealer's graph for that up card
(``dealer_walk.pxd``, the graph folded by ``odds.engine.dealer_kernel``).

A dealer's graph with an eighth result, 22 (Blackjack Switch), keeps the 22 out of the bust: a
stand then neither wins nor loses against it, unless ``settle`` says it wins; ``settle`` also makes
a tie on chosen totals lose (Switch's rule sets).

Floats: the same operations as the Python engine, in the same order, but for the dealer's rows
under his own graphs (S17, H17): those come from the straight-line code (``straight_floats``), every
up card of a shoe at once, summed in another order, so values may differ from the Python engine's
in the last bits (the tests hold them to 1e-12, with the same choices). Exact: with ``N`` cards in
the shoe and ``s`` cards out besides the up card (the player's and those set aside), ``L = N - 1 - s``
are left and every value at that state is an integer over ``S * Den(s)``, ``Den(s) = (L)_(T - s)``
(a falling factorial, ``T`` a bound on the cards a round can draw after the up card). Then
``Den(s) = L * Den(s + 1)``: the value of a draw is the sum of ``(cards of the value left) x (value
after it)``, with no division; a dealer's count of ordered draws of ``k`` cards, over ``(L)_k``,
is multiplied by ``Den(s) / (L)_k``; ``S`` makes every pay an integer (a surrender's half, 3:2,
6:5, the optional payouts). Values of one state share a denominator, so choices compare integers.
The dealer's counts are summed in 128 bits while ``fits_128`` holds, else in Python integers.

The kernel raises :class:`Unsupported` where the Python engine would raise (a shoe that runs out,
an up card the shoe lacks): the caller then runs the Python engine, which says why.
"""
from fractions import Fraction

from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memset

from dealer_walk cimport Graph, fits_128, graph_free, graph_load, straight_floats, walk
from hash_mix cimport mix
from int128 cimport to_int, u128

ctypedef unsigned long long u64

cdef extern from *:
    ctypedef long long i128 "__int128"

ctypedef fused Num:  # a value: a probability-weighted result (double) or an exact numerator (object)
    double
    object

cdef enum:
    NRES = 7        # the dealer's results: 17, 18, 19, 20, 21, blackjack, bust (then 22, if kept apart)
    BJ = 5
    BUST = 6
    STAND = 0       # options, in the order the Python engine lists them
    HIT = 1
    DOUBLE = 2
    SURRENDER = 3
    SPLIT = 4
    K_HIT = 1       # kinds of memoised values
    K_DECIDE = 2
    K_PLAY = 3
    K_SPLIT = 4
    K_ROW = 5
    K_BURN_HIT = 6        # Blackjack Burnout: a hit with the burn available,
    K_BURNED_DOUBLE = 7   # a double card burned (keyed by its value),
    K_BURN_CHANCE = 8     # the chance that the burn is used


class Unsupported(Exception):
    """The kernel cannot compute this shoe as the Python engine does (it would raise there)."""


# ------------------------------------------------------------------------------ hash table

cdef struct Slot:
    u64 hi           # 0: an empty slot
    u64 lo
    long long val


cdef struct Map:
    Slot* s
    long long cap, n


cdef int _map_init(Map* m, long long cap) except -1:
    m.s = <Slot*> calloc(cap, sizeof(Slot))
    if m.s == NULL:
        raise MemoryError()
    m.cap, m.n = cap, 0
    return 0


cdef void _map_free(Map* m) noexcept:
    free(m.s)
    m.s = NULL


cdef inline long long _map_get(const Map* m, u64 hi, u64 lo) noexcept nogil:
    """The value stored at (hi, lo), or -1."""
    cdef long long mask = m.cap - 1
    cdef long long i = <long long> (mix(hi, lo) & <u64> mask)
    while m.s[i].hi:
        if m.s[i].hi == hi and m.s[i].lo == lo:
            return m.s[i].val
        i = (i + 1) & mask
    return -1


cdef int _map_put(Map* m, u64 hi, u64 lo, long long val) except -1:
    """Store ``val`` at a key not yet in the table."""
    cdef Map old
    cdef long long i, mask
    if 2 * (m.n + 1) > m.cap:
        old = m[0]
        _map_init(m, 2 * old.cap)
        for i in range(old.cap):
            if old.s[i].hi:
                _map_put(m, old.s[i].hi, old.s[i].lo, old.s[i].val)
        _map_free(&old)
    mask = m.cap - 1
    i = <long long> (mix(hi, lo) & <u64> mask)
    while m.s[i].hi:
        i = (i + 1) & mask
    m.s[i].hi, m.s[i].lo, m.s[i].val = hi, lo, val
    m.n += 1
    return 0


# ------------------------------------------------------------------------------ hands

cdef inline u64 card(int v) noexcept nogil:
    """The code of one card of value ``v`` (ace = 1)."""
    return (<u64> 1) << (6 * (v - 1))


cdef inline int count(u64 code, int v) noexcept nogil:
    return <int> ((code >> (6 * (v - 1))) & 63)


cdef u64 _code(hand) except? 0:
    """The code of a hand given as ten counts by value."""
    cdef u64 code = 0
    cdef int i
    for i in range(10):
        code += (<u64> hand[i]) * card(i + 1)
    return code


cdef inline int ncards(u64 code) noexcept nogil:
    cdef int v, n = 0
    for v in range(1, 11):
        n += count(code, v)
    return n


cdef inline int hard_of(u64 code) noexcept nogil:
    cdef int v, h = 0
    for v in range(1, 11):
        h += v * count(code, v)
    return h


cdef inline int best_total(u64 code, bint* soft) noexcept nogil:
    cdef int hard = hard_of(code)
    if count(code, 1) and hard + 10 <= 21:
        soft[0] = True
        return hard + 10
    soft[0] = False
    return hard


cdef class PlayerKernel:
    """One rule set and one shoe; values are memoised across calls (``round_value``,
    ``first_options``)."""

    cdef Graph g
    cdef int width, kd, maxdepth, smax, T, nres, c21
    cdef u64 oth     # cards out of the shoe the rows are keyed with beside ``removed`` (see ``reshoe``)
    cdef long long c[10]
    cdef long long total
    cdef bint exact, big, narrow, peek_like, das, surrender, hit_split_aces, rescue, can_split
    cdef bint bonuses, has777, has678, has5
    cdef bint burn_on, burn_busts, burn_peek  # the burn option on the hand as dealt (``burn``)
    cdef bint tie_loses[5]  # a stand on 17..21 loses a tie with the dealer (``settle``)
    cdef bint wins_22       # with a 22 kept apart: a stand wins against it (``settle``)
    cdef bint settled       # values have been computed under this settlement
    cdef int most[10]
    cdef char dbl[2][64]
    cdef double fpay777, fpay678, fpay5, fbj
    cdef object opay777, opay678, opay5, obj, S
    cdef list den, scale2, terms
    cdef Map vals, rows
    cdef double* fv
    cdef long long fvn, fvcap
    cdef list ov
    cdef double* frow
    cdef long long frn, frcap
    cdef list orow
    cdef u128* irow   # exact rows in 128 bits (``narrow``), over (L)_min(kd, L)
    cdef long long irn, ircap
    cdef long long spay777, spay678, spay5, sS
    cdef double* freach
    cdef double* fout
    cdef u128* ireach
    cdef u128* iout
    cdef int nbuckets
    cdef int straight    # the dealer's rule whose straight-line floats give the rows (1 H17, 0 S17), or -1
    cdef double finals[70]

    def __cinit__(self, dict folded, counts, bint exact, bint peek_like, bint das, bint surrender,
                  bint hit_split_aces, bint rescue, bint can_split, most, can_double, terms, pays,
                  straight=None):
        """``folded``: the dealer's graph (``DealerKernel.folded()``), of the seven results or of
        eight, a dealer 22 kept apart last (it then pushes every stand; ``peek_like`` only); ``counts``: the shoe by value;
        ``most[p-1]``: the most hands a pair of ``p`` may become; ``can_double[soft][hard]``;
        ``terms[most]``: the terms of a split value, ``(coefficient, pair cards off the top, any
        second card)`` in the Python engine's order; ``pays``: ``(blackjack, 7-7-7, suited
        6-7-8, five-card 21)`` (None where not paid), floats or Fractions as ``exact``;
        ``straight``: whether ``folded`` is the dealer's own graph under H17 (True) or S17 (False),
        whose rows in floats then come from the straight-line code, every up card at once (None:
        another graph)."""
        cdef int v, s, i, j, kq, c21, hard
        cdef long long L
        self.straight = -1 if straight is None else (1 if straight else 0)
        graph_load(&self.g, folded)
        self.width = folded["width"]
        self.nbuckets = 10 * self.g.nresults * self.width
        self.nres = self.g.nresults
        if not (self.nres == NRES or self.nres == NRES + 1):
            raise ValueError("the player kernel takes the dealer's seven results, or eight with a 22 kept apart")
        self.kd = self.width - 2  # the most cards a dealer draws after the up card
        self.maxdepth = max(folded["depth"])
        self.total = 0
        for v in range(10):
            self.c[v] = counts[v]
            self.total += counts[v]
            self.most[v] = most[v]
        self.exact, self.peek_like, self.das, self.surrender = exact, peek_like, das, surrender
        self.hit_split_aces, self.rescue, self.can_split = hit_split_aces, rescue, can_split
        for s in range(2):
            for v in range(64):
                self.dbl[s][v] = can_double[s][v] if v < len(can_double[s]) else 0
        self.terms = list(terms)
        bj, p777, p678, p5 = pays
        self.has777, self.has678, self.has5 = p777 is not None, p678 is not None, p5 is not None
        self.bonuses = self.has777 or self.has678 or self.has5
        self.big = not fits_128(self.total, self.width - 1)
        if exact:
            self.S = 2
            for x in pays:
                if x is not None:
                    d = Fraction(x).denominator
                    self.S = self.S * d // _gcd(self.S, d)
            self.obj = Fraction(bj) * self.S
            self.opay777 = Fraction(p777 or 0) * self.S
            self.opay678 = Fraction(p678 or 0) * self.S
            self.opay5 = Fraction(p5 or 0) * self.S
            self.obj, self.opay777 = int(self.obj), int(self.opay777)
            self.opay678, self.opay5 = int(self.opay678), int(self.opay5)
            # The most cards out besides the up card: a hand of the lowest cards the shoe holds up
            # to a hard 21, one more to bust, and the pair cards set aside.
            c21, hard = 0, 0
            for v in range(1, 11):
                for i in range(self.c[v - 1]):
                    if hard + v > 21:
                        break
                    hard += v
                    c21 += 1
            mmax = max([m for row in self.terms for _, m, _ in row], default=0)
            self.c21 = c21
            self.smax = c21 + 2 + mmax
            self.T = <int> min(self.total - 1, self.smax + self.kd)
            self.den = [1] * (self.T + 1)
            self.scale2 = [0] * (self.T + 1)
            for s in range(self.T - 1, -1, -1):
                self.den[s] = self.den[s + 1] * (self.total - 1 - s)
            for s in range(self.T + 1):
                L = self.total - 1 - s
                kq = <int> min(self.kd, L)
                x = 1
                for j in range(kq, self.T - s):
                    x *= L - j
                self.scale2[s] = x
        else:
            self.fbj = bj
            self.fpay777 = p777 if p777 is not None else 0.0
            self.fpay678 = p678 if p678 is not None else 0.0
            self.fpay5 = p5 if p5 is not None else 0.0
        _map_init(&self.vals, 1 << 16)
        _map_init(&self.rows, 1 << 14)
        self.ov, self.orow = [], []
        self.ircap = 1 << 12
        self.irow = <u128*> malloc(self.ircap * self.nres * sizeof(u128))
        if self.irow == NULL:
            raise MemoryError()
        self.narrow = False
        if exact and not self.big:
            # A stand's numerator at one state, |pay x win - S x lose|, below 2**126.
            widest = max(self.S, self.opay777, self.opay678, self.opay5)
            if 2 * widest * (self.total - 1) ** self.kd < (1 << 126):
                self.narrow = True
                self.sS, self.spay777, self.spay678, self.spay5 = self.S, self.opay777, self.opay678, self.opay5
        self.fvcap, self.frcap = 1 << 16, 1 << 12
        self.fv = <double*> malloc(self.fvcap * sizeof(double))
        self.frow = <double*> malloc(self.frcap * self.nres * sizeof(double))
        self.freach = <double*> calloc(self.g.n, sizeof(double))
        self.fout = <double*> calloc(self.nbuckets, sizeof(double))
        self.ireach = <u128*> calloc(self.g.n, sizeof(u128))
        self.iout = <u128*> calloc(self.nbuckets, sizeof(u128))
        if not (self.fv and self.frow and self.freach and self.fout and self.ireach and self.iout):
            raise MemoryError()

    def __dealloc__(self):
        graph_free(&self.g)
        _map_free(&self.vals)
        _map_free(&self.rows)
        free(self.fv); free(self.frow); free(self.irow); free(self.freach); free(self.fout); free(self.ireach); free(self.iout)

    def reshoe(self, counts, other):
        """Compute from now on from the shoe ``counts`` (by value, as many cards as the kernel's
        shoe): the kernel's shoe with the cards ``other`` (by value) exchanged for those of some
        shoe the kernel computed from before (Blackjack Switch: the shoe less the other hand's two
        cards, for each other hand). The player's values are forgotten; the dealer's rows are kept,
        keyed by every card out of the full shoe (``other`` and the player's), so the shoes share
        them. Raises :class:`Unsupported` where the exact scale set up at construction would not
        hold the new shoe (the caller builds a kernel for it)."""
        cdef int v, i, c21 = 0, hard = 0
        cdef u64 code = 0
        cdef long long tot = 0
        for v in range(10):
            tot += counts[v]
            code += (<u64> other[v]) * card(v + 1)
        if tot != self.total:
            raise ValueError("a narrowed shoe holds as many cards as the kernel's")
        if self.exact:
            for v in range(1, 11):
                for i in range(counts[v - 1]):
                    if hard + v > 21:
                        break
                    hard += v
                    c21 += 1
            if c21 > self.c21:
                raise Unsupported("the exact scale of this kernel does not hold that shoe")
        for v in range(10):
            self.c[v] = counts[v]
        self.oth = code
        memset(self.vals.s, 0, self.vals.cap * sizeof(Slot))
        self.vals.n = 0
        self.fvn = 0
        self.ov = []

    def round_value(self):
        """``(value, choices)``: the round's expected result per unit (float, or Fraction) and
        the option taken on each deal ``(a, b, u)`` that is not a player blackjack (0 stand, 1
        hit, 2 double, 3 surrender, 4 split)."""
        self.settled = True
        if self.exact:
            return _round_value(self, <object> 0)
        return _round_value(self, <double> 0)

    def hand_law(self, hand, int up, int option):
        """In floats: how a hand as dealt (counts by value, no cards aside) taking ``option`` (0
        stand, 1 hit then play on, 2 double) meets the dealer, for ``odds.engine.outcomes``:
        ``[(total, stake, row)]``, ``total`` the final total (16 for any below 17, 22 bust),
        ``row`` the sum over the hand's card sequences ending so of their chance times the
        dealer's row (17..21, blackjack, bust; no peek, blackjack kept; a bust hand's row holds
        only the blackjack and the rest)."""
        cdef double law[7 * 2 * NRES]
        cdef u64 code = _code(hand)
        cdef int t, stake, d
        if self.exact or self.nres != NRES:
            raise ValueError("the hand's law is computed in floats, against the seven results")
        memset(law, 0, sizeof(law))
        if option == STAND:
            _law_end(self, code, up, 1, 1.0, law)
        else:
            _law_draw(self, code, up, option == DOUBLE, 1.0, law)
        out = []
        for t in range(7):
            for stake in range(2):
                row = tuple(law[(2 * t + stake) * NRES + d] for d in range(NRES))
                if any(row):
                    out.append((16 + t, 1 + stake, row))
        return out

    def settle(self, ties_lose, bint wins_22=False):
        """How a stand is settled (Blackjack Switch's rule sets): ``ties_lose[i]`` for the totals
        17..21, a tie with the dealer on that total loses; ``wins_22``: on a graph with the 22 kept
        apart, a dealer 22 loses to a stand (else it pushes). Set before any value is computed."""
        cdef int i
        flags = [bool(t) for t in ties_lose]
        if len(flags) != 5:
            raise ValueError("ties_lose: five flags, for the totals 17 to 21")
        if wins_22 and self.nres != NRES + 1:
            raise ValueError("wins_22 needs the dealer's graph with the 22 kept apart")
        if self.settled and (flags != [bool(self.tie_loses[i]) for i in range(5)] or wins_22 != self.wins_22):
            raise ValueError("a kernel keeps one settlement once values are computed")
        for i in range(5):
            self.tie_loses[i] = flags[i]
        self.wins_22 = wins_22

    def burn(self, bint on, bint busts=True, bint peek=True):
        """Blackjack Burnout (``odds.games.burnout``): with ``on``, the hand as dealt hits and
        doubles with the burn available, and ``round_value``/``first_options`` count it; ``busts``:
        a card that busts the hand may be burned; ``peek``: the dealer peeks (the chance of a burn is
        then taken jointly with no dealer blackjack). Values computed either way are kept."""
        if on and self.nres != NRES:
            raise ValueError("the burn is computed against the dealer's seven results")
        if on and self.burn_on and (busts != self.burn_busts or peek != self.burn_peek):
            raise ValueError("a kernel keeps one reading of the burn")
        self.burn_on = on
        if on:
            self.burn_busts, self.burn_peek = busts, peek

    def hits(self, hand, int pair, int k, int up):
        """Whether a hand that has just taken a card plays on: hitting ``hand`` (counts by value)
        is worth more than standing, ``k`` cards of ``pair`` set aside (``odds.engine.outcomes``
        walks the play with it)."""
        cdef u64 code = _code(hand)
        cdef u64 removed = code + (<u64> k) * card(pair) if pair else code
        cdef bint soft
        cdef int total = best_total(code, &soft)
        if self.exact:
            return _hit(self, code, pair, k, up, <object> 0) > _stand(self, removed, up, total, _one(self, <object> 0))
        return _hit(self, code, pair, k, up, <double> 0) > _stand(self, removed, up, total, 1.0)

    def decide(self, hand, int pair, int up, bint first):
        """The option (0 stand, 1 hit, 2 double) of a split hand of ``pair`` holding ``hand``, the
        other pair card aside (the engine's rule D)."""
        if self.exact:
            return _decide(self, _code(hand), pair, up, first, <object> 0)
        return _decide(self, _code(hand), pair, up, first, <double> 0)

    def burn_seen(self, hand, int v, int up, bint final):
        """Whether the best play burns the card ``v`` drawn onto ``hand`` (counts by value) against
        ``up``, the burn available; ``final``: it is the double card."""
        cdef u64 code = _code(hand)
        cdef bint burned = False
        if self.exact:
            _burn_seen(self, code, v, up, final, &burned, <object> 0)
        else:
            _burn_seen(self, code, v, up, final, &burned, <double> 0)
        return burned

    def burn_chance(self, int a, int b, int u, bint final):
        """P(the burn is used over the rest of the hand; no dealer blackjack with peek) for a
        two-card hand against ``u`` that hits (or doubles, ``final``), played best."""
        cdef u64 hand = card(a) + card(b)
        if self.exact:
            return Fraction(_burn_chance(self, hand, u, final, <object> 0), self.S * self.den[2])
        return _burn_chance(self, hand, u, final, <double> 0)

    def first_options(self, int a, int b, int u):
        """``[(option, value), ...]`` of a two-card hand against ``u``, in the Python engine's
        order; values are floats or Fractions (E[result; dealer has no blackjack])."""
        self.settled = True
        if self.exact:
            den = self.S * self.den[2]
            return [(k, Fraction(x, den)) for k, x in _first_options(self, a, b, u, <object> 0)]
        return _first_options(self, a, b, u, <double> 0)


cdef object _gcd(object a, object b):
    while b:
        a, b = b, a % b
    return a


# ------------------------------------------------------------------------------ storage

cdef long long _store(PlayerKernel K, Num x) except -1:
    cdef long long slot
    if Num is double:
        if K.fvn == K.fvcap:
            K.fvcap *= 2
            K.fv = <double*> realloc(K.fv, K.fvcap * sizeof(double))
            if K.fv == NULL:
                raise MemoryError()
        slot = K.fvn
        K.fv[slot] = x
        K.fvn += 1
        return slot
    else:
        K.ov.append(x)
        return len(K.ov) - 1


cdef inline Num _load(PlayerKernel K, long long slot, Num z):
    if Num is double:
        return K.fv[slot]
    else:
        return K.ov[slot]


cdef inline Num _one(PlayerKernel K, Num z):
    """A pay of one to one."""
    if Num is double:
        return 1.0
    else:
        return K.S


# ------------------------------------------------------------------------------ the dealer

cdef long long _float_row(PlayerKernel K, const double* row) except -1:
    """Store a row of probabilities (17..21, blackjack, bust, and 22 if kept apart); its slot."""
    cdef long long slot
    cdef int res
    if K.frn == K.frcap:
        K.frcap *= 2
        K.frow = <double*> realloc(K.frow, K.frcap * K.nres * sizeof(double))
        if K.frow == NULL:
            raise MemoryError()
    slot = K.frn
    K.frn += 1
    for res in range(K.nres):
        K.frow[K.nres * slot + res] = row[res]
    return slot


cdef long long _keep_row(PlayerKernel K, u64 removed, int up, long long tot, void* buf, int m, int j,
                         Num z) except -1:
    """Store the row of ``up`` for the shoe less ``removed`` (``tot`` cards) from the buckets a walk
    left in ``buf`` (shoe ``j`` of ``m``: bucket ``b`` at ``m*b + j``); its slot."""
    cdef long long slot, L = tot - 1
    cdef int res, k, s, kq, base = (up - 1) * K.nres * K.width
    cdef double acc
    cdef double* fb = <double*> buf
    cdef u128* ib = <u128*> buf
    cdef u128 iacc, x
    cdef u128 f[64]
    cdef double sums[NRES + 1]
    if Num is double:
        for res in range(K.nres):
            acc = 0.0
            for k in range(K.width):
                acc += fb[m * (base + res * K.width + k) + j]
            sums[res] = acc
        slot = _float_row(K, sums)
    else:
        s = <int> (K.total - tot)
        if s > K.smax:
            raise Unsupported("more cards out than the exact scale allows")
        kq = <int> min(K.kd, L)
        f[kq] = 1
        for k in range(kq - 1, -1, -1):
            f[k] = f[k + 1] * <u128> (L - k)
        if K.narrow:
            if K.irn == K.ircap:
                K.ircap *= 2
                K.irow = <u128*> realloc(K.irow, K.ircap * K.nres * sizeof(u128))
                if K.irow == NULL:
                    raise MemoryError()
            slot = K.irn
            K.irn += 1
        row = []
        for res in range(K.nres):
            iacc = 0
            for k in range(1, K.width):  # a dealer hand of k cards drew k - 1 after the up card
                x = ib[m * (base + res * K.width + k) + j]
                if x:
                    if k - 1 > kq:
                        raise Unsupported("a dealer hand longer than the shoe")
                    iacc += x * f[k - 1]
            if K.narrow:
                K.irow[K.nres * slot + res] = iacc
            else:
                row.append(to_int(iacc) * K.scale2[s] if iacc else 0)
        if not K.narrow:
            slot = len(K.orow)
            K.orow.append(tuple(row))
    _map_put(&K.rows, K_ROW, (removed + K.oth) | ((<u64> up) << 60), slot)
    return slot


cdef long long _row(PlayerKernel K, u64 removed, int up, Num z) except -1:
    """The slot of the dealer's row (17..21, blackjack, bust) for ``up`` from the shoe less
    ``removed``: probabilities, or numerators over ``Den(s)``."""
    cdef u64 lo = (removed + K.oth) | ((<u64> up) << 60)
    cdef long long slot = _map_get(&K.rows, K_ROW, lo)
    cdef long long c[10]
    cdef long long tot = 0, L
    cdef int v, u, res, k, s, base
    if slot >= 0:
        return slot
    for v in range(10):
        c[v] = K.c[v] - count(removed, v + 1)
        tot += c[v]
    if tot < 2 or c[up - 1] <= 0:
        raise Unsupported("the dealer's hand cannot be dealt")
    if tot <= K.maxdepth:  # the shoe may run out under some up card: the Python engine checks all
        for u in range(10):
            if c[u] > 0:
                memset(K.fout + u * K.nres * K.width, 0, K.nres * K.width * sizeof(double))
                if walk(&K.g, u, c, tot, K.freach, K.fout, <double> 0) >= 0:
                    raise Unsupported("the shoe runs out before the dealer finishes")
    base = (up - 1) * K.nres * K.width
    if Num is double and K.straight >= 0 and straight_floats(c, K.straight, NULL, K.finals):
        for u in range(10):  # the rows of every up card the shoe holds: other hands ask for them
            if c[u] > 0:
                k = _float_row(K, &K.finals[NRES * u])
                _map_put(&K.rows, K_ROW, (removed + K.oth) | ((<u64> (u + 1)) << 60), k)
                if u == up - 1:
                    slot = k
        return slot
    if Num is double:
        memset(K.fout + base, 0, K.nres * K.width * sizeof(double))
        if walk(&K.g, up - 1, c, tot, K.freach, K.fout, <double> 0) >= 0:
            raise Unsupported("the shoe runs out before the dealer finishes")
        return _keep_row(K, removed, up, tot, K.fout, 1, 0, z)
    if not K.big:
        memset(K.iout + base, 0, K.nres * K.width * sizeof(u128))
        if walk(&K.g, up - 1, c, tot, K.ireach, K.iout, <u128> 0) >= 0:
            raise Unsupported("the shoe runs out before the dealer finishes")
        return _keep_row(K, removed, up, tot, K.iout, 1, 0, z)
    s = <int> (K.total - tot)
    if s > K.smax:
        raise Unsupported("more cards out than the exact scale allows")
    L = tot - 1
    out = [0] * K.nbuckets
    if walk(&K.g, up - 1, c, tot, <list> ([0] * K.g.n), <list> out, <object> 0) >= 0:
        raise Unsupported("the shoe runs out before the dealer finishes")
    facs = [K.den[s]]
    for k in range(1, K.width):
        facs.append(facs[k - 1] // (L - k + 1) if k <= L else 0)
    row = []
    for res in range(K.nres):
        x = 0
        for k in range(1, K.width):
            w = out[base + res * K.width + k]
            if w:
                x += w * facs[k - 1]
        row.append(x)
    slot = len(K.orow)
    K.orow.append(tuple(row))
    _map_put(&K.rows, K_ROW, lo, slot)
    return slot


cdef Num _stand(PlayerKernel K, u64 removed, int up, int total, Num pay):
    """Standing on ``total`` (a win pays ``pay``); with no hole card a dealer blackjack takes it."""
    cdef long long slot = _row(K, removed, up, pay)
    cdef int i
    cdef double win, value
    cdef double* f
    cdef u128* g
    cdef i128 iwin, ilose, ival
    if Num is double:
        f = &K.frow[K.nres * slot]
        win = f[BUST] + (f[NRES] if K.wins_22 else 0.0)
        value = 0.0 if K.peek_like else -f[BJ]
        for i in range(5):
            if 17 + i < total:
                win += f[i]
            elif 17 + i > total or (17 + i == total and K.tie_loses[i]):
                value -= f[i]
        return value + pay * win
    elif K.narrow:  # in 128 bits over (L)_min(kd, L), then brought to Den(s)
        g = &K.irow[K.nres * slot]
        iwin = <i128> g[BUST]
        if K.wins_22:
            iwin += <i128> g[NRES]
        ilose = 0 if K.peek_like else <i128> g[BJ]
        for i in range(5):
            if 17 + i < total:
                iwin += <i128> g[i]
            elif 17 + i > total or (17 + i == total and K.tie_loses[i]):
                ilose += <i128> g[i]
        ival = (<i128> (<long long> pay)) * iwin - (<i128> K.sS) * ilose
        if ival == 0:
            return 0
        if ival > 0:
            return to_int(<u128> ival) * K.scale2[ncards(removed)]
        return -(to_int(<u128> (-ival)) * K.scale2[ncards(removed)])
    else:
        r = K.orow[slot]
        owin = r[BUST] + (r[NRES] if K.wins_22 else 0)
        ovalue = 0 if K.peek_like else -r[BJ]
        for i in range(5):
            if 17 + i < total:
                owin += r[i]
            elif 17 + i > total or (17 + i == total and K.tie_loses[i]):
                ovalue -= r[i]
        return K.S * ovalue + pay * owin


cdef Num _certain(PlayerKernel K, u64 removed, Num z):
    """A probability of one at the state of ``removed``."""
    if Num is double:
        return 1.0
    else:
        return K.S * K.den[ncards(removed)]


cdef Num _no_blackjack(PlayerKernel K, u64 removed, int up, Num z):
    """P(the hole card makes no blackjack), the shoe less the up card and ``removed``."""
    cdef int s = ncards(removed), other
    cdef long long left, n
    if up != 1 and up != 10:
        return _certain(K, removed, z)
    other = 11 - up
    left = K.total - s - 1
    if left <= 0:
        raise Unsupported("the shoe runs out before the dealer's hole card")
    n = K.c[other - 1] - count(removed, other)
    if Num is double:
        return 1.0 - (<double> n) / (<double> left)
    else:
        if s + 1 > K.T:
            raise Unsupported("more cards out than the exact scale allows")
        return K.S * (left - n) * K.den[s + 1]


cdef Num _lost_bet(PlayerKernel K, u64 removed, int up, Num z):
    """A bet lost whatever the dealer holds."""
    if K.peek_like:
        return -_no_blackjack(K, removed, up, z)
    return -_certain(K, removed, z)


cdef Num _bonus_pay(PlayerKernel K, u64 hand, Num z):
    """What a winning undoubled hand pays under the optional payouts."""
    cdef int n
    cdef bint soft
    if not K.bonuses:
        return _one(K, z)
    n = ncards(hand)
    if n == 3 and K.has777 and count(hand, 7) == 3:
        if Num is double:
            return K.fpay777
        else:
            return K.opay777
    if n == 3 and K.has678 and count(hand, 6) == 1 and count(hand, 7) == 1 and count(hand, 8) == 1:
        if Num is double:
            return K.fpay678
        else:
            return K.opay678
    if n == 5 and K.has5 and best_total(hand, &soft) == 21:
        if Num is double:
            return K.fpay5
        else:
            return K.opay5
    return _one(K, z)


cdef inline long long _left(PlayerKernel K, u64 removed) except -1:
    """Cards left to draw from (the shoe less the up card and ``removed``)."""
    cdef long long left = K.total - ncards(removed) - 1
    cdef int s
    if left <= 0:
        raise Unsupported("the shoe runs out before the player's hand is complete")
    if K.exact:
        s = ncards(removed)
        if s + 1 > K.T:
            raise Unsupported("more cards out than the exact scale allows")
    return left


# ------------------------------------------------------------------------------ hand values

cdef Num _after_card(PlayerKernel K, u64 hand, int pair, int k, int up, bint final, Num z):
    """A hand that has just taken a card: bust, stand if ``final``, else the better of standing
    and hitting. ``k`` cards of value ``pair`` are set aside."""
    cdef u64 removed = hand + (<u64> k) * card(pair) if pair else hand
    cdef bint soft
    cdef int total = best_total(hand, &soft)
    cdef Num st, h
    if total > 21:
        return _lost_bet(K, removed, up, z)
    if final:
        return _stand(K, removed, up, total, _one(K, z))
    st = _stand(K, removed, up, total, _bonus_pay(K, hand, z))
    if total == 21:
        return st
    h = _hit(K, hand, pair, k, up, z)
    return h if h > st else st


cdef Num _draw(PlayerKernel K, u64 hand, int pair, int k, int up, bint final, Num z):
    """The sum over the next card of its chance times the value after it (final: the hand then
    stands), ``k`` cards of ``pair`` set aside."""
    cdef u64 removed = hand + (<u64> k) * card(pair) if pair else hand
    cdef long long left = _left(K, removed), n
    cdef int v
    cdef double acc
    if Num is double:
        acc = 0.0
        for v in range(1, 11):
            n = K.c[v - 1] - count(removed, v) - (v == up)
            if n > 0:
                acc += ((<double> n) / (<double> left)) * _after_card(K, hand + card(v), pair, k, up, final, z)
        return acc
    else:
        oacc = 0
        for v in range(1, 11):
            n = K.c[v - 1] - count(removed, v) - (v == up)
            if n > 0:
                oacc += n * _after_card(K, hand + card(v), pair, k, up, final, z)
        return oacc


cdef Num _hit(PlayerKernel K, u64 hand, int pair, int k, int up, Num z):
    cdef u64 hi = K_HIT | (<u64> pair << 4) | (<u64> k << 8)
    cdef u64 lo = hand | ((<u64> up) << 60)
    cdef long long slot = _map_get(&K.vals, hi, lo)
    cdef Num x
    if slot >= 0:
        return _load(K, slot, z)
    x = _draw(K, hand, pair, k, up, False, z)
    _map_put(&K.vals, hi, lo, _store(K, x))
    return x


cdef Num _double(PlayerKernel K, u64 hand, int pair, int k, int up, int dpair, int dk, Num z):
    """Doubling; with the rescue, the choice is made as if ``dk`` cards of ``dpair`` were set
    aside (the hand's own cards aside when they are the same)."""
    cdef u64 extra = (<u64> k) * card(pair) if pair else 0
    cdef u64 dextra = (<u64> dk) * card(dpair) if dpair else 0
    cdef u64 removed = hand + extra, drawn
    cdef long long left = _left(K, removed), n
    cdef bint same = extra == dextra, soft
    cdef int v
    cdef Num value = z, played, rescue
    for v in range(1, 11):
        n = K.c[v - 1] - count(removed, v) - (v == up)
        if n <= 0:
            continue
        drawn = hand + card(v)
        played = 2 * _after_card(K, drawn, pair, k, up, True, z)
        if K.rescue and best_total(drawn, &soft) <= 21:
            rescue = _lost_bet(K, drawn + extra, up, z)
            if same:
                if rescue > played:
                    played = rescue
            elif _lost_bet(K, drawn + dextra, up, z) > 2 * _after_card(K, drawn, dpair, dk, up, True, z):
                played = rescue
        if Num is double:
            value += ((<double> n) / (<double> left)) * played
        else:
            value += n * played
    return value


# ------------------------------------------------------------------------------ splits

cdef int _decide(PlayerKernel K, u64 hand, int pair, int up, bint first, Num z) except -1:
    """D: the split hand's option (stand, hit or double), decided with one pair card aside."""
    cdef u64 hi = K_DECIDE | (<u64> pair << 4) | (<u64> first << 14)
    cdef u64 lo = hand | ((<u64> up) << 60)
    cdef long long got = _map_get(&K.vals, hi, lo)
    cdef bint soft
    cdef int total, choice
    cdef Num pay, best, h, d
    if got >= 0:
        return <int> got
    total = best_total(hand, &soft)
    pay = _one(K, z) if first else _bonus_pay(K, hand, z)
    best = _stand(K, hand + card(pair), up, total, pay)
    choice = STAND
    if total < 21:
        h = _hit(K, hand, pair, 1, up, z)
        if h > best:
            best, choice = h, HIT
        if first and K.das and K.dbl[soft][hard_of(hand)]:
            d = _double(K, hand, pair, 1, up, pair, 1, z)
            if d > best:
                best, choice = d, DOUBLE
    _map_put(&K.vals, hi, lo, choice)
    return choice


cdef Num _split_play(PlayerKernel K, u64 hand, int pair, int up, int m, bint first, Num z):
    """A split hand holding ``hand`` played by D, with ``m`` more pair cards gone."""
    cdef u64 hi, lo, removed
    cdef long long slot, left, n
    cdef int total, choice, v, k = 1 + m
    cdef bint soft
    cdef double acc
    cdef Num value, pay
    if m == 0 and not first:
        return _after_card(K, hand, pair, 1, up, False, z)
    hi = K_PLAY | (<u64> pair << 4) | (<u64> m << 8) | (<u64> first << 14)
    lo = hand | ((<u64> up) << 60)
    slot = _map_get(&K.vals, hi, lo)
    if slot >= 0:
        return _load(K, slot, z)
    removed = hand + (<u64> k) * card(pair)
    total = best_total(hand, &soft)
    if total > 21:
        value = _lost_bet(K, removed, up, z)
    elif first and pair == 1 and not K.hit_split_aces:
        value = _stand(K, removed, up, total, _one(K, z))
    else:
        pay = _one(K, z) if first else _bonus_pay(K, hand, z)
        choice = STAND if total == 21 else _decide(K, hand, pair, up, first, z)
        if choice == STAND:
            value = _stand(K, removed, up, total, pay)
        elif choice == DOUBLE:
            value = _double(K, hand, pair, k, up, pair, 1, z)
        else:
            left = _left(K, removed)
            if Num is double:
                acc = 0.0
                for v in range(1, 11):
                    n = K.c[v - 1] - count(removed, v) - (v == up)
                    if n > 0:
                        acc += ((<double> n) / (<double> left)) * _split_play(K, hand + card(v), pair, up, m, False, z)
                value = acc
            else:
                value = 0
                for v in range(1, 11):
                    n = K.c[v - 1] - count(removed, v) - (v == up)
                    if n > 0:
                        value += n * _split_play(K, hand + card(v), pair, up, m, False, z)
    _map_put(&K.vals, hi, lo, _store(K, value))
    return value


cdef Num _split_hand(PlayerKernel K, int pair, int up, int m, bint any_card, Num z):
    """E[one split hand; its second card is not a pair card unless ``any_card``], ``m`` more
    pair cards gone."""
    cdef u64 hi = K_SPLIT | (<u64> pair << 4) | (<u64> m << 8) | (<u64> any_card << 14)
    cdef u64 lo = (<u64> up) << 60
    cdef long long slot = _map_get(&K.vals, hi, lo), left, n
    cdef u64 start = card(pair), removed
    cdef int v
    cdef double acc
    cdef Num value
    if slot >= 0:
        return _load(K, slot, z)
    removed = start + (<u64> (1 + m)) * card(pair)
    left = _left(K, removed)
    if Num is double:
        acc = 0.0
        for v in range(1, 11):
            n = K.c[v - 1] - count(removed, v) - (v == up)
            if n > 0 and (any_card or v != pair):
                acc += ((<double> n) / (<double> left)) * _split_play(K, start + card(v), pair, up, m, True, z)
        value = acc
    else:
        value = 0
        for v in range(1, 11):
            n = K.c[v - 1] - count(removed, v) - (v == up)
            if n > 0 and (any_card or v != pair):
                value += n * _split_play(K, start + card(v), pair, up, m, True, z)
    _map_put(&K.vals, hi, lo, _store(K, value))
    return value


cdef object _perm(object n, int m):
    cdef int i
    x = 1
    for i in range(m):
        x *= n - i
    return x if n >= m else 0


cdef Num _split_value(PlayerKernel K, int pair, int up, Num z):
    """All the split hands of a pair against ``up``: the terms of the patterns of second cards
    (see ``PlayerEngine.split_value``). Exact: ``(pool)_m x Den(2 + m) = Den(2)``."""
    cdef long long pairs_left = K.c[pair - 1] - 2 - (up == pair)
    cdef double acc = 0.0
    cdef int m
    cdef bint any_card
    pool = K.total - 3
    ovalue = 0
    for coef, om, oany in K.terms[K.most[pair - 1]]:
        m, any_card = om, oany
        ways = _perm(max(pairs_left, 0), m)
        if not ways:
            continue
        if Num is double:
            acc += (<double> coef) * ((<double> ways) / (<double> _perm(pool, m))) * _split_hand(K, pair, up, m, any_card, z)
        else:
            ovalue += coef * ways * _split_hand(K, pair, up, m, any_card, z)
    if Num is double:
        return acc
    else:
        return ovalue


# ------------------------------------------------------------------------------ the burn

cdef Num _burn_kept(PlayerKernel K, u64 new, int up, bint final, Num z):
    """Keeping the card just drawn onto ``new``, the burn still available: bust, stand if
    ``final`` (a double), else the better of standing and hitting."""
    cdef bint soft
    cdef int total = best_total(new, &soft)
    cdef Num st, h
    if total > 21:
        return _lost_bet(K, new, up, z)
    st = _stand(K, new, up, total, _one(K, z))
    if final or total == 21:
        return st
    h = _burn_hit(K, new, up, z)
    return h if h > st else st


cdef Num _burned(PlayerKernel K, u64 hand, int v, int up, bint final, Num z):
    """Burning the card ``v`` drawn onto ``hand``: the replacement comes from the shoe less ``v``,
    and the hand plays on with no burn (or stands, a double)."""
    cdef u64 hi, lo
    cdef long long slot
    cdef Num x
    if not final:
        return _hit(K, hand, v, 1, up, z)
    hi = K_BURNED_DOUBLE | (<u64> v << 4)
    lo = hand | ((<u64> up) << 60)
    slot = _map_get(&K.vals, hi, lo)
    if slot >= 0:
        return _load(K, slot, z)
    x = _draw(K, hand, v, 1, up, True, z)
    _map_put(&K.vals, hi, lo, _store(K, x))
    return x


cdef Num _burn_seen(PlayerKernel K, u64 hand, int v, int up, bint final, bint* burn, Num z):
    """The best choice once ``v`` is seen on ``hand`` (burn available); ``burn`` says whether it burns."""
    cdef u64 new = hand + card(v)
    cdef bint soft
    cdef Num kept = _burn_kept(K, new, up, final, z), burned
    burn[0] = False
    if best_total(new, &soft) > 21 and not K.burn_busts:
        return kept
    burned = _burned(K, hand, v, up, final, z)
    if burned > kept:
        burn[0] = True
        return burned
    return kept


cdef Num _burn_draw(PlayerKernel K, u64 hand, int up, bint final, Num z):
    """The sum over the next card of its chance times the best choice once it is seen."""
    cdef long long left = _left(K, hand), n
    cdef int v
    cdef bint burn
    cdef double acc
    if Num is double:
        acc = 0.0
        for v in range(1, 11):
            n = K.c[v - 1] - count(hand, v) - (v == up)
            if n > 0:
                acc += ((<double> n) / (<double> left)) * _burn_seen(K, hand, v, up, final, &burn, z)
        return acc
    else:
        oacc = 0
        for v in range(1, 11):
            n = K.c[v - 1] - count(hand, v) - (v == up)
            if n > 0:
                oacc += n * _burn_seen(K, hand, v, up, final, &burn, z)
        return oacc


cdef Num _burn_hit(PlayerKernel K, u64 hand, int up, Num z):
    """Hitting ``hand`` with the burn available, then playing on by composition."""
    cdef u64 lo = hand | ((<u64> up) << 60)
    cdef long long slot = _map_get(&K.vals, K_BURN_HIT, lo)
    cdef Num x
    if slot >= 0:
        return _load(K, slot, z)
    x = _burn_draw(K, hand, up, False, z)
    _map_put(&K.vals, K_BURN_HIT, lo, _store(K, x))
    return x


cdef Num _burn_double(PlayerKernel K, u64 hand, int up, Num z):
    """Doubling with the burn available (per unit of the original bet)."""
    return 2 * _burn_draw(K, hand, up, True, z)


cdef Num _burn_chance(PlayerKernel K, u64 hand, int up, bint final, Num z):
    """P(the burn is used; no dealer blackjack with peek) over the rest of the hand, from ``hand``
    about to take a card (a hit, or the double card if ``final``), burn available, best play."""
    cdef u64 hi = K_BURN_CHANCE | (<u64> final << 4)
    cdef u64 lo = hand | ((<u64> up) << 60), new
    cdef long long slot = _map_get(&K.vals, hi, lo), left, n
    cdef int v, total
    cdef bint burn, soft
    cdef Num acc = z, used
    if slot >= 0:
        return _load(K, slot, z)
    left = _left(K, hand)
    for v in range(1, 11):
        n = K.c[v - 1] - count(hand, v) - (v == up)
        if n <= 0:
            continue
        new = hand + card(v)
        _burn_seen(K, hand, v, up, final, &burn, z)
        total = best_total(new, &soft)
        if burn:
            used = _no_blackjack(K, new, up, z) if K.burn_peek else _certain(K, new, z)
        elif not final and total < 21 and _burn_hit(K, new, up, z) > _stand(K, new, up, total, _one(K, z)):
            used = _burn_chance(K, new, up, False, z)
        else:
            continue
        if Num is double:
            acc += ((<double> n) / (<double> left)) * used
        else:
            acc += n * used
    _map_put(&K.vals, hi, lo, _store(K, acc))
    return acc


# ------------------------------------------------------------------------------ a hand's law

cdef int _law_end(PlayerKernel K, u64 hand, int up, int stake, double prob, double* law) except -1:
    """Add a hand that ends here (``prob`` its sequences' chance) times the dealer's row."""
    cdef bint soft
    cdef int total = best_total(hand, &soft), d, t
    cdef long long slot
    cdef double p_bj
    cdef double* acc
    if total > 21:
        acc = &law[(2 * 6 + stake - 1) * NRES]
        p_bj = 1.0 - _no_blackjack(K, hand, up, <double> 0)
        acc[BJ] += prob * p_bj
        acc[BUST] += prob * (1.0 - p_bj)
        return 0
    t = total - 16 if total > 16 else 0
    acc = &law[(2 * t + stake - 1) * NRES]
    slot = _row(K, hand, up, <double> 0)
    for d in range(NRES):
        acc[d] += prob * K.frow[K.nres * slot + d]
    return 0


cdef int _law_draw(PlayerKernel K, u64 hand, int up, bint final, double prob, double* law) except -1:
    """A hand taking a card: a double's (``final``) stands, else it plays on by composition."""
    cdef long long left = _left(K, hand), n
    cdef int v
    for v in range(1, 11):
        n = K.c[v - 1] - count(hand, v) - (v == up)
        if n > 0:
            _law_after(K, hand + card(v), up, final, prob * ((<double> n) / (<double> left)), law)
    return 0


cdef int _law_after(PlayerKernel K, u64 hand, int up, bint final, double prob, double* law) except -1:
    cdef bint soft
    cdef int total = best_total(hand, &soft)
    if final:
        return _law_end(K, hand, up, 2, prob, law)
    if total >= 21 or not _hit(K, hand, 0, 0, up, <double> 0) > _stand(K, hand, up, total, 1.0):
        return _law_end(K, hand, up, 1, prob, law)
    return _law_draw(K, hand, up, False, prob, law)


# ------------------------------------------------------------------------------ the round

cdef list _first_options(PlayerKernel K, int a, int b, int u, Num z):
    cdef u64 hand = card(a) + card(b)
    cdef bint soft
    cdef int total = best_total(hand, &soft)
    cdef Num nb
    if K.burn_on:
        out = [(STAND, _stand(K, hand, u, total, _one(K, z))), (HIT, _burn_hit(K, hand, u, z))]
        if K.dbl[soft][a + b]:
            out.append((DOUBLE, _burn_double(K, hand, u, z)))
    else:
        out = [(STAND, _stand(K, hand, u, total, _one(K, z))), (HIT, _hit(K, hand, 0, 0, u, z))]
        if K.dbl[soft][a + b]:
            out.append((DOUBLE, _double(K, hand, 0, 0, u, 0, 0, z)))
    if K.surrender:
        nb = _no_blackjack(K, hand, u, z)
        if Num is double:
            out.append((SURRENDER, -nb / 2))
        else:
            out.append((SURRENDER, -(nb // 2)))  # S is even
    if a == b and K.can_split:
        out.append((SPLIT, _split_value(K, a, u, z)))
    return out


cdef tuple _round_value(PlayerKernel K, Num z):
    cdef long long n = K.total, ca, cb, ways, deals = n * (n - 1) * (n - 2)
    cdef int u, a, b, best
    cdef u64 hand
    cdef long long slot
    cdef double ev = 0.0, p = 0.0, p_bj = 0.0
    choices = {}
    oev = 0
    for u in range(1, 11):
        for a in range(1, 11):
            for b in range(a, 11):
                ca, cb = K.c[a - 1], K.c[b - 1]
                ways = ca * (ca - 1) if a == b else 2 * ca * cb
                ways *= K.c[u - 1] - (u == a) - (u == b)
                if ways <= 0:
                    continue
                hand = card(a) + card(b)
                slot = _row(K, hand, u, z)
                if Num is double:
                    p = (<double> ways) / (<double> deals)
                    p_bj = K.frow[K.nres * slot + BJ]
                elif K.narrow:
                    o_bj = to_int(K.irow[K.nres * slot + BJ]) * K.scale2[2]
                else:
                    o_bj = K.orow[slot][BJ]
                if (a == 1 and b == 10) or (a == 10 and b == 1):
                    if Num is double:
                        ev += p * (1 - p_bj) * K.fbj
                    else:
                        oev += ways * (K.den[2] - o_bj) * K.obj
                    continue
                options = _first_options(K, a, b, u, z)
                best, x = options[0]
                for k, y in options[1:]:
                    if y > x:
                        best, x = k, y
                choices[(a, b, u)] = best
                if Num is double:
                    ev += p * (x - p_bj if K.peek_like else x)
                else:
                    oev += ways * (x - K.S * o_bj if K.peek_like else x)
    if Num is double:
        return ev, choices
    return Fraction(oev, deals * K.S * K.den[2]), choices
