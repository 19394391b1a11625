"""Flask: views and hooks are registered by decorators (`@app.route`, `@bp.before_request`,
`@app.cli.command`, `@app.template_filter`...), which the analysis counts as registrations; the
configuration modules and classes `app.config.from_object` / `from_pyfile` load (only their
UPPER_CASE names are read); the names an interactive `flask shell` offers are read by hand
(`@app.shell_context_processor`)."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="Flask",
    docs="https://flask.palletsprojects.com/en/stable/config/",
    enabled_by=("flask",),
    config_files=(".flaskenv",),
    # "Only values in uppercase are actually stored in the config object": a configuration module,
    # or the classes in it that `from_object` is handed.
    files=(FileRoot(r"(?:^|/)(?:\w+_)?(?:config|settings)(?:_\w+)?\.py$|(?:^|/)(?:config|settings)/[^/]+\.py$",
                    r"[A-Z][A-Z0-9_]*", "Flask configuration (UPPER_CASE names loaded by app.config)",
                    members=True),),
    shell_decorators=frozenset({"shell_context_processor"}),
)
