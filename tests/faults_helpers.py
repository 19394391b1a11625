"""Shared by tests/test_faults_*.py: small repositories, running reviewer, reading what it left."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from reviewer.cli import cli

WORKTREE = Path(__file__).resolve().parents[1]
GOOD = "def add(a, b):\n    return a + b\n\n\ndef use():\n    return add(1, 2)\n"


from test_discovery import make  # noqa: E402,F401 (one tree writer for the scan and fault tests)


def small_repo(root: Path, count: int = 3) -> Path:
    return make(root, {f"pkg/m{i}.py": GOOD.replace("add", f"add{i}").replace("use", f"use{i}") for i in range(count)})


def invoke(*args: str):
    """Run the CLI in-process. An exception other than SystemExit is a crash: the test fails."""
    result = CliRunner().invoke(cli, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        raise AssertionError("crash: " + "".join(traceback.format_exception(result.exception)))
    return result


def env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(WORKTREE), REVIEWER_LOCK_TIMEOUT="20")


def reviewer_command() -> list[str]:
    return [sys.executable, "-m", "reviewer.cli"]


def run_process(args: list[str], cwd: Path | None = None, timeout: float = 120, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([*reviewer_command(), *map(str, args)], cwd=cwd, env=kwargs.pop("env", env()),
                          capture_output=True, text=True, timeout=timeout, **kwargs)


def one_clear_line(text: str, *fragments: str) -> str:
    """The line holding every fragment; no traceback anywhere."""
    assert "Traceback" not in text, text
    assert "internal error" not in text, text
    lines = [line for line in text.splitlines() if all(f in line for f in fragments)]
    assert lines, f"no line with {fragments} in:\n{text}"
    return lines[0]


def last_run(root: Path, output: str = ".reviewer") -> dict:
    runs = sorted((root / output / "runs").glob("*/run.json"))
    assert runs, "no run.json"
    return json.loads(runs[-1].read_text())


def reviews(root: Path, output: str = ".reviewer") -> set[str]:
    base = root / output / "reviews"
    return {json.loads(p.read_text())["file"] for p in base.rglob("*.rev.json") if p.is_file()}


def copy_of(template: Path, tmp_path: Path) -> Path:
    """A copy of a prepared repository (its .reviewer/ links kept as links) to damage in one test."""
    root = tmp_path / "repo"
    shutil.copytree(template, root, symlinks=True)
    return root
