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
from functools import cache
from pathlib import Path

from pydantic import TypeAdapter

from ..analysis.duplicates import RunsMemo
from ..workspace import Workspace, atomic_write_json, atomic_write_text, read_json, read_json_object, warn_line
from ..schema.cards import FunctionCard
from ..schema.facts import FileFacts
from ..schema.review import ReviewFile, StoredReview
from .static import FileEvidence

CACHE_VERSION = 1
JOURNAL = "reviews.journal"  # entries appended as files finish, folded into reviews.json on save


MATCH_NUMBERS = ("score", "structure", "meaning", "vocabulary", "behaviour")


def evidence_digest(evidence: ReviewFile, with_meaning: bool = True) -> str:
    """The digest of the evidence. `with_meaning=False` (the Claude reviewer) keeps only the
    facts that embeddings cannot move: Claude's own cards change the meaning scores of the
    next run (their summaries are embedded), and a review must not be redone for that."""
    data = evidence.model_dump(mode="json", exclude={"reviewed_at": True, "function_cards": {"__all__": {"last_indexed"}}})
    if not with_meaning:
        data = _structural_view(data)
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def evidence_input_digest(facts: FileFacts, evidence: FileEvidence, cards: list[FunctionCard], rag_enabled: bool,
                          code: str) -> str:
    """The digest of what the static review of a file is computed from (review_file's arguments),
    standing for the digest of the review itself: a run builds the static reviews of the files to
    review only, not of every file to learn which changed. `code`: a digest of reviewer's code (the
    scanner that made the facts from the bytes, the rules that make the review). A card is its
    file's bytes but for the project functions it calls."""
    digest = hashlib.sha256(f"{code}\0{facts.path}\0{facts.sha256}\0{rag_enabled}\0".encode())
    digest.update(json.dumps([card.called_internals for card in cards]).encode())
    digest.update(_file_evidence().dump_json(evidence))
    return digest.hexdigest()


@cache
def _file_evidence() -> TypeAdapter:
    """FileEvidence serialized by pydantic's core, in one call per file (built on first use)."""
    return TypeAdapter(FileEvidence)


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
        data = read_json_object(self.path, "the review cache", warn_line)
        entries = data.get("entries") if isinstance(data, dict) and data.get("version") == CACHE_VERSION else None
        if data is not None and data.get("version") == CACHE_VERSION and not isinstance(entries, dict):
            warn_line(f"{self.path} is damaged (no 'entries' object); the review cache is rebuilt")
        # Untrusted input: keep only str -> str entries.
        self.entries: dict[str, str] = {k: v for k, v in entries.items() if isinstance(k, str) and isinstance(v, str)} \
            if isinstance(entries, dict) else {}
        self.read: dict[str, tuple[str, ReviewFile]] = {}  # file -> (sha256 of the bytes, review) looked up
        self._preloaded: dict[str, tuple[str, ReviewFile]] = {}  # the same, parsed ahead (preload)
        self._journal_path = workspace.cache / JOURNAL
        self._journal = None
        self._replay_journal()

    def lookup(self, file_path: str, key: str) -> ReviewFile | None:
        """The stored review, read as reports read it (StoredReview: cards as references); its
        bytes' digest is kept in `read`, so the report does not parse the file again."""
        if self.entries.get(file_path) != key:
            return None
        stored = self._preloaded.pop(file_path, None) or self._parse(file_path)
        if stored is None:
            return None
        self.read[file_path] = stored
        return stored[1]

    def preload(self) -> None:
        """Parse every stored review the cache knows, ahead of lookup: called while this process
        would otherwise wait (for the child that finds the duplicates)."""
        for file_path in self.entries:
            if file_path not in self._preloaded and (stored := self._parse(file_path)) is not None:
                self._preloaded[file_path] = stored

    def _parse(self, file_path: str) -> tuple[str, ReviewFile] | None:
        """(sha256 of the bytes, review) of a file's stored review; None when absent, damaged or another file's."""
        try:
            # Parsed and validated in one step from the bytes (pydantic's JSON mode): a third
            # of the cost of json.loads + model_validate, for every file of an unchanged re-run.
            data = self.workspace.review_json(file_path).read_bytes()
            review = StoredReview.model_validate_json(data)
        except (OSError, ValueError, RecursionError):  # absent, a folder, damaged or not a review
            return None
        return (hashlib.sha256(data).hexdigest(), review) if review.file == file_path else None


    def _replay_journal(self) -> None:
        """Entries recorded after the last save by a run that was killed: one JSON pair
        per line; a torn last line (the kill came mid-write) is ignored."""
        try:
            lines = self._journal_path.read_bytes().splitlines()
        except OSError:
            return
        for line in lines:
            try:
                item = json.loads(line)
            except ValueError:
                continue
            if isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item):
                self.entries[item[0]] = item[1]

    def record(self, file_path: str, key: str) -> None:
        """Remember a finished review; it survives a kill (appended to the journal at once,
        O(1) per file), and reaches reviews.json at the next save."""
        self.entries[file_path] = key
        try:
            if self._journal is None:
                self._journal_path.parent.mkdir(parents=True, exist_ok=True)
                self._journal = open(self._journal_path, "a", encoding="utf-8")
            self._journal.write(json.dumps([file_path, key], ensure_ascii=False) + "\n")
            self._journal.flush()
        except OSError:
            pass  # the journal is a convenience; save() still writes everything

    def forget(self, file_path: str) -> None:
        self.entries.pop(file_path, None)

    def save(self) -> None:
        atomic_write_json(self.path, {"version": CACHE_VERSION, "entries": self.entries})
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        self._journal_path.unlink(missing_ok=True)


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


class RunsCache:
    """`.reviewer/cache/runs.json`: the runs of equal lines the duplicates axis measured
    (analysis.duplicates.RunsMemo), for one key of the code that measures them. Absent,
    damaged or from other code: an empty memo (every run is measured again)."""

    def __init__(self, workspace: Workspace) -> None:
        self.path: Path = workspace.cache / "runs.json"

    def load(self, key: str) -> RunsMemo:
        data = read_json(self.path, default=None)
        stored = data.get("runs") if isinstance(data, dict) and data.get("key") == key else None
        return RunsMemo(stored if isinstance(stored, dict) and _well_formed(stored) else None)

    def save(self, key: str, memo: RunsMemo) -> None:
        """Keep the runs this run used (those of pairs that went away are dropped); nothing to
        write when it measured none and used them all."""
        if memo.computed or len(memo.used) != len(memo.stored):
            atomic_write_text(self.path, json.dumps({"key": key, "runs": memo.used}, separators=(",", ":")))


def _well_formed(stored: dict) -> bool:
    """Every entry a list of runs, each six integers."""
    try:
        return all(len(r) == 6 and all(type(x) is int for x in r) for runs in stored.values() for r in runs)
    except TypeError:
        return False
