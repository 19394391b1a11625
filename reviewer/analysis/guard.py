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
- dead/guard-namesakes (guard_namesakes, over all verdicts): a name dead in several files at once and
  used nowhere, a convention something reads by name (a test plugin's module variable, a router's export).
- dead/guard-deprecated-module and dead/guard-ambient-declaration: keep markers too (a module that warns
  when imported that it is deprecated; a `declare global` / `declare module 'pkg'` block's declarations).
- dead/guard-type-proof: a TypeScript identity function with declared types, a compile-time check.
- dead/guard-test-input: its file is named by a string in a test (`check_example("imports.py")`): an input
  the test reads, whose unused code is its material (testcode.named_test_inputs).
- dead/guard-import-keeper: a top-level name whose value only lists names its file imports
  (`FIXTURES = (client, db)`): written so that a linter's fix does not remove imports that are used
  by name only (pytest fixtures requested as parameters, registrations run at import).
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Mapping
from functools import cached_property

from ..scan.textual import AUGMENTS_MODULE, DECLARES_GLOBAL, DEPRECATED_MODULE
from ..scan.words import AS_NAME, DOCTEST
from ..schema.evidence import AxisAssessment, SymbolKey
from ..schema.facts import FileFacts, Symbol
from .bodies import returns_its_argument
from .resolve import ProjectIndex
from .roles import is_example_path, is_private
from .testcode import named_test_inputs


def kept_rule(kept: str) -> str:
    """The rule of a keep marker, from its evidence's opening words (scan.textual writes them)."""
    return ("dead/guard-pragma" if kept.startswith("its line says") else
            "dead/guard-conditional" if kept.startswith("a conditional") else
            "dead/guard-deprecated-module" if kept.startswith(DEPRECATED_MODULE) else
            "dead/guard-ambient-declaration" if kept.startswith((AUGMENTS_MODULE, DECLARES_GLOBAL)) else
            "dead/guard-kept-comment")


GUARDED_CONFIDENCE = 30  # a guarded DEAD verdict: a candidate for Claude, under any sensible floor
RULE_NAMESAKES = "dead/guard-namesakes"
RULE_TEST_INPUT = "dead/guard-test-input"

# Distinctive: an underscore or a digit inside (snake_case, `v2`), or a capital after a lower-case
# letter (camelCase, CapWords of two words). One English-looking word (`run`, `User`, `DEBUG`) is plain.
_DISTINCTIVE = re.compile(r"[A-Za-z0-9]_|_[A-Za-z0-9]|\d|[a-z][A-Z]")
_DUNDER = re.compile(r"__\w+__")


def distinctive(name: str) -> bool:
    """Whether a name written anywhere is most likely this name, not a word of prose."""
    return _DISTINCTIVE.search(name) is not None and _DUNDER.fullmatch(name) is None


# A relative import of a stylesheet, an image or data: no module of the code, resolved by a bundler's loader.
_ASSET = re.compile(r"\.(?:css|scss|sass|less|svg|png|jpe?g|gif|webp|ico|json|ya?ml|md|html|txt|wasm)(?:\?.*)?$",
                    re.IGNORECASE)

_NAME_LIST = re.compile(r"^[(\[{]?\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*,?\s*[)\]}]?$")


def import_keeper(facts: FileFacts, sym: Symbol) -> list[str]:
    """The imported names a top-level constant's value lists, when it lists nothing else."""
    if sym.parent is not None or sym.kind not in ("constant", "variable") or not sym.value:
        return []
    value = sym.value.strip()
    listed = _NAME_LIST.match(value)
    if listed is None or not (value[0] in "([{" or "," in value):  # `dt = datetime` is an alias, not a list
        return []
    names = [name.strip() for name in listed.group(1).split(",")]
    imported = {name.alias or name.name for ref in facts.imports for name in ref.names if name.binds}
    imported |= {ref.namespace for ref in facts.imports if ref.namespace}
    return names if all(name in imported for name in names) else []


def _nearness(path: str, other: str) -> int:
    """How many leading folders two repository paths share."""
    shared = 0
    for mine, theirs in zip(path.split("/")[:-1], other.split("/")[:-1]):
        if mine != theirs:
            break
        shared += 1
    return shared


def _prefixes(keys: list[SymbolKey]) -> set[tuple[str, ...]]:
    """Every leading run of folders of the keys' files."""
    found: set[tuple[str, ...]] = set()
    for path, _ in keys:
        folders = path.split("/")[:-1]
        found.update(tuple(folders[:n]) for n in range(len(folders) + 1))
    return found


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
        self._live_prefixes: dict[str, set[tuple[str, ...]]] = {}
        self._unresolved: dict[str, str] | None = None  # see unresolved_import

    def mention(self, key: SymbolKey, name: str, members: bool = False) -> str | None:
        """Where the name of the symbol `key` is written outside its own file (as a name, when it is a
        plain word), or run by a doctest anywhere; None when live namesakes explain every mention (a
        `User` model used everywhere and an unused `User` schema: `User.id` in the docs is the model),
        each mention by a namesake at least as near it as this symbol."""
        path = key[0]
        if _DUNDER.fullmatch(name):
            return None  # Python's own names: written everywhere, used by the language
        namesakes = self._live_folders(name, key)
        plain = not distinctive(name)
        if plain and members:
            return None
        # A live namesake at least as near a mention explains it; a page beside this symbol's file
        # (`settings.html` next to the `utils.js` it loads) means this one, a namesake elsewhere or not.
        # The namesakes' folders are prefix-closed: a mention is explained when it shares no more folders
        # with this file than the deepest of them this file's folders lead into.
        folders = path.split("/")[:-1]
        explained_up_to = max((n for n in range(len(folders) + 1) if tuple(folders[:n]) in namesakes), default=-1)
        for where, line, kind in self.mentions.get(name, ()):
            if explained_up_to >= 0 and _nearness(path, where) <= explained_up_to:
                continue
            if kind == DOCTEST:  # a doctest runs it, its own docstring's too
                return f"a doctest in {where} line {line} runs '{name}'"
            if where != path and (kind == AS_NAME or not plain) and name not in self._defined(where):
                how = " where it is used as a name" if kind == AS_NAME and plain else ""
                return f"'{name}' is written in {where} line {line}{how}"
        return None

    def unresolved_import(self, name: str) -> str | None:
        """Where a relative import names `name` (`import {FileDialog} from "../../common"`) and resolves to no
        file here. A build that merges folders (every app's `static/js/modules` into one tree) or generates
        modules makes such imports work: the name may be this symbol."""
        if self._unresolved is None:
            self._unresolved = {}
            for path, facts in sorted(self.index.files.items()):
                for ref in facts.imports:
                    relative = ref.level > 0 or ref.source.startswith(".")
                    if not relative or not ref.names or _ASSET.search(ref.source):
                        continue
                    specifier = "." * ref.level + ref.source if facts.language == "python" else ref.source
                    if self.index.module_for_specifier(path, specifier) is not None:
                        continue
                    for imported in ref.names:
                        self._unresolved.setdefault(imported.name, f"{path} line {ref.line} imports it from '{specifier}'")
        return self._unresolved.get(name)

    def _live_folders(self, name: str, key: SymbolKey) -> set[tuple[str, ...]]:
        """Every leading run of folders of a live symbol named `name` other than `key` ((), ("src",),
        ("src", "app")...): a mention whose first k folders are among them has a live namesake at
        least as near as a definition sharing k folders with it. Listed once per name: a name defined
        in every module of a large project (20,000 `f1`s) walked again for each was quadratic."""
        live = self._live_namesakes.get(name)
        if live is None:
            live = self._live_namesakes[name] = [other for other in self.symbols_by_name.get(name, ())
                                                 if other in self.live]
            self._live_prefixes[name] = _prefixes(live)
        if key in live:  # a live member asked about (rare): its own folders do not count
            return _prefixes([other for other in live if other != key])
        return self._live_prefixes[name]

    def _defined(self, path: str) -> set[str]:
        """The names a project code file defines: its strings and comments mean its own."""
        found = self._names.get(path)
        if found is None:
            facts = self.index.files.get(path)
            found = set() if facts is None else {sym.name for sym in facts.symbols}
            self._names[path] = found
        return found

    @cached_property
    def test_inputs(self) -> dict[str, str]:
        """Files a test names by a string: path -> where (testcode.named_test_inputs)."""
        return named_test_inputs(self.index.files)

    def reason(self, path: str, facts: FileFacts, sym: Symbol) -> tuple[str, str] | None:
        """(rule, evidence) when the guard keeps this symbol out of the DEAD findings."""
        kept = facts.kept.get(sym.line_start)
        if kept:
            return kept_rule(kept), f"kept on purpose: {kept} ({path} line {sym.line_start})"
        named = self.test_inputs.get(path)
        if named:
            return RULE_TEST_INPUT, named
        if facts.language in ("typescript", "tsx") and returns_its_argument(sym) and ":" in (sym.signature or ""):
            return "dead/guard-type-proof", ("an identity function with declared types (`const _proof: Check = (x) => "
                                             "x`): the type checker checks the assignment, which is its use")
        # An example shows its public names to a reader; a `_helper` it never calls is not what it shows.
        if is_example_path(path) and not is_private(sym.name):
            return "dead/guard-example", "it is example code, which shows the API to a reader: nothing calls it"
        unresolved = self.unresolved_import(sym.name) if sym.parent is None else None
        if unresolved:
            return "dead/guard-unresolved-import", (f"{unresolved}, which names no file of the repository: a build "
                                                    "step may assemble the tree it resolves in (this one among them)")
        kept_imports = import_keeper(facts, sym)
        if kept_imports:
            return "dead/guard-import-keeper", (f"its value only lists names the file imports ({', '.join(kept_imports)}): "
                                                "it keeps those imports from being removed as unused")
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


def guard_namesakes(verdicts: dict[SymbolKey, AxisAssessment], dead_by: dict[SymbolKey, set[SymbolKey]]) -> None:
    """dead/guard-namesakes: a name found dead in several files at once and read nowhere (`testinfra_hosts`
    in every test module of a suite, `Index` in every route file, `Schema3` in every golden fixture)
    is a convention the analysis does not know, read by a plugin, a router or a tool, far more often
    than independent dead code. Blind first-contact labels (rounds 8-11, every symbol's verdict read
    from the runs' reviews): a DEAD finding was right 307 times in 374 when no other file had a dead
    symbol of its name, 30 times in 67 when some other symbol of that name is used (a constant copied
    into seven test modules and left unused in some: still findings), and 10 times in 65 when none
    is. Those last become candidates, with the other files as their evidence."""
    files_by_name: dict[str, set[str]] = {}
    read_names: set[str] = set()
    for (path, qname), verdict in verdicts.items():
        name = qname.rsplit(".", 1)[-1]
        if verdict.verdict == "DEAD":
            if verdict.report:
                files_by_name.setdefault(name, set()).add(path)
        else:
            read_names.add(name)
    first_files: dict[str, list[str]] = {}  # name -> its first four files in order: a name dead in 20,000 files
    # (a generated tree's `f7`) asked for each of them was quadratic
    for (path, qname), verdict in verdicts.items():
        if verdict.verdict != "DEAD" or not verdict.report or (verdict.rule or "").startswith("dead/guard-"):
            continue  # (a guarded verdict is a candidate already, with its own evidence)
        name = qname.rsplit(".", 1)[-1]
        files = files_by_name[name]
        count = len(files) - (path in files)
        if not count or name in read_names:
            continue
        first = first_files.get(name)
        if first is None:
            first = first_files[name] = heapq.nsmallest(4, files)
        others = [other for other in first if other != path][:3]
        dead_by.pop((path, qname), None)
        shown = ", ".join(others) + (f" and {count - 3} more" if count > 3 else "")
        verdict.confidence = min(verdict.confidence, GUARDED_CONFIDENCE)
        verdict.report = False
        verdict.rule = RULE_NAMESAKES
        verdict.detail += (f"; but {count} other file{'s' if count > 1 else ''} define the same name, unused "
                           f"too ({shown}): a convention something may read by name: not a finding "
                           f"({RULE_NAMESAKES}), a candidate to check")
