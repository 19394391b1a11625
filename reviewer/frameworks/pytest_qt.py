"""pytest-qt: the fixtures it offers and requests by name (`qtbot` asks for `qapp`, which asks for
`qapp_args` and `qapp_cls`). A project's fixture of one of these names overrides the plugin's (a custom
QApplication class or its arguments), so nothing in the project asks for it and it is alive all the same."""

from . import Framework

FRAMEWORK = Framework(
    name="pytest-qt",
    docs="https://pytest-qt.readthedocs.io/en/latest/qapplication.html#testing-custom-qapplications",
    enabled_by=("pytest-qt",),
    test_fixtures=frozenset({"qtbot", "qapp", "qapp_args", "qapp_cls", "qtlog", "qtmodeltester"}),
)
