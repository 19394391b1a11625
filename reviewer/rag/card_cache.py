"""The AST cards of unchanged files, kept by content: a one-file change builds one file's cards.

Everything on a static card but `called_internals` is a function of one file's facts, so of
its bytes and of the scanner: `.reviewer/cache/static_cards.json` keeps those fields per file,
keyed by the file's sha256, under a version that changes with the scanner and the card code,
zlib-compressed at the fastest level (a sixth of the JSON: the same words on every card; a file
of another format reads as empty).
`called_internals` goes through the project's imports (another file can change what a call
resolves to), so it is resolved again on every run; `last_indexed` is this run's stamp.

On the standard library this turns 56,000 card builds (3 s) into a JSON read. A damaged or
foreign cache file is read as empty: the cards are built again, never a traceback.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from pathlib import Path

from ..schema.cards import FunctionCard, card_id, now_iso
from ..schema.facts import FileFacts, ScanResult
from ..scan.records import build
from ..workspace import atomic_write_bytes
from .static_cards import Resolver, build_static_card, called_internals, function_symbols

CACHE_FILE = "static_cards.json"
# The card fields that depend on the file alone, in the order they are stored, with their types.
STORED = (("id", str), ("name", str), ("qualified_name", str), ("kind", str), ("language", str),
          ("line_start", int), ("line_end", int), ("signature", str), ("summary", str),
          ("key_concepts", list), ("behavioral_profile", str), ("complexity_score", int), ("body_hash", str))


def cache_version() -> str:
    """Changes with the scanner (SCANNER_VERSION and the facts schema) and the code that makes a card."""
    from ..scan.cache import _version as scanner_version
    from ..schema import cards
    from . import static_cards

    digest = hashlib.sha256(scanner_version().encode())
    for module in (static_cards, cards):
        digest.update(Path(module.__file__).read_bytes())
    return digest.hexdigest()[:16]


def _load(path: Path, version: str) -> dict[str, tuple[str, list[list]]]:
    """path -> (sha256, stored fields per card); empty when absent, damaged or of another version."""
    try:
        data = json.loads(zlib.decompress(path.read_bytes()))
    except (OSError, ValueError, RecursionError, zlib.error):
        return {}
    if not isinstance(data, dict) or data.get("version") != version or not isinstance(data.get("files"), dict):
        return {}
    files = {}
    for file_path, entry in data["files"].items():
        if _well_formed(entry):
            files[file_path] = (entry[0], entry[1])
    return files


def _well_formed(entry) -> bool:
    """[sha256, [[field, ...] per card]] with every field of its type: a hand-edited entry is a miss."""
    if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str) and isinstance(entry[1], list)):
        return False
    return all(isinstance(card, list) and len(card) == len(STORED)
               and all(type(value) is kind for value, (_, kind) in zip(card, STORED)) for card in entry[1])


def _stored_fields(card: FunctionCard) -> list:
    return [getattr(card, name) for name, _ in STORED]


def _card(facts: FileFacts, values: list, stamp: str) -> FunctionCard:
    """A card from its stored fields; they were validated when the card was first built."""
    fields = dict(zip((name for name, _ in STORED), values))
    return build(FunctionCard, **fields, file_path=facts.path, called_internals=[], source="ast", last_indexed=stamp)


def static_cards(scan: ScanResult, cache_folder: Path | None) -> dict[str, list[FunctionCard]]:
    """Every scanned file's AST cards, from the cache where its bytes are unchanged, with no
    `called_internals` yet: they need the project's imports (resolve_called_internals), and the
    similarity pairs, which need the rest of the cards, start before the analysis."""
    stamp = now_iso()
    version = cache_version()
    path = cache_folder / CACHE_FILE if cache_folder is not None else None
    stored = _load(path, version) if path is not None else {}
    cards: dict[str, list[FunctionCard]] = {}
    kept: dict[str, list] = {}
    changed = False
    for facts in scan.files:
        entry = stored.get(facts.path)
        symbols = function_symbols(facts)
        # The same bytes make the same cards; the ids are checked too, so resolve_called_internals
        # can pair each card with its symbol whatever the file holds.
        if entry is not None and entry[0] == facts.sha256 and [v[0] for v in entry[1]] == [
                card_id(facts.path, s.line_start, s.line_end) for s in symbols]:
            cards[facts.path] = [_card(facts, values, stamp) for values in entry[1]]
            kept[facts.path] = [facts.sha256, entry[1]]
            continue
        cards[facts.path] = [build_static_card(facts, symbol, None, stamp) for symbol in symbols]
        kept[facts.path] = [facts.sha256, [_stored_fields(card) for card in cards[facts.path]]]
        changed = True
    if path is not None and (changed or kept.keys() != stored.keys()):
        try:
            text = json.dumps({"version": version, "files": kept}, separators=(",", ":"))
            atomic_write_bytes(path, zlib.compress(text.encode("utf-8"), 1))
        except OSError:
            pass  # a cache that cannot be written costs speed, not the run
    return cards


def resolve_called_internals(scan: ScanResult, cards: dict[str, list[FunctionCard]], resolve: Resolver) -> None:
    """Fill each card's `called_internals` (the project functions it calls, through the imports)."""
    for facts in scan.files:
        for card, symbol in zip(cards[facts.path], function_symbols(facts)):
            card.called_internals = called_internals(facts, symbol, resolve)
