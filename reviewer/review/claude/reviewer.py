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
from typing import Any, Callable

import anthropic
from pydantic import BaseModel, ValidationError

from ...config import Config
from ...errors import UserError
from ...schema.cards import FunctionCard, now_iso
from ...rag.static_cards import build_static_card
from ...schema.facts import FUNCTION_KINDS, FileFacts, Symbol
from ..context import ReviewContext
from .card_cache import CardCache, CardFields, enrich
from .api import (
    RetryPolicy,
    ReviewStopped,
    add_usage,
    create_with_retries,
    describe_api_error,
    pricing_for,
    usage_of,
)
from .prompt import PROMPT_VERSION, SUBMIT_TOOL, BuiltPrompt, build_prompt, request_params
from ...schema.axes import DEFAULT_VERDICTS
from ...schema.review import Action, DuplicateOf, Finding, ReviewFile, SymbolReview, TokenUsage
from ..findings import HIGH_CONFIDENCE, LOW_CONFIDENCE, file_verdict, symbol_fingerprint, verdict_findings, worst_verdict
from .submission import check_against_facts, format_validation_error, submission_model
from .tools import ReviewTools

log = logging.getLogger(__name__)

NUDGE = "Call submit_review now with your verdicts (a verdict on every axis for every symbol)."


class ReviewFailed(Exception):
    """This file could not be reviewed (API error, never a valid submission). The run goes on."""

    def __init__(self, message: str, usage: TokenUsage | None = None) -> None:
        super().__init__(message)
        self.usage = usage or TokenUsage()


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
    ) -> None:
        self.config = config
        self.client = client
        self.card_cache = card_cache
        self.files = files  # the scan's file list, searched by search_code
        self.retry = retry or RetryPolicy()
        self.on_usage = on_usage or (lambda usage: None)
        self.should_stop = should_stop or (lambda: False)
        self.pricing = pricing_for(config)

    def review(self, context: ReviewContext) -> ReviewFile:
        llm = self.config.llm
        carded = self.card_cache.hashes() if (self.card_cache is not None and context.rag_enabled) else set()
        built = build_prompt(context, carded_hashes=carded)
        tools = ReviewTools(context, self.files)
        messages: list[dict[str, Any]] = [{"role": "user", "content": [{"type": "text", "text": built.user}]}]
        usage = TokenUsage()
        rejected = 0
        for turn in range(llm.max_turns):
            params = request_params(built, messages, llm.model, llm.max_output_tokens)
            if turn == llm.max_turns - 1:
                params["tool_choice"] = {"type": "tool", "name": SUBMIT_TOOL}  # last turn: answer now
            try:
                response = create_with_retries(self.client, params, self.retry, self.should_stop)
            except (UserError, ReviewStopped):
                raise
            except anthropic.APIError as exc:
                raise ReviewFailed(describe_api_error(exc), usage) from None
            call_usage = usage_of(response, self.pricing)
            usage = add_usage(usage, call_usage)
            self.on_usage(call_usage)
            messages.append({"role": "assistant", "content": [_block_param(block) for block in response.content]})
            tool_uses = [block for block in response.content if block.type == "tool_use"]
            if not tool_uses:
                messages.append({"role": "user", "content": [{"type": "text", "text": NUDGE}]})
                continue
            results: list[dict[str, Any]] = []
            for block in tool_uses:
                if block.name != SUBMIT_TOOL:
                    text, is_error = tools.run(block.name, block.input)
                    results.append(_tool_result(block.id, text, is_error))
                    continue
                outcome = self._accept(context, built, block.input, tools)
                if isinstance(outcome, ReviewFile):
                    outcome.usage = usage
                    return outcome
                rejected += 1
                if rejected > llm.max_validation_retries:
                    raise ReviewFailed(
                        f"submit_review still invalid after {rejected} attempts: " + "; ".join(outcome[:3]), usage
                    )
                results.append(_tool_result(block.id, "submit_review was rejected; fix these and call it again:\n- "
                                            + "\n- ".join(outcome), True))
            messages.append({"role": "user", "content": results})
        raise ReviewFailed(f"no valid submit_review within llm.max_turns={llm.max_turns} turns", usage)

    # -- the submission -------------------------------------------------------------

    def _accept(self, context: ReviewContext, built: BuiltPrompt, raw: Any, tools: ReviewTools) -> ReviewFile | list[str]:
        """The ReviewFile, or the problems to send back."""
        model = submission_model(built.axes, built.with_cards)
        try:
            submission = model.model_validate(raw if isinstance(raw, dict) else {})
        except ValidationError as exc:
            return format_validation_error(exc)
        problems = check_against_facts(submission, context.facts, built.axes, set(built.cards_wanted))
        if problems:
            return problems
        return self._review_file(context, built, submission, tools)

    def _review_file(self, context: ReviewContext, built: BuiltPrompt, submission: BaseModel, tools: ReviewTools) -> ReviewFile:
        facts = context.facts
        by_name = {entry.name: entry for entry in submission.symbols}  # type: ignore[attr-defined]
        static_by_name = {s.name: s for s in context.evidence.symbols}
        review = ReviewFile(
            file=facts.path,
            language=facts.language,
            sha256=facts.sha256,
            reviewer="claude",
            model=self.config.llm.model,
            summary=submission.summary,  # type: ignore[attr-defined]
            rag_enabled=context.rag_enabled,
            similarities=list(context.evidence.similarities),
            reviewed_at=now_iso(),
        )
        derived: list[tuple[Finding, Action]] = []
        for symbol in facts.symbols:
            symbol_review = self._symbol_review(symbol, by_name[symbol.qualified_name], built.axes,
                                                static_by_name.get(symbol.qualified_name), context, tools)
            review.symbols.append(symbol_review)
            derived.extend(verdict_findings(facts, symbol, symbol_review, built.axes,
                                            confidence=_claude_confidence(symbol_review, context.evidence)))
        explicit = [_explicit_finding(facts, context.source, f) for f in submission.findings]  # type: ignore[attr-defined]
        covered = {(f.axis, f.symbol, f.verdict) for f in explicit}
        review.findings = [f for f, _ in derived if (f.axis, f.symbol, f.verdict) not in covered] + explicit
        review.actions = [Action(**a.model_dump()) for a in submission.actions] or [a for _, a in derived]  # type: ignore[attr-defined]
        claimed = submission.verdict  # type: ignore[attr-defined]
        from_findings = file_verdict(review.findings)
        review.verdict = worst_verdict(claimed, from_findings)
        if built.with_cards:
            review.function_cards = self._cards(context, getattr(submission, "cards", []))
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
                review.duplicate_of = _duplicate_of(symbol, verdict.duplicate_of.file, verdict.duplicate_of.name,
                                                    context, tools)
        review.evidence = evidence
        review.detail = "; ".join(f"{axis}: {text}" for axis, text in evidence.items())
        return review

    def _cards(self, context: ReviewContext, submitted: list[Any]) -> list[FunctionCard]:
        """LLM cards: the AST fields from the code, the written fields from Claude or the cache."""
        facts = context.facts
        functions = {s.qualified_name: s for s in facts.symbols if s.kind in FUNCTION_KINDS}
        written: dict[str, CardFields] = {}
        for card in submitted:
            if card.function not in functions:
                log.warning("%s: card for unknown function %r dropped", facts.path, card.function)
                continue
            written[card.function] = CardFields(
                summary=card.summary, key_concepts=card.key_concepts, behavioral_profile=card.behavioral_profile,
                model=self.config.llm.model, prompt_version=PROMPT_VERSION,
            )
        static_cards = {(c.qualified_name, c.line_start): c for c in context.cards}
        cards: list[FunctionCard] = []
        for name, symbol in functions.items():
            fields = written.get(name)
            if fields is not None and self.card_cache is not None:
                self.card_cache.put(symbol.body_hash, fields)
            elif fields is None and self.card_cache is not None and symbol.body_hash:
                fields = self.card_cache.get(symbol.body_hash)
            if fields is None:
                continue
            base = static_cards.get((name, symbol.line_start)) or _card_from_symbol(facts, symbol)
            cards.append(enrich(base, fields))
        if written and self.card_cache is not None:
            self.card_cache.save()
        return cards


# -- helpers -------------------------------------------------------------------------


def _block_param(block: Any) -> dict[str, Any]:
    """A response content block as a request content block (for the next turn)."""
    if block.type == "text":
        return {"type": "text", "text": block.text}
    if block.type == "tool_use":
        return {"type": "tool_use", "id": block.id, "name": block.name, "input": block.input}
    return block.model_dump(exclude_none=True)


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
    return DuplicateOf(file=file, name=name, score=round(tools.similar_seen.get((file, name), 0.0), 3))


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
