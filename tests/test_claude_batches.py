"""Batches that adapt: after an answer is cut at max_tokens, the rest of the file (and the
later files of the run) are planned in parts that fit, so a cut costs one extra call; an
answer that lacks a card keeps its verdicts and only the missing card is asked for. The real
anthropic client against a scripted Messages API (httpx2 MockTransport)."""

from __future__ import annotations

import hashlib
import json

import anthropic
import httpx2
import pytest

from claude_helpers import ScriptedAPI, auto_submission, make_repo, message, pricing_context, tool_results, tool_use, \
    valid_submission
from reviewer.config import Config
from reviewer.review.claude.batches import OUTPUT_BASE, OUTPUT_PER_FUNCTION, OUTPUT_PER_SYMBOL, OUTPUT_PER_SYMBOL_AXIS
from reviewer.review.claude.reviewer import ClaudeReviewer
from reviewer.review.context import ReviewContext
from reviewer.schema.facts import FileFacts, Symbol
from reviewer.schema.review import ReviewFile

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # the SDK warns about model end-of-life

MAX_OUTPUT = 4000
WORDINESS = 2.5  # this model writes 2.5 times the planned allowance of every verdict


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "repo")


def many_functions(root, path: str, count: int, config: Config) -> ReviewContext:
    """A file of `count` small functions (RAG off: verdicts only)."""
    source = "".join(f"def f{n}(x):\n    return x + {n}\n\n\n" for n in range(count))
    symbols = [Symbol(name=f"f{n}", qualified_name=f"f{n}", kind="function", exported=True, line_start=4 * n + 1,
                      line_end=4 * n + 2, signature=f"def f{n}(x)", params=["x"]) for n in range(count)]
    facts = FileFacts(path=path, language="python", sha256=hashlib.sha256(source.encode()).hexdigest(),
                      lines=4 * count, size=len(source), symbols=symbols)
    evidence = ReviewFile(file=path, language="python", sha256=facts.sha256, reviewer="static")
    return ReviewContext(root=root, config=config, facts=facts, source=source, evidence=evidence)


class WordyModel:
    """Answers what it is asked, but its answer runs WORDINESS times the planned allowance:
    past max_tokens, it is cut."""

    def __init__(self) -> None:
        self.requests: list[dict] = []
        self.cut = 0

    def handler(self, request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        self.requests.append(body)
        submission = auto_submission(body)
        axes = len(body["tools"][-1]["input_schema"]["properties"]["symbols"]["items"]["properties"]) - 2
        written = WORDINESS * (OUTPUT_BASE + len(submission["symbols"]) * (
            OUTPUT_PER_SYMBOL + OUTPUT_PER_SYMBOL_AXIS * axes + OUTPUT_PER_FUNCTION))
        if written > body["max_tokens"]:
            self.cut += 1
            return httpx2.Response(200, json=message([tool_use("cut", "submit_review", {"verdict": "CLEAN"})],
                                                     stop_reason="max_tokens"))
        return httpx2.Response(200, json=message([tool_use(f"s{len(self.requests)}", "submit_review", submission)]))

    def client(self) -> anthropic.Anthropic:
        return anthropic.Anthropic(api_key="sk-test-key", max_retries=0,
                                   http_client=httpx2.Client(transport=httpx2.MockTransport(self.handler)))


def test_a_cut_answer_resizes_the_remaining_batches_and_the_next_files(repo) -> None:
    config = Config()
    config.llm.max_output_tokens = MAX_OUTPUT
    model = WordyModel()
    reviewer = ClaudeReviewer(config, model.client())

    review = reviewer.review(many_functions(repo, "src/many.py", 40, config))
    assert len(review.symbols) == 40
    assert model.cut == 1  # planned in 5 parts of up to 9; the first is cut, the rest is planned again
    first_file = len(model.requests)
    assert first_file == 1 + 10  # the cut call, then 10 parts of 4 that fit (before: 4 cuts, 13 calls)

    again = reviewer.review(many_functions(repo, "src/more.py", 40, config))
    assert len(again.symbols) == 40
    assert model.cut == 1  # the next file is planned at the learned size: no cut at all
    assert len(model.requests) - first_file == 10


def test_a_missing_card_keeps_the_verdicts_and_asks_for_that_card_only(repo) -> None:
    lacking = valid_submission()
    lacking["cards"] = lacking["cards"][:1]  # total_price's card only; discount's is missing
    cards_only = {"verdict": "NEEDS_REFACTOR", "summary": "Cart pricing helpers.", "symbols": [],
                  "cards": [valid_submission()["cards"][1]]}
    api = ScriptedAPI([message([tool_use("s1", "submit_review", lacking)]),
                       message([tool_use("s2", "submit_review", cards_only)])])
    review = ClaudeReviewer(Config(), api.client()).review(pricing_context(repo))

    assert len(api.requests) == 2
    [result] = tool_results(api.requests[1])
    assert not result.get("is_error")
    assert "It lacked cards for discount; its verdicts are kept." in result["content"]
    assert "holds no verdicts (give symbols: []): only the cards for discount." in result["content"]
    assert {s.name: s.utility for s in review.symbols}["discount"] == "DEAD"  # the first answer's verdicts
    assert {c.qualified_name: c.summary for c in review.function_cards}["discount"].startswith("Reduces a price")


def test_a_card_still_missing_after_the_second_ask_is_noted_and_the_review_kept(repo) -> None:
    lacking = valid_submission()
    lacking["cards"] = lacking["cards"][:1]
    still_lacking = {"verdict": "NEEDS_REFACTOR", "summary": "Cart pricing helpers.", "symbols": [], "cards": []}
    api = ScriptedAPI([message([tool_use("s1", "submit_review", lacking)]),
                       message([tool_use("s2", "submit_review", still_lacking)])])
    notes: list[str] = []
    review = ClaudeReviewer(Config(), api.client(), on_note=notes.append).review(pricing_context(repo))
    assert len(api.requests) == 2  # paid calls are kept: no third ask, no failed file
    assert len(review.symbols) == 3
    assert {c.qualified_name for c in review.function_cards} == {"total_price"}
    assert notes == ["src/pricing.py: no card for discount (asked twice); reviewed without them"]
