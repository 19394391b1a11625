"""`reviewer status`: what the last run did and what changed since, without reviewing.

Changed files compare each file's sha256 now with the sha256 its stored review
was made from: `modified` (hash differs), `new` (in scope, never reviewed) and
`deleted` (reviewed, gone or out of scope). Discovery applies the same rules as
the scan (gitignore, include/exclude, binary and generated files).

With `--show-rag`, the index figures come from the LanceDB store itself
(`CardStore.stats()`); lancedb is imported only then. Without the optional `rag`
extra, it says so and how to install it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from pydantic import BaseModel, Field

from ..config import Config
from ..ui import format_bytes
from ..errors import UserError
from ..schema.review import ReviewFile, RunRecord
from ..rag.extra import RAG_INSTALL_HINT
from ..workspace import Workspace, lock_holder
from .loading import last_run, load_reviews
from ..schema.axes import FILE_VERDICTS

MAX_LISTED = 20


class ChangedFiles(BaseModel):
    modified: list[str] = Field(default_factory=list)
    new: list[str] = Field(default_factory=list)
    deleted: list[str] = Field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.modified) + len(self.new) + len(self.deleted)


class RagStatus(BaseModel):
    enabled: bool  # rag.enabled in the configuration
    missing: list[str] = Field(default_factory=list)  # RAG packages not installed (the `rag` extra)
    store_path: str
    exists: bool
    cards: int = 0
    files: int = 0
    model: str | None = None
    dimension: int | None = None
    configured_model: str
    last_update: str | None = None
    size_bytes: int = 0
    not_embedded: int = 0  # cards with no vector: found by name and structure, never by meaning


class Status(BaseModel):
    root: str
    output: str
    last_run: RunRecord | None
    reviews: int
    verdicts: dict[str, int]
    findings: int
    suppressed_findings: int
    changed: ChangedFiles
    report: str | None  # report.md, when present
    rag: RagStatus | None = None
    warnings: list[str] = Field(default_factory=list)
    in_progress: str | None = None  # the holder of the run lock: a run is writing (the figures predate it)


def changed_files(root: Path, config: Config, reviews: list[ReviewFile]) -> ChangedFiles:
    from ..scan.discovery import content_skip_reason, discover

    stored = {review.file: review.sha256 for review in reviews}
    changed = ChangedFiles()
    in_scope: set[str] = set()
    for source in discover(root, config, check_content=False).files:
        try:
            data = source.abs_path.read_bytes()
        except OSError:
            continue
        if content_skip_reason(source.path, data) is not None:
            continue  # binary, generated or minified: the scan skips it too
        in_scope.add(source.path)
        if source.path not in stored:
            changed.new.append(source.path)
        elif hashlib.sha256(data).hexdigest() != stored[source.path]:
            changed.modified.append(source.path)
    changed.deleted = sorted(set(stored) - in_scope)
    return changed


def rag_status(workspace: Workspace, config: Config) -> RagStatus:
    from ..rag.extra import missing_rag_modules
    from ..rag.store import CardStore, stored_model

    status = RagStatus(
        enabled=config.rag.enabled, store_path=config.rag.index_uri or str(workspace.lancedb), exists=False,
        configured_model=config.rag.model, missing=missing_rag_modules(),
    )
    if status.missing:
        return status  # the index cannot be read without lancedb
    recorded = stored_model(workspace, config.rag.index_uri)
    if recorded is None:
        return status
    model, dimension = recorded
    stats = CardStore(workspace, model, dimension, config.rag.index_uri).stats()
    return status.model_copy(
        update={
            "exists": True, "cards": stats.cards, "files": stats.files, "model": stats.model,
            "dimension": stats.dimension, "last_update": stats.last_update, "size_bytes": stats.size_bytes,
            "not_embedded": stats.not_embedded,
        }
    )


def collect_status(root: Path, config: Config, show_rag: bool = False) -> Status:
    """Raises UserError when nothing was ever run here (the CLI exits 2)."""
    workspace = Workspace(root, config.output)
    running = lock_holder(workspace.run_lock)
    run = last_run(workspace)
    loaded = load_reviews(workspace)
    if run is None and not loaded.reviews:
        if running:
            raise UserError(f"no review yet in {workspace.base}: a run is in progress ({running}); "
                            "run `reviewer status` again when it finishes")
        raise UserError(f"no review found in {workspace.base}: run `reviewer run {root}` first")
    verdicts = {verdict: 0 for verdict in FILE_VERDICTS}
    for review in loaded.reviews:
        verdicts[review.verdict] = verdicts.get(review.verdict, 0) + 1
    findings = [finding for review in loaded.reviews for finding in review.findings]
    report = workspace.base / "report.md"
    return Status(
        root=str(root),
        output=str(workspace.base),
        last_run=run,
        reviews=len(loaded.reviews),
        verdicts=verdicts,
        findings=sum(1 for f in findings if not f.suppressed),
        suppressed_findings=sum(1 for f in findings if f.suppressed),
        changed=changed_files(root, config, loaded.reviews),
        report=str(report) if report.is_file() else None,
        rag=rag_status(workspace, config) if show_rag else None,
        warnings=loaded.warnings,
        in_progress=running,
    )


def _row(label: str, value: str) -> str:
    return f"  {label:<12} {value}"


def _listed(label: str, paths: list[str], budget: int) -> list[str]:
    return [_row("", f"{label:<9} {path}") for path in paths[:budget]]


def render_status(status: Status) -> str:
    lines = [f"reviewer status: {status.root}"]
    if status.in_progress:
        lines.append(_row("running", f"a run is in progress ({status.in_progress}): what follows is from before it"))
    run = status.last_run
    if run is None:
        lines.append(_row("last run", "none recorded (reviews exist from an older run)"))
    else:
        state = "complete" if run.complete else "did not finish"
        if run.stopped:
            state += f" (stopped: {run.stopped})"
        lines.append(_row("last run", f"{run.run_id}, started {run.started_at}, {run.duration_seconds:.1f} s, {state}"
                          + (f", changed since {run.changed_since}" if run.changed_since else "")))
        lines.append(_row("reviewer", run.reviewer + (f" ({run.model})" if run.model else "")
                          + ("; RAG on" if run.rag_enabled else "; RAG off")))
        lines.append(_row("files", f"{run.files_in_scope or run.files_total} in scope: {run.files_reviewed} reviewed, "
                          f"{run.files_cached} from the cache, {run.files_error} in error"
                          + (f", {len(run.files_not_reviewed)} not reviewed" if run.files_not_reviewed else "")))
        usage = run.usage
        lines.append(_row("cost", f"${usage.cost_usd:.4f} ({usage.input_tokens:,} input, {usage.output_tokens:,} output, "
                          f"{usage.cache_read_input_tokens:,} cache-read, {usage.cache_creation_input_tokens:,} cache-write tokens; "
                          f"{usage.calls} calls)"))
    lines.append(_row("reviews", f"{status.reviews} files: "
                      + " · ".join(f"{verdict} {count}" for verdict, count in status.verdicts.items())))
    lines.append(_row("findings", f"{status.findings}"
                      + (f"; {status.suppressed_findings} suppressed inline" if status.suppressed_findings else "")))
    changed = status.changed
    if not changed.total:
        lines.append(_row("changed", "nothing since the last review"))
    else:
        lines.append(_row("changed", f"{changed.total} files since the last review: {len(changed.modified)} modified, "
                          f"{len(changed.new)} new, {len(changed.deleted)} deleted"))
        budget = MAX_LISTED
        for label, paths in (("modified", changed.modified), ("new", changed.new), ("deleted", changed.deleted)):
            shown = _listed(label, paths, budget)
            lines.extend(shown)
            budget -= len(shown)
        if changed.total > MAX_LISTED:
            lines.append(_row("", f"… and {changed.total - MAX_LISTED} more (--json lists them all)"))
    if status.report:
        lines.append(_row("report", status.report))
    if status.rag is not None:
        lines.extend(_render_rag(status.rag, status.last_run.rag_enabled if status.last_run else False))
    for warning in status.warnings[:MAX_LISTED]:
        lines.append(_row("warning", warning))
    return "\n".join(lines)


def _render_rag(rag: RagStatus, last_run_used_it: bool = False) -> list[str]:
    if rag.missing:
        return [_row("rag", f"not installed: run `{RAG_INSTALL_HINT}` (missing: {', '.join(rag.missing)})")]
    if rag.enabled:
        switch = "enabled (rag.enabled: true)"
    elif last_run_used_it:
        switch = "used by the last run (--enable-rag); rag.enabled: false in the configuration"
    else:
        switch = "off (rag.enabled: false; `reviewer run --enable-rag` turns it on)"
    if not rag.exists:
        return [_row("rag", f"{switch}; no index yet at {rag.store_path} (built by `reviewer index` or `reviewer run --enable-rag`)")]
    lines = [
        _row("rag", switch),
        _row("", f"cards     {rag.cards:,} from {rag.files:,} files"
             + (f"; {rag.not_embedded:,} not embedded (trivial bodies, test cases: compared by structure only)"
                if rag.not_embedded else "")),
        _row("", f"model     {rag.model} ({rag.dimension} dimensions)"
             + (f"; the configuration asks for {rag.configured_model}: rebuild with --rebuild-rag"
                if rag.model != rag.configured_model else "")),
        _row("", f"updated   {rag.last_update or '-'}"),
        _row("", f"size      {format_bytes(rag.size_bytes)}"),
        _row("", f"store     {rag.store_path}"),
    ]
    if "://" in rag.store_path:  # rag.index_uri: object storage is not listed for a size
        lines = [line for line in lines if "size      " not in line]
    return lines
