"""Semantic duplication clusters and the semanticCoherenceScore.

A cluster is a connected group of functions that duplicate one another: the
edges are each symbol's `duplicate_of` and each `similarities` entry, across
all reviews, so three copies of one helper in three files form one cluster of
three rather than three pairs. Clusters rank by mean edge score x size.

In each cluster one function is named to keep (KEEP_RULE): first the
reviewers' own choice (a member not judged DUPLICATE, and named by some
DUPLICATE's duplicate_of), then the exported one,
then the one most called by the project's other functions (from the function
cards' `called_internals`), then the shortest file path (shared modules tend to
sit higher), then the earliest line, then the name, so the choice is stable.

semanticCoherenceScore = 100 x (1 - redundant / functions), one decimal, where
`functions` counts the functions and methods reviewed and `redundant` counts the
members of every cluster except the one to keep (a cluster of N copies holds
N - 1 redundant functions). 100: no function duplicates another; 50: half of
the functions are copies of the other half. 100 when there is no function.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from pydantic import BaseModel

from ..schema.review import ReviewFile, SymbolReview

FUNCTION_KINDS = ("function", "method")
KEEP_RULE = "the reviewers' choice first (not judged DUPLICATE, and named as what a DUPLICATE copies), then exported, then most called by other project functions, then shortest path, then earliest line"

Node = tuple[str, str]  # (file, qualified name)


class ClusterMember(BaseModel):
    file: str
    name: str
    line_start: int | None = None
    exported: bool = False
    callers: int = 0  # project functions that call it (from function cards)


class DuplicateCluster(BaseModel):
    size: int
    mean_score: float  # mean of the edge scores inside the cluster, 0-1
    rank: float  # mean_score x size
    keep: ClusterMember
    members: list[ClusterMember]  # keep first, then by file and name


@dataclass
class _Graph:
    parent: dict[Node, Node] = field(default_factory=dict)
    edges: dict[tuple[Node, Node], float] = field(default_factory=dict)  # undirected, best score

    def find(self, node: Node) -> Node:
        self.parent.setdefault(node, node)
        root = node
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[node] != root:  # path compression
            self.parent[node], node = root, self.parent[node]
        return root

    def add(self, a: Node, b: Node, score: float) -> None:
        if a == b:
            return
        key = (a, b) if a < b else (b, a)
        self.edges[key] = max(score, self.edges.get(key, 0.0))
        root_a, root_b = self.find(a), self.find(b)
        if root_a != root_b:
            self.parent[max(root_a, root_b)] = min(root_a, root_b)


def _duplication_graph(reviews: list[ReviewFile]) -> _Graph:
    graph = _Graph()
    for review in reviews:
        for symbol in review.symbols:
            if symbol.duplicate_of is not None:
                target = symbol.duplicate_of
                graph.add((review.file, symbol.name), (target.file, target.name), target.score)
        for similarity in review.similarities:
            graph.add((review.file, similarity.function), (similarity.file, similarity.name), similarity.score)
    return graph


def _caller_counts(reviews: list[ReviewFile]) -> Counter[Node]:
    """How many project functions call each function ("path.py:qualified_name" in cards)."""
    counts: Counter[Node] = Counter()
    for review in reviews:
        for card in review.function_cards:
            for callee in set(card.called_internals):
                path, _, name = callee.rpartition(":")
                if path:
                    counts[(path, name)] += 1
    return counts


def _keep_key(member: ClusterMember) -> tuple:
    return (not member.exported, -member.callers, len(member.file), member.file, member.line_start or 0, member.name)


def duplicate_clusters(reviews: list[ReviewFile]) -> list[DuplicateCluster]:
    """Every cluster of two or more functions, best rank first."""
    graph = _duplication_graph(reviews)
    symbols: dict[Node, SymbolReview] = {(r.file, s.name): s for r in reviews for s in r.symbols}
    callers = _caller_counts(reviews)
    # The reviewers already chose a direction: a DUPLICATE points at the copy to keep.
    flagged = {node for node, symbol in symbols.items() if symbol.duplication == "DUPLICATE"}
    targets = {(s.duplicate_of.file, s.duplicate_of.name) for s in symbols.values() if s.duplicate_of is not None}

    groups: dict[Node, list[Node]] = defaultdict(list)
    for node in graph.parent:
        groups[graph.find(node)].append(node)
    scores: dict[Node, list[float]] = defaultdict(list)
    for (a, _b), score in graph.edges.items():
        scores[graph.find(a)].append(score)

    clusters = []
    for root, nodes in groups.items():
        members = []
        for file, name in nodes:
            symbol = symbols.get((file, name))
            members.append(
                ClusterMember(
                    file=file,
                    name=name,
                    line_start=symbol.line_start if symbol else None,
                    exported=symbol.exported if symbol else False,
                    callers=callers[(file, name)],
                )
            )
        keep = min(members, key=lambda m: ((m.file, m.name) in flagged, (m.file, m.name) not in targets, _keep_key(m)))
        others = sorted((m for m in members if m is not keep), key=lambda m: (m.file, m.name))
        mean = sum(scores[root]) / len(scores[root])
        clusters.append(
            DuplicateCluster(
                size=len(members), mean_score=round(mean, 4), rank=round(mean * len(members), 4), keep=keep,
                members=[keep, *others],
            )
        )
    clusters.sort(key=lambda c: (-c.rank, -c.size, c.keep.file, c.keep.name))
    return clusters


def redundant_functions(reviews: list[ReviewFile], clusters: list[DuplicateCluster]) -> set[Node]:
    """Reviewed functions that duplicate a kept one: every cluster member but its keep."""
    functions = {(r.file, s.name) for r in reviews for s in r.symbols if s.kind in FUNCTION_KINDS}
    return {(m.file, m.name) for c in clusters for m in c.members[1:]} & functions


def semantic_coherence_score(reviews: list[ReviewFile], clusters: list[DuplicateCluster]) -> float:
    functions = {(r.file, s.name) for r in reviews for s in r.symbols if s.kind in FUNCTION_KINDS}
    if not functions:
        return 100.0
    redundant = redundant_functions(reviews, clusters)
    return round(100 * (len(functions) - len(redundant)) / len(functions), 1)
