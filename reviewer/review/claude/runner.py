"""Reviewing many files with Claude: bounded concurrency, a shared cost meter checked
before every call (budget.py), a provider gate shared by all files (circuit breaker,
one 429 back-off), and a 401 or a failed breaker probe that stops everything.

Outcomes are yielded as files finish, so the caller writes each review at once and
a stop (401, interrupt, max cost) loses no finished work.
"""

from __future__ import annotations

import threading
from pathlib import Path
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Iterable, Iterator, Literal

import anthropic
from pydantic import BaseModel, Field

from ...config import Config
from ...errors import UserError
from ...workspace import Workspace
from ..context import ReviewContext
from .card_cache import CardCache
from .reviewer import ClaudeReviewer, ReviewFailed
from .api import ProviderGate, RetryPolicy, ReviewStopped, make_client
from .budget import CostMeter
from ...schema.review import FileError, ReviewFile, TokenUsage

MAX_COST_REASON = "not started: llm.max_cost reached"


class FileOutcome(BaseModel):
    file: str
    status: Literal["reviewed", "error", "not_reviewed"]
    review: ReviewFile | None = None
    error: str | None = None  # one line, for `error` and `not_reviewed`
    usage: TokenUsage = Field(default_factory=TokenUsage)


class ClaudeRun:
    """One run of the Claude reviewer over many files."""

    def __init__(
        self,
        config: Config,
        client: anthropic.Anthropic,
        root: Path | None = None,
        files: list[str] | None = None,
        card_cache: CardCache | None = None,
        retry: RetryPolicy | None = None,
        max_cost: float | None = None,
    ) -> None:
        self.config = config
        self.meter = CostMeter(max_cost if max_cost is not None else config.llm.max_cost)
        self._stop = threading.Event()
        self._lock = threading.Lock()
        if card_cache is None and root is not None:
            card_cache = CardCache(Workspace(root, config.output))
        retry = retry or RetryPolicy()
        self.reviewer = ClaudeReviewer(
            config, client, card_cache=card_cache, files=files, retry=retry, should_stop=self._stop.is_set,
            meter=self.meter, gate=ProviderGate(sleep=retry.sleep), on_note=self._note,
        )
        self.reviewer.on_masked = self._masked  # type: ignore[method-assign]
        self.not_reviewed: list[str] = []
        self.notes: list[str] = []  # dropped cards and the like, one line each
        self.secrets_masked = 0

    def _note(self, text: str) -> None:
        with self._lock:
            self.notes.append(text)

    def _masked(self, count: int) -> None:
        with self._lock:
            self.secrets_masked += count

    @property
    def usage(self) -> TokenUsage:
        return self.meter.usage

    def review_files(self, contexts: Iterable[ReviewContext]) -> Iterator[FileOutcome]:
        pending = deque(contexts)
        concurrency = self.config.llm.concurrency
        fatal: UserError | None = None
        running: dict[Future[ReviewFile], ReviewContext] = {}
        executor = ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="claude-review")
        try:
            while pending or running:
                while pending and len(running) < concurrency and fatal is None:
                    if self.meter.exhausted():
                        break
                    context = pending.popleft()
                    running[executor.submit(self.reviewer.review, context)] = context
                if self.meter.exhausted() and pending and not running:
                    for context in pending:
                        self.not_reviewed.append(context.facts.path)
                        yield FileOutcome(file=context.facts.path, status="not_reviewed", error=MAX_COST_REASON)
                    pending.clear()
                if not running:
                    continue
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    context = running.pop(future)
                    outcome, error = self._outcome(future, context)
                    if error is not None and fatal is None:
                        fatal = error
                        self._stop.set()  # in-flight files stop before their next call
                        for waiting in pending:
                            self.not_reviewed.append(waiting.facts.path)
                        pending.clear()
                    if outcome is not None:
                        if outcome.status == "not_reviewed":
                            self.not_reviewed.append(outcome.file)
                        yield outcome
        finally:
            self._stop.set()
            executor.shutdown(wait=True, cancel_futures=True)
        if fatal is not None:
            raise fatal

    def _outcome(self, future: Future[ReviewFile], context: ReviewContext) -> tuple[FileOutcome | None, UserError | None]:
        path = context.facts.path
        try:
            review = future.result()
        except UserError as exc:  # 401, provider down: the same for every file
            self.not_reviewed.append(path)
            return None, exc
        except ReviewStopped as exc:
            return FileOutcome(file=path, status="not_reviewed", error=str(exc) or "not finished: the run was stopped"), None
        except ReviewFailed as exc:
            return FileOutcome(file=path, status="error", error=str(exc), usage=exc.usage), None
        except Exception as exc:  # noqa: BLE001 - one file's bug must not end the run
            return FileOutcome(file=path, status="error", error=f"{type(exc).__name__}: {exc}"), None
        return FileOutcome(file=path, status="reviewed", review=review, usage=review.usage), None


class ReviewStream:
    """What `review_files` returns: iterate `(path, ReviewFile | FileError)` as files
    finish; afterwards `not_reviewed` lists the files never started (max cost) and
    `usage` holds the run's tokens and dollars. A 401 raises UserError from the loop."""

    def __init__(self, run: ClaudeRun, contexts: Iterable[ReviewContext]) -> None:
        self.run = run
        self.contexts = list(contexts)

    @property
    def not_reviewed(self) -> list[str]:
        return self.run.not_reviewed

    @property
    def notes(self) -> list[str]:
        return self.run.notes

    @property
    def secrets_masked(self) -> int:
        return self.run.secrets_masked

    @property
    def usage(self) -> TokenUsage:
        return self.run.usage

    def __iter__(self) -> Iterator[tuple[str, ReviewFile | FileError]]:
        for outcome in self.run.review_files(self.contexts):
            if outcome.status == "reviewed" and outcome.review is not None:
                yield outcome.file, outcome.review
            elif outcome.status == "error":
                yield outcome.file, FileError(file=outcome.file, message=outcome.error or "review failed")


def review_files(
    contexts: Iterable[ReviewContext],
    config: Config,
    client: anthropic.Anthropic | None = None,
    *,
    max_cost: float | None = None,
    files: list[str] | None = None,
    card_cache: CardCache | None = None,
    retry: RetryPolicy | None = None,
) -> ReviewStream:
    """Review `contexts` with Claude (client from ANTHROPIC_API_KEY when not given).
    The card cache lives under the contexts' repository root unless one is given."""
    contexts = list(contexts)
    client = client or make_client(config)
    root = contexts[0].root if contexts else None
    run = ClaudeRun(config, client, root=root, files=files, card_cache=card_cache, retry=retry, max_cost=max_cost)
    return ReviewStream(run, contexts)
