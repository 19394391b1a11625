"""Each framework module of reviewer/frameworks/ against its fixture mini repository.

tests/frameworks/<module>/ holds a few small source files that declare the framework's dependency and
use each field of its module, and `expected.yaml` mapping "path::qualified.name" to the utility verdict
the real scan and analysis must give (each folder holds at least one DEAD, so the fixture can fail).
Taken off alone, the framework changes one of those verdicts (its knowledge is used). Without its
enablers (the dependency declared, the framework's imports, the files it is enabled by) the same
repository must not switch the framework on: a project with no Django gets no Django root."""

from __future__ import annotations

import importlib
import re
import shutil
from pathlib import Path

import pytest
import yaml

from reviewer import frameworks
from reviewer.analysis.project import analyze_project
from reviewer.config import Config
from reviewer.scan import scan_repository

FIXTURES = Path(__file__).resolve().parent / "frameworks"
MODULES = frameworks.module_names()
# Files that declare dependencies: removed with the framework's enablers.
MANIFESTS = ("requirements*.txt", "requirements/*.txt", "pyproject.toml", "setup.cfg", "setup.py", "Pipfile",
             "**/package.json", "**/requirements*.txt", "**/requirements*.in")


def framework_of(module: str) -> frameworks.Framework:
    return importlib.import_module(f"reviewer.frameworks.{module}").FRAMEWORK


def expected_verdicts(module: str) -> dict[str, str]:
    data = yaml.safe_load((FIXTURES / module / "expected.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict) and data, f"{module}/expected.yaml maps no symbol"
    return data


def copy_fixture(module: str, tmp_path: Path) -> Path:
    root = tmp_path / module
    shutil.copytree(FIXTURES / module, root, ignore=shutil.ignore_patterns("expected.yaml"))
    return root


def utility(evidence, key: str) -> tuple[str, str]:
    """(verdict, detail) of "path::qualified.name"; ("missing", "") when the scan has no such symbol."""
    path, _, name = key.partition("::")
    assessment = evidence.for_symbol(path, name).get("utility")
    return (assessment.verdict, assessment.detail) if assessment else ("missing", "")


def test_every_module_has_its_fixture_folder():
    folders = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))
    assert folders == MODULES


@pytest.mark.parametrize("module", MODULES)
def test_fixture_verdicts(module, tmp_path):
    expected = expected_verdicts(module)
    assert "DEAD" in expected.values(), f"{module}/expected.yaml has no DEAD: the fixture could not fail"
    root = copy_fixture(module, tmp_path)
    config = Config()
    scan = scan_repository(root, config, workers=1)
    framework = framework_of(module)
    assert framework.name in scan.frameworks, f"{framework.name} is off in its own fixture"
    evidence = analyze_project(scan, root, config)
    wrong = [f"{key}: expected {want}, got {' ('.join(utility(evidence, key))})"
             for key, want in expected.items() if utility(evidence, key)[0] != want]
    assert not wrong, "\n".join(wrong)


# Modules whose knowledge no fixture verdict can show: the packaging record only makes the scan read the
# launch files (the entry-point rules read them whatever the frameworks), and a custom element extends
# HTMLElement, whose unknown methods keep the callbacks alive already.
NO_VERDICT_OF_THEIR_OWN = {"packaging", "webcomponents"}


@pytest.mark.parametrize("module", [m for m in MODULES if m not in NO_VERDICT_OF_THEIR_OWN])
def test_fixture_needs_its_framework(module, tmp_path):
    """The same scan with this one framework taken off changes an expected verdict: the fixture
    exercises the module's knowledge, and the module holds knowledge the defaults do not."""
    root = copy_fixture(module, tmp_path)
    config = Config()
    scan = scan_repository(root, config, workers=1)
    del scan.frameworks[framework_of(module).name]
    evidence = analyze_project(scan, root, config)
    changed = [key for key, want in expected_verdicts(module).items() if utility(evidence, key)[0] != want]
    assert changed, f"{module}: every expected verdict is the same without the framework"


def _strip_imports(root: Path, names: list[str]) -> None:
    """Blank out every import of the enabler modules (`import django`, `from flask import x`,
    `import x from "next/router"`), so that the code no longer tells that it uses them."""
    alternatives = "|".join(re.escape(n).replace(r"\*", r"[\w.-]*") for n in names)
    python = re.compile(rf"^\s*(?:from|import)\s+(?:{alternatives})\b", re.I)
    javascript = re.compile(rf"""(?:from|import|require\()\s*["'](?:{alternatives})(?:["'/])""", re.I)
    for path in root.rglob("*"):
        if not path.is_file() or path.suffix not in (".py", ".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".vue",
                                                     ".svelte"):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        kept = ["" if python.match(line) or javascript.search(line) else line for line in lines]
        path.write_text("\n".join(kept) + "\n", encoding="utf-8")


ENABLED = [m for m in MODULES if framework_of(m).enabled_by]


@pytest.mark.parametrize("module", ENABLED)
def test_framework_is_off_without_its_enablers(module, tmp_path):
    framework = framework_of(module)
    root = copy_fixture(module, tmp_path)
    globs = [e.removeprefix("file:") for e in framework.enabled_by if e.startswith("file:")] + list(MANIFESTS)
    for path in sorted(root.rglob("*"), reverse=True):
        relative = path.relative_to(root).as_posix()
        if path.is_file() and any(frameworks.matches_glob(relative, glob) for glob in globs):
            path.unlink()
    _strip_imports(root, [e.replace("-", "_") for e in framework.enabled_by if not e.startswith("file:")]
                   + [e for e in framework.enabled_by if not e.startswith("file:")])
    config = Config()
    scan = scan_repository(root, config, workers=1)
    assert framework.name not in scan.frameworks, scan.frameworks[framework.name]
    # and none of its knowledge decided a verdict: no reason cites one of its roots or names it
    marks = [root_rule.why for root_rule in framework.files if root_rule.why] + [f"({framework.name})"]
    evidence = analyze_project(scan, root, config)
    cited = [f"{path}::{name}: {axes['utility'].detail}" for (path, name), axes in sorted(evidence.assessments.items())
             if "utility" in axes and any(mark in axes["utility"].detail for mark in marks)]
    assert not cited, "\n".join(cited)
