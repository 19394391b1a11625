"""What `reviewer run` prints when it ends: the summary table, then the findings
to fix first (concise `path:line: [axis/VERDICT] message` lines), in colour
when asked (--color, NO_COLOR)."""

from __future__ import annotations

from typing import Any

import click

from .formats import concise_line
from .report_json import FindingEntry

TOP_FINDINGS = 10
SEVERITY_COLORS = {"high": "red", "medium": "yellow", "low": "cyan"}


def render_findings(findings: list[FindingEntry], limit: int | None = TOP_FINDINGS, color: bool = False,
                    prefix: str = "") -> str:
    """The first `limit` findings (all with None), most important first, one a line."""
    shown = findings if limit is None else findings[:limit]
    if not shown:
        return ""
    title = "findings to fix first" if limit is not None and len(findings) > len(shown) else "findings"
    lines = [click.style(f"{title} ({len(shown)} of {len(findings)}, by severity x confidence):", bold=True)
             if color else f"{title} ({len(shown)} of {len(findings)}, by severity x confidence):"]
    for f in shown:
        line = concise_line(f, prefix)
        if color:
            where, _, rest = line.partition(": ")
            line = f"{click.style(where, bold=True)}: {click.style(rest, fg=SEVERITY_COLORS.get(f.severity))}"
        lines.append("  " + line)
    if len(findings) > len(shown):
        lines.append(f"  ... and {len(findings) - len(shown)} more: -v lists them all, report.md ranks them")
    return "\n".join(lines)


def _row(label: str, value: Any) -> str:
    return f"  {label:<18} {value}"


def render_run_summary(outcome: Any, gate: Any) -> str:
    """`outcome`: pipeline.RunOutcome; `gate`: report.gate.GateResult."""
    record = outcome.record
    reviews = outcome.reviews.values()
    findings = [f for r in reviews for f in r.findings]
    live = [f for f in findings if not f.suppressed]
    per_axis: dict[str, int] = {}
    for finding in live:
        per_axis[finding.axis] = per_axis.get(finding.axis, 0) + 1
    verdicts = ", ".join(f"{n} {v}" for v, n in sorted(record.verdicts.items())) or "none"
    reviewer = record.reviewer + (f" ({record.model})" if record.model else "")
    lines = [
        "",
        "reviewer run: summary",
        _row("reviewer", reviewer + ("; RAG on" if record.rag_enabled else "; RAG off")),
        _row("files", f"{len(outcome.reviews)} in scope: {record.files_reviewed} reviewed, "
             f"{record.files_cached} from cache, {record.files_error} in error"
             + (f"; {record.files_skipped} skipped (`reviewer scan` lists them)" if record.files_skipped else "")),
        _row("verdicts", verdicts),
        _row("findings", f"{len(live)}" + (f" ({', '.join(f'{n} {a}' for a, n in sorted(per_axis.items()))})" if per_axis else "")
             + (f"; {len(findings) - len(live)} suppressed inline" if len(findings) != len(live) else "")),
    ]
    if record.usage.calls:
        usage = record.usage
        lines.append(_row("tokens", f"{usage.input_tokens} in, {usage.output_tokens} out, "
                          f"{usage.cache_read_input_tokens} cache read; ${usage.cost_usd:.4f}"))
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
