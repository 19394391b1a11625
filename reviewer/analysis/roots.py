"""Roots by convention, as data: names a framework or tool reads from a file by its
place and its name, never through an import the usage graph could see.

Each row says which files (a path pattern), which names in them (a name pattern; None:
every top-level name), and why. A row is one fact about one tool; adding a tool is adding
a row. Decorator registrations, entry points and public API are found elsewhere (utility,
entrypoints); this table holds what only the file layout tells.
"""

from __future__ import annotations

import importlib
import json
import posixpath
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from .roles import SCAFFOLD_PATH, TYPE_TEST_PATH, is_test_path

_JS = r"\.(?:[cm]?[jt]sx?)$"


@dataclass(frozen=True)
class ConventionRoot:
    tool: str  # who reads the names: "Sphinx", "Next.js app router", ...
    files: re.Pattern[str]  # repo-relative path
    names: re.Pattern[str] | None  # symbol name; None: every top-level name of the file
    members: bool = False  # the names may also be class members (asv `time_*` methods)
    exports: bool = False  # the tool imports the module: only what it exports is read

    def matches(self, path: str, name: str, top_level: bool, exported: bool = True) -> bool:
        if not self.files.search(path):
            return False
        if not top_level and not self.members or self.exports and not exported:
            return False
        return self.names is None or bool(self.names.fullmatch(name))


def _row(tool: str, files: str, names: str | None = None, members: bool = False,
         exports: bool = False) -> ConventionRoot:
    return ConventionRoot(tool, re.compile(files), re.compile(names) if names else None, members, exports)


CONVENTION_ROOTS: tuple[ConventionRoot, ...] = (
    # Python tools
    _row("Sphinx / gunicorn (settings read from conf.py by name)", r"(?:^|/)conf\.py$"),
    # `gunicorn -c gunicorn.conf.py` (its default name), gunicorn_config.py...: every setting by name
    _row("gunicorn configuration", r"(?:^|/)gunicorn(?:[._-]?conf(?:ig)?)?(?:\.conf)?\.py$"),
    _row("Django settings (UPPER_CASE names read by name)",
         r"(?:^|/)(?:settings|config)(?:/.*)?(?:\.py$|/)", r"[A-Z][A-Z0-9_]*"),
    _row("Django migrations", r"(?:^|/)migrations/\d{4}_\w+\.py$", r"Migration"),
    _row("Django app config", r"(?:^|/)apps\.py$"),
    _row("Django default_app_config (read from an app package)", r"(?:^|/)__init__\.py$", r"default_app_config"),
    _row("Django management command", r"(?:^|/)management/commands/[^/]+\.py$", r"Command"),
    # `urls_invalid.py`, `urls_api.py`, a `urls/` package of one URLconf per host (`urls/www.py`):
    # named by ROOT_URLCONF / include() / django-hosts strings
    _row("Django URLconf", r"(?:^|/)urls(?:_\w+)?\.py$|(?:^|/)urls/[^/]+\.py$", r"urlpatterns|app_name|handler\d{3}"),
    _row("WSGI/ASGI server", r"(?:^|/)(?:wsgi|asgi)\.py$", r"application|app"),
    _row("alembic migration", r"(?:^|/)(?:versions|migrations)/[^/]+\.py$",
         r"revision|down_revision|branch_labels|depends_on|upgrade|downgrade"),
    _row("alembic env.py", r"(?:^|/)env\.py$", r"run_migrations_(?:online|offline)"),
    _row("asv benchmark", r"(?:^|/)benchmarks?/.*\.py$",
         r"(?:time|mem|peakmem|track|timeraw)_\w+|setup|teardown|setup_cache|params|param_names|timeout",
         members=True),
    _row("asv benchmark suite (classes holding benchmarks)", r"(?:^|/)benchmarks?/.*\.py$", r"[A-Z]\w*"),
    _row("IPython / Jupyter extension hook", r"\.py$",
         r"(?:load|unload)_ipython_extension|_jupyter_\w+_paths"),
    _row("pytest plugin hook", r"\.py$", r"pytest_\w+"),
    # coverage.py calls `coverage_init(reg, options)` of each module its configuration lists under
    # `plugins` (pip-tools' piptools_coverage.py)
    _row("coverage.py plugin hook", r"\.py$", r"coverage_init"),
    _row("module metadata", r"\.py$", r"__\w+__"),
    _row("celery app", r"(?:^|/)(?:\w+_)?(?:celery|tasks)\.py$", r"app|celery_app"),
    # Code the tests hand to the tool under test by path (a CLI loading a module and scanning it
    # for functions): its names are its content, not code anything imports.
    # (black's tests/data/cases/*.py: formatter inputs, each file read as text by a parametrized test)
    _row("test input (loaded by path)", r"(?:^|/)(?:tests?|__tests__)/(?:.*/)?(?:assets|testdata|test_data|data)/"),
    _row("project template (a generator copies it into new projects, where it runs)", SCAFFOLD_PATH, members=True),
    # JS/TS conventions: the file's place is its registration
    _row("Next.js app router", r"(?:^|/)app/(?:.*/)?(?:page|layout|template|loading|error|not-found|global-error"
                               r"|default|route|head|opengraph-image|twitter-image|icon|apple-icon|sitemap|robots"
                               r"|manifest)" + _JS, exports=True),
    _row("Next.js pages router", r"(?:^|/)pages/.*" + _JS, exports=True),
    _row("Next.js middleware / instrumentation", r"(?:^|/)(?:middleware|instrumentation)" + _JS, exports=True),
    # SvelteKit calls `load`, `actions`, `GET`, `prerender`... of its route files and `handle` of its hooks
    _row("SvelteKit route", r"(?:^|/)routes/(?:.*/)?\+(?:page|layout|server|error)(?:\.server)?" + _JS, exports=True),
    _row("SvelteKit hooks", r"(?:^|/)src/hooks(?:\.server|\.client)?" + _JS, exports=True),
    _row("Storybook story", r"\.stories" + _JS, exports=True),
    _row("Storybook configuration", r"(?:^|/)\.storybook/"),
    _row("jest/vitest module mock", r"(?:^|/)__mocks__/"),
    _row("react-email template", r"(?:^|/)emails/[^/]+\.[jt]sx$", exports=True),
    _row("TypeScript ambient declarations (merged by name)", r"\.d\.[cm]?ts$"),
    # tsd / vitest typecheck (`x.test-d.ts`), tstyche (`x.tst.ts`): the type checker reads every
    # declaration; an unused `const log2 = pino(opts)` is the check that the call compiles.
    _row("type test (its declarations are what the type checker checks)", TYPE_TEST_PATH, members=True),
    _row("generated code (its generator and its readers agree on names)", r"(?:^|/)[^/]+\.gen" + _JS),
    # A tool reads what its configuration file exports (`export default defineConfig(...)`,
    # `module.exports`): a helper left unexported there is dead like anywhere else.
    _row("tool configuration file", r"(?:^|/)[^/.]+\.config(?:\.[\w-]+)?" + _JS, exports=True),  # jest.config.build.js
    # Gatsby reads the exported APIs of its four files at the site root (createPages, onCreateNode,
    # wrapRootElement...), as Netlify reads a function's `handler` and Docusaurus its sidebars.
    _row("Gatsby API file", r"(?:^|/)gatsby-(?:node|browser|ssr|config)" + _JS, exports=True),
    _row("Netlify function", r"(?:^|/)netlify/(?:edge-)?functions/.*" + _JS, exports=True),
    _row("Docusaurus sidebars", r"(?:^|/)sidebars" + _JS, exports=True),
    _row("task runner / generator", r"(?:^|/)(?:plopfile|gulpfile|gruntfile|jakefile)" + _JS + r"|(?:^|/)generators/"),
    # Remix / React Router framework mode read the exports of app/root and the server and client
    # entries (`export default function handleRequest`, `handleError`, `links`, `loader`...).
    _row("Remix root and entry modules", r"(?:^|/)app/(?:root|entry\.(?:server|client))" + _JS, exports=True),
    _row("file-based router (TanStack / React Router / Remix)", r"(?:^|/)routes/.*" + _JS,
         r"Route|loader|action|clientLoader|clientAction|meta|links|headers|handle|ErrorBoundary|HydrateFallback"
         r"|Component|default|shouldRevalidate", exports=True),
)


def convention_root(path: str, name: str, top_level: bool, exported: bool = True,
                    default_export: bool = False) -> str | None:
    """Why a tool reads `name` from `path` by convention, if one does. A file's default export
    (`export default function LoginPage`) is also read under the name "default"."""
    rows = _ROWS_BY_PATH.get(path)
    if rows is None:  # the path patterns, once per file (the analysis asks once per symbol)
        rows = _ROWS_BY_PATH[path] = tuple(row for row in CONVENTION_ROOTS if row.files.search(path))
    for row in rows:
        if row.matches(path, name, top_level, exported) or default_export and row.matches(path, "default", top_level):
            return row.tool
    return None


_ROWS_BY_PATH: dict[str, tuple[ConventionRoot, ...]] = {}


_MKDOCS_HOOKS = re.compile(r"^hooks:\s*\n((?:\s*-\s*.+\n?)+)", re.M)


def hook_files(root: Path | None) -> dict[str, str]:
    """Python files a tool configuration names as hook modules (mkdocs.yml `hooks:`): their
    top-level `on_<event>` functions are called by the tool (a helper beside them is not).
    Path -> where named."""
    found: dict[str, str] = {}
    if root is None:
        return found
    for config in ("mkdocs.yml", "mkdocs.yaml", "docs/mkdocs.yml"):
        try:
            text = (root / config).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        base = posixpath.dirname(config)
        for block in _MKDOCS_HOOKS.findall(text):
            for line in block.splitlines():
                item = line.strip().lstrip("-").strip().strip("'\"")
                if item:
                    found[posixpath.normpath(posixpath.join(base, item))] = f"mkdocs hook module named in {config}"
    return found


# The API reference a project publishes: Sphinx autodoc directives (`.. automodule:: pkg.mod` with
# `:members:`, `.. autoclass:: pkg.mod.Name`, autofunction, autoexception...) and mkdocstrings'
# `::: pkg.mod.Name`. What it documents is offered to users, whoever calls it here (cookiecutter's
# `UnknownTemplateDirException`, documented by `automodule:: cookiecutter.exceptions`).
_AUTODOC = re.compile(r"^\s*\.\.\s+auto(module|class|exception|function|method|data|attribute)::\s*([\w.]+)[^\n]*"
                      r"((?:\n[ \t]+:[\w-]+:[^\n]*)*)", re.M)
_MKDOCSTRINGS = re.compile(r"^:::\s*([\w.]+)\s*$", re.M)
_DOC_SUFFIXES = (".rst", ".md", ".txt")
_DOC_FILES_MAX = 2000


@dataclass(frozen=True)
class DocumentedName:
    where: str  # the documentation file that names it
    members: bool  # its members are documented too (`:members:`; mkdocstrings does by default)


# Source files a documentation page includes whole: pymdownx.snippets' `--8<-- "docs/src/app.py"`
# (relative to the project root), Sphinx's `.. literalinclude:: ../examples/app.py` (relative to the
# page), MkDocs macros' `{* ./docs_src/app.py *}`. What they define is shown to readers, used or not.
_SNIPPET = re.compile(r"""--8<--\s+["']([^"':\n]+)(?::[^"'\n]*)?["']|\{\*\s*([^\s*]+)\s""")
_LITERALINCLUDE = re.compile(r"^\s*\.\.\s+literalinclude::\s*(\S+)", re.M)


def documentation_files(root: Path) -> list[Path]:
    """The documentation pages under docs/ or doc/ that the analysis reads (the pipeline's evidence
    key watches them: a page that starts documenting a name changes its verdict)."""
    return [path for folder in ("docs", "doc") if (root / folder).is_dir()
            for path in sorted((root / folder).rglob("*")) if path.suffix in _DOC_SUFFIXES][:_DOC_FILES_MAX]


def _documentation_pages(root: Path | None) -> Iterator[tuple[str, str]]:
    """(repo-relative path, text) of the documentation pages under docs/ or doc/."""
    if root is None:
        return
    for path in documentation_files(root):
        try:
            yield path.relative_to(root).as_posix(), path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue


def documentation_includes(root: Path | None) -> dict[str, str]:
    """Repo-relative paths of the source files documentation pages include -> the page."""
    found: dict[str, str] = {}
    for where, text in _documentation_pages(root):
        if "--8<--" in text or "{*" in text:
            for snippet, macro in _SNIPPET.findall(text):
                found.setdefault(posixpath.normpath(snippet or macro), where)
        if "literalinclude" in text:
            for included in _LITERALINCLUDE.findall(text):
                base = "" if included.startswith("/") else posixpath.dirname(where)
                found.setdefault(posixpath.normpath(posixpath.join(base, included.lstrip("/"))), where)
    return found


# Code a documentation page runs when it is built: cog's `[[[cog ... ]]]` blocks (datasette regenerates
# its pages with `cog -r docs/*.rst`: `from metadata_doc import config_example` then a call).
_COG_BLOCK = re.compile(r"\[\[\[cog(.*?)\]\]\]", re.S)
_COG_IMPORT = re.compile(r"^\s*from\s+([\w.]+)\s+import\s+([\w, ]+)|^\s*import\s+([\w.]+)", re.M)


def documentation_code_imports(root: Path | None) -> dict[tuple[str, str], str]:
    """(module as imported, name or "*" for a whole module) that the code of documentation pages
    imports -> the page. The module is looked up beside the page first (cog runs in docs/)."""
    found: dict[tuple[str, str], str] = {}
    for where, text in _documentation_pages(root):
        if "[[[cog" not in text:
            continue
        for block in _COG_BLOCK.findall(text):
            for module, names, whole in _COG_IMPORT.findall(block):
                if whole:
                    found.setdefault((whole, "*"), where)
                for name in (n.strip() for n in names.split(",")):
                    if name:
                        found.setdefault((module, name), where)
    return found


def documented_names(root: Path | None) -> dict[str, DocumentedName]:
    """Dotted names the project's API reference documents (under docs/ or doc/): dotted name -> where."""
    found: dict[str, DocumentedName] = {}
    for where, text in _documentation_pages(root):
        if ".. auto" in text:
            for kind, dotted, options in _AUTODOC.findall(text):
                members = kind in ("module", "class", "exception") and ":members:" in options
                found.setdefault(dotted, DocumentedName(where, members))
        if ":::" in text:
            for dotted in _MKDOCSTRINGS.findall(text):
                found.setdefault(dotted, DocumentedName(where, True))
    return found


# The options of a test runner's configuration that name files it loads itself (jest, vitest):
# `globalSetup: '<rootDir>/src/support/global-setup.ts'`. What those files export is called.
_RUNNER_FILE_OPTION = re.compile(
    r"""\b(globalSetup|globalTeardown|setupFiles|setupFilesAfterEnv|snapshotResolver|testSequencer|resolver)"""
    r"""["']?\s*:\s*(\[[^\]]*\]|["'][^"']+["'])""")
_QUOTED = re.compile(r"""["']([^"']+)["']""")
_RUNNER_CONFIG = re.compile(r"(?:^|/)(?:jest|vitest|vite)\.config\.[cm]?[jt]s$|(?:^|/)jest\.config\.json$|(?:^|/)package\.json$")


def runner_loaded_files(root: Path | None, configs: Iterable[str]) -> dict[str, str]:
    """Files a jest/vitest configuration names for the runner to load (global set-up and
    tear-down, set-up files, resolvers): repo-relative path as written, `<rootDir>` and `./`
    read from the configuration's folder -> why."""
    found: dict[str, str] = {}
    if root is None:
        return found
    for config in configs:
        if not _RUNNER_CONFIG.search(config) or "node_modules/" in config:
            continue
        try:
            text = (root / config).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        base = posixpath.dirname(config)
        for option, value in _RUNNER_FILE_OPTION.findall(text):
            for written in _QUOTED.findall(value):
                if "/" not in written and "." not in written:
                    continue  # a package name (`jest-environment-node`), not a file
                relative = written.replace("<rootDir>", ".")
                found.setdefault(posixpath.normpath(posixpath.join(base, relative)), f"{option} in {config}")
    return found


# Where a project runs a static type checker on a folder of its tests: `mypy tests/typing` in
# tox.ini. Those files are type tests: their functions are never called, their annotations are
# what is checked.
_TYPE_CHECK = re.compile(r"\b(?:mypy|pyright|basedpyright|pyrefly|pytype|ty[ \t]+check)[ \t]+((?:[\w./-]+[ \t]*)+)")
_TYPE_CHECK_CONFIGS = ("tox.ini", "noxfile.py", "Makefile", "justfile", ".pre-commit-config.yaml", "pyproject.toml",
                       "setup.cfg")


# `tsc --project fixtures/internal-types/tsconfig.bundler.json` in an npm script: the folder of that
# tsconfig is compiled for its types alone (zod's integration fixtures, checked against each build).
_TSC_PROJECT = re.compile(r"\btsc\b[^&|;\n]*?(?:-p|--project)[ \t=]+['\"]?([\w./@-]+)")


def type_checked_tests(root: Path | None) -> dict[str, str]:
    """Test folders or files a configured command hands to a type checker: path -> the command
    and where it is written. Only test paths and test inputs (fixtures): `mypy src` checks code
    that runs anyway."""
    found: dict[str, str] = {}
    if root is None:
        return found
    for manifest in [root / "package.json", *root.glob("*/package.json"), *root.glob("*/*/package.json")]:
        if "node_modules" in manifest.parts:
            continue
        try:
            scripts = json.loads(manifest.read_text(encoding="utf-8")).get("scripts") or {}
        except (OSError, ValueError, AttributeError):
            continue
        where = manifest.parent.relative_to(root).as_posix()
        for name, command in scripts.items() if isinstance(scripts, dict) else ():
            for match in _TSC_PROJECT.finditer(command if isinstance(command, str) else ""):
                config = posixpath.normpath(posixpath.join(where, match.group(1)))
                target = posixpath.dirname(config) if config.endswith(".json") else config
                if is_test_path(target + "/x.ts") or any(part in ("fixtures", "__fixtures__") for part in target.split("/")):
                    found.setdefault(target, f"`tsc --project {match.group(1)}` in scripts.{name} of "
                                             f"{posixpath.join(where, 'package.json')} (types checked by the compiler)")
    configs = list(_TYPE_CHECK_CONFIGS) + [str(p.relative_to(root)) for p in (root / ".github" / "workflows").glob("*.y*ml")]
    for config in configs:
        try:
            text = (root / config).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        for match in _TYPE_CHECK.finditer(text):
            for target in match.group(1).split():
                target = posixpath.normpath(target.rstrip("/"))
                if not target.startswith(("-", ".")) and is_test_path(target + "/x.py"):
                    found.setdefault(target, f"`{match.group(0).split()[0]} {target}` in {config} (a typing test)")
    return found


def under_type_checker(path: str, targets: Iterable[str]) -> str | None:
    """The target of type_checked_tests that holds this file (itself or its folder), if any."""
    return next((target for target in targets if path == target or path.startswith(target + "/")), None)


def type_checked_files(root: Path | None, paths: Iterable[str]) -> frozenset[str]:
    """The files of typing tests (see type_checked_tests): examples a type checker reads and nothing
    runs, each self-contained on purpose (one per checker, one per configuration)."""
    targets = type_checked_tests(root)
    return frozenset(path for path in paths if under_type_checker(path, targets))


# External bases whose subclasses a framework finds without being named: a subclass of one
# is alive. (A subclass of any other external base is alive only when something names it;
# its framework may still instantiate it, which lowers the confidence of a DEAD verdict.)
DISCOVERING_BASES = re.compile(
    r"(?:.*\.)?(?:"
    r"Model|AppConfig|BaseCommand|ModelAdmin|TabularInline|StackedInline|Migration"  # Django
    r"|\w*TestCase|\w*Case|TestSuite"  # unittest / Django / DRF test runners collect them
    r"|DeclarativeBase|DeclarativeBaseNoMeta|SQLModel|Base"  # SQLAlchemy / SQLModel declarative
    r"|BaseModel|BaseSettings|RootModel"  # pydantic: schemas, settings
    r"|Schema|SQLAlchemySchema|SQLAlchemyAutoSchema|ModelSchema"  # marshmallow class registry
    r"|Task|Spider|CrawlSpider|ObjectType|Mutation|InputObjectType|Interface"  # celery, scrapy, graphene
    r")")


# Decorators registering a function whose returned names an interactive shell offers
# (`flask shell`): the public methods of the classes it hands over are called there by
# hand (`Post.reindex()`), never in the code.
SHELL_CONTEXT_DECORATOR = re.compile(r"@?(?:\w+\.)*shell_context_processor\b")


def discovering_base(base: str) -> bool:
    """Whether a framework finds the subclasses of this external base by itself."""
    return bool(DISCOVERING_BASES.fullmatch(base))


# Framework bases whose hooks are known: a method of a subclass overrides one of these, or it is the
# project's own (alive only when something calls it). Keyed by the base as written, last name first
# (`db.Model`, `models.Model`, `Model`); a base not listed may call any of its subclass's methods.
_ANGULAR_HOOKS = {name: frozenset({f"ng{name}"}) for name in (
    "OnInit", "OnDestroy", "OnChanges", "DoCheck", "AfterContentInit", "AfterContentChecked",
    "AfterViewInit", "AfterViewChecked")}
_LOGIN_HOOKS = frozenset({"is_authenticated", "is_active", "is_anonymous", "get_id"})
KNOWN_FRAMEWORK_HOOKS: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    # Django's Model and Flask-SQLAlchemy's db.Model: what the ORM, the admin and forms call by name
    "Model": (frozenset({"Meta", "save", "delete", "clean", "clean_fields", "full_clean", "validate_unique",
                         "validate_constraints", "get_absolute_url", "natural_key", "refresh_from_db", "from_db",
                         "get_deferred_fields", "serializable_value", "check", "get_constraints",
                         "unique_error_message", "date_error_message", "prepare_database_save", "query",
                         "query_class", "_do_insert", "_do_update", "_save_table", "_save_parents",
                         "_perform_unique_checks", "_perform_date_checks", "_get_pk_val", "_set_pk_val"}), ()),
    "UserMixin": (_LOGIN_HOOKS, ()),  # flask_login
    "AnonymousUserMixin": (_LOGIN_HOOKS, ()),
    "FlaskForm": (frozenset({"Meta", "validate", "validate_on_submit", "populate_obj", "process", "hidden_tag"}),
                  ("validate_",)),  # WTForms calls validate_<field> for each field
    **{name: (hooks, ()) for name, hooks in _ANGULAR_HOOKS.items()},
}


def framework_base_defines(base: str, name: str) -> bool | None:
    """Whether a known framework base calls `name` on its subclasses (KNOWN_FRAMEWORK_HOOKS): None
    when the base is not known."""
    known = KNOWN_FRAMEWORK_HOOKS.get(base.rsplit(".", 1)[-1])
    if known is None:
        return None
    hooks, prefixes = known
    return name in hooks or name.startswith(prefixes)


# Standard-library classes that call their subclasses' methods by a name they build: http.server's
# handlers call `do_` + the request's method (pdoc's DocHandler.do_GET), cmd.Cmd `do_` + the command,
# ast's visitors `visit_` + the node's class.
_STDLIB_DISPATCH = {("http.server", "BaseHTTPRequestHandler"): ("do_",), ("cmd", "Cmd"): ("do_", "help_", "complete_"),
                    ("ast", "NodeVisitor"): ("visit_",)}


def stdlib_base_defines(module: str, cls: str, name: str) -> bool | None:
    """Whether a standard-library class defines `name` (`argparse.HelpFormatter._split_lines`) or calls
    it by a name it builds (_STDLIB_DISPATCH): True/False from the class itself, None when the base is
    not in the standard library."""
    if module.split(".", 1)[0] not in sys.stdlib_module_names:
        return None
    try:
        base = getattr(importlib.import_module(module), cls)
    except (ImportError, AttributeError, SyntaxError):
        return None
    return hasattr(base, name) or any(
        name.startswith(_STDLIB_DISPATCH.get((getattr(klass, "__module__", ""), klass.__name__), ("\0",)))
        for klass in getattr(base, "__mro__", ()))
