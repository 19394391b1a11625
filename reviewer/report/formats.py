"""Findings in the formats other tools read, for `reviewer run --output-format`:

- `concise`: `path:line: [axis/VERDICT] message`, one a line (like ruff's concise);
- `github`: workflow commands (`::warning file=...,line=...::...`) that GitHub turns
  into annotations on the pull request, for repositories without code scanning;
- `gitlab`: a Code Climate JSON list, GitLab's code quality report.

(`json` is report.json and `sarif` is report.sarif, both built elsewhere.) Paths
are relative to the repository root (`prefix`), like SARIF's.
"""

from __future__ import annotations

import json

from .report_json import FindingEntry

GITHUB_LEVELS = {"high": "error", "medium": "warning", "low": "notice"}
CODECLIMATE_SEVERITIES = {"high": "critical", "medium": "major", "low": "minor"}


def concise_line(f: FindingEntry, prefix: str = "") -> str:
    new = " (new)" if f.new else ""
    return f"{prefix}{f.file}:{f.line_start}: [{f.axis}/{f.verdict}] {' '.join(f.message.split())}{new}"


def concise(findings: list[FindingEntry], prefix: str = "") -> str:
    return "".join(concise_line(f, prefix) + "\n" for f in findings)


def _escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")


def github(findings: list[FindingEntry], prefix: str = "") -> str:
    lines = []
    for f in findings:
        props = ",".join([
            f"file={_escape_property(prefix + f.file)}", f"line={f.line_start}", f"endLine={max(f.line_end, f.line_start)}",
            f"title={_escape_property(f'reviewer {f.axis}/{f.verdict}' + (' (new)' if f.new else ''))}",
        ])
        lines.append(f"::{GITHUB_LEVELS.get(f.severity, 'warning')} {props}::{_escape_data(f.message)}\n")
    return "".join(lines)


def gitlab(findings: list[FindingEntry], prefix: str = "") -> str:
    issues = [
        {
            "type": "issue",
            "check_name": f"{f.axis}/{f.verdict}",
            "description": " ".join(f.message.split()) or f"{f.axis}: {f.verdict}",
            "categories": ["Duplication" if f.axis == "duplication" else "Complexity" if f.axis == "overengineering"
                           else "Bug Risk" if f.axis == "correction" else "Clarity"],
            "fingerprint": f.fingerprint,
            "severity": CODECLIMATE_SEVERITIES.get(f.severity, "minor"),
            "location": {"path": prefix + f.file, "lines": {"begin": f.line_start, "end": max(f.line_end, f.line_start)}},
        }
        for f in findings
    ]
    return json.dumps(issues, indent=2) + "\n"
