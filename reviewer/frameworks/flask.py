"""Flask: views and hooks are registered by decorators (`@app.route`, `@bp.before_request`,
`@app.cli.command`, `@app.template_filter`...), which the analysis counts as registrations; the
configuration modules and classes `app.config.from_object` / `from_pyfile` load (only their
UPPER_CASE names are read); the application the `flask` command discovers by name; the names an
interactive `flask shell` offers are read by hand (`@app.shell_context_processor`)."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="Flask",
    docs="https://flask.palletsprojects.com/en/stable/config/",
    enabled_by=("flask",),
    config_files=(".flaskenv",),
    # "Only values in uppercase are actually stored in the config object": a configuration module
    # (`config_local.py`, `config-docker.py`, `configs/test.py`, `env-config/x.py`), or the classes in it
    # that `from_object` is handed.
    files=(FileRoot(r"(?:^|/)(?:[\w-]+[_-])?(?:config|settings)(?:[_-][\w-]+)?\.py$"
                    r"|(?:^|/)(?:[\w-]+[_-])?(?:configs?|settings)/[^/]+\.py$",
                    r"[A-Z][A-Z0-9_]*", "Flask configuration (UPPER_CASE names loaded by app.config)",
                    members=True),
           # https://flask.palletsprojects.com/en/stable/cli/#application-discovery: with no --app, `flask`
           # imports wsgi.py or app.py and takes `app` / `application` or calls `create_app` / `make_app`.
           FileRoot(r"(?:^|/)(?:app|wsgi)\.py$", r"app|application|create_app|make_app",
                    "Flask application discovery")),
    shell_decorators=frozenset({"shell_context_processor"}),
)
