"""Duplication clusters, the function to keep, semanticCoherenceScore, and the caps
that keep report.md small on a big project."""

from __future__ import annotations

from pathlib import Path

from reviewer.schema.cards import FunctionCard
from reviewer.report.clusters import duplicate_clusters, semantic_coherence_score
from reviewer.report.report_json import build_report
from reviewer.report.report_md import INLINE_FINDINGS, MAX_HYGIENE_FILES, PAGE_SIZE, render_report_md, render_report_pages
from reviewer.schema.review import DuplicateOf, Finding, ReviewFile, Similarity, SymbolReview
from reviewer.workspace import Workspace


def _review(file: str, symbols: list[SymbolReview], **extra) -> ReviewFile:
    return ReviewFile(file=file, language="python", sha256="0" * 64, reviewer="static", symbols=symbols, **extra)


def _fn(name: str, line: int = 1, exported: bool = False, dup: DuplicateOf | None = None) -> SymbolReview:
    return SymbolReview(name=name, kind="function", exported=exported, line_start=line, line_end=line + 5,
                        duplication="DUPLICATE" if dup else "UNIQUE", duplicate_of=dup)


def _card(file: str, name: str, calls: list[str]) -> FunctionCard:
    return FunctionCard(id=f"{file}:{name}", file_path=file, name=name, qualified_name=name, kind="function",
                        language="python", line_start=1, line_end=2, signature=f"def {name}()", summary="s",
                        key_concepts=["k"], behavioral_profile="pure", complexity_score=1, called_internals=calls,
                        body_hash="h")


def test_pairs_chain_into_one_cluster_and_the_keep_rule_applies() -> None:
    reviews = [
        _review("lib/a.py", [_fn("pick", dup=DuplicateOf(file="shared/rng.py", name="pick", score=0.9))]),
        _review("lib/deep/b.py", [_fn("choose")],
                similarities=[Similarity(function="choose", line_start=1, file="lib/a.py", name="pick", score=0.8)]),
        _review("shared/rng.py", [_fn("pick", line=10)]),
        _review("other.py", [_fn("alone"), _fn("x", dup=DuplicateOf(file="other.py", name="y", score=1.0)), _fn("y", line=20)],
                function_cards=[_card("other.py", "caller", ["other.py:y", "other.py:y"])]),
    ]
    clusters = duplicate_clusters(reviews)
    assert [c.size for c in clusters] == [3, 2]
    three = clusters[0]
    assert {(m.file, m.name) for m in three.members} == {("lib/a.py", "pick"), ("lib/deep/b.py", "choose"), ("shared/rng.py", "pick")}
    assert three.mean_score == 0.85 and three.rank == 2.55
    # the reviewer judged lib/a.py:pick a duplicate of shared/rng.py:pick: that choice stands
    assert (three.keep.file, three.keep.name) == ("shared/rng.py", "pick")
    # y is called (once per calling function, however many call sites)
    assert clusters[1].keep.name == "y" and clusters[1].keep.callers == 1


def test_without_a_reviewer_direction_the_shortest_path_wins() -> None:
    reviews = [
        _review("lib/deep/b.py", [_fn("choose")],
                similarities=[Similarity(function="choose", line_start=1, file="lib/a.py", name="pick", score=0.8)]),
        _review("lib/a.py", [_fn("pick")]),
    ]
    assert (duplicate_clusters(reviews)[0].keep.file) == "lib/a.py"


def test_exported_beats_callers_and_path() -> None:
    reviews = [
        _review("a.py", [_fn("f", dup=DuplicateOf(file="long/path/b.py", name="g", score=0.9))],
                function_cards=[_card("c.py", "user", ["a.py:f"])]),
        _review("long/path/b.py", [_fn("g", exported=True)]),
    ]
    assert duplicate_clusters(reviews)[0].keep.name == "g"


def test_coherence_counts_redundant_copies() -> None:
    functions = [_fn(f"f{i}") for i in range(8)]
    functions[1] = _fn("f1", dup=DuplicateOf(file="m.py", name="f0", score=0.9))
    functions[2] = _fn("f2", dup=DuplicateOf(file="m.py", name="f0", score=0.9))
    reviews = [_review("m.py", functions)]
    clusters = duplicate_clusters(reviews)
    assert semantic_coherence_score(reviews, clusters) == 75.0  # 2 of 8 are copies of f0
    assert semantic_coherence_score([_review("m.py", [_fn("a"), _fn("b")])], []) == 100.0
    assert semantic_coherence_score([], []) == 100.0


def test_a_big_project_gives_a_small_report_md(tmp_path: Path) -> None:
    reviews = []
    for i in range(1500):
        file = f"pkg{i % 40}/module_{i}.py"
        symbols = [_fn(f"func_{j}", line=10 * j + 1, dup=DuplicateOf(file=f"pkg0/module_{j}.py", name="func_0", score=0.9) if j == 3 else None)
                   for j in range(6)]
        findings = [Finding(axis=axis, verdict=verdict, severity="medium", symbol=f"func_{j}", line_start=10 * j + 1,
                            line_end=10 * j + 5, message=f"message {i}/{j} " + "words " * 20)
                    for j, (axis, verdict) in enumerate([("utility", "DEAD"), ("duplication", "DUPLICATE"), ("tests", "NONE"), ("documentation", "UNDOCUMENTED")])]
        reviews.append(_review(file, symbols, findings=findings, verdict="NEEDS_REFACTOR" if i % 3 else "CRITICAL"))
    report = build_report(reviews, None, Workspace(tmp_path), unlisted=frozenset({"tests", "documentation"}))
    pages = render_report_pages(report)
    text = pages["report.md"]
    assert len(text.encode()) < 200_000
    # every utility finding is listed: the most important in report.md, all of them on linked pages
    assert f"The {INLINE_FINDINGS} most important of 1,500" in text
    utility_pages = sorted(name for name in pages if name.startswith("findings/utility-"))
    assert len(utility_pages) == -(-1500 // PAGE_SIZE) and "(findings/utility-1.md)" in text
    assert sum(page.count("utility **DEAD**") for name, page in pages.items() if name in utility_pages) == 1500
    # hygiene is counted per file, not listed
    assert "findings/tests-1.md" not in pages and f"and {1500 - MAX_HYGIENE_FILES:,} more files" in text
    assert "more clusters" in text or len(report.semantic.clusters) <= 10
    assert len(report.findings) == 3000 and report.summary.findings == 6000  # hygiene: counted, not listed
    assert report.summary.unlisted == {"tests": 1500, "documentation": 1500}


def test_a_tiny_project_reads_well(tmp_path: Path) -> None:
    report = build_report([_review("a.py", [_fn("f")])], None, Workspace(tmp_path))
    text = render_report_md(report)
    assert "**Nothing to fix**: 1 file reviewed" in text
    assert "No semantic duplication found." in text
    assert "more" not in text
