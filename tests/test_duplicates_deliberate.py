"""Repetition that is deliberate is evidence, not a finding (analysis.duplicates._deliberate), and
the rule of each duplicate finding, through the real scan and `reviewer run` on small repositories:
each case beside the same code without the evidence, which stays a finding."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from click.testing import CliRunner

from reviewer.cli import cli
from reviewer.scan.textual import copy_notes
from reviewer.schema.review import ReviewFile

# A function long enough to be worth a helper when copied (9 code lines).
BODY = """
def {name}(args, sep=" "):
    ret_list = []
    for arg in args:
        if not arg:
            ret_list.append("''")
            continue
        if _find_unsafe(arg) is None:
            ret_list.append(arg)
        else:
            ret_list.append("'" + arg.replace("'", "'\\"'\\"'") + "'")
    return " ".join(ret_list)
"""


def write(root: Path, files: dict[str, str]) -> None:
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text))


def reviewed(root: Path) -> tuple[list[dict], dict[str, dict]]:
    """The duplication findings of report.json, and the .rev.json of each file (every reported verdict a
    finding: these tests are about what the rules find, not the floor)."""
    CliRunner().invoke(cli, ["run", str(root), "--plain", "--exit-zero", "--min-confidence", "0"], catch_exceptions=False)
    report = json.loads((root / ".reviewer" / "report.json").read_text())
    reviews = {review["file"]: review for review in (ReviewFile.model_validate_json(p.read_text()).model_dump(mode="json")
                                                      for p in (root / ".reviewer" / "reviews").rglob("*.rev.json"))}
    return [f for f in report["findings"] if f["axis"] == "duplication"], reviews


def symbol_review(reviews: dict[str, dict], path: str, name: str) -> dict:
    return next(s for s in reviews[path]["symbols"] if s["name"] == name)


def test_a_copy_note_is_read_from_comments_and_docstrings_not_from_code() -> None:
    text = ('x = 1\n# What follows is the OrderedMultiDict from dictutils.py\ncopied = dup(x)\n'
            'def f():\n    """Copied from strutils, so this module stands alone."""\n')
    assert copy_notes(text) == [[2, "# What follows is the OrderedMultiDict from dictutils.py"],
                                [5, '"""Copied from strutils, so this module stands alone."""']]


def test_a_copy_whose_comment_names_the_module_it_comes_from_is_no_finding(tmp_path: Path) -> None:
    shared = "import re\n_find_unsafe = re.compile(r'[^\\w@%+=:,./-]').search\n"
    write(tmp_path, {"pkg/strutils.py": shared + BODY.format(name="args2sh"),
                     "pkg/ecoutils.py": shared + "\n# The shell escaping copied in from strutils\n" + BODY.format(name="_args2sh")})
    findings, reviews = reviewed(tmp_path)
    assert findings == []
    waived = symbol_review(reviews, "pkg/ecoutils.py", "_args2sh")
    assert waived["duplication"] == "DUPLICATE"  # the evidence stays on the symbol, silent
    assert "duplicate/declared-copy" in waived["evidence"]["duplication"]
    assert "pkg/ecoutils.py:4 says it is a copy of pkg/strutils.py" in waived["evidence"]["duplication"]


def test_a_module_importing_its_package_only_under_a_guard_keeps_its_own_copies(tmp_path: Path) -> None:
    shared = "import re\n_find_unsafe = re.compile(r'[^\\w@%+=:,./-]').search\n"
    guarded = "try:\n    from .typeutils import make_sentinel\nexcept ImportError:\n    make_sentinel = None\n"
    write(tmp_path, {"pkg/__init__.py": "", "pkg/typeutils.py": "def make_sentinel():\n    return object()\n",
                     "pkg/strutils.py": shared + BODY.format(name="args2sh"),
                     "pkg/ecoutils.py": guarded + shared + BODY.format(name="_args2sh")})
    findings, reviews = reviewed(tmp_path)
    assert findings == []
    assert "duplicate/standalone-module" in symbol_review(reviews, "pkg/ecoutils.py", "_args2sh")["evidence"]["duplication"]
    # The same module importing its package at the top level is no standalone module: a finding.
    (tmp_path / "pkg" / "ecoutils.py").write_text("from .typeutils import make_sentinel\n" + shared + BODY.format(name="_args2sh"))
    findings, _ = reviewed(tmp_path)
    assert [f["symbol"] for f in findings] == ["_args2sh"]


def test_a_comment_naming_no_module_of_the_pair_changes_nothing(tmp_path: Path) -> None:
    shared = "import re\n_find_unsafe = re.compile(r'[^\\w@%+=:,./-]').search\n"
    write(tmp_path, {"pkg/strutils.py": shared + BODY.format(name="args2sh"),
                     "pkg/ecoutils.py": shared + "\n# Code copied from the standard library docs\n" + BODY.format(name="_args2sh")})
    findings, _ = reviewed(tmp_path)
    assert [f["symbol"] for f in findings] == ["_args2sh"]


def test_alternative_definitions_of_one_name_are_no_finding(tmp_path: Path) -> None:
    branch = textwrap.indent(BODY.format(name="escape"), "    ")
    write(tmp_path, {"pkg/shell.py": "import re\nimport sys\n_find_unsafe = re.compile('x').search\n"
                                     f"if sys.version_info >= (3, 8):\n{branch}\nelse:\n{branch}\n"})
    findings, reviews = reviewed(tmp_path)
    assert findings == []
    assert any("duplicate/conditional-twin" in s["evidence"].get("duplication", "")
               for s in reviews["pkg/shell.py"]["symbols"])


# Five code lines: the longest override a hook's idiom takes (HOOK_LINES), six lines with its signature,
# so no short clone (SHORT_CLONE_LINES) either.
HOOKS = """
from django.contrib import admin


class {name}({base}):
    def has_change_permission(self, request, obj=None):
        if request.user.is_superuser:
            return True
        if obj is None:
            return False
        return obj.owner == request.user
"""


def test_short_overrides_of_one_framework_hook_are_its_idiom(tmp_path: Path) -> None:
    write(tmp_path, {"app/deals.py": HOOKS.format(name="DealAdmin", base="admin.ModelAdmin"),
                     "app/inlines.py": HOOKS.format(name="NoteInline", base="admin.StackedInline")})
    findings, reviews = reviewed(tmp_path)
    assert findings == []
    evidence = [symbol_review(reviews, p, f"{c}.has_change_permission")["evidence"].get("duplication", "")
                for p, c in (("app/deals.py", "DealAdmin"), ("app/inlines.py", "NoteInline"))]
    assert any("duplicate/hook-idiom" in text for text in evidence)


def test_the_same_hook_override_in_three_classes_is_a_mixin_to_write(tmp_path: Path) -> None:
    write(tmp_path, {"app/deals.py": HOOKS.format(name="DealAdmin", base="admin.ModelAdmin"),
                     "app/inlines.py": HOOKS.format(name="NoteInline", base="admin.StackedInline"),
                     "app/tasks.py": HOOKS.format(name="TaskAdmin", base="admin.ModelAdmin")})
    findings, _ = reviewed(tmp_path)
    assert len(findings) == 1 and "3 copies" in findings[0]["message"]


def test_the_same_method_in_two_plain_classes_is_still_a_copy(tmp_path: Path) -> None:
    write(tmp_path, {"app/deals.py": HOOKS.format(name="DealRules", base="object").replace("from django.contrib import admin\n", ""),
                     "app/inlines.py": HOOKS.format(name="NoteRules", base="object").replace("from django.contrib import admin\n", "")})
    findings, _ = reviewed(tmp_path)
    assert [f["symbol"] for f in findings] == ["NoteRules.has_change_permission"]


def test_a_shorter_hook_override_in_three_classes_is_a_candidate(tmp_path: Path) -> None:
    # Was one finding before duplicate/short-clone. Blind first-contact labels split such classes (three
    # Feed classes' 4-line hook: worth a mixin; three forms' 2-line validator, per-type filter methods:
    # not), and short repeats in 3+ places were right less often than short pairs: four lines in three
    # classes are a candidate, no longer waived as the hook's idiom (a pair is) but no finding either.
    short = HOOKS.replace("        if obj is None:\n            return False\n        return obj.owner",
                          "        return obj is not None and obj.owner")
    write(tmp_path, {"app/deals.py": short.format(name="DealAdmin", base="admin.ModelAdmin"),
                     "app/inlines.py": short.format(name="NoteInline", base="admin.StackedInline"),
                     "app/tasks.py": short.format(name="TaskAdmin", base="admin.ModelAdmin")})
    findings, reviews = reviewed(tmp_path)
    assert findings == []
    evidence = [symbol_review(reviews, p, f"{c}.has_change_permission")["evidence"].get("duplication", "")
                for p, c in (("app/deals.py", "DealAdmin"), ("app/inlines.py", "NoteInline"), ("app/tasks.py", "TaskAdmin"))]
    assert any("duplicate/short-clone" in text and "the repeat spans 4 lines" in text for text in evidence)
    assert not any("duplicate/hook-idiom" in text for text in evidence)


FIELDS = """
    first_name = models.CharField(max_length=100, blank=True, default="")
    last_name = models.CharField(max_length=100, blank=True, default="")
    email = models.EmailField(max_length=200, blank=True, default="")
    phone = models.CharField(max_length=100, blank=True, default="")
    city = models.CharField(max_length=100, blank=True, default="")
    country = models.ForeignKey("Country", blank=True, null=True, on_delete=models.SET_NULL)
    owner = models.ForeignKey("auth.User", blank=True, null=True, on_delete=models.SET_NULL)
    created = models.DateTimeField(auto_now_add=True)
"""


def model(name: str) -> str:
    return f"from django.db import models\n\n\nclass {name}(models.Model):{FIELDS}"


def test_two_models_declaring_the_same_fields_are_their_own_schemas(tmp_path: Path) -> None:
    write(tmp_path, {"crm/lead.py": model("Lead"), "crm/contact.py": model("Contact")})
    findings, _ = reviewed(tmp_path)
    assert findings == []


def test_the_same_fields_in_three_models_are_each_models_own_schema(tmp_path: Path) -> None:
    """Blind labels on two projects' models (7 and 9 copies) judged a shared base for field lines not worth
    its migrations: declarations stay each class's own, however many classes repeat them."""
    write(tmp_path, {"crm/lead.py": model("Lead"), "crm/contact.py": model("Contact"), "crm/company.py": model("Company")})
    findings, _ = reviewed(tmp_path)
    assert not findings


TESTS = """
from app.prices import total


def test_{name}():
    order = {{"lines": [{{"price": 2, "qty": 3}}, {{"price": 5, "qty": 1}}], "currency": "EUR"}}
    order["discount"] = 0
    order["shipping"] = 4
    result = total(order)
    assert result["amount"] == 15
    assert result["currency"] == "EUR"
    assert result["shipping"] == 4
    assert result["discount"] == 0
"""


def test_test_code_repetition_never_outranks_production_findings(tmp_path: Path) -> None:
    shared = "import re\n_find_unsafe = re.compile(r'[^\\w@%+=:,./-]').search\n"
    write(tmp_path, {"app/__init__.py": "", "app/prices.py": "def total(order):\n    return order\n",
                     "app/a.py": shared + BODY.format(name="quote_a"), "app/b.py": shared + BODY.format(name="quote_b"),
                     "tests/test_one.py": TESTS.format(name="one"), "tests/test_two.py": TESTS.format(name="two")})
    findings, _ = reviewed(tmp_path)
    severity = {f["file"].split("/")[0]: f["severity"] for f in findings}
    assert severity == {"app": "medium", "tests": "low"}


def test_operator_twins_are_mirror_pairs_under_the_floor() -> None:
    from test_review_duplicates import body, both_ways, key, run, symbol

    functions = {"lt": ("src/sets.py", symbol("Set.__lt__", 1, body(1, 2, 3, 4, 5, 6, 9), parent="Set")),
                 "le": ("src/sets.py", symbol("Set.__le__", 10, body(1, 2, 3, 4, 5, 6, 8), parent="Set"))}
    found = run(both_ways(functions, "lt", "le", structure=0.85, clone_kind="near-miss"), functions).copies
    (clone,) = found[key(functions, "le")]
    assert not clone.report and "inverse operations" in clone.doubt and clone.confidence < 70
    # The same pair under names that mirror nothing is a finding.
    functions = {"lt": ("src/sets.py", symbol("Set.issubset", 1, body(1, 2, 3, 4, 5, 6, 9), parent="Set")),
                 "le": ("src/sets.py", symbol("Set.contains_all", 10, body(1, 2, 3, 4, 5, 6, 8), parent="Set"))}
    found = run(both_ways(functions, "lt", "le", structure=0.85, clone_kind="near-miss"), functions).copies
    assert all(clone.report and clone.rule == "duplicate/near-miss-clone" for clones in found.values() for clone in clones)


def test_a_block_is_scored_by_its_own_lines_not_by_the_pair() -> None:
    from test_review_duplicates import body, both_ways, key, run, symbol

    # The similarity pair says 1.00 overall with structure 0.00: the block's share is what is shown.
    functions = {"a": ("src/a.py", symbol("load", 1, body(*range(1, 11), 50, 51, 52, 53, 54, 55, 56, 57, 58, 59))),
                 "b": ("src/b.py", symbol("save", 1, body(*range(1, 11), 70, 71, 72, 73, 74, 75, 76, 77, 78, 79)))}
    found = run(both_ways(functions, "a", "b", score=1.0, structure=0.0, vocabulary=0.56, clone_kind=None),
                functions).copies
    (clone,) = [c for clones in found.values() for c in clones]
    assert clone.kind == "block" and clone.rule == "duplicate/block-clone"
    assert clone.keep.score == clone.keep.structure == 0.5  # 10 of the 20 code lines


def test_revision_scripts_of_a_migration_tool_take_no_part_in_duplicates(tmp_path: Path) -> None:
    # Alembic's revisions may live in any folder alembic.ini names (`db/revisions/versions/`): a revision
    # is a snapshot applied once, its repeats are on purpose. The same files without the revision
    # identifiers are a finding.
    for name, header in (("revisions", 'revision = "{rev}"\ndown_revision = None\n'), ("scripts", "")):
        root = tmp_path / name
        write(root, {
            "requirements.txt": "alembic\n",
            f"db/{name}/versions/2021_a1.py": header.format(rev="a1") + BODY.format(name="upgrade_rows"),
            f"db/{name}/versions/2022_b2.py": header.format(rev="b2") + BODY.format(name="fix_rows"),
        })
        findings, _ = reviewed(root)
        assert bool(findings) == (name == "scripts"), findings

