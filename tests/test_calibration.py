"""Calibrated confidence on frozen slices, both written by scripts/calibrate.py with the table it fitted
without them:
- `fresh.json`: first-contact rounds labelled blind, at commits before the fit, on projects no rule
  was tuned on: what a new user meets;
- `heldout.json`: the corpus's held-out third (projects that had a say in the rules).
A finding's confidence is its rule's measured precision: on the fresh slice (rounds 39-52, 82 projects
labelled at commits whose table, fitted on rounds 2-38, never saw them) each band of 20 findings or more holds within
5 points of the precision measured there, give or take the sampling error of a band of that size (two
standard errors); on the corpus slice no band is over-confident by more than that. One round alone
swings with its projects' shapes (round 17, under the fit made before it, read 11 to 24 points above its
confidence): the slice pools fourteen."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from calibrate import FROZEN, FROZEN_FRESH, _monotone, evaluate  # noqa: E402
from reviewer.review.calibration import band_of, calibrated, table  # noqa: E402

TOLERANCE = 5  # points, the target per band


def _bands(rows: list[dict]) -> list[tuple[str, int, float, float, float]]:
    """(band, findings, mean confidence, precision, allowed gap) of each band of 20 findings or more."""
    found = []
    for band, findings, mean, precision, _ in evaluate(rows, table())[0]:
        n, p = int(findings), float(precision) / 100
        if n >= 20:
            smoothed = (p * n + 1) / (n + 2)  # a band all right or all wrong still has a sampling error
            found.append((band, n, float(mean), float(precision),
                          TOLERANCE + 200 * math.sqrt(smoothed * (1 - smoothed) / n)))
    return found


def test_the_shipped_table_holds_on_fresh_projects() -> None:
    rows = json.loads(FROZEN_FRESH.read_text(encoding="utf-8"))
    assert len(rows) >= 400 and len({r["project"] for r in rows}) >= 15
    bands = _bands(rows)
    assert len(bands) >= 2
    for band, n, mean, precision, allowed in bands:
        assert abs(mean - precision) <= allowed, (band, n, mean, precision)


def test_the_shipped_table_is_not_over_confident_on_the_corpus_held_out_third() -> None:
    rows = json.loads(FROZEN.read_text(encoding="utf-8"))
    assert len(rows) >= 300 and len({r["project"] for r in rows}) >= 20
    for band, n, mean, precision, allowed in _bands(rows):
        assert mean - precision <= allowed, (band, n, mean, precision)


def test_confidence_never_falls_as_the_evidence_grows_within_a_rule() -> None:
    assert _monotone([(0.9, 10), (0.7, 30), (0.8, 5)]) == [0.75, 0.75, 0.8]
    for rule, by_band in table()["rules"].items():
        values = [by_band[band] for band in ("0-59", "60-69", "70-79", "80-89", "90-100") if band in by_band]
        assert values == sorted(values), rule


def test_a_rule_without_enough_labels_keeps_its_raw_confidence() -> None:
    fitted = {"rules": {"dead/no-root": {"80-89": 97.0, "all": 96.0}}}
    assert calibrated("dead/no-root", 85, fitted) == 97
    assert calibrated("dead/no-root", 95, fitted) == 96  # no band fitted: the rule's overall precision
    assert calibrated("over/pass-through", 75, fitted) == 75
    assert band_of(70) == "70-79" and band_of(100) == "90-100"


def test_a_weaker_rule_never_shows_more_than_the_rule_it_is_weaker_than() -> None:
    fitted = {"rules": {"dead/no-root": {"80-89": 97.0, "all": 90.0},
                        "dead/untyped-receiver-method": {"70-79": 98.0, "all": 98.0}}}
    assert calibrated("dead/untyped-receiver-method", 75, fitted) == 90  # capped at the plain rule's precision
    assert calibrated("dead/untyped-receiver-method", 75, {"rules": {}}) == 75  # neither fitted: its raw confidence
    for raw in range(0, 86):  # the shipped table: a method's raw confidence is 10 under a function's
        assert calibrated("dead/untyped-receiver-method", raw) <= calibrated("dead/no-root", raw + 10)
