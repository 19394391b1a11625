"""The one interface both reviewers (static and Claude) implement."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Protocol

from pydantic import BaseModel

from ..config import Config
from ..rag.cards import FunctionCard
from ..scan.models import FileFacts
from .schema import ReviewFile


class SimilarFunction(BaseModel):
    """One hit of find_similar_functions, with the parts of its score."""

    id: str
    name: str  # qualified name
    file_path: str
    line_start: int
    line_end: int
    score: float  # combined, calibrated, 0-1
    meaning: float | None = None  # embedding cosine part
    structure: float | None = None  # structural (shingle) part
    vocabulary: float | None = None  # shared domain vocabulary (IDF-weighted Jaccard) part
    behaviour: str | None = None  # the bodies' jobs (rag.behaviour): "same", "differs", or None when unknown
    clone_kind: str | None = None  # identical | renamed | near-miss | semantic | inline
    summary: str = ""


@dataclass
class ReviewContext:
    """Everything a reviewer may look at for one file. Built once by the pipeline."""

    root: Path
    config: Config
    facts: FileFacts
    source: str  # the file's text (decoded with replacement)
    evidence: ReviewFile  # the static reviewer's deterministic verdicts and details
    cards: list[FunctionCard] = field(default_factory=list)  # this file's cards (static)
    rag_enabled: bool = False
    index_size: int = 0  # cards in the index (0: empty index)
    # (function_id, max_results, min_score) -> hits; None when RAG is off
    find_similar: Callable[[str, int, float], list[SimilarFunction]] | None = None
    # symbol name -> human-readable usage lines ("src/a.py:12 imports x"), from the usage graph
    find_usages: Callable[[str], list[str]] | None = None


class Reviewer(Protocol):
    name: str  # "static" | "claude"

    def review(self, context: ReviewContext) -> ReviewFile: ...
