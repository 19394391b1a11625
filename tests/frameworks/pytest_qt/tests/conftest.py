import pytest


class Application:
    """The application's own QApplication subclass, as the tests should see it."""


# Make pytest-qt's `qapp` build our Application.
@pytest.fixture(scope="session")
def qapp_cls():
    return Application


@pytest.fixture(scope="session")
def qapp_args():
    return ["--platform", "offscreen"]


@pytest.fixture
def leftover_window():
    return None
