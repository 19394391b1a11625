"""The guard before any DEAD finding: evidence the usage graph cannot weigh, that something uses the
symbol or that its authors keep it on purpose.

A DEAD finding tells a user to delete code, so it must be right. Two kinds of evidence keep a symbol
out of the findings (its verdict stays DEAD, under the confidence floor: a candidate the Claude
reviewer judges with this evidence, never a finding):

- dead/guard-mention: its name is written outside the code the graph reads, in a file other than its
  own (a template, config, doc page, script, workflow, notebook, or a string or comment of other
  code: scan.words). A distinctive name (`load_config`, `LoginForm`, `v2`) counts wherever it is
  written; a plain word (`run`, `data`, `User`, `DEBUG`) only where it is used as a name (`.run`,
  `run(`, `'run'`, `{{ run }}`), since prose uses it anyway. A class also counts the distinctive
  names of its members (`{{ form.validate_email() }}` uses the form class it came from). A file that
  defines the same name means its own by it, and a live namesake elsewhere explains a mention; a doctest line (`>>> f(x)`) runs it, its own file's too.
- its own file says to keep it (scan.textual.keep_markers): dead/guard-pragma, a `noqa` (bare or
  naming F401/F811/F841) or `pylint: disable=unused-...` on it; dead/guard-kept-comment, a comment on
  or above it or its docstring saying it is kept on purpose (compatibility, deprecated, legacy, do
  not remove, used by ...) or a `@deprecated` decorator (a comment on an import's own line too:
  imports.py); dead/guard-conditional, an alternative definition in an `if`/`try` branch
  (`if sys.version_info ...: def f` / `else: def f`, `except ImportError: def f`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..scan.words import AS_NAME, DOCTEST
from ..schema.evidence import AxisAssessment, SymbolKey
from ..schema.facts import FileFacts, Symbol
from .resolve import ProjectIndex
from .roles import is_example_path

GUARDED_CONFIDENCE = 30  # a guarded DEAD verdict: a candidate for Claude, under any sensible floor

# Distinctive: an underscore or a digit inside (snake_case, `v2`), or a capital after a lower-case
# letter (camelCase, CapWords of two words). One English-looking word (`run`, `User`, `DEBUG`) is plain.
_DISTINCTIVE = re.compile(r"[A-Za-z0-9]_|_[A-Za-z0-9]|\d|[a-z][A-Z]")
_DUNDER = re.compile(r"__\w+__")


def distinctive(name: str) -> bool:
    """Whether a name written anywhere is most likely this name, not a word of prose."""
    return _DISTINCTIVE.search(name) is not None and _DUNDER.fullmatch(name) is None


class Guard:
    def __init__(self, index: ProjectIndex, live: Mapping[SymbolKey, str],
                 symbols_by_name: Mapping[str, list[SymbolKey]]) -> None:
        """`live`: the symbols reachability reached (filled before any verdict is asked for)."""
        self.index = index
        self.live = live
        self.symbols_by_name = symbols_by_name
        self.mentions = index.scan.mentions if index.scan is not None else {}
        self._names: dict[str, set[str]] = {}
        self._live_namesakes: dict[str, list[SymbolKey]] = {}

    def mention(self, key: SymbolKey, name: str, members: bool = False) -> str | None:
        """Where the name of the symbol `key` is written outside its own file (as a name, when it is a
        plain word), or run by a doctest anywhere; None when a live namesake explains the mention (a
        `User` model used everywhere and an unused `User` schema: `User.id` in the docs is the model)."""
        path = key[0]
        if _DUNDER.fullmatch(name):
            return None  # Python's own names: written everywhere, used by the language
        if any(other != key for other in self._live_of(name)):
            return None
        plain = not distinctive(name)
        if plain and members:
            return None
        for where, line, kind in self.mentions.get(name, ()):
            if kind == DOCTEST:  # a doctest runs it, its own docstring's too
                return f"a doctest in {where} line {line} runs '{name}'"
            if where != path and (kind == AS_NAME or not plain) and name not in self._defined(where):
                how = " where it is used as a name" if kind == AS_NAME and plain else ""
                return f"'{name}' is written in {where} line {line}{how}"
        return None

    def _live_of(self, name: str) -> list[SymbolKey]:
        """The live symbols named `name`, listed once per name: a name defined in every module of a
        large project (20,000 `f1`s) was walked again for each of them, quadratic in the project."""
        found = self._live_namesakes.get(name)
        if found is None:
            found = self._live_namesakes[name] = [other for other in self.symbols_by_name.get(name, ())
                                                  if other in self.live]
        return found

    def _defined(self, path: str) -> set[str]:
        """The names a project code file defines: its strings and comments mean its own."""
        found = self._names.get(path)
        if found is None:
            facts = self.index.files.get(path)
            found = set() if facts is None else {sym.name for sym in facts.symbols}
            self._names[path] = found
        return found

    def reason(self, path: str, facts: FileFacts, sym: Symbol) -> tuple[str, str] | None:
        """(rule, evidence) when the guard keeps this symbol out of the DEAD findings."""
        kept = facts.kept.get(sym.line_start)
        if kept:  # the rule from the evidence's opening words (scan.textual.keep_markers writes them)
            rule = ("dead/guard-pragma" if kept.startswith("its line says") else
                    "dead/guard-conditional" if kept.startswith("a conditional") else "dead/guard-kept-comment")
            return rule, f"kept on purpose: {kept} ({path} line {sym.line_start})"
        if is_example_path(path):
            return "dead/guard-example", "it is example code, which shows the API to a reader: nothing calls it"
        found = self.mention((path, sym.qualified_name), sym.name)
        if found:
            return "dead/guard-mention", f"{found} (a template, config, doc, script or string may use it)"
        if sym.kind == "class":
            for member in self.index.members.get((path, sym.qualified_name), ()):
                found = self.mention((path, member), member.rsplit(".", 1)[-1], members=True)
                if found:
                    return "dead/guard-mention", f"its member {found} (a template, config, doc or string may use it)"
        return None

    def check(self, verdict: AxisAssessment, path: str, facts: FileFacts, sym: Symbol,
              dead_by: dict[SymbolKey, set[SymbolKey]]) -> AxisAssessment:
        """The DEAD verdict as it stands, or under the floor with the guard's evidence. A guarded symbol
        leaves the dead cascade it was in (`dead_by`, see cascade.py): a finding on the dead code that
        uses it must not say to delete it with that code."""
        if verdict.verdict != "DEAD":
            return verdict
        found = self.reason(path, facts, sym)
        if found is None:
            return verdict
        dead_by.pop((path, sym.qualified_name), None)
        rule, why = found
        verdict.confidence = min(verdict.confidence, GUARDED_CONFIDENCE)
        verdict.report = False
        verdict.rule = rule
        verdict.detail += f"; but {why}: not a finding ({rule}), a candidate to check"
        return verdict
