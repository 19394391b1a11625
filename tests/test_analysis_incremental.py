"""The analysis cache (analysis/incremental.py): an analysis that reuses the last run's
per-file contributions equals a cold one, after every kind of edit.

Each test copies a fixture project, analyzes it once with the cache (cold, filling it),
edits it, then analyzes it with the cache and without, and compares everything the
analysis hands on: every symbol's assessment on every axis, the findings, the usage graph
(edges, uses, importers, attribute and string names...) and the test files.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from reviewer.analysis.incremental import FILE_NAME
from reviewer.analysis.project import ProjectEvidence, analyze_project
from reviewer.config import Config
from reviewer.scan import scan_repository

FIXTURES = Path(__file__).parent / "fixtures" / "quality"


def snapshot(evidence: ProjectEvidence) -> dict:
    """Everything the analysis gives the reviewers, as plain comparable data."""
    graph = evidence.usage

    def sets(mapping: dict) -> dict:
        return {key: sorted(value) for key, value in mapping.items() if value}

    return {
        "assessments": {key: {axis: found.model_dump() for axis, found in axes.items()}
                        for key, axes in evidence.assessments.items()},
        "findings": [finding.model_dump() for finding in evidence.findings],
        "out_edges": sets(graph.out_edges),
        "uses": {key: [(use.user, use.kind, use.line) for use in uses] for key, uses in graph.uses.items() if uses},
        "importers": {key: dict(files) for key, files in graph.importers.items() if files},
        "reexporters": {key: list(files) for key, files in graph.reexporters.items() if files},
        "attribute_users": sets(graph.attribute_users),
        "loose_attribute_users": sets(graph.loose_attribute_users),
        "string_files": sets(graph.string_files),
        "lookup_string_files": sets(graph.lookup_string_files),
        "members_by_name": {key: list(value) for key, value in graph.members_by_name.items() if value},
        "symbols_by_name": {key: list(value) for key, value in graph.symbols_by_name.items() if value},
        "imported_files": sorted(graph.imported_files),
        "subclasses": {key: list(value) for key, value in graph.subclasses.items() if value},
        "test_files": sorted(evidence.test_files),
    }


def run(root: Path, cached: bool) -> ProjectEvidence:
    config = Config()
    scan = scan_repository(root, config, workers=1)
    return analyze_project(scan, root, config, cache=root / ".reviewer" / "cache" if cached else None)


def assert_same(root: Path) -> ProjectEvidence:
    """Analyze with the cache and without: equal, key by key (a readable first difference)."""
    incremental = run(root, cached=True)
    cold = run(root, cached=False)
    warm_view, cold_view = snapshot(incremental), snapshot(cold)
    for part in cold_view:
        assert warm_view[part] == cold_view[part], f"{part} differs after an incremental analysis"
    return incremental


def edit(root: Path, path: str, old: str, new: str, count: int = 1) -> None:
    target = root / path
    text = target.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    target.write_text(text.replace(old, new, count), encoding="utf-8")


def append(root: Path, path: str, text: str) -> None:
    with (root / path).open("a", encoding="utf-8") as handle:
        handle.write(text)


@pytest.fixture
def py_shop(tmp_path: Path) -> Path:
    root = tmp_path / "py_shop"
    shutil.copytree(FIXTURES / "py_shop", root)
    first = run(root, cached=True)  # fills the cache
    assert first.reuse["computed"] > 0 and (root / ".reviewer" / "cache" / FILE_NAME).is_file()
    return root


@pytest.fixture
def ts_shop(tmp_path: Path) -> Path:
    root = tmp_path / "ts_shop"
    shutil.copytree(FIXTURES / "ts_shop", root)
    run(root, cached=True)
    return root


def test_nothing_changed_reuses_every_file(py_shop: Path) -> None:
    evidence = assert_same(py_shop)
    assert evidence.reuse["computed"] == 0 and evidence.reuse["reused"] > 0


def test_add_a_function(py_shop: Path) -> None:
    append(py_shop, "shop/util.py", "\n\ndef shout(text):\n    return normalize_sku(text).upper()\n")
    evidence = assert_same(py_shop)
    # one file changed: the files that never read it are reused
    assert 0 < evidence.reuse["computed"] < evidence.reuse["reused"]


def test_remove_a_function(py_shop: Path) -> None:
    text = (py_shop / "shop/util.py").read_text(encoding="utf-8")
    start = text.index("def slugify(")
    end = text.index("def format_money(")
    (py_shop / "shop/util.py").write_text(text[:start] + text[end:], encoding="utf-8")
    assert_same(py_shop)


def test_rename_a_function_another_file_imports_through_a_reexport(py_shop: Path) -> None:
    # tests/test_pricing.py imports subtotal from shop/__init__.py, which imports it from
    # pricing.py: the test file read pricing.py through the re-export and must be redone.
    edit(py_shop, "shop/pricing.py", "def subtotal(", "def sub_total(")
    assert_same(py_shop)
    # ... and then the importers follow the rename
    edit(py_shop, "shop/__init__.py", "subtotal", "sub_total", count=10)
    edit(py_shop, "shop/cart.py", "subtotal", "sub_total", count=10)
    assert_same(py_shop)


def test_change_an_import(py_shop: Path) -> None:
    edit(py_shop, "shop/cart.py", "from .pricing import apply_discount, shipping_cost, subtotal",
         "from .pricing import apply_discount, subtotal\nfrom .util import format_money as shipping_cost")
    assert_same(py_shop)


def test_add_and_remove_a_file(py_shop: Path) -> None:
    (py_shop / "shop/extra.py").write_text(
        "from .pricing import apply_surcharge\nfrom .util import slugify\n\n\n"
        "def tagged(price, name):\n    return slugify(name), apply_surcharge(price, 5)\n", encoding="utf-8")
    assert_same(py_shop)
    (py_shop / "shop/notifications.py").unlink()
    assert_same(py_shop)
    (py_shop / "shop/extra.py").unlink()
    assert_same(py_shop)


def test_change_a_test_file(py_shop: Path) -> None:
    append(py_shop, "tests/test_pricing.py",
           "\n\ndef test_surcharge():\n    from shop.pricing import apply_surcharge\n"
           "    assert apply_surcharge(10.0, 10) == 11.0\n")
    assert_same(py_shop)
    edit(py_shop, "tests/test_pricing.py", "def test_surcharge", "def check_surcharge")
    assert_same(py_shop)


def test_a_sequence_of_edits_and_reverts(py_shop: Path) -> None:
    original = (py_shop / "shop/pricing.py").read_text(encoding="utf-8")
    edit(py_shop, "shop/pricing.py", "def apply_discount(", "def apply_rebate(")
    assert_same(py_shop)
    append(py_shop, "shop/models.py", "\n\nclass Coupon(Product):\n    pass\n")
    assert_same(py_shop)
    (py_shop / "shop/pricing.py").write_text(original, encoding="utf-8")
    evidence = assert_same(py_shop)
    assert evidence.reuse["reused"] > 0


def test_typescript_rename_through_export_star(ts_shop: Path) -> None:
    # __tests__/pricing.test.ts imports subtotal from ../src (index.ts: export * from "./pricing")
    text = (ts_shop / "src/pricing.ts").read_text(encoding="utf-8")
    name = re.search(r"export function (\w+)", text).group(1)
    edit(ts_shop, "src/pricing.ts", f"export function {name}(", f"export function {name}Renamed(")
    assert_same(ts_shop)
    append(ts_shop, "src/util.ts", "\nexport function shout(text: string): string {\n  return slugify(text).toUpperCase();\n}\n")
    assert_same(ts_shop)


def test_damaged_cache_is_recomputed(py_shop: Path) -> None:
    cache = py_shop / ".reviewer" / "cache" / FILE_NAME
    data = cache.read_bytes()
    cache.write_bytes(data[: len(data) // 2])
    evidence = assert_same(py_shop)
    assert evidence.reuse["reused"] == 0
