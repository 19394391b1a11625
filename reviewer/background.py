"""One job computed by a forked child while this process goes on: the second core's share of a run.

The similarity pairs of a static run need the scan and the cards, not the project analysis,
and the analysis does not need them: on two cores they cost the longer of the two instead of
the sum. The child inherits what the job reads (copy-on-write), computes it, and sends the
pickled result back through a pipe: the bytes come from our own child, never from a file.

Only on Linux: macOS system libraries are not safe in a forked child (one that hangs would hang
the run), and Windows has no fork. Where there is no fork, it is refused (REVIEWER_NO_FORK=1, or
the OS says no), or the child dies or fails, `result()` computes the job here: the run is slower,
never different, and a deterministic failure is raised in this process with its own message.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
import warnings
from typing import Callable, Generic, TypeVar

T = TypeVar("T")
_OK, _FAILED = "ok", "failed"


def _trim_heap() -> None:
    """Give the pages the C heap holds free back to the system (glibc's malloc_trim): the child's
    resident memory starts as every resident page of this process, freed ones included."""
    try:
        import ctypes

        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):  # another C library: nothing to trim
        pass


class Background(Generic[T]):
    """`with Background(job) as pending: ...; value = pending.result()`: job() runs in a child from
    the `with` on; leaving the block without taking the result stops the child. `job` None: no
    child, nothing to take (the caller computes its value another way)."""

    def __init__(self, job: Callable[[], T] | None) -> None:
        self.job = job
        self.pid: int | None = None
        self._pipe: int | None = None

    def __enter__(self) -> "Background[T]":
        if self.job is None or not sys.platform.startswith("linux") or os.environ.get("REVIEWER_NO_FORK") == "1":
            return self
        try:
            read_end, write_end = os.pipe()
        except OSError:
            return self
        for stream in (sys.stdout, sys.stderr):  # what is buffered must not be written twice
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        _trim_heap()
        try:
            with warnings.catch_warnings():
                # LanceDB warns at every fork of a process that opened a table: the child's runtime is
                # reset, and a child that called it could deadlock. A job here never calls LanceDB: it
                # reads what the parent loaded (the similarity index's arrays), never the table.
                warnings.filterwarnings("ignore", message="lancedb fork support", category=RuntimeWarning)
                pid = os.fork()
        except OSError:
            os.close(read_end)
            os.close(write_end)
            return self
        if pid == 0:  # the child: compute, send, and leave without running the parent's exit code
            os.close(read_end)
            self._child(write_end)
        os.close(write_end)
        self.pid, self._pipe = pid, read_end
        return self

    def _child(self, write_end: int) -> None:
        code = 1
        try:
            signal.signal(signal.SIGINT, signal.SIG_DFL)  # the parent reports an interrupt, not us
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            with os.fdopen(write_end, "wb") as pipe:
                try:
                    value = self.job()
                except BaseException:  # noqa: BLE001 - the parent computes again and raises it there
                    pickle.dump((_FAILED, None), pipe)
                else:
                    # Pickled into the pipe as it goes: the whole pickle is never held (a large project's
                    # duplicates are hundreds of MB of it), here nor in the parent, which loads as it reads.
                    # A dump cut short leaves no STOP: the parent's load fails and it computes the job itself.
                    pickle.dump((_OK, value), pipe, protocol=pickle.HIGHEST_PROTOCOL)
                    code = 0
        finally:
            os._exit(code)

    def result(self) -> T:
        """The job's value: the child's, or computed here when there was no child or it failed."""
        if self.job is None:
            raise ValueError("Background(None) has no result")
        if self._pipe is None:
            return self.job()
        try:
            with os.fdopen(self._pipe, "rb") as pipe:
                status, value = pickle.load(pipe)
        except Exception:  # noqa: BLE001 - a child killed mid-write: its bytes are cut short
            status, value = _FAILED, None
        finally:
            self._pipe = None
            self._reap()
        return value if status == _OK else self.job()

    def hand_on(self) -> None:
        """The result is for a child forked since (it calls result()), not for this process: close
        this process's end of the pipe. Here result() then computes the job (when that child failed)."""
        if self._pipe is not None:
            os.close(self._pipe)
            self._pipe = None

    def __exit__(self, *exc_info) -> None:
        if self.pid is not None:  # the block failed before taking the result, or handed it on: stop the child
            try:
                os.kill(self.pid, signal.SIGKILL)
            except OSError:
                pass
            if self._pipe is not None:
                os.close(self._pipe)
                self._pipe = None
            self._reap()

    def _reap(self) -> None:
        if self.pid is not None:
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass
            self.pid = None
