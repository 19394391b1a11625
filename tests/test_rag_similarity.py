"""Similarity scoring on hand-built rows and vectors (pure logic, no model, no LanceDB)."""

from __future__ import annotations

import sys

import numpy as np

from reviewer.background import Background
from reviewer.rag import similarity as similarity_module
from reviewer.rag.similarity import CANDIDATES, MATCH_FIELDS, MIN_STRUCT_TOKENS, SimilarityIndex, combine


def views(detail) -> dict:
    """Typed structural columns from a short notation: "CALL:f", "VOCAB:w", "BEHAV:job",
    "BEHAVCOV:family:share"; anything else is a literal/operator token."""
    out = {"literals": [], "alpha_grams": [], "calls": [], "vocabulary": [], "jobs": [], "job_coverage": 0.0, "family": ""}
    for token in detail:
        kind, _, value = token.partition(":")
        if kind == "CALL":
            out["calls"].append(value)
        elif kind == "VOCAB":
            out["vocabulary"].append(value)
        elif kind == "BEHAV":
            out["jobs"].append(value)
        elif kind == "BEHAVCOV":
            family, _, share = value.rpartition(":")
            out["family"], out["job_coverage"] = family, float(share)
        else:
            out["literals"].append(token)
    return out


def row(card_id, shingles, tokens, detail=(), body_hash=None):
    return {
        "id": card_id, "file_path": f"{card_id}.py", "name": card_id, "qualified_name": card_id,
        "line_start": 1, "line_end": 9, "summary": f"about {card_id}", "body_hash": body_hash or f"h-{card_id}",
        "shingles": list(shingles), "token_count": tokens, **views(detail),
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


def test_same_shape_calling_different_functions_is_not_a_copy():
    rows = [row("reorder", BASE, 44, DETAIL + ["CALL:needs_reorder", "CALL:sorted"]),
            row("overstock", BASE, 44, DETAIL + ["CALL:is_overstocked", "CALL:sorted"]),
            row("copy", BASE, 44, DETAIL + ["CALL:needs_reorder", "CALL:sorted"])]
    index = build(rows, [unit(1, 0, 0)] * 3)
    hits = {h.id: h for h in index.find_similar("reorder", min_score=0.0)}
    assert hits["copy"].clone_kind == "renamed" and hits["copy"].score >= 0.95
    assert hits["overstock"].score < 0.5 and hits["overstock"].clone_kind != "renamed"


def _vocabulary_rows(extra_a=(), extra_b=(), sig_a="def a(lines)", sig_b="def b(lines)", qa="a", qb="b"):
    shared = ["VOCAB:unitprice", "VOCAB:quantity", "VOCAB:product", "VOCAB:round"]
    rows = [row(qa, range(0, 30), 34, ["OP:+=#1"] + shared + list(extra_a)),
            row(qb, range(500, 530), 34, ["OP:*#1"] + shared + list(extra_b))]
    rows[0]["signature"], rows[1]["signature"] = sig_a, sig_b
    # Unrelated functions give the words their rarity (IDF).
    rows += [row(f"n{i}", range(1000 * (i + 1), 1000 * (i + 1) + 30), 34, [f"VOCAB:w{i}", "VOCAB:round"]) for i in range(30)]
    return rows


def test_shared_rare_vocabulary_lifts_a_semantic_duplicate_but_not_a_contract_mismatch():
    angle = 0.62  # cosine of the two cards: below what meaning alone needs
    vectors = [unit(1, 0, 0), unit(angle, (1 - angle**2) ** 0.5, 0)] + [unit(0, 0, 1)] * 30
    plain = build(_vocabulary_rows(), vectors).score_pair(0, 1)
    assert plain.vocabulary > 0.9 and plain.score >= 0.6 > combine(angle, plain.structure)
    typed = build(_vocabulary_rows(sig_a="def a(lines: list[Line]) -> float", sig_b="def b(item: Line) -> float"), vectors)
    assert typed.score_pair(0, 1).score < 0.6  # different inputs: vocabulary proves nothing
    siblings = build(_vocabulary_rows(qa="Repo.get", qb="Repo.all"), vectors)
    siblings.rows[1]["file_path"] = siblings.rows[0]["file_path"]
    assert siblings.score_pair(0, 1).score < 0.6  # one class's methods share its fields by design


def test_a_wrapper_is_not_a_duplicate_of_the_function_it_calls():
    rows = [row("load_lines", range(0, 30), 34, ["VOCAB:path"]), row("read_orders", range(0, 3), 4, ["CALL:load_lines", "VOCAB:path"])]
    rows[0]["name"], rows[1]["name"] = "load_lines", "read_orders"
    index = build(rows, [unit(1, 0, 0), unit(1, 0.05, 0)])  # nearly the same card text
    assert index.score_pair(0, 1).score == 0.0


# -- behaviour: the jobs scan.behaviour reads in each body --------------------------------------

def _jobs(*jobs, coverage=1.0, family="python"):
    return [f"BEHAV:{j}" for j in jobs] + [f"BEHAVCOV:{family}:{coverage:.2f}"]


def test_same_job_in_two_idioms_is_a_semantic_clone_even_for_short_far_apart_functions():
    rows = [row("loop", range(0, 12), 15, ["NUM:0#1", "OP:+=#1"] + _jobs("sum|item quantity|||arg1")),
            row("reduce", range(50, 60), 12, ["NUM:0#1", "OP:+#1"] + _jobs("sum|item quantity|||arg1"))]
    rows += [row(f"n{i}", range(1000 * (i + 1), 1000 * (i + 1) + 12), 15) for i in range(40)]
    vectors = [unit(1, 0, 0), unit(0, 1, 0)] + [unit(1, 1.2, 0.01 * i) for i in range(40)]  # noise is closer (cos ~0.6)
    index = build(rows, vectors)
    hit = index.find_similar("loop", max_results=1)[0]
    assert hit.id == "reduce" and hit.behaviour == "same" and hit.clone_kind == "semantic"
    assert hit.structure == 0.8 and hit.score >= 0.8 and hit.meaning == 0.0
    assert [h.id for h in index.all_pairs()["reduce"]] == ["loop"]


def test_jobs_of_one_family_that_differ_cap_a_close_meaning_below_the_threshold():
    for a, b in [("any|item||item days late greater than 0|arg1", "all|item||item days late greater than 0|arg1"),
                 ("sum|item weight|||arg1", "sum|item volume|||arg1"),
                 ("largest|item|item weight||arg1", "smallest|item|item weight||arg1"),
                 ("sort ascending|item|item||arg1", "sort descending|item|item||arg1"),
                 ("count|item||item equals arg2|arg1", "count|item||item differs from arg2|arg1")]:
        index = build([row("a", [], 14, _jobs(a)), row("b", [], 14, _jobs(b))], [unit(1, 0, 0), unit(1, 0.05, 0)])
        parts = index.score_pair(0, 1)
        assert parts.behaviour == "differs" and parts.score < 0.6 < combine(parts.meaning, None), (a, b)


def test_jobs_say_nothing_when_they_are_a_small_part_of_a_body_or_across_languages():
    vectors = [unit(1, 0, 0), unit(0, 1, 0)]
    partial = build([row("avg", [], 14, _jobs("sum|item|||arg1", coverage=0.4)), row("total", [], 14, _jobs("sum|item|||arg1"))], vectors)
    assert partial.score_pair(0, 1).behaviour is None and partial.score_pair(0, 1).score == 0.0
    other_language = build([row("py", [], 14, _jobs("sum|item|||arg1")),
                            row("ts", [], 14, _jobs("sum|item|||arg1", family="ecmascript"))], vectors)
    assert other_language.score_pair(0, 1).behaviour is None
    other_data = build([row("a", [], 14, _jobs("sum|item|||self amounts")), row("b", [], 14, _jobs("sum|item|||self points"))],
                       [unit(1, 0, 0), unit(1, 0.05, 0)])
    assert other_data.score_pair(0, 1).behaviour is None  # one job over other data: the cards decide
    alike = build([row("a", [], 14, _jobs("sort ascending|item|item score||arg1")), row("b", [], 14, _jobs("smallest|item|item score||arg1"))],
                  [unit(1, 0, 0), unit(1, 0.05, 0)])
    assert alike.score_pair(0, 1).behaviour is None  # `sorted(xs, key=f)[0]` is `min(xs, key=f)`


PY_JOBS = '''\
def units(lines):
    """Units across lines."""
    if not lines:
        raise ValueError("no lines")
    count = 0
    for line in lines:
        count += line.quantity
    return count


def units_sold(rows):
    return reduce(lambda n, row: n + row.quantity, rows, 0)


def any_late(invoices):
    for invoice in invoices:
        if invoice.days_late > 0:
            return True
    return False


def all_late(bills):
    return all(bill.days_late > 0 for bill in bills)


def mean(values):
    return sum(values) / len(values)


def report(orders, path):
    total = sum(orders)
    with open(path, "w") as out:
        out.write(str(total))
        out.write(render_header(orders))
        out.write(render_rows(orders))
    notify(path)
    return path
'''

TS_JOBS = '''\
export function countItems(lines: Line[]): number {
  let n = 0;
  for (let i = 0; i < lines.length; i++) {
    n += lines[i].quantity;
  }
  return n;
}

export function unitsSold(lines: Line[]): number {
  return lines.map((l) => l.quantity).reduce((a, q) => a + q, 0);
}
'''


def test_jobs_read_from_real_sources_rank_idioms_together_and_keep_opposites_apart(tmp_path):
    from reviewer.config import Config
    from reviewer.rag.indexer import structures_for
    from reviewer.scan import scan_repository

    (tmp_path / "jobs.py").write_text(PY_JOBS)
    (tmp_path / "jobs.ts").write_text(TS_JOBS)
    rows = []
    for facts in scan_repository(tmp_path, Config(), workers=1).files:
        structures = structures_for(facts)
        for s in facts.symbols:
            st = structures[(s.line_start, s.line_end)]
            rows.append({**row(s.qualified_name, st.shingles, st.token_count), **st.columns(), "file_path": facts.path})
    index = build(rows, [unit(1, 0.01 * k, 0) for k in range(len(rows))])  # every card alike: the bodies decide
    at = {r["id"]: k for k, r in enumerate(rows)}
    assert index.score_pair(at["units"], at["units_sold"]).behaviour == "same"  # guard + loop vs reduce
    assert index.score_pair(at["countItems"], at["unitsSold"]).behaviour == "same"  # index loop vs map/reduce
    assert index.score_pair(at["units"], at["countItems"]).behaviour is None  # Python cannot call TypeScript
    assert index.score_pair(at["any_late"], at["all_late"]).behaviour == "differs"
    assert index.score_pair(at["any_late"], at["all_late"]).score < 0.6
    assert index.jobs[at["mean"]].coverage < 0.75  # the sum is half of `sum(values) / len(values)`
    assert index.jobs[at["report"]].coverage < 0.75  # one sum among file writes
    assert index.score_pair(at["mean"], at["report"]).behaviour is None


def test_rows_without_a_vector_are_left_out_of_meaning_searches_and_pairs():
    rng = np.random.default_rng(3)
    vectors = rng.normal(size=(40, 8)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    vectors[5:40:3] = 0.0  # not embedded (a trivial body, a test case)
    rows = [row(f"f{k}", [], 5) for k in range(40)]
    index = build(rows, vectors)
    full = np.triu(vectors @ vectors.T, 1)
    for floor in (0.2, 0.5):
        expected = {(int(i), int(j)) for i, j in zip(*np.nonzero(full >= floor))}
        assert index.candidate_pairs(floor) == expected
    assert index._meaning_neighbours(5, 8) == []  # a row with no vector has no meaning neighbours
    near = index._meaning_neighbours(0, 8)
    assert near and not any(k in range(5, 40, 3) for k in near)
    assert index._hit(0, 5, index.score_pair(0, 5)).meaning is None
    assert index._hit(0, 1, index.score_pair(0, 1)).meaning is not None


def test_meaning_candidates_are_each_functions_nearest_not_every_close_pair():
    """Template-like code: hundreds of generated functions whose cards are all alike. Every pair is
    above the floor, but each function brings only its CANDIDATES nearest (ties to the lower row),
    so the pairs grow with the functions, not with their square; a lone close pair is still one."""
    rng = np.random.default_rng(5)
    base = unit(*rng.normal(size=16))
    alike = [base + 0.01 * rng.normal(size=16).astype(np.float32) for _ in range(300)]
    vectors = np.stack([v / np.linalg.norm(v) for v in alike] + [unit(*([0.0] * 15 + [1.0]))] * 2)
    rows = [row(f"g{k:03d}", [], 40) for k in range(302)]
    index = build(rows, vectors)
    pairs = index.candidate_pairs(0.9)
    sims = vectors @ vectors.T
    np.fill_diagonal(sims, -np.inf)
    nearest = {i: set(np.lexsort((np.arange(302), -sims[i]))[:CANDIDATES].tolist()) for i in range(300)}
    expected = {(min(i, j), max(i, j)) for i in range(300) for j in nearest[i]}
    assert pairs == expected | {(300, 301)}
    assert 300 * CANDIDATES / 2 <= len(pairs) <= 300 * CANDIDATES < 300 * 299 / 2


def test_a_copy_without_a_vector_is_still_found_by_its_exact_shape():
    common = list(range(500, 530))  # shingles too common to be posted: only meaning would pair them
    rows = [row(f"t{k}", common, 40, DETAIL) for k in range(3)] + [row(f"u{k}", [k, k + 1], 40) for k in range(70)]
    # every other row shares the common shingles too, so each of them is over MAX_POSTING
    rows += [row(f"c{k}", common[:1] + [900 + k, 1000 + k], 40) for k in range(70)]
    rows += [row(f"d{k}", common[1:], 40, [f"NUM:{k}"]) for k in range(70)]
    vectors = [unit(1, 0, 0, 0)] * len(rows)
    vectors[0] = vectors[1] = np.zeros(4, dtype=np.float32)  # t0, t1: test cases, not embedded
    index = build(rows, vectors)
    t0, t1, t2 = index.position["t0"], index.position["t1"], index.position["t2"]
    assert {t1, t2} <= index.candidates(t0) and t0 in index.candidates(t2)
    pairs = index.candidate_pairs(0.99)
    assert (t0, t1) in pairs and (t0, t2) in pairs
    assert index.find_similar("t0")[0].clone_kind in ("identical", "renamed")
    # all embedded (or none: RAG off): no shape groups, the candidates are as before
    assert build(rows, [unit(1, 0, 0, 0)] * len(rows))._shape_group_of == {}


def test_score_bound_is_never_below_a_score_so_skipping_by_it_changes_no_pair(monkeypatch):
    """scored_pairs sets aside the pairs whose score_bound is under min_score: the bound must hold
    for every kind of pair (copies, decoys, inline helpers, same jobs, shared words, same body,
    trivial bodies), and for the score with full vocabulary support that the pair cache reads."""
    rng = np.random.default_rng(11)
    rows, vectors = [], []
    for i in range(70):
        family = i % 7
        size = int(rng.integers(3, 60))
        shingles = [family * 1000 + k for k in range(size) if (k + i) % 5]
        if i % 10 == 3:  # a helper's shapes inside a larger host (inline copies)
            shingles += [(family + 1) * 1000 + k for k in range(40)]
        detail = [f"NUM:{i % 3}#1", f"CALL:f{i % 4}", f"VOCAB:w{i % 6}", f"VOCAB:v{i % 9}", *_jobs(f"sum|x{i % 2}|||arg1",
                  coverage=0.9 if i % 4 else 0.2)]
        tokens = int(rng.integers(MIN_STRUCT_TOKENS - 5, 4 * MIN_STRUCT_TOKENS)) + (60 if i % 10 == 3 else 0)
        rows.append(row(f"f{i}", shingles, tokens, detail, body_hash=f"b{i % 23}"))
        vectors.append(unit(*(rng.normal(size=4) + [3 * (family == 0), 0, 0, 0])))
    index = build(rows, vectors)
    reached = 0
    for i in range(len(rows)):
        for j in range(i + 1, len(rows)):
            bound = index.score_bound(i, j)
            assert bound >= index.score_pair(i, j).score
            assert bound >= index.score_pair(i, j, support_ceiling=True).score
            reached += bound >= 0.6
    assert 0 < reached < len(rows) * (len(rows) - 1) // 2  # the bound sets some pairs aside, not all
    pairs = [(i, j) for i in range(len(rows)) for j in range(i + 1, len(rows))]
    kept, weighted = [], []
    for i, j in pairs:  # scored_pairs without the bound
        parts = index.score_pair(i, j)
        if parts.score >= 0.6:
            kept.append((index.ids[i], index.ids[j], index._hit(i, j, parts).model_dump(include=MATCH_FIELDS)))
        elif index.weight_sensitive(i, j, parts, 0.6):
            weighted.append((i, j))
    found: list = []
    assert index.scored_pairs(pairs, 0.6, found) == kept and found == weighted
    assert kept and weighted
    # Scored on two cores (a forked child takes every other pair): the same pairs in the same order.
    monkeypatch.setattr(similarity_module, "SPLIT_PAIRS", 2)
    forks: list = []
    real_enter = Background.__enter__

    def entered(job):
        real_enter(job)
        forks.append(job.pid)
        return job

    monkeypatch.setattr(Background, "__enter__", entered)
    found = []
    assert index.scored_pairs(pairs, 0.6, found, split=True) == kept and found == weighted
    assert [pid is not None for pid in forks] == [sys.platform.startswith("linux")]
    # The bounds computed on arrays: score_bound's before its rounding where they can reach the
    # floor (the shared shingles counted), above it elsewhere.
    floor = 0.5
    bounds = index._bounds(*np.array(pairs, dtype=np.int64).T, floor)
    exact = np.array([index.score_bound(i, j) for i, j in pairs])
    reachable = bounds >= floor
    assert np.all(np.abs(bounds[reachable] - exact[reachable]) <= 5e-5 + 1e-9)
    assert np.all(bounds >= exact - 5e-5 - 1e-9)
    assert 0 < reachable.sum() < len(pairs)
