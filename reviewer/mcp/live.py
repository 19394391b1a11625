"""The card index of one repository, kept in step with its working tree between tool calls.

An agent edits a file, then asks about the code: the answer must be about the new code. So
every tool call starts with `refresh()`: the files in scope are listed again (the scan's own
rules) and stat'ed; those whose size or mtime moved are parsed again (the facts cache holds
the others), and when a file's content hash differs from what the index was last brought to,
the index is updated as `reviewer index` does it (same function, same rag lock, only the
changed files' cards re-embedded). The in-memory similarity index is reloaded whenever the
table changed on disk, by this server or by a `reviewer run` beside it.

The server never builds a first index: on a large repository that takes minutes, longer than
a client waits for one call. Without one, every call says how to build it.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from reviewer.analysis.resolve import ProjectIndex
from reviewer.analysis.testcode import test_case_spans
from reviewer.config import Config
from reviewer.errors import UserError
from reviewer.pipeline import claude_cards
from reviewer.rag.extra import require_rag
from reviewer.rag.indexer import IndexReport, index_repository
from reviewer.rag.lookup import CardHeads
from reviewer.rag.similarity import SimilarityIndex, open_store
from reviewer.rag.store import table_state
from reviewer.scan import scan_paths, scan_repository
from reviewer.scan.discovery import discover
from reviewer.schema.facts import FileFacts, ScanResult
from reviewer.workspace import Workspace

Stamp = tuple[int, int]  # (size, mtime_ns) of a file or folder
GONE = (-1, -1)
# A stamp this recent may hide a second change within the file system's timestamp tick (or,
# for a folder, a file added while the walk was listing it): it is not trusted, so the next
# call looks again (as git does with its "racily clean" entries).
RACY_NS = 2_000_000_000
# After this server updated at most this many files, only their rows are read back into the
# in-memory index (most of a first call after an edit was reading all 10k rows again).
REREAD_MAX_FILES = 50


def _stamp_of(path: str) -> Stamp | None:
    """(size, mtime_ns) of `path`; GONE when it does not exist; None when too recent to trust."""
    try:
        stat = os.stat(path)
    except OSError:
        return GONE
    return None if time.time_ns() - stat.st_mtime_ns < RACY_NS else (stat.st_size, stat.st_mtime_ns)


class NoIndex(UserError):
    """The repository has no card index yet."""


class LiveIndex:
    """The index of `root`, refreshed from the working tree by `refresh()` (one caller at a time)."""

    def __init__(self, root: Path, config: Config) -> None:
        self.root = root
        self.config = config
        self.workspace = Workspace(root, config.output)
        self.lock = threading.Lock()  # tool calls run in worker threads: one refresh at a time
        self._embedder = None
        self._rag_checked = False
        self._stamps: dict[str, Stamp | None] = {}
        self._folders: dict[str, Stamp | None] = {}  # folders the last listing walked, and their .gitignore
        self._paths: dict[str, str] = {}  # path in scope -> absolute path, from the last listing
        self._facts: dict[str, FileFacts] | None = None
        self._indexed: dict[str, str] = {}  # path -> sha256 this server last brought the index to
        self._table_state: str | None = None
        self.similarity: SimilarityIndex | None = None
        self.heads: CardHeads | None = None

    @property
    def embedder(self):
        """One embedder for the session: its model is loaded once, on the first text to embed."""
        if self._embedder is None:
            from reviewer.rag.embedder import load_embedder

            self._embedder = load_embedder(self.config.rag.model)
        return self._embedder

    def no_index_error(self) -> NoIndex:
        return NoIndex(f"no card index in {self.config.rag.index_uri or self.workspace.rag} yet: run `reviewer index {self.root}` once "
                       "(about a minute per 3,000 functions); this server keeps it up to date from then on")

    def scan(self) -> ScanResult:
        facts = self._facts or {}
        return ScanResult(root=str(self.root), files=[facts[p] for p in sorted(facts)])

    def facts(self, path: str) -> FileFacts | None:
        return (self._facts or {}).get(path)

    def refresh(self) -> IndexReport | None:
        """Bring the facts, the table and the in-memory index up to date with the files on disk.
        Returns the index update it made, or None when the table needed none."""
        if not self._rag_checked:
            require_rag("`reviewer mcp`")
            self._rag_checked = True
        stamps = self._stamp()
        state = table_state(self.workspace, self.config.rag.index_uri)
        if state == "none":
            self._stamps, self._facts, self.similarity = {}, None, None
            raise self.no_index_error()
        report, reread = None, None
        if stamps != self._stamps or self._facts is None or None in stamps.values():
            self._rescan(stamps)
            current = {path: facts.sha256 for path, facts in self._facts.items()}
            if current != self._indexed:
                files = {p for p in current.keys() | self._indexed.keys() if current.get(p) != self._indexed.get(p)}
                ours = state == self._table_state  # nobody else wrote since the index was loaded
                scan = self.scan()
                report = index_repository(self.root, self.config, scan,
                                          ProjectIndex.build(scan, self.root).resolve_callee, embedder=self.embedder,
                                          written=claude_cards(self.root, self.config), test_cases=test_case_spans)
                self._indexed = current
                state = table_state(self.workspace, self.config.rag.index_uri)
                if ours and len(files) <= REREAD_MAX_FILES and not (
                        report.rebuilt or report.files_repaired or report.cards_reapplied):
                    reread = files  # only these files' rows changed: the others stay in memory
        if state != self._table_state or self.similarity is None:  # written by this server or by a run beside it
            previous = self.similarity if reread else None
            self.similarity = SimilarityIndex.load(open_store(self.root, self.config), previous, reread or ())
            self.heads = CardHeads(self.similarity.rows)
            self._table_state = state
        return report

    def warm(self) -> None:
        """Before the first call: load the index and the embedding model, which a first search or
        the first call after a new function is written would wait for otherwise."""
        with self.lock:
            self.refresh()
            self.embedder.embed(["warm up"])

    def _stamp(self) -> dict[str, Stamp | None]:
        """Each file in scope with its stamp. The listing is redone only when a folder it walked (or
        its .gitignore) changed, which any file added, removed or renamed there does; else the
        files known are stat'ed, a tenth of the cost on a large tree."""
        if self._folders and all(stamp is not None and _stamp_of(folder) == stamp for folder, stamp in self._folders.items()):
            stamps = {path: _stamp_of(abs_path) for path, abs_path in self._paths.items()}
            if all(stamp != GONE for stamp in stamps.values()):
                return stamps
        found = discover(self.root, self.config, check_content=False)
        self._folders = {folder: _stamp_of(folder) for name in found.folders
                         for folder in (name, os.path.join(name, ".gitignore"))}
        self._paths = {source.path: str(source.abs_path) for source in found.files}
        return {path: stamp for path, abs_path in self._paths.items() if (stamp := _stamp_of(abs_path)) != GONE}

    def _rescan(self, stamps: dict[str, Stamp | None]) -> None:
        """Parse the files whose stamp moved (all of them the first time; the facts cache keeps
        the unchanged ones cheap), and forget the files that left."""
        cache = self.workspace.facts_cache
        if self._facts is None:
            self._facts = {f.path: f for f in scan_repository(self.root, self.config, facts_cache=cache).files}
        else:
            moved = sorted(p for p in stamps if stamps[p] is None or stamps[p] != self._stamps.get(p))
            for path in moved + [p for p in self._stamps if p not in stamps]:
                self._facts.pop(path, None)
            if moved:
                self._facts.update((f.path, f) for f in scan_paths(self.root, self.config, moved, facts_cache=cache).files)
        self._stamps = stamps
