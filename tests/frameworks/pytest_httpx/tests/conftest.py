import pytest


@pytest.fixture
def non_mocked_hosts():
    """Overrides the plugin's fixture of this name: the plugin requests it."""
    return ['localhost']


@pytest.fixture
def unused_client():
    return object()
