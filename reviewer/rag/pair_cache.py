"""All similarity pairs, paid once per content: `.reviewer/cache/pairs.json`.

Scoring every candidate pair of a project is the costliest step after embedding
(minutes on the standard library), and a re-run usually changes nothing or one file.
The cache keeps every pair scoring at least min_score, with a digest per card of what
its pairs are computed from (names, lines, summary, body hash, embedded-text hash):
- every digest the same: the stored pairs, without loading the index;
- a few cards changed, added or removed: the pairs between unchanged cards are kept,
  and each changed card is scored against the whole index (SimilarityIndex.pair_partners);
- more than REFRESH_SHARE of the cards changed, other settings, or other scoring code:
  everything is computed again.
The incremental path is an approximation: vocabulary weights (IDF) and the posting
limits are properties of the whole index, so a kept pair keeps the score it had when it
was computed; the next full computation (settings, code, or a large change) refreshes it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable

from ..schema.review import SimilarFunction
from ..workspace import atomic_write_text, read_json
from .similarity import SimilarityIndex, hit_head, hits_by_function, pairs_floor

VERSION = 1
REFRESH_SHARE = 0.2
# The row fields a card's pairs depend on; the structural views (shingles, literals...)
# are derived from the body by the scan, so body_hash stands for them (and the code digest
# in the key for the scan's rules).
DIGEST_FIELDS = ("id", "file_path", "name", "qualified_name", "line_start", "line_end", "signature",
                 "summary", "body_hash", "text_hash")
SCORING_MODULES = ("similarity.py", "structure.py", "pair_cache.py")


def card_digest(row: dict) -> str:
    return hashlib.blake2b(repr(tuple(row.get(f) for f in DIGEST_FIELDS)).encode(), digest_size=12).hexdigest()


def settings_key(min_score: float, salt: str) -> str:
    """What invalidates every pair: the threshold, the scoring code, and the caller's salt (model, scan code)."""
    digest = hashlib.sha256(f"{VERSION}:{min_score!r}:{salt}".encode())
    here = Path(__file__).parent
    for name in SCORING_MODULES:
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:24]


def _load(path: Path, key: str) -> tuple[dict[str, str], list[tuple[str, str, dict]]] | None:
    """The stored digests and pairs, or None when absent, damaged or made with other settings."""
    data = read_json(path, None)
    try:
        if not isinstance(data, dict) or data.get("version") != VERSION or data.get("key") != key:
            return None
        digests = dict(data["digests"])
        pairs = [(str(a), str(b), dict(m)) for a, b, m in data["pairs"]]
        if not all(a in digests and b in digests and isinstance(m.get("score"), float) for a, b, m in pairs):
            return None
        return digests, pairs
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def _save(path: Path, key: str, digests: dict[str, str], pairs: list[tuple[str, str, dict]]) -> None:
    data = {"version": VERSION, "key": key, "digests": digests, "pairs": [list(p) for p in pairs]}
    atomic_write_text(path, json.dumps(data, separators=(",", ":")))


def cached_all_pairs(
    path: Path,
    rows: list[dict],
    load_index: Callable[[], SimilarityIndex],
    *,
    min_score: float,
    max_per_function: int,
    salt: str = "",
) -> tuple[dict[str, list[SimilarFunction]], str]:
    """SimilarityIndex.all_pairs over the cards `rows` (dicts with DIGEST_FIELDS), reusing `path`.

    `load_index` builds the index over the same cards; it is called only when some pair
    must be scored. Returns the pairs and how they were obtained ("cached", "incremental:
    N cards", "full")."""
    key = settings_key(min_score, salt)
    digests = {r["id"]: card_digest(r) for r in rows}
    heads = {r["id"]: hit_head(r) for r in rows}
    stored = _load(path, key)
    changed = removed = set()
    if stored is not None:
        old_digests, old_pairs = stored
        changed = {i for i, d in digests.items() if old_digests.get(i) != d}
        removed = set(old_digests) - set(digests)
    if stored is not None and not changed and not removed:
        pairs, how = old_pairs, "cached"
    else:
        index = load_index()
        if stored is not None and len(changed) + len(removed) <= REFRESH_SHARE * max(len(digests), 1):
            pairs = [p for p in old_pairs if not ({p[0], p[1]} & (changed | removed))]
            todo = set()
            for card_id in changed:
                i = index.position[card_id]
                todo.update((min(i, j), max(i, j)) for j in index.pair_partners(i, pairs_floor(min_score)))
            pairs += index.scored_pairs(sorted(todo), min_score)
            how = f"incremental: {len(changed)} changed, {len(removed)} removed cards"
        else:
            pairs, how = index.scored_pairs(index.candidate_pairs(pairs_floor(min_score)), min_score), "full"
        _save(path, key, digests, pairs)
    return hits_by_function(pairs, heads.__getitem__, max_per_function), how
