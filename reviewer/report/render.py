"""`reviewer report`: rebuild every rendered file from the stored reviews.

Reads `.reviewer/reviews/**/*.rev.json` and the last `runs/<id>/run.json`, and
writes, each atomically: one `.rev.md` beside each `.rev.json`, `report.md`,
`report.json` and `report.sarif` in the output folder. A `.rev.md` whose
`.rev.json` is gone (file deleted from the project) is removed.

A `.rev.md` is rendered again only when its `.rev.json` or the renderer changed:
`cache/rendered.json` maps each file to the digest of both it was last rendered
from. On a 5,000-file project, a report after a run that reviewed ten files
renders ten pages.
"""

from __future__ import annotations

import hashlib
from importlib import resources
from pathlib import Path

from .. import __version__
from ..config import Config
from ..schema.review import ReviewFile, RunRecord
from ..workspace import Workspace, atomic_write_json, atomic_write_text, read_json, warn_line
from .loading import REVIEW_SUFFIX, last_run, load_reviews
from .report_json import build_report
from .report_md import render_report_md
from .rev_md import render_rev_md
from .sarif import build_sarif, sarif_text
from ..gcpause import gc_paused

REPORT_MD = "report.md"
REPORT_JSON = "report.json"
REPORT_SARIF = "report.sarif"
REV_MD_SUFFIX = ".rev.md"
RENDERED_MANIFEST = "rendered.json"


def renderer_digest() -> str:
    """Changes when the .rev.md template or the code that fills it changes."""
    from . import markdown, rev_md

    digest = hashlib.sha256(__version__.encode())
    digest.update(resources.files("reviewer.templates").joinpath("rev.md.j2").read_bytes())
    for module in (rev_md, markdown):
        digest.update(Path(module.__file__).read_bytes())
    return digest.hexdigest()[:16]


def _render_pages(workspace: Workspace, reviews: list[ReviewFile], digests: dict[str, str]) -> list[Path]:
    manifest_path = workspace.cache / RENDERED_MANIFEST
    previous = read_json(manifest_path, default={})
    previous = previous if isinstance(previous, dict) else {}
    renderer = renderer_digest()
    manifest: dict[str, str] = {}
    written = []
    for review in reviews:
        path = workspace.review_md(review.file)
        content = digests.get(review.file) or hashlib.sha256(review.model_dump_json().encode()).hexdigest()
        key = f"{renderer}:{content}"
        if previous.get(review.file) != key or not path.exists():
            atomic_write_text(path, render_rev_md(review))
        manifest[review.file] = key
        written.append(path)
    atomic_write_json(manifest_path, manifest)
    return written


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
    with gc_paused():
        return _render_all(root, config, reviews, run)


def _render_all(root: Path, config: Config, reviews: list[ReviewFile] | None, run: RunRecord | None) -> list[Path]:
    workspace = Workspace(root, config.output)
    warnings: list[str] = []
    digests: dict[str, str] = {}
    if reviews is None:
        loaded = load_reviews(workspace)
        reviews, warnings, digests = loaded.reviews, loaded.warnings, loaded.digests
        for warning in warnings:  # damage under the output folder: one line each, the next run rewrites it
            warn_line(warning)
    if run is None:
        run = last_run(workspace)

    written = _render_pages(workspace, reviews, digests)
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
