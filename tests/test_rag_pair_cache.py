"""The all-pairs cache: the same pairs as a full computation, reused when nothing changed,
patched for the changed cards only, recomputed when damaged (pure logic, no model, no LanceDB)."""

from __future__ import annotations

import numpy as np

from reviewer.rag.pair_cache import cached_all_pairs
from test_rag_similarity import DETAIL, build, row, unit


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


def weights_corpus(z_words: list[str]):
    """x and y: close cards sharing rare words, an unchanged pair near the threshold, whose score
    depends on how rare `shared` is over the whole index; z, far from both, may use it too."""
    rows = [row("x", [], 5, ["VOCAB:shared", "VOCAB:common", "VOCAB:xonly"]),
            row("y", [], 5, ["VOCAB:shared", "VOCAB:common", "VOCAB:yonly"]),
            row("z", [], 5, [f"VOCAB:{w}" for w in z_words], body_hash="z-" + "-".join(z_words))]
    vectors = [unit(1, 0, 0), unit(0.81, np.sqrt(1 - 0.81**2), 0), unit(0, 0, 1)]
    for i in range(30):
        rows.append(row(f"noise{i:02d}", [], 5, ["VOCAB:common"] if i < 10 else [f"VOCAB:n{i}"]))
        vectors.append(unit(0, -1, 0.1 * i))
    return rows, vectors


def test_a_change_elsewhere_that_moves_the_word_weights_rescores_unchanged_pairs(tmp_path):
    """Vocabulary weights (IDF) are whole-index properties: z starting (or ceasing) to use the word
    x and y share moves their pair across the threshold; the incremental result is the cold one."""
    for before, after in ((["zonly"], ["shared"]), (["shared"], ["zonly"])):
        path = tmp_path / f"pairs-{before[0]}.json"
        first, how = pairs_of(path, *weights_corpus(before), [])
        assert how == "full"
        rows, vectors = weights_corpus(after)
        patched, how = pairs_of(path, rows, vectors, [])
        assert how.startswith("incremental: 1 changed")
        cold = build(rows, vectors).all_pairs(min_score=0.6, max_per_function=8)
        assert ("x" in first) != ("x" in cold), "the pair must cross the threshold"
        assert patched == cold


def test_an_added_card_moves_every_weight(tmp_path):
    """One more card changes the count in every weight: kept pairs carry their new vocabulary."""
    path = tmp_path / "pairs.json"
    rows, vectors = weights_corpus(["zonly"])
    pairs_of(path, rows, vectors, [])
    rows.append(row("new", [], 5, ["VOCAB:shared"]))
    vectors.append(unit(0, 0.3, 1))
    patched, how = pairs_of(path, rows, vectors, [])
    assert how.startswith("incremental: 1 changed, 0 removed")
    assert patched == build(rows, vectors).all_pairs(min_score=0.6, max_per_function=8)


def test_an_incremental_run_scores_only_what_may_have_moved(tmp_path, monkeypatch):
    """The pairs of the changed card, the kept pairs and the new candidates; not the candidates that
    scored under the threshold with inputs no change touched."""
    from reviewer.rag.similarity import SimilarityIndex, pairs_floor

    path = tmp_path / "pairs.json"
    pairs_of(path, *corpus(), [])
    rows, vectors = corpus(changed_body=True)
    scored: list[tuple[int, int]] = []
    original = SimilarityIndex.score_pair
    monkeypatch.setattr(SimilarityIndex, "score_pair", lambda self, i, j, **k: scored.append((i, j)) or original(self, i, j, **k))
    pairs_of(path, rows, vectors, [])
    index = build(rows, vectors)
    changed = index.position["f2m1"]
    candidates = index.candidate_pairs(pairs_floor(0.6))
    assert {p for p in candidates if changed in p} <= set(scored) < candidates
