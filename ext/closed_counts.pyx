# cython: language_level=3
"""Closed-form counts of first-cards deals for a shoe by rank and suit: ``closed_terms`` and
``closed_mean`` give every closed form of a wager's return whole (the counts of each of its
outcomes and the cycle, in 128 bits for any shoe of up to a thousand decks), for a simulator's
shoe states.
"""
cimport cython

from int128 cimport to_int, u128
from shoe_counts cimport read_counts, read_state_row


# Every closed form, as the terms of a return: ``closed_terms`` gives them exactly, ``closed_mean``
# their pay-weighted mean in doubles, both from one reading of the 52 counts. The Python forms of
# ``odds.pricing.first_cards_closed`` (and Bust It's count of ``odds.wagers.dealer_bust``) are the
# check the tests hold these to.

FORMS = ("21+3", "twenty-point-bonus", "royal-match-21", "kings-bounty", "match-the-dealer", "bust-it", "super-match", "in-between",
         "bet-the-set-21", "house-money")
NEEDS = (3, 4, 4, 4, 3, 3, 4, 3, 2, 2)  # cards each form deals

cdef extern from *:
    ctypedef long long i128 "__int128"

cdef enum:
    MAXTERMS = 16
    TEN = 9        # rank index of T; J, Q, K follow
    NINE_R = 8
    EIGHT_R = 7
    QUEEN_R = 11
    KING_R = 12
    SPADES_S = 0
    HEARTS_S = 1


cdef inline i128 _c2(i128 n) noexcept nogil:  # n >= 0 here: n (n - 1) is even and not negative
    return (n * (n - 1)) >> 1


cdef inline long long _c2_64(long long n) noexcept nogil:
    return (n * (n - 1)) >> 1


cdef inline long long _rank(const long long* c, int r) noexcept nogil:  # the cards of rank r, A = 0
    return c[4 * r] + c[4 * r + 1] + c[4 * r + 2] + c[4 * r + 3]


cdef int _form_21_plus_3(const long long* c, i128 total128, i128* t) noexcept nogil:
    # in 64 bits: with at most 1,000 of a card (4,000 of a rank, 13,000 of a suit, 52,000 in all) the
    # largest sum, total^3, is under 1.5e14
    cdef long long rank[13]
    cdef long long suit[4]
    cdef long long total = <long long> total128
    cdef long long n, st = 0, sf = 0, straight = 0, fp = 0, fd = 0, pair = 0, trips = 0, e1, e2, e3
    cdef int i, r, s, a, b, d
    for i in range(13):
        rank[i] = _rank(c, i)
    for s in range(4):
        suit[s] = 0
        for r in range(13):
            suit[s] += c[4 * r + s]
    for i in range(52):  # each term a multiple of 6: one division of the sum
        n = c[i]
        st += n * (n - 1) * (n - 2)
    st //= 6
    for a in range(12):  # runs A-2-3 .. J-Q-K, then Q-K-A
        b, d = (a + 1, a + 2) if a < 11 else (12, 0)
        straight += rank[a] * rank[b] * rank[d]
        for s in range(4):
            sf += c[4 * a + s] * c[4 * b + s] * c[4 * d + s]
    for s in range(4):
        e1 = e2 = e3 = 0
        for r in range(13):
            n = c[4 * r + s]
            fp += _c2_64(n) * (suit[s] - n)
            e3 += e2 * n
            e2 += e1 * n
            e1 += n
        fd += e3
    for r in range(13):
        n = rank[r]
        pair += _c2_64(n) * (total - n)
        trips += n * (n - 1) * (n - 2)
    trips //= 6
    # suited trips, trips, straight flush, straight, flush with a pair, flush, pair, nothing
    t[0], t[1], t[2], t[3], t[4], t[5], t[6] = st, trips - st, sf, straight - sf, fp, fd - sf, pair - fp
    t[8] = total * (total - 1) * (total - 2) // 6
    t[7] = t[8] - (t[0] + t[1] + t[2] + t[3] + t[4] + t[5] + t[6])
    return 8


cdef int _form_twenty_point(const long long* c, i128 total, i128* t) noexcept nogil:
    cdef i128 dealer = (total - 2) * (total - 3), tens = 0, aces, nines, qh, qh_pairs, dbj
    cdef i128 matched = 0, suited = 0, twenty, e1, e2, n
    cdef int r, s
    for r in range(TEN, 13):
        for s in range(4):
            tens += c[4 * r + s]
            matched += _c2(c[4 * r + s])
    aces = _rank(c, 0)
    nines = _rank(c, NINE_R)
    qh = c[4 * QUEEN_R + HEARTS_S]
    qh_pairs = _c2(qh)
    dbj = 2 * aces * (tens - 2) if qh_pairs else 0
    matched -= qh_pairs
    for s in range(4):
        e1 = e2 = 0
        for r in range(TEN, 13):
            n = c[4 * r + s]
            e2 += e1 * n
            e1 += n
        suited += e2 + <i128> c[s] * c[4 * NINE_R + s]
    twenty = _c2(tens) + aces * nines
    # the queens of hearts against a dealer blackjack, the queens of hearts, matched, suited, any 20
    t[0], t[1], t[2], t[3] = qh_pairs * dbj, qh_pairs * (dealer - dbj), matched * dealer, suited * dealer
    t[4] = (twenty - qh_pairs - matched - suited) * dealer
    t[6] = _c2(total) * dealer
    t[5] = t[6] - (t[0] + t[1] + t[2] + t[3] + t[4])
    return 6


cdef int _form_royal_match(const long long* c, i128 total, i128* t) noexcept nogil:
    cdef i128 dealer = (total - 2) * (total - 3), crown = 0, royal = 0, blackjack = 0, suited = 0
    cdef i128 kings, queens, aces, tens, royals, crowns, all_s
    cdef int r, s
    for s in range(4):
        kings, queens, aces = c[4 * KING_R + s], c[4 * QUEEN_R + s], c[s]
        tens = c[36 + s] + c[40 + s] + queens + kings
        royals = kings * queens
        crowns = royals * 2 * (kings - 1) * (queens - 1)
        all_s = 0
        for r in range(13):
            all_s += c[4 * r + s]
        crown += crowns
        royal += royals * dealer - crowns
        blackjack += aces * tens * dealer
        suited += (_c2(all_s) - royals - aces * tens) * dealer
    # crown treasure, royal match, suited blackjack, suited match, nothing
    t[0], t[1], t[2], t[3] = crown, royal, blackjack, suited
    t[5] = _c2(total) * dealer
    t[4] = t[5] - (crown + royal + blackjack + suited)
    return 5


cdef int _form_kings_bounty(const long long* c, i128 total, i128* t) noexcept nogil:
    cdef i128 dealer = (total - 2) * (total - 3)
    cdef i128 st[4]
    cdef i128 tens = 0, aces = 0, nines = 0, kings = 0, ks_pairs, ks_bj, suited_kings = 0, suited_qjt = 0
    cdef i128 suited_20 = 0, same_suit_kings = 0, suited_21 = 0, unsuited_kings, unsuited_20, unsuited_21
    cdef int r, s
    for s in range(4):
        st[s] = c[36 + s] + c[40 + s] + c[44 + s] + c[48 + s]
        tens += st[s]
        aces += c[s]
        nines += c[4 * NINE_R + s]
        kings += c[4 * KING_R + s]
        same_suit_kings += _c2(c[4 * KING_R + s])
        if s != SPADES_S:
            suited_kings += _c2(c[4 * KING_R + s])
        for r in range(TEN, KING_R):
            suited_qjt += _c2(c[4 * r + s])
        suited_20 += _c2(st[s]) + <i128> c[s] * c[4 * NINE_R + s]
        suited_21 += <i128> c[s] * st[s]
    ks_pairs = _c2(c[4 * KING_R + SPADES_S])
    ks_bj = ks_pairs * 2 * aces * (tens - 2)
    unsuited_kings = _c2(kings) - same_suit_kings
    unsuited_20 = _c2(tens) + aces * nines - suited_20 - unsuited_kings
    unsuited_21 = aces * tens - suited_21
    t[0], t[1], t[2], t[3] = ks_bj, ks_pairs * dealer - ks_bj, suited_kings * dealer, suited_qjt * dealer
    t[4] = (suited_20 - ks_pairs - suited_kings - suited_qjt) * dealer
    t[5], t[6], t[7] = unsuited_kings * dealer, unsuited_20 * dealer, unsuited_21 * dealer
    t[9] = _c2(total) * dealer
    t[8] = t[9] - (t[0] + t[1] + t[2] + t[3] + t[4] + t[5] + t[6] + t[7])
    return 9


cdef int _form_match_the_dealer(const long long* c, i128 n, i128* t) noexcept nogil:
    cdef i128 sq = 0, r2 = 0, miss = 0, k
    cdef int i, r
    for i in range(52):
        sq += <i128> c[i] * c[i]
    for r in range(13):
        k = _rank(c, r)
        r2 += k * k
        miss += k * (n - k) * (n - k - 1)
    # a deal counts once for each of the player's cards that matches the up card: suited, unsuited;
    # then the deals with no match
    t[0], t[1], t[2] = 2 * (n - 2) * (sq - n), 2 * (n - 2) * (r2 - sq), miss
    t[3] = n * (n - 1) * (n - 2)
    return 3


cdef inline i128 _triples(i128 m) noexcept nogil:  # an unordered pair, then a third card, from m cards
    return _c2(m) * (m - 2)


cdef int _form_bust_it(const long long* c, i128 n, i128* t) noexcept nogil:
    # the three-card counts in 64 bits: at most C(n, 2) (n - 2), below 2 ** 47 for 52,000 cards
    cdef long long v[11]
    cdef long long ways[11]
    cdef long long pairs, third
    cdef i128 suited = 0, colour
    cdef int a, b, x, r, s
    for a in range(11):
        v[a] = ways[a] = 0
    for r in range(13):
        v[min(r, 9) + 1] += _rank(c, r)
    for a in range(2, 11):
        for b in range(a, 11):
            if not 12 <= a + b <= 16:
                continue
            pairs = _c2_64(v[a]) if a == b else v[a] * v[b]
            if pairs == 0:
                continue
            for x in range(22 - a - b, 11):
                third = v[x] - (x == a) - (x == b)
                if third > 0:
                    ways[x] += pairs * third
    for s in range(4):
        suited += _triples(c[4 * EIGHT_R + s])
    colour = (_triples(c[4 * EIGHT_R + 1] + c[4 * EIGHT_R + 2]) + _triples(c[4 * EIGHT_R] + c[4 * EIGHT_R + 3])
              - suited)  # hearts and diamonds, spades and clubs
    # eights of a suit, of a colour, then the third card 6, 7, 8, 9, T, then a loss
    t[0], t[1], t[2], t[3], t[4], t[5], t[6] = suited, colour, ways[6], ways[7], ways[8] - suited - colour, ways[9], ways[10]
    t[8] = _c2(n) * (n - 2)
    t[7] = t[8] - (t[0] + t[1] + t[2] + t[3] + t[4] + t[5] + t[6])
    return 8


@cython.cdivision(True)
cdef inline long long _exactly(long long a, long long b) noexcept nogil:
    # a / b where b divides a, in 64 bits: C's division, by a constant once inlined (a shoe's n (n - 1)
    # (n - 2) (n - 3) / 2 is below 2 ** 62 for 52,000 cards)
    return a / b


cdef int _form_super_match(const long long* c, i128 n, i128* t) noexcept nogil:
    cdef long long k
    cdef i128 pairs, pairs_sum = 0, pairs_squares = 0, quads = 0, trips = 0, one_pair = 0
    cdef long long by_rank[13]
    cdef int r
    for r in range(13):
        k = _rank(c, r)
        by_rank[r] = k
        pairs = _c2_64(k)
        pairs_sum += pairs
        pairs_squares += pairs * pairs
        quads += _exactly(_c2_64(k) * (k - 2) * (k - 3), 12)  # C(k, 4) = C(k, 2) (k - 2) (k - 3) / 12, exactly
        trips += <i128> _exactly(_c2_64(k) * (k - 2), 3) * (n - k)  # C(k, 3) (n - k)
    for r in range(13):  # a pair of rank r, then two cards of two other ranks, unlike each other
        pairs = _c2_64(by_rank[r])
        one_pair += pairs * (_c2(n - by_rank[r]) - (pairs_sum - pairs))
    # four of a kind, two pair, three of a kind, one pair, then none; unordered, of C(n, 4)
    t[0], t[1], t[2], t[3] = quads, (pairs_sum * pairs_sum - pairs_squares) >> 1, trips, one_pair
    t[5] = _exactly(<long long> (_c2(n) * (n - 2) * (n - 3)), 12)
    t[4] = t[5] - (t[0] + t[1] + t[2] + t[3])
    return 5


cdef int _form_in_between(const long long* c, i128 n, i128* t) noexcept nogil:
    # in 64 bits: a term is at most C(n, 2) (n - 2), below 2 ** 47 for 52,000 cards
    cdef long long v[13]
    cdef long long below[14]
    cdef long long ways, triples = 0, spread_1 = 0, spread_2 = 0, spread_3 = 0, other = 0
    cdef int r, lo, hi
    below[0] = 0
    for r in range(13):  # 2, 3, ..., K, then the ace: low to high
        v[r] = _rank(c, (r + 1) % 13)
        below[r + 1] = below[r] + v[r]
        triples += _c2_64(v[r]) * (v[r] - 2)
    for lo in range(11):
        for hi in range(lo + 2, 13):
            ways = v[lo] * v[hi] * (below[hi] - below[lo + 1])
            if hi - lo == 2:
                spread_1 += ways
            elif hi - lo == 3:
                spread_2 += ways
            elif hi - lo == 4:
                spread_3 += ways
            else:
                other += ways
    # a triple match, spreads of 1, 2, 3 and more, then none; of C(n, 2) (n - 2)
    t[0], t[1], t[2], t[3], t[4] = triples, spread_1, spread_2, spread_3, other
    t[6] = _c2(n) * (n - 2)
    t[5] = t[6] - (t[0] + t[1] + t[2] + t[3] + t[4])
    return 6


cdef int _form_bet_the_set(const long long* c, i128 n, i128* t) noexcept nogil:
    cdef long long suited = 0, pairs = 0
    cdef int i, r
    for i in range(52):
        suited += _c2_64(c[i])
    for r in range(13):
        pairs += _c2_64(_rank(c, r))
    # a suited pair, another pair, then none; of C(n, 2)
    t[0], t[1], t[3] = suited, pairs - suited, _c2(n)
    t[2] = t[3] - pairs
    return 3


cdef int _form_house_money(const long long* c, i128 n, i128* t) noexcept nogil:
    cdef long long v[13]
    cdef long long straights = 0, suited = 0, suited_ak = 0, pairs = 0, here
    cdef int r, up, s
    for r in range(13):
        v[r] = _rank(c, r)
        pairs += _c2_64(v[r])
    for r in range(13):  # A-2, 2-3, ..., Q-K, K-A: the ace high and low
        up = (r + 1) % 13
        straights += v[r] * v[up]
        here = 0
        for s in range(4):
            here += c[4 * r + s] * c[4 * up + s]
        if r == KING_R:
            suited_ak = here
        else:
            suited += here
    # a suited ace-king, another straight flush, a straight, a pair, then none; of C(n, 2)
    t[0], t[1], t[2], t[3] = suited_ak, suited, straights - suited - suited_ak, pairs
    t[5] = _c2(n)
    t[4] = t[5] - (t[0] + t[1] + t[2] + t[3])
    return 5


ctypedef int (*Form)(const long long*, i128, i128*) noexcept nogil
cdef Form _FORM_OF[10]  # in the order of FORMS
_FORM_OF[:] = [_form_21_plus_3, _form_twenty_point, _form_royal_match, _form_kings_bounty, _form_match_the_dealer,
               _form_bust_it, _form_super_match, _form_in_between, _form_bet_the_set, _form_house_money]


cdef int _terms(int form, object counts, i128* t) except -1:
    """The terms of ``form`` into ``t`` and the cycle after them; returns the number of terms."""
    cdef long long c[52]
    cdef long long total
    if not 0 <= form < len(FORMS):
        raise ValueError(f"no closed form number {form}")
    total = read_counts(counts, c, False)
    return _terms_of(form, c, total, t)


cdef int _terms_of(int form, const long long* c, long long total, i128* t) except -1:
    """:func:`_terms` of counts already read and checked (``total`` of them)."""
    if total < NEEDS[form]:
        from odds.core.errors import EngineError
        raise EngineError(f"{FORMS[form]} needs {NEEDS[form]} cards; the shoe holds {total}")
    return _FORM_OF[form](c, total, t)


cdef object _int(i128 x):
    return -to_int(<u128> -x) if x < 0 else to_int(<u128> x)


def closed_terms(int form, counts):
    """The terms of the closed form ``FORMS[form]`` for 52 counts by rank and suit (rank major),
    exact, and the cycle last (see ``odds.pricing.first_cards_closed.COMPILED``)."""
    cdef i128 t[MAXTERMS]
    cdef int k = _terms(form, counts, t), i
    return tuple([_int(t[i]) for i in range(k + 1)])


def closed_mean(int form, counts, const double[::1] pays):
    """The mean pay of a deal, ``sum(pays[i] * term[i]) / cycle``, in doubles."""
    cdef i128 t[MAXTERMS]
    cdef int k = _terms(form, counts, t), i
    cdef double s = 0.0
    if pays.shape[0] != k:
        raise ValueError(f"{FORMS[form]} has {k} terms, not {pays.shape[0]} pays")
    for i in range(k):
        s += pays[i] * <double> t[i]
    return s / <double> t[k]


def closed_mean_many(int form, const long long[:, ::1] states, const double[::1] pays, double[::1] out):
    """:func:`closed_mean` of every row of ``states`` (52 counts by rank and suit each) into ``out``,
    in one call: each row checked as a shoe state is (0 to MAX_EACH of each card, MAX_CARDS in all)."""
    cdef i128 t[MAXTERMS]
    cdef long long total
    cdef Py_ssize_t row
    cdef int k, i
    cdef double s
    if not 0 <= form < len(FORMS):
        raise ValueError(f"no closed form number {form}")
    if states.shape[1] != 52 or out.shape[0] != states.shape[0]:
        raise ValueError("states: rows of 52 counts, and an out of one double a row")
    for row in range(states.shape[0]):
        total = read_state_row(&states[row, 0], row)
        k = _terms_of(form, &states[row, 0], total, t)
        if pays.shape[0] != k:
            raise ValueError(f"{FORMS[form]} has {k} terms, not {pays.shape[0]} pays")
        s = 0.0
        for i in range(k):
            s += pays[i] * <double> t[i]
        out[row] = s / <double> t[k]
