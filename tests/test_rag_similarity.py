"""Similarity scoring on hand-built rows and vectors (pure logic, no model, no LanceDB)."""

from __future__ import annotations

import numpy as np

from reviewer.rag.similarity import MIN_STRUCT_TOKENS, SimilarityIndex, combine


def row(card_id, shingles, tokens, detail=(), body_hash=None):
    return {
        "id": card_id, "file_path": f"{card_id}.py", "name": card_id, "qualified_name": card_id,
        "line_start": 1, "line_end": 9, "summary": f"about {card_id}", "body_hash": body_hash or f"h-{card_id}",
        "shingles": list(shingles), "token_count": tokens, "detail": list(detail),
    }


def unit(*values):
    v = np.array(values, dtype=np.float32)
    return v / np.linalg.norm(v)


def build(rows, vectors):
    return SimilarityIndex(rows, np.stack(vectors).astype(np.float32))


BASE = range(100, 140)
DETAIL = ["NUM:0#1", "OP:+=#1"]


def test_renamed_copy_found_even_when_the_cards_are_far_apart_in_embedding_space():
    rows = [row("a", BASE, 44, DETAIL), row("b", BASE, 44, DETAIL)]
    rows += [row(f"noise{i}", range(1000 * i, 1000 * i + 30), 34) for i in range(1, 80)]
    vectors = [unit(1, 0, 0), unit(0, 1, 0)] + [unit(1, 0.05 * i, 0) for i in range(1, 80)]  # noise is closer to a
    index = build(rows, vectors)
    hits = index.find_similar("a", max_results=3, min_score=0.5)
    assert hits[0].id == "b" and hits[0].clone_kind == "renamed"
    assert hits[0].structure == 1.0 and hits[0].score >= 0.95 and hits[0].meaning < 0.1
    assert all(h.id != "a" for h in hits)


def test_decoy_with_other_operator_or_constant_scores_below_a_renamed_copy():
    rows = [row("a", BASE, 44, DETAIL), row("copy", BASE, 44, DETAIL), row("decoy", BASE, 44, ["NUM:1#1", "OP:*=#1"])]
    index = build(rows, [unit(1, 0, 0)] * 3)
    scores = {h.id: h for h in index.find_similar("a", min_score=0.0)}
    assert scores["copy"].score > scores["decoy"].score + 0.2
    assert scores["decoy"].clone_kind != "renamed"


def test_trivial_functions_do_not_match_structurally():
    getter = range(1, 4)
    rows = [row("get_x", getter, 4), row("get_y", getter, 4), row("pass1", [], 0, body_hash="same"), row("pass2", [], 0, body_hash="same")]
    index = build(rows, [unit(1, 0, 0, 0), unit(0, 1, 0, 0), unit(0, 0, 1, 0), unit(0, 0, 0, 1)])
    assert index.find_similar("get_x", min_score=0.3) == []
    assert index.find_similar("pass1", min_score=0.3) == []
    assert 4 < MIN_STRUCT_TOKENS


def test_identical_bodies_are_identical_clones():
    rows = [row("a", BASE, 44, DETAIL, body_hash="H"), row("b", BASE, 44, DETAIL, body_hash="H")]
    hit = build(rows, [unit(1, 0, 0), unit(0, 1, 0)]).find_similar("a")[0]
    assert hit.clone_kind == "identical" and hit.score == 1.0


def test_helper_reimplemented_inline_in_a_larger_function():
    helper = list(range(500, 540))
    host = helper + list(range(900, 960))
    rows = [row("helper", helper, 44, DETAIL), row("host", host, 104, DETAIL + ["NUM:80#1"])]
    index = build(rows, [unit(1, 0, 0), unit(0, 1, 0)])
    hit = index.find_similar("helper", min_score=0.7)[0]
    assert hit.id == "host" and hit.clone_kind == "inline"
    assert index.find_similar("host", min_score=0.7)[0].clone_kind == "inline"


def test_meaning_alone_needs_a_very_close_card():
    assert combine(0.99, None) > combine(0.8, None) > combine(0.55, None)
    assert combine(0.5, None) == 0.0
    assert combine(0.6, 1.0) == 1.0


def test_all_pairs_matches_one_query_per_function():
    rng = np.random.default_rng(7)
    rows, vectors = [], []
    for i in range(60):
        family = i % 12  # five functions share each family's shingles (with small edits)
        shingles = [family * 1000 + k for k in range(40) if (k + i) % 9]
        rows.append(row(f"f{i}", shingles, 44, DETAIL))
        vectors.append(unit(*rng.normal(size=8)))
    index = build(rows, vectors)
    pairs = index.all_pairs(min_score=0.6, max_per_function=10)
    for card_id in index.ids:
        single = {h.id: h.score for h in index.find_similar(card_id, max_results=10, min_score=0.6)}
        assert {h.id: h.score for h in pairs.get(card_id, [])} == single
    assert pairs  # the families are found
