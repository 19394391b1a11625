"""Which member of a similar pair is the duplicate, and which one to keep.

Similarity is symmetric; a review is not: the copy gets DUPLICATE and points at the
function to keep. The one to keep is, in order: the helper when one function holds
the other inline; else the more used one (more users in the usage graph); else the
exported one; else the one defined first (path, then line). Test code and schema
migrations take no part: tests repeat their setup on purpose, migrations repeat the
framework's shape, and neither do pairs across languages that cannot call each other
(Python and TypeScript).
"""

from __future__ import annotations

from typing import Callable

from .roles import is_migration_path, is_test_path
from ..scan.languages import language_family, language_for_path
from ..schema.evidence import SymbolKey
from ..schema.review import SimilarFunction

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
        if key is None or is_test_path(key[0]) or is_migration_path(key[0]):
            continue
        kept: list[SimilarFunction] = []
        for hit in hits:
            other = keys.get(hit.id)
            if other is None or is_test_path(other[0]) or is_migration_path(other[0]):
                continue
            if key[0] == other[0] and _nested(key[1], other[1]):
                # A nested function's code is part of its parent's text: containment, not a copy.
                continue
            if _dunder_pair(key[1], other[1]) and (hit.structure or 0.0) < 0.9:
                # Protocol hooks (module __getattr__, __init__ of two classes) look alike by design.
                continue
            if _shape_only(hit):
                # Same statement shape, none of the same words: boilerplate such as constructors
                # storing their arguments, not one job written twice.
                continue
            if hit.structure is None and hit.clone_kind != "identical" and hit.behaviour != "same":
                # A body under the structural minimum (`return True`) is too short to call a copy.
                continue
            if _meaning_only(hit):
                # Two cards that read alike and nothing in the code agreeing: same domain words
                # in one module (format_pos / format_pct), not the same job.
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


def _nested(a: str, b: str) -> bool:
    return a.startswith(b + ".") or b.startswith(a + ".")


# Below this cosine, card similarity alone (no structural, vocabulary or behaviour
# agreement) is too weak to call two functions duplicates: on real projects the names
# and docstrings of sibling functions (read/readline, get_help/format_help) sit at 0.8-0.9.
MEANING_ONLY_FLOOR = 0.93


def _meaning_only(hit: SimilarFunction) -> bool:
    code_agrees = (
        (hit.structure or 0.0) >= 0.5
        or (hit.vocabulary or 0.0) >= 0.5
        or hit.behaviour == "same"
        or hit.clone_kind in ("identical", "renamed", "inline")
    )
    return not code_agrees and (hit.meaning or 0.0) < MEANING_ONLY_FLOOR


def _dunder_pair(a: str, b: str) -> bool:
    name_a, name_b = a.rsplit(".", 1)[-1], b.rsplit(".", 1)[-1]
    return name_a == name_b and name_a.startswith("__") and name_a.endswith("__")


def _shape_only(hit: SimilarFunction) -> bool:
    if hit.clone_kind not in ("renamed", "near-miss"):
        return False
    return (hit.vocabulary or 0.0) < 0.15 and (hit.meaning or 0.0) < 0.6
