"""Tokens per file of a Claude review, measured on the wire: `reviewer run --llm claude` against
a fake Messages API on loopback, on a copy of a mid-size standard-library module (textwrap.py,
491 lines), and `reviewer estimate` of the same repository.

    python scripts/bench_tokens.py                    # textwrap.py, RAG off
    python scripts/bench_tokens.py --module base64 --enable-rag
    python scripts/bench_tokens.py --record           # also record it in docs/benchmarks.md

The fake counts every request as the estimate does (characters / 3.5, plus 350 tokens for the
API's tool-use prompt) and models prompt caching at the request's cache_control breakpoints
(a prefix written by one call is read by the next; under 1,024 tokens nothing is cached). It
plays the model the estimate assumes: one lookup per function (findSimilarFunctions, else
search_code), then one read_file, then submit_review for each part the reviewer asks.

Printed per file: the file's own tokens, the fixed prefix (tools + system), the first request,
the whole conversation (every request's input summed, cached or not) and their ratios to the
file, the calls, and the dollars spent (the fake's counts at the configured prices) against the
dollars estimated.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import importlib.util
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
# This tree's prompts/ and templates/ (an editable install may map them to another checkout).
for _name, _folder in (("reviewer.prompts", "prompts"), ("reviewer.templates", "templates")):
    _init = REPO_ROOT / _folder / "__init__.py"
    _spec = importlib.util.spec_from_file_location(_name, _init, submodule_search_locations=[str(_init.parent)])
    _module = importlib.util.module_from_spec(_spec)
    sys.modules[_name] = _module
    _spec.loader.exec_module(_module)

from claude_helpers import auto_submission, send_json  # noqa: E402

CHARS_PER_TOKEN = 3.5
TOOL_USE_SYSTEM_TOKENS = 350
MIN_CACHEABLE = 1024
READ_LINES = 60
_FILE = re.compile(r"^# File `([^`]+)`", re.MULTILINE)
_FUNCTION = re.compile(r"^- `([^`]+)` (?:function|method)", re.MULTILINE)


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
        return [_use(f"a{n}", "submit_review", auto_submission(body))]

    def log_message(self, *args) -> None:
        pass


def _use(tool_id: str, name: str, tool_input: dict) -> dict:
    return {"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}


def measure(module: str, enable_rag: bool) -> dict:
    from click.testing import CliRunner

    from reviewer.cli import cli
    from reviewer.config import load_config
    from reviewer.review.claude.api import pricing_for

    source = Path(importlib.import_module(module).__file__)
    repo = Path(tempfile.mkdtemp(prefix="bench-tokens-"))
    try:
        shutil.copy(source, repo / source.name)
        (repo / ".reviewer.yml").write_text("llm:\n  concurrency: 1\n")
        rag = ["--enable-rag"] if enable_rag else []
        done = CliRunner().invoke(cli, ["estimate", str(repo), "--json", *rag], catch_exceptions=False)
        estimate = json.loads(done.output[done.output.index("{"):])
        Fake.cached, Fake.calls = set(), []
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
        file_estimate = next(f for f in estimate["files"] if f["file"] == source.name)
        calls = [c for c in Fake.calls if c["file"] == source.name]
        spent = sum(c["input_tokens"] * pricing.input + c["cache_creation_input_tokens"] * pricing.cache_write
                    + c["cache_read_input_tokens"] * pricing.cache_read + c["output_tokens"] * pricing.output
                    for c in calls) / 1e6
        file_tokens = tokens(source.read_text())
        return {
            "module": source.name, "lines": len(source.read_text().splitlines()), "rag": enable_rag,
            "file_tokens": file_tokens, "prefix_tokens": file_estimate["prefix_tokens"],
            "first_request": calls[0]["total"], "conversation": sum(c["total"] for c in calls),
            "calls": len(calls), "output": sum(c["output_tokens"] for c in calls),
            "cache_write": sum(c["cache_creation_input_tokens"] for c in calls),
            "cache_read": sum(c["cache_read_input_tokens"] for c in calls),
            "spent_usd": spent, "estimate_usd": file_estimate["claude"]["cost_usd"],
            "estimate_calls": file_estimate["claude"]["calls"],
            "estimate_input": file_estimate["claude"]["input_tokens"],
        }
    finally:
        shutil.rmtree(repo, ignore_errors=True)


COLUMNS = ["file", "lines", "RAG", "file tok", "prefix tok", "first request", "first / file", "conversation",
           "conversation / file", "calls (est.)", "spent $", "estimate $", "estimate / spent"]


def row(m: dict) -> list[str]:
    return [m["module"], str(m["lines"]), "on" if m["rag"] else "off", f"{m['file_tokens']:,}",
            f"{m['prefix_tokens']:,}", f"{m['first_request']:,}", f"{m['first_request'] / m['file_tokens']:.2f}×",
            f"{m['conversation']:,}", f"{m['conversation'] / m['file_tokens']:.2f}×",
            f"{m['calls']} ({m['estimate_calls']})", f"{m['spent_usd']:.4f}", f"{m['estimate_usd']:.4f}",
            f"{m['estimate_usd'] / m['spent_usd']:.2f}"]


def main() -> None:
    from benchlib import markdown_table, record_section

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--module", action="append", help="stdlib module(s) to copy (default: textwrap)")
    parser.add_argument("--enable-rag", action="store_true")
    parser.add_argument("--record", action="store_true", help="record the table in docs/benchmarks.md")
    args = parser.parse_args()
    results = [measure(name, args.enable_rag) for name in args.module or ["textwrap"]]
    table = markdown_table(COLUMNS, [row(m) for m in results])
    print(table)
    print(json.dumps(results, indent=1))
    if args.record:
        record_section("tokens", "\n".join([
            "## Tokens per file on the wire (`python scripts/bench_tokens.py`)", "",
            "A fake Messages API on loopback counts each request (characters / 3.5 + 350, prompt caching at the "
            "request's breakpoints) and plays one lookup per function, one read_file, then submit_review.", "",
            table]))


if __name__ == "__main__":
    main()
