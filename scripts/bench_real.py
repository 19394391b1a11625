"""Measure reviewer on real code: the pinned corpus of benchmarks/real/ (manifest.json).

    python scripts/bench_real.py                        # every project; print; record docs/benchmarks.md section "real"
    python scripts/bench_real.py --only requests        # one project (repeatable; printed, not recorded)
    python scripts/bench_real.py --skip-peers           # no vulture / pylint / jscpd columns
    python scripts/bench_real.py --no-mutation          # no mutation-recall run
    python scripts/bench_real.py --enable-rag           # reviewer run --enable-rag
    python scripts/bench_real.py --reviewer-cmd "python -m reviewer.cli"   # default: `reviewer` on PATH
    python scripts/bench_real.py --json out.json        # every number, machine-readable
    python scripts/bench_real.py --no-record            # do not touch docs/benchmarks.md

Per project (trees from benchmarks/real/materialize.py, cache ~/.cache/reviewer-bench/real):

1. The tree is copied to a temporary folder and `reviewer run <copy> --plain` runs there
   (static reviewer, default configuration, no API key). Every .rev.json is read.
2. Findings per 1,000 lines (lines of the files that have a .rev.json), per axis: utility
   (DEAD), duplication (DUPLICATE), overengineering (OVER), tests (NONE/WEAK), documentation
   (UNDOCUMENTED/PARTIAL). Suppressed findings are not counted.
3. Labelled precision: benchmarks/real/labels/<project>.yaml holds hand labels, keyed by
   (axis, file, symbol): `label: true` (a real problem) or `false` (a false positive) and a
   one-line `reason`. Per axis: findings, labelled, true, false, unlabelled, precision over
   the labelled ones. The unlabelled findings of the judged axes (--todo-axes, default
   utility, duplication, overengineering) are written to labels/<project>.todo.yaml with
   their message and a code excerpt, for a labeller to copy into <project>.yaml.
4. Mutation recall (utility), on a second copy:
   - "copy": a renamed, unexported copy `_bench_dead_<n>` of a module-level function is
     appended to its module: dead by construction (Python, JavaScript, TypeScript);
   - "unref": a private module-level Python function that reviewer calls USED, whose only
     references are call statements in its own module, gets those statements replaced by
     `pass`, so nothing references it any more (the module must still parse).
   Seeded (--seed), up to --mutants of each kind per project. Recall: mutants whose utility
   verdict is DEAD (any confidence), with a DEAD finding (the default floor), and with a
   medium/high-severity DEAD finding (confidence >= 60).
5. Peers on the same copy, timed: vulture (--min-confidence 60; Python), skylos (`skylos . --json`,
   its default confidence 60; every language it reads), pylint duplicate-code (R0801; Python),
   jscpd (clone pairs; every language). A peer that is not installed is skipped with a note
   (default places: PATH, next to this Python, its own venv ~/.cache/reviewer-bench/<peer>-venv,
   ~/.cache/reviewer-bench/npm).
6. Dead code side by side: reviewer's DEAD findings, vulture's and skylos's items are each matched to
   one pool of hand-labelled dead-code items (reviewer's DEAD labels and vulture's labelled items,
   one entry per place): per tool, the labelled-TRUE items it reports and its precision over its
   items that the pool labels.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchlib, also when imported by a test
from benchlib import BENCHMARKS, Measured, machine_line, markdown_table, publish, run_measured  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[1]
REAL = REPO_ROOT / "benchmarks" / "real"
LABELS = REAL / "labels"
SECTION = "real"
RUN_TIMEOUT_SECONDS = 1800
PEER_TIMEOUT_SECONDS = 900
NPM_PREFIX = Path(os.environ.get("REVIEWER_BENCH_NPM", Path.home() / ".cache" / "reviewer-bench" / "npm"))
PEER_VENVS = Path(os.environ.get("REVIEWER_BENCH_VENVS", Path.home() / ".cache" / "reviewer-bench"))

sys.path.insert(0, str(REAL))
import materialize as corpus  # noqa: E402

AXES = ("utility", "duplication", "overengineering", "tests", "documentation")
PROBLEMS = {
    "utility": {"DEAD"},
    "duplication": {"DUPLICATE"},
    "overengineering": {"OVER"},
    "tests": {"NONE", "WEAK"},
    "documentation": {"UNDOCUMENTED", "PARTIAL"},
}
SHORT = {"utility": "dead", "duplication": "dup", "overengineering": "over", "tests": "tests", "documentation": "docs"}
SOURCE_SUFFIXES = (".py", ".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts")
IGNORED_DIRS = {"node_modules", ".git", ".reviewer", "__pycache__", ".venv", "venv", "dist", "build"}


# ---------------------------------------------------------------- running reviewer


def reviewer_command(override: str | None) -> list[str]:
    if override:
        return shlex.split(override)
    found = shutil.which("reviewer") or (Path(sys.executable).parent / "reviewer")
    if not Path(found).exists():
        raise SystemExit("no `reviewer` on PATH or next to this Python; pass --reviewer-cmd")
    return [str(found)]


def run_reviewer(command: list[str], root: Path, enable_rag: bool) -> tuple[float, int, str]:
    args = [*command, "run", str(root), "--plain"] + (["--enable-rag"] if enable_rag else [])
    env = {k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}
    start = time.perf_counter()
    result = subprocess.run(args, capture_output=True, text=True, timeout=RUN_TIMEOUT_SECONDS, env=env)
    elapsed = time.perf_counter() - start
    return elapsed, result.returncode, (result.stdout + result.stderr)


def load_reviews(root: Path) -> list[dict]:
    """Every .rev.json under <root>/.reviewer/reviews, as plain JSON (robust to added fields)."""
    reviews_dir = root / ".reviewer" / "reviews"
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(reviews_dir.rglob("*.rev.json"))]


def count_lines(root: Path, files: list[str]) -> int:
    total = 0
    for rel in files:
        try:
            with (root / rel).open("rb") as handle:
                total += sum(1 for _ in handle)
        except OSError:
            pass
    return total


def live_findings(reviews: list[dict]) -> list[dict]:
    """Findings of every review with the file attached; suppressed ones left out."""
    out = []
    for review in reviews:
        for finding in review.get("findings", []):
            if finding.get("suppressed"):
                continue
            if finding.get("verdict") not in PROBLEMS.get(finding.get("axis"), set()):
                continue
            out.append({**finding, "file": review["file"]})
    return out


def finding_key(finding: dict) -> tuple[str, str, str]:
    """(axis, file, symbol): survives line shifts. A finding with no symbol is keyed by its line."""
    symbol = finding.get("symbol") or f"@{finding.get('line_start')}"
    return (finding["axis"], finding["file"], symbol)


# ---------------------------------------------------------------- labels


def load_labels(project: str, folder: Path = LABELS) -> dict[tuple[str, str, str], dict]:
    path = folder / f"{project}.yaml"
    if not path.exists():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    entries = data.get("labels", []) if isinstance(data, dict) else data
    labels = {}
    for entry in entries:
        if entry.get("label") is None:
            continue
        key = (entry["axis"], entry["file"], entry.get("symbol") or f"@{entry.get('line')}")
        labels[key] = entry
    return labels


def finding_rows(reviews: list[dict], findings: list[dict], labels: dict, axes: set[str]) -> list[dict]:
    """Each finding of the judged axes with its label (None: unlabelled) and, for a duplicate, the
    copy it names: what --json keeps for calibrating the rules (confidence band, clone kind, test code)."""
    symbols: dict[tuple[str, str], list[dict]] = {}
    for review in reviews:
        for s in review.get("symbols", []):
            symbols.setdefault((review["file"], s["name"]), []).append(s)
    rows = []
    for f in findings:
        if f["axis"] not in axes:
            continue
        entry = labels.get(finding_key(f)) or {}
        line = int(f.get("line_start") or 0)
        symbol = next((s for s in symbols.get((f["file"], f.get("symbol")), [])
                       if s.get("line_start", 0) <= line <= s.get("line_end", 0)), {})
        rows.append({"axis": f["axis"], "file": f["file"], "symbol": f.get("symbol"), "lines": [f.get("line_start"),
                     f.get("line_end")], "confidence": f.get("confidence"), "message": f.get("message"),
                     "rule": f.get("rule"), "raw_confidence": f.get("raw_confidence", f.get("confidence")),
                     "label": entry.get("label"), "via": entry.get("via"), "reason": entry.get("reason"),
                     "symbol_kind": symbol.get("kind"),
                     "symbol_lines": [symbol.get("line_start"), symbol.get("line_end")],
                     "duplicate_of": symbol.get("duplicate_of")})
    return rows


def excerpt(root: Path, finding: dict, max_lines: int = 12) -> str:
    try:
        lines = (root / finding["file"]).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return ""
    start = max(1, int(finding.get("line_start") or 1))
    end = min(len(lines), int(finding.get("line_end") or start), start + max_lines - 1)
    return "\n".join(lines[start - 1:end])


class _Literal(str):
    pass


yaml.SafeDumper.add_representer(
    _Literal, lambda dumper, text: dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|"))


def write_todo(project: str, root: Path, findings: list[dict], labels: dict, axes: set[str]) -> int:
    todo = []
    for f in sorted(findings, key=lambda f: (f["axis"], f["file"], f.get("line_start") or 0)):
        if f["axis"] not in axes or finding_key(f) in labels:
            continue
        axis, file, symbol = finding_key(f)
        todo.append({
            "axis": axis, "file": file, "symbol": symbol, "line": f.get("line_start"),
            "verdict": f.get("verdict"), "severity": f.get("severity"),
            "label": None, "reason": "",
            "message": f.get("message", ""),
            "excerpt": _Literal(excerpt(root, f).replace("\t", "    ") + "\n"),
        })
    path = LABELS / f"{project}.todo.yaml"
    if not todo:
        path.unlink(missing_ok=True)
        return 0
    LABELS.mkdir(parents=True, exist_ok=True)
    header = (f"# Unlabelled findings of {project} (scripts/bench_real.py writes this file again on every run).\n"
              f"# To label one: copy its axis/file/symbol into {project}.yaml with `label: true|false` and a one-line reason.\n")
    path.write_text(header + yaml.safe_dump(todo, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    return len(todo)


def load_tests_sample() -> list[dict]:
    """labels/tests-none-sample.yaml: tests-axis NONE findings judged by reading the tests."""
    path = LABELS / "tests-none-sample.yaml"
    if not path.exists():
        return []
    return [e for e in yaml.safe_load(path.read_text(encoding="utf-8")) or [] if e.get("label") is not None]


def score_tests_sample(project: str, findings: list[dict], sample: list[dict]) -> dict:
    """Precision of the NONE findings ("no test exercises it") over the judged ones still
    reported; judged entries no longer reported are counted apart (a true one lost is recall lost)."""
    reported = {(f["file"], f.get("symbol")) for f in findings if f["axis"] == "tests" and f["verdict"] == "NONE"}
    mine = [e for e in sample if e["project"] == project]
    judged = [e for e in mine if (e["file"], e["symbol"]) in reported]
    gone = [e for e in mine if (e["file"], e["symbol"]) not in reported]
    return {"findings": len(reported), "labelled": len(judged), "true": sum(e["label"] is True for e in judged),
            "gone_true": sum(e["label"] is True for e in gone), "gone_false": sum(e["label"] is False for e in gone),
            "unlabelled": sorted(f"{file}::{symbol}" for file, symbol in
                                 reported - {(e["file"], e["symbol"]) for e in mine})}


def tests_none_table(results: list[ProjectResult]) -> str:
    rows, total = [], Counter()
    for r in results:
        t = r.tests_none
        if not t or not (t["findings"] or t["labelled"] or t["gone_true"] or t["gone_false"]):
            continue
        for key in ("findings", "labelled", "true", "gone_true", "gone_false"):
            total[key] += t[key]
        rows.append([r.name, str(t["findings"]), _share(t["true"], t["labelled"], t["findings"]),
                     f"{t['gone_true']} / {t['gone_false']}"])
    if not rows:
        return ""
    rows.append(["**total**", str(total["findings"]), _share(total["true"], total["labelled"], total["findings"]),
                 f"{total['gone_true']} / {total['gone_false']}"])
    return markdown_table(["project", "tests NONE findings", "NONE precision (true/labelled of findings)",
                           "sample entries no longer NONE (true lost / false fixed)"], rows)


# ---------------------------------------------------------------- duplicate pairs (reviewer vs jscpd)
#
# A pair has two sides, each {file, start, end, symbol}. jscpd's pairs come from its JSON report; reviewer's
# from its DUPLICATE findings (side a: the finding's lines; side b: duplicate_of, whose end is read from the
# other file's symbols). jscpd labels (labels/<project>.jscpd.yaml) are keyed by the two files and a hash of
# the duplicated text with whitespace collapsed; a label whose hash no longer matches still applies to a pair
# of the same two files whose sides have the same enclosing symbols and overlap the labelled lines.

MIN_OVERLAP = 3  # lines two ranges must share (or the whole shorter range) to be the same code


def text_hash(fragment: str) -> str:
    import hashlib
    return hashlib.sha1(re.sub(r"\s+", " ", fragment).strip().encode("utf-8")).hexdigest()[:12]


def overlaps(a: dict, b: dict) -> bool:
    """Same file and the line ranges share MIN_OVERLAP lines (or all of the shorter one)."""
    if a["file"] != b["file"]:
        return False
    shared = min(a["end"], b["end"]) - max(a["start"], b["start"]) + 1
    shorter = min(a["end"] - a["start"], b["end"] - b["start"]) + 1
    return shared >= min(MIN_OVERLAP, shorter)


def pairs_match(reviewer: dict, peer: dict) -> bool:
    """reviewer's pair reports the peer's: its sides overlap the peer's sides (either orientation), or its
    finding's lines overlap both sides of the peer's pair (a repeated block inside one symbol)."""
    ra, rb, pa, pb = reviewer["a"], reviewer["b"], peer["a"], peer["b"]
    return ((overlaps(ra, pa) and overlaps(rb, pb)) or (overlaps(ra, pb) and overlaps(rb, pa))
            or (overlaps(ra, pa) and overlaps(ra, pb)))


def _symbol_index(reviews: list[dict]) -> dict[str, list[dict]]:
    return {r["file"]: r.get("symbols", []) for r in reviews}


def enclosing_symbol(symbols: list[dict], start: int, end: int) -> str | None:
    """Innermost symbol whose lines contain most of [start, end] (at least its middle line)."""
    middle = (start + end) // 2
    inside = [s for s in symbols if s.get("line_start", 0) <= middle <= s.get("line_end", 0)]
    return min(inside, key=lambda s: s["line_end"] - s["line_start"])["name"] if inside else None


def reviewer_pairs(reviews: list[dict], findings: list[dict]) -> list[dict]:
    """One pair per copy a DUPLICATE finding names: a symbol's `duplicates` (or its `duplicate_of`), a
    top-level block's `repeated_blocks` entry. Side a: the repeating lines (`lines`, else the
    finding's); side b: `other_lines`, else the other symbol's lines."""
    index = _symbol_index(reviews)
    by_name = {(file, s["name"]): s for file, symbols in index.items() for s in symbols}
    # Same-named symbols of one file (seven nested `Page` components) are told apart by their line.
    by_place = {(file, s["name"], s.get("line_start")): s for file, symbols in index.items() for s in symbols}
    blocks: dict[tuple[str, int], list[dict]] = {}
    for r in reviews:
        for b in r.get("repeated_blocks", []):
            blocks.setdefault((r["file"], (b.get("lines") or [0])[0]), []).append(b)
    out = []
    for f in findings:
        if f["axis"] != "duplication":
            continue
        if f.get("symbol"):
            symbol = (by_place.get((f["file"], f.get("symbol"), int(f.get("line_start") or 0)))
                      or by_name.get((f["file"], f.get("symbol")), {}))
            others = symbol.get("duplicates") or [symbol.get("duplicate_of") or {}]
        else:
            others = blocks.get((f["file"], int(f["line_start"])), [])
        for other in others:
            if not other.get("file"):
                continue
            start, end = other.get("other_lines") or [None, None]
            if start is None:
                start = int(other.get("line_start") or 0)
                named = (by_place.get((other["file"], other.get("name"), start))
                         or by_name.get((other["file"], other.get("name")), {}))
                end = int(other.get("line_end") or named.get("line_end") or start)
            a_start, a_end = other.get("lines") or [int(f["line_start"]), int(f.get("line_end") or f["line_start"])]
            side_a = {"file": f["file"], "start": int(a_start), "end": int(a_end), "symbol": f.get("symbol")}
            side_b = {"file": other["file"], "start": int(start), "end": max(int(start), int(end)), "symbol": other.get("name")}
            pairs = [(side_a, side_b)]
            # A clone class: one finding names every member (a block's places, a function's copies), so every pair.
            places = [side for side in (member_side(m, index) for m in other.get("members", [])) if side is not None]
            pairs += [(x, y) for n, x in enumerate(places) for y in places[n + 1:]]
            for x, y in pairs:
                out.append({"a": x, "b": y, "kind": other.get("clone_kind") or "?", "key": finding_key(f),
                            "confidence": f.get("confidence")})
    return out


def member_side(member: str, index: dict[str, list[dict]] | None = None) -> dict | None:
    """A member of a clone class as a pair side: "path:start-end" (a place of a block class), or
    "path:qualified_name:line" (a function copy, its end read from the file's symbols in `index`)."""
    path, _, lines = member.rpartition(":")
    start, _, end = lines.partition("-")
    if start.isdigit() and end.isdigit():
        return {"file": path, "start": int(start), "end": int(end), "symbol": None}
    path, _, name = path.rpartition(":")
    if not (path and lines.isdigit()):
        return None
    symbol = next((s for s in (index or {}).get(path, []) if s.get("name") == name and s.get("line_start") == int(lines)), None)
    if symbol is None:
        return None
    return {"file": path, "start": int(lines), "end": int(symbol.get("line_end") or lines), "symbol": name}


def labels_via_jscpd(rpairs: list[dict], labels: dict, jpairs: list[dict] | None, jlabels: list[dict]) -> dict:
    """Labels for DUPLICATE findings nobody judged by hand whose pair is a judged jscpd pair: the same
    question (would a maintainer factor this out?) about the same lines. True if any such pair is."""
    if not jpairs:
        return {}
    judged = [(pair, entry) for pair in jpairs if (entry := jscpd_label_for(pair, jlabels))]
    out: dict = {}
    for r in rpairs:
        if r["key"] in labels:
            continue
        for pair, entry in judged:
            if pairs_match(r, pair) or pairs_match(pair, r):
                previous = out.get(r["key"])
                if previous is None or (entry["label"] is True and previous["label"] is not True):
                    out[r["key"]] = {"label": entry["label"], "reason": f"via jscpd pair {entry.get('hash')}: "
                                     f"{entry.get('reason', '')}", "via": "jscpd"}
    return out


def jscpd_pairs(report: dict, root: Path, reviews: list[dict]) -> list[dict]:
    index = _symbol_index(reviews)
    out = []
    for dup in report.get("duplicates", []):
        sides = {}
        for side, key in (("a", "firstFile"), ("b", "secondFile")):
            info = dup[key]
            path = Path(info["name"])
            rel = (path.relative_to(root) if path.is_absolute() else path).as_posix()
            start, end = int(info["start"]), int(info["end"])
            end = _side_end(root / rel, start, end, int(dup.get("lines") or 1), dup.get("fragment", ""))
            sides[side] = {"file": rel, "start": start, "end": end,
                           "symbol": enclosing_symbol(index.get(rel, []), start, end)}
        out.append({**sides, "lines": dup.get("lines"), "tokens": dup.get("tokens"),
                    "hash": text_hash(dup.get("fragment", "")), "fragment": dup.get("fragment", "")})
    return out


def _side_end(path: Path, start: int, end: int, lines: int, fragment: str) -> int:
    """Where a jscpd side ends. jscpd 4 reports the second side's end loosely: on the corpus, 107
    of 840 sides span other than the clone's `lines` (reversed, a few lines off, or hundreds of
    lines on). Such a side ends where its text best matches the fragment (the clone's text): at
    its reported end or `lines` lines from its start, whichever matches better; a reversed side
    always takes the second."""
    fitted = start + max(1, lines) - 1
    if end < start:
        return fitted
    if end == fitted or not fragment:
        return end
    try:
        text = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return end

    def match(last: int) -> float:
        return difflib.SequenceMatcher(None, _stripped(fragment.splitlines()), _stripped(text[start - 1 : last])).ratio()

    return fitted if match(fitted) > match(end) else end


def _stripped(lines: list[str]) -> list[str]:
    return [line.strip() for line in lines if line.strip()]


def load_jscpd_labels(project: str) -> tuple[list[dict], dict]:
    path = LABELS / f"{project}.jscpd.yaml"
    if not path.exists():
        return [], {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    entries = data.get("pairs", []) if isinstance(data, dict) else data
    meta = {k: v for k, v in data.items() if k != "pairs"} if isinstance(data, dict) else {}
    return [e for e in entries if e.get("label") is not None], meta


def _side(entry_side: dict) -> dict:
    lines = entry_side.get("lines") or [0, 0]
    return {"file": entry_side["file"], "start": int(lines[0]), "end": int(lines[1]), "symbol": entry_side.get("symbol")}


def jscpd_label_for(pair: dict, labels: list[dict]) -> dict | None:
    files = {pair["a"]["file"], pair["b"]["file"]}
    same_files = [e for e in labels if {e["a"]["file"], e["b"]["file"]} == files]
    for entry in same_files:
        if entry.get("hash") == pair["hash"]:
            return entry
    for entry in same_files:
        ea, eb = _side(entry["a"]), _side(entry["b"])
        for x, y in ((ea, eb), (eb, ea)):
            if (x["symbol"] == pair["a"]["symbol"] and y["symbol"] == pair["b"]["symbol"]
                    and overlaps(x, pair["a"]) and overlaps(y, pair["b"])):
                return entry
    return None


def write_jscpd_todo(project: str, pairs: list[dict], labels: list[dict]) -> int:
    todo = []
    for pair in pairs:
        if jscpd_label_for(pair, labels):
            continue
        fragment = "\n".join(pair["fragment"].replace("\t", "    ").splitlines()[:14])
        todo.append({"a": {"file": pair["a"]["file"], "symbol": pair["a"]["symbol"],
                           "lines": [pair["a"]["start"], pair["a"]["end"]]},
                     "b": {"file": pair["b"]["file"], "symbol": pair["b"]["symbol"],
                           "lines": [pair["b"]["start"], pair["b"]["end"]]},
                     "hash": pair["hash"], "lines": pair["lines"], "label": None, "reason": "",
                     "fragment": _Literal(fragment + "\n")})
    path = LABELS / f"{project}.jscpd.todo.yaml"
    if not todo:
        path.unlink(missing_ok=True)
        return 0
    header = (f"# jscpd pairs of {project} with no label (scripts/bench_real.py writes this file again on every run).\n"
              f"# To label one: copy it (without fragment) under `pairs:` in {project}.jscpd.yaml with `label: true|false`"
              f" and a one-line reason.\n")
    path.write_text(header + yaml.safe_dump(todo, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    return len(todo)


def _in_tests(pair: dict) -> bool:
    from reviewer.analysis.roles import is_test_path
    return is_test_path(pair["a"]["file"]) or is_test_path(pair["b"]["file"])


def confidence_band(confidence: int | None) -> str:
    """`70-79`, `80-89`, `90-100`; `?` for a review written before findings carried one."""
    if confidence is None:
        return "?"
    low = min(90, confidence // 10 * 10)
    return f"{low}-{low + 9 if low < 90 else 100}"


def compare_duplicates(rpairs: list[dict], labels: dict, jpairs: list[dict] | None, jlabels: list[dict],
                       jmeta: dict) -> dict:
    """Per clone kind precision of reviewer's DUPLICATE findings; jscpd precision; overlap both ways.
    A finding counts once per clone kind it reports, however many pairs it names (a class of N)."""
    kinds: dict[str, dict] = {}
    by_finding: dict[tuple, list[dict]] = {}
    for pair in rpairs:
        by_finding.setdefault(pair["key"], []).append(pair)
    for pair in {(p["key"], p["kind"]): p for p in rpairs}.values():
        stats = kinds.setdefault(pair["kind"], {"findings": 0, "labelled": 0, "true": 0})
        stats["findings"] += 1
        entry = labels.get(pair["key"])
        if entry is not None:
            stats["labelled"] += 1
            stats["true"] += entry["label"] is True
    # Calibration: precision per confidence band (a finding once, whatever it names).
    bands: dict[str, dict] = {}
    for key, pairs in by_finding.items():
        entry = labels.get(key)
        if entry is None:
            continue
        stats = bands.setdefault(confidence_band(pairs[0].get("confidence")), {"labelled": 0, "true": 0})
        stats["labelled"] += 1
        stats["true"] += entry["label"] is True
    # Every labelled finding with its label and the label's reason: what a next rule keeps or removes.
    judged_findings = [f"{'true' if labels[key]['label'] is True else 'false'} | "
                       f"{pairs[0]['a']['file']}:{pairs[0]['a']['symbol'] or pairs[0]['a']['start']} ~ "
                       f"{pairs[0]['b']['file']}:{pairs[0]['b']['symbol'] or pairs[0]['b']['start']} "
                       f"({pairs[0]['kind']}, {pairs[0].get('confidence')}): {labels[key].get('reason', '')}"
                       for key, pairs in by_finding.items() if key in labels]
    out = {"kinds": kinds, "bands": bands, "labelled_list": judged_findings}
    if jpairs is None:
        return out
    judged = [(pair, jscpd_label_for(pair, jlabels)) for pair in jpairs]
    jtrue = [pair for pair, entry in judged if entry and entry["label"] is True]
    labelled = sum(1 for _, entry in judged if entry)
    found = [pair for pair in jtrue if any(pairs_match(r, pair) for r in rpairs)]
    rtrue = [pairs[0] for key, pairs in by_finding.items() if labels.get(key, {}).get("label") is True]
    only = [pairs[0] for key, pairs in by_finding.items() if labels.get(key, {}).get("label") is True
            and not any(pairs_match(r, pair) for r in pairs for pair in jpairs)]
    out.update({"jscpd": {"pairs": len(jpairs), "labelled": labelled, "true": len(jtrue),
                          "sample": jmeta.get("sample")},
                "jscpd_true_found": len(found),
                # the same, over the pairs with no side in test code (where reviewer looks for blocks)
                "jscpd_true_code": sum(1 for p in jtrue if not _in_tests(p)),
                "jscpd_true_code_found": sum(1 for p in found if not _in_tests(p)),
                "jscpd_true_missed": [f"{p['a']['file']}:{p['a']['start']}-{p['a']['end']} ~ "
                                      f"{p['b']['file']}:{p['b']['start']}-{p['b']['end']}"
                                      for p in jtrue if p not in found],
                "reviewer_true": len(rtrue), "reviewer_only": dict(Counter(r["kind"] for r in only)),
                "reviewer_only_list": [f"{r['a']['file']}:{r['a']['symbol']} ~ {r['b']['file']}:{r['b']['symbol']} "
                                       f"({r['kind']})" for r in only]})
    return out


def selftest() -> None:
    # vulture's lines, and a DEAD finding matched to an item by its symbol's own name or its line
    items = vulture_items(["src/a.py:12: unused method 'backend_source' (60% confidence)",
                           "src/a.py:40: unreachable code after 'return' (100% confidence)", "junk"])
    assert items == [{"file": "src/a.py", "line": 12, "kind": "method", "name": "backend_source"},
                     {"file": "src/a.py", "line": 40, "kind": "unreachable", "name": "after return"}]
    dead = {"axis": "utility", "verdict": "DEAD", "file": "src/a.py", "symbol": "Venv.backend_source", "line_start": 10}
    assert _same_place(items[0], dead) and not _same_place(items[1], dead)
    vlabels = [{**items[0], "label": True}, {**items[1], "label": False}]
    compared = compare_vulture(items, vlabels, [dead], {finding_key(dead): {"label": True}})
    assert (compared["labelled"], compared["true"], compared["true_found"], compared["reviewer_true_vulture"]) == (2, 1, 1, 1)
    assert member_side("src/a.ts:10-14") == {"file": "src/a.ts", "start": 10, "end": 14, "symbol": None}
    assert member_side("src/a.py:helper:3") is None
    side = lambda f, s, e, sym=None: {"file": f, "start": s, "end": e, "symbol": sym}  # noqa: E731
    # reviewer pair in either orientation matches jscpd's
    jp = {"a": side("x.py", 10, 20), "b": side("y.py", 30, 40)}
    assert pairs_match({"a": side("x.py", 12, 18), "b": side("y.py", 29, 41)}, jp)
    assert pairs_match({"a": side("y.py", 30, 35), "b": side("x.py", 8, 22)}, jp)
    # one shared boundary line is not the same code; another file is not either
    assert not pairs_match({"a": side("x.py", 20, 30), "b": side("y.py", 30, 40)}, jp)
    assert not pairs_match({"a": side("x.py", 10, 20), "b": side("z.py", 30, 40)}, jp)
    # a finding spanning both sides of a repeated block inside one function
    inner = {"a": side("x.py", 10, 15), "b": side("x.py", 30, 35)}
    assert pairs_match({"a": side("x.py", 5, 40), "b": side("w.py", 1, 9)}, inner)
    # a short symbol wholly inside the fragment is enough
    assert overlaps(side("x.py", 12, 13), side("x.py", 10, 20))
    # labels: by hash first, then by files + symbols + overlapping lines when the text changed
    pair = {"a": side("x.py", 11, 21, "f"), "b": side("y.py", 31, 41, "g"), "hash": "new"}
    by_hash = {"a": {"file": "y.py", "lines": [1, 2]}, "b": {"file": "x.py", "lines": [3, 4]}, "hash": "new", "label": True}
    by_symbol = {"a": {"file": "y.py", "symbol": "g", "lines": [30, 40]},
                 "b": {"file": "x.py", "symbol": "f", "lines": [10, 20]}, "hash": "old", "label": False}
    assert jscpd_label_for(pair, [by_symbol, by_hash]) is by_hash
    assert jscpd_label_for(pair, [by_symbol]) is by_symbol
    assert jscpd_label_for({**pair, "a": side("x.py", 11, 21, "h")}, [by_symbol]) is None
    assert text_hash("a  =\n\t1") == text_hash("a = 1")
    # a side jscpd ends before its start spans the clone's lines from its start
    report = {"duplicates": [{"firstFile": {"name": "x.ts", "start": 117, "end": 136},
                              "secondFile": {"name": "x.ts", "start": 93, "end": 75}, "lines": 20, "fragment": "f"}]}
    (reversed_pair,) = jscpd_pairs(report, Path("/"), [])
    assert (reversed_pair["b"]["start"], reversed_pair["b"]["end"]) == (93, 112), reversed_pair
    # a function copy of a class: its end comes from the file's symbols
    index = {"t.py": [{"name": "test_a.stub", "line_start": 13, "line_end": 22}]}
    assert member_side("t.py:test_a.stub:13", index) == {"file": "t.py", "start": 13, "end": 22, "symbol": "test_a.stub"}
    assert member_side("t.py:test_b.stub:40", index) is None
    # same-named symbols of one file: the finding's own, by its line, names the copy
    pages = [{"name": "Page", "line_start": line, "line_end": line + 5, "duplicates": dupes}
             for line, dupes in ((30, []), (73, [{"file": "t.tsx", "name": "Page", "line_start": 30, "clone_kind": "identical"}]),
                                 (308, []))]
    finding = {"axis": "duplication", "file": "t.tsx", "symbol": "Page", "line_start": 73, "line_end": 78}
    (pair,) = reviewer_pairs([{"file": "t.tsx", "symbols": pages}], [finding])
    assert (pair["a"]["start"], pair["b"]["start"], pair["b"]["end"]) == (73, 30, 35), pair
    # a side whose span disagrees with the clone's lines ends where its text matches the fragment best
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "y.ts").write_text("\n".join(["x()"] * 4 + ["a()", "b()", "c()"] + ["z()"] * 9), encoding="utf-8")
        fragment = "a()\nb()\nc()"
        for reported, expected in ((5, 7), (16, 7), (7, 7)):
            report = {"duplicates": [{"firstFile": {"name": "x.ts", "start": 1, "end": 3}, "lines": 3, "fragment": fragment,
                                      "secondFile": {"name": "y.ts", "start": 5, "end": reported}}]}
            (fitted,) = jscpd_pairs(report, Path(folder), [])
            assert fitted["b"]["end"] == expected, (reported, fitted)
    # comparison: kinds, jscpd true pairs found, reviewer-only true pairs
    rp = [{"a": side("x.py", 12, 18, "f"), "b": side("y.py", 30, 40, "g"), "kind": "renamed", "key": ("duplication", "x.py", "f")},
          {"a": side("q.py", 1, 5, "h"), "b": side("r.py", 1, 5, "k"), "kind": "inline", "key": ("duplication", "q.py", "h")}]
    labels = {("duplication", "x.py", "f"): {"label": True}, ("duplication", "q.py", "h"): {"label": True}}
    jps = [{**jp, "hash": "h1"}, {"a": side("m.py", 1, 9), "b": side("n.py", 1, 9), "hash": "h2"}]
    jl = [{"a": {"file": "x.py", "lines": [10, 20]}, "b": {"file": "y.py", "lines": [30, 40]}, "hash": "h1", "label": True},
          {"a": {"file": "m.py", "lines": [1, 9]}, "b": {"file": "n.py", "lines": [1, 9]}, "hash": "h2", "label": True}]
    out = compare_duplicates(rp, labels, jps, jl, {})
    assert out["jscpd"] == {"pairs": 2, "labelled": 2, "true": 2, "sample": None}, out
    assert out["jscpd_true_found"] == 1 and out["reviewer_only"] == {"inline": 1}, out
    assert out["kinds"]["renamed"] == {"findings": 1, "labelled": 1, "true": 1}
    assert out["bands"] == {"?": {"labelled": 2, "true": 2}}, out  # pairs without a confidence
    assert [confidence_band(c) for c in (70, 79, 84, 90, 100)] == ["70-79", "70-79", "80-89", "90-100", "90-100"]
    # tests-axis NONE sample: judged entries still reported count; the others are counted apart
    none = [{"axis": "tests", "verdict": "NONE", "file": "a.py", "symbol": s} for s in ("f", "g", "h")]
    sample = [{"project": "p", "file": "a.py", "symbol": "f", "label": True},
              {"project": "p", "file": "a.py", "symbol": "g", "label": False},
              {"project": "p", "file": "a.py", "symbol": "gone", "label": False},
              {"project": "q", "file": "a.py", "symbol": "h", "label": True}]
    scored = score_tests_sample("p", none + [{"axis": "tests", "verdict": "WEAK", "file": "a.py", "symbol": "k"}], sample)
    assert scored == {"findings": 3, "labelled": 2, "true": 1, "gone_true": 0, "gone_false": 1,
                      "unlabelled": ["a.py::h"]}, scored
    print("selftest ok")


# ---------------------------------------------------------------- mutation


@dataclass
class Mutant:
    kind: str  # copy | unref
    file: str
    symbol: str
    origin: str


def _module_functions_py(source: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    return [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _parses(path: Path, text: str) -> bool:
    if path.suffix == ".py":
        try:
            ast.parse(text)
            return True
        except SyntaxError:
            return False
    try:
        from reviewer.scan.languages import get_parser, language_for_path
    except ImportError:
        return False
    language = language_for_path(path.name)
    if language is None:
        return False
    return not get_parser(language).parse(text.encode("utf-8")).root_node.has_error


_JS_FUNCTION = re.compile(r"^(export\s+(?:default\s+)?)?((?:async\s+)?function\s*\*?\s*)([A-Za-z_$][\w$]*)(\s*[<(])")


def _is_test_path(rel: str) -> bool:
    parts = rel.lower().split("/")
    name = parts[-1]
    return any(p in {"test", "tests", "__tests__", "e2e", "testing", "spec"} for p in parts[:-1]) or \
        name.startswith("test_") or ".test." in name or ".spec." in name or name == "conftest.py"


def _symbol_verdicts(reviews: list[dict]) -> dict[tuple[str, str], dict]:
    return {(r["file"], s["name"]): s for r in reviews for s in r.get("symbols", [])}


def make_mutants(root: Path, reviews: list[dict], per_kind: int, seed: int) -> list[Mutant]:
    """Seed dead code into the tree at root (in place); returns what was seeded."""
    rng = random.Random(seed)
    verdicts = _symbol_verdicts(reviews)
    files = sorted(r["file"] for r in reviews if r["file"].endswith(SOURCE_SUFFIXES) and not _is_test_path(r["file"]))
    mutants: list[Mutant] = []

    # kind "copy": a renamed unexported copy of a module-level function, appended to its module
    candidates: list[tuple[str, int, int, str]] = []  # file, start, end, name
    for rel in files:
        text = (root / rel).read_text(encoding="utf-8", errors="replace")
        if rel.endswith(".py"):
            for node in _module_functions_py(text):
                if not node.decorator_list and (node.end_lineno - node.lineno) < 60:
                    candidates.append((rel, node.lineno, node.end_lineno, node.name))
        else:
            lines = text.splitlines()
            for (f, name), sym in verdicts.items():
                if f != rel or "." in name or sym.get("kind") not in ("function",):
                    continue
                start, end = sym["line_start"], sym["line_end"]
                if 1 <= start <= len(lines) and _JS_FUNCTION.match(lines[start - 1]) and end - start < 60:
                    candidates.append((rel, start, end, name))
    rng.shuffle(candidates)
    appended: dict[str, list[str]] = defaultdict(list)
    for rel, start, end, name in candidates:
        if sum(m.kind == "copy" for m in mutants) >= per_kind:
            break
        path = root / rel
        text = path.read_text(encoding="utf-8", errors="replace")
        lines = text.splitlines()
        body = lines[start - 1:end]
        new_name = f"_bench_dead_{len(mutants)}"
        if rel.endswith(".py"):
            body[0] = re.sub(rf"\bdef\s+{re.escape(name)}\b", f"def {new_name}", body[0], count=1)
        else:
            match = _JS_FUNCTION.match(body[0])
            if not match or match.group(3) != name:
                continue
            body[0] = body[0][len(match.group(1) or ""):].replace(name, new_name, 1)
        if new_name not in body[0]:
            continue
        mutated = text.rstrip("\n") + "\n\n\n" + "\n".join(body) + "\n"
        if not _parses(path, mutated):
            continue
        path.write_text(mutated, encoding="utf-8")
        appended[rel].append(new_name)
        mutants.append(Mutant("copy", rel, new_name, f"{rel}:{name}"))

    # kind "unref": a private Python function used only by call statements in its own module
    every_text = {rel: (root / rel).read_text(encoding="utf-8", errors="replace")
                  for rel in (r["file"] for r in reviews) if (root / rel).exists()}
    unref: list[tuple[str, str, list[ast.stmt]]] = []
    for rel in files:
        if not rel.endswith(".py"):
            continue
        text = every_text[rel]
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        for node in tree.body:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.decorator_list:
                continue
            name = node.name
            if not name.startswith("_") or name.startswith("__") or name.startswith("_bench_dead_"):
                continue
            sym = verdicts.get((rel, name))
            if not sym or sym.get("utility") != "USED":
                continue
            word = re.compile(rf"\b{re.escape(name)}\b")
            if any(word.search(other) for path, other in every_text.items() if path != rel):
                continue
            uses = [n for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id == name]
            attrs = [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == name]
            statements = [n for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call)
                          and isinstance(n.value.func, ast.Name) and n.value.func.id == name]
            if attrs or not uses or len(uses) != len(statements) or len(statements) > 3:
                continue
            # the occurrences in the text: the def line and one per statement, nothing in strings
            if len(word.findall(text)) != 1 + len(statements):
                continue
            unref.append((rel, name, statements))
    rng.shuffle(unref)
    touched: set[str] = set()
    for rel, name, statements in unref:
        if sum(m.kind == "unref" for m in mutants) >= per_kind:
            break
        if rel in touched:  # one per file: line numbers of the statements stay valid
            continue
        path = root / rel
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        for stmt in sorted(statements, key=lambda s: -s.lineno):
            first = lines[stmt.lineno - 1]
            indent = first[: len(first) - len(first.lstrip())]
            lines[stmt.lineno - 1: stmt.end_lineno] = [indent + "pass"] + [""] * (stmt.end_lineno - stmt.lineno)
        mutated = "\n".join(lines) + "\n"
        if not _parses(path, mutated) or re.search(rf"\b{re.escape(name)}\(", mutated.replace(f"def {name}(", "")):
            continue
        path.write_text(mutated, encoding="utf-8")
        touched.add(rel)
        mutants.append(Mutant("unref", rel, name, f"{len(statements)} call statement(s) replaced by pass"))
    return mutants


def score_mutants(mutants: list[Mutant], reviews: list[dict]) -> dict:
    verdicts = _symbol_verdicts(reviews)
    findings = {(f["file"], f.get("symbol")): f for f in live_findings(reviews) if f["axis"] == "utility"}
    out: dict[str, dict] = {}
    for kind in ("copy", "unref"):
        group = [m for m in mutants if m.kind == kind]
        dead = [m for m in group if verdicts.get((m.file, m.symbol), {}).get("utility") == "DEAD"]
        found = [m for m in group if (m.file, m.symbol) in findings]
        strong = [m for m in found if findings[(m.file, m.symbol)].get("severity") in ("medium", "high")]
        missed = [f"{m.file}:{m.symbol} ({verdicts.get((m.file, m.symbol), {}).get('utility', 'missing')}; {m.origin})"
                  for m in group if m not in dead]
        out[kind] = {"seeded": len(group), "dead_verdict": len(dead), "finding": len(found),
                     "confident_finding": len(strong), "missed": missed}
    return out


# ---------------------------------------------------------------- peers


def _find_tool(name: str) -> str | None:
    """The peer a user of this interpreter runs: the one installed next to it (its venv's bin),
    else the first on PATH, else a venv of its own (`<PEER_VENVS>/<name>-venv`, for a peer whose
    dependencies would clash with the project's), else the npm prefix below. The path is printed
    with the version."""
    for candidate in (Path(sys.executable).parent / name, shutil.which(name), PEER_VENVS / f"{name}-venv" / "bin" / name,
                      NPM_PREFIX / "node_modules" / ".bin" / name):
        if candidate and Path(candidate).exists():
            return str(candidate)
    return None


_VERSIONS: dict[str, str] = {}


def tool_version(tool: str) -> str:
    """`tool --version`'s first line (`vulture 2.16`, `jscpd 5.3.2`, a bare `4.3.0` for jscpd 4)."""
    if tool not in _VERSIONS:
        done = subprocess.run([tool, "--version"], capture_output=True, text=True, timeout=60)
        _VERSIONS[tool] = ((done.stdout or done.stderr).strip().splitlines() or ["?"])[0]
    return _VERSIONS[tool]


def peer_label(tool: str) -> str:
    """What ran: name, version and path, e.g. `jscpd 5.3.2 (/root/.cache/.../jscpd)`."""
    name, version = Path(tool).name, tool_version(tool)
    return f"{version if version.startswith(name) else f'{name} {version}'} ({tool})"


def _timed(args: list[str], cwd: Path | None = None) -> tuple[float, Measured | None]:
    """Wall seconds and the finished process (None at the timeout); bench_run also reads its
    CPU seconds and peak RSS."""
    result = run_measured(args, cwd=cwd, timeout=PEER_TIMEOUT_SECONDS)
    return result.seconds, (None if result.returncode is None else result)


def _python_paths(root: Path, exclude: frozenset[str] = frozenset()) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                  if not any(part in IGNORED_DIRS or part in exclude for part in p.relative_to(root).parts))


def peer_vulture(root: Path, exclude: frozenset[str] = frozenset()) -> dict:
    """vulture on the Python files of `root` outside IGNORED_DIRS and the folders named in `exclude`."""
    tool = _find_tool("vulture")
    if tool is None:
        return {"missing": "vulture not installed (pip install vulture)"}
    paths = _python_paths(root, exclude)
    if not paths:
        return {"skipped": "no Python files"}
    seconds, result = _timed([tool, "--min-confidence", "60", *paths], cwd=root)
    if result is None:
        return {"error": "timeout", "seconds": seconds}
    items = [line for line in result.stdout.splitlines() if re.match(r".+:\d+: ", line)]
    kinds = Counter(re.search(r"unused (\w+)", line).group(1) if "unused" in line else "unreachable" for line in items)
    return {"items": len(items), "seconds": seconds, "kinds": dict(kinds), "_items": vulture_items(items),
            **_accounting(tool, result)}


def _accounting(tool: str, result: Measured) -> dict:
    return {"tool": peer_label(tool), "version": tool_version(tool), "cpu_seconds": result.cpu_seconds, "peak_rss_mb": result.peak_rss_mb}


_VULTURE_ITEM = re.compile(r"^(.+?):(\d+): (?:unused (\w+) '([^']+)'|unreachable code after '(\w+)')")


def vulture_items(lines: list[str]) -> list[dict]:
    """vulture's report lines as {file, line, kind, name}; unreachable code is named `after <statement>`."""
    out = []
    for line in lines:
        match = _VULTURE_ITEM.match(line)
        if match:
            path, number, kind, name, after = match.groups()
            out.append({"file": path, "line": int(number), "kind": kind or "unreachable", "name": name or f"after {after}"})
    return out


def load_vulture_labels(project: str, folder: Path = LABELS) -> list[dict]:
    path = folder / f"{project}.vulture.yaml"
    if not path.exists():
        return []
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return [e for e in data.get("items", []) if e.get("label") is not None]


def _same_place(item: dict, finding: dict) -> bool:
    """A vulture item and a DEAD finding about the same thing: one file, and the symbol's own name
    (`Venv.backend_source` for `backend_source`) or a line two apart at most (imports, decorators)."""
    if item["file"] != finding["file"]:
        return False
    symbol = str(finding.get("symbol") or "").rsplit(".", 1)[-1]
    return symbol == str(item["name"]) or abs(int(finding.get("line_start") or 0) - int(item["line"])) <= 2


def compare_vulture(items: list[dict] | None, vlabels: list[dict], findings: list[dict], labels: dict) -> dict:
    """The DEAD counterpart of compare_duplicates: of vulture's hand-labelled items (outside tests,
    docs and examples), how many are dead, and how many of those reviewer reports DEAD; of reviewer's
    true DEAD findings in Python code outside tests, how many vulture reports."""
    dead = [f for f in findings if f["axis"] == "utility" and f.get("verdict") == "DEAD"]
    judged = {(e["file"], str(e["name"]), int(e["line"])): e for e in vlabels}
    matched = [judged[key] for key in ((i["file"], str(i["name"]), i["line"]) for i in items or []) if key in judged]
    true = [e for e in matched if e["label"] is True]
    found = [e for e in true if any(_same_place(e, f) for f in dead)]
    mine = [f for f in dead if f["file"].endswith(".py") and not _is_test_path(f["file"])
            and labels.get(finding_key(f), {}).get("label") is True]
    return {"labelled": len(matched), "true": len(true), "true_found": len(found),
            "true_missed": [f"{e['file']}:{e['line']} {e['name']} ({e['kind']})" for e in true if e not in found],
            "reviewer_true": len(mine), "reviewer_true_vulture": sum(1 for f in mine if any(_same_place(i, f) for i in items or []))}


def peer_skylos(root: Path, exclude: frozenset[str] = frozenset()) -> dict:
    """skylos as its README runs it, `skylos . --json` in the project (its default confidence 60 and
    default excluded folders), plus an --exclude for each folder named in `exclude`. reviewer's output
    is set aside meanwhile: its reports name the project's symbols, and skylos takes a name in any
    Markdown file as documented API, whatever --exclude says."""
    tool = _find_tool("skylos")
    if tool is None:
        return {"missing": f"skylos not installed (python3 -m venv {PEER_VENVS / 'skylos-venv'}; its pip install skylos==5.1.2)"}
    output, aside = root / ".reviewer", root.parent / f"{root.name}.reviewer-aside"
    moved = output.exists()
    if moved:
        output.rename(aside)
    try:
        seconds, result = _timed([tool, ".", "--json", *(arg for folder in sorted(exclude) for arg in ("--exclude", folder))],
                                 cwd=root)
    finally:
        if moved:
            aside.rename(output)
    if result is None:
        return {"error": "timeout", "seconds": seconds}
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        # a crash prints its message and no report (a file that is not UTF-8 ends the whole run)
        return {"error": f"no report (exit {result.returncode}): {' '.join((result.stderr or result.stdout).split())[-200:]}",
                "seconds": seconds}
    items = skylos_items(report, root)
    return {"items": len(items), "seconds": seconds, "kinds": dict(Counter(i["kind"] for i in items)), "_items": items,
            "analysis_errors": dict(Counter(e.get("kind", "?") for e in report.get("analysis_errors", []))),
            **_accounting(tool, result)}


DEAD_PEERS = ("vulture", "skylos")  # the peers whose items are dead code, in table order


# The lists of a skylos JSON report that hold dead code, and the kind of item each holds.
SKYLOS_LISTS = {"unused_functions": "function", "unused_classes": "class", "unused_imports": "import",
                "unused_variables": "variable", "unused_parameters": "parameter", "unused_files": "file"}


def skylos_items(report: dict, root: Path) -> list[dict]:
    """skylos's reported dead code as {file, line, kind, name}, files relative to `root` (the report
    names them absolutely). A method is named by its own name, as vulture names it (`full_name` holds
    the module path); an empty or unused file has no name: it is not a symbol a label can judge."""
    base = os.path.realpath(root)
    out = []
    for key, kind in SKYLOS_LISTS.items():
        for entry in report.get(key) or []:
            if (entry.get("listing") or {}).get("listed") is False:
                continue
            file = Path(os.path.relpath(os.path.realpath(entry["file"]), base)).as_posix()
            name = None if kind == "file" else entry.get("simple_name") or str(entry["name"]).rsplit(".", 1)[-1]
            out.append({"file": file, "line": int(entry.get("line") or 1), "kind": kind, "name": name})
    return out


# ---------------------------------------------------------------- dead code: every tool against one pool of labels

# A name and a label of the same symbol may stand this many lines apart (decorators above a def; a
# label's line is informative); a nameless one (an import statement, unreachable code) two at most.
NAMED_LINE_SLACK = 10
NAMELESS_LINE_SLACK = 2


def dead_label_pool(labels: dict, vlabels: list[dict]) -> list[dict]:
    """Every hand-labelled dead-code item of a project, one entry per place: reviewer's DEAD labels
    (utility axis; a symbol is named by its last part, `@<line>` by nothing) and vulture's labelled
    items. A vulture item at the place of a reviewer label is that label's entry (its label counts,
    and the disagreement is kept in `conflict`)."""
    pool = []
    for (axis, file, symbol), entry in labels.items():
        if axis != "utility":
            continue
        named = not symbol.startswith("@")
        line = entry.get("line") or (None if named else symbol[1:])
        pool.append({"file": file, "line": None if line is None else int(line),
                     "name": symbol.rsplit(".", 1)[-1] if named else None, "label": entry["label"] is True,
                     "key": (axis, file, symbol), "kind": None})
    for item in vlabels:
        place = {"file": item["file"], "line": int(item["line"]), "name": str(item["name"]), "kind": item.get("kind")}
        same = match_label(place, pool)
        if same is not None:
            if same["label"] != (item["label"] is True):
                same["conflict"] = True
            continue
        pool.append({**place, "label": item["label"] is True, "key": None})
    return pool


def match_label(item: dict, pool: list[dict]) -> dict | None:
    """The pool entry about the same code as a tool's item: one file and, when both are named, one name
    (the nearest line within NAMED_LINE_SLACK), else a line within NAMELESS_LINE_SLACK. A reviewer
    finding carries its label key, which wins. An item of a whole file matches no symbol."""
    if item.get("key") is not None:
        exact = next((e for e in pool if e["key"] == item["key"]), None)
        if exact is not None:
            return exact
    if item.get("kind") == "file":
        return None
    best, distance = None, None
    for entry in pool:
        if entry["file"] != item["file"]:
            continue
        gap = NAMED_LINE_SLACK if entry["line"] is None else abs(entry["line"] - item["line"])  # a label without a line
        if item.get("name") and entry["name"]:
            if item["name"] != entry["name"] or gap > NAMED_LINE_SLACK:
                continue
        elif gap > NAMELESS_LINE_SLACK:
            continue
        if distance is None or gap < distance:
            best, distance = entry, gap
    return best


def reviewer_dead_items(findings: list[dict]) -> list[dict]:
    """reviewer's DEAD findings as the items the pool is matched with."""
    return [{"file": f["file"], "line": int(f.get("line_start") or 0), "kind": None, "key": finding_key(f),
             "name": str(f["symbol"]).rsplit(".", 1)[-1] if f.get("symbol") else None}
            for f in findings if f["axis"] == "utility" and f.get("verdict") == "DEAD"]


def score_dead_tool(items: list[dict], pool: list[dict]) -> dict:
    """One tool on the pool: its items, those an entry judges and how many of those are right
    (precision), and the labelled-TRUE entries it reports; each in all files and in Python files
    (`_py`: what vulture reads)."""
    matched = [(item, match_label(item, pool)) for item in items]
    found = {id(entry) for _, entry in matched if entry is not None and entry["label"]}
    out = {"unlabelled": [f"{i['file']}:{i['line']} {i['name'] or i['kind']}" for i, e in matched if e is None]}
    for suffix, keep in (("", lambda file: True), ("_py", lambda file: file.endswith(".py"))):
        judged = [entry for item, entry in matched if entry is not None and keep(item["file"])]
        true = [e for e in pool if e["label"] and keep(e["file"])]
        out.update({f"items{suffix}": sum(1 for item in items if keep(item["file"])), f"labelled{suffix}": len(judged),
                    f"right{suffix}": sum(1 for e in judged if e["label"]),
                    f"true{suffix}": len(true), f"true_found{suffix}": sum(1 for e in true if id(e) in found)})
    return out


def compare_dead_tools(pool: list[dict], findings: list[dict], peer_items: dict[str, list[dict] | None]) -> dict:
    """reviewer and each dead-code peer that ran (its items; None: it did not) on one project's pool."""
    py = [e for e in pool if e["file"].endswith(".py")]
    out = {"pool": len(pool), "pool_true": sum(1 for e in pool if e["label"]), "pool_py": len(py),
           "pool_true_py": sum(1 for e in py if e["label"]), "conflicts": sum(1 for e in pool if e.get("conflict")),
           "reviewer": score_dead_tool(reviewer_dead_items(findings), pool)}
    out.update({name: score_dead_tool(items, pool) for name, items in peer_items.items() if items is not None})
    return out


def peer_pylint_duplicates(root: Path) -> dict:
    tool = _find_tool("pylint")
    if tool is None:
        return {"missing": "pylint not installed (pip install pylint)"}
    paths = _python_paths(root)
    if not paths:
        return {"skipped": "no Python files"}
    seconds, result = _timed([tool, "--disable=all", "--enable=duplicate-code", "--score=n", "--persistent=n",
                              "--output-format=text", *paths], cwd=root)
    if result is None:
        return {"error": "timeout", "seconds": seconds}
    return {"items": len(re.findall(r"R0801", result.stdout)), "seconds": seconds, **_accounting(tool, result)}


def peer_jscpd(root: Path, workdir: Path, exclude: frozenset[str] = frozenset()) -> dict:
    tool = _find_tool("jscpd")
    if tool is None:
        return {"missing": f"jscpd not installed (npm install --prefix {NPM_PREFIX} jscpd@5.3.2)"}
    out = workdir / "jscpd"
    ignore = ",".join(f"**/{d}/**" for d in sorted(IGNORED_DIRS | exclude))
    seconds, result = _timed([tool, "--reporters", "json", "--output", str(out), "--silent",
                              "--format", "python,javascript,typescript,tsx,jsx", "--ignore", ignore, "."], cwd=root)
    if result is None:
        return {"error": "timeout", "seconds": seconds}
    report = out / "jscpd-report.json"
    if not report.exists():
        return {"error": f"no report (exit {result.returncode}): {(result.stderr or result.stdout).strip()[-200:]}",
                "seconds": seconds}
    data = json.loads(report.read_text(encoding="utf-8"))
    return {"items": len(data.get("duplicates", [])), "seconds": seconds,
            "percentage": data.get("statistics", {}).get("total", {}).get("percentage"), "_report": data,
            **_accounting(tool, result)}


# ---------------------------------------------------------------- one project


@dataclass
class ProjectResult:
    name: str
    shape: str
    version: str
    files: int = 0
    lines: int = 0
    seconds: float = 0.0
    exit_code: int = 0
    counts: dict = field(default_factory=dict)  # axis -> findings
    severity: dict = field(default_factory=dict)  # axis -> {severity: n}
    labels: dict = field(default_factory=dict)  # axis -> {findings, labelled, true, false, unlabelled}
    todo: int = 0
    jscpd_todo: int = 0
    derived_labels: int = 0  # DUPLICATE findings labelled through the judged jscpd pair they match
    duplicates: dict = field(default_factory=dict)  # compare_duplicates()
    mutation: dict | None = None
    mutation_seconds: float | None = None
    peers: dict = field(default_factory=dict)
    error: str | None = None
    python_dead: int = 0  # utility findings in Python files: what vulture can be compared with
    tests_none: dict = field(default_factory=dict)  # score_tests_sample()
    dead_vs_vulture: dict = field(default_factory=dict)  # compare_vulture()
    dead_tools: dict = field(default_factory=dict)  # compare_dead_tools(): reviewer, vulture, skylos on the labelled pool
    judged: list = field(default_factory=list)  # finding_rows(): every finding of the judged axes, with its label

    def per_kloc(self, axis: str) -> float:
        return 1000 * self.counts.get(axis, 0) / self.lines if self.lines else 0.0


def bench_project(project: dict, command: list[str], args: argparse.Namespace) -> ProjectResult:
    source = project["source"]
    result = ProjectResult(project["name"], project["shape"], source.get("version") or source["commit"][:12])
    tree = corpus.materialize(project, args.cache, args.mirror_root, offline=args.offline)
    with tempfile.TemporaryDirectory(prefix=f"bench-real-{project['name']}-") as tmp:
        work = Path(tmp) / project["name"]
        shutil.copytree(tree, work, ignore=shutil.ignore_patterns(corpus.STAMP, ".reviewer"))
        result.seconds, result.exit_code, output = run_reviewer(command, work, args.enable_rag)
        reviews = load_reviews(work)
        if result.exit_code == 2 or not reviews:
            result.error = f"reviewer exit {result.exit_code}: {output.strip()[-400:]}"
            if not reviews:
                return result
        result.files = len(reviews)
        result.lines = count_lines(work, [r["file"] for r in reviews])
        findings = live_findings(reviews)
        for axis in AXES:
            mine = [f for f in findings if f["axis"] == axis]
            result.counts[axis] = len(mine)
            result.severity[axis] = dict(Counter(f.get("severity", "?") for f in mine))
        result.python_dead = sum(1 for f in findings if f["axis"] == "utility" and f["file"].endswith(".py"))
        labels = load_labels(project["name"])
        report = vitems = None
        dead_items: dict[str, list[dict] | None] = {}
        if not args.skip_peers:
            wanted = set(args.peers.split(","))
            result.peers = {name: run(work) for name, run in (("vulture", peer_vulture), ("skylos", peer_skylos),
                                                             ("pylint-dup", peer_pylint_duplicates),
                                                             ("jscpd", lambda w: peer_jscpd(w, Path(tmp)))) if name in wanted}
            report = result.peers.get("jscpd", {}).pop("_report", None)
            # a peer with nothing to read in its languages reports nothing: none of the TRUE items, not "did not run"
            dead_items = {name: result.peers[name].pop("_items", [] if "skipped" in result.peers[name] else None)
                          for name in DEAD_PEERS if name in result.peers}
            vitems = dead_items.get("vulture")
        jpairs = jscpd_pairs(report, work, reviews) if report is not None else None
        jlabels, jmeta = load_jscpd_labels(project["name"])
        rpairs = reviewer_pairs(reviews, findings)
        derived = labels_via_jscpd(rpairs, labels, jpairs, jlabels)
        result.derived_labels = len(derived)
        labels = {**derived, **labels}
        for axis in AXES:
            mine = [f for f in findings if f["axis"] == axis]
            judged = [labels[finding_key(f)] for f in mine if finding_key(f) in labels]
            true = sum(1 for entry in judged if entry["label"] is True)
            result.labels[axis] = {"findings": len(mine), "labelled": len(judged), "true": true,
                                   "false": len(judged) - true, "unlabelled": len(mine) - len(judged)}
        result.tests_none = score_tests_sample(project["name"], findings, load_tests_sample())
        result.todo = write_todo(project["name"], work, findings, labels, set(args.todo_axes.split(",")))
        result.judged = finding_rows(reviews, findings, labels, set(args.todo_axes.split(",")))
        result.duplicates = compare_duplicates(rpairs, labels, jpairs, jlabels, jmeta)
        vlabels = load_vulture_labels(project["name"])
        if vlabels and vitems is not None:
            result.dead_vs_vulture = compare_vulture(vitems, vlabels, findings, labels)
        pool = dead_label_pool(labels, vlabels)
        if pool:
            result.dead_tools = compare_dead_tools(pool, findings, dead_items)
        if jpairs is not None:
            result.jscpd_todo = write_jscpd_todo(project["name"], jpairs, jlabels)
        if not args.no_mutation:
            mutated = Path(tmp) / "mutated"
            shutil.copytree(tree, mutated, ignore=shutil.ignore_patterns(corpus.STAMP, ".reviewer"))
            mutants = make_mutants(mutated, reviews, args.mutants, args.seed)
            result.mutation_seconds, _, _ = run_reviewer(command, mutated, args.enable_rag)
            result.mutation = score_mutants(mutants, load_reviews(mutated))
    return result


# ---------------------------------------------------------------- printing


def _ratio(a: int, b: int) -> str:
    return f"{a}/{b}" if b else "-"


def _precision(stats: dict) -> str:
    if not stats or not stats.get("labelled"):
        return "-"
    return f"{stats['true'] / stats['labelled']:.2f} ({stats['labelled']}/{stats['findings']})"


def _peer(peers: dict, name: str) -> str:
    peer = peers.get(name)
    if not peer:
        return "-"
    if "items" in peer:
        return f"{peer['items']} ({peer['seconds']:.1f}s)"
    return "n/a" if "skipped" in peer else "missing" if "missing" in peer else "err"


def tables(results: list[ProjectResult]) -> str:
    rows = []
    for r in results:
        if r.error and not r.files:
            rows.append([r.name, r.shape, r.version, "-", "-", "error"] + ["-"] * 5)
            continue
        rows.append([r.name, r.shape, r.version, f"{r.lines:,}", str(r.files), f"{r.seconds:.1f}"]
                    + [f"{r.counts[a]} ({r.per_kloc(a):.1f})" for a in AXES])
    lines = sum(r.lines for r in results)
    totals = {a: sum(r.counts.get(a, 0) for r in results) for a in AXES}
    rows.append(["**total**", "", "", f"{lines:,}", str(sum(r.files for r in results)),
                 f"{sum(r.seconds for r in results):.1f}"]
                + [f"{totals[a]} ({1000 * totals[a] / lines if lines else 0:.1f})" for a in AXES])
    findings = markdown_table(["project", "shape", "version", "lines", "files", "reviewer s"]
                              + [f"{SHORT[a]} (/kloc)" for a in AXES], rows)

    rows = []
    for r in results:
        if not r.labels:
            continue
        rows.append([r.name] + [_precision(r.labels.get(a, {})) for a in ("utility", "duplication", "overengineering")]
                    + [str(r.derived_labels), str(r.todo)])
    agg = {a: {k: sum(r.labels.get(a, {}).get(k, 0) for r in results) for k in ("findings", "labelled", "true")}
           for a in ("utility", "duplication", "overengineering")}
    rows.append(["**total**"] + [_precision(agg[a]) for a in ("utility", "duplication", "overengineering")]
                + [str(sum(r.derived_labels for r in results)), str(sum(r.todo for r in results))])
    precision = markdown_table(["project", "dead precision (labelled/findings)", "dup precision", "over precision",
                                "dup labels via jscpd", "todo"], rows)

    rows = []
    total = Counter()
    for r in results:
        if not r.mutation:
            continue
        m = r.mutation
        for kind in ("copy", "unref"):
            for key in ("seeded", "dead_verdict", "finding", "confident_finding"):
                total[f"{kind}.{key}"] += m[kind][key]
        rows.append([r.name] + [f"{_ratio(m[k]['dead_verdict'], m[k]['seeded'])} / {_ratio(m[k]['finding'], m[k]['seeded'])}"
                                f" / {_ratio(m[k]['confident_finding'], m[k]['seeded'])}" for k in ("copy", "unref")])
    if rows:
        rows.append(["**total**"] + [f"{_ratio(total[k + '.dead_verdict'], total[k + '.seeded'])} / "
                                     f"{_ratio(total[k + '.finding'], total[k + '.seeded'])} / "
                                     f"{_ratio(total[k + '.confident_finding'], total[k + '.seeded'])}"
                                     for k in ("copy", "unref")])
    mutation = markdown_table(["project", "copies: DEAD verdict / finding / medium+ finding",
                               "references removed: DEAD verdict / finding / medium+"], rows) if rows else ""

    rows = []
    for r in results:
        if not r.peers:
            continue
        vul, jscpd = r.peers.get("vulture", {}), r.peers.get("jscpd", {})
        rows.append([r.name, f"{r.counts.get('utility', 0)} ({r.python_dead} in .py)", _peer(r.peers, "vulture"),
                     _peer(r.peers, "skylos"),
                     f"{r.counts.get('duplication', 0)}", _peer(r.peers, "pylint-dup"), _peer(r.peers, "jscpd"),
                     f"{r.seconds:.1f}",
                     f"{r.seconds / vul['seconds']:.1f}x" if vul.get("seconds") and "items" in vul else "-",
                     f"{r.seconds / jscpd['seconds']:.1f}x" if jscpd.get("seconds") and "items" in jscpd else "-"])
    peers = markdown_table(["project", "reviewer DEAD", "vulture items (60%)", "skylos items (60%)", "reviewer DUPLICATE",
                            "pylint R0801", "jscpd clones", "reviewer s", "time vs vulture", "time vs jscpd"],
                           rows) if rows else ""
    return "\n\n".join(part for part in (findings, precision, tests_none_table(results), duplicates_table(results),
                                         calibration_table(results), mutation, vulture_table(results),
                                         dead_tools_table(results), peers) if part)


def vulture_table(results: list[ProjectResult]) -> str:
    """Dead code against vulture: its labelled items (precision), how many of its true ones reviewer
    reports DEAD, and how many of reviewer's true DEAD (Python, outside tests) vulture reports."""
    done = [r for r in results if r.dead_vs_vulture]
    if not done:
        return ""
    keys = ("labelled", "true", "true_found", "reviewer_true", "reviewer_true_vulture")
    rows, total = [], Counter()
    for r in done + [None]:
        v = total if r is None else r.dead_vs_vulture
        if r is not None:
            total.update({key: v[key] for key in keys})
        rows.append(["**total**" if r is None else r.name, _share(v["true"], v["labelled"]),
                     _ratio(v["true_found"], v["true"]), _ratio(v["reviewer_true_vulture"], v["reviewer_true"])])
    return markdown_table(["project", "vulture precision (labelled items)", "vulture TRUE reviewer reports DEAD",
                           "reviewer TRUE DEAD (.py, not tests) vulture reports"], rows)


def dead_tools_table(results: list[ProjectResult]) -> str:
    """reviewer, vulture and skylos on one pool of labelled dead-code items per project: the
    labelled-TRUE items each reports, and its precision over its items a label judges."""
    done = [r for r in results if r.dead_tools]
    if not done:
        return ""
    tools = ("reviewer",) + DEAD_PEERS
    rows, total = [], Counter()

    def cells(d: dict, peers: dict, py_only: bool) -> list[str]:
        out = []
        for tool in tools:
            if tool not in d:  # a peer that did not run: why
                out += [_peer(peers, tool) if peers else "-", "-"]
                continue
            t, suffix = d[tool], "_py" if py_only else ""
            out += [_ratio(t[f"true_found{suffix}"], t[f"true{suffix}"]),
                    _share(t[f"right{suffix}"], t[f"labelled{suffix}"], t[f"items{suffix}"])]
        return out

    for r in done:
        d = r.dead_tools
        total.update({key: d[key] for key in ("pool", "pool_true", "pool_py", "pool_true_py", "conflicts")})
        for tool in tools:
            if tool in d:
                total.update({f"{tool}.{k}": v for k, v in d[tool].items() if isinstance(v, int)})
        rows.append([r.name, _ratio(d["pool_true"], d["pool"])] + cells(d, r.peers, py_only=False))
    summed = {tool: {key[len(tool) + 1:]: n for key, n in total.items() if key.startswith(f"{tool}.")} for tool in tools
              if any(tool in r.dead_tools for r in done)}
    rows.append(["**total**", _ratio(total["pool_true"], total["pool"])] + cells(summed, {}, py_only=False))
    rows.append(["**total, .py files**", _ratio(total["pool_true_py"], total["pool_py"])] + cells(summed, {}, py_only=True))
    columns = ["project", "labelled items TRUE/all"]
    for tool in tools:
        columns += [f"{tool} TRUE found", f"{tool} precision (right/labelled of items)"]
    return markdown_table(columns, rows)


def calibration_table(results: list[ProjectResult]) -> str:
    """DUPLICATE precision per confidence band over every project: does a higher confidence mean a
    finding more often right (what `--min-confidence` relies on)?"""
    bands: dict[str, Counter] = {}
    for r in results:
        for band, stats in (r.duplicates or {}).get("bands", {}).items():
            bands.setdefault(band, Counter()).update(stats)
    if not bands:
        return ""
    rows = [[band, _share(stats["true"], stats["labelled"])] for band, stats in sorted(bands.items())]
    return markdown_table(["DUPLICATE confidence", "precision (all projects)"], rows)


KIND_ORDER = ("identical", "renamed", "near-miss", "inline")


def _share(true: int, labelled: int, findings: int | None = None) -> str:
    if not labelled:
        return "-" if not findings else f"- (0/{findings})"
    tail = f" ({true}/{labelled})" if findings is None or findings == labelled else f" ({true}/{labelled} of {findings})"
    return f"{true / labelled:.2f}{tail}"


def duplicates_table(results: list[ProjectResult]) -> str:
    """Duplicates per 1,000 lines, precision per clone kind, jscpd's pairs and the overlap both ways."""
    done = [r for r in results if r.duplicates]
    if not done:
        return ""
    kinds = sorted({k for r in done for k in r.duplicates["kinds"]},
                   key=lambda k: (KIND_ORDER.index(k) if k in KIND_ORDER else len(KIND_ORDER), k))
    rows, total = [], Counter()
    for r in done + [None]:
        if r is None:
            name, lines, d, over = "**total**", total["lines"], None, None
        else:
            name, lines, d, over = r.name, r.lines, r.duplicates, r.labels.get("overengineering", {})
            total["lines"] += r.lines
            total["dup"] += r.counts.get("duplication", 0)
            for k, stats in d["kinds"].items():
                for key, value in stats.items():
                    total[f"{k}.{key}"] += value
            for key in ("findings", "labelled", "true"):
                total[f"over.{key}"] += over.get(key, 0)
            if "jscpd" in d:
                total["jscpd.runs"] += 1
                for key in ("pairs", "labelled", "true"):
                    total[f"jscpd.{key}"] += d["jscpd"][key]
                total["found"] += d["jscpd_true_found"]
                total["code"] += d.get("jscpd_true_code", 0)
                total["code_found"] += d.get("jscpd_true_code_found", 0)
                for k, n in d["reviewer_only"].items():
                    total[f"only.{k}"] += n
        dup = total["dup"] if r is None else r.counts.get("duplication", 0)
        get = (lambda k, key: total[f"{k}.{key}"]) if r is None else (lambda k, key: d["kinds"].get(k, {}).get(key, 0))
        row = [name, f"{dup} ({1000 * dup / lines if lines else 0:.1f})"]
        row += [_share(get(k, "true"), get(k, "labelled"), get(k, "findings")) if get(k, "findings") else "-"
                for k in kinds]
        row.append(_share(sum(get(k, "true") for k in kinds), sum(get(k, "labelled") for k in kinds),
                          sum(get(k, "findings") for k in kinds)))
        if r is None:
            has_jscpd = total["jscpd.runs"] > 0
            j = {key: total[f"jscpd.{key}"] for key in ("pairs", "labelled", "true")}
            found, only = total["found"], {k[5:]: n for k, n in total.items() if k.startswith("only.") and n}
            code, code_found = total["code"], total["code_found"]
            o = {key: total[f"over.{key}"] for key in ("findings", "labelled", "true")}
        else:
            has_jscpd = "jscpd" in d
            j = d.get("jscpd", {})
            found, only, o = d.get("jscpd_true_found", 0), d.get("reviewer_only", {}), over
            code, code_found = d.get("jscpd_true_code", 0), d.get("jscpd_true_code_found", 0)
        if has_jscpd:
            sample = " sample" if r is not None and j.get("sample") else ""
            row += [str(j["pairs"]), _share(j["true"], j["labelled"], j["pairs"]) + sample,
                    _ratio(found, j["true"]), _ratio(code_found, code),
                    f"{sum(only.values())}" + (" (" + ", ".join(f"{k} {n}" for k, n in sorted(only.items())) + ")"
                                               if only else "")]
        else:
            row += ["-"] * 5
        row.append(_share(o.get("true", 0), o.get("labelled", 0), o.get("findings", 0)) if o.get("findings") else "-")
        rows.append(row)
    return markdown_table(["project", "dup (/kloc)"] + [f"dup {k}" for k in kinds]
                          + ["dup all kinds", "jscpd pairs", "jscpd precision", "jscpd TRUE reviewer reports",
                             "... outside test code",
                             "reviewer TRUE jscpd lacks", "over precision"], rows)


def section_body(results: list[ProjectResult], args: argparse.Namespace) -> str:
    notes = [f"{machine_line()}; `python scripts/bench_real.py` ({'RAG on' if args.enable_rag else 'static, RAG off'}, "
             + ("no mutation run)." if args.no_mutation else f"mutants: {args.mutants} per kind, seed {args.seed}).")]
    errors = [f"- {r.name}: {r.error}" for r in results if r.error]
    missing = sorted({f"{name}: {peer.get('missing')}" for r in results for name, peer in r.peers.items()
                      if "missing" in peer})
    failed = [f"- {name} on {r.name}: {peer['error']}" for r in results for name, peer in r.peers.items() if "error" in peer]
    tools = sorted({peer["tool"] for r in results for peer in r.peers.values() if "tool" in peer})
    return (
        "## Real code (`scripts/bench_real.py`, corpus in `benchmarks/real/`)\n\n"
        + " ".join(notes) + "\n\n"
        "Findings per axis (per 1,000 lines of the reviewed files); suppressed findings not counted. "
        "Precision is over hand-labelled findings (`benchmarks/real/labels/<project>.yaml`, keyed by axis, "
        "file and symbol); `todo` counts the unlabelled findings of the judged axes. Mutation recall: "
        "`copies` are renamed unexported copies of module-level functions appended to their module (dead by "
        "construction), `references removed` are private Python functions whose only call statements were "
        "replaced by `pass`; each cell is mutants with a DEAD verdict / a DEAD finding / a medium-or-high "
        "DEAD finding, over the mutants seeded. Tests-axis NONE precision is over the findings judged in "
        "`benchmarks/real/labels/tests-none-sample.yaml` that are still reported. Peers ran on the same copy: vulture `--min-confidence 60`, "
        "skylos `skylos . --json` (default confidence 60), "
        "pylint `--enable=duplicate-code`, jscpd `--reporters json` (clone pairs)"
        + (f"; what ran: {'; '.join(tools)}" if tools else "") + ". "
        "Dead code side by side: reviewer's DEAD findings and vulture's and skylos's items are matched to one pool "
        "per project of hand-labelled dead-code items (reviewer's DEAD labels and vulture's labelled items; one "
        "entry per place: one file and the same name within 10 lines, or a nameless finding within 2 lines). "
        "`TRUE found` is the labelled-TRUE items a tool reports, over the TRUE items of the projects where it "
        "produced a report; precision is over a tool's items that an entry judges (`of` its items). The pool "
        "holds only what reviewer or vulture once reported, so skylos is judged on its overlap with them.\n\n"
        + tables(results)
        + ("\n\nErrors:\n" + "\n".join(errors) if errors else "")
        + ("\n\nPeer errors (no report: that peer's totals leave the project out):\n" + "\n".join(failed) if failed else "")
        + ("\n\nPeers missing: " + "; ".join(missing) if missing else "")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", default=[], metavar="NAME")
    parser.add_argument("--skip-peers", action="store_true")
    parser.add_argument("--peers", default="vulture,skylos,pylint-dup,jscpd", help="comma-separated peers to run")
    parser.add_argument("--no-mutation", action="store_true")
    parser.add_argument("--enable-rag", action="store_true")
    parser.add_argument("--reviewer-cmd", help="command that runs reviewer (default: `reviewer` on PATH)")
    parser.add_argument("--cache", type=Path, default=corpus.DEFAULT_CACHE)
    parser.add_argument("--mirror-root", type=Path, default=corpus.DEFAULT_MIRRORS)
    parser.add_argument("--offline", action="store_true", help="never download a missing archive")
    parser.add_argument("--mutants", type=int, default=10, help="mutants of each kind per project (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--todo-axes", default="utility,duplication,overengineering")
    parser.add_argument("--json", type=Path, help="write every number to this file")
    parser.add_argument("--no-record", action="store_true")
    parser.add_argument("--selftest", action="store_true", help="check the pair matching and exit (no reviewer run)")
    args = parser.parse_args(argv)
    if args.selftest:
        selftest()
        return 0

    projects = corpus.load_manifest()
    if args.only:
        unknown = set(args.only) - {p["name"] for p in projects}
        if unknown:
            parser.error(f"unknown project(s): {', '.join(sorted(unknown))}")
        projects = [p for p in projects if p["name"] in args.only]
    command = reviewer_command(args.reviewer_cmd)
    results = []
    for project in projects:
        print(f"... {project['name']}", file=sys.stderr, flush=True)
        try:
            result = bench_project(project, command, args)
        except corpus.SourceMissing as exc:
            print(f"MISSING  {exc}", file=sys.stderr)
            source = project["source"]
            result = ProjectResult(project["name"], project["shape"], source.get("version") or source["commit"][:12],
                                   error=f"source missing: {exc}")
        results.append(result)
        d = result.duplicates
        for miss in d.get("jscpd_true_missed", []):
            print(f"    jscpd TRUE pair reviewer does not report: {miss}", file=sys.stderr)
        for only in d.get("reviewer_only_list", []):
            print(f"    reviewer TRUE pair jscpd does not report: {only}", file=sys.stderr)
        if result.mutation:
            for kind, stats in result.mutation.items():
                for miss in stats["missed"]:
                    print(f"    missed {kind} mutant: {miss}", file=sys.stderr)
    publish(section_body(results, args), results, args.json, not args.only and not args.no_record, SECTION, BENCHMARKS)
    return 1 if any(r.error and not r.files for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
