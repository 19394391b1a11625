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
from typing import Callable, Iterable, Iterator, Literal

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
# Files in a row whose model never gave a valid submit_review before the run stops: a model
# that does not answer (a wrong model id behind a proxy, a prompt it refuses) would otherwise be
# paid llm.max_turns calls for every file.
UNANSWERED_STOP = 3


class ModelNotAnswering(UserError):
    """Several files in a row got no valid submit_review: the run stops instead of paying for every file."""


class FileOutcome(BaseModel):
    file: str
    status: Literal["reviewed", "error", "not_reviewed"]
    review: ReviewFile | None = None
    error: str | None = None  # one line, for `error` and `not_reviewed`
    usage: TokenUsage = Field(default_factory=TokenUsage)
    unanswered: bool = False  # an error because the model never gave a valid submit_review


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
        on_wait: Callable[[int], None] | None = None,
    ) -> None:
        self.config = config
        self.on_wait = on_wait or (lambda busy: None)  # told how many files are mid-call when the run stops
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
        self.reviewed = 0  # files reviewed (and so written and cached) by this run
        self.stop_reason: str | None = None  # why the run stopped early, when it did
        self._unanswered = 0  # files in a row without a valid submit_review

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
                    if outcome is not None and error is None:
                        error = self._count_answer(outcome)
                    if error is not None and fatal is None:
                        fatal = error
                        self.stop_reason = str(error)
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
            busy = sum(1 for future in running if not future.done())
            if busy:  # an interrupt: the calls under way end first (an HTTP call cannot be taken back)
                self.on_wait(busy)
            executor.shutdown(wait=True, cancel_futures=True)
        if fatal is not None:
            raise fatal

    def _count_answer(self, outcome: FileOutcome) -> UserError | None:
        """Count the files in a row the model left unanswered; the error that stops the run at UNANSWERED_STOP."""
        if outcome.status == "reviewed":
            self.reviewed += 1
            self._unanswered = 0
        elif outcome.unanswered:
            self._unanswered += 1
            if self._unanswered >= UNANSWERED_STOP:
                return ModelNotAnswering(
                    f"the model gave no valid submit_review for {self._unanswered} files in a row (last: "
                    f"{outcome.file}: {outcome.error}); the run stopped instead of paying for every file: check "
                    "llm.model, or raise llm.max_turns")
        return None

    def kept_summary(self) -> str | None:
        """One line when the run did not review every file: what it kept, what the next run does."""
        if self.stop_reason is None and not self.not_reviewed:
            return None
        why = "the run stopped" if self.stop_reason is not None else "llm.max_cost reached"
        return (f"kept: {_count(self.reviewed, 'file')} reviewed by Claude in this run (written and cached); "
                f"{len(self.not_reviewed)} not reviewed ({why}), the next run reviews only those; "
                f"${self.usage.cost_usd:.2f} spent in {_count(self.usage.calls, 'call')}")

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
            return FileOutcome(file=path, status="error", error=str(exc), usage=exc.usage, unanswered=exc.unanswered), None
        except Exception as exc:  # noqa: BLE001 - one file's bug must not end the run
            return FileOutcome(file=path, status="error", error=f"{type(exc).__name__}: {exc}"), None
        return FileOutcome(file=path, status="reviewed", review=review, usage=review.usage), None


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


class ReviewStream:
    """What `review_files` returns: iterate `(path, ReviewFile | FileError)` as files
    finish; afterwards `not_reviewed` lists the files never started (max cost) and
    `usage` holds the run's tokens and dollars. A 401 raises UserError from the loop."""

    def __init__(self, run: ClaudeRun, contexts: Iterable[ReviewContext]) -> None:
        self.run = run
        self.contexts = list(contexts)
        self._outcomes: Iterator[tuple[str, ReviewFile | FileError]] | None = None

    @property
    def max_cost(self) -> float | None:
        return self.run.meter.max_cost

    def close(self) -> None:
        """Stop: files not started stay unstarted, the calls in flight end first (see on_wait)."""
        if self._outcomes is not None:
            self._outcomes.close()  # type: ignore[attr-defined]

    @property
    def not_reviewed(self) -> list[str]:
        return self.run.not_reviewed

    @property
    def notes(self) -> list[str]:
        return self.run.notes

    @property
    def secrets_masked(self) -> int:
        return self.run.secrets_masked

    def kept_summary(self) -> str | None:
        return self.run.kept_summary()

    @property
    def usage(self) -> TokenUsage:
        return self.run.usage

    def __iter__(self) -> Iterator[tuple[str, ReviewFile | FileError]]:
        self._outcomes = self._each()
        return self._outcomes

    def _each(self) -> Iterator[tuple[str, ReviewFile | FileError]]:
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
    on_wait: Callable[[int], None] | None = None,
) -> ReviewStream:
    """Review `contexts` with Claude (client from ANTHROPIC_API_KEY when not given).
    The card cache lives under the contexts' repository root unless one is given."""
    contexts = list(contexts)
    client = client or make_client(config)
    root = contexts[0].root if contexts else None
    run = ClaudeRun(config, client, root=root, files=files, card_cache=card_cache, retry=retry, max_cost=max_cost,
                    on_wait=on_wait)
    return ReviewStream(run, contexts)
