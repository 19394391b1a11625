"""Find the card a user means: `path/to/file.py:func`, `Class.method`, `func`, or a card id (prefix)."""

from __future__ import annotations

import re

from ..errors import UserError
from ..schema.cards import FunctionCard
from .store import CardStore, sql_string

MAX_LISTED = 8
_HEX = re.compile(r"[0-9a-f]{8,64}")


def _describe(card: FunctionCard) -> str:
    return f"{card.file_path}:{card.qualified_name} (line {card.line_start}, id {card.id[:12]})"


def _one(target: str, matches: list[FunctionCard]) -> FunctionCard:
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise UserError(f"no function matches '{target}' in the RAG index (try `path/to/file.py:name`, `Class.method` or a card id)")
    listed = "; ".join(_describe(c) for c in matches[:MAX_LISTED])
    more = f"; and {len(matches) - MAX_LISTED} more" if len(matches) > MAX_LISTED else ""
    raise UserError(f"'{target}' is ambiguous, {len(matches)} functions match: {listed}{more}")


def find_card(store: CardStore, target: str) -> FunctionCard:
    """The single card `target` designates, or a UserError listing the candidates."""
    target = target.strip()
    if _HEX.fullmatch(target):
        by_id = store.cards(where=f"id LIKE {sql_string(target + '%')}")
        if by_id:
            return _one(target, by_id)
    if ":" in target:
        path, _, name = target.rpartition(":")
        path = path.removeprefix("./")
        in_file = store.cards(where=f"file_path = {sql_string(path)}")
        if not in_file:
            raise UserError(f"no indexed functions in '{path}' (is it under the repository root and indexed?)")
        exact = [c for c in in_file if c.qualified_name == name]
        return _one(target, exact or [c for c in in_file if c.name == name])
    exact = store.cards(where=f"qualified_name = {sql_string(target)}")
    if exact:
        return _one(target, exact)
    return _one(target, store.cards(where=f"name = {sql_string(target.rsplit('.', 1)[-1])}"))
