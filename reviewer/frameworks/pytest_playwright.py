"""pytest-playwright: the fixtures a project defines to change how the plugin launches the browser
and builds each context; the plugin requests them by name."""

from . import Framework

FRAMEWORK = Framework(
    name="pytest-playwright",
    docs="https://playwright.dev/python/docs/test-runners#fixtures",
    enabled_by=("pytest-playwright",),
    test_fixtures=frozenset({"browser_context_args", "browser_type_launch_args", "launch_arguments",
                             "context_arguments"}),
)
