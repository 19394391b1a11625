"""Unreachable code: lines after a return/raise/break/continue, and branches whose condition is a
false constant where they stand (dead/unreachable-branch).

The scan reads both (LineRange): a literal condition (`if False:`, `if 0:`, `while 0:`, `if (false)`)
in a function or in module code, and a module constant assigned once, to a false literal, with no
star import that may rebind it (`DEBUG = False` then `if DEBUG:`). Such a constant is a dead branch
only while no code anywhere mutates it: an attribute assignment `settings.DEBUG = True` in any
file, a string naming it as a name in another file (`setattr(mod, "DEBUG", True)`,
`mock.patch("app.config.DEBUG", True)`), or, for a Python module's constant, a `setattr` with a
computed name anywhere in the project's code (a loader setting a plugin module's options from
configuration: `setattr(engine, key, value)` for each key of its settings) keeps the branch out of
the findings. A test suite's inputs
are its content, and a template with a code extension (lines of `{% if %}` tags) is rendered into
code before it runs: neither gives findings; nor does a literal `if (false)` in a TypeScript test, a block
of type assertions the compiler checks and nothing runs. In example code a branch a module constant switches off is
the demo's switch for its reader to flip, and in a project template's file (`templates/multidb/env.py`)
a setting its user sets once it is generated: no finding either (a literal `if False:` still is one).
"""

from __future__ import annotations

from ..scan.words import AS_NAME
from ..schema.evidence import FileFinding
from ..schema.facts import FileFacts, LineRange
from .resolve import ProjectIndex
from .roles import is_example_path, is_scaffold_path, is_test_input_path, is_test_path


class DeadBranches:
    def __init__(self, index: ProjectIndex) -> None:
        self.index = index
        self._assigned: set[str] | None = None
        self._computed_setattr = any(facts.sets_computed_attributes for path, facts in index.files.items()
                                     if not is_test_path(path))

    def _mutated(self, path: str, name: str) -> bool:
        if self._assigned is None:
            self._assigned = {name for facts in self.index.files.values() for name in facts.assigned_attributes}
        if name in self._assigned:
            return True
        if self._computed_setattr and self.index.files[path].language == "python":
            return True
        mentions = self.index.scan.mentions.get(name, ()) if self.index.scan is not None else ()
        return any(where != path and kind == AS_NAME for where, _, kind in mentions)

    def findings(self, path: str, facts: FileFacts) -> list[FileFinding]:
        """The unreachable ranges of one file, in its functions and in its module code."""
        if is_test_input_path(path):
            return []  # a test input is text the tests read: its dead lines are its content
        if facts.template_tags:
            return []  # a template with a code extension: a `{% if %}` branch's lines follow another's return
        found = []
        ranges: list[tuple[str | None, LineRange]] = [(None, r) for r in facts.unreachable]
        ranges += [(sym.qualified_name, r) for sym in facts.symbols for r in sym.unreachable]
        type_tests = is_test_path(path) and facts.language in ("typescript", "tsx")
        for symbol, unreachable in ranges:
            if type_tests and not unreachable.name and "false" in (unreachable.reason or ""):
                continue  # `if (false) { // @ts-expect-error ... }`: a type test the compiler checks and nothing runs
            if unreachable.name and (self._mutated(path, unreachable.name) or is_example_path(path)
                                     or is_scaffold_path(path)):
                # mutated somewhere; or a demo's switch (`DEBUG = False`), which its reader flips; or a setting
                # of a project template (`USE_TWOPHASE = False` in a generated env.py), which its user sets
                continue
            reason = f" ({unreachable.reason})" if unreachable.reason else ""
            where = symbol if symbol is not None else "module code"
            found.append(FileFinding(
                path=path, symbol=symbol, axis="utility", verdict="DEAD",
                line_start=unreachable.line_start, line_end=unreachable.line_end,
                message=f"unreachable code{reason} in {where}", severity="medium", rule="dead/unreachable",
                # a literal condition is false by the code itself; a constant, only while nothing rebinds it
                confidence=80 if unreachable.name else 90))
        return found
