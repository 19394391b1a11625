#!/usr/bin/env python
"""Embedding speed of the default backend against this machine's physical limit, recorded
in docs/benchmarks.md (section `embedding`).

The texts are real card texts: the static FunctionCards of a corpus (by default the
Python standard library this interpreter runs on), as the indexer embeds them, a fixed
sample of them. The limit is measured in the same run: the best float32 matmul GFLOP/s
of one core on the shapes of the model's linear layers, times the cores. A token costs
the model's linear layers 2 x their weights in FLOPs (all-MiniLM-L6-v2: 21.2 MFLOP);
attention and padding are not useful work, so the limit is GFLOP/s / FLOP per token.

These machines are shared: another process often holds a core, so the wall-clock rate
says what we got, and the rate per CPU-second (the process's CPU time) says how well
we use a core, whatever the others do. Both are printed, with the cores used.

    python scripts/bench_embed.py                # measure and print
    python scripts/bench_embed.py --record       # also record the table
    python scripts/bench_embed.py --texts FILE   # card texts from a JSON list (written by --save-texts)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import sysconfig
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import machine_line, markdown_table, record_section  # noqa: E402

SAMPLE = 2000  # texts: a first index embeds thousands of them in the same way
MATMUL_ROWS = 4096  # tokens in one product, the size of a batch of card texts


def card_texts(corpus: Path, sample: int) -> list[str]:
    """A fixed, evenly spread sample of the distinct card texts of `corpus`'s functions."""
    from reviewer.analysis.resolve import ProjectIndex
    from reviewer.config import Config
    from reviewer.rag.static_cards import cards_for_file
    from reviewer.scan import scan_repository

    scan = scan_repository(corpus, Config())
    resolve = ProjectIndex.build(scan, corpus).resolve_callee
    texts = sorted({card.embedding_text() for facts in scan.files for card in cards_for_file(facts, resolve)})
    step = max(1, len(texts) // sample)
    return texts[::step][:sample]


def matmul_gflops(hidden: int, intermediate: int, repeats: int = 10) -> float:
    """Best float32 GFLOP/s of one core on (tokens x hidden) @ (hidden x intermediate), the up
    projection: per CPU-second of this thread (single-threaded BLAS computes in it), the best of
    several runs, so that time the core spends on other processes does not count."""
    from threadpoolctl import threadpool_limits

    rng = np.random.default_rng(0)
    a = rng.standard_normal((MATMUL_ROWS, hidden), dtype=np.float32)
    b = rng.standard_normal((hidden, intermediate), dtype=np.float32)
    best = float("inf")
    with threadpool_limits(1, "blas"):
        a @ b
        for _ in range(repeats):
            start = time.thread_time()
            a @ b
            best = min(best, time.thread_time() - start)
    return 2 * MATMUL_ROWS * hidden * intermediate / best / 1e9


def flops_per_token(shape, intermediate: int) -> float:
    """Multiply-adds x 2 of the linear layers per token: QKV, output, up and down projections."""
    h = shape.hidden_size
    return 2.0 * shape.layers * (4 * h * h + 2 * h * intermediate)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=Path(sysconfig.get_paths()["stdlib"]))
    parser.add_argument("--texts", type=Path, help="card texts from this JSON list instead of a corpus")
    parser.add_argument("--save-texts", type=Path, help="write the card texts as a JSON list")
    parser.add_argument("--sample", type=int, default=SAMPLE)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--record", action="store_true", help="record the table in docs/benchmarks.md")
    args = parser.parse_args()

    texts = json.loads(args.texts.read_text()) if args.texts else card_texts(args.corpus, args.sample)
    if args.save_texts:
        args.save_texts.write_text(json.dumps(texts))
    from reviewer.rag.embedder import DEFAULT_MODEL, load_embedder
    from reviewer.rag.indexer import CHUNK_CARDS

    embedder = load_embedder(DEFAULT_MODEL, backend="numpy")
    started = time.perf_counter()
    embedder.embed(texts[:1])
    load_seconds = time.perf_counter() - started
    bert = embedder.model._bert
    intermediate = bert.layers[0].up_w.shape[1]
    per_token = flops_per_token(bert.shape, intermediate)
    tokens = sum(len(ids) for ids in bert.token_ids(texts))

    peak = matmul_gflops(bert.shape.hidden_size, intermediate)
    # All texts in one call (sorted by length inside), and as the indexer calls it: a chunk of
    # CHUNK_CARDS cards at a time, in the order of the files (here a fixed shuffle).
    shuffled = random.Random(0).sample(texts, len(texts))
    chunks = [shuffled[a : a + CHUNK_CARDS] for a in range(0, len(shuffled), CHUNK_CARDS)]
    times: dict[str, list[tuple[float, float]]] = {"one call": [], "chunks": []}
    for _ in range(args.repeats):  # interleaved, so both see the same machine
        for mode, calls in (("one call", [texts]), ("chunks", chunks)):
            started, cpu = time.perf_counter(), time.process_time()
            for call in calls:
                embedder.embed(call)
            times[mode].append((time.perf_counter() - started, time.process_time() - cpu))
    peak = max(peak, matmul_gflops(bert.shape.hidden_size, intermediate))  # after, too: the machine drifts
    cores = os.cpu_count() or 1
    wall = statistics.median(w for w, _ in times["one call"])
    cpu = statistics.median(c for _, c in times["one call"])
    chunks_wall = statistics.median(w for w, _ in times["chunks"])
    chunks_cpu = statistics.median(c for _, c in times["chunks"])
    limit = cores * peak
    per_cpu_second = tokens * per_token / cpu / 1e9
    chunks_per_cpu_second = tokens * per_token / chunks_cpu / 1e9

    rows = [
        ["card texts", f"{len(texts):,} ({tokens:,} tokens, mean {tokens / len(texts):.0f}; "
                       f"{'from ' + str(args.corpus) if not args.texts else 'sample of the standard library'})"],
        ["model load + first text", f"{load_seconds:.2f} s"],
        [f"embedding all in one call, median of {args.repeats}", f"{wall:.1f} s: **{len(texts) / wall:.0f} texts/s, "
                                                  f"{tokens / wall:,.0f} tokens/s**, {cpu / wall:.2f} cores busy"],
        [f"embedding in the indexer's calls ({CHUNK_CARDS} texts each)",
         f"{chunks_wall:.1f} s: {len(texts) / chunks_wall:.0f} texts/s, {tokens / chunks_wall:,.0f} tokens/s"],
        ["float32 matmul, one core's best per CPU-second now", f"{peak:.0f} GFLOP/s"],
        ["useful work per token (linear layers)", f"{per_token / 1e6:.1f} MFLOP"],
        [f"physical limit ({cores} cores)", f"{limit:.0f} GFLOP/s = {limit * 1e9 / per_token:,.0f} tokens/s "
                                             f"({limit * 1e9 / per_token / (tokens / len(texts)):.0f} texts/s)"],
        ["achieved, wall clock", f"{tokens * per_token / wall / 1e9:.0f} GFLOP/s = "
                                 f"**{100 * tokens * per_token / wall / 1e9 / limit:.0f}%** of the limit"],
        ["achieved per CPU-second (a core's share): one call / the indexer's calls",
         f"{per_cpu_second:.0f} / {chunks_per_cpu_second:.0f} GFLOP/s = **{100 * per_cpu_second / peak:.0f}%** / "
         f"**{100 * chunks_per_cpu_second / peak:.0f}%** of a core's peak"],
    ]
    table = markdown_table(["measure", "value"], rows)
    print(table)
    if args.record:
        record_section("embedding", "## Embedding speed against the physical limit (`scripts/bench_embed.py`)\n\n"
                       f"{machine_line()}; default backend (numpy, int8 weights dequantized once).\n\n{table}\n")


if __name__ == "__main__":
    main()
