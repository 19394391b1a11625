from . import auth  # noqa: F401
