"""The static reviewer's evidence for the tools that explain verdicts (reviewFile, explainSymbol).

The same `prepare` a `reviewer run` starts with, with the static reviewer whatever the
configuration says (the server never calls a paid API): its caches make an unchanged tree
cheap, and a file's stored review is used when its cache key still holds (same bytes, same
evidence, same settings), exactly as a run would reuse it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reviewer.config import Config
from reviewer.errors import UserError
from reviewer.pipeline import Prepared, RunOptions, choose_reviewer, prepare, review_key
from reviewer.review.cache import ReviewCache
from reviewer.review.static import FileEvidence
from reviewer.review.suppressions import apply_suppressions
from reviewer.schema.review import ReviewFile
from reviewer.ui import UI
from reviewer.workspace import Workspace


def static_config(config: Config) -> Config:
    """`config` as the static reviewer reads it: unchanged when that is already its reviewer
    (so review cache keys match the user's runs), else a copy with llm.provider: static."""
    try:
        if choose_reviewer(config) == "static":
            return config
    except UserError:  # provider anthropic without a key: the static reviewer it is
        pass
    copy = config.model_copy(deep=True)
    copy.llm.provider = "static"
    return copy


@dataclass
class FileReview:
    review: ReviewFile
    cached: bool  # from .reviewer/ (the stored review still holds), or computed now


class Evidence:
    """The prepared evidence of the tree as it is now; the analysis is redone only when some
    file's evidence digest moved."""

    def __init__(self, root: Path, config: Config) -> None:
        self.root = root
        self.config = static_config(config)
        self._prepared: Prepared | None = None

    def prepared(self) -> Prepared:
        fresh = prepare(self.root, self.config, RunOptions(), UI(plain=True, quiet=True))
        if self._prepared is None or fresh.digests != self._prepared.digests:
            self._prepared = fresh
        return self._prepared

    def review(self, path: str) -> FileReview:
        prepared = self.prepared()
        if path not in prepared.digests:
            raise UserError(f"{path} is not a source file the reviewer scans (ignored, excluded, or not code)")
        facts = prepared.scan.by_path()[path]
        key = review_key(facts.sha256, "static", None, self.config.fingerprint(), prepared.digests[path],
                         prepared.rag_enabled)
        stored = ReviewCache(Workspace(self.root, self.config.output)).lookup(path, key)
        if stored is not None:
            return FileReview(stored, cached=True)
        return FileReview(apply_suppressions(prepared.contexts[path].evidence, facts.suppressions), cached=False)

    def file_evidence(self, path: str) -> tuple[ReviewFile, FileEvidence]:
        """The static review of `path` (before suppressions) and the evidence it was made from."""
        prepared = self.prepared()
        if path not in prepared.digests:
            raise UserError(f"{path} is not a source file the reviewer scans (ignored, excluded, or not code)")
        contexts = prepared.contexts
        context = contexts[path]
        evidence = contexts.inputs[path][1]  # type: ignore[attr-defined]  # pipeline._Contexts
        return context.evidence, evidence

    def usages(self, path: str, qualified_name: str) -> list[str]:
        context = self.prepared().contexts[path]
        return context.find_usages(f"{path}:{qualified_name}") if context.find_usages else []
