"""Scale check: does `reviewer run` (static reviewer) stay linear on a big generated tree?

    python scripts/bench_scale.py                      # 20,000 files / 200,000 functions; record
    python scripts/bench_scale.py --files 2000         # smaller (functions per file stay 10)
    python scripts/bench_scale.py --no-record
    python scripts/bench_scale.py --files 2000 --enable-rag --no-record   # with RAG (the rag extra)

Generates `--files` Python modules of `--functions` functions each (calls between
modules, a class per file, a few near-duplicates), runs `reviewer run --plain` in a
child process twice (cold, then unchanged: everything from cache) and reports wall
time and peak memory (ru_maxrss of the child and its workers) for each run, and the
phases the run recorded (.reviewer/runs/<id>/run.json). The generated functions are
template-like (one body per name, cards that differ by a number): with `--enable-rag`
their cards are all near neighbours, the case where similarity must stay per function.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import machine_line, markdown_table, record_section  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[1]
SECTION = "scale"


def generate(root: Path, files: int, functions: int) -> int:
    """A package tree of `files` modules, 100 per folder; returns the number of lines."""
    lines = 0
    for i in range(files):
        folder = root / "pkg" / f"p{i // 100:03d}"
        folder.mkdir(parents=True, exist_ok=True)
        if i % 100 == 0:
            (folder / "__init__.py").write_text("")
        other = f"pkg.p{((i + 1) % files) // 100:03d}.m{(i + 1) % files}"
        body = [f'"""Module {i}."""', f"from {other} import f0 as next_f0", ""]
        for j in range(functions - 2):
            body += [f"def f{j}(items, limit={j}):", f'    """Function {j} of module {i}."""', "    total = 0",
                     "    for item in items:", f"        if item > limit:", f"            total += item * {j + 1}",
                     "        else:", "            total -= 1", "    return total", ""]
        body += ["class Thing:", "    def method(self, x):", "        return next_f0([x])", "",
                 "    def other(self, y):", f"        return y + {i}", ""]
        text = "\n".join(body) + "\n"
        (folder / f"m{i}.py").write_text(text)
        lines += text.count("\n")
    return lines


def timed_run(root: Path, rag: bool = False) -> tuple[float, float, int]:
    """(seconds, peak MiB of the run and its children, exit code) of one `reviewer run`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT))
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "reviewer.cli", "run", str(root), "--plain",
                           *(["--enable-rag"] if rag else [])], env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if done.returncode not in (0, 1):
        print(done.stderr[-3000:], file=sys.stderr)
    return seconds, max(peak, before) / 1024, done.returncode


def last_phases(root: Path) -> str:
    """The phase seconds of the last run, as run.json records them."""
    runs = sorted((root / ".reviewer" / "runs").glob("*/run.json"))
    record = json.loads(runs[-1].read_text()) if runs else {}
    return ", ".join(f"{k} {v:.1f}" for k, v in record.get("phase_seconds", {}).items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=20_000)
    parser.add_argument("--functions", type=int, default=10, help="functions per file (methods included)")
    parser.add_argument("--keep", type=Path, default=None, help="generate here and keep it")
    parser.add_argument("--no-record", action="store_true")
    parser.add_argument("--enable-rag", action="store_true", help="run with --enable-rag (needs the rag extra)")
    args = parser.parse_args()

    base = args.keep or Path(tempfile.mkdtemp(prefix="bench-scale-"))
    root = base / "repo"
    try:
        if root.exists():
            shutil.rmtree(root)
        started = time.perf_counter()
        lines = generate(root, args.files, args.functions)
        print(f"generated {args.files:,} files, {args.files * args.functions:,} functions, {lines:,} lines "
              f"in {time.perf_counter() - started:.1f}s", file=sys.stderr)
        rows = []
        for label in ("cold", "unchanged"):
            seconds, peak, code = timed_run(root, args.enable_rag)
            phases = last_phases(root)
            rows.append([label, f"{args.files:,}", f"{args.files * args.functions:,}", f"{lines:,}",
                         f"{seconds:.1f}", f"{args.files / seconds:,.0f}", f"{peak:,.0f}", str(code), phases])
            print(f"{label}: {seconds:.1f}s, peak {peak:,.0f} MiB, exit {code}; {phases}", file=sys.stderr)
    finally:
        if args.keep is None:
            shutil.rmtree(base, ignore_errors=True)
    table = markdown_table(["run", "files", "functions", "lines", "seconds", "files/s", "peak MiB", "exit",
                            "phases (s)"], rows)
    mode = "with --enable-rag" if args.enable_rag else "static, RAG off"
    flag = " --enable-rag" if args.enable_rag else ""
    body = (f"`python scripts/bench_scale.py --files {args.files}{flag}` — `reviewer run` ({mode}) on a "
            f"generated tree, in a child process; peak = largest RSS of the run or a scan worker.\n\n"
            f"{machine_line()}\n\n{table}\n")
    print(table)
    if not args.no_record:
        record_section(SECTION + ("-rag" if args.enable_rag else ""), body)


if __name__ == "__main__":
    main()
