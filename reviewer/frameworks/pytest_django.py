"""pytest-django: the fixtures it requests by name. A project's fixture of one of these names overrides the
plugin's, so nothing in the project asks for it and it is alive all the same."""

from . import Framework

FRAMEWORK = Framework(
    name="pytest-django",
    docs="https://pytest-django.readthedocs.io/en/latest/database.html#fixtures",
    enabled_by=('pytest-django', 'uses:pytest.mark.django_db'),
    test_fixtures=frozenset({'django_db_createdb', 'django_db_modify_db_settings_parallel_suffix', 'django_db_serialized_rollback', 'django_db_modify_db_settings', 'django_db_keepdb', 'django_db_modify_db_settings_xdist_suffix', 'django_db_modify_db_settings_tox_suffix', 'django_db_setup', 'django_db_use_migrations'}),
)
