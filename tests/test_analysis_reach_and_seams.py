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


def test_a_structural_interface_with_one_implementation_is_a_candidate_an_abc_a_finding(tmp_path: Path) -> None:
    # A TypeScript interface or a Python Protocol is structural: values of other types conform without
    # naming it, so one class that names it does not show it has one implementation.
    evidence = analyze(tmp_path, {
        **APP,
        "package.json": '{"name": "app", "private": true}\n',
        "src/drag.ts": ("export interface DragPosition { clientX: number; clientY: number }\n\n"
                        "export class DragEvent implements DragPosition {\n  clientX = 0\n  clientY = 0\n}\n\n"
                        "export function drag(pos: DragPosition) {\n  return pos.clientX + pos.clientY\n}\n"),
        "src/main.ts": ("import { drag, DragEvent } from './drag'\n\n"
                        "document.addEventListener('mousemove', (e) => drag(e))\nconsole.log(drag(new DragEvent()))\n"),
        "shapes.py": """
            from abc import ABC, abstractmethod
            from typing import Protocol


            class Reader(Protocol):
                def read(self) -> str: ...


            class FileReader(Reader):
                def read(self) -> str:
                    return "x"


            class Store(ABC):
                @abstractmethod
                def load(self): ...


            class DiskStore(Store):
                def load(self):
                    return 1
        """,
        "run.py": "from shapes import DiskStore, FileReader\n\nprint(DiskStore().load(), FileReader().read())\n",
    })
    for path, name in (("src/drag.ts", "DragPosition"), ("shapes.py", "Reader")):
        found = evidence.for_symbol(path, name)["overengineering"]
        assert found.verdict == "OVER" and found.confidence < 70, (name, found)  # under the floor: a candidate
        assert "other values may conform to it" in found.detail
    store = evidence.for_symbol("shapes.py", "Store")["overengineering"]
    assert store.verdict == "OVER" and store.confidence >= 70


def test_a_page_beside_a_script_means_the_script_s_function_not_a_live_namesake_elsewhere(tmp_path: Path) -> None:
    # settings.html loads ./utils.js and calls populateHeaderPane(); another package of the repository
    # exports a live function of the same name: the page beside the script means the script's.
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "app", "private": true}\n',
        "desktop/utils.js": ("async function populateHeaderPane() {\n  return '<b>x</b>'\n}\n\n"
                             "function orphanHelper() {\n  return 1\n}\n"),
        "desktop/settings.html": ('<script src="./utils.js"></script>\n<script>\n'
                                  '  document.getElementById("h").innerHTML = await populateHeaderPane();\n</script>\n'),
        "plugin/src/utils.ts": "export async function populateHeaderPane(el: Element) {\n  el.innerHTML = 'x'\n}\n",
        "plugin/src/main.ts": "import { populateHeaderPane } from './utils'\n\npopulateHeaderPane(document.body)\n",
    })
    kept = evidence.for_symbol("desktop/utils.js", "populateHeaderPane")["utility"]
    assert not kept.report and "desktop/settings.html" in kept.detail
    assert evidence.for_symbol("desktop/utils.js", "orphanHelper")["utility"].report


def test_an_abstraction_other_code_is_written_against_is_a_candidate(tmp_path: Path) -> None:
    # A manager holding connectors types against the ABC: an intended seam (a candidate); an ABC nothing
    # names but its one implementation stays a finding.
    evidence = analyze(tmp_path, {
        **APP,
        "connectors.py": """
            from abc import ABC, abstractmethod


            class Connector(ABC):
                @abstractmethod
                def push(self, item): ...


            class HomeAssistant(Connector):
                def push(self, item):
                    return item


            class Manager:
                def __init__(self, connectors: list[Connector]):
                    self.connectors = connectors

                def push(self, item):
                    return [c.push(item) for c in self.connectors]


            class Exporter(ABC):
                @abstractmethod
                def run(self): ...


            class CsvExporter(Exporter):
                def run(self):
                    return "csv"
        """,
        "run.py": "from connectors import CsvExporter, HomeAssistant, Manager\n\n"
                  "print(Manager([HomeAssistant()]).push(1), CsvExporter().run())\n",
    })
    seam = evidence.for_symbol("connectors.py", "Connector")["overengineering"]
    assert seam.verdict == "OVER" and seam.confidence < 70 and "Manager.__init__ (connectors.py) names Connector" in seam.detail
    lone = evidence.for_symbol("connectors.py", "Exporter")["overengineering"]
    assert lone.verdict == "OVER" and lone.confidence >= 70
