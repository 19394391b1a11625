"""pytest-docker fixture overrides."""
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def docker_compose_file():
    return str(Path(__file__).parent / "docker-compose.yml")


@pytest.fixture(scope="session")
def docker_cleanup():
    return ["down -v"]


@pytest.fixture
def leftover_client():
    return object()
