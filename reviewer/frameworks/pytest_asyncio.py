"""pytest-asyncio: the fixtures it requests by name. A project's fixture of one of these names overrides the
plugin's, so nothing in the project asks for it and it is alive all the same."""

from . import Framework

FRAMEWORK = Framework(
    name="pytest-asyncio",
    docs="https://pytest-asyncio.readthedocs.io/en/stable/reference/fixtures/",
    enabled_by=('pytest-asyncio', 'uses:pytest.mark.asyncio'),
    test_fixtures=frozenset({'event_loop_policy', 'event_loop'}),
)
