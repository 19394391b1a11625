"""FastAPI and Starlette: path operations and event handlers are registered by decorators;
dependencies are named in `Depends(...)` calls the usage graph reads; with no path, `fastapi dev` /
`fastapi run` import main.py, app.py or api.py (at the top or in app/) and take the `app` (or `api`)
object there by name. An ASGI app is also read by name by the server (see wsgi)."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="FastAPI / Starlette",
    docs="https://fastapi.tiangolo.com/fastapi-cli/",
    enabled_by=("fastapi", "starlette"),
    files=(FileRoot(r"^(?:app/)?(?:main|app|api)\.py$", r"app|api", "FastAPI CLI app discovery"),),
)
