"""Documentation: DOCUMENTED, PARTIAL or UNDOCUMENTED.

Like pydoclint and ruff's pydocstyle rules, a doc is checked against what its sections
claim: a doc of prose alone (a summary, a paragraph) documents its function. A doc with
sections (a Google `Args:`/`Returns:`/`Raises:`, NumPy `Parameters` underlined, Sphinx
`:param x:`/`:returns:`, JSDoc `@param`/`@returns`) must name every parameter and, when the
function returns a value, hold a returns (or yields) section; one that misses either is
PARTIAL. No word of the prose is demanded. Classes,
interfaces, types and enums are DOCUMENTED by any doc. Only exported symbols (and public
methods of exported classes) turn into findings; the others carry the same verdict with
`report=False`.

Parameters a framework fills in are not asked for: FastAPI/Starlette dependencies and
request objects (`db = Depends(get_db)`, `q: str = Query(None)`, `request: Request`),
and every parameter of a click/typer command (its options carry their own help).
"""

from __future__ import annotations

import functools
import re

from typing import Callable

from ..schema.facts import FileFacts, Symbol
from .bodies import plain_params, returns_value
from .resolve import ProjectIndex
from .roles import is_dunder, is_private, is_test_path
from ..schema.evidence import AxisAssessment, SymbolKey, assessment

_WORD = re.compile(r"[\w$]+")
# Section headers: Google (`Args:` on its own line), NumPy (a title underlined with dashes),
# Sphinx fields, JSDoc tags.
_GOOGLE_SECTION = r"^[ \t]*(?:{names})[ \t]*:[ \t]*$"
_NUMPY_SECTION = r"^[ \t]*(?:{names})[ \t]*\n[ \t]*-{{3,}}[ \t]*$"
_RETURN_NAMES = "Returns|Return|Yields|Yield"
_SECTION_NAMES = ("Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments|Other Parameters|Raises|"
                  f"Attributes|{_RETURN_NAMES}")
_SECTIONED = re.compile("|".join([_GOOGLE_SECTION.format(names=_SECTION_NAMES), _NUMPY_SECTION.format(names=_SECTION_NAMES),
                                  r"^[ \t]*(?:\*[ \t]*)?(?::(?:param|parameter|arg|type|returns?|rtype|yields?|raises?)\b|"
                                  r"@(?:param|returns?|yields?|throws)\b)"]), re.M)
_RETURN_SECTION = re.compile("|".join([_GOOGLE_SECTION.format(names=_RETURN_NAMES), _NUMPY_SECTION.format(names=_RETURN_NAMES),
                                       r"^[ \t]*(?:\*[ \t]*)?(?::(?:returns?|rtype|yields?):|@(?:returns?|yields?)\b)"]), re.M)
_PY_RETURN_ANNOTATION = re.compile(r"->\s*(.+?)\s*:?\s*$", re.S)
_TS_RETURN_ANNOTATION = re.compile(r"\)\s*:\s*([^={]+?)\s*(=>|\{|$)", re.S)
_NO_VALUE_TYPES = ("None", "NoReturn", "Never", "void", "Promise<void>", "never", "undefined")
DOCUMENTED_KINDS = ("function", "method", "class", "interface", "type", "enum")
# A parameter whose declaration calls one of these, or is typed as one of these, is injected.
_INJECTING_CALLS = r"(?:Depends|Security|Query|Path|Body|Header|Cookie|Form|File|Inject|Provide)\("
_INJECTED_TYPES = r"(?:Request|Response|WebSocket|BackgroundTasks|HttpRequest|HTTPConnection)\b"
# Every injection the patterns below look for contains one of these: a signature without one has none.
_ANY_INJECTION = re.compile(rf"{_INJECTING_CALLS}|{_INJECTED_TYPES}")
_CLI_COMMAND = re.compile(r"^(?:click|typer)\.|\.(?:command|option|argument|pass_context|pass_obj)\b")


class DocsAnalysis:
    def __init__(self, index: ProjectIndex) -> None:
        self.index = index

    def assess(self, per_file: Callable[[Callable], Callable] | None = None) -> dict[SymbolKey, AxisAssessment]:
        """`per_file`: wraps file_verdicts (a function of one file's facts alone) in a cache."""
        judge = per_file(self.file_verdicts) if per_file is not None else self.file_verdicts
        verdicts: dict[SymbolKey, AxisAssessment] = {}
        for path, facts in self.index.files.items():
            for qname, verdict, detail, reportable in judge(facts):
                verdicts[(path, qname)] = assessment(verdict=verdict, confidence=85, detail=detail, report=reportable)
        return verdicts

    def file_verdicts(self, facts: FileFacts) -> list[tuple[str, str, str, bool]]:
        """(qualified name, verdict, detail, reportable) of each symbol of a file, from its facts alone."""
        path = facts.path
        test_file = is_test_path(path)
        found = []
        for sym in facts.symbols:
            verdict, detail = self._judge(path, facts.language, sym)
            reportable = not test_file and sym.kind in DOCUMENTED_KINDS and self.is_public(path, sym)
            if not reportable:
                reason = "test code" if test_file else "not exported" if sym.kind in DOCUMENTED_KINDS \
                    else f"a {sym.kind}"
                detail += f" ({reason}: no finding)"
            found.append((sym.qualified_name, verdict, detail, reportable))
        return found

    def is_public(self, path: str, sym: Symbol) -> bool:
        """Exported top-level symbols, and public methods of exported classes."""
        if sym.parent is None:
            return sym.exported and not is_private(sym.name)
        parent = self.index.symbol(path, sym.parent)
        if parent is None or parent.kind not in ("class", "interface") or not self.is_public(path, parent):
            return False
        return not is_private(sym.name) and not is_dunder(sym.name) and sym.name != "constructor"

    def _judge(self, path: str, language: str, sym: Symbol) -> tuple[str, str]:
        doc = (sym.docstring or "").strip()
        noun = "docstring" if language == "python" else "doc comment"
        if not doc:
            return "UNDOCUMENTED", f"no {noun}"
        if sym.kind not in ("function", "method"):
            return "DOCUMENTED", f"has a {noun}"
        if not _SECTIONED.search(doc):
            return "DOCUMENTED", f"has a {noun} (prose, no sections to check)"
        params = [p for p in plain_params(sym) if not _injected(sym, p)]
        words = set(_WORD.findall(doc))
        missing = [p for p in params if p not in words]
        returns = self._returns_value(path, language, sym)
        return_missing = returns and not _RETURN_SECTION.search(doc)
        if not missing and not return_missing:
            covered = f"{len(params)} parameter{'s' if len(params) != 1 else ''}"
            return "DOCUMENTED", f"{noun} covers {covered}" + (" and the return value" if returns else "")
        gaps = list(missing) + (["the return value (no returns section)"] if return_missing else [])
        return "PARTIAL", f"{noun} sections do not describe {', '.join(gaps)}"

    def _returns_value(self, path: str, language: str, sym: Symbol) -> bool:
        if sym.name in ("__init__", "constructor"):
            return False
        annotation = None
        signature = sym.signature.strip()
        if language == "python":
            match = _PY_RETURN_ANNOTATION.search(signature.rsplit(")", 1)[-1]) if ")" in signature else None
            annotation = match.group(1).strip() if match else None
        else:
            match = _TS_RETURN_ANNOTATION.search(signature)
            annotation = match.group(1).strip() if match else None
        if annotation:
            return annotation.replace(" ", "") not in _NO_VALUE_TYPES
        return returns_value(sym)


def _injected(sym: Symbol, param: str) -> bool:
    """A parameter the framework fills in (see the module docstring): nothing to document."""
    if any(_CLI_COMMAND.search(decorator) for decorator in sym.decorators):
        return True
    if not _ANY_INJECTION.search(sym.signature):
        return False  # most signatures: no per-parameter pattern to compile
    by_default, by_annotation = _injection_patterns(param)
    return bool(by_default.search(sym.signature) or by_annotation.search(sym.signature))


@functools.cache
def _injection_patterns(param: str) -> tuple[re.Pattern, re.Pattern]:
    """The two patterns of _injected for one parameter name, compiled once (the `re` module's
    own cache keeps 512 patterns; a project has thousands of parameter names)."""
    name = re.escape(param)
    declaration = rf"(?<![\w$]){name}\s*(?::[^=,)]*?)?"
    return (re.compile(rf"{declaration}=\s*{_INJECTING_CALLS}"),
            re.compile(rf"(?<![\w$]){name}\s*:\s*(?:Annotated\[[^\]]*?{_INJECTING_CALLS}|{_INJECTED_TYPES})"))
