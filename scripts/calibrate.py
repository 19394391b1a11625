"""Fit the calibrated confidence of each rule and report how it holds on projects that had no say in
the fit.

    python scripts/bench_real.py --offline --skip-peers --no-mutation --no-record --json out.json
    python scripts/calibrate.py out.json $(for n in $(seq 2 16); do
        echo --first-contact benchmarks/first-contact/round$n; done) \
        --fresh benchmarks/first-contact/round17 --cross-rounds
    (add --write for reviewer/review/calibration.json, the frozen held-out slices, docs/benchmarks.md)

Two sources of labels. The corpus (benchmarks/real/) is large, but every corpus project had a say in
the rules, so its precision overstates what a new project meets. First-contact rounds
(benchmarks/first-contact/roundN/) are blind labels of projects nobody had tuned on, each at the
commit before that round's fixes: what a new user meets, but few labels per rule.

The fit takes each from where it is strong: the *shape* (how precision moves with the raw confidence
band) from the corpus's training split (a third of its projects, by a hash of the name, held out), the
*level* of each rule from the first-contact training rounds (shrunk toward its axis by SHRINK labels;
a rule they never saw gets its axis's first-contact discount). Within a rule the fitted confidence
never falls as the raw confidence rises (pool-adjacent-violators over the bands). It is reported on
the corpus's held-out third and on the `--fresh` round, labelled at a commit before any of this fit.
The default floor (analysis.finding_floor: under it a verdict is a candidate, not a finding) is the lowest
confidence band from which every band was at least 90% right on every first-contact round scored by a fit
that left it out (`--cross-rounds`), else on the fresh round.
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
from reviewer.review.calibration import (  # noqa: E402
    BANDS, TABLE, band_of, calibrated, clears_floor, family_of, finding_floor)

MIN_LABELS = 8
SHRINK = 5  # labels' weight of the axis's precision in each rule's fitted value
FROZEN = ROOT / "benchmarks" / "real" / "calibration" / "heldout.json"
FROZEN_FRESH = ROOT / "benchmarks" / "real" / "calibration" / "fresh.json"
FAMILIES = ("python", "js")  # reviewer.review.calibration.family_of
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
                         "label": bool(row["label"]), "axis": row["axis"],
                         "family": family_of(row["file"]) if row.get("file") else None})
    return rows


def current_rule(rule: str, symbol: str | None) -> str:
    """A label's rule in today's taxonomy: a DEAD method was `dead/no-root` until methods got a rule of
    their own (their callers may go untyped), so a dotted name labelled under the old rule maps to it."""
    if rule == "dead/no-root" and symbol and "." in symbol:
        return "dead/untyped-receiver-method"
    return rule


def first_contact_rows(folder: Path) -> list[dict]:
    """A round's blind labels with the raw confidence of the finding at the round's commit (labels of
    rounds before rule ids, or whose finding was not matched, have none and are left out; so are items
    left unlabelled)."""
    rows = []
    for path in sorted(folder.glob("*.labels.json")):
        for label in json.loads(path.read_text(encoding="utf-8"))["labels"]:
            # no raw confidence beside the shown one: the rule was not calibrated then, it showed its raw one
            raw = label.get("raw_confidence") if label.get("raw_confidence") is not None else label.get("confidence")
            if label.get("rule") and raw is not None and label.get("label") in ("TRUE", "FALSE"):
                rows.append({"project": path.name.split(".")[0], "rule": current_rule(label["rule"], label.get("symbol")),
                             "raw": int(raw), "label": label["label"] == "TRUE",
                             "axis": label["axis"], "family": family_of(label["file"])})
    return rows


def _precisions(rows: list[dict]) -> tuple[dict, dict, dict]:
    """(per rule: {"all"|band: [true, n]}, per axis: [true, n], rule -> axis)."""
    counts: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    by_axis: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        by_axis[row["axis"]][0] += row["label"]
        by_axis[row["axis"]][1] += 1
        for key in ("all", band_of(row["raw"])):
            counts[row["rule"]][key][0] += row["label"]
            counts[row["rule"]][key][1] += 1
        if row.get("family"):
            counts[f"{row['rule']}@{row['family']}"]["all"][0] += row["label"]
            counts[f"{row['rule']}@{row['family']}"]["all"][1] += 1
    return counts, by_axis, {row["rule"]: row["axis"] for row in rows}


def _shrunk(true: int, n: int, prior: float) -> float:
    return (true + SHRINK * prior) / (n + SHRINK)


def _monotone(values: list[tuple[float, int]]) -> list[float]:
    """Pool adjacent violators: the closest non-decreasing sequence, weighted by label counts."""
    blocks: list[list[float]] = []  # [value, weight, size]
    for value, weight in values:
        blocks.append([value, max(weight, 1), 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            v2, w2, n2 = blocks.pop()
            v1, w1, n1 = blocks.pop()
            blocks.append([(v1 * w1 + v2 * w2) / (w1 + w2), w1 + w2, n1 + n2])
    return [value for value, _, size in blocks for _ in range(size)]


def fit(rows: list[dict], fresh: list[dict] | None = None) -> dict:
    """Per rule and band: the corpus training precision of the band (shrunk toward its axis by SHRINK
    labels' weight), scaled to the rule's first-contact precision when `fresh` (first-contact training
    labels) is given; non-decreasing over the bands; at most 99."""
    counts, by_axis, axis_of = _precisions(rows)
    fc_counts, fc_axis, fc_axis_of = _precisions(fresh or [])
    rules = {}
    for rule in sorted(set(axis_of) | set(fc_axis_of)):
        axis = axis_of.get(rule) or fc_axis_of[rule]
        corpus_prior = by_axis[axis][0] / by_axis[axis][1] if by_axis[axis][1] else None
        corpus = {key: _shrunk(true, n, corpus_prior) for key, (true, n) in counts.get(rule, {}).items()
                  if n >= MIN_LABELS and corpus_prior is not None}
        level = corpus.get("all")
        if fresh:
            true_axis, n_axis = fc_axis.get(axis, (0, 0))
            if n_axis and fc_counts.get(rule, {}).get("all", [0, 0])[1]:
                true, n = fc_counts[rule]["all"]
                level = _shrunk(true, n, true_axis / n_axis)
            elif n_axis and level is not None and corpus_prior:
                level = level * (true_axis / n_axis) / corpus_prior
        if level is None:
            continue
        scale = level / corpus["all"] if corpus.get("all") else 1.0
        bands = [f"{low}-{high}" for low, high in BANDS if corpus.get(f"{low}-{high}") is not None]
        shaped = _monotone([(corpus[band] * scale, counts[rule][band][1]) for band in bands])
        fitted = {band: round(100 * min(value, 0.99), 1) for band, value in zip(bands, shaped)}
        fitted["all"] = round(100 * min(level, 0.99), 1)
        rules[rule] = fitted
        for family in FAMILIES:  # a family with labels enough: its own level, the rule's shape
            true, n = fc_counts.get(f"{rule}@{family}", {}).get("all", [0, 0])
            if n >= MIN_LABELS:
                own = _shrunk(true, n, level)
                rules[f"{rule}@{family}"] = {band: round(min(value * own / level, 99.0), 1) if level else value
                                             for band, value in fitted.items()}
    labels = {rule: counts.get(rule, {}).get("all", [0, 0])[1] + fc_counts.get(rule, {}).get("all", [0, 0])[1]
              for rule in rules}  # a family's entry: its first-contact labels
    return {"rules": rules, "labels": labels}


def evaluate(rows: list[dict], fitted: dict) -> tuple[list[list[str]], int | None, float]:
    """Held-out rows grouped by the confidence the fitted table gives them: mean confidence against
    the observed precision; the floor; the worst gap (points) over bands of 20 labels or more."""
    return evaluate_scored([(calibrated(row["rule"], row["raw"], fitted, row.get("family")), row["label"]) for row in rows])


def cross_rounds(train: list[dict], rounds: dict[str, list[dict]]) -> tuple[list[tuple[int, bool, str]], dict[str, float]]:
    """Each first-contact round scored by a fit that never saw it (the corpus shape, the other rounds'
    levels): (confidence, label, axis) of every label, and each round's worst gap alone. One round is six
    or seven projects, whose precision swings with their shapes; pooled, the rounds say whether the
    confidence is right on average on projects that had no say in it."""
    scored, gaps = [], {}
    for name, held in rounds.items():
        fitted = fit(train, [row for other, rows in rounds.items() if other != name for row in rows])
        mine = [(calibrated(row["rule"], row["raw"], fitted, row.get("family")), row["label"], row["axis"]) for row in held]
        gaps[name] = evaluate_scored([(c, label) for c, label, _ in mine])[2]
        scored += mine
    return scored, gaps


def evaluate_scored(scored: list[tuple[int, bool]]) -> tuple[list[list[str]], int | None, float]:
    """evaluate() of (confidence, label) pairs already scored."""
    bands: dict[tuple[int, int], list[tuple[int, bool]]] = defaultdict(list)
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
    # The floor: the lowest band from which every band of 20 findings or more was 90% right, and the
    # findings above it together too. Not the lowest confidence from which findings together were 90%
    # right: a band of 97% above lets one of 77% in, and a finding shown at 83 would be right 77% of the time.
    floor = None
    for low, _high in reversed(SHOWN_BANDS):
        above = [(c, label) for c, label in scored if c >= low]
        band = [label for c, label in above if c <= _high]
        if len(band) >= 20 and sum(band) / len(band) < 0.9:
            break
        if len(above) >= 10 and sum(label for _, label in above) / len(above) >= 0.9:
            floor = low
    return table, floor, worst


def _section(title: str, rows: list[dict], fitted: dict) -> tuple[str, int | None]:
    """A held-out set's table, overall and per axis, with its floor and worst gap."""
    table, floor, worst = evaluate(rows, fitted)
    parts = [f"{title}: {len(rows)} labelled findings of {len({r['project'] for r in rows})} projects; worst gap over "
             f"bands of 20+ findings {worst:.0f} points; precision of 90% or more from confidence "
             f"{floor if floor is not None else 'none'}.\n\n"
             + markdown_table(["confidence", "findings", "mean confidence", "precision", "gap"], table)]
    for axis in sorted({r["axis"] for r in rows}):
        axis_table, axis_floor, axis_worst = evaluate([r for r in rows if r["axis"] == axis], fitted)
        if axis_table:
            parts.append(f"*{axis}* ({sum(int(t[1]) for t in axis_table)} findings; 90% from "
                         f"{axis_floor if axis_floor is not None else 'none'}; worst gap {axis_worst:.0f} points)\n\n"
                         + markdown_table(["confidence", "findings", "mean confidence", "precision", "gap"], axis_table))
    return "\n\n".join(parts), floor


def split_text(folder: Path) -> str:
    """A round's labels as the shipped table splits them: findings (confidence at the floor or above, of a
    measured rule) and candidates, each group's right/labelled and how many would break the code."""
    floor = finding_floor()
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for path in sorted(folder.glob("*.labels.json")):
        for label in json.loads(path.read_text(encoding="utf-8"))["labels"]:
            if label.get("label") not in ("TRUE", "FALSE") or label["axis"] not in ("utility", "duplication", "overengineering"):
                continue
            raw = label["raw_confidence"] if label.get("raw_confidence") is not None else label["confidence"]
            family = family_of(label["file"])
            shown = clears_floor(label["rule"], calibrated(label["rule"], raw, family=family), family, floor)
            group = {"utility": "DEAD", "overengineering": "OVER"}.get(label["axis"]) or (
                "DUPLICATE, tests" if label.get("test_code") else "DUPLICATE, production")
            cell = counts[(group, "findings" if shown else "candidates")]
            cell[0] += label["label"] == "TRUE"
            cell[1] += 1
            cell[2] += bool(label.get("breaks"))
    rows = [[group, kind, f"{right}/{n} ({right / n:.2f})", str(breaks)]
            for (group, kind), (right, n, breaks) in sorted(counts.items())]
    return f"{folder.name} at the floor {floor}:\n\n" + markdown_table(["group", "listed as", "right", "would break"], rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path, nargs="?", help="bench_real.py --json output (not with --split)")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--first-contact", type=Path, action="append", default=[], metavar="DIR",
                        help="a first-contact round used for the fit (each rule's level): blind labels of projects "
                             "nobody had tuned on, at the commit before that round's fixes")
    parser.add_argument("--cross-rounds", action="store_true",
                        help="also score each --first-contact round with a fit that leaves it out, and pool them")
    parser.add_argument("--fresh", type=Path, action="append", default=[], metavar="DIR",
                        help="a first-contact round held out of the fit: the figure that says whether confidence "
                             "means what it says on a new project")
    parser.add_argument("--split", type=Path, action="append", default=[], metavar="DIR",
                        help="print how a round's labels split into findings and candidates under the shipped "
                             "table and floor, per group, and stop (no fit)")
    args = parser.parse_args(argv)
    if args.split:
        for folder in args.split:
            print(split_text(folder))
        return 0
    if args.results is None:
        parser.error("the bench_real.py --json output is needed for a fit")
    rows = labelled_rows(json.loads(args.results.read_text(encoding="utf-8")))
    train = [r for r in rows if not held_out(r["project"])]
    test = [r for r in rows if held_out(r["project"])]
    fc_train = [r for folder in args.first_contact for r in first_contact_rows(folder)]
    fresh = [r for folder in args.fresh for r in first_contact_rows(folder)]
    fitted = fit(train, fc_train)
    rounds = ", ".join(folder.name for folder in args.first_contact) or "none"
    body = ("## calibration\n\n"
            f"`python scripts/calibrate.py` (see its docstring for the command): shape fitted on {len(train)} labelled "
            f"corpus findings of {len({r['project'] for r in train})} projects, level on {len(fc_train)} first-contact "
            f"labels (rounds: {rounds}).\n\n")
    floor = floor_cv = None
    if fresh:
        text, floor = _section(f"**On first contact, held out** ({', '.join(f.name for f in args.fresh)}, labelled at "
                               "a commit before this fit)", fresh, fitted)
        body += text + "\n\n"
    if args.cross_rounds:
        scored, gaps = cross_rounds(train, {folder.name: first_contact_rows(folder) for folder in args.first_contact})
        table, floor_cv, worst = evaluate_scored([(c, label) for c, label, _ in scored])
        body += (f"**Each first-contact round held out in turn** ({len(scored)} labels, each scored by a fit without its "
                 f"round; pooled worst gap over bands of 20+ findings {worst:.0f} points; 90% or more from confidence "
                 f"{floor_cv if floor_cv is not None else 'none'}; each round alone, worst gap: "
                 + ", ".join(f"{name} {gap:.0f}" for name, gap in gaps.items()) + ").\n\n"
                 + markdown_table(["confidence", "findings", "mean confidence", "precision", "gap"], table) + "\n\n")
    text, corpus_floor = _section("**On the corpus's held-out third** (projects that had a say in the rules: "
                                  "expect precision above the confidence)", test, fitted)
    body += text + "\n"
    print(body)
    if args.write:
        # The floor: from every first-contact round held out in turn when asked (thousands of labels of
        # dozens of projects), else the fresh round's, else the corpus's held-out third's.
        fitted["floor"] = floor_cv if floor_cv is not None else floor if fresh else corpus_floor
        TABLE.write_text(json.dumps(fitted, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        FROZEN.parent.mkdir(parents=True, exist_ok=True)
        FROZEN.write_text(json.dumps(test, indent=0) + "\n", encoding="utf-8")
        if fresh:
            FROZEN_FRESH.write_text(json.dumps(fresh, indent=0) + "\n", encoding="utf-8")
        record_section("calibration", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
