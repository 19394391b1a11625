"""The quality fixtures' catalogs match the fixtures, and bench_quality's scoring is right.

Scoring is checked on hand-made ReviewFiles, so these tests need no reviewer run.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
import yaml

from reviewer.config import Config
from reviewer.schema.review import DuplicateOf, Finding, ReviewFile, SymbolReview
from reviewer.scan import scan_repository

REPO_ROOT = Path(__file__).resolve().parents[1]
FIXTURES = REPO_ROOT / "tests" / "fixtures" / "quality"
FIXTURE_NAMES = ["py_shop", "ts_shop"]


def _load_bench():
    spec = importlib.util.spec_from_file_location("bench_quality", REPO_ROOT / "scripts" / "bench_quality.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_quality"] = module  # dataclasses resolve their annotations through sys.modules
    spec.loader.exec_module(module)
    return module


bench = _load_bench()


@pytest.fixture(scope="module")
def scans():
    return {name: scan_repository(FIXTURES / name, Config()) for name in FIXTURE_NAMES}


# ---------------------------------------------------------------- the catalogs


def test_every_fixture_has_a_catalog():
    assert bench.fixture_names() == FIXTURE_NAMES


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_catalog_names_real_symbols(name):
    catalog = bench.load_catalog(FIXTURES / name / "catalog.yaml")
    assert catalog.fixture == name
    assert bench.catalog_problems(catalog, FIXTURES / name) == []


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_catalog_seeds_every_kind_of_defect_and_decoy(name):
    entries = bench.load_catalog(FIXTURES / name / "catalog.yaml").entries
    seeded = {(e.axis, e.expected, e.kind) for e in entries}
    for needed in [
        ("utility", "DEAD", "defect"), ("utility", "UNREACHABLE", "defect"), ("utility", "USED", "decoy"),
        ("duplication", "DUPLICATE", "defect"), ("duplication", "UNIQUE", "decoy"),
        ("overengineering", "OVER", "defect"),
    ]:
        assert needed in seeded, needed
    assert sum(e.expected == "DUPLICATE" for e in entries) >= 4  # renamed, loop vs builtin, reduce, inline
    assert sum(e.expected == "OVER" for e in entries) >= 4  # single implementation, one method, factory, wrapper
    assert {"GOOD", "WEAK", "NONE"} <= {e.expected for e in entries if e.axis == "tests"}
    assert {"DOCUMENTED", "PARTIAL", "UNDOCUMENTED"} <= {e.expected for e in entries if e.axis == "documentation"}


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_tests_and_documentation_list_every_exported_function(name, scans):
    entries = bench.load_catalog(FIXTURES / name / "catalog.yaml").entries
    exported = {
        (f.path, s.qualified_name)
        for f in scans[name].files
        if "test" not in f.path
        for s in f.symbols
        if s.exported and s.kind == "function" and s.parent is None
    }
    for axis in ("tests", "documentation"):
        listed = [e.key for e in entries if e.axis == axis]
        assert len(listed) == len(set(listed)), f"{axis}: a symbol is listed twice"
        assert set(listed) == exported, axis


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_no_symbol_is_listed_twice_on_one_axis(name):
    entries = bench.load_catalog(FIXTURES / name / "catalog.yaml").entries
    keys = [(e.axis, e.file, e.symbol, e.expected) for e in entries]
    assert len(keys) == len(set(keys))


def test_catalog_problems_reports_unknown_symbols_targets_and_lines(tmp_path):
    (tmp_path / "util.py").write_text("def helper(x):\n    return x + 1\n\n\ndef caller():\n    return helper(2)\n")
    catalog = bench.Catalog(fixture="tiny", language="python", entries=[
        bench.CatalogEntry(file="util.py", symbol="helper", axis="utility", expected="USED", kind="decoy"),
        bench.CatalogEntry(file="util.py", symbol="helpr", axis="utility", expected="DEAD", kind="defect"),
        bench.CatalogEntry(file="other.py", symbol="helper", axis="utility", expected="DEAD", kind="defect"),
        bench.CatalogEntry(file="util.py", symbol="caller", axis="duplication", expected="DUPLICATE",
                           duplicate_of="util.py:nothing", kind="defect"),
        bench.CatalogEntry(file="util.py", symbol="helper", axis="utility", expected="UNREACHABLE",
                           lines=(2, 9), kind="defect"),
    ])
    problems = bench.catalog_problems(catalog, tmp_path)
    assert problems == [
        "util.py:helpr (utility): no such symbol in the scan",
        "other.py:helper (utility): no such symbol in the scan",
        "util.py:caller (duplication): duplicate_of util.py:nothing is no symbol in the scan",
        "util.py:helper (utility): lines (2, 9) are outside the symbol (1-2)",
    ]


@pytest.mark.parametrize("entry, message", [
    ({"expected": "DUPLICATE"}, "duplicate_of goes with expected DUPLICATE"),
    ({"expected": "UNIQUE", "duplicate_of": "a.py:f"}, "duplicate_of goes with expected DUPLICATE"),
    ({"axis": "utility", "expected": "UNREACHABLE"}, "lines goes with expected UNREACHABLE"),
    ({"expected": "DEAD"}, "is not a duplication verdict"),
])
def test_a_bad_catalog_ends_in_one_line_naming_the_file(tmp_path, entry, message):
    raw = {"file": "a.py", "symbol": "f", "axis": "duplication", "kind": "defect", **entry}
    path = tmp_path / "catalog.yaml"
    path.write_text(yaml.safe_dump({"fixture": "x", "language": "python", "entries": [raw]}))
    with pytest.raises(SystemExit) as exc:
        bench.load_catalog(path)
    assert str(exc.value).startswith(f"{path}: entries.0")
    assert message in str(exc.value)


# ---------------------------------------------------------------- scoring


def sym(name, start=1, end=5, **verdicts):
    return SymbolReview(name=name, kind="function", exported=True, line_start=start, line_end=end, **verdicts)


def review(file, *symbols, findings=()):
    return ReviewFile(file=file, language="python", sha256="0" * 64, reviewer="static",
                      symbols=list(symbols), findings=list(findings))


def entry(file, symbol, axis, expected, kind="defect", **extra):
    return bench.CatalogEntry(file=file, symbol=symbol, axis=axis, expected=expected, kind=kind, **extra)


def catalog(*entries):
    return bench.Catalog(fixture="synthetic", language="python", entries=list(entries))


def test_binary_axis_precision_recall_f1_and_the_mismatch_list():
    cat = catalog(
        entry("a.py", "dead_one", "utility", "DEAD"),
        entry("a.py", "dead_two", "utility", "DEAD"),
        entry("a.py", "by_getattr", "utility", "USED", kind="decoy", note="getattr literal"),
    )
    reviews = [review(
        "a.py",
        sym("dead_one", utility="DEAD"),
        sym("dead_two", utility="USED"),
        sym("by_getattr", utility="DEAD"),
        sym("stray", utility="DEAD"),
        sym("fine", utility="USED"),
    )]
    score = bench.score_fixture(cat, reviews)["utility"]
    assert (score.predicted, score.correct_predictions, score.false_positives, score.false_negatives) == (3, 1, 2, 1)
    assert score.precision == pytest.approx(1 / 3)
    assert score.recall == pytest.approx(1 / 2)
    assert score.f1 == pytest.approx(2 * (1 / 3) * (1 / 2) / (1 / 3 + 1 / 2))
    lines = sorted(m.line() for m in score.mismatches)
    assert lines == [
        "FN      a.py:dead_two  utility  expected DEAD  got USED",
        "FP      a.py:by_getattr  utility  expected USED  got DEAD  (decoy: getattr literal)",
        "FP      a.py:stray  utility  expected -  got DEAD  (not in the catalog)",
    ]
    assert score.misses_target() == ["precision 0.33 < 0.8", "F1 0.40 < 0.9"]


def test_perfect_reviews_meet_every_target():
    cat = catalog(
        entry("a.py", "gone", "utility", "DEAD"),
        entry("a.py", "Big", "overengineering", "OVER"),
        entry("a.py", "copy", "duplication", "DUPLICATE", duplicate_of="b.py:orig"),
        entry("a.py", "gone", "tests", "NONE"),
        entry("a.py", "gone", "documentation", "DOCUMENTED", kind="decoy"),
    )
    reviews = [
        review("a.py", sym("gone", utility="DEAD", tests="NONE", documentation="DOCUMENTED"),
               sym("Big", overengineering="OVER"),
               sym("copy", duplication="DUPLICATE", duplicate_of=DuplicateOf(file="b.py", name="orig", score=0.95))),
        review("b.py", sym("orig")),
    ]
    scores = bench.score_fixture(cat, reviews)
    for axis, score in scores.items():
        assert (score.precision, score.recall, score.f1) == (1.0, 1.0, 1.0), axis
        assert score.misses_target() == [] and score.mismatches == [], axis


def test_no_predictions_and_nothing_to_find_is_perfect_but_missing_everything_is_not():
    empty = bench.score_fixture(catalog(), [review("a.py", sym("f"))])["overengineering"]
    assert (empty.precision, empty.recall, empty.f1) == (1.0, 1.0, 1.0)
    missed = bench.score_fixture(catalog(entry("a.py", "f", "overengineering", "OVER")),
                                 [review("a.py", sym("f"))])["overengineering"]
    assert (missed.precision, missed.recall, missed.f1) == (0.0, 0.0, 0.0)


def _dup(file, name, score=0.9):
    return {"duplication": "DUPLICATE", "duplicate_of": DuplicateOf(file=file, name=name, score=score)}


@pytest.mark.parametrize("flagged", ["copy_only", "original_only", "both"])
def test_a_duplicate_pair_is_found_in_either_direction(flagged):
    cat = catalog(entry("inv.py", "make_handle", "duplication", "DUPLICATE", duplicate_of="util.py:slugify"))
    copy = sym("make_handle", **(_dup("util.py", "slugify") if flagged in ("copy_only", "both") else {}))
    original = sym("slugify", **(_dup("inv.py", "make_handle") if flagged in ("original_only", "both") else {}))
    score = bench.score_fixture(cat, [review("inv.py", copy), review("util.py", original)])["duplication"]
    assert score.found == 1 and score.false_negatives == 0
    assert score.predicted == (2 if flagged == "both" else 1)
    assert score.false_positives == 0
    assert (score.precision, score.recall) == (1.0, 1.0)


def test_a_duplicate_pointing_elsewhere_is_both_a_false_positive_and_a_miss():
    cat = catalog(
        entry("inv.py", "make_handle", "duplication", "DUPLICATE", duplicate_of="util.py:slugify"),
        entry("p.py", "apply_surcharge", "duplication", "UNIQUE", kind="decoy", note="other operator"),
    )
    reviews = [
        review("inv.py", sym("make_handle", **_dup("util.py", "format_money"))),
        review("util.py", sym("slugify"), sym("format_money")),
        review("p.py", sym("apply_surcharge", **_dup("p.py", "apply_discount")), sym("apply_discount"),
               sym("orphan", duplication="DUPLICATE")),
    ]
    score = bench.score_fixture(cat, reviews)["duplication"]
    assert (score.predicted, score.correct_predictions, score.found) == (3, 0, 0)
    assert (score.precision, score.recall, score.f1) == (0.0, 0.0, 0.0)
    assert sorted(m.line() for m in score.mismatches) == [
        "FN      inv.py:make_handle  duplication  expected DUPLICATE of util.py:slugify  "
        "got DUPLICATE of util.py:format_money",
        "FP      inv.py:make_handle  duplication  expected UNIQUE  got DUPLICATE of util.py:format_money  "
        "(not in the catalog)",
        "FP      p.py:apply_surcharge  duplication  expected UNIQUE  got DUPLICATE of p.py:apply_discount  "
        "(decoy: other operator)",
        "FP      p.py:orphan  duplication  expected UNIQUE  got DUPLICATE (no duplicate_of)  (not in the catalog)",
    ]


def test_unreachable_code_is_matched_by_an_overlapping_finding():
    cat = catalog(
        entry("p.py", "shipping", "utility", "UNREACHABLE", lines=(74, 76)),
        entry("c.py", "checkout", "utility", "UNREACHABLE", lines=(40, 42)),
        entry("c.py", "gone", "utility", "DEAD"),
    )

    def finding(symbol, start, end):
        return Finding(axis="utility", verdict="DEAD", symbol=symbol, line_start=start, line_end=end, message="x")

    reviews = [
        review("p.py", sym("shipping", 66, 76), sym("other", 80, 95),
               findings=[finding("shipping", 75, 76), finding("other", 90, 91)]),
        # The DEAD symbol's own finding (its whole range) restates the verdict: not an unreachable report.
        review("c.py", sym("checkout", 37, 47), sym("gone", 50, 60, utility="DEAD"), findings=[finding("gone", 50, 60)]),
    ]
    score = bench.score_fixture(cat, reviews)["utility"]
    assert (score.expected_positives, score.found) == (3, 2)  # gone (DEAD) and shipping; checkout missed
    assert (score.predicted, score.correct_predictions) == (3, 2)  # gone, shipping 75-76, stray other 90-91
    assert sorted(m.line() for m in score.mismatches) == [
        "FN      c.py:checkout  utility  expected UNREACHABLE 40-42  got no finding",
        "FP      p.py:other  utility  expected reachable  got UNREACHABLE 90-91  (not in the catalog)",
    ]


def test_tests_and_documentation_are_judged_on_listed_symbols_only():
    cat = catalog(
        entry("a.py", "good", "tests", "GOOD", kind="decoy"),
        entry("a.py", "weak", "tests", "WEAK"),
        entry("a.py", "none", "tests", "NONE"),
        entry("a.py", "none2", "tests", "NONE"),
        entry("a.py", "gone", "tests", "NONE"),
    )
    reviews = [review(
        "a.py",
        sym("good", tests="WEAK"),  # FP: a problem where there is none
        sym("weak", tests="NONE"),  # a problem, but the wrong one: counts for P/R, not for accuracy
        sym("none", tests="NONE"),
        sym("none2", tests="GOOD"),  # FN
        sym("unlisted", tests="NONE"),  # not judged
    )]
    score = bench.score_fixture(cat, reviews)["tests"]
    assert (score.judged, score.exact) == (5, 1)
    assert score.accuracy == pytest.approx(0.2)
    assert (score.expected_positives, score.predicted, score.correct_predictions) == (4, 3, 2)
    assert score.precision == pytest.approx(2 / 3)
    assert score.recall == pytest.approx(2 / 4)
    assert sorted((m.outcome, m.symbol, m.got) for m in score.mismatches) == [
        ("FN", "gone", "missing"), ("FN", "none2", "GOOD"), ("FP", "good", "WEAK"), ("wrong", "weak", "NONE"),
    ]


def test_catalog_symbols_missing_from_the_reviews_are_misses_and_are_listed():
    cat = catalog(
        entry("a.py", "renamed_since", "utility", "DEAD"),
        entry("a.py", "decoy_gone", "utility", "USED", kind="decoy"),
        entry("a.py", "doc_gone", "documentation", "DOCUMENTED", kind="decoy"),
    )
    scores = bench.score_fixture(cat, [review("a.py", sym("present"))])
    assert scores["utility"].false_negatives == 1
    assert sorted((m.outcome, m.symbol, m.got) for m in scores["utility"].mismatches) == [
        ("FN", "renamed_since", "missing"), ("missing", "decoy_gone", "missing"),
    ]
    assert [(m.outcome, m.symbol) for m in scores["documentation"].mismatches] == [("missing", "doc_gone")]
    assert scores["documentation"].accuracy == 0.0


def test_record_rewrites_only_the_quality_section(tmp_path, monkeypatch):
    target = tmp_path / "benchmarks.md"
    target.write_text("# Benchmarks\n\n<!-- bench:scan -->\nscan table\n<!-- /bench:scan -->\n")
    monkeypatch.setattr(bench, "BENCHMARKS", target)
    bench.record("## quality\n\nfirst")
    bench.record("## quality\n\nsecond")
    text = target.read_text()
    assert "scan table" in text and "second" in text and "first" not in text
    assert text.count("<!-- bench:quality -->") == 1


def test_section_body_lists_the_table_and_every_mismatch():
    cat = catalog(entry("a.py", "gone", "utility", "DEAD"))
    results = {"synthetic": bench.score_fixture(cat, [review("a.py", sym("gone"))])}
    body = bench.section_body(results, {"synthetic": 12.3}, "python scripts/bench_quality.py")
    assert "| synthetic | utility | 1 | 0 | 0 | 0 | 1 | 0.00 | 0.00 | 0.00 | - | MISSES:" in body
    assert "synthetic  FN      a.py:gone  utility  expected DEAD  got USED" in body
    assert "synthetic 12.3 s" in body and "NOT all met" in body
