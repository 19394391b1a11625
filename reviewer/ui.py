"""What a run shows while it works: status lines and one progress display per phase.

On a terminal, a `rich` progress line per phase: a spinner while the total is
unknown, then a bar with done/total and the elapsed time. Plain mode (--plain,
CI=true, or stderr not a terminal) prints the lines and no bars, plus a
heartbeat line at least every HEARTBEAT_SECONDS while a phase runs, so a CI log
never goes silent on a long phase. Quiet mode prints nothing but errors.
Everything goes to stderr, so stdout stays for results (`--json`, the summary).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Callable

import click

HEARTBEAT_SECONDS = 10.0


def err_line(line: str) -> None:
    """One line on stderr. A reader that went away (`reviewer run 2>&1 | head`) silences
    stderr for the rest of the run; it never changes the run's exit code."""
    try:
        click.echo(line, err=True)
    except BrokenPipeError:
        silence(sys.stderr)


def silence(stream) -> None:
    """Point a stream whose reader went away at /dev/null, so later writes cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def in_ci() -> bool:
    """CI services set CI=true; their logs want lines, not redrawn bars."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def use_color(choice: str = "auto", stream=None) -> bool:
    """--color always/never/auto; auto honours NO_COLOR (https://no-color.org) and FORCE_COLOR."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    stream = stream or sys.stdout
    return hasattr(stream, "isatty") and stream.isatty()


class UI:
    def __init__(self, plain: bool = True, echo: Callable[[str], None] | None = None, quiet: bool = False,
                 color: bool = False) -> None:
        self.plain = plain or quiet
        self.quiet = quiet
        self.color = color
        self._echo = echo or err_line

    @classmethod
    def for_terminal(cls, plain: bool = False, quiet: bool = False, color: str = "auto") -> "UI":
        return cls(plain=plain or in_ci() or not sys.stderr.isatty(), quiet=quiet, color=use_color(color, sys.stderr))

    def echo(self, line: str) -> None:
        if not self.quiet:
            self._echo(line)

    def phase(self, name: str, total: int | None = None) -> "Phase":
        return Phase(self, name, total)


class Phase:
    """Progress of one phase; the total may arrive late (`progress(done, total)`)."""

    def __init__(self, ui: UI, name: str, total: int | None) -> None:
        self.ui, self.name, self.total = ui, name, total
        self.done = 0
        self.started = time.perf_counter()
        self.seconds = 0.0
        self._bar = None  # rich.progress.Progress on a terminal
        self._task = None
        self._stop: threading.Event | None = None

    def __enter__(self) -> "Phase":
        if self.ui.quiet:
            return self
        if self.ui.plain:
            self._stop = threading.Event()
            threading.Thread(target=self._heartbeat, name=f"heartbeat-{self.name}", daemon=True).start()
        else:
            self._open()
        return self

    def _open(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        console = Console(stderr=True, no_color=not self.ui.color)
        self._bar = Progress(SpinnerColumn(), TextColumn(f"{self.name:<8}"), BarColumn(), MofNCompleteColumn(),
                             TimeElapsedColumn(), console=console, transient=False)
        self._bar.start()
        self._task = self._bar.add_task(self.name, total=self.total or None)

    def _heartbeat(self) -> None:
        stop = self._stop
        while stop is not None and not stop.wait(HEARTBEAT_SECONDS):
            total = self.total
            count = f", {self.done}/{total}" if total else (f", {self.done} done" if self.done else "")
            try:
                self.ui.echo(f"{self.name}: working{count}, {time.perf_counter() - self.started:.0f}s")
            except Exception:  # a closed stderr must not kill the run from a side thread
                return

    def advance(self, n: int = 1) -> None:
        self.done += n
        if self._bar is not None:
            self._bar.update(self._task, completed=self.done, total=self.total or None)

    def progress(self, done: int, total: int) -> None:
        """A callback for work that reports (done so far, total)."""
        self.total = total
        self.advance(done - self.done)

    def __exit__(self, *exc: object) -> None:
        if self._stop is not None:
            self._stop.set()
        if self._bar is not None:
            if self.total is None:  # a spinner-only phase ends as a full bar
                self._bar.update(self._task, total=max(self.done, 1), completed=max(self.done, 1))
            self._bar.stop()
        self.seconds = time.perf_counter() - self.started


def format_bytes(size: int) -> str:
    """A size for people: "1.5 MB"."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} B"
