"""ReviewFile (contract): what one reviewer says about one file.

Written to `.reviewer/reviews/<path>.rev.json`; read by reports, benchmarks and CI.

Version 2 of the file (`"version": 2`) is version 1 written compactly, so that a large
project's reviews do not hold the same sentences many times over:
- one line of JSON (no indentation: the `.rev.md` beside it is the page to read);
- a symbol's `evidence` sentences are written once per file, in the review's `texts` list, and
  each symbol's `evidence` maps an axis to the position of its sentence there;
- a symbol's `detail` is written only when it is not its evidence joined ("axis: sentence; ...",
  evidence_detail), which both reviewers write.
Version 3 also leaves out of each function card what the review says once: its `file_path` and
`language` when they are the review's `file` and `language`, and its `id` when it is the one
those lines make (card_id of the file, `line_start` and `line_end`).
Version 4 lists a clone class's `members` (in `duplicate_of`, `duplicates`, `repeated_blocks`) on
the copy that reports the class only; the other copies' lists are empty, their evidence naming that
copy and the class's size ("one of N copies: reported on ..."). Each of N copies listing N names made
the reviews grow with the square of a class: 1.7 GB for a generated tree of 2,000 files.
`stored_review` gives that form; reading (ReviewFile, StoredReview) accepts every version and gives
the same record, `detail`, the sentences and the cards' fields filled in.
"""

from __future__ import annotations

import hashlib
import sys
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from .axes import AXIS, FILE_VERDICTS, Severity
from .cards import FunctionCard, card_id
from .facts import Symbol
from .fieldsets import all_fields
from .rules import default_rule

REVIEW_SCHEMA_VERSION = 4

# Literal[tuple] spells out the tuple's values: the verdicts come from the axis table.
Correction = Literal[(*AXIS["correction"].verdicts, "-")]  # "-": not evaluated (static reviewer)
Utility = Literal[AXIS["utility"].verdicts]
Duplication = Literal[AXIS["duplication"].verdicts]
Overengineering = Literal[AXIS["overengineering"].verdicts]
Tests = Literal[AXIS["tests"].verdicts]
Documentation = Literal[AXIS["documentation"].verdicts]
FileVerdict = Literal[FILE_VERDICTS]
# identical / renamed (consistent renaming) / near-miss: whole functions; contained: the
# whole body of one function repeats inside another ("inline": the older name of it);
# block: a run of lines repeats in two functions; semantic: one job in two idioms.
CloneKind = Literal["identical", "renamed", "near-miss", "semantic", "inline", "contained", "block"]


def finding_fingerprint(file: str, symbol: str | None, axis: str, verdict: str, content: str = "") -> str:
    """The content fingerprint of a finding (32 hex characters): baselines and SARIF
    match findings by it, so it must survive moved lines and change with the code.

    `content` identifies the code: the symbol's body hash for a symbol finding; for a
    finding narrower than a symbol (unreachable lines), a stable text of what it
    points at. Never a line number."""
    key = "\x1f".join(["v1", file, symbol or "", axis, verdict, content])
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


class Match(BaseModel):
    """How closely one function matches another, and from what: the one record behind a
    duplicate verdict, a row of the similarities table and a findSimilarFunctions hit."""

    score: float  # combined, calibrated, 0-1
    structure: float | None = None  # structural (shingle) part, 0-1
    meaning: float | None = None  # embedding cosine part, 0-1
    vocabulary: float | None = None  # shared domain words part (attributes, keys, callees), 0-1
    behaviour: str | None = None  # "same" / "differs": the bodies' canonical jobs (sum, any, largest...)
    clone_kind: CloneKind | None = None


class SimilarFunction(Match):
    """One hit of findSimilarFunctions: the other function and the parts of its score."""

    id: str
    name: str  # qualified name
    file_path: str
    line_start: int
    line_end: int
    summary: str = ""


class DuplicateOf(Match):
    file: str
    name: str
    line_start: int | None = None
    line_end: int | None = None
    # The lines that repeat: on this side (`lines`) and on the other (`other_lines`), [start, end].
    lines: list[int] | None = None
    other_lines: list[int] | None = None
    # A clone class of 3+: every copy "path:name:line", on the copy that reports the class (the
    # others name it in their evidence: "one of N copies: reported on ...").
    members: list[str] = Field(default_factory=list)
    edited_lines: list[int] = Field(default_factory=list)  # near-miss: this copy's lines the other does not hold
    other_edited_lines: list[int] = Field(default_factory=list)  # ... and the other copy's lines this one does not
    keep_reason: str = ""  # why the other copy is the one to keep ("it has more users")
    test_code: bool = False  # both copies are test code


def evidence_detail(evidence: dict[str, str]) -> str:
    """A symbol's `detail`: its evidence, one "axis: sentence" per axis, in order."""
    return "; ".join(f"{axis}: {text}" for axis, text in evidence.items())


class SymbolReview(BaseModel):
    name: str  # qualified name: "Class.method"
    kind: str
    exported: bool
    line_start: int
    line_end: int
    correction: Correction = "-"
    utility: Utility = "USED"
    duplication: Duplication = "UNIQUE"
    duplicate_of: DuplicateOf | None = None
    duplicates: list[DuplicateOf] = Field(default_factory=list)  # every reported copy; the first is duplicate_of
    overengineering: Overengineering = "LEAN"
    tests: Tests = "NONE"
    documentation: Documentation = "UNDOCUMENTED"
    confidence: int = Field(default=80, ge=0, le=100)
    detail: str = ""  # the evidence, one sentence per axis that matters
    evidence: dict[str, str] = Field(default_factory=dict)  # axis -> evidence sentence

    @model_validator(mode="before")
    @classmethod
    def _detail_from_evidence(cls, data: Any) -> Any:
        """A stored symbol without `detail` (version 2 and later) had its evidence joined as its detail."""
        if isinstance(data, dict) and "detail" not in data and isinstance(data.get("evidence"), dict) \
                and all(isinstance(text, str) for text in data["evidence"].values()):
            data = {**data, "detail": evidence_detail(data["evidence"])}
        return data

    @classmethod
    def of(cls, symbol: "Symbol", **verdicts: object) -> "SymbolReview":
        """A review of `symbol`: its identity from the scan, the verdicts given."""
        return cls(name=symbol.qualified_name, kind=symbol.kind, exported=symbol.exported,
                   line_start=symbol.line_start, line_end=symbol.line_end, **verdicts)


class Finding(BaseModel):
    axis: str
    verdict: str
    severity: Severity = "medium"
    symbol: str | None = None
    line_start: int
    line_end: int
    message: str
    fingerprint: str = ""  # content hash: stable when lines move (baseline, SARIF)
    # 0-100, from the evidence of this axis (a symbol review keeps the least of its axes); None only in
    # reviews written before findings carried it, where the symbol review's confidence stands in (ranking.confidence_of)
    confidence: int | None = None
    suppressed: bool = False
    suppression_reason: str | None = None
    rule: str = ""  # schema.rules id: `dead/no-root`, `duplicate/block`...
    # The evidence's own confidence, when `confidence` is its rule's measured precision (review/calibration.py).
    raw_confidence: int | None = None

    @model_validator(mode="after")
    def _named_rule(self) -> "Finding":
        """A finding no analysis named a rule for (the Claude reviewer's, a review written before rule
        ids) carries its axis's default rule."""
        if not self.rule:
            self.rule = default_rule(self.axis, self.verdict)
        return self


class Action(BaseModel):
    category: Literal["quick_win", "refactor", "hygiene"]
    description: str
    symbol: str | None = None
    line_start: int | None = None


class Similarity(Match):
    function: str  # qualified name in this file
    line_start: int
    file: str  # the other function's file
    name: str  # the other function's qualified name
    other_line_start: int | None = None
    suggestion: str = ""  # "reuse src/rng.py:weighted_pick"


class TokenUsage(BaseModel):
    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0
    cost_usd: float = 0.0
    calls: int = 0


class ReviewFile(BaseModel):
    version: int = REVIEW_SCHEMA_VERSION
    file: str
    language: str
    sha256: str
    reviewer: Literal["static", "claude"]
    model: str | None = None
    verdict: FileVerdict = "CLEAN"
    summary: str = ""
    symbols: list[SymbolReview] = Field(default_factory=list)
    findings: list[Finding] = Field(default_factory=list)
    # Verdicts whose shown confidence (their rule's measured precision) is under the finding floor:
    # listed for a reader or the Claude reviewer to judge; never gating, never in the file's verdict.
    candidates: list[Finding] = Field(default_factory=list)
    actions: list[Action] = Field(default_factory=list)
    function_cards: list[FunctionCard] = Field(default_factory=list)
    similarities: list[Similarity] = Field(default_factory=list)
    # Blocks of the code outside functions that repeat elsewhere (each also a finding with no symbol).
    repeated_blocks: list[DuplicateOf] = Field(default_factory=list)
    rag_enabled: bool = False
    usage: TokenUsage = Field(default_factory=TokenUsage)
    reviewed_at: str = ""

    @model_validator(mode="before")
    @classmethod
    def _shared_texts(cls, data: Any) -> Any:
        """A stored review of version 2 or 3: each symbol's evidence by position in `texts`, read back
        as the sentences themselves (a position with no sentence is left for validation to refuse),
        and (version 3) each card's file, language and id from the review."""
        if isinstance(data, dict) and not issubclass(cls, StoredReview):  # a CardRef needs none of them
            data = _cards_filled_in(data)
        if not isinstance(data, dict) or "texts" not in data:
            return data
        texts = data["texts"]
        data = {name: value for name, value in data.items() if name != "texts"}
        symbols = data.get("symbols")
        if not isinstance(texts, list) or not isinstance(symbols, list):
            return data
        # One copy of a sentence for every review read: a large project's files say the same few.
        texts = [sys.intern(text) if type(text) is str else text for text in texts]
        def sentence(position: Any) -> Any:
            return texts[position] if type(position) is int and 0 <= position < len(texts) else position
        data["symbols"] = [
            {**symbol, "evidence": {sys.intern(axis): sentence(at) for axis, at in symbol["evidence"].items()}}
            if isinstance(symbol, dict) and isinstance(symbol.get("evidence"), dict) else symbol
            for symbol in symbols]
        return data


def _cards_filled_in(data: dict) -> dict:
    """`data` with the fields version 3 left out of its cards put back (file_path, language, id)."""
    cards, file, language = data.get("function_cards"), data.get("file"), data.get("language")
    if not isinstance(cards, list) or not isinstance(file, str) or not any(
            isinstance(card, dict) and ("file_path" not in card or "language" not in card or "id" not in card)
            for card in cards):
        return data
    filled = []
    for card in cards:
        if isinstance(card, dict):
            card = {"file_path": file, "language": language, **card}
            if "id" not in card and type(card.get("line_start")) is int and type(card.get("line_end")) is int:
                card["id"] = card_id(card["file_path"], card["line_start"], card["line_end"])
        filled.append(card)
    return {**data, "function_cards": filled}


def stored_review(review: ReviewFile) -> dict:
    """`review` as its `.rev.json` holds it (version 4, see the module's docstring): what reading it
    back gives is `review` again."""
    data = review.model_dump(mode="json")
    data["version"] = REVIEW_SCHEMA_VERSION
    for card in data["function_cards"]:
        if card["id"] == card_id(card["file_path"], card["line_start"], card["line_end"]):
            del card["id"]
        if card["file_path"] == review.file:
            del card["file_path"]
        if card["language"] == review.language:
            del card["language"]
    positions: dict[str, int] = {}
    for symbol in data["symbols"]:
        if symbol["detail"] == evidence_detail(symbol["evidence"]):
            del symbol["detail"]
        symbol["evidence"] = {axis: positions.setdefault(text, len(positions))
                              for axis, text in symbol["evidence"].items()}
    data["texts"] = list(positions)
    return data


class FileError(BaseModel):
    file: str
    message: str


class RunRecord(BaseModel):
    """`.reviewer/runs/<run id>/run.json`: what one `reviewer run` did."""

    version: int = 1
    run_id: str
    started_at: str
    finished_at: str = ""
    duration_seconds: float = 0.0
    root: str = ""
    reviewer: Literal["static", "claude"] = "static"
    model: str | None = None
    rag_enabled: bool = False
    changed_since: str | None = None
    files_total: int = 0  # files in scope after discovery
    files_in_scope: int = 0  # files this run had to vouch for (all, the changed ones, or those under its paths)
    files_reviewed: int = 0  # reviewed in this run
    files_cached: int = 0  # reused from the review cache
    files_error: int = 0
    files_skipped: int = 0  # left out by discovery (binary, generated, too big, no grammar...) or failed
    files_not_reviewed: list[str] = Field(default_factory=list)  # e.g. stopped by --max-cost
    errors: list[FileError] = Field(default_factory=list)
    verdicts: dict[str, int] = Field(default_factory=dict)  # CLEAN/NEEDS_REFACTOR/CRITICAL -> count
    usage: TokenUsage = Field(default_factory=TokenUsage)
    phase_seconds: dict[str, float] = Field(default_factory=dict)  # scan/estimate/index/review/report
    complete: bool = False  # False when the run stopped early (error, interrupt)
    stopped: str | None = None  # why the review stopped before every file in scope (interrupt, max_cost, breaker)
    # the shown confidence from which the static reviewer's verdicts were findings (the rest: candidates)
    finding_floor: int | None = None
    secrets_masked: int = 0  # secrets masked in what was sent to Claude
    notes: list[str] = Field(default_factory=list)  # what the run dropped or rejected (e.g. a card for no function)
    shard: str | None = None  # `--shard 2/4`: this run reviewed that slice of the scope (schema.shard)
    merged_from: list[str] = Field(default_factory=list)  # `reviewer merge`: the run ids of the shards merged


class CardRef(BaseModel):
    """What reports read of a FunctionCard: who it is and what it calls."""

    qualified_name: str
    body_hash: str = ""
    called_internals: list[str] = Field(default_factory=list)


class StoredReview(ReviewFile):
    """A ReviewFile as reports read it: its function cards reduced to CardRef.
    Validating every field of 40,000 cards is a third of the load time of a big
    project, and no report shows them."""

    function_cards: list[CardRef] = Field(default_factory=list)  # type: ignore[assignment]


def held_review(review: ReviewFile) -> StoredReview:
    """`review` as the reports and the gate read it once its page is written: its cards as references
    and its symbols without their evidence prose (the `.rev.json` and `.rev.md` keep both). A run holds
    every review it wrote to the report: on a large project the prose was most of their memory."""
    fields = dict(review.__dict__)
    fields["symbols"] = [_without_prose(symbol) for symbol in review.symbols]
    fields["function_cards"] = [card if isinstance(card, CardRef) else _card_ref(card) for card in review.function_cards]
    return StoredReview.model_construct(**fields)


def _without_prose(symbol: SymbolReview) -> SymbolReview:
    """symbol.model_copy(update={"evidence": {}, "detail": ""}) without its generic steps (a third of
    a cold run's held_review): the same fields, and the same set of fields given."""
    copied = type(symbol).__new__(type(symbol))
    values = dict(symbol.__dict__)
    values["evidence"], values["detail"] = {}, ""
    given = symbol.__pydantic_fields_set__
    _object_setattr(copied, "__dict__", values)
    # The one shared set of all the names (schema.fieldsets) holds both already; any other set given is
    # shared too, one per distinct set (a set of its own per symbol was 76 MB of a 20,000-file run's held reviews).
    _object_setattr(copied, "__pydantic_fields_set__", given if given is all_fields(type(symbol)) else _with_prose(frozenset(given)))
    _object_setattr(copied, "__pydantic_extra__", None)
    _object_setattr(copied, "__pydantic_private__", None)
    return copied


def _card_ref(card: FunctionCard) -> CardRef:
    """CardRef.model_construct of the card's three fields, without model_construct's walk of the
    defaults (it asks inspect.signature of each default factory, every call)."""
    ref = CardRef.__new__(CardRef)
    _object_setattr(ref, "__dict__", {"qualified_name": card.qualified_name, "body_hash": card.body_hash,
                                      "called_internals": card.called_internals})
    _object_setattr(ref, "__pydantic_fields_set__", all_fields(CardRef))  # every field given
    _object_setattr(ref, "__pydantic_extra__", None)
    _object_setattr(ref, "__pydantic_private__", None)
    return ref


_PROSE = frozenset({"evidence", "detail"})


@cache
def _with_prose(given: frozenset[str]) -> set[str]:
    """The one set `given | _PROSE` of every held symbol given these fields: never changed once held."""
    return set(given | _PROSE)


_object_setattr = object.__setattr__


def is_held(review: ReviewFile) -> bool:
    """Whether `review` may be a held review (held_review): its page cannot be rendered from it
    unless it has no evidence prose to show (then the whole review is the same)."""
    return isinstance(review, StoredReview) and not any(symbol.evidence or symbol.detail for symbol in review.symbols)
