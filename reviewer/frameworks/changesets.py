"""Changesets: `.changeset/config.json` names the modules it loads to write changelog entries and commit
messages (`"changelog": "./changelog.js"`, `"commit": ["./commit.js", {...}]`), resolved from the
`.changeset` folder; what those modules export (`getReleaseLine`, `getAddMessage`...) changesets calls."""

from __future__ import annotations

import json
from typing import Iterator

from . import FileRoot, Framework, named_script


def loaded_modules(path: str, text: str) -> Iterator[FileRoot]:
    """the modules `changelog` and `commit` name by a relative path (a package name is no project file)."""
    try:
        config = json.loads(text)
    except ValueError:
        return
    if not isinstance(config, dict):
        return
    for option in ("changelog", "commit"):
        value = config.get(option)
        target = value[0] if isinstance(value, list) and value else value
        if isinstance(target, str) and target.startswith("."):
            yield named_script(path, target, f"loaded by changesets ({option} in {path})")


FRAMEWORK = Framework(
    name="Changesets",
    docs="https://github.com/changesets/changesets/blob/main/docs/config-file-options.md",
    enabled_by=("file:.changeset/config.json",),
    config_files=(".changeset/config.json",),
    read_config=loaded_modules,
)
