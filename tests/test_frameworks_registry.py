"""The framework registry: knowledge switched on only where the project uses the framework, the
user's own declarations in the same format, the generated rules page, and the rules commands."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from analysis_helpers import analyze, detail, verdict, write_repo
from reviewer.analysis.project import analyze_project
from reviewer.config import load_config
from reviewer.scan import scan_repository
from reviewer.cli import cli
from reviewer.frameworks import config_globs, matches_glob, registry
from reviewer.report.rules import rules_markdown

ROOT = Path(__file__).resolve().parents[1]

# A constant in a `config/` module and an `app` in a `tasks.py`: Django reads settings by name and a
# Celery worker loads `app`, but only in a project that uses them.
CONVENTIONS = {
    "app/__main__.py": "import config.limits\nimport tasks\n\nprint('run')\n",  # an application, its modules imported
    "config/__init__.py": "",
    "config/limits.py": "MAX_ITEMS = 10\n",
    "tasks.py": "app = object()\n",
}


def test_rules_page_is_generated_from_the_registry() -> None:
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == rules_markdown(), \
        "docs/rules.md is stale: python -m reviewer.report.rules > docs/rules.md"


def test_each_framework_names_its_documentation_and_has_a_unique_name() -> None:
    names = [framework.name for framework in registry()]
    assert len(names) == len(set(names))
    assert all(framework.docs.startswith("https://") for framework in registry())


def test_no_framework_rule_fires_in_a_project_that_does_not_use_it(tmp_path: Path) -> None:
    evidence = analyze(tmp_path / "plain", CONVENTIONS)
    assert verdict(evidence, "config/limits.py", "MAX_ITEMS", "utility") == "DEAD"
    assert verdict(evidence, "tasks.py", "app", "utility") == "DEAD"

    evidence = analyze(tmp_path / "django", {**CONVENTIONS, "requirements.txt": "Django>=5\ncelery[redis]\n"})
    assert verdict(evidence, "config/limits.py", "MAX_ITEMS", "utility") == "USED"
    assert "Django settings" in detail(evidence, "config/limits.py", "MAX_ITEMS", "utility")
    assert verdict(evidence, "tasks.py", "app", "utility") == "USED"
    assert "celery app" in detail(evidence, "tasks.py", "app", "utility")


def test_an_import_or_a_config_file_switches_a_framework_on(tmp_path: Path) -> None:
    evidence = analyze(tmp_path / "imported", {**CONVENTIONS, "worker.py": "import celery\n\nprint(celery)\n"})
    assert verdict(evidence, "tasks.py", "app", "utility") == "USED"
    evidence = analyze(tmp_path / "mkdocs", {
        "app/__main__.py": "print('x')\n", "mkdocs.yml": "site_name: x\nhooks:\n  - hooks.py\n",
        "hooks.py": "def on_config(config):\n    return config\n\n\ndef helper():\n    return 1\n"})
    assert verdict(evidence, "hooks.py", "on_config", "utility") == "USED"
    assert verdict(evidence, "hooks.py", "helper", "utility") == "DEAD"  # only the hooks are called


def test_users_declare_their_own_roots_in_the_same_format(tmp_path: Path) -> None:
    files = {
        "app/__main__.py": "import plugins.audit\n\nprint('x')\n",
        "plugins/__init__.py": "",
        "plugins/audit.py": "def register(host):\n    return host\n\n\ndef unused():\n    return 2\n",
    }
    evidence = analyze(tmp_path / "undeclared", files)
    assert verdict(evidence, "plugins/audit.py", "register", "utility") == "DEAD"
    declared = ("frameworks:\n  - name: our plugin loader\n    files:\n"
                "      - {files: '(^|/)plugins/[^/]+\\.py$', names: register, why: loaded by the host}\n")
    write_repo(tmp_path / "declared", {**files, ".reviewer.yml": declared})
    config = load_config(tmp_path / "declared")
    evidence = analyze_project(scan_repository(tmp_path / "declared", config, workers=1), tmp_path / "declared", config)
    assert verdict(evidence, "plugins/audit.py", "register", "utility") == "USED"
    assert "loaded by the host" in detail(evidence, "plugins/audit.py", "register", "utility")
    assert verdict(evidence, "plugins/audit.py", "unused", "utility") == "DEAD"


def test_the_scan_reads_each_framework_config_file() -> None:
    globs = config_globs()
    for path in ("mkdocs.yml", "Procfile", "web/package.json", ".github/workflows/ci.yml", "nest-cli.json",
                 "alembic.ini", "jsr.json", "docs/api/index.rst"):
        assert any(matches_glob(path, glob) for glob in globs), path
    assert not any(matches_glob("src/app.py", glob) for glob in globs)


def test_rules_command_says_what_switched_each_framework_on(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("Django==5.1\n")
    (tmp_path / "app.py").write_text("import celery\n")
    result = CliRunner().invoke(cli, ["rules", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Django" in result.output and "dependency Django (requirements.txt)" in result.output
    assert "imported as celery in app.py" in result.output
    explained = CliRunner().invoke(cli, ["rule", "dead/unused-import"])
    assert explained.exit_code == 0 and "dead/unused-import" in explained.output
    unknown = CliRunner().invoke(cli, ["rule", "dead/nope"])
    assert unknown.exit_code == 2 and "unknown rule 'dead/nope'" in unknown.output


def test_every_package_of_reviewer_is_installed() -> None:
    """pyproject.toml lists the packages by name: a new one left out installs with `pip install -e .`
    but is missing from `pip install .`."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "reviewer").rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)


def test_a_plugin_used_through_its_marker_is_on_and_an_ignored_manifest_is_read(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "app/__main__.py": "print('run')\n",
        "tests/conftest.py": "import pytest\n\n\n@pytest.fixture\ndef anyio_backend():\n    return 'asyncio'\n",
        "tests/test_app.py": "import pytest\n\npytestmark = pytest.mark.anyio\n\n\nasync def test_it():\n    assert 1\n",
        # a package whose .gitignore covers its own package.json (meant for build output): still its manifest
        "pkg/.gitignore": "**/package.json\n",
        "pkg/package.json": '{"name": "pkg", "main": "./index.js"}\n',
        "pkg/index.js": "export function api() {\n  return 1\n}\n",
    })
    assert verdict(evidence, "tests/conftest.py", "anyio_backend", "utility") == "USED"
    assert "anyio pytest plugin" in detail(evidence, "tests/conftest.py", "anyio_backend", "utility")
    assert verdict(evidence, "pkg/index.js", "api", "utility") == "USED"


def test_test_cases_read_as_text_and_tests_in_a_holder_class(tmp_path: Path) -> None:
    """A suite's cases folder holds inputs it reads as text (their names are their content); a test class
    nested in a holder class is run through its subclasses."""
    evidence = analyze(tmp_path, {
        "app/__main__.py": "print('run')\n",
        "tests/cases/positive/regex.py": "def with_regex():\n    return 1\n",
        "tests/test_cases.py": "from pathlib import Path\n\n\ndef test_all():\n    assert list(Path('cases').glob('*'))\n",
        "tests/test_import.py": "import unittest\n\n\nclass Common:\n    class Import(unittest.TestCase):\n"
                                "        def test_round_trip(self):\n            assert 1\n\n\n"
                                "class TestCSV(Common.Import):\n    pass\n",
    })
    assert verdict(evidence, "tests/cases/positive/regex.py", "with_regex", "utility") == "USED"
    assert verdict(evidence, "tests/test_import.py", "Common.Import.test_round_trip", "utility") == "USED"


def test_select_and_ignore_take_rule_ids_and_statistics_count_them(tmp_path: Path) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__main__.py").write_text("import os\nimport sys\n\n\ndef _helper():\n    return 1\n\n\nprint(sys.argv)\n")
    runner = CliRunner()
    only = runner.invoke(cli, ["run", str(tmp_path), "--plain", "-q", "--exit-zero", "--output-format", "concise",
                               "--select", "dead/unused-import"])
    assert only.exit_code == 0, only.output
    assert "unused import os" in only.output and "_helper" not in only.output
    dropped = runner.invoke(cli, ["run", str(tmp_path), "--plain", "-q", "--exit-zero", "--output-format", "concise",
                                  "--ignore", "dead/unused-import", "--statistics", "--min-confidence", "0"])
    assert "unused import os" not in dropped.output and "_helper" in dropped.output
    assert "dead/private-unnamed" in dropped.output.split("\n", 1)[1]
    wrong = runner.invoke(cli, ["run", str(tmp_path), "--select", "dead/nope"])
    assert wrong.exit_code == 2 and "did you mean 'dead/no-root'" in wrong.output
