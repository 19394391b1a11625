"""The Claude review's cache key is computed from an explicit list of fields
(reviewer.review.cache.VERDICT_INPUTS). A property test: every field not on the list,
the meaning scores anywhere (symbols[].duplicates[].meaning included), the pairs that
rest on meaning alone, timings, usage and the order of every list are fuzzed, and the key
must not move; every field on the list, changed in a structural entry, must move it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from claude_helpers import make_repo, pricing_cards, pricing_context
from reviewer.review.cache import STRUCTURAL_KINDS, VERDICT_INPUTS, verdict_digest
from reviewer.schema.review import DuplicateOf, Finding, ReviewFile, Similarity, TokenUsage

SEEDS = range(150)
# Values a Literal field may take, for fuzzing a field that is not a free string.
LITERALS = ["CLEAN", "NEEDS_REFACTOR", "CRITICAL", "quick_win", "refactor", "hygiene", "static", "claude",
            "low", "medium", "high", "same", "differs"]


def rich_evidence(root: Path) -> ReviewFile:
    """The pricing file's evidence with every part filled: a structural pair (with meaning
    scores on duplicate_of and duplicates[]), a meaning-only neighbour, a semantic DUPLICATE,
    a repeated block, findings whose messages quote scores, cards, usage and a time."""
    context = pricing_context(root)
    evidence = context.evidence.model_copy(deep=True)
    total, discount = evidence.symbols[1], evidence.symbols[2]
    renamed = DuplicateOf(file="src/util.py", name="sum_with_tax", line_start=1, line_end=5, lines=[6, 11],
                          other_lines=[1, 5], score=0.91, structure=0.88, meaning=0.93, vocabulary=0.4,
                          behaviour="same", clone_kind="renamed", keep_reason="it has more users",
                          members=["src/util.py:sum_with_tax:1"])
    alike = DuplicateOf(file="src/other.py", name="add_tax", score=0.7, meaning=0.81, clone_kind="semantic")
    total.duplicate_of, total.duplicates = renamed, [renamed, alike]
    total.evidence["duplication"] = "renamed clone of src/util.py:sum_with_tax (score 0.91, meaning 0.93)"
    discount.duplication = "DUPLICATE"
    discount.duplicate_of = DuplicateOf(file="src/x.py", name="cut", score=0.66, meaning=0.9, clone_kind="semantic")
    discount.duplicates = [discount.duplicate_of]
    evidence.similarities.append(Similarity(function="discount", line_start=14, file="src/x.py", name="cut",
                                            score=0.66, meaning=0.9, clone_kind="semantic"))
    evidence.similarities.append(Similarity(function="total_price", line_start=6, file="src/y.py", name="tally",
                                            score=0.61, meaning=0.77))
    evidence.repeated_blocks = [DuplicateOf(file="src/util.py", name="<module>", lines=[1, 3], other_lines=[7, 9],
                                            score=1.0, meaning=None, clone_kind="block")]
    evidence.findings = [
        Finding(axis="duplication", verdict="DUPLICATE", severity="medium", symbol="total_price", line_start=6,
                line_end=11, message="renamed clone of src/util.py:sum_with_tax (0.91)", confidence=80),
        Finding(axis="duplication", verdict="DUPLICATE", severity="low", symbol="discount", line_start=14,
                line_end=17, message="does what src/x.py:cut does (meaning 0.9)", confidence=60),
        Finding(axis="utility", verdict="DEAD", severity="medium", symbol="discount", line_start=14, line_end=17,
                message="imported by 0 files", confidence=90),
    ]
    evidence.candidates = [
        Finding(axis="utility", verdict="DEAD", severity="medium", symbol="total_price", line_start=6, line_end=11,
                message="imported by 0 files; no root reaches it", confidence=68, raw_confidence=80),
    ]
    evidence.function_cards = pricing_cards(context.facts)
    evidence.usage = TokenUsage(input_tokens=10, cost_usd=0.01, calls=1)
    evidence.reviewed_at = "2026-11-28T07:00:00Z"
    evidence.summary = "3 symbols; 2 duplication, 1 utility findings"
    return evidence


def covered(path: tuple) -> bool:
    """Is this leaf (keys, with '[]' for a list index) one of VERDICT_INPUTS?"""
    spec = VERDICT_INPUTS.get(path[0])
    if spec is None:
        return False
    rest = [p for p in path[1:] if p != "[]"]
    if spec == ():
        return True
    if isinstance(spec, tuple):
        return rest[0] in spec
    field = rest[0]
    if field not in spec:
        return False
    inner = spec[field]
    return inner == () or len(rest) == 1 or rest[1] in inner


def leaves(data: Any, path: tuple = ()) -> list[tuple[tuple, tuple]]:
    """(normalized path, concrete path) of every leaf, empty lists and None included."""
    if isinstance(data, dict):
        return [leaf for key, value in data.items() for leaf in _leaves_of(value, path, key)]
    if isinstance(data, list) and data:
        return [leaf for i, value in enumerate(data) for leaf in _leaves_of(value, path, i)]
    return [(tuple("[]" if isinstance(p, int) else p for p in path), path)]


def _leaves_of(value: Any, path: tuple, key: Any) -> list[tuple[tuple, tuple]]:
    return leaves(value, path + (key,))


def get(data: Any, path: tuple) -> Any:
    for part in path:
        data = data[part]
    return data


def put(data: Any, path: tuple, value: Any) -> None:
    get(data, path[:-1])[path[-1]] = value


def fuzzed(value: Any, rng: random.Random) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, float):
        return round(rng.random(), 4)
    if isinstance(value, int):
        return rng.randint(0, 99)
    if isinstance(value, str):
        return "".join(rng.choice("abcdefgh 0123456789.") for _ in range(rng.randint(1, 30)))
    if value is None:
        return round(rng.random(), 3)
    if isinstance(value, list):
        return [fuzzed("x", rng)]
    return value


def is_meaning_only(data: dict, concrete: tuple) -> bool:
    """The leaf belongs to a pair that rests on meaning alone, or to wording built from scores
    (not the fields that make it one: its clone kind, a finding's axis and symbol)."""
    head = concrete[0]
    if concrete[-1] in ("clone_kind", "axis", "symbol"):
        return False
    if head == "similarities":
        return data["similarities"][concrete[1]]["clone_kind"] not in STRUCTURAL_KINDS
    if head == "symbols" and len(concrete) > 3:
        symbol = data["symbols"][concrete[1]]
        if concrete[2] == "duplicates":
            return symbol["duplicates"][concrete[3]]["clone_kind"] not in STRUCTURAL_KINDS
        if concrete[2] == "duplicate_of":
            return symbol["duplicate_of"]["clone_kind"] not in STRUCTURAL_KINDS
        if concrete[2] == "evidence":
            return concrete[3] == "duplication"
    if head == "findings":
        finding = data["findings"][concrete[1]]
        return finding["axis"] == "duplication" and (concrete[2] == "message" or finding["symbol"] == "discount")
    return False


def mutate(data: dict, concrete: tuple, rng: random.Random) -> bool:
    """Change one leaf to another valid value; False when no valid value was found."""
    before = get(data, concrete)
    for candidate in [fuzzed(before, rng)] + LITERALS:
        put(data, concrete, candidate)
        try:
            ReviewFile.model_validate(data)
            return candidate != before
        except ValueError:
            continue
    put(data, concrete, before)
    return False


def shuffle_lists(data: Any, rng: random.Random) -> None:
    """Every list of records in another order (a [start, end] pair is a value, not a list of records)."""
    if isinstance(data, dict):
        for value in data.values():
            shuffle_lists(value, rng)
    elif isinstance(data, list) and all(isinstance(item, dict) for item in data):
        rng.shuffle(data)
        for value in data:
            shuffle_lists(value, rng)


@pytest.fixture()
def evidence(tmp_path: Path) -> ReviewFile:
    return rich_evidence(make_repo(tmp_path / "repo"))


@pytest.mark.parametrize("seed", SEEDS)
def test_fields_outside_the_list_never_move_the_key(evidence: ReviewFile, seed: int) -> None:
    rng = random.Random(seed)
    key = verdict_digest(evidence)
    data = evidence.model_dump(mode="json")
    free = [concrete for path, concrete in leaves(data) if not covered(path) or is_meaning_only(data, concrete)]
    changed = 0
    for concrete in rng.sample(free, k=max(1, len(free) // 2)):
        changed += mutate(data, concrete, rng)
    shuffle_lists(data, rng)
    assert changed > 0
    assert verdict_digest(ReviewFile.model_validate(data)) == key


def test_every_meaning_score_is_outside_the_list(evidence: ReviewFile) -> None:
    """The regression: symbols[].duplicates[].meaning moved the key once Claude's summaries were embedded."""
    data = evidence.model_dump(mode="json")
    scores = [path for path, _ in leaves(data) if path[-1] in ("meaning", "score", "structure", "vocabulary")]
    assert ("symbols", "[]", "duplicates", "[]", "meaning") in scores
    assert not any(covered(path) for path in scores)


def test_meaning_only_pairs_come_and_go_without_moving_the_key(evidence: ReviewFile) -> None:
    key = verdict_digest(evidence)
    moved = evidence.model_copy(deep=True)
    moved.similarities = [s for s in moved.similarities if s.clone_kind in STRUCTURAL_KINDS]
    moved.symbols[2].duplication, moved.symbols[2].duplicate_of, moved.symbols[2].duplicates = "UNIQUE", None, []
    moved.findings = [f for f in moved.findings if f.symbol != "discount" or f.axis != "duplication"]
    moved.symbols[1].duplicates = moved.symbols[1].duplicates[:1]
    assert verdict_digest(moved) == key


def test_every_field_on_the_list_moves_the_key(evidence: ReviewFile) -> None:
    """The property above cannot pass by ignoring everything: a change to any listed field of a
    structural entry is a new key."""
    rng = random.Random(7)
    key = verdict_digest(evidence)
    data = evidence.model_dump(mode="json")
    listed = [concrete for path, concrete in leaves(data) if covered(path) and not is_meaning_only(data, concrete)]
    assert len(listed) > 60
    for concrete in listed:
        copy = evidence.model_dump(mode="json")
        if not mutate(copy, concrete, rng):
            continue  # e.g. a Literal with one other value that the fuzzer did not find
        assert verdict_digest(ReviewFile.model_validate(copy)) != key, concrete
