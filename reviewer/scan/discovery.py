"""Discovery: which files of a repository the scan reads, and why the others are left out.

Rules, in the order they apply:
- directories that never hold the project's own code are pruned while walking
  (`.git`, virtual environments, `node_modules`, `vendor`, `third_party`,
  caches, build output, the output folder): nothing below them is read or listed;
- `.gitignore` files (every folder's, anchored at their folder, negations
  included; plus the ones of an enclosing git repository above the scanned
  folder and `.git/info/exclude`), then the `scan.exclude` and `scan.include`
  globs: silently out of scope, like git would treat them;
- files that are not source code (README, images, data) are silently out of
  scope; source files of a language we have no grammar for, or that the
  configuration does not enable, are listed as skipped with the reason;
- symlinks that leave the repository, loop or dangle, files over the size
  limit, unreadable files, binary, generated, built (a source map comment, a bundle named by its
  content hash) and minified files are listed as skipped with the reason.

No git command is run: this works the same inside and outside a git repository.
"""

from __future__ import annotations

import os
import posixpath
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

import pathspec

from ..frameworks import config_file_pattern
from ..config import Config
from ..errors import UserError
from ..ui import format_bytes
from .languages import language_for_path
from ..schema.facts import SkippedFile

# Folders pruned by name wherever they are.
SKIPPED_DIR_NAMES = frozenset(
    {
        ".git", ".hg", ".svn", ".reviewer",
        ".venv", "site-packages", "__pycache__", ".tox", ".nox", ".eggs",
        "node_modules", "bower_components",
        "vendor", "third_party",  # other people's code checked in (Go, PHP, C/C++ and Python projects)
        "_vendor",  # Python packages vendored by the `vendoring` tool (pip, setuptools, poetry-core: `_vendor/vendor.txt`)
        ".mypy_cache", ".pytest_cache", ".ruff_cache",
    }
)
# Folders pruned by name unless they are a Python package (hold __init__.py) or stand inside a `src/`
# tree: a package that happens to be named build (`src/build/`) and `src/core/build/` (a bundler's own
# build step) are source code, `build/` of setuptools and a package's `dist/` are not.
BUILD_OUTPUT_DIR_NAMES = frozenset({"dist", "build", "coverage"})


def is_build_output(rel_folder: str, has_init: bool) -> bool:
    """Whether a folder is a build's output, pruned by its name (see BUILD_OUTPUT_DIR_NAMES)."""
    parts = rel_folder.split("/")
    return parts[-1] in BUILD_OUTPUT_DIR_NAMES and "src" not in parts[:-1] and not has_init


# A folder holding one of these is an environment, whatever its name (venv, env, .env-3.11...).
ENVIRONMENT_MARKERS = ("pyvenv.cfg", "conda-meta")

# Source code we recognise but cannot parse: listed as skipped rather than silently ignored.
NO_GRAMMAR_EXTENSIONS = frozenset(
    {
        ".go", ".rs", ".java", ".kt", ".kts", ".scala", ".groovy", ".rb", ".php", ".c", ".h",
        ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".cs", ".fs", ".swift", ".m", ".mm",
        ".dart", ".lua", ".pl", ".pm", ".r", ".jl", ".ex", ".exs", ".erl", ".hs", ".ml",
        ".clj", ".elm", ".zig", ".nim", ".sh", ".bash", ".ps1", ".sql",
        ".pyx", ".pxd",
    }
)
# Components of a UI framework we have no grammar for: their scripts import the project's modules
# (a docs site's .astro pages and layouts import its .tsx components), so their
# names are read as unscanned code's (scan._unscanned_names), never silently ignored.
COMPONENT_EXTENSIONS = frozenset({".vue", ".svelte", ".astro", ".mdx"})
# Templates a framework renders (Jinja, Django, Angular, Handlebars): no code to review, but their
# expressions call the project's methods by name (`{{ user.gravatar(size=32) }}`).
TEMPLATE_EXTENSIONS = frozenset({".html", ".htm", ".jinja", ".jinja2", ".j2", ".djhtml", ".njk", ".hbs"})
# Under a `templates/` folder (Django, Flask, Jinja loaders) a template may be any text: a release
# checklist in Markdown, an OpenSearch description in XML, an email in .txt.
TEMPLATE_FOLDER_EXTENSIONS = frozenset({".md", ".rst", ".txt", ".xml", ".json", ".csv", ".eml", ".svg", ".ics", ".tex"})


def _template(rel: str, extension: str) -> bool:
    return extension in TEMPLATE_EXTENSIONS or (extension in TEMPLATE_FOLDER_EXTENSIONS
                                                and "templates" in rel.split("/")[:-1])


MINIFIED_SUFFIXES = (".min.js", ".min.mjs", ".min.cjs", ".bundle.js", ".bundle.mjs", ".umd.js", ".umd.cjs")
# A bundler's runtime in a file's opening: webpack's bootstrap banner, its module loader however renamed or
# reformatted (`modules[id].call(module.exports, module, module.exports, __webpack_require__)`: a
# library's dist build pasted into a project, `t[e].call(o.exports, o, o.exports, r)`), browserify's module
# prelude (`(function e(t,n,r){function s(o,u){`), parcel's. Whatever the lines' length, the file is built.
_BUNDLER_RUNTIME = re.compile(
    rb"^/\*{6}/ |webpackBootstrap|\(function e\(t, ?n, ?r\) ?\{ ?(?:\n\s*)?function s\(o, ?u\)|\bparcelRequire\s*="
    rb"|\.call\(\s*([\w$]+)\.exports\s*,\s*\1\s*,\s*\1\.exports\s*,"
    # browserify's current prelude (`(function(){function r(e,n,t){function o(i,f){...`), minified
    rb"|\bthrow\s+\w+\.code\s*=\s*\"MODULE_NOT_FOUND\"",
    re.MULTILINE)
# A bundler's output names each chunk by its content hash: `index-3f2a9c1b.js`, `main.8e4b1c2d.js`
# (hex, with a digit), `index-BwG3kX9a.js` (base64url: digits, capitals and small letters mixed).
_HASHED_BUNDLE = re.compile(
    r"[.-](?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\.(?:m?js|cjs)$|-(?=[\w-]*\d)(?=[\w-]*[A-Z])(?=[\w-]*[a-z])[\w-]{8}\.(?:m?js|cjs)$")
# A build tool's last line pointing at the map back to the sources it was built from.
_SOURCE_MAP = re.compile(rb"^\s*(?://|/\*)\s*[#@]\s*sourceMappingURL=", re.MULTILINE)

BINARY_SNIFF_BYTES = 8192
GENERATED_HEADER_LINES = 5
# Markers of generated code in the first lines. Loose prose ("tables generated by
# pgen", "streams generated with Python 2") must not match, so a bare "generated"
# counts only at the start of a comment line, after "this file is", or as "generated from
# <source> with <script>".
GENERATED_HEADER = re.compile(
    rb"@generated\b|\bauto-?generated\b|\bautomatically generated\b|\bdo not edit\b"
    rb"|\b(?:this|the) (?:file|module|code|source)(?: file)? (?:is|was|has been) (?:[\w-]+ )?generated\b"
    rb"|^[ \t#/*\"'!;-]*(?:code |file )?generated (?:by|from|using)\b"
    # "... generated from 'CP037.TXT' with gencodec.py": a source and the script that wrote it.
    rb"|\bgenerated from \S+ (?:with|by|using) [\w.-]+\.(?:py|pl|rb|sh|js|ts|go)\b",
    re.IGNORECASE | re.MULTILINE,
)
# A scaffold says "Generated by" too, but a command wrote it once for the developer to edit:
# Django's `startproject`/`startapp` settings, urls and apps modules are hand-kept code.
SCAFFOLD_HEADER = re.compile(rb"generated by '?(?:django-admin|manage\.py) start(?:project|app)\b", re.IGNORECASE)
# A JavaScript library copied in whole (jQuery, Bootstrap, bootstrap-markdown.js in a Django
# `static/js/`): its opening comment names a version, a home page and a license.
_VENDORED_SUFFIXES = (".js", ".mjs", ".cjs")
_VENDORED_VERSION = re.compile(rb"\bv\d+\.\d+(?:\.\d+)?\b|\b\d+\.\d+\.\d+\b")
_VENDORED_HOME = re.compile(rb"https?://")
_LICENSE_NAMES = ("LICENSE", "LICENCE", "COPYING")
_ASSET_DIRECTORIES = frozenset({"static", "assets", "public", "vendor", "vendors"})  # not lib/: a package's own code
# Manifests a build step writes into its output folder: the files beside them are its copies.
_BUILD_MANIFESTS = frozenset({"staticfiles.json", "asset-manifest.json", ".vite-manifest.json"})
_VENDORED_LICENSE = re.compile(rb"\blicen[cs]e|\bcopyright\b|\(c\)", re.IGNORECASE)
MAX_AVERAGE_LINE = 500
MAX_LINE = 5000


@dataclass(frozen=True)
class SourceFile:
    """A file in scope: what the scan reads and parses."""

    path: str  # repo-relative POSIX path
    abs_path: Path
    language: str
    size: int


@dataclass
class Discovery:
    files: list[SourceFile] = field(default_factory=list)  # sorted by path
    skipped: list[SkippedFile] = field(default_factory=list)  # sorted by path
    warnings: list[str] = field(default_factory=list)
    templates: list[str] = field(default_factory=list)  # repo-relative paths of template files, sorted
    config_files: list[str] = field(default_factory=list)  # files a framework or the analysis reads (sorted)
    # The folders the walk listed (absolute): a file added or removed in scope changes one's mtime.
    folders: list[str] = field(default_factory=list)
    # repo-relative paths of the other files that are not parsed code (docs, config, scripts), sorted:
    # read for the names they mention (scan.words)
    texts: list[str] = field(default_factory=list)


def content_skip_reason(path: str, data: bytes) -> str | None:
    """Why a file's bytes make it unfit to review (binary, generated, minified), or None."""
    if b"\0" in data[:BINARY_SNIFF_BYTES]:
        return "binary (NUL byte in the first 8 KiB)"
    # the first lines that hold something: a block of tool pragmas (`/* eslint-disable */`, `// @ts-nocheck`),
    # a blank line after each, may come before the sentence that says who generated the file
    header = b"\n".join([line for line in data[:4096].split(b"\n") if line.strip()][:GENERATED_HEADER_LINES])
    marker = GENERATED_HEADER.search(header)
    if marker and not SCAFFOLD_HEADER.search(header):
        shown = marker.group(0).decode("ascii", "replace").lstrip(" \t#/*\"'!;-")
        return f"generated (header says '{shown}')"
    if _SOURCE_MAP.search(data[-1024:]):
        return "built (a source map comment: compiled from other sources)"
    if path.endswith(_VENDORED_SUFFIXES) and _BUNDLER_RUNTIME.search(data[:4096]):
        return "built (a bundler's module runtime in its opening lines)"
    if path.endswith(_VENDORED_SUFFIXES) and data.removeprefix(b"\xef\xbb\xbf").lstrip()[:2] in (b"/*", b"//"):
        reason = _vendored_banner(path, data[:4096].split(b"\n", 30)[:30])
        if reason:
            return reason
    if len(data) > MAX_AVERAGE_LINE:
        line_count = data.count(b"\n") + (0 if data.endswith(b"\n") else 1)
        average = len(data) / line_count
        if average > MAX_AVERAGE_LINE:
            return f"minified or bundled (average line {average:,.0f} chars > {MAX_AVERAGE_LINE})"
        if len(data) > MAX_LINE:
            longest = max(map(len, data.split(b"\n")))
            if longest > MAX_LINE:
                return f"minified or bundled (a line of {longest:,} chars > {MAX_LINE:,})"
    return None


def _vendored_banner(path: str, opening: list[bytes]) -> str | None:
    """Why a JavaScript file's opening comment says it is a library copied in: it names a version, a
    home page and a license; or, in a folder of served assets (`static/`, `public/`, `vendor/`), a
    copyright or license and a home page (CKEditor's language files, showdown.js)."""
    text = b"\n".join(opening)
    if not (_VENDORED_LICENSE.search(text) and _VENDORED_HOME.search(text)):
        return None
    named = next((line for line in opening[:5] if _VENDORED_VERSION.search(line)), None)
    if named is not None:
        shown = named.decode("ascii", "replace").strip(" \t/*!=").strip()
        return f"vendored (header names '{shown[:60]}')"
    if any(part in _ASSET_DIRECTORIES for part in path.split("/")[:-1]):
        return "vendored (a library's copyright header in a folder of served assets)"
    return None


# `// CodeMirror version 2.23`, `/*! jQuery UI - v1.13.2`: a release's version in its opening lines.
_RELEASE_VERSION = re.compile(rb"\b(?:v|version\s*)\d+\.\d+|\b\d+\.\d+\.\d+\b", re.IGNORECASE)


def _versioned_main(folder: str, rel_folder: str, names: set[str]) -> str | None:
    """A library's own folder in served assets, known by its main file: `static/codemirror/codemirror.js`
    whose opening lines name a release (`// CodeMirror version 2.23`); its modes and add-ons beside it
    carry no header of their own. The main file's path, or None."""
    name = posixpath.basename(rel_folder)
    for main in (f"{name}.js", f"{name}.min.js"):
        if main in names:
            try:
                opening = read_regular(os.path.join(folder, main), 512)
            except OSError:
                continue
            if _RELEASE_VERSION.search(b"\n".join(opening.split(b"\n")[:3])):
                return f"{rel_folder}/{main}"
    return None


def read_regular(path: str | os.PathLike, limit: int = -1) -> bytes:
    """The bytes of a regular file (the first `limit` when given). Opened without blocking
    and checked after opening, so a file swapped for a FIFO or a device after discovery
    cannot hang the read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile("not a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(limit)
    finally:
        os.close(fd)


def _is_source_candidate(name: str) -> bool:
    extension = os.path.splitext(name)[1].lower()
    return language_for_path(name) is not None or extension in NO_GRAMMAR_EXTENSIONS or extension in COMPONENT_EXTENSIONS


def _is_inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


class _GitIgnore:
    """The patterns of one .gitignore, anchored at its folder.

    Patterns match paths relative to that folder, so a root-relative path is
    converted: for a .gitignore below the root its folder (`strip`) is removed,
    for one above it (an enclosing repository) the way down to the root
    (`prepend`) is added.
    """

    def __init__(self, spec: pathspec.GitIgnoreSpec, anchor: str, strip: str = "", prepend: str = "") -> None:
        self.spec = spec
        self.anchor = anchor  # absolute path of the folder the patterns are relative to
        self.strip = strip
        self.prepend = prepend

    def decide(self, rel: str) -> tuple[bool | None, bool]:
        """(ignored?, content_only) for a root-relative path; None when no pattern matches.

        content_only marks a directory matched by `dir/**`: git ignores what it
        holds, not the folder itself, so a later `!dir/keep.py` can re-include.
        """
        return self.decide_relative(self.prepend + rel[len(self.strip):])

    def decide_relative(self, path: str) -> tuple[bool | None, bool]:
        """Like `decide`, for a path relative to this .gitignore's folder."""
        result = self.spec.check_file(path)
        if result.include is None:
            return None, False
        pattern = self.spec.patterns[result.index]
        return result.include, str(getattr(pattern, "pattern", "")).endswith("/**")


def _read_gitignore(path: str, anchor: str, strip: str = "", prepend: str = "") -> _GitIgnore | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return None
    try:
        spec = pathspec.GitIgnoreSpec.from_lines(lines)
    except Exception:  # pathspec raises several types for a malformed pattern
        # git skips a pattern it cannot read (a lone `!` in a test's data) and
        # obeys the others: so do we.
        spec = pathspec.GitIgnoreSpec.from_lines([line for line in lines if _valid_gitignore_line(line)])
    return _GitIgnore(spec, anchor, strip, prepend) if spec.patterns else None


# GitHub's attributes for code nobody writes by hand: `sdk/python/** linguist-generated=true`,
# `third_party/* linguist-vendored` (`-linguist-generated` or `=false` unsets it).
_LINGUIST = re.compile(r"^linguist-(generated|vendored)(?:=(\S+))?$")


def _linguist_marks(path: str, rel_folder: str) -> list[tuple[str, pathspec.GitIgnoreSpec, str]]:
    """The patterns of one .gitattributes file whose files are marked generated or vendored."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return []
    where = f"{rel_folder}/.gitattributes" if rel_folder else ".gitattributes"
    found: dict[str, list[str]] = {}
    for line in lines:
        fields = line.split()
        if len(fields) < 2 or fields[0].startswith("#") or fields[0].endswith("/"):
            continue  # a comment; a folder pattern gives its files no attribute (gitattributes(5))
        for attribute in fields[1:]:
            mark = _LINGUIST.match(attribute)
            if mark and (mark.group(2) or "true").lower() not in ("false", "0"):
                found.setdefault(mark.group(1), []).append(fields[0])
    marks = []
    for kind, patterns in sorted(found.items()):
        valid = [pattern for pattern in patterns if _valid_gitignore_line(pattern)]
        if valid:
            marks.append((rel_folder, pathspec.GitIgnoreSpec.from_lines(valid),
                          f"{kind} ({where} marks it linguist-{kind})"))
    return marks


def _valid_gitignore_line(line: str) -> bool:
    try:
        pathspec.GitIgnoreSpec.from_lines([line])
    except Exception:
        return False
    return True


def _enclosing_gitignores(root: str) -> list[_GitIgnore]:
    """.gitignore files between an enclosing git repository's top and `root` (exclusive),
    and that repository's .git/info/exclude, so scanning a subfolder obeys them too.

    When those rules ignore the scanned folder itself (scanning `/repo/build/lib`,
    or a Python install that lives inside a pyenv clone), they are dropped: the
    user asked for that folder explicitly.
    """
    chain: list[str] = []  # folders from root up to (excluding) the repository's top
    folder = root
    while not os.path.exists(os.path.join(folder, ".git")):
        parent = os.path.dirname(folder)
        if parent == folder:
            return []  # not inside a git repository: only the root's own files apply
        chain.append(folder)
        folder = parent
    top = folder
    found: list[_GitIgnore] = []
    exclude = _read_gitignore(os.path.join(top, ".git", "info", "exclude"), top, prepend=_rel_prefix(root, top))
    if exclude:
        found.append(exclude)
    if top == root:
        return found
    ancestors = [top, *reversed(chain[1:])]  # outermost first; root's own .gitignore is read by the walk
    for ancestor in ancestors:
        ignore = _read_gitignore(os.path.join(ancestor, ".gitignore"), ancestor, prepend=_rel_prefix(root, ancestor))
        if ignore:
            found.append(ignore)
    for folder in reversed(chain):  # from top's child down to root
        ignored = False
        for ignore in found:
            if ignore.anchor != folder and _is_inside(folder, ignore.anchor):
                rel = os.path.relpath(folder, ignore.anchor).replace(os.sep, "/")
                decision, content_only = ignore.decide_relative(rel + "/")
                if decision is not None:
                    ignored = decision and not content_only
        if ignored:
            return []
    return found


def _rel_prefix(root: str, ancestor: str) -> str:
    rel = os.path.relpath(root, ancestor)
    return "" if rel == "." else rel.replace(os.sep, "/") + "/"


def _globs(patterns: list[str], key: str) -> pathspec.PathSpec | None:
    """The compiled globs of `scan.include`/`scan.exclude`; a bad one is a user error naming it."""
    if not patterns:
        return None
    for pattern in patterns:
        try:
            pathspec.PathSpec.from_lines("gitignore", [pattern])
        except Exception as exc:  # pathspec raises several types for a malformed pattern
            raise UserError(f"invalid glob {pattern!r} in {key} (.reviewer.yml): {exc}") from None
    return pathspec.PathSpec.from_lines("gitignore", patterns)


def _regular_size(path: str) -> int:
    """The size of a regular file (links followed); anything else (FIFO, device, socket)
    raises, so it is skipped instead of blocking the read forever."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        kind = "FIFO" if stat.S_ISFIFO(info.st_mode) else "device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else "socket" if stat.S_ISSOCK(info.st_mode) else "special file"
        raise NotRegularFile(f"not a regular file ({kind})")
    return info.st_size


class NotRegularFile(OSError):
    pass


class _Walker:
    def __init__(self, root: Path, config: Config, check_content: bool) -> None:
        self.root = str(root.resolve())
        self.config = config
        self.check_content = check_content
        self.max_bytes = config.scan.max_file_bytes
        self.languages = set(config.languages)
        self.include = _globs(config.scan.include, "scan.include")
        self.exclude = _globs(config.scan.exclude, "scan.exclude")
        self.output_rel = self._output_folder(config.output)
        self.base_ignores = _enclosing_gitignores(self.root) if config.scan.respect_gitignore else []
        self.files: list[SourceFile] = []
        self.skipped: list[SkippedFile] = []
        self.warnings: list[str] = []
        self.linked: list[SourceFile] = []  # files reached through a symlink, deduplicated at the end
        self.templates: list[str] = []
        self.config_files: list[str] = []
        self.config_pattern = config_file_pattern()
        self._target_ignores: dict[str, list[_GitIgnore] | None] | None = None  # for _target_ignored
        self.folders: list[str] = []
        self.texts: list[str] = []
        # (folder, patterns, why) of each .gitattributes that marks files generated or vendored
        self.marked: list[tuple[str, pathspec.GitIgnoreSpec, str]] = []

    def _target_ignored(self, abs_path: str) -> bool:
        """Whether the real file behind a link is one the rules leave out (a .gitignore, scan.exclude,
        a pruned folder): a committed link must not bring in a file that is ignored where it lives."""
        real = os.path.realpath(abs_path)
        if not _is_inside(real, self.root):
            return True
        rel = os.path.relpath(real, self.root).replace(os.sep, "/")
        if self._target_ignores is None:
            seed = list(self.base_ignores)
            own = _read_gitignore(os.path.join(self.root, ".gitignore"), self.root) if self.config.scan.respect_gitignore else None
            self._target_ignores = {"": [*seed, own] if own else seed}
        ignores = _folder_ignores(self, rel.rpartition("/")[0], self._target_ignores)
        return ignores is None or self._ignored(rel, False, ignores)

    def _output_folder(self, output: str) -> str | None:
        path = Path(output)
        absolute = os.path.normpath(str(path if path.is_absolute() else Path(self.root) / path))
        if not _is_inside(absolute, self.root) or absolute == self.root:
            return None
        return os.path.relpath(absolute, self.root).replace(os.sep, "/")

    # -- decisions -------------------------------------------------------------------------

    def _pruned_by_name(self, name: str, rel: str) -> bool:
        return name in SKIPPED_DIR_NAMES or rel == self.output_rel

    def _ignored(self, rel: str, is_dir: bool, ignores: list[_GitIgnore]) -> bool:
        """Whether .gitignore files or scan.exclude leave this path out."""
        probe = rel + "/" if is_dir else rel
        ignored: bool | None = None
        content_only = False
        for ignore in ignores:  # outermost first: the deepest matching pattern wins, as in git
            decision, only_content = ignore.decide(probe)
            if decision is not None:
                ignored, content_only = decision, only_content
        if ignored and not (is_dir and content_only):
            return True
        if self.exclude is not None and self.exclude.match_file(probe):
            return True
        return False

    def _marked(self, rel: str) -> str | None:
        """Why a .gitattributes above the file says it is generated or vendored, if one does."""
        for folder, spec, why in self.marked:
            if not folder or rel.startswith(folder + "/"):
                if spec.match_file(rel[len(folder) + 1:] if folder else rel):
                    return why
        return None

    def _skip(self, rel: str, reason: str) -> None:
        self.skipped.append(SkippedFile(path=rel, reason=reason))

    # -- walking ---------------------------------------------------------------------------

    def walk(self, folder: str, rel_folder: str, ignores: list[_GitIgnore], real_chain: tuple[str, ...], linked: bool,
             vendored: str | None = None) -> None:
        try:
            with os.scandir(folder) as iterator:
                entries = sorted(iterator, key=lambda entry: entry.name)
        except OSError as exc:
            self._skip(rel_folder + "/" if rel_folder else ".", f"unreadable folder: {exc.strerror or exc}")
            return
        self.folders.append(folder)
        names = {entry.name for entry in entries}
        if rel_folder and any(marker in names for marker in ENVIRONMENT_MARKERS):
            return  # a virtual environment or conda env: installed packages, not the project
        if rel_folder and is_build_output(rel_folder, "__init__.py" in names):
            return
        if self.config.scan.respect_gitignore and ".gitignore" in names:
            own = _read_gitignore(os.path.join(folder, ".gitignore"), folder, strip=rel_folder + "/" if rel_folder else "")
            if own:
                ignores = [*ignores, own]
        if ".gitattributes" in names:
            self.marked += _linguist_marks(os.path.join(folder, ".gitattributes"), rel_folder)
        if vendored is None and rel_folder and any(part in _ASSET_DIRECTORIES for part in rel_folder.split("/")[:-1]):
            # a library copied into served assets with its own license file (`static/ckeditor/LICENSE.md`)
            licence = next((name for name in sorted(names) if name.upper().startswith(_LICENSE_NAMES)), None)
            vendored = f"{rel_folder}/{licence}" if licence else _versioned_main(folder, rel_folder, names)
        if vendored is None and rel_folder and _BUILD_MANIFESTS & names:
            # the output folder of a build step, known by the manifest it writes (Django's collectstatic
            # writes staticfiles.json beside every app's assets, the admin's scripts among them)
            vendored = f"{rel_folder}/{sorted(_BUILD_MANIFESTS & names)[0]}"
        for entry in entries:
            rel = f"{rel_folder}/{entry.name}" if rel_folder else entry.name
            try:
                is_link = entry.is_symlink()
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if is_link:
                self._visit_link(entry, rel, ignores, real_chain)
            elif is_dir:
                if not self._pruned_by_name(entry.name, rel) and not self._ignored(rel, True, ignores):
                    self.walk(entry.path, rel, ignores, (*real_chain, os.path.join(real_chain[-1], entry.name)), linked,
                              vendored)
            elif entry.is_file(follow_symlinks=False):
                # A manifest a .gitignore pattern covers may still be tracked (a package whose
                # `**/package.json` rule is meant for its build output): configuration is read anyway.
                if not linked and self.config_pattern.fullmatch(rel):
                    self.config_files.append(rel)
                if self._ignored(rel, False, ignores):
                    continue
                if vendored is not None and language_for_path(entry.name) is not None and self._included(rel):
                    what = ("built (the output folder of a build step, with its manifest" if
                            vendored.rsplit("/", 1)[-1] in _BUILD_MANIFESTS else
                            "vendored (a library folder with its own" if not vendored.endswith(".js") else
                            "vendored (a library folder with its versioned main file")
                    self._skip(rel, f"{what} {vendored.rsplit('/', 1)[-1]}: {vendored})")
                    continue
                marked = self._marked(rel) if self.marked else None
                if marked is not None and language_for_path(entry.name) is not None and self._included(rel):
                    self._skip(rel, marked)
                    continue
                self._visit_file(rel, entry.path, entry.name, linked, lambda e=entry: e.stat().st_size)

    def _visit_link(self, entry: os.DirEntry, rel: str, ignores: list[_GitIgnore], real_chain: tuple[str, ...]) -> None:
        try:
            target_is_dir = entry.is_dir()  # follows the link
        except OSError:
            target_is_dir = False
        if self._ignored(rel, target_is_dir, ignores) or (target_is_dir and self._pruned_by_name(entry.name, rel)):
            return
        if not target_is_dir and not _is_source_candidate(entry.name):
            return  # a link to a README or an image: out of scope whatever it points to
        shown = rel + "/" if target_is_dir else rel
        if not self.config.scan.follow_symlinks:
            self._skip(shown, "symlink not followed (scan.follow_symlinks is false)")
            return
        target = os.readlink(entry.path)
        try:
            os.stat(entry.path)
        except OSError as exc:
            if exc.errno == getattr(os, "ELOOP", 40) or "loop" in str(exc).lower():
                self._skip(shown, f"symlink loop (-> {target})")
            else:
                self._skip(shown, f"broken symlink (-> {target})")
            return
        real = os.path.realpath(entry.path)
        if not _is_inside(real, self.root):
            self._skip(shown, f"symlink leaves the repository (-> {real})")
            return
        if target_is_dir:
            if any(_is_inside(ancestor, real) for ancestor in real_chain):
                self._skip(shown, f"symlink loop (-> {target}, a folder that contains it)")
                return
            self.walk(entry.path, rel, ignores, (*real_chain, real), linked=True)
        else:
            self._visit_file(rel, entry.path, entry.name, True, lambda: _regular_size(real))

    def _visit_file(self, rel: str, abs_path: str, name: str, linked: bool, size_of) -> None:
        language = language_for_path(name)
        if language is None:
            if not linked:
                self.texts.append(rel)
            extension = os.path.splitext(name)[1].lower()
            if extension in NO_GRAMMAR_EXTENSIONS and self._included(rel):
                self._skip(rel, f"no grammar for {extension}")
            elif extension in COMPONENT_EXTENSIONS and self._included(rel):
                self._skip(rel, f"{extension} component (no grammar; the names it uses are read)")
            elif _template(rel, extension) and not linked and self._included(rel):
                self.templates.append(rel)
            return
        if not self._included(rel):
            return
        if linked and self._target_ignored(abs_path):
            self._skip(rel, f"symlink to an ignored file ({os.path.relpath(os.path.realpath(abs_path), self.root)})")
            return
        if language not in self.languages:
            self._skip(rel, f"language {language} not enabled (languages in the configuration)")
            return
        if name.lower().endswith(MINIFIED_SUFFIXES):
            self._skip(rel, "minified or bundled (file name)")
            return
        if _HASHED_BUNDLE.search(name):
            self._skip(rel, "built (a bundle named by its content hash)")
            return
        try:
            size = size_of()
        except NotRegularFile as exc:
            self._skip(rel, str(exc))
            return
        except OSError as exc:
            self._skip(rel, f"unreadable: {exc.strerror or exc}")
            return
        if size > self.max_bytes:
            self._skip(rel, f"over size limit ({format_bytes(size)} > {format_bytes(self.max_bytes)})")
            return
        if self.check_content:
            try:
                data = read_regular(abs_path)
            except OSError as exc:
                self._skip(rel, f"unreadable: {exc.strerror or exc}")
                return
            reason = content_skip_reason(rel, data)
            if reason:
                self._skip(rel, reason)
                return
        found = SourceFile(path=rel, abs_path=Path(abs_path), language=language, size=size)
        (self.linked if linked else self.files).append(found)

    def _included(self, rel: str) -> bool:
        return self.include is None or self.include.match_file(rel)

    def finish(self) -> Discovery:
        direct = {os.path.join(self.root, *f.path.split("/")): f.path for f in self.files}
        for linked in self.linked:
            real = os.path.realpath(linked.abs_path)
            if real in direct:
                self._skip(linked.path, f"symlink to {direct[real]} (scanned there)")
            else:
                self.files.append(linked)
        self.files.sort(key=lambda f: f.path)
        self.skipped.sort(key=lambda s: s.path)
        if self.include is not None and not self.files and not self.skipped:
            self.warnings.append(f"scan.include {self.config.scan.include} matched no source file")
        return Discovery(files=self.files, skipped=self.skipped, warnings=self.warnings, templates=sorted(self.templates),
                         config_files=sorted(self.config_files), folders=self.folders, texts=sorted(self.texts))


def discover(root: Path, config: Config, *, check_content: bool = True) -> Discovery:
    """The files of `root` in scope for the scan, in path order, and the ones skipped with why.

    check_content=False leaves the binary/generated/minified checks (which read
    each file) to the caller, which reads the bytes anyway: see
    `content_skip_reason`.
    """
    walker = _Walker(root, config, check_content)
    walker.walk(walker.root, "", list(walker.base_ignores), (walker.root,), linked=False)
    return walker.finish()


def discover_paths(root: Path, config: Config, paths: list[str], *, check_content: bool = True) -> Discovery:
    """Like `discover`, for a list of repo-relative paths (e.g. the files changed since a commit).

    Each path goes through the same rules as in a full walk, including the
    folders above it (pruned names, environments, .gitignore files). Paths that
    do not exist (deleted files) are left out silently.
    """
    walker = _Walker(root, config, check_content)
    root_ignores = list(walker.base_ignores)
    if config.scan.respect_gitignore:
        own = _read_gitignore(os.path.join(walker.root, ".gitignore"), walker.root)
        if own:
            root_ignores.append(own)
    folder_cache: dict[str, list[_GitIgnore] | None] = {"": root_ignores}
    wanted = set()
    for raw in paths:
        if os.path.isabs(raw):  # resolve the folder, not the file: it may be a symlink
            raw = os.path.relpath(os.path.join(os.path.realpath(os.path.dirname(raw)), os.path.basename(raw)), walker.root)
        rel = os.path.normpath(raw)
        rel = rel.replace(os.sep, "/")
        if not (rel.startswith("../") or rel in (".", "..")):
            wanted.add(rel)
    for rel in sorted(wanted):
        parent, _, name = rel.rpartition("/")
        ignores = _folder_ignores(walker, parent, folder_cache)
        abs_path = os.path.join(walker.root, *rel.split("/"))
        if ignores is None or not os.path.lexists(abs_path) or walker._ignored(rel, False, ignores):
            continue
        if os.path.islink(abs_path):
            walker._visit_link(_PathEntry(abs_path, name), rel, ignores, (walker.root, os.path.realpath(os.path.dirname(abs_path))))
        elif os.path.isfile(abs_path):
            walker._visit_file(rel, abs_path, name, False, lambda p=abs_path: _regular_size(p))
    return walker.finish()


def _folder_ignores(walker: _Walker, rel_folder: str, cache: dict[str, list[_GitIgnore] | None]) -> list[_GitIgnore] | None:
    """The .gitignore stack that applies inside a folder, or None when the folder is pruned."""
    if rel_folder in cache:
        return cache[rel_folder]
    parent, _, name = rel_folder.rpartition("/")
    inherited = _folder_ignores(walker, parent, cache)
    result: list[_GitIgnore] | None = None
    folder = os.path.join(walker.root, *rel_folder.split("/"))
    if inherited is not None and not walker._pruned_by_name(name, rel_folder) and not walker._ignored(rel_folder, True, inherited):
        environment = any(os.path.exists(os.path.join(folder, marker)) for marker in ENVIRONMENT_MARKERS)
        build_output = is_build_output(rel_folder, os.path.exists(os.path.join(folder, "__init__.py")))
        if not environment and not build_output:
            result = inherited
            if walker.config.scan.respect_gitignore:
                own = _read_gitignore(os.path.join(folder, ".gitignore"), folder, strip=rel_folder + "/")
                if own:
                    result = [*inherited, own]
    cache[rel_folder] = result
    return result


class _PathEntry:
    """The bits of os.DirEntry that _visit_link reads, for a path not found by scandir."""

    def __init__(self, path: str, name: str) -> None:
        self.path = path
        self.name = name

    def is_dir(self) -> bool:
        return os.path.isdir(self.path)


def is_ignored(root: Path, config: Config, rel: str) -> bool:
    """Whether the scan's rules leave `rel` out as git would: a pruned folder above it
    (`.git`, environments, build output, the output folder), a .gitignore or scan.exclude.
    (Not the source-file filter: a README is not ignored.) Used to refuse such files to Claude."""
    walker = _Walker(root, config, check_content=False)
    root_ignores = list(walker.base_ignores)
    if config.scan.respect_gitignore:
        own = _read_gitignore(os.path.join(walker.root, ".gitignore"), walker.root)
        if own:
            root_ignores.append(own)
    parent, _, _ = rel.rpartition("/")
    ignores = _folder_ignores(walker, parent, {"": root_ignores})
    return ignores is None or walker._ignored(rel, False, ignores)
