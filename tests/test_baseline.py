"""Baselines: content fingerprints, moved findings still matched, new ones fail."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from reviewer.cli import cli
from reviewer.errors import UserError
from reviewer.schema.cards import FunctionCard
from reviewer.report.baseline import (
    build_baseline,
    ensure_fingerprints,
    finding_fingerprint,
    load_baseline,
    write_baseline,
)
from reviewer.report.gate import evaluate_gate
from reviewer.schema.review import Finding, ReviewFile

DATA = Path(__file__).parent / "data"


def _dead(symbol: str, body_hash: str, line: int) -> Finding:
    return Finding(axis="utility", verdict="DEAD", symbol=symbol, line_start=line, line_end=line + 4,
                   message=f"{symbol} is never used",
                   fingerprint=finding_fingerprint("m.py", symbol, "utility", "DEAD", body_hash))


def _review(findings: list[Finding], verdict: str = "NEEDS_REFACTOR") -> ReviewFile:
    return ReviewFile(file="m.py", language="python", sha256="0" * 64, reviewer="static", verdict=verdict, findings=findings)


def test_fingerprint_depends_on_content_not_lines() -> None:
    base = finding_fingerprint("m.py", "f", "utility", "DEAD", "body1")
    assert len(base) == 32
    assert base == finding_fingerprint("m.py", "f", "utility", "DEAD", "body1")
    assert base != finding_fingerprint("m.py", "f", "utility", "DEAD", "body2")  # edited body
    assert base != finding_fingerprint("m.py", "f", "utility", "LOW_VALUE", "body1")
    assert base != finding_fingerprint("other.py", "f", "utility", "DEAD", "body1")  # a copy elsewhere


def test_moved_finding_is_still_matched_and_a_new_one_fails() -> None:
    before = _review([_dead("old", "h-old", line=10)])
    baseline = build_baseline([before])
    moved = _review([_dead("old", "h-old", line=42)])  # 32 lines added above it
    assert not evaluate_gate([moved], "utility", baseline).hit
    grown = _review([_dead("old", "h-old", line=42), _dead("new", "h-new", line=80)])
    gate = evaluate_gate([grown], "utility", baseline)
    assert [h.symbol for h in gate.hits] == ["new"]
    assert gate.baselined_findings == 1
    assert evaluate_gate([grown], "needs-refactor", baseline).hit


def test_one_baseline_entry_accepts_one_occurrence() -> None:
    baseline = build_baseline([_review([_dead("f", "h", 1)])])
    twice = _review([_dead("f", "h", 1), _dead("f", "h", 30)])
    assert len(evaluate_gate([twice], "utility", baseline).hits) == 1


def test_edited_code_is_judged_again() -> None:
    baseline = build_baseline([_review([_dead("f", "h1", 1)])])
    assert evaluate_gate([_review([_dead("f", "h2", 1)])], "utility", baseline).hit


def test_missing_fingerprints_are_filled_from_cards_without_line_numbers() -> None:
    card = FunctionCard(id="x", file_path="m.py", name="f", qualified_name="f", kind="function", language="python",
                        line_start=1, line_end=5, signature="def f()", summary="s", key_concepts=["k"],
                        behavioral_profile="pure", complexity_score=1, body_hash="bodyhash")
    finding = Finding(axis="utility", verdict="DEAD", symbol="f", line_start=1, line_end=5, message="dead at line 1")
    review = _review([finding]).model_copy(update={"function_cards": [card]})
    filled = ensure_fingerprints(review).findings[0].fingerprint
    assert filled == finding_fingerprint("m.py", "f", "utility", "DEAD", "bodyhash")
    loose = Finding(axis="correction", verdict="NEEDS_FIX", line_start=3, line_end=3, message="unreachable after line 3")
    moved = loose.model_copy(update={"line_start": 9, "line_end": 9, "message": "unreachable after line 9"})
    assert ensure_fingerprints(_review([loose])).findings[0].fingerprint == ensure_fingerprints(_review([moved])).findings[0].fingerprint


def test_suppressed_findings_stay_out_of_the_baseline() -> None:
    suppressed = _dead("f", "h", 1).model_copy(update={"suppressed": True})
    assert build_baseline([_review([suppressed])]).findings == []


def test_write_then_load_round_trip(tmp_path: Path) -> None:
    baseline = build_baseline([_review([_dead("f", "h", 1)])])
    path = write_baseline(baseline, tmp_path / "nested" / "baseline.json")
    assert load_baseline(path) == baseline
    assert json.loads(path.read_text())["files"] == {"m.py": "NEEDS_REFACTOR"}


@pytest.mark.parametrize(
    ("content", "message"),
    [(None, "baseline file not found"), ("{oops", "not a reviewer baseline"), ('{"version": 7}', "baseline version 7"),
     ('{"version": 1, "findings": [{"file": "x"}]}', "invalid baseline at 'findings.0.fingerprint'")],
)
def test_bad_baselines_are_one_line_user_errors(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "baseline.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(UserError, match=message):
        load_baseline(path)


def test_baseline_command_writes_the_default_file(tmp_path: Path) -> None:
    shutil.copytree(DATA / "report_run", tmp_path / ".reviewer")
    result = CliRunner().invoke(cli, ["baseline", str(tmp_path)])
    assert result.exit_code == 0, result.output
    written = load_baseline(tmp_path / ".reviewer" / "baseline.json")
    assert len(written.findings) == 9  # 10 findings, one suppressed
    custom = CliRunner().invoke(cli, ["baseline", str(tmp_path), "--output", str(tmp_path / "ci" / "base.json")])
    assert custom.exit_code == 0 and (tmp_path / "ci" / "base.json").is_file()


def test_baseline_command_without_reviews_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["baseline", str(tmp_path)])
    assert result.exit_code == 2
    assert "run `reviewer run" in result.output
