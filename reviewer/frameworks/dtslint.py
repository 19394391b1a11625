"""dtslint: tests of a library's type definitions. `dtslint <folder>` (the folder `types` when none is
given) type-checks the folder's TypeScript files and their `// $ExpectType T` and `// $ExpectError`
comments: each declaration there is an assertion the type checker reads, never code another module calls.
The folder is read from the package.json script that runs it."""

from __future__ import annotations

import re
from typing import Iterator

from . import FileRoot, Framework, beside, npm_scripts

_COMMAND = re.compile(r"(?:^|[\s;&|])(?:npx\s+)?dtslint((?:\s+[^\s;&|]+)*)")
_VALUED_OPTIONS = frozenset({"--localTs", "--expectOnly-path"})  # options followed by their value


def tested_folders(path: str, text: str) -> Iterator[FileRoot]:
    """the folders the package.json scripts run dtslint on."""
    for name, command in npm_scripts(text).items():
        for found in _COMMAND.finditer(command):
            words = found.group(1).split()
            folders = [word for k, word in enumerate(words)
                       if not word.startswith("-") and (k == 0 or words[k - 1] not in _VALUED_OPTIONS)]
            for folder in folders or ["types"]:
                folder = folder.strip("'\"").removeprefix("./").rstrip("/")
                yield FileRoot("^" + beside(path) + re.escape(folder) + r"/.+\.[cm]?tsx?$", None,
                               f"dtslint type test (`{name}` in {path})", members=True)


FRAMEWORK = Framework(
    name="dtslint",
    docs="https://github.com/microsoft/DefinitelyTyped-tools/tree/main/packages/dtslint#readme",
    enabled_by=("dtslint", "@definitelytyped/dtslint", "@effect/dtslint"),
    config_files=("**/package.json",),
    read_config=tested_folders,
)
