"""What `reviewer run` prints when it ends: the summary table, then the first screen of
findings (concise `path:line: [axis/VERDICT] message` lines, report/ranking.py's order), in
colour when asked (--color, NO_COLOR). The summary counts this run's selection, the same
view report.md and report.json show; hygiene findings not selected are counted, not listed."""

from __future__ import annotations

from typing import Any

import click

from .formats import concise_line
from .ranking import first_screen
from .report_json import FindingEntry, ReportJson

TOP_FINDINGS = 10
SEVERITY_COLORS = {"high": "red", "medium": "yellow", "low": "cyan"}


def unlisted_line(unlisted: dict[str, int]) -> str:
    """"256 documentation and 60 tests findings counted, not listed: ..." """
    counts = " and ".join(f"{n:,} {axis}" for axis, n in unlisted.items())
    names = ",".join(unlisted)
    return (f"{counts} finding{'s' if sum(unlisted.values()) != 1 else ''} counted, not listed "
            f"(hygiene): `--select {names}` lists them, report.md counts them per file")


def render_findings(findings: list[FindingEntry], limit: int | None = TOP_FINDINGS, color: bool = False,
                    prefix: str = "", selected: frozenset[str] = frozenset()) -> str:
    """The first screen of `findings` (ranked; all of them with limit None), one a line."""
    shown = findings if limit is None else first_screen(findings, limit, selected)
    if not findings:
        return ""
    rest = len(findings) - len(shown)
    title = "findings to fix first" if rest else "findings"
    header = f"{title} ({len(shown)} of {len(findings)}, production code first, by severity x confidence):"
    lines = [click.style(header, bold=True) if color else header]
    for f in shown:
        line = concise_line(f, prefix)
        if color:
            where, _, tail = line.partition(": ")
            line = f"{click.style(where, bold=True)}: {click.style(tail, fg=SEVERITY_COLORS.get(f.severity))}"
        lines.append("  " + line)
    if rest:
        lines.append(f"  ... and {rest} more (test-code duplication and the rest): -v lists them all, "
                     "report.md ranks them")
    return "\n".join(lines)


def rag_contribution(report: ReportJson, reviewer: str) -> str:
    """What the RAG index added to this run, and where to read it."""
    semantic = report.semantic
    score = f"{semantic.semanticCoherenceScore:.1f}/100" if semantic.functions else "(none: no function reviewed)"
    text = (f"{semantic.similarities:,} similarities by meaning (each file's .rev.md, Semantic similarities); "
            f"{len(semantic.clusters):,} duplication clusters and the coherence score {score} in report.md")
    if reviewer == "static":
        text += "; the static reviewer reports a DUPLICATE only on structural evidence, so these are leads, " \
                "not findings (with ANTHROPIC_API_KEY, Claude judges them)"
    return text


def _files(count: int, noun: str = "file") -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _row(label: str, value: Any) -> str:
    return f"  {label:<18} {value}"


def render_run_summary(outcome: Any, gate: Any, report: ReportJson | None = None) -> str:
    """`outcome`: pipeline.RunOutcome; `gate`: report.gate.GateResult; `report`: this run's
    selection as report.json shows it (counts and verdicts; without it, the stored reviews)."""
    record = outcome.record
    if report is not None:
        summary = report.summary
        per_axis = {axis: sum(counts.values()) for axis, counts in summary.findings_by_axis.items()}
        live, suppressed = summary.findings, summary.suppressed_findings
        verdict_counts = {v: n for v, n in summary.verdicts.items() if n}
        unlisted = summary.unlisted
    else:
        findings = [f for r in outcome.reviews.values() for f in r.findings]
        per_axis = {}
        for finding in findings:
            if not finding.suppressed:
                per_axis[finding.axis] = per_axis.get(finding.axis, 0) + 1
        live = sum(per_axis.values())
        suppressed = len(findings) - live
        verdict_counts = record.verdicts
        unlisted = {}
    verdicts = ", ".join(f"{n} {v}" for v, n in sorted(verdict_counts.items())) or "none"
    reviewer = record.reviewer + (f" ({record.model})" if record.model else "")
    listed = ", ".join(f"{n} {a}" for a, n in per_axis.items() if a not in unlisted)
    counted = ", ".join(f"{n} {a}" for a, n in per_axis.items() if a in unlisted)
    detail = "; ".join(part for part in (listed, f"counted, not listed: {counted}" if counted else "") if part)
    not_reviewed = len(record.files_not_reviewed)
    lines = ["", "reviewer merge: summary" if record.merged_from else "reviewer run: summary"]
    if record.shard:
        lines.append(_row("shard", f"{record.shard}: this slice of the files only; `reviewer merge` combines the shards"))
    if record.merged_from:
        lines.append(_row("shards", f"{len(record.merged_from)} merged"))
    if record.stopped:
        lines.append(_row("stopped", f"{record.stopped}: {_files(record.files_reviewed + record.files_cached)} reviewed "
                          f"({record.files_reviewed} in this run, {record.files_cached} from cache), "
                          f"{not_reviewed} not reviewed; the next run reviews only those"))
    lines += [
        _row("reviewer", reviewer + ("; RAG on" if record.rag_enabled else "; RAG off")),
        _row("files", f"{record.files_in_scope or len(outcome.reviews)} in scope: {record.files_reviewed} reviewed, "
             f"{record.files_cached} from cache, {record.files_error} in error"
             + (f", {not_reviewed} not reviewed" if not_reviewed else "")
             + (f"; {record.files_skipped} skipped (`reviewer scan` lists them)" if record.files_skipped else "")),
        _row("verdicts", verdicts),
        _row("findings", f"{live}" + (f" ({detail})" if detail else "")
             + (f"; {suppressed} suppressed inline" if suppressed else "")),
    ]
    if report is not None and report.summary.candidates:
        lines.append(_row("candidates", f"{report.summary.candidates} under the finding floor "
                          f"({report.summary.finding_floor}): not findings, never gating; report.md lists them"))
    if report is not None and record.rag_enabled:
        lines.append(_row("rag", rag_contribution(report, record.reviewer)))
    if unlisted:
        lines.append(_row("hygiene", f"`--select {','.join(unlisted)}` lists them; report.md counts them per file"))
    if record.usage.calls:
        usage = record.usage
        lines.append(_row("tokens", f"{usage.input_tokens} in, {usage.output_tokens} out, "
                          f"{usage.cache_read_input_tokens} cache read, {usage.cache_creation_input_tokens} cache write; "
                          f"${usage.cost_usd:.4f} in {_files(usage.calls, 'call')}"))
    lines.append(_row("time", f"{record.duration_seconds:.1f}s"))
    for note in outcome.notes:
        lines.append(_row("note", note))
    for error in record.errors[:20]:
        lines.append(_row("error", f"{error.file}: {error.message}"))
    if record.files_not_reviewed:
        shown = ", ".join(record.files_not_reviewed[:10])
        more = len(record.files_not_reviewed) - 10
        lines.append(_row("not reviewed", shown + (f" and {more} more" if more > 0 else "")))
    lines.append(_row("gate", gate.describe()))
    if outcome.report_path is not None:
        lines.append(_row("report", str(outcome.report_path)))
    return "\n".join(lines)
