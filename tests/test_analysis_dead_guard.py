"""The guard before any DEAD finding (issue 35): names written in the repository's other text, the
ecosystem's own markers, generated and built files recognised by their content, and branches under a
false constant. Each case is a small repository scanned and analysed for real; each guarded symbol
was a DEAD finding before the guard."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analysis_helpers import analyze, detail, verdict, write_repo
from faults_helpers import GOOD, invoke, last_run, make
from reviewer.analysis.project import analyze_project
from reviewer.config import Config
from reviewer.scan import scan_repository

APP = {"manage.py": "import sys\n\nprint(sys.argv)\n", "app/__init__.py": ""}  # a declared start: an application


def imported(*modules: str) -> dict[str, str]:
    """APP, with manage.py importing `modules` (a module nothing imports may be a library's API)."""
    return {**APP, "manage.py": "".join(f"import {m}\n" for m in modules) + "import sys\n\nprint(sys.argv)\n"}


def finding(evidence, path: str, name: str) -> bool:
    """Whether the symbol's DEAD verdict is a finding a user is shown (above the default floor)."""
    found = evidence.for_symbol(path, name)["utility"]
    return found.verdict == "DEAD" and found.report and found.confidence >= 70


def dead_lines(evidence, path: str) -> list[tuple[int, str]]:
    return sorted((f.line_start, f.message) for f in evidence.findings if f.path == path and f.verdict == "DEAD")


def test_a_name_written_in_the_repository_s_other_text_keeps_it_out_of_the_findings(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **imported("app.hooks", "app.views", "app.cli"),
        "app/hooks.py": "def on_deploy_hook():\n    return 1\n\n\ndef rebuild_search_index():\n    return 2\n\n\n"
                        "def export_nightly_report():\n    return 3\n\n\ndef send_digest_mail():\n    return 4\n\n\n"
                        "def notebook_helper():\n    return 5\n\n\ndef forgotten_helper():\n    return 6\n\n\n"
                        "def changelog_only():\n    return 7\n\n\ndef ignored_only():\n    return 8\n\n\n"
                        "def json_key_only():\n    return 9\n\n\ndef commented_out_only():\n    return 10\n",
        "app/fixtures/users.json": '[{"model": "auth.user", "fields": {"json_key_only": true}}]',
        "app/cli.py": "def main():\n    # result = commented_out_only()\n    return 1\n\n\nmain()\n",
        "app/views.py": "class LoginForm:\n    def validate_email(self):\n        return 1\n",
        "app/templates/login.html": "<form>{{ form.validate_email() }}</form>\n",
        "config/hooks.yaml": "deploy:\n  - on_deploy_hook\n",  # (a dotted path would name it: a root)
        "scripts/reindex.sh": "#!/bin/sh\npython -c 'from app.hooks import rebuild_search_index; rebuild_search_index()'\n",
        ".github/workflows/nightly.yml": "jobs:\n  run:\n    steps:\n      - run: python -m app.hooks export_nightly_report\n",
        "tests/test_mail.py": "def test_x(outbox):\n    assert outbox == ['sent by send_digest_mail']\n",
        "docs/tour.ipynb": json.dumps({"cells": [{"cell_type": "code", "source": ["notebook_helper()"]}]}),
        "CHANGELOG.md": "- removed the last caller of changelog_only\n",
        ".gitignore": "local/\n",
        "local/notes.md": "ignored_only\n",
        "node_modules/x/readme.md": "forgotten_helper\n",
    })
    for name, where in (("on_deploy_hook", "config/hooks.yaml line 2"), ("rebuild_search_index", "scripts/reindex.sh"),
                        ("export_nightly_report", ".github/workflows/nightly.yml line 4"),
                        ("send_digest_mail", "tests/test_mail.py line 2"), ("notebook_helper", "docs/tour.ipynb")):
        assert verdict(evidence, "app/hooks.py", name, "utility") == "DEAD", name
        assert not finding(evidence, "app/hooks.py", name), name
        assert where in detail(evidence, "app/hooks.py", name, "utility") and "dead/guard-mention" in \
            detail(evidence, "app/hooks.py", name, "utility"), name
    # used from a template through the object a view hands it: the class and its method
    assert not finding(evidence, "app/views.py", "LoginForm")
    assert "validate_email" in detail(evidence, "app/views.py", "LoginForm", "utility")
    # a changelog records removals, a gitignored file and node_modules are not the project, a data
    # file's key is a field's label, and commented-out code runs nothing
    for name in ("forgotten_helper", "changelog_only", "ignored_only", "json_key_only", "commented_out_only"):
        assert finding(evidence, "app/hooks.py", name), name


def test_a_template_named_like_a_changelog_is_read_for_names(tmp_path: Path) -> None:
    # bugsink's issues/templates/issues/history.html calls a static script's function from an inline
    # handler; read as a changelog (`history.*`), the function was a finding that said "written nowhere
    # else" and would have broken the page. A changelog is prose: HISTORY.md, CHANGES.rst, NEWS.
    evidence = analyze(tmp_path, {
        "manage.py": "import django\n",
        "static/js/issue_history.js": "function toggleComment(element) {\n  element.hidden = !element.hidden\n}\n\n"
                                      "function forgottenHelper() {\n  return 1\n}\n",
        "issues/templates/issues/history.html": '<script src="/static/js/issue_history.js"></script>\n'
                                                 '<span onclick="toggleComment(this)">edit</span>\n',
        "HISTORY.md": "- removed the last caller of forgottenHelper\n",
    })
    toggle = evidence.assessments[("static/js/issue_history.js", "toggleComment")]["utility"]
    assert not toggle.report and "history.html" in toggle.detail, toggle.detail
    forgotten = evidence.assessments[("static/js/issue_history.js", "forgottenHelper")]["utility"]
    assert (forgotten.verdict, forgotten.report) == ("DEAD", True), forgotten.detail


def test_a_plain_word_counts_only_where_it_is_used_as_a_name(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **imported("app.jobs"),
        "app/jobs.py": "def refresh():\n    return 1\n\n\ndef publish():\n    return 2\n\n\ndef archive():\n    return 3\n",
        "README.md": "Refresh the page, then publish your changes and archive the old ones.\n\n"
                     "```python\nfrom app import jobs\njobs.publish()\n```\n",
    })
    assert finding(evidence, "app/jobs.py", "refresh")  # prose: "Refresh the page"
    assert finding(evidence, "app/jobs.py", "archive")  # prose: "archive the old ones"
    assert not finding(evidence, "app/jobs.py", "publish")  # `jobs.publish()`
    assert "README.md line 5 where it is used as a name" in detail(evidence, "app/jobs.py", "publish", "utility")


def test_a_doctest_string_of_another_file_and_a_file_that_defines_the_name_itself(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **imported("app.gz", "app.a", "app.b", "app.c"),
        "app/gz.py": "_EMPTY_GZIP = b'x'\n\n\ndef gunzip(data):\n    \"\"\"\n    >>> gunzip(_EMPTY_GZIP)\n    \"\"\"\n"
                     "    return data\n\n\ngunzip(1)\n",
        "app/a.py": "def conversion_label():\n    return 'x'\n",
        # its own local of the same name, in an f-string, and a comment naming its own helper
        "app/b.py": "def show(conversion_label):\n    return f'{conversion_label} %'\n\n\n"
                    "def _helper_of_b():\n    return 1  # _helper_of_c is the other one\n\n\nshow(_helper_of_b())\n",
        "app/c.py": "def _helper_of_c():\n    return 2\n",
    })
    assert not finding(evidence, "app/gz.py", "_EMPTY_GZIP")
    assert "a doctest in app/gz.py line 6 runs '_EMPTY_GZIP'" in detail(evidence, "app/gz.py", "_EMPTY_GZIP", "utility")
    assert finding(evidence, "app/a.py", "conversion_label")  # an f-string's names are code, read by the graph
    assert not finding(evidence, "app/c.py", "_helper_of_c")  # a comment of another file names it


def test_the_ecosystem_s_own_markers_keep_a_definition_out_of_the_findings(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **imported("app.tasks", "app.compat"),
        "app/tasks.py": (
            "import sys\nimport warnings\n\n\n"
            "# Kept so that jobs already queued still resolve: do not remove.\n"
            "def old_task_stub():\n    return 2\n\n\n"
            "def deprecated_helper():\n    \"\"\"Deprecated: kept for backwards compatibility.\"\"\"\n    return 3\n\n\n"
            "@warnings.deprecated('use new_api')\ndef old_api():\n    return 11\n\n\n"
            "def silenced():  # noqa\n    return 4\n\n\n"
            "def silenced_f811():  # noqa: F811\n    return 5\n\n\n"
            "def long_line():  # noqa: E501\n    return 6\n\n\n"
            "def typed():  # type: ignore\n    return 7\n\n\n"
            "UNUSED_LIMIT = 3  # pylint: disable=unused-variable\n\n"
            "if sys.version_info >= (3, 11):\n    def twin():\n        return 8\nelse:\n    def twin():\n        return 9\n\n"
            "try:\n    from json import loads as fast_loads\nexcept ImportError:\n    def fast_loads(s):\n        return s\n\n\n"
            "def plain_dead():\n    return 10\n"),
        "app/compat.py": "from app.models import Thing  # NOQA, pylint: disable=unused-import\n"
                         "from app.models import Other  # type: ignore\n",
        "app/models.py": "class Thing:\n    pass\n\n\nclass Other:\n    pass\n",
    })
    for name, said in (("old_task_stub", "a comment at it says 'Kept'"), ("deprecated_helper", "its docstring says"),
                       ("old_api", "its decorator says '@warnings.deprecated'"),
                       ("silenced", "its line says '# noqa'"), ("silenced_f811", "F811"),
                       ("UNUSED_LIMIT", "unused-"), ("twin", "conditional alternative definition"),
                       ("fast_loads", "conditional alternative definition")):
        assert verdict(evidence, "app/tasks.py", name, "utility") == "DEAD", name
        assert not finding(evidence, "app/tasks.py", name), name
        assert said in detail(evidence, "app/tasks.py", name, "utility") and "(dead/guard-" in \
            detail(evidence, "app/tasks.py", name, "utility"), name
    for name in ("long_line", "typed", "plain_dead"):  # E501 and type: ignore say nothing of use
        assert finding(evidence, "app/tasks.py", name), name
    unused = [f.message for f in evidence.findings if f.path == "app/compat.py"]
    assert len(unused) == 1 and "unused import Other" in unused[0]


def test_the_js_linters_unused_variable_pragmas_keep_a_definition(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "web", "private": true, "scripts": {"start": "node src/main.js"}}',
        "src/main.js": "import './shapes.js'\nconsole.log(1)\n",
        "src/shapes.js": "// eslint-disable-next-line no-unused-vars\nfunction byEslint() {}\n"
                         "// oxlint-disable-next-line eslint/no-unused-vars\nfunction byOxlint() {}\n"
                         "// biome-ignore lint/correctness/noUnusedVariables: kept for the next release\n"
                         "function byBiome() {}\n"
                         "// eslint-disable-next-line no-console\nfunction unrelatedRule() {}\n",
    })
    for name in ("byEslint", "byOxlint", "byBiome"):
        assert "(dead/guard-pragma)" in detail(evidence, "src/shapes.js", name, "utility"), name
    assert "dead/guard-pragma" not in detail(evidence, "src/shapes.js", "unrelatedRule", "utility")


def test_built_bundles_are_recognised_by_their_content_and_name_and_counted(tmp_path: Path) -> None:
    bundle = 'import{C as o}from"./index.js";window.App=o;\n'
    write_repo(tmp_path, {
        "package.json": '{"name": "site", "private": true}',
        "static/assets/index-3f2a9c1b.js": bundle,
        "static/assets/index-BwG3kX9a.js": bundle,
        "static/app.js": "import { helper } from './lib.js'\nexport const run = 1\n//# sourceMappingURL=app.js.map\n",
        "src/lib.js": "import { unused } from './other.js'\nexport function helper() { return 1 }\n",
        "src/other.js": "export const unused = 1\n",
        "package-lock.json": '{"name": "site", "packages": {"helper": {}}}',
    })
    result = scan_repository(tmp_path, Config(), workers=1)
    reasons = {s.path: s.reason for s in result.skipped}
    assert reasons["static/assets/index-3f2a9c1b.js"].startswith("built")
    assert reasons["static/assets/index-BwG3kX9a.js"].startswith("built")
    assert reasons["static/app.js"].startswith("built (a source map")
    assert [f.path for f in result.files] == ["src/lib.js", "src/other.js"]
    assert "package-lock.json" not in {place[0] for places in result.mentions.values() for place in places}
    from reviewer.scan.summary import render_scan_summary

    summary = render_scan_summary(result)
    assert "built (3)" in summary and "text files read for the names they mention" in summary


def test_a_test_expected_output_that_does_not_parse_is_a_note_not_an_error(tmp_path: Path) -> None:
    # a type checker's tests: tests/<case>/outputs/*.py is what the checker prints, not Python
    root = make(tmp_path / "repo", {"ok.py": GOOD, "tests/cases/outputs/generics.py": "def f(x: int) -> :\n  error here\n",
                                    "tests/helpers/snippet.py": "def g(:\n"})
    result = invoke("run", root, "--plain")
    assert result.exit_code in (0, 1), result.stdout + result.stderr
    run = last_run(root)
    assert not run["errors"]
    assert any("outputs/generics.py" in note for note in run["notes"])
    make(root, {"tests/test_broken.py": "def test_x(:\n    pass\n"})  # a test module: its runner is the judge
    assert invoke("run", root, "--plain").exit_code in (0, 1)
    assert any("tests/test_broken.py" in note and "a test file" in note for note in last_run(root)["notes"])
    make(root, {"app/broken.py": "def f(:\n    pass\n", "main.py": "import app.broken\n"})  # code the program runs
    assert invoke("run", root, "--plain").exit_code == 2


def test_branches_under_a_false_constant_are_unreachable_code(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **imported("app.flags", "app.cli", "app.settings"),
        "app/flags.py": (
            "from typing import TYPE_CHECKING\n\nDEBUG = False\nVERBOSE = False\n\n"
            "if False:\n    from os import path\n"  # the pre-TYPE_CHECKING way to import for a type checker
            "if TYPE_CHECKING:\n    import json\n"
            "if 0:\n    print('never')\n"
            "if DEBUG:\n    print('debug')\n\n\n"
            "def loop():\n    while 0:\n        print('never')\n    if VERBOSE:\n        print('verbose')\n    return 1\n\n\n"
            "loop()\n\n\nasync def empty_stream():\n    if False:\n        yield\n\n\nasync def consume():\n"
            "    async for item in empty_stream():\n        print(item)\n    async for item in never_yields():\n"
            "        print(item)\n\n\n"
            # strawberry's tests (round 41): what follows the yield says the block never runs
            "async def never_yields():\n    if False:  # pragma: no cover\n        yield 'should not be returned'\n"
            "        raise AssertionError('should never be called')\n"),
        "app/cli.py": "from app import flags\n\n\ndef main():\n    flags.VERBOSE = True\n\n\nmain()\n",
        "app/settings.py": "DEBUG = False\nif DEBUG:\n    INSTALLED = 1\ntry:\n    from app.local import *\nexcept ImportError:\n"
                           "    pass\n",
        # a project template: each `{% if %}` branch returns, one is rendered
        "{{cookiecutter.slug}}/models.py": "class User:\n    def url(self):\n{%- if cookiecutter.email %}\n"
                                           "        return 'a'\n{%- else %}\n        return 'b'\n{%- endif %}\n",
        # a project template's setting, for its user to set in the generated file
        "app/templates/multidb/env.py": "USE_TWOPHASE = False\n\n\ndef run():\n    if USE_TWOPHASE:\n"
                                        "        prepare()\n    if 0:\n        print('never')\n",
    })
    lines = dead_lines(evidence, "app/flags.py")
    assert lines == [(11, "unreachable code (if 0) in module code"),
                     (13, "unreachable code (if DEBUG with DEBUG = False) in module code"),
                     (18, "unreachable code (while 0) in loop")], lines  # `if False: yield` makes a generator
    assert dead_lines(evidence, "app/settings.py") == []  # a star import may rebind DEBUG
    assert dead_lines(evidence, "{{cookiecutter.slug}}/models.py") == []
    assert dead_lines(evidence, "app/templates/multidb/env.py") == [(8, "unreachable code (if 0) in run")]


def test_the_word_index_is_cached_by_content(tmp_path: Path) -> None:
    from reviewer.scan.words import AS_NAME, PROSE

    root = write_repo(tmp_path / "repo", {"app/__init__.py": "", "app/a.py": "def some_helper():\n    return 1\n",
                                          "docs/index.md": "Call `some_helper()`.\n"})
    cache = tmp_path / "out" / "cache" / "facts"
    first = scan_repository(root, Config(), workers=1, facts_cache=cache)
    assert first.mentions["some_helper"] == [("docs/index.md", 1, AS_NAME)]
    stored = json.loads((cache.parent / "words.json").read_text())
    assert set(stored["files"]) == {"app/__init__.py", "app/a.py", "docs/index.md"}
    (root / "docs/index.md").write_text("Nothing here.\n\nsome_helper is gone\n")
    second = scan_repository(root, Config(), workers=1, facts_cache=cache)
    assert second.mentions["some_helper"] == [("docs/index.md", 3, PROSE)]


def test_words_by_kind() -> None:
    from reviewer.scan.words import AS_NAME, DOCTEST, PROSE, code_words, text_words

    words = text_words("Use `tidy_up` or obj.refresh() but not run.\n{{ user.avatar }} {% render_card %} |shout\n")
    assert words["tidy_up"] == [1, 1, 0] and words["refresh"][AS_NAME] == 1 and words["run"][AS_NAME] == 0
    assert words["avatar"][AS_NAME] == 2 and words["render_card"][AS_NAME] == 2 and words["shout"][AS_NAME] == 2
    code = code_words("x = f'{local_name}'  # see other_name\ny = \"bare\", \"in `quoted`\"\n'''\n>>> run_it(1)\n'''\n",
                      "python")
    assert "local_name" not in code and code["other_name"][PROSE] == 1 and code["quoted"][AS_NAME] == 2
    assert "bare" not in code  # a string that is one bare name: the scan judges it (lookup or value)
    assert code["run_it"][DOCTEST] == 4
    js = code_words("const s = `<b>${hidden_name}</b> shown_name`\n// note: word\n", "ecmascript")
    assert "hidden_name" not in js and "shown_name" in js and "word" in js and "const" not in js


def test_a_guarded_symbol_leaves_the_dead_cascade_it_was_in(tmp_path: Path) -> None:
    # helper is dead; _render_row, which only helper calls, is named by a config file: the finding on
    # helper must not say to delete _render_row with it.
    evidence = analyze(tmp_path, {
        **imported("app.rows"),
        "app/rows.py": "def helper():\n    return _render_row() + _only_helper()\n\n\n"
                       "def _render_row():\n    return 1\n\n\ndef _only_helper():\n    return 2\n",
        "config/report.toml": "[row]\nrenderer = \"app.rows._render_row\"\n",
    })
    assert finding(evidence, "app/rows.py", "helper")
    assert "_only_helper" in detail(evidence, "app/rows.py", "helper", "utility")
    assert "_render_row" not in detail(evidence, "app/rows.py", "helper", "utility")
    assert not finding(evidence, "app/rows.py", "_render_row")
    assert "config/report.toml line 2" in detail(evidence, "app/rows.py", "_render_row", "utility")


def test_a_comment_opening_the_body_that_says_kept_keeps_it_out_of_the_findings(tmp_path: Path) -> None:
    # `def get_most_basic_if_exists(classes):` then `# UNUSED; kept for reference.`: it says so as a docstring
    # would; a comment deeper in the body does not speak of the definition
    evidence = analyze(tmp_path, {
        **imported("app.lexers"),
        "app/lexers.py": "def _most_basic(classes):\n    # UNUSED; kept for reference.\n    #\n    # The reasoning was...\n"
                         "    return classes[0]\n\n\ndef _forgotten(classes):\n    total = 0\n"
                         "    # kept for the loop below\n    return total\n",
    })
    assert not finding(evidence, "app/lexers.py", "_most_basic")
    assert "kept" in detail(evidence, "app/lexers.py", "_most_basic", "utility")
    assert finding(evidence, "app/lexers.py", "_forgotten")


def test_an_unused_import_of_a_declared_plugin_package_is_a_candidate(tmp_path: Path) -> None:
    # lemur's migrations/env.py `import alembic_autogenerate_enums` (declared in requirements.in, imported
    # nowhere else) registers a comparator as it loads: deleting the import switches the plugin off. An
    # unused `import requests` that other files import is an ordinary leftover, and so is an undeclared one.
    evidence = analyze(tmp_path, {
        **imported("app.env", "app.client"),
        "requirements.in": "alembic\nalembic-autogenerate-enums\nrequests\n",
        "app/env.py": "import alembic_autogenerate_enums\nimport requests\nimport colorama\n\n\ndef run():\n    return 1\n",
        "app/client.py": "import requests\n\n\ndef get(url):\n    return requests.get(url)\n",
    })
    unused = {f.message.split(":")[0]: f for f in evidence.findings if f.path == "app/env.py" and f.axis == "utility"}
    plugin = unused["unused import alembic_autogenerate_enums (from alembic_autogenerate_enums)"]
    assert plugin.rule == "dead/guard-plugin-import" and plugin.confidence <= 30 and "requirements.in" in plugin.message
    assert unused["unused import requests (from requests)"].rule == "dead/unused-import"
    assert unused["unused import colorama (from colorama)"].rule == "dead/unused-import"


def test_a_name_a_relative_import_that_resolves_nowhere_names_is_a_candidate(tmp_path: Path) -> None:
    # fiduswriter's build merges every app's static/js/modules into one tree: `import {FileDialog} from
    # "../../common"` in documents/ resolves only there. Deleting FileDialog in base/ would break the page.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true, "scripts": {"start": "node base/modules/app/index.js"}}',
        "base/modules/app/index.js": "import {DocumentOverview} from '../documents'\nnew DocumentOverview()\n",
        "base/modules/common/index.js": "export {FileDialog} from './dialog'\n",
        "base/modules/common/dialog.js": "export class FileDialog {}\nexport class StaleDialog {}\n",
        "documents/modules/documents/index.js": "import {FileDialog} from '../../common'\nimport styles from './a.css'\n"
                                                "export class DocumentOverview {\n  open() { return new FileDialog(styles) }\n}\n",
    })
    dialog = evidence.assessments[("base/modules/common/dialog.js", "FileDialog")]["utility"]
    assert dialog.rule == "dead/guard-unresolved-import" and not dialog.report, dialog.detail
    assert "documents/modules/documents/index.js line 1" in dialog.detail
    stale = evidence.assessments[("base/modules/common/dialog.js", "StaleDialog")]["utility"]
    assert stale.verdict == "DEAD" and stale.rule != "dead/guard-unresolved-import"


def test_a_live_namesake_explains_a_mention(tmp_path: Path) -> None:
    # the docs show the `Tier` model, which is used; the `Tier` schema of the same name is not
    evidence = analyze(tmp_path, {
        **imported("app.models", "app.schemas"),
        "app/models.py": "class Tier:\n    id = 1\n\n\nprint(Tier.id)\n",
        "app/schemas.py": "class Tier:\n    name = 'x'\n",
        "README.md": "```python\nquery(Tier.id)\n```\n",
    })
    assert finding(evidence, "app/schemas.py", "Tier")


def _every_verdict(root: Path):
    """The analysis of `root` with no floor: a guarded candidate is kept, with its evidence and rule."""
    config = Config()
    config.analysis.min_confidence = 0
    return analyze_project(scan_repository(root, config, workers=1), root, config)


_MODELS = "class Thing:\n    pass\n\n\nclass Other:\n    pass\n\n\nclass Third:\n    pass\n\n\nclass Fourth:\n    pass\n"


@pytest.mark.parametrize("module, imports, kept_lines, evidence", [
    # a comment above an import speaks for a group, or is a file's header: only the import's own line counts
    ("checks", "from app.models import Thing, Other  # backwards compat: the old names still import\n"
               "from app.models import Third\n# used by plugins\nfrom app.models import Fourth\n",
     [1, 1], "kept on purpose: a comment at it says 'backwards compat'"),
    # evennia (round 47): server/signals.py re-exports Django's signals, a note on each import's line; a note to
    # remove one is no reason to keep it
    ("hub", "from app.models import Thing  # Sent when HTTP request begins.\n"
            "from app.models import (  # Sent at start of __init__\n    Other,\n)\n"
            "from app.models import Third  # TODO remove\nfrom app.models import Fourth\n",
     [1, 3], "kept on purpose: a comment at it describes it: 'Sent when HTTP request begins.'"),
])
def test_an_import_its_own_line_keeps_is_a_candidate_not_a_finding(tmp_path: Path, module: str, imports: str,
                                                                   kept_lines: list[int], evidence: str) -> None:
    path = f"app/{module}.py"
    files = {**imported(f"app.{module}"), path: imports, "app/models.py": _MODELS}
    shown = [message for _, message in dead_lines(analyze(tmp_path, files), path)]
    assert len(shown) == 2 and "unused import Third" in shown[0] and "unused import Fourth" in shown[1], shown
    kept = sorted(((f.line_start, f) for f in _every_verdict(tmp_path).findings
                   if f.path == path and f.line_start in kept_lines and f.verdict == "DEAD"), key=lambda item: item[0])
    assert [line for line, _ in kept] == kept_lines
    assert all(f.rule == "dead/guard-kept-comment" and f.confidence <= 30 for _, f in kept)
    assert evidence in kept[0][1].message


def test_a_definition_nobody_calls_in_example_code_is_what_the_example_shows(tmp_path: Path) -> None:
    # react-hook-form's examples/V7/*.tsx and ts-pattern's examples/one-file-demo: each file shows the
    # API in a component or function that nothing calls; its unused imports are still findings.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "lib", "exports": {".": "./src/index.ts"}}',
        "src/index.ts": "export const useForm = () => ({})\nconst forgotten = () => 1\n",
        "examples/basic.tsx": "import { useState } from 'react'\nimport { useForm } from '../src'\n\n"
                              "function App() {\n  return useForm()\n}\n",
    })
    app = evidence.assessments[("examples/basic.tsx", "App")]["utility"]
    assert (app.verdict, app.report, app.rule) == ("DEAD", False, "dead/guard-example"), app.detail
    forgotten = evidence.assessments[("src/index.ts", "forgotten")]["utility"]
    assert (forgotten.verdict, forgotten.report) == ("DEAD", True)
    assert any("useState" in f.message for f in evidence.findings if f.path == "examples/basic.tsx")


def test_a_private_helper_nobody_calls_in_example_code_is_judged_as_product_code(tmp_path: Path) -> None:
    # `_format` is no part of what the example shows: an underscore says so. The guard leaves it to the
    # rules of the product's code (here nothing mentions it anywhere: dead/private-unnamed, a finding).
    evidence = analyze(tmp_path, {
        "lib/__init__.py": "def greet():\n    return 'hi'\n",
        "examples/hello.py": "from lib import greet\n\n\ndef _format(text):\n    return text.upper()\n\n\n"
                             "def main():\n    print(greet())\n\n\nif __name__ == '__main__':\n    main()\n",
    })
    helper = evidence.assessments[("examples/hello.py", "_format")]["utility"]
    assert (helper.verdict, helper.report, helper.rule) == ("DEAD", True, "dead/private-unnamed"), helper.detail


def test_a_loader_that_sets_module_options_by_computed_name_keeps_their_branches(tmp_path: Path) -> None:
    # A plugin module's defaults are its options: the loader sets each configured one on the module by
    # name (`setattr(engine, key, value)`), so `if show_metadata:` under `show_metadata = False` runs.
    files = {
        **imported("app.engines.search", "app.loader"),
        "app/engines/__init__.py": "",
        "app/engines/search.py": "show_metadata = False\n\n\ndef response(rows):\n    if show_metadata:\n"
                                 "        rows.append('meta')\n    return rows\n",
        "app/loader.py": "import importlib\n\n\ndef load(name, options):\n"
                         "    engine = importlib.import_module('app.engines.' + name)\n"
                         "    for key, value in options.items():\n        setattr(engine, key, value)\n    return engine\n",
    }
    evidence = analyze(tmp_path / "loader", files)
    assert dead_lines(evidence, "app/engines/search.py") == []
    # A setattr on self with a computed name sets the object's own fields: the module constant stays one.
    files["app/loader.py"] = ("class Options:\n    def __init__(self, **given):\n        for key, value in given.items():\n"
                              "            setattr(self, key, value)\n\n\nOptions(a=1)\n")
    evidence = analyze(tmp_path / "fields", files)
    assert dead_lines(evidence, "app/engines/search.py") == [
        (6, "unreachable code (if show_metadata with show_metadata = False) in response")]


def test_a_dotted_path_in_a_configuration_file_names_that_module_s_symbol(tmp_path: Path) -> None:
    # Plugins listed by their import path as keys of a YAML settings file; each module defines a class
    # of the same name, so only the path tells which one is loaded.
    evidence = analyze(tmp_path, {
        **imported("app.plugins.rewrite", "app.plugins.unused"),
        "app/plugins/__init__.py": "",
        "app/plugins/rewrite.py": "class Plugin:\n    def on_result(self, result):\n        return result\n\n\n"
                                  "def resolver():\n    return 1\n",
        "app/plugins/unused.py": "class Plugin:\n    def on_result(self, result):\n        return result\n",
        "app/settings.yml": "plugins:\n  app.plugins.rewrite.Plugin:\n    active: true\nlogging:\n"
                            "  handler: app.plugins.rewrite:resolver\n",
    })
    for name in ("Plugin", "Plugin.on_result", "resolver"):
        assert verdict(evidence, "app/plugins/rewrite.py", name, "utility") == "USED", name
    assert "dotted path 'app.plugins.rewrite.Plugin' in app/settings.yml line 2" in detail(
        evidence, "app/plugins/rewrite.py", "Plugin", "utility")
    assert verdict(evidence, "app/plugins/unused.py", "Plugin", "utility") == "DEAD"


def test_dotted_paths_of_a_data_file_are_kept_whole() -> None:
    from reviewer.scan.words import text_words

    words = text_words("a.b.Cls:\n  active: 1\nh: pkg.mod:run\nurl: https://host.org/a.b.c\nf: setup.cfg\nv: 1.2.3\n", data=True)
    dotted = {word: lines[0] for word, lines in words.items() if "." in word}
    assert dotted == {"a.b.Cls": 1, "pkg.mod.run": 3, "setup.cfg": 5}
    assert "active" not in words  # a plain key is a field's label


def test_a_name_dead_in_several_files_at_once_is_a_convention_candidate(tmp_path: Path) -> None:
    # Every test module of an infrastructure suite sets `target_hosts` for a plugin the analysis does not
    # know; one module's own leftover helper is dead on its own.
    files = {f"infra/test_{name}.py": f"target_hosts = ['{name}']\n\n\ndef test_{name}(host):\n    assert host\n"
             for name in ("app", "db", "mon")}
    files["app/__init__.py"] = ""
    files["app/main.py"] = "def main():\n    return 1\n\n\ndef _leftover():\n    return 2\n\n\nmain()\n"
    evidence = analyze(tmp_path / "convention", files)
    for name in ("app", "db", "mon"):
        found = evidence.for_symbol(f"infra/test_{name}.py", "target_hosts")["utility"]
        assert found.verdict == "DEAD" and not found.report and found.rule == "dead/guard-namesakes", name
        assert "2 other files define the same name" in found.detail
    leftover = evidence.for_symbol("app/main.py", "_leftover")["utility"]
    assert leftover.verdict == "DEAD" and leftover.report and leftover.rule != "dead/guard-namesakes", leftover.detail
    # A constant copied into several test modules, read in one and left unused in the others: copies to
    # delete, findings still.
    copied = {f"tests/test_{name}.py": f"DATA_DIR = 'var'\n\n\ndef test_{name}():\n    assert True\n"
              for name in ("a", "b")}
    copied["tests/test_c.py"] = "DATA_DIR = 'var'\n\n\ndef test_c():\n    assert DATA_DIR\n"
    evidence = analyze(tmp_path / "copied", copied)
    for name in ("a", "b"):
        found = evidence.for_symbol(f"tests/test_{name}.py", "DATA_DIR")["utility"]
        assert found.verdict == "DEAD" and found.report and found.rule != "dead/guard-namesakes", found.detail


def test_a_review_written_to_a_file_in_the_repository_is_no_mention(tmp_path: Path) -> None:
    # `reviewer run -o findings.txt` (or a CI log of it) lists every dead name: read as text, the next run
    # would keep all of them out of the findings.
    evidence = analyze(tmp_path, {
        **imported("app.core"),
        "app/core.py": "def _unused_helper(x):\n    return x\n",
        "findings.txt": "app/core.py:1: [utility/DEAD] _unused_helper is DEAD: private and never referenced\n",
        "annotations.log": "::warning file=app/core.py,line=1::_unused_helper is DEAD\n",
    })
    found = evidence.for_symbol("app/core.py", "_unused_helper")["utility"]
    assert found.verdict == "DEAD" and found.report, found.detail


def test_a_keep_comment_covers_each_definition_it_names_below_it(tmp_path: Path) -> None:
    # "ExtractedReference and ExtractedReferences are kept for backward compatibility": the second
    # interface stands lines below the first, the comment names both.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true, "scripts": {"start": "vite"}}',
        "src/main.ts": "import { parse } from './refs'\nconsole.log(parse('x'))\n",
        "src/refs.ts": "// ExtractedReference and ExtractedReferences are kept for backward compatibility\n"
                       "// but not currently used in the codebase\n"
                       "export interface ExtractedReference {\n  id: string\n  text: string\n}\n\n"
                       "export interface ExtractedReferences {\n  references: ExtractedReference[]\n}\n\n"
                       "export interface Unmentioned {\n  id: string\n}\n\n"
                       "export function parse(text: string) { return text }\n",
    })
    assert not finding(evidence, "src/refs.ts", "ExtractedReferences")
    assert "a comment at line 2 names it and says 'kept'" in detail(evidence, "src/refs.ts", "ExtractedReferences",
                                                                    "utility")
    assert finding(evidence, "src/refs.ts", "Unmentioned")


def test_a_private_name_written_nowhere_else_in_a_live_file_is_dead_private_unnamed(tmp_path: Path) -> None:
    # dead/private-unnamed: dead/private-unreferenced with nothing left that could reach the name.
    def rule(evidence, path: str, name: str) -> str:
        return evidence.for_symbol(path, name)["utility"].rule
    evidence = analyze(tmp_path, {
        **imported("app.core", "app.other"),
        "app/core.py": "import re\n\n_LIMIT = 10\n_PATTERN = re.compile('x')\n_REGISTERED = register('x')\n\n\ndef run(x):\n    return x + 1\n\n\n"
                       "def _leftover_copy(x):\n    return x + 1\n\n\ndef _in_the_docs(x):\n    return [x]\n\n\n"
                       "def _twice_defined(x):\n    return [x]\n\n\ndef _read_as_member(x):\n    return [x]\n",
        "app/other.py": "def _twice_defined(x):\n    return [x]\n\n\ndef use(obj):\n    return _twice_defined(obj._read_as_member)\n\n\nuse(1)\n",
        "docs/api.md": "Call `_in_the_docs` to ...\n",
        "app/sample.py": "def _sample_only(x):\n    return [x]\n",  # nothing imports or runs it
        "web/app.js": "import './widget.js'\n",
        "web/widget.js": "function stale(x) {\n  return x\n}\nlet _sink\nfor (const k in document) _sink = k\n"
                         "document.title = 'x'\n",
    })
    assert rule(evidence, "app/core.py", "_leftover_copy") == "dead/private-unnamed"
    assert "written nowhere else" in detail(evidence, "app/core.py", "_leftover_copy", "utility")
    for name in ("_LIMIT", "_PATTERN"):  # a literal, a value only built (no call with an effect)
        assert rule(evidence, "app/core.py", name) == "dead/private-unnamed", name
    assert rule(evidence, "web/widget.js", "stale") == "dead/private-unnamed"
    # written elsewhere, defined twice, read as a member, a value that is a call, a file nothing runs:
    # the evidence of dead/private-unreferenced only (or the guard's)
    assert rule(evidence, "app/core.py", "_in_the_docs") == "dead/guard-mention"
    for path, name in (("app/core.py", "_twice_defined"), ("app/core.py", "_REGISTERED"), ("app/sample.py", "_sample_only"),
                       ("web/widget.js", "_sink")):  # ... and a sink written again in its file
        assert rule(evidence, path, name) == "dead/private-unreferenced", name
    assert evidence.for_symbol("app/core.py", "_read_as_member")["utility"].verdict == "USED"


def test_functions_that_assert_types_are_type_tests_not_dead_code(tmp_path: Path) -> None:
    # mypy checks `assert_type` calls (piccolo's tests/type_checking.py): nothing calls the functions
    evidence = analyze(tmp_path, {
        "manage.py": "import sys\n\nprint(sys.argv)\n",
        "app/__init__.py": "",
        "app/models.py": "class Band:\n    @classmethod\n    def objects(cls) -> list['Band']:\n        return []\n",
        "tests/__init__.py": "",
        "tests/query_types.py": "from typing import TYPE_CHECKING\n\nfrom typing_extensions import assert_type\n\n"
                                  "from app.models import Band\n\nif TYPE_CHECKING:\n\n"
                                  "    def objects() -> None:\n        assert_type(Band.objects(), list[Band])\n\n"
                                  "    def leftover() -> None:\n        print(Band)\n",
    })
    assert verdict(evidence, "tests/query_types.py", "objects", "utility") == "USED"
    assert "type test" in detail(evidence, "tests/query_types.py", "objects", "utility")
    assert verdict(evidence, "tests/query_types.py", "leftover", "utility") == "DEAD"


def test_a_library_module_importing_a_list_of_its_own_public_names_is_offering_them(tmp_path: Path) -> None:
    # peewee's playhouse/cysqlite_ext.py imports twelve fields of playhouse.sqlite_ext for its users
    library = {
        "pyproject.toml": "[project]\nname = 'peewee'\n",
        "playhouse/__init__.py": "",
        "playhouse/sqlite_ext.py": "class JSONField:\n    pass\n\n\nclass SearchField:\n    pass\n\n\n"
                                   "class FTSModel:\n    pass\n\n\ndef helper():\n    return 1\n",
        "playhouse/cysqlite_ext.py": "import sys\nfrom playhouse.sqlite_ext import (\n    JSONField,\n    SearchField,\n"
                                     "    FTSModel)\nfrom playhouse.sqlite_ext import helper\n\n\n"
                                     "class CySqliteDatabase:\n    pass\n",
        "playhouse/_internal.py": "from playhouse.sqlite_ext import JSONField, SearchField, FTSModel\n",
    }
    evidence = analyze(tmp_path, library)
    unused = {(f.path, f.message.split(" (from")[0]): (f.rule, f.confidence) for f in evidence.findings
              if f.message.startswith("unused import")}
    for name in ("JSONField", "SearchField", "FTSModel"):
        assert unused[("playhouse/cysqlite_ext.py", f"unused import {name}")] == ("dead/guard-library-reexport", 30)
        # a private module offers nothing to users
        assert unused[("playhouse/_internal.py", f"unused import {name}")][0] == "dead/unused-import"
    # one name, or a module of the standard library: leftovers as anywhere
    assert unused[("playhouse/cysqlite_ext.py", "unused import helper")][0] == "dead/unused-import"
    assert unused[("playhouse/cysqlite_ext.py", "unused import sys")][0] == "dead/unused-import"


def test_an_unused_fixture_named_after_a_declared_pytest_plugin_is_a_candidate(tmp_path: Path) -> None:
    # python-gitlab overrides pytest-docker's fixtures; pytest-redis's `redis_proc` the same way
    evidence = analyze(tmp_path, {
        **APP,
        "requirements-test.txt": "pytest\npytest-redis==3.1\npytest-mock==3.11\n",
        "tests/__init__.py": "",
        "tests/conftest.py": "import pytest\n\n\n@pytest.fixture(scope='session')\ndef redis_proc_port():\n"
                             "    return 6380\n\n\n@pytest.fixture\ndef stale_client():\n    return object()\n"
                             "\n\n@pytest.fixture\ndef mock_view_func():\n    return None\n",
        "tests/test_app.py": "def test_one():\n    assert True\n",
    })
    port = evidence.for_symbol("tests/conftest.py", "redis_proc_port")["utility"]
    assert (port.verdict, port.rule, port.confidence) == ("DEAD", "dead/guard-plugin-fixture", 30)
    assert "pytest-redis" in port.detail
    stale = evidence.for_symbol("tests/conftest.py", "stale_client")["utility"]
    assert (stale.verdict, stale.rule) == ("DEAD", "dead/unused-fixture") and stale.confidence >= 80
    # pytest-mock's fixtures are known (its framework module): a `mock_*` fixture is the project's own
    view = evidence.for_symbol("tests/conftest.py", "mock_view_func")["utility"]
    assert (view.verdict, view.rule) == ("DEAD", "dead/unused-fixture")


def test_a_module_that_warns_at_import_that_it_is_deprecated_keeps_its_names(tmp_path: Path) -> None:
    # toolz/compatibility.py (round 39): `warnings.warn("... deprecated", category=DeprecationWarning)` at its
    # top, then the names old code imports from it: `from collections.abc import Sequence` among them.
    shim = ("import warnings\nwarnings.warn(\"The app.compat module is no longer needed and has been deprecated.\",\n"
            "              category=DeprecationWarning, stacklevel=2)\n\n"
            "import operator\nfrom collections.abc import Sequence\n\n"
            "_iteritems = operator.methodcaller('items')\n\n\ndef _old_helper(x):\n    return x\n")
    # a warning inside a function warns of that function: the module's other names are judged as usual
    live = ("import warnings\nfrom collections.abc import Mapping\n\n\n"
            "def old_call():\n    warnings.warn(\"old_call is deprecated\", DeprecationWarning)\n    return 1\n\n\n"
            "def _unused_private():\n    return 2\n")
    write_repo(tmp_path, {**imported("app.compat", "app.live"), "app/compat.py": shim, "app/live.py": live})
    evidence = _every_verdict(tmp_path)
    imports = [f for f in evidence.findings if f.path == "app/compat.py" and f.verdict == "DEAD"]
    symbols = [evidence.for_symbol("app/compat.py", name)["utility"] for name in ("_iteritems", "_old_helper")]
    assert [f.line_start for f in imports] == [6] and [s.verdict for s in symbols] == ["DEAD", "DEAD"], imports
    assert all(f.rule == "dead/guard-deprecated-module" and f.confidence <= 30 and not getattr(f, "report", False)
               and "its module warns when imported that it is deprecated (line 2)" in (f.message if f in imports
                                                                                     else f.detail)
               for f in [*imports, *symbols])
    assert verdict(evidence, "app/live.py", "_unused_private", "utility") == "DEAD"
    assert "kept on purpose" not in detail(evidence, "app/live.py", "_unused_private", "utility")
    assert [(f.line_start, f.rule) for f in evidence.findings if f.path == "app/live.py"] == [(2, "dead/unused-import")]


def test_a_fixture_defined_again_where_nothing_requests_it_overrides_a_plugin_s(tmp_path: Path) -> None:
    # celery's smoke tests (round 42): pytest-celery's own fixtures request `default_worker_container_cls`,
    # which a conftest and a test class define again; a fixture defined once and requested by nothing is dead
    evidence = analyze(tmp_path, {
        **APP,
        "requirements-test.txt": "pytest\npytest-celery==1.3\n",
        "tests/__init__.py": "",
        "tests/conftest.py": "import pytest\n\n\n@pytest.fixture\ndef default_worker_container_cls():\n"
                             "    return 'smoke'\n\n\n@pytest.fixture\ndef stale_client():\n    return object()\n",
        "tests/test_routing.py": "import pytest\n\n\nclass TestRouting:\n    @pytest.fixture\n"
                                 "    def default_worker_container_cls(self):\n        return 'routing'\n\n"
                                 "    def test_routes(self):\n        assert True\n",
    })
    for path, name in (("tests/conftest.py", "default_worker_container_cls"),
                       ("tests/test_routing.py", "TestRouting.default_worker_container_cls")):
        found = evidence.for_symbol(path, name)["utility"]
        assert (found.verdict, found.rule, found.confidence) == ("DEAD", "dead/guard-fixture-override", 30), found
        assert "defined 2 times (tests/conftest.py:4, tests/test_routing.py:5)" in found.detail, found.detail
        assert "guard-namesakes" not in found.detail  # one guard is enough
    stale = evidence.for_symbol("tests/conftest.py", "stale_client")["utility"]
    assert (stale.verdict, stale.rule) == ("DEAD", "dead/unused-fixture") and stale.confidence >= 80


def test_an_unused_import_in_a_migration_snapshot_is_a_candidate(tmp_path: Path) -> None:
    # open-event-server (round 47): 680 unused imports, every one the template's (`import sqlalchemy_utils`)
    # in an Alembic revision script written once; a Django migration's the same. An app module's is a finding.
    evidence = analyze(tmp_path, {
        **imported("app.models"),
        "requirements.txt": "alembic\ndjango\n",
        "alembic.ini": "[alembic]\nscript_location = migrations\n",
        "migrations/versions/000b9376b87b_.py": "import sqlalchemy as sa\nimport sqlalchemy_utils\nfrom alembic import op\n\n"
                                                "revision = '000b9376b87b'\ndown_revision = None\n\n\n"
                                                "def upgrade():\n    op.add_column('t', sa.Column('x', sa.Integer()))\n\n\n"
                                                "def downgrade():\n    op.drop_column('t', 'x')\n",
        "shop/migrations/0001_initial.py": "from django.db import migrations, models\n\n\n"
                                           "class Migration(migrations.Migration):\n    operations = []\n",
        "app/models.py": "import os\nimport json\n\nprint(json.dumps({}))\n",
    })
    rules = {(f.path, f.message.split(" (from")[0]): (f.rule, f.confidence) for f in evidence.findings if f.verdict == "DEAD"}
    assert rules[("migrations/versions/000b9376b87b_.py", "unused import sqlalchemy_utils")] == \
        ("dead/guard-migration-snapshot", 30)
    assert rules[("shop/migrations/0001_initial.py", "unused import models")] == ("dead/guard-migration-snapshot", 30)
    assert rules[("app/models.py", "unused import os")][0] == "dead/unused-import"


def test_a_module_whose_imports_others_read_as_its_attributes_hands_its_imports_on(tmp_path: Path) -> None:
    # evennia's server/signals.py (round 47) imports Django's signals for the code that does
    # `from evennia.server import signals` and then `signals.post_save`: its other imports of them
    # (`pre_delete`) are offered the same way, candidates and not findings.
    evidence = analyze(tmp_path, {
        **imported("app.models", "app.signals"),
        "app/signals.py": "from django.db.models.signals import post_save\nfrom django.db.models.signals import pre_delete\n"
                          "\nSIGNAL_RENAMED = object()\n",
        "app/models.py": "import os\n\nfrom app import signals\n\n\ndef connect(handler):\n"
                         "    signals.post_save.connect(handler)\n",
    })
    signals = [f for f in evidence.findings if f.path == "app/signals.py" and f.verdict == "DEAD"]
    assert all(f.confidence < 90 for f in signals), signals  # a re-export module: doubtful, a candidate
    assert any(f.path == "app/models.py" and "unused import os" in f.message and f.rule == "dead/unused-import"
               for f in evidence.findings)  # the reader's own unused import is judged as ever


def test_a_file_a_test_names_by_a_string_is_its_input(tmp_path: Path) -> None:
    # bandit (round 58): tests/functional/test_functional.py runs `self.check_example("imports.py", expect)` on
    # examples/, each example's unused imports being what the scanner under test counts; a namesake elsewhere is
    # no input, and a file no test names keeps its findings.
    files = {
        **imported("app.imports"),
        "app/imports.py": "import os\n\n\ndef unused_helper():\n    return 1\n",
        "examples/imports.py": "import os\nimport pickle\n",
        "examples/imports-aliases.py": "import pickle as p\n\n\ndef helper():\n    return 1\n",
        "examples/other.py": "import subprocess\n",
        # a program the test runs (textual's snapshot apps): its unused import is unused as any program's
        "examples/scroll_app.py": "import sys\n\n\ndef main():\n    return 1\n\n\nif __name__ == '__main__':\n    main()\n",
        "tests/test_functional.py": (
            "import os\n\n\ndef check_example(name):\n    return os.path.join(os.getcwd(), 'examples', name)\n\n\n"
            "def test_imports():\n    assert check_example('imports.py')\n\n\n"
            "def test_aliases():\n    assert check_example(\"imports-aliases.py\")\n\n\n"
            "def test_app(run):\n    assert run('scroll_app.py')\n"),
    }
    evidence = analyze(tmp_path, files)
    shown = {f.path for f in evidence.findings if f.verdict == "DEAD" and f.confidence >= 70}
    assert "examples/imports.py" not in shown and "examples/imports-aliases.py" not in shown, shown
    assert {"examples/other.py", "app/imports.py", "examples/scroll_app.py"} <= shown, shown
    assert not finding(evidence, "examples/imports-aliases.py", "helper")
    assert finding(evidence, "app/imports.py", "unused_helper")
    guarded = [f for f in _every_verdict(tmp_path).findings if f.path == "examples/imports.py"]
    assert len(guarded) == 2 and all(f.rule == "dead/guard-test-input" for f in guarded)
    assert "tests/test_functional.py names it ('imports.py')" in guarded[0].message
    assert "(dead/guard-test-input)" in detail(evidence, "examples/imports-aliases.py", "helper", "utility")
