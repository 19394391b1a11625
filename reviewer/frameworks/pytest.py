"""pytest: hook functions (every hookspec is named `pytest_*`), the xunit-style set-up and tear-down
functions it calls by name, and the module-level names it reads from test files."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="pytest",
    docs="https://docs.pytest.org/en/stable/reference/reference.html#hooks",
    enabled_by=("pytest", "file:conftest.py", "file:pytest.ini"),
    config_files=("pytest.ini", "conftest.py"),
    files=(FileRoot(r"\.py$", r"pytest_\w+", "pytest plugin hook"),),
    # https://docs.pytest.org/en/stable/how-to/xunit_setup.html; the class and method forms
    # (setup_class, setup_method...) are set-up methods of test classes already.
    runner_names=frozenset({"pytestmark", "pytest_plugins", "collect_ignore", "collect_ignore_glob", "__test__",
                            "setup_module", "teardown_module", "setup_function", "teardown_function"}),
    # https://docs.pytest.org/en/stable/reference/reference.html#pytest-importorskip: at a test module's top,
    # `np = pytest.importorskip("numpy")` skips the module's tests where numpy is missing, the name read or not
    effect_calls=frozenset({"importorskip", "pytest.importorskip"}),
)
