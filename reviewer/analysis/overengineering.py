"""Over-engineering heuristics: OVER, ACCEPTABLE or LEAN, each with its evidence.

- an abstract class or interface with a single implementation (two or more: ACCEPTABLE);
  a concrete base class with two or more subclasses is ACCEPTABLE too;
- a class with only a constructor and one public method: a function would do;
- a factory whose every call site asks for the same product, or a Factory class with
  one product; a registry decorator with one registered item; an event emitter with
  one subscriber;
- a wrapper whose whole body forwards its parameters unchanged to another function.

LEAN is the default; every other verdict names what it saw. OVER needs strong evidence:
each verdict carries a confidence and is a finding only from analysis.min_confidence (as
DEAD is), so what stays reported are single-implementation hierarchies inside an
application and private pass-through wrappers with one user. A library's public extension
points (an ABC or Protocol its users implement), @overload stubs, example/demo code and
compatibility shims are never OVER.
"""

from __future__ import annotations

import re
from collections import defaultdict

from ..schema.facts import FileFacts, Symbol
from .bodies import forwards_params, single_call
from .resolve import ProjectIndex, name_chain
from .roles import is_dunder, is_example_path, is_private, is_test_path
from .usage import MODULE, UsageGraph
from .utility import UtilityAnalysis
from ..schema.evidence import AxisAssessment, SymbolKey, assessment

ABSTRACT_BASES = ("ABC", "abc.ABC", "Protocol", "typing.Protocol", "metaclass=ABCMeta", "metaclass=abc.ABCMeta")
CONSTRUCTORS = ("__init__", "constructor")
FACTORY_CLASS_SUFFIXES = ("Factory", "Builder", "Creator", "Provider")
SUBSCRIBE_METHODS = frozenset({"on", "subscribe", "add_listener", "addListener", "addEventListener", "connect",
                               "listen", "add_handler", "addHandler", "attach"})
EMIT_METHODS = frozenset({"emit", "publish", "notify", "dispatch", "fire", "trigger", "send"})
_FACTORY_NAME = re.compile(
    r"^(make|create|build|new|get|choose|pick|select)(_|[A-Z])|(_for|_factory|For|Factory)$|^factory", re.I)
OVERLOAD_DECORATORS = frozenset({"overload", "typing.overload", "typing_extensions.overload"})
_COMPAT_FILE = re.compile(r"(^|/)_?(compat|compatibility|backports?|shims?)(\.[a-z]+|/)")
_LITERAL = re.compile(r"""^(?:"[^"]*"|'[^']*'|`[^`$]*`|-?\d+(?:\.\d+)?|True|False|None|true|false|null)$""")


class OverengineeringAnalysis:
    def __init__(self, index: ProjectIndex, graph: UsageGraph, utility: UtilityAnalysis) -> None:
        self.index = index
        self.graph = graph
        self.utility = utility
        self.min_confidence = utility.min_confidence

    def assess(self) -> dict[SymbolKey, AxisAssessment]:
        registrations = self._registrations()
        verdicts: dict[SymbolKey, AxisAssessment] = {}
        for path, facts in self.index.files.items():
            # Tests, demos and compatibility shims are shaped by what they show or bridge.
            judged = not (is_test_path(path) or is_example_path(path) or _COMPAT_FILE.search(path))
            for sym in facts.symbols:
                key = (path, sym.qualified_name)
                found = None
                if judged and not OVERLOAD_DECORATORS.intersection(sym.decorators):
                    found = self._judge(path, facts, sym, registrations)
                if found is not None and found.verdict == "OVER" and found.confidence < self.min_confidence:
                    found.report = False
                    found.detail += f" (confidence {found.confidence} is under the floor {self.min_confidence}: not a finding)"
                verdicts[key] = found or assessment(verdict="LEAN", confidence=80,
                                                        detail="no over-engineering pattern found")
        return verdicts

    def _judge(self, path: str, facts: FileFacts, sym: Symbol,
               registrations: dict[SymbolKey, list[SymbolKey]]) -> AxisAssessment | None:
        if sym.kind in ("class", "interface"):
            return (self._implementations(path, sym) or self._function_in_disguise(path, sym)
                    or self._factory_class(path, sym) or self._emitter(path, sym))
        if sym.kind in ("function", "method"):
            key = (path, sym.qualified_name)
            if key in registrations:
                return self._registry(sym, registrations[key])
            return self._factory_function(path, facts, sym) or self._forwarder(path, facts, sym)
        return None

    # ---------------------------------------------------------------- classes

    def _methods(self, path: str, class_qname: str) -> list[Symbol]:
        by_qname = self.index.symbols[path]
        return [by_qname[q] for q in self.index.members.get((path, class_qname), ())
                if by_qname[q].kind == "method"]

    def _is_abstract(self, path: str, sym: Symbol) -> bool:
        if sym.kind == "interface" or sym.is_abstract:
            return True
        if any(base.replace(" ", "") in ABSTRACT_BASES for base in sym.bases):
            return True
        return any(method.is_abstract for method in self._methods(path, sym.qualified_name))

    def _implementations(self, path: str, sym: Symbol) -> AxisAssessment | None:
        subclasses = self.graph.subclasses.get((path, sym.qualified_name), [])
        names = ", ".join(f"{q} ({p})" for p, q in subclasses[:4]) + (", ..." if len(subclasses) > 4 else "")
        if self._is_abstract(path, sym):
            what = "interface" if sym.kind == "interface" else "abstract base"
            only = self.index.symbol(*subclasses[0]) if len(subclasses) == 1 else None
            if only is not None and self._is_abstract(subclasses[0][0], only):
                return None  # a layer of a hierarchy of interfaces, not a lone implementation
            if len(subclasses) == 1:
                if (path, sym.qualified_name) in self.utility.liveness.roots:
                    # A library's extension point: its users implement it, the repo holds one.
                    return assessment(verdict="ACCEPTABLE", confidence=80,
                                      detail=f"public {what} {sym.name} has 1 implementation here ({names}); "
                                             "users may implement it too")
                return assessment(verdict="OVER", confidence=75,
                                  detail=f"{what} {sym.name} has 1 implementation: {names}")
            if len(subclasses) >= 2:
                return assessment(verdict="ACCEPTABLE", confidence=80,
                                      detail=f"{what} {sym.name} has {len(subclasses)} implementations: {names}")
            return None
        if len(subclasses) >= 2:
            return assessment(verdict="ACCEPTABLE", confidence=75,
                                  detail=f"base class {sym.name} has {len(subclasses)} subclasses: {names}")
        return None

    def _function_in_disguise(self, path: str, sym: Symbol) -> AxisAssessment | None:
        if sym.kind != "class" or sym.bases or sym.decorators or sym.is_abstract:
            return None
        if self.graph.subclasses.get((path, sym.qualified_name)):
            return None
        members = self.index.members.get((path, sym.qualified_name), [])
        by_qname = self.index.symbols[path]
        methods = [by_qname[q] for q in members if by_qname[q].kind == "method"]
        if len(methods) != len(members):  # nested classes, object members...
            return None
        public = [m for m in methods if not is_private(m.name) and not is_dunder(m.name)
                  and m.name not in CONSTRUCTORS]
        others = [m for m in methods if m not in public]
        if len(public) != 1 or any(m.name not in CONSTRUCTORS for m in others) or public[0].decorators:
            return None
        has_init = "with only a constructor and" if others else "with"
        return assessment(verdict="OVER", confidence=65,
                              detail=f"class {sym.name} {has_init} one public method ({public[0].name}): "
                                     f"a function would do")

    def _products(self, path: str, sym: Symbol) -> list[SymbolKey]:
        """Project classes a function or class instantiates or hands out."""
        found: list[SymbolKey] = []
        for target in sorted(self.graph.out_edges.get((path, sym.qualified_name), ())):  # a set: its order varies by process
            target_sym = self.index.symbol(*target)
            if target_sym is not None and target_sym.kind == "class" and target not in found:
                found.append(target)
        return found

    def _factory_class(self, path: str, sym: Symbol) -> AxisAssessment | None:
        if not sym.name.endswith(FACTORY_CLASS_SUFFIXES):
            return None
        products: list[SymbolKey] = []
        for method in self._methods(path, sym.qualified_name):
            for product in self._products(path, method):
                if product not in products and product[1] != sym.qualified_name:
                    products.append(product)
        if len(products) == 1:
            return assessment(verdict="OVER", confidence=65,
                                  detail=f"factory class {sym.name} builds only {products[0][1]} "
                                         f"({products[0][0]})")
        return None

    def _emitter(self, path: str, sym: Symbol) -> AxisAssessment | None:
        names = {m.name for m in self._methods(path, sym.qualified_name)}
        subscribe = names & SUBSCRIBE_METHODS
        if not subscribe or not names & EMIT_METHODS:
            return None
        sites = set()
        for name in subscribe:
            sites |= {u for u in self.graph.attribute_uses(name) if u[0] != path or u[1].split(".")[0]
                      != sym.qualified_name}
        if len(sites) == 1:
            user = next(iter(sites))
            return assessment(verdict="OVER", confidence=55,
                                  detail=f"event emitter {sym.name} has 1 subscriber: "
                                         f"{'top-level code' if user[1] == MODULE else user[1]} ({user[0]})")
        return None

    # ---------------------------------------------------------------- functions

    def _registrations(self) -> dict[SymbolKey, list[SymbolKey]]:
        """Project registry decorators -> the symbols they register."""
        found: dict[SymbolKey, list[SymbolKey]] = defaultdict(list)
        for path, facts in self.index.files.items():
            for sym in facts.symbols:
                decorator = self.utility.registering_decorator(path, sym) if sym.decorators else None
                if not decorator:
                    continue
                head = decorator.split("(", 1)[0].strip()
                target = self.index.resolve_callee(path, head, sym.parent)
                if target is not None:
                    found[target].append((path, sym.qualified_name))
        return found

    def _registry(self, sym: Symbol, registered: list[SymbolKey]) -> AxisAssessment:
        if len(registered) == 1:
            path, qname = registered[0]
            return assessment(verdict="OVER", confidence=60,
                                  detail=f"registry decorator {sym.name} has 1 registered item: {qname} ({path})")
        return assessment(verdict="LEAN", confidence=80,
                              detail=f"registry decorator {sym.name} has {len(registered)} registered items")

    def _factory_function(self, path: str, facts: FileFacts, sym: Symbol) -> AxisAssessment | None:
        """A factory choosing among products by an argument that every caller passes the same."""
        if not _FACTORY_NAME.search(sym.name) or sym.decorators:
            return None
        products = self._products(path, sym)
        if len(products) < 2 or not sym.params or sym.complexity < 2:
            return None
        sites = self._call_arguments((path, sym.qualified_name), sym.name)
        if not sites:
            return None
        distinct = {arguments for arguments in sites}
        if len(distinct) != 1:
            return None
        arguments = next(iter(distinct))
        if not all(_LITERAL.match(a) for a in arguments.split(",") if a.strip()):
            return None
        product_names = ", ".join(q for _, q in products[:4])
        calls = f"{len(sites)} call site{'s' if len(sites) != 1 else ''}"
        return assessment(verdict="OVER", confidence=65,
                              detail=f"factory {sym.name} can build {len(products)} classes ({product_names}) but "
                                     f"every call is {sym.name}({arguments}) ({calls})")

    def _call_arguments(self, key: SymbolKey, name: str) -> list[str]:
        """The literal arguments of every call of a function by its callers ("*" for a call whose
        arguments are not all literals), as the scan recorded them."""
        found: list[str] = []
        callers = sorted({use.user for use in self.graph.users_of(key) if use.kind == "calls"})
        for path, qname in callers:
            if qname == MODULE:
                recorded = self.index.files[path].module_call_arguments
            else:
                user = self.index.symbol(path, qname)
                if user is None:
                    continue
                recorded = user.call_arguments
            local_names = {name} | {local for local, (_, imported) in self.index.bindings(path).items()
                                    if imported == name}
            for local in sorted(local_names):
                found.extend(recorded.get(local, []))
        return found

    def _forwarder(self, path: str, facts: FileFacts, sym: Symbol) -> AxisAssessment | None:
        if sym.decorators or sym.is_abstract or is_dunder(sym.name) or sym.token_count > 40:
            return None
        if sym.kind == "method" and self.utility.root_reason(path, facts, sym):  # overrides, protocols
            return None
        parent = self.index.symbol(path, sym.parent) if sym.parent else None
        if parent is not None and parent.kind in ("function", "method"):
            return None  # a local adapter, e.g. a callback
        forward = single_call(sym)
        if forward is None or not sym.params or not forwards_params(sym):
            return None
        callee = forward.callee
        chain = name_chain(callee)
        if chain and chain[0] in ("self", "this") and len(chain) > 2:
            return assessment(verdict="ACCEPTABLE", confidence=50,
                                  detail=f"delegates to {callee} with the same arguments")
        if chain and chain[0] in ("self", "this", "super", "cls"):
            return None
        root = self.utility.liveness.roots.get((path, sym.qualified_name), "")
        if "public" in root or "entry point" in root:
            return assessment(verdict="ACCEPTABLE", confidence=55,
                              detail=f"public alias of {callee} ({root}); it only forwards to it")
        if not is_private(sym.name) and is_private(chain[-1] if chain else ""):
            return assessment(verdict="ACCEPTABLE", confidence=55,
                                  detail=f"gives the private {callee} a public name; it only forwards to it")
        target = self.index.resolve_callee(path, callee, sym.qualified_name)
        if target is None:
            return assessment(verdict="ACCEPTABLE", confidence=50,
                                  detail=f"wraps {callee}, which is outside the project, without changing the call")
        target_symbol = self.index.symbol(*target)
        if target_symbol is not None and target_symbol.is_async != sym.is_async:
            # An async wrapper of a sync function turns its throw into a rejected promise (execa's
            # handleDummyPromise); a sync wrapper of an async one hides an await: each changes the call.
            kinds = ["async" if s.is_async else "sync" for s in (sym, target_symbol)]
            return assessment(verdict="ACCEPTABLE", confidence=50,
                              detail=f"an {kinds[0]} wrapper of the {kinds[1]} {callee}: it changes how errors arrive")
        # A wrapper with one user in its own module is indirection nobody else needs; API may be called anywhere.
        users = {use.user for use in self.graph.users_of((path, sym.qualified_name))}
        once = len(users) == 1 and next(iter(users))[0] == path and "public" not in root
        return assessment(verdict="OVER", confidence=75 if once else 60,
                          detail=f"{sym.name} only forwards its arguments unchanged to {callee}"
                                 + (" and has one user" if once else "") + f": call {callee} directly")

