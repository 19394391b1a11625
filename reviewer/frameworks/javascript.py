"""JavaScript and TypeScript themselves: the methods the runtime calls by name, ambient declarations,
and the files every JS tool reads by their name (configuration files, generated modules)."""

from __future__ import annotations

import re
from typing import Iterator

from . import FileRoot, Framework, named_script

_JS = r"\.(?:[cm]?[jt]sx?)$"
# The tools' configuration files read for the modules they name: `<tool>.config.*`, and webpack's split
# configurations (`webpack.common.js`, `webpack.prod.js`), whose aliases the resolver reads too
# (analysis/bundler_aliases.py).
_CONFIG_FILES = tuple(f"{name}.{ext}" for name in ("*.config", "webpack.*")
                      for ext in ("js", "cjs", "mjs", "ts", "cts", "mts"))
# A module path a tool's configuration file writes relative to its folder (`plugins: ["./plugins/x.js"]`,
# `reporter: [["./console-reporter.js"]]`): the tool loads that module by path and reads its exports ...
_RELATIVE_MODULE = re.compile(r"""["'](\.{1,2}/[\w./@-]+?\.[cm]?[jt]sx?)["']""")
# ... unless the configuration imports it itself (`from "./x.js"`, `import("./x.js")`, `require("./x.js")`).
_IMPORTED_BY_THE_FILE = re.compile(r"(?:\bfrom|\bimport\s*\(?|\brequire\s*\()\s*$")


def modules_named(path: str, text: str) -> Iterator[FileRoot]:
    """The JS/TS modules a tool's configuration file names by a relative path with its extension (not
    those the file imports itself: the import graph follows those, name by name)."""
    written = [found.group(1) for found in _RELATIVE_MODULE.finditer(text)
               if not _IMPORTED_BY_THE_FILE.search(text, max(0, found.start() - 20), found.start())]
    for module in dict.fromkeys(written):
        yield named_script(path, module, f"loaded by path from {path}")


FRAMEWORK = Framework(
    name="JavaScript",
    docs="https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Iteration_protocols",
    files=(
        FileRoot(r"\.d\.[cm]?ts$", why="TypeScript ambient declarations (merged by name)"),
        FileRoot(r"(?:^|/)[^/]+\.gen" + _JS, why="generated code (its generator and its readers agree on names)"),
        # A tool reads what its configuration file exports (`export default defineConfig(...)`), named
        # `<tool>.config.js`, `<tool>.conf.js` or with a variant (`karma.sauce.conf.js`, `webpack.prod.config.js`).
        FileRoot(r"(?:^|/)[\w-]+(?:\.[\w-]+)?\.conf(?:ig)?(?:\.[\w-]+)?" + _JS, why="tool configuration file",
                 exports=True),
        # ... and its dot-rc file, found by the tool under its own name (`.eslintrc.cjs`, `.prettierrc.js`,
        # `.stylelintrc.mjs`, `.babelrc.js`: `module.exports = config`).
        FileRoot(r"(?:^|/)\.[\w-]+rc(?:\.[\w-]+)?" + _JS, why="tool configuration file (dot-rc)", exports=True),
    ),
    config_files=_CONFIG_FILES,
    read_config=modules_named,
    # Called by the language: `${x}`, JSON.stringify, arithmetic, await (thenables), iteration.
    protocol_methods=frozenset({"constructor", "toString", "toJSON", "valueOf", "then", "next", "return", "throw",
                                "toLocaleString"}),
)
