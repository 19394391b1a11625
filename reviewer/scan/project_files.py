"""The files besides the code that the analysis reads (package manifests, each framework's
configuration files, launch files, documentation pages), read once here, and the frameworks
they and the code's imports switch on (frameworks.enabled)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

from ..frameworks import ProjectSignals, declared_in, enabled, import_root
from ..schema.facts import FileFacts
from .discovery import read_regular

CONFIG_MAX_BYTES = 1_000_000  # a configuration file larger than this is data, not configuration


def read_config_files(root: Path, paths: Iterable[str]) -> dict[str, str]:
    """path -> text of each file that can be read (an unreadable one is left out: no rule can use it)."""
    texts: dict[str, str] = {}
    base = str(root.resolve())
    for path in paths:
        try:
            data = read_regular(os.path.join(base, *path.split("/")), CONFIG_MAX_BYTES + 1)
        except OSError:
            continue
        if len(data) <= CONFIG_MAX_BYTES:
            texts[path] = data.decode("utf-8", errors="replace")
    return texts


def project_signals(files: list[FileFacts], config_files: dict[str, str], other_paths: Iterable[str]) -> ProjectSignals:
    dependencies = declared_in(config_files)
    imports: dict[str, str] = {}
    for facts in files:
        for ref in facts.imports:
            name = import_root(ref.source, ref.level)
            if name:
                imports.setdefault(name, facts.path)
    uses: dict[str, str] = {}
    for facts in files:
        for name in facts.module_references:
            uses.setdefault(name, facts.path)
        for sym in facts.symbols:
            for name in (*sym.references, *(d.lstrip("@").split("(", 1)[0].strip() for d in sym.decorators)):
                uses.setdefault(name, facts.path)
    paths = frozenset([*(f.path for f in files), *config_files, *other_paths])
    return ProjectSignals(dependencies=dependencies, imports=imports, files=paths, uses=uses)


def frameworks_on(files: list[FileFacts], config_files: dict[str, str], other_paths: Iterable[str]) -> dict[str, str]:
    """Framework name -> why it is on (the dependency, import or file that enabled it)."""
    return {framework.name: why for framework, why in enabled(project_signals(files, config_files, other_paths))}
