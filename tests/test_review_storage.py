"""The stored form of a review (`.rev.json`, version 3): each evidence sentence written once per
file, a symbol's detail only when it is not its evidence joined, a card's file, language and id
only when they are not the review's own; reading any version gives the record the reviewer made."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from pydantic import ValidationError

from reviewer.config import load_config
from reviewer.pipeline import RunOptions, RunOutcome, prepare, run
from reviewer.review.static import StaticReviewer
from reviewer.review.suppressions import apply_suppressions
from reviewer.schema.review import (REVIEW_SCHEMA_VERSION, ReviewFile, StoredReview, evidence_detail, held_review,
                                    stored_review)
from reviewer.ui import UI
from reviewer.workspace import compact_json_text, json_text

# Six public functions nothing calls, all alike but for their constants: each symbol's evidence on
# every axis reads the same sentences (the situation of a large generated or vendored tree).
MODULE = "\n".join(f'''
def step_{n}(items, limit={n}):
    """Step {n}."""
    total = 0
    for item in items:
        if item > limit:
            total += item * {n + 2}
    return total
''' for n in range(6))


@pytest.fixture()
def ran(tmp_path: Path) -> tuple[Path, RunOutcome]:
    """A static run of a small package, and its root."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "steps.py").write_text(textwrap.dedent(MODULE))
    return tmp_path, run(tmp_path, load_config(tmp_path), RunOptions(), UI(plain=True, quiet=True))


@pytest.fixture()
def reviewed(ran) -> tuple[Path, ReviewFile]:
    """The review of pkg/steps.py as the run made it (the run holds it without its prose: made again
    here by the run's own steps, from the evidence it cached), and the root."""
    root, _ = ran
    config = load_config(root)
    prepared = prepare(root, config, RunOptions(), UI(plain=True, quiet=True))
    facts = prepared.scan.by_path()["pkg/steps.py"]
    review = apply_suppressions(StaticReviewer().review(prepared.contexts.once("pkg/steps.py")), facts.suppressions)
    stored = json.loads(stored_text(root, "pkg/steps.py"))
    review.reviewed_at = stored["reviewed_at"]  # the times of this second making, as the run's
    review.function_cards = [card.model_copy(update={"last_indexed": written["last_indexed"]})
                             for card, written in zip(review.function_cards, stored["function_cards"], strict=True)]
    return root, review


def stored_text(root: Path, path: str) -> str:
    return (root / ".reviewer" / "reviews" / f"{path}.rev.json").read_text(encoding="utf-8")


def test_the_stored_review_reads_back_as_the_review_the_run_made(reviewed) -> None:
    root, review = reviewed
    text = stored_text(root, "pkg/steps.py")
    assert json.loads(text)["version"] == REVIEW_SCHEMA_VERSION == 4
    assert ReviewFile.model_validate_json(text) == review
    # What reports read (cards as references) holds the same symbols, findings and evidence.
    stored = StoredReview.model_validate_json(text)
    assert [s.model_dump() for s in stored.symbols] == [s.model_dump() for s in review.symbols]
    assert stored.findings == review.findings


def test_each_evidence_sentence_is_written_once_per_file(reviewed) -> None:
    root, review = reviewed
    text = stored_text(root, "pkg/steps.py")
    sentences = [s.evidence["overengineering"] for s in review.symbols if "overengineering" in s.evidence]
    assert len(sentences) >= 6 and len(set(sentences)) == 1  # the same sentence on every function
    assert text.count(json.dumps(sentences[0])) == 1
    for symbol in review.symbols:  # every sentence a symbol carries is in the file once, none twice
        for sentence in symbol.evidence.values():
            assert text.count(json.dumps(sentence, ensure_ascii=False)) == 1
    assert '"detail"' not in text  # the detail is the evidence joined: not written again
    assert all(s.detail == evidence_detail(s.evidence) and s.detail for s in review.symbols)


def test_the_stored_review_is_smaller_than_the_same_review_written_whole(reviewed) -> None:
    """Version 1 wrote each symbol's sentences twice (evidence and detail), indented; a file of alike
    functions is now under two thirds of that, and one more alike function adds less than its
    sentences weigh (they are written already), a third of what it added to version 1."""
    _, review = reviewed
    whole = json_text(review.model_dump(mode="json"))
    compact = compact_json_text(stored_review(review))
    assert len(compact) < len(whole) * 2 / 3
    grown = review.model_copy(deep=True)
    extra = grown.symbols[0].model_copy(update={"name": "step_extra", "line_start": 900, "line_end": 907})
    grown.symbols.append(extra)
    added = len(compact_json_text(stored_review(grown))) - len(compact)
    added_whole = len(json_text(grown.model_dump(mode="json"))) - len(whole)
    assert added < len(json.dumps(extra.evidence)) and added < added_whole / 3


def test_a_version_1_review_reads_as_the_same_record(reviewed) -> None:
    """Reviews written before version 2 (sentences inline, detail written, indented) still read."""
    _, review = reviewed
    version_1 = review.model_dump(mode="json")
    version_1["version"] = 1
    read = ReviewFile.model_validate_json(json_text(version_1))
    assert read.version == 1
    assert read.model_copy(update={"version": review.version}) == review


def test_each_card_leaves_out_what_the_review_says_once(reviewed) -> None:
    """A card's file and language are the review's, its id the one its lines make: not written per card,
    read back filled in; a version 2 review (cards written whole) reads as the same record."""
    root, review = reviewed
    stored = json.loads(stored_text(root, "pkg/steps.py"))
    assert len(stored["function_cards"]) == 6
    assert not any({"id", "file_path", "language"} & card.keys() for card in stored["function_cards"])
    read = ReviewFile.model_validate_json(stored_text(root, "pkg/steps.py"))
    assert [card.model_dump() for card in read.function_cards] == [card.model_dump() for card in review.function_cards]
    version_2 = {**stored, "version": 2, "function_cards": [card.model_dump(mode="json") for card in review.function_cards]}
    assert ReviewFile.model_validate_json(json.dumps(version_2)).model_copy(update={"version": REVIEW_SCHEMA_VERSION}) == review
    # A card of another file (none is written so, but a reader must not guess) keeps its own fields.
    other = review.model_copy(deep=True)
    other.function_cards[0].file_path = "pkg/other.py"
    written = stored_review(other)["function_cards"][0]
    assert written["file_path"] == "pkg/other.py" and "id" in written
    assert ReviewFile.model_validate(stored_review(other)) == other


def test_a_position_with_no_sentence_is_not_a_valid_review(reviewed) -> None:
    root, _ = reviewed
    data = json.loads(stored_text(root, "pkg/steps.py"))
    symbol = next(s for s in data["symbols"] if s["evidence"])
    axis = next(iter(symbol["evidence"]))
    symbol["evidence"][axis] = len(data["texts"]) + 5
    with pytest.raises(ValidationError):
        ReviewFile.model_validate_json(json.dumps(data))


def test_a_report_from_the_stored_reviews_is_the_report_of_the_run(reviewed) -> None:
    """`reviewer report` (which parses every .rev.json) writes the report.json the run wrote."""
    from reviewer.report import render_all

    root, _ = reviewed
    written = json.loads((root / ".reviewer" / "report.json").read_text())
    render_all(root, load_config(root))
    again = json.loads((root / ".reviewer" / "report.json").read_text())
    assert again["findings"] == written["findings"] and again["files"] == written["files"]
    assert again["summary"] == written["summary"]


def test_the_run_holds_each_review_without_its_prose_once_its_page_is_written(ran) -> None:
    """A run writes each page with its review and holds, for the report and the gate, the review
    without its evidence prose: what it holds is the stored review so reduced, and the page it wrote
    is the page `reviewer report` renders from the stored review."""
    from reviewer.report import render_all

    root, outcome = ran
    held = outcome.reviews["pkg/steps.py"]
    stored = StoredReview.model_validate_json(stored_text(root, "pkg/steps.py"))
    assert any(symbol.evidence for symbol in stored.symbols)
    assert held == held_review(stored)
    assert all(not symbol.evidence and not symbol.detail for symbol in held.symbols)
    page = root / ".reviewer" / "reviews" / "pkg" / "steps.py.rev.md"
    written = page.read_text(encoding="utf-8")
    assert "## Evidence" in written
    (root / ".reviewer" / "cache" / "rendered.json").unlink()  # every page rendered again from the .rev.json
    page.unlink()
    render_all(root, load_config(root))
    assert page.read_text(encoding="utf-8") == written


def test_held_symbols_given_the_same_fields_share_one_set_of_them() -> None:
    """held_review gives the symbols whose fields were given alike one set of their names (with the
    prose fields it empties), not a set each: what the run holds of a large project's symbols."""
    from reviewer.schema.review import SymbolReview, held_review

    def symbol(name: str) -> SymbolReview:
        return SymbolReview(name=name, kind="function", exported=False, line_start=1, line_end=2,
                            evidence={"utility": "called by g"}, detail="d")

    review = StoredReview(file="a.py", language="python", sha256="0" * 64, reviewer="static", verdict="CLEAN",
                          symbols=[symbol("f"), symbol("g")])
    held = held_review(review)
    first, second = (s.__pydantic_fields_set__ for s in held.symbols)
    assert first is second and {"evidence", "detail", "name"} <= first
    assert first == review.symbols[0].__pydantic_fields_set__ | {"evidence", "detail"}
    assert [s.name for s in held.symbols] == ["f", "g"] and not any(s.evidence or s.detail for s in held.symbols)


def test_a_held_review_rebuilt_from_its_dump_is_the_held_review() -> None:
    """schema.fieldsets.rebuilt reads back a full dump without validation (the held reviews' store):
    the same record, nested records included; data of another shape is refused."""
    import pytest

    from reviewer.schema.fieldsets import rebuilt
    from reviewer.schema.review import DuplicateOf, Finding, StoredReview, SymbolReview, held_review, is_held

    review = StoredReview(
        file="a.py", language="python", sha256="0" * 64, reviewer="static", verdict="NEEDS_REFACTOR",
        symbols=[SymbolReview(name="f", kind="function", exported=True, line_start=1, line_end=3,
                              duplication="DUPLICATE", evidence={"utility": "called by g"},
                              duplicate_of=DuplicateOf(score=0.9, file="b.py", name="h", lines=[1, 3]),
                              duplicates=[DuplicateOf(score=0.9, file="b.py", name="h")])],
        findings=[Finding(axis="duplication", verdict="DUPLICATE", line_start=1, line_end=3, message="m")])
    held = held_review(review)
    assert not is_held(review) and is_held(held)
    again = rebuilt(StoredReview, held.model_dump())
    assert again == held and again.model_dump() == held.model_dump()
    assert type(again.symbols[0].duplicate_of) is DuplicateOf and type(again.findings[0]) is Finding
    damaged = held.model_dump()
    del damaged["symbols"][0]["kind"]
    with pytest.raises(KeyError):
        rebuilt(StoredReview, damaged)
    damaged = held.model_dump()
    damaged["findings"] = "not a list"
    with pytest.raises(TypeError):
        rebuilt(StoredReview, damaged)
