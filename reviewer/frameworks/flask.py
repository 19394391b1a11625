"""Flask: views and hooks are registered by decorators (`@app.route`, `@bp.before_request`,
`@app.cli.command`, `@app.template_filter`...), which the analysis counts as registrations; the
names an interactive `flask shell` offers are read by hand (`@app.shell_context_processor`)."""

from . import Framework

FRAMEWORK = Framework(
    name="Flask",
    docs="https://flask.palletsprojects.com/en/stable/api/",
    enabled_by=("flask",),
    config_files=(".flaskenv",),
    shell_decorators=frozenset({"shell_context_processor"}),
)
