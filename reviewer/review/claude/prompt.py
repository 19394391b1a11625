"""The prompt builder: one place that turns a ReviewContext into the request the
Claude reviewer sends, so the reviewer and `reviewer estimate` count the same text.

Layout (the order matters for prompt caching: tools, then system, then messages):
- tools: findSimilarFunctions (RAG with a non-empty index), read_file, search_code,
  find_usages, submit_review — identical for every file of a run;
- system: prompts/system.md.j2 — the stable prefix, identical for every file of a run;
- first user message: prompts/file.md.j2 — the file with line numbers, its symbols,
  the static evidence, and which function cards to write.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Literal

from ...config import AXES
from ...resources import prompt as render_prompt
from ...schema.axes import DEFAULT_VERDICTS, needs_action
from ...schema.facts import FUNCTION_KINDS, FileFacts, Symbol
from ..context import ReviewContext
from ...schema.review import ReviewFile, Similarity, SymbolReview
from .batches import Batch, Entry
from .redact import mask_secrets
from .submission import input_schema, submission_model
from .tools import tool_specs

# Bump when a template, a tool definition or the submission schema changes:
# it enters the review cache key, so old reviews are redone with the new prompt.
# 2: batches, one entry per name, masked secrets, slim evidence; 3: candidates marked apart from findings;
# 4: a trimmed prefix (system, schemas), search_code names the reviewed file's lines
PROMPT_VERSION = "claude-2026.11-4"

SUBMIT_TOOL = "submit_review"
SOURCE_MAX_LINES = 2000  # longer files: the rest is read with read_file
SOURCE_LINE_MAX_CHARS = 400  # minified lines are cut
CACHE_CONTROL = {"type": "ephemeral"}

RagMode = Literal["rag", "empty_index", "grep"]


@dataclass
class BuiltPrompt:
    """Everything one conversation starts with."""

    system: str
    tools: list[dict[str, Any]]  # definitions as sent, without cache markers
    user: str
    axes: tuple[str, ...]
    rag_mode: RagMode
    with_cards: bool
    cards_wanted: list[str] = field(default_factory=list)  # qualified names of functions to card
    cards_known: list[str] = field(default_factory=list)  # functions whose card is cached
    # One entry per qualified name, in file order: repeated definitions (@overload stubs,
    # conditional redefinitions) are one symbol with several ranges, one verdict for all.
    entries: list[Entry] = field(default_factory=list)
    masked: int = 0  # secrets masked in the source before sending


def rag_mode(context: ReviewContext) -> RagMode:
    if not context.rag_enabled:
        return "grep"
    return "rag" if context.index_size > 0 and context.find_similar is not None else "empty_index"


def build_system(axes: tuple[str, ...], mode: RagMode, with_cards: bool, max_turns: int) -> str:
    return render_prompt("system.md.j2", axes=list(axes), rag_mode=mode, with_cards=with_cards, max_turns=max_turns)


def build_tools(axes: tuple[str, ...], mode: RagMode, with_cards: bool) -> list[dict[str, Any]]:
    with_similarity = mode == "rag" and "duplication" in axes
    tools = [
        {"name": spec.name, "description": spec.description, "input_schema": input_schema(spec.model)}
        for spec in tool_specs(with_similarity)
    ]
    tools.append(
        {
            "name": SUBMIT_TOOL,
            "description": "Submit the review of the file: one verdict per axis for every symbol, with evidence "
            "for every non-default verdict, plus findings and actions"
            + (", and the function cards asked for." if with_cards else "."),
            "input_schema": input_schema(submission_model(axes, with_cards)),
        }
    )
    return tools


def numbered_source(source: str) -> tuple[str, int, bool]:
    """The source with right-aligned line numbers; (text, lines shown, cut?)."""
    lines = source.splitlines()
    shown = lines[:SOURCE_MAX_LINES]
    width = len(str(len(shown))) if shown else 1
    out = []
    for number, line in enumerate(shown, start=1):
        if len(line) > SOURCE_LINE_MAX_CHARS:
            line = line[:SOURCE_LINE_MAX_CHARS] + " …[line cut]"
        out.append(f"{number:>{width}}| {line}".rstrip())
    return "\n".join(out), len(shown), len(lines) > len(shown)


# The axes whose doubtful verdicts the static reviewer leaves to Claude: a DEAD, DUPLICATE or OVER verdict
# held back (under the confidence floor, by a guard, as a deliberate copy) is a candidate, not a finding.
CANDIDATE_AXES = ("utility", "duplication", "overengineering")
CANDIDATE_MARK = "[candidate: not reported]"  # after the verdict; the system prompt quotes it


def common_verdicts(evidence: ReviewFile, axes: Iterable[str]) -> dict[str, str]:
    """Per axis, the static verdict most symbols share: said once for the file, so each
    symbol lists only where it differs (the evidence that carries information). On the
    candidate axes it is the default verdict: a DEAD, DUPLICATE or OVER verdict is always
    listed on its symbol, with its evidence, even when most symbols of the file share it."""
    common = {}
    for axis in axes:
        verdicts = [getattr(s, axis) for s in evidence.symbols if getattr(s, axis, "-") not in (None, "-")]
        if axis != "correction" and verdicts:
            common[axis] = DEFAULT_VERDICTS[axis] if axis in CANDIDATE_AXES else Counter(verdicts).most_common(1)[0][0]
    return common


def _static_lines(review: SymbolReview | None, axes: Iterable[str], common: dict[str, str],
                  reported: set[tuple[str, str]]) -> list[str]:
    """The static verdicts where this symbol differs from the file's common ones, with their detail.
    A verdict that asks for a change on a candidate axis says whether the static reviewer reported
    it (a finding) or left it to Claude (a candidate: no finding unless Claude confirms it)."""
    if review is None:
        return []
    lines = []
    for axis in axes:
        verdict = getattr(review, axis, None)
        if axis == "correction" or verdict in (None, "-") or verdict == common.get(axis):
            continue  # the static reviewer does not judge correctness; the common verdict is said once
        detail = review.evidence.get(axis, "")
        status = _status(axis, verdict, review.name, reported)
        lines.append(f"{axis} {verdict}{status}" + (f" ({detail})" if detail else ""))
    return lines


def _status(axis: str, verdict: str, name: str, reported: set[tuple[str, str]]) -> str:
    """" [finding]" or " [candidate: not reported]" after a DEAD, DUPLICATE or OVER verdict; "" otherwise."""
    if axis not in CANDIDATE_AXES or not needs_action(axis, verdict):
        return ""
    return " [finding]" if (axis, name) in reported else f" {CANDIDATE_MARK}"


def _similar_lines(similarities: list[Similarity]) -> list[str]:
    out = []
    for sim in similarities:
        parts = [f"score {sim.score:.2f}"]
        if sim.structure is not None:
            parts.append(f"structure {sim.structure:.2f}")
        if sim.meaning is not None:
            parts.append(f"meaning {sim.meaning:.2f}")
        if sim.vocabulary:
            parts.append(f"shared vocabulary {sim.vocabulary:.2f}")
        if sim.behaviour:
            parts.append(f"behaviour {sim.behaviour}")
        if sim.clone_kind:
            parts.append(f"{sim.clone_kind} clone")
        where = f"{sim.file}:{sim.name}" + (f" (line {sim.other_line_start})" if sim.other_line_start else "")
        out.append(f"{where}, {', '.join(parts)}")
    return out


COMPLEXITY_SHOWN = 6  # below this, cyclomatic complexity tells nothing the source does not


def reported_verdicts(evidence: ReviewFile) -> set[tuple[str, str]]:
    """(axis, symbol) of every static finding on a symbol: the verdicts not in here were held back.
    (Their confidence is not shown: the review cache key reads which findings there are, not how sure.)"""
    return {(f.axis, f.symbol) for f in evidence.findings if f.symbol}


def _symbol_view(definitions: list[Symbol], evidence: ReviewFile, axes: tuple[str, ...], common: dict[str, str],
                 reported: set[tuple[str, str]]) -> dict[str, Any]:
    """One entry of the symbols list: a name, its ranges, and only the evidence that informs."""
    symbol = definitions[0]
    review = next((s for s in evidence.symbols if s.name == symbol.qualified_name), None)
    similar = [s for s in evidence.similarities if s.function == symbol.qualified_name] if "duplication" in axes else []
    complexity = max((d.complexity for d in definitions if d.kind in FUNCTION_KINDS), default=0)
    return {
        "name": symbol.qualified_name,
        "kind": symbol.kind,
        "lines": ", ".join(f"{d.line_start}-{d.line_end}" for d in definitions),
        "definitions": len(definitions),
        "exported": symbol.exported,
        "complexity": complexity if complexity >= COMPLEXITY_SHOWN else None,
        "static": _static_lines(review, axes, common, reported),
        "similar": _similar_lines(similar),
    }


def grouped_symbols(facts: FileFacts) -> dict[str, list[Symbol]]:
    """Qualified name -> its definitions, in file order."""
    groups: dict[str, list[Symbol]] = {}
    for symbol in facts.symbols:
        groups.setdefault(symbol.qualified_name, []).append(symbol)
    return groups


def _other_findings(evidence: ReviewFile, facts: FileFacts, axes: tuple[str, ...]) -> list[str]:
    """Deterministic findings that are not a symbol's whole-range verdict (e.g. unreachable lines)."""
    ranges = {(s.qualified_name, s.line_start, s.line_end) for s in facts.symbols}
    return [
        f"{f.axis} {f.verdict}{mark}, lines {f.line_start}-{f.line_end}: {f.message}"
        for listed, mark in ((evidence.findings, ""), (evidence.candidates, f" {CANDIDATE_MARK}"))
        for f in listed
        if f.axis in axes and (f.symbol, f.line_start, f.line_end) not in ranges
    ]


def build_prompt(
    context: ReviewContext,
    axes: Iterable[str] | None = None,
    carded_hashes: set[str] | frozenset[str] = frozenset(),
    with_cards: bool | None = None,
) -> BuiltPrompt:
    """The request for one file. `carded_hashes`: body hashes whose card is cached
    (those functions are not asked for again). `axes` defaults to the configured ones."""
    chosen = tuple(a for a in AXES if a in set(axes if axes is not None else context.config.axes))
    mode = rag_mode(context)
    cards = context.rag_enabled if with_cards is None else with_cards
    facts = context.facts
    groups = grouped_symbols(facts)
    functions = {name: [d for d in defs if d.kind in FUNCTION_KINDS] for name, defs in groups.items()}
    # A name is carded when every definition's body has a cached card.
    wanted = [n for n, defs in functions.items() if defs and any(not d.body_hash or d.body_hash not in carded_hashes
                                                                 for d in defs)] if cards else []
    known = [n for n, defs in functions.items() if defs and n not in wanted] if cards else []
    source_text, shown, cut = numbered_source(context.source)
    common = common_verdicts(context.evidence, chosen)
    reported = reported_verdicts(context.evidence)
    user = render_prompt(
        "file.md.j2",
        facts=facts,
        axes=list(chosen),
        rag_mode=mode,
        index_size=context.index_size,
        min_score=context.config.rag.min_score,
        numbered_source=source_text,
        shown_lines=shown,
        source_cut=cut,
        symbols=[_symbol_view(defs, context.evidence, chosen, common, reported) for defs in groups.values()],
        common=common,
        other_findings=_other_findings(context.evidence, facts, chosen),
        with_cards=cards,
        cards_wanted=wanted,
        cards_known=known,
    )
    user, masked = mask_secrets(user)  # the source, and the evidence that quotes it
    return BuiltPrompt(
        system=build_system(chosen, mode, cards, context.config.llm.max_turns),
        tools=build_tools(chosen, mode, cards),
        user=user,
        axes=chosen,
        rag_mode=mode,
        with_cards=cards,
        cards_wanted=wanted,
        cards_known=known,
        entries=[Entry(name, bool(functions[name]), name in wanted) for name in groups],
        masked=masked,
    )


BATCH_MARK = "submit_review calls, so each fits the output limit"


def batch_instruction(batch: Batch, number: int, total: int, cut: bool = False) -> str:
    """What the next submit_review must hold, when the file is answered in batches."""
    opening = ("Your last answer was cut at the output limit, so it was discarded; answer in smaller parts. "
               if cut else "")
    if not batch.names:
        return (f"{opening}Call {number} of {total} {BATCH_MARK} holds no verdicts (give symbols: []): "
                f"only the cards for {', '.join(batch.cards)}.")
    cards = f" Cards for: {', '.join(batch.cards)}." if batch.cards else " No cards in this part."
    return (f"{opening}This file is answered in {total} {BATCH_MARK}. "
            f"Call {number} of {total} holds exactly these {len(batch.names)} symbols: {', '.join(batch.names)}."
            f"{cards} The file verdict and summary may be repeated in each call; findings and actions go with "
            "the part they belong to.")


def request_params(built: BuiltPrompt, messages: list[dict[str, Any]], model: str, max_tokens: int) -> dict[str, Any]:
    """The keyword arguments of `messages.create`, with the cache breakpoints:
    the last tool and the last system block (the stable prefix shared by every file),
    and the last block of the last message (so each turn reads the conversation so far
    from the cache instead of paying for it again)."""
    tools = [dict(tool) for tool in built.tools]
    tools[-1]["cache_control"] = CACHE_CONTROL
    marked = [dict(message) for message in messages]
    last = marked[-1]
    blocks = [dict(block) for block in last["content"]]
    blocks[-1]["cache_control"] = CACHE_CONTROL
    marked[-1] = {**last, "content": blocks}
    return {
        "model": model,
        "max_tokens": max_tokens,
        "system": [{"type": "text", "text": built.system, "cache_control": CACHE_CONTROL}],
        "tools": tools,
        "messages": marked,
    }
