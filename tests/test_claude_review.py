"""The Claude reviewer, one file at a time: the real anthropic client driven through an
httpx2 MockTransport replaying scripted API responses. Each test checks the request
bodies the transport received."""

from __future__ import annotations

import json

import pytest

from claude_helpers import (
    USAGE,
    ScriptedAPI,
    error_response,
    make_repo,
    message,
    pricing_context,
    tool_results,
    tool_use,
    valid_submission,
)
from reviewer.config import Config
from reviewer.errors import UserError
from reviewer.review.claude.card_cache import CardCache
from reviewer.review.claude.reviewer import ClaudeReviewer, ReviewFailed
from reviewer.review.claude.api import ProviderGate, RetryPolicy
from reviewer.review.claude.prompt import PROMPT_VERSION
from reviewer.workspace import Workspace

RAG_INSTRUCTION = "call findSimilarFunctions for each function before deciding duplication"
GREP_INSTRUCTION = "search the code for similar functions"

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # the SDK warns about model end-of-life


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "repo")


def fast_retry(sleeps=None):
    return RetryPolicy(attempts=4, base_seconds=0.001, max_seconds=0.01, sleep=(sleeps.append if sleeps is not None else lambda s: None))


def test_review_with_find_similar_and_read_file_then_submit(repo):
    config = Config()
    similar_calls = []
    context = pricing_context(repo, config, rag=True, index_size=12, similar_calls=similar_calls)
    api = ScriptedAPI([
        message([{"type": "text", "text": "Checking duplicates first."},
                 tool_use("tu_1", "findSimilarFunctions", {"functionId": "total_price"}),
                 tool_use("tu_2", "read_file", {"path": "src/util.py", "start": 1, "end": 5})]),
        message([tool_use("tu_3", "submit_review", valid_submission())]),
    ])
    cache = CardCache(Workspace(repo, config.output))
    review = ClaudeReviewer(config, api.client(), card_cache=cache, retry=fast_retry()).review(context)

    # What we sent: the key as a bearer token, the cache breakpoints, the RAG instruction.
    assert len(api.requests) == 2
    assert api.headers[0]["authorization"] == "Bearer sk-test-key"
    first = api.requests[0]
    assert first["model"] == "claude-sonnet-5-5"
    assert first["max_tokens"] == config.llm.max_output_tokens
    assert first["system"][-1]["cache_control"] == {"type": "ephemeral"}
    assert first["tools"][-1]["cache_control"] == {"type": "ephemeral"}
    assert [t["name"] for t in first["tools"]] == ["findSimilarFunctions", "read_file", "search_code", "find_usages", "submit_review"]
    assert all("cache_control" not in t for t in first["tools"][:-1])
    assert RAG_INSTRUCTION in first["system"][0]["text"]
    assert GREP_INSTRUCTION not in first["system"][0]["text"]
    user = first["messages"][0]["content"][0]["text"]
    assert " 8|     subtotal = 0" in user  # the file with line numbers
    assert "src/util.py:sum_with_tax (line 1), score 0.91" in user  # similarity evidence
    assert "imported by 0 files; 0 references in its own file" in user  # usage evidence
    assert "Cards to write: total_price, discount." in user
    submit_schema = first["tools"][-1]["input_schema"]
    assert set(submit_schema["required"]) >= {"verdict", "summary", "symbols"}
    assert "cards" in submit_schema["properties"]

    # The tool results went back, each tied to its call; the rolling breakpoint moved to the last block.
    second = api.requests[1]
    assert second["messages"][1]["role"] == "assistant"
    assert [b["type"] for b in second["messages"][1]["content"]] == ["text", "tool_use", "tool_use"]
    results = tool_results(second)
    assert [r["tool_use_id"] for r in results] == ["tu_1", "tu_2"]
    assert not any(r.get("is_error") for r in results)
    similar = json.loads(results[0]["content"])
    assert similar["results"] == [{"name": "sum_with_tax", "filePath": "src/util.py", "lines": "1-5", "score": 0.91,
                                   "summary": "Sum of price times quantity with a tax rate."}]
    assert similar_calls == [(context.cards[0].id, 8, config.rag.min_score)]  # defaults: 8 results, calibrated score
    assert "    4|         acc += row[\"price\"] * row[\"qty\"]" in results[1]["content"]
    assert results[-1]["cache_control"] == {"type": "ephemeral"}
    assert "cache_control" not in second["messages"][0]["content"][0]

    # The ReviewFile.
    assert review.reviewer == "claude" and review.model == "claude-sonnet-5-5"
    assert review.verdict == "NEEDS_REFACTOR"
    by_name = {s.name: s for s in review.symbols}
    assert by_name["discount"].utility == "DEAD" and by_name["discount"].correction == "NEEDS_FIX"
    assert by_name["discount"].evidence["utility"] == "imported by 0 files, 0 references"
    dup = by_name["total_price"].duplicate_of
    assert (dup.file, dup.name, dup.score, dup.clone_kind) == ("src/util.py", "sum_with_tax", 0.91, "renamed")
    explicit = [f for f in review.findings if f.axis == "correction"]
    assert [(f.line_start, f.line_end, f.message) for f in explicit] == [(15, 16, "percent < 0 raises the price")]
    assert {(f.axis, f.symbol) for f in review.findings} >= {("utility", "discount"), ("duplication", "total_price")}
    assert review.actions[0].description == "Remove discount: nothing calls it."

    # Cards: written fields from Claude, AST fields from the static card.
    cards = {c.qualified_name: c for c in review.function_cards}
    assert set(cards) == {"total_price", "discount"}
    static = {c.qualified_name: c for c in context.cards}
    for name, card in cards.items():
        assert card.source == "llm"
        for field in ("id", "signature", "complexity_score", "called_internals", "body_hash", "line_start"):
            assert getattr(card, field) == getattr(static[name], field)
    assert cards["total_price"].summary.startswith("Sums price times quantity")
    assert cards["total_price"].called_internals == ["src/util.py:sum_with_tax"]

    # Tokens and dollars equal the scripted usage, priced from the configuration.
    assert review.usage.calls == 2
    assert review.usage.input_tokens == 2 * USAGE["input_tokens"]
    assert review.usage.output_tokens == 2 * USAGE["output_tokens"]
    assert review.usage.cache_creation_input_tokens == 2 * USAGE["cache_creation_input_tokens"]
    assert review.usage.cache_read_input_tokens == 0
    price = config.llm.pricing["claude-sonnet-5-5"]
    expected = 2 * (1200 * price.input + 300 * price.output + 2000 * price.cache_write) / 1e6
    assert review.usage.cost_usd == pytest.approx(expected)

    # The card cache holds the written fields by body hash.
    stored = json.loads((repo / ".reviewer" / "cache" / "cards.json").read_text())
    entry = stored["entries"][context.facts.symbols[1].body_hash]
    assert entry["summary"].startswith("Sums price") and entry["prompt_version"] == PROMPT_VERSION


def test_cached_cards_are_not_asked_again_even_when_the_function_moves(repo):
    config = Config()
    cache = CardCache(Workspace(repo, config.output))
    first = ScriptedAPI([message([tool_use("a", "submit_review", valid_submission())])])
    ClaudeReviewer(config, first.client(), card_cache=cache).review(pricing_context(repo, config))

    # Same bodies on other lines: the cards are known by body hash.
    moved = pricing_context(repo, config)
    for symbol in moved.facts.symbols:
        symbol.line_start += 3
        symbol.line_end += 3
    submission = valid_submission(with_cards=False)
    submission["findings"] = []
    second = ScriptedAPI([message([tool_use("b", "submit_review", submission)])])
    review = ClaudeReviewer(config, second.client(), card_cache=CardCache(Workspace(repo, config.output))).review(moved)

    user = second.requests[0]["messages"][0]["content"][0]["text"]
    assert "Cards to write: none." in user
    assert "Already carded (unchanged since their card was written; do not write these): total_price, discount" in user
    cards = {c.qualified_name: c for c in review.function_cards}
    assert cards["discount"].summary.startswith("Reduces a price") and cards["discount"].line_start == 17


def test_malformed_submit_review_is_corrected_on_retry(repo):
    bad = valid_submission()
    bad["symbols"][2]["utility"] = {"verdict": "UNUSED", "evidence": ""}  # not a verdict
    bad["symbols"][1]["duplication"] = {"verdict": "DUPLICATE", "evidence": "same loop"}  # no duplicate_of
    del bad["symbols"][0]  # TAX_RATE missing
    api = ScriptedAPI([
        message([tool_use("s1", "submit_review", bad)]),
        message([tool_use("s2", "submit_review", valid_submission())]),
    ])
    review = ClaudeReviewer(Config(), api.client()).review(pricing_context(repo))

    assert len(api.requests) == 2
    [result] = tool_results(api.requests[1])
    assert result["tool_use_id"] == "s1" and result["is_error"] is True
    assert "symbols.1.utility.verdict" in result["content"]  # the pydantic location of the bad verdict
    assert "UNUSED" not in {s.utility for s in review.symbols}
    assert review.usage.calls == 2


def test_semantic_errors_are_sent_back(repo):
    bad = valid_submission()
    del bad["symbols"][0]
    bad["symbols"][0]["duplication"] = {"verdict": "DUPLICATE", "evidence": "same loop"}
    bad["symbols"][1]["utility"] = {"verdict": "DEAD", "evidence": " "}
    bad["cards"] = bad["cards"][:1] + [{"function": "no_such_function", "summary": "x", "key_concepts": ["a", "b", "c"],
                                       "behavioral_profile": "pure"}]
    api = ScriptedAPI([
        message([tool_use("s1", "submit_review", bad)]),
        message([tool_use("s2", "submit_review", valid_submission())]),
    ])
    ClaudeReviewer(Config(), api.client()).review(pricing_context(repo))
    [result] = tool_results(api.requests[1])
    text = result["content"]
    assert "missing verdicts for ['TAX_RATE']" in text
    assert "duplication.duplicate_of: required for DUPLICATE (total_price)" in text
    assert "utility.evidence: required for verdict DEAD (discount)" in text
    assert "card" not in text  # a missing card never rejects verdicts: it is asked for on its own (test_claude_batches)


def test_card_for_unknown_function_is_dropped_with_a_warning(repo, caplog):
    submission = valid_submission()
    submission["cards"].append({"function": "ghost", "summary": "Not in the file.", "key_concepts": ["a", "b", "c"],
                                "behavioral_profile": "pure"})
    api = ScriptedAPI([message([tool_use("s", "submit_review", submission)])])
    review = ClaudeReviewer(Config(), api.client()).review(pricing_context(repo))
    assert {c.qualified_name for c in review.function_cards} == {"total_price", "discount"}
    assert "card for unknown function 'ghost' dropped" in caplog.text


def test_submission_that_never_validates_fails_the_file(repo):
    config = Config()
    config.llm.max_validation_retries = 1
    api = ScriptedAPI([message([tool_use(f"s{i}", "submit_review", {"verdict": "SO-SO"})]) for i in range(2)])
    with pytest.raises(ReviewFailed, match="submit_review still invalid after 2 attempts") as failure:
        ClaudeReviewer(config, api.client()).review(pricing_context(repo, config))
    assert len(api.requests) == 2
    assert failure.value.usage.calls == 2  # what the failed file cost is still known


def test_rate_limit_and_overload_are_retried(repo):
    sleeps: list[float] = []
    api = ScriptedAPI([
        error_response(429, "rate_limit_error", "slow down", {"retry-after": "0.005"}),
        error_response(529, "overloaded_error", "Overloaded"),
        message([tool_use("s", "submit_review", valid_submission())]),
    ])
    gate = ProviderGate(sleep=sleeps.append, clock=lambda: 0.0)  # a still clock: the pause is exactly retry-after
    review = ClaudeReviewer(Config(), api.client(), retry=fast_retry(sleeps), gate=gate).review(pricing_context(repo))
    assert len(api.requests) == 3
    assert api.requests[0] == api.requests[1] == api.requests[2]  # the same request, re-sent
    assert len(sleeps) == 2 and sleeps[0] >= 0.005  # retry-after respected
    assert review.usage.calls == 1  # errors cost nothing


def test_connection_errors_are_retried_then_fail_the_file(repo):
    def broken(request):
        raise OSError("network down")

    api = ScriptedAPI([])
    api.handler = lambda request: (api.requests.append(json.loads(request.content)), broken(request))[1]
    with pytest.raises(ReviewFailed, match="could not reach the Anthropic API"):
        ClaudeReviewer(Config(), api.client(), retry=fast_retry()).review(pricing_context(repo))
    assert len(api.requests) == 4  # attempts


def test_unauthorized_raises_user_error_at_once(repo):
    api = ScriptedAPI([error_response(401, "authentication_error", "invalid x-api-key")])
    with pytest.raises(UserError, match=r"^ANTHROPIC_API_KEY was rejected \(401\): invalid x-api-key$"):
        ClaudeReviewer(Config(), api.client(), retry=fast_retry()).review(pricing_context(repo))
    assert len(api.requests) == 1


def test_path_outside_the_repository_is_refused_and_never_read(repo, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-TOKEN\n")
    (repo / "src" / "leak.py").symlink_to(secret)
    api = ScriptedAPI([
        message([tool_use("p1", "read_file", {"path": "../../etc/passwd"}),
                 tool_use("p2", "read_file", {"path": "/etc/passwd"}),
                 tool_use("p3", "read_file", {"path": "src/leak.py"}),
                 tool_use("p4", "search_code", {"pattern": "TOP-SECRET"})]),
        message([tool_use("s", "submit_review", valid_submission())]),
    ])
    ClaudeReviewer(Config(), api.client()).review(pricing_context(repo))
    results = tool_results(api.requests[1])
    assert [r.get("is_error", False) for r in results] == [True, True, True, False]
    assert "'..' is refused" in results[0]["content"]
    assert "absolute paths are refused" in results[1]["content"]
    assert "resolves outside the repository" in results[2]["content"]
    assert results[3]["content"] == "no matches"
    sent = json.dumps(api.requests)
    assert "root:" not in sent and "TOP-SECRET-TOKEN" not in sent


def test_empty_index_keeps_the_grep_instruction(repo):
    api = ScriptedAPI([
        message([tool_use("g", "search_code", {"pattern": "* (1 + ", "glob": "*.py"})]),
        message([tool_use("s", "submit_review", valid_submission())]),
    ])
    context = pricing_context(repo, rag=True, index_size=0)
    ClaudeReviewer(Config(), api.client()).review(context)
    first = api.requests[0]
    system = first["system"][0]["text"]
    assert GREP_INSTRUCTION in system and "The semantic index is empty" in system
    assert RAG_INSTRUCTION not in system
    assert "findSimilarFunctions" not in [t["name"] for t in first["tools"]]
    assert "Semantic index: empty" in first["messages"][0]["content"][0]["text"]
    [result] = tool_results(api.requests[1])
    assert "src/pricing.py: line 11 (the file under review: shown in the prompt above)" in result["content"]
    assert "src/util.py:5: return acc * (1 + rate)" in result["content"]


def test_without_rag_no_cards_and_no_similarity_tool(repo):
    api = ScriptedAPI([message([tool_use("s", "submit_review", valid_submission(with_cards=False))])])
    review = ClaudeReviewer(Config(), api.client()).review(pricing_context(repo, rag=False))
    first = api.requests[0]
    assert GREP_INSTRUCTION in first["system"][0]["text"]
    assert "cards" not in first["tools"][-1]["input_schema"]["properties"]
    assert "findSimilarFunctions" not in [t["name"] for t in first["tools"]]
    assert review.function_cards == [] and review.rag_enabled is False


def test_text_answer_gets_a_nudge_and_last_turn_forces_submit(repo):
    config = Config()
    config.llm.max_turns = 3
    api = ScriptedAPI([
        message([{"type": "text", "text": "Looks fine."}], stop_reason="end_turn"),
        message([tool_use("r", "find_usages", {"symbol": "total_price"})]),
        message([tool_use("s", "submit_review", valid_submission())]),
    ])
    ClaudeReviewer(config, api.client()).review(pricing_context(repo, config))
    assert "Call submit_review now" in api.requests[1]["messages"][-1]["content"][0]["text"]
    assert "tool_choice" not in api.requests[1]
    assert api.requests[2]["tool_choice"] == {"type": "tool", "name": "submit_review"}
    [usages] = tool_results(api.requests[2])
    assert usages["content"] == "tests/test_pricing.py:1 imports total_price"


def test_claude_dead_verdict_is_never_surer_than_the_static_evidence() -> None:
    from reviewer.review.claude.reviewer import _claude_confidence
    from reviewer.review.findings import action_text
    from reviewer.schema.facts import Symbol
    from reviewer.schema.review import Finding, ReviewFile, SymbolReview

    symbol = Symbol(name="f", qualified_name="f", kind="function", line_start=1, line_end=2)

    def static(utility: str, confidence: int, reported: bool) -> ReviewFile:
        findings = [Finding(axis="utility", verdict="DEAD", symbol="f", line_start=1, line_end=2, message="m")] \
            if reported else []
        return ReviewFile(file="a.py", language="python", sha256="x", reviewer="static",
                          symbols=[SymbolReview.of(symbol, utility=utility, confidence=confidence)], findings=findings)

    claude = SymbolReview.of(symbol, utility="DEAD", confidence=95)
    assert _claude_confidence(claude, static("DEAD", 80, True))["utility"] == 80
    assert _claude_confidence(claude, static("USED", 90, False))["utility"] == 89
    assert _claude_confidence(claude, static("DEAD", 50, False))["utility"] < 60
    sure = _claude_confidence(claude, static("USED", 90, False))["utility"]
    assert action_text("utility", "DEAD", symbol, None, "", sure).startswith("Check whether")
