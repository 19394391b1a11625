"""Imports go one way (../shared/DESIGN.md, "The layout"):

    cli -> mcp -> pipeline -> {review, report} -> {rag, analysis} -> scan -> schema

and anyone may use the ground floor (config, workspace, errors, ui and the small
helpers beside them). Siblings (review/report, rag/analysis) never import each
other; the ground floor imports only itself and schema. The test parses every
module's imports (including those inside functions) and names each one that goes up.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "reviewer"

# Higher number = higher floor. Same number = siblings (may not import each other).
FLOORS = {
    "schema": 0,
    "scan": 1,
    "analysis": 2,
    "rag": 2,
    "review": 3,
    "report": 3,
    "pipeline": 4,
    "mcp": 5,  # the MCP server: prepares evidence as a run does (pipeline), served by a cli command
    "cli": 6,
    "__main__": 7,
}
GROUND = -1  # config, workspace, errors, ui, resources, gcpause, __init__


def room_of(module: str) -> str:
    """'reviewer.rag.store' -> 'rag'; 'reviewer' -> '__init__'."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def floor_of(room: str) -> int:
    return FLOORS.get(room, GROUND)


def module_name(path: Path, package: Path = PACKAGE) -> str:
    rel = path.relative_to(package.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imported_modules(path: Path, package: Path = PACKAGE) -> list[tuple[int, str]]:
    """(line, absolute module) of every import of the project in one file."""
    module = module_name(path, package)
    base_package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = base_package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("reviewer"):
                found.append((node.lineno, target))
                # `from reviewer import cli` imports the module reviewer.cli
                if target == "reviewer":
                    found.extend((node.lineno, f"reviewer.{a.name}") for a in node.names)
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, a.name) for a in node.names if a.name.startswith("reviewer"))
    return found


# Rooms of the ground floor that import nothing of the project but schema (not even the rest of the
# ground floor): the framework registry is data the scan and the analysis both read.
SCHEMA_ONLY = ("frameworks",)


def edge_violation(source: str, target: str) -> str | None:
    """Why importing module `target` from module `source` breaks the layout, or None."""
    source_room, target_room = room_of(source), room_of(target)
    if target_room in ("__init__", source_room):
        return None
    if source_room == "schema":
        return f"schema imports {target}"
    if source_room in SCHEMA_ONLY:
        return None if target_room == "schema" else f"{source_room} imports {target} (only schema allowed)"
    here, there = floor_of(source_room), floor_of(target_room)
    if here == GROUND and there != FLOORS["schema"] and there != GROUND:
        return f"ground floor imports {target}"
    if here != GROUND and there >= here and there != GROUND:
        return f"imports {'a sibling' if there == here else 'upward'}: {target}"
    return None


def violations(package: Path = PACKAGE) -> list[str]:
    out = []
    for path in sorted(package.rglob("*.py")):
        source = module_name(path, package)
        for line, target in imported_modules(path, package):
            why = edge_violation(source, target)
            if why:
                out.append(f"{path.relative_to(package.parent)}:{line} {why}")
    return out


# Calls that read or list files. The scan is the only reader of the repository (ScanResult.config_files
# holds the configuration texts); the analysis reasons over facts.
_FILE_CALLS = {"open", "read_text", "read_bytes", "glob", "rglob", "iterdir", "scandir", "walk", "stat", "is_file",
               "is_dir", "exists", "listdir"}
# The analysis cache reads and writes reviewer's own cache file (.reviewer/cache/analysis.marshal) and
# hashes reviewer's own code, never a file of the repository under review.
_OWN_STATE = {"incremental.py"}


def file_reads(folder: Path) -> list[str]:
    """`path:line call` of every file-reading call in the modules of a folder."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        if path.name in _OWN_STATE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if name in _FILE_CALLS:
                    out.append(f"{path.name}:{node.lineno} {name}()")
    return out


def test_imports_go_one_way():
    assert violations() == []


def test_schema_imports_nothing_of_the_project():
    for path in (PACKAGE / "schema").rglob("*.py"):
        outside = [t for _, t in imported_modules(path) if not t.startswith("reviewer.schema")]
        assert outside == [], f"{path.name} imports {outside}"


def test_report_renders_records_only():
    for path in (PACKAGE / "report").rglob("*.py"):
        assert not any(t.startswith("reviewer.review") for _, t in imported_modules(path)), path.name


@pytest.mark.parametrize("source, target, allowed", [
    ("reviewer.rag.similarity", "reviewer.review.context", False),
    ("reviewer.report.gate", "reviewer.review.static", False),
    ("reviewer.rag.store", "reviewer.analysis.usage", False),
    ("reviewer.review.static", "reviewer.analysis.usage", True),
    ("reviewer.scan.extract", "reviewer.schema.facts", True),
    ("reviewer.schema.review", "reviewer.config", False),
    ("reviewer.frameworks.django", "reviewer.schema.facts", True),
    ("reviewer.frameworks.django", "reviewer.config", False),
    ("reviewer.analysis.utility", "reviewer.frameworks", True),
    ("reviewer.config", "reviewer.analysis.usage", False),
])
def test_the_rule_itself(source, target, allowed):
    """The checker's rule refuses the imports the layout forbids and allows the others."""
    assert (edge_violation(source, target) is None) is allowed


@pytest.mark.parametrize("room, module, imports", [
    ("rag", "similarity", "from ..review.context import ReviewContext"),  # sideways to a higher floor
    ("analysis", "usage", "from ..rag import store"),  # a sibling
    ("scan", "extract", "from ..pipeline import Run"),  # upward
    ("schema", "facts", "from ..config import Config"),  # schema imports nothing of the project
    ("frameworks", "django", "from ..config import Config"),  # the registry imports only schema
])
def test_the_checker_finds_a_planted_violation(tmp_path, room, module, imports):
    """Mutation test of the real checker: a package where one module breaks the layout is reported;
    the same package without that import is clean."""
    package = tmp_path / "reviewer"
    for folder in ("schema", "scan", "analysis", "rag", "review", "frameworks"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "config.py").write_text("")
    (package / "pipeline.py").write_text("")
    planted = package / room / f"{module}.py"
    planted.write_text(f"{imports}\n")
    found = violations(package)
    assert len(found) == 1 and found[0].startswith(f"reviewer/{room}/{module}.py:1"), found
    planted.write_text("import os\n")
    assert violations(package) == []


def test_the_analysis_reads_no_files():
    assert file_reads(PACKAGE / "analysis") == []


def test_the_file_read_check_finds_a_planted_read(tmp_path):
    (tmp_path / "m.py").write_text("from pathlib import Path\n\n\ndef f(p):\n    return Path(p).read_text()\n")
    assert file_reads(tmp_path) == ["m.py:5 read_text()"]


def test_the_framework_registry_opens_no_file():
    assert file_reads(PACKAGE / "frameworks") == []
