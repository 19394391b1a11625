import pytest

pytest_plugins = ["tests.helpers"]
collect_ignore = ["setup.py"]


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true")


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: item.name)


@pytest.fixture
def number():
    return 21


@pytest.fixture
def unused_fixture():
    return 0
