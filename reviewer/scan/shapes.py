"""The few body shapes analysis and the static cards look for (schema.facts.BodyShape).

Read in the scan from a function's own text: a function that only returns its argument,
a wrapper whose whole body is one call passing its parameters through, whether it returns
a value, whether it writes its object's attributes, module state or a memo table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..schema.facts import BodyShape
from .languages import TokenSyntax
from .records import build

_PY_DOCSTRING = re.compile(r'^\s*[rRuUbB]*("""|\'\'\'|"|\')')
# _LINE_COMMENT, _RETURNS_VALUE and _SELF_WRITE run over every function: each starts with its
# literal words, and what must stand before them (`(?<!\S)#`, `(^|[\s;{}:])return`,
# `\bself`) is checked after them by a look back, so that the engine skips to candidates
# instead of trying every position.
_LINE_COMMENT = re.compile(r"(?:#(?<!\S#)|//(?<!\S//))[^\n]*")
_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_CALL = re.compile(r"^(?:await\s+)?(?:new\s+)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\((.*)\)$", re.S)
_RETURNS_VALUE = re.compile(r"(?:return(?<![^\s;{}:]return)|yield(?<![^\s;{}:]yield))\s+(?![;}\n]|None\b)\S")
_SELF_WRITE = re.compile(r"(?:self|this|cls)(?<!\wself)(?<!\wthis)(?<!\wcls)\s*\.\s*[A-Za-z_$][\w$]*(\s*\[[^\]]*\])?\s*(=(?!=)|\+=|-=|\*=|/=|\|=|&=|\+\+|--)")
_MODULE_STATE = re.compile(r"^\s*(global|nonlocal)\s+\w", re.MULTILINE)
_MEMO_WRITE = re.compile(r"\b\w*(memo|cache)\w*\s*\[[^\]]+\]\s*=(?!=)", re.IGNORECASE)


@dataclass(frozen=True)
class _Forward:
    callee: str  # as written: "helper", "self._store.get"
    arguments: list[str]  # as written, in order


def shape_of(text: str, signature: str, params: list[str], syntax: TokenSyntax) -> BodyShape:
    """The shape of one function, from its text (decorators and signature included)."""
    if not text:
        return build(BodyShape)
    body = _body(text, signature, syntax)
    lines = _statements(body)
    forward = _single_call(lines)
    plain = plain_params(params)
    return build(
        BodyShape,
        has_body=True,
        forwards_to=forward.callee if forward else None,
        forward_arguments=forward.arguments if forward else [],
        forwards_params=forward is not None and bool(params) and _forwards_params(params, signature, forward),
        returns_its_argument=len(lines) == 1 and len(plain) == 1 and lines[0] == f"return {plain[0]}",
        hands_back_argument=len(lines) > 1 and bool(plain) and _hands_back(lines, plain[0]),
        returns_value=bool(_RETURNS_VALUE.search(body)),
        writes_self=bool(_SELF_WRITE.search(text)),
        writes_module_state=("global" in text or "nonlocal" in text) and _MODULE_STATE.search(text) is not None,
        writes_memo=_writes_memo(text),
    )


def _hands_back(lines: list[str], name: str) -> bool:
    """The body ends handing its argument back: its last line is `return x`, or its one return, after
    other statements, is `return x as T` / `return x satisfies T` (the same value, typed for the
    caller, the type running on over the last lines)."""
    if lines[-1] == f"return {name}":
        return True
    returns = [index for index, line in enumerate(lines) if line.startswith("return")]
    return len(returns) == 1 and returns[0] > 0 and \
        re.match(rf"return {re.escape(name)}\s+(?:as|satisfies)\b", lines[returns[0]]) is not None


def _writes_memo(text: str) -> bool:
    # Substring tests first: most bodies name no memo or cache, and the regex tries every word.
    lowered = text.lower()
    return ("memo" in lowered or "cache" in lowered) and _MEMO_WRITE.search(text) is not None


def plain_params(params: list[str]) -> list[str]:
    """Parameter names without self/this/cls, `*`, `**`, `...`, defaults or annotations."""
    names = []
    for param in params:
        name = param.lstrip("*.").split(":")[0].split("=")[0].strip().rstrip("?")
        if name and name not in ("self", "cls", "this", "/"):
            names.append(name)
    return names


def _body(text: str, signature: str, syntax: TokenSyntax) -> str:
    """The body without signature, docstring and comments."""
    signature = signature.strip()
    at = text.find(signature) if signature else -1
    rest = text[at + len(signature) :] if at >= 0 else _after_header(text, syntax)
    rest = rest.strip()
    if syntax.colon_opens_body:
        rest = rest[1:] if rest.startswith(":") else rest
        rest = _strip_docstring(rest.strip())
        return _LINE_COMMENT.sub("", rest).strip()
    rest = _BLOCK_COMMENT.sub("", rest)
    rest = _LINE_COMMENT.sub("", rest).strip()
    if rest.startswith("=>"):
        rest = rest[2:].strip()
        if not rest.startswith("{"):
            return "return " + rest.rstrip(";").strip()
    elif signature.endswith("=>") and not rest.startswith("{"):  # `const f: T = (x) =>` then its expression
        return "return " + rest.rstrip(";").strip()
    if rest.startswith("{") and rest.endswith("}"):
        rest = rest[1:-1]
    elif rest.endswith("};"):
        rest = rest[rest.find("{") + 1 : -2]
    return rest.strip()


def _after_header(text: str, syntax: TokenSyntax) -> str:
    """Everything after a definition's header, when the signature text was not found."""
    if syntax.colon_opens_body:
        depth = 0
        for index, char in enumerate(text):
            if char in "([{":
                depth += 1
            elif char in ")]}":
                depth -= 1
            elif char == ":" and depth == 0:
                return text[index:]
        return ""
    brace = text.find("{")
    arrow = text.find("=>")
    if arrow != -1 and (brace == -1 or arrow < brace):
        return text[arrow:]
    return text[brace:] if brace != -1 else ""


def _strip_docstring(body: str) -> str:
    match = _PY_DOCSTRING.match(body)
    if not match:
        return body
    quote = match.group(1)
    end = body.find(quote, match.end())
    return body[end + len(quote) :].strip() if end != -1 else body


def _statements(body: str) -> list[str]:
    """Top-level statements of a small body, one per line or `;`, blank ones dropped."""
    found = []
    for line in body.replace(";", "\n").splitlines():
        line = line.strip()
        if line:
            found.append(line)
    return found


def _single_call(lines: list[str]) -> _Forward | None:
    """`return f(a, b)` or `f(a, b)` as the whole body (its _statements)."""
    if len(lines) != 1 and not (len(lines) > 1 and _joined_call(lines)):
        return None
    line = " ".join(lines)
    if line.startswith("return "):
        line = line[len("return ") :].strip()
    match = _CALL.match(line)
    if not match or match.group(2).count("(") != match.group(2).count(")"):
        return None
    inner = match.group(2)
    if "(" in inner:  # nested calls: the wrapper computes something
        return None
    arguments = [a.strip() for a in inner.split(",") if a.strip()] if inner.strip() else []
    return _Forward(match.group(1), arguments)


def _joined_call(lines: list[str]) -> bool:
    """A call split over several lines (arguments one per line)."""
    text = " ".join(lines)
    return text.count("(") == text.count(")") and text.rstrip().endswith(")") and "\n" not in text


def _forwards_params(params: list[str], signature: str, forward: _Forward) -> bool:
    """The call passes the function's parameters through unchanged, in order."""
    expected = []
    for param in params:
        stripped = param.split(":")[0].split("=")[0].strip().rstrip("?")
        if stripped.lstrip("*.") in ("self", "cls", "this", "/", ""):
            continue
        if stripped[:1] not in ("*", "."):  # names may come without their `*`/`...`: read the signature
            star = re.search(rf"(\*\*|\*|\.\.\.)\s*{re.escape(stripped)}\b", signature)
            if star:
                stripped = star.group(1) + stripped
        expected.append(stripped)
    passed = []
    for argument in (a.replace(" ", "") for a in forward.arguments):
        if "=" in argument and not argument.startswith(("*", "=")):
            key, value = argument.split("=", 1)
            if key != value:
                return False
            argument = value
        passed.append(argument)
    return passed == [p.replace(" ", "") for p in expected]
