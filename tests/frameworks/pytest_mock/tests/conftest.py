import pytest


@pytest.fixture
def mocker(pytestconfig):
    """The plugin's fixture, overridden: the plugin and every test asking for `mocker` get this one."""
    from pytest_mock import MockerFixture

    return MockerFixture(pytestconfig)


@pytest.fixture
def mock_view_func():
    return lambda request: None


@pytest.fixture(scope="session")
def session_mocker(pytestconfig):
    """Overrides the plugin's session-scoped mocker for every test that asks for it."""
    from pytest_mock import MockerFixture

    return MockerFixture(pytestconfig)
