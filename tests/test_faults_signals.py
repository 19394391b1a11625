"""Issue 15: kills and interrupts at points of each phase, concurrent runs, contended
stale locks, a closed stdout, scan workers outliving a killed run.

Kill points are injected by a runner that wraps one function of the phase and sends
the signal to its own process there; then the next run must repair everything."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from faults_helpers import GOOD, env, last_run, make, one_clear_line, reviews, run_process, small_repo

RUNNER = textwrap.dedent('''
    import os, signal, sys
    phase, signame, *argv = sys.argv[1:]
    sig = getattr(signal, signame)
    calls = {"n": 0}

    def killing(module, name, after=1):
        original = getattr(module, name)
        def wrapper(*args, **kwargs):
            calls["n"] += 1
            if calls["n"] > after:
                os.kill(os.getpid(), sig)
                if sig == signal.SIGINT and os.environ.get("TWICE"):
                    os.kill(os.getpid(), sig)
            return original(*args, **kwargs)
        setattr(module, name, wrapper)

    import reviewer.pipeline as pipeline
    import reviewer.scan as scan
    if phase == "scan":
        killing(scan, "scan_file", after=2)
    elif phase == "analysis":
        import reviewer.analysis.project as project
        killing(project, "analyze_project", after=0)
    elif phase == "index":
        import reviewer.rag.indexer as indexer
        killing(indexer, "_index_files", after=0)
    elif phase == "review":
        killing(pipeline.StaticReviewer, "review", after=3)
    elif phase == "report":
        import reviewer.report as report
        killing(report, "render", after=0)
    from reviewer.cli import main
    sys.argv = ["reviewer", *argv]
    main()
''')

EXPECTED = {"SIGKILL": -9, "SIGINT": 130, "SIGTERM": 143}


def killed_run(root: Path, phase: str, signame: str, *extra: str, twice: bool = False) -> subprocess.CompletedProcess:
    environment = env()
    if twice:
        environment["TWICE"] = "1"
    return subprocess.run([sys.executable, "-c", RUNNER, phase, signame, "run", str(root), "--plain", *extra],
                          env=environment, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(("phase", "signame"), [
    ("scan", "SIGKILL"), ("analysis", "SIGTERM"), ("index", "SIGINT"), ("review", "SIGKILL"),
    ("review", "SIGTERM"), ("report", "SIGKILL"),
])
def test_stopped_run_is_recorded_and_repaired(tmp_path, phase, signame):
    root = small_repo(tmp_path / "repo", 8)
    rag = ("--enable-rag",) if phase == "index" else ()
    done = killed_run(root, phase, signame, *rag)
    assert done.returncode == EXPECTED[signame], done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    if signame != "SIGKILL":
        one_clear_line(done.stderr, "reviewer: terminated" if signame == "SIGTERM" else "reviewer: interrupted")
        assert last_run(root)["complete"] is False  # run.json says it stopped
    if phase == "report":
        assert last_run(root)["complete"] is False  # never "complete" before the reports exist
    finished = reviews(root) if (root / ".reviewer" / "reviews").exists() else set()
    if phase == "review":
        assert len(finished) == 3  # the reviews written before the stop are on disk
    again = run_process(["run", root, "--plain", *rag])
    assert again.returncode == 0, again.stderr[-2000:]
    record = last_run(root)
    assert record["complete"] is True
    assert reviews(root) == {f"pkg/m{i}.py" for i in range(8)}
    if phase == "review":
        assert record["files_cached"] >= 3  # finished work was not lost with the kill


def test_second_ctrl_c_is_one_line(tmp_path):
    root = small_repo(tmp_path / "repo", 6)
    done = killed_run(root, "review", "SIGINT", twice=True)
    assert done.returncode == 130
    assert "Traceback" not in done.stderr
    one_clear_line(done.stderr, "interrupted")


def test_closed_stdout_keeps_the_exit_code(tmp_path):
    root = small_repo(tmp_path / "repo")
    proc = subprocess.Popen([sys.executable, "-m", "reviewer.cli", "run", str(root), "--plain"], env=env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdout.close()  # `reviewer run | head -0`
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "Broken pipe" not in err


def test_concurrent_runs_wait_and_both_finish(tmp_path):
    root = small_repo(tmp_path / "repo", 6)
    procs = [subprocess.Popen([sys.executable, "-m", "reviewer.cli", "run", str(root), "--plain"], env=env(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [p.communicate(timeout=180) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err[-1500:] for _, err in outputs]
    assert reviews(root) == {f"pkg/m{i}.py" for i in range(6)}
    runs = [json.loads(p.read_text()) for p in (root / ".reviewer" / "runs").glob("*/run.json")]
    assert len(runs) == 2 and all(r["complete"] for r in runs)


def test_waiting_for_a_live_holder_says_so_and_gives_up(tmp_path):
    root = small_repo(tmp_path / "repo")
    holder = subprocess.Popen(["sleep", "30"])
    try:
        make(root, {".reviewer/.reviewer-output": ""})
        (root / ".reviewer" / "lock").write_text(json.dumps({"pid": holder.pid, "host": os.uname().nodename}))
        environment = dict(env(), REVIEWER_LOCK_TIMEOUT="1")
        done = run_process(["run", root, "--plain"], env=environment)
    finally:
        holder.kill()
        holder.wait()
    assert done.returncode == 2
    one_clear_line(done.stderr, "waiting up to 1s", f"process {holder.pid}")
    one_clear_line(done.stderr, "reviewer: error:", f"held by process {holder.pid}")


def test_a_lock_naming_our_own_pid_is_stale():
    """PID 1 in a container finds a cached lock saying `1`: its own pid, not held by it."""
    from reviewer.workspace import file_lock

    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        lock = Path(folder) / "lock"
        lock.write_text(str(os.getpid()))
        started = time.monotonic()
        with file_lock(lock, timeout=5):
            assert json.loads(lock.read_text())["pid"] == os.getpid()
        assert time.monotonic() - started < 2
        assert not lock.exists()


CONTENDER = textwrap.dedent('''
    import os, sys, time
    from pathlib import Path
    from reviewer.workspace import file_lock
    lock, inside, rounds = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    doubles = 0
    for i in range(rounds):
        while not (lock.parent / f"go-{i}").exists():
            time.sleep(0.001)
        with file_lock(lock, timeout=30, poll=0.005):
            try:
                fd = os.open(inside, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
                os.close(fd)
            except FileExistsError:
                doubles += 1
            time.sleep(0.002)
            inside.unlink(missing_ok=True)
    print(doubles)
''')


def test_contended_stale_lock_has_one_holder(tmp_path):
    rounds, contenders = 40, 3
    lock, inside = tmp_path / "lock", tmp_path / "inside"
    procs = [subprocess.Popen([sys.executable, "-c", CONTENDER, str(lock), str(inside), str(rounds)], env=env(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(contenders)]
    time.sleep(1.0)  # imports
    for i in range(rounds):
        lock.write_text("999999999")  # a stale lock (dead pid) for every round
        (tmp_path / f"go-{i}").touch()
        time.sleep(0.05)
    outputs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0] * contenders, [err[-1000:] for _, err in outputs]
    assert sum(int(out.strip()) for out, _ in outputs) == 0


def _descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if fields[0] != "Z":
                children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_scan_workers_die_with_a_killed_run(tmp_path):
    root = make(tmp_path / "repo", {f"m{i}.py": GOOD * 40 for i in range(1500)})
    proc = subprocess.Popen([sys.executable, "-m", "reviewer.cli", "scan", str(root)], env=env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    workers: set[int] = set()
    while time.monotonic() < deadline and len(workers) < 2 and proc.poll() is None:
        workers = _descendants(proc.pid)
        time.sleep(0.05)
    if proc.poll() is not None:
        pytest.skip("the scan finished before its workers could be seen")
    workers = _descendants(proc.pid)
    proc.kill()
    proc.wait()
    deadline = time.monotonic() + 10
    alive = workers
    while time.monotonic() < deadline:
        alive = {pid for pid in workers if Path(f"/proc/{pid}").exists()
                 and not Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")}
        if not alive:
            break
        time.sleep(0.1)
    assert not alive, f"workers outlived the run: {alive}"
