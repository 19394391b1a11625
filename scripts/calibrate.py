"""Fit the calibrated confidence of each rule on a training split of the labelled corpus and report
how it holds on the held-out split (projects that had no say in the fit).

    python scripts/bench_real.py --offline --skip-peers --no-mutation --no-record --json out.json
    python scripts/calibrate.py out.json            # print the held-out table
    python scripts/calibrate.py out.json --write    # + reviewer/review/calibration.json, the frozen
                                                    #   held-out slice, docs/benchmarks.md (calibration)

The split is by project (a hash of its name: a third held out), so no project is in both. For each
rule and band of raw confidence, the fitted confidence is the training precision (labelled TRUE /
labelled), kept only with at least MIN_LABELS labels (else the rule's overall precision, else the raw
confidence). The default floor is the lowest confidence from which held-out precision is at least 90%.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from benchlib import markdown_table, record_section  # noqa: E402
from reviewer.review.calibration import TABLE, band_of, calibrated  # noqa: E402

MIN_LABELS = 8
SHRINK = 5  # labels' weight of the axis's precision in each rule's fitted value
FROZEN = ROOT / "benchmarks" / "real" / "calibration" / "heldout.json"
SHOWN_BANDS = ((0, 49), (50, 69), (70, 79), (80, 89), (90, 100))


def held_out(project: str) -> bool:
    return int(hashlib.sha256(project.encode()).hexdigest(), 16) % 3 == 0


def labelled_rows(results: list[dict]) -> list[dict]:
    rows = []
    for result in results:
        for row in result.get("judged") or []:
            if row.get("label") is None or not row.get("rule") or row.get("raw_confidence") is None:
                continue
            rows.append({"project": result["name"], "rule": row["rule"], "raw": int(row["raw_confidence"]),
                         "label": bool(row["label"]), "axis": row["axis"]})
    return rows


def first_contact_rows(folder: Path) -> list[dict]:
    rows = []
    for path in sorted(folder.glob("*.labels.json")):
        for label in json.loads(path.read_text(encoding="utf-8"))["labels"]:
            if label.get("rule") and label.get("confidence") is not None:
                rows.append({"project": path.name.split(".")[0], "rule": label["rule"], "raw": int(label["confidence"]),
                             "label": label["label"] == "TRUE", "axis": label["axis"]})
    return rows


def fit(rows: list[dict]) -> dict:
    """Per rule and band: the training precision, shrunk toward its axis's precision by SHRINK labels'
    weight (a band of few labels says little of the next project: rules transfer less well than they fit)."""
    counts: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    by_axis: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        by_axis[row["axis"]][0] += row["label"]
        by_axis[row["axis"]][1] += 1
        for key in ("all", band_of(row["raw"])):
            counts[row["rule"]][key][0] += row["label"]
            counts[row["rule"]][key][1] += 1
    axis_of = {row["rule"]: row["axis"] for row in rows}
    rules = {}
    for rule, by_key in counts.items():
        true_axis, n_axis = by_axis[axis_of[rule]]
        prior = true_axis / n_axis
        fitted = {key: round(100 * (true + SHRINK * prior) / (n + SHRINK), 1)
                  for key, (true, n) in by_key.items() if n >= MIN_LABELS}
        if fitted:
            rules[rule] = fitted
    return {"rules": rules, "labels": {rule: by_key["all"][1] for rule, by_key in counts.items()}}


def evaluate(rows: list[dict], fitted: dict) -> tuple[list[list[str]], int | None, float]:
    """Held-out rows grouped by the confidence the fitted table gives them: mean confidence against
    the observed precision; the floor; the worst gap (points) over bands of 20 labels or more."""
    bands: dict[tuple[int, int], list[tuple[int, bool]]] = defaultdict(list)
    scored = [(calibrated(row["rule"], row["raw"], fitted), row["label"]) for row in rows]
    for confidence, label in scored:
        band = next(b for b in SHOWN_BANDS if b[0] <= confidence <= b[1])
        bands[band].append((confidence, label))
    table, worst = [], 0.0
    for band in SHOWN_BANDS:
        items = bands.get(band, [])
        if not items:
            continue
        mean = sum(c for c, _ in items) / len(items)
        precision = 100 * sum(label for _, label in items) / len(items)
        if len(items) >= 20:
            worst = max(worst, abs(mean - precision))
        table.append([f"{band[0]}-{band[1]}", str(len(items)), f"{mean:.0f}", f"{precision:.0f}",
                      f"{precision - mean:+.0f}"])
    floor = None
    for threshold in sorted({c for c, _ in scored}):
        kept = [label for c, label in scored if c >= threshold]
        if len(kept) >= 10 and sum(kept) / len(kept) >= 0.9:
            floor = threshold
            break
    return table, floor, worst


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path, help="bench_real.py --json output")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--first-contact", type=Path, action="append", default=[], metavar="DIR",
                        help="also report on the blind labels of a first-contact round (labels.json with rule and "
                             "confidence per finding): projects no rule was tuned on")
    args = parser.parse_args(argv)
    rows = labelled_rows(json.loads(args.results.read_text(encoding="utf-8")))
    train = [r for r in rows if not held_out(r["project"])]
    test = [r for r in rows if held_out(r["project"])]
    fitted = fit(train)
    lines = []
    for axis in sorted({r["axis"] for r in rows}):
        table, floor, worst = evaluate([r for r in test if r["axis"] == axis], fitted)
        if table:
            lines.append(f"**{axis}** (held-out: {sum(int(t[1]) for t in table)} labelled findings; floor for 90% "
                         f"precision: {floor if floor is not None else 'none'}; worst gap {worst:.0f} points)\n\n"
                         + markdown_table(["confidence", "findings", "mean confidence", "precision", "gap"], table))
    table, floor, worst = evaluate(test, fitted)
    projects = sorted({r["project"] for r in test})
    body = ("## calibration\n\n"
            f"`python scripts/calibrate.py {args.results.name} --write`: fitted on {len(train)} labelled findings of "
            f"{len({r['project'] for r in train})} projects, reported on {len(test)} of {len(projects)} held-out "
            f"projects ({', '.join(projects)}). Worst gap over bands of 20+ findings: {worst:.0f} points; "
            f"lowest confidence with held-out precision of 90% or more: {floor}.\n\n"
            + markdown_table(["confidence", "findings", "mean confidence", "precision", "gap"], table) + "\n\n"
            + "\n\n".join(lines) + "\n")
    for folder in args.first_contact:
        fresh = first_contact_rows(folder)
        table, floor, worst = evaluate(fresh, fitted)
        body += (f"\nOn first contact ({folder.as_posix().split('benchmarks/')[-1]}: {len(fresh)} blind-labelled findings of "
                 f"{len({r['project'] for r in fresh})} projects nobody had tuned on, at the commit they name): worst gap "
                 f"{worst:.0f} points; 90% precision from confidence {floor}.\n\n"
                 + markdown_table(["confidence", "findings", "mean confidence", "precision", "gap"], table) + "\n")
    print(body)
    if args.write:
        fitted["floor"] = floor
        TABLE.write_text(json.dumps(fitted, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        FROZEN.parent.mkdir(parents=True, exist_ok=True)
        FROZEN.write_text(json.dumps(test, indent=0) + "\n", encoding="utf-8")
        record_section("calibration", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
