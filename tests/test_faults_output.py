"""Issue 32: nothing written or deleted outside the output folder, no silent loss.

Each case injects one fault into a repository that ran once (a link planted in
`.reviewer/`, the LanceDB table deleted, an entry of the wrong kind, a lock from
another machine, temp files of a killed run) and checks what the next command
does: one clear line naming the path and the fix (exit 2), or a repair that
loses nothing; never a write or a delete through a link."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from faults_helpers import GOOD, WORKTREE, invoke, last_run, make, one_clear_line, reviews, copy_of

# Two copies of one function in two files (a duplicate with RAG on or off), and a third file.
CLONE = ('def normalise(rows, key):\n    """Rows sorted by key, without blanks."""\n    kept = []\n'
         '    for row in rows:\n        value = row.get(key)\n        if value is None or value == "":\n'
         '            continue\n        kept.append((value, row))\n    kept.sort(key=lambda pair: pair[0])\n'
         '    return [row for _, row in kept]\n')
FILES = {"pkg/a.py": CLONE, "pkg/b.py": CLONE.replace("normalise", "tidy"), "pkg/m0.py": GOOD}


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A repository after one RAG run."""
    root = make(tmp_path_factory.mktemp("tpl") / "repo", FILES)
    result = invoke("run", root, "--plain", "--enable-rag")
    assert result.exit_code == 0, result.stderr
    return root




def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every entry under `folder` and its bytes (None for a folder)."""
    return {p.relative_to(folder).as_posix(): (None if p.is_dir() else p.read_bytes()) for p in folder.rglob("*")}


def findings(root: Path) -> list[tuple]:
    report = json.loads((root / ".reviewer" / "report.json").read_text())
    return sorted((f["file"], f["symbol"], f["axis"], f["verdict"], f["line_start"], f["message"])
                  for f in report["findings"] + report["candidates"])


# -- links in the output folder -------------------------------------------------------------

LINKED = ["reviews", "cache", "rag", "runs", "cache/facts", "rag/lancedb", "rag/vectors", "reviews/pkg"]


@pytest.mark.parametrize("entry", LINKED)
def test_a_linked_entry_is_refused_and_the_outside_is_untouched(template, tmp_path, entry):
    root = copy_of(template, tmp_path)
    victim = tmp_path / "victim"
    # What reviewer would write, prune or delete there if it followed the link.
    make(victim, {"keep.rev.json": "{}", "pkg/a.py.rev.json": "{}", "notes.rev.md": "mine", "a.py.rev.md": "mine",
                  "reviews.json": "{}", "cache.json": "{}", "ab/0123.json": "{}", "run-0/run.json": "{}"})
    before = snapshot(victim)
    linked = root / ".reviewer" / entry
    shutil.rmtree(linked)
    linked.symlink_to(victim, target_is_directory=True)
    (root / "pkg" / "m0.py").write_text(GOOD + "\n# edited\n")
    results = {command[0]: invoke(*command) for command in (
        ["run", root, "--plain", "--enable-rag"], ["report", root], ["index", root],
        ["similar", "pkg/a.py:normalise", root], ["status", root, "--show-rag"])}  # readers create nothing there
    assert snapshot(victim) == before
    for name in ("run", "index"):
        assert results[name].exit_code == 2, (name, results[name].output)
        one_clear_line(results[name].stderr, str(linked), "is a symbolic link", "rm ")
    # `report` refuses too, or has nothing to write there (it writes no rag/ or runs/)
    assert results["report"].exit_code in (0, 2) and "Traceback" not in results["report"].output


def linked_output_folder(root: Path, tmp_path: Path) -> Path:
    """Move the repository's .reviewer/ outside it and leave a link in its place; the folder outside."""
    outside = tmp_path / "outside"
    shutil.move(root / ".reviewer", outside)
    (root / ".reviewer").symlink_to(outside, target_is_directory=True)
    return outside


def test_a_linked_output_folder_is_refused_by_report_too(template, tmp_path):
    root = copy_of(template, tmp_path)
    outside = linked_output_folder(root, tmp_path)
    before = snapshot(outside)
    result = invoke("report", root)
    assert result.exit_code == 2
    one_clear_line(result.stderr, "not a folder inside the repository")
    assert snapshot(outside) == before


def test_baseline_from_ref_is_not_written_through_a_linked_cache(template, tmp_path):
    root = copy_of(template, tmp_path)
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@t")
    for args in (["init", "-q"], ["add", "pkg"], ["commit", "-qm", "base"]):
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)
    victim = make(tmp_path / "victim", {"reviews.json": "{}"})
    before = snapshot(victim)
    shutil.rmtree(root / ".reviewer" / "cache")
    (root / ".reviewer" / "cache").symlink_to(victim, target_is_directory=True)
    result = invoke("run", root, "--plain", "--baseline-from-ref", "HEAD")
    assert snapshot(victim) == before
    assert result.exit_code == 2
    one_clear_line(result.stderr, "cache is a symbolic link")


def test_reviewer_baseline_is_not_written_through_a_linked_output_folder(template, tmp_path):
    root = copy_of(template, tmp_path)
    outside = linked_output_folder(root, tmp_path)
    before = snapshot(outside)
    result = invoke("baseline", root)
    assert snapshot(outside) == before
    assert result.exit_code == 2
    one_clear_line(result.stderr, "not a folder inside the repository")


# -- the LanceDB table and rag/cache.json ----------------------------------------------------

def _delete_table(root: Path) -> None:
    shutil.rmtree(root / ".reviewer" / "rag" / "lancedb")


def _empty_table(root: Path) -> None:
    import lancedb

    lancedb.connect(str(root / ".reviewer" / "rag" / "lancedb")).open_table("function_cards").delete("true")


@pytest.mark.parametrize("damage", [_delete_table, _empty_table], ids=["deleted", "emptied"])
def test_a_lost_table_is_rebuilt_with_the_same_findings(template, tmp_path, damage):
    root = copy_of(template, tmp_path)
    healthy = findings(root)
    assert any(f[2] == "duplication" for f in healthy), healthy  # the case needs a duplicate to lose
    damage(root)
    result = invoke("run", root, "--plain", "--enable-rag")
    assert result.exit_code == 0, result.output
    one_clear_line(result.stderr, "RAG index", "rag/cache.json lists", "rebuilding it")
    assert "(0 in index" not in result.output
    assert findings(root) == healthy
    again = invoke("run", root, "--plain", "--enable-rag")  # and the run after is quiet
    assert again.exit_code == 0 and "rebuilding" not in again.stderr
    assert findings(root) == healthy


def test_reviewer_index_repairs_a_deleted_table(template, tmp_path):
    root = copy_of(template, tmp_path)
    _delete_table(root)
    result = invoke("index", root)
    assert result.exit_code == 0, result.output
    assert "(0 in index" not in result.output
    one_clear_line(result.stderr, "RAG index", "is missing", "rebuilding it")


# -- page names of long paths ----------------------------------------------------------------

def test_a_long_file_name_keeps_its_page(tmp_path):
    long_name = "pkg/" + "a_long_module_name_" * 12 + "end.py"  # a 236-character file name
    assert 230 < len(long_name.rpartition("/")[2]) < 250
    root = make(tmp_path / "repo", {long_name: GOOD, "pkg/m0.py": GOOD.replace("add", "plus")})
    for _ in range(2):  # and the run after keeps it too
        result = invoke("run", root, "--plain")
        assert result.exit_code == 0, result.output
        base = root / ".reviewer" / "reviews"
        jsons = {p.name.removesuffix(".rev.json") for p in base.rglob("*.rev.json")}
        pages = {p.name.removesuffix(".rev.md") for p in base.rglob("*.rev.md")}
        assert len(jsons) == 2 and pages == jsons
        report = json.loads((root / ".reviewer" / "report.json").read_text())
        for entry in report["files"]:
            assert (root / ".reviewer" / entry["rev_md"]).is_file(), entry["rev_md"]


# -- temp files of a killed run ----------------------------------------------------------------

def test_stale_temp_files_of_ours_are_swept(template, tmp_path):
    root = copy_of(template, tmp_path)
    out = root / ".reviewer"
    stale = [out / "reviews/pkg/.a.py.rev.json.k2j4_x9q.tmp", out / "cache/.reviews.json.0a1b2c3d.tmp",
             out / ".report.json.zz99yy88.tmp", out / ".lock.4242.tmp", out / "rag/vectors/.shard-00.tmp.npz"]
    kept = [out / "reviews/pkg/.a.py.rev.json.fresh123.tmp",  # a concurrent writer's, being written now
            out / "reviews/pkg/notes.tmp",  # not our naming
            out / "rag/lancedb/.m0.py.rev.json.abcd1234.tmp"]  # LanceDB's folder: not ours to sweep
    long_ago = time.time() - 3600
    for path in stale + kept:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("half")
        if path.name != ".a.py.rev.json.fresh123.tmp":
            os.utime(path, (long_ago, long_ago))
    result = invoke("run", root, "--plain")
    assert result.exit_code == 0, result.output
    assert [p for p in stale if p.exists()] == []
    assert all(p.exists() for p in kept)


# -- entries of the wrong kind -----------------------------------------------------------------

@pytest.mark.parametrize("entry", ["lock", "report.json", "report.md", "runs", "cache", "reviews", "rag/cache.json",
                                   "rag/lock"])
def test_an_entry_of_the_wrong_kind_is_one_line(template, tmp_path, entry):
    root = copy_of(template, tmp_path)
    path = root / ".reviewer" / entry
    if path.is_dir():
        shutil.rmtree(path)
        path.write_text("not a folder")
    else:
        path.unlink(missing_ok=True)
        path.mkdir()
        (path / "x").write_text("x")
    result = invoke("run", root, "--plain", "--enable-rag")
    assert result.exit_code == 2, result.output
    one_clear_line(result.stderr, str(path), "remove it")


# -- a lock from another machine ---------------------------------------------------------------

def _foreign_lock(root: Path, age: float) -> Path:
    lock = root / ".reviewer" / "lock"
    lock.write_text(json.dumps({"pid": 1, "host": "ci-runner-7", "since": "2026-01-01T00:00:00+0000"}))
    then = time.time() - age
    os.utime(lock, (then, then))
    return lock


def test_a_fresh_foreign_lock_names_the_takeover(template, tmp_path, monkeypatch):
    root = copy_of(template, tmp_path)
    lock = _foreign_lock(root, 60)
    monkeypatch.setenv("REVIEWER_LOCK_TIMEOUT", "0")
    result = invoke("run", root, "--plain")
    assert result.exit_code == 2
    one_clear_line(result.stderr, "held by process 1 on ci-runner-7", "REVIEWER_BREAK_LOCK=1")
    assert lock.exists()


@pytest.mark.parametrize("how", ["break-lock", "older-than-any-run"])
def test_a_foreign_lock_is_taken_over(template, tmp_path, monkeypatch, how):
    root = copy_of(template, tmp_path)
    lock = _foreign_lock(root, 60 if how == "break-lock" else 25 * 3600)
    monkeypatch.setenv("REVIEWER_LOCK_TIMEOUT", "0")
    if how == "break-lock":
        monkeypatch.setenv("REVIEWER_BREAK_LOCK", "1")
    result = invoke("run", root, "--plain")
    assert result.exit_code == 0, result.output
    one_clear_line(result.output, "took over", "ci-runner-7")
    assert last_run(root)["complete"] is True
    assert not lock.exists()


# -- readers during a run ----------------------------------------------------------------------

def test_status_during_a_first_run_says_a_run_is_in_progress(tmp_path):
    from reviewer.workspace import Workspace, file_lock

    root = make(tmp_path / "repo", {"pkg/m0.py": GOOD})
    workspace = Workspace(root)
    workspace.base.mkdir()
    with file_lock(workspace.run_lock):  # held as a run holds it (this process, this host)
        result = invoke("status", root)
    assert result.exit_code == 2
    one_clear_line(result.stderr, "a run is in progress", "process")


def test_status_during_a_later_run_says_a_run_is_in_progress(template, tmp_path):
    from reviewer.workspace import Workspace, file_lock

    root = copy_of(template, tmp_path)
    with file_lock(Workspace(root).run_lock):
        result = invoke("status", root)
    assert result.exit_code == 0
    one_clear_line(result.output, "a run is in progress")


def test_similar_during_a_rebuild_waits_for_the_index(template, tmp_path, monkeypatch):
    """A rebuild drops the table, then writes it again under the rag lock: a reader in
    between waits for the lock and reads the finished index, never "no RAG index"."""
    from reviewer.workspace import Workspace, file_lock

    root = copy_of(template, tmp_path)
    workspace = Workspace(root)
    monkeypatch.setenv("REVIEWER_LOCK_TIMEOUT", "60")
    dropped, done = threading.Event(), threading.Event()

    def rebuild() -> None:
        with file_lock(workspace.rag_lock):
            saved = tmp_path / "saved"
            shutil.move(workspace.lancedb, saved)  # the table is gone while the rebuild runs
            dropped.set()
            done.wait(2)  # the reader starts meanwhile (or 2 s pass)
            shutil.rmtree(workspace.lancedb, ignore_errors=True)  # what the reader may have created
            shutil.move(saved, workspace.lancedb)

    writer = threading.Thread(target=rebuild)
    writer.start()
    try:
        dropped.wait(30)
        result = invoke("similar", "pkg/a.py:normalise", root)
    finally:
        done.set()
        writer.join()
    assert result.exit_code == 0, result.output
    assert "no RAG index" not in result.output
    one_clear_line(result.output, "normalise", "similar")


# -- python -m reviewer ------------------------------------------------------------------------

def test_python_m_reviewer_does_not_import_the_repository_modules(tmp_path):
    root = make(tmp_path / "repo", {"pkg/m0.py": GOOD, "json.py": "raise SystemExit('the repository json.py ran')\n"})
    done = subprocess.run([sys.executable, "-m", "reviewer", "run", ".", "--plain"], cwd=root, capture_output=True,
                          text=True, timeout=300, env=dict(os.environ, PYTHONPATH=str(WORKTREE)))
    assert "json.py ran" not in done.stdout + done.stderr
    assert done.returncode == 0, done.stderr
    assert reviews(root) == {"json.py", "pkg/m0.py"}
