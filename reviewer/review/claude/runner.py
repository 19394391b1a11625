"""Reviewing many files with Claude: bounded concurrency, a shared cost meter that
stops starting new files at `llm.max_cost`, and a 401 that stops everything.

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
from .api import RetryPolicy, ReviewStopped, add_usage, make_client
from ...schema.review import FileError, ReviewFile, TokenUsage

MAX_COST_REASON = "not started: llm.max_cost reached"


class FileOutcome(BaseModel):
    file: str
    status: Literal["reviewed", "error", "not_reviewed"]
    review: ReviewFile | None = None
    error: str | None = None  # one line, for `error` and `not_reviewed`
    usage: TokenUsage = Field(default_factory=TokenUsage)


class CostMeter:
    """Dollars and tokens spent by the run so far, updated after every API call."""

    def __init__(self, max_cost: float | None) -> None:
        self.max_cost = max_cost
        self.usage = TokenUsage()
        self._lock = threading.Lock()

    def add(self, usage: TokenUsage) -> None:
        with self._lock:
            self.usage = add_usage(self.usage, usage)

    def exhausted(self) -> bool:
        with self._lock:
            return self.max_cost is not None and self.usage.cost_usd >= self.max_cost


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
        if card_cache is None and root is not None:
            card_cache = CardCache(Workspace(root, config.output))
        self.reviewer = ClaudeReviewer(
            config, client, card_cache=card_cache, files=files, retry=retry,
            on_usage=self.meter.add, should_stop=self._stop.is_set,
        )
        self.not_reviewed: list[str] = []

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
                if self.meter.exhausted() and pending:
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
        except UserError as exc:  # 401: the key is wrong for every file
            return None, exc
        except ReviewStopped:
            return FileOutcome(file=path, status="not_reviewed", error="not finished: the run was stopped"), None
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
