"""The real-code benchmark's own matching (scripts/bench_real.py --selftest): reviewer's pairs
against jscpd's, vulture's items against DEAD findings; and skylos's JSON report read and matched,
with reviewer and vulture, to one pool of dead-code labels. A bug there would misstate every number."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path

import pytest

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "bench_skylos"
# Where the sample was captured: `skylos . --json` (skylos 5.1.2) in a copy of
# FIXTURE/tree there; its report names files absolutely.
CAPTURED_ROOT = Path("/tmp/bench-skylos-sample/tree")
SAMPLE_ITEMS = [
    {"file": "shop/orders.py", "line": 14, "kind": "function", "name": "_format_receipt"},
    {"file": "shop/orders.py", "line": 26, "kind": "function", "name": "export_csv"},
    {"file": "web/cart.ts", "line": 8, "kind": "function", "name": "unusedHelper"},
    {"file": "web/cart.ts", "line": 1, "kind": "import", "name": "readFileSync"},
    {"file": "shop/orders.py", "line": 7, "kind": "variable", "name": "LEGACY_RATE"},
    {"file": "shop/notes.py", "line": 1, "kind": "file", "name": None},
]


@pytest.fixture(scope="module")
def bench_real():
    path = Path(__file__).resolve().parents[1] / "scripts" / "bench_real.py"
    spec = importlib.util.spec_from_file_location("bench_real", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_bench_real_matching_selftest(bench_real) -> None:
    bench_real.selftest()


def test_skylos_report_read(bench_real) -> None:
    report = json.loads((FIXTURE / "skylos.json").read_text(encoding="utf-8"))
    assert report["analysis_summary"]["comparison_scope"]["scan_path"] == str(CAPTURED_ROOT)
    assert bench_real.skylos_items(report, CAPTURED_ROOT) == SAMPLE_ITEMS


def test_dead_tools_on_one_pool(bench_real) -> None:
    """reviewer's DEAD findings and skylos's captured items against the fixture's labels (reviewer's
    and vulture's, in the corpus's files): one entry per place, the reviewer label winning a disagreement."""
    labels = bench_real.load_labels("shop", FIXTURE / "labels")
    vlabels = bench_real.load_vulture_labels("shop", FIXTURE / "labels")
    pool = bench_real.dead_label_pool(labels, vlabels)
    assert sorted((e["file"], e["name"], e["label"], bool(e.get("conflict"))) for e in pool) == [
        ("shop/orders.py", "LEGACY_RATE", False, True), ("shop/orders.py", "_format_receipt", True, False),
        ("shop/orders.py", "export_csv", True, False), ("web/cart.ts", "unusedHelper", True, False)]
    report = json.loads((FIXTURE / "skylos.json").read_text(encoding="utf-8"))
    findings = [{"axis": "utility", "verdict": "DEAD", "file": "shop/orders.py", "symbol": "OrderBook.export_csv",
                 "line_start": 26},
                {"axis": "utility", "verdict": "DEAD", "file": "web/cart.ts", "symbol": None, "line_start": 1},
                {"axis": "duplication", "verdict": "DUPLICATE", "file": "shop/orders.py", "symbol": "total",
                 "line_start": 10}]
    out = bench_real.compare_dead_tools(pool, findings, {"skylos": bench_real.skylos_items(report, CAPTURED_ROOT),
                                                         "vulture": None})
    assert (out["pool"], out["pool_true"], out["pool_py"], out["pool_true_py"], out["conflicts"]) == (4, 3, 3, 2, 1)
    assert "vulture" not in out  # a peer that did not run is no column of zeros
    skylos, reviewer = out["skylos"], out["reviewer"]
    # readFileSync is judged by no label; the empty module is a file, not a symbol a label names
    assert (skylos["items"], skylos["labelled"], skylos["right"], skylos["true_found"], skylos["true"]) == (6, 4, 3, 3, 3)
    assert (skylos["items_py"], skylos["labelled_py"], skylos["right_py"], skylos["true_found_py"]) == (4, 3, 2, 2)
    assert skylos["unlabelled"] == ["web/cart.ts:1 readFileSync", "shop/notes.py:1 file"]
    # the nameless import finding sits at no labelled place
    assert (reviewer["items"], reviewer["labelled"], reviewer["right"], reviewer["true_found"]) == (2, 1, 1, 1)


def test_match_label_places(bench_real) -> None:
    pool = [{"file": "a.py", "line": 10, "name": "run", "label": True, "key": None},
            {"file": "a.py", "line": 40, "name": "run", "label": False, "key": None},
            {"file": "a.py", "line": 3, "name": None, "label": True, "key": ("utility", "a.py", "@3")}]
    place = lambda line, name, kind="function": {"file": "a.py", "line": line, "name": name, "kind": kind}  # noqa: E731
    assert bench_real.match_label(place(12, "run"), pool) is pool[0]  # a decorator or two above the def
    assert bench_real.match_label(place(38, "run"), pool) is pool[1]  # the nearest of two same-named methods
    assert bench_real.match_label(place(25, "run"), pool) is None  # too far from either
    assert bench_real.match_label(place(4, "os", "import"), pool) is pool[2]  # a nameless import label, by line
    assert bench_real.match_label(place(1, None, "file"), pool) is None
    assert bench_real.match_label({**place(1, "x"), "file": "b.py"}, pool) is None


def test_skylos_run_matches_sample(bench_real, tmp_path: Path) -> None:
    """Where skylos is installed: the run the benchmark makes gives the captured items, also with
    reviewer's output in the tree (it names the dead symbols; skylos would read that as their use)."""
    if bench_real._find_tool("skylos") is None:
        pytest.skip("skylos not installed (benchmarks/real/README.md, Peers)")
    tree = tmp_path / "tree"
    shutil.copytree(FIXTURE / "tree", tree)
    (tree / ".reviewer").mkdir()
    (tree / ".reviewer" / "report.md").write_text(
        "DEAD `_format_receipt()` shop/orders.py:14; DEAD `OrderBook.export_csv()`; LEGACY_RATE; unusedHelper(2)\n",
        encoding="utf-8")
    result = bench_real.peer_skylos(tree)
    assert sorted(result["_items"], key=str) == sorted(SAMPLE_ITEMS, key=str), result
    assert result["version"].startswith("skylos ")
    assert (tree / ".reviewer" / "report.md").exists()  # set aside for the run, then back
