"""The report of a shoe-state sweep (:mod:`odds.apps.sweep`): JSON, a text summary and plots.

The JSON holds only what the seed and the parameters decide (no timings, no worker counts), so the
same sweep gives the same JSON on any cluster; its keys are listed in docs/json.md.
"""
from __future__ import annotations

import io
import math
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Sequence, Union

from odds.core.cards import RANKS, SUITS
from odds.core.formats import fraction_text, text_table
from odds.core.outputs import output_folder, write_into
from odds.wagers import get_wager
from odds.wagers.defined import defined_note, definition_json
from odds.wagers.shoe_returns import streak_wagers

if TYPE_CHECKING:
    from .sweep_exact import ExactCounting

from .sweep import FIX, HIST_WIDTH, TC_STEP, TIE_BAND, SweepResult, SweepSpec, Tally, evaluator, unfix

QUANTILES = (0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99)
PLAY = ("spots play hit-or-stand basic strategy ({}); with peek a dealer blackjack ends the round; the dealer "
        "always completes his hand")
WARNINGS = {
    "twenty-point-bonus": "9 NYCRR 5324.11(k)(1) offers this wager only at tables using a six- or eight-deck "
                          "multi-shuffle device; the sweep shows what a shoe dealt to a cut card would give",
    "ez-bust": "58 Pa. Code 633b.16(c) lets the player place the wager after the dealer's up card (2 to 6) is "
               "seen; the sweep takes its return before the deal (betting whenever it is offered), so a "
               "player who also weighs the up card can do better than these figures",
    "streak": "a streak runs over several rounds: the sweep prices it before each round as if every round of it "
              "were dealt from the cards then left, as the par sheet does from a full shoe",
    "burnout-bonus": "a streak runs over several rounds: the sweep prices it before each round as if every round "
                     "of it were dealt from the cards then left",
}
FEWER_HANDS = ("Blackjack Burnout splits pairs other than aces up to four hands; this sweep's round law splits to {} "
               "(odds sweep burnout-bonus --split-hands 4 follows the rules, at minutes a round from a full six-deck shoe instead of about a "
               "second). The two returns are close at a full shoe (six decks: 0.03 percentage points apart) but "
               "can differ by more than half a point deep in a shoe rich in tens")


def burnout_hands_warning(s: SweepSpec) -> Optional[str]:
    """The warning of a Burnout bonus sweep whose pairs split to fewer hands than Burnout's four."""
    hands = dict(s.game).get("split_hands") or 2
    return FEWER_HANDS.format(hands) if s.wager == "burnout-bonus" and hands < 4 else None


def warnings(s: SweepSpec) -> list[str]:
    """What the sweep of ``s`` does not show of the wager as it is played (and where a defined
    wager is defined)."""
    if s.wager_file is not None:
        return [defined_note(get_wager(s.wager).defined)]
    if s.visible is not None or s.wager not in WARNINGS:
        return []
    return [w for w in (WARNINGS[s.wager], burnout_hands_warning(s)) if w is not None]


def _per(n: int, d: int) -> float:
    return unfix(n) / d if d else 0.0


def _quantiles(hist: dict, rounds: int, levels: Sequence[float] = QUANTILES) -> dict:
    """The lower edge of the histogram's bin holding each quantile."""
    out, seen = {}, 0
    keys = sorted(hist)
    i = 0
    for q in levels:
        while i < len(keys) and seen + hist[keys[i]] < q * rounds:
            seen += hist[keys[i]]
            i += 1
        out[f"{q:g}"] = float(keys[min(i, len(keys) - 1)] * HIST_WIDTH) if keys else None
    return out


def _play(t: Tally, bets: int, v: int, q: int) -> dict:
    return {"rounds_bet": bets, "fraction_bet": bets / t.rounds if t.rounds else 0.0,
            "wagers_placed": unfix(q), "gain_per_round": _per(v, t.rounds),
            "gain_per_round_bet": _per(v, bets), "gain_per_wager": unfix(v) / unfix(q) if q else 0.0}


def counter_interval(t: Tally) -> Optional[list[float]]:
    """The 95% interval of the counter's gain a round: a ratio of sums over the shoes (the value it
    took, the rounds), its standard error from the shoes' spread (the delta method; rounds of a shoe
    are not independent, shoes are). None with fewer than two shoes."""
    if t.shoes < 2 or not t.rounds:
        return None
    scale = 2 ** FIX
    g = t.bet_v / scale / t.rounds
    # sum over the shoes of (V - g R)^2, V in units of the wager
    spread = t.shoe_v2 / (scale * scale) - 2 * g * (t.shoe_vr / scale) + g * g * t.shoe_r2
    se = math.sqrt(max(spread, 0.0) / (t.shoes - 1) * t.shoes) / t.rounds
    return [g - 1.96 * se, g + 1.96 * se]


def best_threshold(t: Tally) -> dict:
    """The threshold on the true count's grid that gains most per round in this sweep (bet when
    TC >= threshold): an in-sample figure."""
    best = None
    gain = bets = 0
    for key in sorted(t.by_tc, reverse=True):
        row = t.by_tc[key]
        gain += row[3]
        bets += row[0]
        if best is None or gain > best[1]:
            best = (key, gain, bets)
    if best is None:
        return {"threshold": None, "gain_per_round": 0.0, "fraction_bet": 0.0}
    return {"threshold": float(best[0] * TC_STEP), "gain_per_round": _per(best[1], t.rounds),
            "fraction_bet": best[2] / t.rounds}


def _count_return_correlation(t: Tally) -> float:
    n = t.rounds
    if n < 2:
        return 0.0
    mr, mt = unfix(t.sum_r) / n, unfix(t.sum_tc) / n
    cov = unfix(t.sum_rtc) / n - mr * mt
    vr = unfix(t.sum_r2) / n - mr * mr
    vt = unfix(t.sum_tc2) / n - mt * mt
    return cov / math.sqrt(vr * vt) if vr > 0 and vt > 0 else 0.0


def sweep_json(res: SweepResult, notes: Sequence[str] = (), exact: Optional[ExactCounting] = None) -> dict:
    """The sweep's JSON (docs/json.md); ``notes``: warnings of the caller's (a proposed paytable);
    ``exact``: the counting figures computed exactly (key ``exact_count``)."""
    s, p, t = res.spec, res.plan, res.tally
    n = t.rounds
    mean = _per(t.sum_r, n)
    var = max(_per(t.sum_r2, n) - mean * mean, 0.0)
    levels = {str(k): {"tags": dict(zip(RANKS, tags)), "betting_correlation": bc}
              for k, (tags, bc) in p.levels.items()}
    return {
        "wager": s.wager, "paytable": s.paytable, "decks": s.decks, "rule": s.rule, "peek": s.peek,
        "shoes": s.shoes, "penetration": fraction_text(Fraction(s.penetration)), "cut_card": s.cut,
        "spots": s.spots, "seed": s.seed, "chunk": s.chunk,
        "arithmetic": "exact" if s.exact else "float",
        "method": evaluator(s).method,
        "rounds": n, "rounds_per_shoe": n / t.shoes if t.shoes else 0.0,
        "full_shoe": {"return": fraction_text(p.full_return), "return_float": float(p.full_return),
                      "offered": fraction_text(p.full_offered)},
        "return": {"mean": mean, "std": math.sqrt(var), "min": t.min_r if n else None,
                   "max": t.max_r if n else None, "quantiles": _quantiles(t.hist, n),
                   "histogram": {"bin_width": float(HIST_WIDTH),
                                 "bins": [[float(k * HIST_WIDTH), t.hist[k]] for k in sorted(t.hist)]}},
        "player_edge": {"rounds": t.edge, "fraction": t.edge / n if n else 0.0, "zero_rounds": t.zero},
        "by_depth": res.by_depth(),
        "effects_of_removal": {
            "by_rank": {r: {"exact": fraction_text(e), "float": float(e)} for r, e in zip(RANKS, p.eor_rank)},
            "by_card": {RANKS[i // 4] + SUITS[i % 4]: fraction_text(e) for i, e in enumerate(p.eor_card)},
            "weighted_sum": fraction_text(p.eor_sum)},
        "count": {"level": p.level, "tags": dict(zip(RANKS, p.tags)), "mean_tag": fraction_text(p.mean_tag),
                  "betting_correlation": p.betting_correlation, "levels": levels,
                  "eor_per_tag": fraction_text(p.unit),
                  "return_per_true_count": None if p.slope is None else float(p.slope),
                  "threshold": None if p.threshold is None else fraction_text(p.threshold),
                  "threshold_float": None if p.threshold is None else float(p.threshold),
                  "threshold_method": "linear estimate from the exact effects of removal (not fitted to the sweep)",
                  "count_return_correlation": _count_return_correlation(t)},
        "counter": {**_play(t, t.bets, t.bet_v, t.bet_q), "gain_per_round_ci95": counter_interval(t)},
        "perfect": _play(t, t.edge, t.perfect_v, t.perfect_q),
        "best_threshold_in_sample": best_threshold(t),
        "by_true_count": [{"from": float(k * TC_STEP), "to": float((k + 1) * TC_STEP), "rounds": row[0],
                           "edge_fraction": row[1] / row[0], "mean_return": _per(row[2], row[0]),
                           "value_per_round": _per(row[3], row[0])}
                          for k, row in sorted(t.by_tc.items())],
        "assumptions": assumptions(s),
        "warnings": list(notes) + warnings(s),
        **({"as_played": _as_played(s, t)} if s.visible is not None else {}),
        **({"wager_file": definition_json(get_wager(s.wager).defined)} if s.wager_file is not None else {}),
        **({"exact_count": exact.json()} if exact is not None else {}),
    }


def _as_played(s: SweepSpec, t: Tally) -> dict:
    """EZ Bust placed after the deal on the cards a spot sees, a figure per spot and round."""
    return {"visible": s.visible, "spot_rounds_offered": t.played_spots, "rounds_unpriced": t.played_unpriced,
            "bets": t.played_bets,
            "fraction_bet": t.played_bets / t.played_spots if t.played_spots else 0.0,
            "gain_per_spot_round": _per(t.played_v, t.rounds * s.spots),
            "gain_per_wager": _per(t.played_v, t.played_bets),
            "splits_offered": t.played_splits, "split_bets": t.played_split_bets,
            "split_gain_per_spot_round": _per(t.played_split_v, t.rounds * s.spots),
            "wagers_per_spot_round": (t.played_bets + t.played_split_bets) / (t.rounds * s.spots) if t.rounds else 0.0,
            "gain_per_spot_round_with_splits": _per(t.played_v + t.played_split_v, t.rounds * s.spots)}


def assumptions(s: SweepSpec) -> list[str]:
    return [
        f"{s.decks} deck(s), {s.rules.describe()}; {s.spots} spot(s); "
        + PLAY.format("no doubles, splits or surrender" if s.visible is None
                      else "no doubles or surrender; pairs split as below"),
        f"a new round starts while fewer than {s.cut} of the {s.cards} cards have been dealt "
        f"(penetration {float(Fraction(s.penetration)):g}); every dealt card is seen; no burn card",
        f"shoe i is shuffled with random.Random seeded from numpy.random.SeedSequence({s.seed}, spawn_key=(i,))",
        "the return is per unit wagered, for the unseen cards, before each round; a player edge is a "
        "return > 0 (exactly 0 is not an edge)"
        + ("" if s.exact else f"; floats within {TIE_BAND:g} of 0 are decided in exact arithmetic"),
        "EoR: exact change in return from the full shoe when one card is removed; tags "
        "round(L * EoR / max|EoR|), L of 1-3 with the best betting correlation; balanced true count "
        "52 (RC - m * mean tag) / cards left",
        "the counter bets one unit when the true count is above the threshold; 'perfect' bets when the "
        "exact return is > 0",
    ] + (["EZ Bust as played: each spot may place the wager after the up card (2 to 6) and its own two cards are "
          "seen (633b.16(c)); it bets when the return for the cards it sees is above 0: "
          + ("its own two cards and the up card" if s.visible == "own" else "every spot's two cards and the up card")
          + "; the spots split pairs once without doubling after (8s and aces always, 2s and 3s against 4 to 7, "
          "6s against 3 to 6, 7s against 2 to 7, 9s against 2 to 6, 8 and 9) and may place one more wager at "
          "each split ((c)(2)), on the same cards, so with the same return"] if s.visible is not None else []) + ([f"the aggregate payout limit of (k)(6)-(7), {s.cap} units, shared by the winners among the {s.spots} "
          "spot(s), every one betting an equal wager: the queen of hearts pair with a dealer blackjack is paid its "
          "expected share for the cards left before each round"] if s.cap is not None else []) + ([
          f"the wager on {s.streak or 2} wins in a row (its return from the round's outcome law, as the method "
          "says): the player who makes it plays the main game composition-dependent; the spots' play above only "
          "decides which cards leave"] if s.wager in streak_wagers() else [])


def percent(x: Optional[float]) -> str:
    """A return as a signed percentage to four places ("n/a" for none), as the sweeps print it."""
    return "n/a" if x is None else f"{100 * float(x):+.4f}%"


def sweep_text(res: SweepResult, notes: Sequence[str] = (), exact: Optional[ExactCounting] = None) -> str:
    j = sweep_json(res, notes, exact)
    r, c = j["return"], j["count"]
    lines = [
        f"odds sweep {j['wager']} (paytable {j['paytable']}): {j['decks']} deck(s), {j['rule']}, {j['spots']} spots, "
        f"penetration {float(Fraction(j['penetration'])):g}, {j['shoes']:,} shoe{'s' if j['shoes'] != 1 else ''}, {j['rounds']:,} rounds, seed {j['seed']}",
        f"arithmetic: {j['arithmetic']} ({j['method']})",
        "",
        f"full shoe return      {percent(j['full_shoe']['return_float'])}   ({j['full_shoe']['return']})",
        f"return over the shoe  mean {percent(r['mean'])}  sd {100 * r['std']:.4f}%  min {percent(r['min'])}  max {percent(r['max'])}",
        "quantiles             " + "  ".join(f"{k}: {percent(v)}" for k, v in r["quantiles"].items()),
        f"player edge           {j['player_edge']['fraction']:.4%} of rounds ({j['player_edge']['rounds']:,})",
        "",
        text_table(["dealt", "rounds", "mean return", "edge rounds"],
                   [[f"{d['dealt_from']:.1f}-{d['dealt_to']:.1f}", f"{d['rounds']:,}", percent(d["mean_return"]),
                     f"{d['edge_fraction']:.4%}"] for d in j["by_depth"]], right=(1, 2, 3)),
        "",
        "effects of removal (exact, one card from the full shoe) and the count's tags:",
        text_table(["rank"] + list(RANKS),
                   [["EoR"] + [f"{100 * e['float']:+.4f}" for e in j["effects_of_removal"]["by_rank"].values()],
                    [f"tag (L{c['level']})"] + [str(x) for x in c["tags"].values()]],
                   right=tuple(range(1, 14))),
        "(EoR in percentage points of return per card removed)",
        f"betting correlation {c['betting_correlation']:.4f}; return per true count "
        f"{percent(c['return_per_true_count'])}; threshold TC > "
        + ("n/a" if c["threshold_float"] is None else f"{c['threshold_float']:.3f}")
        + f" ({c['threshold_method']}); correlation of TC and return in the sweep {c['count_return_correlation']:.4f}",
        "",
    ]
    rows = []
    for name, key in (("counter", "counter"), ("knows the exact return", "perfect")):
        d = j[key]
        rows.append([name, f"{d['fraction_bet']:.4%}", percent(d["gain_per_round"]), percent(d["gain_per_round_bet"]),
                     percent(d["gain_per_wager"])])
    b = j["best_threshold_in_sample"]
    lines += [text_table(["player", "rounds bet", "gain/round dealt", "gain/round bet", "gain/wager"], rows,
                         right=(1, 2, 3, 4)),
              f"in-sample best threshold TC >= {b['threshold']}: {percent(b['gain_per_round'])} per round dealt, "
              f"{b['fraction_bet']:.4%} of rounds bet",
              ""]
    if exact is not None:
        lines += exact_lines(j, exact)
    if "as_played" in j:
        a = j["as_played"]
        seen = "every spot's cards" if a["visible"] == "table" else "its own two cards"
        lines += [f"as played (633b.16(c): placed after an up card of 2 to 6, on {seen} and the up card): "
                  f"{a['fraction_bet']:.4%} of {a['spot_rounds_offered']:,} spot-rounds offered bet; gain "
                  f"{percent(a['gain_per_spot_round'])} per spot and round dealt, {percent(a['gain_per_wager'])} per wager; "
                  f"{a['split_bets']:,} of {a['splits_offered']:,} split wager(s) bet, "
                  f"{percent(a['gain_per_spot_round_with_splits'])} per spot and round with them"
                  + (f"; {a['rounds_unpriced']:,} round(s) not priced (so few cards unseen that the dealer could run "
                     "out)" if a["rounds_unpriced"] else ""),
                  ""]
    lines += [f"warning: {w}" for w in j["warnings"]]
    dealt = j["shoes"] - res.resumed  # the shoes read back from a checkpoint took no time here
    rate = dealt / max(res.seconds, 1e-9)
    lines.append(f"time: {res.seconds:.1f} s ({res.where})"
                 + ("" if not dealt else f", {rate:,.0f} shoes/s" if rate >= 10 else f", {1 / rate:.2f} s a shoe"))
    return "\n".join(lines)


def exact_lines(j: dict, exact: ExactCounting) -> list[str]:
    """The exact counting figures beside the sweep's: the counter's gain against the sweep's interval."""
    rows = []
    for name, t in (("counter", exact.counter), ("best count (bets when the exact return given the count > 0)",
                                                 exact.best)):
        if t is not None:
            per_bet = t.value_per_bet
            rows.append([name, f"{float(t.share):.4%}", percent(float(t.value_per_round)),
                         "-" if per_bet is None else percent(float(per_bet))])
    ci = j["counter"]["gain_per_round_ci95"]
    out = [f"exact, no shoe dealt ({exact.seconds:.1f} s); rounds start at {len(exact.depths)} depths: {exact.model} "
           f"({float(exact.round_cards):.2f} cards a round)",
           text_table(["player", "rounds bet", "gain/round dealt", "gain/round bet"], rows, right=(1, 2, 3))]
    if ci is not None and exact.counter is not None:
        exact_gain, swept = float(exact.counter.value_per_round), j["counter"]["gain_per_round"]
        se = (ci[1] - ci[0]) / (2 * 1.96)
        apart = f", {abs(exact_gain - swept) / se:.1f} standard errors apart" if se > 0 else ""
        out.append(f"the sweep's counter: {percent(swept)} a round, 95% interval [{percent(ci[0])}, {percent(ci[1])}]: "
                   f"the exact figure {'lies inside' if ci[0] <= exact_gain <= ci[1] else 'lies OUTSIDE'}{apart}")
    shown = [exact.index[len(exact.index) * k // 4] for k in range(4)] + [exact.index[-1]]
    out.append("the best count bets from true count " + "; ".join(
        f"{'never' if tc is None else f'{float(tc):+.2f}'} at {m} cards" for m, _, tc in dict.fromkeys(shown)))
    return out + [""]


# --------------------------------------------------------------------------------------- plots

def png_bytes(fig: Any) -> bytes:
    """A figure as PNG at 100 dpi, with no software stamp (the bytes depend on the figure only)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    return buf.getvalue()


def write_plots(res: SweepResult, directory: Union[str, Path], exact: Optional[ExactCounting] = None) -> list[Path]:
    """Four PNG files in ``directory`` (made if missing): the return's histogram, the return by
    depth, the effects of removal with the tags, and the return and gain by true count; with
    ``exact``, a fifth: the exact return given the true count at several depths. The files depend
    only on the sweep's numbers (no software stamp)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    j = sweep_json(res)
    out = output_folder(directory, "--plots", create=True)
    name = j["wager"]
    title = f"{name} {j['paytable']}, {j['decks']}D {j['rule']}, pen {float(Fraction(j['penetration'])):g}"
    paths = []

    def save(fig: Any, suffix: str) -> None:
        fig.tight_layout()
        paths.append(write_into(out, f"{name}-{suffix}.png", png_bytes(fig), "--plots"))
        plt.close(fig)

    fig, ax = plt.subplots(figsize=(9, 4))
    coarse: dict = {}  # bins of 0.1 percentage point
    for key, rounds in res.tally.hist.items():
        coarse[key // 10] = coarse.get(key // 10, 0) + rounds
    if coarse:
        keys = sorted(coarse)
        ax.bar([100 * float(k * 10 * HIST_WIDTH) for k in keys], [coarse[k] for k in keys],
               width=100 * float(10 * HIST_WIDTH), align="edge")
        ax.set_yscale("log")
        lo, hi = _quantiles(res.tally.hist, res.tally.rounds, (0.0005, 0.9995)).values()
        ax.set_xlim(100 * min(lo, 0.0) - 0.5, 100 * max(hi, 0.0) + 0.5)
    ax.axvline(0, color="k", lw=0.8)
    ax.axvline(100 * j["full_shoe"]["return_float"], color="r", lw=0.8, ls="--", label="full shoe (every first round)")
    ax.set(xlabel="return (%), 0.05% to 99.95% of rounds shown", ylabel="rounds (log scale)",
           title=f"{title}: return before each round")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False, fontsize=8)
    fig.tight_layout()
    save(fig, "return")

    fig, ax = plt.subplots(figsize=(9, 4))
    depth = j["by_depth"]
    x = [(d["dealt_from"] + d["dealt_to"]) / 2 for d in depth]
    ax.plot(x, [100 * d["mean_return"] for d in depth], "o-", label="mean return (%)")
    ax.plot(x, [100 * d["edge_fraction"] for d in depth], "s-", label="rounds with player edge (%)")
    ax.axhline(0, color="k", lw=0.8)
    ax.set(xlabel="fraction of the shoe dealt", ylabel="per cent", title=f"{title}: by depth")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False, fontsize=8)
    fig.tight_layout()
    save(fig, "depth")

    fig, ax = plt.subplots(figsize=(9, 4))
    eor = [100 * e["float"] for e in j["effects_of_removal"]["by_rank"].values()]
    ax.bar(list(RANKS), eor)
    for i, tag in enumerate(j["count"]["tags"].values()):
        ax.annotate(f"{tag:+d}", (i, eor[i]), ha="center", va="bottom" if eor[i] >= 0 else "top")
    ax.axhline(0, color="k", lw=0.8)
    ax.set(xlabel="rank removed", ylabel="change in return (percentage points)",
           title=f"{title}: EoR and tags (BC {j['count']['betting_correlation']:.3f})")
    save(fig, "eor")

    fig, ax = plt.subplots(figsize=(9, 4))
    tc = [row for row in j["by_true_count"] if row["rounds"] >= 20]
    ax.plot([row["from"] for row in tc], [100 * row["mean_return"] for row in tc], "o-",
            label="mean return (%) in the bin")
    ax.axhline(0, color="k", lw=0.8)
    if j["count"]["threshold_float"] is not None:
        ax.axvline(j["count"]["threshold_float"], color="r", ls="--", label="threshold (linear estimate)")
    ax.set(xlabel="true count (bin's lower edge)", ylabel="mean return in the bin (%)",
           title=f"{title}: return by true count")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False, fontsize=8)
    fig.tight_layout()
    save(fig, "count")
    if exact is not None:
        fig, ax = plt.subplots(figsize=(9, 4))
        for m, points in exact.curves:
            seen = [p for p in points if p[2] >= 1e-6]  # counts with a chance of at least one in a million
            ax.plot([p[0] for p in seen], [100 * p[1] for p in seen], ".-", ms=3, label=f"{m} cards dealt")
        ax.axhline(0, color="k", lw=0.8)
        if j["count"]["threshold_float"] is not None:
            ax.axvline(j["count"]["threshold_float"], color="r", ls="--", label="the counter's threshold")
        ax.set(xlabel="true count (counts with a chance of at least 1e-6)", ylabel="exact return given the count (%)",
               title=f"{title}: exact return by true count")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False, fontsize=8)
        save(fig, "exact-count")  # save lays the figure out
    return paths
