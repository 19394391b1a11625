"""The all-pairs cache: the same pairs as a full computation, reused when nothing changed,
patched for the changed cards only, recomputed when damaged (pure logic, no model, no LanceDB)."""

from __future__ import annotations

import numpy as np

from reviewer.rag.pair_cache import cached_all_pairs
from test_rag_similarity import BASE, DETAIL, build, row, unit


def corpus(changed_body: bool = False):
    """Clone families (renamed copies, close cards) and noise; `changed_body` rewrites one member."""
    rows, vectors = [], []
    for family in range(6):
        shingles = range(100 * family + 1000, 100 * family + 1040)
        for member in range(3):
            card = f"f{family}m{member}"
            body = range(5000, 5040) if changed_body and card == "f2m1" else shingles
            rows.append(row(card, body, 44, DETAIL + [f"VOCAB:word{family}"], body_hash=f"{card}-{changed_body and card == 'f2m1'}"))
            vectors.append(unit(1, family, 0.1 * member))
    rows += [row(f"noise{i}", range(90000 + 50 * i, 90000 + 50 * i + 30), 34) for i in range(20)]
    vectors += [unit(-1, 0.3 * i, 5) for i in range(20)]
    return rows, vectors


def pairs_of(path, rows, vectors, calls):
    def load():
        calls.append(1)
        return build(rows, vectors)
    return cached_all_pairs(path, rows, load, min_score=0.6, max_per_function=8)


def test_cached_then_incremental_then_damaged(tmp_path):
    path = tmp_path / "pairs.json"
    rows, vectors = corpus()
    calls: list[int] = []
    first, how = pairs_of(path, rows, vectors, calls)
    assert how == "full" and first == build(rows, vectors).all_pairs(min_score=0.6, max_per_function=8)
    assert first, "the corpus must have similar pairs"

    again, how = pairs_of(path, rows, vectors, calls)
    assert how == "cached" and again == first and len(calls) == 1  # the index is not even loaded

    rows2, vectors2 = corpus(changed_body=True)
    patched, how = pairs_of(path, rows2, vectors2, calls)
    assert how.startswith("incremental: 1 changed")
    assert patched == build(rows2, vectors2).all_pairs(min_score=0.6, max_per_function=8)
    assert patched != first

    path.write_text('{"version": 1, "key": "x", "pairs": [[1')  # damaged: computed again, no traceback
    repaired, how = pairs_of(path, rows2, vectors2, calls)
    assert how == "full" and repaired == patched


def test_removed_and_added_cards(tmp_path):
    path = tmp_path / "pairs.json"
    rows, vectors = corpus()
    pairs_of(path, rows, vectors, [])
    keep = [k for k, r in enumerate(rows) if r["id"] != "f1m0"]
    rows2 = [rows[k] for k in keep] + [row("f1m9", range(1100, 1140), 44, DETAIL + ["VOCAB:word1"])]
    vectors2 = [vectors[k] for k in keep] + [unit(1, 1, 0.05)]
    patched, how = pairs_of(path, rows2, vectors2, [])
    assert how.startswith("incremental: 1 changed, 1 removed")
    assert patched == build(rows2, vectors2).all_pairs(min_score=0.6, max_per_function=8)
    assert "f1m0" not in patched and "f1m9" in patched
