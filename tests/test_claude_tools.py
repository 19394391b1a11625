"""The read-only tools of the Claude reviewer: confinement to the repository and caps."""

from __future__ import annotations

import json

import pytest

from claude_helpers import make_repo, pricing_context, util_context
from reviewer.review.claude.tools import (
    READ_MAX_LINES,
    SEARCH_MAX_MATCHES,
    ReviewTools,
    ToolRefused,
    confine,
)


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "repo")


@pytest.fixture
def tools(repo):
    return ReviewTools(pricing_context(repo))


@pytest.mark.parametrize("path", ["../../etc/passwd", "/etc/passwd", "src/../../x", "~/x", "C:/Windows/win.ini", ""])
def test_paths_leaving_the_root_are_refused(repo, path):
    with pytest.raises(ToolRefused):
        confine(repo, path)


def test_symlinks_inside_are_followed_and_outside_refused(repo, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "a.py").write_text("SECRET = 1\n")
    (repo / "linked_out").symlink_to(outside, target_is_directory=True)
    (repo / "linked_in.py").symlink_to(repo / "src" / "util.py")
    with pytest.raises(ToolRefused, match="resolves outside"):
        confine(repo, "linked_out/a.py")
    assert confine(repo, "linked_in.py") == (repo / "src" / "util.py").resolve()


def test_read_file_range_and_cap(repo, tools):
    big = "\n".join(f"line {n}" for n in range(1, 1001))
    (repo / "big.txt").write_text(big)
    text, error = tools.run("read_file", {"path": "big.txt", "start": 10})
    assert not error
    body = text.splitlines()
    assert body[0] == f"big.txt lines 10-{9 + READ_MAX_LINES} of 1000"
    assert body[1] == "   10| line 10"
    assert body[-1] == f"[{1000 - 9 - READ_MAX_LINES} more lines; call again with start={10 + READ_MAX_LINES}]"
    text, error = tools.run("read_file", {"path": "src/util.py", "start": 2, "end": 3})
    assert text.splitlines()[1:] == ["    2|     acc = 0", "    3|     for row in rows:"]
    assert tools.run("read_file", {"path": "nope.py"}) == ("nope.py: no such file", True)
    text, error = tools.run("read_file", {"path": "src/util.py", "start": 0})
    assert error and text.startswith("invalid input: start")


def test_search_code_literal_regex_glob_and_cap(repo, tools):
    text, error = tools.run("search_code", {"pattern": "(1 + "})
    assert not error and text.splitlines() == [
        "src/pricing.py: line 11 (the file under review: shown in the prompt above)", "src/util.py:5: return acc * (1 + rate)"]
    text, _ = tools.run("search_code", {"pattern": r"def \w+_tax\(", "regex": True})
    assert text == "src/util.py:1: def sum_with_tax(rows, rate):"
    text, _ = tools.run("search_code", {"pattern": "total_price", "glob": "tests/*.py"})
    assert all(line.startswith("tests/test_pricing.py:") for line in text.splitlines())
    assert tools.run("search_code", {"pattern": "(", "regex": True})[1] is True
    (repo / "many.py").write_text("hit\n" * (SEARCH_MAX_MATCHES + 10))
    text, _ = tools.run("search_code", {"pattern": "hit", "glob": "many.py"})
    assert len(text.splitlines()) == SEARCH_MAX_MATCHES + 1 and "stopped at" in text


def test_search_code_names_only_the_lines_of_the_file_under_review(repo, tools):
    """The prompt holds the file under review with line numbers: a search sends its line numbers
    again, not its text (issue 31, token diet); other files' lines come whole."""
    text, _ = tools.run("search_code", {"pattern": "price"})
    assert text.splitlines() == [
        "src/pricing.py: lines 6, 7, 10, 14, 17 (the file under review: shown in the prompt above)",
        "src/util.py:4: acc += row[\"price\"] * row[\"qty\"]",
        "tests/test_pricing.py:1: from src.pricing import total_price",
        "tests/test_pricing.py:5: assert total_price([]) == 0",
    ]
    reviewing_util = ReviewTools(util_context(repo)).run("search_code", {"pattern": "price"})[0].splitlines()
    assert "src/pricing.py:6: def total_price(items):" in reviewing_util
    assert "src/util.py: line 4 (the file under review: shown in the prompt above)" in reviewing_util


def test_search_code_honours_the_scan_file_list(repo):
    tools = ReviewTools(pricing_context(repo), files=["src/util.py"])
    text, _ = tools.run("search_code", {"pattern": "(1 + "})
    assert text == "src/util.py:5: return acc * (1 + rate)"


def test_search_code_skips_the_output_folder_and_vcs(repo, tools):
    (repo / ".reviewer").mkdir()
    (repo / ".reviewer" / "x.json").write_text("needle")
    (repo / ".git").mkdir()
    (repo / ".git" / "config").write_text("needle")
    assert tools.run("search_code", {"pattern": "needle"}) == ("no matches", False)


def test_find_similar_functions_defaults_and_unknown_id(repo):
    calls = []
    tools = ReviewTools(pricing_context(repo, similar_calls=calls))
    text, error = tools.run("findSimilarFunctions", {"functionId": "total_price", "maxResults": 3, "minScore": 0.95})
    assert not error and json.loads(text)["results"] == [] and calls[-1][1:] == (3, 0.95)
    text, error = tools.run("findSimilarFunctions", {"functionId": "nope"})
    assert error and "functions of this file: ['total_price', 'discount']" in text
    no_rag = ReviewTools(pricing_context(repo, rag=False))
    assert no_rag.run("findSimilarFunctions", {"functionId": "total_price"})[1] is True


def test_find_usages_and_unknown_tool(repo, tools):
    assert tools.run("find_usages", {"symbol": "discount"}) == ("no usages of discount in the usage graph", False)
    text, error = tools.run("write_file", {"path": "x"})
    assert error and text.startswith("unknown tool 'write_file'")
