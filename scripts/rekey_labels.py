"""Give blind labels the rule the current code gives their item, for one rule at a time.

    python scripts/rekey_labels.py dead/private-unnamed benchmarks/first-contact/round8 \
        --trees /work/firstcontact8/trees [more round dirs, each with its --trees]

A first-contact label records the rule that flagged its item when it was labelled. A new rule that
splits an old one (dead/private-unnamed out of dead/private-unreferenced) has no labels of its own
until its items are found among the old ones: this runs the current analysis on each labelled tree (the
project's tree at the labelled commit: repo and commit are in the labels file) and, for every label
whose item the current code flags under RULE, sets `rule` to RULE and `raw_confidence` to the current
one, keeping what it was in `rule_labelled` / `raw_confidence_labelled` and the code's commit in
`rekeyed_at`. Only RULE's items change: every other label keeps the rule it was labelled under (the
rounds' fixes were made after reading them, so re-scoring all of them would measure the fixes in sample).
A label rekeyed earlier whose item the code no longer flags under RULE gets its labelled rule back.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reviewer.analysis.project import analyze_project  # noqa: E402
from reviewer.config import Config  # noqa: E402
from reviewer.scan import scan_repository  # noqa: E402

AXIS = {"dead/": "utility", "duplicate/": "duplication", "over/": "overengineering"}


def current_rules(tree: Path, axis: str) -> dict[tuple[str, str], tuple[str, int]]:
    """(file, symbol) -> (rule, confidence) of the axis's verdicts the current analysis gives."""
    config = Config()
    evidence = analyze_project(scan_repository(tree, config, workers=2), tree, config)
    found = {}
    for (path, qualified), axes in evidence.assessments.items():
        verdict = axes.get(axis)
        if verdict is not None and verdict.rule:
            found[(path, qualified)] = (verdict.rule, verdict.confidence)
    return found


def rekey(rule: str, labels_file: Path, tree: Path, commit: str, unlabelled: list[dict]) -> tuple[int, int]:
    """Rekeys one labels file in place; appends the items the code flags under RULE that no label
    covers to `unlabelled` (to be labelled blind, so that the rule is measured on more than a sample)."""
    original = labels_file.read_text()
    data = json.loads(original)
    axis = next(a for prefix, a in AXIS.items() if rule.startswith(prefix))
    now = current_rules(tree, axis)
    labelled = {(label["file"], label.get("symbol")) for label in data.get("labels", [])}
    for (path, symbol), (rule_now, confidence) in sorted(now.items()):
        if rule_now == rule and (path, symbol) not in labelled:
            unlabelled.append({"project": data["project"], "file": path, "symbol": symbol, "rule": rule,
                               "raw_confidence": confidence})
    changed = matched = 0
    for label in data.get("labels", []):
        if label.get("axis") != axis or not label.get("symbol"):
            continue
        rule_now, confidence = now.get((label["file"], label["symbol"]), (None, None))
        if rule_now == rule:
            matched += 1
            if label.get("rule") != rule:
                label.setdefault("rule_labelled", label.get("rule"))
                label.setdefault("raw_confidence_labelled", label.get("raw_confidence"))
                changed += 1
            label["rule"], label["raw_confidence"], label["rekeyed_at"] = rule, confidence, commit
        elif label.get("rule") == rule and "rule_labelled" in label:
            label["rule"] = label.pop("rule_labelled")
            label["raw_confidence"] = label.pop("raw_confidence_labelled")
            label.pop("rekeyed_at", None)
            changed += 1
    if changed:
        labels_file.write_text(_as_written(data, original))
    return matched, changed


def _as_written(data: dict, original: str) -> str:
    """The labels as JSON laid out as the file was (its indent, escapes and last newline): a rekey
    changes the lines of the labels it rekeys, not the whole file."""
    second = original.split("\n", 2)[1] if "\n" in original else ""
    indent = len(second) - len(second.lstrip(" ")) or 2
    text = json.dumps(data, indent=indent, ensure_ascii="\\u" in original)
    return text + "\n" if original.endswith("\n") else text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rule")
    parser.add_argument("rounds", nargs="+", type=Path)
    parser.add_argument("--trees", action="append", type=Path, required=True,
                        help="the folder of one round's project trees, in the order of the rounds")
    parser.add_argument("--unlabelled", type=Path, help="write the rule's items no label covers here (JSON)")
    args = parser.parse_args()
    if len(args.trees) != len(args.rounds):
        parser.error("give one --trees per round")
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    unlabelled: list[dict] = []
    for round_dir, trees in zip(args.rounds, args.trees):
        for labels_file in sorted(round_dir.glob("*.labels.json")):
            project = json.loads(labels_file.read_text())["project"]
            tree = trees / project
            if not tree.is_dir():
                print(f"{labels_file}: no tree {tree}; skipped", file=sys.stderr)
                continue
            before = len(unlabelled)
            matched, changed = rekey(args.rule, labels_file, tree, commit, unlabelled)
            print(f"{labels_file}: {matched} labels under {args.rule} ({changed} changed), "
                  f"{len(unlabelled) - before} unlabelled", flush=True)
    if args.unlabelled:
        args.unlabelled.write_text(json.dumps(unlabelled, indent=1) + "\n")


if __name__ == "__main__":
    main()
