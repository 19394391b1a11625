"""The scan phase: a repository in, FileFacts for each source file out.

discover (discovery.py) -> read bytes, sha256, decode check, binary/generated
check -> extract_file (extract.py) -> ScanResult. Files are parsed in a pool of
processes when there are many of them; a file that cannot be read or parsed is
listed as skipped, never fatal. With a facts cache (cache.py), a file whose bytes were
scanned before is read and hashed in this process and not parsed again.
"""

from __future__ import annotations

import codecs
import gc
import hashlib
import multiprocessing
import os
import re
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from ..config import Config
from ..gcpause import gc_paused
from .cache import FactsCache, facts_from_json, facts_key
from .project_files import frameworks_on, read_config_files
from .discovery import Discovery, NotRegularFile, SourceFile, content_skip_reason, discover, discover_paths, read_regular
from .extract import extract_file
from .snapshot import light_scan, save_snapshot, snapshot_key
from .words import FileWords, build_word_index, indexed_texts, words_of_code_file
from ..schema.facts import FileFacts, ScanResult, SkippedFile

__all__ = ["scan_repository", "scan_paths", "scan_file", "scan_unchanged", "Progress"]

Progress = Callable[[int], None]  # called with the number of files just finished
UNSCANNED_MAX_BYTES = 2_000_000
# Skips whose text is not code (or cannot be read): nothing in them can use a name.
_NOT_TEXT_SKIPS = ("binary", "no grammar", "not a regular file", "unreadable")
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")


# `import CliPreview from "./cli"` in a component file: the default export of ./cli is used
# under a name of the importer's choosing.
_DEFAULT_IMPORT = re.compile(r"""^\s*import\s+[A-Za-z_$][\w$]*\s*(?:,\s*\{[^}]*\}\s*)?from\s+["'](\.{1,2}/[^"']+)["']""", re.M)
_DEFAULT_EXPORT = re.compile(r"\bexport\s+default\s+(?:async\s+)?(?:function\*?|class)\s+([A-Za-z_$][\w$]*)")
_MODULE_SUFFIXES = ("", ".ts", ".tsx", ".js", ".jsx", ".mjs", "/index.ts", "/index.tsx", "/index.js")


def _unscanned_names(root: Path, skipped: list[SkippedFile]) -> dict[str, str]:
    """Identifiers of the text files the scan skipped (generated, too large, components of a
    framework with no grammar): code there may use a name the usage graph never saw, and the
    default export a component imports relatively is used whatever it is called there.
    Name -> one such file."""
    names: dict[str, str] = {}
    for skip in skipped:
        if skip.reason.startswith(_NOT_TEXT_SKIPS):
            continue
        try:
            text = read_regular(root / skip.path, UNSCANNED_MAX_BYTES).decode("utf-8", errors="replace")
        except OSError:
            continue
        for name in set(_IDENTIFIER.findall(text)):
            names.setdefault(name, skip.path)
        for specifier in set(_DEFAULT_IMPORT.findall(text)):
            name = _default_export(root, (root / skip.path).parent / specifier)
            if name:
                names.setdefault(name, skip.path)
    return names


def _default_export(root: Path, module: Path) -> str | None:
    """The name of the function or class a module exports by default, if it names one."""
    for suffix in _MODULE_SUFFIXES:
        path = Path(f"{module}{suffix}")
        if path.is_file() and path.resolve().is_relative_to(root.resolve()):
            try:
                found = _DEFAULT_EXPORT.search(read_regular(path, UNSCANNED_MAX_BYTES).decode("utf-8", errors="replace"))
            except OSError:
                return None
            return found.group(1) if found else None
    return None


# The expressions of a template: `{{ ... }}` and `{% ... %}` (Jinja, Django, Handlebars), and the
# bound attributes of Angular and Vue (`(click)="save()"`, `[disabled]="busy"`, `*ngIf`, `v-if`, `:x`, `@x`);
# each bounded, so that an unclosed `{{` in a large page cannot make the search quadratic.
_TEMPLATE_EXPRESSION = re.compile(
    r"\{\{(.{0,800}?)\}\}|\{%(.{0,800}?)%\}|\s(?:\(|\[|\*|v-|:|@)[\w.\-]+\)?\]?\s*=\s*\"([^\"]{0,800})\"", re.DOTALL)


# A name a template expression calls (`LoginForm()`, `Forms.auth.LoginForm()`, `macros.price(x)`).
_TEMPLATE_CALL = re.compile(r"([A-Za-z_]\w*)\s*\(")


def _template_names(root: Path, templates: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """Identifiers the expressions of the project's templates use: methods and properties a
    template calls by name (`{{ user.gravatar(size=32) }}`, `(click)="logout()"`), and among them
    the names it calls (a class or function the template engine is handed, reached through a global
    or an attribute chain: `{% with form = Forms.auth.LoginForm() %}`). Name -> one template each."""
    names: dict[str, str] = {}
    calls: dict[str, str] = {}
    for path in templates:
        try:
            text = read_regular(root / path, UNSCANNED_MAX_BYTES).decode("utf-8", errors="replace")
        except OSError:
            continue
        for match in _TEMPLATE_EXPRESSION.finditer(text):
            expression = next(group for group in match.groups() if group is not None)
            for name in _IDENTIFIER.findall(expression):
                names.setdefault(name, path)
            for name in _TEMPLATE_CALL.findall(expression):
                calls.setdefault(name, path)
    return names, calls


Outcome = tuple[FileFacts | SkippedFile, str | None]  # a file's facts or why it was skipped; a warning
Work = tuple[SourceFile, bytes | None]  # a file to scan, with its bytes when already read

# Below this many files a process pool costs more (start-up, pickling) than it saves.
PARALLEL_MIN_FILES = 200
# Bytes of source per unit of work sent to a worker: big enough to amortise the
# round trip, small enough to keep both cores busy until the end and the progress bar moving.
CHUNK_BYTES = 256 * 1024
CHUNK_MAX_FILES = 64

# PEP 263 coding cookie, in the first two lines of a Python file.
_CODING_COOKIE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.MULTILINE)


def scan_repository(
    root: Path, config: Config, *, workers: int | None = None, progress: Progress | None = None,
    facts_cache: Path | None = None,
) -> ScanResult:
    """Scan every file in scope under `root` (see discovery.py for what is in scope).

    `facts_cache`: the folder of the facts cache (cache.py), None to parse every file;
    after this whole-repository scan it holds this scan's entries only."""
    started = time.perf_counter()
    found = discover(root, config, check_content=False)
    return _scan_discovered(root, found, started, workers, progress, facts_cache, prune=True)


def scan_unchanged(root: Path, config: Config, facts_cache: Path) -> tuple[ScanResult, int] | None:
    """What scan_repository would return, with light facts (snapshot.LIGHT_FIELDS) and no word index,
    and the number of symbols, when nothing the last whole-repository scan with this facts cache was
    computed from has changed (scan/snapshot.py); otherwise None. Every file is read and hashed, no
    facts are read: a caller that needs the analysis calls scan_repository."""
    started = time.perf_counter()
    found = discover(root, config, check_content=False)
    hashes: dict[str, str] = {}
    for source in found.files:
        try:
            hashes[source.path] = hashlib.sha256(_read(source)).hexdigest()
        except OSError:
            return None
    config_files = read_config_files(root, found.config_files)
    text_hashes = {rel: sha256 for rel, _, sha256 in indexed_texts(root, found.texts, config_files)}
    stored = light_scan(_snapshot_path(facts_cache), snapshot_key(found, hashes, config_files, text_hashes), root)
    if stored is None:
        return None
    result, symbols = stored
    result.template_names, result.template_calls = _template_names(root, found.templates)
    result.unscanned_names = _unscanned_names(root, result.skipped)
    result.config_files = config_files
    result.seconds = round(time.perf_counter() - started, 3)
    return result, symbols


def _snapshot_path(facts_cache: Path) -> Path:
    return facts_cache.parent / "scan.json"  # beside the facts: cache/facts/ -> cache/scan.json


def scan_paths(
    root: Path, config: Config, paths: list[str], *, workers: int | None = None, progress: Progress | None = None,
    facts_cache: Path | None = None,
) -> ScanResult:
    """Scan only `paths` (repo-relative or absolute), under the same rules as a full scan.

    Paths that no longer exist (deleted files) are left out silently.
    """
    started = time.perf_counter()
    found = discover_paths(root, config, paths, check_content=False)
    return _scan_discovered(root, found, started, workers, progress, facts_cache, prune=False)


def scan_file(source: SourceFile, data: bytes | None = None) -> Outcome:
    """Read (unless `data` holds the bytes), check and parse one file: its facts or why it was
    skipped, and a warning if any."""
    if data is None:
        try:
            data = _read(source)
        except OSError as exc:
            return _unreadable(source, exc), None
    reason = content_skip_reason(source.path, data)
    if reason:
        return SkippedFile(path=source.path, reason=reason), None
    sha256 = hashlib.sha256(data).hexdigest()
    text, replaced = _as_utf8(data, source.language)
    try:
        facts = extract_file(source.path, text, source.language)
    except Exception as exc:  # a parser or extractor bug must cost one file, not the scan
        detail = str(exc).splitlines()[0] if str(exc) else ""
        return SkippedFile(path=source.path, reason=f"parse failed: {type(exc).__name__}: {detail}".rstrip(": ")), None
    facts.sha256 = sha256  # of the bytes on disk, whatever the decoding did
    facts.size = len(data)
    facts.decode_errors = replaced
    return facts, _decode_warning(facts)


def _read(source: SourceFile) -> bytes:
    return read_regular(source.abs_path)  # never blocks on a FIFO or device swapped in after discovery


def _unreadable(source: SourceFile, exc: OSError) -> SkippedFile:
    if isinstance(exc, NotRegularFile):
        return SkippedFile(path=source.path, reason=str(exc))
    return SkippedFile(path=source.path, reason=f"unreadable: {exc.strerror or exc}")


def _decode_warning(facts: FileFacts) -> str | None:
    return f"{facts.path}: non-UTF-8 bytes replaced" if facts.decode_errors else None


def _as_utf8(data: bytes, language: str) -> tuple[bytes, bool]:
    """UTF-8 bytes for the parser, and whether undecodable bytes were replaced.

    A Python file that declares another encoding (`# -*- coding: latin-1 -*-`)
    is transcoded with it; anything else that is not UTF-8 gets U+FFFD.
    """
    try:
        data.decode("utf-8")
        return data, False
    except UnicodeDecodeError:
        pass
    if language == "python":
        head = b"\n".join(data.split(b"\n", 2)[:2])
        cookie = _CODING_COOKIE.search(head)
        if cookie:
            try:
                codec = codecs.lookup(cookie.group(1).decode("ascii")).name
                return data.decode(codec).encode("utf-8"), False
            except (LookupError, UnicodeDecodeError):
                pass
    return data.decode("utf-8", errors="replace").encode("utf-8"), True


# What a worker sends back for a file: its facts as JSON bytes (or why it was skipped), and a warning.
# pydantic-core writes and reads the JSON without a Python call per record, where pickling a
# FileFacts calls __getstate__/__setstate__ for each of its hundreds of records: the workers
# spend a quarter of what pickling cost them, the run reading the results about as much.
# With the facts, the words of the file's strings and comments (words.words_of_code_file), which the
# word index would otherwise read file by file in the run's process once every worker is done.
SentOutcome = tuple[bytes | SkippedFile, str | None, FileWords | None]
CodeWords = dict[str, tuple[str, FileWords]]  # path -> (sha256 of its bytes, their words)


@dataclass
class _FromWorkers:
    """Where the facts the workers send go beside the scan's outcomes: the words of each file (by
    path), and the facts cache, which stores each file's facts as soon as they come, as the JSON
    the worker wrote (FileFacts read from it write the same bytes), while the workers go on."""
    cache: FactsCache | None = None
    live: set[str] = field(default_factory=set)  # the cache keys stored
    words: CodeWords = field(default_factory=dict)

    def store(self, facts: FileFacts, written: bytes | None = None) -> None:
        if self.cache is not None:
            key = facts_key(facts.path, facts.sha256, facts.language)
            self.cache.put(key, facts, written)
            self.live.add(key)


def _scan_chunk(chunk: list[Work]) -> list[SentOutcome]:
    with gc_paused():
        sent: list[SentOutcome] = []
        for source, data in chunk:
            if data is None:
                try:
                    data = _read(source)
                except OSError:
                    pass  # scan_file reads it again and says why it cannot
            outcome, warning = scan_file(source, data)
            if isinstance(outcome, FileFacts):
                sent.append((outcome.__pydantic_serializer__.to_json(outcome), warning,
                             None if data is None else words_of_code_file(data, outcome.language)))
            else:
                sent.append((outcome, warning, None))
        return sent


def _received(sent: list[SentOutcome], extras: _FromWorkers) -> list[Outcome]:
    outcomes: list[Outcome] = []
    for outcome, warning, words in sent:
        if isinstance(outcome, bytes):
            facts = _read_facts(outcome)
            extras.store(facts, outcome)
            if words is not None:
                extras.words[facts.path] = (facts.sha256, words)
            outcomes.append((facts, warning))
        else:
            outcomes.append((outcome, warning))
    return outcomes


def _read_facts(data: bytes) -> FileFacts:
    """A file's facts from a worker's JSON (a worker of this run wrote them from valid records: read
    back without validating them again), their records sharing their models' field sets (a third of
    the facts' memory otherwise)."""
    return facts_from_json(data)


def _chunks(files: list[Work]) -> list[list[Work]]:
    """Units of work, biggest files first so that the last chunks are short."""
    chunks: list[list[Work]] = []
    current: list[Work] = []
    current_bytes = 0
    for work in sorted(files, key=lambda w: w[0].size, reverse=True):
        current.append(work)
        current_bytes += work[0].size
        if current_bytes >= CHUNK_BYTES or len(current) >= CHUNK_MAX_FILES:
            chunks.append(current)
            current, current_bytes = [], 0
    if current:
        chunks.append(current)
    return chunks


def default_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _scan_serially(files: list[Work], progress: Progress | None) -> list[Outcome]:
    outcomes = []
    for source, data in files:
        outcomes.append(scan_file(source, data))
        if progress:
            progress(1)
    return outcomes


def _scan_in_pool(files: list[Work], workers: int, progress: Progress | None, extras: _FromWorkers
                  ) -> tuple[list[Outcome], list[Work]]:
    """Scan in `workers` processes: the outcomes, and the files left undone if the pool broke;
    what the workers sent beside the facts goes to `extras`."""
    # forkserver, not fork: the caller may run threads (a progress bar), and
    # forking a threaded process can deadlock the child.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["reviewer.scan.extract"])
    outcomes: list[Outcome] = []
    unfinished: list[Work] = []
    with _isolated_imports(), ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                                  initializer=_worker_start, initargs=(os.getpid(),)) as pool:
        futures = {pool.submit(_scan_chunk, chunk): chunk for chunk in _chunks(files)}
        for future in as_completed(futures):
            try:
                outcomes.extend(_received(future.result(), extras))
            except BrokenProcessPool:
                unfinished.extend(futures[future])
                continue
            if progress:
                progress(len(futures[future]))
    return outcomes, unfinished


@contextmanager
def _isolated_imports():
    """Workers never import from the audited tree: the repository may hold a package named
    like one reviewer imports (yaml, pydantic, numpy). Python puts the current folder first
    on sys.path of `python -c` (how the forkserver starts) and of `python -m`; while the
    workers start, that entry is dropped (PYTHONSAFEPATH, and sys.path without the cwd)."""
    saved_path = list(sys.path)
    saved_env = os.environ.get("PYTHONSAFEPATH")
    try:
        cwd = os.getcwd()
    except OSError:
        cwd = None
    sys.path[:] = [p for p in sys.path if p not in ("", ".") and (cwd is None or os.path.abspath(p) != cwd)]
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        yield
    finally:
        sys.path[:] = saved_path
        if saved_env is None:
            os.environ.pop("PYTHONSAFEPATH", None)
        else:
            os.environ["PYTHONSAFEPATH"] = saved_env


def _worker_start(parent: int) -> None:
    """In each scan worker: die with the parent run, even when it is killed with -9; no cyclic
    garbage collection (the facts of a file hold no cycles: reference counting frees them, and
    the collector re-walking the modules and each chunk's results is pure cost)."""
    import signal
    import threading

    gc.freeze()  # what the forkserver imported: never walked again (and its pages stay shared)
    gc.disable()  # _scan_chunk's gc_paused then leaves it off

    try:  # Linux: the kernel kills us when our parent (the forkserver) dies; it dies with the run.
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass

    def watch() -> None:  # everywhere: poll the run's pid
        while True:
            time.sleep(1.0)
            try:
                os.kill(parent, 0)
            except ProcessLookupError:
                os._exit(1)
            except OSError:
                pass

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def _scan_discovered(
    root: Path, found: Discovery, started: float, workers: int | None, progress: Progress | None,
    facts_cache: Path | None, prune: bool,
) -> ScanResult:
    workers = workers or default_workers()
    hashes: dict[str, str] = {}  # path -> sha256 of every file read (with a facts cache)
    unfinished: list[Work] = []
    # The facts (millions of objects, no cycles) live as long as the caller's run: kept out of the
    # collector's generations, or every older-generation collection after this walks them again.
    with gc_paused(keep=True):
        if facts_cache is None:
            extras = _FromWorkers()
            outcomes, work = [], [(source, None) for source in found.files]
        else:
            cache = FactsCache(facts_cache)
            outcomes, work, live, hashes = _from_cache(cache, found.files, progress)
            extras = _FromWorkers(cache, live)
        if workers > 1 and len(work) > PARALLEL_MIN_FILES:
            parsed, unfinished = _scan_in_pool(work, workers, progress, extras)
            if unfinished:  # a worker died (a crash in a native parser): finish here, one file at a time
                found.warnings.append(f"a scan worker process crashed; {len(unfinished)} files were scanned serially")
                serial = _scan_serially(unfinished, progress)
                _store_all(extras, serial)
                parsed.extend(serial)
        else:
            parsed = _scan_serially(work, progress)
            _store_all(extras, parsed)
        if facts_cache is not None and prune:
            cache.prune(extras.live)
        outcomes.extend(parsed)

    template_names, template_calls = _template_names(root, found.templates)
    result = ScanResult(root=str(root.resolve()), skipped=list(found.skipped), warnings=list(found.warnings),
                        template_names=template_names, template_calls=template_calls)
    for outcome, warning in outcomes:
        if isinstance(outcome, FileFacts):
            result.files.append(outcome)
        else:
            result.skipped.append(outcome)
        if warning:
            result.warnings.append(warning)
    result.files.sort(key=lambda f: f.path)
    result.skipped.sort(key=lambda s: s.path)
    result.unscanned_names = _unscanned_names(root, result.skipped)
    result.config_files = read_config_files(root, found.config_files)
    result.frameworks = frameworks_on(result.files, result.config_files, [*found.templates, *(s.path for s in result.skipped)])
    names = {symbol.name for facts in result.files for symbol in facts.symbols}
    # Beside the facts cache: cache/facts/ -> cache/words.json
    words_cache = facts_cache.parent / "words.json" if facts_cache is not None else None
    text_hashes: dict[str, str] = {}
    result.mentions, result.text_files_indexed = build_word_index(root, found.texts, result.files, names, words_cache,
                                                                  result.config_files, extras.words, text_hashes)
    result.warnings.sort()
    # What a run with nothing changed reads instead (scan_unchanged): a whole scan that read every
    # file, its workers all finished (a crash's warning is no function of the files).
    if facts_cache is not None and prune and len(hashes) == len(found.files) and not unfinished:
        save_snapshot(_snapshot_path(facts_cache), snapshot_key(found, hashes, result.config_files, text_hashes), result)
    result.seconds = round(time.perf_counter() - started, 3)
    return result


def _store_all(extras: _FromWorkers, outcomes: list[Outcome]) -> None:
    for facts, _ in outcomes:
        if isinstance(facts, FileFacts):
            extras.store(facts)


def _from_cache(cache: FactsCache, files: list[SourceFile], progress: Progress | None
                ) -> tuple[list[Outcome], list[Work], set[str], dict[str, str]]:
    """Read and hash every file: the outcomes the cache holds, the files left to parse (with
    their bytes, so that they are read once), the cache keys of the files found there, and the
    sha256 of every file read (path -> digest)."""
    outcomes: list[Outcome] = []
    work: list[Work] = []
    live: set[str] = set()
    hashes: dict[str, str] = {}
    for source in files:
        try:
            data = _read(source)
        except OSError as exc:
            outcomes.append((_unreadable(source, exc), None))
            if progress:
                progress(1)
            continue
        sha256 = hashes[source.path] = hashlib.sha256(data).hexdigest()
        key = facts_key(source.path, sha256, source.language)
        facts = cache.get(key, source.path, sha256)
        if facts is None:
            work.append((source, data))
            continue
        live.add(key)
        outcomes.append((facts, _decode_warning(facts)))
        if progress:
            progress(1)
    return outcomes, work, live, hashes
