"""gunicorn: `gunicorn -c gunicorn.conf.py` (its default name) executes the file and reads every
setting and server hook (`post_fork`, `when_ready`...) by name."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="gunicorn",
    docs="https://docs.gunicorn.org/en/stable/settings.html",
    enabled_by=("gunicorn", "file:gunicorn*.py"),
    files=(FileRoot(r"(?:^|/)gunicorn(?:[._-]?conf(?:ig)?)?(?:\.conf)?\.py$", why="gunicorn configuration"),),
)
