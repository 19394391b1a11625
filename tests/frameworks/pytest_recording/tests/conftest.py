import pytest


@pytest.fixture
def vcr_config():
    """Overrides the plugin's fixture of this name: the plugin requests it."""
    return {'filter_headers': ['authorization']}


@pytest.fixture
def unused_client():
    return object()
