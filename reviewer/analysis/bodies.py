"""The text of a function's body, and the few body shapes the heuristics look for.

The scan does not keep bodies; heuristics that need one (a function that only returns
its argument, a wrapper that only forwards, whether a function returns a value) read the
symbol's lines back from disk. Files are read lazily, once each.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..schema.facts import Symbol

_PY_DOCSTRING = re.compile(r'^\s*[rRuUbB]*("""|\'\'\'|"|\')')
_LINE_COMMENT = re.compile(r"(?<!\S)(?:#|//)[^\n]*")
_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_CALL = re.compile(r"^(?:await\s+)?(?:new\s+)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\((.*)\)$", re.S)
_RETURNS_VALUE = re.compile(r"(^|[\s;{}:])(return|yield)\s+(?![;}\n]|None\b)\S", re.M)


@dataclass(frozen=True)
class Forward:
    callee: str  # as written: "helper", "self._store.get"
    arguments: list[str]  # as written, in order


class SourceCache:
    def __init__(self, root: Path | None) -> None:
        self.root = root
        self._lines: dict[str, list[str]] = {}

    def lines(self, path: str) -> list[str]:
        found = self._lines.get(path)
        if found is None:
            found = []
            if self.root is not None:
                try:
                    found = (self.root / path).read_text(encoding="utf-8", errors="replace").splitlines()
                except OSError:
                    found = []
            self._lines[path] = found
        return found

    def text(self, path: str, line_start: int, line_end: int) -> str:
        return "\n".join(self.lines(path)[line_start - 1 : line_end])

    def body(self, path: str, sym: Symbol, language: str) -> str | None:
        """The body without signature, docstring and comments; None when the source is unavailable."""
        text = self.text(path, sym.line_start, sym.line_end)
        if not text:
            return None
        signature = sym.signature.strip()
        at = text.find(signature) if signature else -1
        if at >= 0:
            rest = text[at + len(signature) :]
        else:
            rest = _after_header(text, language)
        rest = rest.strip()
        if language == "python":
            rest = rest[1:] if rest.startswith(":") else rest
            rest = _strip_python_docstring(rest.strip())
            rest = _LINE_COMMENT.sub("", rest)
        else:
            rest = _BLOCK_COMMENT.sub("", rest)
            rest = _LINE_COMMENT.sub("", rest).strip()
            if rest.startswith("=>"):
                rest = rest[2:].strip()
                if not rest.startswith("{"):
                    return "return " + rest.rstrip(";").strip()
            if rest.startswith("{") and rest.endswith("}"):
                rest = rest[1:-1]
            elif rest.endswith("};"):
                rest = rest[rest.find("{") + 1 : -2]
        return rest.strip()


def _after_header(text: str, language: str) -> str:
    """Everything after a definition's header, when the signature text was not found."""
    if language == "python":
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


def _strip_python_docstring(body: str) -> str:
    match = _PY_DOCSTRING.match(body)
    if not match:
        return body
    quote = match.group(1)
    end = body.find(quote, match.end())
    return body[end + len(quote) :].strip() if end != -1 else body


def statements(body: str) -> list[str]:
    """Top-level statements of a small body, one per line or `;`, blank ones dropped."""
    found = []
    for line in body.replace(";", "\n").splitlines():
        line = line.strip()
        if line:
            found.append(line)
    return found


def plain_params(sym: Symbol) -> list[str]:
    """Parameter names without self/this/cls, `*`, `**`, `...`, defaults or annotations."""
    names = []
    for param in sym.params:
        name = param.lstrip("*.").split(":")[0].split("=")[0].strip().rstrip("?")
        if name and name not in ("self", "cls", "this", "/"):
            names.append(name)
    return names


def returns_its_argument(sym: Symbol, body: str | None) -> bool:
    if body is None:
        return False
    lines = statements(body)
    params = plain_params(sym)
    return len(lines) == 1 and len(params) == 1 and lines[0] == f"return {params[0]}"


def single_call(body: str | None) -> Forward | None:
    """`return f(a, b)` or `f(a, b)` as the whole body."""
    if body is None:
        return None
    lines = statements(body)
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
    return Forward(match.group(1), arguments)


def _joined_call(lines: list[str]) -> bool:
    """A call split over several lines (arguments one per line)."""
    text = " ".join(lines)
    return text.count("(") == text.count(")") and text.rstrip().endswith(")") and "\n" not in text


def forwards_params(sym: Symbol, forward: Forward) -> bool:
    """The call passes the function's parameters through unchanged, in order."""
    params = []
    for param in sym.params:
        stripped = param.split(":")[0].split("=")[0].strip().rstrip("?")
        if stripped.lstrip("*.") in ("self", "cls", "this", "/", ""):
            continue
        if stripped[:1] not in ("*", "."):  # names may come without their `*`/`...`: read the signature
            star = re.search(rf"(\*\*|\*|\.\.\.)\s*{re.escape(stripped)}\b", sym.signature)
            if star:
                stripped = star.group(1) + stripped
        params.append(stripped)
    arguments = [a.replace(" ", "") for a in forward.arguments]
    passed = []
    for argument in arguments:
        if "=" in argument and not argument.startswith(("*", "=")):
            key, value = argument.split("=", 1)
            if key != value:
                return False
            argument = value
        passed.append(argument)
    return passed == [p.replace(" ", "") for p in params]


def returns_value(body: str | None) -> bool:
    return body is not None and bool(_RETURNS_VALUE.search(body))
