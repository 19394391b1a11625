"""All similarity pairs, paid once per content: `.reviewer/cache/pairs.json`.

Scoring every candidate pair of a project is the costliest step after embedding
(minutes on the standard library), and a re-run usually changes nothing or one file.
The cache keeps every pair scoring at least min_score, with a digest per card of what
its pairs are computed from (names, lines, summary, body hash, embedded-text hash),
every candidate pair of the last computation, and the candidates under min_score that
other word weights could lift over it ("weighted", SimilarityIndex.weight_sensitive):
- every digest the same: the stored pairs, without loading the index;
- a few cards changed, added or removed: the result equals a full computation. The
  candidates are generated again (cheap next to scoring: the posting limits and the
  vocabulary weights are properties of the whole index, so one card changes candidates
  and scores between other cards), and scored again are only the pairs of a changed
  card, the pairs kept or "weighted" last time (the weights moved), and the candidates
  that are new; a candidate scored under min_score last time and not "weighted" cannot
  reach it whatever the weights, so it stays out unscored;
- more than REFRESH_SHARE of the cards changed, other settings, or other scoring code:
  everything is computed again.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from pathlib import Path
from typing import Callable

import numpy as np

from ..schema.review import SimilarFunction
from ..workspace import atomic_write_text, read_json
from .similarity import SimilarityIndex, hit_head, hits_by_function, pairs_floor

VERSION = 2
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


class _Stored:
    """The cache's content: digests by card id, pairs (id, id, Match parts), and as codes over
    the sorted stored ids (lower position * count + higher), the candidates and the weighted pairs."""

    def __init__(self, digests: dict[str, str], pairs: list[tuple[str, str, dict]],
                 candidates: np.ndarray, weighted: np.ndarray) -> None:
        self.digests, self.pairs, self.candidates, self.weighted = digests, pairs, candidates, weighted
        self.ids = sorted(digests)


def _recode(codes: np.ndarray, n: int, position: np.ndarray, m: int) -> np.ndarray:
    """Codes over n rows (i * n + j) -> codes over other positions (m of them, -1: none there)."""
    a, b = position[codes // n], position[codes % n]
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    return np.where(lo >= 0, lo * m + hi, -1)


def _pack(codes: np.ndarray) -> str:
    """Sorted codes, stored as their compressed differences."""
    deltas = np.diff(np.sort(codes), prepend=0).astype("<i8")
    return base64.b64encode(zlib.compress(deltas.tobytes(), 1)).decode("ascii")


def _unpack(text: str) -> np.ndarray:
    raw = zlib.decompress(base64.b64decode(text.encode("ascii"), validate=True))
    return np.cumsum(np.frombuffer(raw, dtype="<i8").astype(np.int64))


def _load(path: Path, key: str) -> _Stored | None:
    """The stored computation, or None when absent, damaged or made with other settings."""
    data = read_json(path, None)
    try:
        if not isinstance(data, dict) or data.get("version") != VERSION or data.get("key") != key:
            return None
        digests = {str(k): str(v) for k, v in dict(data["digests"]).items()}
        pairs = [(str(a), str(b), dict(m)) for a, b, m in data["pairs"]]
        if not all(a in digests and b in digests and isinstance(m.get("score"), float) for a, b, m in pairs):
            return None
        candidates, weighted = _unpack(data["candidates"]), _unpack(data["weighted"])
        limit = len(digests) ** 2
        if any(len(c) and (c[0] < 0 or c[-1] >= limit or np.any(np.diff(c) <= 0)) for c in (candidates, weighted)):
            return None
        return _Stored(digests, pairs, candidates, weighted)
    except (KeyError, TypeError, ValueError, AttributeError, zlib.error):
        return None


def _save(path: Path, key: str, index: SimilarityIndex, digests: dict[str, str], pairs: list[tuple[str, str, dict]],
          candidates: np.ndarray, weighted: list[tuple[int, int]]) -> None:
    """`candidates` and `weighted` are over the index's rows; stored over the sorted ids."""
    ids = sorted(digests)
    where = {card_id: k for k, card_id in enumerate(ids)}
    position = np.array([where[card_id] for card_id in index.ids], dtype=np.int64)
    n = len(index.ids)
    weighted_codes = np.array([i * n + j for i, j in weighted], dtype=np.int64)
    data = {"version": VERSION, "key": key, "digests": digests, "pairs": [list(p) for p in pairs],
            "candidates": _pack(_recode(candidates, n, position, len(ids))),
            "weighted": _pack(_recode(weighted_codes, n, position, len(ids)))}
    atomic_write_text(path, json.dumps(data, separators=(",", ":")))


def cached_all_pairs(
    path: Path,
    rows: list[dict],
    load_index: Callable[[], SimilarityIndex],
    *,
    min_score: float,
    max_per_function: int,
    salt: str = "",
    split: bool = False,
) -> tuple[dict[str, list[SimilarFunction]], str]:
    """SimilarityIndex.all_pairs over the cards `rows` (dicts with DIGEST_FIELDS), reusing `path`.

    `load_index` builds the index over the same cards; it is called only when some pair
    must be scored. `split`: score on two cores (SimilarityIndex.scored_pairs). Returns the pairs
    and how they were obtained ("cached", "incremental: N cards", "full")."""
    key = settings_key(min_score, salt)
    digests = {r["id"]: card_digest(r) for r in rows}
    heads = {r["id"]: hit_head(r) for r in rows}
    stored = _load(path, key)
    changed = removed = set()
    if stored is not None:
        changed = {i for i, d in digests.items() if stored.digests.get(i) != d}
        removed = set(stored.digests) - set(digests)
    if stored is not None and not changed and not removed:
        pairs, how = stored.pairs, "cached"
    else:
        index = load_index()
        candidates = index.candidate_codes(pairs_floor(min_score))
        weighted: list[tuple[int, int]] = []
        if stored is not None and len(changed) + len(removed) <= REFRESH_SHARE * max(len(digests), 1):
            todo = _to_score(index, candidates, stored, changed)
            how = f"incremental: {len(changed)} changed, {len(removed)} removed cards"
        else:
            todo, how = candidates, "full"
        pairs = index.scored_pairs(todo, min_score, weighted, split=split)
        _save(path, key, index, digests, pairs, candidates, weighted)
    return hits_by_function(pairs, heads.__getitem__, max_per_function), how


def _to_score(index: SimilarityIndex, candidates: np.ndarray, stored: _Stored, changed: set[str]) -> np.ndarray:
    """The candidates whose score must be computed now: those of a changed card, those that
    were kept or weighted, and those that were no candidate; the others scored under min_score
    last time with inputs that have not changed, and no weights can lift them."""
    old = {card_id: k for k, card_id in enumerate(stored.ids)}
    # Each row's position among the stored ids; -1 for a changed (or new) card.
    position = np.array([-1 if card_id in changed else old.get(card_id, -1) for card_id in index.ids], dtype=np.int64)
    codes = _recode(candidates, max(len(index), 1), position, len(stored.ids))
    kept = np.array([min(old[a], old[b]) * len(stored.ids) + max(old[a], old[b]) for a, b, _ in stored.pairs],
                    dtype=np.int64)
    again = np.union1d(kept, stored.weighted)
    skip = (codes >= 0) & _member(codes, stored.candidates) & ~_member(codes, again)
    return candidates[~skip]


def _member(values: np.ndarray, sorted_codes: np.ndarray) -> np.ndarray:
    """np.isin(values, sorted_codes) for sorted unique codes, by binary search."""
    if not len(sorted_codes):
        return np.zeros(len(values), dtype=bool)
    at = np.minimum(np.searchsorted(sorted_codes, values), len(sorted_codes) - 1)
    return sorted_codes[at] == values
