"""Issue 15: every file under `.reviewer/` is untrusted input. Each one truncated,
emptied, of the wrong shape or random bytes: the next run exits 0, says what it
rebuilt in at most one line per file (never a traceback), and keeps finished work."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from faults_helpers import invoke, last_run, one_clear_line, reviews, small_repo, copy_of


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A repository after one RAG run (numpy embedding backend, the default)."""
    root = small_repo(tmp_path_factory.mktemp("tpl") / "repo", 3)
    result = invoke("run", root, "--plain", "--enable-rag")
    assert result.exit_code == 0, result.stderr
    return root




def one(root: Path, pattern: str) -> Path:
    found = sorted(p for p in (root / ".reviewer").glob(pattern) if p.is_file())
    assert found, pattern
    return found[0]


TARGETS = {
    "review-cache": "cache/reviews.json",
    "rendered-manifest": "cache/rendered.json",
    "run-record": "runs/*/run.json",
    "rev-json": "reviews/pkg/m0.py.rev.json",
    "rag-cache": "rag/cache.json",
    "vector-shard": "rag/vectors/*/shard-*.npz",
    "lance-manifest": "rag/lancedb/function_cards.lance/_versions/*.manifest",
    "lance-data": "rag/lancedb/function_cards.lance/data/*.lance",
    "sentinel": ".reviewer-output",
}

DAMAGE = {
    "truncated": lambda data: data[: max(1, len(data) // 3)],
    "empty": lambda data: b"",
    "wrong-shape": lambda data: b'{"version": 1, "entries": [1, 2], "files": [3], "file": 5}',
    "random": lambda data: os.urandom(max(64, len(data) // 2)),
}

RAG_TARGETS = {"rag-cache", "vector-shard", "lance-manifest", "lance-data"}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
@pytest.mark.parametrize("target", sorted(TARGETS))
def test_damaged_file_is_rebuilt(template, tmp_path, target, damage):
    root = copy_of(template, tmp_path)
    kept = reviews(root)
    path = one(root, TARGETS[target])
    path.write_bytes(DAMAGE[damage](path.read_bytes()))
    args = ["run", root, "--plain"] + (["--enable-rag"] if target in RAG_TARGETS else [])
    result = invoke(*args)
    output = result.stdout + result.stderr
    assert result.exit_code == 0, output
    assert "Traceback" not in output and "internal error" not in output
    assert last_run(root)["complete"] is True
    assert reviews(root) == {"pkg/m0.py", "pkg/m1.py", "pkg/m2.py"}
    assert kept <= reviews(root)
    if target in ("lance-manifest", "lance-data") and damage != "wrong-shape":
        one_clear_line(result.stderr, "RAG index", "damaged", "rebuilding")
    # and the run after is clean and quiet
    again = invoke(*args)
    assert again.exit_code == 0
    assert "damaged" not in again.stderr


def test_deleted_lance_data_file_status_names_the_fix(template, tmp_path):
    root = copy_of(template, tmp_path)
    for data in (root / ".reviewer/rag/lancedb/function_cards.lance/data").glob("*.lance"):
        data.unlink()
    result = invoke("status", root, "--show-rag")
    assert result.exit_code == 2
    one_clear_line(result.stderr, "damaged", "rebuilds it")


def test_review_cache_journal_survives_a_kill(template, tmp_path):
    """Entries journaled by a run killed before it saved reviews.json are used by the next."""
    root = copy_of(template, tmp_path)
    cache = root / ".reviewer/cache/reviews.json"
    entries = json.loads(cache.read_text())["entries"]
    cache.unlink()
    journal = root / ".reviewer/cache/reviews.journal"
    journal.write_text("".join(json.dumps([k, v]) + "\n" for k, v in entries.items()) + '["torn", "li')
    result = invoke("run", root, "--plain", "--enable-rag")
    assert result.exit_code == 0
    assert last_run(root)["files_cached"] == 3
    assert not journal.exists()


@pytest.mark.parametrize("content", ["", "garbage", "999999999", '{"pid": 1, "host": "elsewhere-host"}'],
                         ids=["empty-old", "garbage", "dead-pid", "other-host"])
def test_lock_files_left_behind(template, tmp_path, monkeypatch, content):
    root = copy_of(template, tmp_path)
    lock = root / ".reviewer" / "lock"
    lock.write_text(content)
    old = os.path.getmtime(lock) - 60
    os.utime(lock, (old, old))
    monkeypatch.setenv("REVIEWER_LOCK_TIMEOUT", "1")
    result = invoke("run", root, "--plain")
    if content.startswith("{"):  # another machine's run: cannot be judged stale, so it holds
        assert result.exit_code == 2
        one_clear_line(result.stderr, "held by process 1 on elsewhere-host", "REVIEWER_BREAK_LOCK=1")
    else:
        assert result.exit_code == 0, result.stderr
        assert not lock.exists()
