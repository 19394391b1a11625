"""The static card cache: cards read back equal cards built, and a changed file or a changed
import is seen (called_internals is resolved on every run, the rest is kept by content)."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import pytest

from reviewer.analysis.project import analyze_project
from reviewer.config import Config
from reviewer.rag.card_cache import CACHE_FILE, resolve_called_internals, static_cards
from reviewer.rag.static_cards import cards_for_file
from reviewer.scan import scan_repository

from analysis_helpers import write_repo

FILES = {
    "pkg/__init__.py": "",
    "pkg/util.py": "def clean(text):\n    return text.strip().lower()\n\n\ndef other(text):\n    return text * 2\n",
    "pkg/app.py": ("from .util import clean\n\n\nclass Shop:\n    def name(self, raw):\n        return clean(raw)\n\n"
                   "    def total(self, items):\n        total = 0\n        for item in items:\n            total += item\n"
                   "        return total\n"),
}


def _cards(root: Path, cache: Path | None):
    scan = scan_repository(root, Config(), workers=1)
    resolve = analyze_project(scan, root, Config()).index.resolve_callee
    built = static_cards(scan, cache)
    assert all(card.called_internals == [] for cards in built.values() for card in cards)
    resolve_called_internals(scan, built, resolve)
    cold = {f.path: cards_for_file(f, resolve) for f in scan.files}
    return built, cold


@pytest.fixture()
def cached(tmp_path) -> tuple[Path, Path]:
    """A repository whose cards were built once with a cache folder: (root, cache folder)."""
    root = write_repo(tmp_path / "repo", FILES)
    cache = tmp_path / "cache"
    cache.mkdir()
    first, cold = _cards(root, cache)
    assert _plain(first) == _plain(cold)
    assert (cache / CACHE_FILE).is_file()
    return root, cache


def _again(root: Path, cache: Path) -> dict:
    """The cards of a run on the cache, checked equal to cards built without it."""
    again, cold = _cards(root, cache)
    assert _plain(again) == _plain(cold)
    return again


def _plain(cards: dict) -> dict:
    return {path: [c.model_dump(exclude={"last_indexed"}) for c in file_cards] for path, file_cards in cards.items()}


def test_cards_from_the_cache_equal_cards_built(cached):
    root, cache = cached
    again = _again(root, cache)
    assert again["pkg/app.py"][0].called_internals == ["pkg/util.py:clean"]


def test_an_unchanged_file_sees_its_import_move(cached):
    """app.py's bytes are the same, but `clean` now comes from another module: its card says so."""
    root, cache = cached
    (root / "pkg/util.py").write_text("from .text import clean\n\n\ndef other(text):\n    return text * 2\n")
    (root / "pkg/text.py").write_text("def clean(text):\n    return text.strip()\n")
    again = _again(root, cache)
    assert again["pkg/app.py"][0].called_internals == ["pkg/text.py:clean"]


def test_a_changed_file_is_built_again(cached):
    root, cache = cached
    (root / "pkg/util.py").write_text("def clean(text):\n    \"\"\"Tidy a name.\"\"\"\n    return text.strip()\n")
    again = _again(root, cache)
    assert [c.summary for c in again["pkg/util.py"]] == ["Tidy a name."]


def test_a_damaged_cache_is_read_as_empty(cached):
    root, cache = cached
    data = json.loads(zlib.decompress((cache / CACHE_FILE).read_bytes()))
    data["files"]["pkg/app.py"][1][0][5] = "not a line"  # a hand-edited entry
    (cache / CACHE_FILE).write_bytes(zlib.compress(json.dumps(data).encode()))
    _again(root, cache)
    (cache / CACHE_FILE).write_text(json.dumps(data))  # not compressed (an older version's file)
    _again(root, cache)
    (cache / CACHE_FILE).write_text("{not json")
    _again(root, cache)
