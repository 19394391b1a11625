"""What every scripts/bench_*.py shares: recording its section of docs/benchmarks.md,
and a markdown table."""

from __future__ import annotations

import datetime
import os
import platform
import re
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = REPO_ROOT / "docs" / "benchmarks.md"
HEADER = (
    "# Benchmarks\n\n"
    "Measured by `scripts/bench_*.py` on the project's machines. Each script rewrites only its own\n"
    "section, between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`.\n"
)


def record_section(name: str, body: str, path: Path = BENCHMARKS) -> None:
    """Replace section `name` of docs/benchmarks.md (append it, or create the file, if absent)."""
    from reviewer.workspace import atomic_write_text

    text = path.read_text(encoding="utf-8") if path.exists() else HEADER
    section = f"<!-- bench:{name} -->\n{body.rstrip()}\n<!-- /bench:{name} -->"
    pattern = re.compile(rf"<!-- bench:{re.escape(name)} -->.*?<!-- /bench:{re.escape(name)} -->", re.DOTALL)
    text = pattern.sub(lambda _: section, text) if pattern.search(text) else text.rstrip() + "\n\n" + section + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, text)


def machine_line() -> str:
    """When and where: the context a number needs."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{datetime.date.today().isoformat()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"load average {load:.1f} at the start")


def markdown_table(columns: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)
