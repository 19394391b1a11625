"""Utility: USED, DEAD or LOW_VALUE per symbol, from reachability over the usage graph.

A symbol is alive when something alive reaches it, starting from roots: every file's
top-level code, test code, declared entry points, a package's public API, framework
registrations (decorators), class registries, and files that look names up dynamically.
Class members are alive only when their class is (then also when they are dunder or
protocol methods, overrides, or named by any `.name` access). Nested functions live and
die with their parent. Everything else is DEAD, with the evidence in the detail.

Static analysis lies in known places, so every fuzzy path (attribute names, string
literals, dynamic access, external base classes) keeps a symbol USED with a lower
confidence rather than calling it dead.

Libraries are read as their users see them. A project that declares no place where it
starts (no console script, `__main__.py`, package.json bin/main: see entrypoints) is a
library: the public methods of its live public classes are USED with a lower confidence
(in an application, only those of classes its top-level API exports). A public module of
a package that no project file imports is library API or a plugin: USED, low confidence.
"""

from __future__ import annotations

import bisect
import posixpath
import re
from collections import defaultdict, deque
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Iterable

from ..schema.facts import FileFacts, Symbol
from ..frameworks import declared_in, import_root, normalize, registry
from ..frameworks.alembic import environment_scripts, revision_scripts
from ..frameworks.django import migration_files
from ..frameworks.react import jsx_factories
from .bodies import returns_its_argument
from .branches import DeadBranches
from .entrypoints import EntryPoints
from .resolve import BUILTIN_NAMES, ProjectIndex, name_chain
from .lint_config import unused_import_ignores
from .roles import is_dunder, is_example_path, is_private, is_test_input_path, is_test_path
from .cascade import group_cascades
from .dynamic import dynamic_reach
from .guard import GUARDED_CONFIDENCE, RULE_TEST_INPUT, Guard, guard_namesakes, kept_rule
from .imports import imported_from, read_chains, unused_imports
from .testcode import TestRoots, fixture_decorator, fixture_name, type_assertion
from .roots import (documentation_code_imports, documentation_includes, documented_names, stdlib_base_defines,
                    type_checked_tests, under_type_checker)
from .usage import MODULE, READS_NAMESPACE, UsageGraph
from ..schema.evidence import AxisAssessment, FileFinding, SymbolKey, assessment

# A Django template library's registrations, and the name one gives (`@register.filter("hash")`,
# `name="x"`; an inclusion tag's first string is its template, never a bare name).
_TEMPLATE_LIBRARY = re.compile(r"(?:\w+\.)*register\.(?:filter|simple_tag|inclusion_tag|tag)")
_REGISTERED_AS = re.compile(r"""(?:\(\s*|name\s*=\s*)["'](\w+)["']""")
# `private m()` / `protected readonly x` in TypeScript: members outside the public surface.
_TS_MODIFIERS = r"^\s*(?:(?:public|static|readonly|async|override|abstract|declare)\s+)*"
_TS_HIDDEN_MEMBER = re.compile(_TS_MODIFIERS + r"private\b")
# A protected member is its class's API for subclasses (`Schema._regex`), whatever its name says.
_TS_PROTECTED_MEMBER = re.compile(_TS_MODIFIERS + r"protected\b")

DEFAULT_MIN_CONFIDENCE = 70  # config analysis.min_confidence: under it a DEAD verdict is not a finding


# Calls and names through which a module lists its own (or another module's) members.
_INTROSPECTION_CALLS = frozenset({"getmembers", "globals", "vars"})


def _introspects(facts: FileFacts) -> bool:
    """`inspect.getmembers(sys.modules[__name__])`, `globals()`, `vars(module)`, `locals()` in top-level code
    (there the module's names: `"{build_type}".format_map(locals())`): names are
    found by listing, which the scanner's `dynamic_access` (computed keys) does not see. A
    scope reading `sys.modules` lists this file's names only with `__name__` at hand: a
    `sys.modules["__main__"]` reads the program's module, not its own."""
    calls = list(facts.module_calls)
    scopes = [facts.module_references, *(sym.references for sym in facts.symbols)]
    for sym in facts.symbols:
        calls.extend(sym.calls)
    return any(name_chain(c)[-1:] and name_chain(c)[-1] in _INTROSPECTION_CALLS for c in calls) or \
        any(name_chain(c) == ("locals",) for c in facts.module_calls) or \
        any("__name__" in refs and any(r.startswith("sys.modules") for r in refs) for refs in scopes)


def _root_kind(reason: str) -> str:
    """A root's reason, as the kind named in "checked ..." texts."""
    for prefix, kind in (("top-level code", "top-level code"), ("test code", "tests"),
                         ("entry point", "entry points"), ("registered by decorator", "decorator registrations"),
                         ("read by name by convention", "convention roots"), ("public", "public API names"),
                         ("declared public", "public API names"), ("subclass", "framework/registry subclasses")):
        if reason.startswith(prefix):
            return kind
    return "other roots (protocol methods, dynamic lookups, hooks)"


# Decorators that add a function to a property-like descriptor (`@x.setter`; SQLAlchemy's hybrids also
# `@x.expression`, `@x.inplace.setter`...): under the property's own name they only rebind it.
_ACCESSOR_DECORATORS = (".setter", ".getter", ".deleter", ".expression", ".comparator", ".update_expression")


@dataclass
class Liveness:
    live: dict[SymbolKey, str] = field(default_factory=dict)  # node -> why it is a root / first reason
    roots: dict[SymbolKey, str] = field(default_factory=dict)
    reached_by_attribute: set[SymbolKey] = field(default_factory=set)
    reached_by_string: set[SymbolKey] = field(default_factory=set)


_SUBCLASSES = ".__subclasses__"  # `Base.__subclasses__()`: the code enumerates the subclasses of Base
_MIXIN_SUBCLASSES = 50  # subclasses of a mixin looked at, at most: a widely used base is no mixin

# A value whose evaluation acts on the world: constructs an object (a widget, an observer), starts a timer,
# or attaches a listener.
_EFFECTFUL_VALUE = re.compile(r"\bnew\s+[A-Z$_]|\b(?:setInterval|setTimeout|addEventListener|subscribe|observe)\s*\(")
# A decorator whose name says it registers what it decorates (`@register_trainer`, `@admin.register(M)`).
_REGISTERING = re.compile(r"regist", re.IGNORECASE)
# Calls that only build a value (a pattern, a collection, a type variable): a constant holding one has
# no effect of its own to keep.
_PURE_CALLS = frozenset({"re.compile", "frozenset", "set", "tuple", "dict", "list", "TypeVar", "NewType",
                         "namedtuple", "collections.namedtuple", "typing.TypeVar", "object", "Object.freeze",
                         "Symbol"})

# A value that is one call's result: `register({...})`, `register<Data>({...})`.
_CALLED_VALUE = re.compile(r"\s*([A-Za-z_$][\w$.]*)\s*(?:<[^()]*>)?\s*\(")

# What a JS/TS file may name the global object by.
_GLOBAL_OBJECTS = frozenset({"globalThis", "window", "global", "self"})


def _runs_without_the_file(sym: Symbol | None) -> bool:
    """A root that something outside the file reaches: a top-level function, class or variable. A
    method (of a class, or of an object literal handed to a call) is live only once the file runs."""
    return sym is not None and sym.parent is None and sym.kind != "method"


def _guarded_import(path: str, unused, rule: str, why: str) -> FileFinding:
    """An unused import a guard keeps out of the findings: a candidate, with the guard's evidence."""
    return FileFinding(path=path, symbol=None, axis="utility", verdict="DEAD", line_start=unused.line_start,
                       line_end=unused.line_end, severity="low", confidence=GUARDED_CONFIDENCE, rule=rule,
                       message=f"unused import {unused.name} (from {unused.source}): nothing else in the file names "
                               f"it; but {why}: not a finding ({rule}), a candidate to check")


def _bare_import(language: str, source: str) -> str:
    """The statement that loads a module without binding a name from it."""
    if language != "python":
        return f'import "{source}"'
    if source.startswith("."):  # `from . import mod` / `from .pkg import mod`
        dots = len(source) - len(source.lstrip("."))
        package, _, module = source[dots:].rpartition(".")
        return f"from {'.' * dots}{package} import {module}" if module else f"from {'.' * dots} import ..."
    return f"import {source}"


# The pytest plugins whose fixtures a framework module lists (dead/guard-plugin-fixture guards the others).
_PLUGINS_WITH_KNOWN_FIXTURES = frozenset(normalize(name) for framework in registry() if framework.test_fixtures
                                         for name in framework.enabled_by if not name.startswith(("file:", "uses:")))
# Public names of the library's own modules one unused import statement binds, from which it is a list
# of names offered to users (dead/guard-library-reexport).
REEXPORT_LIST = 3


class UtilityAnalysis:
    def __init__(self, index: ProjectIndex, graph: UsageGraph, entry_points: EntryPoints,
                 min_confidence: int = DEFAULT_MIN_CONFIDENCE,
                 per_file: Callable[[Callable], Callable] | None = None) -> None:
        """`per_file`: wraps a function of one file's facts alone in a cache (the analysis cache)."""
        self.index = index
        self.graph = graph
        self.entry_points = entry_points
        self.test_files = {p for p in index.files if is_test_path(p)}
        self.liveness = Liveness()
        self.public_api: dict[SymbolKey, str] = {}  # filled by _roots
        self.root_confidence: dict[SymbolKey, int] = {}  # roots weaker than the default 85
        self.registry_bases: set[SymbolKey] = set()
        self._entry_modules: set[str] | None = None
        self.knowledge = index.knowledge
        self.texts = index.scan.config_files
        self.type_checked_tests = type_checked_tests(self.texts)
        introspects = per_file(_introspects) if per_file is not None else _introspects
        self.dynamic = dynamic_reach(index, {path for path, facts in index.files.items() if introspects(facts)})
        self.dynamic_files = set(self.dynamic.whole_files) | set(self.dynamic.scopes) | self.dynamic.foreign
        self.dead_by: dict[SymbolKey, set[SymbolKey]] = {}  # cascade member -> dead symbols keeping it dead
        self.guard = Guard(index, self.liveness.live, graph.symbols_by_name)
        self._dependencies: dict[str, str] | None = None  # _declared_dependencies
        self._package_importers: dict[str, int] | None = None  # _importers_of_package
        self.min_confidence = min_confidence
        self._holders: set[SymbolKey] | None = None
        self._roots_summary: str | None = None
        self._prefix_memo: dict[str, list[str]] = {}
        self._external_memo: dict[int, tuple[Symbol, list[str]]] = {}  # external_bases by symbol
        self._computed_attribute_prefixes: set[str] | None = None  # _attribute_prefixes
        self._fixtures_by_name: dict[str, list[str]] | None = None  # _fixture_places
        self._snapshots: frozenset[str] | None = None  # _migration_snapshots
        self._inherited_memo: dict[SymbolKey, tuple[tuple[str, str], ...]] = {}  # inherited_external_bases
        self._ancestors_memo: dict[SymbolKey, list] = {}  # _ancestors by class
        self._mixin_memo: dict[SymbolKey, list[tuple[SymbolKey, str, str]]] = {}  # _mixin_hosts by class
        self._lookup_strings: dict[str, set[str]] | None = None
        self.top_level_names: dict[str, list[SymbolKey]] = defaultdict(list)  # functions and classes
        for path, facts in index.files.items():
            for sym in facts.symbols:
                if sym.parent is None and sym.kind in ("function", "class"):
                    self.top_level_names[sym.name].append((path, sym.qualified_name))

    # ---------------------------------------------------------------- roots

    def _dynamic_prefixes(self, path: str, facts: FileFacts) -> list[str]:
        """Literal parts of computed names (`"_on_" + kind`, `f"_render_{style}"`) that begin
        names defined in the file: they narrow a dynamic lookup to those names."""
        found = self._prefix_memo.get(path)
        if found is None:
            names = sorted({sym.name for sym in facts.symbols})
            literals = set(facts.string_literals)
            literals.update(facts.name_fragments)
            found = []
            for literal in sorted(literals):
                # the first name after `literal` in sorted order starts with it, if any name does
                at = bisect.bisect_right(names, literal)
                if len(literal) >= 2 and at < len(names) and names[at].startswith(literal):
                    found.append(literal)
            self._prefix_memo[path] = found
        return found

    def lookup_strings(self) -> dict[str, set[str]]:
        """Identifier strings that may become a lookup, name -> files: those in a lookup
        position, and every string of a file that looks names up on objects of unknown type
        (its strings may be the keys it is handed)."""
        if self._lookup_strings is None:
            found = defaultdict(set, {name: set(files) for name, files in self.graph.lookup_string_files.items()})
            for path in self.dynamic.foreign:
                exported = set(self.index.files[path].dunder_all or ())
                for literal in set(self.index.files[path].string_literals) - exported:
                    found[literal].add(path)
            self._lookup_strings = found
        return self._lookup_strings

    def _dynamic_reason(self, path: str, facts: FileFacts, sym: Symbol) -> str | None:
        """Why a computed lookup may reach the symbol: its file is wholly dynamic, or a lookup
        on its module (globals(), `getattr(mod, ...)`) or on its class or an ancestor's file
        (`getattr(self, ...)`) matches its name."""
        if path in self.dynamic.whole_files:
            prefixes = self._dynamic_prefixes(path, facts)
            matched = [p for p in prefixes if sym.name.startswith(p)]
            if matched:
                return f"{path} looks up names starting with '{matched[0]}' dynamically"
            return self.dynamic.whole_files[path] if not prefixes else None
        top_level = sym.parent is None
        files = [path]
        if not top_level and self._kind_of_parent(path, sym) == "class":
            files += [base.path for base in self._ancestors((path, sym.parent or ""))]
        for where in dict.fromkeys(files):
            if where in self.dynamic.scopes:
                reason = self.dynamic.reason(where, sym.name, top_level,
                                             self._dynamic_prefixes(where, self.index.files[where]))
                if reason:
                    return reason
        return None

    def _ancestors(self, key: SymbolKey) -> list:
        """The project classes a class inherits from, nearest first. Kept per class: every method of
        a class asks for its class's (the index does not change while it is read)."""
        found = self._ancestors_memo.get(key)
        if found is None:
            found = self._ancestors_memo[key] = self._find_ancestors(key)
        return found

    def _find_ancestors(self, key: SymbolKey) -> list:
        found, todo, seen = [], [key], {key}
        while todo:
            for base in self.index.base_classes(*todo.pop()):
                base_key = (base.path, base.qualified_name or "")
                if base_key not in seen:
                    seen.add(base_key)
                    found.append(base)
                    todo.append(base_key)
        return found

    def _global_dynamic_prefixes(self) -> dict[str, str]:
        """Computed-name fragments (`"_get_" + name`) of files with dynamic access: a helper in
        one module may look up methods of classes defined in another. Prefix -> file."""
        found: dict[str, str] = {}
        names = sorted(self.graph.symbols_by_name)
        for path, facts in self.index.files.items():
            if path not in self.dynamic_files or path in self.test_files:
                continue
            for fragment in facts.name_fragments:
                at = bisect.bisect_right(names, fragment)
                if len(fragment) >= 3 and at < len(names) and names[at].startswith(fragment):
                    found.setdefault(fragment, path)
        return found

    def _dotted_path_strings(self) -> dict[SymbolKey, str]:
        """Symbols named by a dotted path in a Python string ("app.auth.services.handler" in
        Django settings, celery routes, `import_string`) or in a text file (a plugin listed as
        `pkg.plugins.rewrite.Plugin:` in a YAML file, a logging handler's `class:`, a worker
        started on `main.huey` by a shell script; see scan.words): loaded by that name at run time."""
        found: dict[SymbolKey, str] = {}
        for target, attribute, dotted, where in self._dotted_paths:
            qname = self.index.top_level.get(target, {}).get(attribute)
            if qname is None:
                continue
            found.setdefault((target, qname), f"named by the dotted path '{dotted}' in {where}")
            # What loads a class by its dotted path (MIDDLEWARE, AUTHENTICATION_BACKENDS, a logging
            # handler) calls its hooks by name: `process_response`, `authenticate`, `emit`.
            for member in self.index.members.get((target, qname), []):
                sym = self.index.symbols[target].get(member)
                if sym is not None and sym.kind == "method" and not is_private(sym.name):
                    found.setdefault((target, member), f"a method of {qname}, which is loaded by the dotted path "
                                                       f"'{dotted}' in {where}")
        return found

    @cached_property
    def _jsx_factories(self) -> set[str]:
        """The names compiled JSX calls (React's classic runtime): a JSX file's import of them is used by every tag."""
        return jsx_factories(self.texts)

    @cached_property
    def _named_bindings(self) -> dict[str, set[str]]:
        """Per module, the names a dotted path outside it reads as its attributes (`huey_consumer
        main.huey`): an import there that binds such a name is how the module offers it, not unused."""
        found: dict[str, set[str]] = {}
        for target, attribute, _, _ in self._dotted_paths:
            found.setdefault(target, set()).add(attribute)
        return found

    @cached_property
    def _dotted_paths(self) -> list[tuple[str, str, str, str]]:
        """(module file, attribute, dotted path, where) for each dotted path written in the project
        whose module part is a project module: resolved from the root, or from the writing file's
        folder (a script started from its own folder imports its neighbours)."""
        mentions = self.index.scan.mentions if self.index.scan is not None else {}
        written = [(dotted, where, f"{where} line {line}") for dotted, places in mentions.items() if "." in dotted
                   for where, line, _ in places]
        written += [(dotted, path, f"a string in {path}") for path, facts in self.index.files.items()
                    if facts.language == "python" for dotted in [*facts.dotted_strings, *facts.import_strings]]
        found = []
        for dotted, writer, where in written:
            module, _, attribute = dotted.rpartition(".")
            beside = None if writer in self.index.files else self.index.python_file_at(
                posixpath.join(posixpath.dirname(writer), *module.split(".")))
            target = beside or self.index.module_file(module)
            if target is not None:
                found.append((target, attribute, dotted, where))
        return found

    def _declarations_of_implementations(self) -> dict[SymbolKey, str]:
        """The exports of a declaration file `X.d.ts` beside the `X.jsx` it describes: an import of X
        runs X.jsx and type-checks against X.d.ts, so the declarations live as long as X does."""
        found = {}
        for path, facts in self.index.files.items():
            implementation = self.index.declaration_companion(path) if path.endswith(".d.ts") else None
            if implementation in self.graph.imported_files:
                for sym in facts.symbols:
                    if sym.parent is None and sym.exported:
                        found[(path, sym.qualified_name)] = f"declares the types of {implementation}, which is imported"
        return found

    def _global_types(self) -> dict[SymbolKey, str]:
        """Exported TS types and interfaces that other files name without importing or defining
        them: TypeScript allows that only for a global (`declare global { export type Uuid = ... }`),
        so those files use it."""
        exported = {}
        for path, facts in self.index.files.items():
            if facts.language in ("typescript", "tsx"):
                for sym in facts.symbols:
                    if sym.parent is None and sym.exported and sym.kind in ("type", "interface"):
                        exported.setdefault(sym.name, []).append((path, sym.qualified_name))
        if not exported:
            return {}
        namers: dict[str, int] = {}
        for path, facts in self.index.files.items():
            if facts.language not in ("typescript", "tsx"):
                continue
            bound = {n.alias or n.name for ref in facts.imports for n in ref.names} | {
                ref.namespace for ref in facts.imports if ref.namespace} | set(self.index.top_level.get(path, {}))
            named = {r.split(".", 1)[0] for sym in facts.symbols for r in sym.references} | set(facts.module_references)
            for name in (named & exported.keys()) - bound:
                namers[name] = namers.get(name, 0) + 1
        return {key: f"a global type: {namers[name]} file(s) name {name} without importing it (declare global)"
                for name, keys in exported.items() if name in namers for key in keys}

    def _global_object_reads(self) -> dict[SymbolKey, str]:
        """JS/TS top-level names read as properties of the global object (`globalThis.X`,
        `window.X`): a `var X` declared at the top of a script is one (jest's global set-up
        hands `globalThis.__TEARDOWN_MESSAGE__` to its tear-down)."""
        read: dict[str, str] = {}
        for path, facts in self.index.files.items():
            if facts.language == "python":
                continue
            for reference in read_chains(facts):
                head, _, rest = reference.partition(".")
                if head in _GLOBAL_OBJECTS and rest:
                    read.setdefault(rest.split(".", 1)[0], path)
        found: dict[SymbolKey, str] = {}
        for path, facts in self.index.files.items():
            if facts.language == "python":
                continue
            for sym in facts.symbols:
                if sym.parent is None and sym.name in read:
                    found[(path, sym.qualified_name)] = f"read as a property of the global object in {read[sym.name]}"
        return found

    def _script_globals(self) -> dict[SymbolKey, str]:
        """Top-level declarations of classic scripts (JS files with no import, export or require: loaded
        by `<script>` tags or a bundler's pre-js, sharing one global scope) that another JavaScript or
        TypeScript file names without defining or importing it itself (`static/js/details.js` calling
        `loadPingDetails` of `ping_details.js`; an ES module calling `wasmFunctionType` of emscripten's
        `pre.js`)."""
        scripts = {path for path, facts in self.index.files.items() if facts.language == "javascript"
                   and not facts.imports and not facts.exports and "require" not in facts.module_calls
                   and not any(call == "require" for sym in facts.symbols for call in sym.calls)}
        if not scripts:
            return {}
        declared: dict[str, list[tuple[str, str]]] = {}
        for path in scripts:
            for sym in self.index.files[path].symbols:
                if sym.parent is None:
                    declared.setdefault(sym.name, []).append((path, sym.qualified_name))
        found: dict[SymbolKey, str] = {}
        for path, facts in self.index.files.items():
            if facts.language not in ("javascript", "typescript", "tsx"):
                continue
            named = {chain.split(".", 1)[0] for chain in [*read_chains(facts), *facts.module_calls]} & declared.keys()
            if path not in scripts:  # a module's own top-level names and imports are its own, not the globals
                named -= {sym.name for sym in facts.symbols if sym.parent is None}
                named -= {n.alias or n.name for ref in facts.imports for n in ref.names}
                named -= {ref.namespace for ref in facts.imports if ref.namespace}
            for name in named:
                for key in declared[name]:
                    if key[0] != path:
                        reader = "script" if path in scripts else "module"
                        found.setdefault(key, f"a global of the classic script {key[0]}, named by the {reader} {path} "
                                              f"(a classic script's top-level names are globals)")
        return found

    def _shell_methods(self) -> dict[SymbolKey, str]:
        """Public methods of the project classes a shell context processor hands to the
        interactive shell, their bases' included (a mixin's `reindex` is called as `Post.reindex()`)."""
        found: dict[SymbolKey, str] = {}
        for path, facts in self.index.files.items():
            for sym in facts.symbols:
                if not any(self.knowledge.shell_decorator(d) for d in sym.decorators):
                    continue
                for target in sorted(self.graph.out_edges.get((path, sym.qualified_name), ())):
                    target_sym = self.index.symbols.get(target[0], {}).get(target[1])
                    if target_sym is None or target_sym.kind != "class":
                        continue
                    classes = [target, *((b.path, b.qualified_name or "") for b in self._ancestors(target))]
                    for class_key in classes:
                        for child in self.index.members.get(class_key, ()):
                            member = self.index.symbols[class_key[0]].get(child)
                            if member is not None and member.kind == "method" and not is_private(member.name):
                                found.setdefault((class_key[0], child),
                                                 f"public method of {target[1]}, which {sym.name} hands to the "
                                                 f"interactive shell (called there by hand)")
        return found

    def _orphan_package_module(self, path: str) -> bool:
        """A public module of a Python package that no project file imports: library API or a
        plugin (`_impl.py` is private: nothing outside should import it). The scanned
        directory itself counts as a package when it holds an `__init__.py`."""
        facts = self.index.files[path]
        if facts.language != "python" or path in self.graph.imported_files or facts.has_main_guard:
            return False
        if path in self._entry_point_modules():  # its launcher imports it (a console script, a plugin group)
            return False
        if is_private(posixpath.basename(path).rsplit(".", 1)[0]):
            return False
        directory = posixpath.dirname(path)
        if posixpath.basename(directory) == "templatetags":
            # Django loads a tag library for `{% load %}` and offers what it registers
            # (`@register.simple_tag`): a function left unregistered there is nobody's API.
            return False
        return posixpath.join(directory, "__init__.py") in self.index.files

    def unreached_files(self, paths: Iterable[str]) -> set[str]:
        """Those of `paths` that nothing imports or runs: no project file imports the file or names
        one of its symbols, no entry point or launch command names it, no framework convention
        makes any of its top-level definitions a root (its own top-level code, and the methods
        and object-literal members that are live only once that code runs, are no evidence that
        anything runs it), it has no `__main__` guard and no shebang line, and no configuration
        file names it. A file that does not parse and is none of these is no code of the program
        (an old copy, an expected-output file, a linter rule's deliberately broken sample): the
        run notes it instead of failing on it."""
        configured = "\n".join(self.texts.values())
        found = set()
        for path in paths:
            facts = self.index.files.get(path)
            if facts is not None and self.knowledge.data_file(path):  # a linter's sample: read, never run
                found.add(path)
                continue
            if facts is None or path in self.test_files or path in self.graph.imported_files or facts.has_main_guard \
                    or facts.shebang:  # a test file: its runner runs it
                continue
            if path in self.entry_points.files or path in self._entry_point_modules() \
                    or any(path in why for why in self.entry_points.application):
                continue
            symbols = self.index.symbols[path]
            if any(key[0] == path and key[1] != MODULE and _runs_without_the_file(symbols.get(key[1]))
                   for key in self.liveness.roots):
                continue
            if any(use.user[0] != path for sym in facts.symbols
                   for use in self.graph.uses.get((path, sym.qualified_name), ())):
                continue
            if posixpath.basename(path) in configured:
                continue
            found.add(path)
        return found

    def _entry_point_modules(self) -> set[str]:
        if self._entry_modules is None:
            self._entry_modules = {path for path, _ in self.entry_points.symbols}
        return self._entry_modules

    def _public_member_reason(self, path: str, sym: Symbol) -> tuple[str, int] | None:
        """A public member of a public class of a library (or of a class the top-level API
        exports): its users call it even when nothing in the project does."""
        parent = self.index.symbols[path].get(sym.parent) if sym.parent else None
        protected = _TS_PROTECTED_MEMBER.match(sym.signature or "") is not None
        if parent is None or parent.kind not in ("class", "interface") or (is_private(sym.name) and not protected):
            return None
        if _TS_HIDDEN_MEMBER.match(sym.signature or ""):
            return None
        if any(is_private(part) for part in parent.qualified_name.split(".")):
            return None
        member = "protected method (for subclasses)" if protected else "public method"
        class_key = (path, parent.qualified_name)
        if class_key in self.public_api:
            return f"{member} of public class {parent.qualified_name} (library API: " \
                   f"{self.public_api[class_key]})", 70
        if class_key in self.entry_points.symbols:  # a plugin class: the host that loads it calls its methods
            where = self.entry_points.symbols[class_key]
            return f"{member} of {parent.qualified_name}, loaded by its host ({where})", 70
        if self.entry_points.is_library and not protected:
            return f"public method of public class {parent.qualified_name} (library API: the project declares " \
                   f"no entry point, so users call it)", 60
        return None

    def _kind_of_parent(self, path: str, sym: Symbol) -> str | None:
        parent = self.index.symbols[path].get(sym.parent) if sym.parent else None
        return parent.kind if parent is not None else None

    def registering_decorator(self, path: str, sym: Symbol) -> str | None:
        """The first decorator that registers the symbol with a framework, if any."""
        for decorator in sym.decorators:
            text = decorator.strip().lstrip("@")
            head = text.split("(", 1)[0].strip()
            if head.endswith(_ACCESSOR_DECORATORS) and head.split(".", 1)[0] != sym.name:
                # `@type.inplace.setter def _type_setter`, `@total.expression def _total_sql`: the property
                # (or hybrid) named first holds the function under another name and calls it.
                return text
            if self.knowledge.wraps(head) or head.endswith(_ACCESSOR_DECORATORS):
                continue
            target = self.index.resolve_callee(path, head, sym.parent)
            if target is not None and self._is_wrapping_decorator(target, is_call="(" in text):
                continue
            if self._unrendered_template_tag(head, text, sym):
                continue
            return text
        return None

    def _registering_call(self, path: str, sym: Symbol) -> str | None:
        """The project function a module-level variable's value is the result of, when that function
        does something with its argument and hands it back (`export const save = register({...})`,
        where `register` appends it to a list of actions): the list holds the value, whatever
        reads the variable's name."""
        if sym.parent is not None or sym.kind not in ("variable", "constant") or not sym.value:
            return None
        called = _CALLED_VALUE.match(sym.value)
        if called is None:
            return None
        target = self.index.resolve_callee(path, called.group(1), None)
        callee = self.index.symbols.get(target[0], {}).get(target[1]) if target is not None else None
        if callee is not None and callee.shape is not None and callee.shape.hands_back_argument:
            return f"{called.group(1)} ({target[0]})"
        return None

    def _unrendered_template_tag(self, head: str, decorator: str, sym: Symbol) -> bool:
        """A Django template filter or tag (`@register.filter`, `@register.simple_tag`) is called by
        the templates that name it: when the project's templates name it nowhere (a `|hash`
        filter no template uses), its registration uses nothing."""
        if not _TEMPLATE_LIBRARY.fullmatch(head) or not self.template_names():
            return False
        named = _REGISTERED_AS.search(decorator)
        return (named.group(1) if named else sym.name) not in self.template_names()

    def _is_wrapping_decorator(self, target: tuple[str, str], is_call: bool) -> bool:
        """A project decorator that returns a wrapper (a nested function) registers nothing; one that hands
        the function back unchanged at its end (`config.on_message = wrap(func); return func`) was called
        for what it did with it: a registration, whatever it nests."""
        path, qname = target
        children = self.index.members.get((path, qname), [])
        if not is_call:
            decorator = self.index.symbols.get(path, {}).get(qname)
            if decorator is not None and decorator.shape is not None and decorator.shape.hands_back_argument:
                return False
            return bool(children)
        return any(self.index.members.get((path, child)) for child in children)

    def _find_registry_bases(self) -> None:
        """Classes whose subclasses register themselves: `__init_subclass__`, a metaclass, or an external
        base whose framework finds its subclasses (`class Base(DeclarativeBase)`, an abstract Django
        model: the framework finds the subclasses of the project's base as well); and classes whose
        subclasses the code enumerates (`Base.__subclasses__()`, `cls.__subclasses__()` in Base)."""
        self.registry_bases.update(self._enumerated_bases())
        for path, by_qname in self.index.symbols.items():
            for qname, sym in by_qname.items():
                if sym.kind != "class":
                    continue
                if f"{qname}.__init_subclass__" in by_qname or any(b.replace(" ", "").startswith("metaclass=")
                                                                  for b in sym.bases) \
                        or any(self.knowledge.discovering_base(b) for b in self.external_bases(path, sym)
                               if not self.knowledge.plain_base(b)):
                    self.registry_bases.add((path, qname))

    def _enumerated_bases(self) -> set[SymbolKey]:
        """Classes whose `__subclasses__()` project code reads: each subclass is found that way. A function
        that enumerates its parameter's (`def all_subclasses(cls): ... cls.__subclasses__()`) enumerates
        the classes its callers name (`all_subclasses(BaseGroup)` in `all_groups`)."""
        found: set[SymbolKey] = set()
        enumerators: list[SymbolKey] = []
        for path, facts in self.index.files.items():
            # the `X.__subclasses__` read at the top level and in each symbol (few among 300,000 reads)
            scopes = [(None, reference) for reference in facts.module_references if reference.endswith(_SUBCLASSES)]
            scopes += [(sym, reference) for sym in facts.symbols for reference in sym.references
                       if reference.endswith(_SUBCLASSES)]
            for sym, reference in scopes:
                head = reference[:-len(_SUBCLASSES)]
                if sym is not None and sym.kind == "function" and head in sym.params:
                    enumerators.append((path, sym.qualified_name))
                    continue
                if head in ("cls", "self", "type(self)", "self.__class__") and sym is not None:
                    owner = sym.qualified_name.rpartition(".")[0]
                    target = (path, owner) if owner in self.index.symbols[path] else None
                else:
                    target = self.index.resolve_name(path, head)
                if target is not None:
                    found.add(target)
        for enumerator in enumerators:
            for use in self.graph.users_of(enumerator):
                caller = self.index.symbol(*use.user) if use.kind == "calls" else None
                for name in caller.references if caller is not None else ():
                    target = self.index.resolve_name(use.user[0], name)
                    symbol = self.index.symbol(*target) if target is not None else None
                    if symbol is not None and symbol.kind == "class":
                        found.add(target)
        return found

    def _has_registry_ancestor(self, key: SymbolKey, seen: set[SymbolKey] | None = None) -> SymbolKey | None:
        seen = seen if seen is not None else set()
        for base in self.index.base_classes(*key):
            base_key = (base.path, base.qualified_name or "")
            if base_key in seen:
                continue
            seen.add(base_key)
            if base_key in self.registry_bases:
                return base_key
            found = self._has_registry_ancestor(base_key, seen)
            if found:
                return found
        return None

    def _external_defines(self, path: str, base: str, name: str) -> bool | None:
        """Whether an external base defines `name`: known for standard-library bases and the framework
        bases of roots.KNOWN_FRAMEWORK_HOOKS, None for any other."""
        module, _, cls = base.rpartition(".")
        binding = self.index.bindings(path).get(module or cls)
        if binding is not None:
            ref, imported = binding
            # `from http import cookiejar as cookielib` then `cookielib.CookieJar`: the module is http.cookiejar
            module = f"{ref.source}.{imported}" if module and imported is not None else ref.source
            cls = cls if base.count(".") or imported is None else imported
        elif not module and cls in BUILTIN_NAMES:  # `dict`, `list`, `Exception`: never imported
            module = "builtins"
        defines = stdlib_base_defines(module, cls, name) if module else None
        if defines:
            return True
        known = self.knowledge.base_defines(base, name)
        return known if known is not None or defines is None else defines

    def _own_framework_base(self, path: str, sym: Symbol) -> str | None:
        """A base the project defines that is a framework's discovering base, where the project is that
        framework (its top-level package is what switches the framework on): the framework's own tests,
        examples and scripts subclass it as its users do, to be found by it."""
        for base in self.index.base_classes(path, sym.qualified_name):
            name = base.qualified_name or ""
            framework = self.knowledge.discovering_base(name)
            if framework and self._is_framework_package(base.path, framework):
                return f"{name} ({base.path})"
        return None

    def _is_framework_package(self, path: str, framework_name: str) -> bool:
        package = self.index.module_names.get(path, "").split(".")[0]  # its top-level package's import name
        enablers = {normalize(e) for fw, _ in self.knowledge.frameworks if fw.name == framework_name
                    for e in fw.enabled_by if not e.startswith(("file:", "uses:"))}
        return normalize(package) in enablers

    def external_bases(self, path: str, sym: Symbol) -> list[str]:
        """Bases written on a class that are not project classes (framework or stdlib). Kept per symbol:
        every method of a class asks for its class's (the index does not change while it is read)."""
        known = self._external_memo.get(id(sym))
        if known is not None and known[0] is sym:
            return known[1]
        external = self._external_bases(path, sym)
        self._external_memo[id(sym)] = (sym, external)  # the symbol kept with it: its id stays its own
        return external

    def _external_bases(self, path: str, sym: Symbol) -> list[str]:
        project = {b.qualified_name.rsplit(".", 1)[-1] for b in self.index.base_classes(path, sym.qualified_name)
                   if b.qualified_name}
        external = []
        for base in sym.bases:
            if "=" in base:
                continue
            chain = name_chain(base)
            if chain and chain[-1] not in project:
                external.append(".".join(chain))
        return external

    def inherited_external_bases(self, path: str, class_qname: str) -> tuple[tuple[str, str], ...]:
        """(file, base) for the external bases of a class and of its project ancestors, nearest
        first: a method of `Reader(RawBase)`, where `RawBase(io.RawIOBase)`, overrides io's
        `readinto` as surely as one written on `RawBase` would. An ancestor's plain bases
        (`object`, `Exception`) are left out: they say nothing of the hooks a subclass has."""
        known = self._inherited_memo.get((path, class_qname))
        if known is None:
            known = self._inherited_memo[(path, class_qname)] = tuple(self._inherited_external_bases(path, class_qname))
        return known

    def _inherited_external_bases(self, path: str, class_qname: str) -> list[tuple[str, str]]:
        found: list[tuple[str, str]] = []
        todo, seen = [(path, class_qname)], set()
        while todo:
            key = todo.pop(0)
            sym = self.index.symbols.get(key[0], {}).get(key[1])
            if key in seen or sym is None:
                continue
            found += [(key[0], base) for base in self.external_bases(key[0], sym) if not seen or not self.knowledge.plain_base(base)]
            seen.add(key)
            todo += [(b.path, b.qualified_name or "") for b in self.index.base_classes(*key)]
        return found

    def _public_api(self) -> dict[SymbolKey, str]:
        """Names a top-level package `__init__` (or a package.json entry file) offers to users."""
        found: dict[SymbolKey, str] = {}
        faces = [(p, f"public API of {posixpath.dirname(p) or 'the package'}") for p in self.index.top_level_packages]
        faces += list(self.entry_points.files.items())
        for path, why in faces:
            facts = self.index.files[path]
            names = set(facts.dunder_all or ())
            if not names and facts.language != "python":
                names = self._exported_names(path, set())
            elif not names:
                names = {n for n in self.index.top_level[path] if not is_private(n)}
                names |= {local for local in self.index.bindings(path) if not is_private(local)}
                for ref in facts.imports:  # from .constants import *
                    source = self.index.resolve_import(path, ref) if ref.star else None
                    if source in self.index.files:
                        star_names = self.index.files[source].dunder_all or self.index.top_level[source]
                        names |= {n for n in star_names if not is_private(n)}
            self._offer(path, names, why, found, {path})
        return found

    def _offer(self, path: str, names: set[str], why: str, found: dict[SymbolKey, str], seen: set[str]) -> None:
        """The targets of `names` exported by `path` are public API; a JS/TS namespace among them
        (`export * as regexes from "./regexes.js"`, `import * as util ...; export { util }`:
        `z.regexes.uuid4`) offers every name its module exports."""
        for name in names:
            target = self.index.export_target(path, name)
            if target is None:
                continue
            if not target.is_module:
                found.setdefault((target.path, target.qualified_name or ""), why)
            elif (target.path in self.index.files and target.path not in seen
                  and self.index.files[target.path].language != "python"):
                seen.add(target.path)
                self._offer(target.path, self._exported_names(target.path, set()), why, found, seen)

    def _exported_names(self, path: str, seen: set[str]) -> set[str]:
        """The names a JS/TS module exports, through every `export * from "./x"` of the chain
        (`index.ts -> external.ts -> types.ts`, each a star re-export of the next)."""
        seen.add(path)
        facts = self.index.files[path]
        names = {e.name for e in facts.exports if e.name != "*"}
        names |= {s.name for s in facts.symbols if s.parent is None and s.exported}
        for export in facts.exports:
            if export.star and export.name == "*" and export.source:
                source = self.index.module_for_specifier(path, export.source)
                if source in self.index.files and source not in seen:
                    names |= self._exported_names(source, seen) - {"default"}  # `export *` leaves default out
        return names

    def _roots(self) -> dict[SymbolKey, str]:
        """Unconditional roots and gated ones (members: alive when their class is)."""
        self._find_registry_bases()
        self.test_roots = TestRoots(self.index, self.test_files, self.lookup_strings())
        roots: dict[SymbolKey, str] = {}
        for path, facts in self.index.files.items():
            roots[(path, MODULE)] = "top-level code"
            test_file = path in self.test_files
            type_checked = self._type_checked(path) if test_file or self.type_checked_tests else None
            for sym in facts.symbols:
                key = (path, sym.qualified_name)
                if type_checked:
                    roots[key] = f"read by a type checker: {type_checked}"
                    continue
                if test_file:
                    reason = self.test_roots.reason(path, sym)
                    if reason:
                        roots[key] = f"test code in {path}: {reason}"
                        continue
                    if fixture_decorator(sym) is not None:
                        continue  # a fixture no test asks for: its decorator registers it for nobody
                reason = self.root_reason(path, facts, sym)
                if reason:
                    roots[key] = reason
        self.public_api = self._public_api()
        for key, why in self.public_api.items():
            roots.setdefault(key, why)
        for key, why in self.entry_points.symbols.items():
            roots[key] = why  # the most telling reason
        for path, facts in self.index.files.items():
            for name in facts.dunder_all or ():
                target = self.index.export_target(path, name)
                if target is not None and not target.is_module:
                    roots.setdefault((target.path, target.qualified_name or ""), f"declared public in __all__ of {path}")
        for path, facts in self.index.files.items():
            for sym in facts.symbols:
                public = None if path in self.test_files else self._public_unused(path, sym)
                if public:  # alive, and what it uses with it; its verdict is "public, unused"
                    roots.setdefault((path, sym.qualified_name), f"public, unused in this repository: {public}")
                    self.root_confidence.setdefault((path, sym.qualified_name), 50)
        for key, why in self._dotted_path_strings().items():
            roots.setdefault(key, why)
        for found in (self._included_in_docs(), self._documented_api(), self._run_by_docs(), self._loaded_by_path(),
                      self._example_exports(), self._shipped_test_support(), self._type_tests()):
            for key, why in found.items():
                roots.setdefault(key, why)
        for key, why in self._shell_methods().items():
            roots.setdefault(key, why)  # gated: alive once its class is
        for key, why in self._global_types().items():
            roots.setdefault(key, why)
        for key, why in self._declarations_of_implementations().items():
            roots.setdefault(key, why)
        for key, why in self._script_globals().items():
            roots.setdefault(key, why)
        for key, why in self._global_object_reads().items():
            roots.setdefault(key, why)
        global_prefixes = self._global_dynamic_prefixes()
        for path, facts in self.index.files.items():
            if path in self.test_files:
                continue
            orphan = self._orphan_package_module(path)
            for sym in facts.symbols:
                key = (path, sym.qualified_name)
                if key in roots:
                    continue
                matched = next((p for p in global_prefixes if sym.name.startswith(p)), None)
                public_member = self._public_member_reason(path, sym)
                if matched:
                    roots[key] = f"names starting with '{matched}' are looked up dynamically in " \
                                 f"{global_prefixes[matched]}"
                elif orphan and sym.parent is None and not is_private(sym.name):
                    roots[key] = f"public module of a library: users may import it (no project file imports " \
                                 f"{path}; package API, plugin or script)"
                    self.root_confidence[key] = 50
                elif public_member:  # gated: alive only once its class is
                    roots[key], self.root_confidence[key] = public_member
        return roots

    def root_reason(self, path: str, facts: FileFacts, sym: Symbol) -> str | None:
        decorator = self.registering_decorator(path, sym)
        if decorator:
            return f"registered by decorator @{decorator}"
        keeper = self._registering_call(path, sym)
        if keeper:
            return f"its value is handed to {keeper}, which keeps it and hands it back (a registration)"
        convention = self.knowledge.convention_root(
            path, sym.name, sym.parent is None, sym.exported or facts.language == "python",
            default_export=any(e.name == "default" and e.local == sym.name and not e.source for e in facts.exports))
        if convention:
            return f"read by name by convention: {convention[0]}"
        if sym.parent is None and sym.kind == "method":
            return "member of an object literal handed to a call (the callee reads it by name)"
        effect = self.knowledge.effect_call(sym.value) if sym.parent is None else None
        if effect:  # `_sign_in = _('Sign in')` for `pybabel extract`; `sp = pytest.importorskip("scipy")`
            return f"bound to `{sym.value}`, a {effect} call made for what it does, not for its value"
        if sym.parent is None and sym.kind == "function" and is_dunder(sym.name):
            return f"module-level {sym.name} is called by Python itself (module protocol)"
        alias_of = self._compatibility_alias(path, facts, sym)
        if alias_of:
            return f"alias of {alias_of} kept for importers (an old name a library keeps working)"
        dynamic = self._dynamic_reason(path, facts, sym)
        if dynamic:
            return dynamic
        if sym.parent is None and facts.language == "python" and sym.kind in ("class", "function"):
            called = self.template_calls().get(sym.name)
            if called:  # handed to the template engine as a global or through a module: no code names it
                return f"called in a template ({called})"
        parent_kind = self._kind_of_parent(path, sym)
        if sym.kind == "class":
            registry = self._has_registry_ancestor((path, sym.qualified_name))
            if registry:
                return f"subclass of registry base {registry[1]} ({registry[0]})"
            external = [b for b in self.external_bases(path, sym) if not self.knowledge.plain_base(b)]
            discovered = next((b for b in external if self.knowledge.discovering_base(b)), None)
            if discovered:
                return f"subclass of external base {discovered} (its framework finds its subclasses)"
            own = self._own_framework_base(path, sym)
            if own:
                return f"subclass of {own}: the framework this project is finds its subclasses"
        if parent_kind in ("class", "interface"):
            if is_dunder(sym.name):
                return f"dunder method {sym.name}"
            if self.knowledge.protocol_method(sym.name):
                return f"protocol method {sym.name}"
            parent_key = (path, sym.parent or "")
            for base in self.index.base_classes(*parent_key):
                if self.index.class_member(base.path, base.qualified_name or "", sym.name):
                    return f"overrides {base.qualified_name}.{sym.name} ({base.path})"
            template = self.template_names().get(sym.name)
            if template:  # `{{ user.gravatar(size=32) }}`, `(click)="logout()"`: called where no code shows
                return f"named in a template ({template})"
            external = self.inherited_external_bases(path, sym.parent or "")
            known = [(base, self._external_defines(at, base, sym.name)) for at, base in external]
            defining = next((base for base, defines in known if defines), None)
            if defining:
                return f"overrides {defining}.{sym.name} (a method its base class defines)"
            if is_private(sym.name):  # a framework's hooks are public names
                return None
            # Only a base whose methods are unknown (a framework's) may be what calls it: a public
            # method of a `NamedTuple`, `ABC` or `dict` subclass that the standard library does
            # not define is the project's own, alive only when something calls it.
            unknown = next((base for base, defines in known if defines is None and not self.knowledge.plain_base(base)), None)
            if unknown:
                return f"may override a method of external base {unknown}"
            protocol = next((base for base, _ in known if base.rsplit(".", 1)[-1] == "Protocol"), None)
            if protocol:
                return f"member of {protocol} {sym.parent}: what its implementations offer"
            return self._mixed_into_framework_class(path, sym)
        return None

    def _mixed_into_framework_class(self, path: str, sym: Symbol) -> str | None:
        """A mixin's public method that a subclass mixes into a framework class whose hooks may be it
        (`BlogViewMixin.get_allow_future`, in `class ArchiveView(BlogViewMixin,
        ArchiveIndexView)`): the framework calls the hook on the subclass and finds the mixin's."""
        for key, at, base in self._mixin_hosts((path, sym.parent or "")):
            defines = self._external_defines(at, base, sym.name)
            if defines or (defines is None and not self.knowledge.plain_base(base)):
                return f"mixed into {key[1]} ({key[0]}), whose base {base} may call it"
        return None

    def _mixin_hosts(self, class_key: SymbolKey) -> list[tuple[SymbolKey, str, str]]:
        """(subclass, its file, an external base of it) for the subclasses of a class, nearest first, the
        first _MIXIN_SUBCLASSES of them: the framework classes a mixin may be mixed into. Kept per class:
        each public method of the class asks, and only the method's name differs between them."""
        found = self._mixin_memo.get(class_key)
        if found is None:
            found = self._mixin_memo[class_key] = []
            todo, seen = deque(self.graph.subclasses.get(class_key, [])), set()
            while todo:
                key = todo.popleft()
                if key in seen or len(seen) > _MIXIN_SUBCLASSES:
                    continue
                seen.add(key)
                found += [(key, at, base) for at, base in self.inherited_external_bases(*key)]
                todo += self.graph.subclasses.get(key, [])
        return found

    # ---------------------------------------------------------------- reachability

    def compute(self) -> Liveness:
        liveness = self.liveness
        liveness.roots = self._roots()
        user_attributes: dict[SymbolKey, list[str]] = defaultdict(list)
        for attribute, users in self.graph.attribute_users.items():
            for user in users:
                user_attributes[user].append(attribute)
        user_loose_attributes: dict[SymbolKey, list[str]] = defaultdict(list)
        for attribute, users in self.graph.loose_attribute_users.items():
            if attribute in self.top_level_names:
                for user in users:
                    user_loose_attributes[user].append(attribute)
        pending: dict[SymbolKey, list[tuple[SymbolKey, str]]] = defaultdict(list)
        queue: deque[SymbolKey] = deque()
        live = liveness.live

        def activate(node: SymbolKey, reason: str) -> None:
            if node not in live:
                live[node] = reason
                queue.append(node)

        def reach(node: SymbolKey, reason: str) -> None:
            gate = self._gate(node)
            if gate is None or gate in live:
                activate(node, reason)
            else:
                pending[gate].append((node, reason))

        # Sorted wherever a set is walked: the first reason to reach a symbol is the one
        # reported, and it must not depend on the process's string hash seed (a review is
        # redone when its evidence text changes).
        for node, reason in liveness.roots.items():
            reach(node, reason)
        for name in sorted(self.lookup_strings()):
            for key in self.graph.symbols_by_name.get(name, ()):
                liveness.reached_by_string.add(key)
                reach(key, "named by a string")
        seen_attributes: set[str] = set()
        seen_loose: set[str] = set()
        while queue:
            node = queue.popleft()
            for target in sorted(self.graph.out_edges.get(node, ())):
                reach(target, "referenced")
            for attribute in user_attributes.get(node, ()):
                if attribute in seen_attributes:
                    continue
                seen_attributes.add(attribute)
                for member in self.graph.members_by_name.get(attribute, ()):
                    liveness.reached_by_attribute.add(member)
                    reach(member, f".{attribute} accessed")
            for attribute in user_loose_attributes.get(node, ()):
                if attribute in seen_loose:
                    continue
                seen_loose.add(attribute)
                for key in self.top_level_names[attribute]:
                    liveness.reached_by_attribute.add(key)
                    reach(key, f".{attribute} accessed on an unresolved object")
            for child in self.index.members.get(node, ()):
                child_key = (node[0], child)
                if self._is_nested_function(child_key):
                    activate(child_key, f"nested in {node[1]}")
            for waiting, reason in pending.pop(node, ()):
                activate(waiting, reason)
        return liveness

    def _gate(self, node: SymbolKey) -> SymbolKey | None:
        sym = self.index.symbols.get(node[0], {}).get(node[1])
        if sym is None or sym.parent is None:
            return None
        return (node[0], sym.parent)

    def _is_nested_function(self, key: SymbolKey) -> bool:
        """Nested in a function, or a member of an object literal: it lives with its parent
        (object members are read by whoever receives the object, often by name)."""
        sym = self.index.symbols[key[0]].get(key[1])
        return bool(sym and sym.parent) and (key[0], sym.parent) in self._value_holders()

    def _value_holders(self) -> set[SymbolKey]:
        """(path, qualified name) of every function, method, constant and variable: by the symbols
        themselves, as TypeScript lets a type share its name with a value (`type UpdateMongo` and the
        component `const UpdateMongo`), which a lookup by name alone may answer with the type."""
        if self._holders is None:
            self._holders = {(path, s.qualified_name) for path, facts in self.index.files.items()
                             for s in facts.symbols if s.kind in ("function", "method", "constant", "variable")}
        return self._holders

    # ---------------------------------------------------------------- verdicts

    def assess(self) -> tuple[dict[SymbolKey, AxisAssessment], list[FileFinding]]:
        self.compute()
        verdicts: dict[SymbolKey, AxisAssessment] = {}
        findings: list[FileFinding] = []
        branches = DeadBranches(self.index)
        for path, facts in self.index.files.items():
            for sym in facts.symbols:
                key = (path, sym.qualified_name)
                verdicts[key] = self._verdict(path, facts, sym)
            findings.extend(branches.findings(path, facts))  # unreachable code (branches.py)
        guard_namesakes(verdicts, self.dead_by)  # guard.py: a name dead in many files at once
        group_cascades(verdicts, self.dead_by, self.min_confidence)
        findings.extend(self._unused_import_findings())
        findings.extend(self._unread_attribute_findings(verdicts))
        return verdicts, findings

    def _unread_attribute_findings(self, verdicts: dict[SymbolKey, AxisAssessment]) -> list[FileFinding]:
        """`self._name = ...` that nothing ever reads: a private attribute of a live class with no
        `._name` anywhere in the project (reads, calls, other files), no string naming it and no
        dynamic lookup in its file (`Context._close_callbacks`, a write-only counter)."""
        findings = []
        for path, facts in self.index.files.items():
            if facts.language != "python" or path in self.test_files or path in self.dynamic_files:
                continue
            writes: dict[tuple[str, str], list[tuple[int, str]]] = {}  # (class, attribute) -> (line, method)
            for sym in facts.symbols:
                owner = sym.parent
                if not sym.attribute_writes or owner is None or getattr(verdicts.get((path, owner)), "verdict", None) != "USED":
                    continue
                if any(base != "object" for _, base in self.inherited_external_bases(path, owner)):
                    continue  # a base outside the project may read it (a lazy object's `_wrapped`, a mixin's state)
                for name, line in sym.attribute_writes.items():
                    if is_private(name) and not is_dunder(name) and not self._attribute_read(name):
                        writes.setdefault((owner, name), []).append((line, sym.name))
            for (owner, name), places in sorted(writes.items(), key=lambda item: min(item[1])):
                line = min(places)[0]
                methods = ", ".join(dict.fromkeys(method for _, method in sorted(places)))
                findings.append(FileFinding(
                    path=path, symbol=None, axis="utility", verdict="DEAD", line_start=line, line_end=line, severity="low",
                    rule="dead/unread-attribute", confidence=75, message=f"attribute self.{name} of {owner} is assigned (in {methods}) and never read: no .{name} "
                            f"anywhere in the project and no string names it (confidence 75)"))
        return findings

    def _attribute_read(self, name: str) -> bool:
        graph = self.graph
        if graph.attribute_users.get(name) or graph.string_files.get(name) or graph.lookup_string_files.get(name) \
                or name in self.template_names() or name in self.unscanned_names():
            return True
        # a computed name that starts like it (`getattr(obj, f"_reactive_{name}")` in a file that looks names up)
        prefixes = self._attribute_prefixes()
        return any(name[:end] in prefixes for end in range(3, len(name)))

    def _attribute_prefixes(self) -> set[str]:
        """The literal starts of computed names (`f"_reactive_{name}"`, `"_on_" + kind`) in the non-test files
        that look names up dynamically: an attribute they start may be read by a name built at run time."""
        if self._computed_attribute_prefixes is None:
            self._computed_attribute_prefixes = {
                fragment for path in self.dynamic_files if path not in self.test_files
                for fragment in self.index.files[path].name_fragments if len(fragment) >= 3}
        return self._computed_attribute_prefixes

    def _unused_import_findings(self) -> list[FileFinding]:
        findings = []
        reexported = imported_from(self.index)
        silenced = unused_import_ignores(self.texts)
        for path, facts in self.index.files.items():
            if is_test_input_path(path):
                continue  # its imports are its content (a formatter's input cases)
            if facts.language == "python" and any(ignore.covers(path) for ignore in silenced):
                continue  # the project's ruff/flake8 configuration says unused imports are expected here
            if any(use.kind == READS_NAMESPACE for use in self.graph.users_of((path, MODULE))):
                continue  # its names are read as a table (`localns=type_globals.__dict__`): imports included
            requested = self.test_roots.requested if path in self.test_files else set()
            requested = requested | self._named_bindings.get(path, set())
            if facts.jsx or path.endswith(("x", "X")):
                requested = requested | self._jsx_factories  # `import { h } from 'preact'` with jsxFactory "h"
            found = unused_imports(self.index, facts, requested, reexported.get(path, set()),
                                   registers=path in self._migration_environments)
            offered = self._offered_reexports(path, facts, found)
            named = self.guard.test_inputs.get(path)
            for unused in found:
                if unused.confidence < self.min_confidence:
                    continue
                if named:
                    findings.append(_guarded_import(path, unused, RULE_TEST_INPUT, named))
                    continue
                if unused.statement_line in offered:
                    findings.append(_guarded_import(path, unused, "dead/guard-library-reexport",
                                                    offered[unused.statement_line]))
                    continue
                plugin = self._plugin_import(path, facts, unused)
                if plugin:
                    findings.append(_guarded_import(path, unused, "dead/guard-plugin-import", plugin))
                    continue
                if path in self._migration_snapshots():
                    findings.append(_guarded_import(
                        path, unused, "dead/guard-migration-snapshot",
                        f"{path} is a migration snapshot (written once from its tool's template, applied in order, "
                        "not edited after)"))
                    continue
                kept = f"; but kept on purpose: {unused.kept}" if unused.kept else ""
                effect = self._import_effect(path, facts, unused.source) if unused.loads_module else ""
                bare = _bare_import(facts.language, unused.source)
                runs = (f"; importing {unused.source} runs its top-level code ({effect}): keep "
                        f"`{bare}` if this import is there for it") if effect else ""
                findings.append(FileFinding(
                    path=path, symbol=None, axis="utility", verdict="DEAD", line_start=unused.line_start,
                    line_end=unused.line_end, severity="low", confidence=unused.confidence,
                    rule=kept_rule(unused.kept) if unused.kept else "dead/unused-import",
                    message=f"unused import {unused.name} (from {unused.source}): nothing else in the file names it"
                            f"{kept}{runs} (confidence {unused.confidence})",
                    action=f"remove the name; keep `{bare}` for what its module does when loaded."
                    if effect else ""))
        return findings

    def _migration_snapshots(self) -> frozenset[str]:
        """Alembic's revision scripts and Django's migrations: each is written once by its tool from a template
        (whose imports every revision gets: `import sqlalchemy as sa`) and applied in order; nobody edits one."""
        if self._snapshots is None:
            frameworks = self.index.scan.frameworks if self.index.scan is not None else {}
            files = self.index.files.values()
            self._snapshots = revision_scripts(files, frameworks) | migration_files(files, frameworks)
        return self._snapshots

    @cached_property
    def _migration_environments(self) -> frozenset[str]:
        """Alembic's env.py files: their imports of project modules are for what loading them does."""
        return environment_scripts(self.index.files.values(), self.index.scan.frameworks if self.index.scan is not None else {})

    def _offered_reexports(self, path: str, facts: FileFacts, found: list) -> dict[int, str]:
        """dead/guard-library-reexport: line -> evidence, for each import statement of a library's public
        module that binds REEXPORT_LIST or more public names of the library's own modules, none of them named
        in the file (playhouse/cysqlite_ext.py importing twelve fields of playhouse.sqlite_ext for its users)."""
        if not self.entry_points.is_library or path in self.test_files or is_example_path(path) \
                or any(is_private(part) for part in path.removesuffix(".py").split("/")):
            return {}
        statements: dict[int, list] = {}
        for unused in found:
            statements.setdefault(unused.statement_line, []).append(unused)
        bound = {ref.line: len([n for n in ref.names if n.binds]) for ref in facts.imports}
        offered = {}
        for line, names in statements.items():
            source = names[0].source
            public = [u.name for u in names if not is_private(u.name)]
            if len(public) >= REEXPORT_LIST and len(names) == bound.get(line) \
                    and self.index.module_for_specifier(path, source) is not None:
                offered[line] = (f"the library's public module {path} imports {len(public)} public names of its own "
                                 f"module {source} and uses none ({', '.join(public[:4])}{', ...' if len(public) > 4 else ''}): "
                                 "names it offers to its users")
        return offered

    def _plugin_import(self, path: str, facts: FileFacts, unused) -> str:
        """dead/guard-plugin-import: `import alembic_autogenerate_enums` binds a module outside the project
        that the project declares as a dependency and that no other file imports. Depending on a package to
        import it once and name nothing of it is how a plugin is switched on (it registers itself as it
        loads): the evidence, or "" for an ordinary unused import."""
        if facts.language != "python" or unused.kept or unused.name != unused.source.split(".")[0]:
            return ""  # `from x import y` or `import x as y` names what it wants
        if self.index.module_for_specifier(path, unused.source) is not None:
            return ""  # a project module: _import_effect reads what it does
        root = unused.source.split(".")[0]
        manifest = self._declared_dependencies().get(normalize(root))
        if manifest is None or self._importers_of_package().get(root, 0) > 1:
            return ""
        return (f"{manifest} declares {root} as a dependency, and no other file imports it: a package imported "
                "once for what it does when loaded (a plugin registering itself)")

    def _plugin_of_fixture(self, name: str) -> str:
        """dead/guard-plugin-fixture: a fixture named after a pytest plugin the project declares
        (`docker_compose_file` beside pytest-docker, `redis_proc` beside pytest-redis) may override one of the
        plugin's fixtures, which the plugin requests by name: the evidence, or ""."""
        for dependency, manifest in self._declared_dependencies().items():
            if dependency in _PLUGINS_WITH_KNOWN_FIXTURES:
                continue  # the registry's module lists that plugin's fixtures: its test_fixtures decided
            stem = dependency.removeprefix("pytest-") if dependency.startswith("pytest-") else \
                dependency.removesuffix("-pytest") if dependency.endswith("-pytest") else ""
            stem = stem.replace("-", "_")
            if stem and (name == stem or name.startswith(stem + "_")):
                return (f"{manifest} declares the pytest plugin {dependency}, and a fixture named '{name}' may "
                        "override one of its fixtures (the plugin requests them by name)")
        return ""

    def _fixture_places(self) -> dict[str, list[str]]:
        """Fixture name -> where a fixture of that name is defined ("path:line"), over the whole project."""
        if self._fixtures_by_name is None:
            self._fixtures_by_name = defaultdict(list)
            for path, facts in self.index.files.items():
                if facts.language != "python":
                    continue
                for sym in facts.symbols:
                    fixture = fixture_decorator(sym) if sym.decorators else None
                    if fixture:
                        self._fixtures_by_name[fixture_name(sym, fixture)].append(f"{path}:{sym.line_start}")
        return self._fixtures_by_name

    def _declared_dependencies(self) -> dict[str, str]:
        """Normalized distribution name -> the manifest that declares it."""
        if self._dependencies is None:
            self._dependencies = {}
            for name, manifest in declared_in(self.texts).items():
                self._dependencies.setdefault(normalize(name), manifest)
        return self._dependencies

    def _importers_of_package(self) -> dict[str, int]:
        """Top-level module name -> how many Python files import it (or a module of it)."""
        if self._package_importers is None:
            counts: dict[str, int] = {}
            for facts in self.index.files.values():
                if facts.language == "python":
                    for root in {import_root(ref.source, ref.level) for ref in facts.imports} - {None}:
                        counts[root] = counts.get(root, 0) + 1
            self._package_importers = counts
        return self._package_importers

    def _import_effect(self, path: str, facts: FileFacts, source: str) -> str:
        """What loading a project module does, when a file imports a name from it that it never reads: the
        calls an ES module's top-level code makes (`customElements.define`), the registrations a Python
        module's decorators make. Loading it may be why the import is there, which a bare import keeps."""
        # Python: nearly every module calls at its top level (a logger), so only a definition registered
        # as the module loads counts (`@register_trainer class T`, `@registry.register("x") def f`); the
        # modules that register by their name (signals, tasks) are kept by imports._REGISTRATION_MODULES.
        target = self.index.module_for_specifier(path, source)
        if target not in self.index.files:
            return ""
        if facts.language == "python":
            effects = [f"@{decorator.strip().lstrip('@').split('(', 1)[0]} {sym.name}"
                       for sym in self.index.files[target].symbols if sym.parent is None
                       for decorator in sym.decorators if _REGISTERING.search(decorator)]
        else:
            effects = self.index.files[target].module_calls
        return ", ".join(dict.fromkeys(effects[:3]))

    def _verdict(self, path: str, facts: FileFacts, sym: Symbol) -> AxisAssessment:
        key = (path, sym.qualified_name)
        live = self.liveness.live
        if path in self.test_files and key in live:
            return assessment(verdict="USED", confidence=90, detail=f"test code ({live[key]})")
        uses = self.graph.users_of(key)
        live_uses = [u for u in uses if u.user in live and u.user != key and u.kind != "re-exports"]
        importers = self.graph.importers.get(key, {})
        if key not in live:  # the guard has the last word on a DEAD verdict (guard.py)
            found = self._interface_candidate(path, sym, self._dead(path, sym, uses, importers))
            return self.guard.check(found, path, facts, sym, self.dead_by)
        low_value = self._low_value(path, facts, sym)
        if low_value:
            return low_value
        return self._used(path, sym, live_uses, importers)

    def _used(self, path: str, sym: Symbol, live_uses: list, importers: dict[str, int]) -> AxisAssessment:
        key = (path, sym.qualified_name)
        root = self.liveness.roots.get(key)
        user_files = sorted({u.user[0] for u in live_uses})
        non_test_users = [u for u in live_uses if u.user[0] not in self.test_files]
        importer_files = sorted(importers)
        own_refs = sum(1 for u in live_uses if u.user[0] == path)
        evidence = f"imported by {len(importer_files)} file{'s' if len(importer_files) != 1 else ''}"
        if importer_files:
            evidence += f" ({', '.join(importer_files[:3])}{', ...' if len(importer_files) > 3 else ''})"
        evidence += f"; {own_refs} reference{'s' if own_refs != 1 else ''} in its own file"
        if non_test_users:
            return assessment(verdict="USED", confidence=90, detail=evidence)
        if root is not None and root.startswith("public, unused"):  # reported apart: never DEAD
            return assessment(verdict="USED", confidence=50, report=False, detail=f"{root}; {evidence}")
        if root is not None:
            confidence = self.root_confidence.get(key, 85 if "dynamic" not in root else 40)
            return assessment(verdict="USED", confidence=confidence,
                                  detail=f"{root}; {evidence}")
        sym_parent = self._gate(key)
        if sym_parent is not None and self._is_nested_function(key):
            return assessment(verdict="USED", confidence=80, detail=f"nested in {sym_parent[1]}, which is used")
        if live_uses:  # only tests
            tests = sorted({f for f in user_files if f in self.test_files})
            return assessment(verdict="USED", confidence=80,
                                  detail=f"used only by tests: {', '.join(tests[:3])}; {evidence}")
        if key in self.liveness.reached_by_attribute:
            if sym.parent is None:
                users = self.graph.loose_attribute_users.get(sym.name, set())
                how = "possibly used as a member of a module object"
            else:
                users = self.graph.attribute_uses(sym.name)
                how = "possibly called through an instance"
            live_users = sorted(u for u in users if u in self.liveness.live)
            files = sorted({u[0] for u in live_users})
            if files and all(f in self.test_files for f in files):
                return assessment(verdict="USED", confidence=70,
                                  detail=f"used only by tests: {', '.join(files[:3])} (through .{sym.name})")
            return assessment(verdict="USED", confidence=60,
                              detail=f"{how}: .{sym.name} is accessed by {len(live_users)} "
                                     f"symbol{'s' if len(live_users) != 1 else ''} in "
                                     f"{', '.join(files[:3])}{', ...' if len(files) > 3 else ''}")
        if key in self.liveness.reached_by_string:
            files = sorted(self.lookup_strings().get(sym.name, ()))
            return assessment(verdict="USED", confidence=50,
                                  detail=f"possibly reached dynamically: the string '{sym.name}' appears in "
                                         f"{', '.join(files[:3])}")
        return assessment(verdict="USED", confidence=70, detail=self.liveness.live.get(key, evidence))

    def _dead(self, path: str, sym: Symbol, uses: list, importers: dict[str, int]) -> AxisAssessment:
        key = (path, sym.qualified_name)
        gate = self._gate(key)
        if gate is not None and gate not in self.liveness.live:
            self.dead_by[key] = {gate}
            return assessment(verdict="DEAD", confidence=90, detail=f"its enclosing {gate[1]} is dead",
                              rule="dead/enclosing-dead")
        dead_users = sorted({u.user for u in uses if u.user != key and u.kind != "re-exports"})
        importer_files = sorted(importers)
        imported = f"imported by {len(importer_files)} file{'s' if len(importer_files) != 1 else ''}" + (
            f" ({', '.join(importer_files[:3])})" if importer_files else "")
        if dead_users:
            self.dead_by[key] = {u for u in dead_users if u[1] != MODULE}
            named = ", ".join(f"{'top-level code' if q == MODULE else q} ({p})" for p, q in dead_users[:3])
            more = f" and {len(dead_users) - 3} more" if len(dead_users) > 3 else ""
            confidence, doubts = self._dead_confidence(path, sym, 85)
            return assessment(verdict="DEAD", confidence=confidence, rule="dead/dead-users-only",
                              detail=f"{'unused test code: ' if path in self.test_files else ''}{imported}; "
                                     f"referenced only by dead code: {named}{more}{doubts}")
        reexporters = sorted(set(self.graph.reexporters.get(key, ())))
        if path in self.test_files:
            fixture = fixture_decorator(sym)
            base, why = 85, (f"unused fixture: no test or fixture requests '{fixture_name(sym, fixture)}' (by "
                             f"parameter, usefixtures or getfixturevalue)" if fixture else
                             f"unused test code: no test reaches it; {imported}")
            confidence, doubts = self._dead_confidence(path, sym, base)
            plugin = self._plugin_of_fixture(fixture_name(sym, fixture)) if fixture else ""
            if plugin:
                return assessment(verdict="DEAD", confidence=GUARDED_CONFIDENCE, rule="dead/guard-plugin-fixture",
                                  detail=f"{why}{doubts}; but {plugin}: not a finding (dead/guard-plugin-fixture), "
                                         "a candidate to check")
            overrides = self._fixture_places().get(fixture_name(sym, fixture), []) if fixture else []
            if len(overrides) > 1:
                return assessment(
                    verdict="DEAD", confidence=GUARDED_CONFIDENCE, rule="dead/guard-fixture-override",
                    detail=f"{why}{doubts}; but the fixture is defined {len(overrides)} times ({', '.join(overrides[:3])}): "
                           "each definition overrides another for its folder, module or class, which only matters to "
                           "a requester outside the repository (a pytest plugin's own fixtures): not a finding "
                           "(dead/guard-fixture-override), a candidate to check")
            return assessment(verdict="DEAD", confidence=confidence, detail=f"{why}{doubts}",
                              rule="dead/unused-fixture" if fixture else "dead/unused-test-code")
        # a recursive call is no use, but "0 references" would misread the code
        recursive = {sym.name, f"self.{sym.name}", f"cls.{sym.name}", f"this.{sym.name}"} & set(sym.calls)
        own = "no reference in its own file but its own recursive call" if recursive else "0 references in its own file"
        if reexporters:
            base, why, rule = 75, f"re-exported by {', '.join(reexporters[:3])} but {imported}", "dead/reexported-unused"
        elif (is_private(sym.name) if self.index.files[path].language == "python" else not sym.exported):
            # in JavaScript and TypeScript `export` is what makes a name public, whatever its underscores
            # (`export function __hmr_import` is read by code a build generated)
            base, why = 95, f"private and never referenced: {imported}; {own}"
            rule = "dead/private-unreferenced"
        else:
            base, why, rule = 85, f"{imported}; {own}", "dead/no-root"
            # `module.exports = config`, `export { config as default }`: exported under another name
            renamed = [e for e in self.index.files[path].exports
                       if e.source is None and e.local == sym.name and e.name != sym.name]
            if renamed and sym.parent is None:
                why += f" (exported as `{renamed[0].name}` at line {renamed[0].line}, which no file imports)"
        if self._kind_of_parent(path, sym) in ("class", "interface") and rule != "dead/reexported-unused":
            # weaker evidence than a function nobody calls (see _dead_confidence): calibrated apart
            rule = "dead/untyped-receiver-method"
        confidence, doubts = self._dead_confidence(path, sym, base)
        if rule == "dead/private-unreferenced" and not doubts:
            unnamed = self._named_nowhere_else(path, sym)
            if unnamed:
                rule, why = "dead/private-unnamed", f"{why}; {unnamed}"
        return assessment(verdict="DEAD", confidence=confidence, rule=rule,
                          detail=f"{why}; no root reaches it (checked {self.roots_checked()}; project: "
                                 f"{self.entry_points.shape(path)}){doubts}")

    def _named_nowhere_else(self, path: str, sym: Symbol) -> str | None:
        """dead/private-unnamed: the evidence that a private top-level definition is dead beyond its
        rule's, or None. Its name is written nowhere else in the repository (no other definition, no
        assignment again in its file, no `.name`, no string, comment, template, config or doc:
        scan.words). A constant whose value is a call may be kept for that call's effect
        (`_table = Table("t", metadata)` registers a table), so it is left to its rule, unless every call
        builds a plain value."""
        if sym.parent is not None or is_dunder(sym.name) or path in self.test_files:
            return None
        if sym.kind in ("constant", "variable") and "(" in (sym.value or "(") and not set(sym.calls) <= _PURE_CALLS:
            return None
        if set(self.graph.symbols_by_name.get(sym.name, ())) - {(path, sym.qualified_name)}:
            return None
        if sym.name in self.index.files[path].rebound:  # written again in its file (`sink = value`)
            return None
        if any(where != path or not sym.line_start <= line <= sym.line_end
               for where, line, _ in self.guard.mentions.get(sym.name, ())):
            return None
        return f"'{sym.name}' is written nowhere else in the repository"

    def _interface_candidate(self, path: str, sym: Symbol, verdict: AxisAssessment) -> AxisAssessment:
        """A DEAD public method of a class whose methods are an interface others call is a candidate,
        not a finding (_interface_of says when). It leaves the dead cascade it was in, as a guarded
        symbol does (guard.py)."""
        if verdict.verdict != "DEAD" or verdict.rule == "dead/enclosing-dead" or path in self.test_files:
            return verdict
        why = self._interface_of(path, sym)
        if why is None:
            return verdict
        self.dead_by.pop((path, sym.qualified_name), None)
        verdict.confidence = min(verdict.confidence, GUARDED_CONFIDENCE)
        verdict.report = False
        verdict.rule = "dead/interface-method"
        verdict.detail += f"; but {why}: not a finding (dead/interface-method), a candidate to check"
        return verdict

    def _interface_of(self, path: str, sym: Symbol) -> str | None:
        """Why a public method nothing here calls may be called from outside the project: its class is
        alive as public API (a public class of a module nothing imports, a library's public name), and
        users who import a class call its methods. (A class whose other methods are only called through
        receivers the analysis cannot type is no such evidence: no `.name` of this one is written anywhere
        in the project, so only code outside it could call it, and nothing says the class is offered there.)"""
        if is_private(sym.name) or is_dunder(sym.name) or self._kind_of_parent(path, sym) != "class":
            return None
        root = self.liveness.roots.get((path, sym.parent or ""))
        if root is not None and _root_kind(root) == "public API names":
            return f"its class {sym.parent} is public API ({root})"
        return None

    def _dead_confidence(self, path: str, sym: Symbol, base: int) -> tuple[int, str]:
        """How sure a DEAD verdict is: its base, lowered by each fuzzy hint that something
        unseen may use it. Returns (confidence, "; but ..." text naming the hints)."""
        doubts: list[tuple[int, str]] = []
        accessed = (self.graph.attribute_uses(sym.name) if sym.parent is not None
                    else self.graph.loose_attribute_users.get(sym.name, set()))
        if accessed:
            files = sorted({u[0] for u in accessed})
            doubts.append((20, f".{sym.name} is accessed (on an object of unknown type) in {', '.join(files[:2])}"))
        strings = sorted(self.graph.string_files.get(sym.name, ()))
        if strings:  # not where a string becomes a lookup (that would have kept it alive): a weak hint
            doubts.append((10, f"the string '{sym.name}' appears in {', '.join(strings[:2])}"))
        if path in self.dynamic_files and (sym.parent is not None or self._module_names_looked_up(path)):
            doubts.append((20 if path in self.dynamic.whole_files else 5, f"{path} looks names up dynamically"))
        unscanned = self.unscanned_names().get(sym.name)
        if unscanned:
            doubts.append((30, f"'{sym.name}' appears in {unscanned}, which was not scanned"))
        if sym.kind in ("interface", "type") and not sym.exported and self.index.files[path].language != "python":
            doubts.append((30, "a type nothing names may merge into a module or global declaration"))
        if self._kind_of_parent(path, sym) in ("class", "interface"):
            doubts.append((10, "a method may be called through an object the analysis cannot type"))
            unknown = [b for at, b in self.inherited_external_bases(path, sym.parent or "") if not self.knowledge.plain_base(b)
                       and self._external_defines(at, b, sym.name) is None]
            if unknown:
                doubts.append((20, f"it may override a method of external base {unknown[0]}"))
            interface = self._duck_typed_interface(path, sym)
            if interface:
                doubts.append((25, interface))
        external = [b for b in self.external_bases(path, sym) if not self.knowledge.plain_base(b)] if sym.kind == "class" else []
        if external:
            doubts.append((20, f"a subclass of external base {external[0]}: its framework may instantiate it"))
        if not self.entry_points.application and self._public_python_name(path, sym) and path not in self.test_files:
            doubts.append((30, "a public name of a package module, in a project with no declared entry point: "
                               "users may import it"))
        if sym.parent is None and self._orphan_package_module(path) and path not in self.test_files:
            doubts.append((10, f"no project file imports {path} (a script or plugin module?)"))
        if sym.kind in ("constant", "variable") and sym.calls and _EFFECTFUL_VALUE.search(sym.value or ""):
            # `var tips = nodes.map(n => new Tooltip(n))`: the name is unread, but building widgets or listeners
            # is the statement's effect; deleting it is not what the evidence supports. (A pure value,
            # `forwardRef(...)` or `_("Title")`, is dead with its name.)
            doubts.append((30, f"its value calls {sym.calls[0]}, which may run for its effect"))
        confidence = max(5, base - sum(cost for cost, _ in doubts))
        text = "".join(f"; but {why}" for _, why in doubts)
        return confidence, text

    def _module_names_looked_up(self, path: str) -> bool:
        """Whether a computed lookup may reach the file's top-level names: it lists them (`globals()`), or
        looks one up on the module (`globals()[name]`, `getattr(module, name)`). A lookup on an instance,
        a class or an object of unknown type reaches members, never a module-level function."""
        return path in self.dynamic.whole_files or any(not scope.members for scope in self.dynamic.scopes.get(path, ()))

    def _duck_typed_interface(self, path: str, sym: Symbol) -> str | None:
        """Why a public method of a used class may be called from outside the project: its class
        has no base, and no method of it is called in the project, yet the class itself is used.
        Its instances are handed to code that calls them by name (a server's websockets `Server`,
        set as `self.ws_server` for the websockets library to call `register`/`is_serving`)."""
        if is_private(sym.name) or sym.parent is None:
            return None
        parent_key = (path, sym.parent)
        parent = self.index.symbols[path].get(sym.parent)
        if parent is None or parent.bases or not self.graph.users_of(parent_key):
            return None
        methods = [m for m in self.index.members.get(parent_key, [])
                   if (member := self.index.symbols[path].get(m)) is not None and member.kind == "method"]
        inside = {(path, m) for m in methods}
        for m in methods:
            # called where the analysis resolves the receiver, or as `.name` on an object it cannot type
            users = {use.user for use in self.graph.users_of((path, m))} | self.graph.attribute_uses(m.rsplit(".", 1)[-1])
            if users - inside:
                return None
        return (f"{parent.name} is used but none of its methods is called in the project: its instances may be "
                f"handed to code outside it that calls them by name")

    def template_names(self) -> dict[str, str]:
        """Identifiers of the expressions of the project's templates (scan._template_names)."""
        return self.index.scan.template_names if self.index.scan is not None else {}

    def template_calls(self) -> dict[str, str]:
        """Names the expressions of the project's templates call (scan._template_names)."""
        return self.index.scan.template_calls if self.index.scan is not None else {}

    def unscanned_names(self) -> dict[str, str]:
        """Identifiers of the text files the scan skipped (generated, too large): code there
        may use a name the graph never saw. Name -> one such file (read by the scan)."""
        return self.index.scan.unscanned_names if self.index.scan is not None else {}

    def roots_checked(self) -> str:
        """The kinds of roots reachability started from (for the DEAD evidence text). Kinds,
        not counts: a count changes with any edit anywhere, and the text is part of every
        file's evidence digest (a one-file change would re-review every file with a DEAD verdict)."""
        if self._roots_summary is None:
            self._roots_summary = ", ".join(sorted({_root_kind(reason) for reason in self.liveness.roots.values()}))
        return self._roots_summary

    def _loaded_by_path(self) -> dict[SymbolKey, str]:
        """What a file exports when another hands its path to the runtime (FileFacts.loaded_paths: a
        webpack loader, an Electron preload, a worker): the runtime reads its exports."""
        found: dict[SymbolKey, str] = {}
        for path, facts in self.index.files.items():
            for written in facts.loaded_paths:
                folder = posixpath.dirname(path)
                if written == "./*":  # every module of its folder (`requireDirectory(__dirname)`)
                    targets = [other for other in self.index.files if posixpath.dirname(other) == folder
                               and other != path and self.index.files[other].language != "python"]
                    why = f"loaded with every module of its folder by {path}"
                else:
                    targets = [self.index.js_file_at(posixpath.join(folder, written))]
                    why = f"loaded by its path from {path} ('{written}')"
                for target in targets:
                    if target is None or target == path:
                        continue
                    for sym in self.index.files[target].symbols:
                        if sym.parent is None and sym.exported:
                            found[(target, sym.qualified_name)] = why
        return found

    def _example_exports(self) -> dict[SymbolKey, str]:
        """What a JS/TS example program exports: what it shows (`examples/*.js`, each a component
        the docs link to); a helper it does not export is dead like anywhere else."""
        return {(path, sym.qualified_name): "what an example program exports (it shows it)"
                for path, facts in self.index.files.items()
                if facts.language != "python" and is_example_path(path) and path not in self.test_files
                for sym in facts.symbols if sym.parent is None and sym.exported}

    def _type_tests(self) -> dict[SymbolKey, str]:
        """Functions whose body asserts types (`assert_type(await query, list[Band])`,
        `expectTypeOf(x).toEqualTypeOf<T>()`): the type checker runs them as tests, nothing calls them."""
        return {(path, sym.qualified_name): f"a type test: it calls {call.split('(', 1)[0]}, which the type checker checks"
                for path, facts in self.index.files.items() for sym in facts.symbols
                if sym.kind in ("function", "method")
                for call in [next((c for c in sym.calls if type_assertion(c)), None)] if call}

    def _shipped_test_support(self) -> dict[SymbolKey, str]:
        """What a library's own `testing` subpackage offers (`migrate/testing/__init__.py` importing
        `expect_deprecated`): the package ships inside the library, for the authors of its plugins and
        dialects to run its test suite against theirs."""
        if not self.entry_points.is_library:
            return {}
        found: dict[SymbolKey, str] = {}
        for path, facts in self.index.files.items():
            package = posixpath.dirname(path)
            if posixpath.basename(path) != "__init__.py" or posixpath.basename(package) != "testing" \
                    or posixpath.join(posixpath.dirname(package), "__init__.py") not in self.index.files:
                continue
            for name in self.index.bindings(path):
                target = self.index.export_target(path, name)
                if target is not None and not target.is_module and target.path in self.index.files:
                    found[(target.path, target.qualified_name or "")] = \
                        f"offered by {path}, the test-support package the library ships for its plugins' tests"
        return found

    def _included_in_docs(self) -> dict[SymbolKey, str]:
        """The top-level names of a source file a documentation page includes whole (see
        roots.documentation_includes): readers see them, whoever calls them."""
        return {(path, sym.qualified_name): f"shown in the documentation ({page} includes {path})"
                for path, page in documentation_includes(self.texts).items()
                if path in self.index.files and path not in self.test_files
                for sym in self.index.files[path].symbols if sym.parent is None}

    def _run_by_docs(self) -> dict[SymbolKey, str]:
        """What the code of a documentation page imports (see roots.documentation_code_imports): the page
        calls it each time it is built; a module imported whole offers every top-level name."""
        found: dict[SymbolKey, str] = {}
        for (module, name), page in documentation_code_imports(self.texts).items():
            beside = posixpath.join(posixpath.dirname(page), module.replace(".", "/") + ".py")
            path = beside if beside in self.index.files else self.index.module_file(module)
            if path is None or path in self.test_files:
                continue
            why = f"run by the documentation ({page} imports {module} in a cog block)"
            for sym in self.index.files[path].symbols:
                if sym.parent is None and (name == "*" or sym.name == name):
                    found[(path, sym.qualified_name)] = why
        return found

    def _documented_api(self) -> dict[SymbolKey, str]:
        """The public names the project's API reference documents (see roots.documented_names): a
        module's with `:members:`, a class and (with `:members:`) its public methods, a function."""
        found: dict[SymbolKey, str] = {}
        for dotted, documented in documented_names(self.texts).items():
            why = f"public, documented in the API reference ({documented.where})"
            path = self.index.module_file(dotted)
            if path is not None and path not in self.test_files:
                if documented.members:
                    for sym in self.index.files[path].symbols:
                        if sym.parent is None and not is_private(sym.name):
                            found[(path, sym.qualified_name)] = why
                continue
            module, _, name = dotted.rpartition(".")
            path = self.index.module_file(module) if module else None
            qname = self.index.top_level.get(path, {}).get(name) if path is not None else None
            if qname is None or path in self.test_files:
                continue
            found[(path, qname)] = why
            if documented.members:
                for sym in self.index.files[path].symbols:
                    if sym.parent == qname and not is_private(sym.name):
                        found[(path, sym.qualified_name)] = why
        return found

    def _type_checked(self, path: str) -> str | None:
        """Why the type checker reads this test file, if a configured command names it or its folder."""
        target = under_type_checker(path, self.type_checked_tests)
        return self.type_checked_tests[target] if target else None

    def _compatibility_alias(self, path: str, facts: FileFacts, sym: Symbol) -> str | None:
        """`_use_colors = _has_colors` at the top of a library module: a second, private name for a
        binding of the module that the module itself never reads. Nothing inside needs it, so it is
        there for code importing the old name (a comment beside it often says so).
        A public alias (`FATAL = CRITICAL`) is a name like any other."""
        if (sym.parent is not None or sym.kind not in ("variable", "constant") or facts.language != "python"
                or not is_private(sym.name)
                or sym.calls or sym.token_count != 1 or len(sym.references) != 1 or not self.entry_points.is_library):
            return None
        target = sym.references[0]
        return target if target != sym.name and target in self.index.top_level.get(path, {}) else None

    def _public_unused(self, path: str, sym: Symbol) -> str | None:
        """Why a name nothing here uses is still a library's public API, if it is: a public
        top-level name of a public module of a Python package (users import it), or a name
        a package entry file offers."""
        if not (self.entry_points.library and self.entry_points.is_library) or not self._public_python_name(path, sym):
            return None
        return f"public name of public module {path} of a {self.entry_points.shape(path)}"

    def _public_python_name(self, path: str, sym: Symbol) -> bool:
        if sym.parent is not None:
            return False
        facts = self.index.files[path]
        if facts.language != "python":
            return False  # TS/JS: only what the package's entry files export (roots) is public
        parts = path.split("/")
        if any(is_private(part) for part in parts[:-1]) or is_private(parts[-1].rsplit(".", 1)[0]):
            return False
        return not is_private(sym.name) and posixpath.join(posixpath.dirname(path), "__init__.py") in self.index.files

    def _low_value(self, path: str, facts: FileFacts, sym: Symbol) -> AxisAssessment | None:
        """A function that only returns its argument. (Do-nothing functions are left alone: they
        are usually deliberate hooks or placeholders.)"""
        if sym.kind != "function" or sym.parent is not None or sym.decorators or sym.is_abstract or sym.name == "_":
            return None  # `def _(s): return s`: gettext's marker, which string extraction reads by its name
        if sym.token_count > 12 or (path, sym.qualified_name) in self.liveness.roots:
            return None
        if any(use.kind != "calls" for use in self.graph.users_of((path, sym.qualified_name))):
            return None  # passed around as a value (a callback, a dispatch-table entry)
        if returns_its_argument(sym):
            return assessment(verdict="LOW_VALUE", confidence=70, rule="low-value/returns-argument",
                                  detail=f"only returns its argument {sym.params[0]}: callers can use the value "
                                         f"directly")
        return None
