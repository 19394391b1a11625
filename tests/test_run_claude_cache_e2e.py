"""End to end: an unchanged re-run after a first Claude run makes no call, also when the files
hold a clone pair whose meaning scores move once Claude's card summaries are embedded, and
also after --rebuild-rag. The real scan, MiniLM and LanceDB; the real anthropic SDK talking to
a scripted Messages API on 127.0.0.1 (claude_helpers.serving)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from claude_helpers import QuietHandler, auto_submission, message, scripted_api, send_json, serving, tool_use
from reviewer.cli import cli

# A renamed clone across two files (the duplicates axis pairs them), and a third function.
FILES = {
    "orders.py": '''def order_total(lines):
    """Total of an order."""
    amount = 0
    for line in lines:
        if line["qty"] > 0:
            amount += line["price"] * line["qty"]
    return round(amount, 2)
''',
    "invoices.py": '''def invoice_sum(rows):
    total = 0
    for row in rows:
        if row["qty"] > 0:
            total += row["price"] * row["qty"]
    return round(total, 2)


def invoice_label(number):
    return f"INV-{number:06d}"
''',
}
USAGE = {"input_tokens": 1500, "output_tokens": 400, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}


class Scripted(QuietHandler):
    """Answers every request with a valid submit_review for what it asks."""

    requests: list[dict] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server API)
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        number = len(type(self).requests)
        type(self).requests.append(body)
        submission = auto_submission(body)
        for card in submission.get("cards", []):  # wordy summaries: far from the static cards' text
            card["summary"] = f"Claude says {card['function']} walks records and accumulates a guarded product."
        send_json(self, 200, message([tool_use(f"tu_{number}", "submit_review", submission)], USAGE,
                                     model=body["model"], message_id=f"msg_{number}"))



api = scripted_api(Scripted)


def run(root: Path, *extra: str):
    result = CliRunner().invoke(cli, ["run", str(root), "--plain", "--enable-rag", "--llm", "claude", *extra],
                                catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    return result


def test_an_unchanged_re_run_is_free_also_after_rebuild_rag(tmp_path: Path, api) -> None:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text)
    run(tmp_path)
    first = len(api.requests)
    assert first == 2  # one call per file
    record = json.loads(next((tmp_path / ".reviewer/runs").glob("*/run.json")).read_text())
    assert record["files_reviewed"] == 2

    again = run(tmp_path)
    assert len(api.requests) == first, again.output  # Claude's cards moved the meaning scores: no new call
    rebuilt = run(tmp_path, "--rebuild-rag")
    assert len(api.requests) == first, rebuilt.output
    runs = sorted((tmp_path / ".reviewer/runs").glob("*/run.json"))
    assert json.loads(runs[-1].read_text())["files_cached"] == 2
