"""The `reviewer` command ends without the interpreter's teardown (cli.console, gcpause.exit_now):
its output and exit code must be those of main(), and a profiler still gets to write its data."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from reviewer.cli import cli

FIXTURE = Path(__file__).parent / "fixtures" / "quality" / "py_shop"


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}


def test_the_command_prints_and_exits_as_main_does(tmp_path):
    root = tmp_path / "shop"
    shutil.copytree(FIXTURE, root, ignore=shutil.ignore_patterns(".reviewer"))
    # the fixture's copies are candidates under the default floor: every verdict is a finding here
    args = ["run", str(root), "--plain", "--fail-on", "duplication", "--min-confidence", "0"]
    done = subprocess.run([sys.executable, "-m", "reviewer", *args], capture_output=True, text=True, env=_env(), cwd=tmp_path)
    in_process = CliRunner().invoke(cli, args)
    assert done.returncode == in_process.exit_code == 1
    # Everything written before the exit reached the pipe: the findings and their summary line.
    assert "[duplication/DUPLICATE]" in done.stdout
    assert done.stdout.splitlines()[-1] == in_process.output.splitlines()[-1]


def test_an_error_keeps_its_line_and_code(tmp_path):
    done = subprocess.run([sys.executable, "-m", "reviewer", "run", str(tmp_path / "nope"), "--plain"],
                          capture_output=True, text=True, env=_env())
    assert done.returncode == 2
    assert done.stderr.strip() == f"reviewer: error: no such file or directory: {tmp_path / 'nope'}"


def test_a_profiler_still_writes_its_data(tmp_path):
    out = tmp_path / "run.prof"
    done = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(out), "-m", "reviewer", "--version"],
                          capture_output=True, text=True, env=_env())
    assert done.returncode == 0 and out.stat().st_size > 0
