"""knip: a project's knip configuration names its entry files (roots) and the files it leaves out of
unused-code checks on purpose (`ignore`): the project's own word on what is reached and what is kept."""

from __future__ import annotations

import posixpath
import re
from typing import Iterator

from . import FileRoot, Framework, glob_pattern

_LIST = re.compile(r"""["']?\b(entry|ignore)\b["']?\s*:\s*(\[[^\]]*\]|["'][^"']+["'])""")
_QUOTED = re.compile(r"""["']([^"']+)["']""")


def named_files(path: str, text: str) -> Iterator[FileRoot]:
    """the globs of `entry` (files knip starts from) and `ignore` (files it does not check): both are roots."""
    base = posixpath.dirname(path)
    for option, value in _LIST.findall(text):
        for glob in _QUOTED.findall(value):
            if glob.startswith("!"):
                continue
            pattern = glob_pattern(posixpath.join(base, glob.removeprefix("./")) if base else glob.removeprefix("./"))
            why = "an entry file" if option == "entry" else "a file it leaves out of unused-code checks"
            yield FileRoot(pattern, None, f"{why} in {path} (knip)", exports=option == "entry")


FRAMEWORK = Framework(
    name="knip",
    docs="https://knip.dev/reference/configuration",
    enabled_by=("knip", "file:knip.json", "file:knip.jsonc", "file:.knip.json", "file:knip.config.*"),
    config_files=("knip.json", "knip.jsonc", ".knip.json", ".knip.jsonc", "knip.config.ts", "knip.config.js",
                  "knip.config.mjs", "knip.ts"),
    read_config=named_files,
)
