"""Calibrated confidence: the confidence a finding shows is the measured precision of its rule.

The analyses give each verdict a confidence from its evidence (`raw`). `calibration.json`, fitted by
`scripts/calibrate.py`, maps each rule and band of raw confidence to the share of such findings that
hand labels found right on projects nobody had tuned the rules on: the level of each rule comes from
blind first-contact rounds (benchmarks/first-contact/), how it moves with the band from the labelled
corpus (benchmarks/real/), never falling as the raw confidence rises. The held-out tables are in
docs/benchmarks.md (section `calibration`). A rule with no labels keeps its raw confidence. The file
is data shipped with the package: refit it, do not edit it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

TABLE = Path(__file__).with_name("calibration.json")
BANDS = ((0, 59), (60, 69), (70, 79), (80, 89), (90, 100))
# A rule whose findings are weaker evidence than another's never shows more than that rule's measured
# precision, whatever its own fit: a method nobody calls may be called through an object the analysis
# cannot type, where a function nobody calls cannot.
WEAKER_THAN = {"dead/untyped-receiver-method": "dead/no-root"}


def band_of(raw: int) -> str:
    low, high = next(b for b in BANDS if b[0] <= raw <= b[1])
    return f"{low}-{high}"


@lru_cache(maxsize=1)
def table() -> dict:
    """{"rules": {rule: {"all": precision, band: precision}}, "floor": int, ...}; empty when not fitted."""
    try:
        return json.loads(TABLE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


DEFAULT_FLOOR = 90  # with no fitted table: a finding is what is right nine times in ten


def finding_floor() -> int:
    """The lowest shown confidence that is a finding (analysis.finding_floor unset): the fitted table's
    floor, the lowest confidence band from which every band was at least 90% right on held-out projects."""
    return int(table().get("floor", DEFAULT_FLOOR))


def family_of(path_or_language: str) -> str:
    """The language family a rule's precision is measured per: `python`, or `js` for JavaScript and
    TypeScript (a file's language, or a path by its extension). The same rule can mean different
    evidence in each: a leading underscore is a convention Python code keeps, a module-local name in
    JavaScript is often read by a tool that loads the file."""
    text = path_or_language.lower()
    return "python" if text in ("python", "py") or text.endswith((".py", ".pyi")) else "js"


def fitted_key(rule: str, rules: dict, family: str | None) -> str:
    """The table's entry for `rule` in `family` (`rule@family`) when it was fitted, else the rule's."""
    split = f"{rule}@{family}" if family else ""
    return split if split in rules else rule


def measured(rule: str, family: str | None = None) -> bool:
    """Whether the shipped table holds a measured precision for `rule` (in `family`, or overall)."""
    rules = table().get("rules", {})
    return fitted_key(rule, rules, family) in rules


def clears_floor(rule: str, shown: int | None, family: str | None, floor: int, judged: bool = True) -> bool:
    """Whether a verdict shown at `shown` is a finding at `floor` (else a candidate). A judged one (DEAD,
    DUPLICATE, OVER: it asks to delete or fold code) needs its rule's measured precision: a rule nobody
    has measured on new projects, or a verdict with no confidence, has none to clear the floor with."""
    if floor <= 0:
        return True
    if judged and (shown is None or not measured(rule, family)):
        return False
    return shown is None or shown >= floor


def calibrated(rule: str, raw: int | None, fitted: dict | None = None, family: str | None = None) -> int | None:
    """The measured precision (0-100) of findings of `rule` with this raw confidence in this language
    family (family_of), or the raw confidence when the rule was not fitted (too few labels)."""
    if raw is None:
        return None
    rules = (fitted if fitted is not None else table()).get("rules", {})
    by_band = rules.get(fitted_key(rule, rules, family)) or {}
    value = by_band.get(band_of(raw), by_band.get("all"))
    shown = raw if value is None else int(round(value))
    weaker = WEAKER_THAN.get(rule)
    stronger = rules.get(fitted_key(weaker, rules, family), {}).get("all") if weaker else None
    return shown if stronger is None else min(shown, int(round(stronger)))
