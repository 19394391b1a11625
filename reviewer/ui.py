"""What a run shows while it works: status lines and one progress bar per phase.

Plain mode (--plain, or stderr not a terminal, as in CI) prints the lines and no bars.
Everything goes to stderr, so stdout stays for results (`--json`, the summary).
"""

from __future__ import annotations

import sys
import time
from typing import Callable

import click


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

    def __enter__(self) -> "Phase":
        if self.total:
            self._open(self.total)
        return self

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
        self._open(total)
        self.advance(done - self.done)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)
        self.seconds = time.perf_counter() - self.started


def format_bytes(size: int) -> str:
    """A size for people: "1.5 MB"."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} B"
