"""WSGI and ASGI servers (gunicorn, uWSGI, mod_wsgi, uvicorn, daphne, hypercorn) load `wsgi.py` /
`asgi.py` and read `application` (or `app`) by name. Always on: the server is often installed apart
from the project's dependencies."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="WSGI/ASGI server",
    docs="https://peps.python.org/pep-3333/",
    files=(FileRoot(r"(?:^|/)(?:wsgi|asgi)\.py$", r"application|app", "WSGI/ASGI server"),),
)
