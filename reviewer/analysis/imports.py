"""Unused imports: names an import binds that nothing else in the file mentions.

The scan reads the mentions from the text (ImportRef.unmentioned), not only the usage graph, so that every mention counts: string
annotations, `__all__`, docstrings, comments, JSX pragmas. Not reported (an import there
may be for its effect or for users): `__init__.py` and `index.*` barrels, `from __future__`,
side-effect imports, dotted `import a.b` and plain imports of project modules, `import x as
x` re-exports, indented imports (`try:`/`if TYPE_CHECKING:`/function bodies), lines with a
`noqa` or `eslint-disable` comment, `React` in a JSX file, pytest fixtures imported to be
requested by parameter name, names other files import from the module (re-exports), and
project names imported into a module a framework loads to register them (`tasks.py`,
`models.py`, `admin.py`, `signals.py`, Alembic's `env.py`). An import whose own line says it is kept on purpose
(`# backwards compat`, `# used by plugins`) is a candidate under any floor, as the guard makes a
definition so kept (guard.py, dead/guard-kept-comment).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..schema.facts import FileFacts, ImportRef
from .guard import GUARDED_CONFIDENCE
from .resolve import ProjectIndex
from .roles import is_barrel_path



@dataclass
class UnusedImport:
    name: str  # the local binding
    source: str  # the module as written
    line_start: int
    line_end: int
    confidence: int
    kept: str | None = None  # what its line says to keep it: then a candidate, not a finding
    loads_module: bool = True  # False for types only (`import type`, any import of a declaration file)
    statement_line: int = 0  # where its import statement starts (line_start is the name's own line)


# Modules a framework imports to find what they define: an import there registers the
# imported task, model or receiver (celery autodiscovery, Django app loading).
_REGISTRATION_MODULES = re.compile(r"(?:^|/)(?:tasks|models|admin|signals|receivers|handlers|apps)\.py$")
_DECLARATION_FILE = re.compile(r"\.d\.[cm]?ts$")


def read_chains(facts: FileFacts) -> list[str]:
    """The names and dotted chains a file reads: its top-level code's and every symbol's."""
    return [*facts.module_references, *(reference for sym in facts.symbols for reference in sym.references)]


def imported_from(index: ProjectIndex) -> dict[str, set[str]]:
    """File -> the names other project files import from it, or read from it as a module's attributes
    (`from evennia.server import signals` then `signals.post_save`): a name a module imports and others
    take from it is re-exported, used or not in its own text."""
    found: dict[str, set[str]] = {}
    for path, facts in index.files.items():
        for ref in facts.imports:
            source = index.resolve_import(path, ref) if ref.names else None
            if source is not None and source != path:
                found.setdefault(source, set()).update(n.name for n in ref.names)
        modules = _module_bindings(index, path)
        if not modules:
            continue
        for chain in read_chains(facts):
            head, dot, rest = chain.partition(".")
            module = modules.get(head) if dot else None
            if module is not None:
                found.setdefault(module, set()).add(rest.split(".", 1)[0])
    return found


def _module_bindings(index: ProjectIndex, path: str) -> dict[str, str]:
    """The names a file binds to a whole project module (`import pkg.mod as m`, `from pkg import mod`) -> its file."""
    found: dict[str, str] = {}
    for local in index.bindings(path):
        target = index.export_target(path, local)
        if target is not None and target.is_module and target.path != path and target.path in index.files:
            found[local] = target.path
    return found


def unused_imports(index: ProjectIndex, facts: FileFacts, requested: set[str],
                   reexported: set[str], registers: bool = False) -> list[UnusedImport]:
    """The import bindings of one file that nothing else in it mentions (the scan read the
    mentions). `reexported`: the names other project files import from it (a module that
    re-exports some names is a re-export module: its other unused imports are only doubtful).
    `registers`: a framework runs the file, and its imports of project modules are for what loading
    them does (Alembic's env.py), as a registration module's are."""
    if is_barrel_path(facts.path):
        return []
    python = facts.language == "python"
    declarations = bool(_DECLARATION_FILE.search(facts.path))  # a .d.ts loads nothing: its imports are types
    registration = python and (registers or bool(_REGISTRATION_MODULES.search(facts.path)))
    reexported = reexported & set(index.bindings(facts.path))  # imported here, imported from here
    found: list[UnusedImport] = []
    for ref in facts.imports:
        if ref.kind in ("dynamic", "side_effect") or ref.star or ref.source == "__future__" or not ref.reportable:
            continue
        project = index.resolve_import(facts.path, ref) is not None
        for local, confidence in _bindings(index, facts, ref, python):
            # JSX compiles to React.createElement under the classic runtime (a .js file of create-react-app too)
            jsx_scope = local == "React" and (facts.jsx or facts.path.endswith(("x", "X")))
            if local in requested or local in reexported or jsx_scope:
                continue
            if registration and project:
                continue
            if reexported:
                confidence -= 30
            if ref.kept:
                confidence = min(confidence, GUARDED_CONFIDENCE)
            if local in ref.unmentioned:
                at = ref.unmentioned.index(local)
                line = ref.unmentioned_lines[at] if at < len(ref.unmentioned_lines) else ref.line
                found.append(UnusedImport(local, ("." * ref.level) + ref.source, line,
                                          ref.line_end if line == ref.line else line, confidence, ref.kept,
                                          loads_module=not (ref.type_only or declarations), statement_line=ref.line))
    return found


_DUNDER = re.compile(r"__\w+__")


def _bindings(index: ProjectIndex, facts: FileFacts, ref: ImportRef, python: bool) -> list[tuple[str, int]]:
    """(local name, confidence) per binding the import makes that may be reported."""
    out: list[tuple[str, int]] = []
    for imported in ref.names:
        if imported.alias is not None and imported.alias == imported.name or not imported.binds:
            continue  # `from a import b as b`, `export {b as b}`: an explicit re-export; `{ b: { c } }`: no binding
        if python and _DUNDER.fullmatch(imported.alias or imported.name):
            continue  # `from .cli import __all__`, `__version__`: the module's own metadata, read by users and `*`
        out.append((imported.alias or imported.name, 90))
    if ref.namespace and not ref.names:
        if python and "." in ref.namespace:
            return out  # `import a.b` binds a and may be for its effect
        if python and ref.namespace == ref.source and index.resolve_import(facts.path, ref) is not None:
            return out  # `import signals`: a project module, maybe imported for its effect
        out.append((ref.namespace, 80 if python and ref.namespace == ref.source else 90))
    return out
