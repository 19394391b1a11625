import pytest


@pytest.fixture
def anyio_backend():
    """Overrides the plugin's fixture of this name: the plugin requests it."""
    return 'asyncio'


@pytest.fixture
def unused_client():
    return object()
