"""JSR and Deno: `jsr.json` / `deno.json` name the modules a package exports (`"exports": "./mod.ts"`
or a map of entry points): what those modules export is the package's public API."""

from __future__ import annotations

import json
import posixpath
import re
from typing import Iterator

from . import FileRoot, Framework


def exported_modules(path: str, text: str) -> Iterator[FileRoot]:
    """the modules `exports` names: what they export is the package's API."""
    try:
        exports = json.loads(text).get("exports")
    except (ValueError, AttributeError):
        return
    targets = [exports] if isinstance(exports, str) else list(exports.values()) if isinstance(exports, dict) else []
    base = posixpath.dirname(path)
    for target in targets:
        if isinstance(target, str):
            module = posixpath.normpath(posixpath.join(base, target))
            yield FileRoot("^" + re.escape(module) + "$", None, f"exported by {path} (package API)", exports=True)


FRAMEWORK = Framework(
    name="JSR / Deno",
    docs="https://jsr.io/docs/package-configuration",
    enabled_by=("file:jsr.json", "file:jsr.jsonc", "file:deno.json", "file:deno.jsonc"),
    config_files=("jsr.json", "jsr.jsonc", "deno.json", "deno.jsonc"),
    read_config=exported_modules,
)
