"""Roots that documentation pages and tool commands name, read from the texts the scan read
(ScanResult.config_files): the API reference (Sphinx autodoc, mkdocstrings), sources a page
includes or runs, typing tests a type checker is pointed at; and what standard-library bases
define. What a framework reads by name lives in reviewer/frameworks/, one module per framework."""

from __future__ import annotations

import importlib
import posixpath
import re
import sys
import tomllib
from dataclasses import dataclass
from typing import Iterable, Iterator, Mapping

from ..frameworks import npm_scripts
from ..frameworks.python import OPTIONAL_HOOKS
from .roles import is_test_path

# The API reference a project publishes: Sphinx autodoc directives (`.. automodule:: pkg.mod` with
# `:members:`, `.. autoclass:: pkg.mod.Name`, autofunction, autoexception...) and mkdocstrings'
# `::: pkg.mod.Name`. What it documents is offered to users, whoever calls it here (an exception
# class documented by `automodule:: pkg.exceptions` that the package itself never raises).
_AUTODOC = re.compile(r"^\s*\.\.\s+auto(module|class|exception|function|method|data|attribute)::\s*([\w.]+)[^\n]*"
                      r"((?:\n[ \t]+:[\w-]+:[^\n]*)*)", re.M)
_MKDOCSTRINGS = re.compile(r"^:::\s*([\w.]+)\s*$", re.M)
_DOC_SUFFIXES = (".rst", ".md", ".txt")
_DOC_FILES_MAX = 2000


@dataclass(frozen=True)
class DocumentedName:
    where: str  # the documentation file that names it
    members: bool  # its members are documented too (`:members:`; mkdocstrings does by default)


# Source files a documentation page includes whole: pymdownx.snippets' `--8<-- "docs/src/app.py"`
# (relative to the project root), Sphinx's `.. literalinclude:: ../examples/app.py` (relative to the
# page), MkDocs macros' `{* ./docs_src/app.py *}`. What they define is shown to readers, used or not.
_SNIPPET = re.compile(r"""--8<--\s+["']([^"':\n]+)(?::[^"'\n]*)?["']|\{\*\s*([^\s*]+)\s""")
_LITERALINCLUDE = re.compile(r"^\s*\.\.\s+literalinclude::\s*(\S+)", re.M)
# markdown-include's `{!src/example.py!}` (and `{!src/example.py!lines=1 3-8!}`), relative to its base_path:
# the folder mkdocs runs in by default, often set to docs/.
_MARKDOWN_INCLUDE = re.compile(r"\{!\s*([^!\s{}]+?)\s*!(?:[^!{}\n]*!)?\}")


def _documentation_pages(texts: Mapping[str, str]) -> Iterator[tuple[str, str]]:
    """(repo-relative path, text) of the documentation pages under docs/ or doc/ (the scan read them:
    frameworks.MANIFEST_FILES)."""
    pages = [path for path in sorted(texts) if path.startswith(("docs/", "doc/")) and path.endswith(_DOC_SUFFIXES)]
    for path in pages[:_DOC_FILES_MAX]:
        yield path, texts[path]


def documentation_includes(texts: Mapping[str, str]) -> dict[str, str]:
    """Repo-relative paths of the source files documentation pages include -> the page."""
    found: dict[str, str] = {}
    for where, text in _documentation_pages(texts):
        if "--8<--" in text or "{*" in text:
            for snippet, macro in _SNIPPET.findall(text):
                found.setdefault(posixpath.normpath(snippet or macro), where)
        if "literalinclude" in text:
            for included in _LITERALINCLUDE.findall(text):
                base = "" if included.startswith("/") else posixpath.dirname(where)
                found.setdefault(posixpath.normpath(posixpath.join(base, included.lstrip("/"))), where)
        if "{!" in text:  # the base path is the page's folder or one above it, up to the repository's root
            folder = posixpath.dirname(where)
            for included in _MARKDOWN_INCLUDE.findall(text):
                base = folder
                while True:
                    found.setdefault(posixpath.normpath(posixpath.join(base, included)), where)
                    if not base:
                        break
                    base = posixpath.dirname(base)
    return found


# Code a documentation page runs when it is built: cog's `[[[cog ... ]]]` blocks (a project regenerating
# its pages with `cog -r docs/*.rst`: `from metadata_doc import config_example` then a call).
_COG_BLOCK = re.compile(r"\[\[\[cog(.*?)\]\]\]", re.S)
_COG_IMPORT = re.compile(r"^\s*from\s+([\w.]+)\s+import\s+([\w, ]+)|^\s*import\s+([\w.]+)", re.M)


def documentation_code_imports(texts: Mapping[str, str]) -> dict[tuple[str, str], str]:
    """(module as imported, name or "*" for a whole module) that the code of documentation pages
    imports -> the page. The module is looked up beside the page first (cog runs in docs/)."""
    found: dict[tuple[str, str], str] = {}
    for where, text in _documentation_pages(texts):
        if "[[[cog" not in text:
            continue
        for block in _COG_BLOCK.findall(text):
            for module, names, whole in _COG_IMPORT.findall(block):
                if whole:
                    found.setdefault((whole, "*"), where)
                for name in (n.strip() for n in names.split(",")):
                    if name:
                        found.setdefault((module, name), where)
    return found


def documented_names(texts: Mapping[str, str]) -> dict[str, DocumentedName]:
    """Dotted names the project's API reference documents (under docs/ or doc/): dotted name -> where."""
    found: dict[str, DocumentedName] = {}
    for where, text in _documentation_pages(texts):
        if ".. auto" in text:
            for kind, dotted, options in _AUTODOC.findall(text):
                members = kind in ("module", "class", "exception") and ":members:" in options
                found.setdefault(dotted, DocumentedName(where, members))
        if ":::" in text:
            for dotted in _MKDOCSTRINGS.findall(text):
                found.setdefault(dotted, DocumentedName(where, True))
    return found


# Where a project runs a static type checker on a folder of its tests: `mypy tests/typing` in
# tox.ini. Those files are type tests: their functions are never called, their annotations are
# what is checked.
_TYPE_CHECK = re.compile(r"\b(?:mypy|pyright|basedpyright|pyrefly|pytype|ty[ \t]+check)[ \t]+((?:[\w./-]+[ \t]*)+)")
# nox's `session.run("mypy", "tests/typing")`: the command and its arguments as strings
_TYPE_CHECK_CALL = re.compile(r"""["'](mypy|pyright|basedpyright|pyrefly|pytype)["']((?:[ \t]*,[ \t]*["'][\w./-]+["'])+)""")
_TYPE_CHECK_CONFIGS = ("tox.ini", "noxfile.py", "Makefile", "justfile", ".pre-commit-config.yaml", "pyproject.toml",
                       "setup.cfg")


# `tsc --project fixtures/internal-types/tsconfig.bundler.json` in an npm script: the folder of that
# tsconfig is compiled for its types alone (integration fixtures checked against each build).
_TSC_PROJECT = re.compile(r"\btsc\b[^&|;\n]*?(?:-p|--project)[ \t=]+['\"]?([\w./@-]+)")
_TEST_SCRIPT = re.compile(r"(?:test|type-?tests?)\b", re.IGNORECASE)  # `test:types`, `test:typescript`, `typetest`


def type_checked_tests(texts: Mapping[str, str]) -> dict[str, str]:
    """Test folders or files a configured command hands to a type checker: path -> the command
    and where it is written. Only test paths and test inputs (fixtures): `mypy src` checks code
    that runs anyway."""
    found: dict[str, str] = {}
    for manifest in sorted(texts):
        if posixpath.basename(manifest) != "package.json" or "node_modules/" in manifest or manifest.count("/") > 2:
            continue
        where = posixpath.dirname(manifest)
        for name, command in npm_scripts(texts[manifest]).items():
            for match in _TSC_PROJECT.finditer(command):
                config = posixpath.normpath(posixpath.join(where, match.group(1)))
                target = posixpath.dirname(config) if config.endswith(".json") else config
                # a test folder or fixture, or a folder of its own that a script named for tests compiles (reselect's
                # `"test:typescript": "tsc --noEmit -p typescript_test/tsconfig.json"`)
                tests_script = _TEST_SCRIPT.match(name) is not None and target not in (where, ".", "")
                if is_test_path(target + "/x.ts") or tests_script \
                        or any(part in ("fixtures", "__fixtures__") for part in target.split("/")):
                    found.setdefault(target, f"`tsc --project {match.group(1)}` in scripts.{name} of "
                                             f"{manifest} (types checked by the compiler)")
    for target, setting in _type_checker_includes(texts.get("pyproject.toml", "")):
        if is_test_path(target + "/x.py") or posixpath.basename(target).startswith("test"):
            for typing_test in _typing_tests_in(target):
                found.setdefault(typing_test, f"{setting} in pyproject.toml (a typing test)")
    configs = [*_TYPE_CHECK_CONFIGS, *(p for p in sorted(texts) if p.startswith(".github/workflows/"))]
    for config in configs:
        text = _TOX_POSARGS.sub(r"\1", texts.get(config, ""))
        written = [(match.group(0).split()[0], match.group(1).split()) for match in _TYPE_CHECK.finditer(text)]
        written += [(match.group(1), re.findall(r"""["']([\w./-]+)["']""", match.group(2)))
                    for match in _TYPE_CHECK_CALL.finditer(text)]
        for checker, targets in written:
            for target in targets:
                target = posixpath.normpath(target.rstrip("/"))
                if not target.startswith(("-", ".")) and is_test_path(target + "/x.py"):
                    for typing_test in _typing_tests_in(target):
                        found.setdefault(typing_test, f"`{checker} {target}` in {config} (a typing test)")
    return found


# tox's `mypy {posargs:parsel tests}`: the targets when the command line gives none.
_TOX_POSARGS = re.compile(r"\{posargs(?::([^{}]*))?\}")
# A whole test suite handed to a type checker (`mypy src tests`) is type-checked, not made of type tests:
# its helpers are called or dead as any test code. Only its folders of typing tests are read by the checker
# alone (parsel's tests/typing, typeguard's tests/mypy).
_TEST_SUITES = frozenset({"tests", "test", "testing"})
_TYPING_TEST_FOLDERS = ("typing", "typings", "mypy", "types", "type_tests", "typing_tests", "typesafety", "typecheck",
                        "typechecks", "static_typing")


def _typing_tests_in(target: str) -> list[str]:
    """The typing tests a type checker's target holds: the target, or a whole suite's typing folders."""
    if posixpath.basename(target) in _TEST_SUITES:
        return [f"{target}/{folder}" for folder in _TYPING_TEST_FOLDERS]
    return [target]


# The settings of pyproject.toml that list what a type checker checks: (path of keys, what the evidence calls it).
_TYPE_CHECKER_SETTINGS = ((("tool", "mypy", "files"), "[tool.mypy] files"),
                          (("tool", "pyright", "include"), "[tool.pyright] include"),
                          (("tool", "basedpyright", "include"), "[tool.basedpyright] include"),
                          (("tool", "ty", "src", "include"), "[tool.ty.src] include"),
                          (("tool", "pyrefly", "project-includes"), "[tool.pyrefly] project-includes"))


def _type_checker_includes(pyproject: str) -> list[tuple[str, str]]:
    """(folder or file, setting) for each path a type checker's pyproject.toml setting lists."""
    if "[tool." not in pyproject:
        return []
    try:
        data = tomllib.loads(pyproject)
    except tomllib.TOMLDecodeError:
        return []
    found = []
    for keys, setting in _TYPE_CHECKER_SETTINGS:
        value: object = data
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        paths = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else []
        found += [(posixpath.normpath(str(path).strip().rstrip("/")), setting) for path in paths
                  if isinstance(path, str) and path.strip() and "*" not in path]
    return found


def under_type_checker(path: str, targets: Iterable[str]) -> str | None:
    """The target of type_checked_tests that holds this file (itself or its folder), if any."""
    return next((target for target in targets if path == target or path.startswith(target + "/")), None)


def type_checked_files(texts: Mapping[str, str], paths: Iterable[str]) -> frozenset[str]:
    """The files of typing tests (see type_checked_tests): examples a type checker reads and nothing
    runs, each self-contained on purpose (one per checker, one per configuration)."""
    targets = type_checked_tests(texts)
    return frozenset(path for path in paths if under_type_checker(path, targets))


def stdlib_base_defines(module: str, cls: str, name: str) -> bool | None:
    """Whether a standard-library class defines `name` (`argparse.HelpFormatter._split_lines`): True/False
    from the class itself or the hooks it calls when defined (frameworks/python.py OPTIONAL_HOOKS), None when
    the base is not in the standard library. (The names such a class builds, `do_` + a method, are
    frameworks/python.py's.)"""
    if module.split(".", 1)[0] not in sys.stdlib_module_names:
        return None
    if name in OPTIONAL_HOOKS.get(f"{module}.{cls}", ()):
        return True
    try:
        base = getattr(importlib.import_module(module), cls)
    except (ImportError, AttributeError, SyntaxError):
        return None
    return hasattr(base, name)
