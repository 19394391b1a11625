"""Comparing code structure: set overlaps and typed signature contracts.

The structural views themselves are read in the scan (scan.structure, scan.behaviour) and
stored on each Symbol; rag.similarity compares them with these helpers.
"""

from __future__ import annotations

import re
from typing import Collection


_RECEIVERS = frozenset(("self", "this", "cls"))


def jaccard(a: Collection, b: Collection) -> float:
    """Shared over all distinct items (1.0 when both are empty); sets are read as they are."""
    if not a and not b:
        return 1.0
    sa = a if isinstance(a, (set, frozenset)) else set(a)
    sb = b if isinstance(b, (set, frozenset)) else set(b)
    common = len(sa & sb)
    return common / (len(sa) + len(sb) - common)


def _split_top_level(text: str, separator: str = ",") -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch in "([{<"
        depth -= ch in ")]}>"
        if ch == separator and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return parts + ([current] if current.strip() else [])


def signature_contract(signature: str) -> tuple[tuple[str, ...], str] | None:
    """(parameter types, return type) of a fully annotated signature, else None.

    `def subtotal(lines: list[LineItem]) -> float` -> (("list[lineitem]",), "float");
    `function f(a: number): string` likewise; `self`/`this` are skipped. A parameter or
    return without annotation makes the contract unknown (None), never "different"."""
    start = signature.find("(")
    if start < 0:
        return None
    depth, end = 0, -1
    for k in range(start, len(signature)):
        depth += signature[k] in "([{<"
        depth -= signature[k] in ")]}>"
        if depth == 0:
            end = k
            break
    if end < 0:
        return None
    types = []
    for param in _split_top_level(signature[start + 1 : end]):
        declared = param.split("=", 1)[0].strip()
        name = declared.split(":", 1)[0].strip().lstrip("*.").split()
        if name and name[-1] in _RECEIVERS:
            continue
        if ":" not in declared:
            return None
        types.append(re.sub(r"\s", "", declared.split(":", 1)[1]).lower())
    returned = re.match(r"\s*(?:->|:)\s*(.+?)\s*:?\s*$", signature[end + 1 :])
    if not returned:
        return None
    return tuple(types), re.sub(r"\s", "", returned.group(1)).lower()
