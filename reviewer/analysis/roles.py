"""What a file or symbol is for, from its path and name alone: test code, barrels, dunders."""

from __future__ import annotations

import posixpath
import re
from functools import lru_cache
from typing import Iterable

# Type tests (TYPE_TEST_PATH) and project templates (SCAFFOLD_PATH) are layout knowledge: frameworks/layout.py.
from ..frameworks.layout import SCAFFOLD_PATH, TYPE_TEST_PATH  # noqa: F401 (re-exported for the analysis)

# `__testfixtures__`: the input/output pairs a codemod's tests run its transform on (jscodeshift's
# defineTest reads `__testfixtures__/<name>.input.ts` and compares with `<name>.output.ts`).
TEST_DIRECTORIES = frozenset({"tests", "test", "__tests__", "testing", "__testfixtures__"})
# `test.js` alone is AVA's and tape's default suite (sindresorhus/ora's `test.js` at the root)
_TEST_FILE = re.compile(
    r"^(test_.*\.py|.*_test\.py|tests\.py|conftest\.py|.*\.(test|spec)\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)"
    r"|test\.(ts|js|mjs|cjs|mts|cts))$"
)
_INDEX_FILE = re.compile(r"^index\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$")


@lru_cache(maxsize=1 << 16)  # asked for the same few thousand paths hundreds of thousands of times a run
def is_test_path(path: str) -> bool:
    """test_*.py, *_test.py, tests.py (Django, a root-level suite), conftest.py, *.test.ts,
    *.spec.js, or anything under tests/, __tests__/, or a folder named *_tests (`typing_tests`)."""
    parts = path.split("/")
    if any(part in TEST_DIRECTORIES or part.endswith("_tests") for part in parts[:-1]):
        return True
    return bool(_TEST_FILE.match(parts[-1]))


# The inputs of a test suite (tests/fixtures/, tests/assets/...): files the tests read, load or run
# as data, written as they are on purpose (a copy per scenario, a syntax error a parser test needs);
# and the outputs the tests compare against (expected/, outputs/, snapshots/, golden/).
TEST_INPUT_DIRECTORIES = frozenset({"assets", "fixtures", "__fixtures__", "__testfixtures__", "testdata", "test_data", "data",
                                    "expected", "outputs", "output", "snapshots", "__snapshots__", "golden", "goldens"})
# Folders of cases a suite reads as text: inputs too, but for a file the runner collects by its name.
_CASE_DIRECTORIES = frozenset({"cases", "inputs", "input", "samples"})


# Folders that hold a suite's inputs by their name wherever they stand (`src/transforms/fixtures/`, read by the
# `*.test.ts` beside them): what is there is data for a test (a case, broken or newer on purpose).
_FIXTURE_DIRECTORIES = frozenset({"fixtures", "__fixtures__", "__testfixtures__", "__snapshots__", "testdata"})


def in_fixture_folder(path: str) -> bool:
    return any(part in _FIXTURE_DIRECTORIES for part in path.split("/")[:-1])


def is_test_input_path(path: str) -> bool:
    """`test/fixtures/syntax-error-esm.mjs`, `tests/assets/app.py`, and a fixtures folder wherever it stands
    (`src/transforms/fixtures/scope/jsx.js`, read by the `*.test.ts` beside it)."""
    folders = path.split("/")[:-1]
    if in_fixture_folder(path):
        return True
    if not is_test_path(path):
        return False
    if any(part in TEST_INPUT_DIRECTORIES for part in folders):
        return True
    return any(part in _CASE_DIRECTORIES for part in folders) and not _TEST_FILE.match(path.rsplit("/", 1)[-1])


def is_test_support_path(path: str) -> bool:
    """A file of a test suite that no test runner collects by its name (not `test_*.py`, `conftest.py`,
    `*.test.ts`...): a helper the tests import, or data they read."""
    return is_test_path(path) and not _TEST_FILE.match(path.rsplit("/", 1)[-1])


_TYPE_TEST = re.compile(TYPE_TEST_PATH)


def is_type_test_path(path: str) -> bool:
    return _TYPE_TEST.search(path) is not None


# A synchronous twin generated from async code (unasync: pkg/_async/ -> pkg/_sync/, each
# file rewritten with `await` and `async` removed): nobody edits it, and it repeats its source by design.
_ASYNC_FOLDERS = {"_sync": "_async", "sync": "async"}


def generated_sync_twins(paths: Iterable[str]) -> frozenset[str]:
    """The files of a `_sync/` (or `sync/`) folder whose sibling `_async/` (or `async/`) folder holds a
    file of the same name: the twins an unasync script generates."""
    known = set(paths)
    twins = set()
    for path in known:
        parts = path.split("/")
        for k, part in enumerate(parts[:-1]):
            source = _ASYNC_FOLDERS.get(part)
            if source is not None and "/".join([*parts[:k], source, *parts[k + 1:]]) in known:
                twins.add(path)
    return frozenset(twins)


# Schema migrations are written once and never edited: their repeated shape is the framework's.
_MIGRATION_DIRECTORIES = ("migrations/", "alembic/versions/", "migrate/versions/")


def is_migration_path(path: str) -> bool:
    """Django/alembic migrations: `app/migrations/0003_x.py`, `alembic/versions/ab12_x.py`."""
    return any(f"/{d}" in f"/{path}" for d in _MIGRATION_DIRECTORIES)


# Code nobody edits by hand here: generated by a tool, or copied in from another project.
_GENERATED_DIRECTORIES = frozenset({"generated", "__generated__", "vendor", "vendored", "third_party", "node_modules"})
_GENERATED_FILE = re.compile(r"(_pb2(_grpc)?\.py|\.(generated|gen)\.(ts|tsx|js)|\.d\.[cm]?ts|\.min\.js)$")
_EXAMPLE_DIRECTORIES = frozenset({"examples", "example", "demo", "demos", "samples", "docs_src", "sandbox"})


def is_generated_path(path: str) -> bool:
    """Generated or vendored code: `api/generated/x.ts`, `x_pb2.py`, `vendor/lib.js`, and shadcn/ui
    primitives (`components/ui/button.tsx`: copied from its registry, standalone by design; the
    registry ships no tests, so a test beside them is the project's own)."""
    parts = path.split("/")
    if any(part in _GENERATED_DIRECTORIES for part in parts[:-1]) or bool(_GENERATED_FILE.search(parts[-1])):
        return True
    return any(a == "components" and b == "ui" for a, b in zip(parts, parts[1:-1])) and not is_test_path(path)


def is_example_path(path: str) -> bool:
    """`examples/auth/app.js`, `docs_src/x.py`, `blog_examples/flow/raw/service.py`, a library's demo site
    (`sandbox/manage.py`): demo code, self-contained on purpose (each example repeats what it shows) and
    not the product."""
    return any(part in _EXAMPLE_DIRECTORIES or part.endswith("_examples") for part in path.split("/")[:-1])


# Benchmark programs: each file is run on its own by a bench runner (benchmarks/*.bench.js,
# asv suites, perf-testing/ scripts), its set-up written out in full on purpose, like an example's.
_BENCHMARK = re.compile(r"(?:^|/)(?:benchmarks?|bench|perf(?:[-_]?tests?|[-_]?testing)?|performance)/"
                        r"|\.bench\.[cm]?[jt]sx?$")


def is_benchmark_path(path: str) -> bool:
    """`benchmarks/basic.bench.js`, `bench/parse.py`, `perf-testing/profile.mjs`, `src/x.bench.ts`."""
    return _BENCHMARK.search(path) is not None


# Translations: one file per language, each the same messages in its own words (locales/ar.ts,
# az.ts... each with the same `error` function; an editor plugin's lang/ files). Copies by design.
_TRANSLATION_DIRECTORIES = frozenset({"locales", "locale", "i18n", "l10n", "translations", "lang", "langs"})


def is_translation_path(path: str) -> bool:
    """`src/v4/locales/ar.ts`, `static/js/lang/markedit.lang.fr.js`, `i18n/de.json.ts`; not the tests of
    the translations (`tests/locales/ru.test.ts`: one test pasted into three is a test written three times)."""
    return any(part in _TRANSLATION_DIRECTORIES for part in path.split("/")[:-1]) and not is_test_path(path)


_SCAFFOLD = re.compile(SCAFFOLD_PATH)


def is_scaffold_path(path: str) -> bool:
    """Code of a project template: `cli/template/extras/src/server/db.ts`, `{{cookiecutter.slug}}/app.py`."""
    return _SCAFFOLD.search(posixpath.dirname(path) + "/") is not None


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
