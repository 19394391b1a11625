"""Consent to a paid run, end to end: a key in the environment alone does not start Claude
outside a terminal (CI opts in with --llm claude or llm.provider: claude); on a terminal (a
real pseudo-terminal, `python -m reviewer` in a child process) a run estimated over
llm.confirm_over asks first, and --yes skips the question. The real SDK talks to a scripted
Messages API on 127.0.0.1 (claude_helpers.serving)."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from click.testing import CliRunner

from claude_helpers import auto_submission, message, send_json, serving, tool_use
from reviewer.cli import cli
from reviewer.config import Config
from reviewer.review.claude.consent import CI_VARIABLES

SOURCE = 'def cart_total(items):\n    """Sum of prices."""\n    return sum(i["price"] for i in items)\n'
USAGE = {"input_tokens": 1500, "output_tokens": 400, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}


class Scripted(BaseHTTPRequestHandler):
    requests: list[dict] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server API)
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        type(self).requests.append(body)
        send_json(self, 200, message([tool_use("tu_1", "submit_review", auto_submission(body))], USAGE, model=body["model"]))

    def log_message(self, *args) -> None:
        pass


@pytest.fixture()
def api(monkeypatch: pytest.MonkeyPatch):
    Scripted.requests = []
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    with serving(Scripted, monkeypatch):  # exports ANTHROPIC_API_KEY
        yield Scripted


def repo(root: Path, config: str = "") -> Path:
    (root / "cart.py").write_text(SOURCE)
    if config:
        (root / ".reviewer.yml").write_text(config)
    return root


def last_run(root: Path) -> dict:
    return json.loads(sorted((root / ".reviewer/runs").glob("*/run.json"))[-1].read_text())


def on_terminal(args: list[str], answer: str | None = None) -> tuple[int, str]:
    """`python -m reviewer ARGS` on a pseudo-terminal; `answer` is typed at the first y/N question."""
    master, slave = pty.openpty()
    child = subprocess.Popen([sys.executable, "-m", "reviewer", *args], stdin=slave, stdout=slave, stderr=slave,
                             env=dict(os.environ), close_fds=True)
    os.close(slave)
    output, answered = b"", False
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 120)
            if not ready:
                break
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            output += chunk
            if answer is not None and not answered and b"[y/N]" in output:
                os.write(master, answer.encode() + b"\n")
                answered = True
        code = child.wait(timeout=120)
    finally:
        os.close(master)
        if child.poll() is None:
            child.kill()
    return code, output.decode(errors="replace")


def test_a_key_alone_does_not_start_a_paid_run_outside_a_terminal(tmp_path: Path, api) -> None:
    root = repo(tmp_path)
    result = CliRunner().invoke(cli, ["run", str(root), "--plain"], catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    assert api.requests == []
    assert last_run(root)["reviewer"] == "static"
    notes = [line for line in result.output.splitlines() if "--llm claude" in line]
    assert len(notes) == 1 and "ANTHROPIC_API_KEY is set" in notes[0]  # one line saying how to opt in

    opted = CliRunner().invoke(cli, ["run", str(root), "--plain", "--llm", "claude"], catch_exceptions=False)
    assert opted.exit_code in (0, 1), opted.output
    assert len(api.requests) == 1 and last_run(root)["reviewer"] == "claude"
    assert "--llm claude" not in opted.output


def test_ci_opts_in_through_the_configuration(tmp_path: Path, api) -> None:
    root = repo(tmp_path, "llm:\n  provider: claude\n")
    result = CliRunner().invoke(cli, ["run", str(root), "--plain"], catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    assert len(api.requests) == 1


def test_claude_without_a_key_is_one_clear_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    result = CliRunner().invoke(cli, ["run", str(repo(tmp_path)), "--plain", "--llm", "claude"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1].startswith("reviewer: error: llm.provider is 'claude'")


def test_the_defaults_cap_the_cost_and_ask_over_one_dollar() -> None:
    llm = Config().llm
    assert llm.max_cost == 5.0 and llm.confirm_over == 1.0
    assert Config.model_validate({"llm": {"provider": "anthropic"}}).llm.provider == "claude"  # the older name


def test_on_a_terminal_a_run_over_the_threshold_asks_first(tmp_path: Path, api) -> None:
    root = repo(tmp_path, "llm:\n  confirm_over: 0.0\n")  # any estimate is over it
    code, output = on_terminal(["run", str(root), "--plain"], answer="n")
    assert "Start it? [y/N]" in output, output
    assert code == 2 and "was not started" in output
    assert api.requests == []

    code, output = on_terminal(["run", str(root), "--plain"], answer="y")
    assert code in (0, 1), output
    assert len(api.requests) == 1  # provider auto, a key and a person at the terminal: Claude


def test_yes_starts_without_asking(tmp_path: Path, api) -> None:
    root = repo(tmp_path, "llm:\n  confirm_over: 0.0\n")
    code, output = on_terminal(["run", str(root), "--plain", "--yes"])
    assert code in (0, 1), output
    assert "[y/N]" not in output
    assert len(api.requests) == 1
