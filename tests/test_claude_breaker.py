"""The circuit breaker and the run-level stops, through the real anthropic client and an
httpx2 MockTransport: an outage (connection refused, timeouts) stops a run of 1,000 files
after a handful of calls and under a minute of waiting; a burst of overloads is waited out
(a cool-down before the probe) instead of stopping the run; a model that keeps not
submitting stops the run after a few files, and the run says what it kept.

Time is virtual: the retry policy's sleep and the gate's clock advance a counter, so the
schedule is checked without waiting for it (no test measures wall-clock time)."""

from __future__ import annotations

import json
import threading

import anthropic
import httpx2
import pytest

from claude_helpers import auto_submission, make_repo, message, pricing_context, tool_use
from reviewer.config import Config
from reviewer.review.claude.api import BREAKER_COOLDOWN, ProviderDown, ProviderGate, RetryPolicy
from reviewer.review.claude.reviewer import ClaudeReviewer
from reviewer.review.claude.runner import UNANSWERED_STOP, ModelNotAnswering, review_files

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # the SDK warns about model end-of-life


class VirtualTime:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []
        self._lock = threading.Lock()

    def sleep(self, seconds: float) -> None:
        with self._lock:
            self.sleeps.append(seconds)
            self.now += seconds

    def clock(self) -> float:
        return self.now


class Provider:
    """A Messages API whose answer is chosen per request by `answer(n, time)`; records every request."""

    def __init__(self, answer, time: VirtualTime) -> None:
        self.answer = answer
        self.time = time
        self.requests: list[dict] = []

    def handler(self, request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        self.requests.append(body)
        return self.answer(len(self.requests) - 1, self.time.now, body)

    def client(self) -> anthropic.Anthropic:
        return anthropic.Anthropic(api_key="sk-test-key", max_retries=0,
                                   http_client=httpx2.Client(transport=httpx2.MockTransport(self.handler)))


def submitted(body: dict) -> httpx2.Response:
    return httpx2.Response(200, json=message([tool_use("s", "submit_review", auto_submission(body))]))


def contexts(root, config: Config, count: int) -> list:
    base = pricing_context(root, config, rag=False)
    return [ReviewContextCopy(base, f"src/f{n:04d}.py") for n in range(count)]


def ReviewContextCopy(base, path: str):  # noqa: N802 - reads as a constructor
    from dataclasses import replace

    return replace(base, facts=base.facts.model_copy(update={"path": path}))


def one_at_a_time() -> Config:
    config = Config()
    config.llm.concurrency = 1  # the virtual time is the sum of the sleeps of one thread
    return config


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "repo")


@pytest.mark.parametrize("failure", [httpx2.ConnectError("connection refused"), httpx2.ReadTimeout("timed out")],
                         ids=["connection-refused", "timeout"])
def test_an_outage_of_1000_files_stops_in_a_few_calls_and_under_a_minute(repo, failure) -> None:
    time = VirtualTime()

    def down(number, now, body):
        raise failure

    provider = Provider(down, time)
    config = one_at_a_time()
    stream = review_files(contexts(repo, config, 1000), config, provider.client(), retry=RetryPolicy(sleep=time.sleep))
    with pytest.raises(ProviderDown, match="circuit breaker opened and its probe failed"):
        list(stream)
    assert len(provider.requests) == 6  # 5 failures open the breaker, 1 probe after the cool-down
    assert time.sleeps[-1] == pytest.approx(BREAKER_COOLDOWN, abs=0.5)  # the cool-down, then the probe
    assert time.now < 60  # the backoffs of 5 attempts (at most 2+4+8+16 s) and the cool-down
    assert len(stream.not_reviewed) == 1000
    summary = stream.kept_summary()
    assert summary.startswith("kept: 0 files reviewed") and "1000 not reviewed" in summary


def test_a_burst_of_overloads_is_waited_out_before_the_probe(repo) -> None:
    """Six 529s in 1.8 s used to stop a run of any size (the probe went out at once)."""
    time = VirtualTime()

    def burst(number, now, body):
        if now < 1.8:
            return httpx2.Response(529, json={"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})
        return submitted(body)

    provider = Provider(burst, time)
    gate = ProviderGate(sleep=time.sleep, clock=time.clock)
    reviewer = ClaudeReviewer(Config(), provider.client(), retry=RetryPolicy(base_seconds=0.1, max_seconds=0.2,
                                                                           sleep=time.sleep), gate=gate)
    review = reviewer.review(pricing_context(repo, rag=False))
    assert review.reviewer == "claude"
    assert len(provider.requests) == 6  # five overloads, then the probe after the cool-down answers
    assert time.sleeps[-1] == pytest.approx(BREAKER_COOLDOWN, abs=0.5)
    assert not gate.open and gate.failures == 0


def test_a_model_that_keeps_not_submitting_stops_the_run_and_the_run_says_what_it_kept(repo) -> None:
    time = VirtualTime()

    def two_then_silence(number, now, body):
        if number < 2:
            return submitted(body)
        return httpx2.Response(200, json=message([{"type": "text", "text": "Let me think about it."}],
                                                 stop_reason="end_turn"))

    provider = Provider(two_then_silence, time)
    config = one_at_a_time()
    config.llm.max_turns = 4
    stream = review_files(contexts(repo, config, 18), config, provider.client(), retry=RetryPolicy(sleep=time.sleep))
    reviewed = []
    with pytest.raises(ModelNotAnswering, match=f"no valid submit_review for {UNANSWERED_STOP} files in a row"):
        for path, result in stream:
            reviewed.append(path)
    assert len(provider.requests) == 2 + UNANSWERED_STOP * config.llm.max_turns  # not 4 calls x 16 files
    assert len(stream.not_reviewed) == 18 - 2 - UNANSWERED_STOP
    summary = stream.kept_summary()
    assert summary.startswith("kept: 2 files reviewed by Claude in this run")
    assert f"{18 - 2 - UNANSWERED_STOP} not reviewed (the run stopped)" in summary


def test_an_answer_between_unanswered_files_resets_the_count(repo) -> None:
    time = VirtualTime()
    silent = ("src/f0000.py", "src/f0001.py", "src/f0003.py", "src/f0004.py")  # two in a row, never three

    def answers(number, now, body):
        if any(f"`{path}`" in body["messages"][0]["content"][0]["text"].splitlines()[0] for path in silent):
            return httpx2.Response(200, json=message([{"type": "text", "text": "Hmm."}], stop_reason="end_turn"))
        return submitted(body)

    provider = Provider(answers, time)
    config = one_at_a_time()
    config.llm.max_turns = 2
    results = list(review_files(contexts(repo, config, 6), config, provider.client(), retry=RetryPolicy(sleep=time.sleep)))
    assert [path for path, _ in results] == [f"src/f{n:04d}.py" for n in range(6)]  # the run went on
    assert [type(result).__name__ for _, result in results] == ["FileError", "FileError", "ReviewFile", "FileError",
                                                                  "FileError", "ReviewFile"]
