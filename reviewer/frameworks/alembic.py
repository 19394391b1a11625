"""Alembic: revision scripts are loaded by path and read by name; env.py is run by the command."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="Alembic",
    docs="https://alembic.sqlalchemy.org/en/latest/tutorial.html",
    enabled_by=("alembic", "flask-migrate", "file:alembic.ini"),
    config_files=("alembic.ini",),
    files=(
        FileRoot(r"(?:^|/)(?:versions|migrations)/[^/]+\.py$",
                 r"revision|down_revision|branch_labels|depends_on|upgrade|downgrade", "alembic migration"),
        FileRoot(r"(?:^|/)env\.py$", r"run_migrations_(?:online|offline)", "alembic env.py"),
    ),
)
