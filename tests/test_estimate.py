"""`reviewer estimate`: the same prompt builder as the reviewer, offline pricing."""

from __future__ import annotations

import json

import pytest

from claude_helpers import make_repo, pricing_context, util_context
from reviewer.config import Config, Pricing
from reviewer.errors import UserError
from reviewer.review.claude.estimate import (
    CHARS_PER_TOKEN,
    TOOL_USE_SYSTEM_TOKENS,
    approx_tokens,
    conversation_cost,
    estimate_reviews,
    render_estimate,
)
from reviewer.review.claude.prompt import build_prompt


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "repo")


def test_counts_the_real_prompt(repo):
    context = pricing_context(repo, rag=False)
    built = build_prompt(context)
    estimate = estimate_reviews([context], Config())
    [f] = estimate.files
    assert f.file_tokens == approx_tokens(built.user)
    assert f.prefix_tokens == (approx_tokens(built.system) + approx_tokens(json.dumps(built.tools, ensure_ascii=False))
                               + TOOL_USE_SYSTEM_TOKENS)
    assert f.claude.prompt_tokens == f.prefix_tokens + f.file_tokens
    # The evidence is in what is counted: more evidence, more tokens.
    richer = pricing_context(repo, rag=False)
    richer.evidence.symbols[2].evidence["utility"] = "imported by 0 files; " + "no caller anywhere; " * 50
    assert estimate_reviews([richer], Config()).files[0].file_tokens > f.file_tokens


def test_approx_tokens():
    assert approx_tokens("") == 0
    assert approx_tokens("x" * 35) == 10 == 35 / CHARS_PER_TOKEN


def test_conversation_cost_with_and_without_cache():
    price = Pricing(input=3.0, output=15.0, cache_write=3.75, cache_read=0.30)
    # prefix 2000, file 1000, one tool turn (asks 50, results 400), answer 500
    first = conversation_cost(2000, 1000, [(50, 400)], 500, price, "claude-sonnet-4-5", prefix_cached=False)
    assert first.calls == 2
    assert first.input_tokens == 3000 + 3450
    assert first.output_tokens == 550
    assert first.cache_write_tokens == 2000 + 1000 + 450
    assert first.cache_read_tokens == 3000
    assert first.cost_usd == pytest.approx((3450 * 3.75 + 3000 * 0.30 + 550 * 15.0) / 1e6)
    later = conversation_cost(2000, 1000, [(50, 400)], 500, price, "claude-sonnet-4-5", prefix_cached=True)
    assert later.cache_write_tokens == 1450 and later.cache_read_tokens == 5000
    assert later.cost_usd < first.cost_usd
    # Under the minimum cacheable length (Haiku: 2048) nothing is cached.
    small = conversation_cost(500, 400, [], 100, price, "claude-haiku-4-5", prefix_cached=False)
    assert (small.uncached_input_tokens, small.cache_write_tokens, small.cache_read_tokens) == (900, 0, 0)


def test_totals_per_file_and_naive_per_axis(repo):
    contexts = [pricing_context(repo, rag=True, index_size=10), util_context(repo)]
    estimate = estimate_reviews(contexts, Config())
    assert [f.file for f in estimate.files] == ["src/pricing.py", "src/util.py"]
    assert estimate.total.files == 2 and estimate.total.lines == 22
    assert estimate.total.cost_usd == pytest.approx(sum(f.claude.cost_usd for f in estimate.files))
    assert estimate.total.cost_per_1000_lines == pytest.approx(estimate.total.cost_usd / 22 * 1000)
    # The second file reads the shared prefix from the cache.
    assert estimate.files[1].claude.cache_read_tokens >= estimate.files[1].prefix_tokens
    # One conversation per axis re-sends the file six times: dearer.
    assert estimate.naive_per_axis.cost_usd > estimate.total.cost_usd
    assert estimate.files[0].per_axis.calls > estimate.files[0].claude.calls
    assert estimate.files[0].cards_to_write == 2
    # Cached cards are not asked for again, so they cost no output.
    hashes = {s.body_hash for s in contexts[0].facts.symbols if s.body_hash}
    cheaper = estimate_reviews(contexts[:1], Config(), carded_hashes=hashes)
    assert cheaper.files[0].cards_to_write == 0
    assert cheaper.files[0].claude.output_tokens < estimate.files[0].claude.output_tokens


def test_render_explains_the_method(repo):
    estimate = estimate_reviews([pricing_context(repo, rag=False)], Config())
    text = render_estimate(estimate)
    assert "src/pricing.py" in text and "per 1,000 lines" in text
    assert f"characters / {CHARS_PER_TOKEN}" in text and "One conversation per axis" in text
    assert json.loads(estimate.model_dump_json())["total"]["files"] == 1


def test_unknown_model_price_names_the_key(repo):
    config = Config()
    config.llm.model = "claude-unknown-9"
    with pytest.raises(UserError, match=r"llm\.pricing\.claude-unknown-9"):
        estimate_reviews([pricing_context(repo, config, rag=False)], config)


def test_dated_model_id_uses_its_family_price(repo):
    config = Config()
    config.llm.model = "claude-sonnet-4-5-20250929"
    assert estimate_reviews([util_context(repo, config)], config).pricing == config.llm.pricing["claude-sonnet-4-5"]


def test_cli_estimate_json_on_a_small_repository(repo, monkeypatch):
    from click.testing import CliRunner

    from reviewer.cli import cli

    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)  # no key needed, no call made
    result = CliRunner().invoke(cli, ["estimate", str(repo), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {f["file"] for f in data["files"]} >= {"src/pricing.py", "src/util.py"}
    pricing = next(f for f in data["files"] if f["file"] == "src/pricing.py")
    assert pricing["lines"] == 17 and pricing["functions"] == 2
    assert data["total"]["cost_usd"] > 0 and data["naive_per_axis"]["cost_usd"] > data["total"]["cost_usd"]
    text = CliRunner().invoke(cli, ["estimate", str(repo)]).stdout
    assert "per 1,000 lines" in text and "How this is computed" in text


def test_answers_are_priced_at_what_they_are_expected_to_write(repo):
    """The batches keep their allowance (a planning margin), but the cost counts what a call is
    expected to write: an evidence sentence only where the static evidence puts a verdict off its
    default (issue 31: the estimate within 25% of what is spent)."""
    from reviewer.review.claude.estimate import EVIDENCE_TOKENS, TOOL_CALL_TOKENS
    from reviewer.schema.axes import DEFAULT_VERDICTS

    context = pricing_context(repo, rag=False)
    estimate = estimate_reviews([context], Config())
    departures = sum(1 for s in context.evidence.symbols for axis, default in DEFAULT_VERDICTS.items()
                     if getattr(s, axis) not in ("-", default))
    assert departures == 6
    for symbol in context.evidence.symbols:  # the same file, every static verdict the default
        for axis, default in DEFAULT_VERDICTS.items():
            setattr(symbol, axis, default if axis != "correction" else "-")
    plain = estimate_reviews([context], Config())
    assert estimate.files[0].batches == plain.files[0].batches  # the same plan
    assert estimate.files[0].claude.output_tokens - plain.files[0].claude.output_tokens == departures * EVIDENCE_TOKENS
    tool_calls = (2 + 1) * TOOL_CALL_TOKENS  # a lookup per function (2), one read
    assert estimate.files[0].claude.output_tokens - tool_calls < sum(estimate.files[0].batches)  # under the allowance
