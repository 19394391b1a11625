"""Entry points declared outside the code: where execution starts without an import.

Python: console scripts and entry points in pyproject.toml, setup.cfg and setup.py
("pkg.mod:func"). TS/JS: `main`, `module`, `types`, `exports` and `bin` of package.json
files, and the files its `scripts` run (a built path like dist/index.js is mapped back to its
source when one exists).

They also tell an application from a library, from evidence that is printed with the
verdicts: a project that declares where it starts (a console script, `__main__.py`,
`manage.py`, a WSGI/ASGI module, a private package.json) is run; a project that offers
names to importers (a package `__init__` with public names or `__all__`, a public
package.json with `exports`/`main`/`types`) is a library, whose unused public names are
"public, unused in this repository", never dead. A Python project that declares where it
starts is read as an application even when its package has a face (that face is then its
own structure), unless it says it is a library: names re-exported as `x as x`, or the Trove
classifier `Topic :: Software Development :: Libraries` in its metadata (rq, typer, flask:
the console script is the library's CLI). With no evidence either way it is read as a
library (prefer missing dead code).
"""

from __future__ import annotations

import json
import posixpath
import re
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable, Mapping

from ..frameworks.packaging import LAUNCH_FILE_NAMES
from ..schema.facts import FileFacts
from .resolve import SOURCE_EXTENSION, ProjectIndex, built_subpaths
from .roles import is_example_path, is_test_path, is_test_support_path
from .roots import documented_names

_ENTRY_POINT = re.compile(r"=\s*['\"]?\s*([A-Za-z_][\w.]*)\s*:\s*([A-Za-z_][\w.]*)")


@dataclass
class EntryPoints:
    """Filled by find_entry_points, read-only afterwards: is_library and shape are asked once per
    symbol of the project, so each is worked out once."""

    symbols: dict[tuple[str, str], str] = field(default_factory=dict)  # (path, qname) -> where declared
    files: dict[str, str] = field(default_factory=dict)  # path -> where declared
    application: list[str] = field(default_factory=list)  # why the project is run
    library: list[str] = field(default_factory=list)  # why users import it

    @cached_property
    def is_library(self) -> bool:
        """Whether unused public names are a library's API. A Python package face next to a
        declared start (console script, manage.py) is the application's own structure; a public
        package.json export is published API either way."""
        if not self.application:
            return True
        return bool(self._declared_library())

    def _declared_library(self) -> list[str]:
        """The reasons that make a project with a declared start a library all the same."""
        return [why for why in self.library
                if "package.json" in why or EXPLICIT_API in why or LIBRARY_CLASSIFIER in why or TYPED_MARKER in why
                or API_REFERENCE in why]

    def shape(self, path: str = "") -> str:
        """One line for the evidence text: "library (public API: package `x` offers 12 names)". Given the
        path of the file it is for, the reasons found in that file's own package folder come first (in a
        monorepo, a package's verdict quoting another package's manifest reads as a mistake)."""
        folder = next((prefix for prefix in _folder_prefixes(path) if prefix in self._reason_folders), "")
        found = self._shapes.get(folder)
        if found is None:
            found = self._shapes[folder] = self._shape_near(folder)
        return found

    @cached_property
    def _shapes(self) -> dict[str, str]:
        return {}

    @cached_property
    def _reason_folders(self) -> frozenset[str]:
        """The package folders ("packages/app/", "pygal/") whose manifest or package some reason names."""
        return frozenset(folder for why in (*self.library, *self.application) for folder in _package_folders(why))

    def _shape_near(self, folder: str) -> str:
        application = _nearest_first(self.application, folder)
        if not self.is_library:
            return f"application ({application[0]})"
        if self.library and self.application:
            return f"library ({_first(_nearest_first(self._declared_library(), folder))}) and application ({application[0]})"
        if self.library:
            return f"library ({_first(_nearest_first(self.library, folder))})"
        return "library (no entry point and no public API found: read as a library)"


def _folder_prefixes(path: str) -> list[str]:
    """"a/b/c.py" -> ["a/b/", "a/"]: its folders, the deepest first."""
    parts = path.split("/")[:-1]
    return ["/".join(parts[:k]) + "/" for k in range(len(parts), 0, -1)]


# A manifest of a package in a folder of its own ("packages/app/package.json"), or a Python package a reason
# names ("package `pygal` offers 12 names"), as reasons write them: group 1 or 2 the folder.
_PACKAGE_FOLDER = re.compile(r"((?:[\w.@-]+/)+)(?:package\.json|pyproject\.toml|setup\.cfg|setup\.py)\b|package `([^`]+)`")


def _package_folders(why: str) -> list[str]:
    return [match.group(1) or match.group(2) + "/" for match in _PACKAGE_FOLDER.finditer(why)]


def _nearest_first(reasons: list[str], folder: str) -> list[str]:
    """The reasons that name the package in `folder` first, in their order; then the others."""
    if not folder:
        return reasons
    return sorted(reasons, key=lambda why: folder not in _package_folders(why))


def _first(reasons: list[str]) -> str:
    """The first reason, and how many more there are (a package.json maps `.`, `./browser`, `./core/*`...)."""
    return reasons[0] + (f" and {len(reasons) - 1} more" if len(reasons) > 1 else "")


def find_entry_points(index: ProjectIndex) -> EntryPoints:
    """From the manifests and launch files the scan read (ScanResult.config_files)."""
    found = EntryPoints()
    texts = index.scan.config_files
    for name in ("pyproject.toml", "setup.cfg", "setup.py"):
        for module, attribute in _python_entry_points(name, texts.get(name)):
            path = index.module_file(module)
            if path is None:
                continue
            target = index.resolve_name(path, attribute) if "." in attribute else None
            qname = target[1] if target else index.top_level.get(path, {}).get(attribute)
            if qname is not None:
                found.symbols[(path, qname)] = f"entry point {module}:{attribute} in {name}"
                found.application.append(f"entry point {module}:{attribute} in {name}")
    _nested_python_entry_points(index, texts, found)
    found.application.extend(f"{path} runs the package" for path in sorted(index.files)
                             if posixpath.basename(path) == "__main__.py" and not _aside(path))
    found.application.extend(f"{path} runs the project" for path in sorted(index.files)
                             if _application_file(index, path) and not _aside(path))
    _launch_commands(index, texts, found)
    for path in sorted(index.top_level_packages):
        public = _offered_names(index, path)
        if public:
            package = posixpath.dirname(path) or "the scanned folder"
            explicit = f", {EXPLICIT_API}" if _declares_api(index.files[path]) else ""
            found.library.append(f"public API: package `{package}` offers {len(public)} name"
                                 f"{'s' if len(public) != 1 else ''} ({', '.join(sorted(public)[:4])}"
                                 f"{', ...' if len(public) > 4 else ''}){explicit}")
    found.library.extend(f"{LIBRARY_CLASSIFIER} in {name}" for name in ("pyproject.toml", "setup.cfg", "setup.py")
                         if _LIBRARY_TROVE.search(texts.get(name, "")))
    found.library.extend(_api_reference(index, texts))
    found.library.extend(f"package `{posixpath.dirname(path)}` {TYPED_MARKER}: {path}" for path in sorted(texts)
                         if posixpath.basename(path) == "py.typed" and f"{posixpath.dirname(path)}/__init__.py" in index.files
                         and not _aside(path) and not is_test_path(path))
    _nest_entry(index, texts, found)
    root_private = _read_json(texts.get("package.json")).get("private") is True
    for manifest in _package_manifests(index, texts):
        directory = posixpath.dirname(manifest)
        if is_test_path(manifest):
            _fixture_package(index, directory, manifest, found)
            continue
        data = _read_json(texts.get(manifest))
        # A private package that maps `exports` is published from a build step (the build copies
        # its package.json into dist/ and flips `private` there): an application maps nothing.
        # Unless it is a package of a private monorepo (`packages/db` under a private root): its
        # `exports` serve the other packages of the workspace, never a registry.
        internal = directory != "" and root_private and data.get("private") is True
        published = data.get("private") is not True or (bool(data.get("exports")) and not internal)
        if not published:
            found.application.append(f"\"private\": true in {manifest}")
        found.application.extend(f"{key} in {manifest}" for key in ("bin",) if data.get(key))
        offered: set[str] = set()  # one reason per source, however many conditions map it
        # An internal package's entry points are what the others import by its name (resolve._workspace_file):
        # only the commands it installs (`bin`) run on their own.
        name = data.get("name") if isinstance(data.get("name"), str) else ""
        for specifier in _package_json_targets({"bin": data.get("bin")} if internal else data):
            for path in _sources_for(index, posixpath.normpath(specifier), directory, name):
                found.files[path] = f"{specifier} in {manifest}"
                if published and path not in offered:
                    offered.add(path)
                    found.library.append(f"public API: {manifest} exports {path} ({specifier})")
        _script_files(index, data, directory, manifest, found)
    return found


# A file an npm script runs (`"serve": "node dist/server.js"`, `"seed": "ts-node scripts/seed.ts"`):
# executed, never imported. A script that starts the project (start, serve, dev) makes it an application.
_SCRIPT_RUNNERS = frozenset({"node", "nodemon", "ts-node", "ts-node-dev", "tsx", "bun", "babel-node", "pm2", "esno",
                             "vite-node", "node-dev"})
_VALUED_OPTIONS = frozenset({"-r", "--require", "--import", "--loader", "--experimental-loader", "--env-file"})
_STARTING_SCRIPT = re.compile(r"^(?:start|serve|dev)(?:$|[:-])")


def _script_files(index: ProjectIndex, data: dict, directory: str, manifest: str, found: EntryPoints) -> None:
    scripts = data.get("scripts")
    if not isinstance(scripts, dict):
        return
    for name, command in scripts.items():
        if not isinstance(command, str):
            continue
        for target in _script_targets(command):
            for path in _sources_for(index, target, directory):
                found.files[path] = f"scripts.{name} in {manifest} ({command.strip()[:60]})"
                if _STARTING_SCRIPT.match(name):
                    found.application.append(f"scripts.{name} in {manifest} runs {path}")
        for replaced, replacement in _BUILD_ALIAS.findall(command):
            path = _aliased_file(index, replacement, directory)
            if path is not None:
                found.files.setdefault(path, f"scripts.{name} in {manifest} builds it in place of {replaced} "
                                             f"(--alias {replaced}={replacement})")


# A bundler's command-line alias (microbundle and esbuild `--alias ./constants.mjs=./constants-mini.mjs`,
# `--alias:x=y`): that build imports the replacement wherever the code imports the module it replaces.
_BUILD_ALIAS = re.compile(r"--alias[:= ]\s*['\"]?([\w./@-]+)=(\.{1,2}/[\w./@-]+?)['\"]?(?=[\s,'\"]|$)")


def _aliased_file(index: ProjectIndex, replacement: str, directory: str) -> str | None:
    """The one source of the package whose path ends with a relative alias replacement (it is relative to
    the modules that import what it replaces, not to the package: `./constants-mini.mjs` is src/'s)."""
    tail = "/" + posixpath.normpath(replacement).lstrip("./")
    prefix = directory + "/" if directory else ""
    found = [path for path in index.files if path.startswith(prefix) and ("/" + path).endswith(tail)]
    return found[0] if len(found) == 1 else None


def _script_targets(command: str) -> list[str]:
    """The files a script's command runs: the first argument that is not an option after a runner
    (`node --inspect dist/server.js`, `pm2 start app.js`, `tsx watch src/index.ts`)."""
    targets = []
    for part in re.split(r"&&|\|\||;|\|", command):
        words = part.split()
        for at, word in enumerate(words):
            if posixpath.basename(word) not in _SCRIPT_RUNNERS:
                continue
            arguments = iter(words[at + 1:])
            for argument in arguments:
                if argument in _VALUED_OPTIONS:
                    next(arguments, None)  # a module preloaded (`-r dotenv/config`), not the file run
                elif not (argument.startswith("-") or argument in ("start", "watch", "run")):
                    if re.search(SOURCE_EXTENSION + "$", argument) or "/" in argument:
                        targets.append(argument.strip("'\""))
                    break
    return targets


# Where a deployment says how the project is started, and how it names what it starts:
# `gunicorn config.wsgi:application`, an ASGI server's `app.main:app`, `FLASK_APP=app.py`,
# `fastapi run app/main.py`, `python -m pkg`. A project started this way is an application
# even when its pyproject.toml declares no script.
_LAUNCH_TARGET = re.compile(
    r"\b(?:uvicorn|gunicorn|hypercorn|daphne|granian)\b[^\n]*?\s['\"]?([A-Za-z_][\w.]*):([A-Za-z_]\w*)"
    r"|\bFLASK_APP\s*[= ]\s*['\"]?([\w./]+)"
    r"|\bfastapi['\"]?,?\s*['\"]?(?:run|dev)\b[^\n]*?\s['\"]?([\w./]+\.py)"
    r"|\bpython3?\s+-m\s+([A-Za-z_][\w.]*)")


def _top_directories(index: ProjectIndex) -> list[str]:
    """The scanned root ("") and its top-level folders that hold scanned files: where a
    deployment or framework configuration of a project (or of one app of a monorepo) lives."""
    return sorted({""} | {p.split("/", 1)[0] for p in index.files if "/" in p})


def _launch_commands(index: ProjectIndex, texts: Mapping[str, str], found: EntryPoints) -> None:
    for directory in _top_directories(index):
        for name in LAUNCH_FILE_NAMES:
            where = posixpath.join(directory, name)
            text = texts.get(where)
            if text is None:
                continue
            started = [(match, *match.groups()) for match in _LAUNCH_TARGET.finditer(text)]
            for pattern, _ in index.knowledge.launch:  # a framework's own command (`celery -A proj worker`)
                started += [(match, match.group(1), match.group(2) if pattern.groups > 1 else None, None, None, None)
                            for match in pattern.finditer(text)]
            for match, module, attribute, flask_app, script, run_module in started:
                target = (module or flask_app or script or run_module or "").removesuffix(".py")
                path = index.module_file(target.replace("/", "."))
                if path is None and directory:
                    path = index.module_file(f"{directory}.{target.replace('/', '.')}")
                if path is None:
                    continue
                if not is_example_path(path):  # a demo's start says how to run the demo, not what the project is
                    found.application.append(f"{match.group(0).strip()[:60]} in {where}")
                qname = index.top_level.get(path, {}).get(attribute) if attribute else None
                if qname is not None:
                    found.symbols[(path, qname)] = f"started by {where}"


# Files that only an application has: it is started, not imported. A server module counts only
# when it binds what a server is pointed at (`application = get_wsgi_application()`, `app = ...`):
# a library's `middleware/wsgi.py` holding a WSGIMiddleware class is not a deployment.
_APPLICATION_FILES = frozenset({"manage.py", "alembic.ini"})
_SERVER_FILES = frozenset({"wsgi.py", "asgi.py"})
_SERVER_NAMES = ("application", "app")


_DOCUMENTATION = frozenset({"docs", "doc"})


def _aside(path: str) -> bool:
    """A test's, an example's or the documentation's own start (`examples/app/manage.py`,
    `docs/code/manage.py`): it runs the tests, the demo or the tutorial's code, and says nothing of whether
    the project itself is an application or a library."""
    return is_test_path(path) or is_example_path(path) or path.split("/", 1)[0] in _DOCUMENTATION


def _application_file(index: ProjectIndex, path: str) -> bool:
    name = posixpath.basename(path)
    if name in _SERVER_FILES:
        return any(server in index.top_level.get(path, {}) for server in _SERVER_NAMES)
    return name in _APPLICATION_FILES


# How a package `__init__` declares its names public for its users' type checkers: imports
# re-exported under their own name (`from .main import Typer as Typer`, PEP 484's explicit
# re-export). A console script next to such a face is the library's own CLI, not an
# application whose package is its own structure; an `__all__` alone says less (applications
# write one too).
EXPLICIT_API = "re-exported as `x as x`"
EXPLICIT_REEXPORTS = 3


# What the package's own metadata says it is, for PyPI's users: the Trove classifier of libraries.
# A console script next to it is the library's CLI (a job queue's `worker` command), and the
# names it offers (its exceptions, a worker's public methods) are its users' API.
LIBRARY_CLASSIFIER = "classifier `Topic :: Software Development :: Libraries`"
_LIBRARY_TROVE = re.compile(r"""(?:["']|^\s*)Topic :: Software Development :: Libraries\b""", re.MULTILINE)
# Documentation that documents the project's own modules for its readers (`.. automodule:: pyramid.config`,
# mkdocstrings' `::: pkg.api`): what it documents is imported by users, whatever command the project also installs.
API_REFERENCE = "an API reference"
API_REFERENCE_MODULES = 3  # the project's own modules documented, from which the docs are an API reference


# A distribution's metadata: a project that documents modules but is no package for others to install (a
# Django site documenting its apps for its developers) offers them to nobody.
_DISTRIBUTION = re.compile(r"^\[project\][^\[]*?^name\s*=|^\[tool\.poetry\][^\[]*?^name\s*=|\bsetup\s*\(|"
                           r"^\[metadata\][^\[]*?^name\s*=", re.MULTILINE | re.DOTALL)


def _api_reference(index: ProjectIndex, texts: Mapping[str, str]) -> list[str]:
    if not any(_DISTRIBUTION.search(texts.get(name, "")) for name in ("pyproject.toml", "setup.py", "setup.cfg")):
        return []
    modules: dict[str, str] = {}  # documented module -> the page that documents it
    for dotted, name in documented_names(texts).items():
        module = _project_module_of(index, dotted)
        if module is not None and not is_test_path(name.where):
            modules.setdefault(module, name.where)
    if len(modules) < API_REFERENCE_MODULES:
        return []
    pages = sorted(set(modules.values()))
    return [f"{API_REFERENCE} in {pages[0]}{f' and {len(pages) - 1} more pages' if len(pages) > 1 else ''} documents "
            f"{len(modules)} of its modules ({', '.join(sorted(modules)[:3])}, ...)"]


def _project_module_of(index: ProjectIndex, dotted: str) -> str | None:
    """The project module a documented dotted name is, or is a name of (the longest that resolves)."""
    parts = dotted.split(".")
    return next((".".join(parts[:end]) for end in range(len(parts), 0, -1)
                 if index.python_modules.get(".".join(parts[:end])) is not None), None)


# A `py.typed` marker (PEP 561) exists only for the type checkers of code that imports the package: a
# `__main__.py` beside it is the library's demo or CLI (`python -m pkg`), its public names stay its API.
TYPED_MARKER = "marks itself typed for importers (PEP 561)"


def _declares_api(facts: FileFacts) -> bool:
    return sum(1 for ref in facts.imports for n in ref.names if n.alias == n.name) >= EXPLICIT_REEXPORTS


def _offered_names(index: ProjectIndex, init_path: str) -> set[str]:
    """Public names a package `__init__` offers: its `__all__`, else its public imports and
    definitions (an empty `__init__` offers nothing)."""
    facts = index.files[init_path]
    if facts.dunder_all:
        return set(facts.dunder_all)
    names = {n for n in index.top_level.get(init_path, {}) if not n.startswith("_")}
    names |= {local for local in index.bindings(init_path) if not local.startswith("_")}
    return names


def _read_json(text: str | None) -> dict:
    try:
        data = json.loads(text or "")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _nested_python_entry_points(index: ProjectIndex, texts: Mapping[str, str], found: EntryPoints) -> None:
    """A package of its own inside the repository (a plugin a test installs, a service) declares entry
    points in its own pyproject.toml or setup.cfg, with module names relative to its folder (or its
    src/): the entry point loads that symbol, nothing need import it. It does not make the repository
    an application: installing that package is its own business."""
    for manifest in sorted(texts):
        directory, name = posixpath.split(manifest)
        if not directory or name not in ("pyproject.toml", "setup.cfg"):
            continue
        for module, attribute in _python_entry_points(name, texts[manifest]):
            parts = module.split(".")
            path = index.python_file_at(posixpath.join(directory, *parts)) or \
                index.python_file_at(posixpath.join(directory, "src", *parts))
            if path is None or path not in index.files:
                continue
            qname = index.top_level.get(path, {}).get(attribute.split(".")[0])
            if qname is not None:
                found.symbols[(path, qname)] = f"entry point {module}:{attribute} in {manifest}"


def _python_entry_points(name: str, text: str | None) -> list[tuple[str, str]]:
    if text is None:
        return []
    if name.endswith(".toml"):
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            return []
        values: list[str] = []
        project = data.get("project", {})
        for table in (project.get("scripts"), project.get("gui-scripts"),
                      data.get("tool", {}).get("poetry", {}).get("scripts")):
            if isinstance(table, dict):
                values.extend(v for v in table.values() if isinstance(v, str))
        for group in (project.get("entry-points") or {}).values():
            if isinstance(group, dict):
                values.extend(v for v in group.values() if isinstance(v, str))
        text = "\n".join(f"x = {value}" for value in values)
    return [(m.group(1), m.group(2)) for m in _ENTRY_POINT.finditer(text)]


def _nest_entry(index: ProjectIndex, texts: Mapping[str, str], found: EntryPoints) -> None:
    """A NestJS project starts at nest-cli.json's `sourceRoot`/`entryFile` (src/main.ts by default),
    which `nest start` runs: what it exports is read by its runners (vite-plugin-node's `viteNodeApp`)."""
    for directory in _top_directories(index):
        config = posixpath.join(directory, "nest-cli.json")
        if config not in texts:
            continue
        data = _read_json(texts[config])
        source_root = data.get("sourceRoot") if isinstance(data.get("sourceRoot"), str) else "src"
        entry = data.get("entryFile") if isinstance(data.get("entryFile"), str) else "main"
        path = index.js_file_at(posixpath.join(directory, source_root, entry))
        if path is not None:
            found.files[path] = f"entryFile of {config}"
            found.application.append(f"{path} is started by nest ({config})")


def _fixture_package(index: ProjectIndex, directory: str, manifest: str, found: EntryPoints) -> None:
    """A package of its own inside the tests (see fixture_packages): each declaration is the point."""
    for path in _below(directory, index.files):
        for qname in index.top_level.get(path, {}).values():
            found.symbols[(path, qname)] = f"input of the tests: a package of its own ({manifest})"


def _below(directory: str, paths: Iterable[str]) -> list[str]:
    prefix = f"{directory}/"
    return sorted(path for path in paths if path.startswith(prefix))


def fixture_packages(texts: Mapping[str, str], paths: Iterable[str]) -> frozenset[str]:
    """The source files of packages of their own inside the tests (a `test/module/typings/esm`
    package with its own package.json, installed and compiled by `tsc --noEmit`): inputs the tests hand to a tool, a typing checked by
    the compiler in each declaration, not code the project runs, publishes or should share."""
    paths = list(paths)
    found: set[str] = set()
    for manifest in _manifests_around(texts, paths):
        if is_test_path(manifest):
            found.update(_below(posixpath.dirname(manifest), paths))
    return frozenset(found)


LISTED_CASES = 3  # files a listed folder must hold before it reads as a folder of cases


def listed_case_files(files: Iterable[FileFacts]) -> frozenset[str]:
    """The files of a test folder that a test beside it lists and loads one by one (vitest's
    `readdirSync(resolve(__dirname, 'validation'))`, `os.listdir(HERE / "cases")`): each file is a
    case, the runner's input, written to be read alone. The folder is named by a string in a test
    file of its parent folder and holds LISTED_CASES files or more, none of them collected by a test
    runner by its own name (so nothing but the listing runs them)."""
    files = list(files)
    below: dict[str, list[str]] = {}
    for facts in files:
        parts = facts.path.split("/")
        for depth in range(1, len(parts)):
            below.setdefault("/".join(parts[:depth]), []).append(facts.path)
    found: set[str] = set()
    for facts in files:
        if not is_test_path(facts.path) or is_test_support_path(facts.path):
            continue
        parent = posixpath.dirname(facts.path)
        for name in set(facts.string_literals):
            members = below.get(posixpath.join(parent, name), [])
            if len(members) >= LISTED_CASES and all(is_test_support_path(member) for member in members):
                found.update(members)
    return frozenset(found)


def _package_manifests(index: ProjectIndex, texts: Mapping[str, str]) -> list[str]:
    """package.json at the root and in every directory that holds JS/TS sources (or above)."""
    return _manifests_around(texts, [path for path, facts in index.files.items() if facts.language != "python"])


def _manifests_around(texts: Mapping[str, str], paths: Iterable[str]) -> list[str]:
    directories = {""}
    for path in paths:
        directory = posixpath.dirname(path)
        while directory and directory not in directories:
            directories.add(directory)
            directory = posixpath.dirname(directory)
    return sorted(posixpath.join(d, "package.json") for d in directories
                  if posixpath.join(d, "package.json") in texts and "node_modules" not in d)


def _package_json_targets(data: dict) -> list[str]:
    found: list[str] = []

    def collect(value: object) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    for key in ("main", "module", "types", "typings", "browser", "exports", "bin"):
        collect(data.get(key))
    return found


def _sources_for(index: ProjectIndex, path: str, package: str = "", package_name: str = "") -> list[str]:
    """The scanned sources behind a manifest path (relative to its package's folder): itself, without
    extension, or built -> src (`dist/index.js` -> `src/index.tsx` in packages/formik too).
    A subpath pattern (`./*.js`, `./esm/*.mjs`) stands for every source its `*` can name."""
    path = posixpath.normpath(posixpath.join(package, path))
    stem = re.sub(SOURCE_EXTENSION + "$", "", path)
    candidates = [path, stem]
    prefix = package + "/" if package else ""
    inner = stem[len(prefix):] if stem.startswith(prefix) else stem  # the path inside the package's folder
    for rest in built_subpaths(inner):
        candidates += [prefix + "src/" + rest, prefix + rest]
    candidates.append(prefix + "src/" + inner)  # a package.json written for dist/, copied there at build time
    # A build that names an entry after its condition: src/index/index.react-server.ts -> dist/index/react-server.mjs
    name = posixpath.basename(stem)
    if "/" in stem and "*" not in name:
        candidates += [posixpath.join(posixpath.dirname(c), f"index.{name}") for c in list(candidates)]
    if "*" in stem:
        return sorted({found for candidate in candidates if "*" in candidate
                       for found in _pattern_sources(index, candidate)})
    for candidate in candidates:
        found = index.js_file_at(candidate)
        if found is not None:
            return [found]
    # A bundle named after the package and its format (`dist/floating-ui.react.esm.js` of
    # `@floating-ui/react`, a bundler's `output.file`) is built from the package's entry: src/index.
    rest = next((rest for rest in built_subpaths(inner) if rest), "")
    if package_name and _bundle_of(rest, package_name):
        for candidate in (prefix + "src/index", prefix + "index"):
            found = index.js_file_at(candidate)
            if found is not None:
                return [found]
    return []


# The words a bundler's output names add to the package's name: its module format, build and target.
_BUNDLE_WORDS = frozenset({"esm", "cjs", "umd", "iife", "es", "amd", "system", "min", "prod", "production", "dev",
                           "development", "browser", "node", "module", "modern", "legacy", "bundle"})


def _bundle_of(file_name: str, package_name: str) -> bool:
    """Whether a built file's name (no extension) is the package's name and format words alone:
    `floating-ui.react.esm` for `@floating-ui/react`, `ky.umd` for `ky`; not `floating-ui.react.utils.esm`."""
    words = [word for word in file_name.split(".") if word.lower() not in _BUNDLE_WORDS]
    scoped = package_name.lstrip("@")
    return bool(words) and ".".join(words) in {scoped.replace("/", "."), scoped.replace("/", "-"),
                                                scoped.rsplit("/", 1)[-1]}


def _pattern_sources(index: ProjectIndex, pattern: str) -> list[str]:
    head, _, tail = pattern.partition("*")
    shape = re.compile(re.escape(head) + r"[^.]+" + re.escape(tail) + SOURCE_EXTENSION)
    return [path for path, facts in index.files.items()
            if facts.language != "python" and shape.fullmatch(path) and not is_test_path(path)]
