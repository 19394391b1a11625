"""What a test runner calls in test code: tests, hooks, and fixtures some test asks for.

Test code is not all alive: a helper no test calls and a pytest fixture no test or fixture
requests (by parameter name, `usefixtures("x")`, `getfixturevalue("x")`) are dead code in
the tests. The runner's roots, as data:

- Python: `test*` functions, classes collected as tests (`Test*`, `*Test(s)`, a `*TestCase`
  or `*Case` base) with their `test*` methods, set-up/tear-down methods of any class (a
  base's run for its test subclasses), public methods of other classes (test doubles: the
  code under test calls them by name), module names pytest reads (`pytestmark`,
  `pytest_plugins`, ...), `autouse` fixtures and requested fixtures; and the names the project's pytest
  configuration collects besides (`python_classes = test_*`, `python_functions = check_*`).
- JS/TS: top-level code (`describe`/`it` blocks) is a root anyway; an exported name may be
  loaded by a test configuration (`globalSetup`, `setupFiles`): kept.

Everything else in test code lives only when something alive reaches it.
"""

from __future__ import annotations

import bisect
import configparser
import fnmatch
import posixpath
import re
import tomllib
from collections import defaultdict
from typing import Mapping

from ..schema.facts import FUNCTION_KINDS, FileFacts, Symbol
from .resolve import ProjectIndex
from .roles import is_test_path

_TEST_FUNCTION = re.compile(r"test", re.I)
_TEST_CLASS = re.compile(r"Test\w*|\w*Tests?")
_TEST_BASE = re.compile(r"(?:^|\.)\w*(?:TestCase|Case|Test|Tests)\b")
_SETUP_METHOD = re.compile(r"set_?up\w*|tear_?down\w*|async_?(?:set_?up|tear_?down)\w*", re.I)
_TEST_METHOD = re.compile(r"test\w*", re.I)
_FIXTURE = re.compile(r"^(?:pytest\.|pytest_asyncio\.)?fixture\b")
_FIXTURE_NAME = re.compile(r"""\bname\s*=\s*["']([A-Za-z_]\w*)["']""")
_AUTOUSE = re.compile(r"\bautouse\s*=\s*True\b")
# Calls that assert a type, not a value: vitest, tsd, arktype; Python's typing.assert_type (PEP 484's
# checkers read it; at run time it returns its argument).
TYPE_ASSERTIONS = frozenset({"expectTypeOf", "assertType", "expectType", "expectAssignable", "expectNotType",
                             "expectNotAssignable", "expectError", "attest", "assert_type"})


def type_assertion(call: str) -> bool:
    """`expectTypeOf(x).toEqualTypeOf<T>()`, `typing.assert_type(x, T)` and the like: a call whose head
    is a type assertion."""
    head = call.split("(", 1)[0]
    return head.split(".", 1)[0] in TYPE_ASSERTIONS or head in ("typing.assert_type", "typing_extensions.assert_type")


def fixture_decorator(sym: Symbol) -> str | None:
    """The `@pytest.fixture(...)` decorator text of a fixture, if it is one."""
    return next((d for d in sym.decorators if _FIXTURE.match(d.strip().lstrip("@"))), None)


def fixture_name(sym: Symbol, decorator: str) -> str:
    named = _FIXTURE_NAME.search(decorator)
    return named.group(1) if named else sym.name


# pytest's ini files and the section each keeps its options in.
_PYTEST_SECTIONS = (("pytest.ini", "pytest"), ("tox.ini", "pytest"), ("setup.cfg", "tool:pytest"))


def collection_patterns(texts: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """The globs pytest's configuration adds to what it collects: (python_classes, python_functions)."""
    found: dict[str, list[str]] = {"python_classes": [], "python_functions": []}
    for name, section in _PYTEST_SECTIONS:
        text = texts.get(name)
        if not text or section not in text:
            continue
        parser = configparser.ConfigParser(interpolation=None)
        try:
            parser.read_string(text)
        except configparser.Error:
            continue
        for option in found:
            if parser.has_option(section, option):
                found[option] += parser.get(section, option).split()
    pyproject = texts.get("pyproject.toml", "")
    if "[tool.pytest" in pyproject:
        try:
            options = tomllib.loads(pyproject).get("tool", {}).get("pytest", {}).get("ini_options", {})
        except tomllib.TOMLDecodeError:
            options = {}
        for option in found:
            value = options.get(option)
            found[option] += value.split() if isinstance(value, str) else [str(v) for v in value or ()]
    return found["python_classes"], found["python_functions"]


class TestRoots:
    """Roots of test code; `reason` says why the runner calls a symbol of a test file."""

    def __init__(self, index: ProjectIndex, test_files: set[str], lookup_strings: dict[str, set[str]]) -> None:
        self.index = index
        texts = index.scan.config_files if index.scan is not None else {}
        self.class_globs, self.function_globs = collection_patterns(texts)
        self.requested: set[str] = set(lookup_strings)  # usefixtures("x"), getfixturevalue("x")
        # id(class symbol) -> (the symbol, collected as tests): asked for a class and for each of its
        # methods. By the symbol, not its name: a file may define a class twice (`if ...: class T(A)`).
        self._test_classes: dict[int, tuple[Symbol, bool]] = {}
        for path in test_files:
            for sym in index.files[path].symbols:
                self.requested.update(sym.params)

    def reason(self, path: str, sym: Symbol) -> str | None:
        facts = self.index.files[path]
        if facts.language != "python":
            if sym.exported or sym.parent is None and sym.kind == "method":
                return f"test support exported by {path} (a test configuration may load it)"
            if sym.parent is not None and self._asserts_types(facts):
                # `Snapshot<typeof user>` checked against a type naming `hasRole`
                return f"member of {sym.parent} in a type test: the type's shape is what {path} checks"
            parent = self.index.symbols[path].get(sym.parent) if sym.parent else None
            if parent is not None and parent.kind == "class" and not sym.name.startswith(("_", "#")):
                # a fake `IntersectionObserver` a test installs globally: the code under test calls its methods
                return _double_method(parent)
            return None
        decorator = fixture_decorator(sym)
        if decorator is not None:
            name = fixture_name(sym, decorator)
            if _AUTOUSE.search(decorator):
                return f"autouse fixture {name}"
            plugin = self.index.knowledge.plugin_fixture(name)
            if plugin:
                return f"fixture {name}, requested by name ({plugin})"
            return f"fixture {name}, requested by a test or fixture" if name in self.requested else None
        if sym.parent is None:
            runner = self.index.knowledge.runner_name(sym.name)
            if runner:
                return f"{sym.name} is read by the test runner ({runner})"
            if sym.kind == "function" and _TEST_FUNCTION.match(sym.name):
                return "test function"
            if sym.kind == "function" and _matches(sym.name, self.function_globs):
                return "test function (python_functions in the pytest configuration)"
            if sym.kind == "class" and self._test_class(path, sym):
                return "test class"
            return None
        parent = self.index.symbols[path].get(sym.parent)
        if parent is None or parent.kind != "class":
            return None
        if _SETUP_METHOD.fullmatch(sym.name):  # a base class's set-up runs for its test subclasses
            return f"set-up/tear-down method of {parent.name}"
        # A test class may sit in a holder class (`class Common: class Import(BaseTestCase)`), whose
        # subclasses elsewhere run its tests; not in a function (a class a test builds for itself).
        holder = self.index.symbols[path].get(parent.parent) if parent.parent else None
        top = parent.parent is None or (holder is not None and holder.kind == "class")
        if top and self._test_class(path, parent) and (_TEST_METHOD.fullmatch(sym.name)
                                                        or _matches(sym.name, self.function_globs)):
            return f"test method of {parent.name}"
        if not self._test_class(path, parent) and not sym.name.startswith("_"):
            return _double_method(parent)
        return None

    @staticmethod
    def _asserts_types(facts: FileFacts) -> bool:
        return any(type_assertion(call) for call in facts.module_calls) or any(
            type_assertion(call) for sym in facts.symbols for call in sym.calls)

    def _test_class(self, path: str, sym: Symbol) -> bool:
        """Collected as tests: by its name or a test-case base, its own or an ancestor's."""
        known = self._test_classes.get(id(sym))
        if known is None or known[0] is not sym:
            known = self._test_classes[id(sym)] = (sym, self._collected(path, sym))
        return known[1]

    def _collected(self, path: str, sym: Symbol, depth: int = 0) -> bool:
        if _TEST_CLASS.fullmatch(sym.name) or any(_TEST_BASE.search(base) for base in sym.bases) \
                or _matches(sym.name, self.class_globs):
            return True
        return depth < 8 and any(
            self._collected(base.path, self.index.symbols[base.path][base.qualified_name], depth + 1)
            for base in self.index.base_classes(path, sym.qualified_name)
            if base.qualified_name in self.index.symbols.get(base.path, {}))


def _double_method(parent: Symbol) -> str:
    """Why a public method of a test double lives: the code under test calls it by name."""
    return f"public method of test double {parent.name} (the code under test calls it by name)"


def _matches(name: str, globs: list[str]) -> bool:
    """pytest matches a name against its configured globs as a prefix or glob (`test_*`, `check`)."""
    return any(fnmatch.fnmatchcase(name, glob) if any(c in glob for c in "*?[") else name.startswith(glob)
               for glob in globs)


def test_case_spans(facts: FileFacts) -> list[tuple[int, int]]:
    """The line spans of a test file's test cases (none in other files): the functions the
    runner collects (`test*`), set-up and tear-down hooks, and functions that assert. What is
    written inside one of them (a stub, a callback) belongs to it."""
    if not is_test_path(facts.path):
        return []
    asserts = sorted(facts.assert_lines)

    def asserting(symbol: Symbol) -> bool:
        k = bisect.bisect_left(asserts, symbol.line_start)
        return k < len(asserts) and asserts[k] <= symbol.line_end

    return [(s.line_start, s.line_end) for s in facts.symbols if s.kind in FUNCTION_KINDS
            and (_TEST_FUNCTION.match(s.name) or _SETUP_METHOD.fullmatch(s.name) or asserting(s))]


def case_subjects(facts: FileFacts) -> dict[str, str]:
    """{module-level name: the module it comes from} of a test file: the names its imports bind,
    and its module-level variables made from one of them (`app = mod.app`)."""
    names: dict[str, str] = {}
    for ref in facts.imports:
        source = "." * ref.level + ref.source if facts.language == "python" else _module_named(facts.path, ref.source)
        for imported in ref.names:
            names[imported.alias or imported.name] = f"{source}.{imported.name}"
        if ref.namespace:
            names[ref.namespace] = source
    for sym in facts.symbols:
        if sym.parent is None and sym.kind in ("variable", "constant"):
            made_of = {names[r.split(".", 1)[0]] for r in sym.references if r.split(".", 1)[0] in names}
            if len(made_of) == 1:
                names.setdefault(sym.name, made_of.pop())
    return names


def _module_named(path: str, specifier: str) -> str:
    """A JS/TS import's module, one spelling however far the importing file is (`../index.js` from
    tests/ and `../../index.js` from tests/deep/ name one file); a package specifier as written."""
    if not specifier.startswith("."):
        return specifier
    module = posixpath.normpath(posixpath.join(posixpath.dirname(path), specifier))
    return re.sub(r"(?:/index)?\.[cm]?[jt]sx?$", "", module)


def named_test_inputs(files: Mapping[str, FileFacts]) -> dict[str, str]:
    """Project files a test names by a string (bandit's `self.check_example("imports-aliases.py", expect)`, the
    folder joined in by `os.path.join(os.getcwd(), "examples", name)`) and reads as its input: a scanner's or
    linter's example, whose unused imports and definitions are what the test checks. Path -> where it is named.
    A path counts by its ending, resolved from the test's folder when it starts with a dot; a bare file name
    when one project file has it, or when the file's own folder is a string of the same test. Not a file the
    test imports (an import specifier is no input), nor a program it runs (a file with a `__main__` guard:
    textual's snapshot apps, whose unused imports are unused as any program's)."""
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in files:
        by_name[posixpath.basename(path)].append(path)
    found: dict[str, str] = {}
    for test_path, facts in files.items():
        if not facts.named_source_files or not is_test_path(test_path):
            continue
        imported = {ref.source for ref in facts.imports}
        for written in facts.named_source_files:
            if written in imported:
                continue
            candidates = [path for path in by_name.get(posixpath.basename(written), ()) if path != test_path]
            if written.startswith("."):
                resolved = posixpath.normpath(posixpath.join(posixpath.dirname(test_path), written))
                candidates = [path for path in candidates if path == resolved]
            elif "/" in written:
                ending = "/" + posixpath.normpath(written)
                candidates = [path for path in candidates if ("/" + path).endswith(ending)]
            elif len(candidates) > 1:
                strings = set(facts.string_literals)
                candidates = [path for path in candidates if posixpath.basename(posixpath.dirname(path)) in strings]
            for path in candidates:
                if not files[path].has_main_guard:
                    found.setdefault(path, f"{test_path} names it ('{written}'): an input that test reads")
    return found
