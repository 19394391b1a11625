"""FastAPI and Starlette: path operations and event handlers are registered by decorators;
dependencies are named in `Depends(...)` calls the usage graph reads; an ASGI app is read by name
by the server (see wsgi)."""

from . import Framework

FRAMEWORK = Framework(
    name="FastAPI / Starlette",
    docs="https://fastapi.tiangolo.com/tutorial/dependencies/",
    enabled_by=("fastapi", "starlette"),
)
