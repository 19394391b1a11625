"""Issue 30, end to end through the real `reviewer` command (static reviewer) on a small git
repository: one listing policy for every output, a summary that follows the selection, the
ranking's first screen, CI formats that say why they fail, the baseline on first adoption,
several PATHs and single files, and the pre-commit hook as pre-commit runs it."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from reviewer.cli import cli
from reviewer.report.ranking import code_rank, first_screen, rank_key
from reviewer.report.report_json import FindingEntry

ROOT = Path(__file__).resolve().parent.parent

API = '''def area(width, height):
    return width * height


def perimeter(width, height):
    return 2 * (width + height)


def scale(width, factor):
    return width * factor
'''

CORE = '''def weighted_total(items, weights):
    """Sum of the items, each times its weight."""
    total = 0
    for item, weight in zip(items, weights):
        total += item * weight
    return total


def _unused_helper(x):
    return x * 2
'''

TESTS = '''from pkg.core import weighted_total


def test_total_small():
    items = [1, 2, 3]
    weights = [1, 1, 1]
    result = weighted_total(items, weights)
    assert result == 6
    assert isinstance(result, int)
    assert result > 0


def test_total_other():
    items = [4, 5, 6]
    weights = [1, 1, 1]
    result = weighted_total(items, weights)
    assert result == 15
    assert isinstance(result, int)
    assert result > 0
'''


from test_gate_cli import FLOOR_UNDER_THE_HELPER, _git  # noqa: E402


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        'from .api import area, perimeter, scale\nfrom .core import weighted_total\n\n'
        '__all__ = ["area", "perimeter", "scale", "weighted_total"]\n')
    (tmp_path / "pkg" / "api.py").write_text(API)
    (tmp_path / "pkg" / "core.py").write_text(CORE)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_core.py").write_text(TESTS)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "pkg"\nversion = "1"\n'
                                              'classifiers = ["Topic :: Software Development :: Libraries"]\n'
                                              + FLOOR_UNDER_THE_HELPER)
    _git(tmp_path, "init", "-q", ".")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-qm", "init")
    return tmp_path


def _run(*args: str):
    return CliRunner().invoke(cli, ["run", "--plain", *args])


def _json(root: Path, *args: str) -> dict:
    result = _run(str(root), "--output-format", "json", "-q", *args)
    return json.loads(result.stdout)


def test_hygiene_is_counted_everywhere_and_listed_only_when_selected(repo: Path) -> None:
    report = _json(repo)
    unlisted = report["summary"]["unlisted"]
    assert unlisted.get("documentation", 0) >= 3, report["summary"]
    assert not [f for f in report["findings"] if f["axis"] in ("documentation", "tests")]
    assert report["summary"]["findings"] == len(report["findings"]) + sum(unlisted.values())

    for fmt in ("concise", "github"):
        out = _run(str(repo), "--output-format", fmt)
        assert "utility" in out.stdout and "documentation" not in out.stdout, (fmt, out.stdout)
        assert "counted, not listed" in out.stderr and "--select" in out.stderr
    gitlab = json.loads(_run(str(repo), "--output-format", "gitlab").stdout)
    assert gitlab and not [i for i in gitlab if i["check_name"].startswith("documentation/")]
    sarif = json.loads(_run(str(repo), "--output-format", "sarif").stdout)["runs"][0]
    assert not [r for r in sarif["results"] if r["ruleId"].startswith("documentation/")]
    assert sarif["properties"]["unlistedFindings"]["documentation"] == unlisted["documentation"]
    on_disk = json.loads((repo / ".reviewer" / "report.json").read_text())
    assert on_disk["summary"]["unlisted"] == unlisted and len(on_disk["findings"]) == len(report["findings"])
    full = _run(str(repo))
    assert "[documentation/" not in full.stdout and "counted, not listed" in full.stdout

    named = _run(str(repo), "--select", "documentation", "--output-format", "concise")
    assert named.stdout.count("[documentation/UNDOCUMENTED]") == unlisted["documentation"]
    sarif = json.loads(_run(str(repo), "--select", "documentation", "--output-format", "sarif").stdout)["runs"][0]
    assert len(sarif["results"]) == unlisted["documentation"] and "properties" not in sarif
    extended = _json(repo, "--extend-select", "documentation")
    assert extended["summary"]["unlisted"] == {k: v for k, v in unlisted.items() if k != "documentation"}


def test_the_summary_never_grows_when_the_selection_narrows(repo: Path) -> None:
    counts = {}
    for selection in ((), ("--select", "utility,duplication"), ("--select", "utility"), ("--axes", "utility"),
                      ("--ignore", "tests,documentation,duplication")):
        report = _json(repo, *selection)
        counts[selection] = report["summary"]["findings"]
        assert set(report["summary"]["findings_by_axis"]) <= ({"utility"} if "utility" in selection or
                                                               "--ignore" in selection else set(report["summary"]["findings_by_axis"]))
    everything, two, one = counts[()], counts[("--select", "utility,duplication")], counts[("--select", "utility")]
    assert everything >= two >= one >= 1
    assert counts[("--axes", "utility")] == one == counts[("--ignore", "tests,documentation,duplication")]
    full = _run(str(repo), "--select", "utility")
    line = next(l for l in full.stdout.splitlines() if l.strip().startswith("findings "))
    assert line.split()[1] == str(one) and "documentation" not in line and "tests" not in line
    rev_md = (repo / ".reviewer" / "reviews" / "pkg" / "api.py.rev.md").read_text()
    assert "documentation" not in rev_md and "tests **" not in rev_md  # dropped axes stay out of the page
    typo = _run(str(repo), "--select", "utilty")
    assert typo.exit_code == 2 and "did you mean 'utility'" in typo.stderr


def _entry(file: str, axis: str, line: int = 1, severity: str = "medium", confidence: int = 90,
           end: int | None = None) -> FindingEntry:
    return FindingEntry(file=file, symbol="f", axis=axis, verdict="X", severity=severity, line_start=line,
                        line_end=end or line, message="", fingerprint="0", confidence=confidence)


def test_production_first_and_no_test_duplication_on_the_first_screen() -> None:
    findings = sorted([
        _entry("tests/test_a.py", "duplication", confidence=99),
        _entry("tests/test_a.py", "utility"),
        _entry("src/a.py", "documentation", severity="low"),
        _entry("src/a.py", "duplication", line=5, end=8),
        _entry("src/a.py", "duplication", line=20, end=60),
    ], key=FindingEntry.rank_key)
    assert [(f.file, f.line_start) for f in findings][:3] == [("src/a.py", 20), ("src/a.py", 5), ("tests/test_a.py", 1)]
    # test code after production (however sure), at equal importance the bigger payoff first
    assert [(f.file, f.axis) for f in findings[2:]] == [
        ("tests/test_a.py", "duplication"), ("tests/test_a.py", "utility"), ("src/a.py", "documentation")]
    screen = first_screen(findings, 10)
    assert [f.axis for f in screen] == ["duplication", "duplication", "utility"]
    assert ("tests/test_a.py", "duplication") in [(f.file, f.axis) for f in first_screen(findings, 10, frozenset({"duplication"}))]
    assert rank_key("src/a.py", "utility", "medium", 90, 1) < rank_key("tests/a.py", "utility", "high", 100, 1)
    # demo code (examples, benchmarks) after the product's code and before the tests: thirty unused
    # imports of example apps once filled a library's first screen
    assert (rank_key("src/a.py", "utility", "low", 90, 1) < rank_key("examples/v7/app.tsx", "utility", "high", 100, 1)
            < rank_key("tests/a.py", "utility", "high", 100, 1))
    assert [code_rank(path) for path in ("src/a.py", "examples/v7/app.tsx", "benchmarks/run.py", "tests/a.py",
                                         "app/migrations/versions/29d8c8455c86_.py")] == [0, 1, 1, 2, 1]


def test_a_failing_gate_says_why_on_stderr_in_every_format(repo: Path, tmp_path: Path) -> None:
    for fmt in ("full", "concise", "json", "github", "gitlab", "sarif"):
        result = _run(str(repo), "--fail-on", "utility", "--output-format", fmt, "-q")
        assert result.exit_code == 1, (fmt, result.output)
        assert "--fail-on utility: FAILED, 1 hit(s)" in result.stderr, (fmt, result.stderr)
        assert "pkg/core.py:9 _unused_helper [utility/DEAD]" in result.stderr
    to_file = _run(str(repo), "--fail-on", "utility", "-o", str(tmp_path / "out.txt"))
    assert to_file.exit_code == 1 and "FAILED" in to_file.stderr
    shown = _run(str(repo), "--fail-on", "utility")  # the summary on stdout already says it
    assert "FAILED" in shown.stdout and "FAILED" not in shown.stderr
    passed = _run(str(repo), "--fail-on", "correction", "--output-format", "concise")
    assert passed.exit_code == 0 and "FAILED" not in passed.stderr


def test_first_adoption_default_baseline_and_the_gitignore(repo: Path) -> None:
    adopted = _run(str(repo), "--update-baseline", "--fail-on", "utility")
    assert adopted.exit_code == 0, adopted.output  # first adoption: today's findings are accepted
    assert (repo / ".reviewer" / "baseline.json").is_file() and "written" in adopted.stderr
    # the baseline `reviewer baseline` / --update-baseline writes is used when present
    again = _run(str(repo), "--fail-on", "utility")
    assert again.exit_code == 0 and "baseline: " in again.stderr, again.output
    assert _run(str(repo), "--fail-on", "utility", "--no-baseline").exit_code == 1
    (repo / "pkg" / "extra.py").write_text("def _another_unused(y):\n    return y + 1\n")
    new = _run(str(repo), "--fail-on", "utility", "--output-format", "concise")
    assert new.exit_code == 1 and "_another_unused" in new.stderr and "_unused_helper" not in new.stderr
    assert (repo / ".reviewer" / ".gitignore").read_text() == "*\n"
    status = subprocess.run(["git", "-C", str(repo), "status", "--porcelain"], capture_output=True, text=True).stdout
    assert ".reviewer" not in status and "pkg/extra.py" in status


def test_several_paths_and_one_file_in_their_repository_context(repo: Path, tmp_path: Path) -> None:
    both = _json(repo, str(repo / "tests"))  # two paths: repo root and tests -> the whole repository
    assert {f["file"] for f in both["files"]} >= {"pkg/core.py", "tests/test_core.py"}
    two = CliRunner().invoke(cli, ["run", "--plain", "-q", "--output-format", "json",
                                   str(repo / "pkg" / "core.py"), str(repo / "tests")])
    assert two.exit_code == 0, two.output
    assert {f["file"] for f in json.loads(two.stdout)["files"]} == {"pkg/core.py", "tests/test_core.py"}
    one = _run(str(repo / "pkg" / "core.py"), "--select", "utility", "--output-format", "concise", "--fail-on", "utility")
    assert one.exit_code == 1 and one.stdout.startswith("pkg/core.py:9: [utility/DEAD] _unused_helper")
    # context: weighted_total is called from tests/ only, and the file is still reviewed inside its repository
    assert (repo / ".reviewer" / "reviews" / "pkg" / "core.py.rev.json").is_file()
    assert not (repo / "pkg" / ".reviewer").exists()
    api = _run(str(repo / "pkg" / "api.py"), "--select", "utility", "--output-format", "concise")
    assert api.exit_code == 0 and api.stdout == ""  # area & co. are exported by pkg/__init__.py: alive
    missing = _run(str(repo / "nope.py"))
    assert missing.exit_code == 2 and "no such file or directory" in missing.stderr


def test_the_pre_commit_hook_as_pre_commit_runs_it(repo: Path) -> None:
    """pre-commit runs `entry` + the staged files of the hook's types, from the repository root."""
    hook = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())[0]
    assert hook["pass_filenames"] is True and "jsx" in hook["types_or"]
    command = [sys.executable, "-m", *shlex.split(hook["entry"])]
    env = {**{k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}, "PYTHONPATH": str(ROOT)}

    def commit_hook(*files: str) -> subprocess.CompletedProcess:
        return subprocess.run([*command, *files], cwd=repo, capture_output=True, text=True, env=env)

    assert CliRunner().invoke(cli, ["run", "--plain", "-q", str(repo)]).exit_code == 0
    assert CliRunner().invoke(cli, ["baseline", str(repo)]).exit_code == 0  # adopted
    (repo / "pkg" / "core.py").write_text(CORE + "\n\ndef documented_later(x):\n    return x\n")
    passed = commit_hook("pkg/core.py")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    (repo / "pkg" / "core.py").write_text(CORE.replace("_unused_helper(x)", "_unused_helper(x, y=1)") +
                                          "\n\ndef _also_unused(x):\n    return x\n")
    failed = commit_hook("pkg/core.py")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    gate_lines = [line for line in failed.stderr.splitlines() if "--fail-on" in line]
    assert len(gate_lines) == 1 and "FAILED" in gate_lines[0]
    assert "_also_unused" in failed.stdout


def test_a_closed_stderr_keeps_the_exit_code(repo: Path) -> None:
    env = {**{k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}, "PYTHONPATH": str(ROOT)}
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line: every write to stderr is an EPIPE
    try:
        done = subprocess.run([sys.executable, "-m", "reviewer", "run", str(repo), "--plain"],
                              stdout=subprocess.PIPE, stderr=write, env=env)
    finally:
        os.close(write)
    assert done.returncode == 0, done.stdout[-500:]
    assert b"reviewer run: summary" in done.stdout


def test_every_command_and_option_shows_an_example() -> None:
    import click

    assert "Examples:" in CliRunner().invoke(cli, ["-h"]).output
    for name, command in cli.commands.items():
        help_text = CliRunner().invoke(cli, [name, "-h"]).output
        assert "Examples:" in help_text, name
        for param in command.params:
            if isinstance(param, click.Option) and param.name != "help":
                assert "Example: " in (param.help or ""), f"{name} {param.opts}"
    assert "pyproject.toml" in CliRunner().invoke(cli, ["run", "-h"]).output  # --config names both files


def test_phases_print_in_order(repo: Path) -> None:
    result = _run(str(repo), "--no-cache")
    lines = [line.split(":")[0] for line in result.stderr.splitlines()]
    assert lines.index("scan") < lines.index("similarity") < lines.index("estimate"), result.stderr
    scoped = _run(str(repo / "pkg" / "core.py"))
    assert "scope: 1 under pkg/core.py (files to review)" in scoped.stderr


def test_report_md_reads_on_github(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Findings are list items with the message under them (no table wider than the page), no
    run id in the page's opening lines, absolute blob links in a GitHub Actions job."""
    assert _run(str(repo)).exit_code == 0
    _run(str(repo))  # a second run: "Since the last run" appears
    text = (repo / ".reviewer" / "report.md").read_text()
    report = json.loads((repo / ".reviewer" / "report.json").read_text())
    assert "Since the last run:" in text and report["run"]["run_id"] not in text.split("## About this run")[0]
    for finding in report["findings"]:
        lines = [line for line in text.splitlines() if finding["message"][:40] in line]
        assert lines and not any(line.startswith("|") for line in lines)
    assert "](../pkg/core.py#L9-L10)" in text and "[review](reviews/pkg/core.py.rev.md)" in text

    monkeypatch.setenv("GITHUB_SERVER_URL", "https://github.com")
    monkeypatch.setenv("GITHUB_REPOSITORY", "octo/shop")
    monkeypatch.setenv("GITHUB_SHA", "0123abcd")
    assert _run(str(repo)).exit_code == 0
    text = (repo / ".reviewer" / "report.md").read_text()
    assert "](https://github.com/octo/shop/blob/0123abcd/pkg/core.py#L9-L10)" in text
    assert "](../" not in text and "[review](" not in text


def test_rag_without_a_key_says_what_the_index_contributed(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    (repo / "pkg" / "more.py").write_text(
        "def sum_weighted(values, coefficients):\n"
        "    \"\"\"Add up the values, each multiplied by its coefficient.\"\"\"\n"
        "    acc = 0\n    for v, c in zip(values, coefficients):\n        acc = acc + c * v\n    return acc\n")
    result = _run(str(repo), "--enable-rag")
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if line.strip().startswith("rag "))
    report = json.loads((repo / ".reviewer" / "report.json").read_text())
    assert f"{report['semantic']['similarities']:,} similarities by meaning" in row
    assert "leads, not findings" in row and "report.md" in row
    text = (repo / ".reviewer" / "report.md").read_text()
    assert "What the RAG index added:" in text and "structural evidence" in text
    off = _run(str(repo))
    assert not [line for line in off.stdout.splitlines() if line.strip().startswith("rag ")]


def test_extend_select_lists_hygiene_after_production_on_the_first_screen(repo: Path) -> None:
    full = _run(str(repo), "--extend-select", "documentation")
    listed = [line.strip() for line in full.stdout.splitlines() if line.startswith("  ") and ": [" in line]
    axes = [line.split("[")[1].split("/")[0] for line in listed]
    assert "documentation" in axes and axes.index("utility") < axes.index("documentation")
