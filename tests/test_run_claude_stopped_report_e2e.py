"""A Claude run that stops says so (issue 31, item 6): report.md's headline and the terminal
summary read "stopped: <reason>" with the counts of reviewed and not reviewed files, never a
clean verdict over nothing; the first Ctrl-C says what it waits for; the summary shows cache
writes and the files in scope. `reviewer run` with the real anthropic SDK against a scripted
Messages API on 127.0.0.1."""

from __future__ import annotations

import json
import signal
import threading
import time
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from click.testing import CliRunner

from claude_helpers import THREE_FILES as FILES, auto_submission, message, send_json, serving, tool_use, write_repo
from reviewer.cli import cli

INTERRUPT_TAKEN = threading.Event()  # set by the test's Ctrl-C handler, in the main thread
USAGE = {"input_tokens": 1500, "output_tokens": 400, "cache_creation_input_tokens": 700, "cache_read_input_tokens": 0}


class Scripted(BaseHTTPRequestHandler):
    """A valid submit_review for each request, or `statuses[n]`; `interrupt_at`: the request
    during which the main thread gets a Ctrl-C (answered a moment later, as a call in flight)."""

    requests: list[dict] = []
    statuses: dict[int, int] = {}
    interrupt_at: int | None = None

    def do_POST(self) -> None:  # noqa: N802 (http.server API)
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        number = len(type(self).requests)
        type(self).requests.append(body)
        if number == type(self).interrupt_at:
            signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)  # Ctrl-C, as the terminal sends it
            # The call stays in flight until the main thread has taken the Ctrl-C (a loaded machine can take
            # longer than any fixed sleep), and a moment more for it to reach the wait.
            assert INTERRUPT_TAKEN.wait(30), "the main thread never took the Ctrl-C"
            time.sleep(0.3)
        status = type(self).statuses.get(number, 200)
        if status == 200:
            reply = message([tool_use(f"tu_{number}", "submit_review", auto_submission(body))], usage=USAGE,
                            model=body["model"], message_id=f"msg_{number}")
        else:
            reply = {"type": "error", "error": {"type": "authentication_error", "message": "scripted failure"}}
        send_json(self, status, reply)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture()
def api(monkeypatch: pytest.MonkeyPatch):
    Scripted.requests, Scripted.statuses, Scripted.interrupt_at = [], {}, None
    with serving(Scripted, monkeypatch):
        yield Scripted


def repo(root: Path) -> Path:
    return write_repo(root, FILES)


def run(root: Path, *extra: str):
    return CliRunner().invoke(cli, ["run", str(root), "--plain", "--llm", "claude", *extra])


def headline(root: Path) -> list[str]:
    return (root / ".reviewer/report.md").read_text().splitlines()[:4]


def test_a_provider_stop_before_any_review_is_no_clean_report(tmp_path: Path, api) -> None:
    root = repo(tmp_path)
    api.statuses = {0: 401}
    stopped = run(root, "--enable-rag")
    assert stopped.exit_code == 2, stopped.output
    report = (root / ".reviewer/report.md").read_text()
    assert headline(root)[0].startswith("# Code review: stopped: ") and "401" in headline(root)[0]
    assert "**0 of 3 files in scope reviewed**" in report and "**3 not reviewed**" in report
    assert "CLEAN" not in headline(root)[0] and "No file was reviewed" not in report
    assert "Semantic coherence | none: no function reviewed" in report and "100.0 / 100" not in report
    assert "RAG on" in report and "RAG off" not in report
    data = json.loads((root / ".reviewer/report.json").read_text())["run"]
    assert data["stopped"] and data["files_in_scope"] == 3 and len(data["files_not_reviewed"]) == 3
    # The terminal says it too, before the error line.
    assert "stopped" in stopped.output and "0 files reviewed (0 in this run, 0 from cache), 3 not reviewed" \
        in stopped.output
    assert "3 in scope: 0 reviewed, 0 from cache, 0 in error, 3 not reviewed" in stopped.output


def test_max_cost_stop_counts_reviewed_and_not_reviewed_and_cache_writes(tmp_path: Path, api) -> None:
    root = repo(tmp_path)
    done = run(root, "--max-cost", "0.0001", "--force-cost")
    assert done.exit_code == 2, done.output
    assert len(api.requests) == 1
    assert headline(root)[0] == "# Code review: stopped: llm.max_cost reached ($0.00)"
    assert "**1 of 3 files in scope reviewed** (1 in this run, 0 from the cache) · **2 not reviewed**" \
        in (root / ".reviewer/report.md").read_text()
    assert "stopped            llm.max_cost reached ($0.00): 1 file reviewed" in done.output
    assert "3 in scope: 1 reviewed, 0 from cache, 0 in error, 2 not reviewed" in done.output
    assert "1500 in, 400 out, 0 cache read, 700 cache write" in done.output
    status = CliRunner().invoke(cli, ["status", str(root)]).output
    assert "did not finish (stopped: llm.max_cost reached ($0.00))" not in status  # it finished, short of files
    assert "complete (stopped: llm.max_cost reached ($0.00))" in status and "3 in scope: 1 reviewed" in status
    assert "700 cache-write tokens" in status

    cached = run(root, "--max-cost", "5")  # the rest; the first file from the cache
    assert cached.exit_code in (0, 1), cached.output
    assert "3 in scope: 2 reviewed, 1 from cache, 0 in error" in cached.output
    assert "stopped" not in cached.output and headline(root)[0] == "# Code review: CLEAN"


def test_the_first_ctrl_c_says_what_it_waits_for_and_the_report_says_interrupted(tmp_path: Path, api) -> None:
    root = repo(tmp_path)
    api.interrupt_at = 0
    # Python's own Ctrl-C handler, whatever an earlier test installed (reviewer's main() ends the process
    # on a second signal), telling the scripted server when it ran.
    INTERRUPT_TAKEN.clear()

    def ctrl_c(signum, frame):
        INTERRUPT_TAKEN.set()
        signal.default_int_handler(signum, frame)

    previous = signal.signal(signal.SIGINT, ctrl_c)
    try:
        done = run(root)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert done.exit_code == 1 and "Aborted!" in done.output, done.output  # click's way of ending on an interrupt
    assert "stopping: waiting for the 1 file review in flight to finish the call under way; Ctrl-C again stops " \
           "at once" in done.output
    assert len(api.requests) == 1  # nothing started after the interrupt
    assert headline(root)[0] == "# Code review: stopped: interrupted"
    assert "**3 not reviewed**" in (root / ".reviewer/report.md").read_text()
    record = json.loads(sorted((root / ".reviewer/runs").glob("*/run.json"))[-1].read_text())
    assert record["complete"] is False and record["stopped"] == "interrupted"
    assert "reviewer run: summary" in done.output and "stopped            interrupted: 0 files reviewed" in done.output
