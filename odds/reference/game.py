"""Reference value of a whole blackjack round, by brute force over explicit deals, for checking
:class:`odds.engine.player.PlayerEngine` on small shoes.

Plain Python with exact fractions, sharing nothing with the engine but the rules object it reads
(its fields only). Cards go by point value, 1 (ace) to 10 (ten-value), with multiplicities; every
probability is a count of cards left over the number of cards left.

The round is dealt in the physical order: player card, up card, player card, hole card. With peek
(``rules.dealer.peek``) and an ace or ten up, the dealer looks at the hole card: a dealer blackjack
settles the round at once (a player blackjack pushes, anything else loses 1). With no peek (no
hole card look) the round goes on whatever the hole card is. A player blackjack (a two-card ace
and ten, never after a split) against no dealer blackjack wins ``blackjack_pays``; against a
dealer blackjack it pushes. Else the player acts, not knowing the hole card: every decision takes
the option with the best expected result given what the player has seen, computed from an
explicit posterior of the hole card (proportional to the count of each value left; with peek the
value that would give the dealer a blackjack is left out, with no peek every value left stays in)
and, for each hole card, the cards that follow, which come from the shoe less every card seen less
the hole card. The dealer then turns the hole card. With no peek, a dealer blackjack found now
takes every bet the player still has on the table: each hand's stake, doubles and both split hands
included (a bust hand was lost already), the player having drawn his cards all the same; with
``rules.original_bets_only`` it takes one unit and nothing else, whatever the player did. Else the
dealer draws (stands on hard 17 and up and soft 18 and up; soft 17 stands under S17 and draws
under H17). He plays out even when the player is bust (the player loses regardless), so a shoe on
which he could run out is refused (:class:`odds.reference.deal.ShoeExhausted`), as is a draw from
an empty shoe by the player.

Options: stand; hit (then stand or hit again); double (one card, stake 2, first two cards only,
any two cards or hard 9-11 / 10-11 as the rules say; with ``double_rescue``, after the card a hand
not bust may take back the double and forfeit the bet, -1, when that beats playing it on, judged
on the cards seen); late surrender (-1/2, first two cards; the
rules allow it only with peek); split a pair, resplitting to ``rules.most_hands(pair)`` hands. A
split is played out card by card: hand 1 gets its second card (a pair card, while fewer than the
most hands are out, starts a new hand at the end of the line and hand 1 draws again) and is played
to the end, then hand 2, and so on, then the dealer, every hand settled against the same dealer
hand. Each split hand follows the decision rule D(own cards, up card): the option with the
best expected result for a hand holding those cards, worked out as if it were the only hand, with
the other pair card gone; under the pre-split strategy (``rules.post_split`` "cdz") worked out as
if the hand had been dealt unsplit, the other pair card in the shoe. Split aces take one card
each unless ``hit_split_aces``; a double after a split needs ``das``; a split hand's two-card 21
is a plain 21. A hand totalling 21 stands (it is not offered a hit), as in the engine.

>>> from fractions import Fraction
>>> from odds import DealerRules
>>> from odds.core.game_rules import GameRules
>>> rules = GameRules(decks=1, dealer=DealerRules.parse("S17"), split_hands=1)
>>> round_value(rules, [1, 0, 0, 0, 0, 0, 0, 0, 0, 4])  # one ace, four tens: see the tests
Fraction(3, 5)
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Container, Iterator, Sequence

from odds.core.game_rules import GameRules

from .deal import VALUES, draws, hand_total, is_blackjack, take, with_card

BUST = 22  # a final total above 21, for the dealer's results
RESCUED = 99  # a rescued double as a split hand ends: settled as a lost unit
BLACKJACK = "blackjack"  # the dealer's result when his first two cards are a blackjack (no peek)
HARD_DOUBLES = {"9-11": (9, 10, 11), "10-11": (10, 11)}

Deal = tuple[int, int, int, int, Fraction, tuple[int, ...]]
"""An initial deal: player card, up card, player card, hole card, probability, the cards left."""


class BruteForceRound:
    """Round value for ``rules`` (a :class:`odds.core.game_rules.GameRules`) and a shoe of ``counts``
    (10 numbers: aces, twos, ..., ten-values). With ``chart`` the player follows a fixed
    total-dependent chart instead of choosing by expected value: ``chart.first[(row, up)]`` lists
    the options of a two-card hand best first (row ``("hard", total)``, ``("soft", total)`` or
    ``("pair", value)``; the first option the hand is allowed is taken) and
    ``chart.play_on[(total, soft, up)]`` is "stand" or "hit" for three cards or more."""

    def __init__(self, rules: GameRules, counts: Sequence[int], chart: Any = None) -> None:
        if len(counts) != 10:
            raise ValueError("counts: 10 numbers, aces to ten-values")
        if any(getattr(rules, name) is not None for name in (
                "bonus_678_suited", "bonus_777", "bonus_posted_blackjack", "bonus_five_card_21")):
            raise ValueError("the brute force does not pay the bonus payouts")
        self.rules = rules
        self.chart = chart
        self.shoe = tuple(int(n) for n in counts)
        self._dealer_memo: dict = {}
        self._value_memo: dict = {}
        self._policy_memo: dict = {}
        self._split_hand_memo: dict = {}
        self._split_memo: dict = {}

    # ----------------------------------------------------------------------------- dealer

    def dealer_from(self, hard: int, ace: bool, pool: tuple) -> dict:
        """Final totals (17..21, or BUST) of a dealer whose cards add up to ``hard`` (aces as 1),
        ``ace`` if he holds one, drawing from ``pool``."""
        key = (hard, ace, pool)
        if key in self._dealer_memo:
            return self._dealer_memo[key]
        soft = ace and hard + 10 <= 21
        total = hard + 10 if soft else hard
        if total > 21:
            out = {self.bust_result(total): Fraction(1)}
        elif total >= 18 or (total == 17 and not (soft and self.rules.dealer.hits_soft_17)):
            out = {total: Fraction(1)}
        else:
            out = {}
            for v, p in draws(pool):
                for final, q in self.dealer_from(hard + v, ace or v == 1, take(pool, v)).items():
                    out[final] = out.get(final, 0) + p * q
        self._dealer_memo[key] = out
        return out

    @staticmethod
    def bust_result(total: int) -> int:
        """How a dealer's total above 21 is recorded: BUST (a variant may tell busts apart)."""
        return BUST

    def dealer(self, pool: tuple, up: int, hole: int) -> dict:
        """The dealer's final totals: up and hole card turned, then draws from ``pool`` (the shoe
        less every card dealt so far, the hole card included). A blackjack (asked only with no
        peek: with peek the round has ended before) is {BLACKJACK: 1} and draws nothing."""
        if is_blackjack(up, hole):
            assert not self.rules.dealer.peek, "with peek a dealer blackjack ends the round at once"
            return {BLACKJACK: Fraction(1)}
        return self.dealer_from(up + hole, 1 in (up, hole), pool)

    @staticmethod
    def settle(total: int, stake: int, dealer: dict) -> Fraction:
        """A hand of ``total`` (above 21: bust) with ``stake`` units against the dealer's law. The
        hand is never a player blackjack (settled in :meth:`round_value`), so a dealer blackjack
        takes the stake, a two-card 21 of a split hand included."""
        if total > 21:
            return Fraction(-stake)
        value = Fraction(0)
        for final, p in dealer.items():
            if final == BLACKJACK:
                value -= p * stake
            elif final == BUST or final < total:
                value += p * stake
            elif final > total:
                value -= p * stake
        return value

    # ---------------------------------------------------------------------------- the player

    def unseen(self, hand: tuple, ctx: tuple) -> tuple:
        """The shoe less the up card, the other pair card (a split hand) and ``hand``: the hole
        card and the cards still to come."""
        up, other = ctx
        return take(self.shoe, up, *((other,) if other else ()), *hand)

    def hole_posterior(self, unseen: tuple, up: int) -> dict:
        """P(hole card = h | cards seen), with peek also given no dealer blackjack (the dealer
        has looked); with no peek every card left may be the hole card."""
        no_bj = {1: 10, 10: 1}.get(up) if self.rules.dealer.peek else None
        weights = {h: unseen[h - 1] for h in VALUES if h != no_bj and unseen[h - 1]}
        n = sum(weights.values())
        return {h: Fraction(w, n) for h, w in weights.items()}

    def can_double(self, hand: tuple) -> bool:
        if self.rules.double == "any":
            return True
        total, soft = hand_total(hand)
        return not soft and total in HARD_DOUBLES[self.rules.double]

    def options(self, hand: tuple, ctx: tuple) -> list:
        """The options of a hand (of two or more cards, total below 21)."""
        up, other = ctx
        first = len(hand) == 2
        opts = ["stand", "hit"]
        if other is None:  # the hand as dealt
            if first and self.can_double(hand):
                opts.append("double")
            if first and self.rules.surrender:
                opts.append("surrender")
            if first and hand[0] == hand[1] and self.rules.split_hands >= 2:
                opts.append("split")
        else:  # a split hand (split aces come here only with hit_split_aces)
            if first and self.rules.das and self.can_double(hand):
                opts.append("double")
        return opts

    def policy(self, hand: tuple, ctx: tuple) -> str:
        """The option maximising E[result | cards seen] (with peek: and no dealer blackjack;
        with no peek the hole card may make one, which takes the stake): for each option,
        the hole card is drawn from its posterior and the result enumerated given it. For a
        split hand (``ctx[1]`` the pair card) this is the decision rule D(own cards, up)."""
        if self.chart is not None:
            return self.chart_decision(hand, ctx)
        key = (hand, ctx)
        if key not in self._policy_memo:
            seen = self.judged_as(ctx)
            post = self.hole_posterior(self.unseen(hand, seen), ctx[0])
            if not post:
                raise ValueError("a decision with a dealer blackjack certain: never asked")
            best, best_q = None, None
            for option in self.options(hand, ctx):
                q = sum((p * self.value(hand, option, h, seen) for h, p in post.items()), Fraction(0))
                if best_q is None or q > best_q:
                    best, best_q = option, q
            self._policy_memo[key] = best
        return self._policy_memo[key]

    def judged_as(self, ctx: tuple) -> tuple:
        """The context a decision in ``ctx`` is judged in: its own, but for a split hand under
        the pre-split strategy (``rules.post_split`` "cdz"), that of a hand dealt unsplit, the
        other pair card back in the shoe (the options stay a split hand's)."""
        if ctx[1] is not None and self.rules.post_split == "cdz":
            return (ctx[0], None)
        return ctx

    def rescues(self, hand: tuple, ctx: tuple) -> bool:
        """With the double-down rescue (NY 5324.11(a)(5)(vii)): whether the player, seeing the
        double card (the last of ``hand``), takes back the double and forfeits the bet (-1): when
        that beats E[the doubled hand's result | cards seen], the hole card from its posterior."""
        total, _ = hand_total(hand)
        if not self.rules.double_rescue or total > 21:
            return False
        unseen = self.unseen(hand, self.judged_as(ctx))
        doubled = sum((p * self.settle(total, 2, self.dealer(take(unseen, h), ctx[0], h))
                       for h, p in self.hole_posterior(unseen, ctx[0]).items()), Fraction(0))
        return doubled < -1

    def chart_decision(self, hand: tuple, ctx: tuple) -> str:
        """The chart's option for ``hand`` (total below 21) in context ``ctx``."""
        total, soft = hand_total(hand)
        up = ctx[0]
        if len(hand) > 2:
            return self.chart.play_on[(total, soft, up)]
        row = ("pair", hand[0]) if hand[0] == hand[1] else ("soft" if soft else "hard", total)
        allowed = self.options(hand, ctx)
        return next(option for option in self.chart.first[(row, up)] if option in allowed)

    def play_on(self, hand: tuple, hole: int, ctx: tuple) -> Fraction:
        """E[result | hole] of a hand that has just been dealt a card and plays on by policy."""
        total, _ = hand_total(hand)
        if total > 21:
            self.dealer(take(self.unseen(hand, ctx), hole), ctx[0], hole)  # he still plays out
            return Fraction(-1)
        if total == 21:
            return self.value(hand, "stand", hole, ctx)
        return self.value(hand, self.policy(hand, ctx), hole, ctx)

    def value(self, hand: tuple, option: str, hole: int, ctx: tuple) -> Fraction:
        """E[result | hole card] of taking ``option`` with ``hand`` and then playing by policy,
        this hand alone against the dealer (for a split hand: as if it were the first, the other
        pair card gone)."""
        key = (hand, option, hole, ctx)
        if key in self._value_memo:
            return self._value_memo[key]
        up = ctx[0]
        pool = take(self.unseen(hand, ctx), hole)  # the cards still to come
        if self.rules.original_bets_only and is_blackjack(up, hole):
            v = Fraction(-1)  # whatever was done, only the original unit is lost
        elif option == "stand":
            v = self.settle(hand_total(hand)[0], 1, self.dealer(pool, up, hole))
        elif option == "surrender":
            v = Fraction(-1, 2)
        elif option == "hit":
            v = sum((p * self.play_on(with_card(hand, c), hole, ctx) for c, p in draws(pool)), Fraction(0))
        elif option == "double":
            v = Fraction(0)
            for c, p in draws(pool):
                if self.rescues(with_card(hand, c), ctx):
                    v -= p
                else:
                    v += p * self.settle(hand_total(with_card(hand, c))[0], 2, self.dealer(take(pool, c), up, hole))
        elif option == "split":
            v = self.split_value(hand[0], up, hole)
        else:
            raise ValueError(option)
        self._value_memo[key] = v
        return v

    # ------------------------------------------------------------------------------ splits

    def play_split_hand(self, hand: tuple, pool: tuple, pair: int, up: int) -> dict:
        """Law of how a split hand ends, played by D from ``hand`` (two cards or more) with cards
        off ``pool``:
        {(final total (above 21: bust), stake, pool left): probability}."""
        key = (hand, pool, pair, up)
        if key in self._split_hand_memo:
            return self._split_hand_memo[key]
        out: dict = {}

        def put(k: Any, p: Fraction) -> None:
            out[k] = out.get(k, 0) + p

        total, _ = hand_total(hand)
        if total >= 21 or (pair == 1 and not self.rules.hit_split_aces):
            put((total, 1, pool), Fraction(1))
        else:
            option = self.policy(hand, (up, pair))
            if option == "stand":
                put((total, 1, pool), Fraction(1))
            elif option == "hit":
                for c, p in draws(pool):
                    for k, q in self.play_split_hand(with_card(hand, c), take(pool, c), pair, up).items():
                        put(k, p * q)
            elif option == "double":
                for c, p in draws(pool):
                    if self.rescues(with_card(hand, c), (up, pair)):
                        put((RESCUED, 1, take(pool, c)), p)
                    else:
                        put((hand_total(with_card(hand, c))[0], 2, take(pool, c)), p)
            else:
                raise ValueError(option)
        self._split_hand_memo[key] = out
        return out

    def deal_split(self, pending: int, hands: int, pair: int, up: int, pool: tuple) -> dict:
        """How the split hands still waiting for their second card end: ``pending`` hands hold
        one pair card each, ``hands`` are out in all. The next waiting hand takes a card; a pair
        card, while fewer than the most hands are out, starts a new hand (the first still waits),
        else the hand is played out and the next one's turn comes. Returns {pool left at the end:
        (probability, {(final total, stake): expected number of such hands})}."""
        key = (pending, hands, pair, up, pool)
        if key in self._split_memo:
            return self._split_memo[key]
        out: dict = {}
        if pending == 0:
            out[pool] = (Fraction(1), {})
        else:
            for c, p in draws(pool):
                rest = take(pool, c)
                if c == pair and hands < self.rules.most_hands(pair):
                    branches: list[tuple[tuple, Fraction, dict]] = [
                        ((), p, self.deal_split(pending + 1, hands + 1, pair, up, rest))]
                else:
                    branches = [(((t, s),), p * q, self.deal_split(pending - 1, hands, pair, up, pool1))
                                for (t, s, pool1), q in self.play_split_hand(with_card((pair,), c), rest, pair, up).items()]
                for played, w, ends in branches:
                    for pool_end, (q, counts) in ends.items():
                        prob, acc = out.get(pool_end, (Fraction(0), {}))
                        for hand, n in counts.items():
                            acc[hand] = acc.get(hand, 0) + w * n
                        for hand in played:
                            acc[hand] = acc.get(hand, 0) + w * q
                        out[pool_end] = (prob + w * q, acc)
        self._split_memo[key] = out
        return out

    def split_value(self, pair: int, up: int, hole: int) -> Fraction:
        """E[result of all the hands | hole card] of splitting a pair against ``up``: each hand
        gets its second card (resplitting a pair card while the rules allow) and is played to
        the end before the next; the dealer then draws from what is left. Under CDP with
        resplits the hands' decisions depend on the term of a sum, not on the cards as they come:
        :class:`odds.reference.post_split.TermwiseRound` values it."""
        if self.rules.post_split == "cdp" and self.rules.most_hands(pair) > 2:
            raise ValueError("CDP with resplits is defined by a sum over the second cards: "
                             "use odds.reference.post_split")
        pool0 = take(self.shoe, pair, up, pair, hole)
        value = Fraction(0)
        for pool_end, (_, counts) in self.deal_split(2, 2, pair, up, pool0).items():
            dealer = self.dealer(pool_end, up, hole)
            for (t, s), n in counts.items():
                value += n * self.settle(t, s, dealer)
        return value

    def option_values(self, a: int, b: int, up: int) -> dict:
        """E[result | the player's cards ``a``, ``b``, the up card] of each option of a two-card
        hand (not a blackjack), with peek also given no dealer blackjack: the hole card from its
        posterior. With no peek these are plain expectations, a dealer blackjack included."""
        hand, ctx = tuple(sorted((a, b))), (up, None)
        post = self.hole_posterior(self.unseen(hand, ctx), up)
        return {option: sum((p * self.value(hand, option, h, ctx) for h, p in post.items()), Fraction(0))
                for option in self.options(hand, ctx)}

    # ------------------------------------------------------------------------------- round

    def round_value(self) -> Fraction:
        """Expected result of a round per unit bet: the sum over every ordered initial deal
        (player card, up card, player card, hole card). With no peek a dealer blackjack is not
        settled here unless the player has one too (a push): the player acts first, and
        :meth:`settle` takes his stakes at the end."""
        ev = Fraction(0)
        peek = self.rules.dealer.peek
        for a, up, b, hole, p, _ in self.deals():
            if is_blackjack(up, hole) and (peek or is_blackjack(a, b)):
                result: int | Fraction = 0 if is_blackjack(a, b) else -1
            elif is_blackjack(a, b):
                result = self.rules.blackjack_pays
            else:
                hand = tuple(sorted((a, b)))
                ctx = (up, None)
                result = self.value(hand, self.policy(hand, ctx), hole, ctx)
            ev += p * result
        return ev

    def deals(self, up_cards: Container[int] = VALUES) -> Iterator[Deal]:
        """Every ordered initial deal with an up card in ``up_cards``: (player card, up card,
        player card, hole card, probability, the cards left)."""
        c0 = self.shoe
        for a, pa in draws(c0):
            c1 = take(c0, a)
            for up, pu in draws(c1):
                if up not in up_cards:
                    continue
                c2 = take(c1, up)
                for b, pb in draws(c2):
                    c3 = take(c2, b)
                    for hole, ph in draws(c3):
                        yield a, up, b, hole, pa * pu * pb * ph, take(c3, hole)


def round_value(rules: GameRules, counts: Sequence[int], chart: Any = None) -> Fraction:
    """Expected result per unit bet of a round from a shoe of ``counts`` (by value, A to T),
    composition-dependent play or, with ``chart``, a total-dependent chart."""
    return BruteForceRound(rules, counts, chart).round_value()
