"""CI-matrix sharding end to end: `reviewer run --shard I/N` in one copy of the repository per job
(as CI runners have), then `reviewer merge` of their output folders, compared with one unsharded run
of the same tree. Real scan, analysis and static reviewer (test_run_e2e's shop repository)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from reviewer.cli import cli
from reviewer.schema.shard import Shard, shard_of
from test_run_e2e import FILES, run, write_repo

COUNT = 3
# The shop's cross-file evidence: util.order_value copies pricing.total_price, pricing.legacy_discount is
# dead only because no other file calls it. The test is worth something only if they are in different shards.
PRICING, UTIL = "shop/pricing.py", "shop/util.py"


def merge(cwd: Path, monkeypatch: pytest.MonkeyPatch, *args: str):
    monkeypatch.chdir(cwd)
    return CliRunner().invoke(cli, ["merge", *args], catch_exceptions=False)


def report(folder: Path) -> dict:
    return json.loads((folder / "report.json").read_text())


def error_line(result) -> str:
    """The one line a refused command prints (stderr, mixed into CliRunner's output)."""
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    return lines[0]


@pytest.fixture(scope="module")
def matrix(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """One repository reviewed whole, and the same tree reviewed by COUNT shards, each in its own copy."""
    assert shard_of(PRICING, COUNT) != shard_of(UTIL, COUNT)
    base = tmp_path_factory.mktemp("matrix")
    repo = base / "repo"
    write_repo(repo, FILES)
    copies = {}
    for index in range(1, COUNT + 1):
        copies[index] = base / f"job-{index}"
        shutil.copytree(repo, copies[index])
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("ANTHROPIC_API_KEY", raising=False)
        whole = run(repo, "--fail-on", "needs-refactor")
        shards = {index: run(copy, "--shard", f"{index}/{COUNT}", "--fail-on", "needs-refactor")
                  for index, copy in copies.items()}
    return {"repo": repo, "whole": whole, "shards": shards,
            "folders": {index: copy / ".reviewer" for index, copy in copies.items()}}


def test_each_shard_reviews_its_slice_with_the_whole_repository_as_evidence(matrix: dict) -> None:
    assert matrix["whole"].exit_code == 1, matrix["whole"].output  # DEAD and DUPLICATE: needs-refactor
    whole = report(matrix["repo"] / ".reviewer")
    whole_findings = {(f["file"], f["symbol"], f["rule"]) for f in whole["findings"]}
    assert {(PRICING, "legacy_discount", "dead/no-root"), (UTIL, "order_value", "duplicate/renamed-clone")} \
        <= whole_findings
    seen: list[str] = []
    for index, folder in matrix["folders"].items():
        shard_report = report(folder)
        files = sorted(entry["file"] for entry in shard_report["files"])
        assert shard_report["shard"] == {"index": index, "count": COUNT}
        assert files == sorted(path for path in FILES if shard_of(path, COUNT) == index)
        seen += files
        # A finding is the same whether a shard or the whole run found it.
        assert {(f["file"], f["symbol"], f["rule"]) for f in shard_report["findings"]} == \
            {finding for finding in whole_findings if finding[0] in files}
        # The gate judges the slice: a shard with only clean files passes while another fails.
        hit = any(entry["verdict"] != "CLEAN" for entry in shard_report["files"])
        assert matrix["shards"][index].exit_code == (1 if hit else 0), matrix["shards"][index].output
        manifest = json.loads((folder / "shard.json").read_text())
        assert manifest["shard"] == {"index": index, "count": COUNT} and manifest["scope_files"] == len(FILES)
    assert sorted(seen) == sorted(FILES)  # every file in exactly one shard


def test_merged_shards_equal_the_unsharded_run(matrix: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = matrix["repo"]
    stale = repo / "merged" / "reviews" / "gone.py.rev.json"  # a review no shard holds: not in the merge
    stale.parent.mkdir(parents=True)
    stale.write_text("{}")
    folders = [str(folder) for folder in matrix["folders"].values()]
    result = merge(repo, monkeypatch, *folders, "--output", "merged", "--fail-on", "needs-refactor")
    assert result.exit_code == 1, result.output  # the matrix fails: one shard did
    assert "reviewer merge: summary" in result.output and f"{COUNT} merged" in result.output
    merged, whole = report(repo / "merged"), report(repo / ".reviewer")
    for key in ("summary", "files", "findings", "suppressed", "candidates", "semantic", "warnings", "shard"):
        assert merged[key] == whole[key], key
    moments = {"run_id", "started_at", "finished_at", "duration_seconds"}
    assert {k: v for k, v in merged["run"].items() if k not in moments} == \
        {k: v for k, v in whole["run"].items() if k not in moments}
    sarif = [json.loads((folder / "report.sarif").read_text())["runs"][0]["results"]
             for folder in (repo / "merged", repo / ".reviewer")]
    assert sarif[0] == sarif[1]
    assert not stale.exists()
    assert not (repo / "merged" / "shard.json").exists()
    assert sorted(p.relative_to(repo / "merged" / "reviews").as_posix()
                  for p in (repo / "merged" / "reviews").rglob("*.rev.json")) == sorted(f"{f}.rev.json" for f in FILES)
    # Merging again into the folder that now holds the merge: the same reviews, --exit-zero passes the gate.
    assert merge(repo, monkeypatch, *folders, "--output", "merged", "--exit-zero", "-q").exit_code == 0


def test_merge_refuses_shards_that_are_not_one_matrix(matrix: dict, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    folders = {index: str(folder) for index, folder in matrix["folders"].items()}
    assert "shard 3/3 missing (given: 1/3, 2/3)" in error_line(merge(tmp_path, monkeypatch, folders[1], folders[2]))
    assert "shard 2/3 is given twice" in error_line(merge(tmp_path, monkeypatch, *folders.values(), folders[2]))
    assert "holds no shard.json" in error_line(merge(tmp_path, monkeypatch, str(tmp_path), *folders.values()))
    assert "no shard folder given" in error_line(merge(tmp_path, monkeypatch))
    # The merged gate is the shards' gate: against the baseline they used (here none), or refused.
    (tmp_path / "accepted.json").write_text('{"version": 1, "findings": [], "files": {}}')
    line = error_line(merge(tmp_path, monkeypatch, *folders.values(), "--baseline", "accepted.json"))
    assert "the shards ran without a baseline" in line

    # A shard of another tree (a file edited before its job ran) or another matrix (N=2).
    other = tmp_path / "other"
    shutil.copytree(matrix["repo"], other, ignore=shutil.ignore_patterns(".reviewer", "merged"))
    (other / "shop" / "cart.py").write_text((other / "shop" / "cart.py").read_text() + "\n# edited\n")
    assert run(other, "--shard", "2/3").exit_code in (0, 1)
    line = error_line(merge(tmp_path, monkeypatch, folders[1], str(other / ".reviewer"), folders[3]))
    assert "the shards disagree on the scanned tree" in line and str(other / ".reviewer") in line
    assert run(other, "--shard", "1/2").exit_code in (0, 1)
    assert "different matrices" in error_line(merge(tmp_path, monkeypatch, folders[1], str(other / ".reviewer")))

    # A review changed (or swapped) after its shard wrote it.
    tampered = tmp_path / "tampered"
    shutil.copytree(matrix["folders"][shard_of(UTIL, COUNT)], tampered)
    review = tampered / "reviews" / f"{UTIL}.rev.json"
    review.write_text(review.read_text().replace('"NEEDS_REFACTOR"', '"CLEAN"'))
    given = {**folders, shard_of(UTIL, COUNT): str(tampered)}
    assert "is not the review" in error_line(merge(tmp_path, monkeypatch, *given.values()))


def test_run_refuses_a_bad_shard_in_one_line(tmp_path: Path) -> None:
    write_repo(tmp_path, FILES)
    for value, words in (("0/3", "between 1 and the count"), ("4/3", "between 1 and the count"),
                         ("2", "is not I/N"), ("1/0", "between 1 and the count")):
        line = error_line(run(tmp_path, "--shard", value))
        assert line.startswith("reviewer: error: --shard") and words in line, line
    assert "reviewer baseline" in error_line(run(tmp_path, "--shard", "1/2", "--update-baseline"))
    assert not (tmp_path / ".reviewer").exists()  # refused before any work


def test_the_slices_are_balanced_and_a_new_file_moves_no_other() -> None:
    paths = [f"pkg{n % 37}/module_{n}.py" for n in range(8000)]
    count = 4
    sizes = [sum(1 for path in paths if Shard(index=index, count=count).holds(path)) for index in range(1, count + 1)]
    assert sum(sizes) == len(paths)  # each path in exactly one shard
    assert max(sizes) - min(sizes) < 0.1 * len(paths) / count, sizes
    before = {path: shard_of(path, count) for path in paths}
    after = {path: shard_of(path, count) for path in [*paths, "pkg0/new.py", "new/other.py"]}
    assert all(after[path] == shard for path, shard in before.items())


def test_a_shard_in_a_reused_output_folder_reports_its_slice_only(matrix: dict, tmp_path: Path) -> None:
    """A restored CI cache or a local folder holds other files' reviews: the shard's report, gate and
    shard.json leave them out (and keep them on disk); a whole run after it is no shard's output."""
    reused = tmp_path / "reused"
    shutil.copytree(matrix["repo"], reused, ignore=shutil.ignore_patterns("merged"))
    assert run(reused, "--shard", "1/3").exit_code in (0, 1)
    slice_ = sorted(path for path in FILES if shard_of(path, COUNT) == 1)
    assert sorted(entry["file"] for entry in report(reused / ".reviewer")["files"]) == slice_
    manifest = json.loads((reused / ".reviewer" / "shard.json").read_text())
    assert sorted(manifest["reviews"]) == slice_ == manifest["files"]
    assert all((reused / ".reviewer" / "reviews" / f"{path}.rev.json").exists() for path in FILES)
    assert run(reused).exit_code == 0
    assert not (reused / ".reviewer" / "shard.json").exists()
    assert report(reused / ".reviewer")["shard"] is None
