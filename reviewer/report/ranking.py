"""Which finding to fix first: severity x confidence, the same order everywhere
(report.md's "Fix first", each .rev.md, the terminal, the SARIF cap).

The confidence of a finding is its own when it carries one, else its symbol's (0-100,
from the evidence); a finding with neither counts as DEFAULT_CONFIDENCE. Hygiene axes (tests, documentation)
come after every other finding of the same score.
"""

from __future__ import annotations

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


def rank_key(file: str, axis: str, severity: str, confidence: int, line: int) -> tuple:
    """Sort key, most important first; ties broken by path and line so the order is stable."""
    return (is_hygiene(axis), -importance(severity, confidence), file, line, axis)


def ranked(review: ReviewFile, findings: list[Finding]) -> list[Finding]:
    """`findings` of one file, most important first."""
    by_symbol = confidences(review)
    return sorted(findings, key=lambda f: rank_key(review.file, f.axis, f.severity, confidence_of(f, by_symbol),
                                                   f.line_start))
