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

from ..workspace import Workspace, atomic_write_json, read_json
from ..schema.review import ReviewFile

CACHE_VERSION = 1


MATCH_NUMBERS = ("score", "structure", "meaning", "vocabulary", "behaviour")


def evidence_digest(evidence: ReviewFile, with_meaning: bool = True) -> str:
    """The digest of the evidence. `with_meaning=False` (the Claude reviewer) keeps only the
    facts that embeddings cannot move: Claude's own cards change the meaning scores of the
    next run (their summaries are embedded), and a review must not be redone for that."""
    data = evidence.model_dump(mode="json", exclude={"reviewed_at": True, "function_cards": {"__all__": {"last_indexed"}}})
    if not with_meaning:
        data = _structural_view(data)
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def _structural_view(data: dict) -> dict:
    """The evidence without what the semantic index decides: similarities that are no
    structural clone, every similarity number, and the duplication wording built from them."""
    data = dict(data)
    data["similarities"] = [{k: v for k, v in s.items() if k not in MATCH_NUMBERS}
                            for s in data.get("similarities", []) if s.get("clone_kind")]
    symbols, semantic = [], set()  # semantic: names whose duplicate verdict rests on meaning
    for symbol in data.get("symbols", []):
        symbol = {k: v for k, v in symbol.items() if k not in ("confidence", "detail")}
        symbol["evidence"] = {axis: text for axis, text in symbol.get("evidence", {}).items() if axis != "duplication"}
        duplicate = symbol.get("duplicate_of") or {}
        if duplicate.get("clone_kind"):
            symbol["duplicate_of"] = {k: v for k, v in duplicate.items() if k not in MATCH_NUMBERS}
        else:
            if symbol.get("duplication") == "DUPLICATE":
                semantic.add(symbol["name"])
            symbol["duplicate_of"], symbol["duplication"] = None, "UNIQUE"
        symbols.append(symbol)
    data["symbols"] = symbols
    data["findings"] = [{k: v for k, v in f.items() if k not in ("message", "fingerprint")} if f.get("axis") == "duplication"
                        else f for f in data.get("findings", [])
                        if not (f.get("axis") == "duplication" and f.get("symbol") in semantic)]
    data["actions"] = [a for a in data.get("actions", []) if a.get("symbol") not in semantic]
    return data


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
