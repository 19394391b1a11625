"""Small repositories written by a test, scanned for real, analyzed for real."""

from __future__ import annotations

import textwrap
from pathlib import Path

from reviewer.analysis.project import ProjectEvidence, analyze_project
from reviewer.config import Config
from reviewer.scan import scan_repository


def write_repo(root: Path, files: dict[str, str]) -> Path:
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


def analyze(root: Path, files: dict[str, str] | None = None) -> ProjectEvidence:
    if files:
        write_repo(root, files)
    config = Config()
    return analyze_project(scan_repository(root, config, workers=1), root, config)


def verdict(evidence: ProjectEvidence, path: str, qualified_name: str, axis: str) -> str:
    assessments = evidence.for_symbol(path, qualified_name)
    assert assessments, f"no symbol {qualified_name} in {path}: {sorted(evidence.assessments)}"
    return assessments[axis].verdict


def detail(evidence: ProjectEvidence, path: str, qualified_name: str, axis: str) -> str:
    return evidence.for_symbol(path, qualified_name)[axis].detail
