"""The finding floor: a verdict whose shown confidence (its rule's measured precision on projects nobody
tuned the rules on) is under analysis.finding_floor is a candidate, listed apart, not a finding. End to
end through `reviewer run` (static reviewer) on a small application."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from reviewer.cli import cli
from reviewer.review.calibration import calibrated, finding_floor
from test_gate_cli import _git

MAIN = "import os\n\nfrom app.util import used\n\n\ndef main():\n    print(used())\n\n\nmain()\n"
UTIL = "def used():\n    if False:\n        return 0\n    return 1\n\n\ndef forgotten(x):\n    return x * 2\n"


@pytest.fixture()
def app(tmp_path: Path) -> Path:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "__main__.py").write_text(MAIN)
    (tmp_path / "app" / "util.py").write_text(UTIL)
    (tmp_path / ".gitignore").write_text(".reviewer/\n")
    _git(tmp_path, "init", "-q", ".")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-qm", "init")
    return tmp_path


def _run(root: Path, *args: str):
    return CliRunner().invoke(cli, ["run", str(root), "--plain", *args])


def _report(root: Path) -> dict:
    return json.loads((root / ".reviewer" / "report.json").read_text())


def test_a_verdict_under_the_floor_is_a_listed_candidate_that_never_gates(app: Path) -> None:
    result = _run(app, "--fail-on", "utility")
    report = _report(app)
    found = {f["symbol"]: f for f in report["findings"] if f["axis"] == "utility"}
    candidates = {f["symbol"]: f for f in report["candidates"]}
    # the unused import's rule is right nearly always: a finding, and it gates
    assert "os" in " ".join(f["message"] for f in found.values()) and result.exit_code == 1, result.output
    # a public function nobody calls in an application: its rule was right less often than the floor
    forgotten = candidates["forgotten"]
    assert forgotten["rule"] == "dead/no-root" and "forgotten" not in found
    assert forgotten["confidence"] == calibrated("dead/no-root", forgotten["raw_confidence"], family="python")
    assert forgotten["confidence"] < finding_floor() == report["summary"]["finding_floor"]
    assert report["summary"]["candidates"] == len(report["candidates"]) == 2
    # unreachable lines: a finding with a confidence of its own, measured right about a third of the time
    (unreachable,) = [c for c in report["candidates"] if c["rule"] == "dead/unreachable"]
    assert unreachable["raw_confidence"] == 90 and unreachable["confidence"] < finding_floor()
    assert "candidates         2 under the finding floor" in result.output
    page = (app / ".reviewer" / "report.md").read_text()
    assert "## Candidates to check" in page and "`forgotten`" in page.split("## Candidates to check")[1]
    rev = (app / ".reviewer" / "reviews" / "app" / "util.py.rev.md").read_text()
    assert "## Candidates to check" in rev and "`forgotten`" in rev
    util = json.loads((app / ".reviewer" / "reviews" / "app" / "util.py.rev.json").read_text())
    assert util["verdict"] == "CLEAN" and not [f for f in util["findings"] if f["axis"] == "utility"]
    assert not [a for a in util["actions"] if a["symbol"] == "forgotten" and a["category"] == "quick_win"]
    # the candidate alone never fails the gate
    (app / "app" / "__main__.py").write_text(MAIN.replace("import os\n\n", ""))
    assert _run(app, "--fail-on", "utility").exit_code == 0


def test_min_confidence_moves_the_floor(app: Path) -> None:
    assert _run(app, "--fail-on", "utility", "--min-confidence", "0").exit_code == 1
    report = _report(app)
    assert not report["candidates"] and report["summary"]["finding_floor"] == 0
    assert "forgotten" in {f["symbol"] for f in report["findings"]}
    (app / ".reviewer.yml").write_text("analysis: {finding_floor: 99}\n")
    _run(app)
    report = _report(app)
    assert not report["findings"] or all(f["confidence"] >= 99 for f in report["findings"])
    assert "forgotten" in {f["symbol"] for f in report["candidates"]}


def test_a_comment_silencing_a_candidate_is_used(app: Path) -> None:
    (app / "app" / "util.py").write_text(UTIL.replace("def forgotten(x):", "def forgotten(x):  # reviewer: ignore[utility] kept"))
    _run(app)
    report = _report(app)
    assert [c["symbol"] for c in report["candidates"]] == ["used"]  # its unreachable lines; `forgotten` silenced
    assert not [f for f in report["findings"] if "unused suppression" in f["message"]]
