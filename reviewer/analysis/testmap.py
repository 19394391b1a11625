"""Tests per symbol: GOOD when test code references it and asserts, WEAK when test code only
imports or calls it, NONE otherwise.

"Test code" is every symbol and the top-level code of test files (test_*.py, *_test.py,
conftest.py, tests/, *.test.ts, *.spec.js, __tests__/). Only direct references count: a
function reached through another one is that other function's test, not its own. A
method counts as referenced when a test names its class and accesses `.method`.
Whether a test asserts is read from its source (assert statements, assert*/expect()
calls, pytest.raises, .should / .toBe... matchers).
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict

from .resolve import ProjectIndex
from .roles import is_dunder, is_private, is_test_path
from .usage import MODULE, UsageGraph
from ..schema.evidence import AxisAssessment, SymbolKey, assessment

TESTED_KINDS = ("function", "method", "class")


class TestMap:
    __test__ = False  # not a pytest test class

    def __init__(self, index: ProjectIndex, graph: UsageGraph) -> None:
        self.index = index
        self.graph = graph
        self.test_files = {p for p in index.files if is_test_path(p)}
        self._asserting: dict[SymbolKey, bool] = {}
        self._attribute_users: dict[str, set[SymbolKey]] | None = None

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
                verdicts[key] = self._verdict(key, reportable)
        return verdicts

    def _verdict(self, key: SymbolKey, reportable: bool) -> AxisAssessment:
        users = self.tests_of(key)
        suffix = "" if reportable else " (private or not callable: no finding)"
        if not users:
            return assessment(verdict="NONE", confidence=80, report=reportable,
                                  detail=f"no test references it{suffix}")
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
