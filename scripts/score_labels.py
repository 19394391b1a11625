"""Score reviewer's findings against a blind labels file (first-contact labels, one per finding).

Usage:
    python scripts/score_labels.py LABELS.json --tree TREE      # copy TREE, run reviewer there, score
    python scripts/score_labels.py LABELS.json --report R.json  # score an existing report.json
    (several LABELS.json may be given, each with its --tree/--report in order; --list prints the
    unlabelled findings of the axes scored, for reading by hand)

A labels file holds {"labels": [{"axis", "verdict", "file", "symbol", "line", "test_code", "label":
"TRUE"|"FALSE", ...}]} about the findings of one earlier run. A finding of this run matches a label
by file, symbol and axis (a finding with no symbol, a repeated block of top-level code, by file, axis
and its first line, give or take LINE_SLACK). Per axis (duplication split into production and test
code) it prints: labelled findings still reported, how many of them are TRUE (the precision on the
labelled set), the labelled TRUE findings no longer reported (the recall proxy: what a change lost),
the FALSE ones gone, and the findings no label covers (new or never sampled).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

AXES = ("utility", "duplication", "overengineering")
LINE_SLACK = 3  # lines a top-level block may move by when an unrelated finding changes its cut


def run_reviewer(tree: Path, workdir: Path) -> Path:
    """Copy `tree` (without its .reviewer/) under `workdir`, run the static reviewer there, return report.json."""
    copy = workdir / tree.name
    shutil.copytree(tree, copy, symlinks=True, ignore=shutil.ignore_patterns(".reviewer"))
    env = {k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}
    result = subprocess.run([sys.executable, "-m", "reviewer", "run", str(copy), "--plain", "--exit-zero", "-q"],
                            capture_output=True, text=True, env=env)
    if result.returncode not in (0, 1):
        raise SystemExit(f"reviewer run {copy} exited {result.returncode}: {result.stderr[-2000:]}")
    return copy / ".reviewer" / "report.json"


def label_key(item: dict) -> tuple:
    return (item["file"], item["symbol"], item["axis"])


def match(findings: list[dict], labels: list[dict]) -> tuple[dict[int, dict], list[dict]]:
    """finding index -> its label; and the findings no label covers."""
    by_key: dict[tuple, list[dict]] = {}
    for label in labels:
        by_key.setdefault(label_key(label), []).append(label)
    matched: dict[int, dict] = {}
    unlabelled = []
    used: set[int] = set()
    for n, finding in enumerate(findings):
        candidates = [lab for lab in by_key.get(label_key(finding), []) if id(lab) not in used]
        if finding["symbol"] is None:
            candidates = [lab for lab in candidates if abs(lab["line"] - finding["line_start"]) <= LINE_SLACK]
        if candidates:
            label = min(candidates, key=lambda lab: abs(lab["line"] - finding["line_start"]))
            used.add(id(label))
            matched[n] = label
        else:
            unlabelled.append(finding)
    return matched, unlabelled


def group_of(item: dict, test_code: bool) -> str:
    if item["axis"] == "duplication":
        return "duplication/" + ("test" if test_code else "prod")
    return item["axis"]


def is_test_finding(finding: dict) -> bool:
    message = finding.get("message", "")
    return "test code" in message or finding["file"].startswith("tests/") or "/tests/" in finding["file"]


def score(labels_file: Path, report_file: Path, listing: bool) -> dict[str, dict[str, int]]:
    labels = [lab for lab in json.loads(labels_file.read_text())["labels"] if lab["axis"] in AXES]
    findings = [f for f in json.loads(report_file.read_text())["findings"] if f["axis"] in AXES]
    matched, unlabelled = match(findings, labels)
    rows: dict[str, dict[str, int]] = {}

    def row(group: str) -> dict[str, int]:
        return rows.setdefault(group, {"reported": 0, "true": 0, "false": 0, "true_lost": 0, "false_gone": 0,
                                       "unlabelled": 0})

    kept = {id(lab) for lab in matched.values()}
    for label in matched.values():
        r = row(group_of(label, label["test_code"]))
        r["reported"] += 1
        r["true" if label["label"] == "TRUE" else "false"] += 1
    for label in labels:
        if id(label) not in kept:
            row(group_of(label, label["test_code"]))["true_lost" if label["label"] == "TRUE" else "false_gone"] += 1
    for finding in unlabelled:
        row(group_of(finding, is_test_finding(finding)))["unlabelled"] += 1
    print(f"== {labels_file.name} against {report_file}")
    print(f"   {'group':<22}{'labelled':>9}{'TRUE':>6}{'FALSE':>6}{'prec':>7}{'TRUE lost':>10}{'FALSE gone':>11}{'new':>5}")
    for group in sorted(rows):
        r = rows[group]
        precision = f"{r['true'] / r['reported']:.2f}" if r["reported"] else "-"
        print(f"   {group:<22}{r['reported']:>9}{r['true']:>6}{r['false']:>6}{precision:>7}{r['true_lost']:>10}"
              f"{r['false_gone']:>11}{r['unlabelled']:>5}")
    if listing:
        for label in labels:
            if id(label) not in kept and label["label"] == "TRUE":
                print(f"   LOST TRUE {label['file']}:{label['line']} {label['symbol']} [{label['axis']}] {label['why'][:90]}")
        for n, label in sorted(matched.items()):
            if label["label"] == "FALSE":
                print(f"   STILL FALSE {label['file']}:{label['line']} {label['symbol']} [{label['axis']}] {label['why'][:90]}")
        for finding in unlabelled:
            print(f"   NEW {finding['file']}:{finding['line_start']} {finding['symbol']} [{finding['axis']}] "
                  f"({finding.get('confidence')}) {finding['message'][:220]}")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("labels", nargs="+", type=Path)
    parser.add_argument("--tree", action="append", type=Path, default=[])
    parser.add_argument("--report", action="append", type=Path, default=[])
    parser.add_argument("--list", action="store_true", help="print lost TRUE labels and unlabelled findings")
    args = parser.parse_args()
    sources = args.report or args.tree
    if len(sources) != len(args.labels) or (args.report and args.tree):
        parser.error("give one --tree (or one --report) per labels file, in the same order")
    totals: dict[str, dict[str, int]] = {}
    with tempfile.TemporaryDirectory(prefix="score-labels-") as workdir:
        for labels_file, source in zip(args.labels, sources):
            report = source if args.report else run_reviewer(source, Path(workdir))
            for group, r in score(labels_file, report, args.list).items():
                total = totals.setdefault(group, dict.fromkeys(r, 0))
                for name, value in r.items():
                    total[name] += value
    if len(args.labels) > 1:
        print("== all")
        for group in sorted(totals):
            r = totals[group]
            precision = f"{r['true'] / r['reported']:.2f}" if r["reported"] else "-"
            print(f"   {group:<22} labelled {r['reported']}, TRUE {r['true']}, precision {precision}, "
                  f"TRUE lost {r['true_lost']}, FALSE gone {r['false_gone']}, unlabelled {r['unlabelled']}")


if __name__ == "__main__":
    main()
