"""Pausing the cyclic garbage collector around bulk work."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


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
        gc.unfreeze()
