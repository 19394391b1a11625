"""Find the card a user means: `path/to/file.py:func`, `Class.method`, `func`, or a card id (prefix).

The rules live in `resolve_target`, over any `Cards` source: the LanceDB table for the CLI
(`find_card`), the rows already in memory for a long-lived server (`CardHeads`).
"""

from __future__ import annotations

import re
from typing import Protocol, Sequence, TypeVar

from ..errors import UserError
from ..schema.cards import FunctionCard
from .store import CardStore, sql_string

MAX_LISTED = 8
_HEX = re.compile(r"[0-9a-f]{8,64}")


class CardLike(Protocol):
    id: str
    file_path: str
    name: str
    qualified_name: str
    line_start: int


C = TypeVar("C", bound=CardLike)


class Cards(Protocol[C]):
    """Where `resolve_target` looks cards up."""

    def with_id_prefix(self, prefix: str) -> Sequence[C]: ...
    def in_file(self, path: str) -> Sequence[C]: ...
    def with_qualified_name(self, name: str) -> Sequence[C]: ...
    def with_name(self, name: str) -> Sequence[C]: ...


def _describe(card: CardLike) -> str:
    return f"{card.file_path}:{card.qualified_name} (line {card.line_start}, id {card.id[:12]})"


def _one(target: str, matches: Sequence[C]) -> C:
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise UserError(f"no function matches '{target}' in the RAG index (try `path/to/file.py:name`, `Class.method` or a card id)")
    listed = "; ".join(_describe(c) for c in matches[:MAX_LISTED])
    more = f"; and {len(matches) - MAX_LISTED} more" if len(matches) > MAX_LISTED else ""
    raise UserError(f"'{target}' is ambiguous, {len(matches)} functions match: {listed}{more}")


def resolve_target(cards: Cards[C], target: str) -> C:
    """The single card `target` designates, or a UserError listing the candidates."""
    target = target.strip()
    if _HEX.fullmatch(target):
        by_id = cards.with_id_prefix(target)
        if by_id:
            return _one(target, by_id)
    if ":" in target:
        path, _, name = target.rpartition(":")
        path = path.removeprefix("./")
        in_file = cards.in_file(path)
        if not in_file:
            raise UserError(f"no indexed functions in '{path}' (is it under the repository root and indexed?)")
        exact = [c for c in in_file if c.qualified_name == name]
        return _one(target, exact or [c for c in in_file if c.name == name])
    exact = cards.with_qualified_name(target)
    if exact:
        return _one(target, exact)
    return _one(target, cards.with_name(target.rsplit(".", 1)[-1]))


class _StoredCards:
    def __init__(self, store: CardStore) -> None:
        self.store = store

    def with_id_prefix(self, prefix: str) -> list[FunctionCard]:
        return self.store.cards(where=f"id LIKE {sql_string(prefix + '%')}")

    def in_file(self, path: str) -> list[FunctionCard]:
        return self.store.cards(where=f"file_path = {sql_string(path)}")

    def with_qualified_name(self, name: str) -> list[FunctionCard]:
        return self.store.cards(where=f"qualified_name = {sql_string(name)}")

    def with_name(self, name: str) -> list[FunctionCard]:
        return self.store.cards(where=f"name = {sql_string(name)}")


def find_card(store: CardStore, target: str) -> FunctionCard:
    """The single card of the table `target` designates, or a UserError listing the candidates."""
    return resolve_target(_StoredCards(store), target)


class CardHead:
    """What a lookup reads of a card, from a row already in memory."""

    __slots__ = ("id", "file_path", "name", "qualified_name", "line_start")

    def __init__(self, row: dict) -> None:
        self.id, self.file_path, self.name = row["id"], row["file_path"], row["name"]
        self.qualified_name, self.line_start = row["qualified_name"], row["line_start"]


class CardHeads:
    """The `Cards` of rows in memory (e.g. SimilarityIndex.rows): lookups without a query."""

    def __init__(self, rows: Sequence[dict]) -> None:
        self.heads = [CardHead(row) for row in rows]
        self._by: dict[str, dict[str, list[CardHead]]] = {"file_path": {}, "qualified_name": {}, "name": {}}
        for head in self.heads:
            for field, table in self._by.items():
                table.setdefault(getattr(head, field), []).append(head)

    def with_id_prefix(self, prefix: str) -> list[CardHead]:
        return [h for h in self.heads if h.id.startswith(prefix)]

    def in_file(self, path: str) -> list[CardHead]:
        return self._by["file_path"].get(path, [])

    def with_qualified_name(self, name: str) -> list[CardHead]:
        return self._by["qualified_name"].get(name, [])

    def with_name(self, name: str) -> list[CardHead]:
        return self._by["name"].get(name, [])
