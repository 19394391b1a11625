"""`reviewer status`: the last run, files changed since, the RAG index; exit 2 before any run."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from reviewer.cli import cli
from reviewer.config import Config
from reviewer.errors import UserError
from reviewer.schema.cards import FunctionCard, card_id
from reviewer.report.status import collect_status, render_status
from reviewer.schema.review import Finding, ReviewFile, RunRecord, TokenUsage
from reviewer.workspace import Workspace, atomic_write_json


def _write_review(workspace: Workspace, file: str, sha256: str, verdict: str = "CLEAN", findings=()) -> None:
    review = ReviewFile(file=file, language="python", sha256=sha256, reviewer="static", verdict=verdict, findings=list(findings))
    atomic_write_json(workspace.review_json(file), review.model_dump(mode="json"))


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "same.py").write_text("def f():\n    return 1\n")
    (tmp_path / "pkg" / "edited.py").write_text("def g():\n    return 2\n")
    (tmp_path / "pkg" / "added.py").write_text("def h():\n    return 3\n")
    (tmp_path / "notes.txt").write_text("not source\n")
    workspace = Workspace(tmp_path)
    _write_review(workspace, "pkg/same.py", _sha(tmp_path / "pkg" / "same.py"))
    _write_review(workspace, "pkg/edited.py", "0" * 64, verdict="NEEDS_REFACTOR", findings=[
        Finding(axis="utility", verdict="DEAD", symbol="g", line_start=1, line_end=2, message="dead", fingerprint="a"),
        Finding(axis="tests", verdict="NONE", symbol="g", line_start=1, line_end=2, message="none", fingerprint="b",
                suppressed=True, suppression_reason="line 1"),
    ])
    _write_review(workspace, "pkg/removed.py", "1" * 64)
    run = RunRecord(run_id="20260101T000000Z-abc123", started_at="2026-01-01T00:00:00+00:00", reviewer="claude",
                    model="claude-sonnet-4-5", files_total=3, files_reviewed=2, files_cached=1, complete=True,
                    duration_seconds=12.5, usage=TokenUsage(input_tokens=1000, output_tokens=200, cost_usd=0.0123, calls=2))
    atomic_write_json(workspace.runs / run.run_id / "run.json", run.model_dump(mode="json"))
    return tmp_path


def test_changed_files_compare_hashes_with_the_stored_reviews(project: Path) -> None:
    status = collect_status(project, Config())
    assert status.changed.modified == ["pkg/edited.py"]
    assert status.changed.new == ["pkg/added.py"]
    assert status.changed.deleted == ["pkg/removed.py"]
    assert status.verdicts == {"CLEAN": 2, "NEEDS_REFACTOR": 1, "CRITICAL": 0}
    assert (status.findings, status.suppressed_findings) == (1, 1)
    assert status.last_run is not None and status.last_run.run_id == "20260101T000000Z-abc123"


def test_text_output_names_the_run_and_the_changes(project: Path) -> None:
    text = render_status(collect_status(project, Config()))
    assert "20260101T000000Z-abc123" in text
    assert "claude (claude-sonnet-4-5)" in text
    assert "$0.0123" in text
    assert "3 files since the last review: 1 modified, 1 new, 1 deleted" in text
    assert "modified  pkg/edited.py" in text


def test_cli_json_and_text(project: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["status", str(project), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["changed"]["new"] == ["pkg/added.py"] and data["rag"] is None
    result = runner.invoke(cli, ["status", str(project)])
    assert result.exit_code == 0 and "reviewer status:" in result.output


def test_nothing_ran_yet_is_one_line_and_exit_2(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="run `reviewer run"):
        collect_status(tmp_path, Config())
    result = CliRunner().invoke(cli, ["status", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "reviewer run" in result.output


def test_show_rag_without_an_index(project: Path) -> None:
    status = collect_status(project, Config(), show_rag=True)
    assert status.rag is not None and not status.rag.exists
    assert "no index yet" in render_status(status)
    assert not Workspace(project).lancedb.exists()  # looking did not create it


def test_show_rag_reads_the_store(project: Path) -> None:
    from reviewer.rag.store import CardStore, CardStructure

    workspace = Workspace(project)
    cards = [
        FunctionCard(id=card_id(path, 1, 2), file_path=path, name=name, qualified_name=name, kind="function",
                     language="python", line_start=1, line_end=2, signature=f"def {name}()", summary="s",
                     key_concepts=["k"], behavioral_profile="pure", complexity_score=1, body_hash=name)
        for path, name in (("pkg/same.py", "f"), ("pkg/edited.py", "g"), ("pkg/edited.py", "g2"))
    ]
    vectors = np.random.default_rng(0).random((3, 8), dtype=np.float32)
    CardStore(workspace, "test-model", 8).add(cards, vectors, [CardStructure() for _ in cards], ["t"] * 3)
    status = collect_status(project, Config(), show_rag=True)
    rag = status.rag
    assert rag is not None and rag.exists
    assert (rag.cards, rag.files, rag.model, rag.dimension) == (3, 2, "test-model", 8)
    assert rag.size_bytes > 0 and rag.last_update
    text = render_status(status)
    assert "cards     3 from 2 files" in text
    assert "test-model (8 dimensions)" in text and "rebuild with --rebuild-rag" in text
