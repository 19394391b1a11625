"""Structural views of a function's code, for clone detection without re-parsing.

Two views per function:
- `shingles` (from the scan's Symbol): hashes of 5-token shingles of the normalized
  token stream, identifiers -> ID, literals -> STR/NUM. A renamed copy has the same set.
- `detail`: what those shingles erase. The literals and operators of the body as
  written ("NUM:0#1", "STR:a#2", "OP:<=#1"), counted, plus hashes of 4-grams of the
  token stream with identifiers renamed by order of first use ("ALPHA:<hash>"), so
  `(a, b) => a - b` and `(a, b) => b - a` differ while a consistent renaming does not.
  Same-shape functions that behave differently (another operator, constant or operand
  order) differ here even when their shingles agree: it separates renamed copies from decoys.
"""

from __future__ import annotations

import hashlib
import keyword
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


_IDENT = re.compile(r"[A-Za-z_$][\w$]*")
_TEMPLATE_EXPR = re.compile(r"\$\{[^}]*\}")
_JS_KEYWORDS = frozenset(
    "break case catch class const continue default delete do else export extends false finally for function if "
    "import in instanceof let new null return super switch this throw true try typeof undefined var void while "
    "yield async await of static get set".split()
)
_ALPHA_N = 4


def _code_tokens(body: str, language: str) -> list[tuple[str, str]]:
    """(kind, text) tokens of `body` without comments and docstrings; kinds: str num op id punct."""
    pattern = _PY_TOKENS if language == "python" else _C_TOKENS
    tokens: list[tuple[str, str]] = []
    position = 0
    for match in pattern.finditer(body):
        for ident in _IDENT.finditer(body, position, match.start()):
            tokens.append(("id", ident.group()))
        position = match.end()
        kind = match.lastgroup
        if kind in ("comment", "triple"):  # comments and docstrings say nothing about behaviour
            continue
        text = match.group(kind)
        if kind == "str":
            # Template literals: the embedded expressions are code (names), not the constant.
            text = _TEMPLATE_EXPR.sub("${}", text[1:-1])
        tokens.append((kind, text))
    tokens += [("id", m.group()) for m in _IDENT.finditer(body, position)]
    return tokens


def _alpha_grams(tokens: list[tuple[str, str]], language: str) -> set[str]:
    """4-grams of the stream with local names renamed by order of first use (attributes kept)."""
    keywords = keyword.kwlist if language == "python" else _JS_KEYWORDS
    names: dict[str, str] = {}
    stream: list[str] = []
    previous = ""
    for kind, text in tokens:
        if kind == "id" and text not in keywords and previous != ".":
            text = names.setdefault(text, f"v{len(names)}")
        stream.append(text)
        previous = text
    grams = {" ".join(stream[i : i + _ALPHA_N]) for i in range(max(0, len(stream) - _ALPHA_N + 1))}
    return {"ALPHA:" + hashlib.blake2b(g.encode(), digest_size=6).hexdigest() for g in grams}


def detail_tokens(body: str, language: str) -> list[str]:
    """Literal/operator tokens with counts ("OP:+#2"), most frequent first, then the alpha-renamed grams."""
    tokens = _code_tokens(body, language)
    counts = Counter(f"{kind.upper()}:{text}" for kind, text in tokens if kind in ("str", "num", "op"))
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:MAX_DETAIL]
    return [f"{token}#{count}" for token, count in ranked] + sorted(_alpha_grams(tokens, language))


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
