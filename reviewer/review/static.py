"""The static reviewer: deterministic, offline, the default without an API key.

It turns the deterministic evidence (usage graph, similarity, heuristics) into a
ReviewFile. The same ReviewFile is handed to the Claude reviewer as evidence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..schema.evidence import AxisAssessment, FileFinding, SymbolKey
from ..schema.cards import FunctionCard
from ..schema.facts import FUNCTION_KINDS, FileFacts, Symbol
from ..schema.review import SimilarFunction
from .context import ReviewContext
from ..schema.review import (
    DEFAULT_VERDICTS,
    Action,
    DuplicateOf,
    Finding,
    ReviewFile,
    Similarity,
    SymbolReview,
    finding_fingerprint,
)

STATIC_REVIEWER_VERSION = "1"

# Severity of each non-default verdict, and the action it calls for.
SEVERITY = {
    ("utility", "DEAD"): "medium",
    ("utility", "LOW_VALUE"): "low",
    ("duplication", "DUPLICATE"): "medium",
    ("overengineering", "OVER"): "medium",
    ("tests", "NONE"): "low",
    ("tests", "WEAK"): "low",
    ("documentation", "UNDOCUMENTED"): "low",
    ("documentation", "PARTIAL"): "low",
}
ACTION_CATEGORY = {
    "utility": "quick_win",
    "duplication": "refactor",
    "overengineering": "refactor",
    "tests": "hygiene",
    "documentation": "hygiene",
}
# Verdicts that record a judgement but ask for no change (a justified abstraction).
NO_ACTION_VERDICTS = {"ACCEPTABLE"}
# Axes whose findings are only worth reporting on exported symbols (a private helper
# with no docstring or no direct test is normal).
EXPORTED_ONLY_AXES = {"tests", "documentation"}


@dataclass
class FileEvidence:
    """The deterministic evidence for one file, sliced out of the project-wide analyses."""

    assessments: dict[SymbolKey, dict[str, AxisAssessment]] = field(default_factory=dict)
    duplicates: dict[SymbolKey, list[SimilarFunction]] = field(default_factory=dict)
    findings: list[FileFinding] = field(default_factory=list)
    structural_only: bool = False  # duplication from code structure alone (RAG off)
    test_file: bool = False  # a test module: its own tests and docs are not judged


def symbol_fingerprint(path: str, symbol: Symbol | None, axis: str, verdict: str, extra: str = "") -> str:
    content = (symbol.body_hash if symbol is not None else "") + ("\x1f" + extra if extra else "")
    return finding_fingerprint(path, symbol.qualified_name if symbol else None, axis, verdict, content)


HIGH_CONFIDENCE = 90  # a DEAD verdict is a "remove" only from here; under it, "check, then remove"


def action_text(axis: str, verdict: str, symbol: Symbol, dup: DuplicateOf | None, confidence: int = 100) -> str:
    where = f"`{symbol.qualified_name}` (lines {symbol.line_start}-{symbol.line_end})"
    if axis == "utility" and verdict == "DEAD":
        if confidence >= HIGH_CONFIDENCE:
            return f"Remove {where}: nothing reaches it (confidence {confidence})."
        return f"Check whether anything outside the analysis uses {where} (confidence {confidence}); " \
               f"if nothing does, remove it."
    if axis == "utility":
        return f"Inline or drop {where}: it adds little."
    if axis == "duplication" and dup is not None:
        return f"Replace {where} with a call to {dup.file}:{dup.name}."
    if axis == "overengineering":
        return f"Simplify {where}."
    if axis == "tests":
        return f"Add a test that asserts the behaviour of {where}." if verdict == "NONE" else f"Make the tests of {where} assert its results."
    if axis == "documentation":
        return f"Document {where}." if verdict == "UNDOCUMENTED" else f"Complete the docstring of {where} (parameters, return)."
    return f"Review {where}."


def _score_parts(hit: SimilarFunction) -> dict[str, float | str | None]:
    parts: dict[str, float | str | None] = {
        part: None if getattr(hit, part) is None else round(getattr(hit, part), 3)
        for part in ("structure", "meaning", "vocabulary")
    }
    parts["behaviour"] = hit.behaviour
    return parts


def _duplicate_of(hit: SimilarFunction) -> DuplicateOf:
    return DuplicateOf(file=hit.file_path, name=hit.name, score=round(hit.score, 3), line_start=hit.line_start,
                       clone_kind=hit.clone_kind, **_score_parts(hit))


def _similarity_detail(hit: SimilarFunction) -> str:
    parts = [f"{part} {value:.2f}" if isinstance(value, float) else f"{part} {value}"
             for part, value in _score_parts(hit).items() if value]
    kind = f" ({hit.clone_kind} clone)" if hit.clone_kind else ""
    return f"{hit.score:.2f} similar to {hit.file_path}:{hit.name}{kind}" + (f": {', '.join(parts)}" if parts else "")


def _review_symbol(facts: FileFacts, symbol: Symbol, evidence: FileEvidence) -> tuple[SymbolReview, list[Finding], list[Action], list[Similarity]]:
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
    hits = evidence.duplicates.get(key, []) if symbol.kind in FUNCTION_KINDS else []
    if hits:
        best = hits[0]
        review.duplication = "DUPLICATE"
        review.duplicate_of = _duplicate_of(best)
        details["duplication"] = _similarity_detail(best) + (
            " (structural clone detection; RAG off)" if evidence.structural_only else ""
        )
        confidences.append(int(round(60 + 40 * min(1.0, best.score))))
        for hit in hits:
            similarities.append(
                Similarity(
                    function=symbol.qualified_name,
                    line_start=symbol.line_start,
                    file=hit.file_path,
                    name=hit.name,
                    other_line_start=hit.line_start,
                    score=round(hit.score, 3),
                    clone_kind=hit.clone_kind,
                    **_score_parts(hit),
                    suggestion=f"reuse {hit.file_path}:{hit.name}",
                )
            )

    review.evidence = details
    review.detail = "; ".join(f"{axis}: {text}" for axis, text in details.items())
    review.confidence = min(confidences) if confidences else 90

    findings: list[Finding] = []
    actions: list[Action] = []
    for axis in ("utility", "duplication", "overengineering", "tests", "documentation"):
        verdict = getattr(review, axis)
        if verdict == DEFAULT_VERDICTS[axis] or verdict in NO_ACTION_VERDICTS:
            continue
        if axis in silent:
            continue
        if axis in EXPORTED_ONLY_AXES and (
            evidence.test_file or not symbol.exported or symbol.kind not in (*FUNCTION_KINDS, "class")
        ):
            continue
        extra = f"{review.duplicate_of.file}:{review.duplicate_of.name}" if axis == "duplication" and review.duplicate_of else ""
        findings.append(
            Finding(
                axis=axis,
                verdict=verdict,
                severity=_severity(axis, verdict, axes.get(axis)),
                symbol=symbol.qualified_name,
                line_start=symbol.line_start,
                line_end=symbol.line_end,
                message=f"{symbol.qualified_name} is {verdict}: {details.get(axis, '')}".rstrip(": "),
                fingerprint=symbol_fingerprint(facts.path, symbol, axis, verdict, extra),
            )
        )
        actions.append(
            Action(
                category=ACTION_CATEGORY[axis],
                description=action_text(axis, verdict, symbol, review.duplicate_of,
                                        axes[axis].confidence if axis in axes else 100),
                symbol=symbol.qualified_name,
                line_start=symbol.line_start,
            )
        )
    return review, findings, actions, similarities


LOW_CONFIDENCE = 60  # below it a verdict is a lead to check, not a reason to refactor


def _severity(axis: str, verdict: str, assessment: AxisAssessment | None) -> str:
    """The verdict's severity, lowered when the evidence is weak (e.g. a public name of a
    library that users outside the repository may import)."""
    severity = SEVERITY.get((axis, verdict), "low")
    if assessment is not None and assessment.confidence < LOW_CONFIDENCE:
        return "low"
    return severity


def file_verdict(findings: list[Finding]) -> str:
    """CRITICAL on any high-severity finding; NEEDS_REFACTOR on any medium one."""
    live = [f for f in findings if not f.suppressed]
    if any(f.severity == "high" for f in live):
        return "CRITICAL"
    if any(f.severity == "medium" for f in live):
        return "NEEDS_REFACTOR"
    return "CLEAN"


def review_file(facts: FileFacts, evidence: FileEvidence, cards: list[FunctionCard], rag_enabled: bool) -> ReviewFile:
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
    for symbol in facts.symbols:
        sym_review, findings, actions, similarities = _review_symbol(facts, symbol, evidence)
        review.symbols.append(sym_review)
        review.findings.extend(findings)
        review.actions.extend(actions)
        review.similarities.extend(similarities)
    for extra in evidence.findings:
        symbol = symbols_by_name.get(extra.symbol or "")
        review.findings.append(
            Finding(
                axis=extra.axis,
                verdict=extra.verdict,
                severity=extra.severity if extra.severity in ("low", "medium", "high") else "medium",
                symbol=extra.symbol,
                line_start=extra.line_start,
                line_end=extra.line_end,
                message=extra.message,
                fingerprint=symbol_fingerprint(facts.path, symbol, extra.axis, extra.verdict, extra.message),
            )
        )
        review.actions.append(
            Action(category="quick_win", description=f"{extra.message} (lines {extra.line_start}-{extra.line_end}): remove it.",
                   symbol=extra.symbol, line_start=extra.line_start)
        )
    review.verdict = file_verdict(review.findings)
    counts = {}
    for finding in review.findings:
        counts[finding.axis] = counts.get(finding.axis, 0) + 1
    review.summary = (
        f"{len(facts.symbols)} symbols; "
        + (", ".join(f"{n} {axis}" for axis, n in sorted(counts.items())) + " findings" if counts else "no findings")
    )
    return review


class StaticReviewer:
    """The Reviewer interface over the precomputed evidence: the evidence *is* the review."""

    name = "static"

    def review(self, context: ReviewContext) -> ReviewFile:
        return context.evidence
