"""The analysis cache: what a run after a small change reuses from the run before it.

`.reviewer/cache/analysis.marshal` keeps, per file, what the file contributes to the usage
graph (usage.file_contribution: its edges, uses, imports, attribute and string names),
the largest part of the whole-project analysis. A file's contribution depends on its own
facts and on the facts of the files its names resolved into (an import, a re-export chain,
a base class): the resolver records those files while it resolves (ProjectIndex.reads), and
the entry keeps the content digest of each. A contribution is reused only when every one of
those files still has the digest it had; anything else is computed again. Everything
global (roots, reachability, verdicts) is recomputed every run from the merged graph, so a
reused contribution gives the very graph a cold run builds.

What invalidates the whole cache (every entry is computed again):
- other analysis, scan or schema code (its digest is the key);
- another layout: a file added, removed or renamed, or other tsconfig aliases. Which paths
  exist decides where every import resolves (a new `x.py` shadows nothing, but a new
  `pkg/__init__.py` turns a folder into a package), and the resolver does not record the
  paths it found absent, so a changed layout starts afresh.

marshal, not json or pickle: the content is plain tuples, lists and strings, and marshal
loads the whole standard library's graph in a fraction of the time json needs. The file is a
digest of the rest, then the marshal of (key, contributions, per-file values), each of the two
parts the zlib of its own marshal: the contributions are packed as soon as the usage graph is
built (seal), the values once the analysis is done. A damaged or unreadable file is an empty cache.
"""

from __future__ import annotations

import hashlib
import marshal
import zlib
from pathlib import Path
from typing import Any, Callable

from ..schema.facts import FileFacts, ScanResult
from ..workspace import atomic_writer
from .resolve import ProjectIndex
from .usage import Contribution, file_contribution

VERSION = 1
FILE_NAME = "analysis.marshal"
# The code whose rules the cached contributions follow: what the scan extracts, how the
# analysis resolves and links it, and the records in between.
CODE_FOLDERS = ("analysis", "scan", "schema")


def code_digest() -> str:
    """Changes when any module of CODE_FOLDERS changes."""
    digest = hashlib.sha256(f"{VERSION}".encode())
    package = Path(__file__).resolve().parent.parent
    for folder in CODE_FOLDERS:
        for path in sorted((package / folder).rglob("*.py")):
            digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def layout_digest(index: ProjectIndex) -> str:
    """The paths of the project, their languages and the module aliases: what existence
    checks during resolution depend on."""
    digest = hashlib.sha256()
    for path in sorted(index.files):
        digest.update(f"{path}\0{index.files[path].language}\n".encode())
    digest.update(repr(sorted(index.ts_configs.items())).encode())
    # which package name leads to which folder and entry (analysis.resolve._workspace_file)
    digest.update(repr(sorted((name, folder, repr([data.get(key) for key in ("exports", "source", "types", "typings",
                                                                               "module", "main")]))
                              for name, (folder, data) in index.workspace_packages.items())).encode())
    return digest.hexdigest()


class AnalysisCache:
    """The per-file contributions of the last run, and those of this run as they are used.

    `contribution(facts)` gives a file's contribution: the stored one when every file it
    was computed from has the same content, otherwise a new one (recorded for the next run).
    `save()` writes this run's entries (those of files no longer scanned are dropped)."""

    def __init__(self, path: Path | None, index: ProjectIndex, scan: ScanResult) -> None:
        self.path = path
        self.index = index
        self.key = f"{code_digest()}:{layout_digest(index)}"
        self.sha = {facts.path: facts.sha256 for facts in scan.files}
        self._stored_packed = b""  # the stored contributions as the file holds them (zlib of their marshal)
        self.stored: dict[str, tuple] = {}
        self.stored_values: dict[str, tuple] = {}
        if path is not None:
            self._load()
        self.entries: dict[str, tuple] = {}  # path -> (((path, sha256) read, ...), contribution)
        self.values: dict[str, tuple] = {}  # "kind:path" -> (sha256, value): see per_file
        self.reused = 0
        self.computed = 0
        self._packed: bytes | None = None  # this run's contributions for save(), once sealed
        self._recount = False  # the sealed contributions are of other files than the stored ones

    def _load(self) -> None:
        """The stored entries, if the file is whole (its digest matches) and of this key."""
        try:
            blob = self.path.read_bytes()
            head, packed = blob[:32], blob[32:]
            if hashlib.blake2b(packed, digest_size=32).digest() != head:
                return
            key, files, values = marshal.loads(packed)
            if key != self.key:
                return
            stored, stored_values = marshal.loads(zlib.decompress(files)), marshal.loads(zlib.decompress(values))
        except (OSError, EOFError, ValueError, TypeError, zlib.error):
            return
        if isinstance(stored, dict) and isinstance(stored_values, dict):
            self.stored, self.stored_values, self._stored_packed = stored, stored_values, files

    def contribution(self, facts: FileFacts) -> Contribution:
        entry = self.stored.get(facts.path)
        if entry is not None and self._still_valid(entry[0]):
            self.reused += 1
        else:
            with self.index.reads() as read:
                part = file_contribution(self.index, facts)
            read.add(facts.path)
            entry = (tuple((path, self.sha[path]) for path in sorted(read)), part)
            self.computed += 1
        self.entries[facts.path] = entry
        return entry[1]

    def per_file(self, compute: Callable[[FileFacts], Any]) -> Callable[[FileFacts], Any]:
        """`compute`, a function of one file's facts alone (and the layout), with its values
        kept by the file's content: reused while the content is the same. The value must
        be plain data (marshal)."""
        kind = f"{compute.__module__}.{compute.__qualname__}"

        def cached(facts: FileFacts) -> Any:
            name = f"{kind}:{facts.path}"
            entry = self.stored_values.get(name)
            if entry is not None and entry[0] == facts.sha256:
                self.reused += 1
            else:
                entry = (facts.sha256, compute(facts))
                self.computed += 1
            self.values[name] = entry
            return entry[1]
        return cached

    def _still_valid(self, reads: tuple) -> bool:
        sha = self.sha
        try:
            return all(sha.get(path) == digest for path, digest in reads)
        except (TypeError, ValueError):  # a damaged entry
            return False

    def seal(self) -> None:
        """The usage graph is built (no contribution is asked for after it): pack this run's
        contributions for save() and let them go with the stored ones. The graph holds what they gave,
        and a large project's copies of its files' contributions (70 MB on the standard library) would
        otherwise be held through the rest of the analysis, at its peak."""
        if self._packed is not None:
            return
        self._recount = len(self.entries) != len(self.stored)
        if self.path is not None:
            unchanged = not self.computed and not self._recount
            # Compressed at the fastest level: a twelfth of the marshal (paths and digests repeat).
            self._packed = self._stored_packed if unchanged else zlib.compress(marshal.dumps(self.entries), 1)
        else:
            self._packed = b""
        self.stored, self.entries, self._stored_packed = {}, {}, b""

    def save(self) -> None:
        """Write the entries of this run, unless they are the ones stored (nothing changed); then let
        them go."""
        self.seal()
        if self.path is not None and (self.computed or self._recount or len(self.values) != len(self.stored_values)):
            packed = marshal.dumps((self.key, self._packed, zlib.compress(marshal.dumps(self.values), 1)))
            with atomic_writer(self.path) as handle:  # the digest, then the packed entries (never joined in memory)
                handle.write(hashlib.blake2b(packed, digest_size=32).digest())
                handle.write(packed)
        self.stored_values, self.values, self._packed = {}, {}, b""
        self.path = None  # saved: a second save() writes nothing
