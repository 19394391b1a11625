"""findSimilarFunctions: card meaning (MiniLM cosine) + code structure (shingles), one calibrated score.

MiniLM over a static card (name, signature, docstring) is weak evidence: a renamed
copy can be far away in embedding space, and two unrelated `get_user` functions close.
So candidates come from both the vector neighbours and a shingle inverted index, and
the score combines:
- meaning   = cosine of the card vectors;
- structure = Jaccard of the normalized-token shingles (renamed copy -> 1.0), damped
  when the literals/operators differ (same shape, other behaviour: a decoy);
- inline    = containment of a helper's shingles inside a larger function.
Scoring constants were chosen on benchmarks/dup_pairs (see docs/benchmarks.md, rag).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..config import Config
from ..review.base import SimilarFunction
from ..workspace import Workspace
from .store import CardStore
from .structure import jaccard

# Default threshold of the combined score; chosen from the dup-pair table (docs/benchmarks.md).
DEFAULT_MIN_SCORE = 0.6

# Functions shorter than this (normalized tokens) take no part in structural matching:
# a getter (`return self.x`), a one-line delegate or `pass` has the shingles of every
# other such function, so "renamed copy" would be true and useless. 20 tokens is about
# a three-statement body; below it a duplicate costs less than the indirection to share it.
MIN_STRUCT_TOKENS = 20
# A helper must be at least this long to count as re-implemented inline elsewhere,
# and the host at least INLINE_RATIO times longer (otherwise it is a plain clone).
MIN_INLINE_TOKENS = 30
INLINE_RATIO = 1.6
INLINE_CONTAINMENT = 0.8
# Shingles shared by more functions than this are boilerplate (`return None`, loops):
# they are skipped when looking for structural candidates, not when scoring.
MAX_POSTING = 64
# Meaning alone (no structural agreement) maps cosine [MEANING_FLOOR, 1] to [0, MEANING_WEIGHT].
MEANING_FLOOR = 0.5
MEANING_WEIGHT = 0.9
# How much of the structural score survives when the literals/operators differ entirely
# (inline helpers), and the power applied to detail similarity for whole-function clones.
DETAIL_KEEP = 0.55
DETAIL_POWER = 2
# Decoy signal: shingles this alike but literal/operator detail this different.
DECOY_SHAPE = 0.5
DECOY_DETAIL = 0.8
CANDIDATES = 64  # vector and structural neighbours examined per query


def calibrated_meaning(cosine: float) -> float:
    return MEANING_WEIGHT * min(1.0, max(0.0, (cosine - MEANING_FLOOR) / (1.0 - MEANING_FLOOR)))


def effective_structure(shingle_jaccard: float, detail_similarity: float) -> float:
    """Shingle similarity, damped when literals/operators/operand order disagree (a decoy).

    Squared: one swapped operand or changed constant in a 40-token function leaves
    detail at about 0.7-0.8, which must pull a 1.0 shingle match below the threshold.
    """
    return shingle_jaccard * detail_similarity**DETAIL_POWER


def combine(meaning: float, structure: float | None) -> float:
    """One score in [0, 1]: the stronger piece of evidence, raised when the other agrees."""
    m = calibrated_meaning(meaning)
    if structure is None:
        return round(m, 4)
    strong, weak = max(m, structure), min(m, structure)
    return round(min(1.0, strong + (1.0 - strong) * weak * 0.5), 4)


def _literals(detail: list[str]) -> set[str]:
    """Literal/operator tokens without counts (alpha grams are numbered per function: not comparable inside a host)."""
    return {d.rsplit("#", 1)[0] for d in detail if not d.startswith("ALPHA:")}


@dataclass
class _Parts:
    score: float
    meaning: float
    structure: float | None
    kind: str


class SimilarityIndex:
    """All cards of one index in memory: vectors in one matrix, shingles in an inverted index."""

    def __init__(self, rows: list[dict], vectors: np.ndarray, store: CardStore | None = None) -> None:
        self.store = store  # where the rows came from (for card lookups), when loaded from disk
        self.rows = rows
        self.ids = [r["id"] for r in rows]
        self.position = {card_id: i for i, card_id in enumerate(self.ids)}
        self.vectors = vectors
        self.shingles = [np.unique(np.asarray(r["shingles"] or [], dtype=np.uint32)) for r in rows]
        self.tokens = np.array([r["token_count"] or 0 for r in rows], dtype=np.int64)
        self.detail = [list(r["detail"] or []) for r in rows]
        self._build_postings()

    @classmethod
    def load(cls, store: CardStore) -> "SimilarityIndex":
        columns = ["id", "file_path", "name", "qualified_name", "line_start", "line_end", "summary",
                   "body_hash", "shingles", "token_count", "detail", "vector"]
        table = store.read(columns)
        vectors = (
            table.column("vector").combine_chunks().flatten().to_numpy().reshape(len(table), -1).astype(np.float32)
            if len(table) else np.zeros((0, store.dimension), dtype=np.float32)
        )
        return cls(table.drop_columns(["vector"]).to_pylist(), vectors, store)

    @classmethod
    def open(cls, root: Path, config: Config) -> "SimilarityIndex":
        """Load the workspace's index (the model is checked against config.rag.model)."""
        from .embedder import KNOWN_DIMENSIONS, load_embedder

        model = config.rag.model
        dimension = KNOWN_DIMENSIONS.get(model) or load_embedder(model).dimension
        return cls.load(CardStore(Workspace(root, config.output), model, dimension))

    def __len__(self) -> int:
        return len(self.ids)

    def _build_postings(self) -> None:
        usable = [i for i in range(len(self.ids)) if self.tokens[i] >= MIN_STRUCT_TOKENS and len(self.shingles[i])]
        if not usable:
            self._keys = np.zeros(0, dtype=np.uint32)
            self._starts = np.zeros(1, dtype=np.int64)
            self._rows = np.zeros(0, dtype=np.int64)
            return
        values = np.concatenate([self.shingles[i] for i in usable])
        owners = np.concatenate([np.full(len(self.shingles[i]), i, dtype=np.int64) for i in usable])
        order = np.argsort(values, kind="stable")
        values, owners = values[order], owners[order]
        self._keys, starts = np.unique(values, return_index=True)
        self._starts = np.append(starts, len(values)).astype(np.int64)
        self._rows = owners

    def _posting(self, k: int) -> np.ndarray:
        return self._rows[self._starts[k] : self._starts[k + 1]]

    # -- scoring ---------------------------------------------------------------------

    def _structure(self, i: int, j: int) -> tuple[float | None, float, float, float]:
        """(effective structure or None when either is trivial, shingle Jaccard, helper containment, detail similarity)."""
        if min(self.tokens[i], self.tokens[j]) < MIN_STRUCT_TOKENS:
            return None, 0.0, 0.0, 0.0
        a, b = self.shingles[i], self.shingles[j]
        if not len(a) or not len(b):
            return None, 0.0, 0.0, 0.0
        common = len(np.intersect1d(a, b, assume_unique=True))
        shingle_jaccard = common / (len(a) + len(b) - common)
        small = i if len(a) <= len(b) else j
        containment = common / len(self.shingles[small])
        detail = jaccard(self.detail[i], self.detail[j])
        return effective_structure(shingle_jaccard, detail), shingle_jaccard, containment, detail

    def score_pair(self, i: int, j: int) -> _Parts:
        meaning = float(self.vectors[i] @ self.vectors[j]) if self.vectors.size else 0.0
        structure, shingle_jaccard, containment, detail = self._structure(i, j)
        score = combine(meaning, structure)
        if structure is not None and shingle_jaccard >= DECOY_SHAPE and detail < DECOY_DETAIL:
            # Same shape, other literals/operators: the code says "different behaviour",
            # and similar names or docstrings (meaning) must not outvote it.
            score = min(score, round(structure, 4))
        same_body = self.rows[i]["body_hash"] and self.rows[i]["body_hash"] == self.rows[j]["body_hash"]
        if same_body and structure is not None:
            return _Parts(1.0, meaning, 1.0, "identical")
        kind = "semantic"
        if structure is not None and structure >= 0.9:
            kind = "renamed"
        elif structure is not None and structure >= 0.5:
            kind = "near-miss"
        inline = self._inline_score(i, j, containment)
        if inline > score:
            return _Parts(round(inline, 4), meaning, structure, "inline")
        return _Parts(score, meaning, structure, kind)

    def _inline_score(self, i: int, j: int, containment: float) -> float:
        """A helper's code found inside a larger function: containment, damped by literal disagreement."""
        small, big = (i, j) if self.tokens[i] <= self.tokens[j] else (j, i)
        if self.tokens[small] < MIN_INLINE_TOKENS or self.tokens[big] < INLINE_RATIO * self.tokens[small]:
            return 0.0
        if containment < INLINE_CONTAINMENT:
            return 0.0
        helper_detail = _literals(self.detail[small])
        covered = len(helper_detail & _literals(self.detail[big])) / len(helper_detail) if helper_detail else 1.0
        return containment * (DETAIL_KEEP + (1.0 - DETAIL_KEEP) * covered)

    def _hit(self, j: int, parts: _Parts) -> SimilarFunction:
        row = self.rows[j]
        return SimilarFunction(
            id=row["id"], name=row["qualified_name"], file_path=row["file_path"],
            line_start=row["line_start"], line_end=row["line_end"], score=parts.score,
            meaning=round(parts.meaning, 4),
            structure=None if parts.structure is None else round(parts.structure, 4),
            clone_kind=parts.kind, summary=row["summary"],
        )

    # -- queries ---------------------------------------------------------------------

    def candidates(self, i: int, limit: int = CANDIDATES) -> set[int]:
        found: set[int] = set()
        if self.vectors.size:
            sims = self.vectors @ self.vectors[i]
            k = min(limit, len(sims))
            found.update(np.argpartition(-sims, k - 1)[:k].tolist())
        if self.tokens[i] >= MIN_STRUCT_TOKENS and len(self._keys):
            mine = self.shingles[i]
            ks = np.searchsorted(self._keys, mine[np.isin(mine, self._keys, assume_unique=True)])
            postings = [self._posting(k) for k in ks if self._starts[k + 1] - self._starts[k] <= MAX_POSTING]
            if postings:
                counts = np.bincount(np.concatenate(postings), minlength=len(self.ids))
                counts[i] = 0
                shared = np.flatnonzero(counts >= 2)
                if len(shared) > limit:
                    shared = shared[np.argsort(-counts[shared], kind="stable")[:limit]]
                found.update(shared.tolist())
        found.discard(i)
        return found

    def find_similar(self, function_id: str, max_results: int = 8, min_score: float = DEFAULT_MIN_SCORE) -> list[SimilarFunction]:
        """The functions most similar to `function_id`, excluding itself, best first."""
        i = self.position.get(function_id)
        if i is None:
            return []
        scored = [(self.score_pair(i, j), j) for j in self.candidates(i, max(CANDIDATES, 4 * max_results))]
        scored = [(p, j) for p, j in scored if p.score >= min_score]
        scored.sort(key=lambda item: (-item[0].score, self.ids[item[1]]))
        return [self._hit(j, p) for p, j in scored[:max_results]]

    def candidate_pairs(self, meaning_floor: float) -> set[tuple[int, int]]:
        """Pairs worth scoring across the whole index: close vectors (blocked matmul) or shared shingles."""
        n = len(self.ids)
        pairs: set[tuple[int, int]] = set()
        block = 1024
        for start in range(0, n if self.vectors.size else 0, block):
            sims = self.vectors[start : start + block] @ self.vectors.T
            rows, cols = np.nonzero(sims >= meaning_floor)
            rows = rows + start
            keep = rows < cols
            pairs.update(zip(rows[keep].tolist(), cols[keep].tolist()))
        codes = []
        for k in range(len(self._keys)):
            posting = self._posting(k)
            if 2 <= len(posting) <= MAX_POSTING:
                a, b = np.triu_indices(len(posting), 1)
                lo, hi = np.minimum(posting[a], posting[b]), np.maximum(posting[a], posting[b])
                codes.append(lo * n + hi)
        if codes:
            unique, counts = np.unique(np.concatenate(codes), return_counts=True)
            for code in unique[counts >= 2].tolist():
                pairs.add((code // n, code % n))
        return pairs

    def all_pairs(self, min_score: float = DEFAULT_MIN_SCORE, max_per_function: int = 8) -> dict[str, list[SimilarFunction]]:
        """For every function, its similar functions at or above `min_score` (both directions), best first."""
        # The cosine below which meaning alone cannot reach min_score (structure finds the rest).
        floor = MEANING_FLOOR + (1.0 - MEANING_FLOOR) * min(1.0, min_score / MEANING_WEIGHT) - 0.15
        out: dict[str, list[tuple[_Parts, int]]] = {}
        for i, j in self.candidate_pairs(floor):
            parts = self.score_pair(i, j)
            if parts.score >= min_score:
                out.setdefault(self.ids[i], []).append((parts, j))
                out.setdefault(self.ids[j], []).append((parts, i))
        result = {}
        for card_id, hits in out.items():
            hits.sort(key=lambda item: (-item[0].score, self.ids[item[1]]))
            result[card_id] = [self._hit(j, p) for p, j in hits[:max_per_function]]
        return result


_OPEN: dict[tuple[str, str, int], SimilarityIndex] = {}


def find_similar_functions(
    root: Path,
    config: Config,
    function_id: str,
    max_results: int = 8,
    min_score: float = DEFAULT_MIN_SCORE,
) -> list[SimilarFunction]:
    """The functions most similar to `function_id` anywhere in the index, excluding itself.

    The index is loaded once per table version and kept for later calls in this process.
    """
    from .embedder import KNOWN_DIMENSIONS, load_embedder

    dimension = KNOWN_DIMENSIONS.get(config.rag.model) or load_embedder(config.rag.model).dimension
    store = CardStore(Workspace(root, config.output), config.rag.model, dimension)
    table = store.table(create=False)
    if table is None:
        return []
    key = (str(store.path), config.rag.model, table.version)
    if key not in _OPEN:
        _OPEN.clear()
        _OPEN[key] = SimilarityIndex.load(store)
    return _OPEN[key].find_similar(function_id, max_results, min_score)
