"""Which member of a similar pair the review calls DUPLICATE, and which pairs are not
duplicates at all (pure logic over SimilarFunction hits, no index)."""

from __future__ import annotations

from reviewer.schema.review import SimilarFunction
from reviewer.analysis.duplicates import orient_duplicates


def hit(card_id: str, file: str, name: str, **parts) -> SimilarFunction:
    defaults = dict(score=0.9, structure=0.95, meaning=0.8, vocabulary=0.6, clone_kind="renamed")
    defaults.update(parts)
    return SimilarFunction(id=card_id, name=name, file_path=file, line_start=1, line_end=9, **defaults)


KEYS = {
    "a": ("src/util.py", "slugify"),
    "b": ("src/views.py", "make_handle"),
    "t": ("tests/test_util.py", "test_slugify"),
    "py": ("src/rng.py", "pick"),
    "ts": ("web/rng.ts", "pick"),
    "outer": ("src/m.py", "outer"),
    "inner": ("src/m.py", "outer.inner"),
}


def rank_by_path(key):
    return (key[0], key[1])


def both_ways(a: str, b: str, **parts) -> dict[str, list[SimilarFunction]]:
    return {a: [hit(b, *KEYS[b], **parts)], b: [hit(a, *KEYS[a], **parts)]}


def test_only_the_copy_is_flagged_and_points_at_the_one_to_keep() -> None:
    out = orient_duplicates(both_ways("a", "b"), KEYS, sizes={"a": 40, "b": 40}, rank=rank_by_path)
    assert list(out) == [KEYS["b"]]  # src/util.py ranks first: it is kept
    assert out[KEYS["b"]][0].name == "slugify"


def test_the_host_of_an_inline_copy_is_flagged_not_the_helper() -> None:
    out = orient_duplicates(both_ways("a", "b", clone_kind="inline"), KEYS, sizes={"a": 30, "b": 200}, rank=rank_by_path)
    assert list(out) == [KEYS["b"]]


def test_pairs_that_are_not_duplicates() -> None:
    sizes = {k: 40 for k in KEYS}
    # tests repeat themselves on purpose
    assert orient_duplicates(both_ways("a", "t"), KEYS, sizes, rank_by_path) == {}
    # Python cannot call TypeScript
    assert orient_duplicates(both_ways("py", "ts"), KEYS, sizes, rank_by_path) == {}
    # a nested function is part of its parent's text
    assert orient_duplicates(both_ways("outer", "inner", clone_kind="inline"), KEYS, sizes, rank_by_path) == {}
    # cards alike, code not: meaning alone below the floor
    alike = dict(structure=0.1, vocabulary=0.1, meaning=0.88, clone_kind="semantic", behaviour=None)
    assert orient_duplicates(both_ways("a", "b", **alike), KEYS, sizes, rank_by_path) == {}
    # same shape, none of the same words (constructors storing their arguments)
    shape = dict(structure=1.0, vocabulary=0.02, meaning=0.5, clone_kind="renamed")
    assert orient_duplicates(both_ways("a", "b", **shape), KEYS, sizes, rank_by_path) == {}
    # a body too short to compare
    short = dict(structure=None, vocabulary=1.0, meaning=0.9, clone_kind="semantic")
    assert orient_duplicates(both_ways("a", "b", **short), KEYS, sizes, rank_by_path) == {}


def test_same_job_in_another_idiom_is_a_duplicate() -> None:
    same_job = dict(structure=0.8, vocabulary=0.2, meaning=0.7, clone_kind="semantic", behaviour="same")
    out = orient_duplicates(both_ways("a", "b", **same_job), KEYS, {"a": 40, "b": 40}, rank_by_path)
    assert list(out) == [KEYS["b"]]


def test_without_rag_the_meaning_part_is_dropped() -> None:
    out = orient_duplicates(both_ways("a", "b"), KEYS, {"a": 40, "b": 40}, rank_by_path, structural_only=True)
    assert out[KEYS["b"]][0].meaning is None
