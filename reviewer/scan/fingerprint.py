"""Body fingerprints: the normalized-text hash and the token shingles used for clone detection.

Both are pure functions of what the tree walk collected, so they are cheap to test alone.
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_left

import numpy as np

SHINGLE_WIDTH = 5

_MASK32 = 0xFFFFFFFF
_MASK64 = 0xFFFFFFFFFFFFFFFF
# Odd 64-bit multipliers (from splitmix64 / murmur3): a polynomial over token ids, then a mix.
_K1, _K2, _K3, _K4 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB, 0xFF51AFD7ED558CCD
_MIX = 0xC4CEB9FE1A85EC53
_NP_K1, _NP_K2, _NP_K3, _NP_K4 = (np.uint64(k) for k in (_K1, _K2, _K3, _K4))
_NP_MIX, _NP_31, _NP_32 = np.uint64(_MIX), np.uint64(31), np.uint64(32)

_token_ids: dict[str, int] = {}  # token text -> stable 32-bit id; grows with the vocabulary only


def token_id(token: str) -> int:
    """A stable 32-bit id for a token (the walk keeps ids, not texts, in its stream)."""
    found = _token_ids.get(token)
    if found is None:
        # blake2b, not hash(): Python's str hash is salted per process and shingles are stored.
        found = int.from_bytes(hashlib.blake2b(token.encode(), digest_size=4).digest(), "little")
        _token_ids[token] = found
    return found


def token_ids(tokens: list[str]) -> list[int]:
    return [token_id(token) for token in tokens]


def _mix(value: int) -> int:
    value &= _MASK64
    value = ((value ^ (value >> 31)) * _MIX) & _MASK64
    return (value >> 32) & _MASK32


def _short_stream_hash(ids: list[int]) -> int:
    value = len(ids)
    for one_id in ids:
        value = (value * _K1 + one_id) & _MASK64
    return _mix(value)


class WindowHashes:
    """The hash of the SHINGLE_WIDTH-token window starting at each position of a token-id stream.

    Computed once per file over the whole stream (numpy, wrapping uint64 arithmetic);
    each symbol's shingles are then a slice of it, so nested symbols do not hash
    their tokens again.
    """

    __slots__ = ("ids", "array")

    def __init__(self, ids: list[int]) -> None:
        self.ids = ids
        count = len(ids)
        if count < SHINGLE_WIDTH:
            self.array = np.empty(0, dtype=np.uint64)
            return
        stream = np.array(ids, dtype=np.uint64)
        value = (
            stream[: count - 4] * _NP_K4
            + stream[1 : count - 3] * _NP_K3
            + stream[2 : count - 2] * _NP_K2
            + stream[3 : count - 1] * _NP_K1
            + stream[4:]
        )
        value ^= value >> _NP_31
        value *= _NP_MIX
        value >>= _NP_32
        self.array = value

    def shingles(self, start: int, end: int) -> list[int]:
        """Shingles of ids[start:end] (the same as shingles_of_ids(ids[start:end]))."""
        if end - start < SHINGLE_WIDTH:
            return shingles_of_ids(self.ids[start:end])
        windows = self.array[start : end - SHINGLE_WIDTH + 1]
        if len(windows) <= _NUMPY_SORT_FROM:
            return sorted(set(windows.tolist()))
        ordered = np.sort(windows)
        first = np.empty(len(ordered), dtype=bool)  # first of its run of equal values
        first[0] = True
        np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
        return ordered[first].tolist()


# From this many windows a numpy sort beats sorted(set(...)) despite numpy's per-call cost
# (np.unique costs more than the sort and mask above, measured on the standard library).
_NUMPY_SORT_FROM = 32


def window_hashes(tokens: list[str]) -> list[int]:
    """The hash of the SHINGLE_WIDTH-token window starting at each position of `tokens`."""
    return WindowHashes(token_ids(tokens)).array.tolist()


def shingles_of_slice(tokens: list[str], hashes: list[int], start: int, end: int) -> list[int]:
    """Shingles of tokens[start:end], given window_hashes(tokens) of the whole stream."""
    if end - start < SHINGLE_WIDTH:
        return shingles(tokens[start:end])
    return sorted(set(hashes[start : end - SHINGLE_WIDTH + 1]))


def shingles(tokens: list[str]) -> list[int]:
    """Sorted unique 32-bit hashes of every window of SHINGLE_WIDTH tokens.

    A stream shorter than the width still gives one shingle (the whole stream), so a
    tiny function has a fingerprint too. An empty stream gives none.
    """
    return shingles_of_ids(token_ids(tokens))


def shingles_of_ids(ids: list[int]) -> list[int]:
    """shingles() of a stream already mapped to token ids."""
    if not ids:
        return []
    if len(ids) < SHINGLE_WIDTH:
        return [_short_stream_hash(ids)]
    return sorted(set(WindowHashes(ids).array.tolist()))


_WHITESPACE = re.compile(rb"\s+")
# Runs inside a line (single spaces stay): `(?<=\S)[ \t][ \t]+`, its look back moved after the
# first blank so that the engine skips to blanks instead of trying every position.
_INNER_SPACE = re.compile(rb"[ \t](?<=\S[ \t])[ \t]+")
_LINE_INDENT = re.compile(rb"\n[ \t]+")


def strip_comments(data: bytes, start: int, end: int, comment_starts: list[int], comment_ends: list[int]) -> bytes:
    """data[start:end] without the comments that lie inside it (comment lists sorted by start)."""
    index = bisect_left(comment_starts, start)
    if index == len(comment_starts) or comment_starts[index] >= end:
        return data[start:end]
    pieces = []
    position = start
    while index < len(comment_starts) and comment_starts[index] < end:
        pieces.append(data[position : comment_starts[index]])
        position = min(comment_ends[index], end)
        index += 1
    pieces.append(data[position:end])
    return b"".join(pieces)


def body_hash(text: bytes, *, indent_significant: bool, first_column: int) -> str:
    """sha256 of a body whose comments were already removed, with whitespace normalized.

    Free-form languages collapse every whitespace run to one space. For indentation-
    significant languages (Python) line structure is kept: blank lines and trailing
    spaces go, runs inside a line collapse, and the body is dedented by the column of
    its first line, so moving a function into a class keeps its hash.
    """
    if indent_significant:
        if first_column:
            text = text.replace(b"\n" + b" " * first_column, b"\n")
        text = b"\n".join([line for line in [line.rstrip() for line in text.split(b"\n")] if line])
        # _INNER_SPACE stops at every blank, indentation included; most bodies have no run inside a line,
        # which a search of the text without its indentation tells at C speed.
        unindented = _LINE_INDENT.sub(b"\n", text)
        if b"  " in unindented or b"\t" in unindented:
            text = _INNER_SPACE.sub(b" ", text)
        text = text.strip()
    else:
        text = _WHITESPACE.sub(b" ", text).strip()
    return hashlib.sha256(text).hexdigest()
