#!/usr/bin/env python
"""Benchmark `reviewer mcp` and record the table in docs/benchmarks.md (section `mcp`).

A synthetic repository of about 10,000 functions (1,000 files of 10, five body shapes with
varied names, docstrings, fields and constants) is indexed once with `reviewer index`; then a
real `reviewer mcp` process is driven by the SDK's stdio client, as a coding agent drives it,
and every latency is the client's wall time of one `tools/call`:
- findSimilarFunctions on a warm server (index loaded, nothing changed on disk): p50 and p90;
- the first findSimilarFunctions call after one file is edited on disk, about a function of
  that file: a body-only edit (the card texts stay the same: nothing to embed), and a function
  appended to the file (its card text is embedded; the first such call loads the model).

    python scripts/bench_mcp.py                  # about 3 minutes on 2 cores (2 of them indexing)
    python scripts/bench_mcp.py --repo /tmp/b    # keep the repository and its index for a re-run
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchlib

from benchlib import machine_line, markdown_table, record_section  # noqa: E402
from mcp import ClientSession, StdioServerParameters, stdio_client  # noqa: E402

WORDS = ("parse load user account order invoice cache token retry fetch render list table index "
         "search filter merge split group count total average format date path file config key value").split()
TEMPLATES = (
    "def {name}(items, limit={k}):\n    \"\"\"{W} the {w2} items up to the limit.\"\"\"\n    out = []\n"
    "    for item in items[:limit]:\n        if item.{w2}:\n            out.append(item.{w3} * {k})\n    return out\n",
    "def {name}(records):\n    \"\"\"Total {w2} of the {w3} records.\"\"\"\n    total = 0\n    for record in records:\n"
    "        total += record.get('{w2}', {k})\n    return total\n",
    "def {name}(text, sep='{c}'):\n    \"\"\"{W} a {w2} string into {w3} parts.\"\"\"\n"
    "    parts = [p.strip() for p in text.split(sep)]\n    return [p for p in parts if p and not p.startswith('{w3}')]\n",
    "def {name}(mapping, key, default=None):\n    \"\"\"Look up {w2} by key in the {w3} mapping.\"\"\"\n    if key in mapping:\n"
    "        value = mapping[key]\n        if value is not None:\n            return value * {k}\n    return default\n",
    "def {name}(values):\n    \"\"\"Largest {w2} among the {w3} values.\"\"\"\n    best = None\n    for value in values:\n"
    "        if best is None or value.{w2} > best.{w2}:\n            best = value\n    return best\n",
)
FILES, PER_FILE = 1000, 10
WARM_CALLS = 300
EDITS = 3


def synthetic_repo(root: Path, files: int = FILES, per_file: int = PER_FILE, seed: int = 7) -> list[str]:
    """Write the repository; returns every function as `path:name`."""
    rng = random.Random(seed)
    functions = []
    for i in range(files):
        chunks = []
        path = f"pkg{i // 100}/mod_{i}.py"
        for j in range(per_file):
            w1, w2, w3 = rng.sample(WORDS, 3)
            name = f"{w1}_{w2}_{i}_{j}"
            chunks.append(rng.choice(TEMPLATES).format(name=name, W=w1.capitalize(), w2=w2, w3=w3,
                                                       k=rng.randrange(1, 99), c=rng.choice(",;:|")))
            functions.append(f"{path}:{name}")
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("\n\n".join(chunks), encoding="utf-8")
    return functions


def index(root: Path) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "reviewer", "index", str(root)], check=True, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    return time.perf_counter() - start, done.stdout.strip().splitlines()[-1]


def edit_body(root: Path, path: str, n: int) -> None:
    """Add a statement to the first function's body, with no new word: its card text stays the same."""
    target = root / path
    lines = target.read_text(encoding="utf-8").splitlines(keepends=True)
    body = next(k for k, line in enumerate(lines) if line.startswith("    ") and '"""' not in line)
    lines.insert(body, f"    assert {n} >= 0\n")
    target.write_text("".join(lines), encoding="utf-8")


def append_function(root: Path, path: str, n: int) -> str:
    """Append a new function (a new card text, embedded on the next call); returns its `path:name`,
    unique across runs on a kept repository (--repo)."""
    name = f"fresh_total_{time.time_ns() // 1000 % 10**9}_{n}"
    with open(root / path, "a", encoding="utf-8") as out:
        out.write(f"\n\ndef {name}(orders, rate={n}):\n    \"\"\"Sum the amounts of the orders, times a rate.\"\"\"\n"
                  "    total = 0\n    for order in orders:\n        total += order.amount * rate\n    return total\n")
    return f"{path}:{name}"


async def timed(session: ClientSession, name: str, arguments: dict) -> float:
    start = time.perf_counter()
    result = await session.call_tool(name, arguments)
    elapsed = time.perf_counter() - start
    if result.is_error:
        raise SystemExit(f"{name}({arguments}) failed: {result.content[0].text}")
    return elapsed


async def drive(root: Path, functions: list[str]) -> dict:
    params = StdioServerParameters(command=sys.executable, args=["-m", "reviewer", "mcp", str(root)],
                                   env={"PYTHONPATH": str(REPO)})
    rng = random.Random(11)
    out: dict = {}
    start = time.perf_counter()
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            out["start"] = time.perf_counter() - start
            mark = time.perf_counter()
            status = await session.call_tool("indexStatus", {})
            out["first"] = time.perf_counter() - mark  # waits for the warm-up: index and model loaded
            out["cards"] = status.structured_content["cards"]
            for target in rng.sample(functions, 20):  # warm-up: the first lookups build lazy parts
                await timed(session, "findSimilarFunctions", {"functionId": target})
            warm = [await timed(session, "findSimilarFunctions", {"functionId": target})
                    for target in rng.sample(functions, WARM_CALLS)]
            out["warm"] = warm
            edited = {"body": [], "new": []}
            for n in range(EDITS):
                target = rng.choice(functions)
                path = target.split(":")[0]
                edit_body(root, path, n)
                edited["body"].append(await timed(session, "findSimilarFunctions", {"functionId": target}))
                added = append_function(root, rng.choice(functions).split(":")[0], n)
                edited["new"].append(await timed(session, "findSimilarFunctions", {"functionId": added}))
            out["edited"] = edited
            out["warm_after"] = [await timed(session, "findSimilarFunctions", {"functionId": target})
                                 for target in rng.sample(functions, 50)]
    return out


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 10 else f"{seconds:.1f} s"


def table(result: dict, index_seconds: float, summary: str, fresh: bool, command: str) -> str:
    warm = sorted(result["warm"])
    p50, p90 = statistics.median(warm), warm[int(0.9 * (len(warm) - 1))]
    body, new = result["edited"]["body"], result["edited"]["new"]
    rows = [
        ["cards in the index", f"{result['cards']:,}"],
        ["`reviewer index` " + ("from scratch (empty vector cache; not the server's job)" if fresh else
                               "of the kept repository (--repo: a re-index)"), f"{index_seconds:.0f} s"],
        ["server start to initialized (the handshake does not wait for the index)", ms(result["start"])],
        ["first call (indexStatus): waits for the warm-up (tree checked, index and model loaded)", ms(result["first"])],
        [f"findSimilarFunctions, warm server, p50 / p90 of {len(warm)} calls", f"{ms(p50)} / {ms(p90)}"],
        ["first call after a body-only edit of one file (nothing embedded), median / max of "
         f"{len(body)}", f"{ms(statistics.median(body))} / {ms(max(body))}"],
        [f"first call after a function is appended to one file (its card embedded; the first loads the model), "
         f"median / max of {len(new)}", f"{ms(statistics.median(new))} / {ms(max(new))}"],
        ["findSimilarFunctions p50 after the edits", ms(statistics.median(result["warm_after"]))],
    ]
    return "\n".join([
        "## MCP server (`scripts/bench_mcp.py`)",
        "",
        f"Measured {machine_line()}, with `{command}`: a real `reviewer mcp` process driven "
        f"by the `mcp` SDK's stdio client; each latency is the client's wall time of one tools/call. "
        f"Synthetic repository: {FILES:,} files of {PER_FILE} functions (five body shapes, varied names, "
        f"docstrings, fields and constants). Index: {summary}.",
        "",
        "Every call first stats the files in scope and the folders the last listing walked (the tree is "
        "listed again, with the scan's rules, only when one of those folders changed). After an edit the file "
        "is parsed, its cards are replaced in LanceDB under the rag lock (only card texts not seen before are "
        "embedded), and only its rows are read back into the in-memory similarity index, whose postings are "
        "then rebuilt over all cards. The load average is that of a shared machine: every latency here grows "
        "with it.",
        "",
        markdown_table(["measure", "value"], rows),
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=None, help="build (or reuse) the repository here and keep it")
    parser.add_argument("--no-record", action="store_true", help="print only; do not touch docs/benchmarks.md")
    args = parser.parse_args()
    root = args.repo or Path(tempfile.mkdtemp(prefix="bench_mcp_")) / "repo"
    try:
        fresh = not (root / ".reviewer" / "rag" / "lancedb").exists()
        if fresh:
            shutil.rmtree(root, ignore_errors=True)
        functions = synthetic_repo(root) if fresh else [
            f"{p.relative_to(root).as_posix()}:{line[4:line.index('(')]}" for p in sorted(root.glob("pkg*/mod_*.py"))
            for line in p.read_text(encoding="utf-8").splitlines() if line.startswith("def ") and "fresh_" not in line]
        index_seconds, summary = index(root)
        result = asyncio.run(drive(root, functions))
    finally:
        if args.repo is None:
            shutil.rmtree(root.parent, ignore_errors=True)
    command = "python scripts/bench_mcp.py" + (" --repo DIR" if args.repo else "")
    text = table(result, index_seconds, summary, fresh, command)
    print(text)
    if not args.no_record:
        record_section("mcp", text)


if __name__ == "__main__":
    main()
