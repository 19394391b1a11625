"""The plain-text summary printed by `reviewer scan`."""

from __future__ import annotations

import typing
from collections import Counter, defaultdict

from ..schema.facts import ScanResult, SymbolKind

KIND_ORDER: tuple[str, ...] = typing.get_args(SymbolKind)
MAX_LISTED = 20  # skipped files and warnings listed before "and N more"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    """Left-align the first column, right-align the numbers."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(row: list[str]) -> str:
        cells = [row[0].ljust(widths[0])] + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:])]
        return "  ".join(cells).rstrip()

    return [line(header), *(line(row) for row in rows)]


def _reason_group(reason: str) -> tuple[str, str]:
    """("over size limit", "2.1 MB > 1.0 MB") from "over size limit (2.1 MB > 1.0 MB)"."""
    head, sep, detail = reason.partition(" (")
    return head, detail[:-1] if sep and detail.endswith(")") else detail


def render_scan_summary(result: ScanResult) -> str:
    files: Counter[str] = Counter()
    lines: Counter[str] = Counter()
    kinds: dict[str, Counter[str]] = defaultdict(Counter)
    for facts in result.files:
        files[facts.language] += 1
        lines[facts.language] += facts.lines
        for symbol in facts.symbols:
            kinds[facts.language][symbol.kind] += 1
    used_kinds = [kind for kind in KIND_ORDER if any(kinds[lang][kind] for lang in kinds)]

    out: list[str] = []
    if result.files:
        header = ["language", "files", "lines", "symbols", *used_kinds]
        rows = []
        for language in sorted(files):
            rows.append(
                [language, f"{files[language]:,}", f"{lines[language]:,}", f"{sum(kinds[language].values()):,}"]
                + [f"{kinds[language][kind]:,}" for kind in used_kinds]
            )
        if len(rows) > 1:
            total_kinds = sum((kinds[lang] for lang in kinds), Counter())
            rows.append(
                ["total", f"{sum(files.values()):,}", f"{sum(lines.values()):,}", f"{sum(total_kinds.values()):,}"]
                + [f"{total_kinds[kind]:,}" for kind in used_kinds]
            )
        out.extend(_table(header, rows))
    else:
        out.append("no source files found")

    total_lines = sum(lines.values())
    speed = f" ({total_lines / result.seconds:,.0f} lines/s)" if result.seconds > 0 and total_lines else ""
    out.append(f"scanned {len(result.files):,} files, {total_lines:,} lines in {result.seconds:.2f} s{speed}")
    if result.text_files_indexed:
        out.append(f"{result.text_files_indexed:,} text files read for the names they mention (docs, config, templates, "
                   f"scripts; lock files, binaries and changelogs left out)")
    syntax = [f.path for f in result.files if f.syntax_errors]
    if syntax:
        out.append(f"{len(syntax):,} files have syntax errors (symbols extracted where the parser recovered)")

    if result.skipped:
        out.append("")
        out.append(f"skipped {len(result.skipped):,} files:")
        groups: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for skipped in result.skipped:
            head, detail = _reason_group(skipped.reason)
            groups[head].append((skipped.path, detail))
        budget = MAX_LISTED
        for head in sorted(groups, key=lambda h: (-len(groups[h]), h)):
            members = groups[head]
            out.append(f"  {head} ({len(members):,})")
            shown = members[: max(budget, 0)]
            budget -= len(shown)
            for path, detail in shown:
                out.append(f"    {path}" + (f"  ({detail})" if detail else ""))
            if len(members) > len(shown):
                out.append(f"    ... and {len(members) - len(shown):,} more")

    if result.warnings:
        out.append("")
        out.append(f"warnings ({len(result.warnings):,}):")
        out.extend(f"  {warning}" for warning in result.warnings[:MAX_LISTED])
        if len(result.warnings) > MAX_LISTED:
            out.append(f"  ... and {len(result.warnings) - MAX_LISTED:,} more")
    return "\n".join(out)
