import pytest


@pytest.fixture
def browser_context_args():
    """Requested by the plugin's own fixtures."""
    return {'locale': 'en-GB'}


@pytest.fixture
def unused_client():
    return object()
