"""The run's cost cap, held per call: before each API call its worst case (every
input token at the dearest input price, `max_tokens` of output) is reserved; a call
starts only while spent + reserved is under the cap. So concurrent files cannot
pile up calls past the cap, and the overshoot is at most one call's cost."""

from __future__ import annotations

import json
import math
import threading
from typing import Any

from ...config import Pricing
from ...schema.review import TokenUsage
from .api import add_usage

CHARS_PER_TOKEN = 3.5  # the estimate's offline approximation (estimate.py uses the same)


class CostMeter:
    """Dollars and tokens spent by the run so far, and the worst cases of calls in flight."""

    def __init__(self, max_cost: float | None) -> None:
        self.max_cost = max_cost
        self.usage = TokenUsage()
        self._reserved = 0.0
        self._lock = threading.Lock()

    def reserve(self, worst_case: float) -> bool:
        """Room for one more call? When yes, its worst case is held until `settle`."""
        with self._lock:
            if self.max_cost is not None and self.usage.cost_usd + self._reserved >= self.max_cost:
                return False
            self._reserved += worst_case
            return True

    def settle(self, worst_case: float, usage: TokenUsage | None) -> None:
        """The call is over: release its reservation and count what it really cost."""
        with self._lock:
            self._reserved = max(0.0, self._reserved - worst_case)
            if usage is not None:
                self.usage = add_usage(self.usage, usage)

    def add(self, usage: TokenUsage) -> None:
        self.settle(0.0, usage)

    def exhausted(self) -> bool:
        with self._lock:
            return self.max_cost is not None and self.usage.cost_usd + self._reserved >= self.max_cost


def worst_case_cost(params: dict[str, Any], pricing: Pricing) -> float:
    """What one `messages.create(**params)` can cost at most (±the token approximation)."""
    sent = sum(len(json.dumps(params[key], ensure_ascii=False)) for key in ("system", "tools", "messages") if key in params)
    input_tokens = math.ceil(sent / CHARS_PER_TOKEN)
    return (input_tokens * max(pricing.input, pricing.cache_write) + params["max_tokens"] * pricing.output) / 1_000_000
