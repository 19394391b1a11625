"""One `.rev.md` per reviewed file, rendered from its ReviewFile (templates/rev.md.j2).

The rows are escaped here, in Python, and the template lays them out: on a
5,000-file project a helper call per cell from inside Jinja costs seconds.
Long lists are capped so a generated 10,000-line file still gives a readable
page; the .rev.json beside it keeps everything.
"""

from __future__ import annotations

from ..schema.axes import AXES, DEFAULT_VERDICTS
from ..resources import template
from ..schema.review import Action, Finding, ReviewFile, Similarity, SymbolReview
from .markdown import cell, code, code_cell, prose, prose_cell, text

MAX_SYMBOLS = 300
MAX_FINDINGS = 300
MAX_DETAILS = 200
MAX_SIMILARITIES = 50
ACTION_GROUPS = (("quick_win", "Quick wins"), ("refactor", "Refactors"), ("hygiene", "Hygiene"))


def verdict_cell(symbol: SymbolReview, axis: str) -> str:
    """The verdict of one axis; the ones that need action in bold."""
    verdict = getattr(symbol, axis, "-")
    if verdict in ("-", DEFAULT_VERDICTS.get(axis)):
        return verdict
    return f"**{verdict}**"


def _lines(start: int, end: int) -> str:
    return str(start) if end == start else f"{start}–{end}"


def _similarity_row(s: Similarity) -> list[str]:
    suggestion = s.suggestion or f"consider reusing {s.file}:{s.name}"
    other = f" (L{s.other_line_start})" if s.other_line_start else ""
    kind = f" ({s.clone_kind})" if s.clone_kind else ""
    return [f"{code_cell(s.function)} (L{s.line_start})", f"{code_cell(s.file + ':' + s.name)}{other}",
            f"{s.score:.2f}{kind}", prose_cell(suggestion)]


def _symbol_row(s: SymbolReview) -> list[str]:
    return [code_cell(s.name), cell(s.kind, 20), "yes" if s.exported else "no",
            *(verdict_cell(s, axis) for axis in AXES), str(s.confidence)]


def _finding_row(f: Finding) -> list[str]:
    return [_lines(f.line_start, f.line_end), code_cell(f.symbol or ""), cell(f.axis, 30), cell(f.verdict, 30),
            f.severity, prose_cell(f.message, 300)]


def _suppressed_item(f: Finding) -> str:
    symbol = f" {code(f.symbol)}" if f.symbol else ""
    return f"line {f.line_start}{symbol} {text(f.axis + '/' + f.verdict, 60)}: {prose(f.suppression_reason or 'suppressed', 200)}"


def _repeats_evidence(s: SymbolReview) -> bool:
    """A detail that only strings the evidence sentences together adds nothing to the list."""
    return bool(s.evidence) and all(sentence in s.detail for sentence in s.evidence.values())


def _detail(s: SymbolReview) -> dict:
    bullets = [f"**{text(axis, 30)}**: {prose(sentence)}" for axis, sentence in s.evidence.items()]
    if s.duplicate_of is not None:
        d = s.duplicate_of
        where = f" (L{d.line_start})" if d.line_start else ""
        kind = f", {d.clone_kind} clone" if d.clone_kind else ""
        bullets.append(f"duplicate of {code(d.file + ':' + d.name)}{where}, score {d.score:.2f}{kind}")
    return {
        "heading": f"{code(s.name)} ({text(s.kind, 20)}, lines {s.line_start}–{s.line_end})",
        "detail": prose(s.detail) if s.detail and not _repeats_evidence(s) else "",
        "bullets": bullets,
    }


def _action_item(a: Action) -> str:
    item = prose(a.description)
    if a.symbol and f"`{a.symbol}`" in a.description:
        return item  # the description names it already
    if a.symbol:
        return f"{item} ({code(a.symbol)}" + (f", line {a.line_start})" if a.line_start else ")")
    return f"{item} (line {a.line_start})" if a.line_start else item


def _capped(items: list, limit: int) -> tuple[list, int]:
    return items[:limit], max(len(items) - limit, 0)


def render_rev_md(review: ReviewFile) -> str:
    symbols = sorted(review.symbols, key=lambda s: (s.line_start, s.name))
    findings = sorted((f for f in review.findings if not f.suppressed), key=lambda f: (f.line_start, f.axis))
    suppressed = sorted((f for f in review.findings if f.suppressed), key=lambda f: (f.line_start, f.axis))
    detailed = [s for s in symbols if s.detail or s.evidence or s.duplicate_of]
    similar = sorted(review.similarities, key=lambda s: (-s.score, s.line_start, s.file, s.name)) if review.rag_enabled else []

    similar, more_similarities = _capped(similar, MAX_SIMILARITIES)
    symbols, more_symbols = _capped(symbols, MAX_SYMBOLS)
    findings, more_findings = _capped(findings, MAX_FINDINGS)
    detailed, more_details = _capped(detailed, MAX_DETAILS)
    groups = []
    for category, title in ACTION_GROUPS:
        items = [_action_item(a) for a in review.actions if a.category == category]
        if items:
            groups.append((title, items))

    return template(
        "rev.md.j2",
        title=code(review.file, 300),
        verdict=review.verdict,
        language=text(review.language, 30),
        reviewer=review.reviewer + (f" ({text(review.model, 80)})" if review.model else ""),
        reviewed_at=text(review.reviewed_at, 40),
        summary=prose(review.summary, 1000),
        axes=[axis.capitalize() for axis in AXES],
        similarities=[_similarity_row(s) for s in similar],
        more_similarities=more_similarities,
        symbols=[_symbol_row(s) for s in symbols],
        more_symbols=more_symbols,
        findings=[_finding_row(f) for f in findings],
        more_findings=more_findings,
        suppressed=[_suppressed_item(f) for f in suppressed],
        details=[_detail(s) for s in detailed],
        more_details=more_details,
        action_groups=groups,
    )
