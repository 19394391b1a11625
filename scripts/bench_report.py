"""Benchmark `reviewer report` and record the table in docs/benchmarks.md (section `report`).

Two sources of reviews:
- `synthetic` (default): 5,000 ReviewFiles generated with a fixed seed, shaped
  like a real project's (8 symbols, a few findings, duplicates across files,
  semantic similarities, function cards);
- `stdlib`: a copy of this interpreter's standard library reviewed once with
  `reviewer run --plain` (the static reviewer), then reported again.

Then `reviewer report` runs as a subprocess (interpreter start included, as a user
sees it), best of three, cold (every .rev.md rendered) and warm (no review changed
since the last render: only report.md/json/sarif are rebuilt); wall and CPU time
(the CPU figure is the one to trust on a shared machine), and the sizes of
report.md / report.json / report.sarif. Targets: < 10 s, report.md < 1 MB.

    python scripts/bench_report.py [--source all|synthetic|stdlib] [--files 5000] [--no-record]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from reviewer.config import AXES  # noqa: E402
from reviewer.workspace import Workspace  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchlib, also when imported by a test
from benchlib import record_section  # noqa: E402

SECTION = "report"
RUNS = 3
VERDICTS = {
    "correction": ["OK", "OK", "OK", "NEEDS_FIX", "ERROR"],
    "utility": ["USED", "USED", "USED", "DEAD", "LOW_VALUE"],
    "duplication": ["UNIQUE", "UNIQUE", "UNIQUE", "UNIQUE", "DUPLICATE"],
    "overengineering": ["LEAN", "LEAN", "LEAN", "ACCEPTABLE", "OVER"],
    "tests": ["GOOD", "GOOD", "WEAK", "NONE"],
    "documentation": ["DOCUMENTED", "DOCUMENTED", "PARTIAL", "UNDOCUMENTED"],
}
DEFAULT = {"correction": "OK", "utility": "USED", "duplication": "UNIQUE", "overengineering": "LEAN",
           "tests": "GOOD", "documentation": "DOCUMENTED"}
WORDS = "parse load save render merge split fetch cache build check apply resolve".split()


def synthetic_reviews(workspace: Workspace, count: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    paths = [f"pkg{i % 50}/sub{i % 7}/{rng.choice(WORDS)}_{i}.py" for i in range(count)]
    for index, path in enumerate(paths):
        symbols, findings, similarities, cards = [], [], [], []
        for j in range(8):
            name = f"{rng.choice(WORDS)}_{rng.choice(WORDS)}_{j}"
            start = 10 + 20 * j
            symbol = {"name": name, "kind": "function", "exported": rng.random() < 0.4, "line_start": start,
                      "line_end": start + 15, "confidence": rng.randint(50, 99),
                      "detail": f"{name} is called from {rng.randint(0, 9)} places; " + "evidence " * rng.randint(3, 20),
                      "evidence": {}}
            for axis in AXES:
                symbol[axis] = rng.choice(VERDICTS[axis])
                if symbol[axis] != DEFAULT[axis]:
                    findings.append({"axis": axis, "verdict": symbol[axis], "severity": rng.choice(["low", "medium", "high"]),
                                     "symbol": name, "line_start": start, "line_end": start + 15,
                                     "message": f"{axis} {symbol[axis]}: " + "because " * rng.randint(2, 12),
                                     "fingerprint": f"{index:08x}{j:04x}{AXES.index(axis):04x}".ljust(32, "0"),
                                     "suppressed": rng.random() < 0.03})
                    symbol["evidence"][axis] = f"{axis} evidence for {name}"
            if symbol["duplication"] == "DUPLICATE":
                other = rng.randrange(count)
                symbol["duplicate_of"] = {"file": paths[other], "name": f"{WORDS[other % len(WORDS)]}_x_{other % 8}",
                                          "score": round(rng.uniform(0.78, 1.0), 3)}
                similarities.append({"function": name, "line_start": start, "file": paths[other],
                                     "name": symbol["duplicate_of"]["name"], "score": symbol["duplicate_of"]["score"]})
            symbols.append(symbol)
            cards.append({"id": f"{index}-{j}", "file_path": path, "name": name, "qualified_name": name, "kind": "function",
                          "language": "python", "line_start": start, "line_end": start + 15, "signature": f"def {name}(x)",
                          "summary": "does a thing", "key_concepts": ["thing"], "behavioral_profile": "pure",
                          "complexity_score": 1, "called_internals": [f"{paths[rng.randrange(count)]}:{name}"],
                          "body_hash": f"{index}-{j}"})
        verdict = "CLEAN" if not findings else ("CRITICAL" if any(f["verdict"] == "ERROR" for f in findings) else "NEEDS_REFACTOR")
        review = {"version": 1, "file": path, "language": "python", "sha256": f"{index:064x}", "reviewer": "static",
                  "verdict": verdict, "symbols": symbols, "findings": findings, "actions": [], "function_cards": cards,
                  "similarities": similarities, "rag_enabled": True}
        target = workspace.review_json(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(review), encoding="utf-8")
    run = {"version": 1, "run_id": "bench", "started_at": "2026-01-01T00:00:00+00:00", "reviewer": "static",
           "files_total": count, "files_reviewed": count, "complete": True}
    (workspace.runs / "bench").mkdir(parents=True, exist_ok=True)
    (workspace.runs / "bench" / "run.json").write_text(json.dumps(run), encoding="utf-8")


def stdlib_reviews(root: Path) -> float:
    """Copy the standard library into `root` and review it once; returns the run's seconds."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    shutil.copytree(stdlib, root, ignore=shutil.ignore_patterns("site-packages", "__pycache__", "*.pyc"), dirs_exist_ok=True)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "reviewer.cli", "run", str(root), "--plain"], capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"reviewer run on the stdlib copy failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return time.perf_counter() - started


def time_report(root: Path, cold: bool) -> tuple[float, float]:
    """(wall, CPU) seconds of the best of RUNS `reviewer report` runs. Cold: every
    .rev.md rendered (the render manifest removed first); warm: none changed."""
    best = (float("inf"), float("inf"))
    for _ in range(RUNS):
        if cold:
            (Workspace(root).cache / "rendered.json").unlink(missing_ok=True)
        before = os.times()
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "reviewer.cli", "report", str(root)], capture_output=True, text=True)
        wall = time.perf_counter() - started
        after = os.times()
        if done.returncode != 0:
            sys.exit(f"reviewer report failed ({done.returncode}): {done.stderr.strip()}")
        cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
        best = min(best, (wall, cpu))
    return best


def size(path: Path) -> str:
    return f"{path.stat().st_size / 1e6:.2f} MB" if path.stat().st_size >= 100_000 else f"{path.stat().st_size / 1e3:.1f} kB"


def record(body: str) -> None:
    record_section(SECTION, body)


def measure(source: str, files: int) -> tuple[str, list[tuple[str, str]]]:
    """Build the reviews of one source in a temporary folder and time `reviewer report` on them."""
    with tempfile.TemporaryDirectory(prefix="bench-report-") as tmp:
        root = Path(tmp)
        workspace = Workspace(root)
        run_seconds = None
        if source == "synthetic":
            synthetic_reviews(workspace, files)
            label = f"synthetic, {files:,} files (`--files {files}`)"
        else:
            run_seconds = stdlib_reviews(root)
            label = f"CPython {sys.version.split()[0]} standard library, static reviewer"
        reviews = sum(1 for _ in workspace.reviews.rglob("*.rev.json"))
        findings = sum(len(json.loads(p.read_text())["findings"]) for p in workspace.reviews.rglob("*.rev.json"))
        cold_wall, cold_cpu = time_report(root, cold=True)
        warm_wall, warm_cpu = time_report(root, cold=False)
        rows = [
            ("reviews", f"{reviews:,} files, {findings:,} findings"),
            ("`reviewer report`, every .rev.md rendered", f"{cold_wall:.2f} s wall, {cold_cpu:.2f} s CPU (target < 10 s)"),
            ("`reviewer report`, no review changed", f"{warm_wall:.2f} s wall, {warm_cpu:.2f} s CPU"),
            ("report.md", f"{size(workspace.base / 'report.md')} (target < 1 MB)"),
            ("report.json", size(workspace.base / "report.json")),
            ("report.sarif", size(workspace.base / "report.sarif")),
        ]
        if run_seconds is not None:
            rows.insert(1, ("`reviewer run` before it (first review)", f"{run_seconds:.1f} s"))
        return label, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", choices=["synthetic", "stdlib", "all"], default="all",
                        help="all (default): both; stdlib reviews the standard library first (minutes)")
    parser.add_argument("--files", type=int, default=5000, help="synthetic files (default 5000)")
    parser.add_argument("--no-record", action="store_true", help="print only; leave docs/benchmarks.md alone")
    args = parser.parse_args()

    sources = ["synthetic", "stdlib"] if args.source == "all" else [args.source]
    tables = []
    for source in sources:
        label, rows = measure(source, args.files)
        table = "\n".join(f"| {name} | {value} |" for name, value in rows)
        tables.append(f"{label}:\n\n| measure | value |\n|---|---|\n{table}\n")
    body = (
        "## report\n\n"
        f"`python scripts/bench_report.py --source {args.source}`, {sys.platform}, Python {sys.version.split()[0]}, "
        f"{os.cpu_count()} cores (shared with other work: trust the CPU column). `reviewer report` as a subprocess, "
        f"best of {RUNS}; cold renders every .rev.md, warm only report.md/json/sarif.\n\n" + "\n".join(tables)
    )
    print(body)
    if not args.no_record:
        record(body)


if __name__ == "__main__":
    main()
