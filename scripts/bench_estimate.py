"""Estimate what a Claude review costs, on this repository and on the fixtures, with
`reviewer estimate --json` (the real CLI: scan, evidence, the reviewer's own prompt
builder), and record it in docs/benchmarks.md (section `estimate`).

    python scripts/bench_estimate.py              # measure, print, record
    python scripts/bench_estimate.py --no-record  # measure and print only

No API call is made and no key is needed: tokens are approximated offline (see
reviewer/review/estimate.py). Compares one conversation per file (what the
reviewer does) with the naive alternative of one conversation per axis, and shows,
per large file (a copy of the standard library's calendar.py among them), the calls,
the output tokens of each submit_review batch (the reviewer batches with the same
numbers), and the first request's overhead: prefix + evidence against the file's own tokens.
"""

from __future__ import annotations

import argparse
import calendar
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchlib, also when imported by a test
from benchlib import BENCHMARKS, markdown_table, record_section  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[1]
SECTION = "estimate"
TARGETS = {
    "this repository": REPO_ROOT,
    "fixture py_shop": REPO_ROOT / "tests" / "fixtures" / "quality" / "py_shop",
    "fixture ts_shop": REPO_ROOT / "tests" / "fixtures" / "quality" / "ts_shop",
}


LARGE_FILE_TOKENS = 2000  # files above this are listed in the large-file table
# Run this tree's CLI with this tree's prompts/ (an editable install may map them elsewhere).
TREE_CLI = """
import runpy, sys
from pathlib import Path
tree = Path(sys.argv.pop(1))
sys.path[:0] = [str(tree), str(tree / "scripts")]
from benchlib import use_tree_packages
use_tree_packages(tree)
runpy.run_module("reviewer.cli", run_name="__main__")
"""


def estimate(path: Path) -> dict:
    """`reviewer estimate --json` of `path`; a fixture of the test suite is estimated on a copy, so that
    the caches the estimate writes (`.reviewer/`) never land among the tests' inputs."""
    with tempfile.TemporaryDirectory(prefix="bench-estimate-") as scratch:
        if path != REPO_ROOT and path.is_relative_to(REPO_ROOT):
            path = Path(shutil.copytree(path, Path(scratch) / path.name, ignore=shutil.ignore_patterns(".reviewer")))
        done = subprocess.run(
            [sys.executable, "-c", TREE_CLI, str(REPO_ROOT), "estimate", str(path), "--json"],
            capture_output=True, text=True, check=False,
            env={k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"},  # offline: no key needed
        )
    if done.returncode != 0:
        raise SystemExit(f"reviewer estimate {path} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def row(name: str, data: dict) -> list[str]:
    total, naive = data["total"], data["naive_per_axis"]
    files = data["files"]
    prompt_per_file = sum(f["claude"]["prompt_tokens"] for f in files) / len(files) if files else 0
    file_message = sum(f["file_tokens"] for f in files) / len(files) if files else 0
    calls = sum(f["claude"]["calls"] for f in files) / len(files) if files else 0
    return [
        name, f"{total['files']:,}", f"{total['lines']:,}", f"{calls:.1f}",
        f"{file_message:,.0f}", f"{prompt_per_file:,.0f}", f"{total['input_tokens_per_file']:,.0f}",
        f"${total['cost_usd']:.2f}", f"${total['cost_per_1000_lines']:.3f}",
        f"{naive['input_tokens_per_file']:,.0f}", f"${naive['cost_per_1000_lines']:.3f}",
        f"{naive['cost_usd'] / total['cost_usd']:.1f}×" if total["cost_usd"] else "-",
    ]


COLUMNS = [
    "target", "files", "lines", "calls/file", "file message tok/file", "first prompt tok/file", "input tok/file (all turns)",
    "cost", "$ / 1,000 lines", "per-axis: input tok/file", "per-axis: $ / 1,000 lines", "per-axis / per-file",
]


def table(rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "|".join("---" for _ in COLUMNS) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


LARGE_COLUMNS = ["target", "file", "lines", "file tok", "prefix tok", "evidence tok", "(prefix + evidence) / file",
                 "calls", "batches", "output tok per batch", "input tok (all calls)"]


def large_rows(name: str, data: dict) -> list[list[str]]:
    """Per file over LARGE_FILE_TOKENS: calls, batches, and the first request's overhead."""
    out = []
    for f in sorted(data["files"], key=lambda f: -f["source_tokens"]):
        if f["source_tokens"] <= LARGE_FILE_TOKENS:
            continue
        evidence = f["file_tokens"] - f["source_tokens"]
        out.append([name, f["file"], f"{f['lines']:,}", f"{f['source_tokens']:,}", f"{f['prefix_tokens']:,}",
                    f"{evidence:,}", f"{(f['prefix_tokens'] + evidence) / f['source_tokens']:.2f}×",
                    str(f["claude"]["calls"]), str(len(f["batches"])), " / ".join(f"{b:,}" for b in f["batches"]),
                    f"{f['claude']['input_tokens']:,}"])
    return out


def large_file_target() -> Path:
    """A folder holding a copy of the standard library's calendar.py (104 symbols)."""
    folder = Path(tempfile.mkdtemp(prefix="bench-calendar-"))
    shutil.copy(calendar.__file__, folder / "calendar.py")
    return folder


def record(body: str) -> None:
    record_section(SECTION, body, BENCHMARKS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-record", action="store_true")
    parser.add_argument("--note", default="", help="a line added to the recorded section (e.g. a caveat)")
    args = parser.parse_args()
    targets = {"stdlib calendar.py": large_file_target(), **TARGETS}
    results = {name: estimate(path) for name, path in targets.items()}
    shutil.rmtree(targets["stdlib calendar.py"], ignore_errors=True)
    any_result = next(iter(results.values()))
    rows = [row(name, data) for name, data in results.items()]
    large = [r for name, data in results.items() for r in large_rows(name, data)]
    within = sum(1 for r in large if float(r[6].rstrip("×")) <= 1.5)
    p = any_result["pricing"]
    body = "\n".join([
        "## Estimate: what a Claude review costs (`reviewer estimate --json`)",
        "",
        f"Measured {datetime.date.today().isoformat()} with `python scripts/bench_estimate.py`; model "
        f"`{any_result['model']}` at ${p['input']}/M input, ${p['output']}/M output, ${p['cache_write']}/M cache write, "
        f"${p['cache_read']}/M cache read; prompt version `{any_result['prompt_version']}`; RAG off "
        "(duplication via search_code); all six axes; an empty card cache.",
        "",
        table(rows),
        "",
        f"Files over {LARGE_FILE_TOKENS:,} tokens: the first request's overhead (prefix = tools + system; evidence = "
        "the file message minus the file's own text), the calls of one conversation (tool turns + one submit_review "
        f"per batch), and the planned output of each batch. {within} of {len(large)} files have prefix + evidence "
        "≤ 1.5× the file.",
        "",
        markdown_table(LARGE_COLUMNS, large),
        "",
        "How it is computed (from `reviewer estimate`):",
        "",
        *[f"- {note}" for note in any_result["method"]],
        "",
        "Reading it: every call sends the stable prefix (tool definitions, with the submit_review schema,",
        "and the system prompt) before the file message; prompt caching makes the prefix a cache read after",
        "the first file, and each later turn a cache read of what came before. One conversation per axis",
        "re-sends the file and its evidence once per axis and writes six answers: the last column says how",
        "many times dearer that is for the same verdicts.",
        *(["", f"Note: {args.note}"] if args.note else []),
    ])
    print(table(rows))
    print()
    print(markdown_table(LARGE_COLUMNS, large))
    if not args.no_record:
        record(body)
        print(f"recorded in {BENCHMARKS.relative_to(REPO_ROOT)}")


if __name__ == "__main__":
    main()
