"""Scale check: does `reviewer run` (static reviewer) stay linear on a big generated tree?

    python scripts/bench_scale.py                      # 20,000 files / 200,000 functions; record
    python scripts/bench_scale.py --files 2000         # smaller (functions per file stay 10)
    python scripts/bench_scale.py --no-record
    python scripts/bench_scale.py --files 2000 --enable-rag --no-record   # with RAG (the rag extra)

Generates `--files` Python modules of `--functions` functions each (calls between
modules, a class per file, a few near-duplicates), runs `reviewer run --plain` in a
child process twice (cold, then unchanged: everything from cache) and reports wall
time and peak memory for each run: the largest single process of that run's own tree
(os.wait4 of that run, so the cold run's peak never stands for the re-run's), the phases
the run recorded (.reviewer/runs/<id>/run.json), and the size of the output folder by entry
(`du`: the blocks a user's disk gives it). The generated functions are template-like (one body
per name, cards that differ by a number): with `--enable-rag` their cards are all near
neighbours, the case where similarity must stay per function.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import machine_line, markdown_table, record_section, run_measured  # noqa: E402

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


def timed_run(root: Path, checkout: Path, rag: bool = False) -> tuple[float, float, int]:
    """(seconds, peak MiB of the largest process of the run's tree, exit code) of one `reviewer run`."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    done = run_measured([sys.executable, "-m", "reviewer.cli", "run", str(root), "--plain",
                         *(["--enable-rag"] if rag else [])], env=env)
    if done.returncode not in (0, 1):
        print(done.stderr[-3000:], file=sys.stderr)
    return done.seconds, done.peak_rss_mb, -9 if done.returncode is None else done.returncode


def disk_usage(folder: Path) -> dict[str, int]:
    """Bytes of disk (allocated blocks, as `du` counts them) of each entry of `folder`, and "total"."""
    def blocks(path: Path) -> int:
        if path.is_symlink() or not path.exists():
            return 0
        if path.is_file():
            return path.stat().st_blocks * 512
        return path.stat().st_blocks * 512 + sum(blocks(child) for child in path.iterdir())

    sizes = {entry.name: blocks(entry) for entry in sorted(folder.iterdir())} if folder.is_dir() else {}
    sizes["total"] = sum(sizes.values())
    return sizes


def megabytes(size: int) -> str:
    return f"{size / 1e6:,.1f}"


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
    parser.add_argument("--checkout", type=Path, default=REPO_ROOT,
                        help="the reviewer code to run (default: this checkout), e.g. an older commit's export")
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
            seconds, peak, code = timed_run(root, args.checkout, args.enable_rag)
            phases = last_phases(root)
            rows.append([label, f"{args.files:,}", f"{args.files * args.functions:,}", f"{lines:,}",
                         f"{seconds:.1f}", f"{args.files / seconds:,.0f}", f"{peak:,.0f}", str(code), phases])
            print(f"{label}: {seconds:.1f}s, peak {peak:,.0f} MiB, exit {code}; {phases}", file=sys.stderr)
        sizes = disk_usage(root / ".reviewer")
        print("output: " + ", ".join(f"{name} {megabytes(size)} MB" for name, size in sizes.items()), file=sys.stderr)
    finally:
        if args.keep is None:
            shutil.rmtree(base, ignore_errors=True)
    table = markdown_table(["run", "files", "functions", "lines", "seconds", "files/s", "peak MiB", "exit",
                            "phases (s)"], rows)
    disk = markdown_table(["`.reviewer/` entry", "MB on disk"], [[name, megabytes(size)] for name, size in sizes.items()])
    mode = "with --enable-rag" if args.enable_rag else "static, RAG off"
    flag = " --enable-rag" if args.enable_rag else ""
    section = SECTION + ("-rag" if args.enable_rag else "")
    body = (f"## {section}\n\n`python scripts/bench_scale.py --files {args.files}{flag}` — `reviewer run` ({mode}) on a "
            f"generated tree, in a child process; peak = largest RSS of one process of that run's tree "
            f"(the run, a scan worker or a forked child).\n\n{machine_line()}\n\n{table}\n\n"
            f"The output folder after both runs (allocated blocks, as `du` counts them):\n\n{disk}\n")
    print(disk)
    print(table)
    if not args.no_record:
        record_section(section, body)


if __name__ == "__main__":
    main()
