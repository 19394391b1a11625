import pytest


@pytest.fixture
def event_loop_policy():
    """Overrides the plugin's fixture of this name: the plugin requests it."""
    return None


@pytest.fixture
def unused_client():
    return object()
