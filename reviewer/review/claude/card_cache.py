"""`.reviewer/cache/cards.json`: the LLM-written fields of FunctionCards, keyed by
the function's body hash, so an unchanged function is never paid for twice, even
when it moves to other lines or another file."""

from __future__ import annotations

import threading

from pydantic import ValidationError

from ...schema.cards import CardFields
from ...workspace import Workspace, atomic_write_json, read_json

CARD_CACHE_VERSION = 1


class CardCache:
    """Thread-safe: the reviewer threads of one run share it."""

    def __init__(self, workspace: Workspace) -> None:
        self.path = workspace.cache / "cards.json"
        self._lock = threading.Lock()
        data = read_json(self.path, default={})
        entries = data.get("entries", {}) if isinstance(data, dict) and data.get("version") == CARD_CACHE_VERSION else {}
        self._entries: dict[str, CardFields] = {}
        for body_hash, raw in entries.items():
            try:
                self._entries[body_hash] = CardFields.model_validate(raw)
            except ValidationError:
                continue  # a damaged entry is simply asked for again

    def hashes(self) -> set[str]:
        with self._lock:
            return set(self._entries)

    def get(self, body_hash: str) -> CardFields | None:
        with self._lock:
            return self._entries.get(body_hash)

    def put(self, body_hash: str, fields: CardFields) -> None:
        if not body_hash:
            return
        with self._lock:
            self._entries[body_hash] = fields

    def fields(self) -> dict[str, CardFields]:
        """Every entry: body hash -> the written fields (handed to the indexer to re-apply)."""
        with self._lock:
            return dict(self._entries)

    def save(self) -> None:
        with self._lock:
            data = {
                "version": CARD_CACHE_VERSION,
                "entries": {key: value.model_dump() for key, value in sorted(self._entries.items())},
            }
        atomic_write_json(self.path, data)
