"""The review cache: which stored review is still valid for a file.

A review is reused when nothing that produced it changed: the file's sha256, the
reviewer and its version (prompt version for Claude), the model, the configuration,
and the digest of the deterministic evidence about the file. The evidence digest is
what makes a change in another file re-check this one (a file that stops importing
`x` changes `x`'s evidence, so `x`'s file is reviewed again).
"""

from __future__ import annotations

import hashlib
import io
import json
import marshal
import zlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import TypeAdapter

from ..analysis.duplicates import JudgedMemo, RunsMemo
from ..workspace import (Workspace, atomic_write_json, atomic_writer, atomic_write_text, read_json,
                         read_json_object, warn_line)
from ..schema.cards import FunctionCard
from ..schema.facts import FileFacts
from ..schema.fieldsets import rebuilt, share_fields_set
from ..schema.review import ReviewFile, StoredReview, held_review, is_held
from .static import FileEvidence

CACHE_VERSION = 1
JOURNAL = "reviews.journal"  # entries appended as files finish, folded into reviews.json on save


# What a Claude verdict depends on, field by field: the review cache key of a Claude review
# is computed from these fields of the static evidence and nothing else. Left out on purpose:
# every similarity number (score, meaning, vocabulary...: Claude's own cards move them once
# their summaries are embedded), pairs that rest on meaning alone (no clone kind, or
# "semantic"), the wording built from those numbers (duplication evidence and messages),
# confidences, the static summary and actions (derived), cards, usage and timings. The order
# of every list is left out too (the key sorts them).
STRUCTURAL_KINDS = frozenset({"identical", "renamed", "near-miss", "inline", "contained", "block"})
CLONE_FIELDS = ("file", "name", "clone_kind", "line_start", "line_end", "lines", "other_lines", "members",
                "edited_lines", "other_edited_lines", "test_code")
FINDING_FIELDS = ("axis", "verdict", "severity", "symbol", "line_start", "line_end", "message")
VERDICT_INPUTS: dict[str, tuple[str, ...] | dict] = {
    "file": (),
    "language": (),
    "symbols": {"name": (), "kind": (), "exported": (), "line_start": (), "line_end": (), "correction": (),
                "utility": (), "duplication": (), "overengineering": (), "tests": (), "documentation": (),
                "evidence": (), "duplicate_of": CLONE_FIELDS, "duplicates": CLONE_FIELDS},
    "findings": FINDING_FIELDS,
    "candidates": FINDING_FIELDS,
    "similarities": ("function", "line_start", "file", "name", "other_line_start", "clone_kind"),
    "repeated_blocks": CLONE_FIELDS,
}


def verdict_digest(evidence: ReviewFile) -> str:
    """The digest of VERDICT_INPUTS of the evidence: the part of the Claude review's cache key
    that stands for the static evidence it was shown."""
    return hashlib.sha256(json.dumps(verdict_inputs(evidence), sort_keys=True).encode()).hexdigest()


def verdict_inputs(evidence: ReviewFile) -> dict:
    """The fields of VERDICT_INPUTS, lists sorted, pairs resting on meaning left out."""
    semantic: set[str] = set()  # symbols whose DUPLICATE verdict rests on meaning alone
    symbols = []
    for symbol in evidence.symbols:
        clones = [_pick(d, CLONE_FIELDS) for d in symbol.duplicates if d.clone_kind in STRUCTURAL_KINDS]
        first = symbol.duplicate_of if symbol.duplicate_of is not None and symbol.duplicate_of.clone_kind in STRUCTURAL_KINDS \
            else None
        if symbol.duplication == "DUPLICATE" and first is None:
            semantic.add(symbol.name)
        symbols.append({
            "name": symbol.name, "kind": symbol.kind, "exported": symbol.exported, "line_start": symbol.line_start,
            "line_end": symbol.line_end, "correction": symbol.correction, "utility": symbol.utility,
            "duplication": symbol.duplication if first is not None else "UNIQUE",
            "overengineering": symbol.overengineering, "tests": symbol.tests, "documentation": symbol.documentation,
            "evidence": {axis: text for axis, text in symbol.evidence.items() if axis != "duplication"},
            "duplicate_of": _pick(first, CLONE_FIELDS) if first is not None else None,
            "duplicates": _sorted(clones),
        })
    def picked(listed: list) -> list[dict]:
        out = []
        for finding in listed:
            if finding.axis == "duplication" and finding.symbol in semantic:
                continue
            fields = VERDICT_INPUTS["findings"]
            if finding.axis == "duplication":  # its message quotes the scores
                fields = tuple(f for f in fields if f != "message")
            out.append(_pick(finding, fields))
        return _sorted(out)

    return {
        "file": evidence.file,
        "language": evidence.language,
        "symbols": _sorted(symbols),
        "findings": picked(evidence.findings),
        "candidates": picked(evidence.candidates),  # the prompt marks them: a part of what Claude was shown
        "similarities": _sorted([_pick(s, VERDICT_INPUTS["similarities"]) for s in evidence.similarities
                                 if s.clone_kind in STRUCTURAL_KINDS]),
        "repeated_blocks": _sorted([_pick(b, CLONE_FIELDS) for b in evidence.repeated_blocks]),
    }


def _pick(record, fields: tuple[str, ...]) -> dict:
    return {name: getattr(record, name) for name in fields}


def _sorted(items: list[dict]) -> list[dict]:
    return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))


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


def cache_key(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


HELD_FILE = "held.marshal"
HELD_VERSION = 2  # 2: a stream of marshal records, its digest last (written entry by entry)


@cache
def _held_key() -> str:
    """What the held form's plain data depends on: the review records' fields (the schema's code)."""
    digest = hashlib.sha256(f"{HELD_VERSION}".encode())
    for path in sorted((Path(__file__).resolve().parent.parent / "schema").glob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


class HeldReviews:
    """`.reviewer/cache/held.marshal`: each stored review in the form a run holds it for the report
    (held_review: no evidence prose, cards as references), as the plain data of its dump, by the
    sha256 of the `.rev.json` bytes it was read from or written as. Reading a stored review back
    through pydantic's validation was most of an unchanged re-run (1,573 reviews of the standard
    library: 2.7 s); rebuilt from this data it is a third of that. A `.rev.json` whose bytes are
    not the ones an entry names is parsed as before, so an entry can only stand for the very review
    its bytes hold. Damaged, or written for other review records (their code): empty.

    marshal, as the analysis cache: plain data, loaded many times faster than JSON; each entry is
    kept as its own compressed bytes, so a run that changed one review rewrites the others' bytes
    as they were read. The file is a stream of marshal records (the key, then one (file, digest,
    entry) per review) and the blake2b of them in its last 32 bytes: it is written an entry at a
    time, never packed whole (the 20,000-file scale tree's is 35 MB, which its packing held three
    times over at the run's peak)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stored: dict[str, tuple[str, bytes]] | None = None

    def stored(self) -> dict[str, tuple[str, bytes]]:
        if self._stored is None:
            self._stored = self._read()
        return self._stored

    def _read(self) -> dict[str, tuple[str, bytes]]:
        """The entries of the file; none when it is absent, damaged or of other review records."""
        try:
            blob = self.path.read_bytes()
        except OSError:
            return {}
        body = memoryview(blob)[:-32]
        if len(blob) < 32 or hashlib.blake2b(body, digest_size=32).digest() != blob[-32:]:
            return {}
        stream = io.BytesIO(blob)
        entries: dict[str, tuple[str, bytes]] = {}
        try:
            if marshal.load(stream) != _held_key():
                return {}
            while stream.tell() < len(body):
                record = marshal.load(stream)
                if isinstance(record, tuple) and len(record) == 3 and isinstance(record[0], str) \
                        and isinstance(record[1], str) and isinstance(record[2], bytes):
                    entries[record[0]] = (record[1], record[2])
        except (EOFError, ValueError, TypeError):
            return {}
        return entries

    def get(self, file_path: str, digest: str) -> StoredReview | None:
        """The held review of `file_path` whose `.rev.json` bytes have sha256 `digest`, if stored."""
        entry = self.stored().get(file_path)
        if entry is None or entry[0] != digest:
            return None
        try:
            review = rebuilt(StoredReview, marshal.loads(zlib.decompress(entry[1])))
        except (KeyError, TypeError, ValueError, EOFError, zlib.error):
            return None
        return review if isinstance(review.file, str) and review.file == file_path else None

    def save(self, held: dict[str, tuple[str, ReviewFile]]) -> None:
        """Keep the reviews of `held` (file -> (sha256 of the `.rev.json` bytes, held review)), and only
        them: an entry whose bytes are stored already is written as it was read. Then the entries are
        let go (read again if this process asks for one)."""
        stored = self.stored()
        if held.keys() == stored.keys() and all(stored[f][0] == digest for f, (digest, _) in held.items()):
            return
        digest_of_records = hashlib.blake2b(digest_size=32)
        try:
            with atomic_writer(self.path) as handle:
                def write(record) -> None:
                    data = marshal.dumps(record)
                    digest_of_records.update(data)
                    handle.write(data)

                write(_held_key())
                for file_path, (digest, review) in held.items():
                    entry = stored.get(file_path)
                    if entry is None or entry[0] != digest:
                        if not is_held(review):  # a review whose page could not be written is held whole
                            review = held_review(review)
                        entry = (digest, zlib.compress(marshal.dumps(review.model_dump()), 1))
                    write((file_path, *entry))
                handle.write(digest_of_records.digest())
        except OSError:
            pass  # a cache that cannot be written costs speed, not the run
        self._stored = None


class ReviewCache:
    """`.reviewer/cache/reviews.json`: file path -> cache key of its stored review.

    `held`: the reviews are looked up in the form the run holds them for the report and the gate
    (held_review), and kept in HeldReviews; otherwise whole, as their `.rev.json` holds them."""

    def __init__(self, workspace: Workspace, held: bool = False) -> None:
        self.workspace = workspace
        self.held = HeldReviews(workspace.cache / HELD_FILE) if held else None
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
        preloaded = self._preloaded.pop(file_path, None)
        if self.entries.get(file_path) != key:
            return None  # a review parsed ahead that no longer holds is let go, not kept to the end of the run
        stored = preloaded or self._parse(file_path)
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

    def release_preloaded(self) -> None:
        """Let go of the reviews parsed ahead that no lookup asked for (files out of this run's scope)."""
        self._preloaded.clear()

    def _parse(self, file_path: str) -> tuple[str, ReviewFile] | None:
        """(sha256 of the bytes, review) of a file's stored review; None when absent, damaged or another file's."""
        try:
            data = self.workspace.review_json(file_path).read_bytes()
        except OSError:  # absent or a folder
            return None
        digest = hashlib.sha256(data).hexdigest()
        if self.held is not None and (review := self.held.get(file_path, digest)) is not None:
            return digest, review
        try:
            # Parsed and validated in one step from the bytes (pydantic's JSON mode): a third
            # of the cost of json.loads + model_validate, for every file of an unchanged re-run.
            review = StoredReview.model_validate_json(data)
        except (ValueError, RecursionError):  # damaged or not a review
            return None
        if self.held is not None:
            review = held_review(review)
        share_fields_set(review)  # a third of a review's memory otherwise: every stored review is held to the report
        return (digest, review) if review.file == file_path else None


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

    def record(self, file_path: str, key: str, written: tuple[str, ReviewFile] | None = None) -> None:
        """Remember a finished review; it survives a kill (appended to the journal at once,
        O(1) per file), and reaches reviews.json at the next save. `written`: (sha256 of the
        bytes written, the review), kept in `read` like a stored review looked up: the report
        takes it from there while the file holds those bytes, instead of parsing it again."""
        self.entries[file_path] = key
        if written is not None:
            self.read[file_path] = written
        try:
            if self._journal is None:
                self._journal_path.parent.mkdir(parents=True, exist_ok=True)
                self._journal = open(self._journal_path, "a", encoding="utf-8")
            self._journal.write(json.dumps([file_path, key], ensure_ascii=False) + "\n")
            self._journal.flush()
        except OSError:
            pass  # the journal is a convenience; save() still writes everything

    def reopen_journal(self) -> None:
        """In a forked child: let go of the parent's journal handle; record() opens one of its own
        (appends of a line each, which the parent's appends do not split)."""
        if self._journal is not None:
            self._journal.close()
            self._journal = None

    def forget(self, file_path: str) -> None:
        self.entries.pop(file_path, None)

    def save(self) -> None:
        atomic_write_json(self.path, {"version": CACHE_VERSION, "entries": self.entries})
        if self.held is not None:  # the reviews of this run, looked up or written: the next run's
            self.held.save({path: self.read[path] for path in self.entries if path in self.read})
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        self._journal_path.unlink(missing_ok=True)


@dataclass
class StoredEvidence:
    """What a run with nothing changed reads instead of the analysis."""

    digests: dict[str, str]  # path -> evidence digest
    index_size: int
    unreached_broken: set[str]  # files that do not parse and that nothing imports or runs


class EvidenceCache:
    """`.reviewer/cache/evidence.json`: the evidence digest of every file, for one digest of
    everything the evidence is computed from (all files' facts, configuration, code, index).

    A re-run with nothing changed reads it instead of analysing the project, scoring
    duplicates and building each file's static review: the review cache keys need only
    these digests. Damaged or from other inputs: None (the caller computes them)."""

    def __init__(self, workspace: Workspace) -> None:
        self.path: Path = workspace.cache / "evidence.json"

    def lookup(self, key: str) -> StoredEvidence | None:
        """What was stored for `key`."""
        data = read_json(self.path, default=None)
        if not isinstance(data, dict) or data.get("version") != CACHE_VERSION or data.get("key") != key:
            return None
        digests, size, unreached = data.get("digests"), data.get("index_size"), data.get("unreached_broken")
        if not isinstance(digests, dict) or not all(isinstance(v, str) for v in digests.values()) \
                or not isinstance(size, int) or not isinstance(unreached, list) \
                or not all(isinstance(path, str) for path in unreached):
            return None
        return StoredEvidence(digests, size, set(unreached))

    def save(self, key: str, stored: StoredEvidence) -> None:
        data = {"version": CACHE_VERSION, "key": key, "index_size": stored.index_size,
                "unreached_broken": sorted(stored.unreached_broken), "digests": stored.digests}
        atomic_write_text(self.path, json.dumps(data, separators=(",", ":")))


class _MemoFile:
    """A memo the duplicates axis keeps across runs, in one file of `.reviewer/cache/` as `{"key": ...,
    FIELD: ...}`, for one key of the code that fills it. Absent, damaged or from other code: nothing stored
    (the subclass's memo starts empty)."""

    FILE = ""
    FIELD = ""

    def __init__(self, workspace: Workspace) -> None:
        self.path: Path = workspace.cache / self.FILE

    def _stored(self, key: str) -> object:
        data = read_json(self.path, default=None)
        return data.get(self.FIELD) if isinstance(data, dict) and data.get("key") == key else None

    def _save(self, key: str, memo: RunsMemo | JudgedMemo, value: object) -> None:
        """Write what this run used (what went away is dropped); nothing when it computed nothing and used
        all that was stored."""
        if memo.computed or len(memo.used) != len(memo.stored):
            atomic_write_text(self.path, json.dumps({"key": key, self.FIELD: value}, separators=(",", ":")))


class RunsCache(_MemoFile):
    """`.reviewer/cache/runs.json`: the runs of equal lines the duplicates axis measured
    (analysis.duplicates.RunsMemo), for one key of the code that measures them."""

    FILE, FIELD = "runs.json", "runs"

    def load(self, key: str) -> RunsMemo:
        stored = self._stored(key)
        return RunsMemo(stored if isinstance(stored, dict) and _well_formed(stored) else None)

    def save(self, key: str, memo: RunsMemo) -> None:
        self._save(key, memo, memo.used)


class JudgedCache(_MemoFile):
    """`.reviewer/cache/judged.json`: the candidate pairs the duplicates axis found to give no edge
    (analysis.duplicates.JudgedMemo), for one key of the code (the scan's and the analysis')."""

    FILE, FIELD = "judged.json", "pairs"

    def load(self, key: str, digests: dict[str, str]) -> JudgedMemo:
        stored = self._stored(key)
        well_formed = isinstance(stored, list) and all(isinstance(pair, str) for pair in stored)
        return JudgedMemo(digests, stored if well_formed else ())

    def save(self, key: str, memo: JudgedMemo) -> None:
        self._save(key, memo, sorted(memo.used))


def _well_formed(stored: dict) -> bool:
    """Every entry a list of runs, each six integers."""
    try:
        return all(len(r) == 6 and all(type(x) is int for x in r) for runs in stored.values() for r in runs)
    except TypeError:
        return False
