"""Module aliases a bundler's configuration declares (webpack's and Vite's `resolve.alias`): a project may
import `sumo/js/charts` where webpack.config.js says `alias: { sumo: path.resolve(__dirname, "static/sumo") }`.

Only aliases whose target is written out are read: a string path (`"./src"`, `"/src"` from the config's
folder), `path.resolve(__dirname, "a", "b")` / `path.join(...)` / `resolve(__dirname, ...)`, and
`fileURLToPath(new URL("./src", import.meta.url))`; as an object's keys (`"@": ...`, `sumo: ...`, webpack's
exact-match `name$`) or as Vite's `{ find: "@", replacement: ... }` entries. An alias to a package (`"tom-select/
dist"`) or one computed from variables is left to the other resolution steps.
"""

from __future__ import annotations

import posixpath
import re

# `alias:` (or `alias =`) opening an object or an array literal
_ALIAS_OPENING = re.compile(r"\balias\s*[:=]\s*([{\[])")
_KEY = r"""(?:["']([^"']+)["']|([A-Za-z_$@~][\w$@~-]*))"""
_TARGET = (r"""(?:path\.)?(?:resolve|join)\(\s*__dirname\s*((?:,\s*["'][^"']*["']\s*)+)\)"""
           r"""|fileURLToPath\(\s*new\s+URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)\s*\)"""
           r"""|["']([./][^"']*)["']""")
_OBJECT_ENTRY = re.compile(_KEY + r"\s*:\s*(?:" + _TARGET + ")")
_FIND_ENTRY = re.compile(r"""find\s*:\s*["']([^"']+)["']\s*,\s*replacement\s*:\s*(?:""" + _TARGET + ")")
_PARTS = re.compile(r"""["']([^"']*)["']""")
BUNDLER_CONFIG = re.compile(r"(?:^|/)(?:webpack|vite|vitest|rollup|rspack)(?:\.[\w-]+)*\.(?:[cm]?[jt]s)$")


def _closing(text: str, start: int) -> int:
    """The index after the bracket that closes the one at `start` (strings and nesting followed roughly)."""
    opening = text[start]
    closing = "}" if opening == "{" else "]"
    depth = 0
    for index in range(start, len(text)):
        char = text[index]
        if char == opening:
            depth += 1
        elif char == closing:
            depth -= 1
            if depth == 0:
                return index + 1
    return len(text)


def _target(config_dir: str, joined: str | None, url: str | None, literal: str | None) -> str | None:
    """The repository path an alias names, or None when it leaves the repository."""
    if joined is not None:
        relative = posixpath.join(".", *_PARTS.findall(joined))
    elif url is not None:
        relative = url
    else:
        relative = literal.lstrip("/") if literal.startswith("/") else literal  # Vite: `/src` is the project root
    path = posixpath.normpath(posixpath.join(config_dir, relative))
    if path.startswith(".."):
        return None
    return "" if path == "." else path


def bundler_aliases(config_path: str, text: str) -> list[tuple[str, str]]:
    """(alias, repository path) of each alias the configuration file declares with a written-out target."""
    config_dir = posixpath.dirname(config_path)
    found: list[tuple[str, str]] = []
    for opening in _ALIAS_OPENING.finditer(text):
        block = text[opening.start(1):_closing(text, opening.start(1))]
        if opening.group(1) == "{":
            entries = [(quoted or bare, joined, url, literal)
                       for quoted, bare, joined, url, literal in _OBJECT_ENTRY.findall(block)]
        else:
            entries = _FIND_ENTRY.findall(block)
        for alias, joined, url, literal in entries:
            target = _target(config_dir, joined or None, url or None, literal or None)
            if target is not None and alias not in ("find", "replacement"):
                found.append((alias.removesuffix("$"), target))
    return found


def aliased(specifier: str, aliases: list[tuple[str, str]]) -> list[str]:
    """The repository paths a specifier may name through the aliases (an alias is a whole first part:
    `sumo` maps `sumo/js/x`, not `sumoLogic`), longest alias first."""
    paths = []
    for alias, target in sorted(aliases, key=lambda pair: -len(pair[0])):
        if specifier == alias:
            paths.append(target)
        elif specifier.startswith(alias.rstrip("/") + "/"):
            paths.append(posixpath.join(target, specifier[len(alias.rstrip("/")) + 1:]))
    return paths
