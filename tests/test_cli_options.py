"""The ruff-like options of `reviewer run`, end to end on the git fixture of
test_gate_cli (static reviewer): each option changes what it says and nothing else."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from reviewer.cli import cli
from test_gate_cli import FLOOR_UNDER_THE_HELPER, _git, _run, project  # noqa: F401 (the fixture)


def test_concise_json_github_gitlab_and_sarif_formats(project: Path, tmp_path: Path) -> None:
    concise = _run(project, "--output-format", "concise", "-q")
    assert concise.exit_code == 0, concise.output
    assert "pkg/core.py:16: [utility/DEAD]" in concise.output and "reviewer run: summary" not in concise.output
    github = _run(project, "--output-format", "github")
    assert "::warning file=pkg/core.py,line=16,endLine=17,title=reviewer utility/DEAD::" in github.output
    gitlab = _run(project, "--output-format", "gitlab", "-o", str(tmp_path / "cq.json"), "-q")
    issues = json.loads((tmp_path / "cq.json").read_text())
    assert {"check_name": "utility/DEAD", "severity": "major"}.items() <= issues[0].items()
    assert issues[0]["location"] == {"path": "pkg/core.py", "lines": {"begin": 16, "end": 17}}
    report = json.loads(_run(project, "--output-format", "json", "-q").output)
    assert report["version"] == 1 and report["findings"]
    sarif = json.loads(_run(project, "--output-format", "sarif", "--sarif-category", "api", "-q").output)
    assert sarif["runs"][0]["automationDetails"]["id"].startswith("api/")


def test_full_output_ends_with_the_top_findings(project: Path) -> None:
    result = _run(project)
    assert "reviewer run: summary" in result.output
    assert "pkg/core.py:16: [utility/DEAD] _unused_helper" in result.output.split("reviewer run: summary")[1]


def test_axes_exclude_and_exit_zero(project: Path) -> None:
    assert _run(project, "--fail-on", "utility", "--exit-zero").exit_code == 0
    only_docs = _run(project, "--axes", "documentation", "--fail-on", "utility")
    assert only_docs.exit_code == 0 and "utility/DEAD" not in only_docs.output  # utility not selected
    excluded = _run(project, "--exclude", "pkg/core.py", "--fail-on", "utility", "--output-format", "concise")
    assert excluded.exit_code == 0 and "core.py" not in excluded.output
    typo = _run(project, "--axes", "utilty")
    assert typo.exit_code == 2 and "did you mean 'utility'" in typo.output


def test_per_file_ignores_from_pyproject(project: Path) -> None:
    (project / "pyproject.toml").write_text(FLOOR_UNDER_THE_HELPER + '[tool.reviewer.per_file_ignores]\n"pkg/core.py" = ["utility"]\n')
    assert _run(project, "--fail-on", "utility").exit_code == 0
    (project / ".reviewer.yml").write_text("ci: {fail_on: utility}\nanalysis: {finding_floor: 60}\n")
    both = _run(project)
    assert both.exit_code == 1  # .reviewer.yml wins: no per_file_ignores there
    assert ".reviewer.yml wins over [tool.reviewer] in pyproject.toml" in both.output


def test_update_baseline_then_baseline_from_ref_marks_new(project: Path) -> None:
    target = project / "accepted.json"
    made = _run(project, "--update-baseline", "--baseline", str(target))
    assert made.exit_code == 0 and target.is_file(), made.output
    assert _run(project, "--baseline", str(target), "--fail-on", "utility").exit_code == 0

    (project / "pkg" / "extra.py").write_text("def _another_unused(y):\n    return y + 1\n")
    gated = _run(project, "--baseline-from-ref", "HEAD", "--fail-on", "utility", "--output-format", "concise")
    assert gated.exit_code == 1, gated.output
    assert "pkg/extra.py:1: [utility/DEAD] _another_unused" in gated.output and "(new)" in gated.output
    assert "_unused_helper" not in gated.output.split("(new)")[0].splitlines()[-1]
    report = json.loads((project / ".reviewer" / "report.json").read_text())
    assert {f["symbol"]: f["new"] for f in report["findings"] if f["axis"] == "utility"} == {
        "_unused_helper": False, "_another_unused": True}
    assert "**new**" in (project / ".reviewer" / "report.md").read_text()
    worktrees = subprocess.run(["git", "-C", str(project), "worktree", "list"], capture_output=True, text=True).stdout
    assert len(worktrees.splitlines()) == 1  # the temporary worktree is gone


def test_sarif_paths_from_a_sub_folder_are_relative_to_the_repository(project: Path) -> None:
    result = CliRunner().invoke(cli, ["run", str(project / "pkg"), "--plain", "-q", "--output-format", "sarif",
                                      "--min-confidence", "60"])  # the folder's own root: the fixture's floor is above it
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in json.loads(result.output)["runs"][0]["results"]}
    assert "pkg/core.py" in uris
    written = json.loads((project / "pkg" / ".reviewer" / "report.sarif").read_text())
    assert all(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].startswith("pkg/")
               for r in written["runs"][0]["results"])


def test_color_and_no_color(project: Path, monkeypatch) -> None:
    assert "\x1b[" in _run(project, "--color", "always").output
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in _run(project).output


def test_python_dash_m_reviewer() -> None:
    done = subprocess.run([sys.executable, "-m", "reviewer", "--version"], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0 and "reviewer" in done.stdout


def test_printed_json_is_the_report_of_the_scope(project: Path, monkeypatch) -> None:
    """The CLI prints the report the pipeline built (no second build): the same as one built
    from the stored reviews of the run's scope, with the final run record."""
    from reviewer.config import load_config
    from reviewer.report import report_json
    from reviewer.report.loading import last_run, load_reviews
    from reviewer.report.selection import select
    from reviewer.workspace import Workspace

    build_report = report_json.build_report
    monkeypatch.setattr(report_json, "build_report", lambda *a, **k: pytest.fail("the report was built twice"))
    for _ in range(2):  # a first run, then one from the caches
        printed = json.loads(_run(project, "--output-format", "json", "-q").output)
        workspace = Workspace(project, ".reviewer")
        config = load_config(project)
        built = build_report(select(load_reviews(workspace).reviews, config), last_run(workspace), workspace)
        assert printed == json.loads(built.model_dump_json())
