"""Alembic: revision scripts are loaded by path and read by name; env.py is run by the command.
A revision script is a snapshot written once and applied in order: its code repeats what another
revision or the models held at the time on purpose, and nobody edits it to share code. env.py imports
the project's modules for what loading them does: the models' tables registered on the metadata that
autogenerate compares, the application created and its database configured
(https://alembic.sqlalchemy.org/en/latest/autogenerate.html)."""

from collections.abc import Iterable, Mapping

from ..schema.facts import FileFacts
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


# The identifiers every revision script defines at its top level (the docs' "script.py.mako").
_REVISION_NAMES = frozenset({"revision", "down_revision"})


def revision_scripts(files: Iterable[FileFacts], frameworks: Mapping[str, str]) -> frozenset[str]:
    """The Python files that define `revision` and `down_revision` at their top level, wherever the
    project keeps its revisions (`script_location` in alembic.ini may name any folder); none where the
    project does not use Alembic (`frameworks`: ScanResult.frameworks)."""
    if FRAMEWORK.name not in frameworks:
        return frozenset()
    return frozenset(facts.path for facts in files if facts.language == "python"
                     and _REVISION_NAMES <= {s.name for s in facts.symbols if s.parent is None})


def environment_scripts(files: Iterable[FileFacts], frameworks: Mapping[str, str]) -> frozenset[str]:
    """The migration environments' env.py files (named so, and importing alembic's `context`, the interface
    every environment runs the migrations through, wherever `script_location` puts them); none where the
    project does not use Alembic."""
    if FRAMEWORK.name not in frameworks:
        return frozenset()
    return frozenset(facts.path for facts in files if facts.language == "python" and facts.path.rsplit("/", 1)[-1] == "env.py"
                     and any(ref.source in ("alembic", "alembic.context") for ref in facts.imports))
