"""Benchmark the whole job: `reviewer run --enable-rag`, first and unchanged second run.

    python scripts/bench_run.py                 # a 1,000-file slice of the standard library
    python scripts/bench_run.py --full          # ... and the whole standard library (long: it embeds every function)
    python scripts/bench_run.py --no-record     # print only

Each target is copied to a temporary folder (so nothing is written into the
Python installation), then `reviewer run <copy> --enable-rag --plain` runs twice
as a subprocess, as a user would: the first run scans, indexes (embeds every
function card), reviews and reports; the second finds nothing changed and must
reuse everything. Phase times come from the run's own run.json.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import machine_line, markdown_table, record_section  # noqa: E402

PRUNE = {"site-packages", "__pycache__", "idlelib", "turtledemo"}


def stdlib_files() -> list[Path]:
    root = Path(sysconfig.get_paths()["stdlib"])
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in PRUNE)
        out.extend(Path(dirpath) / f for f in sorted(filenames) if f.endswith(".py"))
    return out


def copy_tree(files: list[Path], dest: Path) -> int:
    root = Path(sysconfig.get_paths()["stdlib"])
    lines = 0
    for path in files:
        target = dest / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        lines += path.read_bytes().count(b"\n")
    return lines


def one_run(root: Path) -> tuple[float, dict]:
    env = {k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}
    started = time.perf_counter()
    done = subprocess.run(["reviewer", "run", str(root), "--enable-rag", "--plain"], env=env,
                          capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1):
        sys.exit(f"reviewer run failed ({done.returncode}) on {root}:\n{done.stderr[-2000:]}")
    runs = sorted((root / ".reviewer" / "runs").iterdir())
    return seconds, json.loads((runs[-1] / "run.json").read_text())


def measure(name: str, files: list[Path]) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="bench-run-") as tmp:
        root = Path(tmp)
        lines = copy_tree(files, root)
        first, record1 = one_run(root)
        second, record2 = one_run(root)
    phases = ", ".join(f"{k} {v:.1f}" for k, v in record1["phase_seconds"].items())
    return [name, f"{len(files):,}", f"{lines:,}", f"{first:.1f} s", phases,
            f"{second:.1f} s", f"{record2['files_cached']:,} cached / {record2['files_reviewed']} reviewed"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slice", type=int, default=1000, help="files in the slice (default 1000)")
    parser.add_argument("--full", action="store_true", help="also the whole standard library")
    parser.add_argument("--no-record", action="store_true")
    args = parser.parse_args()

    files = stdlib_files()
    step = max(1, len(files) // args.slice)
    label = f"stdlib, first {args.slice:,} files" if step == 1 else f"stdlib, every {step}th file ({args.slice:,})"
    rows = [measure(label, files[::step][: args.slice])]
    if args.full:
        rows.append(measure("whole stdlib", files))
    columns = ["target", "files", "lines", "first run", "first run phases (s)", "second run", "second run reuse"]
    table = markdown_table(columns, rows)
    print(table)
    if not args.no_record:
        body = (
            "## run\n\n"
            "`reviewer run --enable-rag --plain` as a subprocess (static reviewer, no API key), a cold first run "
            "and an unchanged second run, on copies of the standard library (without site-packages, idlelib, "
            f"turtledemo). {machine_line()}.\n\n"
            f"Command: `python scripts/bench_run.py{' --full' if args.full else ''}`\n\n{table}\n"
        )
        record_section("run", body)


if __name__ == "__main__":
    main()
