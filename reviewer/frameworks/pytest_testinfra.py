"""pytest-testinfra: a test module's `testinfra_hosts` list names the hosts its tests run against; the
plugin reads it by name (and parametrizes the `host` fixture with it)."""

from . import Framework

FRAMEWORK = Framework(
    name="pytest-testinfra",
    docs="https://testinfra.readthedocs.io/en/latest/invocation.html#parallel-execution",
    enabled_by=("pytest-testinfra", "testinfra"),
    runner_names=frozenset({"testinfra_hosts"}),
    test_fixtures=frozenset({"host"}),
)
