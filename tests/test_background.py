"""background.Background: a forked child's result, and the same result computed here when the
child cannot run, fails or is not waited for."""

from __future__ import annotations

import os

import pytest

from reviewer.background import Background


def test_the_child_computes_the_value(tmp_path):
    marker = tmp_path / "pid"

    def job():
        marker.write_text(str(os.getpid()))
        return {"pairs": [1, 2, 3]}

    with Background(job) as pending:
        assert pending.pid is not None
        assert pending.result() == {"pairs": [1, 2, 3]}
    assert int(marker.read_text()) != os.getpid()  # computed in the child


def test_a_failing_child_leaves_the_job_to_this_process(tmp_path):
    calls = []

    def job():
        calls.append(os.getpid())
        if os.getpid() != parent:
            raise RuntimeError("only in the child")
        return "here"

    parent = os.getpid()
    with Background(job) as pending:
        assert pending.result() == "here"
    assert calls == [parent]  # the child's call died with the child; this one answered


def test_a_deterministic_failure_is_raised_here():
    def job():
        raise ValueError("the pairs cache folder is a file")

    with Background(job) as pending:
        with pytest.raises(ValueError, match="folder is a file"):
            pending.result()


def test_without_fork_the_job_runs_here(monkeypatch):
    monkeypatch.setenv("REVIEWER_NO_FORK", "1")
    with Background(os.getpid) as pending:
        assert pending.pid is None
        assert pending.result() == os.getpid()


def test_leaving_early_stops_the_child():
    with pytest.raises(KeyError):
        with Background(lambda: __import__("time").sleep(60)) as pending:
            pid = pending.pid
            raise KeyError("the analysis failed")
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # reaped: no zombie left


def test_a_result_handed_on_is_read_by_the_second_child(tmp_path):
    """The first child's value read by a second child forked after it; this process closed its end
    of the first pipe, and leaving the block leaves no child of either behind."""
    marker = tmp_path / "pids"

    def first():
        marker.write_text(str(os.getpid()))
        return [1, 2, 3]

    with Background(first) as pairs:
        with Background(lambda: (sum(pairs.result()), os.getpid())) as total:
            pairs.hand_on()
            value, pid = total.result()
        first_pid = pairs.pid
    assert value == 6 and pid != os.getpid() and int(marker.read_text()) not in (os.getpid(), pid)
    with pytest.raises(ProcessLookupError):
        os.kill(first_pid, 0)  # reaped


def test_a_result_handed_on_is_computed_here_when_the_second_child_fails():
    parent = os.getpid()

    def second():
        if os.getpid() != parent:
            raise RuntimeError("only in the child")
        return pairs.result()

    with Background(lambda: os.getpid()) as pairs:
        with Background(second) as total:
            pairs.hand_on()
            assert total.result() == parent  # the first child's pipe is closed here: computed here


def test_no_job_no_child():
    with Background(None) as pending:
        assert pending.pid is None
        with pytest.raises(ValueError):
            pending.result()


def test_a_run_with_the_pairs_in_a_child_equals_one_without(tmp_path, monkeypatch):
    """The static run computes its similarity pairs in a forked child: same reviews as in-process."""
    import shutil
    from pathlib import Path

    from test_run_incremental import reviews
    from test_run_e2e import run

    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    fixture = Path(__file__).parent / "fixtures" / "quality" / "py_shop"
    forked, inline = tmp_path / "forked", tmp_path / "inline"
    for root in (forked, inline):
        shutil.copytree(fixture, root, ignore=shutil.ignore_patterns(".reviewer"))
    run(forked)
    monkeypatch.setenv("REVIEWER_NO_FORK", "1")
    run(inline)
    found = reviews(forked)
    assert found == reviews(inline)
    assert any(s.get("duplication") == "DUPLICATE" for r in found.values() for s in r["symbols"])


def test_off_linux_the_job_runs_here(monkeypatch):
    """macOS libraries are not fork-safe, Windows has no fork: no child there."""
    monkeypatch.setattr("sys.platform", "darwin")
    with Background(os.getpid) as pending:
        assert pending.pid is None
        assert pending.result() == os.getpid()
