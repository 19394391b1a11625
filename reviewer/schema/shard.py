"""CI-matrix sharding: which files a shard reviews, and what it leaves for `reviewer merge`.

A file belongs to shard `1 + (first 8 bytes of sha256(repository-relative path)) mod N`. The
path alone decides, so adding or removing a file never moves another one to a different shard
(a shard's review cache stays warm), and every machine, Python version and file order gives the
same slices. The hash spreads files evenly in count (not in size): with F files a shard holds
about F/N of them, within a few sqrt(F/N).

`<output>/shard.json` (ShardManifest, versioned) is written by `reviewer run --shard I/N` and
read by `reviewer merge`, which refuses shards that disagree on what it records.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from pydantic import BaseModel, Field

from .review import RunRecord

SHARD_MANIFEST = "shard.json"
SHARD_MANIFEST_VERSION = 1
SHARD_SYNTAX = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*")


def shard_of(path: str, count: int) -> int:
    """The 1-based shard of `count` that reviews the file at repository-relative `path`."""
    return int.from_bytes(hashlib.sha256(path.encode("utf-8")).digest()[:8], "big") % count + 1


class Shard(BaseModel):
    """Shard `index` of `count` (1-based): `--shard 2/4`."""

    index: int
    count: int

    @classmethod
    def parse(cls, text: str) -> "Shard":
        """`I/N` with 1 <= I <= N; ValueError (saying what is expected) otherwise."""
        match = SHARD_SYNTAX.fullmatch(text)
        if match is None:
            raise ValueError(f"'{text}' is not I/N (e.g. 2/4: the second of four shards)")
        index, count = int(match.group(1)), int(match.group(2))
        if count < 1 or not 1 <= index <= count:
            raise ValueError(f"'{text}': the shard number must be between 1 and the count ({count or 'at least 1'})")
        return cls(index=index, count=count)

    def holds(self, path: str) -> bool:
        return shard_of(path, self.count) == self.index

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def paths_digest(paths: list[str]) -> str:
    """A digest of a set of repository-relative paths (the scope every shard must add up to)."""
    return hashlib.sha256("\0".join(sorted(paths)).encode("utf-8")).hexdigest()


class ShardManifest(BaseModel):
    """`<output>/shard.json`: what one shard of a matrix reviewed, and what the shards of one
    matrix must agree on (checked by `reviewer merge`)."""

    version: int = SHARD_MANIFEST_VERSION
    shard: Shard
    tool_version: str  # reviewer's version
    code: str  # digest of reviewer's code (two builds of one version differ here)
    commit: str | None = None  # git HEAD of the repository, None outside git
    tree: str  # digest of every scanned file's path and content: the same tree, in git or not
    config: dict[str, Any]  # the effective configuration (command-line options applied), for the merge's view
    config_digest: str  # of `config` less what may differ per job (ci.baseline's path, the SARIF category)
    baseline: str | None = None  # digest of the findings the baseline accepted (None: no baseline)
    reviewer: str
    model: str | None = None
    changed_since: str | None = None
    paths: list[str] | None = None  # `reviewer run PATH...`: the repository-relative paths (None: all)
    scope_files: int  # files in scope of the whole matrix (all shards together)
    scope_digest: str  # paths_digest of those files
    files: list[str] = Field(default_factory=list)  # this shard's slice of the scope, sorted
    gated: list[str] = Field(default_factory=list)  # the files whose reviews this shard's gate judged
    reviews: dict[str, str] = Field(default_factory=dict)  # every review its report holds: file -> sha256 of .rev.json
    renderer: str = ""  # what rendered its .rev.md pages (a merge reuses them when its own is the same)
    run: RunRecord  # the shard's run record
