"""What a run shows while it works: status lines and one progress bar per phase.

Plain mode (--plain, or stderr not a terminal, as in CI) prints the lines and no bars,
and a heartbeat line at least every HEARTBEAT_SECONDS while a phase runs, so a log
never goes silent on a long phase.
Everything goes to stderr, so stdout stays for results (`--json`, the summary).
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Callable

import click


HEARTBEAT_SECONDS = 10.0


class UI:
    def __init__(self, plain: bool = True, echo: Callable[[str], None] | None = None) -> None:
        self.plain = plain
        self.echo = echo or (lambda line: click.echo(line, err=True))

    @classmethod
    def for_terminal(cls, plain: bool = False) -> "UI":
        return cls(plain=plain or not sys.stderr.isatty())

    def phase(self, name: str, total: int | None = None) -> "Phase":
        return Phase(self, name, total)


class Phase:
    """A progress bar for one phase; the total may arrive late (`progress(done, total)`)."""

    def __init__(self, ui: UI, name: str, total: int | None) -> None:
        self.ui, self.name, self.total = ui, name, total
        self.bar = None
        self.done = 0
        self.started = time.perf_counter()
        self.seconds = 0.0
        self._stop: threading.Event | None = None

    def __enter__(self) -> "Phase":
        if self.total:
            self._open(self.total)
        if self.ui.plain:
            self._stop = threading.Event()
            threading.Thread(target=self._heartbeat, name=f"heartbeat-{self.name}", daemon=True).start()
        return self

    def _heartbeat(self) -> None:
        stop = self._stop
        while stop is not None and not stop.wait(HEARTBEAT_SECONDS):
            total = self.total
            count = f", {self.done}/{total}" if total else (f", {self.done} done" if self.done else "")
            try:
                self.ui.echo(f"{self.name}: working{count}, {time.perf_counter() - self.started:.0f}s")
            except Exception:  # a closed stderr must not kill the run from a side thread
                return

    def _open(self, total: int) -> None:
        if not self.ui.plain and self.bar is None and total:
            self.bar = click.progressbar(length=total, label=f"{self.name:<8}", file=sys.stderr, show_pos=True)
            self.bar.__enter__()

    def advance(self, n: int = 1) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)

    def progress(self, done: int, total: int) -> None:
        """A callback for work that reports (done so far, total)."""
        self.total = total
        self._open(total)
        self.advance(done - self.done)

    def __exit__(self, *exc: object) -> None:
        if self._stop is not None:
            self._stop.set()
        if self.bar is not None:
            self.bar.__exit__(*exc)
        self.seconds = time.perf_counter() - self.started
