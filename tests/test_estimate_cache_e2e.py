"""`reviewer estimate` prices only what a run would pay for (issue 31, item 6): files whose
Claude review is valid in the review cache cost nothing, and the RAG index is read as it is,
never built. The Claude run that fills the cache uses the real anthropic SDK against a
scripted Messages API on 127.0.0.1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from claude_helpers import THREE_FILES as FILES, QuietHandler, auto_submission, scripted_api, send_json
from reviewer.cli import cli

USAGE = {"input_tokens": 1500, "output_tokens": 400, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}


class Scripted(QuietHandler):
    requests: list[dict] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server API)
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        type(self).requests.append(body)
        send_json(self, 200, {"id": "msg", "type": "message", "role": "assistant", "model": body["model"],
                              "content": [{"type": "tool_use", "id": "tu", "name": "submit_review",
                                           "input": auto_submission(body)}],
                              "stop_reason": "tool_use", "stop_sequence": None, "usage": USAGE})



api = scripted_api(Scripted)


def repo(root: Path) -> Path:
    for name, text in FILES.items():
        (root / name).write_text(text)
    return root


def estimate(root: Path, *extra: str) -> dict:
    done = CliRunner().invoke(cli, ["estimate", str(root), "--json", *extra], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return json.loads(done.output[done.output.index("{"):])


@pytest.mark.parametrize("rag", [(), ("--enable-rag",)], ids=["rag-off", "rag-on"])
def test_a_cached_repository_estimates_nothing_and_a_changed_file_only_itself(tmp_path: Path, api, rag) -> None:
    root = repo(tmp_path)
    first = estimate(root, *rag)
    assert first["total"]["files"] == 3 and first["total"]["calls"] >= 3 and first["cached_files"] == 0
    ran = CliRunner().invoke(cli, ["run", str(root), "--plain", "--llm", "claude", *rag], catch_exceptions=False)
    assert ran.exit_code in (0, 1), ran.output
    assert len(api.requests) == 3

    cached = estimate(root, *rag)
    assert cached["files"] == [] and cached["total"]["cost_usd"] == 0 and cached["total"]["calls"] == 0
    assert cached["cached_files"] == 3
    text = CliRunner().invoke(cli, ["estimate", str(root), *rag], catch_exceptions=False).output
    assert "≈ $0.00 in total (0 calls)" in text and "3 more files come from the review cache: no call, $0." in text

    (root / "b_tax.py").write_text(FILES["b_tax.py"] + "\n\ndef without_tax(amount, rate):\n    return amount / (1 + rate)\n")
    partly = estimate(root, *rag)
    assert [f["file"] for f in partly["files"]] == ["b_tax.py"] and partly["cached_files"] == 2
    assert 0 < partly["total"]["cost_usd"] < first["total"]["cost_usd"]
    assert len(api.requests) == 3  # the estimate never calls the API


def test_the_rag_estimate_does_not_build_the_index(tmp_path: Path) -> None:
    root = repo(tmp_path)
    result = estimate(root, "--enable-rag")
    assert not (root / ".reviewer/rag/lancedb").exists()  # nothing embedded, no table written
    assert result["rag_mode"] == "rag"  # priced as the run that builds the index will ask: findSimilarFunctions
    assert all(f["cards_to_write"] == 1 for f in result["files"])
