"""pytest-mock: the fixtures it offers (`mocker` and its scoped variants). A project's fixture of one of
these names overrides the plugin's, so nothing in the project asks for it and it is alive all the same;
a fixture merely named `mock_*` is the project's own."""

from . import Framework

FRAMEWORK = Framework(
    name="pytest-mock",
    docs="https://pytest-mock.readthedocs.io/en/latest/usage.html",
    enabled_by=("pytest-mock",),
    test_fixtures=frozenset({"mocker", "class_mocker", "module_mocker", "package_mocker", "session_mocker"}),
)
