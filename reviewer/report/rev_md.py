"""One `.rev.md` per reviewed file, rendered from its ReviewFile (templates/rev.md.j2).

Long lists are capped so a generated 10,000-line file still gives a readable
page; the .rev.json beside it keeps everything.
"""

from __future__ import annotations

from ..config import AXES
from ..resources import template
from ..review.schema import DEFAULT_VERDICTS, Action, ReviewFile, SymbolReview
from . import markdown

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


def _similarity_rows(review: ReviewFile) -> list:
    """Best first; an empty suggestion is filled with the obvious one."""
    rows = sorted(review.similarities, key=lambda s: (-s.score, s.line_start, s.file, s.name))
    return [
        row if row.suggestion else row.model_copy(update={"suggestion": f"consider reusing {row.file}:{row.name}"})
        for row in rows
    ]


def _action_groups(actions: list[Action]) -> list[tuple[str, list[Action]]]:
    groups = []
    for category, title in ACTION_GROUPS:
        chosen = [a for a in actions if a.category == category]
        if chosen:
            groups.append((title, chosen))
    return groups


def render_rev_md(review: ReviewFile) -> str:
    symbols = sorted(review.symbols, key=lambda s: (s.line_start, s.name))
    findings = sorted((f for f in review.findings if not f.suppressed), key=lambda f: (f.line_start, f.axis))
    suppressed = sorted((f for f in review.findings if f.suppressed), key=lambda f: (f.line_start, f.axis))
    details = [s for s in symbols if s.detail or s.evidence or s.duplicate_of]
    similarities = _similarity_rows(review) if review.rag_enabled else []
    return template(
        "rev.md.j2",
        review=review,
        axes=AXES,
        similarities=similarities[:MAX_SIMILARITIES],
        more_similarities=max(len(similarities) - MAX_SIMILARITIES, 0),
        symbols=symbols[:MAX_SYMBOLS],
        more_symbols=max(len(symbols) - MAX_SYMBOLS, 0),
        findings=findings[:MAX_FINDINGS],
        more_findings=max(len(findings) - MAX_FINDINGS, 0),
        suppressed=suppressed,
        details=details[:MAX_DETAILS],
        more_details=max(len(details) - MAX_DETAILS, 0),
        action_groups=_action_groups(review.actions),
        verdict_cell=verdict_cell,
        cell=markdown.cell,
        code=markdown.code,
        code_cell=markdown.code_cell,
        text=markdown.text,
    )
