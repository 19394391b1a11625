"""`report.md`: the page people read first, rendered from the report.json data
(templates/report.md.j2).

It must read well for 5 files and for 5,000: every list is capped and ends with
"… and N more" pointing to report.json, so the page stays small (well under
1 MB) whatever the size of the project.
"""

from __future__ import annotations

from ..schema.axes import AXES, FILE_VERDICTS, SEVERITIES
from ..resources import template
from . import markdown
from .report_json import FindingEntry, ReportJson

MAX_WORST_FILES = 50
MAX_FINDINGS_PER_AXIS = 15
MAX_CLUSTERS = 10
MAX_CLUSTER_MEMBERS = 8
MAX_SUPPRESSED = 20
MAX_ERRORS = 20
MAX_WARNINGS = 20
SEVERITY_RANK = {severity: rank for rank, severity in enumerate(SEVERITIES)}


def duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    if minutes < 60:
        return f"{minutes} min {rest} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min"


def number(value: int) -> str:
    return f"{value:,}"


def file_link(path: str, rev_md: str, in_table: bool = True) -> str:
    """The file's path as code, linked to its .rev.md (relative to report.md)."""
    label = markdown.code_cell(path, 200) if in_table else markdown.code(path, 200)
    return f"[{label}]({markdown.quote_target(rev_md)})"


def _findings_by_axis(report: ReportJson) -> list[tuple[str, int, list[FindingEntry]]]:
    """(axis, total, the first findings to show), axes in their usual order."""
    grouped: dict[str, list[FindingEntry]] = {}
    for finding in report.findings:
        grouped.setdefault(finding.axis, []).append(finding)
    order = sorted(grouped, key=lambda axis: (AXES.index(axis) if axis in AXES else len(AXES), axis))
    sections = []
    for axis in order:
        findings = sorted(
            grouped[axis], key=lambda f: (SEVERITY_RANK.get(f.severity, len(SEVERITIES)), f.file, f.line_start)
        )
        sections.append((axis, len(findings), findings[:MAX_FINDINGS_PER_AXIS]))
    return sections


def render_report_md(report: ReportJson) -> str:
    not_clean = [entry for entry in report.files if entry.verdict != "CLEAN"]
    rev_md = {entry.file: entry.rev_md for entry in report.files}
    clusters = report.semantic.clusters
    errors = report.run.errors if report.run else []
    return template(
        "report.md.j2",
        report=report,
        summary=report.summary,
        run=report.run,
        semantic=report.semantic,
        verdict_names=FILE_VERDICTS,
        severities=SEVERITIES,
        worst=not_clean[:MAX_WORST_FILES],
        more_worst=max(len(not_clean) - MAX_WORST_FILES, 0),
        axis_sections=_findings_by_axis(report),
        clusters=clusters[:MAX_CLUSTERS],
        more_clusters=max(len(clusters) - MAX_CLUSTERS, 0),
        max_members=MAX_CLUSTER_MEMBERS,
        suppressed=report.suppressed[:MAX_SUPPRESSED],
        more_suppressed=max(len(report.suppressed) - MAX_SUPPRESSED, 0),
        errors=errors[:MAX_ERRORS],
        more_errors=max(len(errors) - MAX_ERRORS, 0),
        warnings=report.warnings[:MAX_WARNINGS],
        more_warnings=max(len(report.warnings) - MAX_WARNINGS, 0),
        rev_md=rev_md,
        file_link=file_link,
        duration=duration,
        number=number,
        percent=markdown.percent,
        cell=markdown.cell,
        code=markdown.code,
        code_cell=markdown.code_cell,
        text=markdown.text,
        prose=markdown.prose,
        prose_cell=markdown.prose_cell,
        plural=markdown.plural,
    )
