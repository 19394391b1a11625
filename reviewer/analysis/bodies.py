"""The few body shapes the heuristics look for, as the scan read them (Symbol.shape).

A function that only returns its argument, a wrapper whose whole body is one call that
forwards its parameters, whether a function returns a value. Nothing here opens a file.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..scan.shapes import plain_params as _plain_params
from ..schema.facts import Symbol


@dataclass(frozen=True)
class Forward:
    callee: str  # as written: "helper", "self._store.get"
    arguments: list[str]  # as written, in order


def plain_params(sym: Symbol) -> list[str]:
    """Parameter names without self/this/cls, `*`, `**`, `...`, defaults or annotations."""
    return _plain_params(sym.params)


def returns_its_argument(sym: Symbol) -> bool:
    return sym.shape is not None and sym.shape.returns_its_argument


def single_call(sym: Symbol) -> Forward | None:
    """`return f(a, b)` or `f(a, b)` as the whole body."""
    if sym.shape is None or sym.shape.forwards_to is None:
        return None
    return Forward(sym.shape.forwards_to, list(sym.shape.forward_arguments))


def forwards_params(sym: Symbol) -> bool:
    """The whole body is one call passing the function's parameters through unchanged, in order."""
    return sym.shape is not None and sym.shape.forwards_params


def returns_value(sym: Symbol) -> bool:
    return sym.shape is not None and sym.shape.returns_value
