"""Symbol batches: a file whose answer cannot fit one submit_review (llm.max_output_tokens)
is answered in several, each holding the verdicts (and cards) of a slice of its symbols.

The sizes come from the same per-item output allowances the estimate uses, so what
`reviewer estimate` predicts is what the reviewer plans. When an answer is still cut at
max_tokens, the model writes longer answers than the allowances say: the allowances are
scaled up (`scale`, kept for the rest of the run) and the remaining symbols planned again,
so one cut costs one extra call, not one per batch.
"""

from __future__ import annotations

from dataclasses import dataclass

# Output allowance (tokens Claude writes), per item of a submission. Shared with estimate.py.
OUTPUT_BASE = 150  # verdict, summary, JSON scaffolding
OUTPUT_PER_SYMBOL_AXIS = 30  # one verdict with, on average, a short evidence sentence
OUTPUT_PER_SYMBOL = 15  # name, confidence
OUTPUT_PER_FUNCTION = 40  # findings and actions
OUTPUT_PER_CARD = 110  # summary (≤ 400 chars), concepts, profile
# A batch's planned answer fills at most this share of max_output_tokens: answers run
# longer than the allowance on dense code, and a cut answer costs a whole call.
OUTPUT_SHARE = 0.6


@dataclass(frozen=True)
class Entry:
    """One symbol of the answer: a unique qualified name (repeated definitions share it)."""

    name: str
    is_function: bool
    wants_card: bool
    verdict: bool = True  # False: only its card is asked (the verdicts came in an answer that lacked it)


@dataclass(frozen=True)
class Batch:
    names: tuple[str, ...]  # the symbols this submit_review must hold, exactly
    cards: tuple[str, ...]  # the functions it must card


def entry_tokens(entry: Entry, axes: int) -> int:
    verdicts = OUTPUT_PER_SYMBOL + OUTPUT_PER_SYMBOL_AXIS * axes + (OUTPUT_PER_FUNCTION if entry.is_function else 0)
    return (verdicts if entry.verdict else 0) + (OUTPUT_PER_CARD if entry.wants_card else 0)


def answer_tokens(entries: list[Entry], axes: int) -> int:
    """The output allowance of one submit_review holding `entries`."""
    return OUTPUT_BASE + sum(entry_tokens(e, axes) for e in entries)


def batch_budget(max_output_tokens: int) -> int:
    return int(max_output_tokens * OUTPUT_SHARE)


def plan_batches(entries: list[Entry], axes: int, max_output_tokens: int, scale: float = 1.0) -> list[list[Entry]]:
    """Consecutive slices of `entries` whose planned answers fit the budget (at least one entry each);
    `scale` multiplies every entry's allowance (after cut answers)."""
    budget = batch_budget(max_output_tokens) - OUTPUT_BASE
    batches: list[list[Entry]] = []
    current: list[Entry] = []
    used = 0.0
    for entry in entries:
        cost = entry_tokens(entry, axes) * scale
        if current and used + cost > budget:
            batches.append(current)
            current, used = [], 0
        current.append(entry)
        used += cost
    if current or not batches:
        batches.append(current)
    return batches


def as_batch(entries: list[Entry]) -> Batch:
    return Batch(names=tuple(e.name for e in entries if e.verdict), cards=tuple(e.name for e in entries if e.wants_card))


CUT_GROWTH = 2.0  # how much a cut answer scales the allowances: a cut answer ran past 1/OUTPUT_SHARE of its plan


def replan_after_cut(parts: list[list[Entry]], axes: int, max_output_tokens: int, scale: float) -> list[list[Entry]] | None:
    """The remaining parts planned again at `scale` (already grown), the cut one first and always
    smaller than it was; None when the cut part holds one entry (it cannot be made smaller)."""
    cut = parts[0]
    if len(cut) < 2:
        return None
    planned = plan_batches([entry for part in parts for entry in part], axes, max_output_tokens, scale)
    if len(planned[0]) >= len(cut):  # the scale did not shrink it: halve it
        middle = len(cut) // 2
        planned = [cut[:middle]] + plan_batches(cut[middle:] + [e for part in parts[1:] for e in part], axes,
                                                max_output_tokens, scale)
    return planned
