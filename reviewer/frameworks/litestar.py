"""Litestar: route handlers and controllers' handlers are registered by their decorators (`@get`,
`@post`... the default for a decorator); its CLI discovers the application in the canonical modules
(`app.py`, `app/`, `application.py`, `application/`, `asgi.py`) by name: `app`, `application`, or a
factory `create_app`; `litestar --app module:app run` (or LITESTAR_APP) names it."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="Litestar",
    docs="https://docs.litestar.dev/2/usage/cli.html#autodiscovery",
    enabled_by=("litestar",),
    files=(FileRoot(r"(?:^|/)(?:app|application|asgi)\.py$|(?:^|/)(?:app|application)/(?:.*/)?[^/]+\.py$",
                    r"app|application|create_app", "Litestar CLI autodiscovery"),),
    launch_commands=(r"\blitestar\s+--app[=\s]['\"]?([A-Za-z_][\w.]*):([A-Za-z_]\w*)",
                     r"\bLITESTAR_APP\s*[=:]\s*['\"]?([A-Za-z_][\w.]*):([A-Za-z_]\w*)"),
)
