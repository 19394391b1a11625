"""`reviewer report`: rebuild every rendered file from the stored reviews.

Reads `.reviewer/reviews/**/*.rev.json` and the last `runs/<id>/run.json`, and
writes, each atomically: one `.rev.md` beside each `.rev.json`, `report.md`
(and `findings/<axis>-<n>.md` pages when an axis has too many findings for one page),
`report.json` and `report.sarif` in the output folder, all seen through the
configuration (report/selection.py). A `.rev.md` whose
`.rev.json` is gone (file deleted from the project) is removed.

A `.rev.md` is rendered again only when its `.rev.json` or the renderer changed:
`cache/rendered.json` maps each file to the digest of both it was last rendered
from. On a 5,000-file project, a report after a run that reviewed ten files
renders ten pages.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from pydantic import ValidationError

from .. import __version__
from ..config import Config
from ..schema.review import ReviewFile, RunRecord, StoredReview, is_held
from ..schema.shard import Shard
from ..workspace import Workspace, atomic_write_json, atomic_write_text, read_json, warn_line
from .loading import REVIEW_SUFFIX, last_run, load_reviews
from .report_json import build_report
from .baseline import Baseline, load_baseline
from .links import Links, blob_base
from .report_json import ReportJson
from .report_md import PAGES_FOLDER, render_report_pages
from .repo import repo_prefix
from .rev_md import render_rev_md
from .sarif import build_sarif, sarif_text
from .selection import HYGIENE_AXES, ignored_axes, narrowed_to, select, select_review, unlisted_axes
from ..schema.axes import AXES
from ..gcpause import gc_paused

REPORT_JSON = "report.json"
REPORT_SARIF = "report.sarif"
REV_MD_SUFFIX = ".rev.md"
RENDERED_MANIFEST = "rendered.json"


def renderer_digest() -> str:
    """Changes when the .rev.md template or the code that fills it changes."""
    from . import links, markdown, ranking, rev_md

    digest = hashlib.sha256(__version__.encode())
    digest.update(resources.files("reviewer.templates").joinpath("rev.md.j2").read_bytes())
    for module in (rev_md, markdown, links, ranking):
        digest.update(Path(module.__file__).read_bytes())
    return digest.hexdigest()[:16]


class Pages:
    """Writes the `.rev.md` of each review, unless the page on disk was rendered from the same
    `.rev.json` bytes by the same renderer and view (`cache/rendered.json` says so).

    A run writes each page as its review is written (`write`), so it need not hold every review's
    evidence prose to the report; the report then writes only the pages this run did not (`fresh`)."""

    def __init__(self, workspace: Workspace, config: Config) -> None:
        self.workspace, self.config = workspace, config
        # The view (axes, per_file_ignores) changes a page without changing its .rev.json.
        self.renderer = renderer_digest() + ":" + hashlib.sha256(
            repr((sorted(config.axes), sorted(config.per_file_ignores.items()))).encode()).hexdigest()[:8]
        self.fresh: dict[str, str] = {}  # file -> key of the page written by `write` (this process)

    def key(self, review: ReviewFile, digest: str | None) -> str:
        """What the page of `review` is rendered from: the renderer and view, and the `.rev.json` bytes
        (`digest`: their sha256; None: the record's own JSON stands for them)."""
        return f"{self.renderer}:{digest or hashlib.sha256(review.model_dump_json().encode()).hexdigest()}"

    def write(self, review: ReviewFile, digest: str | None) -> str:
        """Render and write the page of `review` (as the view shows it); its key."""
        shown_review = select_review(review, self.config)
        shown = tuple(axis for axis in AXES if axis in self.config.axes and axis not in ignored_axes(self.config, review.file))
        atomic_write_text(self.workspace.review_md(review.file),
                          render_rev_md(shown_review, Links(self.workspace, review.file), shown))
        key = self.fresh[review.file] = self.key(review, digest)
        return key


def _render_pages(workspace: Workspace, reviews: list[ReviewFile], digests: dict[str, str], config: Config,
                  fresh: Pages | None = None) -> list[Path]:
    """The page of every review (`reviews` as stored, the view applied per page). `fresh`: the pages
    this run wrote already."""
    manifest_path = workspace.cache / RENDERED_MANIFEST
    previous = read_json(manifest_path, default={})
    previous = previous if isinstance(previous, dict) else {}
    pages = fresh if fresh is not None else Pages(workspace, config)
    manifest: dict[str, str] = {}
    written = []
    for review in reviews:
        path = workspace.review_md(review.file)
        key = pages.key(review, digests.get(review.file))
        if pages.fresh.get(review.file) != key and (previous.get(review.file) != key or not path.exists()):
            pages.write(_whole(workspace, review, digests.get(review.file)), digests.get(review.file))
        manifest[review.file] = key
        written.append(path)
    atomic_write_json(manifest_path, manifest)
    return written


def _whole(workspace: Workspace, review: ReviewFile, digest: str | None) -> ReviewFile:
    """The review whose page is rendered: a run holds the reviews without their evidence prose
    (schema.review.held_review), which the page shows; read whole from its `.rev.json` (the bytes of
    `digest`) when it may be one of those."""
    if not is_held(review) or digest is None:
        return review
    try:
        data = workspace.review_json(review.file).read_bytes()
        if hashlib.sha256(data).hexdigest() == digest:
            return StoredReview.model_validate_json(data)
    except (OSError, ValueError, RecursionError):
        pass
    return review


def _remove_stale_pages(workspace: Workspace, pages: set[str]) -> None:
    """Finding pages of an axis that no longer needs one (report.md links only the live ones)."""
    folder = workspace.base / PAGES_FOLDER
    if folder.is_dir():
        for path in folder.glob("*.md"):
            if f"{PAGES_FOLDER}/{path.name}" not in pages:
                workspace.remove(path)


def _remove_orphan_rev_md(workspace: Workspace) -> None:
    if not workspace.reviews.is_dir():
        return
    for path in workspace.reviews.rglob(f"*{REV_MD_SUFFIX}"):
        if not path.with_name(path.name[: -len(REV_MD_SUFFIX)] + REVIEW_SUFFIX).exists():
            workspace.remove(path)


@dataclass
class Rendered:
    """What render_all wrote, and the report.json it built (the CLI prints from it)."""

    paths: list[Path]
    report: ReportJson
    baseline: Baseline | None  # the baseline that marked the new findings
    digests: dict[str, str]  # file -> sha256 of the .rev.json each review was read from (read from disk only)


def render_all(
    root: Path,
    config: Config,
    reviews: list[ReviewFile] | None = None,
    run: RunRecord | None = None,
    baseline: Baseline | None = None,
) -> list[Path]:
    """Write every .rev.md, report.md, report.json and report.sarif; return their paths.

    `reviews` / `run` may be passed by a pipeline that holds them already;
    by default both are read from the workspace. `baseline` (default: ci.baseline
    when that file exists) marks the new findings."""
    return render(root, config, reviews, run, baseline).paths


def render(root: Path, config: Config, reviews: list[ReviewFile] | None = None, run: RunRecord | None = None,
           baseline: Baseline | None = None, known: dict[str, tuple[str, ReviewFile]] | None = None,
           pages: Pages | None = None) -> Rendered:
    """render_all, keeping the report it built. `known`: reviews this process parsed already
    (loading.load_reviews); `pages`: the pages this process wrote already (Pages.write)."""
    with gc_paused():
        return _render_all(root, config, reviews, run, baseline, known, pages)


def selected_by_name(config: Config) -> frozenset[str]:
    """The axes the user asked for: the selection narrowed to them, or hygiene axes listed
    (--select/--extend-select documentation). They may be on the first screen; the ranking
    still puts them after the production findings of the other axes."""
    listed = {axis for axis in HYGIENE_AXES if axis in config.axes} - unlisted_axes(config)
    return frozenset(axis for axis in AXES if narrowed_to(config, axis)) | listed


def configured_baseline(root: Path, config: Config) -> Baseline | None:
    """ci.baseline (relative to the repository, or absolute) when it exists."""
    if not config.ci.baseline:
        return None
    path = root / config.ci.baseline
    return load_baseline(path) if path.is_file() else None


def _previous_report(workspace: Workspace) -> ReportJson | None:
    """The report.json about to be replaced (what changed since), if readable."""
    data = read_json(workspace.base / REPORT_JSON, default=None)
    try:
        return ReportJson.model_validate(data) if isinstance(data, dict) else None
    except ValidationError:
        return None


def _render_all(root: Path, config: Config, reviews: list[ReviewFile] | None, run: RunRecord | None,
                baseline: Baseline | None, known: dict[str, tuple[str, ReviewFile]] | None = None,
                pages: Pages | None = None) -> Rendered:
    workspace = Workspace(root, config.output)
    # `reviewer report` writes and deletes without a run's claim: the same refusal of links.
    workspace.confine("reviews", PAGES_FOLDER, REPORT_JSON, REPORT_SARIF, "report.md")
    if not workspace.inside(workspace.cache / RENDERED_MANIFEST):
        workspace.confine("cache")  # names the link (cache/ holds the scan's many facts: walked only then)
    warnings: list[str] = []
    digests: dict[str, str] = {}
    if run is None:
        run = last_run(workspace)
    if reviews is None:
        # A shard's reports hold its slice only (other slices' reviews may linger in a reused folder).
        slice_of = Shard.parse(run.shard).holds if run is not None and run.shard else None
        loaded = load_reviews(workspace, known, keep=slice_of)
        reviews, warnings, digests = loaded.reviews, loaded.warnings, loaded.digests
        for warning in warnings:  # damage under the output folder: one line each, the next run rewrites it
            warn_line(warning)

    if baseline is None:
        baseline = configured_baseline(root, config)
    written = _render_pages(workspace, reviews, digests, config, pages)
    reviews = select(reviews, config)
    _remove_orphan_rev_md(workspace)

    unlisted = unlisted_axes(config)
    report = build_report(reviews, run, workspace, warnings, baseline, _previous_report(workspace), unlisted)
    sarif = build_sarif(reviews, run, config.report.max_sarif_results, config.report.sarif_category,
                        repo_prefix(root), baseline, unlisted)
    report_pages = render_report_pages(report, selected_by_name(config), blob_base(repo_prefix(root)))
    outputs = {
        REPORT_JSON: report.model_dump_json() + "\n",  # one line: a large project's is tens of MB, a third of it indentation
        REPORT_SARIF: sarif_text(sarif),
        **report_pages,
    }
    _remove_stale_pages(workspace, set(report_pages))
    for name, text in outputs.items():
        path = workspace.base / name
        atomic_write_text(path, text)
        written.append(path)
    return Rendered(written, report, baseline, digests)
