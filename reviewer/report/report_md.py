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
MAX_CANDIDATES = 20  # the most important listed in report.md; report.json and each file's page hold them all
MAX_ERRORS = 20
MAX_WARNINGS = 20


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


def file_link(path: str, target: str, in_table: bool = True) -> str:
    """The file's path as code, linked to `target` (already quoted: Rows.page)."""
    label = markdown.code_cell(path, 200) if in_table else markdown.code(path, 200)
    return f"[{label}]({target})"


@dataclass
class Rows:
    """Findings for one page, one numbered item each: a short first line (where, what, how
    sure) and the message under it, so that no column runs past a 980 px GitHub page.
    `up` is the way back to the output folder ("" or "../"); `blob`: absolute source links
    (links.blob_base, in a GitHub Actions job summary), where the .rev.md pages are not
    reachable and are named, not linked."""

    report: ReportJson
    up: str = ""
    blob: str | None = None

    def __post_init__(self) -> None:
        self.files = {entry.file: entry for entry in self.report.files}

    def source(self, file: str, start: int, end: int | None = None) -> str:
        entry = self.files[file]
        base = self.blob + quote_target(file) if self.blob else quote_target(self.up + entry.source)
        return base + line_anchor(start, end)

    def review(self, file: str) -> str | None:
        return None if self.blob else quote_target(self.up + self.files[file].rev_md)

    def page(self, file: str) -> str:
        """Where a file's name links: its .rev.md, or its source at the commit in a job summary."""
        return self.review(file) or self.blob + quote_target(file)

    def where(self, f: FindingEntry) -> str:
        label = markdown.code(f"{f.file}:{f.line_start}", 200)
        if f.file not in self.files:
            return label
        new = " **new**" if f.new else ""
        review = self.review(f.file)
        return f"[{label}]({self.source(f.file, f.line_start, f.line_end)}){new}" + (
            f" · [review]({review})" if review else "")

    def item(self, rank: int, f: FindingEntry) -> str:
        message = markdown.prose(f.message, 300) or "-"
        if f.related is not None and f.related.file in self.files:
            label = markdown.code(f.related.file + ":" + f.related.name)
            target = self.review(f.related.file) or self.source(f.related.file, f.related.line_start or 1)
            message += f" Other copy: [{label}]({target})."
        symbol = f"{markdown.code(f.symbol)} " if f.symbol else ""
        head = (f"{rank}. {self.where(f)} · {symbol}{markdown.text(f.axis, 30)} **{markdown.text(f.verdict, 30)}**"
                f" · {f.severity}, {f.confidence}")
        return f"{head}<br>\n   {message}"

    def table(self, findings: list[FindingEntry], first: int = 1) -> str:
        """The findings as a numbered list (ranks from `first`)."""
        return "\n".join(self.item(first + i, f) for i, f in enumerate(findings))


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


def _hygiene_files(rows_: Rows, findings: list[FindingEntry]) -> list[tuple[str, str, int, str]]:
    per_file: dict[str, Counter[str]] = defaultdict(Counter)
    for f in findings:
        per_file[f.file][f.verdict] += 1
    rows = []
    for file, verdicts in sorted(per_file.items(), key=lambda item: (-sum(item[1].values()), item[0])):
        counts = ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items()))
        rows.append((f"[{code_cell(file, 200)}]({rows_.page(file)})" if file in rows_.files else code_cell(file),
                     counts, sum(verdicts.values()), file))
    return rows


def sections(report: ReportJson, blob: str | None = None) -> tuple[list[AxisSection], dict[str, str]]:
    """One section per axis with findings, and the extra pages {name: markdown}."""
    grouped: dict[str, list[FindingEntry]] = defaultdict(list)
    for finding in report.counted():
        grouped[finding.axis].append(finding)
    rows = Rows(report, blob=blob)
    out, pages = [], {}
    for axis in sorted(grouped, key=axis_order):
        findings = grouped[axis]
        if axis in report.summary.unlisted:
            files = _hygiene_files(rows, findings)
            out.append(AxisSection(axis, len(findings), "", 0, [], files[:MAX_HYGIENE_FILES],
                                   max(len(files) - MAX_HYGIENE_FILES, 0)))
            continue
        links = []
        if len(findings) > INLINE_FINDINGS:
            chunks = [findings[i:i + PAGE_SIZE] for i in range(0, len(findings), PAGE_SIZE)]
            for number_, chunk in enumerate(chunks, 1):
                pages[_page_name(axis, number_)] = _page(report, axis, chunk, number_, len(chunks), len(findings), blob)
                links.append((number_, _page_name(axis, number_)))
        shown = findings[:INLINE_FINDINGS]
        out.append(AxisSection(axis, len(findings), rows.table(shown), len(shown), links, []))
    return out, pages


def _page(report: ReportJson, axis: str, findings: list[FindingEntry], number_: int, count: int, total: int,
          blob: str | None = None) -> str:
    first = (number_ - 1) * PAGE_SIZE + 1
    nav = [f"[← report](../{REPORT_MD})"]
    if number_ > 1:
        nav.append(f"[← page {number_ - 1}](../{quote_target(_page_name(axis, number_ - 1))})")
    if number_ < count:
        nav.append(f"[page {number_ + 1} →](../{quote_target(_page_name(axis, number_ + 1))})")
    return (f"# {markdown.text(axis, 30)} findings {first:,}–{first + len(findings) - 1:,} of {total:,}\n\n"
            f"{' · '.join(nav)}\n\nMost important first (severity × confidence).\n\n"
            f"{Rows(report, up='../', blob=blob).table(findings, first)}\n\n{' · '.join(nav)}\n")


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


def _candidate_rules(report: ReportJson) -> list[tuple[str, int, str]]:
    """(rule, candidates, the rule's measured precision: "72%" or "52-61%" over its bands) per rule, most first."""
    shown: dict[str, list[int]] = defaultdict(list)
    for candidate in report.candidates:
        shown[candidate.rule].append(candidate.confidence)
    return [(rule, len(values), f"{min(values)}%" if min(values) == max(values) else f"{min(values)}-{max(values)}%")
            for rule, values in sorted(shown.items(), key=lambda item: (-len(item[1]), item[0]))]


def render_report_pages(report: ReportJson, selected: frozenset[str] = frozenset(),
                        blob: str | None = None) -> dict[str, str]:
    """{relative path: markdown}: report.md and any findings/<axis>-<n>.md pages. `selected`:
    the axes the user asked for by name (they may open "Fix first"); `blob`: absolute source
    links (links.blob_base)."""
    section_list, pages = sections(report, blob)
    return {REPORT_MD: render_report_md(report, section_list, selected, blob), **pages}


def render_report_md(report: ReportJson, section_list: list[AxisSection] | None = None,
                     selected: frozenset[str] = frozenset(), blob: str | None = None) -> str:
    if section_list is None:
        section_list = sections(report, blob)[0]
    not_clean = [entry for entry in report.files if entry.verdict != "CLEAN"]
    rows = Rows(report, blob=blob)
    rev_md = {entry.file: rows.page(entry.file) for entry in report.files}  # where a file name links
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
        rag_on=report.summary.rag_enabled or bool(report.run and report.run.rag_enabled),  # also with no review
        semantic=report.semantic,
        changes=report.changes,
        verdict=overall_verdict(report),
        needs_work=len(not_clean),
        severity_counts=", ".join(f"{number(by_severity[s])} {s}" for s in SEVERITIES if by_severity[s]),
        top_table=rows.table(top) if top else "",
        top_count=len(top),
        health=_health(report, section_list),
        sections=section_list,
        verdict_names=FILE_VERDICTS,
        severities=SEVERITIES,
        clusters=clusters[:MAX_CLUSTERS],
        more_clusters=max(len(clusters) - MAX_CLUSTERS, 0),
        max_members=MAX_CLUSTER_MEMBERS,
        candidates_table=rows.table(report.candidates[:MAX_CANDIDATES]),
        candidate_rules=_candidate_rules(report),
        more_candidates=max(len(report.candidates) - MAX_CANDIDATES, 0),
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
