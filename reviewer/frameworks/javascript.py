"""JavaScript and TypeScript themselves: the methods the runtime calls by name, ambient declarations,
and the files every JS tool reads by their name (configuration files, generated modules)."""

from . import FileRoot, Framework

_JS = r"\.(?:[cm]?[jt]sx?)$"

FRAMEWORK = Framework(
    name="JavaScript",
    docs="https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Iteration_protocols",
    files=(
        FileRoot(r"\.d\.[cm]?ts$", why="TypeScript ambient declarations (merged by name)"),
        FileRoot(r"(?:^|/)[^/]+\.gen" + _JS, why="generated code (its generator and its readers agree on names)"),
        # A tool reads what its configuration file exports (`export default defineConfig(...)`).
        FileRoot(r"(?:^|/)[^/.]+\.config(?:\.[\w-]+)?" + _JS, why="tool configuration file", exports=True),
        # ... and its dot-rc file, found by the tool under its own name (`.eslintrc.cjs`, `.prettierrc.js`,
        # `.stylelintrc.mjs`, `.babelrc.js`: `module.exports = config`).
        FileRoot(r"(?:^|/)\.[\w-]+rc(?:\.[\w-]+)?" + _JS, why="tool configuration file (dot-rc)", exports=True),
    ),
    # Called by the language: `${x}`, JSON.stringify, arithmetic, await (thenables), iteration.
    protocol_methods=frozenset({"constructor", "toString", "toJSON", "valueOf", "then", "next", "return", "throw",
                                "toLocaleString"}),
)
