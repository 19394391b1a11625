"""The CI gate: does this review fail the build?

`--fail-on LEVEL` takes one of:
- `needs-refactor`: a file judged NEEDS_REFACTOR or CRITICAL;
- `critical`: a file judged CRITICAL;
- an axis (`duplication`, `utility`, ...): any finding on that axis.

Only *active* findings count: suppressed inline (`# reviewer: ignore[axis]`)
never, and with a baseline only the findings it does not hold (matched by
content fingerprint). Candidates (verdicts under the finding floor, analysis.finding_floor) are no
findings and never count. Nor, with `ci.min_confidence` set above that floor, does a finding whose
confidence (its rule's measured precision on projects nobody tuned on) is under it: it stays listed
for a reader to judge. So a file judged NEEDS_REFACTOR hits the gate when it has
at least one active finding severe enough for the level (medium or high for
needs-refactor, high for critical: a new missing docstring never fails it), or, having no finding at all, when the baseline
did not already hold it at that verdict.

Exit codes (`ci_exit_code`): 0 clean, 1 gate hit, 2 error, where error includes
"the review did not run to the end" (no run record, an incomplete run, files
that failed or were not reviewed): a gate never says 0 about code it did not see.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from ..errors import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, UserError
from ..schema.axes import AXES, FILE_VERDICT_RANK
from ..schema.review import ReviewFile, RunRecord
from .baseline import Baseline, accepted_findings, ensure_fingerprints
from .selection import VERDICT_OF_SEVERITY


LEVELS = {"needs-refactor": FILE_VERDICT_RANK["NEEDS_REFACTOR"], "critical": FILE_VERDICT_RANK["CRITICAL"]}
FAIL_ON_CHOICES = (*LEVELS, *AXES)


class GateHit(BaseModel):
    file: str
    rule: str  # "NEEDS_REFACTOR" for a file level, "utility/DEAD" for an axis
    symbol: str | None = None
    line_start: int | None = None
    message: str = ""
    fingerprint: str | None = None


class GateResult(BaseModel):
    fail_on: str | None
    baseline_used: bool = False
    hits: list[GateHit] = Field(default_factory=list)
    active_findings: int = 0  # unsuppressed and not in the baseline
    suppressed_findings: int = 0
    baselined_findings: int = 0
    min_confidence: int = 0
    under_floor: int = 0  # active findings under min_confidence: listed, never a hit

    @property
    def hit(self) -> bool:
        return bool(self.hits)

    @property
    def exit_code(self) -> int:
        return EXIT_FINDINGS if self.hit else EXIT_CLEAN

    def describe(self, limit: int = 10, indent: str = " " * 21) -> str:
        """One line for the run summary, then up to `limit` hits, one per line,
        indented to the summary's value column."""
        lines = describe_gate(self, limit)
        if not lines:
            return "off (no --fail-on)"
        return "\n".join([lines[0], *(indent + line.strip() for line in lines[1:])])


def parse_fail_on(value: str | None) -> str | None:
    """Normalise a `--fail-on` / `ci.fail_on` value; an unknown one is a user error."""
    if value is None:
        return None
    normalised = value.strip().lower().replace("_", "-")
    if normalised in ("", "none", "never"):
        return None
    if normalised not in FAIL_ON_CHOICES:
        raise UserError(f"unknown --fail-on value '{value}': use one of {', '.join(FAIL_ON_CHOICES)}")
    return normalised


def evaluate_gate(reviews: list[ReviewFile], fail_on: str | None, baseline: Baseline | None = None,
                  min_confidence: int = 0) -> GateResult:
    fail_on = parse_fail_on(fail_on)
    result = GateResult(fail_on=fail_on, baseline_used=baseline is not None, min_confidence=min_confidence)
    accepted = accepted_findings(reviews, baseline)
    accepted_files = baseline.files if baseline is not None else {}

    for review in sorted(reviews, key=lambda r: r.file):
        review = ensure_fingerprints(review)
        in_baseline = accepted.get(review.file, set())
        active = []
        for index, finding in enumerate(review.findings):
            if finding.suppressed:
                result.suppressed_findings += 1
            elif index in in_baseline:
                result.baselined_findings += 1
            elif finding.confidence is not None and finding.confidence < min_confidence:
                result.under_floor += 1
            else:
                active.append(finding)
        result.active_findings += len(active)

        if fail_on in LEVELS:
            if FILE_VERDICT_RANK.get(review.verdict, 0) < LEVELS[fail_on]:
                continue
            # Only findings severe enough for the level count: a new missing docstring (low) in a
            # file that needed a refactor already does not fail a needs-refactor gate.
            weighty = [f for f in active if FILE_VERDICT_RANK[VERDICT_OF_SEVERITY.get(f.severity, "CLEAN")]
                       >= LEVELS[fail_on]]
            if weighty:
                shown = ", ".join(sorted({f"{f.axis}/{f.verdict}" for f in weighty}))
                result.hits.append(
                    GateHit(file=review.file, rule=review.verdict, message=f"{len(weighty)} active finding(s): {shown}")
                )
            elif not review.findings and FILE_VERDICT_RANK.get(accepted_files.get(review.file, "CLEAN"), 0) < LEVELS[fail_on]:
                result.hits.append(GateHit(file=review.file, rule=review.verdict, message=review.summary or "file verdict"))
        elif fail_on is not None:
            for finding in active:
                if finding.axis == fail_on:
                    result.hits.append(
                        GateHit(
                            file=review.file,
                            rule=f"{finding.axis}/{finding.verdict}",
                            symbol=finding.symbol,
                            line_start=finding.line_start,
                            message=finding.message,
                            fingerprint=finding.fingerprint,
                        )
                    )
    return result


def run_problems(run: RunRecord | None) -> list[str]:
    """Why a run cannot vouch for the code (empty when it ran to the end)."""
    if run is None:
        return ["no review has run: run `reviewer run` first"]
    problems = []
    if not run.complete:
        problems.append(f"run {run.run_id} did not finish")
    if run.files_error:
        problems.append(f"{run.files_error} file(s) failed to review")
    if run.files_not_reviewed:
        problems.append(f"{len(run.files_not_reviewed)} file(s) not reviewed (e.g. stopped by max_cost)")
    return problems


def ci_exit_code(gate: GateResult, run: RunRecord | None) -> int:
    """2 when the run cannot vouch for the code, else 1 when the gate is hit, else 0."""
    if run_problems(run):
        return EXIT_ERROR
    return gate.exit_code


def describe_gate(gate: GateResult, limit: int = 20) -> list[str]:
    """Lines for the terminal: the outcome, then up to `limit` hits (indented)."""
    if gate.fail_on is None:
        return []
    extras = []
    if gate.suppressed_findings:
        extras.append(f"{gate.suppressed_findings} suppressed inline")
    if gate.baseline_used:
        extras.append(f"{gate.baselined_findings} in the baseline")
    if gate.under_floor:
        extras.append(f"{gate.under_floor} under its confidence floor {gate.min_confidence}, listed but not gating")
    tail = f" ({'; '.join(extras)})" if extras else ""
    if not gate.hit:
        return [f"--fail-on {gate.fail_on}: passed{tail}"]
    lines = [f"--fail-on {gate.fail_on}: FAILED, {len(gate.hits)} hit(s){tail}"]
    for hit in gate.hits[:limit]:
        where = hit.file + (f":{hit.line_start}" if hit.line_start else "")
        symbol = f" {hit.symbol}" if hit.symbol else ""
        lines.append(f"  {where}{symbol} [{hit.rule}] {hit.message}")
    if len(gate.hits) > limit:
        lines.append(f"  ... and {len(gate.hits) - limit} more")
    return lines
