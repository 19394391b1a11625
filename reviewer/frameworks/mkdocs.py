"""MkDocs: the Python modules `hooks:` in mkdocs.yml names are loaded and their `on_<event>` functions
called by the build. (mkdocstrings' `::: pkg.mod` pages are read with the documented-API rule.)"""

from __future__ import annotations

import posixpath
import re
from typing import Iterator

from . import FileRoot, Framework

_HOOKS = re.compile(r"^hooks:\s*\n((?:\s*-\s*.+\n?)+)", re.M)


def hook_modules(path: str, text: str) -> Iterator[FileRoot]:
    """the modules `hooks:` lists: their `on_<event>` functions are called by the build."""
    base = posixpath.dirname(path)
    for block in _HOOKS.findall(text):
        for line in block.splitlines():
            item = line.strip().lstrip("-").strip().strip("'\"")
            if item:
                module = posixpath.normpath(posixpath.join(base, item))
                yield FileRoot("^" + re.escape(module) + "$", r"on_\w+", f"mkdocs hook module named in {path}")


FRAMEWORK = Framework(
    name="MkDocs",
    docs="https://www.mkdocs.org/user-guide/configuration/#hooks",
    enabled_by=("mkdocs", "file:mkdocs.yml", "file:mkdocs.yaml"),
    config_files=("mkdocs.yml", "mkdocs.yaml", "docs/mkdocs.yml"),
    read_config=hook_modules,
)
