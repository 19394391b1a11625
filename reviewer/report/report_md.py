"""`report.md`: the page people read first, rendered from the report.json data
(templates/report.md.j2).

It opens with what to fix: a headline (the verdict, what changed since the last
run and against the baseline), the most important findings (severity x
confidence) linked to their source lines, then the health of each axis. Each
axis then lists every finding; an axis with more than INLINE_FINDINGS shows the
most important ones and links to `findings/<axis>-<n>.md` pages holding all of
them, so nothing is left to "see report.json". Hygiene axes (tests,
documentation) are counted per file unless listed (report.json's `summary.unlisted`
names the others: `report.hygiene: full`, or `--select` naming them). "Fix first"
follows report/ranking.py's first screen. The run's metadata closes the page, folded.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from ..resources import template
from ..schema.axes import FILE_VERDICT_RANK, FILE_VERDICTS, SEVERITIES
from . import markdown
from .markdown import code_cell, plural, prose_cell, quote_target
from .links import line_anchor
from .ranking import first_screen, is_hygiene
from .report_json import FindingEntry, ReportJson, axis_order

REPORT_MD = "report.md"
PAGES_FOLDER = "findings"
TOP_FINDINGS = 10
INLINE_FINDINGS = 100  # per axis in report.md; more go to pages
PAGE_SIZE = 500
MAX_HYGIENE_FILES = 50
MAX_CLUSTERS = 10
MAX_CLUSTER_MEMBERS = 8
MAX_SUPPRESSED = 20
MAX_ERRORS = 20
MAX_WARNINGS = 20
FINDING_COLUMNS = "| # | Where | Finding | Severity, confidence | Message |\n|---|---|---|---|---|"


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
    return f"[{label}]({quote_target(rev_md)})"


@dataclass
class Rows:
    """Finding rows for one page: `up` is the way back to the output folder ("" or "../")."""

    report: ReportJson
    up: str = ""

    def __post_init__(self) -> None:
        self.files = {entry.file: entry for entry in self.report.files}

    def where(self, f: FindingEntry) -> str:
        entry = self.files.get(f.file)
        label = code_cell(f"{f.file}:{f.line_start}", 200)
        if entry is None:
            return label
        source = quote_target(self.up + entry.source) + line_anchor(f.line_start, f.line_end)
        new = " **new**" if f.new else ""
        return f"[{label}]({source}){new} · [review]({quote_target(self.up + entry.rev_md)})"

    def row(self, rank: int, f: FindingEntry) -> str:
        message = prose_cell(f.message, 200)
        if f.related is not None and f.related.file in self.files:
            other = self.files[f.related.file]
            message += f" Other copy: [{code_cell(f.related.file + ':' + f.related.name)}]({quote_target(self.up + other.rev_md)})."
        symbol = f"{code_cell(f.symbol)} " if f.symbol else ""
        cells = [str(rank), self.where(f), f"{symbol}{markdown.cell(f.axis, 30)} **{markdown.cell(f.verdict, 30)}**",
                 f"{f.severity}, {f.confidence}", message]
        return "| " + " | ".join(cells) + " |"

    def table(self, findings: list[FindingEntry], first: int = 1) -> str:
        return "\n".join([FINDING_COLUMNS, *(self.row(first + i, f) for i, f in enumerate(findings))])


@dataclass
class AxisSection:
    axis: str
    total: int
    table: str  # the rows shown in report.md ("" for a hygiene summary)
    shown: int
    pages: list[tuple[int, str]]  # (page number, link) when the axis overflows report.md
    hygiene_files: list[tuple[str, str, int, str]]  # summary mode: (file link, verdict counts, total, rev_md)
    more_files: int = 0


def _page_name(axis: str, number: int) -> str:
    return f"{PAGES_FOLDER}/{axis}-{number}.md"


def _hygiene_files(report: ReportJson, findings: list[FindingEntry]) -> list[tuple[str, str, int, str]]:
    per_file: dict[str, Counter[str]] = defaultdict(Counter)
    for f in findings:
        per_file[f.file][f.verdict] += 1
    files = {entry.file: entry for entry in report.files}
    rows = []
    for file, verdicts in sorted(per_file.items(), key=lambda item: (-sum(item[1].values()), item[0])):
        counts = ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items()))
        rows.append((file_link(file, files[file].rev_md) if file in files else code_cell(file), counts,
                     sum(verdicts.values()), file))
    return rows


def sections(report: ReportJson) -> tuple[list[AxisSection], dict[str, str]]:
    """One section per axis with findings, and the extra pages {name: markdown}."""
    grouped: dict[str, list[FindingEntry]] = defaultdict(list)
    for finding in report.counted():
        grouped[finding.axis].append(finding)
    rows = Rows(report)
    out, pages = [], {}
    for axis in sorted(grouped, key=axis_order):
        findings = grouped[axis]
        if axis in report.summary.unlisted:
            files = _hygiene_files(report, findings)
            out.append(AxisSection(axis, len(findings), "", 0, [], files[:MAX_HYGIENE_FILES],
                                   max(len(files) - MAX_HYGIENE_FILES, 0)))
            continue
        links = []
        if len(findings) > INLINE_FINDINGS:
            chunks = [findings[i:i + PAGE_SIZE] for i in range(0, len(findings), PAGE_SIZE)]
            for number_, chunk in enumerate(chunks, 1):
                pages[_page_name(axis, number_)] = _page(report, axis, chunk, number_, len(chunks), len(findings))
                links.append((number_, _page_name(axis, number_)))
        shown = findings[:INLINE_FINDINGS]
        out.append(AxisSection(axis, len(findings), rows.table(shown), len(shown), links, []))
    return out, pages


def _page(report: ReportJson, axis: str, findings: list[FindingEntry], number_: int, count: int, total: int) -> str:
    first = (number_ - 1) * PAGE_SIZE + 1
    nav = [f"[← report](../{REPORT_MD})"]
    if number_ > 1:
        nav.append(f"[← page {number_ - 1}](../{quote_target(_page_name(axis, number_ - 1))})")
    if number_ < count:
        nav.append(f"[page {number_ + 1} →](../{quote_target(_page_name(axis, number_ + 1))})")
    return (f"# {markdown.text(axis, 30)} findings {first:,}–{first + len(findings) - 1:,} of {total:,}\n\n"
            f"{' · '.join(nav)}\n\nMost important first (severity × confidence).\n\n"
            f"{Rows(report, up='../').table(findings, first)}\n\n{' · '.join(nav)}\n")


def overall_verdict(report: ReportJson) -> str:
    verdicts = [verdict for verdict, count in report.summary.verdicts.items() if count]
    return max(verdicts, key=lambda v: FILE_VERDICT_RANK.get(v, 0), default="CLEAN")


def _health(report: ReportJson, section_list: list[AxisSection]) -> list[dict]:
    per_axis_files: dict[str, set[str]] = defaultdict(set)
    for f in report.counted():
        per_axis_files[f.axis].add(f.file)
    rows = []
    for section in section_list:
        counts = report.summary.findings_by_axis.get(section.axis, {})
        rows.append({"axis": section.axis, "total": section.total, "counts": [counts.get(s, 0) for s in SEVERITIES],
                     "files": len(per_axis_files[section.axis]), "hygiene": is_hygiene(section.axis)})
    return rows


def render_report_pages(report: ReportJson, selected: frozenset[str] = frozenset()) -> dict[str, str]:
    """{relative path: markdown}: report.md and any findings/<axis>-<n>.md pages. `selected`:
    the axes the user asked for by name (they may open "Fix first")."""
    section_list, pages = sections(report)
    return {REPORT_MD: render_report_md(report, section_list, selected), **pages}


def render_report_md(report: ReportJson, section_list: list[AxisSection] | None = None,
                     selected: frozenset[str] = frozenset()) -> str:
    if section_list is None:
        section_list = sections(report)[0]
    not_clean = [entry for entry in report.files if entry.verdict != "CLEAN"]
    rev_md = {entry.file: entry.rev_md for entry in report.files}
    clusters = report.semantic.clusters
    errors = report.run.errors if report.run else []
    ranked = report.ranked()
    top = first_screen(ranked, TOP_FINDINGS, selected)
    by_severity = Counter(f.severity for f in report.counted())
    return template(
        "report.md.j2",
        report=report,
        summary=report.summary,
        run=report.run,
        semantic=report.semantic,
        changes=report.changes,
        verdict=overall_verdict(report),
        needs_work=len(not_clean),
        severity_counts=", ".join(f"{number(by_severity[s])} {s}" for s in SEVERITIES if by_severity[s]),
        top_table=Rows(report).table(top) if top else "",
        top_count=len(top),
        health=_health(report, section_list),
        sections=section_list,
        verdict_names=FILE_VERDICTS,
        severities=SEVERITIES,
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
        plural=plural,
    )
