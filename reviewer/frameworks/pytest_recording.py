"""pytest-recording: the fixtures it requests by name. A project's fixture of one of these names overrides the
plugin's, so nothing in the project asks for it and it is alive all the same."""

from . import Framework

FRAMEWORK = Framework(
    name="pytest-recording",
    docs="https://github.com/kiwicom/pytest-recording#configuration",
    enabled_by=('pytest-recording', 'pytest-vcr', 'uses:pytest.mark.vcr'),
    test_fixtures=frozenset({'record_mode', 'vcr_config', 'vcr_cassette_dir', 'default_cassette_name'}),
)
