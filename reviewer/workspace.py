"""The `.reviewer/` folder: its paths, atomic writes, and the writer lock."""

from __future__ import annotations

import hashlib
import json
import os
import socket
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

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
        return self.reviews / _bounded(f"{file_path}.rev.json")

    def review_md(self, file_path: str) -> Path:
        return self.reviews / _bounded(f"{file_path}.rev.md")

    def inside(self, path: Path) -> bool:
        """Whether `path` (after resolving `..` and links) stays inside the output folder."""
        try:
            base = self.base.resolve()
            return os.path.commonpath([base, path.resolve()]) == str(base)
        except (OSError, ValueError):
            return False

    def claim(self) -> None:
        """Make sure the output folder is reviewer's before writing into it, and mark it.

        Refused: a folder outside the repository (through a symlink), the repository
        itself, and an existing folder that holds files reviewer did not write (a source
        folder named in `output:`). A folder reviewer made is marked with `.reviewer-output`;
        an unmarked one of an earlier version is accepted when it holds only our entries."""
        root = self.root.resolve()
        base = Path(os.path.normpath(root / self.output))
        real = base.resolve()
        if real == root or os.path.commonpath([root, real]) != str(root):
            raise UserError(f"output: '{self.output}' resolves to {real}, which is not a folder inside the repository "
                            f"{root}: set output to a new folder such as .reviewer")
        if base.exists() and not base.is_dir():
            raise UserError(f"output: '{self.output}' is a file, not a folder: set output to a new folder such as .reviewer")
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


SENTINEL = ".reviewer-output"
# What reviewer writes at the top of its output folder (an unmarked folder holding only these is ours).
OWN_ENTRIES = frozenset({"reviews", "cache", "rag", "runs", "report.md", "report.json", "report.sarif",
                         "baseline.json", "lock", SENTINEL})
MAX_NAME_BYTES = 255  # a file name component, on every common file system
_TEMP_NAME_ROOM = 40  # what a temp name adds around the name it is for


def _bounded(relative: str) -> str:
    """`relative` with a last component too long for the file system replaced by a
    shortened, hashed one (a legal 250-character source name plus `.rev.json` is not)."""
    folder, _, name = relative.rpartition("/")
    if len(name.encode("utf-8", "surrogateescape")) <= MAX_NAME_BYTES - _TEMP_NAME_ROOM:
        return relative
    return (folder + "/" if folder else "") + _short_name(name)


def _short_name(name: str) -> str:
    digest = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    suffix = "".join(Path(name).suffixes[-2:])[-20:] if name.endswith((".rev.json", ".rev.md")) else ""
    stem = name.encode("utf-8", "surrogateescape")[:80].decode("utf-8", "ignore")
    return f"{stem}~{digest}{suffix}"


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
    path.parent.mkdir(parents=True, exist_ok=True)
    name = path.name if len(path.name.encode("utf-8", "surrogateescape")) <= 100 else _short_name(path.name)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            try:
                os.fchmod(handle.fileno(), _file_mode())
            except (AttributeError, OSError):
                pass
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n")


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
    host = owner.get("host")
    if host and host != socket.gethostname():
        return True  # another machine's process: we cannot tell, so it holds
    if pid == os.getpid():
        with _HELD_GUARD:
            return str(path) in _HELD  # our pid but not our lock: a previous life (PID 1 in a container)
    if not _pid_alive(pid):
        return False
    start = owner.get("start")
    return not (start and _process_start(pid) not in (None, start))  # a reused pid is not the holder


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
        if not held_here and not _holder_alive(owner, path):
            if _take_over(path, owner, content):
                break
            time.sleep(poll / 4)
            continue
        if time.monotonic() > deadline:
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
