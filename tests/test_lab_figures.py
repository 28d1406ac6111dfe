"""The figures of a lab's math report (odds.pricing.volatility): the volatility index, the bands of the
player's result after N rounds, the maximum win, and the rounds a Monte Carlo confirmation needs;
in every format of the par sheet and in the certification report."""
import csv
import io
import json
import math
from fractions import Fraction as F

import pytest

from odds.apps.cli import main
from odds.pricing import volatility
from odds.pricing.volatility import LabFigures, _sum_quantiles, z_value


def exact_quantiles(law, n, levels):
    """The same quantiles from the exact law of the sum, by repeated convolution in Fractions."""
    dist = {F(0): F(1)}
    for _ in range(n):
        nxt: dict = {}
        for total, p in dist.items():
            for x, q in law:
                nxt[total + x] = nxt.get(total + x, F(0)) + p * q
        dist = nxt
    out = []
    for level in levels:
        acc = F(0)
        for total in sorted(dist):
            acc += dist[total]
            if acc >= F(level).limit_denominator(1000):
                out.append(float(total))
                break
    return out


LAWS = [
    [(F(-1), F(7, 10)), (F(2), F(1, 4)), (F(25), F(1, 20))],  # skewed, integer pays
    [(F(-1), F(1, 2)), (F(1, 2), F(1, 3)), (F(3, 2), F(1, 6))],  # half-unit pays
    [(F(-1), F(99, 100)), (F(50), F(1, 100))],  # a long shot
]


@pytest.mark.parametrize("law", LAWS)
@pytest.mark.parametrize("n", [1, 7, 40])
def test_the_band_of_the_sum_is_the_exact_laws_quantiles(law, n):
    levels = (0.025, 0.05, 0.95, 0.975)
    assert _sum_quantiles(law, n, levels) == exact_quantiles(law, n, levels)


def test_the_normal_band_and_when_it_is_used():
    law = LAWS[0]
    fig = LabFigures.of(law, rounds=(10, 10_000))
    mean = sum(p * x for x, p in law)
    sigma = math.sqrt(sum(p * (x - mean) ** 2 for x, p in law))
    third = sum(p * (x - mean) ** 3 for x, p in law)
    assert fig.mean == mean and fig.skewness == pytest.approx(float(third) / sigma ** 3, rel=1e-12)
    assert fig.volatility_index == {90: z_value(90) * sigma, 95: z_value(95) * sigma}
    assert round(z_value(90), 4) == 1.6449 and round(z_value(95), 4) == 1.96
    few, many = fig.bands
    assert fig.skewness / math.sqrt(10) > 0.2 and few.method == "distribution"
    assert fig.skewness / math.sqrt(10_000) <= 0.2 and many.method == "normal"
    half = z_value(95) * sigma * 100
    assert many.mean == 10_000 * mean
    assert many.band_95 == (float(many.mean) - half, float(many.mean) + half)


def test_max_win_and_the_rounds_to_see_the_rarest_pay():
    fig = LabFigures.of(LAWS[2])
    assert fig.max_win == 50 and fig.rarest_paid == F(1, 100)
    assert fig.rounds_for_hits(10) == 1000
    assert LabFigures.of([(F(-1), F(1))]).rounds_for_hits(10) is None  # nothing pays


def test_a_band_too_wide_to_compute_is_not_given(monkeypatch):
    monkeypatch.setattr(volatility, "LATTICE_MAX", 100)
    band = LabFigures.of(LAWS[2], rounds=(100,)).bands[0]
    assert (band.method, band.band_90, band.band_95) == ("none", None, None)


def sheet(capsys, fmt, *args):
    assert main(["wager", "buster", "--decks", "6", "--paytable", "A", "--format", fmt, *args]) == 0
    return capsys.readouterr().out


def test_every_format_of_the_par_sheet_carries_the_figures(capsys):
    doc = json.loads(sheet(capsys, "json"))
    assert set(doc["volatility_index"]) == {"90%", "95%"} and doc["max_win"] == "250"
    assert [b["rounds"] for b in doc["result_bands"]] == [100, 1000, 10000, 100000]
    assert abs(doc["volatility_index"]["95%"] - z_value(95) * doc["std_dev"]) < 1e-5
    assert doc["rounds_for_ten_hits"] == math.ceil(10 / F(doc["outcomes"][0]["probability"]))
    rows = list(csv.DictReader(io.StringIO(sheet(capsys, "csv"))))
    assert [r["outcome"] for r in rows] == [o["name"] for o in doc["outcomes"]]
    for r in rows:  # the decimal columns beside the exact ones read as numbers
        assert float(r["return_decimal"]) == pytest.approx(float(F(r["return"])), rel=1e-15)
        assert float(r["house_edge_decimal"]) == pytest.approx(float(F(doc["house_edge"])), rel=1e-15)
        assert float(r["volatility_index_95"]) == pytest.approx(doc["volatility_index"]["95%"], abs=1e-6)
    for fmt in ("table", "md"):
        text = sheet(capsys, fmt)
        assert "volatility index 90%" in text and "maximum win      250 to 1" in text
        assert "N = 100,000" in text


def test_the_certification_report_warns_of_too_few_rounds(tmp_path, capsys):
    assert main(["wager", "bust-it", "--decks", "1", "--format", "json"]) == 0
    need = json.loads(capsys.readouterr().out)["rounds_for_ten_hits"]
    assert 1000 < need < 10_000
    pages = {}
    for rounds in (need - 1, need):
        out = tmp_path / f"{rounds}.html"
        assert main(["certify", "bust-it", "--decks", "1", "--rule", "S17", "--rounds", str(rounds), "--out", str(out)]) == 0
        pages[rounds] = out.read_text()
    assert "volatility index (95%)" in pages[need] and "maximum win per wager" in pages[need]
    assert (f"{need - 1:,} rounds are too few to expect ten hits of the rarest paid outcome" in pages[need - 1]
            and f"(--rounds {need})" in pages[need - 1])
    assert "too few to expect ten hits" not in pages[need]


def test_odds_simulate_warns_of_too_few_rounds(capsys):
    assert main(["wager", "bust-it", "--decks", "1", "--format", "json"]) == 0
    need = json.loads(capsys.readouterr().out)["rounds_for_ten_hits"]
    for rounds, warned in ((need - 1, True), (need, False)):
        main(["simulate", "bust-it", "--decks", "1", "--rounds", str(rounds)])
        text = capsys.readouterr().out
        assert ("too few to expect ten hits" in text and f"(--rounds {need})" in text) is warned
