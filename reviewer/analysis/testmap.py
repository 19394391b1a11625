"""Tests per symbol: GOOD when test code references it and asserts, WEAK when test code only
imports or calls it, NONE otherwise.

"Test code" is every symbol and the top-level code of test files (test_*.py, *_test.py,
conftest.py, tests/, *.test.ts, *.spec.js, __tests__/). Only direct references count: a
function reached through another one is that other function's test, not its own. A
method counts as referenced when a test names its class and accesses `.method`.
Whether a test asserts is read from its source (assert statements, assert*/expect()
calls, pytest.raises, .should / .toBe... matchers).

NONE is a finding only on evidence that no test exercises the symbol. Where the evidence
is missing the verdict stays NONE but is not reported, and its detail starts with
"unknown:": a project without test files; an HTTP route of a project whose tests call
routes through a client (matched by the route's literal path segments when possible); a
symbol that test code reaches through other project code (exercised, if not directly).

Coverage data the repository holds (see coverage.py) is evidence too: for a function or
method of a file the data covers, a body line that ran makes it at least WEAK (GOOD
stays GOOD), and no body line that ran makes it NONE with high confidence. Files the
data does not cover keep the usage-graph verdict.
"""

from __future__ import annotations

import bisect
import posixpath
import re
from collections import defaultdict, deque

from ..scan.coverage import CoverageData, load_coverage
from .resolve import ProjectIndex
from .roles import is_dunder, is_private, is_test_path
from .usage import MODULE, UsageGraph
from ..schema.evidence import AxisAssessment, SymbolKey, assessment

TESTED_KINDS = ("function", "method", "class")
# A route decorator and its path: @router.get("/items/{id}"), @app.route("/x"), @bp.post('/y').
_ROUTE = re.compile(r"""\.(?:get|post|put|patch|delete|head|options|route|api_route|websocket)\(\s*[fr]?["']([^"']*)["']""")
# A test calling an HTTP endpoint through a client: client.get(...), self.client.post(...), request(app).get
_VIEW_BASE = re.compile(r"(?:View|ViewSet|Api|API|Resource|Endpoint|Handler)$")
_PATH_SEGMENT = re.compile(r"[A-Za-z_][\w-]*")
_INDEX_EXTENSIONS = ("js", "mjs", "cjs", "ts", "mts", "cts", "jsx", "tsx")


def _area(path: str) -> str:
    """The top-level folder of a path ("" at the root): a backend/ and a frontend/ are tested apart."""
    return path.split("/", 1)[0] if "/" in path else ""


class TestMap:
    __test__ = False  # not a pytest test class

    def __init__(self, index: ProjectIndex, graph: UsageGraph) -> None:
        self.index = index
        self.graph = graph
        self.test_files = {p for p in index.files if is_test_path(p)}
        self._asserting: dict[SymbolKey, bool] = {}
        self._attribute_users: dict[str, set[SymbolKey]] | None = None
        self._reached_from_tests: dict[SymbolKey, SymbolKey] | None = None
        self._http_test_paths: str | None = None
        self._tested_areas: set[str] | None = None
        self._coverage: CoverageData | None = None
        self._doctest_folders: list[str] | None = None

    def coverage(self) -> CoverageData:
        if self._coverage is None:
            self._coverage = load_coverage(getattr(self.index, "root", None), self.index.files)
        return self._coverage

    def asserts(self, user: SymbolKey) -> bool:
        """Whether a test-code user asserts: an assertion on one of its lines (any line of the
        file for top-level code, where describe/it callbacks live)."""
        found = self._asserting.get(user)
        if found is None:
            path, qname = user
            sym = self.index.symbol(path, qname) if qname != MODULE else None
            counted = getattr(sym, "asserts", None) if sym is not None else None
            if counted is not None:
                found = counted > 0
            else:
                lines = self._assert_lines(path)
                if sym is None:
                    found = bool(lines)
                else:
                    at = bisect.bisect_left(lines, sym.line_start)
                    found = at < len(lines) and lines[at] <= sym.line_end
            self._asserting[user] = found
        return found

    def _assert_lines(self, path: str) -> list[int]:
        return self.index.files[path].assert_lines  # read by the scan

    def tests_of(self, key: SymbolKey) -> list[SymbolKey]:
        """Test-code users that reference the symbol directly."""
        users = {u.user for u in self.graph.users_of(key) if u.user[0] in self.test_files and u.kind != "re-exports"}
        sym = self.index.symbol(*key)
        if sym is not None and sym.parent is not None and sym.kind == "method":
            accessing = self._test_attribute_users().get(sym.name)
            if accessing:
                # A test that accesses `.method` in a test file that names the class.
                class_files = {u.user[0] for u in self.graph.users_of((key[0], sym.parent))
                               if u.user[0] in self.test_files}
                users |= {u for u in accessing if u[0] in class_files}
        return sorted(users)

    def _test_attribute_users(self) -> dict[str, set[SymbolKey]]:
        """`.name` -> the test-code users that access it (built once)."""
        if self._attribute_users is None:
            self._attribute_users = {}
            for name, users in self.graph.attribute_users.items():
                in_tests = {u for u in users if u[0] in self.test_files}
                if in_tests:
                    self._attribute_users[name] = in_tests
        return self._attribute_users

    def assess(self) -> dict[SymbolKey, AxisAssessment]:
        verdicts: dict[SymbolKey, AxisAssessment] = {}
        for path, facts in self.index.files.items():
            test_file = path in self.test_files
            for sym in facts.symbols:
                key = (path, sym.qualified_name)
                if test_file:
                    verdicts[key] = assessment(verdict="NONE", confidence=100, report=False,
                                                   detail="test code itself: not assessed")
                    continue
                reportable = sym.kind in TESTED_KINDS and not is_private(sym.name) and not (
                    is_dunder(sym.name) and sym.name != "__init__")
                found = self._verdict(key, reportable)
                if sym.kind in ("function", "method") and path in self.coverage().executed:
                    found = self._with_coverage(sym, path, found, reportable)
                if self.coverage().warnings:
                    found = found.model_copy(update={"detail": "\n".join([found.detail, *self.coverage().warnings])})
                verdicts[key] = found
        return verdicts

    def _with_coverage(self, sym, path: str, found: AxisAssessment, reportable: bool) -> AxisAssessment:
        """The graph's verdict corrected by the lines that ran under the tests."""
        data = self.coverage()
        # the body: after the decorators and the def line (they run on import)
        body = set(range(sym.line_start + len(sym.decorators) + 1, sym.line_end + 1))
        measured = data.measured.get(path)
        if measured is not None:
            body &= measured
        if not body:
            return found  # a one-line function, or no statement known: no evidence either way
        ran = body & data.executed[path]
        suffix = "" if reportable else " (private or not callable: no finding)"
        if not ran:
            return assessment(verdict="NONE", confidence=90, report=reportable,
                              detail=f"no line runs under the tests ({data.source}){suffix}")
        if found.verdict == "GOOD":
            return found
        if found.verdict == "WEAK":
            return found.model_copy(update={
                "detail": f"{found.detail}; covered by the test run ({len(ran)} of {len(body)} lines, from {data.source})"})
        return assessment(verdict="WEAK", confidence=75, report=reportable,
                          detail=f"covered by the test run ({len(ran)} of {len(body)} lines, from {data.source}) "
                                 f"but no test references it directly{suffix}")

    def _verdict(self, key: SymbolKey, reportable: bool) -> AxisAssessment:
        users = self.tests_of(key)
        suffix = "" if reportable else " (private or not callable: no finding)"
        if not users:
            doctest = self._doctest(key)
            if doctest:  # a doctest compares what the example prints: it asserts
                return assessment(verdict="GOOD", confidence=80, report=reportable, detail=doctest + suffix)
            return self._untested(key, reportable, suffix)
        asserting = [u for u in users if self.asserts(u)]
        by_file: dict[str, int] = defaultdict(int)
        for user in asserting or users:
            by_file[user[0]] += 1
        places = ", ".join(f"{count} test{'s' if count != 1 else ''} in {path}" for path, count in
                           sorted(by_file.items()))
        if asserting:
            return assessment(verdict="GOOD", confidence=80, report=reportable,
                                  detail=f"referenced by {places} (asserting){suffix}")
        return assessment(verdict="WEAK", confidence=75, report=reportable,
                              detail=f"referenced by {places}, which assert nothing about it{suffix}")

    def _doctest(self, key: SymbolKey) -> str | None:
        """Why pytest runs the symbol's own docstring examples (`>>> name(...)`), if it does."""
        sym = self.index.symbol(*key)
        if sym is None or ">>>" not in (sym.docstring or "") or key[0] in self.test_files:
            return None
        if self._doctest_folders is None:
            self._doctest_folders = doctest_folders(self.index) or []
        folder = next((f for f in self._doctest_folders if not f or key[0].startswith(f"{f}/")), None)
        example = re.compile(rf">>>.*\b{re.escape(sym.name)}\b")
        if folder is None or not example.search(sym.docstring):
            return None
        return f"its docstring examples run as doctests (pytest --doctest-modules over {folder or 'the repository'}/)"

    def _untested(self, key: SymbolKey, reportable: bool, suffix: str) -> AxisAssessment:
        """NONE, reported only when the evidence says no test exercises the symbol."""
        if not self.test_files:
            return assessment(verdict="NONE", confidence=30, report=False,
                              detail="unknown: no test evidence (the project has no test files and no coverage data)")
        sym = self.index.symbol(*key)
        # the top-level name decides (`Demo.render` of a story lives in the story `Demo`)
        convention = self.index.knowledge.convention_root(key[0], key[1].split(".", 1)[0], True) if sym else None
        if convention:
            return assessment(verdict="NONE", confidence=50, report=False,
                              detail=f"read by a tool by convention ({convention[0]}): not unit-tested code")
        area = _area(key[0])
        if area not in self.tested_areas():
            return assessment(verdict="NONE", confidence=30, report=False,
                              detail=f"unknown: no test imports code under {area or 'the root folder'}/ "
                                     f"(its tests, if any, run end-to-end: browser or HTTP)")
        route = self._route_path(key)
        if route is not None:
            called = self._route_called(route)
            if called is not None:
                return assessment(verdict="NONE", confidence=40, report=False,
                                  detail=f"unknown: HTTP route '{route}': {called}")
        via = self.reached_from_tests().get(key)
        if via is not None:
            who = f"{via[1]} ({via[0]})" if via[1] != MODULE else f"top-level code of {via[0]}"
            if via == key:
                who = "an HTTP client (it is a route or view and tests make HTTP calls)"
            return assessment(verdict="NONE", confidence=50, report=False,
                              detail=f"unknown: no direct test, but test code reaches it through {who}")
        return assessment(verdict="NONE", confidence=80, report=reportable,
                          detail=f"no test references or reaches it{suffix}")

    def tested_areas(self) -> set[str]:
        """Top-level folders holding project code that test code references directly."""
        if self._tested_areas is None:
            self._tested_areas = {_area(target[0]) for target in self.reached_from_tests()}
        return self._tested_areas

    def _route_path(self, key: SymbolKey) -> str | None:
        sym = self.index.symbol(*key)
        for decorator in sym.decorators if sym is not None else ():
            match = _ROUTE.search(decorator)
            if match:
                return match.group(1)
        return None

    def _tests_call_http(self) -> bool:
        if self._http_test_paths is None:  # the scan records them only in files that make HTTP calls
            self._http_test_paths = "\n".join(s for p in sorted(self.test_files) for s in self.index.files[p].http_call_paths)
        return bool(self._http_test_paths)

    def _http_handlers(self) -> list[SymbolKey]:
        """Route functions (@app.get("/x")) and view classes (Django/DRF views, `*Api`)."""
        found = []
        for path, facts in self.index.files.items():
            if path in self.test_files:
                continue
            for sym in facts.symbols:
                key = (path, sym.qualified_name)
                if self._route_path(key) is not None or sym.kind == "class" and any(
                        _VIEW_BASE.search(base) for base in sym.bases):
                    found.append(key)
        return found

    def _route_called(self, route: str) -> str | None:
        """Why tests may call the route over HTTP, or None when no test makes HTTP calls."""
        if not self._tests_call_http():
            return None
        segments = [s for s in _PATH_SEGMENT.findall(re.sub(r"\{[^}]*\}|<[^>]*>|:\w+", "", route))]
        if segments and all(f"/{segment}" in self._http_test_paths for segment in segments):
            return f"tests call a path with /{'/'.join(segments)} through an HTTP client"
        if not segments:
            return "tests make HTTP calls and the route's path has no literal segment to match"
        return "tests make HTTP calls (the route's prefix may differ from the path written in its decorator)"

    def _named_by_dotted_path(self, path: str) -> list[SymbolKey]:
        found = []
        for dotted in self.index.files[path].dotted_strings:
            module, _, attribute = dotted.rpartition(".")
            target = self.index.module_file(module)
            qname = self.index.top_level.get(target, {}).get(attribute) if target else None
            if qname is not None:
                found.append((target, qname))
        return found

    def _run_on_load(self, path: str) -> list[SymbolKey]:
        """What loading a module runs besides its top-level statements: the initializers of its
        module-level names (`LOGGING = Setup.logging()`), the project modules its top-level
        imports load (`from .base import *` in the test settings runs base.py, used names or
        not; an import inside a function waits for the call), and what it names by dotted path
        ("app.auth.handler" in settings is loaded by that name)."""
        facts = self.index.files[path]
        found = [(path, s.qualified_name) for s in facts.symbols
                 if s.parent is None and s.kind in ("constant", "variable")]
        found += self._named_by_dotted_path(path)
        functions = [(s.line_start, s.line_end) for s in facts.symbols if s.kind in ("function", "method")]
        for ref in facts.imports:
            if ref.type_only or any(start <= ref.line <= end for start, end in functions):
                continue
            target = self.index.resolve_import(path, ref)
            if target in self.index.files:
                found.append((target, MODULE))
        return found

    def _loaded_dynamically(self, path: str) -> list[SymbolKey]:
        """A JS/TS file calling `require(file)` / `import(x)` with a computed name may load any
        module of its own module folder (the nearest ancestor holding an index file) that no
        static import reaches (express's mvc example requires each controllers/*/index.js):
        their exports run under the tests that load it."""
        facts = self.index.files[path]
        if facts.language == "python" or not facts.dynamic_access:
            return []
        folder = posixpath.dirname(path)
        while folder and not any(f"{folder}/index.{ext}" in self.index.files for ext in _INDEX_EXTENSIONS):
            folder = posixpath.dirname(folder)
        if not folder:
            return []  # the whole repository: too wide to say anything
        found = []
        for other in sorted(self.index.files):
            if other.startswith(f"{folder}/") and other not in self.graph.imported_files \
                    and other not in self.test_files and self.index.files[other].language != "python":
                found.append((other, MODULE))
                found.extend((other, s.qualified_name) for s in self.index.files[other].symbols
                             if s.parent is None and s.exported)
        return found

    def reached_from_tests(self) -> dict[SymbolKey, SymbolKey]:
        """Non-test symbols that test code reaches through the usage graph (directly or through
        other project code, `.name` accesses included) -> the project symbol that reached it."""
        if self._reached_from_tests is None:
            reached: dict[SymbolKey, SymbolKey] = {}
            attributes_of: dict[SymbolKey, list[str]] = defaultdict(list)
            for name, users in self.graph.attribute_users.items():
                for user in sorted(users):
                    attributes_of[user].append(name)
            queue: deque[SymbolKey] = deque()
            # Sorted everywhere: the symbol named as "reached through" must not depend on set order
            # (string hashing differs per process), or every run changes the evidence of hundreds of files.
            for path in sorted(self.test_files):
                queue.append((path, MODULE))
                queue.extend((path, sym.qualified_name) for sym in self.index.files[path].symbols)
            if self.test_files:  # the settings module the test runner loads runs under every test
                queue.extend((path, MODULE) for path in _test_settings_files(self.index))
            seen = set(queue)
            if self._tests_call_http():  # tests reach routes and views through a client, not by name
                for key in self._http_handlers():
                    reached.setdefault(key, key)
                    if key not in seen:
                        seen.add(key)
                        queue.append(key)
            seen_attributes: set[str] = set()
            while queue:
                node = queue.popleft()
                targets = sorted(self.graph.out_edges.get(node, ()))
                if node[1] == MODULE:
                    targets.extend(self._run_on_load(node[0]))
                    targets.extend(self._loaded_dynamically(node[0]))
                for name in attributes_of.get(node, ()):
                    if name not in seen_attributes:
                        seen_attributes.add(name)
                        targets.extend(sorted(self.graph.members_by_name.get(name, ())))
                targets.extend((node[0], child) for child in self.index.members.get(node, ()))
                for target in targets:
                    if target not in seen and target[0] not in self.test_files:
                        seen.add(target)
                        reached[target] = node
                        queue.append(target)
                        # Using a module runs its top-level code: the calls, registries and
                        # argparse hooks written there run under the tests too.
                        module = (target[0], MODULE)
                        if module not in seen:
                            seen.add(module)
                            reached[module] = node
                            queue.append(module)
            self._reached_from_tests = reached
        return self._reached_from_tests


_SETTINGS_MODULE = re.compile(r"^\s*DJANGO_SETTINGS_MODULE\s*=\s*[\"']?([\w.]+)", re.M)
_DOCTEST_MODULES = re.compile(r"--doctest-modules\b")
_TESTPATHS = re.compile(r"^\s*testpaths\s*=\s*(.+(?:\n[ \t]+\S.*)*)", re.M)  # ini lines may continue indented


def _pytest_configs(index: ProjectIndex) -> list[str]:
    """The texts of the files pytest reads its options from: configuration, not code, is read."""
    return [index.scan.config_files[name] for name in ("pytest.ini", "setup.cfg", "tox.ini", "pyproject.toml")
            if name in index.scan.config_files]


def doctest_folders(index: ProjectIndex) -> list[str] | None:
    """The folders pytest collects docstring examples from (`--doctest-modules` in its options):
    its testpaths, or the whole repository ("") without them; None when it collects none."""
    for text in _pytest_configs(index):
        if _DOCTEST_MODULES.search(text):
            paths = _TESTPATHS.search(text)
            return [p.strip("./") for p in re.findall(r"[\w./-]+", paths.group(1))] if paths else [""]
    return None


def _test_settings_files(index: ProjectIndex) -> list[str]:
    """The files of the settings modules pytest-django loads (DJANGO_SETTINGS_MODULE in
    pytest.ini, setup.cfg, tox.ini or pyproject.toml)."""
    found = []
    for text in _pytest_configs(index):
        for module in _SETTINGS_MODULE.findall(text):
            path = index.module_file(module)
            if path is not None and path not in found:
                found.append(path)
    return found
