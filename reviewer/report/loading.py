"""Read what a run left in `.reviewer/`: the stored reviews and the last run record.

Reports, status and the gate all start here, so `reviewer report` never needs
to review again. A corrupt or foreign `.rev.json` is skipped and named in the
warnings (the next run rewrites it); it never stops a report.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from pydantic import ValidationError

from ..schema.fieldsets import share_fields_set
from ..schema.review import ReviewFile, RunRecord, StoredReview
from ..workspace import Workspace, read_json

REVIEW_SUFFIX = ".rev.json"


@dataclass
class LoadedReviews:
    reviews: list[ReviewFile] = field(default_factory=list)  # sorted by file path
    warnings: list[str] = field(default_factory=list)  # "reviews/x.py.rev.json: not valid JSON"
    digests: dict[str, str] = field(default_factory=dict)  # file -> sha256 of its .rev.json bytes


def safe_relative(file_path: str) -> bool:
    """A repo-relative POSIX path with no way out: not absolute, no `..`, no NUL."""
    if not file_path or "\0" in file_path or "\\" in file_path or file_path.startswith("/"):
        return False
    if len(file_path) > 1 and file_path[1] == ":":
        return False
    return all(part not in ("", ".", "..") for part in file_path.split("/"))


def review_paths(workspace: Workspace) -> list[Path]:
    if not workspace.reviews.is_dir():
        return []
    return sorted(workspace.reviews.rglob(f"*{REVIEW_SUFFIX}"))


def load_reviews(workspace: Workspace, known: dict[str, tuple[str, ReviewFile]] | None = None,
                 keep: Callable[[str], bool] | None = None) -> LoadedReviews:
    """Every stored review. `known`: file -> (sha256 of the bytes, review) parsed already by this
    process (the review cache's lookups): a file whose bytes have that digest is not parsed again.
    `keep`: only the reviews of the files it accepts (a shard's slice)."""
    known_at = {workspace.review_json(file): entry for file, entry in (known or {}).items()}
    loaded = LoadedReviews()
    for path in review_paths(workspace):
        shown = path.relative_to(workspace.base).as_posix()
        if path.is_dir() or path.is_symlink():
            loaded.warnings.append(f"{shown}: not a review file (a {'folder' if path.is_dir() else 'link'}); skipped")
            continue
        try:
            data = path.read_bytes()
            digest = hashlib.sha256(data).hexdigest()
            seen = known_at.get(path)
            if seen is not None and seen[0] == digest:
                review = seen[1]
            else:
                review = StoredReview.model_validate_json(data)
                share_fields_set(review)  # every review is held at once: one set of field names per model
        except OSError as exc:
            loaded.warnings.append(f"{shown}: cannot read ({exc.strerror or exc})")
            continue
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "file"
            loaded.warnings.append(f"{shown}: not a valid review ({where}: {first['msg']}); skipped")
            continue
        except (ValueError, RecursionError):
            loaded.warnings.append(f"{shown}: not a valid review (nested too deeply); skipped")
            continue
        # A stored record names its file; the name must be the one its own path stands for,
        # so no record can make a report write outside the output folder.
        if not safe_relative(review.file) or workspace.review_json(review.file) != path:
            loaded.warnings.append(f"{shown}: names another file ({review.file!r}); skipped")
            continue
        if keep is not None and not keep(review.file):
            continue
        loaded.reviews.append(review)
        loaded.digests[review.file] = digest
    loaded.reviews.sort(key=lambda review: review.file)
    return loaded


def run_records(workspace: Workspace) -> list[RunRecord]:
    """Every readable run.json, oldest first (by start time, then run id)."""
    records: list[RunRecord] = []
    if not workspace.runs.is_dir():
        return records
    for path in workspace.runs.glob("*/run.json"):
        data = read_json(path)
        if not isinstance(data, dict):
            continue
        try:
            records.append(RunRecord.model_validate(data))
        except (ValidationError, ValueError, RecursionError):
            continue
    records.sort(key=lambda record: (record.started_at, record.run_id))
    return records


def last_run(workspace: Workspace) -> RunRecord | None:
    records = run_records(workspace)
    return records[-1] if records else None
