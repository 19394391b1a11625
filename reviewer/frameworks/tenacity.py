"""tenacity: `@retry` wraps a function in place."""

from . import Framework

FRAMEWORK = Framework(
    name="tenacity",
    docs="https://tenacity.readthedocs.io/en/latest/",
    enabled_by=("tenacity", "backoff"),
    wrapping_decorators=frozenset({"retry", "tenacity.retry", "on_exception", "backoff.on_exception"}),
)
