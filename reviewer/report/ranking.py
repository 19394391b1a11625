"""Which finding to fix first, the same order everywhere (report.md's "Fix first", each
.rev.md, the terminal, the CI formats, the SARIF cap):

1. production code before hygiene (tests, documentation);
2. the product's code, then code written for it by a tool or for a reader (migrations a tool
   generated, examples/, benchmarks/: an unused import there is the template's, not the product's
   to fix first), then test code (a path under tests/, test_*.py, *.test.ts);
3. severity x confidence: the confidence of a finding is its own when it carries one, else
   its symbol's (0-100, from the evidence); a finding with neither counts as DEFAULT_CONFIDENCE;
4. the size of the payoff: more lines to remove or merge first;
5. path and line, so the order is stable.

The first screen (`first_screen`) leaves out hygiene and test-code duplication unless the
user selected that axis: a suite's repeated set-up is rarely the first thing to fix.
"""

from __future__ import annotations

from ..analysis.roles import is_benchmark_path, is_example_path, is_migration_path, is_test_path
from ..schema.axes import AXIS
from ..schema.review import Finding, ReviewFile

SEVERITY_WEIGHT = {"high": 3, "medium": 2, "low": 1}
DEFAULT_CONFIDENCE = 80


def confidences(review: ReviewFile) -> dict[str, int]:
    """Symbol name -> confidence, for one file."""
    return {symbol.name: symbol.confidence for symbol in review.symbols}


def confidence_of(finding: Finding, by_symbol: dict[str, int]) -> int:
    if finding.confidence is not None:
        return finding.confidence
    return by_symbol.get(finding.symbol or "", DEFAULT_CONFIDENCE)


def importance(severity: str, confidence: int) -> float:
    """1-3 scaled by confidence: a sure medium (2 x 0.95) beats a doubtful high (3 x 0.5)."""
    return SEVERITY_WEIGHT.get(severity, 1) * confidence / 100


def is_hygiene(axis: str) -> bool:
    return axis in AXIS and AXIS[axis].action == "hygiene"


def rank_key(file: str, axis: str, severity: str, confidence: int, line: int, line_end: int | None = None) -> tuple:
    """Sort key, most important first (see the module docstring)."""
    payoff = max((line_end or line) - line + 1, 1)
    return (is_hygiene(axis), code_rank(file), -importance(severity, confidence), -payoff, file, line, axis)


def code_rank(file: str) -> int:
    """0 the product's code, 1 migrations and demo code (examples, benchmarks), 2 test code."""
    if is_test_path(file):
        return 2
    return 1 if is_migration_path(file) or is_example_path(file) or is_benchmark_path(file) else 0


def ranked(review: ReviewFile, findings: list[Finding]) -> list[Finding]:
    """`findings` of one file, most important first."""
    by_symbol = confidences(review)
    return sorted(findings, key=lambda f: rank_key(review.file, f.axis, f.severity, confidence_of(f, by_symbol),
                                                   f.line_start, f.line_end))


def in_first_screen(file: str, axis: str, selected: frozenset[str] = frozenset()) -> bool:
    """May this finding be among the first ones shown? Not hygiene, not test-code duplication,
    unless the user selected that axis (`selected`)."""
    if axis in selected:
        return True
    return not is_hygiene(axis) and not (axis == "duplication" and is_test_path(file))


def first_screen(findings: list, limit: int, selected: frozenset[str] = frozenset()) -> list:
    """The first `limit` of `findings` (ranked FindingEntry rows) that may open a screen."""
    return [f for f in findings if in_first_screen(f.file, f.axis, selected)][:limit]
