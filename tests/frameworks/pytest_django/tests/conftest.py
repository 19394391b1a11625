import pytest


@pytest.fixture
def django_db_setup():
    """Overrides the plugin's fixture of this name: the plugin requests it."""
    return None


@pytest.fixture
def unused_client():
    return object()
