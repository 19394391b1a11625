"""What a file or symbol is for, from its path and name alone: test code, barrels, dunders."""

from __future__ import annotations

import posixpath
import re

TEST_DIRECTORIES = frozenset({"tests", "test", "__tests__", "testing"})
_TEST_FILE = re.compile(
    r"^(test_.*\.py|.*_test\.py|tests\.py|conftest\.py|.*\.(test|spec)\.(ts|tsx|js|jsx|mjs|cjs|mts|cts))$"
)
_INDEX_FILE = re.compile(r"^index\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$")


def is_test_path(path: str) -> bool:
    """test_*.py, *_test.py, tests.py (Django, a root-level suite), conftest.py, *.test.ts,
    *.spec.js, or anything under tests/, __tests__/."""
    parts = path.split("/")
    if any(part in TEST_DIRECTORIES for part in parts[:-1]):
        return True
    return bool(_TEST_FILE.match(parts[-1]))


# Schema migrations are written once and never edited: their repeated shape is the framework's.
_MIGRATION_DIRECTORIES = ("migrations/", "alembic/versions/", "migrate/versions/")


def is_migration_path(path: str) -> bool:
    """Django/alembic migrations: `app/migrations/0003_x.py`, `alembic/versions/ab12_x.py`."""
    return any(f"/{d}" in f"/{path}" for d in _MIGRATION_DIRECTORIES)


def is_barrel_path(path: str) -> bool:
    """A package's face: `__init__.py` or `index.ts`-like files mostly re-export."""
    name = posixpath.basename(path)
    return name == "__init__.py" or bool(_INDEX_FILE.match(name))


def is_dunder(name: str) -> bool:
    """A protocol hook the runtime calls: Python `__x__`, or a JS computed key such as
    `[Symbol.iterator]` / `[util.inspect.custom]`."""
    return (len(name) > 4 and name.startswith("__") and name.endswith("__")) or name.startswith("[")


def is_private(name: str) -> bool:
    return name.startswith("_") and not is_dunder(name) or name.startswith("#")
