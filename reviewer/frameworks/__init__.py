"""What reviewer knows about frameworks and tools: one declarative module per framework.

Each module of this package (not starting with `_`) defines `FRAMEWORK`, a `Framework`
record: what switches it on (`enabled_by`), the configuration files it reads (the scan
reads them, so their content enters the facts and the evidence key), the names it reads
from files by their place (`files`), the base classes whose subclasses it finds or whose
hooks it calls (`bases`), the decorators that only wrap (every other decorator counts as
a registration), the methods and fixtures it calls by name, and `read_config` for
knowledge that lives in its configuration files. `_template.py` is the one to copy.

A framework is on for a repository when one of its enablers is a dependency the
project declares, a module its code imports, or a file it holds (`file:<glob>`); a
framework with no enabler is always on (the language's own protocols). `Knowledge`
compiles the frameworks that are on into the lookups the analysis asks.

This package opens no file and imports only the standard library and `schema`.
"""

from __future__ import annotations

import fnmatch
import importlib
import json
import pkgutil
import posixpath
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Iterable, Mapping


@dataclass(frozen=True)
class FileRoot:
    """Names a tool reads from a file by the file's place: `files` (a regular expression over the
    repo-relative path), `names` (a regular expression the whole name matches; None: every top-level
    name), `members` (class members too), `exports` (the tool imports the module: only exported names)."""

    files: str
    names: str | None = None
    why: str = ""  # what reads them, as the evidence shows it: "Django management command"
    members: bool = False
    exports: bool = False
    data: bool = False  # the tool reads the file as data (a linter's samples): its names live, nothing runs it


def beside(config_path: str) -> str:
    """The regular-expression prefix of the paths in a configuration file's folder (`apps/web/` for
    apps/web/components.json; "" at the root): a framework reads the files it names there."""
    base = posixpath.dirname(config_path)
    return re.escape(f"{base}/") if base else ""


def npm_scripts(package_json: str) -> dict[str, str]:
    """The scripts of a package.json's text by name (those written as a command), none when it does not read."""
    try:
        scripts = json.loads(package_json).get("scripts")
    except (ValueError, AttributeError):
        return {}
    return {name: command for name, command in scripts.items() if isinstance(command, str)} \
        if isinstance(scripts, dict) else {}


def named_script(config_path: str, written: str, why: str) -> FileRoot:
    """The JS/TS module a configuration file names by a path relative to its own folder, its extension
    optional (`./lib/loader.ts`, `./setup`): the tool loads it, every export is read."""
    relative = posixpath.normpath(posixpath.join(posixpath.dirname(config_path), written))
    stem = re.sub(r"\.(?:[cm]?[jt]sx?)$", "", relative)
    return FileRoot("^" + re.escape(stem) + r"(?:\.(?:[cm]?[jt]sx?))?$", None, why, exports=True)


@dataclass(frozen=True)
class BaseRule:
    """An external base class (`base` is a regular expression the base's last dotted name matches).
    `discovered`: the framework finds its subclasses by itself (no one needs to name them). `hooks` and
    `prefixes`: the methods it calls on subclasses by name; when either is given the base is *known*, so
    a subclass's other public methods are the project's own (alive only when something calls them)."""

    base: str
    discovered: bool = False
    hooks: frozenset[str] = frozenset()
    prefixes: tuple[str, ...] = ()

    @property
    def known(self) -> bool:
        return bool(self.hooks or self.prefixes)


@dataclass(frozen=True)
class Framework:
    name: str
    docs: str  # the documentation the knowledge was taken from
    # dependency/import names (`@scope/*` globs), `file:<glob>`, or `uses:<dotted name>` the code reads
    # (`uses:pytest.mark.anyio`: a plugin used through a marker); () = always on
    enabled_by: tuple[str, ...] = ()
    config_files: tuple[str, ...] = ()  # globs (see `matches_glob`) of files the scan reads for it
    files: tuple[FileRoot, ...] = ()
    bases: tuple[BaseRule, ...] = ()
    wrapping_decorators: frozenset[str] = frozenset()  # decorators that wrap in place and register nothing
    protocol_methods: frozenset[str] = frozenset()  # methods it calls by name on any object it is handed
    plain_bases: frozenset[str] = frozenset()  # bases that carry no registry: a subclass lives only when named
    runner_names: frozenset[str] = frozenset()  # module-level names of test files a test runner reads
    test_fixtures: frozenset[str] = frozenset()  # fixtures a test plugin asks for by name
    # Decorators registering a function whose returned objects an interactive shell offers: the public
    # methods of the classes it hands over are called there by hand, never in the code.
    shell_decorators: frozenset[str] = frozenset()
    # Regular expressions over launch files (Procfile, Dockerfile, compose files...): group 1 the module a
    # command starts (`celery -A proj worker`), group 2 when there is one the name it reads there.
    launch_commands: tuple[str, ...] = ()
    read_config: Callable[[str, str], Iterable[FileRoot]] | None = None  # (path, text) -> roots it names
    # Calls a module-level name is bound to for what the call does, not for its value, read or not (a string
    # literal its first argument): gettext's `_('Sign in')` puts the string in the catalog its extraction tool
    # builds from the source; pytest's `importorskip('scipy')` skips the module's tests without scipy.
    effect_calls: frozenset[str] = frozenset()


# --------------------------------------------------------------------------- the registry


@lru_cache(maxsize=1)
def registry() -> tuple[Framework, ...]:
    """Every framework module of this package, in name order."""
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        framework = getattr(module, "FRAMEWORK", None)
        if not isinstance(framework, Framework):
            raise TypeError(f"{module.__name__} defines no FRAMEWORK = Framework(...)")
        found.append(framework)
    return tuple(found)


def module_names() -> list[str]:
    """The registry's module names (one fixture folder each under tests/frameworks/)."""
    return sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))


# Files every analysis reads whatever the frameworks: package manifests (dependencies, entry points,
# module aliases) and the documentation pages (API reference, included sources).
MANIFEST_FILES = ("pyproject.toml", "setup.cfg", "setup.py", "Pipfile", "requirements*.txt", "requirements/*.txt",
                  "requirements*.in",
                  # a part of the repository with its own requirements (`admin/requirements-testinfra.in`)
                  "**/requirements*.txt", "**/requirements*.in", "**/requirements/*.txt", "**/package.json", "**/tsconfig*.json", "**/jsconfig.json", "tox.ini",
                  "pytest.ini", "docs/**/*.rst", "docs/**/*.md", "docs/**/*.txt", "doc/**/*.rst", "doc/**/*.md",
                  "doc/**/*.txt",
                  # linter configuration: where the project silences unused imports (analysis.lint_config)
                  "**/pyproject.toml", "**/setup.cfg", "**/tox.ini", "**/.flake8", "**/ruff.toml", "**/.ruff.toml",
                  # a package's PEP 561 marker: it is imported by code that type-checks it (analysis.entrypoints)
                  "**/py.typed")


# Where a deployment says how the project is started (a framework's `launch_commands` and the
# `read_config` of a worker's command line read them).
LAUNCH_FILES = ("Procfile", "Procfile.*", "Dockerfile", "Dockerfile.*", "*.Dockerfile", "docker-compose*.yml",
                "docker-compose*.yaml", "compose*.yml", "compose*.yaml", "Makefile", "justfile",
                ".github/workflows/*.yml", ".github/workflows/*.yaml")


def config_globs(frameworks: Iterable[Framework] | None = None) -> tuple[str, ...]:
    """Every file the analysis may read besides the code: manifests, each framework's configuration
    files and the files its enablers name."""
    globs = list(MANIFEST_FILES)
    for framework in registry() if frameworks is None else frameworks:
        globs += framework.config_files
        globs += [e.removeprefix("file:") for e in framework.enabled_by if e.startswith("file:")]
    return tuple(dict.fromkeys(globs))


@lru_cache(maxsize=4096)
def _glob_regex(glob: str) -> re.Pattern[str]:
    """A glob as a regular expression: `**/` any folders (or none), `*` within a name. A glob with no
    `/` matches the file's name at any depth; one with a `/` matches from the repository root."""
    if "/" not in glob:
        glob = "**/" + glob
    out, i = [], 0
    while i < len(glob):
        if glob.startswith("**/", i):
            out.append(r"(?:.*/)?")
            i += 3
        elif glob.startswith("**", i):
            out.append(r".*")
            i += 2
        else:
            out.append(r"[^/]*" if glob[i] == "*" else r"[^/]" if glob[i] == "?" else re.escape(glob[i]))
            i += 1
    return re.compile("".join(out))


def glob_pattern(glob: str) -> str:
    """A glob as the regular expression a FileRoot takes (the whole repo-relative path)."""
    return "^" + _glob_regex(glob).pattern + "$"


def matches_glob(path: str, glob: str) -> bool:
    return _glob_regex(glob).fullmatch(path) is not None


@lru_cache(maxsize=1)
def config_file_pattern() -> re.Pattern[str]:
    """One pattern for every glob of config_globs(): what the scan's walk reads besides the code."""
    return re.compile("|".join(f"(?:{_glob_regex(glob).pattern})" for glob in config_globs()))


# --------------------------------------------------------------------------- what the project uses


@dataclass(frozen=True)
class ProjectSignals:
    """What switches frameworks on: declared dependencies (name -> the manifest declaring it), imported
    top-level modules (name -> one importing file), and the repository's files (code and configuration)."""

    dependencies: Mapping[str, str]
    imports: Mapping[str, str]
    files: frozenset[str]
    uses: Mapping[str, str] = field(default_factory=dict)  # dotted names the code reads -> one file


def normalize(name: str) -> str:
    """A distribution or module name compared as PyPI compares them (`Flask_Login` = `flask-login`)."""
    return re.sub(r"[-_.]+", "-", name.strip().lower())


_REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_SETUP_PY_REQUIREMENT = re.compile(r"""["']([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(?:[<>=!~;]|["'])""")


def _requirement_names(lines: Iterable[str]) -> list[str]:
    names = []
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith(("-", "git+", "http")):
            continue
        match = _REQUIREMENT.match(line)
        if match:
            names.append(match.group(1))
    return names


def declared_dependencies(path: str, text: str) -> list[str]:
    """The dependency names one manifest declares (pyproject, requirements, setup.cfg/py, Pipfile,
    package.json). Unreadable content declares nothing."""
    name = path.rsplit("/", 1)[-1]
    try:
        if name == "package.json":
            data = json.loads(text)
            return [dep for key in ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")
                    for dep in (data.get(key) or {}) if isinstance(data.get(key), dict)]
        if name == "pyproject.toml":
            data = tomllib.loads(text)
            project = data.get("project") or {}
            specs = list(project.get("dependencies") or [])
            for extra in (project.get("optional-dependencies") or {}).values():
                specs += extra
            for group in (data.get("dependency-groups") or {}).values():
                specs += [s for s in group if isinstance(s, str)]
            specs += (data.get("build-system") or {}).get("requires") or []
            poetry = (data.get("tool") or {}).get("poetry") or {}
            names = _requirement_names(s for s in specs if isinstance(s, str))
            names += list(poetry.get("dependencies") or {}) + list(poetry.get("dev-dependencies") or {})
            for group in (poetry.get("group") or {}).values():
                names += list((group or {}).get("dependencies") or {})
            return names
        if name == "Pipfile":
            data = tomllib.loads(text)
            return list(data.get("packages") or {}) + list(data.get("dev-packages") or {})
    except (ValueError, AttributeError, TypeError):
        return []
    if name == "setup.py":
        return [m.group(1) for m in _SETUP_PY_REQUIREMENT.finditer(text)]
    if name == "setup.cfg":
        return _requirement_names(line for line in text.splitlines() if line[:1] in (" ", "\t"))
    if name.endswith((".txt", ".in")) and "requirements" in path:
        return _requirement_names(text.splitlines())
    return []


def declared_in(config_files: Mapping[str, str]) -> dict[str, str]:
    """Each dependency the project's manifests declare -> the first manifest declaring it (a copy under
    node_modules is no manifest of the project)."""
    dependencies: dict[str, str] = {}
    for path, text in sorted(config_files.items()):
        if "node_modules/" not in path:
            for name in declared_dependencies(path, text):
                dependencies.setdefault(name, path)
    return dependencies


def import_root(source: str, level: int = 0) -> str | None:
    """The package an import names: `django.db.models` -> django, `@nestjs/core/x` -> @nestjs/core,
    `next/router` -> next; None for relative and built-in (`node:`) imports."""
    if level or not source or source.startswith((".", "/", "node:", "~", "@/", "#")):
        return None
    if source.startswith("@"):
        return "/".join(source.split("/", 2)[:2])
    return re.split(r"[./]", source, maxsplit=1)[0]


def _enabler_hit(enabler: str, signals: ProjectSignals) -> str | None:
    if enabler.startswith("uses:"):
        where = signals.uses.get(enabler.removeprefix("uses:"))
        return f"{enabler.removeprefix('uses:')} used in {where}" if where else None
    if enabler.startswith("file:"):
        glob = enabler.removeprefix("file:")
        hit = next((path for path in sorted(signals.files) if matches_glob(path, glob)), None)
        return f"file {hit}" if hit else None
    wanted = normalize(enabler)
    for kind, table in (("dependency", signals.dependencies), ("import", signals.imports)):
        for name, where in table.items():
            if fnmatch.fnmatchcase(normalize(name), wanted):
                return f"{kind} {name} ({where})" if kind == "dependency" else f"imported as {name} in {where}"
    return None


def enabled(signals: ProjectSignals, frameworks: Iterable[Framework] | None = None) -> list[tuple[Framework, str]]:
    """The frameworks on for this project, each with why (the first enabler found)."""
    on = []
    for framework in registry() if frameworks is None else frameworks:
        if not framework.enabled_by:
            on.append((framework, "always on"))
            continue
        why = next((hit for hit in (_enabler_hit(e, signals) for e in framework.enabled_by) if hit), None)
        if why:
            on.append((framework, why))
    return on


# --------------------------------------------------------------------------- the compiled lookups


@dataclass
class Knowledge:
    """The lookups the analysis asks, compiled from the frameworks that are on. Every answer names
    the framework that gave it, so a verdict can say which one decided."""

    frameworks: list[tuple[Framework, str]]
    config_texts: Mapping[str, str] = field(default_factory=dict)
    _roots: list[tuple[re.Pattern[str], re.Pattern[str] | None, FileRoot, str]] = field(default_factory=list)
    _by_path: dict[str, list] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wrapping: dict[str, str] = {}
        self.protocol: dict[str, str] = {}
        self.plain: set[str] = set()
        self.runner: dict[str, str] = {}
        self.fixtures: dict[str, str] = {}
        self.shell: set[str] = set()
        self.effect: dict[str, str] = {}
        self.discovering: list[tuple[re.Pattern[str], str]] = []
        self.hooks: list[tuple[re.Pattern[str], BaseRule, str]] = []
        self.launch: list[tuple[re.Pattern[str], str]] = []
        for framework, _ in self.frameworks:
            self.launch += [(re.compile(pattern), framework.name) for pattern in framework.launch_commands]
            for root in framework.files:
                self._add_root(root, framework.name)
            if framework.read_config is not None:
                for path, text in sorted(self.config_texts.items()):
                    if any(matches_glob(path, glob) for glob in framework.config_files):
                        for root in framework.read_config(path, text):
                            self._add_root(root, framework.name)
            for name in framework.wrapping_decorators:
                self.wrapping.setdefault(name, framework.name)
            for name in framework.protocol_methods:
                self.protocol.setdefault(name, framework.name)
            self.plain |= framework.plain_bases
            for name in framework.runner_names:
                self.runner.setdefault(name, framework.name)
            for name in framework.test_fixtures:
                self.fixtures.setdefault(name, framework.name)
            self.shell |= framework.shell_decorators
            for name in framework.effect_calls:
                self.effect.setdefault(name, framework.name)
            for rule in framework.bases:
                pattern = re.compile(rule.base)
                if rule.discovered:
                    self.discovering.append((pattern, framework.name))
                if rule.known:
                    self.hooks.append((pattern, rule, framework.name))

    def _add_root(self, root: FileRoot, framework: str) -> None:
        self._roots.append((re.compile(root.files), re.compile(root.names) if root.names else None, root, framework))

    @property
    def names(self) -> list[str]:
        return [framework.name for framework, _ in self.frameworks]

    def convention_root(self, path: str, name: str, top_level: bool, exported: bool = True,
                        default_export: bool = False) -> tuple[str, str] | None:
        """(why, framework) when a tool reads `name` from `path` by convention. A file's default export
        (`export default function Page`) is also read under the name "default"."""
        rows = self._rows(path)
        candidates = [(name, exported), *([("default", True)] if default_export else [])]
        for _, names, root, framework in rows:
            if not top_level and not root.members:
                continue
            for candidate, is_exported in candidates:
                if (is_exported or not root.exports) and (names is None or names.fullmatch(candidate)):
                    return root.why or framework, framework
        return None

    def data_file(self, path: str) -> str | None:
        """Why a tool reads the file at `path` as data (a linter rule's samples), if one does: nothing runs
        it, whatever it defines."""
        return next((root.why or framework for _, _, root, framework in self._rows(path) if root.data), None)

    def _rows(self, path: str) -> list:
        """The file roots whose path pattern matches `path`, once per file (the analysis asks per symbol)."""
        rows = self._by_path.get(path)
        if rows is None:
            rows = self._by_path[path] = [row for row in self._roots if row[0].search(path)]
        return rows

    def wraps(self, decorator: str) -> str | None:
        """The framework for which `decorator` (its name as written, without arguments) only wraps."""
        return self.wrapping.get(decorator) or self.wrapping.get(decorator.rsplit(".", 1)[-1])

    def protocol_method(self, name: str) -> str | None:
        return self.protocol.get(name)

    def plain_base(self, base: str) -> bool:
        return base in self.plain

    def discovering_base(self, base: str) -> str | None:
        """The framework that finds the subclasses of this external base by itself, if any."""
        last = base.rsplit(".", 1)[-1]
        return next((framework for pattern, framework in self.discovering if pattern.fullmatch(last)), None)

    def base_defines(self, base: str, name: str) -> bool | None:
        """Whether a known framework base calls `name` on its subclasses; None when no framework on
        knows the base."""
        last = base.rsplit(".", 1)[-1]
        answer = None
        for pattern, rule, _ in self.hooks:
            if pattern.fullmatch(last):
                if name in rule.hooks or name.startswith(rule.prefixes):
                    return True
                answer = False
        return answer

    def shell_decorator(self, decorator: str) -> bool:
        """`@app.shell_context_processor` (as written, arguments and all)."""
        head = decorator.strip().lstrip("@").split("(", 1)[0]
        return head.rsplit(".", 1)[-1] in self.shell

    def effect_call(self, value: str | None) -> str | None:
        """The framework for which a variable's initializer is a call made for its effect (`_('Sign in')`,
        `pytest.importorskip("scipy")`: one of its effect_calls with a string literal first), if any."""
        found = _EFFECT_CALL.match(value or "")
        return self.effect.get(found.group(1)) if found else None

    def runner_name(self, name: str) -> str | None:
        return self.runner.get(name)

    def plugin_fixture(self, name: str) -> str | None:
        return self.fixtures.get(name)


_EFFECT_CALL = re.compile(r"([A-Za-z_][\w.]*)\(\s*[rbuf]*[\"']")


def declared(name: str, files: Iterable[Mapping] = (), bases: Iterable[Mapping] = (),
             wrapping_decorators: Iterable[str] = (), protocol_methods: Iterable[str] = (),
             test_fixtures: Iterable[str] = ()) -> Framework:
    """A framework record from a user's declaration (`frameworks:` in .reviewer.yml): same fields."""
    return Framework(
        name=name, docs="the repository's configuration (.reviewer.yml or [tool.reviewer])",
        files=tuple(FileRoot(**dict(root)) for root in files),
        bases=tuple(BaseRule(base["base"], bool(base.get("discovered")), frozenset(base.get("hooks") or ()),
                             tuple(base.get("prefixes") or ())) for base in bases),
        wrapping_decorators=frozenset(wrapping_decorators), protocol_methods=frozenset(protocol_methods),
        test_fixtures=frozenset(test_fixtures))


def knowledge_of(switched_on: Mapping[str, str], config_texts: Mapping[str, str],
                 extra: Iterable[Framework] = ()) -> Knowledge:
    """The knowledge of the frameworks a scan found on (name -> why, see enabled), plus `extra`
    (the user's own declarations, always on)."""
    on = [(framework, switched_on[framework.name]) for framework in registry() if framework.name in switched_on]
    on += [(framework, "declared in the configuration") for framework in extra]
    return Knowledge(on, config_texts)
