"""ReviewContext: everything one reviewer (static or Claude) may look at for one file."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..config import Config
from ..schema.cards import FunctionCard
from ..schema.facts import FileFacts
from ..schema.review import ReviewFile, SimilarFunction


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
    # (file, qualified name) -> keep-order of a duplicate pair, smaller = keep (analysis/duplicates.py);
    # orients Claude's duplicates as the static ones are
    keep_rank: Callable[[tuple[str, str]], tuple] | None = None
