"""Golden tests of the rendered prompts (tools, system, file message).

Regenerate after an intended change with: UPDATE_GOLDEN=1 pytest tests/test_claude_prompts.py
(and bump PROMPT_VERSION in reviewer/review/prompt.py).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from claude_helpers import make_repo, pricing_context
from reviewer.review.claude.prompt import build_prompt

GOLDEN = Path(__file__).parent / "golden" / "prompts"
VARIANTS = {
    "rag": dict(rag=True, index_size=12),
    "no_rag": dict(rag=False),
    "empty_index": dict(rag=True, index_size=0),
}


def render(variant: str, root: Path) -> str:
    built = build_prompt(pricing_context(root, **VARIANTS[variant]))
    return (
        f"<!-- rag_mode: {built.rag_mode}; cards: {built.with_cards} -->\n"
        f"=== tools ===\n{json.dumps(built.tools, indent=1)}\n"
        f"=== system ===\n{built.system}\n"
        f"=== user ===\n{built.user}"
    )


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_rendered_prompt_matches_golden(variant, tmp_path):
    text = render(variant, make_repo(tmp_path / "repo"))
    path = GOLDEN / f"{variant}.md"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; run with UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def test_variants_differ_where_they_should(tmp_path):
    root = make_repo(tmp_path / "repo")
    rag, no_rag, empty = (build_prompt(pricing_context(root, **VARIANTS[v])) for v in ("rag", "no_rag", "empty_index"))
    assert "call findSimilarFunctions for each function before deciding duplication" in rag.system
    assert "search the code for similar functions" not in rag.system
    for other in (no_rag, empty):
        assert "search the code for similar functions" in other.system
        assert "call findSimilarFunctions for each" not in other.system
    assert "semantic index is empty" in empty.system
    assert "## Function cards" in rag.system and "## Function cards" in empty.system
    assert "## Function cards" not in no_rag.system
    # The system prompt and tools are the stable prefix: the same for another file of the run.
    other = pricing_context(root, **VARIANTS["rag"])
    other.facts.path = "src/other.py"
    again = build_prompt(other)
    assert (again.system, again.tools) == (rag.system, rag.tools) and again.user != rag.user


def test_one_axis_variant_asks_for_that_axis_only(tmp_path):
    built = build_prompt(pricing_context(make_repo(tmp_path / "repo"), rag=False), axes=["utility"])
    symbol_schema = built.tools[-1]["input_schema"]["properties"]["symbols"]["items"]
    assert set(symbol_schema["required"]) == {"name", "confidence", "utility"}
    assert "**utility**" in built.system and "**duplication**" not in built.system
    assert "static: utility DEAD" in built.user and "static tests" not in built.user


# The fixed prefix (tools + system + the API's tool-use prompt) goes with every call of every file:
# a budget per variant, measured as the estimate counts it (issue 31, token diet: 3,181 and 3,808
# before the trim, 2,992 and 3,579 after it; the rule on candidates held back by the analyzer adds ~85).
PREFIX_BUDGET = {"no_rag": 3090, "rag": 3680}


@pytest.mark.parametrize("variant", sorted(PREFIX_BUDGET))
def test_the_fixed_prefix_stays_within_its_budget(variant, tmp_path):
    from reviewer.review.claude.estimate import prefix_tokens

    built = build_prompt(pricing_context(make_repo(tmp_path / "repo"), **VARIANTS[variant]))
    assert prefix_tokens(built) <= PREFIX_BUDGET[variant]
    schemas = json.dumps([tool["input_schema"] for tool in built.tools])
    assert '"default"' not in schemas and '{"type": "null"}' not in schemas  # instructions only, no validation noise
