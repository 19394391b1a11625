"""The CI gate: each --fail-on level, suppressions, baselines, and exit codes."""

from __future__ import annotations

import pytest

from reviewer.errors import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, UserError
from reviewer.report.baseline import build_baseline
from reviewer.report.gate import ci_exit_code, evaluate_gate, parse_fail_on
from reviewer.schema.review import FileError, Finding, ReviewFile, RunRecord


def _finding(axis: str, verdict: str, fingerprint: str, suppressed: bool = False, severity: str = "medium") -> Finding:
    return Finding(axis=axis, verdict=verdict, severity=severity, symbol="f", line_start=1, line_end=3,
                   message=f"{axis} {verdict}", fingerprint=fingerprint, suppressed=suppressed)


def _review(file: str, verdict: str, findings: list[Finding]) -> ReviewFile:
    return ReviewFile(file=file, language="python", sha256="0" * 64, reviewer="static", verdict=verdict, findings=findings)


REVIEWS = [
    _review("clean.py", "CLEAN", [_finding("documentation", "PARTIAL", "d1", severity="low")]),
    _review("refactor.py", "NEEDS_REFACTOR", [_finding("duplication", "DUPLICATE", "u1")]),
    _review("critical.py", "CRITICAL", [_finding("correction", "ERROR", "c1", severity="high")]),
]
COMPLETE_RUN = RunRecord(run_id="r", started_at="2026-01-01T00:00:00+00:00", complete=True)


@pytest.mark.parametrize(
    ("fail_on", "hit_files"),
    [
        ("needs-refactor", ["critical.py", "refactor.py"]),
        ("critical", ["critical.py"]),
        ("duplication", ["refactor.py"]),
        ("documentation", ["clean.py"]),  # an axis gates on findings, whatever the file verdict
        ("utility", []),
        (None, []),
    ],
)
def test_each_gate(fail_on: str | None, hit_files: list[str]) -> None:
    gate = evaluate_gate(REVIEWS, fail_on, None)
    assert sorted(h.file for h in gate.hits) == hit_files
    assert gate.exit_code == (EXIT_FINDINGS if hit_files else EXIT_CLEAN)
    assert ci_exit_code(gate, COMPLETE_RUN) == gate.exit_code


def test_axis_hits_name_the_rule_and_fingerprint() -> None:
    hit = evaluate_gate(REVIEWS, "correction", None).hits[0]
    assert (hit.rule, hit.fingerprint, hit.symbol) == ("correction/ERROR", "c1", "f")


def test_fail_on_values_are_normalised_and_typos_are_user_errors() -> None:
    assert parse_fail_on("NEEDS_REFACTOR") == "needs-refactor"
    assert parse_fail_on(" Duplication ") == "duplication"
    assert parse_fail_on("none") is None and parse_fail_on(None) is None
    with pytest.raises(UserError, match="needs-refactor, critical, correction"):
        parse_fail_on("needs-refactr")


def test_a_file_whose_findings_are_all_suppressed_passes_the_level_gate() -> None:
    reviews = [_review("r.py", "NEEDS_REFACTOR", [_finding("utility", "DEAD", "x", suppressed=True)])]
    gate = evaluate_gate(reviews, "needs-refactor", None)
    assert not gate.hit and gate.suppressed_findings == 1


def test_a_file_judged_without_findings_still_gates_unless_baselined() -> None:
    reviews = [_review("r.py", "CRITICAL", [])]
    assert evaluate_gate(reviews, "critical", None).hit
    assert not evaluate_gate(reviews, "critical", build_baseline(reviews)).hit
    # baselined at NEEDS_REFACTOR only: now CRITICAL is worse, so it gates
    older = build_baseline([_review("r.py", "NEEDS_REFACTOR", [])])
    assert evaluate_gate(reviews, "critical", older).hit


def test_exit_code_is_never_clean_when_the_review_did_not_run() -> None:
    clean = evaluate_gate([], "needs-refactor", None)
    assert not clean.hit
    assert ci_exit_code(clean, None) == EXIT_ERROR
    assert ci_exit_code(clean, COMPLETE_RUN.model_copy(update={"complete": False})) == EXIT_ERROR
    failed = COMPLETE_RUN.model_copy(update={"files_error": 1, "errors": [FileError(file="a.py", message="boom")]})
    assert ci_exit_code(clean, failed) == EXIT_ERROR
    assert ci_exit_code(clean, COMPLETE_RUN.model_copy(update={"files_not_reviewed": ["b.py"]})) == EXIT_ERROR
    assert ci_exit_code(clean, COMPLETE_RUN) == EXIT_CLEAN


def test_describe_says_what_failed() -> None:
    gate = evaluate_gate(REVIEWS, "needs-refactor", None)
    text = gate.describe()
    assert text.startswith("--fail-on needs-refactor: FAILED, 2 hit(s)")
    assert "critical.py [CRITICAL]" in text
    assert evaluate_gate(REVIEWS, None, None).describe() == "off (no --fail-on)"


def test_a_finding_under_the_confidence_floor_is_listed_but_never_fails_the_gate() -> None:
    sure = _finding("utility", "DEAD", "s1")
    sure.confidence = 94
    doubtful = _finding("utility", "DEAD", "s2")
    doubtful.confidence = 66
    reviews = [_review("a.py", "NEEDS_REFACTOR", [doubtful]), _review("b.py", "NEEDS_REFACTOR", [sure])]
    gate = evaluate_gate(reviews, "utility", None, min_confidence=88)
    assert [h.fingerprint for h in gate.hits] == ["s1"] and gate.under_floor == 1
    assert "1 under its confidence floor 88, listed but not gating" in gate.describe()
    assert [h.file for h in evaluate_gate(reviews, "needs-refactor", None, min_confidence=88).hits] == ["b.py"]
    assert len(evaluate_gate(reviews, "utility", None).hits) == 2  # no floor: both
