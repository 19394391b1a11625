"""Calibrated confidence on a frozen slice: the held-out projects' labelled findings (benchmarks/real/
calibration/heldout.json, written by scripts/calibrate.py with the table it fitted on the other projects).
A finding's confidence is its rule's measured precision: at the reporting floor and above, each band of
20 findings or more holds within 5 points of the precision measured on projects that had no say in it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from calibrate import FROZEN, evaluate  # noqa: E402
from reviewer.review.calibration import band_of, calibrated, table  # noqa: E402


def test_the_shipped_table_holds_on_the_held_out_slice() -> None:
    rows = json.loads(FROZEN.read_text(encoding="utf-8"))
    assert len(rows) >= 300 and len({r["project"] for r in rows}) >= 20
    bands, _, _ = evaluate(rows, table())
    checked = 0
    for band, findings, mean, precision, _ in bands:
        if int(band.split("-")[0]) >= 70 and int(findings) >= 20:
            assert abs(float(mean) - float(precision)) <= 5, (band, mean, precision)
            checked += 1
    assert checked >= 3


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
