"""The `.reviewer/` folder: its paths, atomic writes, and the writer lock."""

from __future__ import annotations

import hashlib
import json
import os
import re
import socket
import stat
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Iterator

import pydantic_core

from .errors import UserError


@dataclass(frozen=True)
class Workspace:
    """Paths under `<repo>/<output>/` (default `.reviewer/`)."""

    root: Path  # the repository root
    output: str = ".reviewer"

    @property
    def base(self) -> Path:
        return self.root / self.output

    @property
    def reviews(self) -> Path:
        return self.base / "reviews"

    @property
    def cache(self) -> Path:
        return self.base / "cache"

    @property
    def facts_cache(self) -> Path:
        """FileFacts of files scanned before, by content (scan.cache)."""
        return self.cache / "facts"

    @property
    def rag(self) -> Path:
        return self.base / "rag"

    @property
    def lancedb(self) -> Path:
        return self.rag / "lancedb"

    @property
    def rag_cache(self) -> Path:
        return self.rag / "cache.json"

    @property
    def rag_lock(self) -> Path:
        return self.rag / "lock"

    @property
    def runs(self) -> Path:
        return self.base / "runs"

    @property
    def run_lock(self) -> Path:
        return self.base / "lock"

    @property
    def sentinel(self) -> Path:
        return self.base / SENTINEL

    def review_json(self, file_path: str) -> Path:
        return self.reviews / _bounded(file_path, ".rev.json")

    def review_md(self, file_path: str) -> Path:
        return self.reviews / _bounded(file_path, ".rev.md")

    def inside(self, path: Path) -> bool:
        """Whether `path` (after resolving `..` and links) stays inside the output folder."""
        try:
            base = self.base.resolve()
            return os.path.commonpath([base, path.resolve()]) == str(base)
        except (OSError, ValueError):
            return False

    def remove(self, path: Path) -> bool:
        """Delete a file reviewer wrote: a regular file, not a link, that resolves inside the
        output folder (a linked folder on the way would lead elsewhere). False when refused."""
        if path.is_symlink() or not path.is_file() or not self.inside(path):
            return False
        path.unlink(missing_ok=True)
        return True

    def claim(self) -> None:
        """Make sure the output folder is reviewer's before writing into it, and mark it.

        Refused: a folder outside the repository (through a symlink), the repository
        itself, and an existing folder that holds files reviewer did not write (a source
        folder named in `output:`). A folder reviewer made is marked with `.reviewer-output`;
        an unmarked one of an earlier version is accepted when it holds only our entries."""
        base = self._checked_base()
        if base.is_dir() and not (base / SENTINEL).exists():
            try:
                foreign = sorted(entry.name for entry in os.scandir(base) if entry.name not in OWN_ENTRIES
                                 and not entry.name.startswith("."))
            except OSError as exc:
                raise UserError(f"output: cannot read {base}: {exc.strerror or exc}") from None
            if foreign:
                raise UserError(f"output: '{self.output}' already holds files reviewer did not write "
                                f"({', '.join(foreign[:3])}{'...' if len(foreign) > 3 else ''}): "
                                "set output to a new folder such as .reviewer")
        try:
            base.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryFile(dir=base):  # writable? say so now, not halfway through a run
                pass
            if not (base / SENTINEL).exists():
                atomic_write_text(base / SENTINEL, "This folder is written by reviewer (output: in .reviewer.yml).\n"
                                  "reviewer deletes only files it wrote here.\n")
            if not (base / ".gitignore").exists():  # out of `git status`; `git add -f` still commits a baseline
                atomic_write_text(base / ".gitignore", "*\n")
        except OSError as exc:
            raise UserError(f"output folder {base} is not writable ({exc.strerror or exc}): "
                            "fix its permissions or set output to another folder") from None
        self.confine(sweep=True)

    def _checked_base(self) -> Path:
        """The output folder, refused when it resolves outside the repository (or to it) or is a file."""
        root = self.root.resolve()
        base = Path(os.path.normpath(root / self.output))
        real = base.resolve()
        if real == root or os.path.commonpath([root, real]) != str(root):
            raise UserError(f"output: '{self.output}' resolves to {real}, which is not a folder inside the repository "
                            f"{root}: set output to a new folder such as .reviewer")
        if base.exists() and not base.is_dir():
            raise UserError(f"output: '{self.output}' is a file, not a folder: set output to a new folder such as .reviewer")
        return base

    def confine(self, *entries: str, sweep: bool = False) -> None:
        """Refuse, in one line naming it, what would make a write or a delete under the output
        folder land elsewhere or fail halfway: a symbolic link anywhere among reviewer's entries
        (`entries`, e.g. "rag"; default all of them; a pull request or a restored CI cache can
        hold one) and an entry of the wrong kind (a folder named report.json). Every path a run
        writes or deletes is under these entries, so none of it can leave the output folder.
        `sweep`: also remove temp files of reviewer's naming left by a killed process."""
        base = self._checked_base()
        if not base.is_dir():
            return
        for name in entries or sorted(OWN_ENTRIES | {entry.partition("/")[0] for entry in ENTRY_KINDS}):
            self._confine_entry(base, name, sweep)
        if sweep:  # temp files of the top-level files (report.json, lock)
            for entry in os.scandir(base):
                if entry.name.endswith(_TEMP_ENDINGS) and TEMP_NAME.fullmatch(entry.name) and entry.is_file(
                        follow_symlinks=False):
                    _remove_stale_temp(Path(entry.path))

    def _confine_entry(self, base: Path, name: str, sweep: bool) -> None:
        # Plain strings and DirEntry types (no stat per file): a large project's output
        # folder holds tens of thousands of files, walked at the start of every run.
        stack = [name]
        while stack:
            relative = stack.pop()
            path = os.path.join(base, relative)
            try:
                mode = os.lstat(path).st_mode
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise UserError(f"cannot read {path} in the output folder ({exc.strerror or exc}): "
                                "fix its permissions or remove it") from None
            if stat.S_ISLNK(mode):
                raise UserError(f"{path} is a symbolic link (to {os.readlink(path)}): reviewer never writes "
                                f"through a link; remove it (rm {path}) and run again")
            kind = ENTRY_KINDS.get(relative)
            if kind == "folder" and not stat.S_ISDIR(mode):
                raise UserError(f"{path} is a file where reviewer keeps a folder: remove it (rm {path}); "
                                "reviewer writes it again")
            if kind == "file" and not stat.S_ISREG(mode):
                raise UserError(f"{path} is not a regular file: remove it (rm -r {path}); reviewer writes it again")
            if not stat.S_ISDIR(mode):
                continue
            sweeping = sweep and not relative.startswith(UNSWEPT)
            fixed = relative in _FIXED_PARENTS
            try:
                with os.scandir(path) as entries:
                    for entry in entries:
                        if entry.is_symlink() or entry.is_dir(follow_symlinks=False):
                            stack.append(f"{relative}/{entry.name}")
                        elif fixed and f"{relative}/{entry.name}" in ENTRY_KINDS:
                            stack.append(f"{relative}/{entry.name}")  # a file where a folder belongs
                        elif sweeping and entry.name.endswith(_TEMP_ENDINGS) and TEMP_NAME.fullmatch(entry.name):
                            _remove_stale_temp(Path(entry.path))
            except FileNotFoundError:
                continue  # removed meanwhile by a writer that holds its lock (old runs pruned, a compaction)
            except OSError as exc:
                raise UserError(f"cannot read {path} in the output folder ({exc.strerror or exc}): "
                                "fix its permissions or remove it") from None


SENTINEL = ".reviewer-output"
# What reviewer writes at the top of its output folder (an unmarked folder holding only these is ours).
OWN_ENTRIES = frozenset({"reviews", "cache", "rag", "runs", "report.md", "report.json", "report.sarif",
                         "baseline.json", "shard.json", "lock", SENTINEL})
# The kind of the entries reviewer writes at fixed places: anything else there is refused by name.
ENTRY_KINDS = {
    **dict.fromkeys(("reviews", "cache", "rag", "runs", "findings", "cache/facts", "rag/lancedb", "rag/vectors"),
                    "folder"),
    **dict.fromkeys(("report.md", "report.json", "report.sarif", "baseline.json", "shard.json", "lock", SENTINEL,
                     "rag/cache.json", "rag/lock", "cache/reviews.json", "cache/cards.json", "cache/rendered.json"),
                    "file"),
}
# Temp files of reviewer's own naming: `.<name>.<8 random>.tmp` (atomic_write_text), `.<name>.<pid>.tmp`
# (a lock takeover), `.<name>.tmp.npz` (a vector shard). One older than TEMP_STALE_SECONDS belongs
# to a process that was killed: an atomic write renames its temp file within a second.
TEMP_NAME = re.compile(r"\..+\.(?:[a-z0-9_]{8}|[0-9]+)\.tmp|\..+\.tmp\.npz", re.DOTALL)
TEMP_STALE_SECONDS = 120.0
_TEMP_ENDINGS = (".tmp", ".tmp.npz")
UNSWEPT = "rag/lancedb"  # LanceDB's own files: not ours to name or remove
_FIXED_PARENTS = {entry.rpartition("/")[0] for entry in ENTRY_KINDS if "/" in entry}


def _remove_stale_temp(path: Path) -> None:
    if _age_seconds(path) > TEMP_STALE_SECONDS:
        try:
            path.unlink()
        except OSError:
            pass  # removed by another sweep, or a read-only folder (the writes will say so)


MAX_NAME_BYTES = 255  # a file name component, on every common file system
_TEMP_NAME_ROOM = 40  # what a temp name adds around the name it is for


def _bounded(relative: str, suffix: str) -> str:
    """`relative` + `suffix`, with a last component too long for the file system shortened
    and hashed (a legal 250-character source name plus `.rev.json` is not). The decision and
    the hash depend on the source name alone, so the pages of one file differ only by their
    suffix: a `.rev.md` name gives its `.rev.json` name by swapping it, and back."""
    folder, _, name = relative.rpartition("/")
    if len(f"{name}{LONGEST_SUFFIX}".encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES - _TEMP_NAME_ROOM:
        name = _short_name(name)
    return (folder + "/" if folder else "") + name + suffix


LONGEST_SUFFIX = ".rev.json"


def _short_name(name: str) -> str:
    digest = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    stem = name.encode("utf-8", "surrogateescape")[:80].decode("utf-8", "ignore")
    return f"{stem}~{digest}"


def _file_mode() -> int:
    """0666 less the umask, as open() would give (mkstemp gives 0600)."""
    global _MODE
    if _MODE is None:
        mask = os.umask(0)
        os.umask(mask)
        _MODE = 0o666 & ~mask
    return _MODE


_MODE: int | None = None


def atomic_write_text(path: Path, text: str) -> None:
    """Write through a temp file and rename, so a crash never leaves half a file.

    The temp name is bounded (a hash stands for a long name); the file gets the
    mode open() would give (0644 under the usual umask), not mkstemp's 0600."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """atomic_write_text for bytes."""
    with atomic_writer(path) as handle:
        handle.write(data)


@contextmanager
def atomic_writer(path: Path) -> Iterator[BinaryIO]:
    """A binary file to write `path` through, as atomic_write_bytes does: what is written appears under
    `path` when the block ends, or not at all if it fails (a large store written piece by piece, never
    held whole)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    name = path.name if len(path.name.encode("utf-8", "surrogateescape")) <= 100 else _short_name(path.name)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            try:
                os.fchmod(handle.fileno(), _file_mode())
            except (AttributeError, OSError):
                pass
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, json_text(data))


def json_text(data: Any) -> str:
    """The text atomic_write_json writes."""
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def compact_json_text(data: Any) -> str:
    """JSON on one line, for files machines read (a large project writes thousands of them). Written
    by pydantic's core (a quarter of the json module's time on the reviews of the standard library;
    the same text but for the spelling of some floats, 0.00001 for 1e-05, which read back the same)."""
    return pydantic_core.to_json(data, inf_nan_mode="constants").decode("utf-8") + "\n"


def read_json(path: Path, default: Any = None) -> Any:
    """Read JSON; a missing or corrupt file gives `default` (the next run repairs it)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return default


def read_json_object(path: Path, what: str, warn=None) -> dict | None:
    """A JSON object from `path`, or None. A file that exists but is not a JSON object
    is damage: `warn` gets one line naming it (the caller rebuilds what it held)."""
    if not path.exists():
        return None
    data = read_json(path, default=_DAMAGED)
    if isinstance(data, dict):
        return data
    if warn is not None:
        warn(f"{path} is damaged (not a JSON object); {what} is rebuilt")
    return None


_DAMAGED = object()


def warn_line(line: str) -> None:
    """One warning line on stderr (the ground floor has no UI)."""
    try:
        print(f"reviewer: warning: {line}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


# -- the writer lock ------------------------------------------------------------------------

LOCK_TIMEOUT = 30.0  # seconds a run waits for a live holder; REVIEWER_LOCK_TIMEOUT overrides
# A lock written on another machine is taken over after this long: no run lasts a day
# (REVIEWER_BREAK_LOCK=1 takes it over at once).
FOREIGN_LOCK_EXPIRY = 24 * 3600.0
INDEX_LOCK_TIMEOUT = 300.0  # the RAG lock is held for a whole indexing (`reviewer index` beside a run)
_HELD: set[str] = set()  # locks held by this process (a second holder in the same process waits)
_HELD_GUARD = threading.Lock()


def _process_start(pid: int) -> str | None:
    """A token that changes when `pid` is reused: the start time in clock ticks (Linux)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            stat = handle.read()
        return stat[stat.rindex(b")") + 2 :].split()[19].decode()
    except (OSError, ValueError, IndexError):
        return None


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _owner() -> dict:
    return {"pid": os.getpid(), "host": socket.gethostname(), "start": _process_start(os.getpid()),
            "since": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "token": os.urandom(8).hex()}


def _read_owner(path: Path) -> dict | None:
    """The holder recorded in a lock file; {} for an empty or foreign one, None when gone."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace").strip()
    except FileNotFoundError:
        return None
    except OSError:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        data = {"pid": int(text)} if text.isdigit() else {}
    if isinstance(data, int):
        data = {"pid": data}
    return data if isinstance(data, dict) else {}


def _holder_alive(owner: dict, path: Path) -> bool:
    pid = owner.get("pid")
    if not isinstance(pid, int) or pid <= 0:
        return _age_seconds(path) < 5  # empty: a holder between create and write, or a crash there
    if _foreign(owner):
        return True  # another machine's process: we cannot tell, so it holds (see _foreign_takeover)
    if pid == os.getpid():
        with _HELD_GUARD:
            return str(path) in _HELD  # our pid but not our lock: a previous life (PID 1 in a container)
    if not _pid_alive(pid):
        return False
    start = owner.get("start")
    return not (start and _process_start(pid) not in (None, start))  # a reused pid is not the holder


def _foreign(owner: dict) -> bool:
    host = owner.get("host")
    return bool(host) and host != socket.gethostname()


def _foreign_takeover(path: Path) -> str | None:
    """Why a lock held on another machine may be taken over, or None. Whether that process
    lives cannot be checked from here; a CI cache restores the lock of a killed job with
    the output folder. REVIEWER_BREAK_LOCK=1 says no reviewer runs there; a lock older than
    any run (FOREIGN_LOCK_EXPIRY) is one whose run is long gone."""
    if os.environ.get("REVIEWER_BREAK_LOCK", "").strip().lower() in ("1", "true", "yes"):
        return "REVIEWER_BREAK_LOCK is set"
    age = _age_seconds(path)
    if age > FOREIGN_LOCK_EXPIRY:
        return f"written {age / 3600:.0f} h ago, longer than any run lasts"
    return None


def lock_holder(path: Path) -> str | None:
    """Who holds the lock at `path` now ("process 12 on host since ..."), or None when it is free
    or stale: readers say a run is in progress rather than show its half-written output."""
    owner = _read_owner(path)
    if owner is None or not _holder_alive(owner, path):
        return None
    return _describe_owner(owner)


def _describe_owner(owner: dict) -> str:
    parts = [f"process {owner.get('pid', '?')}"]
    if owner.get("host"):
        parts.append(f"on {owner['host']}")
    if owner.get("since"):
        parts.append(f"since {owner['since']}")
    return " ".join(parts)


def _try_create(path: Path, content: str) -> bool:
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w") as handle:
        handle.write(content)
    return True


def _take_over(path: Path, stale: dict, content: str) -> bool:
    """Replace a stale lock by ours, atomically: one contender wins the takeover file
    (O_EXCL), checks the lock still holds the stale owner, and renames its own over it.
    The lock file never disappears in between, so no third process can slip in."""
    guard = path.with_name(path.name + ".takeover")
    if not _try_create(guard, content):
        if _age_seconds(guard) > 10:  # a contender died during its takeover
            guard.unlink(missing_ok=True)
        return False
    try:
        if _read_owner(path) != stale:
            return False  # someone else took it over (or released it) meanwhile
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(content)
        os.replace(tmp, path)
        return True
    finally:
        guard.unlink(missing_ok=True)


@contextmanager
def file_lock(path: Path, timeout: float | None = None, poll: float = 0.1,
              waiting=None, default_timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """One holder at a time. The lock file names its holder (pid, host, process start
    time); a lock whose holder is gone (dead pid, reused pid, our own pid from a previous
    life) is stale and taken over atomically. Waiting says so at once (`waiting`, default
    a warning line) and gives up after `timeout` seconds (REVIEWER_LOCK_TIMEOUT, 30 s)."""
    if timeout is None:
        try:
            timeout = float(os.environ.get("REVIEWER_LOCK_TIMEOUT", default_timeout))
        except ValueError:
            timeout = default_timeout
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise UserError(f"{path} is not a regular file: remove it (rm -r {path}) if no reviewer runs here")
    me = _owner()
    content = json.dumps(me)
    deadline = time.monotonic() + timeout
    told = False
    while True:
        with _HELD_GUARD:
            held_here = str(path) in _HELD
        if not held_here and _try_create(path, content):
            break
        owner = _read_owner(path) if not held_here else {"pid": os.getpid()}
        if owner is None:
            continue  # released between our attempts: try again at once
        reason = _foreign_takeover(path) if not held_here and _foreign(owner) else None
        if not held_here and (reason or not _holder_alive(owner, path)):
            if _take_over(path, owner, content):
                if reason:
                    (waiting or warn_line)(f"took over {path} from {_describe_owner(owner)} ({reason})")
                break
            time.sleep(poll / 4)
            continue
        if time.monotonic() > deadline:
            if _foreign(owner):
                raise UserError(f"{path} is held by {_describe_owner(owner)}, which cannot be checked from here: "
                                f"if no reviewer runs there (a lock restored from another machine's cache), "
                                f"take it over with REVIEWER_BREAK_LOCK=1 (done on its own after "
                                f"{FOREIGN_LOCK_EXPIRY / 3600:.0f} h)")
            raise UserError(f"{path} is held by {_describe_owner(owner)}: wait for that run to finish, "
                            f"or remove the file if no reviewer runs there (REVIEWER_LOCK_TIMEOUT sets the wait)")
        if not told:
            (waiting or warn_line)(f"waiting up to {timeout:.0f}s for {path}, held by {_describe_owner(owner)}")
            told = True
        time.sleep(poll)
    with _HELD_GUARD:
        _HELD.add(str(path))
    try:
        yield
    finally:
        with _HELD_GUARD:
            _HELD.discard(str(path))
        try:
            if _read_owner(path) == me:
                path.unlink()
        except OSError:
            pass


def _age_seconds(path: Path) -> float:
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return 0.0
