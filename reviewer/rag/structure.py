"""Structural views of a function's code, for clone detection without re-parsing.

Two views per function:
- `shingles` (from the scan's Symbol): hashes of 5-token shingles of the normalized
  token stream, identifiers -> ID, literals -> STR/NUM. A renamed copy has the same set.
- `detail`: the literals and operators of the body as written ("NUM:0", "STR:'a'",
  "OP:<="), counted. Same-shape functions that behave differently (another operator,
  another constant) differ here even when their shingles agree, so it separates
  renamed copies from decoys.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Sequence

import numpy as np

MAX_DETAIL = 64  # tokens kept per function (most frequent first); enough to tell constants apart

_STRING = r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|`(?:\\.|[^`\\])*`'
_TRIPLE = r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\''
_NUMBER = r"\b\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?[jJnLl]?\b|\b0[xXoObB][0-9a-fA-F_]+\b"
_OPERATOR = r"\*\*=?|//=?|>>>?=?|<<=?|===?|!==?|<=|>=|&&|\|\||\?\?|[-+*/%&|^<>!~]=?|\bnot\b|\band\b|\bor\b|\bis\b|\bin\b"
_PY_COMMENT = r"#[^\n]*"
_C_COMMENT = r"//[^\n]*|/\*[\s\S]*?\*/"

_PY_TOKENS = re.compile(f"(?P<comment>{_PY_COMMENT})|(?P<triple>{_TRIPLE})|(?P<str>{_STRING})|(?P<num>{_NUMBER})|(?P<op>{_OPERATOR})")
_C_TOKENS = re.compile(f"(?P<comment>{_C_COMMENT})|(?P<str>{_STRING})|(?P<num>{_NUMBER})|(?P<op>{_OPERATOR})")


def detail_tokens(body: str, language: str) -> list[str]:
    """Literal and operator tokens of `body` with counts ("OP:+#2"), most frequent first."""
    pattern = _PY_TOKENS if language == "python" else _C_TOKENS
    counts: Counter[str] = Counter()
    for match in pattern.finditer(body):
        kind = match.lastgroup
        if kind in ("comment", "triple"):  # comments and docstrings say nothing about behaviour
            continue
        text = match.group(kind)
        if kind == "str":
            text = text[1:-1]
        counts[f"{kind.upper()}:{text}"] += 1
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:MAX_DETAIL]
    return [f"{token}#{count}" for token, count in ranked]


def jaccard(a: Sequence, b: Sequence) -> float:
    if not a and not b:
        return 1.0
    sa, sb = set(a), set(b)
    union = len(sa | sb)
    return len(sa & sb) / union if union else 0.0


def overlap_scores(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """(Jaccard, containment of the smaller in the larger) of two sorted unique uint32 arrays."""
    if len(a) == 0 or len(b) == 0:
        return 0.0, 0.0
    common = len(np.intersect1d(a, b, assume_unique=True))
    return common / (len(a) + len(b) - common), common / min(len(a), len(b))
