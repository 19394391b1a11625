"""One `.rev.md` per reviewed file, rendered from its ReviewFile (templates/rev.md.j2).

Read top-down by someone about to edit the file: the verdict and what to do
first, then the findings ranked by importance (report/ranking.py) with links to
the source lines and to a duplicate's partner, the evidence, and the per-symbol
table last and narrow (only the verdicts that ask for something).

The rows are escaped here, in Python, and the template lays them out: on a
5,000-file project a helper call per cell from inside Jinja costs seconds.
Long lists are capped so a generated 10,000-line file still gives a readable
page; the .rev.json beside it keeps everything.
"""

from __future__ import annotations

from collections import Counter

from ..resources import template
from ..schema.axes import AXES, SEVERITIES, needs_action
from ..schema.review import Action, Finding, ReviewFile, Similarity, SymbolReview
from .links import Links
from .markdown import cell, code, code_cell, plural, prose, prose_cell, text
from .ranking import confidence_of, confidences, ranked

MAX_SYMBOLS = 300
MAX_FINDINGS = 300
MAX_DETAILS = 200
MAX_SIMILARITIES = 50
ACTION_GROUPS = (("quick_win", "Quick wins"), ("refactor", "Refactors"), ("hygiene", "Hygiene"))


def _lines(start: int, end: int) -> str:
    return str(start) if end == start else f"{start}–{end}"


def _here(links: Links, start: int, end: int | None = None) -> str:
    """Lines of this file, linked to the source."""
    return f"[{_lines(start, end or start)}]({links.here(start, end)})"


def _partner(links: Links, file: str, name: str, line: int | None) -> str:
    """`file:name` linked to its .rev.md, then its line linked to the source."""
    label = f"[{code_cell(file + ':' + name)}]({links.review(file)})"
    return label + (f" ([L{line}]({links.source(file, line)}))" if line else "")


def _similarity_row(links: Links, s: Similarity) -> list[str]:
    suggestion = s.suggestion or f"consider reusing {s.file}:{s.name}"
    kind = f" ({s.clone_kind})" if s.clone_kind else ""
    return [f"{code_cell(s.function)} ([L{s.line_start}]({links.here(s.line_start)}))",
            _partner(links, s.file, s.name, s.other_line_start), f"{s.score:.2f}{kind}", prose_cell(suggestion)]


def _attention(s: SymbolReview, axes: tuple[str, ...] = AXES) -> str:
    """The verdicts that ask for something, e.g. "duplication DUPLICATE, tests NONE"."""
    shown = [f"{axis} **{getattr(s, axis)}**" for axis in axes if needs_action(axis, getattr(s, axis, "-"))]
    return ", ".join(shown) or "-"


def _symbol_row(links: Links, s: SymbolReview, axes: tuple[str, ...]) -> list[str]:
    exported = " (exported)" if s.exported else ""
    return [f"{code_cell(s.name)}{exported}", cell(s.kind, 20), _here(links, s.line_start, s.line_end),
            _attention(s, axes), str(s.confidence)]


def _finding_row(links: Links, review: ReviewFile, f: Finding, confidence: int, rank: int) -> list[str]:
    message = prose_cell(f.message, 300)
    # Same-named symbols of one file (object-literal members) are told apart by their lines.
    symbol = next((s for s in review.symbols if s.name == f.symbol and s.line_start <= f.line_start <= s.line_end), None)
    if f.axis == "duplication" and symbol is not None and symbol.duplicate_of is not None:
        d = symbol.duplicate_of
        line = d.other_lines[0] if d.other_lines else d.line_start  # the repeated block, when narrower
        message += f" Other copy: {_partner(links, d.file, d.name, line)}."
    symbol = f"{code_cell(f.symbol)} " if f.symbol else ""
    return [str(rank), _here(links, f.line_start, f.line_end), f"{symbol}{cell(f.axis, 30)} **{cell(f.verdict, 30)}**",
            f"{f.severity}, {confidence}", message]


def _suppressed_item(links: Links, f: Finding) -> str:
    symbol = f" {code(f.symbol)}" if f.symbol else ""
    return (f"line {_here(links, f.line_start)}{symbol} {text(f.axis + '/' + f.verdict, 60)}: "
            f"{prose(f.suppression_reason or 'suppressed', 200)}")


def _repeats_evidence(s: SymbolReview) -> bool:
    """A detail that only strings the evidence sentences together adds nothing to the list."""
    return bool(s.evidence) and all(sentence in s.detail for sentence in s.evidence.values())


def _evidence(links: Links, s: SymbolReview, axes: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """What the Evidence section says of `s`: its detail (when more than its evidence strung together)
    and one bullet per axis shown."""
    bullets = [f"**{text(axis, 30)}**: {prose(sentence)}" for axis, sentence in s.evidence.items()
               if axis in axes or axis not in AXES]
    if s.duplicate_of is not None and "duplication" in axes:
        d = s.duplicate_of
        kind = f", {d.clone_kind} clone" if d.clone_kind else ""
        bullets.append(f"duplicate of {_partner(links, d.file, d.name, d.line_start)}, score {d.score:.2f}{kind}")
    return (prose(s.detail) if s.detail and not _repeats_evidence(s) else ""), tuple(bullets)


def _details(links: Links, symbols: list[SymbolReview], axes: tuple[str, ...]) -> list[dict]:
    """The Evidence section's entries, in the symbols' order: symbols whose evidence reads the same
    (the alike functions of generated or templated code) share one entry naming each of them, so
    the page says it once."""
    alike: dict[tuple[str, tuple[str, ...]], list[SymbolReview]] = {}
    for s in symbols:
        alike.setdefault(_evidence(links, s, axes), []).append(s)
    entries = []
    for (detail, bullets), members in alike.items():
        if len(members) == 1:
            s = members[0]
            heading = f"{code(s.name)} ({text(s.kind, 20)}, lines {s.line_start}–{s.line_end})"
            link = links.here(s.line_start, s.line_end)
        else:
            heading = f"{len(members)} symbols, the same evidence: " + ", ".join(
                f"{code(s.name)} ([{_lines(s.line_start, s.line_end)}]({links.here(s.line_start, s.line_end)}))"
                for s in members)
            link = ""
        entries.append({"heading": heading, "link": link, "detail": detail, "bullets": list(bullets)})
    return entries


def _action_item(links: Links, a: Action) -> str:
    parts = [code(a.symbol)] if a.symbol and f"`{a.symbol}`" not in a.description else []
    if a.line_start:
        parts.append(f"[line {a.line_start}]({links.here(a.line_start)})")
    return prose(a.description) + (f" ({', '.join(parts)})" if parts else "")


def _capped(items: list, limit: int) -> tuple[list, int]:
    return items[:limit], max(len(items) - limit, 0)


def _counts(findings: list[Finding]) -> str:
    by_severity = Counter(f.severity for f in findings)
    parts = ", ".join(f"{by_severity[s]} {s}" for s in SEVERITIES if by_severity[s])
    return plural(len(findings), "finding") + (f" ({parts})" if parts else "")


def render_rev_md(review: ReviewFile, links: Links, axes: tuple[str, ...] = AXES) -> str:
    """`axes`: the axes selected for this file (the view's): the others stay out of the page."""
    symbols = sorted(review.symbols, key=lambda s: (s.line_start, s.name))
    by_symbol = confidences(review)
    findings = ranked(review, [f for f in review.findings if not f.suppressed])
    suppressed = sorted((f for f in review.findings if f.suppressed), key=lambda f: (f.line_start, f.axis))
    detailed = [s for s in symbols if s.detail or s.evidence or s.duplicate_of]
    similar = sorted(review.similarities, key=lambda s: (-s.score, s.line_start, s.file, s.name)) if review.rag_enabled else []

    counts = _counts(findings)
    similar, more_similarities = _capped(similar, MAX_SIMILARITIES)
    symbols, more_symbols = _capped(symbols, MAX_SYMBOLS)
    findings, more_findings = _capped(findings, MAX_FINDINGS)
    detailed, more_details = _capped(detailed, MAX_DETAILS)
    groups = []
    for category, title in ACTION_GROUPS:
        items = [_action_item(links, a) for a in review.actions if a.category == category]
        if items:
            groups.append((title, items))

    return template(
        "rev.md.j2",
        title=code(review.file, 300),
        verdict=review.verdict,
        counts=counts,
        language=text(review.language, 30),
        reviewer=review.reviewer + (f" ({text(review.model, 80)})" if review.model else ""),
        reviewed_at=text(review.reviewed_at, 40),
        report_link=links.report(),
        source_link=links.here(),
        # The reviewer's summary speaks of every axis: out of a narrowed view.
        summary=prose(review.summary, 1000) if set(axes) >= set(AXES) else "",
        similarities=[_similarity_row(links, s) for s in similar],
        more_similarities=more_similarities,
        symbols=[_symbol_row(links, s, axes) for s in symbols],
        more_symbols=more_symbols,
        findings=[_finding_row(links, review, f, confidence_of(f, by_symbol), rank)
                  for rank, f in enumerate(findings, 1)],
        more_findings=more_findings,
        suppressed=[_suppressed_item(links, f) for f in suppressed],
        candidates=[_finding_row(links, review, f, confidence_of(f, by_symbol), rank) for rank, f in enumerate(
            sorted((c for c in review.candidates if not c.suppressed and c.axis in axes),
                   key=lambda c: (-(c.confidence or 0), c.line_start)), 1)],
        details=_details(links, detailed, axes),
        more_details=more_details,
        action_groups=groups,
    )
