"""Many files through the Claude reviewer: a failed file does not stop the run, a 401
stops it at once, --max-cost stops starting new files. Real anthropic client,
scripted API behind an httpx2 MockTransport."""

from __future__ import annotations

import pytest

from claude_helpers import (
    USAGE,
    ScriptedAPI,
    error_response,
    make_repo,
    message,
    pricing_context,
    tool_use,
    util_context,
    util_submission,
    valid_submission,
)
from reviewer.config import Config
from reviewer.errors import UserError
from reviewer.review.claude.runner import ClaudeRun, review_files
from reviewer.review.claude.api import RetryPolicy
from reviewer.schema.review import FileError, ReviewFile

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "repo")


def one_at_a_time() -> Config:
    config = Config()
    config.llm.concurrency = 1  # scripted responses are consumed in order
    return config


def file_of(request) -> str:
    return request["messages"][0]["content"][0]["text"].splitlines()[0]


def test_file_that_never_validates_is_an_error_and_the_next_file_is_reviewed(repo):
    config = one_at_a_time()
    config.llm.max_validation_retries = 2
    invalid = {"verdict": "CLEAN", "summary": "ok", "symbols": []}
    api = ScriptedAPI(
        [message([tool_use(f"bad{i}", "submit_review", invalid)]) for i in range(3)]
        + [message([tool_use("good", "submit_review", util_submission())])]
    )
    stream = review_files([pricing_context(repo, config, rag=False), util_context(repo, config)], config, api.client(),
                          retry=RetryPolicy(attempts=2, base_seconds=0.001))
    results = list(stream)

    assert [path for path, _ in results] == ["src/pricing.py", "src/util.py"]
    error = results[0][1]
    assert isinstance(error, FileError)
    assert "submit_review still invalid after 3 attempts" in error.message and "missing verdicts" in error.message
    assert isinstance(results[1][1], ReviewFile) and results[1][1].symbols[0].tests == "WEAK"
    assert [file_of(r) for r in api.requests] == ["# File `src/pricing.py`"] * 3 + ["# File `src/util.py`"]
    # The failed file's calls are paid and counted in the run.
    assert stream.usage.calls == 4
    assert stream.not_reviewed == []


def test_unauthorized_stops_the_run_with_one_line(repo):
    config = one_at_a_time()
    api = ScriptedAPI([error_response(401, "authentication_error", "invalid x-api-key")])
    stream = review_files([pricing_context(repo, config), util_context(repo, config)], config, api.client())
    with pytest.raises(UserError) as stopped:
        list(stream)
    assert str(stopped.value) == "ANTHROPIC_API_KEY was rejected (401): invalid x-api-key"
    assert len(api.requests) == 1  # the second file was never sent
    assert sorted(stream.not_reviewed) == ["src/pricing.py", "src/util.py"]  # the stopped one and the one never sent


def test_max_cost_stops_starting_new_files(repo):
    config = one_at_a_time()
    price = config.llm.pricing[config.llm.model]
    one_call = (USAGE["input_tokens"] * price.input + USAGE["output_tokens"] * price.output
                + USAGE["cache_creation_input_tokens"] * price.cache_write) / 1e6
    api = ScriptedAPI([
        message([tool_use("a", "submit_review", valid_submission(with_cards=False))]),
        message([tool_use("b", "submit_review", util_submission())]),
    ])
    contexts = [pricing_context(repo, config, rag=False), util_context(repo, config), util_context(repo, config)]
    contexts[2].facts.path = "src/util_copy.py"
    run = ClaudeRun(config, api.client(), max_cost=one_call * 1.5)
    outcomes = list(run.review_files(contexts))

    assert [(o.file, o.status) for o in outcomes] == [
        ("src/pricing.py", "reviewed"), ("src/util.py", "reviewed"), ("src/util_copy.py", "not_reviewed")]
    assert outcomes[2].error == "not started: llm.max_cost reached"
    assert run.not_reviewed == ["src/util_copy.py"]
    assert len(api.requests) == 2
    assert run.usage.cost_usd == pytest.approx(2 * one_call)
    assert run.usage.input_tokens == 2 * USAGE["input_tokens"]


def test_max_cost_zero_reviews_nothing(repo):
    config = one_at_a_time()
    api = ScriptedAPI([])
    stream = review_files([util_context(repo, config)], config, api.client(), max_cost=0.0)
    assert list(stream) == []
    assert stream.not_reviewed == ["src/util.py"] and api.requests == []


def test_concurrent_files_all_reviewed(repo):
    config = Config()
    config.llm.concurrency = 3
    contexts = []
    for index in range(5):
        context = util_context(repo, config)
        context.facts.path = f"src/util_{index}.py"
        contexts.append(context)
    api = ScriptedAPI([message([tool_use(f"s{i}", "submit_review", util_submission())]) for i in range(5)])
    stream = review_files(contexts, config, api.client())
    results = dict(stream)
    assert sorted(results) == [c.facts.path for c in contexts]
    assert all(isinstance(r, ReviewFile) for r in results.values())
    assert stream.usage.calls == 5
