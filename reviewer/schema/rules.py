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


_DUP_EVIDENCE = "both copies' files, names and lines, the scores, the copy to keep and why"

RULES: tuple[Rule, ...] = (
    # utility: code nothing reaches
    Rule("dead/no-root", "utility", "DEAD",
         "A symbol no root reaches (entry points, framework registrations and conventions of the frameworks "
         "the project uses, tests, public API, templates, documentation, a dotted path `pkg.mod.Name` written in a "
         "Python string or in a configuration file) is dead.",
         "importers, references in its own file, roots checked, project shape"),
    Rule("dead/private-unreferenced", "utility", "DEAD",
         "A private name (or an unexported JS/TS one) that nothing references, in its file or elsewhere, is dead.",
         "importers, references in its own file, roots checked"),
    Rule("dead/private-unnamed", "utility", "DEAD",
         "A private top-level definition (or an unexported JS/TS one) that nothing references and whose name is written "
         "nowhere else in the repository (no other definition, member access, string, comment, template, config or "
         "doc) is dead: dead/private-unreferenced with nothing left that could reach it. "
         "Not for a constant whose value is a call (it may be kept for the call's effect).",
         "importers, references in its own file, roots checked, the name's occurrences (none)"),
    Rule("dead/untyped-receiver-method", "utility", "DEAD",
         "A method no root reaches is dead, on weaker evidence than a function: it may be called through an object "
         "the analysis cannot type. Its confidence is calibrated apart and never shows more than dead/no-root's.",
         "importers, references in its own file, roots checked, the doubts that lowered it"),
    Rule("dead/interface-method", "utility", "DEAD",
         "A public method nothing here calls, of a class alive as public API (a public class of a module nothing "
         "imports, a library's public name: users call the methods of what they import): a candidate, not a "
         "finding.", "the class's root"),
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
         "An import nothing in its file names (and that no `__all__`, re-export or marker keeps) is unused; not in "
         "files whose unused imports the project's ruff or flake8 `per-file-ignores` silence (F401). When the "
         "imported JS/TS module calls something at its top level (`customElements.define(...)`), the finding "
         "says to keep a bare `import \"x\"`: loading the module may be why the line is there.",
         "the imported name and its source"),
    Rule("dead/unread-attribute", "utility", "DEAD",
         "A private attribute a live class assigns and nothing anywhere reads is dead state. Read counts: `.name` "
         "anywhere, a string naming it, and a computed name that starts like it in a file that looks names up "
         "(`getattr(obj, f\"_reactive_{name}\")` reads `_reactive_current`).",
         "the assigning methods"),
    Rule("dead/unreachable", "utility", "DEAD",
         "Code after a return/raise/continue, or under a condition that is constant false where it stands, "
         "never runs. A module constant is one only while nothing can rebind it: no attribute assignment of its "
         "name anywhere, no string naming it, no star import, and (Python) no `setattr` with a computed name in "
         "the project's code (a loader setting plugin modules' options from configuration). A literal `if (false)` "
         "in a TypeScript test is a block of type assertions the compiler checks: no finding.", "the lines and why"),
    # the guard: evidence the usage graph cannot see keeps a DEAD verdict out of the findings (a candidate)
    Rule("dead/guard-example", "utility", "DEAD",
         "A definition nobody calls in example code (examples/, docs_src/...): an example shows the API to a reader, "
         "its `App` or `example1` is what it shows; a candidate, not a finding (its unused imports stay findings). "
         "A private `_helper` no one calls is not what it shows: it is judged as in the product's code.",
         "the example's path"),
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
         "A comment on, above or opening a definition (or its docstring), or on an import's own line, says it is kept on "
         "purpose (backwards compatibility, deprecated, legacy, public API, do not remove, used by, queued jobs): "
         "a candidate, not a finding. On an import's own lines any comment of its author's counts (`import "
         "request_started  # Sent when HTTP request begins.`), unless it is a tool's pragma or says to remove it: "
         "a leftover import carries none.", "the words matched and the line"),
    Rule("dead/guard-deprecated-module", "utility", "DEAD",
         "A Python module whose top-level code warns that it is deprecated (`warnings.warn(..., "
         "DeprecationWarning)` when imported) is a shim kept for the code written against it: the names it "
         "imports and defines stay, used or not: a candidate, not a finding.", "the line of the warning"),
    Rule("dead/guard-ambient-declaration", "utility", "DEAD",
         "A TypeScript ambient declaration is read without an import: one in a `declare global { ... }` block is a "
         "global any file may name, one in a `declare module 'pkg' { ... }` block augments that package's types "
         "(the type checker merges it): a candidate, not a finding.", "the block it stands in"),
    Rule("dead/guard-type-proof", "utility", "DEAD",
         "A TypeScript identity function with declared types (`const _proof: Exhaustive = (x) => x`, `(k: A & B): "
         "never => k`) is a compile-time proof: the type checker checks the assignment, which is its only use: a "
         "candidate, not a finding.", "the definition's signature"),
    Rule("dead/guard-migration-snapshot", "utility", "DEAD",
         "An unused import in a migration snapshot (an Alembic revision script, a Django migration) came from the "
         "tool's template, which every revision gets; the snapshot is written once and applied in order, and "
         "nobody edits it: a candidate, not a finding.", "the snapshot's path"),
    Rule("dead/guard-unresolved-import", "utility", "DEAD",
         "A relative import that names the definition (`import {FileDialog} from \"../../common\"`, `from .pb2 "
         "import Msg`) resolves to no file of the repository: a build step that merges folders or generates "
         "modules makes it work, and the name may be this one: a candidate, not a finding.",
         "the importing file, line and specifier"),
    Rule("dead/guard-plugin-import", "utility", "DEAD",
         "An unused `import package` of a package outside the project that a manifest declares and no other file "
         "imports: depending on a package to import it once and name nothing of it is how a plugin is switched on "
         "(it registers itself as it loads, `import alembic_autogenerate_enums`): a candidate, not a finding.",
         "the manifest that declares it"),
    Rule("dead/guard-library-reexport", "utility", "DEAD",
         "In a library's public module, one import statement that binds three or more public names of the "
         "library's own modules and names none of them offers those names to the library's users (a re-export "
         "list written without `__all__`, as a drop-in backend module repeats its sibling's fields): a "
         "candidate, not a finding. Leftovers of a refactoring are one or two names, and in an application "
         "nobody imports from a module that does not use its imports.",
         "the statement's line, its names and the module they come from"),
    Rule("dead/guard-fixture-override", "utility", "DEAD",
         "An unused pytest fixture whose name the project defines as a fixture in two places or more (a conftest, a "
         "module, a test class) is an override: pytest picks the definition closest to a requester, so overriding "
         "only matters to a requester outside the repository, a plugin's own fixtures (pytest-celery's "
         "`default_worker_container_cls`): a candidate, not a finding.",
         "each place the fixture is defined"),
    Rule("dead/guard-plugin-fixture", "utility", "DEAD",
         "An unused pytest fixture named after a pytest plugin the project declares (`docker_compose_file` beside "
         "pytest-docker) may override one of the plugin's fixtures, which the plugin requests by name; the "
         "framework registry knows the fixtures of the plugins it has a module for, this guards the others: a "
         "candidate, not a finding.",
         "the manifest that declares the plugin"),
    Rule("dead/guard-conditional", "utility", "DEAD",
         "A definition in an `if`/`try` branch whose name the module binds more than once (`if sys.version_info: "
         "def f` / `else: def f`) is an alternative the interpreter picks: a candidate, not a finding.",
         "the name and the line"),
    Rule("dead/guard-test-input", "utility", "DEAD",
         "A file a test names by a string (`self.check_example(\"imports.py\", expect)`, a folder of it joined in) is "
         "an input that test reads: a linter's or scanner's example, whose unused imports and definitions are what "
         "the test checks (not a file it imports, nor a program it runs: one with a `__main__` guard): a candidate, "
         "not a finding.", "the test and the string that names the file"),
    Rule("dead/guard-import-keeper", "utility", "DEAD",
         "A top-level name whose value only lists names its file imports (`FIXTURES = (client, db)`) is written so "
         "that a linter's fix keeps imports used by name only (pytest fixtures requested as parameters): a "
         "candidate, not a finding.", "the imported names it lists"),
    Rule("dead/guard-namesakes", "utility", "DEAD",
         "A name found dead in several files at once and used nowhere (the same module variable in every test "
         "module, the same export in every route file) is a convention something reads by name more often than "
         "dead code: each is a candidate, not a finding.", "the other files where the same name is unused"),
    Rule("low-value/returns-argument", "utility", "LOW_VALUE",
         "A function that only returns its argument adds a call and nothing else.", "the parameter"),
    # duplication: structural copies, one rule per clone kind (evidence of each: both sides' files, names and
    # lines, the scores, the members of a clone class, the copy to keep and why, what lowered the confidence)
    Rule("duplicate/identical-clone", "duplication", "DUPLICATE",
         "Two functions with the same body (normalized tokens): keep one, call it.", _DUP_EVIDENCE),
    Rule("duplicate/renamed-clone", "duplication", "DUPLICATE",
         "The same body with names renamed consistently: one function, the names as parameters.", _DUP_EVIDENCE),
    Rule("duplicate/near-miss-clone", "duplication", "DUPLICATE",
         "One function copied and edited (most shingles alike, or equal lines in order covering most of both).",
         _DUP_EVIDENCE + ", the edited lines of each copy"),
    Rule("duplicate/semantic-clone", "duplication", "DUPLICATE",
         "One job in two idioms, as the behaviour reader finds it (the same jobs covering most of both bodies).",
         _DUP_EVIDENCE + ", the shared jobs"),
    Rule("duplicate/contained-clone", "duplication", "DUPLICATE",
         "The whole body of one function repeats inside another: the host should call it.", _DUP_EVIDENCE),
    Rule("duplicate/block-clone", "duplication", "DUPLICATE",
         "A run of lines (5+ code lines spanning 6 lines or more, a good part of the smaller function, or 13+) "
         "repeats in two places or more (from three, a clone class); also a block of top-level code (a table, a "
         "schema) written twice.",
         _DUP_EVIDENCE),
    *(Rule(f"duplicate/test-{kind}-clone", "duplication", "DUPLICATE",
           f"A {kind} clone in test code, reported only where parametrization or a fixture removes it (a test "
           "written twice but for its inputs, a support block in three places, a long copied scenario); severity "
           "low: test repetition never outranks a finding in the code it tests.", _DUP_EVIDENCE)
      for kind in ("identical", "renamed", "near-miss", "semantic", "contained", "block")),
    # a repetition too short to be a finding: a silent DUPLICATE, a candidate the Claude reviewer judges
    Rule("duplicate/short-clone", "duplication", "DUPLICATE",
         "A repeat of production code spanning fewer than 6 lines (a whole function's signature included), in two "
         "places or in many (an override per backend, a get-or-404 or update-or-fail tail, a `__repr__`, a markup "
         "footer), is the code's idiom more often than a helper to write: a candidate, not a finding. Test code "
         "keeps its own rules.",
         "both copies' files, names and lines, the lines the repeat spans"),
    Rule("duplicate/short-renamed", "duplication", "DUPLICATE",
         "Two functions of production code alike but for their names (a renamed clone) spanning fewer than 15 "
         "lines, side by side in one file or under one name in two classes, are parallels written per field, per "
         "type or per event more often than a copy to fold: blind labels on projects nobody had tuned for found "
         "them right 18 times in 54. A candidate, not a finding; a renamed copy in another file under another "
         "name stays a finding.",
         "both copies' files, names and lines, the lines the repeat spans"),
    Rule("duplicate/markup-block", "duplication", "DUPLICATE",
         "A block repeated between functions of a component file (JSX) over fewer than 20 lines is the markup's "
         "idiom (a form field, a dialog footer, a column definition) more often than a helper to write: blind "
         "labels found such blocks right 30 times in 88. A candidate, not a finding; longer blocks, and blocks "
         "of other files, stay findings.",
         "both copies' files and lines, the lines the repeat spans"),
    Rule("duplicate/module-repeat", "duplication", "DUPLICATE",
         "A repeat of production top-level code outside any function or callback (a data table, a store's state "
         "literal, schema declarations, route or admin wiring) is a candidate, not a finding: blind labels on "
         "projects nobody had tuned for found such repeats worth folding 8 times in 108, long or short, word for "
         "word or edited. The same repeat mostly inside callbacks passed to a call (route handlers, RPC "
         "procedures: 8 right in 12) stays a finding. Test code keeps its own rules.",
         "both copies' files and lines"),
    # repetition left out as deliberate: a silent DUPLICATE whose note gives the rule and the reason
    Rule("duplicate/declared-copy", "duplication", "DUPLICATE",
         "A comment or docstring beside one copy says it is a copy and names the other copy's module (\"copied "
         "from\", \"vendored from\"): kept apart on purpose; not a finding.", "the note's file, line and text"),
    Rule("duplicate/standalone-module", "duplication", "DUPLICATE",
         "A copy across two files, one a module that imports its own project only under a guard (`try: from .x "
         "import y` / `except ImportError`): written to work copied alone; not a finding.", "the module's path"),
    Rule("duplicate/conditional-twin", "duplication", "DUPLICATE",
         "One name defined twice in one scope (`if sys.version_info: def f` / `else: def f`, an ImportError "
         "fallback, a getter and setter): alternatives, one of which runs; not a finding.", "both definitions"),
    Rule("duplicate/hook-idiom", "duplication", "DUPLICATE",
         "Two overrides of one framework hook (same name, in two classes reaching a base outside the project), each "
         "5 code lines or fewer: the framework's idiom; not a finding (in three classes or more: a mixin to write, or a short-clone candidate under 6 lines).",
         "both methods, their line counts"),
    Rule("duplicate/class-declarations", "duplication", "DUPLICATE",
         "The same class-body lines (field declarations, options) in several classes: each class's own schema, "
         "however many classes repeat it; not a finding.", "both classes and lines"),
    Rule("duplicate/mirror-pair", "duplication", "DUPLICATE",
         "Two short functions named as inverse operations or mirror pairs (`follow`/`unfollow`, `__lt__`/`__le__`) "
         "share the shape of their job: a doubt that lowers the confidence by 15.", "the two names"),
    # over-engineering: structure with nothing to vary (test, example and compatibility code never judged)
    Rule("over/single-implementation", "overengineering", "OVER",
         "An abstract base, interface or Protocol with one implementation that project code names: the abstraction "
         "can wait for a second one.", "the implementation's name and file"),
    Rule("over/extension-point", "overengineering", "ACCEPTABLE",
         "The same with one implementation that users or settings fill in (public API, reached by a dotted-string "
         "setting, an entry point, a plugin registry, the docs): an extension point, not OVER.",
         "what reaches the implementation"),
    Rule("over/one-method-class", "overengineering", "OVER",
         "A class with only a constructor and one public method: a function would do. Not when another class "
         "offers the same method (one side of a duck-typed interface) or an instance is kept in a module-level "
         "binding (what its constructor built is reused).", "the method"),
    Rule("over/static-namespace", "overengineering", "OVER",
         "A class of its own (no base, no decorator, no subclass) holding only static methods, 2 or more: a "
         "namespace written as a class (typescript-eslint's no-extraneous-class); module functions would do. A "
         "candidate (confidence 65): blind labels at first contact judged it harmless grouping (0 of 2).",
         "the methods"),
    Rule("over/single-product-factory", "overengineering", "OVER",
         "A factory class with one product, or a factory function whose every call asks for the same product.",
         "the product, the call sites"),
    Rule("over/single-binding-registry", "overengineering", "OVER",
         "A registry decorator with one registered item.", "the item"),
    Rule("over/single-subscriber-emitter", "overengineering", "OVER",
         "An event emitter with one subscriber.", "the subscriber"),
    Rule("over/pass-through", "overengineering", "OVER",
         "A function whose whole body forwards its parameters unchanged to another project function, or a class "
         "whose every method forwards to one attribute: call the target directly.", "the callee, its users"),
    Rule("over/constant-parameter", "overengineering", "OVER",
         "A parameter every call site passes the same literal value (3 sites or more outside the tests, the tests "
         "agree, every site read, not public API): a constant, not an option.",
         "the parameter, the value, the call sites"),
    Rule("over/unused-option", "overengineering", "OVER",
         "A parameter with a default that no call site sets (2 sites or more outside the tests, the tests do not "
         "set it either, no recursive call sets it, every site read, not public API, not a parameter 3 functions of "
         "the file share): the default is the only value. A candidate (confidence 60): right about one time in five "
         "at first contact.",
         "the parameters, the call sites"),
    Rule("over/judged", "overengineering", "OVER",
         "Over-engineering the Claude reviewer found, with its explanation.", "its explanation"),
    Rule("low-value/judged", "utility", "LOW_VALUE", "Code that adds little, as the Claude reviewer judged it.",
         "its explanation"),
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
_KINDS = {"inline": "contained"}  # an inline clone is a contained one


# The rule of a verdict no analysis named one for (the Claude reviewer's, a review written before rule ids).
_DEFAULTS = {"DEAD": "dead/no-root", "LOW_VALUE": "low-value/judged", "DUPLICATE": "duplicate/block-clone",
             "OVER": "over/judged", "NONE": "tests/none", "WEAK": "tests/weak", "UNDOCUMENTED": "docs/undocumented",
             "PARTIAL": "docs/partial", "NEEDS_FIX": "correction/needs-fix", "ERROR": "correction/error",
             "UNKNOWN_AXIS": "suppression/unknown-axis", "UNUSED": "suppression/unused"}


def default_rule(axis: str, verdict: str) -> str:
    return _DEFAULTS.get(verdict, f"{axis}/{verdict.lower().replace('_', '-')}")


def duplicate_rule(kind: str | None, test_code: bool) -> str:
    """The rule of a clone of this kind (analysis.duplicates gives its clones their rule; this is for a
    clone that carries none)."""
    kind = _KINDS.get(kind or "block", kind or "block")
    return f"duplicate/{'test-' if test_code else ''}{kind}-clone"


def anchor(rule_id: str) -> str:
    """The heading anchor of a rule in docs/rules.md (GitHub's slug of `dead/no-root`)."""
    return rule_id.replace("/", "").lower()
