"""What every scripts/bench_*.py shares: recording its section of docs/benchmarks.md,
a markdown table, and timing a command as a whole process."""

from __future__ import annotations

import json

import datetime
import os
import platform
import re
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = REPO_ROOT / "docs" / "benchmarks.md"
HEADER = (
    "# Benchmarks\n\n"
    "Measured by `scripts/bench_*.py` on the project's machines. Each script rewrites only its own\n"
    "section, between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`.\n"
)


def use_tree_packages(tree: Path) -> None:
    """Import `reviewer.prompts` and `reviewer.templates` from `tree`'s own folders: an editable install
    may map them to another checkout, and a benchmark measures this tree's prompts."""
    import importlib.util

    for name, folder in (("reviewer.prompts", "prompts"), ("reviewer.templates", "templates")):
        init = tree / folder / "__init__.py"
        spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(init.parent)])
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)


def record_section(name: str, body: str, path: Path = BENCHMARKS) -> None:
    """Replace section `name` of docs/benchmarks.md (append it, or create the file, if absent)."""
    from reviewer.workspace import atomic_write_text

    text = path.read_text(encoding="utf-8") if path.exists() else HEADER
    section = f"<!-- bench:{name} -->\n{body.rstrip()}\n<!-- /bench:{name} -->"
    pattern = re.compile(rf"<!-- bench:{re.escape(name)} -->.*?<!-- /bench:{re.escape(name)} -->", re.DOTALL)
    text = pattern.sub(lambda _: section, text) if pattern.search(text) else text.rstrip() + "\n\n" + section + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, text)


def publish(body: str, results: list, json_path: Path | None, record: bool, section: str,
            path: Path = BENCHMARKS) -> None:
    """Print a benchmark's tables, write its per-project results as JSON when asked, and record the
    tables in docs/benchmarks.md (section `section`) when the run stands for the whole benchmark."""
    print(body)
    if json_path:
        json_path.write_text(json.dumps([r.__dict__ for r in results], indent=2, default=str), encoding="utf-8")
    if record:
        record_section(section, body, path)
        print(f"\nrecorded in {path} (section {section})", file=sys.stderr)


def machine_line() -> str:
    """When and where: the context a number needs."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{datetime.date.today().isoformat()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"load average {load:.1f} at the start")


def markdown_table(columns: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


@dataclass
class Measured:
    """One finished command: wall and CPU seconds (its children's included), peak RSS and output."""

    seconds: float
    cpu_seconds: float
    peak_rss_mb: float  # the largest single process of the command's tree (Linux: ru_maxrss in KiB)
    returncode: int | None  # None: killed at the timeout
    stdout: str
    stderr: str


def run_measured(args: list[str], cwd: Path | None = None, env: dict | None = None,
                 timeout: float | None = None) -> Measured:
    """Run `args` as a user would (no shell, output to files rather than pipes) and take the
    kernel's own accounting of that one process tree: os.wait4 reports the child's rusage with
    its reaped descendants, so a peer run earlier cannot leak into a later run's peak."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(args, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        killed = threading.Event()

        def kill() -> None:
            killed.set()
            process.kill()

        timer = threading.Timer(timeout, kill) if timeout else None
        if timer:
            timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        if timer:
            timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
        out.seek(0)
        err.seek(0)
        return Measured(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                        None if killed.is_set() and os.WIFSIGNALED(status) else process.returncode,
                        out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"))
