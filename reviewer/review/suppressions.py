"""Inline suppressions: `# reviewer: ignore[duplication]`, `// reviewer: ignore[utility] reason`,
`# reviewer: ignore[dead/unused-import]` (a rule id of schema/rules.py: that rule only).

The scan records them as `FileFacts.suppressions` ({line: [axes]}, `*` for all
axes). A suppression belongs to the innermost symbol whose range holds its line
or starts on the next line (a comment right above a `def`), and silences that
symbol's findings on the named axes. A finding with no symbol is silenced by a
suppression inside its own lines or right above them.

Suppressed findings stay in the review (marked, with a reason): the report
counts and lists them, the gate and SARIF leave them out, and the file verdict
no longer counts them (suppressing what made a file NEEDS_REFACTOR clears it).

Like ruff's RUF100, a comment that silences nothing is itself reported: an axis
that does not exist (`ignore[duplicate]`, with a "did you mean") and a
suppression no finding used become findings on the `suppression` axis (low
severity, so they never change a verdict).
"""

from __future__ import annotations

import difflib

from ..schema.axes import AXES, FILE_VERDICTS
from ..schema.review import Finding, ReviewFile, SymbolReview, finding_fingerprint
from ..schema.rules import BY_ID
from .findings import file_verdict

ALL_AXES = "*"
SUPPRESSION_AXIS = "suppression"
_KEYS = frozenset({ALL_AXES, *AXES, *BY_ID})  # what a suppression may name: an axis, a rule id, or all


def _owner(line: int, symbols: list[SymbolReview]) -> SymbolReview | None:
    """The innermost symbol a suppression on `line` refers to."""
    candidates = [s for s in symbols if s.line_start - 1 <= line <= s.line_end]
    if not candidates:
        return None
    # Innermost: the shortest span; on a tie, the one the comment sits right above.
    return min(candidates, key=lambda s: (s.line_end - s.line_start, s.line_start != line + 1, s.line_start))


def _keys(finding: Finding) -> tuple[str, ...]:
    """What a suppression may name to silence this finding: its rule, its axis, or every axis."""
    return (finding.rule.lower(), finding.axis.lower(), ALL_AXES)


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
    problems: list[Finding] = []
    known: list[tuple[int, str]] = []  # (line, axis) of every valid suppression
    for line, axes in sorted(suppressions.items()):
        wanted = {axis.strip().lower() for axis in axes if axis.strip()}
        for axis in sorted(wanted - _KEYS):
            problems.append(_problem(review.file, int(line), "UNKNOWN_AXIS", _unknown_axis_message(axis)))
        wanted &= _KEYS
        known.extend((int(line), axis) for axis in wanted)
        owner = _owner(int(line), review.symbols)
        if owner is None:
            loose.append((int(line), wanted))
            continue
        for axis in wanted:
            by_symbol.setdefault(owner.name, {}).setdefault(axis, int(line))

    used: set[tuple[int, str]] = set()

    def marked(listed: list[Finding]) -> list[Finding]:
        out: list[Finding] = []
        for finding in listed:
            if finding.axis == SUPPRESSION_AXIS:
                continue  # recomputed below, from the comments as they are now
            match = _matching_line(finding, by_symbol, loose)
            if match is None:
                out.append(finding.model_copy(update={"suppressed": False, "suppression_reason": None}))
                continue
            line, axis = match
            used.add((line, axis))
            reason = reasons.get(line, "").strip()
            shown = f"line {line}: {reason}" if reason else f"inline `reviewer: ignore` at line {line}"
            out.append(finding.model_copy(update={"suppressed": True, "suppression_reason": shown}))
        return out

    findings = marked(review.findings)
    candidates = marked(review.candidates)  # a comment silencing a candidate is used too
    for line, axis in known:
        if (line, axis) not in used:
            shown = "any axis" if axis == ALL_AXES else f"the {axis} axis"
            problems.append(_problem(review.file, line, "UNUSED",
                                     f"unused suppression: no finding on {shown} here; remove the comment"))
    verdict = review.verdict
    if any(f.suppressed for f in findings):
        verdict = min(verdict, file_verdict(findings), key=FILE_VERDICTS.index)
    return review.model_copy(update={"findings": findings + problems, "candidates": candidates, "verdict": verdict})


def _unknown_axis_message(axis: str) -> str:
    close = difflib.get_close_matches(axis, [*AXES, *BY_ID], n=1, cutoff=0.5)
    hint = f" (did you mean '{close[0]}'?)" if close else f" (axes: {', '.join(AXES)}, a rule id, or * for all)"
    return f"unknown axis or rule '{axis}' in `reviewer: ignore[...]`{hint}: this comment suppresses nothing"


def _problem(file: str, line: int, verdict: str, message: str) -> Finding:
    return Finding(axis=SUPPRESSION_AXIS, verdict=verdict, severity="low", line_start=line, line_end=line,
                   message=message, fingerprint=finding_fingerprint(file, None, SUPPRESSION_AXIS, verdict, message))


def _matching_line(finding: Finding, by_symbol: dict[str, dict[str, int]],
                   loose: list[tuple[int, set[str]]]) -> tuple[int, str] | None:
    """(line of the comment, the axis key that matched), or None."""
    if finding.symbol and finding.symbol in by_symbol:
        axes = by_symbol[finding.symbol]
        for key in _keys(finding):
            if key in axes:
                return axes[key], key
    for line, axes in loose:
        if finding.line_start - 1 <= line <= finding.line_end:
            key = next((key for key in _keys(finding) if key in axes), None)
            if key is not None:
                return line, key
    return None
