"""The rules behind findings: a stable id per rule (`dead/no-root`, `duplicate/block`...), the axis
and verdict it gives, and the principle it applies in one sentence. Findings carry the id; SARIF
names it as ruleId with a link into docs/rules.md (generated from this table and the framework
registry: `python -m reviewer.rules_doc`); suppressions, baselines and `--select` accept it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    id: str
    axis: str
    verdict: str
    principle: str
    evidence: str = ""  # the evidence fields a finding of this rule carries


RULES: tuple[Rule, ...] = (
    # utility: code nothing reaches
    Rule("dead/no-root", "utility", "DEAD",
         "A symbol no root reaches (entry points, framework registrations and conventions of the frameworks "
         "the project uses, tests, public API, templates, documentation) is dead.",
         "importers, references in its own file, roots checked, project shape"),
    Rule("dead/private-unreferenced", "utility", "DEAD",
         "A private name (or an unexported JS/TS one) that nothing references, in its file or elsewhere, is dead.",
         "importers, references in its own file, roots checked"),
    Rule("dead/reexported-unused", "utility", "DEAD",
         "A name a module re-exports but that no file imports, in a project that is not a library, is dead.",
         "re-exporters, importers"),
    Rule("dead/dead-users-only", "utility", "DEAD",
         "A symbol referenced only by dead code is dead with it (reported as one cascade).",
         "the dead users"),
    Rule("dead/enclosing-dead", "utility", "DEAD",
         "A function nested in a dead one, or a member of a dead class, dies with it.", "the enclosing symbol"),
    Rule("dead/unused-test-code", "utility", "DEAD",
         "A helper in test code that no test reaches is dead test code.", "importers"),
    Rule("dead/unused-fixture", "utility", "DEAD",
         "A pytest fixture that no test or fixture requests (parameter, usefixtures, getfixturevalue) and that "
         "no plugin of the project requests by name is dead.", "fixture name"),
    Rule("dead/unused-import", "utility", "DEAD",
         "An import nothing in its file names (and that no `__all__`, re-export or marker keeps) is unused.",
         "the imported name and its source"),
    Rule("dead/unread-attribute", "utility", "DEAD",
         "A private attribute a live class assigns and nothing anywhere reads is dead state.",
         "the assigning methods"),
    Rule("dead/unreachable", "utility", "DEAD",
         "Code after a return/raise/continue, or under a condition that is constant false where it stands, "
         "never runs.", "the lines and why"),
    # the guard: evidence the usage graph cannot see keeps a DEAD verdict out of the findings (a candidate)
    Rule("dead/guard-mention", "utility", "DEAD",
         "A name written outside the code the usage graph reads (a template, config, docs page, script, workflow, "
         "notebook, a string or comment of other code) may be used by something no parser follows: a candidate, "
         "not a finding. A distinctive name counts wherever it is written, a plain word only where it is used as a "
         "name; a doctest line runs the name. Not counted: its own file, a live namesake, commented-out code, data "
         "keys, changelogs, findings reports, translation catalogs, lock files, ignored folders.",
         "the file and line of the first mention, and whether it is used as a name there"),
    Rule("dead/guard-pragma", "utility", "DEAD",
         "The ecosystem's own marker says a definition looks unused on purpose (`# noqa`, `# noqa: F401/F811/F841`, "
         "`# pylint: disable=unused-...`, `# vulture: ignore`, `eslint-disable ... no-unused-vars`): a candidate, "
         "not a finding (`# type: ignore` is not one).", "the marker and its line"),
    Rule("dead/guard-kept-comment", "utility", "DEAD",
         "A comment on or above a definition (or its docstring) says it is kept on purpose (backwards "
         "compatibility, deprecated, legacy, public API, do not remove, used by, queued jobs): a candidate, "
         "not a finding.", "the words matched and the line"),
    Rule("dead/guard-conditional", "utility", "DEAD",
         "A definition in an `if`/`try` branch whose name the module binds more than once (`if sys.version_info: "
         "def f` / `else: def f`) is an alternative the interpreter picks: a candidate, not a finding.",
         "the name and the line"),
    Rule("low-value/returns-argument", "utility", "LOW_VALUE",
         "A function that only returns its argument adds a call and nothing else.", "the parameter"),
    # duplication: structural copies (the kind names how the copies relate)
    Rule("duplicate/identical", "duplication", "DUPLICATE",
         "Two functions with the same code (comments and layout aside).", "lines of both copies, copy to keep"),
    Rule("duplicate/renamed", "duplication", "DUPLICATE",
         "Two functions with the same code but for the names of variables.", "lines of both copies, copy to keep"),
    Rule("duplicate/near-miss", "duplication", "DUPLICATE",
         "Two functions equal but for a few edited or inserted lines.", "edited lines of each copy"),
    Rule("duplicate/same-job", "duplication", "DUPLICATE",
         "Two functions doing one job in two idioms (the same steps on the same data).", "the shared jobs"),
    Rule("duplicate/contained", "duplication", "DUPLICATE",
         "A function whose body is repeated inside another function: call it instead.", "the repeating lines"),
    Rule("duplicate/block", "duplication", "DUPLICATE",
         "A block of lines two functions share (long enough to be a helper of its own).", "lines of both blocks"),
    Rule("duplicate/module-block", "duplication", "DUPLICATE",
         "A block of top-level code (a table, a schema, a registration list) written twice.", "lines of both blocks"),
    Rule("duplicate/test", "duplication", "DUPLICATE",
         "A test written again with another input (a parametrized test or a shared fixture removes it).",
         "lines of both copies"),
    # the other axes
    Rule("over/over", "overengineering", "OVER",
         "Structure with nothing to vary: an interface with one implementation, a factory with one product, "
         "a pass-through layer.", "implementations, products, callers"),
    Rule("tests/none", "tests", "NONE", "A public function or class no test exercises.", "tests that import the area"),
    Rule("tests/weak", "tests", "WEAK", "Tests reach the symbol but assert nothing about its result.", "the tests"),
    Rule("docs/undocumented", "documentation", "UNDOCUMENTED", "A public function or class with no docstring.", ""),
    Rule("docs/partial", "documentation", "PARTIAL",
         "A docstring whose sections leave out parameters the function takes.", "the missing parameters"),
    Rule("correction/needs-fix", "correction", "NEEDS_FIX", "A bug the Claude reviewer found.", "its explanation"),
    Rule("correction/error", "correction", "ERROR", "A defect that makes the code fail.", "its explanation"),
    Rule("suppression/unknown-axis", "suppression", "UNKNOWN_AXIS",
         "A `reviewer: ignore[...]` comment names an axis or rule that does not exist; it suppresses nothing.", ""),
    Rule("suppression/unused", "suppression", "UNUSED", "A `reviewer: ignore[...]` comment no finding needs any more.", ""),
)

BY_ID: dict[str, Rule] = {rule.id: rule for rule in RULES}
_BY_KIND = {"identical": "duplicate/identical", "renamed": "duplicate/renamed", "near-miss": "duplicate/near-miss",
            "semantic": "duplicate/same-job", "same-job": "duplicate/same-job", "contained": "duplicate/contained",
            "inline": "duplicate/contained", "block": "duplicate/block"}


def default_rule(axis: str, verdict: str) -> str:
    """The rule of a verdict no analysis named one for (the Claude reviewer's, an older review)."""
    return next((rule.id for rule in RULES if rule.axis == axis and rule.verdict == verdict
                 and not rule.id.startswith(("dead/", "duplicate/"))),
                {"DEAD": "dead/no-root", "DUPLICATE": "duplicate/block"}.get(verdict, f"{axis}/{verdict.lower()}"))


def duplicate_rule(kind: str | None, test_code: bool) -> str:
    """The rule of a clone: by its kind, or the test-code rule."""
    if test_code:
        return "duplicate/test"
    return _BY_KIND.get(kind or "", "duplicate/block")


def anchor(rule_id: str) -> str:
    """The heading anchor of a rule in docs/rules.md (GitHub's slug of `dead/no-root`)."""
    return rule_id.replace("/", "").lower()
