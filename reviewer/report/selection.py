"""What the reports and the gate count: the stored reviews seen through the configuration.

The stored `.rev.json` keeps every finding a reviewer made (it is the review, and a
cached Claude review must not be paid again because a filter changed). The view
drops the findings of axes not selected (`axes`, `--axes`) and of axes ignored for
a path (`per_file_ignores`, like ruff's), then lowers the file verdict to what the
remaining active findings justify: a view never raises a verdict. Suppression
problems (axis `suppression`) are always kept: they are about the comments.

One policy for every output (terminal, concise, github, gitlab, SARIF, report.json,
report.md, the pre-commit hook): the hygiene axes are counted but listed one by one
only when selected by name (`unlisted_axes`).
"""

from __future__ import annotations

import fnmatch

from functools import lru_cache

import pathspec

from ..config import Config
from ..schema.axes import AXIS, FILE_VERDICT_RANK
from ..schema.review import Finding, ReviewFile

# The verdict a finding of each severity justifies on its own (CRITICAL on a high one).
VERDICT_OF_SEVERITY = {"high": "CRITICAL", "medium": "NEEDS_REFACTOR", "low": "CLEAN"}
HYGIENE_AXES = tuple(name for name, row in AXIS.items() if row.action == "hygiene")


@lru_cache(maxsize=256)
def _spec(pattern: str) -> pathspec.PathSpec:
    return pathspec.PathSpec.from_lines("gitwildmatch", [pattern])


def ignored_axes(config: Config, file: str) -> set[str]:
    """The axes `per_file_ignores` drops for `file`."""
    return {axis for pattern, axes in config.per_file_ignores.items() if _spec(pattern).match_file(file) for axis in axes}


def lowered_verdict(verdict: str, findings: list[Finding]) -> str:
    """`verdict`, or less when the active findings no longer justify it."""
    justified = max((VERDICT_OF_SEVERITY.get(f.severity, "CLEAN") for f in findings if not f.suppressed),
                    key=FILE_VERDICT_RANK.__getitem__, default="CLEAN")
    return min(verdict, justified, key=FILE_VERDICT_RANK.__getitem__)


def _kept(finding: Finding, selected: set[str], ignored: set[str]) -> bool:
    if finding.axis not in AXIS:
        return True  # suppression problems and any axis a reviewer adds
    return finding.axis in selected and finding.axis not in ignored


def rule_selected(rule: str, config: Config) -> bool:
    """Whether `report.select_rules` / `report.ignore_rules` (`--select`/`--ignore` with rule ids) keep a rule."""
    chosen = config.report.select_rules
    if chosen and not any(fnmatch.fnmatchcase(rule, pattern) for pattern in chosen):
        return False
    return not any(fnmatch.fnmatchcase(rule, pattern) for pattern in config.report.ignore_rules)


def select_review(review: ReviewFile, config: Config) -> ReviewFile:
    selected, ignored = set(config.axes), ignored_axes(config, review.file)
    def in_view(finding: Finding) -> bool:
        return _kept(finding, selected, ignored) and rule_selected(finding.rule, config)

    findings = [f for f in review.findings if in_view(f)]
    candidates = [f for f in review.candidates if in_view(f)]
    if len(findings) == len(review.findings) and len(candidates) == len(review.candidates):
        return review
    categories = {(f.symbol, AXIS[f.axis].action) for f in findings if f.axis in AXIS}
    actions = [a for a in review.actions if (a.symbol, a.category) in categories or a.symbol is None]
    return review.model_copy(update={
        "findings": findings, "actions": actions, "candidates": candidates,
        "verdict": lowered_verdict(review.verdict, findings) if review.findings else review.verdict,
    })


def unlisted_axes(config: Config) -> frozenset[str]:
    """The hygiene axes (tests, documentation) whose findings every output counts but does not
    list one by one: all of them by default, none with `report.hygiene: full`, the others when
    it names some (`--select documentation` names one)."""
    hygiene = config.report.hygiene
    if hygiene == "full":
        return frozenset()
    listed = set(hygiene) if isinstance(hygiene, list) else set()
    return frozenset(axis for axis in HYGIENE_AXES if axis not in listed)


def narrowed_to(config: Config, axis: str) -> bool:
    """The selection names fewer axes than all and holds `axis`: the user asked for it."""
    return axis in config.axes and set(config.axes) != set(AXIS)


def select(reviews: list[ReviewFile], config: Config) -> list[ReviewFile]:
    """Every review as the configuration asks to see it (unchanged when nothing is filtered)."""
    if set(config.axes) == set(AXIS) and not config.per_file_ignores and not (
            config.report.select_rules or config.report.ignore_rules):
        return list(reviews)
    return [select_review(review, config) for review in reviews]
