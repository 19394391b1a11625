"""Reach the usage graph gets from how code finds code at run time, and seams an interface offers:
each principle as a small repository, with the decoy that must stay a finding."""

from __future__ import annotations

from pathlib import Path

from analysis_helpers import analyze, detail, verdict

APP = {"manage.py": "import sys\n\nprint(sys.argv)\n"}  # a declared start: an application


def test_a_module_loaded_by_a_name_built_from_a_dotted_prefix_keeps_what_it_offers(tmp_path: Path) -> None:
    # `module_name = f"app.db.backends.{name}"` ... `import_module(module_name)`, then `cls.Alerts`:
    # every module under the prefix may be loaded, and what it offers read by attribute.
    evidence = analyze(tmp_path, {
        "pyproject.toml": '[project]\nname = "app"\n\n[project.scripts]\napp = "app.run:main"\n',
        "app/__init__.py": "",
        "app/db/__init__.py": "",
        "app/db/base.py": """
            from importlib import import_module


            def load_backend(name):
                module_name = f"app.db.backends.{name}"
                return import_module(module_name)


            def builder(name):
                return load_backend(name).Alerts
        """,
        "app/db/backends/__init__.py": "",
        "app/db/backends/pg/__init__.py": "from .utils import *  # noqa\n",
        "app/db/backends/pg/utils.py": "class Alerts:\n    def query(self):\n        return 1\n",
        "app/db/_lonely.py": "class Lonely:\n    pass\n",
        "app/run.py": "from app.db.base import builder\n\n\ndef main():\n    builder('pg')\n",
    })
    assert verdict(evidence, "app/db/backends/pg/utils.py", "Alerts", "utility") != "DEAD"
    assert verdict(evidence, "app/db/_lonely.py", "Lonely", "utility") == "DEAD"  # outside the prefix


def test_subclasses_the_code_enumerates_are_used(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "thumbs.py": """
            class _Format:
                name = ""


            class _Gif(_Format):
                name = "gif"


            class _Png(_Format):
                name = "png"


            class _Unrelated:
                name = "x"


            def pick(name):
                for candidate in _Format.__subclasses__():
                    if candidate.name == name:
                        return candidate
                return None
        """,
        "run.py": "import sys\nfrom thumbs import pick\n\npick(sys.argv[1])\n",
    })
    assert verdict(evidence, "thumbs.py", "_Gif", "utility") == "USED"
    assert verdict(evidence, "thumbs.py", "_Png", "utility") == "USED"
    assert verdict(evidence, "thumbs.py", "_Unrelated", "utility") == "DEAD"


def test_an_entry_point_of_a_package_nested_in_the_repository_is_a_root(tmp_path: Path) -> None:
    # A plugin package a test installs declares its entry point in its own pyproject.toml.
    evidence = analyze(tmp_path, {
        **APP,
        "tests/dummy-plugin/pyproject.toml": """
            [project]
            name = "dummy-plugin"

            [project.entry-points."tool.plugins"]
            dummy = "dummy_plugin:DummyPlugin"
        """,
        "tests/dummy-plugin/dummy_plugin.py": "class DummyPlugin:\n    name = 'dummy'\n\n\nclass Leftover:\n    pass\n",
        "tests/test_plugins.py": "def test_installs():\n    assert True\n",
    })
    plugin = "tests/dummy-plugin/dummy_plugin.py"
    assert verdict(evidence, plugin, "DummyPlugin", "utility") != "DEAD"
    assert "entry point dummy_plugin:DummyPlugin in tests/dummy-plugin/pyproject.toml" in \
        detail(evidence, plugin, "DummyPlugin", "utility")
    assert verdict(evidence, plugin, "Leftover", "utility") == "DEAD"


def test_a_name_that_lists_imports_to_keep_them_is_a_candidate_not_a_finding(tmp_path: Path) -> None:
    # `FIXTURES = (process,)`: keeps a fixture import a linter's fix would delete (tests ask for it by name).
    evidence = analyze(tmp_path, {
        **APP,
        "tests/__init__.py": "",
        "tests/fixtures.py": "import pytest\n\n\n@pytest.fixture\ndef process():\n    return 1\n",
        "tests/test_cli.py": """
            from tests.fixtures import process

            FIXTURES = (process,)
            ALIAS = process
            NUMBERS = (1, 2)


            def test_runs(process):
                assert process == 1
        """,
    })
    test = "tests/test_cli.py"
    kept = evidence.for_symbol(test, "FIXTURES")["utility"]
    assert kept.rule == "dead/guard-import-keeper" and not kept.report
    assert "(process)" in kept.detail
    for name in ("ALIAS", "NUMBERS"):  # an alias and a literal keep nothing
        found = evidence.for_symbol(test, name)["utility"]
        assert found.verdict == "DEAD" and found.rule != "dead/guard-import-keeper"


def test_an_interface_code_types_against_is_a_seam_not_over_engineering(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        **APP,
        "package.json": '{"name": "app", "private": true}\n',
        "src/types.ts": "export interface CalendarService { list(): string[] }\n"
                        "export interface Clock { now(): number }\n",
        "src/google.ts": ("import { CalendarService, Clock } from './types'\n\n"
                          "export class GoogleCalendar implements CalendarService {\n  list() { return [] }\n}\n\n"
                          "export class SystemClock implements Clock {\n  now() { return Date.now() }\n}\n"),
        "src/factory.ts": ("import { CalendarService } from './types'\nimport { GoogleCalendar, SystemClock } from './google'\n\n"
                           "export function createCalendar(): CalendarService {\n  return new GoogleCalendar()\n}\n\n"
                           "export function clock() {\n  return new SystemClock()\n}\n"),
        "src/main.ts": "import { createCalendar, clock } from './factory'\n\nconsole.log(createCalendar().list(), clock().now())\n",
    })
    assert verdict(evidence, "src/types.ts", "CalendarService", "overengineering") == "ACCEPTABLE"
    assert "createCalendar (src/factory.ts) names the type" in detail(evidence, "src/types.ts", "CalendarService",
                                                                      "overengineering")
    assert verdict(evidence, "src/types.ts", "Clock", "overengineering") == "OVER"  # only its implementation names it
