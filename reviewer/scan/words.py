"""The word index: where each project name is written outside the code the usage graph reads.

Before the analysis calls a symbol dead, it looks its name up here (analysis.guard): a name written
in a template, a config file, a doc page, a shell script, a workflow, a notebook, or in a string or
comment of another code file may be used by something no parser follows. The index is built once
per run, by the scan (the only reader of files), from:

- every text file discovery found that is not parsed code (templates, YAML/TOML/JSON/INI, SQL,
  HTML, Markdown and reST, shell scripts, Dockerfiles, CI workflows, notebooks, code of languages
  with no grammar), up to MAX_TEXT_FILES of them, each up to MAX_TEXT_BYTES; binary files, lock
  files, changelogs, translation catalogs, drawings and findings reports (baselines, SARIF) aside;
- the string literals and comments of every parsed code file (its code is the usage graph's).

In a data file (JSON, YAML, TOML, INI) a key is a field's label, not a use: only values count. A
dotted path written in any text file, a data file's keys included (`pkg.plugins.rewrite.Plugin:`,
`handler: app.log.JsonHandler`, `app.main:app`, a shell script's `huey_consumer main.huey`), is kept
whole too, as `pkg.plugins.rewrite.Plugin`: it names one module's attribute, which a loader imports
by that path (analysis.utility resolves it; a namesake elsewhere is not it).
Each place remembers how the word stands there (Place kind): in prose (PROSE), where a name is used
as a name (AS_NAME: `.word`, `word(`, `word.attr`, `'word'` quoted whole, `{word}`, `|word`, `@word`),
or in a doctest line (`>>> word(1)`, DOCTEST: a test runner runs it). A plain English word (`run`,
`data`) counts only as a name, since prose uses it anyway (analysis.guard). The interpolations of
code strings (f-strings, `${...}` of template literals) are code the usage graph reads, and a code
string that is one bare name (`"name"`) is the scan's to judge (a lookup or a value): both left out,
and so is a comment that is commented-out code (code that does not run uses nothing). A changelog
records what changed, removals included: never a use, left out.

Per file, the words are cached by content (path + sha256, like the facts cache) in one JSON
file; the index kept for the analysis holds only the names the project defines.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from itertools import accumulate
from pathlib import Path

from ..schema.facts import FileFacts
from ..workspace import atomic_write_text
from .discovery import read_regular

INDEX_VERSION = 10  # bump when what a file's words are changes
MAX_TEXT_BYTES = 1_000_000  # a larger text file is read up to here (a data dump says little more)
MAX_WORDS_PER_FILE = 5000  # distinct words kept per file (a word list or dictionary file stops there)
MAX_TEXT_FILES = 20_000  # text files read at most, in path order
PLACES_PER_WORD = 6  # files remembered per word: enough to name one beside the definition's own
BINARY_SNIFF_BYTES = 8192

# Never text: media, archives, compiled objects, fonts, databases.
_BINARY_EXTENSIONS = frozenset({
    ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".ico", ".icns", ".webp", ".avif", ".tif", ".tiff", ".psd",
    ".mp3", ".mp4", ".wav", ".ogg", ".webm", ".mov", ".avi", ".flac", ".pdf", ".zip", ".gz", ".tgz", ".bz2",
    ".xz", ".7z", ".rar", ".tar", ".whl", ".egg", ".jar", ".war", ".pyc", ".pyo", ".so", ".dylib", ".dll",
    ".exe", ".o", ".a", ".class", ".woff", ".woff2", ".ttf", ".otf", ".eot", ".db", ".sqlite", ".sqlite3",
    ".mo", ".pkl", ".pickle", ".npy", ".npz", ".parquet", ".h5", ".onnx", ".pt", ".bin", ".wasm", ".map",
})
# Text that uses no name of the code: translation catalogs (the UI's sentences, and `#: file.py:12`
# source references), drawings.
_NO_USE_EXTENSIONS = frozenset({".po", ".pot", ".xlf", ".xliff", ".svg"})
# Lock files list packages and hashes, written by a package manager: no name of the project's code.
LOCK_FILE_NAMES = frozenset({
    "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lockb", "bun.lock",
    "poetry.lock", "Pipfile.lock", "uv.lock", "pdm.lock", "Cargo.lock", "Gemfile.lock", "composer.lock",
    "go.sum", "flake.lock", "deno.lock",
})

# Data files: their keys are field labels (`"is_active": true` in a fixture), their values may name code.
DATA_EXTENSIONS = frozenset({".json", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".properties", ".env"})

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Strings and comments of parsed code: each region is read with its delimiters, so that a string
# holding just the name (`"word"`) is a quoted word.
_PYTHON_REGIONS = re.compile(
    r'#[^\n]*|[rRbBuUfF]{0,2}(?:"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\')')
_REGION_MARK = re.compile(r"[#\"']")  # where a region of _PYTHON_REGIONS has its `#` or first quote
_STRING_PREFIX = frozenset("rRbBuUfF")
_ECMASCRIPT_REGIONS = re.compile(
    r'//[^\n]*|/\*[\s\S]*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|`(?:\\.|[^`\\])*`')
_QUOTES = "'\"`"
_BEFORE_MARKS = "{|@"  # `{word}`, `{{ word }}`, `|word` (a template filter), `@word` (a decorator)

PROSE, AS_NAME, DOCTEST = 0, 1, 2
# word -> its first line, by kind (0: none): [anywhere, used as a name, in a doctest line]
FileWords = dict[str, list[int]]
Place = tuple[str, int, int]  # (file, line, kind)
# A changelog is prose (`CHANGES.rst`, `HISTORY.md`, `NEWS`), never a page of the product: a template
# `issues/history.html` calls the code's functions (`onclick="toggleComment(this)"`).
_CHANGELOG = re.compile(r"(?:change[-_]?log|changes|history|news|release[-_]?notes)"
                        r"(?:\.(?:md|markdown|rst|txt|adoc|asciidoc|org|textile))?$", re.IGNORECASE)
_DOCTEST_LINE = re.compile(r"^\s*(?:>>>|\.\.\.) ", re.MULTILINE)
_INTERPOLATION = re.compile(r"\$\{[^{}`]*\}")
# A comment that is code put out of action (`# self.owner = USER_MODEL.objects.get()`,
# `{/* <MessageReplies /> */}`): code that does not run uses nothing.
_COMMENTED_OUT_CODE = re.compile(
    r"^(?:[\w.\[\]]+\s*(?:[-+*/|&]?=)(?!=)\s*\S"  # an assignment
    r"|(?:return|import|from\s+[\w.]+\s+import|const|let|var|await|yield|raise|throw)\b|(?:self|this)\."
    r"|(?:def|class|if|elif|for|while|with)\b.*[:{]$"  # a block's header
    r"|[{<][A-Za-z{(0-9!]|[\w.]+\(.*\);?$)|;$")
_COMMENT_MARKS = re.compile(r"^\s*(?:#+|//+|/\*+|\{/\*+)\s*|\s*(?:\*+/\}?)\s*$")
_BARE_NAME_STRING = re.compile(r"""[rRbBuU]?(["'`])[A-Za-z_$][\w$]*\1""")


# A code-review tool's output (a baseline of accepted findings, a SARIF or JSON report, a text report):
# it lists findings, dead code among them, never a use.
_REPORT_KEYS = (b'"fingerprint"', b'"partialFingerprints"', b'"ruleId"')


# The text formats of a review written to a file (`reviewer run -o findings.txt`): its summary, lines
# `path:12: [utility/DEAD] name ...` (full, concise) or GitHub annotations. Read as text, every dead
# name it lists would be "written in the repository", and the next run would keep each out of DEAD.
_TEXT_REPORT = re.compile(rb"^reviewer run: summary$|^\S+:\d+:? \[[a-z-]+/[A-Z_]+\]|^::(?:error|warning|notice) file=",
                          re.MULTILINE)


def _is_findings_report(path: str, data: bytes) -> bool:
    if path.endswith(".sarif"):
        return True
    head = data[:8192]
    if path.endswith(".json"):
        return any(key in head for key in _REPORT_KEYS) or b'"findings"' in head and b'"verdict"' in data
    return _TEXT_REPORT.search(head) is not None


def is_indexed_text(path: str) -> bool:
    """Whether a non-code file discovery found is read for words (not media, archives, lock files,
    changelogs, translation catalogs, drawings)."""
    name = path.rsplit("/", 1)[-1]
    extension = os.path.splitext(name)[1].lower()
    return (name not in LOCK_FILE_NAMES and extension not in _BINARY_EXTENSIONS and extension not in _NO_USE_EXTENSIONS
            and _CHANGELOG.match(name) is None)


def _kind(text: str, start: int, end: int) -> int:
    """How the word at text[start:end] stands: AS_NAME where a name is used as a name, else PROSE."""
    before = text[start - 1] if start else ""
    after = text[end] if end < len(text) else ""
    if after == "(":
        return AS_NAME
    if before == "." and start >= 2 and (text[start - 2].isalnum() or text[start - 2] in "_)]"):
        return AS_NAME  # obj.word, call().word
    if after == "." and end + 1 < len(text) and (text[end + 1].isalpha() or text[end + 1] == "_"):
        return AS_NAME  # word.attribute (not the full stop of a sentence)
    if before and before in _QUOTES and after == before:
        return AS_NAME  # 'word', "word", `word`
    if before and before in _BEFORE_MARKS:
        return AS_NAME
    if before == " " and text[max(0, start - 3):start].endswith(("{{ ", "{% ")):
        return AS_NAME
    return AS_NAME if after == "}" or (after == " " and text[end:end + 3] in (" }}", " %}")) else PROSE


def _is_key(text: str, start: int, end: int) -> bool:
    """Whether the word at text[start:end] of a data file is a key (`"name": 1`, `name: 1`, `name = 1`
    first on its line): a field's label, not a use of a name."""
    at = end + 1 if end < len(text) and text[end] in "\"'" else end
    while at < len(text) and text[at] in " \t":
        at += 1
    if at >= len(text) or text[at] not in ":=" or text[at:at + 2] in ("==", "::"):
        return False
    if text[end:end + 1] in "\"'":
        return True  # a quoted key
    line_start = text.rfind("\n", 0, start) + 1
    return text[line_start:start].strip(" \t-") == ""


def _add_words(found: FileWords, text: str, region_start: int, region_end: int, line_starts: list[int],
               doctest: bool = False, base: int = 0, data: bool = False) -> None:
    """Record the words of text[region_start:region_end]; `base`: where `text` starts in the file;
    `data`: a data file's, whose keys are labels."""
    for match in _WORD.finditer(text, region_start, region_end):
        word = match.group(0)
        entry = found.get(word)
        if entry is not None and entry[AS_NAME] and (entry[DOCTEST] or not doctest):
            continue  # nothing new to learn (most words of a long text)
        start, end = match.span()
        if end - start < 2 or data and _is_key(text, start, end):
            continue
        as_name = _kind(text, start, end) == AS_NAME
        if entry is None:
            if len(found) >= MAX_WORDS_PER_FILE:
                continue
            entry = found[word] = [0, 0, 0]
        elif not as_name and not (doctest and not entry[DOCTEST]):
            continue
        line = bisect.bisect_right(line_starts, base + start)
        entry[PROSE] = entry[PROSE] or line
        if as_name and not entry[AS_NAME]:
            entry[AS_NAME] = line
        if doctest and not entry[DOCTEST]:
            entry[DOCTEST] = line


def _line_starts(text: str) -> list[int]:
    """The offset of each line's first character (the lengths of the lines before it, summed at C speed)."""
    return [0, *accumulate(map((1).__add__, map(len, text.split("\n")[:-1])))]


def _python_regions(text: str) -> Iterator[re.Match[str]]:
    """The matches of _PYTHON_REGIONS.finditer(text), found faster. The pattern opens with an optional
    string prefix, so the engine tries it at every position of the file; its `#` or first quote is a
    character class the engine skips to. A region starts at that mark, or at the prefix letters (at
    most two, as many as stand there) right before a quote: a match starting earlier would hold an
    earlier mark, and one starting at a later letter matches only if this one does."""
    match_at = _PYTHON_REGIONS.match
    search_mark = _REGION_MARK.search
    position = 0
    while True:
        mark = search_mark(text, position)
        if mark is None:
            return
        at = start = mark.start()
        if text[at] != "#" and at - 1 >= position and text[at - 1] in _STRING_PREFIX:
            start = at - 2 if at - 2 >= position and text[at - 2] in _STRING_PREFIX else at - 1
        region = match_at(text, start)
        if region is None:  # an unclosed quote: the search goes on after it
            position = at + 1
            continue
        yield region
        position = region.end()


# `a.b.C` or `a.b:C` (an import path), at a word boundary: not a file name's extension (`app.py`
# has no second dot and resolves to no symbol anyway) nor part of a longer token (`x.y/z`, `a.b.c.d-e`).
_DOTTED_PATH = re.compile(r"(?<![\w.$/-])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?::([A-Za-z_]\w*))?(?![\w/-]|\.\w)")


def text_words(text: str, data: bool = False) -> FileWords:
    """The words of a text file, each with its first line of each kind (a data file's keys left out),
    and its dotted paths kept whole (a data file's keys too)."""
    found: FileWords = {}
    starts = _line_starts(text)
    _add_words(found, text, 0, len(text), starts, data=data)
    for match in _DOTTED_PATH.finditer(text):
        if len(found) >= MAX_WORDS_PER_FILE:
            break
        path = f"{match.group(1)}.{match.group(2)}" if match.group(2) else match.group(1)
        if path not in found:
            line = bisect.bisect_right(starts, match.start())
            found[path] = [line, line, 0]
    return found


def dotted_path_words(words: FileWords, names: set[str]) -> list[str]:
    """The dotted paths among a text file's words whose last part is one of `names`."""
    return [word for word in words if "." in word and word.rsplit(".", 1)[1] in names]


def code_words(text: str, family: str) -> FileWords:
    """The words of the string literals and comments of a parsed code file (their interpolations aside)."""
    python = family == "python"
    found: FileWords = {}
    starts = _line_starts(text)
    for region in _python_regions(text) if python else _ECMASCRIPT_REGIONS.finditer(text):
        first = region.group(0)[:3]
        if python and first[:1] not in "'\"#" and "f" in first.lower().split("'")[0].split('"')[0]:
            continue  # an f-string: its names are code
        begin, end = region.start(), region.end()
        if _BARE_NAME_STRING.fullmatch(region.group(0)):
            continue  # `"name"` alone: the scan judges where such a string can become a lookup (FileFacts)
        if first[:1] in "#/" and "\n" not in region.group(0) and \
                _COMMENTED_OUT_CODE.search(_COMMENT_MARKS.sub("", region.group(0))):
            continue
        if first[:1] == "`" and "${" in region.group(0):  # a template literal: its text, not its ${...}
            blanked = _INTERPOLATION.sub(lambda m: " " * len(m.group(0)), region.group(0))
            _add_words(found, blanked, 0, len(blanked), starts, base=begin)
        else:
            _add_words(found, text, begin, end, starts)
        if python and first[:1] != "#" and ">>>" in region.group(0):
            for line in _DOCTEST_LINE.finditer(text, begin, end):
                line_end = text.find("\n", line.end())
                _add_words(found, text, line.end(), min(end, line_end if line_end >= 0 else end), starts, doctest=True)
    return found


class WordCache:
    """FileWords by (path, sha256), in one JSON file; after a run it holds that run's files only."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.entries: dict[str, dict] = {}
        self.used: dict[str, dict] = {}
        self.hits = 0
        if path is not None:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                if data.get("version") == INDEX_VERSION and isinstance(data.get("files"), dict):
                    self.entries = data["files"]
            except (OSError, ValueError, AttributeError):
                self.entries = {}

    def get(self, rel: str, sha256: str) -> FileWords | None:
        entry = self.entries.get(rel)
        if isinstance(entry, dict) and entry.get("sha256") == sha256 and isinstance(entry.get("words"), dict):
            self.used[rel] = entry
            self.hits += 1
            return entry["words"]
        return None

    def put(self, rel: str, sha256: str, words: FileWords) -> None:
        self.used[rel] = {"sha256": sha256, "words": words}

    def save(self) -> None:
        if self.path is None:
            return
        try:
            atomic_write_text(self.path, json.dumps({"version": INDEX_VERSION, "files": self.used},
                                                    separators=(",", ":")))
        except OSError:
            pass  # a cache that cannot be written costs speed, not the scan


def _family(language: str) -> str:
    return "python" if language == "python" else "ecmascript"


def words_of_code_file(data: bytes, language: str) -> FileWords:
    """code_words of a parsed file's bytes on disk, read as the index reads them (the first MAX_TEXT_BYTES)."""
    return code_words(data[:MAX_TEXT_BYTES].decode("utf-8", errors="replace"), _family(language))


def indexed_texts(root: Path, texts: Iterable[str], already_read: Mapping[str, str] | None = None
                  ) -> Iterator[tuple[str, bytes, str]]:
    """(path, bytes, sha256) of each text file the word index reads, in order: indexed kinds only, up to
    MAX_TEXT_FILES, binary files and findings reports aside (`already_read`: path -> text read before)."""
    already_read = already_read or {}
    count = 0
    for rel in texts:
        if not is_indexed_text(rel):
            continue
        if count >= MAX_TEXT_FILES:
            break  # a data dump of that many files says nothing more of the code's names
        try:
            data = already_read[rel].encode("utf-8") if rel in already_read else read_regular(root / rel, MAX_TEXT_BYTES)
        except OSError:
            continue
        if b"\0" in data[:BINARY_SNIFF_BYTES] or _is_findings_report(rel, data):
            continue
        count += 1
        yield rel, data, hashlib.sha256(data).hexdigest()


def build_word_index(root: Path, texts: Iterable[str], code: Iterable[FileFacts], names: set[str],
                     cache_path: Path | None, already_read: Mapping[str, str] | None = None,
                     code_read: Mapping[str, tuple[str, FileWords]] | None = None,
                     text_hashes: dict[str, str] | None = None,
                     ) -> tuple[dict[str, list[Place]], int]:
    """Name -> the places (file, line, kind) where one of `names` is written in the text
    files `texts` or in the strings and comments of the parsed files `code`; and how many text files
    were read (`text_hashes`, when given, gets each one's sha256). Files whose words are cached (same
    path, same bytes) are not tokenized again;
    `already_read` (the configuration texts the scan read: path -> text) are not read twice, nor the
    code files whose words the scan's workers read (`code_read`: path -> (sha256, words_of_code_file))."""
    code_read = code_read or {}
    cache = WordCache(cache_path)
    per_file: list[tuple[str, FileWords]] = []
    texts_read = 0
    for facts in code:
        words = cache.get(facts.path, facts.sha256)
        if words is None:
            sha256, words = code_read.get(facts.path, ("", None))
            if words is None or sha256 != facts.sha256:
                try:
                    data = read_regular(root / facts.path, MAX_TEXT_BYTES)
                except OSError:
                    continue
                words = words_of_code_file(data, facts.language)
            cache.put(facts.path, facts.sha256, words)
        per_file.append((facts.path, words))
    for rel, data, sha256 in indexed_texts(root, texts, already_read):
        if text_hashes is not None:
            text_hashes[rel] = sha256
        words = cache.get(rel, sha256)
        if words is None:
            words = text_words(data.decode("utf-8", errors="replace"),
                               data=os.path.splitext(rel)[1].lower() in DATA_EXTENSIONS)
            cache.put(rel, sha256, words)
        per_file.append((rel, words))
        texts_read += 1
    cache.save()
    index: dict[str, list[Place]] = {}
    for rel, words in sorted(per_file):
        dotted = dotted_path_words(words, names)
        for word in [*names.intersection(words), *dotted]:
            first, as_name, doctest = words[word]
            place = (rel, doctest, DOCTEST) if doctest else (rel, as_name, AS_NAME) if as_name else (rel, first, PROSE)
            places = index.setdefault(word, [])
            if len(places) < PLACES_PER_WORD:
                places.append(place)
            elif place[2] != PROSE and any(kind == PROSE for _, _, kind in places):
                # a place where it is used as a name tells more than prose: it takes a prose one's slot
                places[next(i for i, (_, _, kind) in enumerate(places) if kind == PROSE)] = place
    return index, texts_read
