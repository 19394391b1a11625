"""The facts cache: a file scanned before with the same bytes costs a hash, not a parse.

Entries live under `<output>/cache/facts/<2 hex>/<key>.json`, one FileFacts JSON each,
compressed (zlib, fastest level: a file's facts are a sixth of their JSON, and a 20,000-file
project's cache 80 MB instead of 400), written atomically. An entry written uncompressed (by an
older version) still reads. The key is a digest of everything the facts are a function of: the
file's path and content sha256, its language, and the scanner's version (SCANNER_VERSION,
bumped by hand when extraction changes, plus a digest of the FileFacts schema, so a field
added to the schema never serves facts without it). No configuration enters: discovery
decides which files are scanned, but a file's facts depend on its bytes alone.

An entry is read back without validating it again (facts_from_json): a one-file run reads every
file's facts, and pydantic's validation was most of that (the standard library: 2.7 to 3.3 s against
2.0 to 2.7 s; the same records, and the same memory, strings shared as validation shares them).
An entry that cannot be read or rebuilt, or that holds another file's facts, is a miss: the file
is parsed again and the entry rewritten, never a traceback.
"""

from __future__ import annotations

import hashlib
import json
import os
import zlib
from functools import cache
from pathlib import Path

from pydantic_core import from_json

from ..schema.facts import FileFacts
from ..workspace import atomic_write_bytes
from .extract import SCANNER_VERSION
from ..schema.fieldsets import rebuilt


@cache
def _version() -> str:
    """SCANNER_VERSION and the FileFacts schema, in one digest (computed once per process)."""
    schema = json.dumps(FileFacts.model_json_schema(), sort_keys=True)
    return f"{SCANNER_VERSION}:{hashlib.sha256(schema.encode()).hexdigest()[:16]}"


_ZLIB = b"\x78"  # the first byte of a zlib stream (a JSON entry starts with "{")


def facts_key(path: str, sha256: str, language: str) -> str:
    return hashlib.sha256(f"{_version()}\0{language}\0{path}\0{sha256}".encode()).hexdigest()


def facts_from_json(data: bytes) -> FileFacts:
    """The facts whose model_dump_json is `data`, rebuilt without validation (this program wrote
    them from valid records); equal strings shared, as validation shares them (the standard library's
    facts took 365 MB instead of 307 without). ValueError, TypeError, KeyError or OverflowError on
    other bytes."""
    return rebuilt(FileFacts, from_json(data, cache_strings=True), json=True)  # type: ignore[return-value]


class FactsCache:
    """FileFacts by facts_key, in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.hits = 0
        self.misses = 0

    def _entry(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str, path: str, sha256: str) -> FileFacts | None:
        """The cached facts of `path` with these bytes, or None (absent, damaged, or another file's)."""
        try:
            data = self._entry(key).read_bytes()
            facts = facts_from_json(zlib.decompress(data) if data[:1] == _ZLIB else data)
        except (OSError, ValueError, TypeError, KeyError, OverflowError, RecursionError, zlib.error):
            facts = None
        if facts is None or facts.path != path or facts.sha256 != sha256:
            self.misses += 1
            return None
        self.hits += 1
        return facts

    def put(self, key: str, facts: FileFacts, written: bytes | None = None) -> None:
        """Store facts; a cache that cannot be written costs speed, not the scan. `written`: the
        facts' JSON (FileFacts.model_dump_json) when the caller has it already."""
        try:
            data = facts.model_dump_json().encode("utf-8") if written is None else written
            atomic_write_bytes(self._entry(key), zlib.compress(data, 1))
        except OSError:
            pass

    def prune(self, live: set[str]) -> int:
        """Delete the entries whose key is not in `live` (files changed, deleted or scanned by an
        older scanner): after a whole-repository scan, the cache holds that scan only."""
        removed = 0
        try:
            shards = list(os.scandir(self.folder))
        except OSError:
            return 0
        for shard in shards:
            if not shard.is_dir(follow_symlinks=False):
                continue  # a link is never followed to delete what it leads to
            for entry in os.scandir(shard.path):
                if entry.name.removesuffix(".json") not in live and entry.is_file(follow_symlinks=False):
                    try:
                        os.unlink(entry.path)
                        removed += 1
                    except OSError:
                        pass
        return removed
