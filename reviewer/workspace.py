"""The `.reviewer/` folder: its paths, atomic writes, and the writer lock."""

from __future__ import annotations

import json
import os
import tempfile
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

    def review_json(self, file_path: str) -> Path:
        return self.reviews / f"{file_path}.rev.json"

    def review_md(self, file_path: str) -> Path:
        return self.reviews / f"{file_path}.rev.md"


def atomic_write_text(path: Path, text: str) -> None:
    """Write through a temp file and rename, so a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
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
    except (OSError, ValueError):
        return default


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@contextmanager
def file_lock(path: Path, timeout: float = 600.0, poll: float = 0.1) -> Iterator[None]:
    """One holder at a time. The lock file holds the holder's pid; a lock whose
    pid is dead is stale and taken over. Waits up to `timeout` seconds."""
    path.parent.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            with os.fdopen(fd, "w") as handle:
                handle.write(str(os.getpid()))
            break
        except FileExistsError:
            try:
                holder = int(path.read_text().strip() or "0")
            except (OSError, ValueError):
                holder = 0
            if holder and not _pid_alive(holder):
                # Stale: the holder died. Remove it and race for it again.
                path.unlink(missing_ok=True)
                continue
            if not holder and _age_seconds(path) > 5:
                path.unlink(missing_ok=True)  # empty lock left by a crash between create and write
                continue
            if time.monotonic() > deadline:
                raise UserError(f"{path} is held by process {holder}; wait for it or remove the file if it is stale")
            time.sleep(poll)
    try:
        yield
    finally:
        try:
            if path.read_text().strip() == str(os.getpid()):
                path.unlink()
        except OSError:
            pass


def _age_seconds(path: Path) -> float:
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return 0.0
