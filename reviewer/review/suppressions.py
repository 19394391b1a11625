"""Inline suppressions: `# reviewer: ignore[duplication]`, `// reviewer: ignore[utility] reason`.

The scan records them as `FileFacts.suppressions` ({line: [axes]}, `*` for all
axes). A suppression belongs to the innermost symbol whose range holds its line
or starts on the next line (a comment right above a `def`), and silences that
symbol's findings on the named axes. A finding with no symbol is silenced by a
suppression inside its own lines or right above them.

Suppressed findings stay in the review (marked, with a reason): the report
counts and lists them, the gate and SARIF leave them out.
"""

from __future__ import annotations

from ..schema.review import Finding, ReviewFile, SymbolReview

ALL_AXES = "*"


def _owner(line: int, symbols: list[SymbolReview]) -> SymbolReview | None:
    """The innermost symbol a suppression on `line` refers to."""
    candidates = [s for s in symbols if s.line_start - 1 <= line <= s.line_end]
    if not candidates:
        return None
    # Innermost: the shortest span; on a tie, the one the comment sits right above.
    return min(candidates, key=lambda s: (s.line_end - s.line_start, s.line_start != line + 1, s.line_start))


def _covers(axes: set[str], axis: str) -> bool:
    return ALL_AXES in axes or axis.lower() in axes


def apply_suppressions(
    review: ReviewFile,
    suppressions: dict[int, list[str]],
    reasons: dict[int, str] | None = None,
) -> ReviewFile:
    """A copy of `review` with findings marked `suppressed` per the file's comments.

    Suppressions come from the source alone, so earlier marks are recomputed:
    a finding whose comment was removed is active again. `reasons` (line -> text
    after the bracket), when the scan provides them, become the suppression reason."""
    reasons = reasons or {}
    # symbol name -> {axis: line of the comment}
    by_symbol: dict[str, dict[str, int]] = {}
    loose: list[tuple[int, set[str]]] = []  # suppressions no symbol owns
    for line, axes in sorted(suppressions.items()):
        wanted = {axis.strip().lower() for axis in axes if axis.strip()}
        owner = _owner(int(line), review.symbols)
        if owner is None:
            loose.append((int(line), wanted))
            continue
        for axis in wanted:
            by_symbol.setdefault(owner.name, {}).setdefault(axis, int(line))

    findings: list[Finding] = []
    for finding in review.findings:
        line = _matching_line(finding, by_symbol, loose)
        if line is None:
            findings.append(finding.model_copy(update={"suppressed": False, "suppression_reason": None}))
            continue
        reason = reasons.get(line, "").strip()
        shown = f"line {line}: {reason}" if reason else f"inline `reviewer: ignore` at line {line}"
        findings.append(finding.model_copy(update={"suppressed": True, "suppression_reason": shown}))
    return review.model_copy(update={"findings": findings})


def _matching_line(finding: Finding, by_symbol: dict[str, dict[str, int]], loose: list[tuple[int, set[str]]]) -> int | None:
    if finding.symbol and finding.symbol in by_symbol:
        axes = by_symbol[finding.symbol]
        for key in (finding.axis.lower(), ALL_AXES):
            if key in axes:
                return axes[key]
    for line, axes in loose:
        if finding.line_start - 1 <= line <= finding.line_end and _covers(axes, finding.axis):
            return line
    return None
