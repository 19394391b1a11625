"""Issue 13, file by file: the Claude reviewer on real repositories. Every test drives the
real anthropic client through an httpx2 MockTransport (claude_helpers.ScriptedAPI):
no network, no mocks of our own code."""

from __future__ import annotations

import json

import httpx2
import pytest

from claude_helpers import (
    PRICING_SRC,
    ScriptedAPI,
    auto_submission,
    error_response,
    make_repo,
    message,
    pricing_context,
    tool_results,
    tool_use,
    valid_submission,
)
from reviewer.config import Config
from reviewer.review.cache import verdict_digest
from reviewer.review.claude.api import ProviderDown, ProviderGate, RetryPolicy
from reviewer.review.claude.batches import plan_batches
from reviewer.review.claude.estimate import estimate_reviews
from reviewer.review.claude.prompt import build_prompt
from reviewer.review.claude.redact import mask_secrets
from reviewer.review.claude.reviewer import ClaudeReviewer, ReviewFailed
from reviewer.review.claude.runner import review_files
from reviewer.schema.facts import Symbol
from reviewer.schema.review import Similarity

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # the SDK warns about model end-of-life

AWS_KEY = "AKIAZ7Q3EXAMPLE4KEY9"
GITHUB_TOKEN = "ghp_" + "R4nd0mT0k3nV4lu3Abcdefghij0123456789"
PASSWORD = "hunter2-Pl4nted"
ENV_SECRET = "env-only-secret-8f3a"
JSON_SECRET = "json-only-secret-77b1"
SSH_SECRET = "MIIEowIBAAKCAQEAssh0nly"
GIT_TOKEN = "gitconfig0nlyT0ken123456"
IGNORED_SECRET = "ignored-file-secret-5e5e"
PLANTED = [AWS_KEY, GITHUB_TOKEN, PASSWORD, ENV_SECRET, JSON_SECRET, SSH_SECRET, GIT_TOKEN, IGNORED_SECRET]


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "repo")


def fast_retry() -> RetryPolicy:
    return RetryPolicy(attempts=6, base_seconds=0.001, max_seconds=0.002, sleep=lambda seconds: None)


# -- 1. no secret leaves ----------------------------------------------------------------


def plant_secrets(repo) -> str:
    (repo / ".env").write_text(f"API_TOKEN={ENV_SECRET}\n")
    (repo / "config").mkdir()
    (repo / "config" / "secrets.json").write_text(json.dumps({"token": JSON_SECRET}))
    (repo / "id_rsa").write_text(f"-----BEGIN RSA PRIVATE KEY-----\n{SSH_SECRET}\n-----END RSA PRIVATE KEY-----\n")
    (repo / ".git").mkdir()
    (repo / ".git" / "config").write_text(f'[remote "origin"]\n\turl = https://{GIT_TOKEN}@github.com/o/r.git\n')
    (repo / ".gitignore").write_text("local_settings.py\n")
    (repo / "local_settings.py").write_text(f"KEY = '{IGNORED_SECRET}'\n")
    return PRICING_SRC + (f'\nAWS_ACCESS_KEY_ID = "{AWS_KEY}"\nGH = "{GITHUB_TOKEN}"\npassword = "{PASSWORD}"\n')


def test_no_byte_of_a_planted_secret_reaches_the_transport(repo):
    source = plant_secrets(repo)
    (repo / "src" / "pricing.py").write_text(source)
    context = pricing_context(repo)
    context.source = source
    reads = [".env", "config/secrets.json", "id_rsa", ".git/config", "local_settings.py", "src/pricing.py"]
    api = ScriptedAPI([
        message([tool_use(f"r{i}", "read_file", {"path": path}) for i, path in enumerate(reads)]
                + [tool_use(f"s{i}", "search_code", {"pattern": p}) for i, p in enumerate(["secret", "AKIA", "TOKEN", "password"])]),
        message([tool_use("done", "submit_review", valid_submission())]),
    ])
    stream = review_files([context], Config(), api.client(), retry=fast_retry())
    [(path, review)] = list(stream)
    assert review.reviewer == "claude"
    results = tool_results(api.requests[1])
    refused = {reads[i]: r["content"] for i, r in enumerate(results[: len(reads)]) if r.get("is_error")}
    assert set(refused) == {".env", "config/secrets.json", "id_rsa", ".git/config", "local_settings.py"}
    assert "secrets are never sent" in refused[".env"] and "ignored" in refused["local_settings.py"]
    sent = "".join(json.dumps(body) for body in api.requests)
    for secret in PLANTED:
        assert secret not in sent
    assert "[MASKED aws-access-key]" in sent and "[MASKED github-token]" in sent
    assert stream.secrets_masked >= 3  # the source's three secrets, in the prompt (and again in read_file)


@pytest.mark.parametrize("text", [
    'url = "postgres://app:S3cretPw@db/x"', "-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----",
    'client_secret = "q8Zr2LmX0vB7nT4kW9yP"', 'slack = "xoxb-1234567890-abcdefghij"', 'k = "sk-ant-api03-abcdefghijklmnopqrstu"',
])
def test_secret_shapes_are_masked_and_lines_kept(text):
    masked, count = mask_secrets(text)
    assert count == 1 and "[MASKED" in masked and masked.count("\n") == text.count("\n")


@pytest.mark.parametrize("text", ['max_tokens = 8192', 'token = self.next_token()', 'ERROR = "unexpected token"',
                                  'password = os.environ["PW"]', 'secret_key = settings.SECRET_KEY',
                                  'headers = {"Authorization": f"Bearer {token}"}', '"X-Api-Key": settings.API_KEY',
                                  'kind = "HTTP2ConnectionManagerV3"', 'name = "TestCaseWithLongName2024"',
                                  'pkg = "sk-learn-tutorial"', 'The bearer token is read from the environment.'])
def test_code_that_only_names_secrets_is_left_alone(text):
    assert mask_secrets(text) == (text, 0)


# -- 2. every file fits: batches, and a cut answer is never parsed -------------------------


def test_a_file_too_large_for_one_answer_is_reviewed_in_batches_the_estimate_predicts(repo):
    config = Config()
    config.llm.max_output_tokens = 600  # each symbol's planned answer needs its own call
    context = pricing_context(repo, config)
    built = build_prompt(context)
    planned = plan_batches(built.entries, len(built.axes), config.llm.max_output_tokens)
    assert [len(batch) for batch in planned] == [1, 1, 1]
    estimate = estimate_reviews([context], config)
    assert len(estimate.files[0].batches) == 3

    api = ScriptedAPI([])
    api.handler = lambda request: _auto(api, request)
    review = ClaudeReviewer(config, api.client()).review(context)
    assert [s.name for s in review.symbols] == ["TAX_RATE", "total_price", "discount"]
    assert {c.qualified_name for c in review.function_cards} == {"total_price", "discount"}
    assert len(api.requests) == 3  # one submit_review per batch, as estimated
    assert "Call 1 of 3 holds exactly these 1 symbols: TAX_RATE." in api.requests[0]["messages"][0]["content"][-1]["text"]
    assert "Part 1 accepted. " in tool_results(api.requests[1])[0]["content"]


def _auto(api: ScriptedAPI, request: httpx2.Request, truncate_first: bool = False) -> httpx2.Response:
    body = json.loads(request.content)
    api.requests.append(body)
    if truncate_first and len(api.requests) == 1:
        return httpx2.Response(200, json=message([tool_use("cut", "submit_review", {"verdict": "CLEAN"})],
                                                 stop_reason="max_tokens"))
    return httpx2.Response(200, json=message([tool_use(f"s{len(api.requests)}", "submit_review", auto_submission(body))]))


def test_an_answer_cut_at_max_tokens_is_discarded_and_asked_again_in_halves(repo):
    context = pricing_context(repo)
    api = ScriptedAPI([])
    api.handler = lambda request: _auto(api, request, truncate_first=True)
    review = ClaudeReviewer(Config(), api.client()).review(context)
    assert len(review.symbols) == 3
    second = api.requests[1]
    assert len(second["messages"]) == 1  # the cut answer never entered the conversation
    instruction = second["messages"][0]["content"][-1]["text"]
    assert instruction.startswith("Your last answer was cut at the output limit")
    assert "Call 1 of 2 holds exactly these 1 symbols: TAX_RATE." in instruction
    assert len(api.requests) == 3


def test_a_single_symbol_whose_answer_is_cut_fails_the_file_with_a_clear_line(repo):
    config = Config()
    config.llm.max_output_tokens = 600
    cut = message([tool_use("cut", "submit_review", {})], stop_reason="max_tokens")
    api = ScriptedAPI([cut])
    with pytest.raises(ReviewFailed, match="alone exceeds llm.max_output_tokens=600"):
        ClaudeReviewer(config, api.client()).review(pricing_context(repo, config))


# -- 3. repeated names --------------------------------------------------------------------


def test_a_repeated_name_is_one_entry_with_several_ranges_and_each_definition_gets_a_card(repo):
    context = pricing_context(repo)
    first = context.facts.symbols[2]
    again = first.model_copy(update={"line_start": 19, "line_end": 20, "body_hash": "f" * 64})
    context.facts.symbols.append(again)  # `discount` defined twice (an @overload stub, a fallback)
    built = build_prompt(context)
    assert [e.name for e in built.entries] == ["TAX_RATE", "total_price", "discount"]
    assert "`discount` function, lines 14-17, 19-20 (2 definitions)" in built.user
    api = ScriptedAPI([message([tool_use("s", "submit_review", valid_submission())])])
    review = ClaudeReviewer(Config(), api.client()).review(context)
    discounts = [s for s in review.symbols if s.name == "discount"]
    assert [(s.line_start, s.utility) for s in discounts] == [(14, "DEAD"), (19, "DEAD")]
    assert sorted(c.line_start for c in review.function_cards if c.qualified_name == "discount") == [14, 19]


# -- 4. the budget holds ------------------------------------------------------------------


def test_the_cap_is_checked_before_every_call_and_overshoot_stays_under_one_call(repo):
    config = Config()
    usage = {"input_tokens": 20_000, "output_tokens": 2_000, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
    one_call = (20_000 * 2.0 + 2_000 * 10.0) / 1e6  # claude-sonnet-5-5 defaults: $0.06
    contexts = [pricing_context(repo, config) for _ in range(3)]
    for index, context in enumerate(contexts):
        context.facts = context.facts.model_copy(update={"path": f"src/copy{index}.py"})
    api = ScriptedAPI([message([tool_use(f"t{i}", "find_usages", {"symbol": "total_price"})], usage=usage) for i in range(20)])
    cap = 0.1
    stream = review_files(contexts, config, api.client(), max_cost=cap, retry=fast_retry())
    outcomes = list(stream)
    assert outcomes == []  # nothing finished: each file was stopped at the cap in the middle
    assert stream.usage.cost_usd <= cap + one_call
    assert stream.usage.calls == len(api.requests)  # every call that happened is counted
    assert sorted(stream.not_reviewed) == ["src/copy0.py", "src/copy1.py", "src/copy2.py"]


# -- 8. a provider that keeps failing -----------------------------------------------------


def test_the_circuit_breaker_opens_after_consecutive_overloads_and_one_probe(repo):
    config = Config()
    config.llm.concurrency = 1
    contexts = []
    for index in range(4):
        context = pricing_context(repo, config)
        context.facts = context.facts.model_copy(update={"path": f"src/f{index}.py"})
        contexts.append(context)
    api = ScriptedAPI([error_response(529, "overloaded_error", "Overloaded") for _ in range(40)])
    stream = review_files(contexts, config, api.client(), retry=fast_retry())
    with pytest.raises(ProviderDown, match="circuit breaker opened and its probe failed"):
        list(stream)
    assert len(api.requests) == 6  # 5 consecutive overloads open it, 1 probe; not 6 attempts x 4 files
    assert sorted(stream.not_reviewed) == ["src/f0.py", "src/f1.py", "src/f2.py", "src/f3.py"]


def test_a_429_pauses_every_thread_once():
    sleeps: list[float] = []
    gate = ProviderGate(sleep=sleeps.append, clock=lambda: 100.0)
    gate.pause(7.0)
    gate.before_call()  # another thread's next call waits the same pause
    gate.before_call()  # waited out: the next call goes at once
    assert sleeps == [7.0]


def test_a_200_that_is_not_json_is_retried(repo):
    api = ScriptedAPI([httpx2.Response(200, content=b"<html>bad gateway</html>", headers={"content-type": "application/json"}),
                       message([tool_use("s", "submit_review", valid_submission())])])
    review = ClaudeReviewer(Config(), api.client(), retry=fast_retry()).review(pricing_context(repo))
    assert review.reviewer == "claude" and len(api.requests) == 2


# -- 6. the review cache key does not move with meaning scores ------------------------------


def test_meaning_scores_do_not_enter_claudes_cache_key(repo):
    evidence = pricing_context(repo).evidence
    moved = evidence.model_copy(deep=True)
    moved.similarities[0].meaning = 0.71
    moved.similarities[0].score = 0.83
    moved.similarities.append(Similarity(function="discount", line_start=14, file="src/x.py", name="cut", score=0.62,
                                         meaning=0.8))  # a meaning-only neighbour appears
    assert verdict_digest(evidence) == verdict_digest(moved)
    structural = moved.model_copy(deep=True)
    structural.similarities[0].clone_kind = "identical"
    assert verdict_digest(structural) != verdict_digest(moved)


# -- 9. what was dropped is reported, what Claude found is shown ----------------------------


def test_a_dropped_card_is_reported_and_tool_hits_join_the_similarities(repo):
    submission = valid_submission()
    submission["cards"].append({"function": "ghost", "summary": "Not here.", "key_concepts": ["a", "b", "c"],
                                "behavioral_profile": "pure"})
    submission["symbols"][2]["duplication"] = {"verdict": "DUPLICATE", "evidence": "same as util",
                                               "duplicate_of": {"file": "src/util.py", "name": "sum_with_tax"}}
    api = ScriptedAPI([message([tool_use("f", "findSimilarFunctions", {"functionId": "discount"})]),
                       message([tool_use("s", "submit_review", submission)])])
    stream = review_files([pricing_context(repo)], Config(), api.client())
    [(_, review)] = list(stream)
    assert stream.notes == ["src/pricing.py: card for unknown function 'ghost' dropped"]
    assert ("discount", "src/util.py", "sum_with_tax") in {(s.function, s.file, s.name) for s in review.similarities}
    discount = next(s for s in review.symbols if s.name == "discount")
    assert discount.duplicate_of is not None and discount.duplicate_of.score == pytest.approx(0.91)


def test_claudes_duplicate_pairs_are_oriented_by_the_keep_rank(repo):
    """Both files of a pair say DUPLICATE of the other: only the copy the rank removes keeps it."""
    submission = valid_submission()  # total_price DUPLICATE of src/util.py:sum_with_tax
    prefer_pricing = pricing_context(repo)
    prefer_pricing.keep_rank = lambda key: (0,) if key[0] == "src/pricing.py" else (1,)
    api = ScriptedAPI([message([tool_use("s", "submit_review", submission)])])
    kept = next(s for s in ClaudeReviewer(Config(), api.client()).review(prefer_pricing).symbols if s.name == "total_price")
    assert kept.duplication == "UNIQUE" and kept.duplicate_of is None
    assert kept.evidence["duplication"].startswith("keep this one: src/util.py:sum_with_tax duplicates it")

    prefer_util = pricing_context(repo)
    prefer_util.keep_rank = lambda key: (0,) if key[0] == "src/util.py" else (1,)
    api = ScriptedAPI([message([tool_use("s", "submit_review", submission)])])
    removed = next(s for s in ClaudeReviewer(Config(), api.client()).review(prefer_util).symbols if s.name == "total_price")
    assert removed.duplication == "DUPLICATE" and removed.duplicate_of.name == "sum_with_tax"
