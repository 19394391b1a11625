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


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) of every import of the project in one file."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
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


def violations() -> list[str]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source_room = room_of(module_name(path))
        for line, target in imported_modules(path):
            target_room = room_of(target)
            if target_room in ("__init__", source_room):
                continue
            here, there = floor_of(source_room), floor_of(target_room)
            if here == GROUND and there != FLOORS["schema"] and there != GROUND:
                out.append(f"{path.relative_to(PACKAGE.parent)}:{line} ground floor imports {target}")
            elif here != GROUND and there >= here and there != GROUND:
                kind = "a sibling" if there == here else "upward"
                out.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {kind}: {target}")
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
])
def test_the_rule_itself(source, target, allowed):
    """The checker is not vacuous: it refuses the imports the layout forbids."""
    here, there = floor_of(room_of(source)), floor_of(room_of(target))
    if room_of(source) == "schema":
        ok = room_of(target) == "schema"
    else:
        ok = there == GROUND or there < here
    assert ok is allowed
