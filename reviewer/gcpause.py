"""Pausing the cyclic garbage collector around bulk work."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

# Set by the console entry point (cli.main), whose process ends right after its command.
_kept: list | None = None


@contextmanager
def gc_paused(keep: bool = False) -> Iterator[None]:
    """Building or unpickling hundreds of thousands of short-lived objects with no
    cycles: the cyclic collector re-walking them all costs a third of the time (the
    scan's pool results unpickled 3-4x slower with it on). Reference counting still
    frees what is not a cycle; cycles are collected after the block.

    `keep`: what the block built lives on (a run's facts and evidence): it is moved out of
    the collector's generations (gc.freeze) instead of being walked by the next collections
    (on the standard library, 4 s of a 35 s run), until gc_thawed. Cycles among it are
    collected then."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if keep:
                gc.freeze()
            gc.enable()


@contextmanager
def gc_thawed() -> Iterator[None]:
    """Around a whole job whose blocks keep what they build (gc_paused(keep=True)): at the end,
    what they froze goes back to the collector, so a long-lived process frees its cycles."""
    try:
        yield
    finally:
        if _kept is None:  # a process that ends now (ending_process) has nothing to gain from it
            gc.unfreeze()


def ending_process() -> None:
    """This process ends after the command: what keep_until_exit is given is never freed."""
    global _kept
    _kept = []


def keep_until_exit(*objects: object) -> None:
    """A run's state (millions of objects on a large tree) is left to the end of a process that
    ends right after (ending_process): freeing it object by object cost half a second on the
    standard library, for nothing. Elsewhere (tests, a library caller) it is freed as usual."""
    if _kept is not None:
        _kept.extend(objects)


def exit_now(code: object) -> None:
    """Leave with `code` (as sys.exit reads it) without the interpreter's teardown, which would free
    every object one by one: output flushed first; files, locks and children are closed by then."""
    if sys.getprofile() is not None or sys.gettrace() is not None:
        sys.exit(code)  # a profiler or coverage writes its data at the teardown: keep it
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:  # sys.exit("message"): the message to stderr, status 1
        print(code, file=sys.stderr)
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: nothing more can reach it
            pass
    os._exit(status)
