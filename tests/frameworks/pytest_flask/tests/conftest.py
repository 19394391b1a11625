import pytest


@pytest.fixture
def app():
    """Requested by the plugin's own fixtures."""
    return object()


@pytest.fixture
def unused_client():
    return object()
