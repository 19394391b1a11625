"""Shared by the Claude reviewer tests: a small repository with hand-built facts and
evidence (the shape the scan and static reviewer produce), and a scripted Anthropic
API behind the real SDK client (httpx2 MockTransport)."""

from __future__ import annotations

import hashlib
import json
import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterator

import anthropic
import httpx2
import pytest

from reviewer.config import Config
from reviewer.schema.cards import FunctionCard, card_id
from reviewer.review.context import ReviewContext
from reviewer.schema.review import SimilarFunction
from reviewer.schema.review import ReviewFile, Similarity, SymbolReview
from reviewer.schema.facts import FileFacts, Symbol

PRICING_SRC = '''\
"""Prices of a cart."""

TAX_RATE = 0.2


def total_price(items):
    """Sum of the item prices with tax."""
    subtotal = 0
    for item in items:
        subtotal += item["price"] * item["qty"]
    return subtotal * (1 + TAX_RATE)


def discount(price, percent):
    if percent > 100:
        raise ValueError("percent over 100")
    return price - price * percent / 100
'''

UTIL_SRC = '''\
def sum_with_tax(rows, rate):
    acc = 0
    for row in rows:
        acc += row["price"] * row["qty"]
    return acc * (1 + rate)
'''


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def make_repo(root: Path) -> Path:
    (root / "src").mkdir(parents=True, exist_ok=True)
    (root / "src" / "pricing.py").write_text(PRICING_SRC)
    (root / "src" / "util.py").write_text(UTIL_SRC)
    (root / "tests").mkdir(exist_ok=True)
    (root / "tests" / "test_pricing.py").write_text("from src.pricing import total_price\n\n\ndef test_total():\n    assert total_price([]) == 0\n")
    return root


def pricing_facts() -> FileFacts:
    symbols = [
        Symbol(name="TAX_RATE", qualified_name="TAX_RATE", kind="constant", exported=True, line_start=3, line_end=3,
               value="0.2"),
        Symbol(name="total_price", qualified_name="total_price", kind="function", exported=True, line_start=6,
               line_end=11, signature="def total_price(items)", docstring="Sum of the item prices with tax.",
               body_hash=_sha("total_price-body"), calls=[], complexity=2, complexity_score=1, params=["items"]),
        Symbol(name="discount", qualified_name="discount", kind="function", exported=True, line_start=14,
               line_end=17, signature="def discount(price, percent)", body_hash=_sha("discount-body"),
               calls=["ValueError"], complexity=2, complexity_score=1, params=["price", "percent"]),
    ]
    return FileFacts(path="src/pricing.py", language="python", sha256=_sha(PRICING_SRC), lines=17,
                     size=len(PRICING_SRC), symbols=symbols)


def pricing_evidence(facts: FileFacts) -> ReviewFile:
    def sym(s: Symbol, **axes: str) -> SymbolReview:
        return SymbolReview(name=s.qualified_name, kind=s.kind, exported=s.exported, line_start=s.line_start,
                            line_end=s.line_end, **{k: v for k, v in axes.items() if k != "evidence"},
                            evidence=json.loads(axes.get("evidence", "{}")))
    tax, total, disc = facts.symbols
    return ReviewFile(
        file=facts.path, language="python", sha256=facts.sha256, reviewer="static",
        symbols=[
            sym(tax, utility="USED", tests="NONE", documentation="UNDOCUMENTED",
                evidence=json.dumps({"utility": "2 references in its own file"})),
            sym(total, utility="USED", duplication="DUPLICATE", tests="GOOD", documentation="DOCUMENTED",
                evidence=json.dumps({"utility": "imported by 1 file (tests/test_pricing.py)",
                                     "tests": "referenced by tests/test_pricing.py::test_total"})),
            sym(disc, utility="DEAD", tests="NONE", documentation="UNDOCUMENTED",
                evidence=json.dumps({"utility": "imported by 0 files; 0 references in its own file"})),
        ],
        similarities=[Similarity(function="total_price", line_start=6, file="src/util.py", name="sum_with_tax",
                                 other_line_start=1, score=0.91, structure=0.88, meaning=0.93, clone_kind="renamed")],
    )


def pricing_cards(facts: FileFacts) -> list[FunctionCard]:
    cards = []
    for s in facts.symbols:
        if s.kind != "function":
            continue
        cards.append(FunctionCard(id=card_id(facts.path, s.line_start, s.line_end), file_path=facts.path, name=s.name,
                                  qualified_name=s.qualified_name, kind=s.kind, language="python",
                                  line_start=s.line_start, line_end=s.line_end, signature=s.signature,
                                  summary=s.docstring or s.name, key_concepts=s.name.split("_"),
                                  behavioral_profile="pure", complexity_score=s.complexity_score,
                                  called_internals=["src/util.py:sum_with_tax"] if s.name == "total_price" else [],
                                  body_hash=s.body_hash))
    return cards


SUM_WITH_TAX = SimilarFunction(id=card_id("src/util.py", 1, 5), name="sum_with_tax", file_path="src/util.py",
                               line_start=1, line_end=5, score=0.91, meaning=0.93, structure=0.88,
                               clone_kind="renamed", summary="Sum of price times quantity with a tax rate.")


def pricing_context(root: Path, config: Config | None = None, rag: bool = True, index_size: int = 12,
                    similar_calls: list | None = None) -> ReviewContext:
    facts = pricing_facts()

    def find_similar(function_id: str, max_results: int, min_score: float) -> list[SimilarFunction]:
        if similar_calls is not None:
            similar_calls.append((function_id, max_results, min_score))
        return [SUM_WITH_TAX] if SUM_WITH_TAX.score >= min_score else []

    def find_usages(name: str) -> list[str]:
        return ["tests/test_pricing.py:1 imports total_price"] if name == "total_price" else []

    return ReviewContext(
        root=root, config=config or Config(), facts=facts, source=PRICING_SRC, evidence=pricing_evidence(facts),
        cards=pricing_cards(facts), rag_enabled=rag, index_size=index_size if rag else 0,
        find_similar=find_similar if rag else None, find_usages=find_usages,
    )


# -- the scripted API ----------------------------------------------------------------

# Three one-function files: a run reviews each in its own request.
THREE_FILES = {
    "a_cart.py": 'def cart_total(items):\n    """Sum of prices."""\n    return sum(i["price"] for i in items)\n',
    "b_tax.py": 'def with_tax(amount, rate):\n    """Amount with tax."""\n    return amount * (1 + rate)\n',
    "c_ship.py": 'def shipping(weight):\n    """Shipping cost."""\n    return 5 + weight * 2\n',
}
USAGE = {"input_tokens": 1200, "output_tokens": 300, "cache_creation_input_tokens": 2000, "cache_read_input_tokens": 0}


def message(content: list[dict[str, Any]], usage: dict[str, int] | None = None, stop_reason: str = "tool_use",
            model: str = "claude-sonnet-4-5", message_id: str = "msg_test") -> dict[str, Any]:
    return {"id": message_id, "type": "message", "role": "assistant", "model": model,
            "content": content, "stop_reason": stop_reason, "stop_sequence": None, "usage": usage or dict(USAGE)}


def tool_use(tool_id: str, name: str, tool_input: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}


def axis(verdict: str, evidence: str = "", **extra: Any) -> dict[str, Any]:
    return {"verdict": verdict, "evidence": evidence, **extra}


def valid_submission(with_cards: bool = True) -> dict[str, Any]:
    def verdicts(name: str, **over: dict[str, Any]) -> dict[str, Any]:
        base = {"name": name, "confidence": 85, "correction": axis("OK"), "utility": axis("USED"),
                "duplication": axis("UNIQUE"), "overengineering": axis("LEAN"), "tests": axis("GOOD"),
                "documentation": axis("DOCUMENTED")}
        base.update(over)
        return base

    submission: dict[str, Any] = {
        "verdict": "NEEDS_REFACTOR",
        "summary": "Cart pricing helpers; total_price duplicates util.sum_with_tax and discount is dead.",
        "symbols": [
            verdicts("TAX_RATE", tests=axis("NONE", "no test reads it"), documentation=axis("UNDOCUMENTED", "no comment")),
            verdicts("total_price", duplication=axis("DUPLICATE", "0.91 similar to src/util.py:sum_with_tax, same loop",
                                                     duplicate_of={"file": "src/util.py", "name": "sum_with_tax"})),
            verdicts("discount", utility=axis("DEAD", "imported by 0 files, 0 references"),
                     correction=axis("NEEDS_FIX", "negative percent is accepted (line 15 checks only > 100)"),
                     tests=axis("NONE", "no test"), documentation=axis("UNDOCUMENTED", "no docstring")),
        ],
        "findings": [{"axis": "correction", "verdict": "NEEDS_FIX", "severity": "medium", "symbol": "discount",
                      "line_start": 15, "line_end": 16, "message": "percent < 0 raises the price"}],
        "actions": [{"category": "quick_win", "description": "Remove discount: nothing calls it.", "symbol": "discount",
                     "line_start": 14}],
    }
    if with_cards:
        submission["cards"] = [
            {"function": "total_price", "summary": "Sums price times quantity over cart items and applies the tax rate.",
             "key_concepts": ["cart", "price", "tax"], "behavioral_profile": "pure"},
            {"function": "discount", "summary": "Reduces a price by a percentage, refusing more than 100 percent.",
             "key_concepts": ["price", "discount", "percent"], "behavioral_profile": "pure"},
        ]
    return submission


class ScriptedAPI:
    """Replays scripted responses in order and records every request it receives."""

    def __init__(self, responses: list[Any]) -> None:
        self.responses = list(responses)
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []

    def handler(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(json.loads(request.content))
        self.headers.append(dict(request.headers))
        if not self.responses:
            raise AssertionError("the reviewer made more API calls than scripted")
        item = self.responses.pop(0)
        if isinstance(item, httpx2.Response):
            return item
        return httpx2.Response(200, json=item)

    def client(self) -> anthropic.Anthropic:
        return anthropic.Anthropic(api_key="sk-test-key", max_retries=0,
                                   http_client=httpx2.Client(transport=httpx2.MockTransport(self.handler)))


def error_response(status: int, kind: str, text: str, headers: dict[str, str] | None = None) -> httpx2.Response:
    return httpx2.Response(status, headers=headers or {}, json={"type": "error", "error": {"type": kind, "message": text}})


def tool_results(request: dict[str, Any]) -> list[dict[str, Any]]:
    """The tool_result blocks of the last user message of a request."""
    return [b for b in request["messages"][-1]["content"] if b.get("type") == "tool_result"]


def util_context(root: Path, config: Config | None = None) -> ReviewContext:
    symbol = Symbol(name="sum_with_tax", qualified_name="sum_with_tax", kind="function", exported=True, line_start=1,
                    line_end=5, signature="def sum_with_tax(rows, rate)", body_hash=_sha("sum_with_tax-body"),
                    complexity=2, complexity_score=1, params=["rows", "rate"])
    facts = FileFacts(path="src/util.py", language="python", sha256=_sha(UTIL_SRC), lines=5, size=len(UTIL_SRC),
                      symbols=[symbol])
    evidence = ReviewFile(file=facts.path, language="python", sha256=facts.sha256, reviewer="static",
                          symbols=[SymbolReview(name="sum_with_tax", kind="function", exported=True, line_start=1,
                                                line_end=5, tests="NONE", documentation="UNDOCUMENTED")])
    return ReviewContext(root=root, config=config or Config(), facts=facts, source=UTIL_SRC, evidence=evidence)


def util_submission() -> dict[str, Any]:
    return {
        "verdict": "CLEAN", "summary": "One tax helper.",
        "symbols": [{"name": "sum_with_tax", "confidence": 80, "correction": axis("OK"), "utility": axis("USED"),
                     "duplication": axis("UNIQUE"), "overengineering": axis("LEAN"),
                     "tests": axis("WEAK", "only reached through total_price"), "documentation": axis("DOCUMENTED")}],
    }


# -- an API that answers any file: a valid submission built from the request itself ---------

import re as _re

_SYMBOL_LINE = _re.compile(r"^- `([^`]+)` ", _re.MULTILINE)
_PART = _re.compile(r"holds exactly these \d+ symbols: (.*?)\. (?:Cards for: (.*?)\.(?= |$)|No cards in this part\.)")
_CARDS = _re.compile(r"^Cards to write: (.*?)\.$", _re.MULTILINE)
_CARDS_ONLY = _re.compile(r"holds no verdicts \(give symbols: \[\]\): only the cards for (.*?)\.(?= |$)")


def _all_text(body: dict[str, Any]) -> list[str]:
    texts = []
    for message_ in body["messages"]:
        for block in message_["content"] if isinstance(message_["content"], list) else []:
            if block.get("type") == "text":
                texts.append(block["text"])
            elif block.get("type") == "tool_result" and isinstance(block.get("content"), str):
                texts.append(block["content"])
    return texts


def auto_submission(body: dict[str, Any]) -> dict[str, Any]:
    """The smallest valid submit_review for what the request asks now: the part named by the
    latest batch instruction, or every listed symbol and card."""
    texts = _all_text(body)
    first = texts[0]
    names = _SYMBOL_LINE.findall(first)
    found = _CARDS.search(first)
    cards = [] if not found or found.group(1) == "none" else found.group(1).split(", ")
    found = [(number, match.start(), match) for number, text in enumerate(texts)
             for pattern in (_PART, _CARDS_ONLY) for match in pattern.finditer(text)]
    if found:
        latest = max(found, key=lambda item: item[:2])[2]
        if latest.re is _CARDS_ONLY:
            names, cards = [], latest.group(1).split(", ")
        else:
            names = latest.group(1).split(", ")
            cards = latest.group(2).split(", ") if latest.group(2) else []
    submission: dict[str, Any] = {
        "verdict": "CLEAN", "summary": "Reviewed.",
        "symbols": [{"name": n, "confidence": 80, "correction": axis("OK"), "utility": axis("USED"),
                     "duplication": axis("UNIQUE"), "overengineering": axis("LEAN"), "tests": axis("GOOD"),
                     "documentation": axis("DOCUMENTED")} for n in names],
    }
    if "cards" in body["tools"][-1]["input_schema"]["properties"]:
        submission["cards"] = [{"function": n, "summary": f"Claude's summary of {n}.", "key_concepts": ["alpha", "beta", "gamma"],
                                "behavioral_profile": "pure"} for n in cards]
    return submission


def send_json(handler, status: int, reply: dict) -> None:
    """Answer an http.server request with `reply` as JSON (the scripted Messages servers)."""
    data = json.dumps(reply).encode()
    handler.send_response(status)
    handler.send_header("content-type", "application/json")
    handler.send_header("content-length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


@contextmanager
def serving(handler_class, monkeypatch) -> Iterator[None]:
    """A scripted Messages server on a free local port, with the SDK pointed at it (real HTTP,
    no network) for as long as the block runs."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler_class)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setenv("ANTHROPIC_BASE_URL", f"http://127.0.0.1:{server.server_address[1]}")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-key")
    try:
        yield
    finally:
        server.shutdown()


class QuietHandler(BaseHTTPRequestHandler):
    """The base of a scripted Messages server's handler: the requests it received, no log line."""

    requests: list = []

    def log_message(self, *args) -> None:
        pass


def scripted_api(handler_class: type[QuietHandler]):
    """A pytest fixture that serves `handler_class` (its `requests` emptied first) for one test."""

    @pytest.fixture()
    def api(monkeypatch: pytest.MonkeyPatch):
        handler_class.requests = []
        with serving(handler_class, monkeypatch):
            yield handler_class

    return api


def write_repo(root: Path, files: dict[str, str], config: str = "llm:\n  concurrency: 1\n") -> Path:
    """A repository of `files` under `root` with a .reviewer.yml (one Claude call at a time: a
    scripted server's replies come in a known order)."""
    for name, text in files.items():
        (root / name).write_text(text)
    (root / ".reviewer.yml").write_text(config)
    return root
