"""Benchmark the whole job: `reviewer run` with and without RAG, first run, unchanged re-run, one file changed.

    python scripts/bench_run.py                 # the first 1,000 files of the standard library, static and RAG
    python scripts/bench_run.py --full          # ... and the whole standard library (long: it embeds every function)
    python scripts/bench_run.py --modes rag     # only with --enable-rag
    python scripts/bench_run.py --no-record     # print only

Each target is copied to a temporary folder (so nothing is written into the
Python installation), then `reviewer run <copy> --plain [--enable-rag]` runs three
times as a subprocess, as a user would: a cold first run (scan, analysis, index,
review, report), an unchanged re-run (everything from the caches) and a run after a
one-function edit of one module. vulture and jscpd run on the same copy before each
run, interleaved, so the ratios compare runs made under the same load; each peer's
version and path are printed (the ratio is only as good as the peer is the one users
run: jscpd 5, not the older JavaScript jscpd 4). Phase times come from the run's own
run.json; peak RSS is the largest single process of each run's tree, from the kernel's
accounting (os.wait4). Run it with the checkout on PYTHONPATH (the runs use
`python -m reviewer` of this interpreter).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import Measured, machine_line, markdown_table, record_section, run_measured  # noqa: E402
from bench_real import peer_jscpd, peer_vulture  # noqa: E402

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


def one_run(root: Path, rag: bool) -> tuple[Measured, dict]:
    env = {k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}
    done = run_measured([sys.executable, "-m", "reviewer", "run", str(root), "--plain",
                         *(["--enable-rag"] if rag else [])], env=env)
    runs = sorted((root / ".reviewer" / "runs").iterdir()) if (root / ".reviewer" / "runs").is_dir() else []
    record = json.loads((runs[-1] / "run.json").read_text()) if runs else {}
    # 2 is also the exit code of a complete run that found files it could not vouch for (the
    # standard library's deliberate syntax errors): only an incomplete run is a failure.
    if done.returncode not in (0, 1) and not (done.returncode == 2 and record.get("complete")):
        sys.exit(f"reviewer run failed ({done.returncode}) on {root}:\n{done.stderr[-2000:]}")
    return done, record


PEERS_SEEN: set[str] = set()


def peers(root: Path) -> tuple[float, float]:
    """vulture + jscpd on the same tree, now (interleaved with the runs: the machine's load changes):
    wall and CPU seconds."""
    with tempfile.TemporaryDirectory(prefix="bench-peers-") as tmp:
        vulture, jscpd = peer_vulture(root), peer_jscpd(root, Path(tmp))
    for name, peer in (("vulture", vulture), ("jscpd", jscpd)):
        if "items" not in peer:  # missing, or failed: a failed peer's seconds are no baseline
            sys.exit(f"peer {name} unusable: {peer}")
        print(f"  {peer['tool']}: {peer['seconds']:.1f} s wall, {peer['cpu_seconds']:.1f} s CPU, "
              f"peak {peer['peak_rss_mb']:,.0f} MB, {peer['items']:,} items", flush=True)
        PEERS_SEEN.add(peer["tool"])
    major = re.search(r"(\d+)\.", jscpd["version"])
    if major and int(major.group(1)) < 5:
        sys.exit(f"{jscpd['tool']} is the older JavaScript jscpd, several times slower than jscpd 5 that users "
                 "install today: install jscpd@5.3.2 (see benchmarks/real/README.md)")
    return vulture["seconds"] + jscpd["seconds"], vulture["cpu_seconds"] + jscpd["cpu_seconds"]


def change_one_file(root: Path) -> str:
    """Append a small function to one module in the middle of the tree: a one-file edit."""
    modules = sorted(p for p in root.rglob("*.py") if ".reviewer" not in p.parts)
    target = modules[len(modules) // 2]
    with target.open("a", encoding="utf-8") as handle:
        handle.write("\n\ndef _bench_added(values):\n    total = 0\n    for v in values:\n"
                     "        total += v * 2\n    return total\n")
    return target.relative_to(root).as_posix()


def measure(name: str, files: list[Path], rag: bool) -> list[str]:
    """First run, unchanged re-run, one-file change; vulture + jscpd before each, on the same copy."""
    with tempfile.TemporaryDirectory(prefix="bench-run-") as tmp:
        root = Path(tmp)
        lines = copy_tree(files, root)
        load = os.getloadavg()[0]
        peer = [peers(root)]
        first, record1 = one_run(root, rag)
        peer.append(peers(root))
        second, record2 = one_run(root, rag)
        change_one_file(root)
        peer.append(peers(root))
        third, record3 = one_run(root, rag)
    base = sorted(wall for wall, _ in peer)[len(peer) // 2]
    cpu_base = sorted(cpu for _, cpu in peer)[len(peer) // 2]
    phases = ", ".join(f"{k} {v:.1f}" for k, v in record1["phase_seconds"].items())
    return [name, "RAG" if rag else "static", f"{len(files):,}", f"{lines:,}", f"{load:.1f}",
            f"{base:.1f} s (CPU {cpu_base:.1f} s)",
            f"{first.seconds:.1f} s ({first.seconds / base:.1f}x); CPU {first.cpu_seconds:.1f} s ({first.cpu_seconds / cpu_base:.1f}x) "
            "without the scan's workers",
            phases, " / ".join(f"{run.peak_rss_mb / 1024:.2f}" for run in (first, second, third)),
            f"{second.seconds:.1f} s ({second.seconds / base:.1f}x)", f"{third.seconds:.1f} s ({third.seconds / base:.1f}x)",
            f"{record2['files_cached']:,} cached / {record2['files_reviewed']} reviewed; "
            f"then {record3['files_reviewed']} reviewed"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slice", type=int, default=1000, help="files in the slice (default 1000; 0: no slice)")
    parser.add_argument("--full", action="store_true", help="also the whole standard library")
    parser.add_argument("--modes", default="static,rag", help="static, rag or both (default static,rag)")
    parser.add_argument("--no-record", action="store_true")
    args = parser.parse_args()

    files = stdlib_files()
    targets = [(f"stdlib, first {args.slice:,} files", files[: args.slice])] if args.slice else []
    if args.full:
        targets.append(("whole stdlib", files))
    rows = []
    for label, chosen in targets:
        for mode in args.modes.split(","):
            rows.append(measure(label, chosen, mode == "rag"))
            print(" | ".join(rows[-1]), flush=True)  # a long benchmark shows each row as it ends
    columns = ["target", "mode", "files", "lines", "load", "vulture + jscpd", "first run (vs peers)",
               "first run phases (s)", "peak RSS GiB (first / re-run / one file)", "unchanged re-run",
               "one file changed", "reuse"]
    table = markdown_table(columns, rows)
    print(table)
    print("Peers: " + "; ".join(sorted(PEERS_SEEN)))
    if not args.no_record:
        body = (
            "## run\n\n"
            "`reviewer run [--enable-rag] --plain` as a subprocess (static reviewer, no API key): a cold first run, "
            "an unchanged re-run and a run after appending one function to one module, on copies of the standard "
            "library (without site-packages, idlelib, turtledemo). Before each run, vulture (--min-confidence 60) "
            "and jscpd run on the same copy; the ratios divide by the median of those three peer times, wall "
            "and CPU. A run's CPU counts the processes it reaps, not the scan's workers (they belong to "
            "multiprocessing's forkserver, which outlives the run): a lower bound; the wall ratio is the figure. "
            f"Peers: {'; '.join(sorted(PEERS_SEEN))}. Peak RSS is the largest single process of the run. "
            f"Load is the 1-minute load average when the target started. {machine_line()}.\n\n"
            f"Command: `python scripts/bench_run.py{' --full' if args.full else ''} --modes {args.modes}`\n\n"
            f"{table}\n"
        )
        record_section("run", body)


if __name__ == "__main__":
    main()
