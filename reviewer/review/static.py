"""The static reviewer: deterministic, offline, the default without an API key.

It turns the deterministic evidence (usage graph, similarity, heuristics) into a
ReviewFile. The same ReviewFile is handed to the Claude reviewer as evidence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..schema.axes import DEFAULT_VERDICTS, severity_of
from ..schema.cards import FunctionCard
from ..schema.evidence import MODULE_CODE, AxisAssessment, Clone, CloneKey, FileFinding, SymbolKey
from ..schema.facts import FUNCTION_KINDS, FileFacts, Symbol
from ..schema.review import Action, DuplicateOf, Finding, ReviewFile, SimilarFunction, Similarity, SymbolReview
from ..schema.rules import duplicate_rule
from .context import ReviewContext
from .calibration import calibrated, clears_floor, family_of, finding_floor
from .findings import LOW_CONFIDENCE, file_verdict, symbol_fingerprint, verdict_findings

STATIC_REVIEWER_VERSION = "1"
# The axes the static reviewer judges (correction needs a reader of intent: Claude).
STATIC_AXES = ("utility", "duplication", "overengineering", "tests", "documentation")
# The axes whose findings ask to delete or fold code: a finding there needs its rule's measured precision.
JUDGED_AXES = ("utility", "duplication", "overengineering")

@dataclass
class FileEvidence:
    """The deterministic evidence for one file, sliced out of the project-wide analyses."""

    assessments: dict[SymbolKey, dict[str, AxisAssessment]] = field(default_factory=dict)
    duplicates: dict[CloneKey, list[Clone]] = field(default_factory=dict)  # analysis.duplicates
    neighbours: dict[CloneKey, list[SimilarFunction]] = field(default_factory=dict)  # alike, no verdict
    findings: list[FileFinding] = field(default_factory=list)
    module_duplicates: list[Clone] = field(default_factory=list)  # blocks of the code outside functions
    structural_only: bool = False  # duplication from code structure alone (RAG off)
    test_file: bool = False  # a test module: its own tests and docs are not judged


def _score_parts(hit: SimilarFunction) -> dict[str, float | str | None]:
    parts: dict[str, float | str | None] = {
        part: None if getattr(hit, part) is None else round(getattr(hit, part), 3)
        for part in ("structure", "meaning", "vocabulary")
    }
    parts["behaviour"] = hit.behaviour
    return parts


def _duplicate_of(clone: Clone) -> DuplicateOf:
    hit = clone.keep
    return DuplicateOf(file=hit.file_path, name=hit.name, score=round(hit.score, 3), line_start=hit.line_start,
                       line_end=hit.line_end, lines=list(clone.lines), other_lines=list(clone.other_lines),
                       members=clone.members, edited_lines=clone.edited, other_edited_lines=clone.other_edited,
                       keep_reason=clone.keep_reason, test_code=clone.test_code,
                       **{**_score_parts(hit), "clone_kind": clone.kind})


def _similarity_detail(hit: SimilarFunction, kind: str | None = None) -> str:
    parts = [f"{part} {value:.2f}" if isinstance(value, float) else f"{part} {value}"
             for part, value in _score_parts(hit).items() if value]
    kind = kind or hit.clone_kind
    if not hit.score and kind in ("contained", "block"):  # found from the lines alone: no pair score to show
        return f"{kind} clone of {_place(hit.file_path, hit.name)}"
    kind = f" ({kind} clone)" if kind else ""
    return f"{hit.score:.2f} similar to {_place(hit.file_path, hit.name)}{kind}" + (f": {', '.join(parts)}" if parts else "")


def _place(path: str, name: str) -> str:
    return f"the top-level code of {path}" if name == MODULE_CODE else f"{path}:{name}"


def _clone_detail(clone: Clone, path: str, name: str) -> str:
    """The duplication evidence of the function `name` of `path`, whose clone `clone` is."""
    hit = clone.keep
    if clone.kind in ("contained", "block") and (hit.file_path, hit.name) == (path, name):
        # a block written twice inside one function: no other function, no pair score to show
        detail = (f"a block repeated inside {name}: lines {clone.lines[0]}-{clone.lines[1]} repeat lines "
                  f"{clone.other_lines[0]}-{clone.other_lines[1]}")
    elif clone.kind in ("contained", "block"):
        # The repeated lines are the evidence: the whole functions' score (low when a block is a small part
        # of either) comes after it, never as a similarity the finding claims.
        detail = (f"{clone.kind} clone of {_place(hit.file_path, hit.name)}: lines {clone.lines[0]}-{clone.lines[1]} "
                  f"repeat lines {clone.other_lines[0]}-{clone.other_lines[1]}")
        if hit.score:
            detail += f"; the functions as a whole are {hit.score:.2f} similar"
    else:
        detail = _similarity_detail(clone.keep, clone.kind)
    if clone.copies > 2:
        detail += f"; {clone.copies} copies"
    if clone.test_code:
        detail += "; test code"
    if clone.doubt:
        detail += f"; {clone.doubt}"
    return detail + (f" ({clone.note})" if clone.note else "")


def _similarity(symbol: Symbol, hit: SimilarFunction, kind: str | None) -> Similarity:
    return Similarity(function=symbol.qualified_name, line_start=symbol.line_start, file=hit.file_path, name=hit.name,
                      other_line_start=hit.line_start, score=round(hit.score, 3),
                      **{**_score_parts(hit), "clone_kind": kind}, suggestion=f"reuse {hit.file_path}:{hit.name}")


def _review_symbol(facts: FileFacts, symbol: Symbol, evidence: FileEvidence) -> tuple[SymbolReview, list[tuple[Finding, Action]], list[Similarity]]:
    key = (facts.path, symbol.qualified_name)
    axes = evidence.assessments.get(key, {})
    review = SymbolReview.of(symbol, correction="-")
    confidences: list[int] = []
    details: dict[str, str] = {}
    silent: set[str] = set()  # axes whose verdict is shown but not reported as a finding
    for axis in ("utility", "overengineering", "tests", "documentation"):
        assessment = axes.get(axis)
        if assessment is None:
            continue
        if not assessment.report:
            silent.add(axis)
        setattr(review, axis, assessment.verdict)
        if assessment.detail:
            details[axis] = assessment.detail
        if assessment.verdict != DEFAULT_VERDICTS[axis]:
            confidences.append(assessment.confidence)

    similarities: list[Similarity] = []
    clone_key = (facts.path, symbol.qualified_name, symbol.line_start)
    clones = evidence.duplicates.get(clone_key, []) if symbol.kind in FUNCTION_KINDS else []
    lines: dict[str, tuple[int, int]] = {}
    if clones:
        best = clones[0]
        review.duplication = "DUPLICATE"
        review.duplicate_of = _duplicate_of(best)
        review.duplicates = [review.duplicate_of] + [_duplicate_of(c) for c in clones[1:] if c.report]
        others = [c for c in clones[1:] if c.report and (c.keep.file_path, c.keep.name) != (best.keep.file_path, best.keep.name)]
        also = "; ".join(f"lines {c.lines[0]}-{c.lines[1]} repeat {_place(c.keep.file_path, c.keep.name)} lines "
                         f"{c.other_lines[0]}-{c.other_lines[1]} ({c.kind})" for c in others[:3])
        details["duplication"] = _clone_detail(best, facts.path, symbol.qualified_name) + (
            f"; also {also}" if also else "") + (
            " (structural clone detection; RAG off)" if evidence.structural_only else ""
        )
        confidences.append(best.confidence)
        if not best.report:
            silent.add("duplication")
        lines["duplication"] = best.lines
        similarities.extend(_similarity(symbol, clone.keep, clone.kind) for clone in clones)
    # Alike cards without structural evidence: shown as neighbours, never a verdict.
    similarities.extend(_similarity(symbol, hit, None) for hit in evidence.neighbours.get(clone_key, []))

    review.evidence = details
    review.detail = "; ".join(f"{axis}: {text}" for axis, text in details.items())
    review.confidence = min(confidences) if confidences else 90

    confidence = {axis: a.confidence for axis, a in axes.items()}
    if clones:
        confidence["duplication"] = clones[0].confidence
    rules = {axis: a.rule for axis, a in axes.items() if a.rule}
    if clones:
        rules["duplication"] = clones[0].rule or duplicate_rule(clones[0].kind, clones[0].test_code)
    pairs = verdict_findings(facts, symbol, review, STATIC_AXES, silent=silent, test_file=evidence.test_file,
                             confidence=confidence, lines=lines, rules=rules)
    return review, pairs, similarities


def review_file(facts: FileFacts, evidence: FileEvidence, cards: list[FunctionCard], rag_enabled: bool,
                floor: int | None = None) -> ReviewFile:
    """The static review of one file. A verdict whose shown confidence (its rule's measured precision)
    is under `floor` (None: the calibration's floor) is a candidate, not a finding: it is listed for a
    reader or the Claude reviewer to judge, and neither sets the file's verdict nor gates."""
    symbols_by_name = {s.qualified_name: s for s in facts.symbols}
    review = ReviewFile(
        file=facts.path,
        language=facts.language,
        sha256=facts.sha256,
        reviewer="static",
        model=None,
        rag_enabled=rag_enabled,
        function_cards=cards,
    )
    pairs: list[tuple[Finding, Action]] = []
    for symbol in facts.symbols:
        sym_review, found, similarities = _review_symbol(facts, symbol, evidence)
        review.symbols.append(sym_review)
        pairs.extend(found)
        review.similarities.extend(similarities)
    for extra in evidence.findings:
        symbol = symbols_by_name.get(extra.symbol or "")
        pairs.append((
            Finding(
                axis=extra.axis,
                verdict=extra.verdict,
                severity=extra.severity if extra.severity in ("low", "medium", "high") else "medium",
                symbol=extra.symbol,
                line_start=extra.line_start,
                line_end=extra.line_end,
                message=extra.message,
                rule=extra.rule,
                confidence=extra.confidence,
                fingerprint=symbol_fingerprint(facts.path, symbol, extra.axis, extra.verdict, extra.message),
            ),
            Action(category="quick_win", description=f"{extra.message} (lines {extra.line_start}-{extra.line_end}): "
                                                     f"{extra.action or 'remove it.'}",
                   symbol=extra.symbol, line_start=extra.line_start),
        ))
    pairs.extend(_repeated_blocks(review, facts, evidence))
    floor = finding_floor() if floor is None else floor
    family = family_of(facts.language)
    for finding, action in pairs:
        _calibrate(finding, family)
        if clears_floor(finding.rule, finding.confidence, family, floor, judged=finding.axis in JUDGED_AXES):
            review.findings.append(finding)
            review.actions.append(action)
        else:
            review.candidates.append(finding)
    review.verdict = file_verdict(review.findings)
    counts = {}
    for finding in review.findings:
        counts[finding.axis] = counts.get(finding.axis, 0) + 1
    review.summary = (
        f"{len(facts.symbols)} symbols; "
        + (", ".join(f"{n} {axis}" for axis, n in sorted(counts.items())) + " findings" if counts else "no findings")
        + (f"; {len(review.candidates)} candidates under the finding floor {floor}" if review.candidates else "")
    )
    return review


def _calibrate(finding: Finding, family: str) -> None:
    """The confidence shown is the finding's rule's measured precision; the evidence's is kept as raw."""
    if finding.confidence is not None and finding.raw_confidence is None:
        finding.raw_confidence = finding.confidence
        finding.confidence = calibrated(finding.rule, finding.confidence, family=family)
        # a message quoting the evidence's confidence quotes the one shown
        finding.message = finding.message.replace(f"confidence {finding.raw_confidence}",
                                                  f"confidence {finding.confidence}")


class StaticReviewer:
    """The Reviewer interface over the precomputed evidence: the evidence *is* the review."""

    name = "static"

    def review(self, context: ReviewContext) -> ReviewFile:
        return context.evidence


def _repeated_blocks(review: ReviewFile, facts: FileFacts, evidence: FileEvidence) -> list[tuple[Finding, Action]]:
    """A finding (no symbol) and its action per repeated block of the code outside functions (data
    tables, schemas, top-level callbacks written twice), naming every other place it repeats; a
    repeated_blocks entry per pair."""
    out: list[tuple[Finding, Action]] = []
    by_lines: dict[tuple[int, int], list[Clone]] = {}
    for clone in evidence.module_duplicates:
        if clone.report:
            by_lines.setdefault(clone.lines, []).append(clone)
    for (start, end), clones in by_lines.items():
        review.repeated_blocks.extend(_duplicate_of(clone) for clone in clones)
        places = [_block_place(facts.path, clone) for clone in clones]
        best = clones[0]
        copies = f"; {best.copies} copies: {', '.join(best.members)}" if best.copies > 2 else ""
        message = (f"lines {start}-{end} (top-level code) repeat {places[0]}"
                   + (f"; also {'; '.join(places[1:4])}" if len(places) > 1 else "") + copies
                   + f" ({best.kind} clone, confidence {best.confidence}" + ("; test code" if best.test_code else "") + ")")
        severity = "low" if best.confidence < LOW_CONFIDENCE or best.test_code else severity_of("duplication", "DUPLICATE")
        out.append((Finding(
            axis="duplication", verdict="DUPLICATE", severity=severity, symbol=None, line_start=start, line_end=end,
            message=message, confidence=best.confidence,
            rule=best.rule or duplicate_rule(best.kind, best.test_code), fingerprint=symbol_fingerprint(facts.path, None, "duplication", "DUPLICATE", best.digest)),
            Action(category="refactor", line_start=start,
                   description=f"Lines {start}-{end} repeat {places[0]}: define them once "
                               "(a shared constant, schema or helper) and use it in both places.")))
    return out


def _block_place(path: str, clone: Clone) -> str:
    other_start, other_end = clone.other_lines
    if (clone.keep.file_path, clone.keep.name) == (path, MODULE_CODE):
        return f"its lines {other_start}-{other_end}"
    return f"lines {other_start}-{other_end} of {_place(clone.keep.file_path, clone.keep.name)}"
