"""pytest-flask: its fixtures (client, live_server, config...) request the project's `app` fixture
by name, so a conftest's `app` that no test names is alive all the same."""

from . import Framework

FRAMEWORK = Framework(
    name="pytest-flask",
    docs="https://pytest-flask.readthedocs.io/en/latest/tutorial.html#step-2-configure",
    enabled_by=("pytest-flask",),
    test_fixtures=frozenset({"app"}),
)
