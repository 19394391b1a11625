"""The usage graph: who imports and who references each symbol, across files.

Nodes are SymbolKeys (path, qualified name) plus one node per file for its top-level
code, `(path, MODULE)`. An edge `user -> target` means the user's body names the target
(own file, through an import, a namespace member `ns.func`, `import *`, a type-only
import, a CommonJS require or destructuring, a re-export). Two fuzzy kinds of use are
kept apart because static analysis cannot settle them: `.name` attribute accesses (a
possible call of every method called `name`) and identifier-like string literals (a
possible `getattr(obj, "name")`).

Built in one pass over every user's references with memoized resolution, so the cost
is linear in the number of references.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Callable

from ..schema.facts import TYPE_KINDS, FileFacts, ScanResult, Symbol
from .resolve import ProjectIndex, attribute_names, name_chain
from .roles import is_barrel_path, is_test_path
from ..schema.evidence import SymbolKey

MODULE = "<module>"  # qualified name of a file's top-level code node
# The kind of use of a module whose names are read as a table (`localns=type_globals.__dict__`): every
# name it binds, imports included, is among what is read.
READS_NAMESPACE = "reads the namespace of"
_VALUE_KINDS = ("constant", "variable")  # module-level names bound to a value
_STRINGS = re.compile(r"""("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`)""")
# The literal head of a computed module path: require(`./commands/${x}`), import(`./p/${x}.js`)...
_CHAINS = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")


@dataclass
class Use:
    """One user naming one target: kept for details and for find_usages."""

    user: SymbolKey
    kind: str  # "imports" | "calls" | "references" | "re-exports" | "unused import"
    line: int


@dataclass
class UsageGraph:
    index: ProjectIndex
    out_edges: dict[SymbolKey, set[SymbolKey]] = field(default_factory=lambda: defaultdict(set))
    uses: dict[SymbolKey, list[Use]] = field(default_factory=lambda: defaultdict(list))  # target -> uses
    importers: dict[SymbolKey, dict[str, int]] = field(default_factory=lambda: defaultdict(dict))  # file -> line
    reexporters: dict[SymbolKey, list[str]] = field(default_factory=lambda: defaultdict(list))
    attribute_users: dict[str, set[SymbolKey]] = field(default_factory=lambda: defaultdict(set))
    loose_attribute_users: dict[str, set[SymbolKey]] = field(default_factory=lambda: defaultdict(set))
    string_files: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))  # name -> files
    # the same, for strings where a string can become a lookup (a call argument, a subscript...)
    lookup_string_files: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    members_by_name: dict[str, list[SymbolKey]] = field(default_factory=lambda: defaultdict(list))
    symbols_by_name: dict[str, list[SymbolKey]] = field(default_factory=lambda: defaultdict(list))
    imported_files: set[str] = field(default_factory=set)  # files some project import resolves to
    subclasses: dict[SymbolKey, list[SymbolKey]] = field(default_factory=lambda: defaultdict(list))
    # What each call of a symbol resolves to, (scope, call text, target or None) per file,
    # as ProjectIndex.resolve_callee answers it: handed to the index (remember_callees) so
    # that the cards' called_internals need not resolve every call again.
    callees: list[tuple[str, str, SymbolKey | None]] = field(default_factory=list)

    # ---------------------------------------------------------------- building

    @classmethod
    def build(cls, scan: ScanResult, index: ProjectIndex,
              contribution: Callable[[FileFacts], Contribution] | None = None) -> "UsageGraph":
        """The graph of the project, one file's contribution at a time, in scan order.

        `contribution` gives a file's contribution (file_contribution, or the analysis cache's
        copy of it when nothing it was computed from changed)."""
        graph = cls(index)
        for facts in scan.files:
            part = contribution(facts) if contribution is not None else file_contribution(index, facts)
            graph.add_contribution(facts.path, part)
        graph._read_by_imported_modules(scan)
        graph._read_at_load(scan)
        return graph

    def _read_at_load(self, scan: ScanResult) -> None:
        """A module-level constant whose initializer calls something (`const server =
        http.createServer(handler).listen(0, main)`) makes that call when its module loads: what
        the initializer reads is read by the module's top-level code, whatever becomes of the
        constant, and so is the constant when a callback of its own initializer reads it
        (`server.address()` in the listen callback). A runnable example's `main` is no dead code.
        Edges only: the constant's uses are counted already, a second count would change which
        copy of a duplicate has more users."""
        for facts in scan.files:
            module = self.out_edges[(facts.path, MODULE)]
            for sym in facts.symbols:
                if sym.parent is not None or sym.kind not in _VALUE_KINDS or not sym.calls:
                    continue
                constant = (facts.path, sym.qualified_name)
                module.update(self.out_edges.get(constant, ()))
                if any(ref == sym.name or ref.startswith(sym.name + ".") for ref in sym.references):
                    module.add(constant)

    def _read_by_imported_modules(self, scan: ScanResult) -> None:
        """A JS/TS name exported where it is declared (`export const mutations = {...}`) and read by
        the top-level code of its module (`export default { state, mutations }`, a Vuex module) is
        used when the module is: once some project file imports it. (A file nothing imports runs
        no top-level code, and its exports are judged on their own.)"""
        for facts in scan.files:
            if facts.language == "python" or facts.path not in self.imported_files:
                continue
            declared = {(s.name, s.line_start): s.qualified_name for s in facts.symbols if s.parent is None}
            read = set(facts.module_references)
            for export in facts.exports:
                qname = declared.get((export.local, export.line)) if export.source is None else None
                if qname is not None and export.local in read:
                    self._link((facts.path, MODULE), (facts.path, qname), "read by its module's top-level code",
                               export.line)

    def add_contribution(self, path: str, part: Contribution) -> None:
        """Merge what one file contributes. Every user is a node of that file, so merging the
        files in scan order gives the lists, sets and dict orders of one pass over all files."""
        out_edges, uses, importers = self.out_edges, self.uses, self.importers
        for user, targets in part["edges"]:
            out_edges[(path, user)].update(targets)
        for target, users in part["uses"]:
            uses[target].extend(Use((path, user), kind, line) for user, kind, line in users)
        for target, line in part["importers"]:
            importers[target].setdefault(path, line)
        for target in part["reexporters"]:
            self.reexporters[target].append(path)
        for attribute, users in part["attributes"]:
            self.attribute_users[attribute].update((path, user) for user in users)
        for attribute, users in part["loose_attributes"]:
            self.loose_attribute_users[attribute].update((path, user) for user in users)
        for literal in part["strings"]:
            self.string_files[literal].add(path)
        for literal in part["lookup_strings"]:
            self.lookup_string_files[literal].add(path)
        for name, qname in part["members"]:
            self.members_by_name[name].append((path, qname))
        for name, qname in part["symbols"]:
            self.symbols_by_name[name].append((path, qname))
        self.imported_files.update(part["imported"])
        for base, qname in part["subclasses"]:
            self.subclasses[base].append((path, qname))
        self.index.remember_callees(path, part["callees"])

    def _add_computed_loads(self, facts: FileFacts) -> None:
        """`require(`./commands/${name}`)`, `import(`../plugins/${x}.js`)`,
        `importlib.import_module(f"pkg.handlers.{kind}")`: every module under the literal
        prefix may be loaded, so what each one exports is used (prefer missing dead code)."""
        base = posixpath.dirname(facts.path)
        prefixes = [posixpath.normpath(posixpath.join(base, prefix)) if prefix.startswith(".") else prefix.replace(".", "/")
                    for prefix in facts.computed_import_prefixes]
        for prefix in prefixes:
            for module in self.index.files:
                if module == facts.path or not module.startswith(prefix):
                    continue
                for name, qname in self.index.top_level.get(module, {}).items():
                    self._link((facts.path, MODULE), (module, qname), "loads by a computed path", 0)
                default = self.index.export_target(module, "default")
                if default is not None and not default.is_module:
                    self._link((facts.path, MODULE), (default.path, default.qualified_name or ""), "loads by a computed path", 0)

    def _add_file(self, facts: FileFacts) -> None:
        path = facts.path
        module_node = (path, MODULE)
        heads_used: set[str] = set()
        attributes: set[str] = set()  # every `.name` accessed in the file
        by_qname = self.index.symbols[path]
        for sym in facts.symbols:
            key = (path, sym.qualified_name)
            self.symbols_by_name[sym.name].append(key)
            parent = by_qname.get(sym.parent) if sym.parent else None
            if parent is not None and parent.kind != "function" and parent.kind != "method":
                self.members_by_name[sym.name].append(key)
        module_references = facts.module_references
        if facts.language != "python":
            # `module.exports = { a, b }` reads a and b, but exporting is not using (see
            # _read_by_imported_modules for a name exported where it is declared). A declaration that
            # exports itself (`export type T = ...`) writes no reference: one to it is a use
            # (`const { a } = data as T` at the top level).
            exported_locals = {e.local for e in facts.exports if e.source is None and e.local
                               and not _declared_on(by_qname.get(e.local), e.line)}
            module_references = [r for r in module_references
                                 if r not in exported_locals or r in facts.module_calls]
        self._add_user(path, module_node, None, module_references, facts.module_calls, 1, heads_used,
                       attributes)
        for sym in facts.symbols:
            self._add_user(path, (path, sym.qualified_name), sym, sym.references, sym.calls, sym.line_start,
                           heads_used, attributes)
            if sym.fields and _dumps_by_field_name(sym):
                # `favoritesCount = fields.Int()`: the schema reads obj.favoritesCount when it dumps one
                for name in sym.fields:
                    self.attribute_users[name].add((path, sym.qualified_name))
            if sym.kind == "class":
                for base in self.index.base_classes(path, sym.qualified_name):
                    self.subclasses[(base.path, base.qualified_name or "")].append((path, sym.qualified_name))
        self._add_imports(facts, heads_used, attributes)
        self._add_reexports(facts)
        exported_names = set(facts.dunder_all or ())
        for literal in set(facts.string_literals) - exported_names:
            self.string_files[literal].add(path)
        for literal in set(facts.lookup_strings) - exported_names:
            self.lookup_string_files[literal].add(path)

    @staticmethod
    def _read_whole(facts: FileFacts, name: str) -> bool:
        """Whether a file reads the binding `name` itself, not only `name.attribute` (nor only to write
        `name.attribute = value`: a module patched is not handed on)."""
        if name in facts.written_through:
            return False
        # `get_type_hints(obj, localns=type_globals.__dict__)` reads it whole too
        return bool(UsageGraph._readers(facts, {name, f"{name}.__dict__"}))

    @staticmethod
    def _readers(facts: FileFacts, names: set[str]) -> list[str]:
        """The nodes of a file (its top-level code, its symbols) that read one of `names` as written."""
        readers = [MODULE] if names & set(facts.module_references) else []
        return readers + [sym.qualified_name for sym in facts.symbols if not names.isdisjoint(sym.references)]

    def _add_user(self, path: str, user: SymbolKey, sym: Symbol | None, references: list[str],
                  calls: list[str], line: int, heads_used: set[str], attributes: set[str]) -> None:
        scope = sym.qualified_name if sym is not None else None
        written: dict[str, str] = {}
        for text in references:
            written.setdefault(text, "references")
        for text in calls:
            written[text] = "calls"
        if sym is not None:
            for text in _chains_in(sym.decorators):
                written.setdefault(text, "decorated by")
            if sym.kind == "class":
                for name in template_names(sym.decorators):
                    written.setdefault(f"this.{name}", "binds in its template")
            for base in sym.bases:
                for text in _chains_in([base.split("=", 1)[-1]]):
                    written.setdefault(text, "extends")
        for text, kind in written.items():
            for attribute in attribute_names(text):
                self.attribute_users[attribute].add(user)
                attributes.add(attribute)
            parts = name_chain(text)
            if not parts:
                continue
            heads_used.add(parts[0])
            walk = self.index.resolve_dotted(path, parts, scope)
            if kind == "calls" and scope is not None:
                last = walk.last
                self.callees.append((scope, text, (last.path, last.qualified_name)
                                     if walk.complete and last is not None and last.qualified_name is not None
                                     else None))
            if not walk.complete:
                # `mod.func` on a module object we could not resolve (dynamic import, a
                # parameter): a possible use of any top-level `func`.
                for attribute in walk.unresolved_attributes:
                    self.loose_attribute_users[attribute].add(user)
            for target in walk.symbols:
                key = (target.path, target.qualified_name or "")
                if key == user:
                    continue
                self.out_edges[user].add(key)
                self.uses[key].append(Use(user, kind, line))
                if target.path != path:
                    self.importers[key].setdefault(path, line)

    def _add_imports(self, facts: FileFacts, heads_used: set[str], attributes: set[str]) -> None:
        """Imports name their targets; an import no code of the file uses is a re-export
        (barrels, `__all__`) or an unused import, which keeps its target alive: prefer
        missing a dead symbol to calling a live one dead."""
        path = facts.path
        reexported = set(facts.dunder_all or ()) | {e.local or e.name for e in facts.exports if e.source is None}
        barrel = is_barrel_path(path)
        bound = Counter(imported.alias or imported.name for ref in facts.imports for imported in ref.names)
        for ref in facts.imports:
            source = self.index.resolve_import(path, ref)
            if source is None:
                continue
            self._mark_imported(source)
            if ref.kind == "dynamic" and not ref.namespace and not ref.names:
                # `m = import_module("x")` / `const {a} = await import("./x")`: the binding is not
                # tracked, so any name of x this file uses (`a()`, `m.name`, getattr(m, "name")) is
                # a use; with a computed getattr, everything x defines is.
                # A JS `import("./x")` none of whose names the file uses hands its module object
                # on (`.then(convert)`, a router's `lazy`): whoever receives it may read any export.
                accessed = attributes | heads_used | set(facts.string_literals)
                names = self.index.top_level.get(source, {})
                escapes = facts.language != "python" and not accessed.intersection(names)
                def taken(name: str) -> bool:
                    return escapes or facts.dynamic_access or name in accessed

                for name, qname in names.items():
                    if taken(name):
                        self._link((path, MODULE), (source, qname), "imports dynamically", ref.line)
                # what the module re-exports (`export { generateEntrypoints } from './entrypoints.ts'` in a
                # wrapper a build script imports): the same names, defined elsewhere
                source_facts = self.index.files.get(source)
                for export in source_facts.exports if source_facts is not None else ():
                    if export.source is not None and export.name != "*" and export.name not in names \
                            and taken(export.name):
                        target = self.index.export_target(source, export.name)
                        if target is not None and not target.is_module and target.qualified_name:
                            self._link((path, MODULE), (target.path, target.qualified_name), "imports dynamically",
                                       ref.line)
                default = self.index.export_target(source, "default") if facts.language != "python" else None
                if default is not None and not default.is_module:  # `m.default`, `{default: C} = m`
                    self._link((path, MODULE), (default.path, default.qualified_name or ""), "imports dynamically",
                               ref.line)
                continue
            if ref.kind == "require" and not ref.names:
                # `const x = require("./m")`, `require("./m")(args)`: the module's value (its
                # `module.exports = ...`) is what is taken, however it is used afterwards.
                value = self.index.export_target(source, "default")
                if value is not None and not value.is_module:
                    self._link((path, MODULE), (value.path, value.qualified_name or ""), "requires", ref.line)
                elif ref.namespace and self._read_whole(facts, ref.namespace):
                    # `module.exports.symbols = symbols`: the object of m's exports is handed on,
                    # and whoever gets it may read any of them (a logger's public `logger.symbols`).
                    self._link_exported_values(path, source, "requires", ref.line)
            if (ref.kind == "static" and ref.namespace and not ref.names and not is_test_path(path)
                    and self._read_whole(facts, ref.namespace)):
                # `import * as schema from './schema'` then `drizzle(client, { schema })`, `import
                # app.migrations as m` then `run(m)`: the module object is handed on, and whoever gets
                # it may read any value of it (a runner walking `m.__dict__` for `m001_*`).
                # Not from a test, which reads the members it checks (`vi.spyOn(ns, "f")` names one).
                self._hand_on_module(facts, ref.namespace, source, ref.line)
            for imported in ref.names:
                local = imported.alias or imported.name
                target = self.index.export_target(source, imported.name)
                if target is not None and target.is_module:
                    self._mark_imported(target.path)
                    if not is_test_path(path) and self._read_whole(facts, local):
                        self._hand_on_module(facts, local, target.path, ref.line)  # `from app import migrations as m`
                if target is None or target.is_module:
                    continue
                key = (target.path, target.qualified_name or "")
                self.importers[key].setdefault(path, ref.line)
                alternative = self.index.top_level.get(path, {}).get(local)
                if alternative is not None:
                    # The file also defines the name (`if WIN: from ._win import f` / `else: def f`,
                    # `try: from c import f` / `except ImportError: def f`): the references resolve
                    # to the definition, and whichever branch ran, the import is used with it.
                    self._link((path, alternative), key, "is the alternative of", ref.line)
                    continue
                if local in heads_used and bound.get(local, 0) > 1:
                    # Bound by two imports (`from ._compat import T` then `if TYPE_CHECKING: from
                    # pydantic_core import X as T`, try/except): references resolve to one of them,
                    # but either may be the one that runs. Each is used with them.
                    self._link((path, MODULE), key, "imports a name another import also binds", ref.line)
                    continue
                if local in heads_used:
                    continue  # the referencing users carry the edges (dead users propagate)
                if barrel or local in reexported:
                    self.reexporters[key].append(path)
                    self.uses[key].append(Use((path, MODULE), "re-exports", ref.line))
                else:
                    self._link((path, MODULE), key, "imports (unused import)", ref.line)

    def _hand_on_module(self, facts: FileFacts, binding: str, source: str, line: int) -> None:
        """A file hands the module object of `source`, bound to `binding`, on as a value: every value it
        offers is used (a JS module's exported values; a Python module's top-level functions and
        classes), by the code that reads the binding (a function's `return heavy` only when called)."""
        how = "hands on the namespace of"
        if self.index.files[source].language != "python":
            self._link_exported_values(facts.path, source, how, line)
            return
        namespace = f"{binding}.__dict__"
        readers = self._readers(facts, {binding, namespace})
        for reader in self._readers(facts, {namespace}):  # the module itself: what it imports is among the names read
            self._link((facts.path, reader), (source, MODULE), READS_NAMESPACE, line)
        for sym in self.index.files[source].symbols:
            if sym.parent is None and sym.kind in ("function", "class"):
                for reader in readers:
                    self._link((facts.path, reader), (source, sym.qualified_name), how, line)

    def _link_exported_values(self, path: str, source: str, how: str, line: int,
                              seen: set[str] | None = None) -> None:
        """Every value `source` exports (not its types: no object holds them) is used by `path`,
        those it re-exports whole (`export * from "./users"` in a schema's index) too."""
        through_star = seen is not None
        seen = set() if seen is None else seen
        seen.add(source)
        for star in self.index.star_sources(source):
            if star not in seen:
                self._link_exported_values(path, star, how, line, seen)
        for export in self.index.files[source].exports:
            if through_star and export.name == "default":
                continue  # `export *` leaves the default export out
            target = self.index.export_target(source, export.name)
            if target is None or target.is_module or export.star or export.type_only:
                continue
            kind = next((s.kind for s in self.index.files[target.path].symbols
                         if s.qualified_name == target.qualified_name), None)
            if kind in TYPE_KINDS:
                continue
            self._link((path, MODULE), (target.path, target.qualified_name or ""), how, line)

    def _add_reexports(self, facts: FileFacts) -> None:
        for export in facts.exports:
            if export.source is None or export.name == "*":
                continue
            source = self.index.module_for_specifier(facts.path, export.source)
            target = self.index.export_target(source, export.local or export.name) if source else None
            if target is not None and not target.is_module:
                key = (target.path, target.qualified_name or "")
                self.reexporters[key].append(facts.path)
                self.uses[key].append(Use((facts.path, MODULE), "re-exports", export.line))

    def _mark_imported(self, path: str) -> None:
        """`import a.b.c` runs a/__init__.py and a/b/__init__.py too."""
        while path and path not in self.imported_files:
            self.imported_files.add(path)
            directory = path.rsplit("/", 1)[0] if "/" in path else ""
            if path.endswith("/__init__.py"):
                directory = directory.rsplit("/", 1)[0] if "/" in directory else ""
            path = f"{directory}/__init__.py" if directory else ""
            if path not in self.index.files:
                break

    def _link(self, user: SymbolKey, key: SymbolKey, kind: str, line: int) -> None:
        self.out_edges[user].add(key)
        self.uses[key].append(Use(user, kind, line))

    # ---------------------------------------------------------------- queries

    def users_of(self, key: SymbolKey) -> list[Use]:
        """Resolved uses of a symbol (not the fuzzy attribute/string ones)."""
        return self.uses.get(key, [])

    def attribute_uses(self, name: str) -> set[SymbolKey]:
        return self.attribute_users.get(name, set())

    def usages(self, name: str, limit: int = 40) -> list[str]:
        """Human-readable usage lines of every symbol called `name` (or qualified `name`,
        or "path:qualified_name"): "src/a.py:12 imports x", "src/b.py:30 run() calls x"."""
        keys = self._keys_named(name)
        lines: list[str] = []
        for key in keys:
            label = key[1]
            for use in sorted(self.uses.get(key, []), key=lambda u: (u.user[0], u.line)):
                who = "(module level)" if use.user[1] == MODULE else f"{use.user[1]}()"
                lines.append(f"{use.user[0]}:{use.line} {who} {use.kind} {label} ({key[0]})")
            short = label.rsplit(".", 1)[-1]
            if key in self.members_by_name.get(short, []):
                for user in sorted(self.attribute_users.get(short, set())):
                    if not any(u.user == user for u in self.uses.get(key, [])):
                        lines.append(f"{user[0]}: {_label(user)} accesses .{short} (possibly {label})")
            for path in sorted(self.string_files.get(short, set())):
                lines.append(f"{path}: the string '{short}' appears (possible dynamic use of {label})")
        if not keys:
            return [f"no project symbol named {name}"]
        if not lines:
            return [f"{k[0]}:{k[1]} has no usages" for k in keys]
        if len(lines) > limit:
            lines = lines[:limit] + [f"... and {len(lines) - limit} more"]
        return lines

    def _keys_named(self, name: str) -> list[SymbolKey]:
        if ":" in name:
            path, qname = name.rsplit(":", 1)
            return [(path, qname)] if qname in self.index.symbols.get(path, {}) else []
        short = name.rsplit(".", 1)[-1]
        return [k for k in self.symbols_by_name.get(short, []) if k[1] == name or k[1].endswith("." + name)
                or name == short and k[1] == short]


# What one file adds to the graph, as plain lists of strings, ints and tuples (the analysis
# cache stores it with marshal): every user is a node of the file, named by its qualified name.
Contribution = dict[str, list]


def file_contribution(index: ProjectIndex, facts: FileFacts) -> Contribution:
    """The graph one file builds, as a Contribution: `_add_file` on a graph of its own."""
    part = UsageGraph(index)
    part._add_file(facts)
    if facts.dynamic_access:
        part._add_computed_loads(facts)
    path = facts.path
    assert all(user[0] == path for user in part.out_edges), "a file's users are its own nodes"
    return {
        "edges": [(user[1], sorted(targets)) for user, targets in part.out_edges.items()],
        "uses": [(target, [(u.user[1], u.kind, u.line) for u in uses]) for target, uses in part.uses.items()],
        "importers": [(target, by_file[path]) for target, by_file in part.importers.items()],
        "reexporters": [target for target, files in part.reexporters.items() for _ in files],
        "attributes": [(name, sorted(user[1] for user in users)) for name, users in part.attribute_users.items()],
        "loose_attributes": [(name, sorted(user[1] for user in users))
                             for name, users in part.loose_attribute_users.items()],
        "strings": list(part.string_files),
        "lookup_strings": list(part.lookup_string_files),
        "members": [(name, key[1]) for name, keys in part.members_by_name.items() for key in keys],
        "symbols": [(name, key[1]) for name, keys in part.symbols_by_name.items() for key in keys],
        "imported": sorted(part.imported_files),
        "subclasses": [(base, key[1]) for base, keys in part.subclasses.items() for key in keys],
        "callees": part.callees,
    }


def _label(user: SymbolKey) -> str:
    return "(module level)" if user[1] == MODULE else f"{user[1]}()"


def _chains_in(texts: list[str]) -> list[str]:
    """Dotted names in decorator or base text, string contents removed: "app.route('/x', x=y)"."""
    found: list[str] = []
    for text in texts:
        found.extend(_CHAINS.findall(_STRINGS.sub("", text)))
    return found


_INLINE_TEMPLATE = re.compile(r"""\btemplate\s*:\s*(`[^`]*`|'[^']*'|"[^"]*")""")
_TEMPLATE_NAME = re.compile(r"[A-Za-z_$][\w$]*")


# Serializers that dump an object by reading each declared field's name off it: `*Schema` and
# `*Serializer` classes (schema libraries, Django REST framework).
_FIELD_NAME_DUMPER = re.compile(r"(?:\w+\.)*\w*(?:Schema|Serializer)")


def _dumps_by_field_name(cls: Symbol) -> bool:
    return any(_FIELD_NAME_DUMPER.fullmatch(base.strip()) for base in cls.bases)


def template_names(decorators: list[str]) -> set[str]:
    """The names an inline component template reads (`@Component({template: `<button
    (click)="toggle()">`})`): its expressions run against the class, so a member named there is
    used. Every identifier of the template counts, its markup's words too: at worst a member
    named like a tag stays alive."""
    names: set[str] = set()
    for decorator in decorators:
        for template in _INLINE_TEMPLATE.findall(decorator):
            names.update(_TEMPLATE_NAME.findall(template[1:-1]))
    return names


def _declared_on(sym: Symbol | None, line: int) -> bool:
    """Whether an export on `line` is the declaration of `sym` itself (`export const a = ...`), not a list
    that names it (`export { a }`, `module.exports = { a }`)."""
    return sym is not None and sym.parent is None and sym.line_start <= line <= sym.line_end
