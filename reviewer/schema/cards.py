"""FunctionCard (contract): one card per function or method, embedded and stored in LanceDB."""

from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from typing import Literal

from pydantic import BaseModel, Field, field_validator

BehavioralProfile = Literal["pure", "sideEffectful", "async", "memoized", "stateful", "utility"]
SUMMARY_MAX = 400


def card_id(file_path: str, line_start: int, line_end: int) -> str:
    return hashlib.sha256(f"{file_path}:{line_start}-{line_end}".encode()).hexdigest()


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class FunctionCard(BaseModel):
    id: str
    file_path: str
    name: str
    qualified_name: str
    kind: str  # "function" | "method"
    language: str
    line_start: int
    line_end: int
    signature: str
    summary: str = Field(max_length=SUMMARY_MAX)
    key_concepts: list[str] = Field(min_length=1, max_length=6)
    behavioral_profile: BehavioralProfile
    complexity_score: int = Field(ge=1, le=5)
    called_internals: list[str] = Field(default_factory=list)  # "path.py:qualified_name" of project functions
    body_hash: str
    source: Literal["ast", "llm"] = "ast"  # where summary/key_concepts/profile came from
    last_indexed: str = Field(default_factory=now_iso)

    @field_validator("summary", mode="before")
    @classmethod
    def _clip_summary(cls, value: str) -> str:
        value = " ".join(str(value).split())
        return value if len(value) <= SUMMARY_MAX else value[: SUMMARY_MAX - 1] + "…"

    def embedding_text(self) -> str:
        """The text embedded per card (contract)."""
        return f"{self.name} {self.signature}\n{self.summary}\n{' '.join(self.key_concepts)}"


class CardFields(BaseModel):
    """The LLM-written fields of a card, kept by the function's body hash (cache/cards.json)."""

    summary: str = Field(max_length=SUMMARY_MAX)
    key_concepts: list[str] = Field(min_length=1, max_length=6)
    behavioral_profile: BehavioralProfile
    model: str = ""
    prompt_version: str = ""


def enrich(card: FunctionCard, fields: CardFields) -> FunctionCard:
    """The static card with the LLM-written fields; AST fields stay as they are."""
    return card.model_copy(
        update={
            "summary": FunctionCard.model_validate({**card.model_dump(), "summary": fields.summary}).summary,
            "key_concepts": fields.key_concepts,
            "behavioral_profile": fields.behavioral_profile,
            "source": "llm",
            "last_indexed": now_iso(),
        }
    )


def is_enriched_with(card: FunctionCard, fields: CardFields) -> bool:
    """Whether `card` already carries these written fields."""
    return (card.source == "llm" and card.key_concepts == fields.key_concepts
            and card.behavioral_profile == fields.behavioral_profile
            and card.summary == FunctionCard.model_validate({**card.model_dump(), "summary": fields.summary}).summary)

