"""The static reviewer's candidates reach Claude, and Claude's verdict decides them (issue 31).

A verdict under the confidence floor (a DEAD name the guard found written in a doc or a workflow, a
class that "a function would do" at 65) is no static finding: the design hands it to Claude with
its evidence. End to end: the real scan and analysis, `reviewer run --llm claude`, the real
anthropic SDK against a scripted Messages API on 127.0.0.1. The request must carry each candidate
marked as such with the evidence that held it back; Claude's DEAD on one turns it into a finding,
Claude's USED and LEAN on the others leave none."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from click.testing import CliRunner

from claude_helpers import QuietHandler, auto_submission, axis, message, scripted_api, send_json, tool_use
from reviewer.cli import cli

FILES = {
    "manage.py": """
        import sys

        from app import greeter, hooks

        print(sys.argv, hooks.main(), greeter.Greeter("hi").greet("you"))
    """,
    "app/__init__.py": "",
    "app/hooks.py": """
        def main():
            return 1


        def rebuild_search_index():
            \"\"\"Rebuild the whole search index.\"\"\"
            return 2


        def export_nightly_report():
            \"\"\"Write the nightly report.\"\"\"
            return 3


        def _forgotten(value):
            return value * 3
    """,
    "app/greeter.py": """
        class Greeter:
            def __init__(self, greeting):
                self.greeting = greeting

            def greet(self, name):
                return f"{self.greeting} {name}"
    """,
    "docs/ops.md": "After a restore, the index is rebuilt the way rebuild_search_index did it.\n",
    ".github/workflows/nightly.yml": "jobs:\n  run:\n    steps:\n      - run: python -m app.hooks export_nightly_report\n",
}

# What the scripted Claude concludes about each candidate.
VERDICTS = {
    "rebuild_search_index": {"utility": axis("DEAD", "docs/ops.md only tells the story of it; no code, script or "
                                                     "tool calls it")},
    "export_nightly_report": {"utility": axis("USED", ".github/workflows/nightly.yml line 4 runs it every night")},
    "Greeter": {"overengineering": axis("LEAN", "a small value holder with a method; a function gains nothing")},
    "_forgotten": {"utility": axis("DEAD", "private, 0 references")},
}


class ScriptedClaude(QuietHandler):
    requests: list[dict] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server API)
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        type(self).requests.append(body)
        submission = auto_submission(body)  # every symbol and card the request asks for
        for entry in submission["symbols"]:
            entry.update(VERDICTS.get(entry["name"], {}))
        send_json(self, 200, message([tool_use("toolu_1", "submit_review", submission)], model=body["model"]))



api = scripted_api(ScriptedClaude)


def _prompt_of(requests: list[dict], path: str) -> str:
    firsts = [r["messages"][0]["content"][0]["text"] for r in requests]
    return next(text for text in firsts if text.startswith(f"# File `{path}`"))


def _symbol_line(prompt: str, name: str) -> str:
    return next(line for line in prompt.splitlines() if line.startswith(f"- `{name}` "))


def _findings(root: Path, path: str) -> dict[tuple[str, str], dict]:
    review = json.loads((root / ".reviewer" / "reviews" / f"{path}.rev.json").read_text())
    return {(f["axis"], f["symbol"]): f for f in review["findings"]}


def test_candidates_under_the_floor_reach_claude_with_their_evidence_and_its_verdict_decides(tmp_path: Path, api) -> None:
    for rel, text in FILES.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(textwrap.dedent(text).lstrip())

    # the floor under the sure one's rule (a private helper nobody calls): it is a finding, the held-back ones not
    floor = ["--min-confidence", "60"]
    static = CliRunner().invoke(cli, ["run", str(tmp_path), "--plain", "--llm", "static", "--exit-zero", *floor],
                                catch_exceptions=False)
    assert static.exit_code == 0, static.output
    before = {**_findings(tmp_path, "app/hooks.py"), **_findings(tmp_path, "app/greeter.py")}
    # Under the floor: no static finding for the three candidates; the sure one is a finding.
    for key in (("utility", "rebuild_search_index"), ("utility", "export_nightly_report"), ("overengineering", "Greeter")):
        assert key not in before, key
    assert ("utility", "_forgotten") in before

    result = CliRunner().invoke(cli, ["run", str(tmp_path), "--plain", "--llm", "claude", "--exit-zero", *floor],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output

    hooks = _prompt_of(api.requests, "app/hooks.py")
    rebuild = _symbol_line(hooks, "rebuild_search_index")
    assert "utility DEAD [candidate: not reported]" in rebuild
    assert "docs/ops.md line 1" in rebuild  # the evidence that held it back
    nightly = _symbol_line(hooks, "export_nightly_report")
    assert "utility DEAD [candidate: not reported]" in nightly
    assert ".github/workflows/nightly.yml" in nightly
    assert "utility DEAD [finding]" in _symbol_line(hooks, "_forgotten")
    greeter = _symbol_line(_prompt_of(api.requests, "app/greeter.py"), "Greeter")
    assert "overengineering OVER [candidate: not reported]" in greeter
    assert "one public method (greet)" in greeter

    after = {**_findings(tmp_path, "app/hooks.py"), **_findings(tmp_path, "app/greeter.py")}
    promoted = after[("utility", "rebuild_search_index")]  # Claude confirmed it: now a finding
    assert promoted["verdict"] == "DEAD" and "no code, script or tool calls it" in promoted["message"]
    # ... to check, not to delete blindly: the static evidence was under the floor.
    assert promoted["severity"] == "low" and promoted["confidence"] < 60
    assert ("utility", "export_nightly_report") not in after  # dismissed
    assert ("overengineering", "Greeter") not in after  # dismissed
    assert ("utility", "_forgotten") in after
