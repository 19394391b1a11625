"""The review cache: which stored review is still valid for a file.

A review is reused when nothing that produced it changed: the file's sha256, the
reviewer and its version (prompt version for Claude), the model, the configuration,
and the digest of the deterministic evidence about the file. The evidence digest is
what makes a change in another file re-check this one (a file that stops importing
`x` changes `x`'s evidence, so `x`'s file is reviewed again).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..workspace import Workspace, atomic_write_json, atomic_write_text, read_json
from ..schema.review import ReviewFile

CACHE_VERSION = 1


def evidence_digest(evidence: ReviewFile) -> str:
    data = evidence.model_dump(mode="json", exclude={"reviewed_at": True, "function_cards": {"__all__": {"last_indexed"}}})
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def cache_key(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


class ReviewCache:
    """`.reviewer/cache/reviews.json`: file path -> cache key of its stored review."""

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace
        self.path: Path = workspace.cache / "reviews.json"
        data = read_json(self.path, default={})
        valid = isinstance(data, dict) and data.get("version") == CACHE_VERSION
        self.entries: dict[str, str] = dict(data.get("entries", {})) if valid else {}

    def lookup(self, file_path: str, key: str) -> ReviewFile | None:
        if self.entries.get(file_path) != key:
            return None
        stored = read_json(self.workspace.review_json(file_path))
        if stored is None:
            return None
        try:
            return ReviewFile.model_validate(stored)
        except ValueError:
            return None

    def record(self, file_path: str, key: str) -> None:
        self.entries[file_path] = key

    def forget(self, file_path: str) -> None:
        self.entries.pop(file_path, None)

    def save(self) -> None:
        atomic_write_json(self.path, {"version": CACHE_VERSION, "entries": self.entries})


class EvidenceCache:
    """`.reviewer/cache/evidence.json`: the evidence digest of every file, for one digest of
    everything the evidence is computed from (all files' facts, configuration, code, index).

    A re-run with nothing changed reads it instead of analysing the project, scoring
    duplicates and building each file's static review: the review cache keys need only
    these digests. Damaged or from other inputs: None (the caller computes them)."""

    def __init__(self, workspace: Workspace) -> None:
        self.path: Path = workspace.cache / "evidence.json"

    def lookup(self, key: str) -> tuple[dict[str, str], int] | None:
        """(path -> evidence digest, index size) stored for `key`."""
        data = read_json(self.path, default=None)
        if not isinstance(data, dict) or data.get("version") != CACHE_VERSION or data.get("key") != key:
            return None
        digests, size = data.get("digests"), data.get("index_size")
        if not isinstance(digests, dict) or not all(isinstance(v, str) for v in digests.values()) \
                or not isinstance(size, int):
            return None
        return digests, size

    def save(self, key: str, digests: dict[str, str], index_size: int) -> None:
        data = {"version": CACHE_VERSION, "key": key, "index_size": index_size, "digests": digests}
        atomic_write_text(self.path, json.dumps(data, separators=(",", ":")))
