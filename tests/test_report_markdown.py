"""Markdown safety: names and messages from other people's code never break a page."""

from __future__ import annotations

import re

from reviewer.report import markdown
from pathlib import Path

from reviewer.report.links import Links
from reviewer.report.rev_md import render_rev_md as _render_rev_md
from reviewer.workspace import Workspace
from reviewer.schema.review import Action, Finding, ReviewFile, Similarity, SymbolReview

UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")


def test_cell_is_one_line_with_pipes_and_html_escaped() -> None:
    shown = markdown.cell("a | b\nc <script>alert(1)</script> `x`")
    assert "\n" not in shown
    assert not UNESCAPED_PIPE.search(shown)
    assert "<script>" not in shown and "\\<script\\>" in shown
    assert "\\`x\\`" in shown


def test_cell_keeps_snake_case_but_escapes_dunder_emphasis() -> None:
    assert markdown.cell("weighted_pick") == "weighted_pick"
    assert markdown.cell("__init__") == "\\_\\_init\\_\\_"


def test_cell_truncates_and_shows_a_dash_when_empty() -> None:
    assert len(markdown.cell("x" * 1000, limit=50)) == 50
    assert markdown.cell("x" * 1000, limit=50).endswith("…")
    assert markdown.cell("") == "-"
    assert markdown.cell("   \n ") == "-"


def test_code_span_survives_backticks() -> None:
    assert markdown.code("a`b") == "``a`b``"
    assert markdown.code("`edge`") == "`` `edge` ``"
    assert markdown.code("x ``` y") == "````x ``` y````"


def test_code_cell_escapes_pipes_but_code_does_not() -> None:
    assert markdown.code_cell("A | B") == "`A \\| B`"
    assert markdown.code("A | B") == "`A | B`"


def _table_rows(text: str) -> list[list[str]]:
    """Each Markdown table as its rows (lines starting with |)."""
    tables: list[list[str]] = []
    current: list[str] = []
    for line in text.splitlines():
        if line.startswith("|"):
            current.append(line)
        elif current:
            tables.append(current)
            current = []
    if current:
        tables.append(current)
    return tables


def test_every_table_row_keeps_its_column_count() -> None:
    nasty = "Parser<T | U>.parse`raw`|x"
    review = ReviewFile(
        file="src/we|ird `name`.ts",
        language="typescript",
        sha256="0" * 64,
        reviewer="claude",
        verdict="NEEDS_REFACTOR",
        summary="line one\nline two | with pipe",
        rag_enabled=True,
        symbols=[
            SymbolReview(name=nasty, kind="method", exported=False, line_start=1, line_end=9,
                         utility="DEAD", detail="x" * 5000, evidence={"utility": "a | b\n`c`"}),
        ],
        findings=[
            Finding(axis="utility", verdict="DEAD", symbol=nasty, line_start=1, line_end=9,
                    message="never | called\n" + "long " * 500),
        ],
        similarities=[
            Similarity(function=nasty, line_start=1, file="a|b.py", name="x`y", score=0.9, suggestion="merge | here"),
        ],
        actions=[Action(category="refactor", description="split `this` | now", symbol=nasty)],
    )
    text = render_rev_md(review)
    tables = _table_rows(text)
    assert len(tables) == 3  # similarities, symbols, findings
    for rows in tables:
        widths = {len(UNESCAPED_PIPE.findall(row)) for row in rows}
        assert len(widths) == 1, rows
    assert max(len(line) for line in text.splitlines()) < 1000  # the 5,000-character detail was cut


def test_similarities_only_when_rag_was_on() -> None:
    review = ReviewFile(
        file="a.py", language="python", sha256="0" * 64, reviewer="static",
        similarities=[Similarity(function="f", line_start=1, file="b.py", name="g", score=0.8)],
    )
    assert "Semantic similarities" not in render_rev_md(review)
    on = render_rev_md(review.model_copy(update={"rag_enabled": True}))
    assert "## Semantic similarities" in on
    assert "consider reusing b.py:g" in on  # an empty suggestion gets the obvious one
    # right after the verdict, before the symbol table
    assert on.index("Semantic similarities") < on.index("## Symbols")


def test_actions_are_grouped_in_order() -> None:
    review = ReviewFile(
        file="a.py", language="python", sha256="0" * 64, reviewer="static",
        actions=[
            Action(category="hygiene", description="tidy"),
            Action(category="quick_win", description="quick"),
            Action(category="refactor", description="big"),
        ],
    )
    text = render_rev_md(review)
    assert text.index("### Quick wins") < text.index("### Refactors") < text.index("### Hygiene")


def render_rev_md(review: ReviewFile) -> str:
    return _render_rev_md(review, Links(Workspace(Path("/project")), review.file))


def test_a_dead_constant_whose_value_calls_something_keeps_the_call() -> None:
    # formik: `const BUILD_ID = fs.readFileSync('.next/BUILD_ID')` fails the script when no build exists.
    from reviewer.review.findings import action_text
    from reviewer.schema.facts import Symbol

    constant = Symbol(name="BUILD_ID", qualified_name="BUILD_ID", kind="constant", line_start=6, line_end=6,
                      calls=["fs.readFileSync"])
    text = action_text("utility", "DEAD", constant, None, "", 95)
    assert text.startswith("Remove the name `BUILD_ID`") and "keep that call as a statement" in text
    plain = constant.model_copy(update={"calls": []})
    assert action_text("utility", "DEAD", plain, None, "", 95).startswith("Remove `BUILD_ID` (lines 6-6): nothing reaches it")


def test_symbols_whose_evidence_reads_the_same_share_one_evidence_entry() -> None:
    """Alike functions (generated or templated code) are named together under one entry, each with its
    lines; a symbol whose evidence differs keeps its own entry, in the symbols' order."""
    said = {"utility": "imported by 0 files; no root reaches it", "tests": "no test evidence"}
    symbols = [SymbolReview(name=f"step_{n}", kind="function", exported=True, line_start=10 * n + 1,
                            line_end=10 * n + 8, evidence=said) for n in range(3)]
    symbols.insert(1, SymbolReview(name="main", kind="function", exported=True, line_start=100, line_end=104,
                                   evidence={"utility": "called by the entry point"}))
    text = render_rev_md(ReviewFile(file="a.py", language="python", sha256="0" * 64, reviewer="static",
                                    symbols=symbols))
    evidence = text[text.index("## Evidence"):text.index("## Symbols")]
    headings = [line for line in evidence.splitlines() if line.startswith("### ")]
    assert len(headings) == 2 and evidence.count("imported by 0 files; no root reaches it") == 1
    assert headings[0].startswith("### 3 symbols, the same evidence: `step_0` ([1–8](")
    assert "`step_1` ([11–18](" in headings[0] and "`step_2` ([21–28](" in headings[0]
    assert "/a.py#L21-L28)" in headings[0]
    assert headings[1].startswith("### `main` (function, lines 100–104) · [source](")
