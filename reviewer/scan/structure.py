"""Structural views of a function's code that its shingles erase (schema.facts.Structure).

The shingles (extract.py) hash 5-token windows of the normalized stream (identifiers ->
ID, literals -> STR/NUM): a renamed copy has the same set. These views keep what that
erases, read from the function's own text in the scan:
- `literals`: the literals and operators of the body as written ("NUM:0#1", "STR:a#2",
  "OP:<=#1"), counted, most frequent first;
- `alpha_grams`: hashes of 4-grams of the body's token stream with local names renamed by
  order of first use, so `(a, b) => a - b` and `(a, b) => b - a` differ while a consistent
  renaming does not. Same-shape functions that behave differently (another operator,
  constant or operand order) differ here even when their shingles agree;
- `calls`: the functions it calls by a bare name it does not bind itself (`sorted`,
  `needs_reorder`) or as its own methods (`self.get`): two same-shaped functions that call
  different project functions behave differently;
- `vocabulary`: its domain words: attribute names, free names (modules, constants, types,
  called functions), identifier-like string keys; never its own name, parameters or local
  variables, which a renamed copy changes at will.

Per-language lexical pieces come from scan.languages (TokenSyntax); the views are shared.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from functools import cache, lru_cache

from ..schema.facts import Structure
from .languages import TokenSyntax

MAX_LITERALS = 64  # literal/operator tokens kept per function (most frequent first); enough to tell constants apart

_STRING = r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|`(?:\\.|[^`\\])*`'
_NUMBER = r"\b\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?[jJnLl]?\b|\b0[xXoObB][0-9a-fA-F_]+\b"
_OPERATOR = r"\*\*=?|//=?|>>>?=?|<<=?|===?|!==?|<=|>=|&&|\|\||\?\?|[-+*/%&|^<>!~]=?|\bnot\b|\band\b|\bor\b|\bis\b|\bin\b"
_IDENT = re.compile(r"[A-Za-z_$][\w$]*")
_TEMPLATE_EXPR = re.compile(r"\$\{[^}]*\}")
_ALPHA_N = 4
_ASSIGN = frozenset("= += -= *= /= //= %= **= |= &= ^= >>= <<= ??= ||= &&= :=".split())
_RECEIVERS = frozenset(("self", "this", "cls"))
# Words before a TS/JS member's name that are not its name.
_MODIFIERS = frozenset("export default async static public private protected readonly abstract override get set function def".split())
_KEY_STRING = re.compile(r"^[A-Za-z_][\w-]{1,30}$")
_NOT_WORD_CHARACTER = re.compile(r"[^a-z0-9]")
# Text after a tag's `>` (not `=>`, `->`, `>=`, ` > `) up to the next tag or the line's end.
_JSX_TEXT = re.compile(r"(?<=[^\s=>-])>([^<>{}()=;\n]+)(?=<|\n|$)")
# `name=` not followed by `=`: a keyword argument (API of the callee; an assignment keeps `ID`
# because its line starts with the name, which this does not look at).
_KEYWORD_ARGUMENT = re.compile(r"[A-Za-z_]\w*=(?!=)")
_TUPLE_TARGET = re.compile(r"^\s*([A-Za-z_][\w]*(?:\s*,\s*[A-Za-z_][\w]*)+)\s*=(?!=)")


@cache
def _patterns(syntax: TokenSyntax) -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    """(literal/operator scan, vocabulary scan, literal/operator/name scan) of one grammar;
    comments and docstrings are their own kinds."""
    docstring = f"|(?P<triple>{syntax.docstring})" if syntax.docstring else ""
    code_source = f"(?P<comment>{syntax.comment}){docstring}|(?P<str>{_STRING})|(?P<num>{_NUMBER})|(?P<op>{_OPERATOR})"
    prefix = f"{syntax.string_prefix}(?:{_STRING})" if syntax.string_prefix else _STRING
    vocabulary = re.compile(
        f"(?P<comment>{syntax.comment}){docstring}|(?P<str>{prefix})|(?P<num>{_NUMBER})"
        f"|(?P<id>{syntax.identifier})|(?P<punct>{syntax.punctuation})"
    )
    return re.compile(code_source), vocabulary, re.compile(f"{code_source}|(?P<id>{_IDENT.pattern})")


def structure_of(text: str, syntax: TokenSyntax) -> Structure:
    """The views of one function's text (decorators and signature included: the header is skipped
    where it would make a renamed copy differ)."""
    code = _code_tokens(text[header_end(text, syntax):], syntax)
    counts = Counter(f"{kind.upper()}:{token}" for kind, token in code if kind in ("str", "num", "op"))
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:MAX_LITERALS]
    calls, vocabulary = _calls_and_vocabulary(text, syntax)
    return Structure(literals=[f"{token}#{count}" for token, count in ranked], alpha_grams=sorted(_alpha_grams(code, syntax)),
                     calls=calls, vocabulary=vocabulary, line_hashes=line_hashes(text, syntax))


def line_hashes(text: str, syntax: TokenSyntax, function: bool = True) -> list[int]:
    """Structure.line_hashes of a function's text: per line, its code tokens hashed, local names as ID.
    `function` False: module code, which has no header to skip and no locals: its names are keys
    and module bindings (`billing: CreditCard`), which a copy does not rename, so they stay."""
    start = header_end(text, syntax) if function else 0
    lines: list[list[str]] = [[] for _ in range(text.count("\n") + 1)]
    line, position = text.count("\n", 0, start), start
    keywords = syntax.keywords
    # JSX text (`<TableHead>Email</TableHead>`) is content, like a string literal, not a name.
    prose = [m.span(1) for m in _JSX_TEXT.finditer(text, start)]

    def add(kind: str, token: str, at: int) -> None:
        nonlocal line, position
        line += text.count("\n", position, at)
        position = at
        # Local names may be renamed in a copy; literals, attributes and keywords say what it does.
        local = (function and kind == "id" and token not in keywords and text[at - 1 : at] != "."
                 and not any(a <= at < b for a, b in prose) and not _KEYWORD_ARGUMENT.match(text, at))
        lines[line].append("ID" if local else token)

    for match in _patterns(syntax)[0].finditer(text, start):
        for ident in _IDENT.finditer(text, position, match.start()):
            add("id", ident.group(), ident.start())
        kind = match.lastgroup
        if kind not in ("comment", "triple"):
            add(kind, match.group(kind), match.start())
        line += text.count("\n", position, match.end())
        position = match.end()
    for ident in _IDENT.finditer(text, position):
        add("id", ident.group(), ident.start())
    return [int.from_bytes(hashlib.blake2b(" ".join(t).encode(), digest_size=3).digest(), "big") << 8 | min(len(t), 255)
            if t else 0 for t in lines]


def module_line_hashes(lines: list[str], hidden: list[tuple[int, int]], syntax: TokenSyntax) -> list[int]:
    """FileFacts.module_line_hashes: line_hashes of the code outside functions (module statements,
    class attributes, data, callbacks passed at top level); the `hidden` lines (functions, imports)
    hash to 0. They are whole statements on whole lines, so blanking them cuts no token in two."""
    inside = bytearray(len(lines) + 1)
    for start, end in hidden:
        end = min(end, len(lines))
        inside[start - 1 : end] = b"\x01" * (end - start + 1)
    text = "\n".join("" if inside[k] else line for k, line in enumerate(lines))
    return line_hashes(text, syntax, function=False) if text.strip() else []


def _code_tokens(body: str, syntax: TokenSyntax) -> list[tuple[str, str]]:
    """(kind, text) tokens of `body` without comments and docstrings; kinds: str num op id.

    One scan with names as the last alternative. It reads as _code_tokens_between
    (names only between the other tokens) unless a name holds a `$`: `$1` reads as a
    name there but as `$` then a number here (`\b` sees `$` as a boundary), so then
    that scan decides."""
    tokens: list[tuple[str, str]] = []
    append = tokens.append
    for match in _patterns(syntax)[2].finditer(body):
        kind = match.lastgroup
        if kind == "comment" or kind == "triple":  # comments and docstrings say nothing about behaviour
            continue
        text = match.group()
        if kind == "str":
            text = text[1:-1]
            if "${" in text:  # template literals: the embedded expressions are code (names), not the constant
                text = _TEMPLATE_EXPR.sub("${}", text)
        elif kind == "id" and "$" in text:
            return _code_tokens_between(body, syntax)
        append((kind, text))
    return tokens


def _code_tokens_between(body: str, syntax: TokenSyntax) -> list[tuple[str, str]]:
    """_code_tokens with names read only between the literal/operator tokens."""
    tokens: list[tuple[str, str]] = []
    position = 0
    for match in _patterns(syntax)[0].finditer(body):
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


def _alpha_grams(tokens: list[tuple[str, str]], syntax: TokenSyntax) -> set[int]:
    """4-grams of the stream with local names renamed by order of first use (attributes kept), hashed to 48 bits."""
    keywords = syntax.keywords
    names: dict[str, str] = {}
    stream: list[str] = []
    previous = ""
    for kind, text in tokens:
        if kind == "id" and text not in keywords and previous != ".":
            text = names.setdefault(text, f"v{len(names)}")
        stream.append(text)
        previous = text
    grams = {" ".join(stream[i : i + _ALPHA_N]) for i in range(max(0, len(stream) - _ALPHA_N + 1))}
    return {int.from_bytes(hashlib.blake2b(g.encode(), digest_size=6).digest(), "big") for g in grams}


def header_end(source: str, syntax: TokenSyntax) -> int:
    """Offset where a function's body starts: after decorators, parameters and return annotation.

    The literal view must not see the header: `def f(text: str) -> str:` and its renamed,
    unannotated copy `def g(s):` would otherwise differ in the renaming order of every
    name after the annotations (and in the `->` "operators")."""
    opening, closing = syntax.header_brackets
    depth, seen_params = 0, False
    previous = ""
    for m in _patterns(syntax)[1].finditer(source):
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
            elif depth == 0 and seen_params and text == "{" and not syntax.colon_opens_body:
                return m.end()
            depth += 1
        elif text in closing and depth:
            depth -= 1
        elif depth == 0 and seen_params and (text == ":" and syntax.colon_opens_body or text == "=>"):
            return m.end()
        previous = text
    return 0


def _scan(body: str, syntax: TokenSyntax) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    append = out.append
    for m in _patterns(syntax)[1].finditer(body):
        kind = m.lastgroup
        if kind == "comment" or kind == "triple":
            continue
        text = m.group()  # each alternative is one whole group
        if kind == "str":
            text = text.lstrip("rbfuRBFU")[1:-1]
        append((kind, text))
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


def _bound_in_group(tokens: list[tuple[str, str]], start: int, end: int, syntax: TokenSyntax) -> set[str]:
    """Names a parameter list (or a destructuring pattern) binds: those after the grammar's openers."""
    bound = set()
    for k in range(start + 1, end):
        kind, text = tokens[k]
        if kind == "id" and tokens[k - 1][1] in syntax.param_openers and tokens[k - 1][0] == "punct":
            bound.add(text)
    return bound


def _own_name_and_bound(tokens: list[tuple[str, str]], syntax: TokenSyntax) -> tuple[str | None, set[str]]:
    """The function's own name and every name it binds (parameters, locals, loop and lambda variables)."""
    keywords = syntax.keywords
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
            bound |= _bound_in_group(tokens, m, _closing(tokens, m), syntax)
            break
    texts = [text for _, text in tokens]
    count = len(texts)
    for m, (kind, text) in enumerate(tokens):
        if kind == "id":
            previous_text = texts[m - 1] if m else ""
            if previous_text in (".", "?."):
                continue
            following_text = texts[m + 1] if m + 1 < count else ""
            if following_text in _ASSIGN or previous_text in ("as", "const", "let", "var", "lambda", "global", "nonlocal", "catch"):
                bound.add(text)
            elif following_text == "in" and syntax.in_binds:
                bound.add(text)
        elif kind == "punct" and text == "=>":  # arrow parameters: `x =>` or `(a, b) =>`
            previous = tokens[m - 1] if m else ("", "")
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
                bound |= _bound_in_group(tokens, max(n, 0), m - 1, syntax)
    if syntax.loop_and_lambda_targets:
        # `for a, b in ...`, `lambda a, b: ...`: every name up to `in` / `:`.
        for m, (kind, text) in enumerate(tokens):
            if (text == "for" or text == "lambda") and kind == "id":
                stop = "in" if text == "for" else ":"
                n = m + 1
                while n < len(tokens) and tokens[n][1] != stop and tokens[n][1] not in ("\n",):
                    if tokens[n][0] == "id":
                        bound.add(tokens[n][1])
                    n += 1
                    if n - m > 12:
                        break
    if syntax.destructuring:
        # `const { a, b } = ...`, `let [x, y] = ...`
        for m, (kind, text) in enumerate(tokens[:-1]):
            if text in ("const", "let", "var") and tokens[m + 1][1] in ("{", "["):
                bound |= _bound_in_group(tokens, m + 1, _closing(tokens, m + 1), syntax)
    bound.discard(own or "")
    return own, bound


def _tuple_targets(body: str) -> set[str]:
    """`a, b = b, a + b` and `low, high = 0, n`: names left of a plain `=` on a line."""
    found = set()
    for line in body.splitlines():
        match = _TUPLE_TARGET.match(line)
        if match:
            found.update(n.strip() for n in match.group(1).split(","))
    return found


def _calls_and_vocabulary(body: str, syntax: TokenSyntax) -> tuple[list[str], list[str]]:
    """The called names and the domain words of a function's source (see the module docstring)."""
    tokens = _scan(body, syntax)
    if not tokens:
        return [], []
    keywords = syntax.keywords
    own, bound = _own_name_and_bound(tokens, syntax)
    if syntax.tuple_targets:
        bound |= _tuple_targets(body)
    calls: set[str] = set()
    vocab: set[str] = set()
    start = 0
    if own is not None:
        start = next((m + 1 for m, t in enumerate(tokens) if t == ("id", own)), 0)
    texts = [text for _, text in tokens]
    count = len(texts)
    for m in range(start, count):
        kind, text = tokens[m]
        if kind == "str":
            if _KEY_STRING.match(text):
                vocab.add(_word(text))
            continue
        if kind != "id" or text in keywords and text not in _RECEIVERS or text == own:
            continue
        previous_text = texts[m - 1] if m else ""
        following_text = texts[m + 1] if m + 1 < count else ""
        attribute = previous_text in (".", "?.")
        if not attribute and (text in bound or text in _RECEIVERS):
            if text in _RECEIVERS and following_text == "." and m + 3 < count and texts[m + 3] == "(":
                calls.add(f"self.{texts[m + 2]}")  # a method of the same object
            continue
        if text in syntax.annotation_types and previous_text in (":", "->", "[", ","):
            continue  # annotations like `list[str] -> int` say little about the domain
        vocab.add(_word(text))
        if not attribute and following_text == "(":
            # Bare calls only: `EMAIL_RE.match(` names an object a renamed copy may rename too.
            calls.add(text)
    # One letter is a generic type parameter (`T`) or a throwaway name, not vocabulary.
    return sorted(calls), sorted(v for v in vocab if len(v) > 1)


@lru_cache(maxsize=1 << 16)  # the same names recur in every function of a project
def _word(identifier: str) -> str:
    """One spelling for `unit_price`, `unitPrice` and "unit-price"."""
    return _NOT_WORD_CHARACTER.sub("", identifier.lower())
