"""Django: settings read by name, migrations, app configs, management commands, URLconfs, models
and their admin, and the view decorators that wrap a view in place (it is reached through its URL)."""

import re
from collections.abc import Iterable, Mapping

from ..schema.facts import FileFacts
from . import BaseRule, FileRoot, Framework

MIGRATION_PATH = r"(?:^|/)migrations/\d{4}_\w+\.py$"  # `makemigrations` names them 0001_initial.py and on

MODEL_HOOKS = frozenset({
    "Meta", "save", "delete", "clean", "clean_fields", "full_clean", "validate_unique", "validate_constraints",
    "get_absolute_url", "natural_key", "refresh_from_db", "arefresh_from_db", "asave", "adelete", "from_db",
    "get_deferred_fields", "serializable_value",
    "check", "get_constraints", "unique_error_message", "date_error_message", "prepare_database_save",
    "_do_insert", "_do_update", "_save_table", "_save_parents", "_perform_unique_checks", "_perform_date_checks",
    "_get_pk_val", "_set_pk_val",
})

FRAMEWORK = Framework(
    name="Django",
    docs="https://docs.djangoproject.com/en/stable/",
    enabled_by=("django",),  # a manage.py alone is no evidence (Flask-Script and click apps have one)
    files=(
        # DJANGO_SETTINGS_MODULE names any module: `settings.py`, a `settings/` package, `local_settings.py`
        FileRoot(r"(?:^|/)(?:\w*settings\w*|config)(?:/.*)?(?:\.py$|/)", r"[A-Z][A-Z0-9_]*",
                 "Django settings (UPPER_CASE names read by name)"),
        FileRoot(MIGRATION_PATH, r"Migration", "Django migrations"),
        FileRoot(r"(?:^|/)apps\.py$", why="Django app config"),
        FileRoot(r"(?:^|/)__init__\.py$", r"default_app_config", "Django default_app_config (read from an app package)"),
        FileRoot(r"(?:^|/)management/commands/[^/]+\.py$", r"Command", "Django management command"),
        # A URLconf is any module a dotted string names (ROOT_URLCONF, include(), a request's urlconf, a
        # test's override_settings(ROOT_URLCONF=...)), whatever its file name: Django reads these names there.
        FileRoot(r"\.py$", r"urlpatterns|app_name|handler(?:400|403|404|500)", "Django URLconf"),
        FileRoot(r"(?:^|/)templatetags/[^/]+\.py$", r"register", "Django template library (loaded by {% load %})"),
        # FORMAT_MODULE_PATH's per-locale modules (`mysite/formats/en/formats.py`): format settings read by name
        FileRoot(r"(?:^|/)[a-z]{2,3}(?:_[A-Za-z]{2,4})?/formats\.py$", r"[A-Z][A-Z0-9_]*",
                 "Django locale format module (FORMAT_MODULE_PATH)"),
    ),
    bases=(
        BaseRule(r"Model", discovered=True, hooks=MODEL_HOOKS),
        BaseRule(r"AppConfig|BaseCommand|ModelAdmin|TabularInline|StackedInline|Migration", discovered=True),
        # the hooks the middleware documentation lists ("Other middleware hooks")
        BaseRule(r"MiddlewareMixin", hooks=frozenset({"process_request", "process_view", "process_exception",
                                                      "process_template_response", "process_response",
                                                      "sync_capable", "async_capable"})),
    ),
    wrapping_decorators=frozenset({
        "atomic", "transaction.atomic", "login_required", "permission_required", "user_passes_test",
        "staff_member_required", "csrf_exempt", "csrf_protect", "ensure_csrf_cookie", "requires_csrf_token",
        "require_http_methods", "require_GET", "require_POST", "require_safe", "never_cache", "cache_page",
        "cache_control", "vary_on_headers", "vary_on_cookie", "method_decorator", "sensitive_variables",
        "sensitive_post_parameters", "xframe_options_exempt", "xframe_options_deny", "xframe_options_sameorigin",
        "condition", "etag", "last_modified", "gzip_page", "no_append_slash", "login_not_required",
    }),
    # A path converter registered with register_converter: Django calls to_python on a match and to_url
    # in reverse() (the URL dispatcher's "registering custom path converters").
    protocol_methods=frozenset({"to_url"}),
)


def migration_files(files: Iterable[FileFacts], frameworks: Mapping[str, str]) -> frozenset[str]:
    """The Python files `makemigrations` wrote, where the project uses Django (`frameworks`:
    ScanResult.frameworks): each is written once and applied in order."""
    if FRAMEWORK.name not in frameworks:
        return frozenset()
    pattern = re.compile(MIGRATION_PATH)
    return frozenset(facts.path for facts in files if facts.language == "python" and pattern.search(facts.path))
