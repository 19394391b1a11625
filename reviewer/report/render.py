"""`reviewer report`: rebuild every rendered file from the stored reviews.

Reads `.reviewer/reviews/**/*.rev.json` and the last `runs/<id>/run.json`, and
writes, each atomically: one `.rev.md` beside each `.rev.json`, `report.md`,
`report.json` and `report.sarif` in the output folder. A `.rev.md` whose
`.rev.json` is gone (file deleted from the project) is removed.
"""

from __future__ import annotations

from pathlib import Path

from ..config import Config
from ..review.schema import ReviewFile, RunRecord
from ..workspace import Workspace, atomic_write_text
from .loading import REVIEW_SUFFIX, last_run, load_reviews
from .report_json import build_report
from .report_md import render_report_md
from .rev_md import render_rev_md
from .sarif import build_sarif, sarif_text

REPORT_MD = "report.md"
REPORT_JSON = "report.json"
REPORT_SARIF = "report.sarif"
REV_MD_SUFFIX = ".rev.md"


def _write_if_changed(path: Path, text: str) -> None:
    """Skip identical rewrites: on a 5,000-file project most .rev.md do not change."""
    try:
        if path.read_text(encoding="utf-8") == text:
            return
    except (OSError, UnicodeDecodeError):
        pass
    atomic_write_text(path, text)


def _remove_orphan_rev_md(workspace: Workspace) -> None:
    if not workspace.reviews.is_dir():
        return
    for path in workspace.reviews.rglob(f"*{REV_MD_SUFFIX}"):
        if not path.with_name(path.name[: -len(REV_MD_SUFFIX)] + REVIEW_SUFFIX).exists():
            path.unlink(missing_ok=True)


def render_all(
    root: Path,
    config: Config,
    reviews: list[ReviewFile] | None = None,
    run: RunRecord | None = None,
) -> list[Path]:
    """Write every .rev.md, report.md, report.json and report.sarif; return their paths.

    `reviews` / `run` may be passed by a pipeline that holds them already;
    by default both are read from the workspace."""
    workspace = Workspace(root, config.output)
    warnings: list[str] = []
    if reviews is None:
        loaded = load_reviews(workspace)
        reviews, warnings = loaded.reviews, loaded.warnings
    if run is None:
        run = last_run(workspace)

    written: list[Path] = []
    for review in reviews:
        path = workspace.review_md(review.file)
        _write_if_changed(path, render_rev_md(review))
        written.append(path)
    _remove_orphan_rev_md(workspace)

    report = build_report(reviews, run, workspace, warnings)
    outputs = {
        REPORT_JSON: report.model_dump_json(indent=2) + "\n",
        REPORT_SARIF: sarif_text(build_sarif(reviews, run)),
        REPORT_MD: render_report_md(report),
    }
    for name, text in outputs.items():
        path = workspace.base / name
        atomic_write_text(path, text)
        written.append(path)
    return written
