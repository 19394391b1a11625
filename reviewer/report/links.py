"""Relative links between the pages and to the source lines.

Relative targets work both on GitHub (a committed or artifact `.reviewer/` folder
browsed in the web UI, where `file.py#L10-L20` highlights the lines) and locally
(the fragment is ignored, the file opens). Every target goes through
`quote_target`, so spaces and `#` in a path stay a path.

In a GitHub Actions job (GITHUB_SERVER_URL, GITHUB_REPOSITORY and GITHUB_SHA set),
report.md is read in the job's summary, where a relative link goes nowhere: its source
links are absolute, to the file at the commit (`blob_base`).
"""

from __future__ import annotations

import os
from pathlib import Path

from ..workspace import Workspace
from .markdown import quote_target


def line_anchor(start: int, end: int | None = None) -> str:
    """GitHub's line fragment: `#L10` or `#L10-L20`."""
    return f"#L{start}" if not end or end == start else f"#L{start}-L{end}"


def relative(target: Path, page_folder: Path) -> str:
    return os.path.relpath(target, page_folder).replace(os.sep, "/")


def blob_base(prefix: str = "", environ: dict | None = None) -> str | None:
    """`https://github.com/owner/repo/blob/<sha>/<prefix>` in a GitHub Actions job, else None.
    `prefix`: where the reviewed folder sits in the repository (report/repo.py)."""
    env = os.environ if environ is None else environ
    server, repository, sha = (env.get(k, "").strip() for k in ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA"))
    if not (server and repository and sha):
        return None
    return f"{server.rstrip('/')}/{repository}/blob/{sha}/{quote_target(prefix)}"


class Links:
    """Link targets as seen from the .rev.md of `file`."""

    def __init__(self, workspace: Workspace, file: str) -> None:
        self.workspace, self.file = workspace, file
        self.folder = workspace.review_md(file).parent
        self._sources: dict[str, str] = {}  # a page links the same few files at many lines

    def here(self, start: int | None = None, end: int | None = None) -> str:
        """This page's own source file, at lines start-end."""
        return self.source(self.file, start, end)

    def source(self, file: str, start: int | None = None, end: int | None = None) -> str:
        target = self._sources.get(file)
        if target is None:
            target = self._sources[file] = quote_target(relative(self.workspace.root / file, self.folder))
        return target + (line_anchor(start, end) if start else "")

    def review(self, file: str) -> str:
        return quote_target(relative(self.workspace.review_md(file), self.folder))

    def report(self) -> str:
        return quote_target(relative(self.workspace.base / "report.md", self.folder))
