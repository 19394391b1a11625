"""End to end with Claude when a run stops or fails: `reviewer run --enable-rag` with the
real anthropic SDK talking to a scripted Messages API on 127.0.0.1, the real scan,
MiniLM and LanceDB. Claude's cards stay in the index (after a 401, after --rebuild-rag),
an unchanged re-run makes no call, a failed re-review leaves no stale review, and the
cost cap is compared with the estimate before the first call."""

from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from click.testing import CliRunner

from claude_helpers import auto_submission, message, send_json, serving, tool_use, write_repo
from reviewer.cli import cli

FILES = {
    "a_cart.py": 'def cart_total(items):\n    """Sum of prices."""\n    return sum(i["price"] for i in items)\n',
    "b_tax.py": 'def with_tax(amount, rate):\n    """Amount with tax."""\n    return amount * (1 + rate)\n',
}
USAGE = {"input_tokens": 1500, "output_tokens": 400, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}


class Scripted(BaseHTTPRequestHandler):
    """Answers each request with a valid submit_review for what it asks, or with `statuses[n]`."""

    requests: list[dict] = []
    statuses: dict[int, int] = {}  # request number (0-based) -> HTTP status to answer instead

    def do_POST(self) -> None:  # noqa: N802 (http.server API)
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        number = len(type(self).requests)
        type(self).requests.append(body)
        status = type(self).statuses.get(number, 200)
        if status == 200:
            reply = message([tool_use(f"tu_{number}", "submit_review", auto_submission(body))], usage=USAGE,
                            model=body["model"], message_id=f"msg_{number}")
        else:
            reply = {"type": "error", "error": {"type": "authentication_error" if status == 401 else "invalid_request_error",
                                                "message": "scripted failure"}}
        send_json(self, status, reply)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture()
def api(monkeypatch: pytest.MonkeyPatch):
    Scripted.requests, Scripted.statuses = [], {}
    with serving(Scripted, monkeypatch):
        yield Scripted


def repo(root: Path) -> Path:
    return write_repo(root, FILES)


def run(root: Path, *extra: str):
    return CliRunner().invoke(cli, ["run", str(root), "--plain", "--enable-rag", "--llm", "claude", *extra], catch_exceptions=False)


def llm_rows(root: Path) -> dict[str, str]:
    import lancedb

    table = lancedb.connect(str(root / ".reviewer/rag/lancedb")).open_table("function_cards")
    return {r["qualified_name"]: r["source"] for r in table.to_arrow().to_pylist()}


def last_run(root: Path) -> dict:
    return json.loads(sorted((root / ".reviewer/runs").glob("*/run.json"))[-1].read_text())


def test_a_401_keeps_what_finished_and_claudes_cards_survive_every_rebuild(tmp_path: Path, api) -> None:
    root = repo(tmp_path)
    api.statuses = {1: 401}  # the first file is answered, the second call is refused
    stopped = run(root)
    assert stopped.exit_code == 2, stopped.output
    assert "rejected (401)" in stopped.output
    record = last_run(root)
    assert record["usage"]["calls"] == 1 and record["usage"]["cost_usd"] > 0  # the paid call is recorded
    assert record["complete"] is False
    assert "1 reviewed in the last run" in (root / ".reviewer/report.md").read_text()  # the report of what finished
    assert (root / ".reviewer/reviews/a_cart.py.rev.md").exists()
    assert llm_rows(root)["cart_total"] == "llm"  # upserted as the file finished

    api.statuses = {}
    again = run(root)
    assert again.exit_code in (0, 1), again.output
    assert len(api.requests) == 3  # only b_tax.py was paid for again
    assert llm_rows(root) == {"cart_total": "llm", "with_tax": "llm"}

    rebuilt = run(root, "--rebuild-rag")
    assert rebuilt.exit_code in (0, 1), rebuilt.output
    assert len(api.requests) == 3  # unchanged repository: no call, also after --rebuild-rag
    assert llm_rows(root) == {"cart_total": "llm", "with_tax": "llm"}  # Claude's cards came back
    assert last_run(root)["files_cached"] == 2


def test_a_failed_re_review_leaves_no_stale_review_and_the_cap_is_compared_with_the_estimate(tmp_path: Path, api) -> None:
    root = repo(tmp_path)
    assert run(root).exit_code in (0, 1)
    review = root / ".reviewer/reviews/a_cart.py.rev.json"
    assert review.exists()
    (root / "a_cart.py").write_text(FILES["a_cart.py"] + "\n\ndef cart_count(items):\n    return len(items)\n")
    api.statuses = {n: 400 for n in range(len(api.requests), len(api.requests) + 5)}
    failed = run(root)
    assert "review failed: a_cart.py" in failed.output
    assert not review.exists() and not review.with_name("a_cart.py.rev.md").exists()
    assert "a_cart.py" in (root / ".reviewer/report.md").read_text()  # listed under the errors only

    api.statuses = {}
    calls = len(api.requests)
    refused = run(root, "--max-cost", "0.0001")
    assert refused.exit_code == 2 and "exceeds the cost cap" in refused.output and "--force-cost" in refused.output
    assert len(api.requests) == calls  # refused before the first call
    forced = run(root, "--max-cost", "0.0001", "--force-cost")
    assert forced.exit_code in (0, 1, 2), forced.output
    assert len(api.requests) == calls + 1  # the cap leaves room for one call, not more
    assert last_run(root)["usage"]["cost_usd"] <= 0.0001 + (1500 * 2.0 + 400 * 10.0) / 1e6  # at most one call over
