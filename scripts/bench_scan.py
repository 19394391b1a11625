"""Benchmark the scan phase (discovery, parse, extraction) on the running Python's standard library.

    python scripts/bench_scan.py               # measure, print the table, record it in docs/benchmarks.md
    python scripts/bench_scan.py --no-record   # measure and print only
    python scripts/bench_scan.py --profile     # cProfile of a serial scan: where the time goes

Runs the real `scan_repository` with the default configuration (site-packages
and __pycache__ are pruned by discovery; the test folders are scanned, they are
code). Target: 100,000 lines/s or more for the whole scan on all cores.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import io
import os
import platform
import pstats
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

from reviewer.config import Config
from reviewer.scan import default_workers, scan_repository
sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchlib, also when imported by a test
from benchlib import BENCHMARKS, record_section  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[1]
SECTION = "scan"
TARGET_LINES_PER_SECOND = 100_000


def measure(stdlib: Path, workers: int) -> list[str]:
    """One scan: a table row. CPU time is this process's only, so it is the whole
    work for the serial run and the orchestration share for a parallel one."""
    started, cpu_started = time.perf_counter(), time.process_time()
    result = scan_repository(stdlib, Config(), workers=workers)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    lines = sum(f.lines for f in result.files)
    symbols = sum(len(f.symbols) for f in result.files)
    return [
        f"{len(result.files):,}", f"{lines:,}", f"{symbols:,}", f"{len(result.skipped):,}",
        f"{seconds:.2f} s", f"{lines / seconds:,.0f}", str(workers), f"{cpu:.2f} s",
    ]


def parse_cpu_seconds(stdlib: Path) -> float:
    """CPU time of the tree-sitter parse alone, over the files a scan parses (the grammar's share)."""
    from reviewer.scan.discovery import discover
    from reviewer.scan.languages import get_parser

    found = discover(stdlib, Config(), check_content=False)
    sources = [(source.language, source.abs_path.read_bytes()) for source in found.files]
    cpu_started = time.process_time()
    for language, data in sources:
        get_parser(language).parse(data)
    return time.process_time() - cpu_started


def peer_seconds(tree: Path) -> tuple[float, float]:
    """(vulture, jscpd) wall seconds on `tree` (scripts/bench_real.py runs them the same way), on
    the files the scan reads: site-packages is pruned by discovery, so the peers skip it too (with
    it vulture read 13,343 files, 4.5M lines, instead of 1,788 and 858k on this machine). A failed
    peer is nan, not the seconds it took to fail."""
    from bench_real import peer_jscpd, peer_vulture

    with tempfile.TemporaryDirectory(prefix="bench-peers-") as tmp:
        vulture = peer_vulture(tree, frozenset({"site-packages"}))
        jscpd = peer_jscpd(tree, Path(tmp), frozenset({"site-packages"}))
    for peer in (vulture, jscpd):
        if "tool" in peer:
            print(f"peer {peer['tool']}: {peer['seconds']:.1f} s", flush=True)
    return tuple(peer["seconds"] if "items" in peer else float("nan") for peer in (vulture, jscpd))


def peers_line(scan_seconds: float, peers: list[tuple[float, float]]) -> str:
    """The scan against vulture + jscpd on the same tree, measured before and after the scans."""
    totals = sorted(v + j for v, j in peers)
    shown = "; ".join(f"vulture {v:.1f} s + jscpd {j:.1f} s" for v, j in peers)
    return (f"Peers on the same tree, before and after the scans: {shown}. The parallel scan takes "
            f"{scan_seconds / totals[-1]:.2f}-{scan_seconds / totals[0]:.2f}x vulture + jscpd.")


def cpu_split_line(serial_cpu: float, parse_cpu: float) -> str:
    """Where the serial CPU time goes: the grammar's parse vs everything else."""
    rest = serial_cpu - parse_cpu
    return (
        f"Serial CPU split: {serial_cpu:.2f} s = {parse_cpu:.2f} s tree-sitter parse + {rest:.2f} s "
        f"discovery, reading and extraction ({rest / parse_cpu:.2f}x the parse)."
    )


COLUMNS = ["files", "lines", "symbols", "skipped", "wall time", "lines/s", "workers", "main cpu"]


def markdown_table(rows: list[list[str]]) -> str:
    out = ["| " + " | ".join(COLUMNS) + " |", "|" + "---:|" * len(COLUMNS)]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out)


def plain_table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [COLUMNS, *rows]) for i in range(len(COLUMNS))]
    return "\n".join("  ".join(cell.rjust(w) for cell, w in zip(r, widths)) for r in [COLUMNS, *rows])


def record(body: str) -> None:
    record_section(SECTION, body, BENCHMARKS)


def profile(stdlib: Path) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    result = scan_repository(stdlib, Config(), workers=1)
    profiler.disable()
    stream = io.StringIO()
    stats = pstats.Stats(profiler, stream=stream)
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(25)
    print(f"{len(result.files)} files scanned serially under cProfile")
    print(stream.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=default_workers(), help="processes (default: all cores)")
    parser.add_argument("--no-record", action="store_true", help="do not write docs/benchmarks.md")
    parser.add_argument("--profile", action="store_true", help="profile a serial scan instead")
    args = parser.parse_args()
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    if args.profile:
        profile(stdlib)
        return

    for path in stdlib.rglob("*.py"):  # warm the page cache: measure parsing, not the disk
        path.read_bytes()
    load_before = os.getloadavg()[0]
    peers_before = peer_seconds(stdlib)  # interleaved with the scans: the machine's load changes
    rows = [measure(stdlib, workers) for workers in sorted({args.workers, 1}, reverse=True)]
    peers = peers_line(float(rows[0][4].split()[0]), [peers_before, peer_seconds(stdlib)])
    load = f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after"
    print(f"scan of {stdlib} (Python {platform.python_version()}, {os.cpu_count()} cores, {load})")
    print(plain_table(rows))
    best = max(float(r[5].replace(",", "")) for r in rows)
    verdict = "meets" if best >= TARGET_LINES_PER_SECOND else "MISSES"
    print(f"best {best:,.0f} lines/s: {verdict} the target of {TARGET_LINES_PER_SECOND:,} lines/s")
    serial_cpu = next(float(r[7].split()[0]) for r in rows if r[6] == "1")
    split = cpu_split_line(serial_cpu, parse_cpu_seconds(stdlib))
    print(split)
    print(peers)
    if args.no_record:
        return
    command = "python scripts/bench_scan.py" + (f" --workers {args.workers}" if args.workers != default_workers() else "")
    body = (
        "## scan\n\n"
        f"The whole scan (discovery, read, parse, extraction) of the standard library of Python "
        f"{platform.python_version()}, default configuration, measured {datetime.date.today().isoformat()} "
        f"on {os.cpu_count()} cores ({platform.machine()}) with `{command}`. "
        f"Target: {TARGET_LINES_PER_SECOND:,} lines/s or more with all cores ({verdict.lower()} it). "
        f"Machine {load} (other work on the cores slows the wall time; \"main cpu\" is the CPU time "
        f"of the scanning process: all the work when serial, the orchestration share when parallel).\n\n"
        + markdown_table(rows)
        + "\n\n"
        + split
        + "\n\n"
        + peers
        + "\n"
    )
    record(body)
    print(f"recorded in {BENCHMARKS.relative_to(REPO_ROOT)}")


if __name__ == "__main__":
    sys.exit(main())
