"""What a computed lookup can reach, from what it looks up on.

`getattr(self, f"visit_{kind}")` reaches the `visit_*` members of the file's classes;
`globals()[name]` the file's top-level names; `getattr(mod, name)` on an imported project
module that module's names. `getattr(obj, key, default)` on a parameter reaches attributes
of an object of unknown type: no name of the file because of it (it used to keep the
whole module alive), but the file's identifier strings may be the keys it is given.

A file that lists its own names (`inspect.getmembers(sys.modules[__name__])`, `globals()`,
`vars()`) is wholly dynamic: every name in it may be reached. A computed import or
require reaches other modules (the usage graph links what is under its literal path),
not the names of its own file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..schema.facts import DynamicLookup, FileFacts
from .resolve import ProjectIndex, name_chain

# Targets that look names up in the module's own namespace.
_MODULE_TARGETS = frozenset({"globals()", "locals()", "vars()", "sys.modules[__name__]"})
# Targets that look names up on an instance or class of the file.
_MEMBER_TARGETS = frozenset({"self", "cls", "self.__class__", "type(self)", "this"})


@dataclass
class Scope:
    """Names of one file a lookup can reach: top-level names or class members, narrowed
    to those starting with `prefix` ("" with no literal prefix: every one)."""

    members: bool
    prefix: str
    why: str


@dataclass
class DynamicReach:
    whole_files: dict[str, str] = field(default_factory=dict)  # path -> why every name may be reached
    scopes: dict[str, list[Scope]] = field(default_factory=lambda: {})  # reached file -> scopes
    foreign: set[str] = field(default_factory=set)  # files looking up names on objects of unknown type

    def reason(self, path: str, name: str, top_level: bool, fragments: list[str]) -> str | None:
        """Why a computed lookup may reach `name` of `path`. A lookup without a literal
        prefix is narrowed by the computed-name fragments of the file (`fragments`,
        "visit_" from `name = "visit_" + kind`) when there are some."""
        for scope in self.scopes.get(path, ()):
            if scope.members == top_level:
                continue
            if scope.prefix:
                if name.startswith(scope.prefix):
                    return f"{scope.why} looks up names starting with '{scope.prefix}'"
                continue
            matched = next((f for f in fragments if name.startswith(f)), None)
            if matched:
                return f"{scope.why} looks up names starting with '{matched}'"
            if not fragments:
                return f"{scope.why} looks names up with a computed key"
        return None


def dynamic_reach(index: ProjectIndex, introspecting: set[str]) -> DynamicReach:
    found = DynamicReach()
    for path, facts in index.files.items():
        if path in introspecting:
            found.whole_files[path] = f"{path} lists its names (inspect.getmembers, globals(), vars(), " \
                                      f"sys.modules)"
            continue
        if facts.dynamic_access and not facts.dynamic_lookups:
            # a computed import or require loads other modules (the usage graph links what is
            # under its literal path), never a name of this file
            found.foreign.add(path)
        for lookup in facts.dynamic_lookups:
            _add_lookup(index, path, facts, lookup, found)
    return found


def _add_lookup(index: ProjectIndex, path: str, facts: FileFacts, lookup: DynamicLookup,
                found: DynamicReach) -> None:
    target = lookup.target.replace(" ", "")
    where = f"{path}:{lookup.line}"
    if target in _MODULE_TARGETS:
        found.scopes.setdefault(path, []).append(Scope(False, lookup.prefix, f"{where} ({target}[...])"))
        return
    if target in _MEMBER_TARGETS:
        found.scopes.setdefault(path, []).append(Scope(True, lookup.prefix, f"{where} (getattr on {target})"))
        return
    parts = name_chain(target)
    module = _module_named(index, path, parts) if parts else None
    if module is not None:
        found.scopes.setdefault(module, []).append(Scope(False, lookup.prefix, f"{where} (getattr on module "
                                                                                f"{target})"))
        return
    if parts and parts[0] in index.top_level.get(path, {}):  # getattr(SomeClass, name): its members
        found.scopes.setdefault(path, []).append(Scope(True, lookup.prefix, f"{where} (getattr on {target})"))
        return
    found.foreign.add(path)


def _module_named(index: ProjectIndex, path: str, parts: tuple[str, ...]) -> str | None:
    """The project module a name bound by an import denotes (`import pkg.mod as m`: m)."""
    binding = index.bindings(path).get(parts[0])
    if binding is None or len(parts) > 1:
        return None
    ref, imported = binding
    source = index.resolve_import(path, ref)
    if source is None:
        return None
    if imported is None:
        return source
    target = index.export_target(source, imported)
    return target.path if target is not None and target.is_module else None
