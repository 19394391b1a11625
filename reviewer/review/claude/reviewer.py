"""The Claude reviewer: one conversation per file, tools, a validated submit_review.

The conversation: the first user message holds the file and its evidence (see
prompt.py); Claude may call the read-only tools (tools.py) for at most
`llm.max_turns` turns, then answers with `submit_review`, whose input is validated
(submission.py). Errors go back as an `is_error` tool result, up to
`llm.max_validation_retries` times; a file that still fails raises ReviewFailed
and the run goes on (see run.py).
"""

from __future__ import annotations

import hashlib
import logging
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

import anthropic
from pydantic import BaseModel, ValidationError

from ...config import Config
from ...errors import UserError
from ...schema.cards import CardFields, FunctionCard, enrich, now_iso
from ...rag.static_cards import build_static_card
from ...schema.facts import FUNCTION_KINDS, FileFacts, Symbol
from ..context import ReviewContext
from .card_cache import CardCache
from .api import (
    MalformedResponse,
    ProviderGate,
    RetryPolicy,
    ReviewStopped,
    add_usage,
    create_with_retries,
    describe_api_error,
    pricing_for,
    usage_of,
)
from .batches import CUT_GROWTH, Batch, Entry, as_batch, plan_batches, replan_after_cut
from .budget import CostMeter, worst_case_cost
from .prompt import BATCH_MARK, PROMPT_VERSION, SUBMIT_TOOL, BuiltPrompt, batch_instruction, build_prompt, request_params
from ...schema.axes import DEFAULT_VERDICTS
from ...schema.review import Action, DuplicateOf, Finding, ReviewFile, Similarity, SymbolReview, TokenUsage
from ..findings import HIGH_CONFIDENCE, LOW_CONFIDENCE, file_verdict, symbol_fingerprint, verdict_findings, worst_verdict
from .submission import check_against_facts, format_validation_error, submission_model
from .tools import ReviewTools, listed_file_refusal

log = logging.getLogger(__name__)

NUDGE = "Call submit_review now with your verdicts (a verdict on every axis for every symbol)."
MAX_COST_STOP = "stopped: llm.max_cost reached"


class ReviewFailed(Exception):
    """This file could not be reviewed (API error, never a valid submission). The run goes on."""

    def __init__(self, message: str, usage: TokenUsage | None = None, unanswered: bool = False) -> None:
        super().__init__(message)
        self.usage = usage or TokenUsage()
        self.unanswered = unanswered  # the model never gave a valid submit_review (counted by the run)


@dataclass
class Answer:
    """The accepted submit_review parts of one file, merged."""

    entries: dict[str, Any] = field(default_factory=dict)  # qualified name -> its symbol entry
    summaries: list[str] = field(default_factory=list)
    verdicts: list[str] = field(default_factory=list)
    findings: list[Any] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)
    cards: list[Any] = field(default_factory=list)

    def add(self, submission: Any) -> None:
        self.entries.update({entry.name: entry for entry in submission.symbols})
        self.summaries.append(submission.summary)
        self.verdicts.append(submission.verdict)
        self.findings.extend(submission.findings)
        self.actions.extend(submission.actions)
        self.cards.extend(getattr(submission, "cards", []))


class ClaudeReviewer:
    """`Reviewer` over the Anthropic Messages API. Thread-safe: one instance serves a run."""

    name = "claude"

    def __init__(
        self,
        config: Config,
        client: anthropic.Anthropic,
        card_cache: CardCache | None = None,
        files: list[str] | None = None,
        retry: RetryPolicy | None = None,
        on_usage: Callable[[TokenUsage], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
        meter: CostMeter | None = None,
        gate: ProviderGate | None = None,
        on_note: Callable[[str], None] | None = None,
    ) -> None:
        self.config = config
        self.client = client
        self.card_cache = card_cache
        self.files = files  # the scan's file list, searched by search_code
        self.retry = retry or RetryPolicy()
        self.on_usage = on_usage or (lambda usage: None)
        self.should_stop = should_stop or (lambda: False)
        self.meter = meter or CostMeter(None)
        self.gate = gate or ProviderGate(sleep=self.retry.sleep)
        self.on_note = on_note or (lambda note: log.warning("%s", note))
        self.pricing = pricing_for(config)
        # How much longer than the planned allowances this model's answers run, learned from cut
        # answers and kept for the run: later files are planned in parts that fit from the start.
        self.output_scale = 1.0
        self._scale_lock = threading.Lock()

    def _grow_scale(self, used: float) -> float:
        with self._scale_lock:
            self.output_scale = max(self.output_scale, used * CUT_GROWTH)
            return self.output_scale

    def review(self, context: ReviewContext) -> ReviewFile:
        """One conversation: tool turns, then one submit_review per batch of symbols."""
        llm = self.config.llm
        refusal = listed_file_refusal(context.root, context.config, context.facts.path)
        if refusal:  # e.g. a link to a secrets file: its content is never sent
            raise ReviewFailed(f"not sent to Claude: {refusal}")
        carded = self.card_cache.hashes() if (self.card_cache is not None and context.rag_enabled) else set()
        built = build_prompt(context, carded_hashes=carded)
        self.masked(built.masked)
        scale = self.output_scale
        parts = plan_batches(built.entries, len(built.axes), llm.max_output_tokens, scale)  # parts[0]: the one asked now
        done = 0
        tools = ReviewTools(context, self.files)
        first: list[dict[str, Any]] = [{"type": "text", "text": built.user}]
        if len(parts) > 1:
            first.append(_text(batch_instruction(as_batch(parts[0]), 1, len(parts))))
        messages: list[dict[str, Any]] = [{"role": "user", "content": first}]
        answer = Answer()
        usage = TokenUsage()
        rejected = 0
        calls_left = llm.max_turns + len(parts) - 1  # one more call per extra batch
        try:
            while calls_left > 0:
                params = request_params(built, messages, llm.model, llm.max_output_tokens)
                if calls_left == 1:
                    params["tool_choice"] = {"type": "tool", "name": SUBMIT_TOOL}  # last call: answer now
                calls_left -= 1
                response, call_usage = self._call(params, usage)
                usage = add_usage(usage, call_usage)
                if response.stop_reason == "max_tokens":
                    # A cut answer is never parsed: the rest is planned again in smaller parts.
                    scale = self._grow_scale(scale)
                    planned = replan_after_cut(parts, len(built.axes), llm.max_output_tokens, scale)
                    if planned is None:
                        raise ReviewFailed(f"the answer for {parts[0][0].name} alone exceeds llm.max_output_tokens="
                                           f"{llm.max_output_tokens}; raise it", usage)
                    calls_left += 1 + max(0, len(planned) - len(parts))  # the cut call again, and any extra part
                    parts = planned
                    _set_instruction(messages[-1], batch_instruction(as_batch(parts[0]), done + 1, done + len(parts), cut=True))
                    continue
                messages.append({"role": "assistant", "content": [_block_param(block) for block in response.content]})
                tool_uses = [block for block in response.content if block.type == "tool_use"]
                if not tool_uses:
                    nudge = NUDGE if done + len(parts) == 1 else NUDGE + " " + batch_instruction(
                        as_batch(parts[0]), done + 1, done + len(parts))
                    messages.append({"role": "user", "content": [_text(nudge)]})
                    continue
                results: list[dict[str, Any]] = []
                for block in tool_uses:
                    if block.name != SUBMIT_TOOL or not parts:
                        text, is_error = tools.run(block.name, block.input) if block.name != SUBMIT_TOOL else (
                            "every part is already accepted", True)
                        results.append(_tool_result(block.id, text, is_error))
                        continue
                    outcome = self._accept(context, built, as_batch(parts[0]), block.input)
                    if isinstance(outcome, list):
                        rejected += 1
                        if rejected > llm.max_validation_retries:
                            raise ReviewFailed(
                                f"submit_review still invalid after {rejected} attempts: " + "; ".join(outcome[:3]), usage,
                                unanswered=True)
                        results.append(_tool_result(block.id, "submit_review was rejected; fix these and call it again:\n- "
                                                    + "\n- ".join(outcome), True))
                        continue
                    submission, absent = outcome
                    answer.add(submission)
                    self._keep_cards(context, submission)  # paid cards survive a later failure of the file
                    asked = parts.pop(0)
                    done += 1
                    rejected = 0
                    lacking = ""
                    if absent and any(entry.verdict for entry in asked):
                        # The verdicts are kept; only the missing cards are asked for, in a part of their own.
                        parts.insert(0, [Entry(name, True, True, verdict=False) for name in absent])
                        lacking = f"It lacked cards for {', '.join(absent)}; its verdicts are kept. "
                    elif absent:
                        self.on_note(f"{context.facts.path}: no card for {', '.join(absent)} (asked twice); "
                                     "reviewed without them")
                    if not parts:
                        review = self._review_file(context, built, answer, tools)
                        review.usage = usage
                        return review
                    calls_left += 1
                    results.append(_tool_result(block.id, f"Part {done} accepted. {lacking}" + batch_instruction(
                        as_batch(parts[0]), done + 1, done + len(parts)), False))
                messages.append({"role": "user", "content": results})
        finally:
            self.masked(tools.masked)
            tools.masked = 0
        raise ReviewFailed(f"no valid submit_review within llm.max_turns={llm.max_turns} turns", usage, unanswered=True)

    def masked(self, count: int) -> None:
        """Secrets masked before sending (counted by the run)."""
        if count:
            self.on_masked(count)

    def on_masked(self, count: int) -> None:  # replaced by the run
        pass

    def _call(self, params: dict[str, Any], usage: TokenUsage) -> tuple[Any, TokenUsage]:
        """One API call under the cost cap: its worst case is reserved first, its usage counted after."""
        worst = worst_case_cost(params, self.pricing)
        if not self.meter.reserve(worst):
            raise ReviewStopped(MAX_COST_STOP)
        call_usage: TokenUsage | None = None
        try:
            response = create_with_retries(self.client, params, self.retry, self.should_stop, self.gate)
            call_usage = usage_of(response, self.pricing)
        except (UserError, ReviewStopped):
            raise
        except (anthropic.APIError, MalformedResponse) as exc:
            raise ReviewFailed(describe_api_error(exc), usage) from None
        finally:
            self.meter.settle(worst, call_usage)
        self.on_usage(call_usage)
        return response, call_usage

    # -- the submission -------------------------------------------------------------

    def _accept(self, context: ReviewContext, built: BuiltPrompt, batch: Batch, raw: Any) -> Any:
        """(the validated submission of this batch, the cards it lacks), or the problems to send back.
        A lacking card does not reject the verdicts: it is asked for on its own (review)."""
        model = submission_model(built.axes, built.with_cards)
        try:
            submission = model.model_validate(raw if isinstance(raw, dict) else {})
        except ValidationError as exc:
            return format_validation_error(exc)
        problems = check_against_facts(submission, batch.names, context.facts.lines, built.axes)
        if problems:
            return problems
        carded = {card.function for card in getattr(submission, "cards", [])}
        return submission, [name for name in batch.cards if name not in carded]

    def _review_file(self, context: ReviewContext, built: BuiltPrompt, answer: Answer, tools: ReviewTools) -> ReviewFile:
        facts = context.facts
        static_by_name = {s.name: s for s in context.evidence.symbols}
        review = ReviewFile(
            file=facts.path,
            language=facts.language,
            sha256=facts.sha256,
            reviewer="claude",
            model=self.config.llm.model,
            summary=answer.summaries[0] if answer.summaries else "",
            rag_enabled=context.rag_enabled,
            similarities=_similarities(context, tools),
            repeated_blocks=context.evidence.repeated_blocks,  # the evidence Claude saw as other findings
            reviewed_at=now_iso(),
        )
        derived: list[tuple[Finding, Action]] = []
        for symbol in facts.symbols:  # repeated names: every definition gets its name's verdicts
            symbol_review = self._symbol_review(symbol, answer.entries[symbol.qualified_name], built.axes,
                                                static_by_name.get(symbol.qualified_name), context, tools)
            review.symbols.append(symbol_review)
            derived.extend(verdict_findings(facts, symbol, symbol_review, built.axes,
                                            confidence=_claude_confidence(symbol_review, context.evidence)))
        explicit = [_explicit_finding(facts, context.source, f) for f in answer.findings]
        covered = {(f.axis, f.symbol, f.verdict) for f in explicit}
        review.findings = [f for f, _ in derived if (f.axis, f.symbol, f.verdict) not in covered] + explicit
        review.actions = [Action(**a.model_dump()) for a in answer.actions] or [a for _, a in derived]
        from_findings = file_verdict(review.findings)
        review.verdict = worst_verdict(*answer.verdicts, from_findings)
        if built.with_cards:
            review.function_cards = self._cards(context, answer.cards)
        return review

    def _symbol_review(self, symbol: Symbol, entry: BaseModel, axes: tuple[str, ...], static: SymbolReview | None,
                       context: ReviewContext, tools: ReviewTools) -> SymbolReview:
        review = SymbolReview.of(symbol, confidence=entry.confidence)  # type: ignore[attr-defined]
        if static is not None:  # axes not asked of Claude keep the deterministic verdict
            for axis in DEFAULT_VERDICTS:
                if axis not in axes:
                    setattr(review, axis, getattr(static, axis))
        evidence: dict[str, str] = {}
        for axis in axes:
            verdict = getattr(entry, axis)
            setattr(review, axis, verdict.verdict)
            if verdict.evidence.strip():
                evidence[axis] = verdict.evidence.strip()
            if axis == "duplication" and verdict.verdict == "DUPLICATE" and verdict.duplicate_of is not None:
                target = (verdict.duplicate_of.file, verdict.duplicate_of.name)
                if _is_the_copy_to_keep((context.facts.path, symbol.qualified_name), target, context):
                    # Oriented as the static pairs are: only the copy to remove is DUPLICATE, so the
                    # two files of a pair never both say "use the other one".
                    review.duplication = "UNIQUE"
                    evidence["duplication"] = (f"keep this one: {target[0]}:{target[1]} duplicates it "
                                               f"(Claude: {verdict.evidence.strip()})")
                    continue
                review.duplicate_of = _duplicate_of(symbol, target[0], target[1], context, tools)
        review.evidence = evidence
        review.detail = "; ".join(f"{axis}: {text}" for axis, text in evidence.items())
        return review

    def _written(self, context: ReviewContext, submitted: list[Any], report: bool = False) -> dict[str, CardFields]:
        """Claude's cards by function name; a card for a name that is no function of the file is dropped
        (and reported when `report`)."""
        functions = {s.qualified_name for s in context.facts.symbols if s.kind in FUNCTION_KINDS}
        written: dict[str, CardFields] = {}
        for card in submitted:
            if card.function not in functions:
                if report:
                    self.on_note(f"{context.facts.path}: card for unknown function {card.function!r} dropped")
                continue
            written[card.function] = CardFields(
                summary=card.summary, key_concepts=card.key_concepts, behavioral_profile=card.behavioral_profile,
                model=self.config.llm.model, prompt_version=PROMPT_VERSION,
            )
        return written

    def _keep_cards(self, context: ReviewContext, submission: Any) -> None:
        """Cache the cards of an accepted part by body hash, at once (they are paid for)."""
        submitted = getattr(submission, "cards", [])
        if self.card_cache is None or not submitted:
            return
        written = self._written(context, submitted)
        for symbol in context.facts.symbols:
            if symbol.kind in FUNCTION_KINDS and symbol.qualified_name in written:
                self.card_cache.put(symbol.body_hash, written[symbol.qualified_name])
        self.card_cache.save()

    def _cards(self, context: ReviewContext, submitted: list[Any]) -> list[FunctionCard]:
        """LLM cards of every function definition: the AST fields from the code, the written
        fields from Claude (a repeated name's card goes to each definition) or the cache."""
        facts = context.facts
        written = self._written(context, submitted, report=True)
        static_cards = {(c.qualified_name, c.line_start): c for c in context.cards}
        cards: list[FunctionCard] = []
        for symbol in facts.symbols:
            if symbol.kind not in FUNCTION_KINDS:
                continue
            fields = written.get(symbol.qualified_name)
            if fields is None and self.card_cache is not None and symbol.body_hash:
                fields = self.card_cache.get(symbol.body_hash)
            if fields is None:
                continue
            base = static_cards.get((symbol.qualified_name, symbol.line_start)) or _card_from_symbol(facts, symbol)
            cards.append(enrich(base, fields))
        return cards


# -- helpers -------------------------------------------------------------------------


def _block_param(block: Any) -> dict[str, Any]:
    """A response content block as a request content block (for the next turn)."""
    if block.type == "text":
        return {"type": "text", "text": block.text}
    if block.type == "tool_use":
        return {"type": "tool_use", "id": block.id, "name": block.name, "input": block.input}
    return block.model_dump(exclude_none=True)


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def _set_instruction(message: dict[str, Any], instruction: str) -> None:
    """Make `instruction` the last block of a user message (replacing an earlier one)."""
    blocks = message["content"]
    if blocks and blocks[-1].get("type") == "text" and BATCH_MARK in blocks[-1].get("text", ""):
        blocks.pop()
    blocks.append({"type": "text", "text": instruction})


def _tool_result(tool_use_id: str, text: str, is_error: bool) -> dict[str, Any]:
    result: dict[str, Any] = {"type": "tool_result", "tool_use_id": tool_use_id, "content": text}
    if is_error:
        result["is_error"] = True
    return result


def _duplicate_of(symbol: Symbol, file: str, name: str, context: ReviewContext, tools: ReviewTools) -> DuplicateOf:
    """The target Claude named, with the scores the evidence or findSimilarFunctions gave for it."""
    for sim in context.evidence.similarities:
        if sim.function == symbol.qualified_name and sim.file == file and sim.name == name:
            return DuplicateOf(file=file, name=name, score=sim.score, line_start=sim.other_line_start,
                               structure=sim.structure, meaning=sim.meaning, clone_kind=sim.clone_kind)
    hit = next((h for f, _, h in tools.similar_hits if f == symbol.qualified_name and (h.file_path, h.name) == (file, name)),
               None) or next((h for _, _, h in tools.similar_hits if (h.file_path, h.name) == (file, name)), None)
    if hit is None:
        return DuplicateOf(file=file, name=name, score=0.0)
    return DuplicateOf(file=file, name=name, score=round(hit.score, 3), line_start=hit.line_start,
                       structure=hit.structure, meaning=hit.meaning, clone_kind=hit.clone_kind)


def _is_the_copy_to_keep(this: tuple[str, str], other: tuple[str, str], context: ReviewContext) -> bool:
    """Whether the analysis's keep-order (analysis/duplicates.py) prefers this symbol to `other`."""
    return context.keep_rank is not None and context.keep_rank(this) < context.keep_rank(other)


def _similarities(context: ReviewContext, tools: ReviewTools) -> list[Similarity]:
    """The static similarities plus what findSimilarFunctions showed Claude (the .rev.md table)."""
    out = list(context.evidence.similarities)
    seen = {(s.function, s.file, s.name) for s in out}
    for function, line_start, hit in tools.similar_hits:
        if (function, hit.file_path, hit.name) in seen:
            continue
        seen.add((function, hit.file_path, hit.name))
        out.append(Similarity(function=function, line_start=line_start, file=hit.file_path, name=hit.name,
                              other_line_start=hit.line_start, score=round(hit.score, 3), structure=hit.structure,
                              meaning=hit.meaning, vocabulary=hit.vocabulary, behaviour=hit.behaviour,
                              clone_kind=hit.clone_kind))
    return out


def _explicit_finding(facts: FileFacts, source: str, submitted: Any) -> Finding:
    """A finding Claude placed on lines; its fingerprint hashes those lines' text (stable when they move)."""
    symbol = next((s for s in facts.symbols if s.qualified_name == submitted.symbol), None)
    lines = source.splitlines()[submitted.line_start - 1 : submitted.line_end]
    content = hashlib.sha256(" ".join(" ".join(lines).split()).encode()).hexdigest()[:16]
    return Finding(
        axis=submitted.axis,
        verdict=submitted.verdict,
        severity=submitted.severity,
        symbol=submitted.symbol if symbol is not None else None,
        line_start=submitted.line_start,
        line_end=min(submitted.line_end, max(facts.lines, submitted.line_start)),
        message=submitted.message,
        fingerprint=symbol_fingerprint(facts.path, symbol, submitted.axis, submitted.verdict, content),
    )


def _card_from_symbol(facts: FileFacts, symbol: Symbol) -> FunctionCard:
    """A card when the static one is missing: every AST field from the symbol."""
    return build_static_card(facts, symbol, resolve=None)


def _claude_confidence(review: SymbolReview, static_file: ReviewFile) -> dict[str, int]:
    """Per axis, how sure Claude's verdicts are. A DEAD verdict is never surer than the static
    evidence: where the static reviewer found a use it is "check, then remove" (under 90),
    where its own DEAD verdict was under the confidence floor (no finding) it stays low."""
    confidence = {axis: review.confidence for axis in DEFAULT_VERDICTS}
    if review.utility != "DEAD":
        return confidence
    static = next((s for s in static_file.symbols if s.name == review.name), None)
    if static is None:
        return confidence
    if static.utility != "DEAD":
        confidence["utility"] = min(review.confidence, HIGH_CONFIDENCE - 1)
    elif not any(f.axis == "utility" and f.symbol == review.name for f in static_file.findings):
        confidence["utility"] = min(review.confidence, LOW_CONFIDENCE - 1)
    else:
        confidence["utility"] = min(review.confidence, static.confidence)
    return confidence
