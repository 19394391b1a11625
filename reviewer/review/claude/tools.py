"""The read-only tools Claude may call while reviewing one file.

Every path is confined to the repository root: an absolute path, a `..` part, or
a symlink that resolves outside the root gets an error result and is never opened.
Ignored files (.gitignore, pruned folders) and secret-bearing files (redact.py) are
refused the same way, and secrets inside what is returned are masked.
Outputs are capped so one tool call cannot flood the conversation.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...scan.discovery import is_ignored
from ...schema.facts import FUNCTION_KINDS
from ...schema.review import SimilarFunction
from ..context import ReviewContext
from .redact import mask_secrets, secret_file_reason
from .submission import format_validation_error

READ_MAX_LINES = 300
READ_MAX_CHARS = 24_000
SEARCH_MAX_MATCHES = 40
SEARCH_MAX_FILE_BYTES = 1_000_000
LINE_SHOWN_CHARS = 200
USAGES_MAX = 50
# Folders never searched when the scan's file list is not given.
SKIPPED_DIRS = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox", "dist", "build"}


class ToolRefused(Exception):
    """The call is not allowed or not possible; its message goes back as an error result."""


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FindSimilarInput(_Input):
    functionId: str = Field(description="qualified name of a function of this file (as in the symbols table), or its card id")
    maxResults: int = Field(default=8, ge=1, le=50)
    minScore: float | None = Field(default=None, ge=0, le=1, description="default: the calibrated threshold")


class ReadFileInput(_Input):
    path: str = Field(description="repo-relative path")
    start: int = Field(default=1, ge=1, description="first line, 1-based")
    end: int | None = Field(default=None, ge=1, description=f"last line, inclusive; at most {READ_MAX_LINES} lines per call")


class SearchCodeInput(_Input):
    pattern: str = Field(min_length=1)
    regex: bool = Field(default=False, description="true: a Python regular expression; false: a literal string")
    glob: str | None = Field(default=None, description="only files whose repo-relative path matches, e.g. 'src/**/*.py' or '*.ts'")


class FindUsagesInput(_Input):
    symbol: str = Field(min_length=1, description="a name as written in code, e.g. 'parse_config' or 'Cart.total'")


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    model: type[_Input]


FIND_SIMILAR = ToolSpec(
    "findSimilarFunctions",
    "Functions of the whole repository most similar to one function of this file, from the "
    "semantic index (name, filePath, score 0-1, summary). Use it before deciding duplication.",
    FindSimilarInput,
)
READ_FILE = ToolSpec(
    "read_file",
    f"Read a line range of a repository file, with line numbers (at most {READ_MAX_LINES} lines per call).",
    ReadFileInput,
)
SEARCH_CODE = ToolSpec(
    "search_code",
    f"Search the repository's files for a literal string or a regular expression; returns up to "
    f"{SEARCH_MAX_MATCHES} matching lines as path:line: text.",
    SearchCodeInput,
)
FIND_USAGES = ToolSpec(
    "find_usages",
    "Where a symbol is imported or referenced in the repository, from the usage graph.",
    FindUsagesInput,
)


def tool_specs(with_similarity: bool) -> list[ToolSpec]:
    """The tools offered, in a fixed order (the order is part of the cached prefix)."""
    return ([FIND_SIMILAR] if with_similarity else []) + [READ_FILE, SEARCH_CODE, FIND_USAGES]


def similar_hit_json(hit: SimilarFunction, parts: bool = False) -> dict:
    """One findSimilarFunctions result; `parts` adds what the score is made of (structure,
    meaning, clone kind), for a caller that shows the evidence rather than judging it."""
    out: dict = {"name": hit.name, "filePath": hit.file_path, "lines": f"{hit.line_start}-{hit.line_end}",
                 "score": round(hit.score, 3), "summary": hit.summary}
    if parts:
        out.update({"id": hit.id, "structure": hit.structure, "meaning": hit.meaning, "cloneKind": hit.clone_kind})
    return out


def confine(root: Path, requested: str) -> Path:
    """The real path of `requested` inside `root`, or ToolRefused. Nothing is opened."""
    text = requested.strip().replace("\\", "/")
    if not text:
        raise ToolRefused("path is empty")
    pure = PurePosixPath(text)
    if pure.is_absolute() or text.startswith("~") or re.match(r"^[A-Za-z]:", text):
        raise ToolRefused(f"{requested}: absolute paths are refused; give a path relative to the repository root")
    if ".." in pure.parts:
        raise ToolRefused(f"{requested}: '..' is refused; paths must stay inside the repository")
    real_root = root.resolve()
    resolved = (real_root / pure).resolve()
    if resolved != real_root and not resolved.is_relative_to(real_root):
        raise ToolRefused(f"{requested}: resolves outside the repository (symlink); refused")
    return resolved


class ReviewTools:
    """The tools for one file's conversation: `run(name, input) -> (text, is_error)`."""

    def __init__(self, context: ReviewContext, files: list[str] | None = None) -> None:
        self.context = context
        self.root = context.root.resolve()
        self.files = files  # the scan's file list (repo-relative); None: walk the tree
        # (function asked about, its first line, hit): what findSimilarFunctions showed Claude
        self.similar_hits: list[tuple[str, int, SimilarFunction]] = []
        self.masked = 0  # secrets masked in what the tools returned

    def run(self, name: str, raw_input: Any) -> tuple[str, bool]:
        handlers: dict[str, tuple[type[_Input], Callable[[Any], str]]] = {
            FIND_SIMILAR.name: (FindSimilarInput, self.find_similar_functions),
            READ_FILE.name: (ReadFileInput, self.read_file),
            SEARCH_CODE.name: (SearchCodeInput, self.search_code),
            FIND_USAGES.name: (FindUsagesInput, self.find_usages),
        }
        if name not in handlers:
            return f"unknown tool {name!r}; available: {', '.join(handlers)} and submit_review", True
        model, handler = handlers[name]
        try:
            args = model.model_validate(raw_input if isinstance(raw_input, dict) else {})
            return handler(args), False
        except ValidationError as exc:
            return "invalid input: " + "; ".join(format_validation_error(exc)), True
        except ToolRefused as exc:
            return str(exc), True

    # -- findSimilarFunctions -------------------------------------------------------

    def find_similar_functions(self, args: FindSimilarInput) -> str:
        context = self.context
        if not context.rag_enabled or context.find_similar is None:
            raise ToolRefused("findSimilarFunctions is not available: RAG is off; use search_code")
        card = next(
            (c for c in context.cards if args.functionId in (c.id, c.qualified_name, c.name)),
            None,
        )
        if card is None:
            names = [s.qualified_name for s in context.facts.symbols if s.kind in FUNCTION_KINDS]
            raise ToolRefused(f"unknown functionId {args.functionId!r}; functions of this file: {names}")
        min_score = context.config.rag.min_score if args.minScore is None else args.minScore
        hits = context.find_similar(card.id, args.maxResults, min_score)
        results = []
        for hit in hits:
            if hit.id == card.id:
                continue
            self.similar_hits.append((card.qualified_name, card.line_start, hit))
            results.append(similar_hit_json(hit))
        return json.dumps({"function": card.qualified_name, "minScore": min_score, "results": results}, ensure_ascii=False)

    # -- read_file ------------------------------------------------------------------

    def read_file(self, args: ReadFileInput) -> str:
        path = confine(self.root, args.path)
        self._refuse_private(args.path, path)
        if not path.is_file():
            raise ToolRefused(f"{args.path}: no such file")
        text = path.read_bytes()[: SEARCH_MAX_FILE_BYTES * 2].decode("utf-8", errors="replace")
        lines = text.splitlines()
        end = min(args.end or args.start + READ_MAX_LINES - 1, args.start + READ_MAX_LINES - 1, len(lines))
        if args.start > len(lines):
            raise ToolRefused(f"{args.path} has {len(lines)} lines; start {args.start} is past the end")
        shown = [f"{n:>5}| {lines[n - 1]}" for n in range(args.start, end + 1)]
        body = self._mask("\n".join(shown))
        if len(body) > READ_MAX_CHARS:
            body = body[:READ_MAX_CHARS] + "\n[... cut at the character cap]"
        cut_by_cap = end < len(lines) and (args.end is None or args.end > end)
        more = f"\n[{len(lines) - end} more lines; call again with start={end + 1}]" if cut_by_cap else ""
        return f"{self._relative(path)} lines {args.start}-{end} of {len(lines)}\n{body}{more}"

    # -- search_code ----------------------------------------------------------------

    def search_code(self, args: SearchCodeInput) -> str:
        try:
            matcher = re.compile(args.pattern if args.regex else re.escape(args.pattern))
        except re.error as exc:
            raise ToolRefused(f"invalid regular expression: {exc}") from None
        if args.glob and (args.glob.startswith("/") or ".." in PurePosixPath(args.glob).parts):
            raise ToolRefused("glob must be relative to the repository root")
        matches: list[str] = []
        truncated = False
        reviewed = self.context.facts.path
        for relative in self._searchable_files():
            if args.glob and not _glob_matches(relative, args.glob):
                continue
            try:
                path = confine(self.root, relative)
                if listed_file_refusal(self.root, self.context.config, relative):
                    continue
                if path.stat().st_size > SEARCH_MAX_FILE_BYTES:
                    continue
                text = path.read_text(encoding="utf-8", errors="replace")
            except (ToolRefused, OSError):
                continue
            # The pattern runs over the masked text: a secret can neither match nor be bisected by
            # patterns, and a secret over several lines (a key in a docstring) is masked whole.
            masked, _ = mask_secrets(text)
            in_prompt: list[int] = []  # lines of the file under review that its prompt already shows
            for number, line in enumerate(masked.splitlines(), start=1):
                if matcher.search(line[:2000]):
                    if len(matches) + len(in_prompt) == SEARCH_MAX_MATCHES:
                        truncated = True
                        break
                    if relative == reviewed and self._in_prompt(number, line):
                        in_prompt.append(number)
                        continue
                    shown = line.strip()[:LINE_SHOWN_CHARS]
                    self.masked += shown.count("[MASKED ")
                    matches.append(f"{relative}:{number}: {shown}")
            if in_prompt:
                matches.append(f"{relative}: line{'s' if len(in_prompt) > 1 else ''} {', '.join(map(str, in_prompt))} "
                               "(the file under review: shown in the prompt above)")
            if truncated:
                break
        if not matches:
            return "no matches"
        suffix = f"\n[stopped at {SEARCH_MAX_MATCHES} matches; narrow the pattern or the glob]" if truncated else ""
        return "\n".join(matches) + suffix

    @staticmethod
    def _in_prompt(number: int, line: str) -> bool:
        """Whether the prompt shows this line of the file under review whole (long files and lines are cut)."""
        from .prompt import SOURCE_LINE_MAX_CHARS, SOURCE_MAX_LINES  # prompt.py builds on this module

        return number <= SOURCE_MAX_LINES and len(line) <= SOURCE_LINE_MAX_CHARS

    def _searchable_files(self) -> list[str]:
        if self.files is not None:
            return sorted(self.files)
        found: list[str] = []
        output = self.context.config.output
        for directory, dirs, names in os.walk(self.root):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and d != output and not d.startswith("."))
            for name in sorted(names):
                found.append(Path(directory, name).relative_to(self.root).as_posix())
        return [path for path in found if not is_ignored(self.root, self.context.config, path)]

    # -- find_usages ----------------------------------------------------------------

    def find_usages(self, args: FindUsagesInput) -> str:
        if self.context.find_usages is None:
            raise ToolRefused("find_usages is not available for this run; use search_code")
        lines = self.context.find_usages(args.symbol)
        if not lines:
            return f"no usages of {args.symbol} in the usage graph"
        more = f"\n[{len(lines) - USAGES_MAX} more]" if len(lines) > USAGES_MAX else ""
        return "\n".join(lines[:USAGES_MAX]) + more

    def _relative(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    def _refuse_private(self, requested: str, path: Path) -> None:
        """Secret-bearing and ignored files are never read, whatever name reaches them."""
        reason = private_reason(self.root, self.context.config, requested, path)
        if reason:
            raise ToolRefused(f"{requested}: refused, {reason}")

    def _mask(self, text: str) -> str:
        masked, count = mask_secrets(text)
        self.masked += count
        return masked


def private_reason(root: Path, config, requested: str, path: Path | None = None) -> str | None:
    """Why a file must not be sent, under the name asked for or the real file behind it (a link
    is judged by its target too): a secret-bearing file, or one the scan's rules ignore."""
    real_root = root.resolve()
    path = path if path is not None else (real_root / requested).resolve()
    relative = path.relative_to(real_root).as_posix() if path != real_root else "."
    asked = requested.strip().replace("\\", "/")
    for name in (asked, relative):
        reason = secret_file_reason(name)
        if reason:
            return f"{reason}: secrets are never sent"
    for name in dict.fromkeys((asked, relative)):
        if name not in (".", "") and is_ignored(real_root, config, name):
            return "the file is ignored (.gitignore, scan.exclude or a pruned folder)"
    return None


def listed_file_refusal(root: Path, config, relative: str) -> str | None:
    """private_reason for a file the scan listed (it passed the scan's rules): its name, and when
    it is reached through a link, the target's name and rules too."""
    real_root = root.resolve()
    path = (real_root / relative).resolve()
    if path == real_root / relative:
        reason = secret_file_reason(relative)
        return f"{reason}: secrets are never sent" if reason else None
    if not path.is_relative_to(real_root):
        return "a link that leaves the repository"
    return private_reason(real_root, config, relative, path)


def _glob_matches(relative: str, pattern: str) -> bool:
    """`*.py` matches by file name anywhere; a pattern with `/` matches the whole path."""
    if "/" not in pattern:
        return fnmatch.fnmatch(PurePosixPath(relative).name, pattern)
    return fnmatch.fnmatch(relative, pattern) or PurePosixPath(relative).match(pattern)
