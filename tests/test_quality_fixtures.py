"""The seeded-defect fixtures, judged entry by entry: one test id per catalog entry.

`reviewer run --enable-rag` (static reviewer, real MiniLM, real LanceDB) runs once per
fixture; each catalog entry then checks its own symbol, so a failure names the
fixture, axis, file, symbol and verdict. A last test per fixture fails on any
DEAD/DUPLICATE/OVER verdict the catalog does not list (a false positive).
"""

from __future__ import annotations

import shutil

import pytest

from reviewer.config import Config
from reviewer.pipeline import RunOptions, run
from reviewer.schema.review import ReviewFile
from reviewer.ui import UI
from test_quality_catalog import FIXTURE_NAMES, FIXTURES, bench


def _entries():
    for name in FIXTURE_NAMES:
        for entry in bench.load_catalog(FIXTURES / name / "catalog.yaml").entries:
            lines = f"@{entry.lines[0]}-{entry.lines[1]}" if entry.lines else ""
            yield pytest.param(name, entry, id=f"{name}:{entry.axis}:{entry.file}:{entry.symbol}{lines}={entry.expected}")


@pytest.fixture(scope="module")
def reviews(tmp_path_factory) -> dict[str, list[ReviewFile]]:
    """Each fixture's reviews, from one run on a copy without its catalog."""
    out = {}
    for name in FIXTURE_NAMES:
        root = tmp_path_factory.mktemp("quality") / name
        shutil.copytree(FIXTURES / name, root, ignore=shutil.ignore_patterns("catalog.yaml", ".reviewer", "__pycache__"))
        run(root, Config(), RunOptions(enable_rag=True), UI(plain=True, echo=lambda line: None))
        out[name] = bench.load_reviews(root)
    return out


@pytest.mark.parametrize("name, entry", list(_entries()))
def test_catalog_entry(name, entry, reviews):
    mismatches = bench.score_fixture(bench.Catalog(fixture=name, language="-", entries=[entry]), reviews[name])
    wrong = [m.line() for score in mismatches.values() for m in score.mismatches
             if (m.file, m.symbol, m.axis) == (*entry.key, entry.axis)]
    assert wrong == []


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_no_verdict_outside_the_catalog(name, reviews):
    catalog = bench.load_catalog(FIXTURES / name / "catalog.yaml")
    scores = bench.score_fixture(catalog, reviews[name])
    assert [m.line() for score in scores.values() for m in score.mismatches if m.outcome == "FP"] == []
