"""Tokens per file of a Claude review, measured on the wire: `reviewer run --llm claude` against
a fake Messages API on loopback, on copies of standard-library code (mid-size modules such as
textwrap.py, 491 lines, and a small package), and `reviewer estimate` of the same copy.

    python scripts/bench_tokens.py                    # textwrap, base64 and the json package, RAG off and on
    python scripts/bench_tokens.py --module email --rag on
    python scripts/bench_tokens.py --record           # also record it in docs/benchmarks.md

The fake counts every request as the estimate does (characters / 3.5, plus 350 tokens for the
API's tool-use prompt) and models prompt caching at the request's cache_control breakpoints
(a prefix written by one call is read by the next; under 1,024 tokens nothing is cached). It
plays the model the estimate assumes: one lookup per function (findSimilarFunctions, else
search_code), then one read_file, then submit_review for each part the reviewer asks, with bare
answers (every default verdict) or answers that follow the evidence (the static verdicts, one
sentence per non-default verdict, as the system prompt asks).

Printed per file: the file's own tokens, the fixed prefix (tools + system), the first request,
the whole conversation (every request's input summed, cached or not) and their ratios to the
file, the calls, and the dollars spent (the fake's counts at the configured prices) against the
dollars estimated.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import math
import os
import re
import shutil
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import use_tree_packages  # noqa: E402

use_tree_packages(REPO_ROOT)  # this tree's prompts/ and templates/, whatever the install maps

from claude_helpers import auto_submission, send_json  # noqa: E402

CHARS_PER_TOKEN = 3.5
TOOL_USE_SYSTEM_TOKENS = 350
MIN_CACHEABLE = 1024
READ_LINES = 60
_FILE = re.compile(r"^# File `([^`]+)`", re.MULTILINE)
_FUNCTION = re.compile(r"^- `([^`]+)` (?:function|method)", re.MULTILINE)
_COMMON = re.compile(r"^Static verdicts, unless a symbol lists another: (.*)\.$", re.MULTILINE)
_STATIC = re.compile(r"^- `([^`]+)` [^\n]*?; static: (.*)$", re.MULTILINE)
_SIMILAR = re.compile(r"^  - similar: ([^:\n]+):([^ ,\n]+)", re.MULTILINE)
# What an answer that follows the prompt writes where the fake has no judgement of its own: one
# sentence per non-default verdict (the system prompt asks for one), a short file summary.
EVIDENCE = "The static evidence shows this and reading the lines agrees; see the cited lines above."
SUMMARY = "A module of text helpers; the review follows the static evidence, with one sentence per non-default verdict."


def tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN) if text else 0


def _plain(value):
    """A request part without its cache markers (they move from call to call; the text does not)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if k != "cache_control"}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _blocks(body: dict) -> list[tuple[str, bool]]:
    """The request as the API caches it: tools, system, then message blocks; (text, breakpoint?)."""
    out = [(json.dumps(_plain(tool), ensure_ascii=False), "cache_control" in tool) for tool in body.get("tools", [])]
    system = body.get("system") or []
    for block in [{"type": "text", "text": system}] if isinstance(system, str) else system:
        out.append((block["text"], "cache_control" in block))
    for message in body["messages"]:
        content = message["content"]
        for block in [{"type": "text", "text": content}] if isinstance(content, str) else content:
            out.append((message["role"] + json.dumps(_plain(block), ensure_ascii=False), "cache_control" in block))
    return out


class Fake(BaseHTTPRequestHandler):
    lock = threading.Lock()
    cached: set[str] = set()
    calls: list[dict] = []
    like_the_evidence = False  # answers: the static verdicts with a sentence each (True), or the bare defaults

    def do_POST(self) -> None:  # noqa: N802 (http.server API)
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        first = body["messages"][0]["content"]
        first_text = first if isinstance(first, str) else next(b["text"] for b in first if b.get("type") == "text")
        path = _FILE.search(first_text).group(1)
        content = self.answer(body, path, first_text)
        output = tokens(json.dumps(content))
        with self.lock:
            usage = self.usage(body)
            usage["output_tokens"] = output
            type(self).calls.append({"file": path, **usage, "turn": sum(m["role"] == "assistant" for m in body["messages"])})
        reply = {"id": f"msg_{len(self.calls)}", "type": "message", "role": "assistant", "model": body["model"],
                 "content": content, "stop_reason": "tool_use", "stop_sequence": None, "usage": usage}
        send_json(self, 200, reply)

    def usage(self, body: dict) -> dict:
        """input / cache write / cache read of one request, prefix caching at its breakpoints."""
        digest = hashlib.sha256()
        total, read, last_mark = TOOL_USE_SYSTEM_TOKENS, 0, 0
        marks = []
        for text, mark in _blocks(body):
            digest.update(text.encode())
            total += tokens(text)
            key = digest.hexdigest()
            if key in self.cached:
                read = total
            if mark:
                last_mark = total
                marks.append(key)
        write = max(last_mark - read, 0) if last_mark >= MIN_CACHEABLE else 0
        if last_mark >= MIN_CACHEABLE:
            self.cached.update(marks)
        return {"input_tokens": total - read - write, "cache_creation_input_tokens": write,
                "cache_read_input_tokens": read, "total": total}

    def answer(self, body: dict, path: str, first_text: str) -> list[dict]:
        asked = [b["name"] for m in body["messages"] if m["role"] == "assistant"
                 for b in m["content"] if b.get("type") == "tool_use"]
        tools = {tool["name"] for tool in body["tools"]}
        n = len(body["messages"])
        if not asked:
            functions = _FUNCTION.findall(first_text)
            if functions:
                if "findSimilarFunctions" in tools:
                    return [_use(f"s{n}_{i}", "findSimilarFunctions", {"functionId": name}) for i, name in enumerate(functions)]
                return [_use(f"s{n}_{i}", "search_code", {"pattern": name.rsplit(".", 1)[-1]})
                        for i, name in enumerate(functions)]
        if "read_file" not in asked:
            return [_use(f"r{n}", "read_file", {"path": path, "start": 1, "end": READ_LINES})]
        submission = auto_submission(body)
        if type(self).like_the_evidence:
            _follow_the_evidence(submission, first_text)
        return [_use(f"a{n}", "submit_review", submission)]

    def log_message(self, *args) -> None:
        pass


def _follow_the_evidence(submission: dict, first_text: str) -> None:
    """Give each symbol the static verdicts its prompt lists, with one evidence sentence per
    non-default verdict (what the system prompt asks of a model that agrees with the evidence)."""
    from reviewer.schema.axes import DEFAULT_VERDICTS

    common = dict(part.split(" ", 1) for part in (_COMMON.search(first_text) or [None, ""])[1].split("; ") if part)
    own = {name: dict(re.match(r"(\w+) (\w+)", part).groups() for part in re.split(r"; (?=\w+ [A-Z_]+\b)", text))
           for name, text in _STATIC.findall(first_text)}
    similar = dict(_SIMILAR.findall(first_text))
    submission["summary"] = SUMMARY
    for entry in submission["symbols"]:
        for axis, verdict in {**common, **own.get(entry["name"], {})}.items():
            if axis not in entry or verdict == DEFAULT_VERDICTS[axis]:
                continue
            entry[axis] = {"verdict": verdict, "evidence": EVIDENCE}
            if verdict == "DUPLICATE":
                target = next(iter(similar.items()), None)
                if target is None:
                    entry[axis] = {"verdict": "UNIQUE", "evidence": ""}
                else:
                    entry[axis]["duplicate_of"] = {"file": target[0], "name": target[1]}


def _use(tool_id: str, name: str, tool_input: dict) -> dict:
    return {"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}


def measure(module: str, enable_rag: bool, like_the_evidence: bool = False) -> dict:
    from click.testing import CliRunner

    from reviewer.cli import cli
    from reviewer.config import load_config
    from reviewer.review.claude.api import pricing_for

    source = Path(importlib.import_module(module).__file__)
    repo = Path(tempfile.mkdtemp(prefix="bench-tokens-"))
    package = source.name == "__init__.py"  # a package: every module, each reviewed with the others as context
    try:
        if package:
            shutil.copytree(source.parent, repo / module, ignore=shutil.ignore_patterns("__pycache__", "tests"))
        else:
            shutil.copy(source, repo / source.name)
        (repo / ".reviewer.yml").write_text("llm:\n  concurrency: 1\n")
        rag = ["--enable-rag"] if enable_rag else []
        done = CliRunner().invoke(cli, ["estimate", str(repo), "--json", *rag], catch_exceptions=False)
        estimate = json.loads(done.output[done.output.index("{"):])
        Fake.cached, Fake.calls, Fake.like_the_evidence = set(), [], like_the_evidence
        server = ThreadingHTTPServer(("127.0.0.1", 0), Fake)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        os.environ["ANTHROPIC_BASE_URL"] = f"http://127.0.0.1:{server.server_address[1]}"
        os.environ.setdefault("ANTHROPIC_API_KEY", "sk-bench-fake")
        try:
            ran = CliRunner().invoke(cli, ["run", str(repo), "--plain", "--llm", "claude", "--yes", "--max-cost", "100",
                                           *rag], catch_exceptions=False)
        finally:
            server.shutdown()
        if ran.exit_code not in (0, 1):
            raise SystemExit(f"the run failed ({ran.exit_code}):\n{ran.output}")
        pricing = pricing_for(load_config(repo))
        files = [f["file"] for f in estimate["files"]]
        calls = [c for c in Fake.calls if c["file"] in files]
        spent = sum(c["input_tokens"] * pricing.input + c["cache_creation_input_tokens"] * pricing.cache_write
                    + c["cache_read_input_tokens"] * pricing.cache_read + c["output_tokens"] * pricing.output
                    for c in calls) / 1e6
        texts = [(repo / name).read_text() for name in files]
        first = [next(c for c in calls if c["file"] == name) for name in files]
        last = [[c for c in calls if c["file"] == name][-1] for name in files]
        return {
            "module": module + "/" if package else source.name, "lines": sum(len(t.splitlines()) for t in texts),
            "rag": enable_rag, "file_tokens": sum(tokens(t) for t in texts),
            "prefix_tokens": estimate["files"][0]["prefix_tokens"],
            "first_request": sum(c["total"] for c in first), "conversation": sum(c["total"] for c in calls),
            # what the conversation holds at its last call (every part written to the cache once)
            "final_conversation": sum(c["total"] for c in last),
            "calls": len(calls), "output": sum(c["output_tokens"] for c in calls),
            "cache_write": sum(c["cache_creation_input_tokens"] for c in calls),
            "cache_read": sum(c["cache_read_input_tokens"] for c in calls),
            "spent_usd": spent, "estimate_usd": estimate["total"]["cost_usd"],
            "estimate_calls": sum(f["claude"]["calls"] for f in estimate["files"]), "estimate_input": estimate["total"]["input_tokens"],
            "estimate_output": estimate["total"]["output_tokens"],
        }
    finally:
        shutil.rmtree(repo, ignore_errors=True)


COLUMNS = ["code", "lines", "RAG", "answers", "code tok", "prefix tok", "first request (× code)",
           "conversation at its end (× code)", "every request summed (× code)", "calls (estimated)", "spent $",
           "estimate $", "estimate / spent"]


def row(m: dict) -> list[str]:
    code = m["file_tokens"]
    return [m["module"], f"{m['lines']:,}", "on" if m["rag"] else "off", m["answers"], f"{code:,}",
            f"{m['prefix_tokens']:,}", f"{m['first_request']:,} ({m['first_request'] / code:.2f}×)",
            f"{m['final_conversation']:,} ({m['final_conversation'] / code:.2f}×)",
            f"{m['conversation']:,} ({m['conversation'] / code:.2f}×)",
            f"{m['calls']} ({m['estimate_calls']})", f"{m['spent_usd']:.4f}", f"{m['estimate_usd']:.4f}",
            f"{m['estimate_usd'] / m['spent_usd']:.2f}"]


def main() -> None:
    from benchlib import markdown_table, record_section

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--module", action="append",
                        help="stdlib module or package to copy, repeatable (default: textwrap, base64, json)")
    parser.add_argument("--rag", choices=["off", "on", "both"], default="both")
    parser.add_argument("--record", action="store_true", help="record the table in docs/benchmarks.md")
    parser.add_argument("--note", default="", help="a paragraph added under the recorded table (e.g. the figures before a change)")
    args = parser.parse_args()
    results = []
    for name in args.module or ["textwrap", "base64", "json"]:
        for rag in {"off": [False], "on": [True], "both": [False, True]}[args.rag]:
            for evidence in (False, True):
                results.append({**measure(name, rag, evidence), "answers": "evidence" if evidence else "bare"})
    table = markdown_table(COLUMNS, [row(m) for m in results])
    print(table)
    if args.record:
        record_section("tokens", "\n".join([
            "## Tokens per file on the wire (`python scripts/bench_tokens.py --record`)", "",
            "`reviewer run --llm claude` on copies of standard-library code against a fake Messages API on "
            "loopback, next to `reviewer estimate` of the same copy. The fake counts each request as the "
            "estimate does (characters / 3.5, + 350 for the tool-use prompt), models prompt caching at the "
            "request's breakpoints, and plays one lookup per function, one read_file, then submit_review for "
            "each part asked: with *bare* answers (every default verdict, no sentence) or answers that follow "
            "the *evidence* (the static verdicts, one sentence per non-default verdict, as the prompt asks). "
            "*Conversation at its end*: what the last call of each file sends (each part of it is written to "
            "the cache once); *every request summed*: cache reads included. Claude's own answers are not "
            "measured here (no key).", "",
            table, *(["", args.note] if args.note else [])]))


if __name__ == "__main__":
    main()
