"""anyio pytest plugin: the fixtures it requests by name. A project's fixture of one of these names overrides the
plugin's, so nothing in the project asks for it and it is alive all the same."""

from . import Framework

FRAMEWORK = Framework(
    name="anyio pytest plugin",
    docs="https://anyio.readthedocs.io/en/stable/testing.html#specifying-the-backends-to-run-on",
    enabled_by=('anyio', 'uses:pytest.mark.anyio'),
    test_fixtures=frozenset({'anyio_backend_name', 'anyio_backend_options', 'anyio_backend'}),
)
