"""Golden files of every rendered output on a hand-written fixture run.

tests/data/report_run/ is a `.reviewer/` folder: five ReviewFiles (Python, TS,
JS; clean, critical, suppressed, a three-way duplicate, awkward names) and two
run records. Regenerate the golden files with UPDATE_GOLDEN=1 after an
intended change, and read the diff.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import jsonschema
import pytest

from reviewer.schema.review import Finding

from reviewer.config import Config
from reviewer.report import render_all

DATA = Path(__file__).parent / "data"
GOLDEN = Path(__file__).parent / "golden" / "report"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("project")
    shutil.copytree(DATA / "report_run", root / ".reviewer")
    for review in (root / ".reviewer" / "reviews").rglob("*.rev.json"):  # the sources the links point at
        source = root / json.loads(review.read_text())["file"]
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("# source\n")
    render_all(root, Config())
    return root / ".reviewer"


def _golden_names() -> list[str]:
    reviews = sorted(p.relative_to(DATA / "report_run").as_posix() for p in (DATA / "report_run").rglob("*.rev.json"))
    return ["report.md", "report.json", "report.sarif", *(name[: -len(".json")] + ".md" for name in reviews)]


@pytest.mark.parametrize("name", _golden_names())
def test_matches_golden(rendered: Path, name: str) -> None:
    produced = (rendered / name).read_text(encoding="utf-8")
    if name.endswith((".sarif", "report.json")):  # written compact; kept pretty here so that diffs read well
        produced = json.dumps(json.loads(produced), indent=2, ensure_ascii=False) + "\n"
    golden = GOLDEN / name
    if UPDATE:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(produced, encoding="utf-8")
    assert golden.exists(), f"missing {golden}: run UPDATE_GOLDEN=1 pytest {__file__}"
    assert produced == golden.read_text(encoding="utf-8"), f"{name} differs from {golden} (UPDATE_GOLDEN=1 to accept)"


def _sarif_validator() -> jsonschema.Draft7Validator:
    schema = json.loads((DATA / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    return jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)


def test_sarif_is_valid_sarif_2_1_0(rendered: Path) -> None:
    sarif = json.loads((rendered / "report.sarif").read_text(encoding="utf-8"))
    errors = sorted(_sarif_validator().iter_errors(sarif), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]


def test_the_vendored_schema_rejects_broken_sarif(rendered: Path) -> None:
    sarif = json.loads((rendered / "report.sarif").read_text(encoding="utf-8"))
    sarif["runs"][0]["results"][0]["level"] = "fatal"
    sarif["runs"][0]["results"][1]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    del sarif["runs"][0]["tool"]["driver"]["name"]
    assert len(list(_sarif_validator().iter_errors(sarif))) == 3


def test_sarif_results_rules_and_fingerprints(rendered: Path) -> None:
    run = json.loads((rendered / "report.sarif").read_text(encoding="utf-8"))["runs"][0]
    results = run["results"]
    rules = run["tool"]["driver"]["rules"]
    reviews = [json.loads(p.read_text()) for p in (DATA / "report_run").rglob("*.rev.json")]
    unsuppressed = [f for r in reviews for f in r["findings"] if not f.get("suppressed")]
    hygiene = [f for f in unsuppressed if f["axis"] in ("tests", "documentation")]
    assert hygiene  # counted in the run's properties, not listed (one policy for every output)
    assert len(results) == len(unsuppressed) - len(hygiene)  # the suppressed finding is left out
    assert sum(run["properties"]["unlistedFindings"].values()) == len(hygiene)
    # reviews written before rule ids: each finding carries its axis's default rule (schema/rules.py)
    severity = {(r["file"], f["line_start"], Finding.model_validate(f).rule): f["severity"]
                for r in reviews for f in r["findings"]}
    levels = set()
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        physical = result["locations"][0]["physicalLocation"]
        location = physical["artifactLocation"]
        assert location["uriBaseId"] == "%SRCROOT%" and not location["uri"].startswith("/")
        assert len(next(iter(result["partialFingerprints"].values()))) == 32
        levels.add((severity[(location["uri"], physical["region"]["startLine"], result["ruleId"])], result["level"]))
    assert levels == {("high", "error"), ("medium", "warning"), ("low", "note")} - (
        set() if any(f["severity"] == "low" and f not in hygiene for f in unsuppressed) else {("low", "note")})
    # the finding stored without a fingerprint got a content one, not an empty string
    over = next(r for r in results if r["ruleId"] == "over/judged")
    assert all(over["partialFingerprints"].values())


def test_sarif_keeps_the_most_severe_results_under_the_limit() -> None:
    from reviewer.report.sarif import build_sarif
    from reviewer.schema.review import Finding, ReviewFile

    findings = [Finding(axis="tests", verdict="NONE", severity="low", line_start=i, line_end=i, message="m", fingerprint=f"{i}")
                for i in range(1, 8)]
    findings[5] = findings[5].model_copy(update={"severity": "high", "axis": "correction", "verdict": "ERROR"})
    review = ReviewFile(file="a.py", language="python", sha256="0" * 64, reviewer="static", findings=findings)
    run = build_sarif([review], None, max_results=3)["runs"][0]
    # the most important first: the high one, then the low ones in line order
    assert [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in run["results"]] == [6, 1, 2]
    assert run["properties"] == {"resultsOmitted": 4, "resultsLimit": 3}
    assert not list(_sarif_validator().iter_errors({"version": "2.1.0", "runs": [run]}))


def test_report_json_is_versioned_and_complete(rendered: Path) -> None:
    report = json.loads((rendered / "report.json").read_text(encoding="utf-8"))
    assert report["version"] == 1
    assert report["summary"]["files"] == 5
    assert report["summary"]["verdicts"] == {"CLEAN": 1, "NEEDS_REFACTOR": 3, "CRITICAL": 1}
    assert report["summary"]["suppressed_findings"] == 1
    assert report["run"]["run_id"] == "20261103T101500-ab12"  # the latest of the two runs
    assert [f["file"] for f in report["files"]][0] == "src/game/loot.py"  # the CRITICAL one first
    top = report["semantic"]["clusters"][0]
    assert top["size"] == 4 and top["keep"]["name"] == "weighted_pick"
    assert 0 <= report["semantic"]["semanticCoherenceScore"] <= 100


def _slugs(markdown_text: str) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes."""
    import re

    headings = re.findall(r"^#+ (.+)$", markdown_text, flags=re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def test_every_link_in_every_page_resolves(rendered: Path) -> None:
    """report.md, each .rev.md and any findings page: each relative link names an
    existing file (source lines, partner reviews, the report), each #anchor a heading."""
    import re
    from urllib.parse import unquote

    pages = [rendered / "report.md", *rendered.rglob("*.rev.md"), *(rendered / "findings").glob("*.md")]
    checked = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            path, _, anchor = target.partition("#")
            if not path:
                assert anchor in _slugs(text), f"{page.name}: no heading for #{anchor}"
                continue
            assert (page.parent / unquote(path)).is_file(), f"{page.relative_to(rendered)}: {target}"
            if anchor and path.endswith(".md"):
                assert anchor in _slugs((page.parent / unquote(path)).read_text()), target
            checked += 1
    assert checked > 50


def test_report_rebuilds_without_reviewing_and_drops_orphans(tmp_path: Path) -> None:
    shutil.copytree(DATA / "report_run", tmp_path / ".reviewer")
    render_all(tmp_path, Config())
    (tmp_path / ".reviewer" / "reviews" / "web" / "legacy.js.rev.json").unlink()
    written = render_all(tmp_path, Config())
    assert not (tmp_path / ".reviewer" / "reviews" / "web" / "legacy.js.rev.md").exists()
    assert "legacy.js" not in (tmp_path / ".reviewer" / "report.md").read_text()
    assert {p.name for p in written} >= {"report.md", "report.json", "report.sarif"}


def test_a_corrupt_review_is_named_and_skipped(tmp_path: Path) -> None:
    shutil.copytree(DATA / "report_run", tmp_path / ".reviewer")
    (tmp_path / ".reviewer" / "reviews" / "broken.py.rev.json").write_text("{not json")
    render_all(tmp_path, Config())
    report = json.loads((tmp_path / ".reviewer" / "report.json").read_text())
    assert report["summary"]["files"] == 5
    assert any("broken.py.rev.json" in w for w in report["warnings"])
    assert "broken.py.rev.json" in (tmp_path / ".reviewer" / "report.md").read_text()


def test_only_changed_reviews_are_rendered_again(tmp_path: Path) -> None:
    shutil.copytree(DATA / "report_run", tmp_path / ".reviewer")
    render_all(tmp_path, Config())
    reviews = tmp_path / ".reviewer" / "reviews"
    pages = {p: p.stat().st_mtime_ns for p in reviews.rglob("*.rev.md")}
    for page in pages:
        page.write_text("stale\n")  # a page that is not re-rendered keeps this text
    changed = reviews / "src" / "rng.py.rev.json"
    data = json.loads(changed.read_text())
    data["summary"] = "Edited summary."
    changed.write_text(json.dumps(data))
    (reviews / "src" / "clean.py.rev.md").unlink()
    render_all(tmp_path, Config())
    assert "Edited summary." in (reviews / "src" / "rng.py.rev.md").read_text()
    assert (reviews / "src" / "clean.py.rev.md").read_text().startswith("# `src/clean.py`")  # missing: rebuilt
    assert (reviews / "web" / "util.ts.rev.md").read_text() == "stale\n"  # unchanged: left alone


def test_sarif_related_locations_category_help_and_prefix(rendered: Path) -> None:
    from reviewer.report.loading import load_reviews
    from reviewer.report.sarif import build_sarif
    from reviewer.workspace import Workspace

    reviews = load_reviews(Workspace(rendered.parent)).reviews
    sarif = build_sarif(reviews, None, category="web-job", prefix="services/api/")
    assert not list(_sarif_validator().iter_errors(sarif))
    run = sarif["runs"][0]
    assert run["automationDetails"]["id"] == "web-job/report"
    assert all(rule["help"]["markdown"] for rule in run["tool"]["driver"]["rules"])
    dup = next(r for r in run["results"] if r["ruleId"] == "duplicate/block-clone")
    related = dup["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert related.startswith("services/api/") and "[the other copy](1)" in dup["message"]["text"]
    assert all(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].startswith("services/api/")
               for r in run["results"])
