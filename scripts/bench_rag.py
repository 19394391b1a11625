#!/usr/bin/env python
"""Benchmark the RAG core and record the table in docs/benchmarks.md (section `rag`).

Measures: embedding texts/s, cards indexed/s, p50 search latency at 1k/10k/100k cards
(synthetic vectors), incremental re-index after one file changes in a 1,000-file
repository, and similarity quality on benchmarks/dup_pairs for the embedding alone,
the structure alone and the combined score.

    python scripts/bench_rag.py            # everything (several minutes on 2 cores)
    python scripts/bench_rag.py --quick    # skips the 100k and 1,000-file parts
    python scripts/bench_rag.py --only reindex   # only the re-index rows (about 2 minutes)
    python scripts/bench_rag.py --only quality   # the dup-pair quality tables alone (about a minute)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from reviewer.analysis.resolve import ProjectIndex  # noqa: E402
from reviewer.analysis.testcode import test_case_spans  # noqa: E402
from reviewer.config import Config  # noqa: E402
from reviewer.schema.cards import FunctionCard, card_id  # noqa: E402
from reviewer.rag.embedder import SentenceTransformerEmbedder  # noqa: E402
from reviewer.rag.indexer import index_repository  # noqa: E402
from reviewer.rag.similarity import DEFAULT_MIN_SCORE, SimilarityIndex, calibrated_meaning  # noqa: E402
from reviewer.rag.store import CardStore, CardStructure  # noqa: E402
from reviewer.scan import scan_repository  # noqa: E402
from reviewer.workspace import Workspace  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchlib, also when imported by a test
from benchlib import record_section  # noqa: E402

DOCS = REPO / "docs" / "benchmarks.md"
PAIRS = REPO / "benchmarks" / "dup_pairs"
WORDS = ("parse load user account order invoice cache token retry fetch render list table index "
         "search filter merge split group count total average format date path file config key value").split()


def resolver(scan, root: Path):
    """Calls resolved through imports, as the pipeline hands them to the indexer."""
    return ProjectIndex.build(scan, root).resolve_callee


def p50(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


# -- speed -------------------------------------------------------------------------------


def bench_embedding(embedder, n: int = 512) -> float:
    rng = np.random.default_rng(1)
    texts = [f"fn_{i} " + " ".join(rng.choice(WORDS, size=int(rng.integers(40, 60)))) for i in range(n)]
    embedder.embed(texts[:8])
    start = time.perf_counter()
    embedder.embed(texts)
    return n / (time.perf_counter() - start)


def synthetic_repo(root: Path, files: int, functions: int = 3) -> None:
    for i in range(files):
        body = []
        for j in range(functions):
            word = WORDS[(i * functions + j) % len(WORDS)]
            body.append(
                f"def {word}_{i}_{j}(items, limit={j}):\n"
                f'    """{word.capitalize()} the items of batch {i} up to the limit."""\n'
                f"    out = []\n    for item in items[:limit]:\n        if item:\n            out.append(item * {i + j})\n    return out\n"
            )
        path = root / f"pkg{i // 100}" / f"mod_{i}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n\n".join(body), encoding="utf-8")


def bench_indexing(embedder, tmp: Path, files: int = 150) -> tuple[float, int]:
    root = tmp / "index_speed"
    synthetic_repo(root, files)
    config = Config()
    scan = scan_repository(root, config)
    report = index_repository(root, config, scan, resolver(scan, root), embedder=embedder, test_cases=test_case_spans)
    return report.cards_added / report.seconds, report.cards_added


def synthetic_store(tmp: Path, rows: int) -> CardStore:
    root = tmp / f"search_{rows}"
    store = CardStore(Workspace(root), "all-MiniLM-L6-v2", 384)
    rng = np.random.default_rng(rows)
    step = 20_000
    for start in range(0, rows, step):
        count = min(step, rows - start)
        vectors = rng.normal(size=(count, 384)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        cards = [
            FunctionCard(id=card_id(f"f{k}.py", 1, 2), file_path=f"f{k // 5}.py", name=f"f{k}", qualified_name=f"f{k}",
                         kind="function", language="python", line_start=1, line_end=2, signature=f"f{k}()",
                         summary="s", key_concepts=["a", "b", "c"], behavioral_profile="pure", complexity_score=1,
                         body_hash=str(k))
            for k in range(start, start + count)
        ]
        structures = [CardStructure(list(rng.integers(0, 2**32, size=30, dtype=np.uint64)), 40) for _ in cards]
        store.add(cards, vectors, structures, ["t"] * count)
    store.optimize(force=True)
    return store


def bench_search(tmp: Path, sizes: list[int]) -> list[tuple[int, float, float, float]]:
    out = []
    for size in sizes:
        store = synthetic_store(tmp, size)
        rng = np.random.default_rng(0)
        queries = rng.normal(size=(30, 384)).astype(np.float32)
        store.search(queries[0], 10)
        lance = []
        for q in queries:
            start = time.perf_counter()
            store.search(q / np.linalg.norm(q), 10)
            lance.append(time.perf_counter() - start)
        start = time.perf_counter()
        index = SimilarityIndex.load(store)
        load = time.perf_counter() - start
        memory = []
        for k in range(30):
            start = time.perf_counter()
            index.find_similar(index.ids[k * 7], 8, 0.5)
            memory.append(time.perf_counter() - start)
        out.append((size, p50(lance), p50(memory), load))
    return out


EDITED_FILE = "pkg3/mod_345.py"


def edit_body(root: Path, n: int) -> None:
    """Change a loop body only: every card text (name, signature, docstring, concepts) stays the same."""
    target = root / EDITED_FILE
    text = re.sub(r"out\.append\(item \* \d+( \+ \d+)?\)", f"out.append(item * 345 + {n})", target.read_text(), count=1)
    target.write_text(text, encoding="utf-8")


def edit_signature(root: Path, n: int) -> None:
    """Add a parameter to the first function: its card text changes, so one text misses the vector cache."""
    target = root / EDITED_FILE
    text = re.sub(r"\(items, limit=0[^)]*\)", f"(items, limit=0, strict_{n}=False)", target.read_text(), count=1)
    target.write_text(text, encoding="utf-8")


def cold_index(root: Path, backend: str | None = None) -> tuple[float, str]:
    """Wall time of a fresh `reviewer index ROOT` process, and its summary line."""
    env = dict(os.environ)
    if backend:
        env["REVIEWER_EMBED_BACKEND"] = backend
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "reviewer.cli", "index", str(root)], check=True,
                          capture_output=True, text=True, env=env)
    return time.perf_counter() - start, done.stdout.strip().splitlines()[-1]


PHASES = """
import json, sys, time
start = time.perf_counter()
from pathlib import Path
from reviewer.analysis.resolve import ProjectIndex
from reviewer.analysis.testcode import test_case_spans
from reviewer.config import Config
from reviewer.rag.indexer import index_repository
from reviewer.scan import scan_repository
if __name__ == "__main__":
    phases = {"imports": time.perf_counter() - start}
    root, config = Path(sys.argv[1]), Config()
    mark = time.perf_counter()
    scan = scan_repository(root, config)
    phases["scan"] = time.perf_counter() - mark
    mark = time.perf_counter()
    import lancedb
    phases["import lancedb"] = time.perf_counter() - mark
    mark = time.perf_counter()
    resolve = ProjectIndex.build(scan, root).resolve_callee  # as `reviewer index` does
    report = index_repository(root, config, scan, resolve, test_cases=test_case_spans)
    phases["index"] = time.perf_counter() - mark
    print(json.dumps(phases))
"""


def cold_phases(root: Path) -> dict[str, float]:
    """Where a cold re-index spends its time (same steps as `reviewer index`, timed one by one)."""
    script = root.parent / "phases.py"  # a file, not -c: the scan's forkserver re-imports __main__
    script.write_text(PHASES, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script), str(root)], check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def bench_incremental(tmp: Path, files: int = 1000, repeats: int = 3) -> dict:
    """Re-index after one file changes in a `files`-file repository, with the default embedder.

    In process: scan + a fresh `load_embedder` (so a model load is paid when a text
    misses the cache) + index_repository; lancedb is already imported. Cold: the
    `reviewer index` command in a new process, everything included. Medians of `repeats`.
    """
    from reviewer.rag.embedder import load_embedder

    root = tmp / "incremental"
    synthetic_repo(root, files)
    config = Config()
    start = time.perf_counter()
    scan = scan_repository(root, config)
    full = index_repository(root, config, scan, resolver(scan, root), embedder=load_embedder(config.rag.model), test_cases=test_case_spans)
    out: dict = {"files": files, "cards": full.cards_added, "full": time.perf_counter() - start}
    serial = iter(range(1, 10_000))
    for kind, edit in (("body", edit_body), ("signature", edit_signature)):
        totals, indexing, loads, embedded = [], [], [], []
        for _ in range(repeats):
            edit(root, next(serial))
            start = time.perf_counter()
            scan = scan_repository(root, config)
            embedder = load_embedder(config.rag.model)
            report = index_repository(root, config, scan, resolver(scan, root), embedder=embedder, test_cases=test_case_spans)
            totals.append(time.perf_counter() - start)
            indexing.append(report.seconds)
            loads.append(embedder.loads)
            embedded.append(report.texts_embedded)
        cold = []
        for _ in range(repeats):
            edit(root, next(serial))
            cold.append(cold_index(root)[0])
        out[kind] = {"warm": statistics.median(totals), "index": statistics.median(indexing), "loads": max(loads),
                     "embedded": max(embedded), "cold": statistics.median(cold), "backend": embedder.backend}
    # The same signature edit through sentence-transformers (torch import + model load), for comparison.
    torch_cold = []
    for _ in range(repeats):
        edit_signature(root, next(serial))
        torch_cold.append(cold_index(root, "sentence-transformers")[0])
    out["signature_torch_cold"] = statistics.median(torch_cold)
    edit_signature(root, next(serial))
    out["phases"] = cold_phases(root)
    out["load_average"] = os.getloadavg()[0]  # the machine is shared: cold timings move with it
    return out


def incremental_rows(inc: dict) -> list[str]:
    body, sig = inc["body"], inc["signature"]
    return [
        f"| full index of {inc['files']:,} files ({inc['cards']:,} cards, {sig['backend']} embedder, empty vector cache) | {inc['full']:.1f} s |",
        f"| re-index after 1 file changed, body-only edit (card texts unchanged), in process: scan + index | "
        f"{body['warm']:.2f} s (index {body['index']:.2f} s; {body['embedded']} texts embedded, {body['loads']} model loads) |",
        f"| re-index after 1 file changed, signature edit, in process: scan + model load + index | "
        f"{sig['warm']:.2f} s (index {sig['index']:.2f} s; {sig['embedded']} text embedded, {sig['loads']} model load) |",
        f"| re-index after 1 file changed, cold `reviewer index` process, body-only edit / signature edit "
        f"(1-min load average {inc['load_average']:.1f} on {os.cpu_count()} cores) | {body['cold']:.2f} s / {sig['cold']:.2f} s |",
        f"| re-index after 1 file changed, cold `reviewer index`, signature edit, REVIEWER_EMBED_BACKEND=sentence-transformers | "
        f"{inc['signature_torch_cold']:.1f} s |",
        "| re-index after 1 file changed, cold, signature edit, where the time goes: "
        + ", ".join(inc["phases"]) + " | " + " + ".join(f"{v:.2f}" for v in inc["phases"].values()) + " s |",
    ]


INCREMENTAL_ROW_PREFIXES = ("| full index of ", "| re-index after ", "| same, cold ")


def record_incremental(rows: list[str]) -> None:
    """Replace only the re-index rows of the recorded rag table (for `--only reindex`)."""
    text = DOCS.read_text(encoding="utf-8")
    match = re.search(r"<!-- bench:rag -->.*?<!-- /bench:rag -->", text, re.DOTALL)
    if match is None:
        raise SystemExit("docs/benchmarks.md has no rag section yet: run the full benchmark first")
    lines = match.group(0).splitlines()
    old = [i for i, line in enumerate(lines) if line.startswith(INCREMENTAL_ROW_PREFIXES)]
    at = old[0] if old else max(i for i, line in enumerate(lines) if line.startswith("| search p50")) + 1
    kept = [line for i, line in enumerate(lines) if i not in set(old)]
    kept[at:at] = rows
    DOCS.write_text(text[: match.start()] + "\n".join(kept) + text[match.end() :], encoding="utf-8")


# -- quality -----------------------------------------------------------------------------


def load_pairs(index: SimilarityIndex) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    manifest = json.loads((PAIRS / "pairs.json").read_text())
    where = {(r["file_path"], r["qualified_name"]): i for i, r in enumerate(index.rows)}

    def locate(ref: str) -> int:
        path, name = ref.split(":")
        return where[(path, name)]

    positives = [(locate(p["a"]), locate(p["b"])) for p in manifest["positives"]]
    decoys = [(locate(p["a"]), locate(p["b"])) for p in manifest["decoys"]]
    return positives, decoys


def score_matrix(index: SimilarityIndex) -> dict[str, np.ndarray]:
    n = len(index)
    meaning = np.zeros((n, n))
    structure = np.zeros((n, n))
    combined = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            parts = index.score_pair(i, j)
            meaning[i, j] = meaning[j, i] = parts.meaning
            structure[i, j] = structure[j, i] = parts.structure or 0.0
            combined[i, j] = combined[j, i] = parts.score
    np.fill_diagonal(meaning, -1)
    np.fill_diagonal(structure, -1)
    np.fill_diagonal(combined, -1)
    return {"embedding alone": meaning, "structure alone": structure, "combined": combined}


def quality(scores: np.ndarray, positives, decoys, threshold: float) -> dict[str, float]:
    ranks = []
    for a, b in positives:
        for q, t in ((a, b), (b, a)):
            row = scores[q]
            ranks.append(1 + int(np.sum(row > row[t])))
    ranks = np.array(ranks)
    positive_set = {tuple(sorted(p)) for p in positives}
    decoy_set = {tuple(sorted(p)) for p in decoys}
    iu = np.triu_indices(len(scores), 1)
    flagged = {(int(i), int(j)) for i, j in zip(*iu) if scores[i, j] >= threshold}
    tp = len(flagged & positive_set)
    return {
        "recall@1": float(np.mean(ranks <= 1)), "recall@5": float(np.mean(ranks <= 5)), "mrr": float(np.mean(1 / ranks)),
        "precision": tp / len(flagged) if flagged else 1.0, "recall": tp / len(positive_set),
        "decoys_flagged": len(flagged & decoy_set), "flagged": len(flagged),
    }


def best_f1(scores: np.ndarray, positives, decoys) -> tuple[float, dict]:
    best = (0.0, -1.0, {})
    for t in np.arange(0.30, 1.0, 0.01):
        q = quality(scores, positives, decoys, float(t))
        f1 = 2 * q["precision"] * q["recall"] / (q["precision"] + q["recall"]) if q["precision"] + q["recall"] else 0
        if f1 > best[1] + 1e-9:
            best = (float(t), f1, q)
    return best[0], best[2]


def bench_quality(embedder, tmp: Path):
    root = tmp / "dup_pairs"
    shutil.copytree(PAIRS, root)
    config = Config()
    scan = scan_repository(root, config)
    index_repository(root, config, scan, resolver(scan, root), embedder=embedder, test_cases=test_case_spans)
    index = SimilarityIndex.load(CardStore(Workspace(root), embedder.name, embedder.dimension))
    positives, decoys = load_pairs(index)
    matrices = score_matrix(index)
    # Raw cosine is not on the combined scale: the embedding-alone row uses the same calibration.
    calibrated = np.vectorize(calibrated_meaning)(matrices["embedding alone"])
    np.fill_diagonal(calibrated, -1)
    matrices["embedding alone"] = calibrated
    rows = []
    for name, matrix in matrices.items():
        at_default = quality(matrix, positives, decoys, DEFAULT_MIN_SCORE)
        threshold, at_best = best_f1(matrix, positives, decoys)
        rows.append((name, at_default, threshold, at_best))
    sweep = [(round(t, 2), quality(matrices["combined"], positives, decoys, float(t))) for t in np.arange(0.5, 0.96, 0.05)]
    return len(index), len(positives), len(decoys), rows, sweep


# -- output ------------------------------------------------------------------------------


def quality_lines(n_cards: int, n_pos: int, n_dec: int, rows, sweep, mode: str) -> str:
    lines = []
    if mode:
        lines.append(f"Quality part re-measured by `python scripts/bench_rag.py {mode}` ({time.strftime('%Y-%m-%d')}).\n")
    lines.append(f"Similarity quality on benchmarks/dup_pairs: {n_cards} functions, {n_pos} duplicate pairs "
                 f"(Python and TypeScript), {n_dec} decoy pairs; every other pair is a negative. "
                 "Ranks are of the partner among all other functions, both directions. "
                 f"P/R at the default threshold {DEFAULT_MIN_SCORE} (embedding alone: cosine calibrated to the same scale).\n")
    lines.append("| scorer | recall@1 | recall@5 | MRR | precision @default | recall @default | decoys flagged @default | best-F1 threshold: P / R / decoys |")
    lines.append("|---|---|---|---|---|---|---|---|")
    for name, q, t, best in rows:
        lines.append(f"| {name} | {q['recall@1']:.2f} | {q['recall@5']:.2f} | {q['mrr']:.2f} | {q['precision']:.2f} | {q['recall']:.2f} | "
                     f"{q['decoys_flagged']}/{n_dec} | {t:.2f}: {best['precision']:.2f} / {best['recall']:.2f} / {best['decoys_flagged']} |")
    lines.append("\nCombined score, threshold sweep:\n\n| min_score | flagged pairs | precision | recall | decoys flagged |\n|---|---|---|---|---|")
    for t, q in sweep:
        lines.append(f"| {t:.2f} | {q['flagged']} | {q['precision']:.2f} | {q['recall']:.2f} | {q['decoys_flagged']} |")
    return "\n".join(lines)


QUALITY_START = "(?:Quality part re-measured.*?\\n\\n)?Similarity quality on benchmarks/dup_pairs"


def record_quality(quality_part: str) -> None:
    """Replace only the quality paragraph and tables of the rag section (the speed rows stay)."""
    text = DOCS.read_text(encoding="utf-8") if DOCS.exists() else ""
    pattern = re.compile(QUALITY_START + r".*?(?=<!-- /bench:rag -->)", re.DOTALL)
    if not pattern.search(text):
        raise SystemExit("docs/benchmarks.md has no rag quality part yet: run the full benchmark once")
    DOCS.write_text(pattern.sub(lambda _: quality_part.rstrip() + "\n", text), encoding="utf-8")


def record(section: str) -> None:
    record_section("rag", section)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 100k-card and 1,000-file measurements")
    parser.add_argument("--no-record", action="store_true", help="print only; do not touch docs/benchmarks.md")
    parser.add_argument("--only", choices=["quality", "reindex"],
                        help="run one part; `quality` records only the quality tables, `reindex` only the re-index rows")
    args = parser.parse_args()
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    tmp = Path(tempfile.mkdtemp(prefix="bench_rag_"))
    if args.only == "reindex":
        try:
            rows = incremental_rows(bench_incremental(tmp))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        print("\n".join(rows))
        if not args.no_record:
            record_incremental(rows)
        return
    lines = []
    try:
        # Speed with the backend users get (numpy, int8 weights); quality with the reference
        # implementation, as the dup_pairs table has always been measured.
        if args.only != "quality":
            from reviewer.rag.embedder import load_embedder

            start = time.perf_counter()
            users = load_embedder(Config().rag.model)
            users.embed(["load"])
            load_seconds = time.perf_counter() - start
            texts_per_s = bench_embedding(users)
            cards_per_s, cards = bench_indexing(users, tmp)
            sizes = [1_000, 10_000] + ([] if args.quick else [100_000])
            search = bench_search(tmp, sizes)
            incremental = None if args.quick else bench_incremental(tmp)
        n_cards, n_pos, n_dec, rows, sweep = bench_quality(SentenceTransformerEmbedder(), tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    quality_part = quality_lines(n_cards, n_pos, n_dec, rows, sweep, "--only quality" if args.only else "")
    if args.only == "quality":
        print(quality_part)
        if not args.no_record:
            record_quality(quality_part)
        return

    lines.append(f"Machine: {os.cpu_count()} cores; model all-MiniLM-L6-v2 (384-d) on CPU; LanceDB {__import__('lancedb').__version__}.")
    lines.append("Command: `python scripts/bench_rag.py`" + (" --quick" if args.quick else "") + f" ({time.strftime('%Y-%m-%d')})\n")
    lines.append("| measure | value |\n|---|---|")
    lines.append(f"| first use: load the model ({users.backend} backend, as users get it) | {load_seconds:.1f} s |")
    lines.append(f"| embedding (512 texts of 40-60 words, batch 64) | {texts_per_s:.0f} texts/s |")
    lines.append(f"| indexing from scratch (scan excluded; {cards} cards, empty vector cache) | {cards_per_s:.0f} cards/s |")
    for size, lance_ms, memory_ms, load in search:
        lines.append(f"| search p50 at {size:,} cards: LanceDB top-10 / in-memory find_similar (load {load:.2f} s) | {lance_ms:.1f} ms / {memory_ms:.1f} ms |")
    if incremental:
        lines.extend(incremental_rows(incremental))
    lines.append("")
    lines.append(quality_part)
    table = "\n".join(lines)
    print(table)
    if not args.no_record:
        record(table)


if __name__ == "__main__":
    main()
