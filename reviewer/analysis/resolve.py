"""Where a name comes from: imports resolved to the defining file, names to the defining symbol.

Python: absolute imports against the repository's package roots (the directory above each
top-level package, `src/`, the repository root, and the importer's own directory for
scripts), relative imports with their level, `__init__.py` packages and namespace packages.
TS/JS: relative specifiers with extension and `/index.*` resolution, tsconfig `baseUrl` and
`paths`; bare package names are external (None).

Names follow re-exports and barrels (`from .impl import x` in an `__init__.py`,
`export * from` / `export {a as b} from` in an `index.ts`), aliases, star imports,
namespace imports (`import a.b as c`, `import * as ns`, `const m = require(...)`) and
CommonJS destructuring. Everything is memoized: resolution is called about a million
times on a large repository.
"""

from __future__ import annotations

import builtins
import json
import posixpath
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ..frameworks import Framework, Knowledge, knowledge_of
from ..schema.facts import FileFacts, ImportRef, ScanResult, Symbol
from .bundler_aliases import BUNDLER_CONFIG, aliased, bundler_aliases
from .roles import is_test_path

BUILTIN_NAMES = frozenset(dir(builtins))  # a bare name a method reads unbound is one of these, or an error

# Extension resolution order for a TS/JS specifier without (or with a swapped) extension.
JS_EXTENSIONS = (".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")
_IMPLEMENTATION_EXTENSIONS = (".js", ".jsx", ".mjs", ".cjs")  # what a hand-written `.d.ts` may describe
# The source-folder aliases of front-end templates (`@/components/x`, Nuxt's `~/`, SvelteKit's
# `$lib/` for src/lib), read when no tsconfig/jsconfig `paths` entry maps them: prefix -> its
# place inside the source folder (see ProjectIndex._source_alias_file).
_SOURCE_ALIASES = {"@/": "", "~/": "", "$lib/": "lib/"}
# `import "./x.js"` in TypeScript ESM means the file x.ts.
JS_EXTENSION_SWAPS = {".js": (".ts", ".tsx"), ".jsx": (".tsx",), ".mjs": (".mts",), ".cjs": (".cts",)}
SELF_NAMES = ("self", "this", "cls")
_IDENTIFIER_CHAIN = re.compile(r"[A-Za-z_$#][\w$]*(?:\s*\??\.\s*[A-Za-z_$#][\w$]*)*")


@dataclass(frozen=True)
class Target:
    """What a name denotes: a symbol (qualified_name set) or a whole module (qualified_name None)."""

    path: str
    qualified_name: str | None = None

    @property
    def is_module(self) -> bool:
        return self.qualified_name is None


@dataclass
class Walk:
    """The result of resolving a dotted name: every project symbol met along the way."""

    symbols: list[Target] = field(default_factory=list)  # e.g. [Class, Class.method]
    complete: bool = False  # every part of the name resolved
    unresolved_attributes: list[str] = field(default_factory=list)  # parts after the last resolved one

    @property
    def last(self) -> Target | None:
        return self.symbols[-1] if self.symbols else None


_CHAIN_MEMO: dict[str, tuple[str, ...]] = {}
_ATTRIBUTE_MEMO: dict[str, tuple[str, ...]] = {}


def name_chain(text: str) -> tuple[str, ...]:
    """The identifier chain a callee or reference starts with: "new a.b(x).c" -> ("a", "b").

    Parts after a call or subscript cannot be resolved statically and are dropped here
    (the usage graph still sees them as attribute names through attribute_names())."""
    found = _CHAIN_MEMO.get(text)
    if found is None:
        found = _CHAIN_MEMO[text] = tuple(_name_chain(text))
    return found


def _name_chain(text: str) -> list[str]:
    text = text.strip()
    for prefix in ("await ", "new ", "yield ", "typeof "):
        if text.startswith(prefix):
            text = text[len(prefix) :].lstrip()
    match = _IDENTIFIER_CHAIN.match(text)
    if not match:
        return []
    return [part.strip() for part in match.group(0).replace("?.", ".").split(".")]


_ATTRIBUTE = re.compile(r"\.\s*(#?[A-Za-z_$][\w$]*)")  # `.#x` is the private member `#x`, not `x`


def attribute_names(text: str) -> tuple[str, ...]:
    """Every `.name` accessed in a reference or callee: "self.a.b().c" -> ("a", "b", "c")."""
    found = _ATTRIBUTE_MEMO.get(text)
    if found is None:
        found = _ATTRIBUTE_MEMO[text] = tuple(_ATTRIBUTE.findall(text))
    return found


def is_python(facts: FileFacts) -> bool:
    return facts.language == "python"



_CONDITIONS = ("types", "import", "node", "module", "default", "require")  # the source is likeliest first


def _folders_above(path: str) -> Iterator[str]:
    """The folder of a repository path and each folder above it, nearest first, the root ("") last."""
    directory = posixpath.dirname(path)
    while True:
        yield directory
        if not directory:
            return
        directory = posixpath.dirname(directory)

class ProjectIndex:
    """Cross-file name resolution over one ScanResult. Build once with ProjectIndex.build()."""

    def __init__(self, scan: ScanResult, root: Path | None = None, declared: Iterable[Framework] = ()) -> None:
        self.scan = scan
        self.root = root
        # What the frameworks this project uses (and the user's declared roots) read by name.
        self.knowledge: Knowledge = knowledge_of(scan.frameworks, scan.config_files, declared)
        self.files: dict[str, FileFacts] = {f.path: f for f in scan.files}
        self.symbols: dict[str, dict[str, Symbol]] = {}  # path -> qualified name -> symbol
        self.top_level: dict[str, dict[str, str]] = {}  # path -> top-level name -> qualified name
        self.members: dict[tuple[str, str], list[str]] = {}  # (path, parent qname) -> child qnames
        self.nested_names: dict[str, set[str]] = {}  # path -> names defined inside a class/function
        for facts in scan.files:
            by_qname: dict[str, Symbol] = {}
            tops: dict[str, str] = {}
            for sym in facts.symbols:
                by_qname.setdefault(sym.qualified_name, sym)
                if sym.parent is None:
                    tops.setdefault(sym.name, sym.qualified_name)
                else:
                    self.members.setdefault((facts.path, sym.parent), []).append(sym.qualified_name)
                    self.nested_names.setdefault(facts.path, set()).add(sym.name)
            self.symbols[facts.path] = by_qname
            self.top_level[facts.path] = tops
        self.directories: set[str] = set()
        for path in self.files:
            parent = posixpath.dirname(path)
            while parent and parent not in self.directories:
                self.directories.add(parent)
                parent = posixpath.dirname(parent)
        self.python_modules: dict[str, str] = {}  # dotted module name -> file path
        self.module_names: dict[str, str] = {}  # file path -> canonical dotted name
        self.top_level_packages: set[str] = set()  # paths of top-level package __init__.py files
        self._index_python_modules()
        self.ts_base_url: str | None = None
        self.ts_paths: list[tuple[str, list[str]]] = []
        self.ts_configs: dict[str, tuple[str | None, list[tuple[str, list[str]]]]] = {}  # folder -> options
        self._read_tsconfig()
        # folder of a bundler's configuration -> its (alias, repository path) pairs (bundler_aliases.py)
        self.bundler_aliases: dict[str, list[tuple[str, str]]] = {}
        self._read_bundler_aliases()
        # name -> (folder, manifest) of each package of an npm/yarn/pnpm workspace (`@acme/lib` in packages/lib)
        self.workspace_packages: dict[str, tuple[str, dict]] = {}
        # folder of each package.json -> its `imports` map (Node's subpath imports, `#src/x`), {} if none
        self.package_imports: dict[str, dict] = {}
        self._read_workspace_packages()
        self._bindings: dict[str, dict[str, tuple[ImportRef, str | None]]] = {}
        self._namespaces: dict[str, dict[str, ImportRef]] = {}
        self._import_targets: dict[tuple[str, int], str | None] = {}
        # The memos hold (result, the files whose facts the result was computed from): a hit
        # adds those files to the reads of whoever asks (see reads()).
        self._export_memo: dict[tuple[str, str], tuple[Target | None, frozenset[str]]] = {}
        self._head_memo: dict[tuple[str, str], tuple[Target | None, frozenset[str]]] = {}
        self._bases_memo: dict[tuple[str, str], tuple[list[Target], frozenset[str]]] = {}
        self._member_memo: dict[tuple[str, str, str], tuple[Target | None, frozenset[str]]] = {}
        self._function_imports: dict[str, dict[str, list[tuple[int, ImportRef, str | None]]]] = {}
        # Which files' facts a resolution reads, recorded so that the analysis cache can reuse
        # what a file contributed while none of those files changed (analysis/incremental.py).
        # One set per memoized call in progress; the bottom one collects for reads().
        self._frames: list[set[str]] = [set()]
        self._active: set[tuple] = set()  # memoized calls in progress (a re-export cycle meets one again)
        self._cycle_hits: set[tuple] = set()  # ... and those met again below the current call
        self._callees: dict[tuple[str, str, str], tuple[str, str] | None] = {}  # see remember_callees

    @classmethod
    def build(cls, scan: ScanResult, root: Path | None = None, declared: Iterable[Framework] = ()) -> "ProjectIndex":
        return cls(scan, Path(scan.root) if root is None and scan.root else root, declared)

    # ------------------------------------------------------------------ recorded reads

    @contextmanager
    def reads(self) -> Iterator[set[str]]:
        """Collect the files whose facts the resolutions made inside the block read (besides
        the layout: which paths exist, in which language, and the tsconfig aliases)."""
        found: set[str] = set()
        self._frames.append(found)
        try:
            yield found
        finally:
            self._frames.pop()
            self._frames[-1] |= found

    def _memoized(self, memo: dict, tag: str, key: tuple, compute: Callable, *args, guard: str | None = None):
        """memo[key]'s result, its reads added to the current frame; else compute(*args) in a frame
        of its own (_tracked), kept when it may be. `guard`: the path a call met again while still in
        progress is charged to (a re-export loop resolves to nothing), for the calls that can loop."""
        entry = memo.get(key)
        if entry is not None:
            self._frames[-1] |= entry[1]
            return entry[0]
        tagged = (tag, *key)
        if guard is not None and tagged in self._active:
            self._cycle(tagged, guard)
            return None
        found, deps, final = self._tracked(tagged, compute, *args)
        if final:
            memo[key] = (found, deps)
        return found

    def _tracked(self, key: tuple, compute: Callable, *args):
        """compute(*args) in a frame of its own: (result, the files it read, whether it may be
        memoized). A result that met a call still in progress above it (a re-export cycle) is
        not memoized: it would depend on which name was asked first, and the analysis must give
        every file the same answer whatever order the files are resolved in."""
        self._active.add(key)
        frames = self._frames
        frames.append(set())
        outer_hits, self._cycle_hits = self._cycle_hits, set()
        try:
            result = compute(*args)
        finally:
            self._active.discard(key)
            deps = frozenset(frames.pop())
            hits = self._cycle_hits
            hits.discard(key)
            outer_hits |= hits
            self._cycle_hits = outer_hits
        frames[-1] |= deps
        return result, deps, not hits

    def _cycle(self, key: tuple, path: str) -> None:
        """A memoized call met again while in progress: it resolves to nothing along this path."""
        self._cycle_hits.add(key)
        self._frames[-1].add(path)

    def _read(self, path: str) -> None:
        self._frames[-1].add(path)

    # ------------------------------------------------------------------ python modules

    def _has_init(self, directory: str) -> bool:
        return posixpath.join(directory, "__init__.py") in self.files if directory else False

    def _index_python_modules(self) -> None:
        python_files = [p for p, f in self.files.items() if is_python(f)]
        # Canonical names: from the directory above the topmost package (a chain of __init__.py).
        for path in python_files:
            directory = posixpath.dirname(path)
            top = directory
            while top and self._has_init(top):
                top = posixpath.dirname(top)
            self.module_names[path] = _dotted(path, top)
            if path.endswith("/__init__.py") and posixpath.dirname(posixpath.dirname(path)) == top:
                self.top_level_packages.add(path)
        if "__init__.py" in self.files:
            # The scanned directory is itself a package (a checkout of `click/`): its
            # __init__.py is the package's face even though its modules import relatively.
            self.top_level_packages.add("__init__.py")
        for path, name in sorted(self.module_names.items(), key=lambda item: (item[1].count("."), item[0])):
            if name:
                self.python_modules.setdefault(name, path)
        # Secondary names (namespace packages, src layouts, repository-rooted imports).
        for base in ("src", ""):
            for path in python_files:
                if base and not path.startswith(base + "/"):
                    continue
                name = _dotted(path, base)
                if name and all(part.isidentifier() for part in name.split(".")):
                    self.python_modules.setdefault(name, path)

    def module_file(self, dotted: str, importer: str | None = None) -> str | None:
        """The file of an absolute Python module name, or None when external."""
        found = self.python_modules.get(dotted)
        if found is None and importer is not None:
            # A script importing a sibling module (its directory is on sys.path).
            found = self.python_file_at(posixpath.join(posixpath.dirname(importer), *dotted.split(".")))
        if found is None and importer is not None and "." in dotted:
            # A service of its own inside the repository (`service/captioning/` run from its folder,
            # importing `api.im2txt.blip`): a folder above the importer holds the package path. Dotted
            # names only, so a project file never passes for a top-level module of the same name.
            folder = posixpath.dirname(posixpath.dirname(importer))
            while folder and found is None:
                found = self.python_file_at(posixpath.join(folder, *dotted.split(".")))
                folder = posixpath.dirname(folder)
        return found

    def python_file_at(self, base: str) -> str | None:
        """The module file (or package, or namespace folder) at a path without its extension."""
        base = base.lstrip("/")
        for candidate in (base + ".py", posixpath.join(base, "__init__.py"), base + ".pyi"):
            if candidate in self.files:
                return candidate
        if base in self.directories:
            return base  # namespace package: a directory without __init__.py
        return None

    def _submodule(self, module_path: str, name: str) -> str | None:
        if module_path.endswith("__init__.py"):
            directory = posixpath.dirname(module_path)
        elif module_path in self.directories:
            directory = module_path
        else:
            return None
        return self.python_file_at(posixpath.join(directory, name))

    # ------------------------------------------------------------------ TS/JS modules

    def _read_tsconfig(self) -> None:
        """Module aliases of every tsconfig.json/jsconfig.json next to JS/TS sources (a frontend/
        folder has its own), following `extends` and the `tsconfig.app.json` of Vite templates.
        The root one also fills ts_base_url/ts_paths. (The scan read them: ScanResult.config_files.)"""
        directories = {""} | {posixpath.dirname(p) for p, f in self.files.items() if f.language != "python"}
        for directory in list(directories):
            while directory:
                directory = posixpath.dirname(directory)
                directories.add(directory)
        for directory in sorted(directories):
            for name in ("tsconfig.json", "jsconfig.json", "tsconfig.app.json"):
                options = self._tsconfig_options(posixpath.join(directory, name), depth=0)
                if options is not None and (options[0] is not None or options[1]):
                    self.ts_configs[directory] = options
                    break
        if "" in self.ts_configs:
            self.ts_base_url, self.ts_paths = self.ts_configs[""]

    def _tsconfig_options(self, config: str, depth: int) -> tuple[str | None, list[tuple[str, list[str]]]] | None:
        """(baseUrl, paths) of one config, both relative to the repository root."""
        text = self.scan.config_files.get(config)
        if text is None:
            return None
        # tsconfig is JSON with comments and trailing commas.
        text = re.sub(r'("(?:\\.|[^"\\])*")|//[^\n]*|/\*.*?\*/', lambda m: m.group(1) or "", text, flags=re.S)
        text = re.sub(r",(\s*[}\]])", r"\1", text)
        try:
            data = json.loads(text)
            options = data.get("compilerOptions") or {}
        except (ValueError, AttributeError):
            return None
        directory = posixpath.dirname(config)
        base_url: str | None = None
        paths: list[tuple[str, list[str]]] = []
        parent = data.get("extends")
        if isinstance(parent, str) and parent.startswith(".") and depth < 5:
            inherited = self._tsconfig_options(posixpath.normpath(posixpath.join(directory, parent)), depth + 1)
            if inherited is not None:
                base_url, paths = inherited
        if isinstance(options.get("baseUrl"), str):
            normalized = posixpath.normpath(posixpath.join(directory, options["baseUrl"]))
            base_url = "" if normalized == "." else normalized
        if isinstance(options.get("paths"), dict):
            # paths are relative to baseUrl, or to the config's folder without one
            anchor = base_url if base_url is not None else directory
            paths = [(pattern, [posixpath.normpath(posixpath.join(anchor, r)) for r in replacements
                                if isinstance(r, str)])
                     for pattern, replacements in options["paths"].items()
                     if isinstance(pattern, str) and isinstance(replacements, list)]
        return base_url, paths

    def _read_workspace_packages(self) -> None:
        """The packages of the repository by their package.json `name`: another package of a workspace
        imports them by that name (`@acme/lib/server/user`), which the package manager links in
        node_modules. A test's fixture package or a copy under node_modules is not one."""
        for path, text in sorted(self.scan.config_files.items() if self.scan is not None else (),
                                 key=lambda item: (item[0].count("/"), item[0])):
            if posixpath.basename(path) != "package.json" or "node_modules/" in path or is_test_path(path):
                continue
            try:
                data = json.loads(text)
            except ValueError:
                continue
            name = data.get("name") if isinstance(data, dict) else None
            if isinstance(name, str) and name and name not in self.workspace_packages:
                self.workspace_packages[name] = (posixpath.dirname(path), data)
            imports = data.get("imports") if isinstance(data, dict) else None
            self.package_imports[posixpath.dirname(path)] = imports if isinstance(imports, dict) else {}

    def _subpath_import(self, importer: str, specifier: str) -> str | None:
        """`#/src/collection.js`: Node's subpath imports, mapped by the `imports` of the package.json nearest
        the importer (https://nodejs.org/api/packages.html#subpath-imports): an exact key, or a key with
        one `*` whose match the target repeats; a target is a path in the package or a map of conditions."""
        folder = next((d for d in _folders_above(importer) if d in self.package_imports), None)
        if folder is None:
            return None
        for key, target in self.package_imports[folder].items():
            rest = _star_match(key, specifier)
            if rest is None:
                continue
            written = next(iter(_export_targets(target, prefer=_CONDITIONS)), None)
            if written is not None and written.startswith("./"):
                return self.js_file_at(posixpath.join(folder, written.replace("*", rest)))
        return None

    def _workspace_file(self, specifier: str) -> str | None:
        """The source a workspace package's name imports: `@acme/lib/server/user` the file at
        server/user in its folder (or under src/), `@acme/lib` its entry (`exports["."]`, `types`,
        `module`, `main`; a built path read as its source under src/), else its index."""
        parts = specifier.split("/")
        name = "/".join(parts[:2]) if specifier.startswith("@") else parts[0]
        package = self.workspace_packages.get(name)
        if package is None:
            return None
        directory, data = package
        rest = specifier[len(name):].lstrip("/")
        exports = data.get("exports")
        targets: list[str] = []
        if isinstance(exports, dict):
            targets += _export_targets(exports.get(f"./{rest}" if rest else "."))
            for pattern, value in exports.items():
                if rest and isinstance(pattern, str) and "*" in pattern:
                    middle = _star_match(pattern[2:], rest)
                    if middle is not None:
                        targets += [target.replace("*", middle) for target in _export_targets(value)]
        elif isinstance(exports, str) and not rest:
            targets.append(exports)
        if rest:
            targets += [rest, f"src/{rest}"]
        else:
            targets += [data[key] for key in ("source", "types", "typings", "module", "main") if isinstance(data.get(key), str)]
            targets += ["index", "src/index"]
        for target in targets:
            inner = posixpath.normpath(target).removeprefix("./")
            for candidate in (inner, *_built_to_source(inner)):
                found = self.js_file_at(posixpath.join(directory, candidate))
                if found is not None:
                    return found
        return None

    def _ts_config_for(self, importer: str) -> tuple[str | None, list[tuple[str, list[str]]]]:
        return next((self.ts_configs[d] for d in _folders_above(importer) if d in self.ts_configs), (None, []))

    def _read_bundler_aliases(self) -> None:
        """The aliases of every bundler configuration the scan read (webpack, Vite), by its folder."""
        for path, text in (self.scan.config_files.items() if self.scan is not None else ()):
            if BUNDLER_CONFIG.search(path):
                found = bundler_aliases(path, text)
                if found:
                    self.bundler_aliases.setdefault(posixpath.dirname(path), []).extend(found)

    def _bundler_aliases_for(self, importer: str) -> list[list[tuple[str, str]]]:
        """The aliases of the bundler configurations in the importer's folder and above it, nearest first
        (a bundler resolves the files it bundles, which sit under its configuration's folder)."""
        if not self.bundler_aliases:
            return []
        return [self.bundler_aliases[d] for d in _folders_above(importer) if d in self.bundler_aliases]

    def js_file_at(self, base: str) -> str | None:
        base = posixpath.normpath(base)
        if base.startswith("../") or base == "..":
            return None
        if base == ".":
            base = ""
        if base in self.files:
            return base
        stem, ext = posixpath.splitext(base)
        for swapped in JS_EXTENSION_SWAPS.get(ext, ()):
            if stem + swapped in self.files:
                return stem + swapped
        for ext in JS_EXTENSIONS:
            if base + ext in self.files:
                return self.implementation_of(base + ext)
        for ext in JS_EXTENSIONS:
            candidate = posixpath.join(base, "index" + ext)
            if candidate in self.files:
                return candidate
        return None

    def implementation_of(self, path: str) -> str:
        """The module that runs for an import that finds a declaration file: `X.d.ts` beside `X.jsx`
        describes X's types to the type checker while the bundler loads X.jsx; the import uses the
        implementation (and the declarations with it: see declaration_companion)."""
        if path.endswith(".d.ts"):
            stem = path[: -len(".d.ts")]
            return next((stem + ext for ext in _IMPLEMENTATION_EXTENSIONS if stem + ext in self.files), path)
        return path

    def declaration_companion(self, path: str) -> str | None:
        """The implementation a declaration file `X.d.ts` describes, when it sits beside it."""
        implementation = self.implementation_of(path)
        return implementation if implementation != path else None

    def _js_module_file(self, importer: str, specifier: str) -> str | None:
        if specifier.startswith("."):
            return self.js_file_at(posixpath.join(posixpath.dirname(importer), specifier))
        if specifier.startswith("#") and self.package_imports:
            found = self._subpath_import(importer, specifier)
            if found:
                return found
        base_url, paths = self._ts_config_for(importer)
        for pattern, replacements in paths:
            if pattern.endswith("*"):
                prefix = pattern[:-1]
                if not specifier.startswith(prefix):
                    continue
                rest = specifier[len(prefix) :]
            elif pattern == specifier:
                rest = ""
            else:
                continue
            for replacement in replacements:
                found = self.js_file_at(replacement.replace("*", rest))
                if found:
                    return found
        for aliases in self._bundler_aliases_for(importer):
            for target in aliased(specifier, aliases):
                found = self.js_file_at(target)
                if found:
                    return found
        if base_url is not None:
            found = self.js_file_at(posixpath.join(base_url, specifier))
            if found:
                return found
        if self.workspace_packages and not specifier.startswith(("@/", "~/", "#")):
            found = self._workspace_file(specifier)
            if found:
                return found
        for alias, inside in _SOURCE_ALIASES.items():
            if specifier.startswith(alias):
                return self._source_alias_file(importer, inside + specifier[len(alias):])
        return None

    def _source_alias_file(self, importer: str, rest: str) -> str | None:
        """`@/common/config` with no tsconfig/jsconfig path for it: the alias Vue CLI, Vite and
        Nuxt templates define in their bundler (and jest's moduleNameMapper) for the source
        folder: `src/` of the nearest folder above the importer that has one, else the root."""
        directory = posixpath.dirname(importer)
        while True:
            found = self.js_file_at(posixpath.join(directory, "src", rest))
            if found:
                return found
            if not directory:
                return self.js_file_at(rest)
            directory = posixpath.dirname(directory)

    # ------------------------------------------------------------------ imports

    def resolve_import(self, importer_path: str, ref: ImportRef) -> str | None:
        """The file that defines the module `ref` imports, or None when it is external.

        For `from . import x` (a package with no __init__.py) it may return the package
        directory; a directory is not in ScanResult.files."""
        key = (importer_path, id(ref))
        if key in self._import_targets:
            return self._import_targets[key]
        facts = self.files.get(importer_path)
        found: str | None
        if facts is None:
            found = None
        elif is_python(facts):
            found = self._python_import(importer_path, ref)
        else:
            found = self._js_module_file(importer_path, ref.source)
        self._import_targets[key] = found
        return found

    def _python_import(self, importer: str, ref: ImportRef) -> str | None:
        if ref.level == 0:
            return self.module_file(ref.source, importer)
        package = posixpath.dirname(importer)
        for _ in range(ref.level - 1):
            package = posixpath.dirname(package)
        if not ref.source:
            return self.python_file_at(package) if package else None
        return self.python_file_at(posixpath.join(package, *ref.source.split(".")))

    def module_for_specifier(self, importer: str, specifier: str) -> str | None:
        """Resolve a module specifier written in `importer` (used for `export ... from`)."""
        facts = self.files.get(importer)
        if facts is None:
            return None
        if is_python(facts):
            level = len(specifier) - len(specifier.lstrip("."))
            return self._python_import(importer, ImportRef(source=specifier.lstrip("."), level=level))
        return self._js_module_file(importer, specifier)

    def star_sources(self, module_path: str) -> list[str]:
        """The project modules `module_path` re-exports whole (`export * from "./x"`)."""
        facts = self.files.get(module_path)
        if facts is None:
            return []
        self._read(module_path)
        found = []
        for export in facts.exports:
            if export.star and export.name == "*" and export.source is not None:
                source = self.module_for_specifier(module_path, export.source)
                if source in self.files:
                    found.append(source)
        return found

    def bindings(self, path: str) -> dict[str, tuple[ImportRef, str | None]]:
        """Local name -> (import, imported name) for every name an import binds in `path`.

        The imported name is None for namespace bindings (`import x as y`, `import * as ns`)."""
        self._frames[-1].add(path)
        found = self._bindings.get(path)
        if found is not None:
            return found
        found = {}
        namespaces: dict[str, ImportRef] = {}
        facts = self.files.get(path)
        for ref in facts.imports if facts else ():
            for imported in ref.names:
                found[imported.alias or imported.name] = (ref, imported.name)
            if ref.namespace:
                namespaces[ref.namespace] = ref
                # `import a.b` binds `a`; the whole dotted name is matched in resolve_dotted.
                found.setdefault(ref.namespace.split(".")[0], (ref, None))
        self._bindings[path] = found
        self._namespaces[path] = namespaces
        return found

    def namespaces(self, path: str) -> dict[str, ImportRef]:
        self.bindings(path)
        return self._namespaces[path]

    # ------------------------------------------------------------------ names

    def export_target(self, module_path: str, name: str) -> Target | None:
        """What `name` denotes when imported from the module at `module_path`."""
        return self._memoized(self._export_memo, "export", (module_path, name), self._export_target,
                              module_path, name, guard=module_path)

    def _export_target(self, module_path: str, name: str) -> Target | None:
        facts = self.files.get(module_path)
        if facts is not None:
            self._read(module_path)
            qname = self.top_level[module_path].get(name)
            if qname is not None:
                return Target(module_path, qname)
            for export in facts.exports:
                if export.name != name or export.name == "*":
                    continue
                if export.source is not None:
                    source = self.module_for_specifier(module_path, export.source)
                    if source is None:
                        return None
                    if export.star:  # export * as ns from "./x"
                        return Target(source)
                    return self.export_target(source, export.local or name)
                if export.local and export.local != name:
                    return self._local_head(module_path, export.local)
            if name in self.bindings(module_path):
                return self._local_head(module_path, name)
            for export in facts.exports:
                if export.star and export.name == "*" and export.source is not None:
                    source = self.module_for_specifier(module_path, export.source)
                    found = self.export_target(source, name) if source else None
                    if found is not None:
                        return found
            for ref in facts.imports:
                if ref.star:
                    source = self.resolve_import(module_path, ref)
                    found = self.export_target(source, name) if source else None
                    if found is not None:
                        return found
        submodule = self._submodule(module_path, name)
        return Target(submodule) if submodule else None

    def _local_head(self, path: str, name: str) -> Target | None:
        """What a bare name denotes at the top level of `path`: own symbol, import, star import."""
        return self._memoized(self._head_memo, "head", (path, name), self._compute_local_head, path, name, guard=path)

    def _compute_local_head(self, path: str, name: str) -> Target | None:
        self._read(path)
        qname = self.top_level.get(path, {}).get(name)
        if qname is not None:
            return Target(path, qname)
        binding = self.bindings(path).get(name)
        if binding is not None:
            ref, imported = binding
            source = self.resolve_import(path, ref)
            if source is None:
                return None
            if imported is None:  # namespace binding
                if ref.namespace and "." in ref.namespace:
                    # `import a.b` binds `a`: the top package.
                    return self._package_of(path, ref, ref.namespace.split(".")[0])
                return Target(source)
            if ref.kind in ("dynamic",) and imported == "default":
                return Target(source)
            found = self.export_target(source, imported)
            if found is None:  # `from . import fields` in a package's __init__: its submodule
                submodule = self._submodule(source, imported)
                found = Target(submodule) if submodule else None
            return found
        facts = self.files[path]
        for ref in facts.imports:
            if ref.star:
                source = self.resolve_import(path, ref)
                found = self.export_target(source, name) if source else None
                if found is not None:
                    return found
        return None

    def _package_of(self, path: str, ref: ImportRef, top: str) -> Target | None:
        package = self.module_file(top, path)
        return Target(package) if package else None

    def resolve_dotted(self, path: str, parts: tuple[str, ...] | list[str], scope: str | None = None) -> Walk:
        """Resolve ["a", "b", "c"] as written in `path` (inside symbol `scope`, if given)."""
        walk = Walk()
        if not parts or path not in self.files:
            return walk
        self._frames[-1].add(path)
        target: Target | None = None
        consumed = 1
        if parts[0] in SELF_NAMES and len(parts) > 1 and scope is not None:
            owner = self.enclosing_class(path, scope)
            if owner is None:
                walk.unresolved_attributes = list(parts[1:])
                return walk
            member = self.class_member(path, owner, parts[1])
            if member is None:
                walk.unresolved_attributes = list(parts[1:])
                return walk
            target, consumed = member, 2
        else:
            namespaces = self.namespaces(path)
            for size in range(len(parts), 1, -1):
                ref = namespaces.get(".".join(parts[:size]))
                if ref is not None:
                    source = self.resolve_import(path, ref)
                    if source is not None:
                        target, consumed = Target(source), size
                    break
            if target is None:
                target = self._scoped_head(path, parts[0], scope)
                rebound = self._rebound_global(path, parts[0], scope) if target is not None and scope else None
                if rebound is not None:  # the read is of the module's variable, whose value the import set
                    walk.symbols.append(rebound)
        if target is None:
            walk.unresolved_attributes = list(parts[1:])
            return walk
        if target.is_module:
            target = self._commonjs_value(path, parts[0], target)
        if not target.is_module:
            walk.symbols.append(target)
        for index in range(consumed, len(parts)):
            part = parts[index]
            if target.is_module:
                following = self.export_target(target.path, part)
            else:
                following = self.class_member(target.path, target.qualified_name or "", part)
            if following is None:
                walk.unresolved_attributes = list(parts[index:])
                return walk
            target = following
            if not target.is_module:
                walk.symbols.append(target)
        walk.complete = True
        return walk

    def _commonjs_value(self, path: str, head: str, module: Target) -> Target:
        """`const Base = require("./base")` where base.js says `module.exports = Base`: the
        binding is the exported value itself, not a namespace of names."""
        ref = self.namespaces(path).get(head)
        if ref is None or ref.kind != "require":
            return module
        value = self.export_target(module.path, "default")
        return value if value is not None and not value.is_module else module

    def _scoped_head(self, path: str, name: str, scope: str | None) -> Target | None:
        """A bare name seen inside `scope`: nested definitions first, then an import written
        inside the enclosing function, then the module level."""
        by_qname = self.symbols[path]
        if scope is not None:
            local_import = self._function_import(path, name, scope)
            if local_import is not None:
                return local_import
        if name not in self.nested_names.get(path, ()):
            scope = None  # no nested definition of that name in the file
        in_function = False
        skipped_class = None  # the class body a method is written in: its defaults are evaluated there
        while scope:
            sym = by_qname.get(scope)
            if in_function and skipped_class is None and sym is not None and sym.kind == "class":
                skipped_class = scope
            # A class body is no scope of the functions written in it: `save_model(...)` inside
            # the method `AuditAdmin.save_model` calls the module's function, not the method. An
            # object literal is no scope at all: `objA() { objA.value }` in an object literal
            # reads the module's `objA`, not the member.
            if not (sym is not None and (sym.kind in ("constant", "variable")
                                         or (in_function and sym.kind in ("class", "interface")))):
                candidate = f"{scope}.{name}"
                found = by_qname.get(candidate)
                # A method whose parent is a function is a member of an object literal that function
                # builds (`return { getKeys: () => getKeys(p) }`): no binding of the function's scope.
                if found is not None and not (found.kind == "method" and sym is not None
                                              and sym.kind in ("function", "method")):
                    return Target(path, candidate)
            in_function = in_function or (sym is not None and sym.kind in ("function", "method"))
            scope = sym.parent if sym is not None else None
        found = self._local_head(path, name)
        if found is None and skipped_class is not None and name not in BUILTIN_NAMES and path.endswith((".py", ".pyi")):
            # `def cached(self, key_fn=_key_fn)`: a parameter's default (or a decorator) is evaluated in the
            # class body, where its other members are names; in a method's own body such a name would not
            # be bound at all, so a name found nowhere else is the member.
            member = f"{skipped_class}.{name}"
            if member in by_qname:
                return Target(path, member)
        return found

    def _rebound_global(self, path: str, name: str, scope: str) -> Target | None:
        """The module-level variable a function's import rebinds (`global _X` then `from m import f as _X`, a
        lazy import cached in `_X = None`): when the enclosing function imports `name` and declares module
        state, a read of `name` there reads the module's variable too."""
        module_level = self.symbols[path].get(name)
        if module_level is None or module_level.parent is not None or module_level.kind not in ("constant", "variable"):
            return None
        if self._function_import(path, name, scope) is None:
            return None
        current = self.symbols[path].get(scope)
        while current is not None and current.kind not in ("function", "method"):
            current = self.symbols[path].get(current.parent) if current.parent else None
        if current is None or current.shape is None or not current.shape.writes_module_state:
            return None
        return Target(path, name)

    def _function_import(self, path: str, name: str, scope: str) -> Target | None:
        """`from ._impl import getchar as f` inside a function binds `f` there only: two
        functions may bind one name to different things, or shadow a module-level def."""
        imports = self._function_imports.get(path)
        if imports is None:
            imports = self._function_imports[path] = self._collect_function_imports(path)
        candidates = imports.get(name)
        if not candidates:
            return None
        by_qname = self.symbols[path]
        current = by_qname.get(scope)
        while current is not None:
            if current.kind in ("function", "method"):
                for line, ref, imported in candidates:
                    if current.line_start <= line <= current.line_end:
                        source = self.resolve_import(path, ref)
                        if source is None:
                            return None
                        return Target(source) if imported is None else self.export_target(source, imported)
            current = by_qname.get(current.parent) if current.parent else None
        return None

    def _collect_function_imports(self, path: str) -> dict[str, list[tuple[int, ImportRef, str | None]]]:
        """Python imports written inside a function body, by the local name they bind."""
        facts = self.files[path]
        found: dict[str, list[tuple[int, ImportRef, str | None]]] = {}
        if not is_python(facts):
            return found
        functions = [s for s in facts.symbols if s.kind in ("function", "method")]
        for ref in facts.imports:
            if ref.kind == "dynamic" or not any(f.line_start < ref.line <= f.line_end for f in functions):
                continue
            for imported in ref.names:
                found.setdefault(imported.alias or imported.name, []).append((ref.line, ref, imported.name))
            if ref.namespace and "." not in ref.namespace:
                found.setdefault(ref.namespace, []).append((ref.line, ref, None))
        return found

    def enclosing_class(self, path: str, qualified_name: str) -> str | None:
        self._read(path)
        by_qname = self.symbols.get(path, {})
        current = by_qname.get(qualified_name)
        while current is not None:
            if current.kind == "class":
                return current.qualified_name
            current = by_qname.get(current.parent) if current.parent else None
        return None

    def class_member(self, path: str, class_qname: str, name: str) -> Target | None:
        """`name` defined on the class or inherited from a project base class."""
        return self._memoized(self._member_memo, "member", (path, class_qname, name), self._class_member,
                              path, class_qname, name, None)

    def _class_member(self, path: str, class_qname: str, name: str, _seen: set | None) -> Target | None:
        self._read(path)
        member = f"{class_qname}.{name}"
        if member in self.symbols.get(path, {}):
            return Target(path, member)
        seen = _seen if _seen is not None else set()
        if (path, class_qname) in seen:
            return None
        seen.add((path, class_qname))
        for base in self.base_classes(path, class_qname):
            found = self._class_member(base.path, base.qualified_name or "", name, seen)
            if found is not None:
                return found
        return None

    def base_classes(self, path: str, class_qname: str) -> list[Target]:
        """Project classes a class extends or implements (external bases are left out)."""
        return self._memoized(self._bases_memo, "bases", (path, class_qname), self._base_classes, path, class_qname)

    def _base_classes(self, path: str, class_qname: str) -> list[Target]:
        self._read(path)
        sym = self.symbols.get(path, {}).get(class_qname)
        if sym is None:
            return []
        found = []
        for base in sym.bases:
            if "=" in base:  # metaclass=..., total=False
                continue
            walk = self.resolve_dotted(path, name_chain(base), sym.parent)
            last = walk.last
            if walk.complete and last is not None and last.qualified_name is not None:
                target_sym = self.symbols[last.path].get(last.qualified_name)
                if target_sym is not None and target_sym.kind in ("class", "interface"):
                    found.append(last)
        return found

    # ------------------------------------------------------------------ public API

    def resolve_name(self, file_path: str, name: str) -> tuple[str, str] | None:
        """The defining (file, qualified name) of `name` as visible at the top level of
        `file_path` ("x", "ns.func", "Class.method"), following imports and re-exports.
        Modules are not symbols: a name that denotes a whole module gives None."""
        return _defined(self.resolve_dotted(file_path, name_chain(name)))

    def remember_callees(self, path: str, callees: list[tuple[str, str, tuple[str, str] | None]]) -> None:
        """What resolve_callee(path, callee, caller) gives, as the usage graph found it
        ((caller, callee, target) per call of a symbol): answered without resolving again."""
        known = self._callees
        for caller, callee, target in callees:
            known[(path, caller, callee)] = target

    def resolve_callee(self, file_path: str, callee: str, caller: str | None = None) -> tuple[str, str] | None:
        """The project function/class a call as written targets: "foo", "mod.baz",
        "ns.func", "Class.static", "self.method" (the enclosing class's method, or an
        inherited one). `caller` (qualified name of the calling symbol) places "self."
        exactly; without it, "self.m" resolves when one class of the file defines m."""
        if caller is not None and len(self._frames) == 1:  # (inside reads(), resolve: record what it reads)
            known = self._callees.get((file_path, caller, callee), self)
            if known is not self:
                return known
        parts = name_chain(callee)
        if not parts:
            return None
        scope = caller
        if parts[0] in SELF_NAMES and caller is None and len(parts) > 1:
            self._read(file_path)
            owners = [q for q, s in self.symbols.get(file_path, {}).items()
                      if s.kind == "class" and f"{q}.{parts[1]}" in self.symbols[file_path]]
            if len(owners) != 1:
                return None
            scope = f"{owners[0]}.{parts[1]}"
        return _defined(self.resolve_dotted(file_path, parts, scope))

    def symbol(self, path: str, qualified_name: str) -> Symbol | None:
        self._frames[-1].add(path)
        return self.symbols.get(path, {}).get(qualified_name)


def _dotted(path: str, base: str) -> str:
    """The dotted module name of a .py file relative to a package root directory."""
    relative = path[len(base) + 1 :] if base else path
    if relative.endswith(".pyi"):
        relative = relative[:-4]
    elif relative.endswith(".py"):
        relative = relative[:-3]
    else:
        return ""
    parts = relative.split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _defined(walk: Walk) -> tuple[str, str] | None:
    """The (file, qualified name) a complete walk ends on; None for a module or a walk cut short."""
    last = walk.last
    if not walk.complete or last is None or last.qualified_name is None:
        return None
    return last.path, last.qualified_name


# Folders a package's build writes (`dist/index.js`), whose sources sit under src/ in the repository.
BUILD_FOLDERS = ("dist/", "build/", "lib/", "out/", "esm/", "cjs/")
SOURCE_EXTENSION = r"(?:\.d)?\.(?:js|mjs|cjs|ts|tsx|jsx|mts|cts)"  # a source or built file, a declaration file


# A build's folder of one flavour of its output (`dist/prod/index.js`, `dist/esm/index.mjs`).
BUILD_FLAVOURS = ("prod/", "dev/", "production/", "development/", "esm/", "cjs/", "es/", "umd/", "browser/",
                  "node/", "module/", "commonjs/")


def built_subpaths(stem: str) -> list[str]:
    """What a built path (no extension) holds inside its build folder and, under that, inside a
    flavour's folder: `dist/prod/index` -> `prod/index`, `index`."""
    found = []
    for build in BUILD_FOLDERS:
        if stem.startswith(build):
            rest = stem[len(build):]
            found.append(rest)
            found += [rest[len(flavour):] for flavour in BUILD_FLAVOURS if rest.startswith(flavour)]
    return found


def _built_to_source(inner: str) -> list[str]:
    """`dist/server/user.js` -> `src/server/user` and `server/user`: where a built path's source is."""
    stem = re.sub(SOURCE_EXTENSION + "$", "", inner)
    found = [stem] if stem != inner else []
    for rest in built_subpaths(stem):
        found += [f"src/{rest}", rest]
    return found


def _export_targets(value: object, prefer: tuple[str, ...] = ()) -> list[str]:
    """The paths one `exports` (or `imports`) entry maps to: a string, or each string of its conditions and
    fallbacks, in order; the conditions named in `prefer` first, in that order, at every level."""
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, dict):
        ordered = [value[k] for k in prefer if k in value] + [v for k, v in value.items() if k not in prefer]
        return [target for inner in ordered for target in _export_targets(inner, prefer)]
    if isinstance(value, list):
        return [target for inner in value for target in _export_targets(inner, prefer)]
    return []


def _star_match(key: str, written: str) -> str | None:
    """What the one `*` of a subpath pattern (`#src/*`, `server/*.js`) stands for in `written`; "" when the key
    has no `*` and is `written`; None when it does not match (or has several `*`)."""
    if "*" not in key:
        return "" if key == written else None
    if key.count("*") != 1:
        return None
    head, tail = key.split("*")
    if written.startswith(head) and written.endswith(tail) and len(written) >= len(head) + len(tail):
        return written[len(head):len(written) - len(tail)]
    return None

