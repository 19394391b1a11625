"""End to end with Claude: `reviewer run --enable-rag` with an API key, the real
anthropic SDK talking to a scripted Messages API on 127.0.0.1 (ANTHROPIC_BASE_URL),
the real scan, MiniLM and LanceDB. Proves the pipeline's paid path: estimate before
the first call, the review written, usage and cost in run.json, and the LLM-written
cards upserted into the index."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from claude_helpers import QuietHandler, scripted_api, send_json
from reviewer.cli import cli

SOURCE = '''
"""Cart totals."""


def cart_total(items):
    """Sum price times quantity over the items."""
    total = 0
    for item in items:
        total += item["price"] * item["qty"]
    return total


def _unused(value):
    return value * 2
'''

USAGE = {"input_tokens": 1500, "output_tokens": 400, "cache_creation_input_tokens": 1000, "cache_read_input_tokens": 0}


def verdicts(name: str, **over: dict) -> dict:
    base = {"name": name, "confidence": 80, "correction": {"verdict": "OK"}, "utility": {"verdict": "USED"},
            "duplication": {"verdict": "UNIQUE"}, "overengineering": {"verdict": "LEAN"},
            "tests": {"verdict": "NONE", "evidence": "no test references it"},
            "documentation": {"verdict": "DOCUMENTED"}}
    base.update(over)
    return base


SUBMISSION = {
    "verdict": "NEEDS_REFACTOR",
    "summary": "Cart totals; one private helper is dead.",
    "symbols": [
        verdicts("cart_total"),
        verdicts("_unused", utility={"verdict": "DEAD", "evidence": "0 references"},
                 documentation={"verdict": "UNDOCUMENTED", "evidence": "no docstring"}),
    ],
    "findings": [],
    "actions": [{"category": "quick_win", "description": "Remove _unused.", "symbol": "_unused", "line_start": 13}],
    "cards": [
        {"function": "cart_total", "summary": "Adds up price times quantity for every cart item.",
         "key_concepts": ["cart", "price", "quantity"], "behavioral_profile": "pure"},
        {"function": "_unused", "summary": "Doubles a value.", "key_concepts": ["double", "value", "number"],
         "behavioral_profile": "pure"},
    ],
}


class ScriptedMessages(QuietHandler):
    requests: list[dict] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server API)
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        type(self).requests.append({"path": self.path, "body": body, "auth": self.headers.get("authorization")})
        reply = {"id": "msg_1", "type": "message", "role": "assistant", "model": body["model"],
                 "content": [{"type": "tool_use", "id": "toolu_1", "name": "submit_review", "input": SUBMISSION}],
                 "stop_reason": "tool_use", "stop_sequence": None, "usage": USAGE}
        send_json(self, 200, reply)



api = scripted_api(ScriptedMessages)


def test_run_with_claude_reviews_records_cost_and_enriches_the_index(tmp_path: Path, api) -> None:
    (tmp_path / "cart.py").write_text(textwrap.dedent(SOURCE).lstrip())
    result = CliRunner().invoke(cli, ["run", str(tmp_path), "--plain", "--enable-rag", "--llm", "claude"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "estimate" in result.output.lower()

    assert len(api.requests) == 1
    sent = api.requests[0]
    assert sent["path"] == "/v1/messages" and sent["auth"] == "Bearer sk-test-key"
    assert sent["body"]["model"] == "claude-sonnet-5-5"
    assert any(tool["name"] == "findSimilarFunctions" for tool in sent["body"]["tools"])

    review = json.loads((tmp_path / ".reviewer/reviews/cart.py.rev.json").read_text())
    assert review["reviewer"] == "claude" and review["model"] == "claude-sonnet-5-5"
    assert {s["name"]: s["utility"] for s in review["symbols"]} == {"cart_total": "USED", "_unused": "DEAD"}
    assert review["usage"]["input_tokens"] == 1500

    run_json = json.loads(next((tmp_path / ".reviewer/runs").glob("*/run.json")).read_text())
    assert run_json["reviewer"] == "claude" and run_json["files_reviewed"] == 1
    # $2/M input, $10/M output, $2.50/M cache write (claude-sonnet-5-5 defaults)
    expected = (1500 * 2.0 + 400 * 10.0 + 1000 * 2.5) / 1_000_000
    assert run_json["usage"]["cost_usd"] == pytest.approx(expected)

    import lancedb

    table = lancedb.connect(str(tmp_path / ".reviewer/rag/lancedb")).open_table("function_cards")
    rows = {r["qualified_name"]: r for r in table.to_arrow().to_pylist()}
    assert rows["cart_total"]["source"] == "llm"
    assert rows["cart_total"]["summary"] == "Adds up price times quantity for every cart item."

    # Nothing changed: the second run pays for nothing.
    again = CliRunner().invoke(cli, ["run", str(tmp_path), "--plain", "--enable-rag", "--llm", "claude"], catch_exceptions=False)
    assert again.exit_code == 0, again.output
    assert len(api.requests) == 1
