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
  Two more views ride in the same list, told apart by prefix:
  - "CALL:<name>": the functions it calls by a bare name it does not bind itself
    (`sorted`, `needs_reorder`) or as its own methods (`self.get`): two same-shaped
    functions that call different project functions behave differently.
  - "VOCAB:<word>": its domain vocabulary: attribute names, free names (modules,
    constants, types, called functions), identifier-like string keys; never its own
    name, parameters or local variables, which a renamed copy changes at will. A loop and
    a `sum()` over `line.unit_price * line.quantity` share it; so do the two spellings
    of a dict key lookup.
  - "BEHAV:<verb|what|by|where|source>": each job the body does, in the canonical words
    of rag.behaviour ("BEHAV:sum|item quantity|||arg1"), so a loop and a `reduce` doing one
    job compare equal; and one "BEHAVCOV:<language family>:<coverage>" saying how much of
    the body those jobs account for (see behaviour.Behaviour).
"""

from __future__ import annotations

import hashlib
import keyword
import re
from collections import Counter
from typing import Sequence

import numpy as np

from ..scan.languages import language_family
from .behaviour import behaviours_of

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
    "yield async await of static get set as keyof infer is type readonly declare".split()
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


def header_end(source: str, language: str) -> int:
    """Offset where a function's body starts: after decorators, parameters and return annotation.

    The detail view must not see the header: `def f(text: str) -> str:` and its renamed,
    unannotated copy `def g(s):` would otherwise differ in the renaming order of every
    name after the annotations (and in the `->` "operators")."""
    pattern = _VOCAB_TOKENS["python" if language == "python" else "c"]
    opening, closing = "([{<" if language != "python" else "([{", ")]}>" if language != "python" else ")]}"
    depth, seen_params = 0, False
    previous = ""
    for m in pattern.finditer(source):
        kind = m.lastgroup
        if kind in ("comment", "triple", "str", "num", "id"):
            previous = m.group(kind)
            continue
        text = m.group(kind)
        if text == "@" and depth == 0 and not seen_params:
            previous = text
            continue
        if text in opening and not (text == "<" and previous in ("", "=")):
            if depth == 0 and text == "(" and not seen_params:
                seen_params = True
            elif depth == 0 and seen_params and text == "{" and language != "python":
                return m.end()
            depth += 1
        elif text in closing and depth:
            depth -= 1
        elif depth == 0 and seen_params and (text == ":" and language == "python" or text == "=>"):
            return m.end()
        previous = text
    return 0


def detail_tokens(body: str, language: str) -> list[str]:
    """Literal/operator tokens with counts ("OP:+#2"), most frequent first, then the alpha-renamed grams
    (both of the body after the header), then the CALL/VOCAB views (of the whole text)."""
    tokens = _code_tokens(body[header_end(body, language):], language)
    counts = Counter(f"{kind.upper()}:{text}" for kind, text in tokens if kind in ("str", "num", "op"))
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:MAX_DETAIL]
    return [f"{token}#{count}" for token, count in ranked] + sorted(_alpha_grams(tokens, language)) + vocabulary_tokens(body, language)


CALL_PREFIX, VOCAB_PREFIX = "CALL:", "VOCAB:"
BEHAVIOUR_PREFIX, COVERAGE_PREFIX = "BEHAV:", "BEHAVCOV:"


def behaviour_tokens(source: str, language: str, ranges: Sequence[tuple[int, int]]) -> dict[tuple[int, int], list[str]]:
    """The "BEHAV:"/"BEHAVCOV:" detail tokens of the functions at these line ranges of one file (one parse).

    Functions with no recognised job get none."""
    out: dict[tuple[int, int], list[str]] = {}
    for span, behaviour in behaviours_of(source, language, ranges).items():
        if behaviour.jobs:
            out[span] = [BEHAVIOUR_PREFIX + job for job in behaviour.jobs] + [
                f"{COVERAGE_PREFIX}{language_family(language)}:{behaviour.coverage:.2f}"]
    return out

# One token of the vocabulary scan: strings and comments are separate kinds, so a name
# inside a string is not code; punctuation is kept because roles depend on it.
_VOCAB_TOKENS = {
    "python": re.compile(
        rf"(?P<comment>{_PY_COMMENT})|(?P<triple>{_TRIPLE})|(?P<str>[rbfuRBFU]{{0,2}}(?:{_STRING}))|(?P<num>{_NUMBER})"
        r"|(?P<id>[A-Za-z_][\w]*)|(?P<punct>\*\*=?|//=?|:=|->|[-+*/%&|^<>!=]=|==|[^\s\w])"
    ),
    "c": re.compile(
        rf"(?P<comment>{_C_COMMENT})|(?P<str>{_STRING})|(?P<num>{_NUMBER})"
        r"|(?P<id>[A-Za-z_$][\w$]*)|(?P<punct>=>|\.\.\.|\?\.|===|!==|[-+*/%&|^<>!=]=|==|[^\s\w$])"
    ),
}
_ASSIGN = frozenset("= += -= *= /= //= %= **= |= &= ^= >>= <<= ??= ||= &&= :=".split())
_RECEIVERS = frozenset(("self", "this", "cls"))
# Words before a TS/JS member's name that are not its name.
_MODIFIERS = frozenset("export default async static public private protected readonly abstract override get set function def".split())
_KEY_STRING = re.compile(r"^[A-Za-z_][\w-]{1,30}$")
_PY_BUILTIN_TYPES = frozenset("int float str bool bytes list dict set tuple object None True False".split())


def _scan(body: str, language: str) -> list[tuple[str, str]]:
    pattern = _VOCAB_TOKENS["python" if language == "python" else "c"]
    out = []
    for m in pattern.finditer(body):
        kind = m.lastgroup
        if kind in ("comment", "triple"):
            continue
        text = m.group(kind)
        if kind == "str":
            text = text.lstrip("rbfuRBFU")[1:-1]
        out.append((kind, text))
    return out


def _closing(tokens: list[tuple[str, str]], start: int) -> int:
    """Index of the bracket closing the one at `start` (or the end)."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    stack = []
    for k in range(start, len(tokens)):
        kind, text = tokens[k]
        if kind != "punct":
            continue
        if text in pairs:
            stack.append(pairs[text])
        elif stack and text == stack[-1]:
            stack.pop()
            if not stack:
                return k
    return len(tokens) - 1


def _bound_in_group(tokens: list[tuple[str, str]], start: int, end: int, language: str) -> set[str]:
    """Names a parameter list (or a destructuring pattern) binds: those after `(`, `,`, `*`, and in
    JS/TS `{`, `[`, `...` (in Python `[` opens an annotation's subscript: `list[LineItem]`)."""
    openers = ("(", ",", "*", "**") if language == "python" else ("(", ",", "{", "[", "...")
    bound = set()
    for k in range(start + 1, end):
        kind, text = tokens[k]
        if kind == "id" and tokens[k - 1][1] in openers and tokens[k - 1][0] == "punct":
            bound.add(text)
    return bound


def _own_name_and_bound(tokens: list[tuple[str, str]], language: str) -> tuple[str | None, set[str]]:
    """The function's own name and every name it binds (parameters, locals, loop and lambda variables)."""
    keywords = set(keyword.kwlist) if language == "python" else _JS_KEYWORDS
    bound: set[str] = set()
    own = None
    k = 0
    while k < len(tokens):  # skip decorators: `@name.attr(...)`
        if tokens[k] == ("punct", "@"):
            k += 1
            while k < len(tokens) and (tokens[k][0] == "id" or tokens[k][1] == "."):
                k += 1
            if k < len(tokens) and tokens[k][1] == "(":
                k = _closing(tokens, k) + 1
            continue
        break
    for m in range(k, len(tokens)):
        kind, text = tokens[m]
        if kind == "id" and text not in _MODIFIERS and text not in keywords:
            own = text
            k = m + 1
            break
        if kind == "punct":
            break
    if k < len(tokens) and tokens[k] == ("punct", "<"):  # TS generics: `f<T extends (...a) => void>(`
        depth = 0
        for m in range(k, len(tokens)):
            depth += tokens[m] == ("punct", "<")
            depth -= tokens[m] == ("punct", ">")
            if depth == 0:
                k = m + 1
                break
    # The first bracket group after the name is the parameter list (arrow functions too).
    for m in range(k, len(tokens)):
        if tokens[m] == ("punct", "("):
            bound |= _bound_in_group(tokens, m, _closing(tokens, m), language)
            break
    for m, (kind, text) in enumerate(tokens):
        following = tokens[m + 1] if m + 1 < len(tokens) else ("", "")
        previous = tokens[m - 1] if m else ("", "")
        if kind == "punct" and text == "=>":  # arrow parameters: `x =>` or `(a, b) =>`
            if previous[0] == "id":
                bound.add(previous[1])
            elif previous[1] == ")":
                depth, n = 0, m - 1
                while n >= 0:
                    if tokens[n][1] == ")":
                        depth += 1
                    elif tokens[n][1] == "(":
                        depth -= 1
                        if depth == 0:
                            break
                    n -= 1
                bound |= _bound_in_group(tokens, max(n, 0), m - 1, language)
            continue
        if kind != "id" or previous[1] in (".", "?."):
            continue
        if following[1] in _ASSIGN or previous[1] in ("as", "const", "let", "var", "lambda", "global", "nonlocal", "catch"):
            bound.add(text)
        elif previous[1] in ("const", "let", "var") or following[1] == "in" and language == "python":
            bound.add(text)
    if language == "python":
        # `for a, b in ...`, `lambda a, b: ...` and tuple targets `a, b = ...`: every name up to `in` / `:` / `=`.
        for m, (kind, text) in enumerate(tokens):
            if (kind, text) in (("id", "for"), ("id", "lambda")):
                stop = "in" if text == "for" else ":"
                n = m + 1
                while n < len(tokens) and tokens[n][1] != stop and tokens[n][1] not in ("\n",):
                    if tokens[n][0] == "id":
                        bound.add(tokens[n][1])
                    n += 1
                    if n - m > 12:
                        break
    else:
        # `const { a, b } = ...`, `let [x, y] = ...`
        for m, (kind, text) in enumerate(tokens[:-1]):
            if text in ("const", "let", "var") and tokens[m + 1][1] in ("{", "["):
                bound |= _bound_in_group(tokens, m + 1, _closing(tokens, m + 1), language)
    bound.discard(own or "")
    return own, bound


def _python_tuple_targets(body: str) -> set[str]:
    """`a, b = b, a + b` and `low, high = 0, n`: names left of a plain `=` on a line."""
    found = set()
    for line in body.splitlines():
        match = re.match(r"^\s*([A-Za-z_][\w]*(?:\s*,\s*[A-Za-z_][\w]*)+)\s*=(?!=)", line)
        if match:
            found.update(n.strip() for n in match.group(1).split(","))
    return found


def vocabulary_tokens(body: str, language: str) -> list[str]:
    """"CALL:..." and "VOCAB:..." tokens of a function's source (see the module docstring)."""
    tokens = _scan(body, language)
    if not tokens:
        return []
    keywords = set(keyword.kwlist) if language == "python" else _JS_KEYWORDS
    own, bound = _own_name_and_bound(tokens, language)
    if language == "python":
        bound |= _python_tuple_targets(body)
    calls: set[str] = set()
    vocab: set[str] = set()
    start = 0
    if own is not None:
        start = next((m + 1 for m, t in enumerate(tokens) if t == ("id", own)), 0)
    for m in range(start, len(tokens)):
        kind, text = tokens[m]
        previous = tokens[m - 1] if m else ("", "")
        following = tokens[m + 1] if m + 1 < len(tokens) else ("", "")
        if kind == "str":
            if _KEY_STRING.match(text):
                vocab.add(_word(text))
            continue
        if kind != "id" or text in keywords and text not in _RECEIVERS or text == own:
            continue
        attribute = previous[1] in (".", "?.")
        if not attribute and (text in bound or text in _RECEIVERS):
            if text in _RECEIVERS and following[1] == "." and m + 3 < len(tokens) and tokens[m + 3][1] == "(":
                calls.add(f"self.{tokens[m + 2][1]}")  # a method of the same object
            continue
        if language == "python" and text in _PY_BUILTIN_TYPES and previous[1] in (":", "->", "[", ","):
            continue  # annotations like `list[str] -> int` say little about the domain
        vocab.add(_word(text))
        if not attribute and following[1] == "(":
            # Bare calls only: `EMAIL_RE.match(` names an object a renamed copy may rename too.
            calls.add(text)
    # One letter is a generic type parameter (`T`) or a throwaway name, not vocabulary.
    return sorted(CALL_PREFIX + c for c in calls) + sorted(VOCAB_PREFIX + v for v in vocab if len(v) > 1)


def _word(identifier: str) -> str:
    """One spelling for `unit_price`, `unitPrice` and "unit-price"."""
    return re.sub(r"[^a-z0-9]", "", identifier.lower())


def jaccard(a: Sequence, b: Sequence) -> float:
    if not a and not b:
        return 1.0
    sa, sb = set(a), set(b)
    union = len(sa | sb)
    return len(sa & sb) / union if union else 0.0


def _split_top_level(text: str, separator: str = ",") -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch in "([{<"
        depth -= ch in ")]}>"
        if ch == separator and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return parts + ([current] if current.strip() else [])


def signature_contract(signature: str) -> tuple[tuple[str, ...], str] | None:
    """(parameter types, return type) of a fully annotated signature, else None.

    `def subtotal(lines: list[LineItem]) -> float` -> (("list[lineitem]",), "float");
    `function f(a: number): string` likewise; `self`/`this` are skipped. A parameter or
    return without annotation makes the contract unknown (None), never "different"."""
    start = signature.find("(")
    if start < 0:
        return None
    depth, end = 0, -1
    for k in range(start, len(signature)):
        depth += signature[k] in "([{<"
        depth -= signature[k] in ")]}>"
        if depth == 0:
            end = k
            break
    if end < 0:
        return None
    types = []
    for param in _split_top_level(signature[start + 1 : end]):
        declared = param.split("=", 1)[0].strip()
        name = declared.split(":", 1)[0].strip().lstrip("*.").split()
        if name and name[-1] in _RECEIVERS:
            continue
        if ":" not in declared:
            return None
        types.append(re.sub(r"\s", "", declared.split(":", 1)[1]).lower())
    returned = re.match(r"\s*(?:->|:)\s*(.+?)\s*:?\s*$", signature[end + 1 :])
    if not returned:
        return None
    return tuple(types), re.sub(r"\s", "", returned.group(1)).lower()
