"""End to end on a git fixture, through the real `reviewer` commands (static reviewer):
exit codes of each gate, baseline (moved findings still matched, new ones fail),
inline suppressions, `report` and `status` after a run."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from reviewer.cli import cli

CORE = '''import random


def weighted_pick(items, weights):
    """Pick one item of `items`, each as likely as its weight; returns the item."""
    total = sum(weights)
    r = random.uniform(0, total)
    upto = 0
    for item, weight in zip(items, weights):
        upto += weight
        if upto >= r:
            return item
    return items[-1]


def _unused_helper(x):
    return x * 2
'''


# These fixtures test the gate's plumbing on a private helper nobody calls, a rule measured under the
# default finding floor on new projects (a candidate there): the floor is set under it here.
FLOOR_UNDER_THE_HELPER = "[tool.reviewer.analysis]\nfinding_floor = 60\n"


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True,
                   env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
                        "GIT_COMMITTER_EMAIL": "t@t", "PATH": "/usr/bin:/bin"})


def _run(root: Path, *args: str):
    return CliRunner().invoke(cli, ["run", str(root), "--plain", *args])


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text('from .core import weighted_pick\n\n__all__ = ["weighted_pick"]\n')
    (tmp_path / "pkg" / "core.py").write_text(CORE)
    (tmp_path / ".gitignore").write_text(".reviewer/\n")
    (tmp_path / "pyproject.toml").write_text(FLOOR_UNDER_THE_HELPER)
    _git(tmp_path, "init", "-q", ".")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-qm", "init")
    return tmp_path


def test_gates_baseline_and_suppressions(project: Path) -> None:
    dead = _run(project, "--fail-on", "utility")
    assert dead.exit_code == 1, dead.output
    assert "_unused_helper" in dead.output
    assert _run(project, "--fail-on", "critical").exit_code == 0
    assert _run(project).exit_code == 0  # no gate asked

    bad = _run(project, "--fail-on", "needs-refactr")
    assert bad.exit_code == 2 and "unknown --fail-on value" in bad.output

    made = CliRunner().invoke(cli, ["baseline", str(project)])
    assert made.exit_code == 0, made.output
    baseline = str(project / ".reviewer" / "baseline.json")
    assert _run(project, "--fail-on", "utility", "--baseline", baseline).exit_code == 0

    # Lines added above every function: the findings move, their fingerprints do not.
    core = project / "pkg" / "core.py"
    core.write_text('"""Random helpers."""\n# one\n# two\n# three\n' + CORE)
    moved = _run(project, "--fail-on", "utility", "--baseline", baseline)
    assert moved.exit_code == 0, moved.output

    # A new dead function is new: the gate fails on it alone.
    core.write_text(core.read_text() + "\n\ndef _another_unused(y):\n    return y + 1\n")
    new = _run(project, "--fail-on", "utility", "--baseline", baseline)
    assert new.exit_code == 1, new.output
    assert "_another_unused" in new.output and "_unused_helper [" not in new.output

    # ... unless it is suppressed inline, which the report counts.
    core.write_text(core.read_text().replace("\ndef _another_unused", "\n# reviewer: ignore[utility] kept on purpose\ndef _another_unused"))
    quiet = _run(project, "--fail-on", "utility", "--baseline", baseline)
    assert quiet.exit_code == 0, quiet.output
    report = json.loads((project / ".reviewer" / "report.json").read_text())
    assert report["summary"]["suppressed_findings"] >= 1
    assert any(f["symbol"] == "_another_unused" for f in report["suppressed"])
    assert "suppressed inline" in (project / ".reviewer" / "report.md").read_text()


def test_report_and_status_after_a_run(project: Path) -> None:
    assert _run(project).exit_code == 0
    (project / ".reviewer" / "report.md").unlink()
    rebuilt = CliRunner().invoke(cli, ["report", str(project)])
    assert rebuilt.exit_code == 0, rebuilt.output
    assert (project / ".reviewer" / "report.md").is_file()
    assert (project / ".reviewer" / "reviews" / "pkg" / "core.py.rev.md").is_file()

    status = CliRunner().invoke(cli, ["status", str(project)])
    assert status.exit_code == 0 and "nothing since the last review" in status.output
    (project / "pkg" / "core.py").write_text(CORE + "\n# edited\n")
    (project / "pkg" / "extra.py").write_text("def more():\n    return 1\n")
    status = CliRunner().invoke(cli, ["status", str(project), "--json"])
    changed = json.loads(status.output)["changed"]
    assert changed == {"modified": ["pkg/core.py"], "new": ["pkg/extra.py"], "deleted": []}


def test_report_before_any_run_is_exit_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["report", str(tmp_path)])
    assert result.exit_code == 2 and "run `reviewer run" in result.output
