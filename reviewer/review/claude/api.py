"""The Anthropic Messages API as the Claude reviewer uses it: the client, our own
retries (backoff + jitter, honouring retry-after), and tokens -> dollars.

The SDK's built-in retries are off (max_retries=0) so every attempt is visible here
and a 401 stops the run at once.
"""

from __future__ import annotations

import random
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


def _retry_after(exc: anthropic.APIStatusError) -> float | None:
    value = exc.response.headers.get("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


def _is_retryable(exc: Exception) -> bool:
    if isinstance(exc, anthropic.APIConnectionError):  # includes APITimeoutError
        return True
    return isinstance(exc, anthropic.APIStatusError) and (exc.status_code in RETRYABLE_STATUS or exc.status_code >= 500)


def create_with_retries(
    client: anthropic.Anthropic,
    params: dict[str, Any],
    policy: RetryPolicy,
    should_stop: Callable[[], bool] = lambda: False,
) -> Any:
    """`client.messages.create(**params)` with retries; 401 -> UserError (stops the run)."""
    for attempt in range(policy.attempts):
        if should_stop():
            raise ReviewStopped()
        try:
            return client.messages.create(**params)
        except anthropic.AuthenticationError as exc:
            raise UserError(f"ANTHROPIC_API_KEY was rejected (401): {exc.api_message or 'authentication error'}") from None
        except Exception as exc:  # noqa: BLE001 - sorted into retryable or not just below
            if not _is_retryable(exc) or attempt == policy.attempts - 1:
                raise
            retry_after = _retry_after(exc) if isinstance(exc, anthropic.APIStatusError) else None
            policy.sleep(policy.delay(attempt, retry_after))
    raise AssertionError("unreachable")


def describe_api_error(exc: Exception) -> str:
    """One line for a file's error entry."""
    if isinstance(exc, anthropic.APIStatusError):
        return f"Anthropic API error {exc.status_code}: {exc.api_message or exc.message}"
    if isinstance(exc, anthropic.APITimeoutError):
        return "Anthropic API timed out (llm.timeout_seconds) after retries"
    if isinstance(exc, anthropic.APIConnectionError):
        return "could not reach the Anthropic API after retries (connection error)"
    return f"{type(exc).__name__}: {exc}"
