"""findSimilarFunctions: card meaning (MiniLM cosine) + code structure (shingles), one calibrated score.

MiniLM over a static card (name, signature, docstring) is weak evidence: a renamed
copy can be far away in embedding space, and two unrelated `get_user` functions close.
So candidates come from both the vector neighbours and a shingle inverted index, and
the score combines:
- meaning   = cosine of the card vectors;
- structure = Jaccard of the normalized-token shingles (renamed copy -> 1.0), damped
  when the literals/operators differ (same shape, other behaviour: a decoy);
- inline    = containment of a helper's shingles inside a larger function;
- behaviour = the jobs scan.behaviour reads in each body ("sums item quantity over the
  first argument"), whatever the idiom. When both bodies are mostly such jobs (coverage),
  the same jobs count as structural evidence (a loop and a `reduce` doing one job: a
  "semantic" clone), and jobs with nothing in common (sum/product, any/all,
  largest/smallest, ascending/descending, another field or condition; not sort versus
  largest/smallest, two spellings of one job) cap the score below the threshold, as the
  decoy rule does: names and vocabulary cannot tell `any_overdue` from `all_overdue`, the
  body can. Only functions of one language family are compared this way.
Scoring constants were chosen on benchmarks/dup_pairs (see docs/benchmarks.md, rag).
"""

from __future__ import annotations

import itertools
from operator import itemgetter
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..config import Config
from ..schema.review import Match, SimilarFunction
from ..errors import ModelMismatchError
from ..workspace import Workspace, file_lock, lock_holder
from .ann import ANN_MIN_ROWS, CoarseIndex, nearest_rows
from .store import CardStore, sql_string
from .store import STRUCTURE_COLUMNS
from .structure import signature_contract

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
INLINE_WORDS = 0.7  # share of the helper's literals, calls and domain words the host must also hold
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
DECOY_SHAPE = 0.3
DECOY_DETAIL = 0.8
# Shared domain vocabulary (see _vocabulary_support) adds up to VOCABULARY_WEIGHT to the
# cosine before calibration; it counts above VOCABULARY_BASE, in full from VOCABULARY_MASS
# of shared information (sum of IDF, natural log: one word used by 1 function in 100 is ~4.3).
VOCABULARY_WEIGHT = 0.35
VOCABULARY_BASE = 0.3
VOCABULARY_MASS = 4.0
# Behaviour (see the module docstring): the jobs must account for this share of both bodies
# (a `sum()` that is one step of a longer function says little about the function) ...
BEHAVIOUR_COVERAGE = 0.75
# ... then the same jobs count as this much structural evidence (combined with meaning:
# at least this score), and jobs that differ cap the score here, below DEFAULT_MIN_SCORE.
BEHAVIOUR_MATCH = 0.8
BEHAVIOUR_CAP = 0.45
# Verbs that are variants of one job (sum/product: opposite behaviours of one shape).
VERB_FAMILY = {
    "sum": "aggregate", "product": "aggregate", "any": "quantifier", "all": "quantifier",
    "largest": "extreme", "smallest": "extreme", "sort ascending": "sort", "sort descending": "sort",
    "first": "search", "first index": "search",
}
# Families one job can be written in: `sorted(xs, key=f)[0]` is `min(xs, key=f)`.
ALIKE_FAMILIES = {frozenset({"sort", "extreme"})}
CANDIDATES = 64  # vector and structural neighbours examined per query


def calibrated_meaning(cosine: float) -> float:
    return MEANING_WEIGHT * min(1.0, max(0.0, (cosine - MEANING_FLOOR) / (1.0 - MEANING_FLOOR)))


def effective_structure(shingle_jaccard: float, detail_similarity: float, callee_agreement: float | None = None) -> float:
    """Shingle similarity, damped when literals/operators/operand order or callees disagree (a decoy).

    Squared detail: one swapped operand or changed constant in a 40-token function leaves
    detail at about 0.7-0.8, which must pull a 1.0 shingle match below the threshold.
    Callees: `sorted(k for k in xs if needs_reorder(k))` and the same with `is_overstocked`
    have one shape and different behaviour; the Jaccard of the called names scales it.
    """
    calls = 1.0 if callee_agreement is None else callee_agreement
    return shingle_jaccard * detail_similarity**DETAIL_POWER * calls


def combine(meaning: float, structure: float | None) -> float:
    """One score in [0, 1]: the stronger piece of evidence, raised when the other agrees."""
    m = calibrated_meaning(meaning)
    if structure is None:
        return round(m, 4)
    strong, weak = max(m, structure), min(m, structure)
    return round(min(1.0, strong + (1.0 - strong) * weak * 0.5), 4)


@dataclass(frozen=True)
class _Jobs:
    """A body's jobs as scan.behaviour reads them ("sum|item quantity|||arg1"), if they account for most of it."""

    jobs: tuple[str, ...] = ()
    family: str = ""  # language family: only functions that can call one another are duplicates
    coverage: float = 0.0

    @property
    def usable(self) -> bool:
        return bool(self.jobs) and self.coverage >= BEHAVIOUR_COVERAGE


def _job_verdict(a: _Jobs, b: _Jobs) -> str | None:
    """"same" (same jobs), "differs" (no job in common: another verb, field, key or condition),
    or None (no evidence: a body not mostly known jobs, other languages, one job over other data).

    Both bodies must be mostly known jobs (coverage), so "differs" means the bodies do other
    things, not that the reader missed one. The source (what the job runs over) must agree
    for "same" but never makes "differs": `for line in lines` and `self.lines` may be the same data."""
    if not (a.usable and b.usable) or a.family != b.family:
        return None
    if a.jobs == b.jobs:
        return "same"
    first_a, first_b = a.jobs[0].split("|"), b.jobs[0].split("|")
    families = frozenset({VERB_FAMILY.get(first_a[0], first_a[0]), VERB_FAMILY.get(first_b[0], first_b[0])})
    if families in ALIKE_FAMILIES:
        return None
    if first_a[:4] == first_b[:4]:
        return None  # one job over other data: neither evidence
    shared = {j.rsplit("|", 1)[0] for j in a.jobs} & {j.rsplit("|", 1)[0] for j in b.jobs}
    return None if shared else "differs"


def _distinctive(literals: list[str]) -> set[str]:
    """What a body names rather than its shape: its string and number literals (counts dropped)."""
    return {d.rsplit("#", 1)[0] for d in literals if d.startswith(("STR:", "NUM:"))}


def _uncounted(literals: list[str]) -> set[str]:
    """Literal/operator tokens without counts (alpha grams are numbered per function: not comparable inside a host)."""
    return {d.rsplit("#", 1)[0] for d in literals}


@dataclass
class _StructureView:
    structure: float | None  # effective structure; None when either function is trivial
    shape: float  # shingle Jaccard
    containment: float  # shingles of the smaller found in the larger
    detail: float  # literal/operator/operand-order agreement
    calls: float | None  # Jaccard of called names; None when neither calls anything by name


@dataclass
class _Parts:
    score: float
    meaning: float
    structure: float | None
    kind: str
    vocabulary: float | None = None
    calls: float | None = None
    shape: float = 0.0  # raw shingle Jaccard
    detail: float = 0.0  # literal/operator/operand-order agreement
    behaviour: str | None = None  # "same" | "differs" | None (see _job_verdict)


class _PerRow(dict):
    """row -> value, computed by `make(row)` on first use and kept."""

    def __init__(self, make) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, row: int):
        value = self[row] = self._make(row)
        return value


class SimilarityIndex:
    """All cards of one index in memory: vectors in one matrix, shingles in an inverted index."""

    def __init__(self, rows: list[dict], vectors: np.ndarray, store: CardStore | None = None) -> None:
        self.store = store  # where the rows came from (for card lookups), when loaded from disk
        self.rows = rows
        self.ids = [r["id"] for r in rows]
        self.position = {card_id: i for i, card_id in enumerate(self.ids)}
        self.vectors = vectors
        # Rows with a vector: a card whose text was not embedded (a trivial body, a test case:
        # rag/indexer.py) has a zero row, cosine 0 with everything. Meaning searches read only
        # the embedded rows, in one contiguous copy unless that is every row.
        has = np.einsum("ij,ij->i", vectors, vectors) > 0 if vectors.size else np.zeros(len(rows), dtype=bool)
        self.has_vector = has
        self._embedded = np.flatnonzero(has)
        self._meaning_vectors = vectors if len(self._embedded) == len(rows) else vectors[self._embedded]
        self.shingles = _unique_per_row([r["shingles"] or () for r in rows])
        self.tokens = np.array([r["token_count"] or 0 for r in rows], dtype=np.int64)
        # What only the scoring of a pair reads is made per row on first use (_PerRow): a run after a
        # small change scores a few pairs, and building these for every row was a third of the index.
        self.literals = _PerRow(lambda k: list(rows[k].get("literals") or []))
        # What shingles erase, compared as one set: literals/operators and the alpha-renamed grams (_detail).
        # The grams stay machine integers (a sorted array): as a set of Python ints, those of every row
        # scored were most of the memory of the standard library's pair scoring.
        self._literal_sets = _PerRow(lambda k: frozenset(self.literals[k]))
        self._grams = _PerRow(lambda k: np.unique(np.asarray(rows[k].get("alpha_grams") or (), dtype=np.uint64)))
        self.calls = _PerRow(lambda k: set(rows[k].get("calls") or []))
        contracts: dict[str, tuple | None] = {}  # one parse per distinct signature (`(self)` is common)
        self.contracts = _PerRow(lambda k: contracts[sig] if (sig := rows[k].get("signature") or "") in contracts
                                 else contracts.setdefault(sig, signature_contract(sig)))
        self.vocab = [set(r.get("vocabulary") or []) for r in rows]
        self.jobs = [_Jobs(tuple(r.get("jobs") or []), r.get("family") or "", float(r.get("job_coverage") or 0.0))
                     for r in rows]
        self._build_vocabulary_weights()
        self._build_postings()
        self._build_job_postings()
        self._build_shape_groups()

    @classmethod
    def load(cls, store: CardStore, previous: "SimilarityIndex | None" = None,
             files: Collection[str] = ()) -> "SimilarityIndex":
        """The index of the table. With `previous` (loaded from the same table) and `files`: only
        the rows of `files` are read again, the others are taken from `previous`; for a caller
        that knows the table changed there alone (it wrote them, holding the rag lock)."""
        columns = ["id", "file_path", "name", "qualified_name", "line_start", "line_end", "summary", "signature",
                   "body_hash", *STRUCTURE_COLUMNS, "vector"]
        files = set(files)
        if previous is not None and not files:
            return previous
        where = None if previous is None else " OR ".join(f"file_path = {sql_string(f)}" for f in sorted(files))
        table = store.read(columns, where=where)
        vectors = (
            table.column("vector").combine_chunks().flatten().to_numpy().reshape(len(table), -1).astype(np.float32)
            if len(table) else np.zeros((0, store.dimension), dtype=np.float32)
        )
        rows = table.drop_columns(["vector"]).to_pylist()
        if previous is not None:
            kept = [k for k, row in enumerate(previous.rows) if row["file_path"] not in files]
            rows = [previous.rows[k] for k in kept] + rows
            vectors = np.concatenate([previous.vectors[kept], vectors]) if len(previous.vectors) else vectors
        # Rows in id order, not storage order: compaction reorders a table, and the candidate
        # limits break ties by position, so the same index must always give the same pairs.
        order = sorted(range(len(rows)), key=lambda k: rows[k]["id"])
        return cls([rows[k] for k in order], vectors[order] if len(rows) else vectors, store)

    @classmethod
    def open(cls, root: Path, config: Config) -> "SimilarityIndex":
        """Load the workspace's index (the model is checked against config.rag.model). An index
        found empty, or unreadable, while a writer holds the rag lock is being (re)built: wait
        for that writer (saying so), then read the finished index."""
        lock = Workspace(root, config.output).rag_lock
        try:
            index = cls.load(open_store(root, config))
        except ModelMismatchError:
            raise
        except Exception:
            if lock_holder(lock) is None:
                raise
            index = None
        if (index is None or not len(index)) and lock_holder(lock) is not None:
            with file_lock(lock):
                index = cls.load(open_store(root, config))
        return index

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

    def _build_job_postings(self) -> None:
        """Functions with the same usable jobs: candidates however far apart their cards and shingles are."""
        groups: dict[tuple[str, tuple[str, ...]], list[int]] = {}
        for i, jobs in enumerate(self.jobs):
            if jobs.usable:
                groups.setdefault((jobs.family, jobs.jobs), []).append(i)
        self._job_groups = [np.asarray(g, dtype=np.int64) for g in groups.values() if 2 <= len(g) <= MAX_POSTING]
        self._job_group_of = {int(i): g for g in self._job_groups for i in g}

    def _build_shape_groups(self) -> None:
        """Functions with one shingle set (renamed or identical copies) where one has no vector.

        For embedded cards, the meaning neighbours also bring the copies whose every shingle
        is too common to be posted (short tests written again and again); a card left
        unembedded on purpose (a test case) gets its exact-shape copies from here instead.
        Only when the index has vectors at all: without RAG nothing changes."""
        self._shape_group_of: dict[int, np.ndarray] = {}
        if not len(self._embedded) or len(self._embedded) == len(self.ids):
            return
        groups: dict[bytes, list[int]] = {}
        for i in range(len(self.ids)):
            if self.tokens[i] >= MIN_STRUCT_TOKENS and len(self.shingles[i]):
                groups.setdefault(self.shingles[i].tobytes(), []).append(i)
        for members in groups.values():
            if 2 <= len(members) <= MAX_POSTING and not self.has_vector[members].all():
                group = np.asarray(members, dtype=np.int64)
                self._shape_group_of.update((i, group) for i in members)

    def _shape_partners(self, i: int) -> list[int]:
        """Row i's exact-shape copies in a pair with a row that has no vector (_build_shape_groups)."""
        group = self._shape_group_of.get(i)
        if group is None:
            return []
        return [j for j in group.tolist() if j != i and not (self.has_vector[i] and self.has_vector[j])]

    def _build_vocabulary_weights(self) -> None:
        """Inverse document frequency of each vocabulary word over this index.

        A word most functions use (`len`, `append`, `string`) is weak evidence that two
        functions do the same job; `unit_price` read by two of 2,000 functions is strong."""
        frequency: dict[str, int] = {}
        for words in self.vocab:
            for word in words:
                frequency[word] = frequency.get(word, 0) + 1
        n = max(len(self.vocab), 1)
        self.word_weight = {w: float(np.log((n + 1) / (f + 0.5))) for w, f in frequency.items()}
        # Each vocabulary's whole weight: a pair's union is mass(a) + mass(b) - shared, summed once per row.
        self._vocab_mass = [sum(self.word_weight[w] for w in words) for words in self.vocab]
        # Rare words -> the functions using them: candidates whose cosine alone is too low
        # but whose shared vocabulary can lift them over the threshold.
        postings: dict[str, list[int]] = {}
        for i, words in enumerate(self.vocab):
            for word in words:
                if 2 <= frequency[word] <= MAX_POSTING:
                    postings.setdefault(word, []).append(i)
        self._word_postings = {w: np.asarray(rows, dtype=np.int64) for w, rows in postings.items()}

    def _vocabulary_neighbours(self, i: int) -> set[int]:
        found: set[int] = set()
        for word in self.vocab[i]:
            posting = self._word_postings.get(word)
            if posting is not None:
                found.update(posting.tolist())
        found.discard(i)
        return found

    def _vocabulary(self, i: int, j: int) -> float | None:
        """IDF-weighted Jaccard of the domain vocabularies (None when either has none)."""
        a, b = self.vocab[i], self.vocab[j]
        if not a or not b:
            return None
        shared = sum(self.word_weight[w] for w in a & b)
        union = self._vocab_mass[i] + self._vocab_mass[j] - shared
        return shared / union if union > 1e-9 else 0.0

    def _calls(self, i: int, j: int) -> float | None:
        """Jaccard of the called names (None when neither calls anything by name)."""
        a, b = self.calls[i], self.calls[j]
        if not a and not b:
            return None
        return len(a & b) / len(a | b)

    def _posting(self, k: int) -> np.ndarray:
        return self._rows[self._starts[k] : self._starts[k + 1]]

    def _coarse(self) -> CoarseIndex | None:
        """The groups of the embedded vectors of a large index (rag/ann.py), built on the first lookup."""
        if len(self._meaning_vectors) < ANN_MIN_ROWS:
            return None
        if getattr(self, "_coarse_index", None) is None:
            self._coarse_index = CoarseIndex(self._meaning_vectors)
        return self._coarse_index

    def _meaning_neighbours(self, i: int, limit: int) -> list[int]:
        """The `limit` embedded rows nearest row i's vector; none when row i has no vector."""
        if not self.has_vector[i]:
            return []
        found = nearest_rows(self._meaning_vectors, self.vectors[i], limit, self._coarse())
        return found if self._meaning_vectors is self.vectors else self._embedded[found].tolist()

    def _shared_postings(self, i: int) -> list[np.ndarray]:
        """The postings (at most MAX_POSTING rows) of row i's shingles: its structural neighbours."""
        if self.tokens[i] < MIN_STRUCT_TOKENS or not len(self._keys) or not len(self.shingles[i]):
            return []
        mine = self.shingles[i]
        # searchsorted, not np.isin: isin sorts all keys (millions at 100k cards) on every query.
        ks = np.minimum(np.searchsorted(self._keys, mine), len(self._keys) - 1)
        ks = ks[self._keys[ks] == mine]
        sizes = self._starts[ks + 1] - self._starts[ks]
        return [self._posting(k) for k in ks[sizes <= MAX_POSTING]]

    # -- scoring ---------------------------------------------------------------------

    def _structure(self, i: int, j: int) -> _StructureView:
        """Structural agreement of two functions; `structure` is None when either is trivial."""
        a, b = self.shingles[i], self.shingles[j]
        calls = self._calls(i, j)
        if not len(a) or not len(b):
            return _StructureView(None, 0.0, 0.0, 0.0, calls)
        common = _common(a, b)
        shape = common / (len(a) + len(b) - common)
        containment = common / min(len(a), len(b))
        detail = self._detail(i, j)
        # Short functions (getters, one-line delegates) share the shingles of every other
        # such function: no evidence of a copy, though a detail mismatch still tells a decoy.
        trivial = min(self.tokens[i], self.tokens[j]) < MIN_STRUCT_TOKENS
        structure = None if trivial else effective_structure(shape, detail, calls)
        return _StructureView(structure, shape, containment, detail, calls)

    def score_pair(self, i: int, j: int, support_ceiling: bool = False) -> _Parts:
        """The pair's parts. `support_ceiling`: with the most vocabulary support any word weights could
        give (the weights are the one input that depends on the rest of the index): an upper bound."""
        meaning = float(self.vectors[i] @ self.vectors[j]) if self.vectors.size else 0.0
        view = self._structure(i, j)
        vocabulary = self._vocabulary(i, j)
        behaviour = _job_verdict(self.jobs[i], self.jobs[j])
        shingle_structure = view.structure  # what names the clone kind: renamed / near-miss need the shapes alike
        if behaviour == "same":
            # One job in two idioms (loop / sum() / reduce): structural evidence the shingles miss.
            view.structure = max(view.structure or 0.0, BEHAVIOUR_MATCH)
        support = self._vocabulary_support(i, j, vocabulary, support_ceiling)
        score = combine(meaning + VOCABULARY_WEIGHT * support, view.structure)
        if behaviour == "differs":
            # any/all, sum of weight/sum of volume: alike to the embedding, told apart by the body.
            score = min(score, BEHAVIOUR_CAP)
        if view.shape >= DECOY_SHAPE and (view.detail < DECOY_DETAIL or (view.calls is not None and view.calls < 1.0)):
            # Same shape, other literals/operators/callees: the code says "different
            # behaviour", and similar names, docstrings or vocabulary must not outvote it.
            score = min(score, round(view.shape * view.detail**DETAIL_POWER * (1.0 if view.calls is None else view.calls), 4))
        if self._delegates(i, j):
            # One calls the other: a wrapper (over-engineering at worst), not a second copy.
            score = min(score, 0.0 if view.structure is None else round(view.structure, 4))
        structure = view.structure
        same_body = self.rows[i]["body_hash"] and self.rows[i]["body_hash"] == self.rows[j]["body_hash"]
        if same_body and structure is not None:
            return _Parts(1.0, meaning, 1.0, "identical", vocabulary, view.calls, view.shape, view.detail, behaviour)
        kind = "semantic"
        if shingle_structure is not None and shingle_structure >= 0.9:
            kind = "renamed"
        elif shingle_structure is not None and shingle_structure >= 0.5:
            kind = "near-miss"
        inline = self._inline_score(i, j, view.containment)
        if inline > score:
            return _Parts(round(inline, 4), meaning, structure, "inline", vocabulary, view.calls, view.shape, view.detail, behaviour)
        return _Parts(score, meaning, structure, kind, vocabulary, view.calls, view.shape, view.detail, behaviour)

    def _detail(self, i: int, j: int) -> float:
        """The Jaccard of two rows' detail sets, each its literals (strings) and alpha grams (integers):
        a string never equals an integer, so the shared items are the shared literals plus the shared
        grams, and each set's size the sum of its two parts."""
        literals_a, literals_b = self._literal_sets[i], self._literal_sets[j]
        grams_a, grams_b = self._grams[i], self._grams[j]
        size_a, size_b = len(literals_a) + len(grams_a), len(literals_b) + len(grams_b)
        if not size_a and not size_b:
            return 1.0
        common = len(literals_a & literals_b) + (_common(grams_a, grams_b) if len(grams_a) and len(grams_b) else 0)
        return common / (size_a + size_b - common)

    def score_bound(self, i: int, j: int) -> float:
        """At least score_pair(i, j).score, also with full vocabulary support (weight_sensitive's
        ceiling): the caps only lower a score, the support is at most 1, the structure at most the
        shingle Jaccard (detail and callee agreement are at most 1) unless the jobs agree, and an
        inline copy at most the containment. One intersection count: no set of literals, calls or
        words is read, so most candidates of a large index are set aside at a fraction of the cost."""
        if self.rows[i]["body_hash"] and self.rows[i]["body_hash"] == self.rows[j]["body_hash"]:
            return 1.0
        meaning = float(self.vectors[i] @ self.vectors[j]) if self.vectors.size else 0.0
        a, b = self.shingles[i], self.shingles[j]
        structure, inline = None, 0.0
        if len(a) and len(b):
            common = _common(a, b)
            if min(self.tokens[i], self.tokens[j]) >= MIN_STRUCT_TOKENS:
                structure = common / (len(a) + len(b) - common)
            small, big = sorted((self.tokens[i], self.tokens[j]))
            if small >= MIN_INLINE_TOKENS and big >= INLINE_RATIO * small:
                inline = round(common / min(len(a), len(b)), 4)
        if _job_verdict(self.jobs[i], self.jobs[j]) == "same":
            structure = max(structure or 0.0, BEHAVIOUR_MATCH)
        return max(combine(meaning + VOCABULARY_WEIGHT, structure), inline)

    def _vocabulary_support(self, i: int, j: int, vocabulary: float | None, ceiling: bool = False) -> float:
        """How far shared domain vocabulary supports "same job", 0-1.

        Counts only above VOCABULARY_BASE (functions of one module share some words anyway),
        scaled down when the shared words carry little information (a shared `len`), and
        void when both signatures are typed and say different inputs or outputs, or when
        both are methods of one class. `ceiling`: the most any word weights could give (1,
        unless void for a reason the weights do not change)."""
        if vocabulary is None or self._siblings(i, j):
            return 0.0
        a, b = self.contracts[i], self.contracts[j]
        if a is not None and b is not None and a != b:
            return 0.0
        if ceiling:
            return 1.0
        if vocabulary <= VOCABULARY_BASE:
            return 0.0
        mass = sum(self.word_weight.get(w, 0.0) for w in self.vocab[i] & self.vocab[j])
        return (vocabulary - VOCABULARY_BASE) / (1.0 - VOCABULARY_BASE) * min(1.0, mass / VOCABULARY_MASS)

    def _siblings(self, i: int, j: int) -> bool:
        """Methods of one class: they share its fields and types by design, so vocabulary proves nothing."""
        a, b = self.rows[i], self.rows[j]
        parent_a, parent_b = a["qualified_name"].rpartition(".")[0], b["qualified_name"].rpartition(".")[0]
        return bool(parent_a) and parent_a == parent_b and a["file_path"] == b["file_path"]

    def _delegates(self, i: int, j: int) -> bool:
        """True when one function calls the other by name (`return load(path)`)."""
        def calls(a: int, b: int) -> bool:
            name = self.rows[b].get("name") or self.rows[b]["qualified_name"].rsplit(".", 1)[-1]
            return name in self.calls[a] or f"self.{name}" in self.calls[a]
        return calls(i, j) or calls(j, i)

    def _inline_score(self, i: int, j: int, containment: float) -> float:
        """A helper's code found inside a larger function: containment, damped by literal disagreement."""
        small, big = (i, j) if self.tokens[i] <= self.tokens[j] else (j, i)
        if self.tokens[small] < MIN_INLINE_TOKENS or self.tokens[big] < INLINE_RATIO * self.tokens[small]:
            return 0.0
        if containment < INLINE_CONTAINMENT:
            return 0.0
        helper_detail = _uncounted(self.literals[small])
        covered = len(helper_detail & _uncounted(self.literals[big])) / len(helper_detail) if helper_detail else 1.0
        # Shingles erase names, so `self.ID(ID, ID)` sequences match any host. An inline copy
        # also uses the helper's own words: the calls and domain names it makes must be there too.
        # Shingles erase names, so `self.ID(ID, ID)` runs match any host. An inline copy keeps
        # the helper's own evidence: its string/number literals, calls and domain words. A
        # helper with none of those is too generic to be recognised inside another function.
        mine, host = _distinctive(self.literals[small]), _distinctive(self.literals[big])
        if not mine or len(mine & host) / len(mine) < INLINE_WORDS:
            return 0.0
        return containment * (DETAIL_KEEP + (1.0 - DETAIL_KEEP) * covered)

    def _hit(self, i: int, j: int, parts: _Parts) -> SimilarFunction:
        """Row j as a match of row i; `meaning` is None when either card has no vector (not compared)."""
        row = self.rows[j]
        return SimilarFunction(
            id=row["id"], name=row["qualified_name"], file_path=row["file_path"],
            line_start=row["line_start"], line_end=row["line_end"], score=parts.score,
            meaning=round(parts.meaning, 4) if self.has_vector[i] and self.has_vector[j] else None,
            structure=None if parts.structure is None else round(parts.structure, 4),
            vocabulary=None if parts.vocabulary is None else round(parts.vocabulary, 4),
            behaviour=parts.behaviour, clone_kind=parts.kind, summary=row["summary"],
        )

    # -- queries ---------------------------------------------------------------------

    def candidates(self, i: int, limit: int = CANDIDATES) -> set[int]:
        found: set[int] = set()
        if self.vectors.size:
            found.update(self._meaning_neighbours(i, limit))
        postings = self._shared_postings(i)
        if postings:
            counts = np.bincount(np.concatenate(postings), minlength=len(self.ids))
            counts[i] = 0
            shared = np.flatnonzero(counts >= 2)
            if len(shared) > limit:
                shared = shared[np.argsort(-counts[shared], kind="stable")[:limit]]
            found.update(shared.tolist())
        found.update(self._vocabulary_neighbours(i))
        group = self._job_group_of.get(i)
        if group is not None:
            found.update(group.tolist())
        found.update(self._shape_partners(i))
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
        return [self._hit(i, j, p) for p, j in scored[:max_results]]

    def nearest(self, vector: np.ndarray, limit: int) -> list[tuple[str, float]]:
        """Card ids nearest a query vector (an L2-normalized text: what a searcher typed), with
        their cosine, best first. Cards with no vector are never listed."""
        if not len(self._embedded):
            return []
        query = np.asarray(vector, dtype=np.float32)
        found = nearest_rows(self._meaning_vectors, query, limit, self._coarse())
        rows = found if self._meaning_vectors is self.vectors else self._embedded[found].tolist()
        scored = [(self.ids[k], float(self.vectors[k] @ query)) for k in rows]
        return sorted(scored, key=lambda item: (-item[1], item[0]))

    def candidate_pairs(self, meaning_floor: float) -> set[tuple[int, int]]:
        """Pairs worth scoring across the whole index: close vectors (blocked matmul) or shared shingles."""
        n = len(self.ids)
        return set(zip(*(c.tolist() for c in divmod(self.candidate_codes(meaning_floor), max(n, 1)))))

    def candidate_codes(self, meaning_floor: float) -> np.ndarray:
        """candidate_pairs as sorted codes i * len(self) + j (i < j)."""
        n = len(self.ids)
        codes = []
        # Only embedded rows can be this close (meaning_floor > 0): the others are left out of the product.
        if self.vectors.size:
            codes.append(_nearest_codes(self._meaning_vectors, self._embedded, n, meaning_floor, CANDIDATES))
        sizes = np.diff(self._starts)
        usable = (sizes >= 2) & (sizes <= MAX_POSTING)
        shared = _posting_pair_codes(self._rows, self._starts[:-1][usable], sizes[usable], n)
        if shared:
            codes.append(_sorted_unique(np.concatenate(shared), min_count=2))
        codes.append(self._vocabulary_codes(meaning_floor - VOCABULARY_WEIGHT))
        for group in self._job_groups:
            a, b = np.triu_indices(len(group), 1)
            codes.append(group[a] * n + group[b])
        codes.append(np.array([i * n + j for i in self._shape_group_of for j in self._shape_partners(i) if i < j],
                              dtype=np.int64))
        return _sorted_unique(np.concatenate(codes)) if codes else np.zeros(0, dtype=np.int64)

    def _vocabulary_codes(self, cosine_floor: float) -> np.ndarray:
        """Pairs sharing a rare vocabulary word whose cosine is within VOCABULARY_WEIGHT of the floor."""
        n = len(self.ids)
        if not self._word_postings or not self.vectors.size:
            return np.zeros(0, dtype=np.int64)
        postings = list(self._word_postings.values())
        sizes = np.array([len(p) for p in postings], dtype=np.int64)
        codes = _posting_pair_codes(np.concatenate(postings), np.cumsum(sizes) - sizes, sizes, n)
        unique = _sorted_unique(np.concatenate(codes))
        lo, hi = unique // n, unique % n
        close = _row_dots(self.vectors, lo, hi) >= cosine_floor
        return unique[close]

    def all_pairs(self, min_score: float = DEFAULT_MIN_SCORE, max_per_function: int = 8) -> dict[str, list[SimilarFunction]]:
        """For every function, its similar functions at or above `min_score` (both directions), best first."""
        scored = self.scored_pairs(self.candidate_codes(pairs_floor(min_score)), min_score)
        return hits_by_function(scored, self.head, max_per_function)

    def scored_pairs(self, pairs, min_score: float, weighted: list[tuple[int, int]] | None = None,
                     split: bool = False) -> list[tuple[str, str, dict]]:
        """(id i, id j, the pair's Match parts) for the pairs (i < j) scoring at least `min_score`.

        `weighted`, when given, receives the pairs under `min_score` that other word weights
        could lift to it (see weight_sensitive): what a cache must score again when they change.
        `pairs`: their codes i * len(self) + j as an array (candidate_codes), or (i, j) tuples. The codes
        stay arrays until a pair may reach: a large index has millions of candidates, and a Python tuple
        of two ints each held the standard library's RAG run at 4.9 GB, for pairs set aside unscored.
        `split`: a forked child scores every other pair (background.py), for a caller with the second
        core idle; the same pairs in the same order as one process gives."""
        first, second = self._pair_arrays(pairs)
        # Most candidates of a large index are far under min_score: set aside at C speed those whose
        # bound, computed for all pairs at once, is under it (_bounds); score_bound decides the rest.
        reach = np.flatnonzero(self._bounds(first, second, min_score - _BOUND_SLACK) >= min_score - _BOUND_SLACK)
        lift = weighted is not None
        if split and len(reach) >= SPLIT_PAIRS:
            from ..background import Background

            with Background(lambda: self._score_rows(first, second, reach[1::2], min_score, lift)) as other:
                kept, lifted = self._score_rows(first, second, reach[::2], min_score, lift)
                their_kept, their_lifted = other.result()
            # Each side's pairs are in candidate order: merged on their place among the candidates.
            kept = sorted(kept + their_kept, key=itemgetter(0))
            lifted = sorted(lifted + their_lifted, key=itemgetter(0))
        else:
            kept, lifted = self._score_rows(first, second, reach, min_score, lift)
        if weighted is not None:
            weighted.extend(pair for _, pair in lifted)
        return [pair for _, pair in kept]

    def _score_rows(self, first: np.ndarray, second: np.ndarray, todo: np.ndarray, min_score: float,
                    lift: bool) -> tuple[list[tuple[int, tuple[str, str, dict]]], list[tuple[int, tuple[int, int]]]]:
        """scored_pairs' work on the candidates `todo` (places in first/second), each result with its
        place: the pairs kept, and (when `lift`) the weighted ones."""
        kept, lifted = [], []
        for k in todo.tolist():
            i, j = int(first[k]), int(second[k])
            if self.score_bound(i, j) < min_score:
                continue  # neither kept nor liftable by other word weights (score_bound)
            parts = self.score_pair(i, j)
            if parts.score >= min_score:
                kept.append((k, (self.ids[i], self.ids[j], self._hit(i, j, parts).model_dump(include=MATCH_FIELDS))))
            elif lift and self.weight_sensitive(i, j, parts, min_score):
                lifted.append((k, (i, j)))
        return kept, lifted

    def _pair_arrays(self, pairs) -> tuple[np.ndarray, np.ndarray]:
        """(rows i, rows j) of `pairs`: codes i * len(self) + j, or (i, j) tuples."""
        if isinstance(pairs, np.ndarray):
            first, second = divmod(pairs.astype(np.int64, copy=False), max(len(self.ids), 1))
            return first, second
        pairs = pairs if isinstance(pairs, list) else list(pairs)
        return tuple(np.fromiter((p[k] for p in pairs), dtype=np.int64, count=len(pairs)) for k in (0, 1))

    def _bounds(self, first: np.ndarray, second: np.ndarray, floor: float) -> np.ndarray:
        """score_bound of every pair before its rounding, as float64, computed on arrays: each pair's
        shared shingles are counted by looking the smaller side's up in the larger's (one binary
        search over every row's (row, shingle) key), after the pairs that could not reach even with
        every shingle shared are set aside (their value stays that of every shingle shared: above their
        bound, and under `floor`). The arithmetic is score_bound's, so it differs from it
        only by the rounding to 4 places (and the float32 dot product's last bits): see _BOUND_SLACK."""
        count = len(first)
        if not count:
            return np.zeros(0)
        meaning = (_row_dots(self.vectors, first, second).astype(np.float64)
                   if self.vectors.size else np.zeros(count))
        m = MEANING_WEIGHT * np.clip((meaning + VOCABULARY_WEIGHT - MEANING_FLOOR) / (1.0 - MEANING_FLOOR), 0.0, 1.0)
        sizes = self._shingle_counts()
        size_a, size_b = sizes[first], sizes[second]
        tokens_a, tokens_b = self.tokens[first], self.tokens[second]
        small, big = np.minimum(tokens_a, tokens_b), np.maximum(tokens_a, tokens_b)
        shaped = (size_a > 0) & (size_b > 0)
        structured = shaped & (small >= MIN_STRUCT_TOKENS)
        inlined = shaped & (small >= MIN_INLINE_TOKENS) & (big >= INLINE_RATIO * small)
        same_jobs = self._job_keys()[first] == self._job_keys()[second]
        same_jobs &= self._job_keys()[first] >= 0
        same_body = self._body_keys()[first] == self._body_keys()[second]
        same_body &= self._body_keys()[first] >= 0

        def bound(common: np.ndarray) -> np.ndarray:
            with np.errstate(divide="ignore", invalid="ignore"):
                structure = np.where(structured, common / (size_a + size_b - common), 0.0)
                inline = np.where(inlined, common / np.minimum(size_a, size_b), 0.0)
            structure = np.where(same_jobs, np.maximum(structure, BEHAVIOUR_MATCH), structure)
            strong, weak = np.maximum(m, structure), np.minimum(m, structure)
            combined = np.minimum(1.0, strong + (1.0 - strong) * weak * 0.5)
            return np.where(same_body, 1.0, np.maximum(combined, inline))

        common = np.minimum(size_a, size_b).astype(np.float64)  # every shingle of the smaller side shared
        out = bound(common)
        counted = np.flatnonzero((structured | inlined) & (out >= floor))
        common[counted] = self._shared_shingles(first[counted], second[counted])
        out[counted] = bound(common)[counted]
        return out

    def _shingle_counts(self) -> np.ndarray:
        counts = getattr(self, "_shingle_sizes", None)
        if counts is None:
            counts = self._shingle_sizes = np.fromiter((len(s) for s in self.shingles), dtype=np.int64,
                                                       count=len(self.shingles))
        return counts

    def _job_keys(self) -> np.ndarray:
        """A number per row, equal for rows whose jobs _job_verdict calls "same" (usable, one family, the
        same jobs); -1 for a row whose jobs are not usable."""
        keys = getattr(self, "_job_key_of", None)
        if keys is None:
            numbers: dict[tuple, int] = {}
            keys = self._job_key_of = np.array(
                [numbers.setdefault((jobs.family, jobs.jobs), len(numbers)) if jobs.usable else -1 for jobs in self.jobs],
                dtype=np.int64)
        return keys

    def _body_keys(self) -> np.ndarray:
        """A number per row, equal for rows with one body hash; -1 for a row without one."""
        keys = getattr(self, "_body_key_of", None)
        if keys is None:
            numbers: dict[str, int] = {}
            keys = self._body_key_of = np.array(
                [numbers.setdefault(row["body_hash"], len(numbers)) if row["body_hash"] else -1 for row in self.rows],
                dtype=np.int64)
        return keys

    def _shared_shingles(self, first: np.ndarray, second: np.ndarray, batch: int = 1 << 20) -> np.ndarray:
        """_common(shingles[first[k]], shingles[second[k]]) for every k: the smaller side's shingles
        looked up among the larger's, as (row << 32 | shingle) keys in one sorted array of every row's;
        about `batch` shingles looked up at a time (the arrays of a batch are a few times its size)."""
        sizes = self._shingle_counts()
        starts = np.concatenate(([0], np.cumsum(sizes)))
        keys = np.repeat(np.arange(len(sizes), dtype=np.uint64), sizes) << np.uint64(32)
        if len(keys):
            keys |= np.concatenate(self.shingles).astype(np.uint64)
        swap = sizes[first] > sizes[second]
        small, large = np.where(swap, second, first), np.where(swap, first, second)
        lengths = sizes[small]
        ends = np.cumsum(lengths)
        out = np.zeros(len(first), dtype=np.float64)
        at = 0
        while at < len(first):
            stop = max(int(np.searchsorted(ends, ends[at] - lengths[at] + batch, side="right")), at + 1)
            part = lengths[at:stop]
            total = int(part.sum())
            if total:
                offsets = np.cumsum(part) - part
                positions = np.arange(total, dtype=np.int64) - np.repeat(offsets - starts[small[at:stop]], part)
                wanted = (np.repeat(large[at:stop].astype(np.uint64), part) << np.uint64(32)) | (keys[positions] & np.uint64(0xFFFFFFFF))
                found = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
                out[at:stop] = np.bincount(np.repeat(np.arange(stop - at), part), weights=keys[found] == wanted,
                                           minlength=stop - at)
            at = stop
        return out

    def weight_sensitive(self, i: int, j: int, parts: _Parts, min_score: float) -> bool:
        """Whether some word weights could give this pair (scored `parts`, under `min_score`) at
        least `min_score`. The weights enter the score only as vocabulary support added to the
        cosine, and the score grows with it: the pair's score at full support bounds them all."""
        if parts.vocabulary is None or calibrated_meaning(parts.meaning + VOCABULARY_WEIGHT) == calibrated_meaning(parts.meaning):
            return False
        return self.score_pair(i, j, support_ceiling=True).score >= min_score

    def head(self, card_id: str) -> dict:
        """What a hit says about the function it names (SimilarFunction minus the Match parts)."""
        row = self.rows[self.position[card_id]]
        return hit_head(row)


MATCH_FIELDS = set(Match.model_fields)
# Candidates left after the bounds from which scored_pairs(split=True) forks a second scorer. A pair
# costs 25-50 us (the 2,000-file scale tree, the standard library), so 4,096 are a tenth of a second
# or more: the fork and the pickled half cost a few hundredths. Not tuned further.
SPLIT_PAIRS = 4096


# How far under min_score a pair's unrounded bound (SimilarityIndex._bounds) may be and still
# reach it in score_bound: its rounding to 4 places adds at most 0.00005, the dot product's
# float32 order a few units of 1e-7.
_BOUND_SLACK = 1e-3


def _row_dots(vectors: np.ndarray, first: np.ndarray, second: np.ndarray, chunk: int = 1 << 15) -> np.ndarray:
    """vectors[first[k]] . vectors[second[k]] for every k, gathered `chunk` pairs at a time: the pairs of
    a large index number millions, and gathering both sides at once held 2 x 384 floats for each (the
    standard library's RAG run peaked at 4.8 GB on its shared-word pairs). Each dot product is the one
    a whole gather gives (the same rows, the same order of terms)."""
    out = np.empty(len(first), dtype=vectors.dtype)
    for start in range(0, len(first), chunk):
        stop = start + chunk
        np.einsum("ij,ij->i", vectors[first[start:stop]], vectors[second[start:stop]], out=out[start:stop])
    return out


def _common(a: np.ndarray, b: np.ndarray) -> int:
    """How many values two sorted, duplicate-free arrays share (np.intersect1d's length, without
    its concatenation and sort: a binary search of the shorter in the longer)."""
    if len(a) > len(b):
        a, b = b, a
    at = np.minimum(np.searchsorted(b, a), len(b) - 1)
    return int(np.count_nonzero(b[at] == a))


def _nearest_codes(vectors: np.ndarray, embedded: np.ndarray, n: int, floor: float, limit: int) -> np.ndarray:
    """Pairs (as i * n + j, i < j, over the rows `embedded` names) where one row is among the other's
    `limit` nearest with cosine at least `floor`: what find_similar would examine for each function.

    Per function, not all pairs above the floor: in template-like code (thousands of generated
    functions with near-identical cards) every pair is above it, and their number grows with the
    square of the functions. Ties at the limit go to the lower row, so the same index always gives
    the same pairs."""
    codes = []
    block = 1024
    for start in range(0, len(vectors), block):
        sims = vectors[start : start + block] @ vectors.T
        local = np.arange(len(sims))
        sims[local, start + local] = -np.inf  # itself
        close = sims >= floor
        over = np.flatnonzero(np.count_nonzero(close, axis=1) > limit)
        if len(over):  # crowded rows keep what reaches their limit-th best cosine...
            crowded = sims[over]
            kth = np.partition(crowded, crowded.shape[1] - limit, axis=1)[:, -limit][:, None]
            keep = crowded >= kth
            tied = np.flatnonzero(np.count_nonzero(keep, axis=1) > limit)
            if len(tied):  # ... and of the cosines equal to it, those of the lower rows
                ties = crowded[tied] == kth[tied]
                room = limit - np.count_nonzero(crowded[tied] > kth[tied], axis=1)
                keep[tied] &= ~(ties & (np.cumsum(ties, axis=1) > room[:, None]))
            close[over] = keep
        rows, cols = np.nonzero(close)
        rows = rows + start
        codes.append(embedded[np.minimum(rows, cols)] * n + embedded[np.maximum(rows, cols)])
    return np.concatenate(codes) if codes else np.zeros(0, dtype=np.int64)


def _sorted_unique(values: np.ndarray, min_count: int = 1) -> np.ndarray:
    """np.unique by one sort (numpy's hash-based unique is slower on millions of codes); with
    `min_count`, only the values found at least that many times."""
    values = np.sort(values)
    if not len(values):
        return values
    first = np.flatnonzero(np.append(True, values[1:] != values[:-1]))
    if min_count > 1:
        counts = np.diff(np.append(first, len(values)))
        first = first[counts >= min_count]
    return values[first]


def _unique_per_row(values: list) -> list[np.ndarray]:
    """Each row's values (uint32) sorted and deduplicated: np.unique per row, in one sort."""
    if not values:
        return []
    lengths = np.fromiter((len(v) for v in values), dtype=np.int64, count=len(values))
    flat = np.fromiter(itertools.chain.from_iterable(values), dtype=np.uint64, count=int(lengths.sum()))
    keys = _sorted_unique((np.repeat(np.arange(len(values), dtype=np.uint64), lengths) << np.uint64(32)) | flat)
    counts = np.bincount((keys >> np.uint64(32)).astype(np.int64), minlength=len(values))
    return np.split((keys & np.uint64(0xFFFFFFFF)).astype(np.uint32), np.cumsum(counts)[:-1])


def _posting_pair_codes(rows: np.ndarray, starts: np.ndarray, sizes: np.ndarray, n: int) -> list[np.ndarray]:
    """Every pair (i < j, as i * n + j) of rows sharing a posting (rows[start : start + size], sorted),
    one batch per posting size: a (postings, size) matrix of rows, paired column by column."""
    out = []
    for size in np.unique(sizes).tolist():
        members = rows[starts[sizes == size][:, None] + np.arange(size)]
        a, b = np.triu_indices(size, 1)
        lo, hi = np.minimum(members[:, a], members[:, b]), np.maximum(members[:, a], members[:, b])
        out.append((lo * n + hi).ravel())
    return out


def hit_head(row: dict) -> dict:
    return {"id": row["id"], "name": row["qualified_name"], "file_path": row["file_path"],
            "line_start": row["line_start"], "line_end": row["line_end"], "summary": row["summary"]}


def hits_by_function(scored, head, max_per_function: int) -> dict[str, list[SimilarFunction]]:
    """Both directions of each scored pair (id, id, Match parts), best first, at most `max_per_function` each.

    The parts of a pair are symmetric: the same record serves both functions."""
    out: dict[str, list[tuple[float, str, dict]]] = {}
    for a, b, match in scored:
        out.setdefault(a, []).append((match["score"], b, match))
        out.setdefault(b, []).append((match["score"], a, match))
    result = {}
    for card_id, hits in out.items():
        hits.sort(key=lambda item: (-item[0], item[1]))
        result[card_id] = [SimilarFunction(**match, **head(other)) for _, other, match in hits[:max_per_function]]
    return result


def pairs_floor(min_score: float) -> float:
    """The cosine below which meaning alone cannot reach min_score (structure finds the rest)."""
    return MEANING_FLOOR + (1.0 - MEANING_FLOOR) * min(1.0, min_score / MEANING_WEIGHT) - 0.15


def open_store(root: Path, config: Config) -> CardStore:
    """The workspace's card table for config.rag.model (no model is loaded)."""
    from .embedder import KNOWN_DIMENSIONS, load_embedder

    dimension = KNOWN_DIMENSIONS.get(config.rag.model) or load_embedder(config.rag.model).dimension
    return CardStore(Workspace(root, config.output), config.rag.model, dimension, config.rag.index_uri)


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
    store = open_store(root, config)
    table = store.table(create=False)
    if table is None:
        return []
    key = (str(store.path), config.rag.model, table.version)
    if key not in _OPEN:
        _OPEN.clear()
        _OPEN[key] = SimilarityIndex.load(store)
    return _OPEN[key].find_similar(function_id, max_results, min_score)
