import pytest


@pytest.fixture
def celery_config():
    return {"broker_url": "memory://"}
