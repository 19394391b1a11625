"""Can features of the code alone tell the duplicates a maintainer acts on from the rest? A learned check.

    python scripts/fit_duplicates.py \
        --round benchmarks/first-contact/round4=/trees/round4 ... --round benchmarks/first-contact/round8=/trees/round8 \
        [--rows rows.jsonl]

Each `--round LABELS_DIR=TREES_DIR` names a folder of blind first-contact labels and the folder holding
each labelled project's tree (TREES_DIR/<project>, at the labelled commit). For every tree the script
runs the analysis of this checkout in-process (static reviewer, RAG off), keeps every duplicate it would
report, matches it to its label (file, symbol; a block of top-level code by its first line), and
describes it by features of the two copies' text: the clone kind, the span, how many copies, whether
they share a file or folder, literal and identifier overlap, the share of lines equal, word for word
after the rename, control flow and calls, markup, top-level code. It then fits a logistic regression
per kind of code (production, tests), leaving one round out at a time, and prints the precision kept
and the TRUE findings lost at each threshold, and each feature's precision above and below its median.

Measured on rounds 1-8 (2026-11-28, duplicates as ca9fe98 reported them): leave-one-round-out precision of production duplicates moved from
0.60 to 0.62-0.63 at a cost of 38 to 214 of 541 TRUE findings, 0.40 to 0.41 on round 8: the features
the static evidence has do not separate worthwhile duplicates. The one that did, across every round, is
top-level code (production: 12 of 53 right on rounds 1-7, 6 of 39 on round 8): duplicate/module-repeat.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_STRING = re.compile(r'''"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`''')
_NUMBER = re.compile(r"\b\d+(?:\.\d+)?\b")
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
_CALL = re.compile(r"[\w$\])]\s*\(")
_CONTROL = re.compile(r"^(if|elif|else|for|while|try|except|catch|switch|case|return|await|raise|throw|with)\b")
_KEYWORDS = frozenset("if else elif for while return def class function const let var import from export async await "
                      "try except catch finally with as in is not and or None True False null undefined true false "
                      "new this self raise throw yield break continue pass lambda switch case default typeof "
                      "instanceof of".split())
KINDS = ("identical", "renamed", "near-miss", "contained", "block")


def collect(root: Path, labels: list[dict]) -> list[dict]:
    """Every duplicate this checkout reports on `root`, with its label (None if unlabelled) and both texts."""
    from reviewer.config import load_config
    from reviewer.pipeline import RunOptions, prepare
    from reviewer.ui import UI

    prepared = prepare(root, load_config(root), RunOptions(no_cache=True), UI(plain=True), reviewer="static")
    contexts = prepared.contexts
    by_place: dict[tuple, list[dict]] = {}
    for label in labels:
        if label["axis"] == "duplication":
            by_place.setdefault((label["file"], label["symbol"]), []).append(label)
    texts: dict[str, list[str]] = {}

    def lines_of(path: str) -> list[str]:
        if path not in texts:
            try:
                texts[path] = (root / path).read_text(errors="replace").splitlines()
            except OSError:
                texts[path] = []
        return texts[path]

    rows = []
    for path in contexts.inputs:
        _, evidence, _ = contexts.inputs[path]
        clones = [(key[1], clone) for key, found in evidence.duplicates.items() for clone in found]
        clones += [(None, clone) for clone in evidence.module_duplicates]
        for symbol, clone in clones:
            if not clone.report:
                continue
            candidates = by_place.get((path, symbol), [])
            if symbol is None:
                candidates = [lab for lab in candidates if abs(lab["line"] - clone.lines[0]) <= 3]
            label = min(candidates, key=lambda lab: abs(lab["line"] - clone.lines[0]))["label"] if candidates else None
            rows.append(dict(file=path, symbol=symbol, kind=clone.kind, test=clone.test_code, members=len(clone.members),
                             keep_file=clone.keep.file_path, keep_name=clone.keep.name, label=label,
                             copy_text=lines_of(path)[clone.lines[0] - 1:clone.lines[1]],
                             keep_text=lines_of(clone.keep.file_path)[clone.other_lines[0] - 1:clone.other_lines[1]]))
    return rows


def _code(lines: list[str]) -> list[str]:
    stripped = (line.strip() for line in lines)
    return [line for line in stripped if line and not line.startswith(("#", "//", "/*", "*", "*/"))]


def _jaccard(a, b) -> float:
    a, b = set(a), set(b)
    return len(a & b) / len(a | b) if a | b else 1.0


def features(row: dict) -> dict[str, float]:
    a, b = _code(row["copy_text"]), _code(row["keep_text"])
    name = (row["symbol"] or "").rpartition(".")[2]
    other = (row["keep_name"] or "").rpartition(".")[2]
    text_a, text_b = "\n".join(a), "\n".join(b)
    literals_a = _STRING.findall(text_a) + _NUMBER.findall(text_a)
    literals_b = _STRING.findall(text_b) + _NUMBER.findall(text_b)
    words_a = [w for w in _IDENTIFIER.findall(_STRING.sub("", text_a)) if w not in _KEYWORDS]
    words_b = [w for w in _IDENTIFIER.findall(_STRING.sub("", text_b)) if w not in _KEYWORDS]
    span = min(len(a), len(b))
    found = {f"kind_{kind}": float(row["kind"] == kind) for kind in KINDS}
    found.update(
        log_span=math.log(max(1, span)), short=float(span < 10), copies=math.log(max(2, row["members"] or 2)),
        same_file=float(row["file"] == row["keep_file"]),
        same_folder=float(row["file"].rpartition("/")[0] == row["keep_file"].rpartition("/")[0]),
        literals_shared=_jaccard(literals_a, literals_b), has_literals=float(bool(literals_a or literals_b)),
        names_shared=_jaccard(words_a, words_b),
        lines_equal=sum((Counter(a) & Counter(b)).values()) / max(1, len(a), len(b)),
        word_for_word=float([line.replace(name, other) if name else line for line in a] == b),
        control=sum(1 for line in a if _CONTROL.match(line)) / max(1, len(a)),
        calls=sum(1 for line in a if _CALL.search(line)) / max(1, len(a)),
        markup=float(row["file"].endswith((".tsx", ".jsx", ".vue", ".html"))),
        top_level=float(row["symbol"] is None))
    return found


def _fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 3000, rate: float = 0.1):
    weights, bias = np.zeros(x.shape[1]), 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ weights + bias)))
        weights -= rate * (x.T @ (p - y) / len(y) + l2 * weights / len(y))
        bias -= rate * (p - y).mean()
    return weights, bias


def report(rows: list[dict]) -> None:
    labelled = [r for r in rows if r["label"] in ("TRUE", "FALSE")]
    for test in (False, True):
        part = [r for r in labelled if r["test"] == test]
        if len(part) < 20:
            continue
        table = [features(r) for r in part]
        names = list(table[0])
        x = np.array([[f[n] for n in names] for f in table])
        y = np.array([r["label"] == "TRUE" for r in part], dtype=float)
        scaled = (x - x.mean(0)) / (x.std(0) + 1e-9)
        rounds = np.array([r["round"] for r in part])
        print(f"== {'test' if test else 'production'} code: {len(part)} labelled duplicates, precision {y.mean():.2f}")
        for j, name in enumerate(names):
            high = x[:, j] > np.median(x[:, j])
            if high.any() and (~high).any():
                print(f"   {name:16} above its median {y[high].mean():.2f} (n={int(high.sum())}), "
                      f"at or below {y[~high].mean():.2f} (n={int((~high).sum())})")
        predicted = np.zeros(len(y))
        for held in sorted(set(rounds)):
            train = rounds != held
            weights, bias = _fit(scaled[train], y[train])
            predicted[~train] = 1 / (1 + np.exp(-(scaled[~train] @ weights + bias)))
        for threshold in (0.4, 0.5, 0.6, 0.7):
            kept = predicted >= threshold
            print(f"   leave one round out, kept from {threshold}: precision "
                  f"{y[kept].mean() if kept.any() else 0:.2f} ({int(y[kept].sum())}/{int(kept.sum())}), "
                  f"TRUE lost {int(y[~kept].sum())} of {int(y.sum())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--round", action="append", default=[], metavar="LABELS_DIR=TREES_DIR")
    parser.add_argument("--rows", type=Path, help="JSON lines of collected rows: read if present, else written")
    args = parser.parse_args()
    if args.rows and args.rows.exists():
        rows = [json.loads(line) for line in args.rows.read_text().splitlines()]
    else:
        rows = []
        for spec in args.round:
            labels_dir, _, trees_dir = spec.partition("=")
            number = int(re.sub(r"\D", "", Path(labels_dir).name) or 0)
            for labels_file in sorted(Path(labels_dir).glob("*.labels.json")):
                data = json.loads(labels_file.read_text())
                tree = Path(trees_dir) / data["project"]
                if not tree.is_dir() or not any(lab["axis"] == "duplication" for lab in data["labels"]):
                    continue
                found = collect(tree, data["labels"])
                for row in found:
                    row["round"], row["project"] = number, data["project"]
                rows.extend(found)
                print(f"round {number} {data['project']}: {len(found)} duplicates, "
                      f"{sum(r['label'] is not None for r in found)} labelled", file=sys.stderr)
        if args.rows:
            args.rows.write_text("".join(json.dumps(r) + "\n" for r in rows))
    report(rows)


if __name__ == "__main__":
    main()
