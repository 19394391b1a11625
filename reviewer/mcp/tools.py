"""The tools `reviewer mcp` offers: their input schemas, descriptions written for a model, and
what each answers, as plain JSON-ready dicts (server.py turns them into MCP results).

Every call first brings the index up to date with the working tree (live.py). A problem the
caller can fix (an unknown id, no index yet, a path outside the repository) raises
ToolRefused or UserError with one sentence; server.py returns it as a tool error.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from reviewer.config import Config
from reviewer.errors import UserError
from reviewer.mcp.evidence import Evidence
from reviewer.mcp.live import LiveIndex, NoIndex
from reviewer.rag.lookup import resolve_target
from reviewer.rag.similarity import open_store
from reviewer.rag.static_cards import cards_for_file, function_symbols
from reviewer.review.claude.submission import format_validation_error
from reviewer.review.claude.tools import FindSimilarInput, ToolRefused, confine, similar_hit_json
from reviewer.scan.extract import extract_file
from reviewer.schema.axes import AXES

FUNCTION_ID = ("a card id (or its first 8+ hex digits), or `path/to/file.py:qualified_name` as `reviewer similar` "
               "takes, or a qualified name such as `Cart.total` when only one function has it")
SEARCH_MAX_QUERY = 4000
SNIPPET_LANGUAGES = (("snippet.py", "python"), ("snippet.ts", "typescript"))


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FindSimilarArgs(FindSimilarInput):
    functionId: str = Field(description=FUNCTION_ID)


class SearchArgs(_Input):
    query: str = Field(min_length=1, max_length=SEARCH_MAX_QUERY,
                       description="what the function does, in words (\"parse a duration string\"), or its code")
    maxResults: int = Field(default=8, ge=1, le=50)
    minScore: float = Field(default=0.0, ge=0, le=1, description="lowest cosine similarity (0-1) listed")


class CardArgs(_Input):
    functionId: str = Field(description=FUNCTION_ID)


class ExplainArgs(_Input):
    symbol: str = Field(min_length=1, description="`path/to/file.py:qualified_name` (any symbol: function, class, "
                                                  "import, variable), a qualified name when unique, or a card id")


class ReviewFileArgs(_Input):
    path: str = Field(min_length=1, description="repository-relative path of a source file")


class StatusArgs(_Input):
    pass


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    args: type[BaseModel]

    def input_schema(self) -> dict:
        return self.args.model_json_schema()


TOOLS = (
    Tool("findSimilarFunctions",
         "Functions of the repository most similar to one function, best first: the question to ask before "
         "writing a helper that may already exist, or before keeping a second copy. Each result has its name, "
         "filePath, lines, a score from 0 to 1 and its parts (structure: the code's shape, 1.0 for a renamed "
         "copy; meaning: the cosine of the function cards), the clone kind when the code matches (identical, "
         "renamed, near-miss, inline...) and the card summary. Results under minScore (default: the calibrated "
         "threshold of the project's configuration) are left out. Use searchFunctions when the function does "
         "not exist yet.", FindSimilarArgs),
    Tool("searchFunctions",
         "The functions of the repository nearest a description or a code snippet, best first: ask it before "
         "writing a new helper (\"parse a duration string\", or the function you are about to write) to find "
         "one to reuse. A snippet that parses as a function is read as the card it would get (name, signature, "
         "docstring words). Scores are the cosine of the card embeddings (0-1); above about 0.6 usually means "
         "the same job. Returns id, name, filePath, lines, signature, summary and score.", SearchArgs),
    Tool("getFunctionCard",
         "One function's card: signature, summary, key concepts, behavioral profile, complexity (1-5), lines, "
         "and its neighbours in the call graph: callees (the project functions it calls) and callers (the "
         "project functions that call it), each as `path:qualified_name`.", CardArgs),
    Tool("explainSymbol",
         "Why the reviewer judges a symbol as it does: for each axis (utility, duplication, overengineering, "
         "tests, documentation) the verdict, its confidence (0-100) and the evidence sentence (for utility, the "
         "root that keeps it alive or the lack of one); the findings it raises with their rule id "
         "(`axis/VERDICT`), and its candidates (verdicts whose rule is right less often than the finding floor: "
         "check before acting); who uses it (imports, calls, dynamic uses); and for a duplicate, the copy to keep "
         "and why. Ask it before deleting code the reviewer calls dead, or before choosing which copy to keep.",
         ExplainArgs),
    Tool("reviewFile",
         "The static reviewer's current findings for one file (no paid API): each finding's rule id, severity, "
         "confidence, lines, symbol and message, the candidates under the finding floor (same fields: leads to "
         "check, not findings), and the file verdict. Uses the stored review of the last "
         "`reviewer run` when it still holds for the file as it is on disk, else reviews it now.",
         ReviewFileArgs),
    Tool("indexStatus",
         "The state of the function-card index this server answers from: cards, how many are embedded, files, "
         "the embedding model, when the index last changed, and how many files were out of date before this "
         "call brought them up to date. Without an index it says how to build one.", StatusArgs),
)


class ReviewerTools:
    """The tools over one repository; `call(name, arguments) -> (result, is_error)`."""

    def __init__(self, root: Path, config: Config) -> None:
        self.root = root.resolve()
        self.config = config
        self.live = LiveIndex(self.root, config)
        self.evidence = Evidence(self.root, config)
        self.handlers: dict[str, Callable[[Any], dict]] = {
            "findSimilarFunctions": self.find_similar_functions,
            "searchFunctions": self.search_functions,
            "getFunctionCard": self.get_function_card,
            "explainSymbol": self.explain_symbol,
            "reviewFile": self.review_file,
            "indexStatus": self.index_status,
        }

    def call(self, name: str, arguments: dict | None) -> tuple[dict | str, bool]:
        tool = next((t for t in TOOLS if t.name == name), None)
        if tool is None:
            return f"unknown tool {name!r}; available: {', '.join(t.name for t in TOOLS)}", True
        try:
            args = tool.args.model_validate(arguments or {})
            with self.live.lock:
                return self.handlers[name](args), False
        except ValidationError as exc:
            return "invalid input: " + "; ".join(format_validation_error(exc)), True
        except (ToolRefused, UserError) as exc:
            return str(exc), True

    # -- the card index ---------------------------------------------------------------

    def _card_of(self, function_id: str):
        self.live.refresh()
        return resolve_target(self.live.heads, function_id)

    def find_similar_functions(self, args: FindSimilarArgs) -> dict:
        head = self._card_of(args.functionId)
        min_score = self.config.rag.min_score if args.minScore is None else args.minScore
        hits = self.live.similarity.find_similar(head.id, args.maxResults, min_score)
        return {"function": f"{head.file_path}:{head.qualified_name}", "id": head.id, "minScore": min_score,
                "results": [similar_hit_json(hit, parts=True) for hit in hits if hit.id != head.id]}

    def search_functions(self, args: SearchArgs) -> dict:
        self.live.refresh()
        index = self.live.similarity
        vector = self.live.embedder.embed([query_text(args.query)])[0]
        results = []
        for card_id, score in index.nearest(vector, args.maxResults):
            if score < args.minScore:
                continue
            row = index.rows[index.position[card_id]]
            results.append({"id": card_id, "name": row["qualified_name"], "filePath": row["file_path"],
                            "lines": f"{row['line_start']}-{row['line_end']}", "signature": row["signature"],
                            "summary": row["summary"], "score": round(score, 3)})
        return {"query": args.query, "results": results}

    def get_function_card(self, args: CardArgs) -> dict:
        head = self._card_of(args.functionId)
        store = open_store(self.root, self.config)
        card = store.get(head.id)
        if card is None:  # removed by another writer since the refresh
            raise ToolRefused(f"{args.functionId}: the card left the index meanwhile; call again")
        label = f"{card.file_path}:{card.qualified_name}"
        rows = store.read(["file_path", "qualified_name", "called_internals"]).to_pylist()
        callers = sorted(f"{r['file_path']}:{r['qualified_name']}" for r in rows if label in (r["called_internals"] or []))
        return {"card": card.model_dump(exclude={"called_internals"}), "callees": list(card.called_internals),
                "callers": callers}

    # -- the evidence -----------------------------------------------------------------

    def explain_symbol(self, args: ExplainArgs) -> dict:
        self.live.refresh()
        path, name = self._symbol(args.symbol)
        review, evidence = self.evidence.file_evidence(path)
        symbol = next((s for s in review.symbols if s.name == name), None)
        if symbol is None:
            raise ToolRefused(f"{path}:{name} has no verdicts (the reviewer judges functions, classes, "
                              "imports and module variables)")
        axes = {}
        for axis, judged in evidence.assessments.get((path, name), {}).items():
            axes[axis] = {"verdict": judged.verdict, "confidence": judged.confidence, "evidence": judged.detail,
                          "informational": not judged.report}
        duplication = [
            {"keep": f"{clone.keep.file_path}:{clone.keep.name}", "keepLines": f"{clone.keep.line_start}-{clone.keep.line_end}",
             "kind": clone.kind, "score": round(clone.keep.score, 3), "confidence": clone.confidence,
             "lines": list(clone.lines), "keepReason": clone.keep_reason, "reported": clone.report,
             "note": clone.note or clone.doubt}
            for (file, qualified, _line), clones in evidence.duplicates.items() if (file, qualified) == (path, name)
            for clone in clones
        ]
        findings = [_finding_json(f) for f in review.findings if f.symbol == name]
        candidates = [_finding_json(f) for f in review.candidates if f.symbol == name]
        verdicts = {axis: getattr(symbol, axis) for axis in AXES if axis != "correction"}
        return {"symbol": f"{path}:{name}", "kind": symbol.kind, "lines": f"{symbol.line_start}-{symbol.line_end}",
                "exported": symbol.exported, "verdicts": verdicts, "confidence": symbol.confidence, "axes": axes,
                "duplication": duplication, "findings": findings, "candidates": candidates,
                "minConfidence": self.evidence.config.analysis.min_confidence,
                "usages": self.evidence.usages(path, name)}

    def _symbol(self, text: str) -> tuple[str, str]:
        """(path, qualified name) of the symbol `text` designates, from the scan's facts."""
        text = text.strip()
        scan = self.live.scan()
        if ":" in text:
            path, _, name = text.rpartition(":")
            path = path.removeprefix("./")
            facts = self.live.facts(path)
            if facts is None:
                raise ToolRefused(f"{path}: not a source file the reviewer scans (check the path, relative to {self.root})")
            found = [(path, s.qualified_name) for s in facts.symbols if s.qualified_name == name] or \
                    [(path, s.qualified_name) for s in facts.symbols if s.name == name]
        else:
            found = [(f.path, s.qualified_name) for f in scan.files for s in f.symbols if s.qualified_name == text]
            if not found:
                try:
                    head = resolve_target(self.live.heads, text)
                    found = [(head.file_path, head.qualified_name)]
                except UserError:
                    found = [(f.path, s.qualified_name) for f in scan.files for s in f.symbols if s.name == text]
        found = list(dict.fromkeys(found))
        if len(found) == 1:
            return found[0]
        if not found:
            raise ToolRefused(f"no symbol matches '{text}' (try `path/to/file.py:qualified_name`)")
        listed = "; ".join(f"{p}:{n}" for p, n in found[:8])
        raise ToolRefused(f"'{text}' is ambiguous, {len(found)} symbols match: {listed}")

    def review_file(self, args: ReviewFileArgs) -> dict:
        real = confine(self.root, args.path)
        path = real.relative_to(self.root).as_posix()
        self.live.refresh()
        if self.live.facts(path) is None:
            what = "no such file" if not real.exists() else "not a source file the reviewer scans (ignored, excluded, or not code)"
            raise ToolRefused(f"{args.path}: {what}")
        reviewed = self.evidence.review(path)
        review = reviewed.review
        findings = [_finding_json(f) for f in review.findings if not f.suppressed]
        candidates = [_finding_json(f) for f in review.candidates if not f.suppressed]
        return {"file": path, "verdict": review.verdict, "fromCache": reviewed.cached, "findings": findings,
                "candidates": candidates, "suppressed": sum(1 for f in review.findings if f.suppressed)}

    def index_status(self, args: StatusArgs) -> dict:
        try:
            report = self.live.refresh()
        except NoIndex as exc:
            return {"indexed": False, "root": str(self.root), "hint": str(exc)}
        stats = open_store(self.root, self.config).stats()
        return {"indexed": True, "root": str(self.root), "cards": stats.cards, "embedded": stats.cards - stats.not_embedded,
                "files": stats.files, "model": stats.model, "lastUpdate": stats.last_update,
                # What this call found out of date (changed, new or deleted since the index last saw them) and updated.
                "filesOutOfDate": report.files_indexed + report.files_removed if report else 0}


def _finding_json(finding) -> dict:
    return {"rule": finding.rule, "severity": finding.severity,
            "confidence": finding.confidence, "symbol": finding.symbol,
            "lines": f"{finding.line_start}-{finding.line_end}", "message": finding.message}


def query_text(query: str) -> str:
    """What to embed for a search: a snippet that parses as a function is read as the card it
    would get (the text the index embeds for every function); anything else as it is."""
    if "\n" not in query.strip() and "(" not in query:
        return query
    for name, language in SNIPPET_LANGUAGES:
        try:
            facts = extract_file(name, query.encode("utf-8"), language)
        except Exception:  # a snippet the parser cannot read is searched as words
            continue
        if not facts.syntax_errors and function_symbols(facts):
            return cards_for_file(facts, None)[0].embedding_text()
    return query
