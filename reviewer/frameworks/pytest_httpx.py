"""pytest_httpx: the fixtures it requests by name. A project's fixture of one of these names overrides the
plugin's, so nothing in the project asks for it and it is alive all the same."""

from . import Framework

FRAMEWORK = Framework(
    name="pytest_httpx",
    docs="https://colin-b.github.io/pytest_httpx/",
    enabled_by=('pytest-httpx',),
    test_fixtures=frozenset({'assert_all_responses_were_requested', 'non_mocked_hosts', 'assert_all_requests_were_expected', 'can_send_already_matched_responses'}),
)
