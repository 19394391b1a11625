"""Read what a run left in `.reviewer/`: the stored reviews and the last run record.

Reports, status and the gate all start here, so `reviewer report` never needs
to review again. A corrupt or foreign `.rev.json` is skipped and named in the
warnings (the next run rewrites it); it never stops a report.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from ..schema.review import ReviewFile, RunRecord
from ..workspace import Workspace, read_json

REVIEW_SUFFIX = ".rev.json"


class CardRef(BaseModel):
    """What reports read of a FunctionCard: who it is and what it calls."""

    qualified_name: str
    body_hash: str = ""
    called_internals: list[str] = Field(default_factory=list)


class StoredReview(ReviewFile):
    """A ReviewFile as reports read it: its function cards reduced to CardRef.
    Validating every field of 40,000 cards is a third of the load time of a big
    project, and no report shows them."""

    function_cards: list[CardRef] = Field(default_factory=list)  # type: ignore[assignment]


@dataclass
class LoadedReviews:
    reviews: list[ReviewFile] = field(default_factory=list)  # sorted by file path
    warnings: list[str] = field(default_factory=list)  # "reviews/x.py.rev.json: not valid JSON"
    digests: dict[str, str] = field(default_factory=dict)  # file -> sha256 of its .rev.json bytes


def review_paths(workspace: Workspace) -> list[Path]:
    if not workspace.reviews.is_dir():
        return []
    return sorted(workspace.reviews.rglob(f"*{REVIEW_SUFFIX}"))


def load_reviews(workspace: Workspace) -> LoadedReviews:
    loaded = LoadedReviews()
    for path in review_paths(workspace):
        shown = path.relative_to(workspace.base).as_posix()
        try:
            data = path.read_bytes()
            review = StoredReview.model_validate_json(data)
            loaded.reviews.append(review)
            loaded.digests[review.file] = hashlib.sha256(data).hexdigest()
        except OSError as exc:
            loaded.warnings.append(f"{shown}: cannot read ({exc.strerror or exc})")
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "file"
            loaded.warnings.append(f"{shown}: not a valid review ({where}: {first['msg']}); skipped")
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
        except ValidationError:
            continue
    records.sort(key=lambda record: (record.started_at, record.run_id))
    return records


def last_run(workspace: Workspace) -> RunRecord | None:
    records = run_records(workspace)
    return records[-1] if records else None
