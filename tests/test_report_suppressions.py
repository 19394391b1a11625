"""Inline suppressions: which findings a `reviewer: ignore[...]` comment silences."""

from __future__ import annotations

from reviewer.report.gate import evaluate_gate
from reviewer.review.suppressions import apply_suppressions
from reviewer.schema.review import Finding, ReviewFile, SymbolReview


def _review() -> ReviewFile:
    # class Box (lines 10-40) holds method Box.open (20-30); function helper at 50-60
    symbols = [
        SymbolReview(name="Box", kind="class", exported=True, line_start=10, line_end=40),
        SymbolReview(name="Box.open", kind="method", exported=False, line_start=20, line_end=30),
        SymbolReview(name="helper", kind="function", exported=False, line_start=50, line_end=60),
    ]
    findings = [
        Finding(axis="documentation", verdict="UNDOCUMENTED", symbol="Box", line_start=10, line_end=40, message="m", fingerprint="a"),
        Finding(axis="documentation", verdict="UNDOCUMENTED", symbol="Box.open", line_start=20, line_end=30, message="m", fingerprint="b"),
        Finding(axis="utility", verdict="DEAD", symbol="Box.open", line_start=20, line_end=30, message="m", fingerprint="c"),
        Finding(axis="utility", verdict="DEAD", symbol="helper", line_start=50, line_end=60, message="m", fingerprint="d"),
        Finding(axis="duplication", verdict="DUPLICATE", symbol="helper", line_start=50, line_end=60, message="m", fingerprint="e"),
        Finding(axis="correction", verdict="NEEDS_FIX", symbol=None, line_start=70, line_end=72, message="m", fingerprint="f"),
    ]
    return ReviewFile(file="m.py", language="python", sha256="0" * 64, reviewer="static", symbols=symbols, findings=findings)


def _suppressed(review: ReviewFile) -> set[str]:
    return {f.fingerprint for f in review.findings if f.suppressed}


def test_comment_right_above_a_symbol_applies_to_it_only() -> None:
    # line 19 is inside Box but right above Box.open: it belongs to the method
    result = apply_suppressions(_review(), {19: ["documentation"]})
    assert _suppressed(result) == {"b"}


def test_comment_inside_a_symbol_applies_to_the_named_axes() -> None:
    result = apply_suppressions(_review(), {55: ["utility"]})
    assert _suppressed(result) == {"d"}  # helper's duplication finding stays


def test_star_means_every_axis_and_axis_names_are_case_insensitive() -> None:
    assert _suppressed(apply_suppressions(_review(), {49: ["*"]})) == {"d", "e"}
    assert _suppressed(apply_suppressions(_review(), {50: ["Utility"]})) == {"d"}


def test_comment_on_the_class_line_does_not_reach_its_methods() -> None:
    assert _suppressed(apply_suppressions(_review(), {10: ["documentation"]})) == {"a"}


def test_finding_without_symbol_is_silenced_by_a_comment_on_or_above_its_lines() -> None:
    assert _suppressed(apply_suppressions(_review(), {69: ["correction"]})) == {"f"}
    assert _suppressed(apply_suppressions(_review(), {80: ["correction"]})) == set()


def test_reason_is_recorded_and_stale_marks_are_cleared() -> None:
    result = apply_suppressions(_review(), {55: ["utility"]}, reasons={55: "kept for the plugin API"})
    finding = next(f for f in result.findings if f.suppressed)
    assert finding.suppression_reason == "line 55: kept for the plugin API"
    # the comment is gone: the finding is active again
    assert _suppressed(apply_suppressions(result, {})) == set()


def test_original_review_is_not_modified() -> None:
    review = _review()
    apply_suppressions(review, {55: ["utility"]})
    assert not any(f.suppressed for f in review.findings)


def test_suppressed_findings_do_not_gate_but_are_counted() -> None:
    result = apply_suppressions(_review(), {55: ["utility"], 19: ["utility"]})
    gate = evaluate_gate([result], "utility", None)
    assert not gate.hit
    assert gate.suppressed_findings == 2


def test_unknown_axis_and_unused_suppressions_are_reported() -> None:
    result = apply_suppressions(_review(), {49: ["duplicate"], 19: ["documentation"], 5: ["utility"]})
    problems = {(f.line_start, f.verdict): f.message for f in result.findings if f.axis == "suppression"}
    assert "did you mean 'duplication'" in problems[(49, "UNKNOWN_AXIS")]
    assert (5, "UNUSED") in problems  # line 5 owns no finding on utility
    assert (19, "UNUSED") not in problems  # it silenced Box.open's documentation finding
    assert all(f.severity == "low" for f in result.findings if f.axis == "suppression")


def test_suppressing_what_made_the_verdict_clears_it() -> None:
    review = _review().model_copy(update={"verdict": "NEEDS_REFACTOR", "findings": [
        Finding(axis="utility", verdict="DEAD", severity="medium", symbol="helper", line_start=50, line_end=60,
                message="m", fingerprint="d"),
        Finding(axis="documentation", verdict="UNDOCUMENTED", severity="low", symbol="Box", line_start=10,
                line_end=40, message="m", fingerprint="a"),
    ]})
    result = apply_suppressions(review, {55: ["utility"]})
    assert result.verdict == "CLEAN"
    assert evaluate_gate([result], "needs-refactor").exit_code == 0
    assert apply_suppressions(review, {}).verdict == "NEEDS_REFACTOR"
