"""`reviewer estimate`: tokens and dollars of a Claude review, before any call.

It renders the very prompt the reviewer would send (prompt.build_prompt: tools,
system, the file with its evidence) and counts it offline, without a key, with an
approximation: tokens = characters / 3.5. That ratio is an assumption (Claude's
tokenizer is not public; no API call is made to calibrate it), so treat the
figures as ±20%. On top of the prompt, the conversation is modelled turn by turn:

- turn 1: one similarity lookup per function (findSimilarFunctions with RAG and a
  non-empty index, else search_code), when duplication is reviewed;
- turn 2: one read_file / find_usages call;
- then one submit_review call per symbol batch (batches.py: the output allowance
  below, split to fit llm.max_output_tokens, exactly as the reviewer plans them).
  Each call is priced at what it is expected to write, not at its allowance (a planning
  margin): a verdict per axis, and one evidence sentence where the static evidence gives
  a symbol a non-default verdict (the prompt asks for one there, and none for a default).

Every call re-sends the conversation so far; with prompt caching, the stable
prefix (tools + system) is read from the cache after the first file, and each turn
writes only what it added and reads the rest. Below the model's minimum cacheable
length nothing is cached.

The naive alternative, one conversation per axis, is computed by rendering the
one-axis variant of the same prompt for each axis (not by multiplying).
"""

from __future__ import annotations

import json
import math
from typing import Iterable

from pydantic import BaseModel, Field

from ...config import Config, Pricing
from ...schema.axes import DEFAULT_VERDICTS
from ...schema.facts import FUNCTION_KINDS
from ..context import ReviewContext
from .api import pricing_for
from .batches import (
    OUTPUT_BASE,
    OUTPUT_PER_CARD,
    OUTPUT_PER_FUNCTION,
    OUTPUT_PER_SYMBOL,
    OUTPUT_PER_SYMBOL_AXIS,
    Entry,
    answer_tokens,
    plan_batches,
)
from .prompt import PROMPT_VERSION, BuiltPrompt, build_prompt

CHARS_PER_TOKEN = 3.5
# Tokens the API adds to every request that defines tools (its tool-use system prompt).
TOOL_USE_SYSTEM_TOKENS = 350
# Tool turns: what one call writes and what its result adds to the conversation.
TOOL_CALL_TOKENS = 60  # a tool_use block (name, id, input) plus a short preface
SIMILAR_RESULT_TOKENS = 220  # findSimilarFunctions: a few hits with summaries
SEARCH_RESULT_TOKENS = 320  # search_code: capped matching lines
READ_RESULT_TOKENS = 600  # read_file / find_usages: about 60 lines
# Minimum prompt length that the API caches, by model family (default for others).
MIN_CACHEABLE = {"claude-haiku": 2048}
MIN_CACHEABLE_DEFAULT = 1024


def approx_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN) if text else 0


class Turn(BaseModel):
    prompt_tokens: int  # what this call sends (the whole conversation so far)
    new_tokens: int  # the part not sent by the previous call
    output_tokens: int


class ConversationCost(BaseModel):
    calls: int
    prompt_tokens: int  # the first call's prompt: tools + system + file message
    input_tokens: int  # summed over all calls, as if nothing were cached
    output_tokens: int
    cache_write_tokens: int
    cache_read_tokens: int
    uncached_input_tokens: int
    cost_usd: float  # with prompt caching as the reviewer uses it


class FileEstimate(BaseModel):
    file: str
    lines: int
    symbols: int
    functions: int
    cards_to_write: int
    prefix_tokens: int  # tools + system (+ the API's tool-use prompt): shared by every file
    file_tokens: int  # the first user message
    source_tokens: int = 0  # the file's own text, for the evidence/source ratio
    batches: list[int] = Field(default_factory=list)  # output allowance of each submit_review call
    claude: ConversationCost  # one conversation for all axes (what the reviewer does)
    per_axis: ConversationCost  # the naive alternative: one conversation per axis, summed


class Totals(BaseModel):
    files: int = 0
    lines: int = 0
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    cost_per_1000_lines: float = 0.0
    input_tokens_per_file: float = 0.0


class Estimate(BaseModel):
    model: str
    pricing: Pricing
    prompt_version: str = PROMPT_VERSION
    rag_mode: str = "grep"
    axes: list[str] = Field(default_factory=list)
    files: list[FileEstimate] = Field(default_factory=list)  # the files to review (not those in the review cache)
    cached_files: int = 0  # files whose review is still valid in the review cache: no call, $0
    total: Totals = Field(default_factory=Totals)
    naive_per_axis: Totals = Field(default_factory=Totals)
    method: list[str] = Field(default_factory=list)  # how the figures were computed, for the reader


def _min_cacheable(model: str) -> int:
    return next((n for prefix, n in MIN_CACHEABLE.items() if model.startswith(prefix)), MIN_CACHEABLE_DEFAULT)


def prefix_tokens(built: BuiltPrompt) -> int:
    return approx_tokens(built.system) + approx_tokens(json.dumps(built.tools, ensure_ascii=False)) + TOOL_USE_SYSTEM_TOKENS


def _tool_turns(context: ReviewContext, built: BuiltPrompt) -> list[tuple[int, int]]:
    """(output tokens of the call that asks, tokens its results add) per tool turn."""
    functions = sum(1 for s in context.facts.symbols if s.kind in FUNCTION_KINDS)
    turns = []
    if "duplication" in built.axes and functions:
        per_result = SIMILAR_RESULT_TOKENS if built.rag_mode == "rag" else SEARCH_RESULT_TOKENS
        turns.append((functions * TOOL_CALL_TOKENS, functions * per_result))
    turns.append((TOOL_CALL_TOKENS, READ_RESULT_TOKENS))
    return turns


def answer_batches(built: BuiltPrompt, max_output_tokens: int) -> list[int]:
    """The output allowance of each submit_review call, batched as the reviewer batches."""
    return [answer_tokens(batch, len(built.axes)) for batch in plan_batches(built.entries, len(built.axes), max_output_tokens)]


ACCEPTED_RESULT_TOKENS = 60  # "part N accepted" and the next batch's instruction
VERDICT_TOKENS = 10  # one verdict without evidence: `"utility": {"verdict": "USED"}`
EVIDENCE_TOKENS = 25  # the one sentence a non-default verdict carries


def expected_answers(context: ReviewContext, built: BuiltPrompt, max_output_tokens: int) -> list[int]:
    """What each submit_review of the planned batches is expected to write (answer_batches are
    their allowances): per symbol a verdict on each axis, and an evidence sentence for each axis
    the static evidence puts off its default; findings, actions and cards as allowed."""
    static = {review.name: review for review in context.evidence.symbols}

    def expected(entry: Entry) -> int:
        tokens = OUTPUT_PER_CARD if entry.wants_card else 0
        if entry.verdict:
            review = static.get(entry.name)
            departures = 0 if review is None else sum(
                1 for axis in built.axes if getattr(review, axis, None) not in (None, "-", DEFAULT_VERDICTS[axis]))
            tokens += (OUTPUT_PER_SYMBOL + VERDICT_TOKENS * len(built.axes) + EVIDENCE_TOKENS * departures
                       + (OUTPUT_PER_FUNCTION if entry.is_function else 0))
        return tokens

    batches = plan_batches(built.entries, len(built.axes), max_output_tokens)
    return [OUTPUT_BASE + sum(expected(entry) for entry in batch) for batch in batches]


def conversation_cost(
    prefix: int, file_tokens: int, tool_turns: list[tuple[int, int]], answers: list[int] | int,
    pricing: Pricing, model: str, prefix_cached: bool,
) -> ConversationCost:
    """Price one conversation (`answers`: output tokens of each submit_review call).
    `prefix_cached`: another file already wrote the prefix to the cache."""
    answers = [answers] if isinstance(answers, int) else answers
    turns: list[Turn] = []
    history = 0
    added = file_tokens
    for asked, results in tool_turns:
        turns.append(Turn(prompt_tokens=prefix + file_tokens + history, new_tokens=added, output_tokens=asked))
        history += asked + results
        added = asked + results
    for answer in answers:  # each accepted part adds its answer and the next instruction
        turns.append(Turn(prompt_tokens=prefix + file_tokens + history, new_tokens=added, output_tokens=answer))
        history += answer + ACCEPTED_RESULT_TOKENS
        added = answer + ACCEPTED_RESULT_TOKENS

    cacheable = prefix + file_tokens >= _min_cacheable(model)
    write = read = plain = 0
    for index, turn in enumerate(turns):
        if not cacheable:
            plain += turn.prompt_tokens
            continue
        conversation_before = turn.prompt_tokens - prefix - turn.new_tokens
        if index == 0 and not prefix_cached:
            write += prefix
        else:
            read += prefix
        read += conversation_before
        write += turn.new_tokens
    output = sum(t.output_tokens for t in turns)
    cost = (plain * pricing.input + write * pricing.cache_write + read * pricing.cache_read + output * pricing.output) / 1e6
    return ConversationCost(
        calls=len(turns), prompt_tokens=turns[0].prompt_tokens, input_tokens=sum(t.prompt_tokens for t in turns),
        output_tokens=output, cache_write_tokens=write, cache_read_tokens=read, uncached_input_tokens=plain,
        cost_usd=cost,
    )


def _add(costs: Iterable[ConversationCost]) -> ConversationCost:
    costs = list(costs)
    return ConversationCost(
        calls=sum(c.calls for c in costs), prompt_tokens=sum(c.prompt_tokens for c in costs),
        input_tokens=sum(c.input_tokens for c in costs), output_tokens=sum(c.output_tokens for c in costs),
        cache_write_tokens=sum(c.cache_write_tokens for c in costs), cache_read_tokens=sum(c.cache_read_tokens for c in costs),
        uncached_input_tokens=sum(c.uncached_input_tokens for c in costs), cost_usd=sum(c.cost_usd for c in costs),
    )


def _price(context: ReviewContext, built: BuiltPrompt, pricing: Pricing, model: str, prefix_cached: bool) -> ConversationCost:
    return conversation_cost(prefix_tokens(built), approx_tokens(built.user), _tool_turns(context, built),
                             expected_answers(context, built, context.config.llm.max_output_tokens), pricing, model,
                             prefix_cached)


def estimate_reviews(contexts: Iterable[ReviewContext], config: Config, carded_hashes: set[str] | frozenset[str] = frozenset()) -> Estimate:
    """The estimate for `contexts` (files in review order) with the configured model and pricing."""
    model = config.llm.model
    pricing = pricing_for(config)
    estimate = Estimate(model=model, pricing=pricing, axes=list(config.axes))
    seen_prefixes: set[str] = set()  # prompt prefixes already written to the cache by an earlier file
    for context in contexts:
        built = build_prompt(context, carded_hashes=carded_hashes)
        estimate.rag_mode = built.rag_mode
        key = built.system + json.dumps(built.tools)
        claude = _price(context, built, pricing, model, prefix_cached=key in seen_prefixes)
        seen_prefixes.add(key)
        per_axis = []
        for index, axis in enumerate(built.axes):
            # Cards are asked once, in the first axis's conversation.
            variant = build_prompt(context, axes=[axis], carded_hashes=carded_hashes,
                                   with_cards=built.with_cards and index == 0)
            variant_key = variant.system + json.dumps(variant.tools)
            per_axis.append(_price(context, variant, pricing, model, prefix_cached=variant_key in seen_prefixes))
            seen_prefixes.add(variant_key)
        functions = sum(1 for s in context.facts.symbols if s.kind in FUNCTION_KINDS)
        estimate.files.append(
            FileEstimate(
                file=context.facts.path, lines=context.facts.lines, symbols=len(context.facts.symbols),
                functions=functions, cards_to_write=len(built.cards_wanted), prefix_tokens=prefix_tokens(built),
                file_tokens=approx_tokens(built.user), source_tokens=approx_tokens(context.source),
                batches=answer_batches(built, config.llm.max_output_tokens), claude=claude, per_axis=_add(per_axis),
            )
        )
    estimate.total = _totals(estimate.files, "claude")
    estimate.naive_per_axis = _totals(estimate.files, "per_axis")
    estimate.method = method_notes(config, estimate.rag_mode)
    return estimate


def _totals(files: list[FileEstimate], which: str) -> Totals:
    costs = [getattr(f, which) for f in files]
    lines = sum(f.lines for f in files)
    total = Totals(
        files=len(files), lines=lines, calls=sum(c.calls for c in costs), input_tokens=sum(c.input_tokens for c in costs),
        output_tokens=sum(c.output_tokens for c in costs), cost_usd=sum(c.cost_usd for c in costs),
    )
    total.cost_per_1000_lines = total.cost_usd / lines * 1000 if lines else 0.0
    total.input_tokens_per_file = total.input_tokens / len(files) if files else 0.0
    return total


def method_notes(config: Config, rag_mode: str) -> list[str]:
    lookups = {"rag": "findSimilarFunctions", "empty_index": "search_code (empty index)", "grep": "search_code"}[rag_mode]
    return [
        f"tokens = characters / {CHARS_PER_TOKEN} (offline approximation, about ±20%; no API call is made)",
        f"prompt = tools + system + the file with line numbers, its symbols and the static evidence, "
        f"rendered by the reviewer's own prompt builder (prompt version {PROMPT_VERSION}); "
        f"+{TOOL_USE_SYSTEM_TOKENS} tokens the API adds when tools are defined",
        f"tool turns: one {lookups} call per function (when duplication is reviewed), then one read_file; "
        f"each call writes ~{TOOL_CALL_TOKENS} tokens and its result adds "
        f"~{SIMILAR_RESULT_TOKENS if rag_mode == 'rag' else SEARCH_RESULT_TOKENS} (lookup) or ~{READ_RESULT_TOKENS} (read) tokens",
        f"output allowance for submit_review: {OUTPUT_BASE} + per symbol {OUTPUT_PER_SYMBOL} + "
        f"{OUTPUT_PER_SYMBOL_AXIS} per axis, + {OUTPUT_PER_FUNCTION} per function, + {OUTPUT_PER_CARD} per card to write; "
        f"split into batches that fit llm.max_output_tokens ({config.llm.max_output_tokens}), one call each, "
        f"as the reviewer plans them; each call is priced at what it is expected to write: {VERDICT_TOKENS} tokens "
        f"per verdict, + {EVIDENCE_TOKENS} per evidence sentence where the static evidence gives a non-default "
        "verdict",
        "prompt caching: the tools + system prefix is written once and read by the following files; "
        "each call writes what it added and reads the rest of the conversation",
        f"prices: llm.pricing['{config.llm.model}'] (USD per million tokens)",
        "naive alternative: one conversation per axis, each rendered from the one-axis variant of the prompt",
    ]


def render_estimate(estimate: Estimate, max_files: int = 40) -> str:
    """The human-readable estimate (also shown by `reviewer run` before paid work)."""
    p = estimate.pricing
    lines = [
        f"Estimate for {estimate.model} (input ${p.input}/M, output ${p.output}/M, cache write ${p.cache_write}/M, "
        f"cache read ${p.cache_read}/M), {len(estimate.axes)} axes, duplication via "
        f"{'findSimilarFunctions' if estimate.rag_mode == 'rag' else 'search_code'}:",
        "",
        f"{'file':<48} {'lines':>6} {'prompt':>8} {'input':>9} {'output':>7} {'cost $':>9}",
    ]
    ranked = sorted(estimate.files, key=lambda f: f.claude.cost_usd, reverse=True)
    for f in ranked[:max_files]:
        name = f.file if len(f.file) <= 48 else "…" + f.file[-47:]
        lines.append(f"{name:<48} {f.lines:>6} {f.claude.prompt_tokens:>8} {f.claude.input_tokens:>9} "
                     f"{f.claude.output_tokens:>7} {f.claude.cost_usd:>9.4f}")
    if len(ranked) > max_files:
        rest = ranked[max_files:]
        lines.append(f"{f'… {len(rest)} more files':<48} {sum(f.lines for f in rest):>6} {'':>8} "
                     f"{sum(f.claude.input_tokens for f in rest):>9} {sum(f.claude.output_tokens for f in rest):>7} "
                     f"{sum(f.claude.cost_usd for f in rest):>9.4f}")
    t, n = estimate.total, estimate.naive_per_axis
    lines += [
        f"{'total (' + str(t.files) + ' files)':<48} {t.lines:>6} {'':>8} {t.input_tokens:>9} {t.output_tokens:>7} {t.cost_usd:>9.4f}",
        "",
        f"≈ ${t.cost_usd:.2f} in total ({t.calls:,} calls), ${t.cost_per_1000_lines:.3f} per 1,000 lines, "
        f"{t.input_tokens_per_file:,.0f} input tokens per file."
        + (f" {estimate.cached_files:,} more files come from the review cache: no call, $0."
           if estimate.cached_files else ""),
        f"One conversation per axis instead would cost ≈ ${n.cost_usd:.2f} (${n.cost_per_1000_lines:.3f} per 1,000 lines, "
        f"{n.input_tokens_per_file:,.0f} input tokens per file).",
        "",
        "How this is computed:",
        *[f"- {note}" for note in estimate.method],
    ]
    return "\n".join(lines)
