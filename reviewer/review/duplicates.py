"""Which member of a similar pair is the duplicate, and which one to keep.

Similarity is symmetric; a review is not: the copy gets DUPLICATE and points at the
function to keep. The one to keep is, in order: the helper when one function holds
the other inline; else the more used one (more users in the usage graph); else the
exported one; else the one defined first (path, then line). Test code takes no part:
tests repeat their setup on purpose, and neither do pairs across languages that
cannot call each other (Python and TypeScript).
"""

from __future__ import annotations

from typing import Callable

from ..analysis.roles import is_test_path
from ..rag.structure import language_family
from ..scan.languages import language_for_path
from ..analysis.verdicts import SymbolKey
from .base import SimilarFunction

KeepRank = tuple  # smaller sorts first = better to keep
SHARED_MODULE_WORDS = ("util", "helper", "common", "shared", "lib", "tools")


def in_shared_module(path: str) -> bool:
    """src/utils/strings.py, lib/helpers.ts: where reusable code is meant to live."""
    parts = path.lower().replace("\\", "/").split("/")
    return any(word in part for part in parts for word in SHARED_MODULE_WORDS)


def orient_duplicates(
    pairs: dict[str, list[SimilarFunction]],
    keys: dict[str, SymbolKey],
    sizes: dict[str, int],
    rank: Callable[[SymbolKey], KeepRank],
    structural_only: bool = False,
) -> dict[SymbolKey, list[SimilarFunction]]:
    """card id -> hits (both directions)  =>  symbol -> hits it duplicates, best first.

    `sizes`: card id -> body length in normalized tokens (to tell the host of an inline copy);
    `rank`: the keep-order of a symbol (see module docstring)."""
    out: dict[SymbolKey, list[SimilarFunction]] = {}
    for card_id, hits in pairs.items():
        key = keys.get(card_id)
        if key is None or is_test_path(key[0]):
            continue
        kept: list[SimilarFunction] = []
        for hit in hits:
            other = keys.get(hit.id)
            if other is None or is_test_path(other[0]):
                continue
            if _family(key[0]) != _family(other[0]):
                # A Python function cannot call a TypeScript one: similar, never reusable.
                continue
            if _same_named_methods(key, other) and (hit.structure is None or hit.structure < 0.5):
                # Two classes implementing one protocol (an override, `format_subject` in
                # two notifiers): the shared name makes the cards alike, not the code.
                continue
            if hit.clone_kind == "inline":
                # The larger function re-implements the helper: the helper stays.
                if sizes.get(card_id, 0) <= sizes.get(hit.id, 0):
                    continue
            elif not rank(other) < rank(key):
                continue
            if structural_only:
                hit = hit.model_copy(update={"meaning": None})
            kept.append(hit)
        if kept:
            out[key] = kept
    return out


def _same_named_methods(a: SymbolKey, b: SymbolKey) -> bool:
    return "." in a[1] and "." in b[1] and a[1].rsplit(".", 1)[1] == b[1].rsplit(".", 1)[1]


def _family(path: str) -> str:
    return language_family(language_for_path(path) or "")
