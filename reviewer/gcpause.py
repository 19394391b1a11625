"""Pausing the cyclic garbage collector around bulk work."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Building or unpickling hundreds of thousands of short-lived objects with no
    cycles: the cyclic collector re-walking them all costs a third of the time (the
    scan's pool results unpickled 3-4x slower with it on). Reference counting still
    frees what is not a cycle; cycles are collected after the block."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
