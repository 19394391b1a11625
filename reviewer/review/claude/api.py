"""The Anthropic Messages API as the Claude reviewer uses it: the client, our own
retries (backoff + jitter, honouring retry-after), and tokens -> dollars.

The SDK's built-in retries are off (max_retries=0) so every attempt is visible here
and a 401 stops the run at once.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

import anthropic

from ...config import Config, Pricing, api_key
from ...errors import UserError
from ...schema.review import TokenUsage

RETRYABLE_STATUS = {408, 409, 429, 500, 502, 503, 504, 529}


class ReviewStopped(Exception):
    """The run is stopping (401 elsewhere, interrupt): do not start another call."""


def make_client(config: Config, key: str | None = None, http_client: Any = None) -> anthropic.Anthropic:
    """A client with SDK retries off; `http_client` is an httpx2.Client (tests pass a MockTransport)."""
    key = key or api_key()
    if not key:
        raise UserError("ANTHROPIC_API_KEY is not set; export it, or use the static reviewer (llm.provider: static)")
    kwargs: dict[str, Any] = {"api_key": key, "max_retries": 0, "timeout": config.llm.timeout_seconds}
    if http_client is not None:
        kwargs["http_client"] = http_client
    return anthropic.Anthropic(**kwargs)


def pricing_for(config: Config, model: str | None = None) -> Pricing:
    """The configured price of `model`; a dated id ("claude-sonnet-4-5-20250929") uses its family's entry."""
    model = model or config.llm.model
    table = config.llm.pricing
    if model in table:
        return table[model]
    family = max((name for name in table if model.startswith(name)), key=len, default=None)
    if family is not None:
        return table[family]
    raise UserError(
        f"no price for model '{model}' in llm.pricing of .reviewer.yml; add llm.pricing.{model} "
        "with input, output, cache_write and cache_read in USD per million tokens"
    )


def cost_usd(usage: TokenUsage, pricing: Pricing) -> float:
    return (
        usage.input_tokens * pricing.input
        + usage.output_tokens * pricing.output
        + usage.cache_creation_input_tokens * pricing.cache_write
        + usage.cache_read_input_tokens * pricing.cache_read
    ) / 1_000_000


def usage_of(response: Any, pricing: Pricing) -> TokenUsage:
    """TokenUsage of one API response, from its usage fields."""
    raw = response.usage
    usage = TokenUsage(
        input_tokens=raw.input_tokens or 0,
        output_tokens=raw.output_tokens or 0,
        cache_creation_input_tokens=getattr(raw, "cache_creation_input_tokens", 0) or 0,
        cache_read_input_tokens=getattr(raw, "cache_read_input_tokens", 0) or 0,
        calls=1,
    )
    usage.cost_usd = cost_usd(usage, pricing)
    return usage


def add_usage(total: TokenUsage, more: TokenUsage) -> TokenUsage:
    return TokenUsage(
        input_tokens=total.input_tokens + more.input_tokens,
        output_tokens=total.output_tokens + more.output_tokens,
        cache_creation_input_tokens=total.cache_creation_input_tokens + more.cache_creation_input_tokens,
        cache_read_input_tokens=total.cache_read_input_tokens + more.cache_read_input_tokens,
        cost_usd=total.cost_usd + more.cost_usd,
        calls=total.calls + more.calls,
    )


@dataclass
class RetryPolicy:
    attempts: int = 6  # total tries per call
    base_seconds: float = 2.0  # first backoff; doubles each time
    max_seconds: float = 60.0
    sleep: Callable[[float], None] = time.sleep

    def delay(self, attempt: int, retry_after: float | None) -> float:
        """Exponential backoff with full jitter; a server's retry-after wins when longer."""
        backoff = min(self.max_seconds, self.base_seconds * (2**attempt))
        jittered = random.uniform(backoff / 2, backoff)
        if retry_after is not None:
            return min(self.max_seconds, max(retry_after, jittered))
        return jittered


class MalformedResponse(Exception):
    """A 200 whose body is not a Messages API answer (a proxy's HTML page, cut JSON)."""


class ProviderDown(UserError):
    """The circuit breaker is open and its probe failed: the run stops, files are not retried one by one."""


BREAKER_THRESHOLD = 5  # consecutive provider failures, over all files, that open the breaker
# Seconds the open breaker waits before its probe: a burst of overloads often passes in that
# time, and a real outage still stops a run of any size in under a minute (threshold + wait + probe).
BREAKER_COOLDOWN = 20.0


class ProviderGate:
    """What every file's calls share about the provider: a pause after a 429 (one back-off
    for all threads, not one each) and a circuit breaker. After `threshold` consecutive
    provider failures (overloads, server errors, connection errors, timeouts) the breaker
    opens: every call waits `cooldown` seconds, then one goes through as a probe while the
    others wait; if it succeeds the breaker closes, if it fails the run stops."""

    def __init__(self, threshold: int = BREAKER_THRESHOLD, sleep: Callable[[float], None] = time.sleep,
                 clock: Callable[[], float] = time.monotonic, cooldown: float = BREAKER_COOLDOWN) -> None:
        self.threshold = threshold
        self.cooldown = cooldown
        self.sleep = sleep
        self.clock = clock
        self.failures = 0  # consecutive, over all files
        self.last_failure = ""
        self.open = False
        self.down = False
        self._probing = False
        self._pause_until = 0.0
        self._cond = threading.Condition()

    def before_call(self) -> bool:
        """Wait for the shared pause; raise ProviderDown when the breaker failed its probe.
        Returns True when this call is the breaker's probe."""
        with self._cond:
            while self.open and self._probing and not self.down:
                self._cond.wait()
            if self.down:
                raise ProviderDown(self.message())
            probe = self.open
            if probe:
                self._probing = True
            target = self._pause_until
            wait = target - self.clock()
        if wait > 0:
            self.sleep(wait)
            with self._cond:
                if self._pause_until <= target:
                    self._pause_until = 0.0  # waited out (also when `sleep` is a test's fake)
        return probe

    def succeeded(self) -> None:
        with self._cond:
            self.failures = 0
            self.open = self._probing = False
            self._cond.notify_all()

    def failed(self, exc: Exception, probe: bool) -> None:
        """Count a provider failure; a failed probe takes the provider down for the run."""
        with self._cond:
            self.failures += 1
            self.last_failure = describe_api_error(exc)
            if probe:
                self.down = True
            elif self.failures >= self.threshold and not self.open:
                self.open = True
                self._pause_until = max(self._pause_until, self.clock() + self.cooldown)  # before the probe
            self._cond.notify_all()

    def is_open(self) -> bool:
        with self._cond:
            return self.open

    def released(self, probe: bool) -> None:
        """A probe that ended without an answer either way (e.g. a 400): let the next one try."""
        if probe:
            with self._cond:
                self._probing = False
                self._cond.notify_all()

    def pause(self, seconds: float) -> None:
        """Every thread waits this long before its next call (a 429 is about the account)."""
        with self._cond:
            self._pause_until = max(self._pause_until, self.clock() + seconds)

    def message(self) -> str:
        return (f"the Anthropic API failed {self.failures} times in a row ({self.last_failure}); the circuit breaker "
                "opened and its probe failed too, so the run stopped. Try again later")


def _retry_after(exc: anthropic.APIStatusError) -> float | None:
    value = exc.response.headers.get("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


def _is_retryable(exc: Exception) -> bool:
    if isinstance(exc, (anthropic.APIConnectionError, MalformedResponse)):  # includes APITimeoutError
        return True
    return isinstance(exc, anthropic.APIStatusError) and (exc.status_code in RETRYABLE_STATUS or exc.status_code >= 500)


def _is_provider_failure(exc: Exception) -> bool:
    """Failures that say the provider is unwell or out of reach (not the account's rate, not
    our request): an outage refuses connections or lets them time out as often as it answers 5xx."""
    if isinstance(exc, (MalformedResponse, anthropic.APIConnectionError)):  # includes APITimeoutError
        return True
    return isinstance(exc, anthropic.APIStatusError) and exc.status_code >= 500


def _call(client: anthropic.Anthropic, params: dict[str, Any]) -> Any:
    try:
        response = client.messages.create(**params)
    except ValueError as exc:  # json.JSONDecodeError: a 200 with a body that is not JSON
        raise MalformedResponse(f"the API answered 200 with a body that is not JSON ({exc})") from None
    if not hasattr(response, "content") or not hasattr(response, "usage"):
        raise MalformedResponse("the API answered 200 with a body that is not a message")
    return response


def create_with_retries(
    client: anthropic.Anthropic,
    params: dict[str, Any],
    policy: RetryPolicy,
    should_stop: Callable[[], bool] = lambda: False,
    gate: ProviderGate | None = None,
) -> Any:
    """`client.messages.create(**params)` with retries; 401 -> UserError (stops the run)."""
    gate = gate or ProviderGate(sleep=policy.sleep)
    for attempt in range(policy.attempts):
        if should_stop():
            raise ReviewStopped()
        probe = gate.before_call()
        try:
            response = _call(client, params)
        except anthropic.AuthenticationError as exc:
            gate.released(probe)
            raise UserError(f"ANTHROPIC_API_KEY was rejected (401): {exc.api_message or 'authentication error'}") from None
        except Exception as exc:  # noqa: BLE001 - sorted into retryable or not just below
            if _is_provider_failure(exc):
                gate.failed(exc, probe)
                if gate.down:
                    raise ProviderDown(gate.message()) from None
            else:
                gate.released(probe)
            if not _is_retryable(exc) or attempt == policy.attempts - 1:
                raise
            retry_after = _retry_after(exc) if isinstance(exc, anthropic.APIStatusError) else None
            delay = policy.delay(attempt, retry_after)
            if isinstance(exc, anthropic.RateLimitError):
                gate.pause(delay)  # every thread waits, this one included (in before_call)
            elif not gate.is_open():  # an open breaker's cool-down is the wait (in before_call)
                policy.sleep(delay)
            continue
        gate.succeeded()
        return response
    raise AssertionError("unreachable")


def describe_api_error(exc: Exception) -> str:
    """One line for a file's error entry."""
    if isinstance(exc, anthropic.APIStatusError):
        return f"Anthropic API error {exc.status_code}: {exc.api_message or exc.message}"
    if isinstance(exc, anthropic.APITimeoutError):
        return "Anthropic API timed out (llm.timeout_seconds) after retries"
    if isinstance(exc, anthropic.APIConnectionError):
        return "could not reach the Anthropic API after retries (connection error)"
    if isinstance(exc, MalformedResponse):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"
