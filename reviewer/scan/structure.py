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
from collections.abc import Sequence
from functools import cache, lru_cache

from ..schema.facts import Structure, hashes32, hashes64
from .languages import TokenSyntax
from .records import build

MAX_LITERALS = 64  # literal/operator tokens kept per function (most frequent first); enough to tell constants apart

_STRING = r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|`(?:\\.|[^`\\])*`'
_NUMBER = r"\b\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?[jJnLl]?\b|\b0[xXoObB][0-9a-fA-F_]+\b"
_OPERATOR = r"\*\*=?|//=?|>>>?=?|<<=?|===?|!==?|<=|>=|&&|\|\||\?\?|[-+*/%&|^<>!~]=?|\bnot\b|\band\b|\bor\b|\bis\b|\bin\b"
_IDENT = re.compile(r"[A-Za-z_$][\w$]*")
_TEMPLATE_EXPR = re.compile(r"\$\{[^}]*\}")
_ALPHA_N = 4
_ASSIGN = frozenset("= += -= *= /= //= %= **= |= &= ^= >>= <<= ??= ||= &&= :=".split())
_RECEIVERS = frozenset(("self", "this", "cls"))
_BINDERS = frozenset(("as", "const", "let", "var", "lambda", "global", "nonlocal", "catch"))  # words before a name they bind
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
    """(code scan, literal/operator scan, vocabulary scan) of one grammar; comments and
    docstrings are their own kinds. The code scan is the literal/operator scan with names as
    the last alternative.

    Each pattern starts with a possessive `\\s*+`: a match takes the whitespace before its
    token (the token is the named group), so the engine does not try every alternative at
    every blank (indentation). No alternative starts with whitespace, so the tokens found
    are the same."""
    docstring = f"|(?P<triple>{syntax.docstring})" if syntax.docstring else ""
    code_source = f"(?P<comment>{syntax.comment}){docstring}|(?P<str>{_STRING})|(?P<num>{_NUMBER})|(?P<op>{_OPERATOR})"
    prefix = f"{syntax.string_prefix}(?:{_STRING})" if syntax.string_prefix else _STRING
    vocabulary = (
        f"(?P<comment>{syntax.comment}){docstring}|(?P<str>{prefix})|(?P<num>{_NUMBER})"
        f"|(?P<id>{syntax.identifier})|(?P<punct>{syntax.punctuation})"
    )
    return tuple(re.compile(rf"\s*+(?:{pattern})") for pattern in (f"{code_source}|(?P<id>{_IDENT.pattern})", code_source, vocabulary))


_WORD_OPERATORS = r"\bnot\b|\band\b|\bor\b|\bis\b|\bin\b"
_SYMBOL_OPERATORS = _OPERATOR.removesuffix("|" + _WORD_OPERATORS)
assert _OPERATOR == f"{_SYMBOL_OPERATORS}|{_WORD_OPERATORS}"


@cache
def _findall_patterns(syntax: TokenSyntax) -> tuple[re.Pattern, re.Pattern]:
    """The code and vocabulary scans of _patterns for `findall`, which builds each token's tuple of
    group texts in C, one text not empty; the same tokens as _patterns finds:
    - code: (newline, word operator, name kept, local name, comment or docstring, str, num, symbol
      operator). A name is kept as written after a `.` or as a keyword argument `name=` (not
      `==`), see _line_hashes. Newlines are tokens of their own (the blanks skipped before a
      token stop at a newline), so that a reader counts lines as it goes: a token of _patterns
      starts at the first non-blank character where one of its alternatives matches, and that
      stays true when the newlines between two tokens are matched on the way;
    - vocabulary: (str with a letter prefix, id, str, num, punct), comments and docstrings unnamed
      (a tuple of empty strings).
    The alternatives that can start at a letter (names, word operators, prefixed strings) come
    first behind a look-ahead, those that start with a quote, a digit or an operator behind
    theirs: the engine tries few alternatives per token. No alternative of one guard can match
    where another's first character stands, so the first alternative that matches, in the order
    of _patterns, is the same."""
    docstring = f"|{syntax.docstring}" if syntax.docstring else ""
    name = _IDENT.pattern
    code = (f"(\\n)|(?=[A-Za-z_$])(?:({_WORD_OPERATORS})|((?<=\\.){name}|{name}(?==(?!=)))|({name}))"
            f"|({syntax.comment}{docstring})|(?=[\"'`])({_STRING})|(?=\\d)({_NUMBER})"
            f"|(?=[-+*/%&|^<>!~=?])({_SYMBOL_OPERATORS})")
    prefixed = f"{syntax.string_prefix}(?:{_STRING})" if syntax.string_prefix else "(?!)"
    vocabulary = (f"(?=[A-Za-z_$])(?:({prefixed})|({syntax.identifier}))"
                  f"|{syntax.comment}{docstring}|({_STRING})|({_NUMBER})|({syntax.punctuation})")
    return re.compile(rf"[^\S\n]*+(?:{code})"), re.compile(rf"\s*+(?:{vocabulary})")


# A token of a scan: (kind, text as written, offset in the scanned text).
Token = tuple[str, str, int]


def structure_of(text: str, syntax: TokenSyntax) -> Structure:
    """The views of one function's text (decorators and signature included: the header is skipped
    where it would make a renamed copy differ).

    The text is scanned once per lexicon and every view reads those two token lists: the
    vocabulary scan (words and punctuation) gives the calls and vocabulary; the code scan
    (literals, operators and the names between them, from the header's end) gives the
    literals, alpha grams and line hashes."""
    start = header_end(text, syntax)
    views = _code_views(text, start, syntax)
    if views is None:
        written = _code_tokens(text, start, syntax)
        literals, stream = _literals_and_stream(written, syntax)
        line_hashes = _line_hashes(text, start, written, syntax)
    else:
        literals, stream, line_hashes = views
    if _CONSTRUCTOR.search(text, 0, start) and ("self." in text or "this." in text):
        _weigh_nothing(text.split("\n"), line_hashes, _STATE_LINE)
    _weigh_handed_on(text, line_hashes, syntax.keywords)
    ranked = sorted(Counter(literals).items(), key=lambda item: (-item[1], item[0]))[:MAX_LITERALS]
    calls, vocabulary, type_words = _calls_and_vocabulary(text, _vocabulary_tokens(text, syntax), syntax)
    return build(Structure, literals=[f"{token}#{count}" for token, count in ranked],
                 alpha_grams=hashes64(sorted(_alpha_grams(stream))), calls=calls, vocabulary=vocabulary,
                 type_words=type_words, line_hashes=hashes32(line_hashes))


# `self.loop = loop`, `self.transport = None`, `this.tasks = new Set()`: a constructor storing its
# arguments and declaring its state. Two classes holding the same state repeat these lines by
# design (a server's two websocket protocols; hand labels: none worth a helper), as two records
# repeat their typed fields: they match as lines and weigh no tokens (see module_line_hashes).
# Only in constructors: elsewhere `self.waiting = False` is a step of the logic.
_CONSTRUCTOR = re.compile(r"\bdef\s+__init__\s*\(|\bconstructor\s*\(")
_STATE_LINE = re.compile(r"\s*(?:self|this)\.[A-Za-z_$][\w$]*\s*(?::[^=]+)?=\s*(?:new\s+)?"
                         r"(?:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?(?:\(\))?|-?\d+|\[\]|\{\}|\"\"|'')\s*;?\s*")


def _weigh_nothing(lines: list[str], hashes: list[int], pattern: re.Pattern[str] | str) -> None:
    """Lines that match `pattern` whole keep their hash (they match as lines) but weigh no tokens."""
    for k, line in enumerate(lines[: len(hashes)]):
        if hashes[k] & 0xFF and re.fullmatch(pattern, line):
            hashes[k] &= ~0xFF


_DROPPED = ("comment", "triple")  # comments and docstrings say nothing about behaviour


def _string_value(written: str) -> str:
    """A string literal of the code scan without its quotes; template literals keep `${}` for
    each embedded expression (code, not the constant)."""
    inner = written[1:-1]
    return _TEMPLATE_EXPR.sub("${}", inner) if "${" in inner else inner


def _code_views(text: str, start: int, syntax: TokenSyntax, function: bool = True) -> tuple[list[str], list[str], list[int]] | None:
    """(literals, renamed stream, line hashes) as _literals_and_stream and _line_hashes read them from
    _code_tokens(text, start), in one `findall` and one pass over its tokens (see
    _findall_patterns); `function` False: the line hashes of module code only (see _line_hashes).
    None where that reading could differ: a name holding a `$` (which _code_tokens reads
    otherwise), names in JSX text (`>Email<`, which _line_hashes finds by offset); the caller then
    takes the token scan. A `$` outside strings and comments is always read into a name (no other
    token holds one), so a `$` inside them (`"^a$"`, `${x}`) leaves this reading as it is."""
    if function and text.find(">", start) >= 0 and _JSX_TEXT.search(text, start) is not None:
        return None
    dollar = text.find("$", start) >= 0
    keywords = syntax.keywords
    names: dict[str, str] = {}
    literals: list[str] = []
    stream: list[str] = []
    hashes: list[int] = [0] * text.count("\n", 0, start)
    written: list[str] = []  # the tokens of the line being read, as _line_hashes hashes them
    previous = ""
    for newline, word, kept, local, dropped, string, number, operator in _findall_patterns(syntax)[0].findall(text, start):
        if newline:
            hashes.append(_line_hash(written, keywords) if written else 0)
            written = []
            continue
        name = local or kept
        if name:  # local names are ID on the line; in the stream every name but a keyword is renamed
            if dollar and "$" in name:
                return None
            if name in keywords or not function:
                token = name
                written.append(name)
            else:
                written.append("ID" if local else name)
                token = name
            if previous != "." and name not in keywords:
                token = names.get(name)
                if token is None:
                    token = names[name] = f"v{len(names)}"
        elif string:
            token = _string_value(string)
            literals.append(f"STR:{token}")
            written.append(string)
            if "\n" in string:  # a template string over several lines
                _next_lines(hashes, written, string.count("\n"), keywords)
                written = []
        elif number:
            token = number
            literals.append(f"NUM:{token}")
            written.append(token)
        elif operator or word:
            token = operator or word
            literals.append(f"OP:{token}")
            written.append(token)
        else:  # a comment or docstring: dropped, its lines too
            if "\n" in dropped:
                _next_lines(hashes, written, dropped.count("\n"), keywords)
                written = []
            continue
        stream.append(token)
        previous = token
    hashes.append(_line_hash(written, keywords) if written else 0)
    return literals, stream, hashes


def _next_lines(hashes: list[int], written: list[str], count: int, keywords: frozenset[str]) -> None:
    """A token ran over `count` line ends: the line it started on is done, the lines inside it hold no token."""
    hashes.append(_line_hash(written, keywords) if written else 0)
    hashes.extend([0] * (count - 1))


def _line_hashes(text: str, start: int, written: list[Token], syntax: TokenSyntax, function: bool = True) -> list[int]:
    """Structure.line_hashes of a function's text: per line, its code tokens (from `start`) hashed, local names as ID.
    `function` False: module code, which has no header to skip and no locals: its names are keys
    and module bindings (`billing: CreditCard`), which a copy does not rename, so they stay."""
    lines: list[list[str]] = [[] for _ in range(text.count("\n") + 1)]
    keywords = syntax.keywords
    # JSX text (`<TableHead>Email</TableHead>`) is content, like a string literal, not a name.
    prose = [m.span(1) for m in _JSX_TEXT.finditer(text, start)] if text.find(">", start) >= 0 else []
    line = position = 0
    for kind, token, at in written:
        line += text.count("\n", position, at)
        position = at
        # Local names may be renamed in a copy; literals, attributes and keywords say what it does.
        if (function and kind == "id" and token not in keywords and text[at - 1 : at] != "."
                and not (prose and any(a <= at < b for a, b in prose)) and not _keyword_argument(text, token, at)):
            token = "ID"
        lines[line].append(token)
    return [_line_hash(t, keywords) if t else 0 for t in lines]


def _weigh_handed_on(text: str, hashes: list[int], keywords: frozenset[str]) -> None:
    """Lines of one name alone (see _HANDED_ON) keep their hash but weigh nothing; a keyword alone
    (`return`, `break`) is a statement."""
    # Such a line weighs one or two tokens: only those lines are matched.
    light = [k for k, found in enumerate(hashes) if 0 < found & 0xFF <= 2]
    if not light:
        return
    lines = text.split("\n")
    for k in light:
        if k >= len(lines):
            break
        weight = hashes[k] & 0xFF
        match = _HANDED_ON.fullmatch(lines[k])  # the spread or star counts as a token or not
        if match and match.group(2) not in keywords and weight <= 1 + bool(match.group(1)):
            hashes[k] &= ~0xFF


# A local name alone on its line (`timeout,`): a positional argument or a tuple's field handed on,
# one a line, as a keyword argument is (see _forwards): 21 fields unpacked from `parse_args` and
# passed on in four places are a signature written four times, not logic.
_HANDED_ON = re.compile(r"\s*(\.\.\.|\*{1,2})?([A-Za-z_$][\w$]*)\s*,?\s*")


# Hashes of lines and grams already seen: the same ones recur in every file (`return ID`, `)`),
# and a dict lookup costs a tenth of a blake2b. Emptied when it grows past _MEMO_SIZE.
_MEMO_SIZE = 1 << 18
_line_hash_memo: dict[str, int] = {}
_gram_hash_memo: dict[str, int] = {}


def _line_hash(tokens: list[str], keywords: frozenset[str]) -> int:
    """A line's 24-bit hash of its tokens, then their count (up to 255) in the low byte; a line
    that only forwards a value under its keyword counts none (see _forwards; `keywords`: the
    language's)."""
    joined = " ".join(tokens)
    found = _line_hash_memo.get(joined)
    if found is None:
        if len(_line_hash_memo) >= _MEMO_SIZE:
            _line_hash_memo.clear()
        found = _line_hash_memo[joined] = int.from_bytes(hashlib.blake2b(joined.encode(), digest_size=3).digest(), "big")
    return found << 8 | (0 if _forwards(tokens, keywords) else min(len(tokens), 255))


def _forwards(tokens: list[str], keywords: frozenset[str]) -> bool:
    """`help=help,` or `metavar=info.metavar,` (tokens `help ID`, `metavar ID metavar`: `=` is no
    code token): a keyword argument handing a local value on unchanged. Thirty of them in two calls
    (a wrapper passing its parameters through to what it wraps) are a signature written twice, not
    logic: they match as lines, weigh nothing. A keyword opening the line (`return x`) is no name."""
    return (len(tokens) in (2, 3) and tokens[1] == "ID" and (len(tokens) == 2 or tokens[2] == tokens[0])
            and tokens[0] != "ID" and tokens[0] not in keywords and tokens[0][:1].isidentifier())


def _keyword_argument(text: str, name: str, at: int) -> bool:
    """Whether the name at `at` is `name=` (not `==`). A name of the code scan is followed by a
    character that is not a word character, so only `=` there (or a `$` in the name, where the
    name's word characters stop early) can make _KEYWORD_ARGUMENT match."""
    end = at + len(name)
    if text[end : end + 1] != "=" and "$" not in name:
        return False
    return _KEYWORD_ARGUMENT.match(text, at) is not None


def module_line_hashes(lines: list[str], hidden: list[tuple[int, int]], syntax: TokenSyntax,
                       type_level: Sequence[tuple[int, int]] = ()) -> list[int]:
    """FileFacts.module_line_hashes: line_hashes of the code outside functions (module statements,
    class attributes, data, callbacks passed at top level); the `hidden` lines (functions, imports)
    hash to 0. They are whole statements on whole lines, so blanking them cuts no token in two.
    The `type_level` lines (declarations for the type checker alone) match as lines but weigh nothing."""
    inside = bytearray(len(lines) + 1)
    for start, end in hidden:
        end = min(end, len(lines))
        inside[start - 1 : end] = b"\x01" * (end - start + 1)
    text = "\n".join("" if inside[k] else line for k, line in enumerate(lines))
    if not text.strip():
        return []
    views = _code_views(text, 0, syntax, function=False)
    hashes = _line_hashes(text, 0, _code_tokens(text, 0, syntax), syntax, function=False) if views is None else views[2]
    if syntax.field_declaration:
        # Typed field declarations match as lines but weigh nothing, as forwarding lines do: two
        # records declaring the same fields (a dataclass mirroring the TypedDict of its JSON) are
        # a shape on purpose; a repeated block needs logic or data around them to count.
        # (The text's lines: those of functions and imports are blank there, and match nothing.)
        _weigh_nothing(text.split("\n"), hashes, syntax.field_declaration)
    for start, end in type_level:
        for k in range(start - 1, min(end, len(hashes))):
            hashes[k] &= ~0xFF
    return hashes


def _code_tokens(text: str, start: int, syntax: TokenSyntax) -> list[Token]:
    """The code tokens of text[start:], comments and docstrings dropped; kinds: str num op id.
    Strings keep their quotes here.

    One scan with names as the last alternative. It reads as _code_tokens_between (names
    only between the other tokens) unless a name holds a `$`: `$1` reads as a name there
    but as `$` then a number here (`\\b` sees `$` as a boundary), so then that scan decides."""
    tokens: list[Token] = []
    append = tokens.append
    for match in _patterns(syntax)[0].finditer(text, start):
        kind = match.lastgroup
        if kind in _DROPPED:
            continue
        token = match.group(kind)
        if kind == "id" and "$" in token:
            return _code_tokens_between(text, start, syntax)
        append((kind, token, match.start(kind)))
    return tokens


def _code_tokens_between(text: str, start: int, syntax: TokenSyntax) -> list[Token]:
    """_code_tokens with names read only between the literal/operator tokens."""
    tokens: list[Token] = []
    append = tokens.append
    position = start
    for match in _patterns(syntax)[1].finditer(text, start):
        kind = match.lastgroup
        found = match.start(kind)
        for ident in _IDENT.finditer(text, position, found):
            append(("id", ident.group(), ident.start()))
        position = match.end()
        if kind not in _DROPPED:
            append((kind, match.group(kind), found))
    for ident in _IDENT.finditer(text, position):
        append(("id", ident.group(), ident.start()))
    return tokens


_KIND_LABELS = {"str": "STR", "num": "NUM", "op": "OP"}


def _literals_and_stream(written: list[Token], syntax: TokenSyntax) -> tuple[list[str], list[str]]:
    """In one pass over the code tokens: the literal and operator tokens as counted ("NUM:0",
    "STR:a", "OP:<="), and the stream with local names renamed by order of first use
    (attributes kept) that the alpha grams are cut from. Strings lose their quotes."""
    keywords = syntax.keywords
    labels = _KIND_LABELS
    names: dict[str, str] = {}
    literals: list[str] = []
    stream: list[str] = []
    append = stream.append
    previous = ""
    for kind, token, _ in written:
        if kind == "id":
            if token not in keywords and previous != ".":
                renamed = names.get(token)
                if renamed is None:
                    renamed = names[token] = f"v{len(names)}"
                token = renamed
        else:
            if kind == "str":
                token = _string_value(token)
            literals.append(f"{labels[kind]}:{token}")
        append(token)
        previous = token
    return literals, stream


def _alpha_grams(stream: list[str]) -> set[int]:
    """The renamed stream's 4-grams, hashed to 48 bits."""
    grams = set(map(" ".join, zip(*(stream[i:] for i in range(_ALPHA_N)))))
    memo = _gram_hash_memo
    found = set(filter(None, map(memo.get, grams)))  # a 48-bit hash of 0 is not kept: computed again below
    if len(found) < len(grams):
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
        for gram in grams:
            if gram not in memo:
                memo[gram] = int.from_bytes(hashlib.blake2b(gram.encode(), digest_size=6).digest(), "big")
        found = set(map(memo.__getitem__, grams))
    return found


def header_end(source: str, syntax: TokenSyntax) -> int:
    """Offset where a function's body starts: after decorators, parameters and return annotation.

    The literal view must not see the header: `def f(text: str) -> str:` and its renamed,
    unannotated copy `def g(s):` would otherwise differ in the renaming order of every
    name after the annotations (and in the `->` "operators")."""
    opening, closing = syntax.header_brackets
    depth, seen_params = 0, False
    previous = ""
    for m in _patterns(syntax)[2].finditer(source):
        kind = m.lastgroup
        text = m.group(kind)
        if kind != "punct":
            previous = text
            continue
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


def _vocabulary_tokens(text: str, syntax: TokenSyntax) -> list[tuple[str, str]]:
    """(kind, text) of every token of `text` in the vocabulary lexicon (kinds: str num id punct),
    comments and docstrings dropped, strings as their value (prefix and quotes dropped)."""
    return [("id", name) if name else ("punct", punctuation) if punctuation else ("num", number) if number
            else ("str", (string or prefixed).lstrip("rbfuRBFU")[1:-1])
            for prefixed, name, string, number, punctuation in _findall_patterns(syntax)[1].findall(text)
            if name or punctuation or number or string or prefixed]  # not a comment or docstring


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


def _own_name_and_bound(tokens: list[tuple[str, str]], syntax: TokenSyntax,
                        texts: list[str] | None = None) -> tuple[str | None, set[str]]:
    """The function's own name and every name it binds (parameters, locals, loop and lambda variables).
    `texts`: the tokens' texts, when the caller has them."""
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
    if texts is None:
        texts = [text for _, text in tokens]
    # Names bound by what stands next to them: `x =`, `x +=`, `for x in` (in_binds), `const x`,
    # `as x`, `lambda x`, `global x`; not an attribute (`.x =`). Looked for among the tokens whose
    # neighbours can bind (a pass at C speed), not token by token.
    texts_before, texts_after = ["", *texts[:-1]], [*texts[1:], ""]
    binding_next = _ASSIGN | {"in"} if syntax.in_binds else _ASSIGN
    for m in [m for m, (before, after) in enumerate(zip(texts_before, texts_after)) if after in binding_next or before in _BINDERS]:
        if tokens[m][0] == "id" and texts_before[m] not in (".", "?."):
            bound.add(texts[m])
    for m in [m for m, text in enumerate(texts) if text == "=>"] if "=>" in texts else ():
        if tokens[m][0] == "punct":  # arrow parameters: `x =>` or `(a, b) =>`
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
        for m in [m for m, text in enumerate(texts) if text == "for" or text == "lambda"]:
            if tokens[m][0] == "id":
                stop = "in" if texts[m] == "for" else ":"
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


def _calls_and_vocabulary(body: str, tokens: list[tuple[str, str]], syntax: TokenSyntax
                          ) -> tuple[list[str], list[str], list[str]]:
    """The called names, the domain words and those of them written as types (CapWords) of a
    function's source (see the module docstring), from its (kind, text) vocabulary tokens without
    comments, strings as their value."""
    if not tokens:
        return [], [], []
    keywords = syntax.keywords
    texts = [text for _, text in tokens]
    own, bound = _own_name_and_bound(tokens, syntax, texts)
    if syntax.tuple_targets:
        bound |= _tuple_targets(body)
    calls: set[str] = set()
    vocab: set[str] = set()
    types: set[str] = set()
    start = 0 if own is None else tokens.index(("id", own)) + 1  # own is one of the tokens
    count = len(texts)
    for m in range(start, count):
        kind, text = tokens[m]
        if kind == "str":
            if _KEY_STRING.match(text):
                vocab.add(vocabulary_word(text))
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
        word = vocabulary_word(text)
        vocab.add(word)
        if text[:1].isupper() and not text.isupper():  # `Argument`, not a CONSTANT
            types.add(word)
        if not attribute and following_text == "(":
            # Bare calls only: `EMAIL_RE.match(` names an object a renamed copy may rename too.
            calls.add(text)
    # One letter is a generic type parameter (`T`) or a throwaway name, not vocabulary.
    words = sorted(v for v in vocab if len(v) > 1)
    return sorted(calls), words, [w for w in words if w in types]


_SEPARATORS = re.compile(r"[^A-Za-z0-9]+")
_WORDS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+\d*|[A-Z]+\d*|\d+")


def split_words(identifier: str) -> list[str]:
    """`parseHTTPResponse_v2` -> ["parse", "http", "response", "v2"]."""
    return list(_split_words(identifier))


@lru_cache(maxsize=65536)  # the same names, parameters and callees recur across a project's cards
def _split_words(identifier: str) -> tuple[str, ...]:
    return tuple(w.lower() for part in _SEPARATORS.split(identifier) for w in _WORDS.findall(part) if w)


@lru_cache(maxsize=1 << 16)  # the same names recur in every function of a project
def vocabulary_word(identifier: str) -> str:
    """One spelling for `unit_price`, `unitPrice` and "unit-price": as Structure.vocabulary holds it."""
    return _NOT_WORD_CHARACTER.sub("", identifier.lower())
