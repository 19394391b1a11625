"""Duplicates a maintainer acts on: which code repeats, where, which copy to keep.

Evidence is structural only. A pair of functions is a DUPLICATE when its code says so:
- identical / renamed / near-miss: the whole bodies match (body hash, or shingles with a
  consistent renaming, or most shingles), as rag.similarity classified the pair; or, in code,
  runs of equal lines in order cover most of both, a few lines edited between them (_edited_copy);
- semantic: one job in two idioms (a loop and a `reduce` that sum price*qty), when the
  behaviour reader finds the same jobs in both bodies;
- contained: the whole body of one function repeats inside another (checked line by line on
  normalized tokens, scan Structure.line_hashes): the host should call the helper;
- block: a run of lines repeats in two functions (found here, from the line hashes), or a shorter
  run of statements (SHORT_CLASS_LINES) stands in three places or more: a clone class.
A repeat of production code spanning under SHORT_CLONE_LINES lines, whatever its kind and however
many places hold it, is a candidate (duplicate/short-clone: a silent DUPLICATE the Claude reviewer may
judge), not a finding. So is a repeat of production top-level code outside any function or callback
(duplicate/module-repeat): data tables, state literals, schema declarations and wiring, which blind
first-contact labels found worth folding 8 times in 108, long or short, word for word or edited; the
same repeat inside top-level callbacks (route handlers, RPC procedures) was right 8 times in 12, and stays
a finding, unless its lines are markup rather than statements (components written as callbacks, each
repeating its siblings' `<svg>` attributes: 0 right in 12 at round 10's first contact).
Cards that only read alike (siblings such as encode/decode, a wrapper and what it calls)
are neighbours: the similarities table and findSimilarFunctions show them, no verdict does.

Left out: schema migrations and generated or vendored code (nobody edits them), example
and demo code (self-contained on purpose), translations (one file per language), one file
written once per module format (`index.ts` / `index.cts`), pairs across languages that cannot call each
other, same-shaped code with none of the same words (constructors storing their
arguments), per-type boilerplate (a few lines that differ only in the type they name), and
a pair of straight-line few-liners (parallel hooks such as format_headers/format_metadata:
from three copies on they are a clone class worth a helper). Test code takes part only
against test code, without the stubs and callbacks nested in a test, and says so. Copies of one body form a clone
class: one finding names every member. The copy to keep ranks first in `keep_rank`; each
verdict carries a confidence from its evidence and is reported only from `min_confidence`.

Repetition that is deliberate stays on the symbol as evidence (a silent DUPLICATE, its rule and
reason in the clone's note) but is no finding (_deliberate):
- a declared copy: a comment or docstring beside one copy says it is copied and names the other's
  module ("What follows is the X from y.py", "copied in from y"): kept apart on purpose, e.g. so a
  module stays standalone;
- a standalone module's copy: a module that imports its own package only under an `except
  ImportError` guard is written to be copied alone; what it repeats of a sibling is its own;
- conditional twins: one name defined twice in one scope (`if sys.version_info...: def f` /
  `else: def f`, a property's getter and setter): alternatives, one of which runs;
- hook idioms: overrides of one framework hook (same name, two classes with a framework base) of a
  few lines each (`has_change_permission`, a one-action view's `post`): the framework's idiom;
- class declarations: the same field declarations in the bodies of two classes (two models, two
  forms): each class's own schema; from three classes on, a base or a constant to share.
Mirror pairs (`__lt__` / `__le__`, `to_bytes` / `to_str`) are inverse operations (doubted).
"""

from __future__ import annotations

import bisect
import contextvars
import difflib
import hashlib
import itertools
import posixpath
import re
from array import array
from collections import Counter
from dataclasses import dataclass
from functools import cached_property, lru_cache, partial
from typing import Callable, Iterable

from .roles import (TEST_DIRECTORIES, generated_sync_twins, is_dunder, is_benchmark_path, is_example_path, is_generated_path,
                    is_migration_path, is_scaffold_path, is_test_input_path, is_test_path, is_translation_path,
                    is_type_test_path)
from .testcode import fixture_decorator, fixture_name, type_assertion
from ..frameworks.python import PLAIN_BASES
from ..scan.languages import language_family, language_for_path
from ..scan.records import build
from ..scan.structure import split_words, vocabulary_word
from ..schema.evidence import MODULE_CODE, Clone, CloneKey
from ..schema.facts import Symbol
from ..schema.review import SimilarFunction
from ..schema.rules import duplicate_rule

KeepRank = tuple  # smaller sorts first = better to keep

# Rule ids (schema/rules.py): a finding's rule is its clone kind's (test code apart: its repetition is
# worth a change only where parametrization or a fixture removes it, schema.rules.duplicate_rule) ...
# ... and the rules that leave a repetition out of findings as deliberate (see _deliberate).
RULE_DECLARED_COPY = "duplicate/declared-copy"
RULE_STANDALONE_MODULE = "duplicate/standalone-module"
RULE_CONDITIONAL_TWIN = "duplicate/conditional-twin"
RULE_HOOK_IDIOM = "duplicate/hook-idiom"
RULE_CLASS_DECLARATIONS = "duplicate/class-declarations"
# A doubt (a confidence penalty), not a waiver: inverse operations and mirror pairs.
RULE_MIRROR_PAIR = "duplicate/mirror-pair"
HOOK_LINES = 5  # code lines of each override up to which two overrides of one hook are its idiom
# A repeat of production code that spans fewer lines than this (on its shorter side, a whole function's
# signature and closing lines included) is a candidate for the Claude reviewer, not a finding, in two
# places or in twenty. Blind first-contact labels found such findings right about a third of the time
# (13 in 42 on rounds 2-5), against two in three for all production duplicates: per-backend overrides of
# a few lines, get-or-404 and update-or-fail tails, __repr__s, one filter's apply per type, markup
# footers. Short clone classes of 3+ places were no better (7 right in 28) than short pairs (8 in 17).
# Counted in code lines instead (Structure.line_hashes leave out a signature and closing brackets), the
# same floor would drop whole functions copied verbatim between two files (4 or 5 code lines over 7 to
# 13 lines), mostly right. Test code keeps its own rules (schema.rules.duplicate_rule).
SHORT_CLONE_LINES = 6
RULE_SHORT_CLONE = "duplicate/short-clone"
RULE_MODULE_REPEAT = "duplicate/module-repeat"
# Two functions alike but for their names, spanning fewer lines than this, side by side in one file or
# under one name in two (a handler per stream event, a hook per resource, one provider's override per
# class), are parallels written per field, type or event more often than a copy to fold: blind first-contact
# labels of rounds 7-12 found them right 18 times in 54 (15 lines or more, all renamed clones: 11 in 19).
# A renamed copy in another file under another name (a helper copied into a module) stays a finding.
RENAMED_MIN_LINES = 15
RULE_SHORT_RENAMED = "duplicate/short-renamed"
# In a component file (JSX), a block repeated across components over fewer lines than this is the
# markup's idiom (a form field, a dialog footer, a column definition): right 30 times in 88 on the same
# rounds, against 6 in 10 for all other production repeats.
MARKUP_BLOCK_LINES = 20
MARKUP_FILES = (".tsx", ".jsx")
RULE_MARKUP_BLOCK = "duplicate/markup-block"
_BARRIERS = itertools.count(1)
# What each place of a keep rank (see keep_rank) says about the copy that wins on it.
KEEP_REASONS = ("it is not part of this change", "it has more users", "it is exported",
                "it lives in a shared module", "it is defined first", "it is defined first")
SHARED_MODULE_WORDS = ("util", "helper", "common", "shared", "lib", "tools")
WHOLE_KINDS = ("identical", "renamed", "near-miss", "semantic")

# A block must be this long to be worth a helper (jscpd's defaults are 5 lines, 50 tokens).
# Tokens here are code tokens (names, literals, operators): brackets and punctuation, which jscpd
# counts, are not, so 30 of them is about jscpd's 50.
MIN_BLOCK_LINES = 5
MIN_BLOCK_TOKENS = 30
# A shorter block must also be a good part of the smaller function: a field or a spinner shared
# by two large components is their markup's idiom, not a job written twice.
BLOCK_SHARE = 0.35
LONG_BLOCK_LINES = 13
# Inside one function, short parallel items (list entries, two fields) are its shape: longer only.
MIN_REPEAT_LINES = 8
BLOCK_SEED = 3  # lines of a run indexed to find block candidates
MAX_BLOCKS = 4  # repeated blocks reported per pair of functions, longest first
BLOCK_GAP = 1  # edited lines a repeated block of module code may hold between equal lines (a renamed key)
# A block of module code (data, schemas, top-level calls) must be this long: it has no function
# to be a good part of. Data says little per line (`color: "#334155",` is two tokens), so its
# token floor is lower.
MIN_MODULE_BLOCK_LINES = 8
MIN_MODULE_BLOCK_TOKENS = 20
# A shorter block of module code (5+ lines: the auth-check scaffold of every mock handler) is a
# helper to write only when the same lines stand in this many places, every place counted (two
# handlers of one file too): a clone class, as a block is one from three places on.
SCAFFOLD_PLACES = 3
SCAFFOLD_TOKENS = 15  # for MIN_BLOCK_LINES lines: 3 a line, the floor of a shorter class (see _scaffold_edges)
# Down to this many code lines, a run standing in SCAFFOLD_PLACES places or more is still a clone class
# (the same four-line catch clause closing every route handler), a candidate under SHORT_CLONE_LINES.
SHORT_CLASS_LINES = 4
# Inside functions, a short class must do work: statements average 5 code tokens a line or more
# (`if (error instanceof z.ZodError) {` is 5), markup laid out a tag or an attribute a line and data
# 2 to 4 (`</DialogFooter>`, `name="email"`): on the real-code corpus every short class of JSX fell
# under it (the form fields, dialog footers and closing tags of 3+ components), the catch clause
# closing four route handlers over it.
SHORT_CLASS_LINE_TOKENS = 5
MARKUP_LINE_TOKENS = 3.25  # see _acts: under this many code tokens a line on average, a repeat is markup
MAX_MODULE_BLOCKS = 12  # blocks per pair when one side is module code: handler lists repeat a lot
MAX_POSTING = 64  # a seed shared by more functions is boilerplate, not a candidate
# The helper's body must repeat whole in a host this much larger, but for one line: its
# `return x`, which an inline copy turns into the assignment the host goes on with.
CONTAINED_RATIO = 1.6
MIN_CONTAINED_LINES = 2
MIN_CONTAINED_TOKENS = 15
# Up to this many code lines a non-identical copy is per-type boilerplate when the names that
# differ are only types (static factories, per-type API methods); one line is a delegate.
BOILERPLATE_LINES = 6
# Confidence by kind; near-miss scales with its structural score; a block with its length.
# Renamed copies in code were right 10 times in 17 on the real-code corpus (sibling operations such
# as stdout/stderr or create/delete read alike): under identical, near-miss and block.
KIND_CONFIDENCE = {"identical": 95, "renamed": 80, "semantic": 85, "contained": 85}
SMALL_LINES = 3  # non-identical copies this short are cheap to leave: less sure it is worth it
SAME_JOB_COVERAGE = 0.5  # see _same_job
SHAPE_ONLY_WORDS = 0.15  # vocabulary agreement under which a same-shaped pair shares no words
PROTOCOL_WORDS = 0.5  # vocabulary agreement under which two overrides of one hook are its shape only
FEW_TOKENS = 20  # code tokens of a straight-line few-liner (see _straight_few)
TEST_PENALTY = 10  # tests repeat their setup on purpose more often than code does
# Inverse operations (follow/unfollow, create/delete, promote/demote) are written as mirrors: what
# they share is the shape of the job, the word that differs is the point. Up to this many code
# lines a copy between two of them is doubted (real-code labels in code: 7 false in 9).
INVERSE_PENALTY = 15
INVERSE_MAX_LINES = 20
INVERSE_WORDS = frozenset(frozenset(pair) for pair in (
    ("add", "remove"), ("create", "delete"), ("create", "destroy"), ("insert", "delete"), ("enable", "disable"),
    ("open", "close"), ("start", "stop"), ("startup", "shutdown"), ("begin", "end"), ("up", "down"),
    ("upper", "lower"), ("show", "hide"), ("push", "pop"), ("load", "dump"), ("encode", "decode"),
    ("increment", "decrement"), ("promote", "demote"), ("accept", "reject"), ("approve", "reject"),
    ("join", "leave"), ("login", "logout"), ("grant", "revoke"), ("allow", "deny"), ("import", "export"),
    ("read", "write"), ("send", "receive"), ("submit", "cancel"), ("on", "off"), ("min", "max"),
    ("first", "last"), ("next", "previous"), ("next", "prev"), ("before", "after"), ("acquire", "release"),
    ("enter", "exit"), ("upgrade", "downgrade"), ("pause", "resume"), ("expand", "collapse"),
    # Mirror pairs: one conversion each way, and the operator twins of a type (`__lt__` / `__le__`
    # share their case split, each branch computes another relation).
    ("bytes", "str"), ("bytes", "text"), ("bytes", "unicode"),
    *itertools.combinations(("lt", "le", "gt", "ge"), 2), ("eq", "ne"), ("add", "sub"), ("mul", "truediv"),
    ("and", "or"), ("iadd", "isub"), ("radd", "rsub")))
INVERSE_PREFIXES = ("un", "dis", "de")  # favorite/unfavorite, connect/disconnect, serialize/deserialize
EDITED_TEST_LINES = 2  # a test repeating another but for this many lines is one test written twice
# Two functions of code whose equal lines, in order, make this share of the larger one (in lines
# and in tokens) are one function copied and edited (a near-miss copy) even when no single run is
# a block of its own: the edits may be a few lines each (a regex on three lines, an inserted option).
NEAR_MISS_SHARE = 0.75
NEAR_MISS_GAP = 4  # lines one copy edits or inserts between two runs of the chain
MIN_NEAR_MISS_LINES = 8  # code lines of each function: shorter ones are their shape (see _boilerplate)
SUBJECT_BLOCK_LINES = 10  # lines of harness two tests of two subjects must share to be a helper to write
CASE_TWICE_LINES = 10  # a JS test case (a callback) equal to another but for one line, from this many lines
# A callback's body must hold this many code lines to be worth a helper: a stub of one or two
# (`count++; next()`) is cheaper written where it is used. A run must hold REACH_LINES of them to be
# that callback's code rather than the call that passes it.
CALLBACK_LINES = 3
REACH_LINES = 2
PLACE_CONFIDENCE = 5  # per place past two of a handler repeated among test cases


def in_shared_module(path: str) -> bool:
    """src/utils/strings.py, lib/helpers.ts: where reusable code is meant to live."""
    parts = path.lower().replace("\\", "/").split("/")
    return any(word in part for part in parts for word in SHARED_MODULE_WORDS)


def keep_rank(path: str, symbol: Symbol, users: int, changed: bool) -> KeepRank:
    """The order in which copies are kept (one reason per place, KEEP_REASONS)."""
    return (changed, -users, not symbol.exported, not in_shared_module(path), path, symbol.line_start)


@dataclass(frozen=True)
class _Run:
    """The longest run of equal code lines of two functions."""

    a: tuple[int, int]  # first and last line on each side
    b: tuple[int, int]
    lines: int  # code lines in the run
    tokens: int


def _code_lines(symbol: Symbol, hidden: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """(line hash, line number) of the code lines of a function, without its nested functions: each
    stands as one barrier valued by its content (see _lines)."""
    return _lines(symbol.structure.line_hashes if symbol.structure else [], symbol.line_start, hidden, by_content=True)


# A barrier valued by content carries this bit above its 40-bit digest: it is under -(this << 7),
# which a counted one never reaches.
_CONTENT_BARRIER = 1 << 48


def _lines(hashes: list[int], first: int, hidden: list[tuple[int, int]], by_content: bool = False) -> list[tuple[int, int]]:
    """(line hash, line number) of the code lines of `hashes` (line `first` on), without `hidden` spans.
    A hidden span stands as one barrier line of no tokens. `by_content`: its value is a digest of
    the span's own line hashes (a function's hashes cover its nested functions), so a run may go on
    through the same callback written in both copies (`onSettled: () => {...}` in two mutations)
    and stops at one that differs; otherwise (module code, whose hidden lines hash to 0) a value
    no line of any unit has: runs never bridge a hidden function."""
    out: list[tuple[int, int]] = []
    spans = _union(hidden)  # a pointer walks them with the lines: a file may hide thousands of functions
    at, barred = 0, -1  # barred: the span the last barrier stands for
    for k, value in enumerate(hashes):
        line = first + k
        while at < len(spans) and spans[at][1] < line:
            at += 1
        if at < len(spans) and spans[at][0] <= line:
            if by_content and barred != at:
                out.append((_barrier(hashes, first, spans[at]), line))
            elif not by_content and (not out or out[-1][0] >= 0):
                out.append((-(next(_BARRIERS) << 8), line))
            barred = at
        elif value:
            out.append((value, line))
    return out


_NESTED_FLOOR = -(_CONTENT_BARRIER << 7)  # barrier values under it are valued by content (see _barrier)


def _barrier(hashes: list[int], first: int, span: tuple[int, int]) -> int:
    """The barrier of a hidden span valued by its content: negative, with the span's code tokens
    (up to 255) in its low byte, as a line has: a run through it holds them."""
    inside = hashes[span[0] - first : span[1] - first + 1]
    digest = int.from_bytes(hashlib.blake2b(array("q", inside).tobytes(), digest_size=5).digest(), "big")
    return -((_CONTENT_BARRIER | digest) << 8) + min(255, sum(value & 0xFF for value in inside))


def _contained_spans(spans: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The spans of `spans` (sorted) that lie inside another, different span of the list. Sorted by
    start, then longest first, a span is inside another exactly when an earlier different span
    ends at or after its end."""
    ordered = sorted(set(spans), key=lambda span: (span[0], -span[1]))
    found, furthest = set(), float("-inf")
    for start, end in ordered:
        if furthest >= end:
            found.add((start, end))
        furthest = max(furthest, end)
    return found


def _union(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted, disjoint spans covering the same lines as `spans`."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


class RunsMemo:
    """_runs results by the content of both sides' code lines, across runs (the pipeline keeps
    them in .reviewer/cache): _runs is a pure function of its arguments. The counted barrier
    values (unique negative markers, numbered anew each run) matter only by being unique, so the
    key reads each as one value; a barrier valued by content keeps its value. `stored`: hex key -> runs as [a0, a1, b0, b1, lines, tokens]."""

    def __init__(self, stored: dict[str, list[list[int]]] | None = None) -> None:
        self.stored = stored or {}
        self.used: dict[str, list[list[int]]] = {}  # what this run read or computed: the next file
        self.computed = 0
        self._digests: dict[int, tuple[list, bytes]] = {}

    def _digest(self, code: list[tuple[int, int]]) -> bytes:
        entry = self._digests.get(id(code))
        if entry is None or entry[0] is not code:
            flat = array("q", itertools.chain.from_iterable((v if v >= 0 or v < _NESTED_FLOOR else -256, line)
                                                            for v, line in code))
            entry = self._digests[id(code)] = (code, hashlib.blake2b(flat.tobytes(), digest_size=16).digest())
        return entry[1]

    def runs(self, a: list[tuple[int, int]], b: list[tuple[int, int]], itself: bool, gap: int,
             loose: bool = False) -> list[_Run]:
        key = hashlib.blake2b(self._digest(a) + self._digest(b) + bytes((itself, gap, loose)), digest_size=16).hexdigest()
        found = self.used.get(key)
        if found is None:
            found = self.stored.get(key)
        if found is None:
            found = [[*r.a, *r.b, r.lines, r.tokens] for r in _read_runs(_compute_runs(a, b, itself, gap, loose))]
            self.computed += 1
        self.used[key] = found
        return [_Run((a0, a1), (b0, b1), lines, tokens) for a0, a1, b0, b1, lines, tokens in found]


_MEMO: contextvars.ContextVar[RunsMemo | None] = contextvars.ContextVar("runs_memo", default=None)


class JudgedMemo:
    """The candidate pairs that gave no duplicate edge, across runs (the pipeline keeps them in
    .reviewer/cache): most candidate pairs give none (39,000 of the standard library's 41,000), and a
    run after a one-file change would judge every one of them again.

    A side is named by its file's content digest (`digests`: path -> sha256) and its card id: all that
    _pair_edges reads of a unit (its symbol, code lines, nesting, subjects, callees) comes from its
    own file; the pair also by its hit (the similarity scores). Only "no edge" is kept: an edge's
    orientation reads this run's usage ranks. `stored`: the keys of the last run."""

    def __init__(self, digests: dict[str, str], stored: Iterable[str] = ()) -> None:
        self.digests = digests
        self.stored = set(stored)
        self.used: set[str] = set()  # this run's pairs with no edge: what the next run reads
        self.computed = 0  # pairs with no edge judged here (not read from `stored`)

    def judge(self, a: _Function, b: _Function, hit: SimilarFunction | None,
              rank: Callable[[str, Symbol], KeepRank]) -> list[_Edge]:
        """_judge(a, b, hit, rank), answered from the last run when it gave no edge."""
        key = self._key(a, b, hit)
        if key is not None and key in self.stored:
            self.used.add(key)
            return []
        edges = _judge(a, b, hit, rank)
        if key is not None and not edges:
            self.used.add(key)
            self.computed += 1
        return edges

    def _key(self, a: _Function, b: _Function, hit: SimilarFunction | None) -> str | None:
        digest_a, digest_b = self.digests.get(a.path), self.digests.get(b.path)
        if digest_a is None or digest_b is None:
            return None
        text = "\0".join((a.path, digest_a, a.card_id, b.path, digest_b, b.card_id,
                          hit.model_dump_json() if hit is not None else ""))
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _runs(a: list[tuple[int, int]], b: list[tuple[int, int]], itself: bool = False, gap: int = 0,
          loose: bool = False) -> list[_Run]:
    """The runs callers read (_read_runs of _compute_runs), through the RunsMemo of this
    find_duplicates call if it has one."""
    memo = _MEMO.get()
    return (_read_runs(_compute_runs(a, b, itself, gap, loose)) if memo is None
            else memo.runs(a, b, itself, gap, loose))


def _read_runs(runs: list[_Run]) -> list[_Run]:
    """The longest run and those of MIN_BLOCK_LINES lines or more: nothing reads a shorter one
    (the longest alone says whether a helper is contained), and the memo stores no more."""
    return runs[:1] + [run for run in runs[1:] if run.lines >= MIN_BLOCK_LINES]


def _compute_runs(a: list[tuple[int, int]], b: list[tuple[int, int]], itself: bool = False, gap: int = 0,
                  loose: bool = False) -> list[_Run]:
    """The maximal runs of equal lines _read_runs reads (the first and those of MIN_BLOCK_LINES or
    more), most tokens first; `itself`: a and b are one function, and
    the two copies of a run must not overlap (a block repeated inside one function). `gap`: runs
    in step on both sides with up to this many edited lines between them are one run (a near-miss
    block: `password:` edited to `new_password:` inside an otherwise copied schema). `loose`: the
    lines between may also be a nested function written differently in each, or lines one side
    inserts (see _bridged_twice)."""
    values_a, values_b = [v for v, _ in a], [v for v, _ in b]
    at: dict[int, list[int]] = {}
    for j, value in enumerate(values_b):
        at.setdefault(value, []).append(j)
    exact: list[tuple[int, int, int]] = []  # (index in a, index in b, length)
    for i, value in enumerate(values_a):
        for j in at.get(value, ()):
            if (itself and j <= i) or (i and j and values_a[i - 1] == values_b[j - 1]):
                continue  # the same place, or inside a run already measured from its start
            k = 0
            while (i + k < len(a) and j + k < len(b) and values_a[i + k] == values_b[j + k]
                   and not (itself and i + k >= j)):
                k += 1
            exact.append((i, j, k))
    tokens = list(itertools.accumulate((v & 0xFF for v in values_a), initial=0))  # tokens of a[:i] at i
    spans = (_chained(exact, a, b, gap) if loose
             else [(i, j, k, k, k, edited) for i, j, k, edited in _bridged(exact, a, b, gap)])
    # Only what _read_runs keeps becomes a run: the first in order and the long ones (markup repeating
    # `</div>` on both sides makes thousands of one-line runs nothing reads).
    order = [(-(tokens[i + ka] - tokens[i] - edited), a[i][1], a[i + ka - 1][1], b[j][1], b[j + kb - 1][1], lines)
             for i, j, ka, kb, lines, edited in spans]
    first = min(order, default=None)
    found = [_Run((a0, a1), (b0, b1), lines, -negative) for negative, a0, a1, b0, b1, lines in order
             if lines >= MIN_BLOCK_LINES or (negative, a0, a1, b0, b1, lines) == first]
    found.sort(key=lambda run: (-run.tokens, run.a, run.b))
    return found


def _bridged(exact: list[tuple[int, int, int]], a: list[tuple[int, int]], b: list[tuple[int, int]],
             gap: int) -> list[tuple[int, int, int, int]]:
    """(i, j, length, tokens of the edited lines) of each run, joining runs in step (same j - i)
    that `gap` or fewer lines apart; without a gap, the runs as they are."""
    if not gap:
        return [(i, j, k, 0) for i, j, k in exact]
    by_step: dict[int, list[tuple[int, int, int]]] = {}
    for i, j, k in exact:
        by_step.setdefault(j - i, []).append((i, j, k))
    out = []
    for runs in by_step.values():
        runs.sort()
        i, j, k = runs[0]
        edited = 0
        for ni, nj, nk in runs[1:]:
            edit = a[i + k : ni] + b[j + k : nj]
            if 0 < ni - (i + k) <= gap and all(value >= 0 for value, _ in edit):  # never over a function
                edited += sum(v & 0xFF for v, _ in a[i + k : ni])
                k = ni + nk - i
            else:
                out.append((i, j, k, edited))
                i, j, k, edited = ni, nj, nk, 0
        out.append((i, j, k, edited))
    return out


def _chained(exact: list[tuple[int, int, int]], a: list[tuple[int, int]], b: list[tuple[int, int]],
             gap: int) -> list[tuple[int, int, int, int, int, int]]:
    """(i, j, length in a, length in b, equal lines, tokens of the edited lines of a) of each chain
    of runs, in order on both sides, `gap` or fewer lines apart on each: an edit, or lines one side
    inserts (a test that removes two items before the same asserts). The lines between
    may be a nested function valued by its content, never a counted barrier. A chain's lines are
    its equal ones: the edits inside it count as lines the copy leaves out."""
    chains: list[list[int]] = []  # [i, j, end in a, end in b, equal lines, edited tokens, order made]
    # The chains a later run may still extend, by where they end in b: a run at (i, j) can extend one
    # ending at most `gap` lines before it on each side, so it looks in `gap` + 1 buckets, not at every
    # chain (long markup repeats `</div>` hundreds of times on both sides: that was quadratic).
    ending: dict[int, list[list[int]]] = {}
    for i, j, k in sorted(exact):
        best = None
        for end_b in range(j - gap, j + 1):
            bucket = ending.get(end_b)
            if not bucket:
                continue
            bucket[:] = [chain for chain in bucket if chain[2] >= i - gap]  # runs come in order of i
            for chain in bucket:
                skip_a, skip_b = i - chain[2], j - chain[3]
                if (0 <= skip_a <= gap and skip_a + skip_b
                        and all(v >= 0 or v < _NESTED_FLOOR for v, _ in a[chain[2] : i] + b[chain[3] : j])
                        and (best is None or chain[2] - chain[0] > best[2] - best[0]
                             or chain[2] - chain[0] == best[2] - best[0] and chain[6] < best[6])):
                    best = chain
        if best is None:
            chains.append([i, j, i + k, j + k, k, 0, len(chains)])
            ending.setdefault(j + k, []).append(chains[-1])
        else:
            ending[best[3]].remove(best)
            best[5] += sum(v & 0xFF for v, _ in a[best[2] : i])
            best[2], best[3], best[4] = i + k, j + k, best[4] + k
            ending.setdefault(best[3], []).append(best)
    return [(i, j, end_a - i, end_b - j, equal, edited) for i, j, end_a, end_b, equal, edited, _ in chains]


def _longest_run(a: list[tuple[int, int]], b: list[tuple[int, int]], itself: bool = False) -> _Run | None:
    """The run of equal lines with the most tokens (see _runs)."""
    runs = _runs(a, b, itself)
    return runs[0] if runs else None


@dataclass
class _Function:
    card_id: str
    path: str
    symbol: Symbol
    code: list[tuple[int, int]]
    nested: bool = False  # defined inside another function, named or not (a stub in a test's callback)
    # (name it reads, where the name comes from): a module, or a pytest fixture of its own file
    subjects: frozenset[tuple[str, str]] = frozenset()
    # In test files: the names it calls, and the functions nested in it call (`body` of `request.body()`)
    callees: frozenset[str] = frozenset()

    @property
    def key(self) -> CloneKey:
        return (self.path, self.symbol.qualified_name, self.symbol.line_start)

    @cached_property  # asked by every floor check, of code that never changes
    def tokens(self) -> int:
        return sum(v & 0xFF for v, _ in self.code)

    @cached_property
    def weighing_lines(self) -> int:
        """Code lines holding tokens that count (a forwarded keyword weighs none)."""
        return sum(1 for v, _ in self.code if v & 0xFF)

    @cached_property  # asked for each of its candidate pairs
    def type_test(self) -> bool:
        return _type_test(self.symbol)

    def hit(self, score: float) -> SimilarFunction:
        s = self.symbol
        return SimilarFunction(id=self.card_id, name=s.qualified_name, file_path=self.path, line_start=s.line_start,
                               line_end=s.line_end, score=round(score, 4), structure=round(score, 4))


@dataclass
class _Edge:
    """A duplicate pair, oriented: `copy` gets the verdict and `keep` stays."""

    copy: _Function
    keep: _Function
    hit: SimilarFunction  # the pair's scores, describing `keep`
    kind: str
    copy_lines: tuple[int, int]
    keep_lines: tuple[int, int]
    confidence: int
    test_code: bool
    few: bool = False  # straight-line few-liners: only a clone class of 3+ is reported
    doubt: str = ""  # what lowered the confidence, said with the finding
    waived: str = ""  # why the repetition is deliberate (see _deliberate): evidence, not a finding
    waived_rule: str = ""

    @property
    def digest(self) -> str:
        """The copy's repeating lines, hashed (a finding's fingerprint must survive moved lines)."""
        return block_digest(self.copy.code, *self.copy_lines)


def block_digest(code: list[tuple[int, int]], start: int, end: int) -> str:
    """The hash of a unit's line values from `start` to `end`. A barrier (a nested function's
    place) counts as one value whatever its number: the numbers come from a counter over the
    whole project, so a function added anywhere before must not change a fingerprint."""
    values = [str(value) if value >= 0 else "-" for value, line in code if start <= line <= end]
    return hashlib.blake2b(" ".join(values).encode(), digest_size=8).hexdigest()


@dataclass
class Duplicates:
    copies: dict[CloneKey, list[Clone]]  # symbol -> what it duplicates, best first
    neighbours: dict[CloneKey, list[SimilarFunction]]  # similar cards with no structural evidence


def find_duplicates(
    pairs: dict[str, list[SimilarFunction]],
    functions: dict[str, tuple[str, Symbol]],
    rank: Callable[[str, Symbol], KeepRank],
    structural_only: bool = False,
    min_confidence: int = 70,
    modules: dict[str, list[int]] | None = None,
    test_cases: set[str] | frozenset[str] = frozenset(),
    test_lines: dict[str, tuple[list[int], list[list[int]]]] | None = None,
    memo: RunsMemo | None = None,
    subjects: dict[str, dict[str, str]] | None = None,
    test_inputs: frozenset[str] = frozenset(),
    notes: dict[str, list[list]] | None = None,
    classes: dict[str, list[Symbol]] | None = None,
    standalone: frozenset[str] = frozenset(),
    callbacks: dict[str, list[list[int]]] | None = None,
    judged: JudgedMemo | None = None,
) -> Duplicates:
    """card id -> similar hits (both directions, from rag.similarity), card id -> (path, symbol)
    => the DUPLICATE evidence per symbol and the meaning-only neighbours.

    `modules`: path -> FileFacts.module_line_hashes; the code outside functions of each file is
    one more unit (MODULE_CODE) for repeated blocks: data tables, schemas, top-level callbacks.
    `test_cases`: the test files that assert (test cases, as opposed to mocks and factories).
    `test_lines`: test file -> (its assertion lines, the [first, last] lines of its unnamed functions):
    what tells the support written inside test cases (a handler, a helper's steps) from the scenario.
    `memo`: runs of equal lines computed before (see RunsMemo).
    `subjects`: test file -> {module-level name: the module it comes from} (see testcode.case_subjects).
    `test_inputs`: files the tests hand to a tool as they are (entrypoints.fixture_packages, the typing
    tests of roots.type_checked_files), and snapshots written once (frameworks.alembic.revision_scripts):
    no part.
    `notes`: path -> FileFacts.copy_notes; `classes`: path -> its class symbols; `standalone`: the
    modules written to be copied alone (standalone_modules); all three for _deliberate. `callbacks`: path ->
    FileFacts.callback_spans (a repeat of top-level code inside them is logic, see RULE_MODULE_REPEAT).
    `judged`: the pairs found to give no edge before (see JudgedMemo)."""
    # Generated sync twins of async code take no part either: their source's findings say it all.
    test_inputs = test_inputs | generated_sync_twins(place[0] for place in functions.values())
    if test_inputs:
        functions = {card: place for card, place in functions.items() if place[0] not in test_inputs}
        modules = {path: hashes for path, hashes in (modules or {}).items() if path not in test_inputs}
    token = _MEMO.set(memo)
    try:
        return _find_duplicates(pairs, functions, rank, structural_only, min_confidence, modules, test_cases,
                                test_lines or {}, subjects or {}, notes or {}, classes or {}, standalone,
                                callbacks or {}, judged.judge if judged is not None else _judge)
    finally:
        _MEMO.reset(token)


def _find_duplicates(pairs: dict[str, list[SimilarFunction]], functions: dict[str, tuple[str, Symbol]],
                     rank: Callable[[str, Symbol], KeepRank], structural_only: bool, min_confidence: int,
                     modules: dict[str, list[int]] | None, test_cases: set[str] | frozenset[str],
                     test_lines: dict[str, tuple[list[int], list[list[int]]]],
                     subjects: dict[str, dict[str, str]], notes: dict[str, list[list]],
                     classes: dict[str, list[Symbol]], standalone: frozenset[str],
                     callbacks: dict[str, list[list[int]]], judge: Callable) -> Duplicates:
    spans = _spans_by_path(functions)
    by_id = _functions(functions, spans)
    _mark_subjects(by_id.values(), subjects)
    by_id.update(_module_units(modules or {}, spans, test_cases))
    for unit in by_id.values():
        if _test_support(unit):  # test support code of a file reads what the file binds
            unit.subjects = frozenset(subjects.get(unit.path, {}).items())
    edges: list[_Edge] = []
    neighbours: dict[CloneKey, list[SimilarFunction]] = {}
    seen: set[tuple[str, str]] = set()
    for card_id, hits in pairs.items():
        for hit in hits:
            a, b = by_id.get(card_id), by_id.get(hit.id)
            if a is None or b is None or (a.card_id, b.card_id) in seen:
                continue
            seen.add((a.card_id, b.card_id))
            seen.add((b.card_id, a.card_id))
            if structural_only:
                hit = hit.model_copy(update={"meaning": None})
            judged = judge(a, b, hit, rank)
            if judged:
                edges.extend(judged)
            elif hit.clone_kind not in WHOLE_KINDS or hit.behaviour != "differs":
                if _comparable(a, b) and not _test_mix(a, b):
                    neighbours.setdefault(a.key, []).append(hit)
    for a, b in _block_candidates(by_id, seen):
        judged = judge(a, b, None, rank)
        if _small(a) or _small(b):  # a method under the block floor is a candidate as a helper only
            judged = [edge for edge in judged if edge.kind == "contained"]
        edges.extend(judged)
    edges.extend(edge for function in by_id.values() if (edge := _repeated_inside(function)) is not None)
    edges.extend(_scaffold_edges([unit for unit in by_id.values() if unit.symbol.name == MODULE_CODE
                                  and not _left_out(unit.path)], rank, edges))
    edges.extend(_short_class_edges([unit for unit in by_id.values() if unit.symbol.name != MODULE_CODE
                                     and not _left_out(unit.path) and not is_test_path(unit.path)], rank, edges))
    edges.extend(_case_edges(list(_module_units(modules or {}, spans, frozenset(), only=test_cases).values()),
                             test_lines, rank, subjects))
    _deliberate(edges, notes, classes, standalone)
    return Duplicates(_clone_classes(edges, rank, min_confidence, callbacks), neighbours)


def _mark_subjects(units, imported: dict[str, dict[str, str]]) -> None:
    """Fill the `subjects` of each test case: the parameters a pytest fixture of its own file
    provides (`@pytest.fixture(name="mod")` or a fixture function of that name), and the
    module-level names it reads that its file imports (see testcode.case_subjects)."""
    fixtures: dict[str, set[str]] = {}
    for unit in units:
        decorator = fixture_decorator(unit.symbol)
        if decorator is not None:
            fixtures.setdefault(unit.path, set()).add(fixture_name(unit.symbol, decorator))
    for unit in units:
        if not _test_function(unit):
            continue
        local = fixtures.get(unit.path, set())
        names = imported.get(unit.path, {})
        heads = {reference.split(".", 1)[0] for reference in unit.symbol.references}
        unit.subjects = frozenset([(p, f"fixture of {unit.path}") for p in unit.symbol.params if p in local]
                                  + [(name, names[name]) for name in heads & names.keys()])



def _spans_by_path(functions: dict[str, tuple[str, Symbol]]) -> dict[str, list[tuple[int, int]]]:
    """path -> the (first, last) lines of its functions, sorted."""
    spans: dict[str, list[tuple[int, int]]] = {}
    for path, symbol in functions.values():
        spans.setdefault(path, []).append((symbol.line_start, symbol.line_end))
    for file_spans in spans.values():
        file_spans.sort()
    return spans


def _functions(functions: dict[str, tuple[str, Symbol]], spans: dict[str, list[tuple[int, int]]]) -> dict[str, _Function]:
    """The functions with their code lines; a function inside another (a callback, a method of a
    local class) is its own code: hidden from its host's lines, and marked nested."""
    inside = {path: _contained_spans(file_spans) for path, file_spans in spans.items()}  # spans inside another
    out = {}
    for card_id, (path, symbol) in functions.items():
        start, end = symbol.line_start, symbol.line_end
        file_spans = spans[path]
        # The spans inside this one start within it: a binary search finds the first.
        first = bisect.bisect_left(file_spans, (start,))
        inner = []
        for a, b in itertools.islice(file_spans, first, None):
            if a > end:
                break
            if b <= end and (a, b) != (start, end):
                inner.append((a, b))
        nested = symbol.in_callback or (start, end) in inside[path]
        out[card_id] = _Function(card_id, path, symbol, _code_lines(symbol, inner), nested)
    _mark_callees([unit for unit in out.values() if is_test_path(unit.path)])
    return out


def _mark_callees(units: list[_Function]) -> None:
    """_Function.callees of test functions: a call's last name, given to the function and to every
    function it is nested in (a test's `app` view is where the test says what it exercises)."""
    called: dict[tuple[str, str], set[str]] = {}
    for unit in units:
        names = {call.rsplit(".", 1)[-1] for call in unit.symbol.calls}
        qualified = unit.symbol.qualified_name
        while True:
            called.setdefault((unit.path, qualified), set()).update(names)
            if "." not in qualified:
                break
            qualified = qualified.rsplit(".", 1)[0]
    for unit in units:
        unit.callees = frozenset(called[(unit.path, unit.symbol.qualified_name)])


def _module_units(modules: dict[str, list[int]], spans: dict[str, list[tuple[int, int]]],
                  test_cases: set[str] | frozenset[str], only: set[str] | frozenset[str] | None = None
                  ) -> dict[str, _Function]:
    """The code outside functions of each file, as one unit whose lines skip its functions. Test
    cases take no part: their top level holds the cases, whose arrange steps repeat on purpose
    (hand labels: 1 repeated block in 5 there is worth a helper); test support code (mock
    handlers, factories: test files with no assertion) does, as test code. `only`: these files alone
    (the test cases, read apart by _case_edges)."""
    out = {}
    for path, hashes in modules.items():
        if (only is not None and path not in only) or not any(hashes) or path in test_cases or _left_out(path):
            continue
        # build, not model_construct: that asks inspect.signature of every default factory, per call
        symbol = build(Symbol, name=MODULE_CODE, qualified_name=MODULE_CODE, kind="variable", exported=False,
                       line_start=1, line_end=len(hashes), decorators=[], structure=None, behaviour=None, complexity=1)
        unit = _Function(f"{path}#{MODULE_CODE}", path, symbol, _lines(hashes, 1, spans.get(path, [])))
        if unit.tokens >= MIN_MODULE_BLOCK_TOKENS:
            out[unit.card_id] = unit
    return out


def _block_candidates(by_id: dict[str, _Function], seen: set[tuple[str, str]]) -> list[tuple[_Function, _Function]]:
    """Pairs of functions sharing a run of BLOCK_SEED code lines that the similarity pairs miss."""
    postings: dict[tuple[int, ...], list[str]] = {}
    for card_id, function in by_id.items():
        # A method under the block floor takes part as a helper a sibling may repeat (see _contained).
        small = function.tokens < _min_tokens(function)
        if (small and not (function.symbol.parent and function.tokens >= MIN_CONTAINED_TOKENS)) or _left_out(function.path):
            continue
        values = [v for v, _ in function.code]
        for seed in {tuple(values[k : k + BLOCK_SEED]) for k in range(len(values) - BLOCK_SEED + 1)}:
            postings.setdefault(seed, []).append(card_id)
    found: set[tuple[str, str]] = set()
    for ids in postings.values():
        if 2 <= len(ids) <= MAX_POSTING:
            for x in range(len(ids)):
                for y in range(x + 1, len(ids)):
                    pair = (ids[x], ids[y]) if ids[x] < ids[y] else (ids[y], ids[x])
                    if (_small(by_id[ids[x]]) or _small(by_id[ids[y]])) and not _siblings(by_id[ids[x]], by_id[ids[y]]):
                        continue
                    if pair not in seen:
                        found.add(pair)
    return [(by_id[a], by_id[b]) for a, b in sorted(found)]


def _small(unit: _Function) -> bool:
    return unit.tokens < _min_tokens(unit)


def _siblings(a: _Function, b: _Function) -> bool:
    """Two methods of one class (or members of one object): each can call the other on `self`."""
    return a.path == b.path and a.symbol.parent is not None and a.symbol.parent == b.symbol.parent


@lru_cache(maxsize=None)  # asked per pair of every candidate (tens of thousands), of a few thousand paths
def _left_out(path: str) -> bool:
    return (is_migration_path(path) or is_generated_path(path) or is_example_path(path) or is_scaffold_path(path)
            or is_benchmark_path(path) or is_test_input_path(path) or is_type_test_path(path)
            or is_translation_path(path))


@lru_cache(maxsize=None)
def _family(path: str) -> str:
    return language_family(language_for_path(path) or "")


def _nested(a: _Function, b: _Function) -> bool:
    if a.path != b.path:
        return False
    sa, sb = a.symbol, b.symbol
    return sa.line_start <= sb.line_start <= sa.line_end or sb.line_start <= sa.line_start <= sb.line_end


def _comparable(a: _Function, b: _Function) -> bool:
    """Could one of these ever call the other's code: code someone edits, one language, not nested,
    not one file written once per module format."""
    if _left_out(a.path) or _left_out(b.path) or _nested(a, b) or _format_twins(a.path, b.path):
        return False
    return _family(a.path) == _family(b.path)


_MODULE_FORMAT = re.compile(r"\.([cm]?)([jt]s)$")


@lru_cache(maxsize=None)
def _format_twins(x: str, y: str) -> bool:
    """Two files of one folder for two module formats (`index.ts` / `index.cts` / `index.mts`, a
    `cjs-test.cts` beside `index.ts`, each checked against its own build): the same code once per
    format, on purpose."""
    if x == y or posixpath.dirname(x) != posixpath.dirname(y):
        return False
    fx, fy = _MODULE_FORMAT.search(x), _MODULE_FORMAT.search(y)
    return fx is not None and fy is not None and fx.group(2) == fy.group(2) and fx.group(1) != fy.group(1)


def _test_mix(a: _Function, b: _Function) -> bool:
    """Test code against the code under test, or a stub nested in a test (written inline on purpose)."""
    test_a, test_b = is_test_path(a.path), is_test_path(b.path)
    if test_a != test_b:
        return True
    # A stub nested in a test, or one name defined again and again in one test file (a
    # `customFetch` per test callback), is written inline on purpose.
    same_name = a.path == b.path and a.symbol.name == b.symbol.name
    return test_a and (a.nested or b.nested or same_name)


def _mirrored_cases(a: _Function, b: _Function) -> bool:
    """Two test cases of two test files, each given its subject by its own file: one name they both
    read comes from two places, a fixture each file defines for itself (a `mod` fixture) or two
    modules each file imports (`from docs_src.prompt import tutorial002 as mod; app = mod.app`,
    one test file per docs tutorial); or the two files are the test suites of two packages, each
    testing its own (`integrations/ntfy/tests` and `integrations/gotify/tests`: hand labels found
    such pairs of test cases none worth sharing; their shared set-up is, and is still judged).
    They are mirrored suites, not a test written twice."""
    if a.path == b.path:
        return False
    if _test_support(a) and _test_support(b):  # the module code of two test files: what each file binds
        return _bound_apart(dict(a.subjects), dict(b.subjects))
    if not (_test_function(a) and _test_function(b)):
        return False
    return _suite_owner(a.path) != _suite_owner(b.path) or _bound_apart(dict(a.subjects), dict(b.subjects))


def _test_support(unit: _Function) -> bool:
    return unit.symbol.name == MODULE_CODE and is_test_path(unit.path)


def _bound_apart(x: dict[str, str], y: dict[str, str]) -> bool:
    """One name both read, bound to two modules (or fixtures)."""
    return any(x[name] != y[name] for name in x.keys() & y.keys())


@lru_cache(maxsize=None)
def _suite_owner(path: str) -> str:
    """The package whose test folder holds a test file: `hc/integrations/ntfy` for
    hc/integrations/ntfy/tests/test_notify.py, `blog` for a Django app's blog/tests.py, "" for a
    suite at the root (tests/client/x.py) or a test file outside any test folder."""
    parts = path.split("/")
    if parts[-1] == "tests.py":
        return "/".join(parts[:-1])
    return "/".join(parts[: next((k for k, part in enumerate(parts[:-1]) if part in TEST_DIRECTORIES), 0)])


def _test_function(unit: _Function) -> bool:
    """A test function (`test_x`, `TestX.test_y`) of a test file, as opposed to its support code."""
    return is_test_path(unit.path) and unit.symbol.name.startswith("test") and not unit.nested


def _other_subjects(a: _Function, b: _Function) -> bool:
    """Two tests that each call something the other does not (`request.body()` / `request.stream()`
    in their app, `client.head` / `client.get`): each exercises its own subject, so what they share
    is the harness around it, written again on purpose. One calling more than the other (a
    middleware added) is the same test with more input."""
    return (_test_function(a) and _test_function(b)
            and bool(a.callees - b.callees) and bool(b.callees - a.callees))


def _test_stubs(a: _Function, b: _Function) -> bool:
    """Two functions nested in tests (or one name defined again in a test file), both as long as a
    block: a stub that a class of copies may show is a helper written out again and again. As for
    a scaffold of module code, the class is the evidence, so the token floor is a scaffold's."""
    return (is_test_path(a.path) and is_test_path(b.path) and min(len(a.code), len(b.code)) >= MIN_BLOCK_LINES
            and min(a.tokens, b.tokens) >= SCAFFOLD_TOKENS)


def _judge(a: _Function, b: _Function, hit: SimilarFunction | None,
           rank: Callable[[str, Symbol], KeepRank]) -> list[_Edge]:
    """The duplicate edges of a pair (see _pair_edges), doubted between two short inverse operations."""
    edges = _pair_edges(a, b, hit, rank)
    if edges and _inverse_operations(a, b):
        for edge in edges:
            edge.confidence -= INVERSE_PENALTY
            edge.doubt = (f"named as inverse operations ({edge.copy.symbol.name} / {edge.keep.symbol.name}): "
                          f"the word that differs may be the point, confidence -{INVERSE_PENALTY}")
    return edges


def _inverse_operations(a: _Function, b: _Function) -> bool:
    """Two short functions of code named as inverses: the names differ in one word each, a pair of
    INVERSE_WORDS or one word with a negating prefix (`unfollow_user` / `follow_user`)."""
    if is_test_path(a.path) or min(len(a.code), len(b.code)) > INVERSE_MAX_LINES:
        return False
    words_a, words_b = split_words(a.symbol.name), split_words(b.symbol.name)
    only_a, only_b = [w for w in words_a if w not in words_b], [w for w in words_b if w not in words_a]
    if len(only_a) != 1 or len(only_b) != 1:
        return False
    x, y = only_a[0], only_b[0]
    return (frozenset((x, y)) in INVERSE_WORDS or any(x == p + y or y == p + x for p in INVERSE_PREFIXES)
            or _inverse_compound(x, y))


def _inverse_compound(x: str, y: str) -> bool:
    """One word each that joins an inverse pair to a common stem of two letters or more (`uppercase` /
    `lowercase`, `fileupload` / `filedownload`): their parts are INVERSE_WORDS, the words are not."""
    return any(frozenset(pair) in INVERSE_WORDS for pair in itertools.chain(
        ((x[:-k], y[:-k]) for k in range(2, min(len(x), len(y))) if x[-k:] == y[-k:]),
        ((x[k:], y[k:]) for k in range(2, min(len(x), len(y))) if x[:k] == y[:k])))


def _pair_edges(a: _Function, b: _Function, hit: SimilarFunction | None,
                rank: Callable[[str, Symbol], KeepRank]) -> list[_Edge]:
    """The duplicate edges of a pair: one for a whole or contained copy, one per repeated block
    otherwise (two components can share a form and, further down, a dialog footer); none when the
    code gives no structural evidence of a copy."""
    stubs = _test_mix(a, b)
    if not _comparable(a, b) or a.key == b.key or (stubs and not _test_stubs(a, b)) or _mirrored_cases(a, b):
        return []
    sa, sb = a.symbol, b.symbol
    # Two overrides of one hook, or one shape in other words, are alike by design: a long repeated
    # block or an edited copy is still evidence (two transports building the same pool in
    # __init__), one body inside the other is not (each class has its own, none calls the other's).
    # A pair found from its lines alone may be one protocol in two classes too (`__getitem__`'s
    # slice dispatch in two sequence types): the same floor for its blocks.
    hook = (_protocol_pair(sa, sb, hit) or _shape_only(hit)) if hit is not None else _same_dunder(sa, sb)
    if hook:
        hit = None
    if a.type_test and b.type_test:
        return []
    module = MODULE_CODE in (sa.name, sb.name)
    kind = hit.clone_kind if hit is not None else None
    whole = not module and (kind in ("identical", "renamed", "near-miss")
                            or (hit is not None and (hit.behaviour == "same" or _same_job(sa, sb))))
    if stubs:
        # Stubs written inline in tests: the same one in SCAFFOLD_PLACES places or more is a
        # helper to share (the echo command of three CliRunner tests); two may be two scenarios.
        if kind not in ("identical", "renamed"):
            return []
        edge = _whole_edge(a, b, rank, hit, kind, _confidence(kind, hit, min(len(a.code), len(b.code)), 0))
        edge.few = True
        return [edge]
    if sa.is_async != sb.is_async and not module and (whole or not is_test_path(a.path)):
        # A sync and an async twin (`Client.send` / `AsyncClient.send`, `await` on
        # each call): callers need both kinds, one body for both
        # takes code generation (unasync), and in code what they share around the awaits is that
        # skeleton (hand labels: none such a helper). Two tests, one of each kind,
        # may still share a block of asserts worth a helper.
        return []
    if whole:
        kind = kind if kind in ("identical", "renamed", "near-miss") else "semantic"
        if kind != "identical" and (_boilerplate(a, b) or _named_after_target(a, b) or _own_cases(sa, sb)
                                    or _other_subjects(a, b)):
            return []
        if kind == "identical" and is_test_path(a.path) and sa.decorators != sb.decorators:
            return []  # test views alike but for how they are decorated (`@requires("admin")`): the point of the test
        confidence = _confidence(kind, hit, min(len(a.code), len(b.code)), 0)
        twice = _bridged_twice(a, b) if kind == "near-miss" and is_test_path(a.path) else None
        if twice is not None:  # a test written again with other inputs: as sure as the block its lines make
            confidence = max(confidence, _confidence("block", hit, min(len(a.code), len(b.code)), twice.lines))
        return [_whole_edge(a, b, rank, hit, kind, confidence, written_twice=twice is not None)]
    # The runs of equal lines (the costliest step) only for a pair that is no whole copy.
    runs = _runs(a.code, b.code)
    run = runs[0] if runs else None
    # Data and schemas are copied and then edited a key at a time; in code, one edited line is
    # where two functions part ways (hand labels: gaps in functions brought mostly false pairs).
    edited_runs = _runs(a.code, b.code, gap=BLOCK_GAP) if module else runs
    if run is None:
        return []
    if not module and not hook and (_contained(a, b, run) or _contained(b, a, run)):
        # The host repeats the helper's body: the host changes (calls it), the helper stays.
        copy, keep = (a, b) if _contained(b, a, run) else (b, a)
        return [_edge(a, b, copy, keep, hit, "contained", {a.key: run.a, b.key: run.b},
                      _confidence("contained", hit, len(keep.code), 0))]
    copied = None if module or is_test_path(a.path) else _edited_copy(a, b)
    if copied is not None:
        return [_whole_edge(a, b, rank, hit, "near-miss", _confidence("block", hit, copied.lines, copied.lines), copied)]
    # Only functions take the test penalty (see _edge): module code needs no second reading.
    twice = None if module or not is_test_path(a.path) else _bridged_twice(a, b)
    if twice is not None and max(len(a.code), len(b.code)) - twice.lines <= EDITED_TEST_LINES:
        # The whole test again but for an edit or two: a near-miss copy of it, which joins the
        # other copies of the family (six template tests, each with one more argument) in one class.
        if twice.lines < MIN_BLOCK_LINES or twice.tokens < min(_min_tokens(a), _min_tokens(b), MIN_MODULE_BLOCK_TOKENS):
            return []  # the floor of a run that is most of both functions (see _blocks)
        return [_whole_edge(a, b, rank, hit, "near-miss", _confidence("block", hit, min(len(a.code), len(b.code)),
                                                                       twice.lines), twice, True)]
    blocks = _blocks(edited_runs, a, b)
    if hook:  # the hook's own shape may fill a short override: a longer run is a copy
        blocks = [block for block in blocks if block.lines >= MIN_NEAR_MISS_LINES]
    if blocks and _other_subjects(a, b):  # the harness of two tests of two subjects, unless long
        blocks = [block for block in blocks if block.lines >= SUBJECT_BLOCK_LINES]
    if not blocks:
        return []  # most candidates: no rank to ask (it counts the users of both)
    copy, keep = (a, b) if rank(b.path, sb) < rank(a.path, sa) else (b, a)
    return [_edge(a, b, copy, keep, hit, "block", {a.key: block.a, b.key: block.b},
                  _confidence("block", hit, block.lines, block.lines), block, twice is not None) for block in blocks]


def _whole_edge(a: _Function, b: _Function, rank: Callable[[str, Symbol], KeepRank], hit: SimilarFunction | None,
                kind: str, confidence: int, block: _Run | None = None, written_twice: bool = False) -> _Edge:
    """The edge of a copy of a whole function: both sides are the functions' own lines, and the
    better-ranked one is kept."""
    sa, sb = a.symbol, b.symbol
    copy, keep = (a, b) if rank(b.path, sb) < rank(a.path, sa) else (b, a)
    lines = {a.key: (sa.line_start, sa.line_end), b.key: (sb.line_start, sb.line_end)}
    return _edge(a, b, copy, keep, hit, kind, lines, confidence, block, written_twice)


def _scaffold_edges(units: list[_Function], rank: Callable[[str, Symbol], KeepRank], found_edges: list[_Edge]
                    ) -> list[_Edge]:
    """Exact runs of module code too short for a block alone (SHORT_CLASS_LINES up to, not including,
    MIN_MODULE_BLOCK_LINES) that stand in SCAFFOLD_PLACES places or more, counting every place,
    two in one file too (the auth check that opens each mock handler of a file, the catch clause
    that closes it): one clone class each, as edges from every place to the one kept. A class whose
    every place is in a block already found says nothing new."""
    confidence = _confidence("block", None, MIN_MODULE_BLOCK_LINES, MIN_MODULE_BLOCK_LINES)
    edges: list[_Edge] = []
    for classes in _short_classes(units):
        classes = [spans for spans in classes if spans[0][2] - spans[0][1] < MIN_MODULE_BLOCK_LINES
                   and _span_tokens(units, spans[0]) >= _scaffold_floor(spans[0])]
        edges += _class_edges(units, [(spans, confidence) for spans in classes], rank, found_edges + edges)
    return edges


def _scaffold_floor(span: tuple[int, int, int]) -> int:
    """SCAFFOLD_TOKENS, or 3 a line under MIN_BLOCK_LINES lines: the same floor per line."""
    return SCAFFOLD_TOKENS * min(span[2] - span[1], MIN_BLOCK_LINES) // MIN_BLOCK_LINES


def _short_class_edges(units: list[_Function], rank: Callable[[str, Symbol], KeepRank], found_edges: list[_Edge]
                       ) -> list[_Edge]:
    """Exact runs inside functions too short or too thin to be a block between two of them (from
    SHORT_CLASS_LINES code lines) that stand in SCAFFOLD_PLACES places or more, in two functions at
    least: the same few statements written out again and again (the catch clause of every route
    handler) are a clone class, as a block is one from three places on. Statements only
    (SHORT_CLASS_LINE_TOKENS a line): a short run of markup in many components is their idiom.
    Test code takes no part: test cases repeat their arrange and asserts on purpose."""
    confidence = _confidence("block", None, MIN_MODULE_BLOCK_LINES, MIN_MODULE_BLOCK_LINES)
    edges: list[_Edge] = []
    for classes in _short_classes(units):
        classes = [spans for spans in classes if len({u for u, _, _ in spans}) >= 2
                   and _span_tokens(units, spans[0]) >= SHORT_CLASS_LINE_TOKENS * (spans[0][2] - spans[0][1])]
        edges += _class_edges(units, [(spans, confidence) for spans in classes], rank, found_edges + edges)
    return edges


def _short_classes(units: list[_Function]) -> tuple[list, list]:
    """The classes of SCAFFOLD_PLACES places or more from seeds of MIN_BLOCK_LINES lines, then the other
    ones from seeds of SHORT_CLASS_LINES: a run of five lines in three places may share its first four
    with a fourth place, and the four-line class, read second, must not hide the longer one."""
    first = _exact_classes(units, SCAFFOLD_PLACES)
    seen = set(first)
    return first, [spans for spans in _exact_classes(units, SCAFFOLD_PLACES, SHORT_CLASS_LINES) if spans not in seen]


def _exact_classes(units: list[_Function], min_places: int, seed_lines: int = MIN_BLOCK_LINES
                   ) -> list[tuple[tuple[int, int, int], ...]]:
    """Every class of exact runs of `seed_lines` code lines or more standing in `min_places` places
    or more (two in one unit too), as (unit, index of the first line, past the last) per place, in
    order. Found from seeds of `seed_lines` lines, each grown while every place goes on alike:
    a run in six places and a longer cut of it in two of them are two classes."""
    postings: dict[tuple, list[tuple[int, int]]] = {}  # (language, seed) -> (unit, index of its first line)
    for u, unit in enumerate(units):
        values = [v for v, _ in unit.code]
        family = _family(unit.path)
        for k in range(len(values) - seed_lines + 1):
            seed = values[k : k + seed_lines]
            if all(v >= 0 for v in seed):  # never across a function
                postings.setdefault((family, *seed), []).append((u, k))
    found: dict[tuple[tuple[int, int, int], ...], None] = {}
    for places in postings.values():
        if not min_places <= len(places) <= MAX_POSTING:
            continue
        first = units[places[0][0]].code
        start, end = 0, seed_lines  # grown around the seed, relative to each place
        while all(k + start - 1 >= 0 and units[u].code[k + start - 1][0] == first[places[0][1] + start - 1][0]
                  for u, k in places):
            start -= 1
        while all(k + end < len(units[u].code) and units[u].code[k + end][0] == first[places[0][1] + end][0]
                  for u, k in places):
            end += 1
        spans = tuple((u, k + start, k + end) for u, k in places)
        # Places in one unit must not overlap (a line repeated many times in a row is no block).
        if any(x[0] == y[0] and x[2] > y[1] for x, y in zip(spans, spans[1:])):
            continue
        found[spans] = None
    return list(found)


def _span_tokens(units: list[_Function], span: tuple[int, int, int]) -> int:
    u, k, e = span
    return sum(v & 0xFF for v, _ in units[u].code[k:e])


def _class_edges(units: list[_Function], classes: list[tuple[tuple[tuple[int, int, int], ...], int]],
                 rank: Callable[[str, Symbol], KeepRank], found_edges: list[_Edge]) -> list[_Edge]:
    """Clone classes (spans, confidence) -> edges from every place to the one kept, most places first,
    then the longest. A class whose every place is in a block or a class already found (a shorter or
    longer cut of the same lines) says nothing new."""
    covered: dict[CloneKey, list[tuple[int, int]]] = {}
    for edge in found_edges:
        covered.setdefault(edge.copy.key, []).append(edge.copy_lines)
        covered.setdefault(edge.keep.key, []).append(edge.keep_lines)
    edges: list[_Edge] = []
    for spans, confidence in sorted(classes, key=lambda item: (-len(item[0]), item[0][0][1] - item[0][0][2], item[0])):
        lines = [(units[u], (units[u].code[k][1], units[u].code[e - 1][1])) for u, k, e in spans]
        if all(any(_overlap(place, other) for other in covered.get(unit.key, ())) for unit, place in lines):
            continue
        for unit, place in lines:
            covered.setdefault(unit.key, []).append(place)
        keep, keep_lines = min(lines, key=lambda place: (rank(place[0].path, place[0].symbol), place[1]))
        for copy, copy_lines in lines:
            if (copy.key, copy_lines) != (keep.key, keep_lines):
                edges.append(_Edge(copy, keep, keep.hit(1.0).model_copy(update={"clone_kind": "block"}), "block",
                                   copy_lines, keep_lines, confidence, is_test_path(copy.path)))
    return edges


def _case_edges(units: list[_Function], test_lines: dict[str, tuple[list[int], list[list[int]]]],
                rank: Callable[[str, Symbol], KeepRank], subjects: dict[str, dict[str, str]]) -> list[_Edge]:
    """Repeated blocks among test cases (the top-level code of test files that assert: the cases and
    what is written inside them), as test code. Tests repeat their scenario on purpose (hand labels:
    1 repeated block in 6 there is worth a helper), so a run of equal lines counts only on evidence
    that it is support a maintainer would write once (see _case_evidence), and never between two
    suites that mirror each other (see _mirrored_suites)."""
    classes = []
    for spans in _exact_classes(units, 2):
        if _mirrored_suites({units[u].path for u, _, _ in spans}, subjects):
            continue
        confidence = _case_evidence(units, spans, test_lines)
        if confidence is not None:
            classes.append((spans, confidence))
    # Whole cases first: a case written twice is one finding on both bodies, not a run inside them
    # (three "should respond 500" cases whose first five lines are also a class of three).
    whole = _class_edges(units, _cases_written_twice(units, test_lines), rank, [])
    return whole + _class_edges(units, classes, rank, whole)


def _mirrored_suites(paths: set[str], subjects: dict[str, dict[str, str]]) -> bool:
    """Two test files among `paths` whose imports bind one name to two modules: `v4/tests/x.test.ts`
    and `v3/tests/x.test.ts`, each `import * as z` from its own major version. Each suite tests its
    own subject with the same cases, on purpose (hand labels: such repeated blocks none worth sharing)."""
    return any(_bound_apart(subjects.get(x, {}), subjects.get(y, {})) for x, y in itertools.combinations(sorted(paths), 2))


def _cases_written_twice(units: list[_Function], test_lines: dict[str, tuple[list[int], list[list[int]]]]
                         ) -> list[tuple[tuple[tuple[int, int, int], ...], int]]:
    """Pairs of test cases of one file (`test("...", () => {...})`) that are one case written again
    but for a line (see _case_written_twice), as a class of their two bodies with a block's
    confidence: the test penalty is for a scenario of its own, which neither has."""
    found = []
    for u, unit in enumerate(units):
        asserts, callbacks = test_lines.get(unit.path, ([], []))
        cases = []
        numbers = [line for _, line in unit.code]
        for first, last in _case_spans(asserts, callbacks):
            k, e = bisect.bisect_right(numbers, first), bisect.bisect_left(numbers, last)  # the body's lines
            if e - k >= CASE_TWICE_LINES and all(v >= 0 for v, _ in unit.code[k:e]):
                cases.append((k, e, unit.code[k:e]))
        for (k1, e1, a), (k2, e2, b) in itertools.combinations(cases, 2):
            if len(a) == len(b) and _case_written_twice(a, b):
                found.append((((u, k1, e1), (u, k2, e2)), _confidence("block", None, e1 - k1, e1 - k1)))
    return found


def _case_written_twice(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> bool:
    """Two case bodies of as many lines, equal but for one line (`'-V'` for `'--version'` in a
    14-line test): one case with two inputs, a table-driven test. Cases of JS files differ in their
    point more often than Python tests do (a mocha case is its arrange, request and expectation),
    so one line, not EDITED_TEST_LINES, and CASE_TWICE_LINES lines at least."""
    return sum(x[0] != y[0] for x, y in zip(a, b)) <= 1


def _case_spans(asserts: list[int], callbacks: list[list[int]]) -> list[tuple[int, int]]:
    """The test cases among a file's callbacks: those asserting inside (past their first line: a
    callback opening on `assert.throws(() => {` is the act of a case, not a case) and holding no
    other callback that does (a `describe` holds its cases)."""
    asserting = [(first, last) for first, last in callbacks if _asserting(asserts, first + 1, last)]
    return [(first, last) for first, last in asserting
            if not any(first <= a and b <= last and (a, b) != (first, last) for a, b in asserting)]


def _case_evidence(units: list[_Function], spans: tuple[tuple[int, int, int], ...],
                   test_lines: dict[str, tuple[list[int], list[list[int]]]]) -> int | None:
    """The confidence that a run repeated among test cases is support, None when nothing says so:
    - a handler: in SCAFFOLD_PLACES places or more (a clone class: two tests alike may be two
      scenarios), no place asserting, each reaching into an unnamed function passed to a call that
      asserts nothing (a server route, a mock, a middleware: code run on the test's behalf; a
      function inside the options of the call under test is the scenario); more places more sure;
    - a copied scenario: LONG_BLOCK_LINES code lines or more alike (a helper or a parametrized test).
    Short runs that stay at the test's own level are its arrange and act, which differ in the point."""
    lines = spans[0][2] - spans[0][1]
    if _span_tokens(units, spans[0]) < MIN_MODULE_BLOCK_TOKENS:
        return None
    base = _confidence("block", None, lines, lines) - TEST_PENALTY
    if lines >= LONG_BLOCK_LINES:
        return base
    if len(spans) < SCAFFOLD_PLACES:
        return None
    for u, k, e in spans:
        unit = units[u]
        asserts, callbacks = test_lines.get(unit.path, ([], []))
        code = [line for _, line in unit.code[k:e]]
        if _asserting(asserts, code[0], code[-1]):
            return None
        if not any(code[0] <= first <= code[-1] and not _asserting(asserts, first, last)
                   and sum(first < line <= last for line in code) >= REACH_LINES
                   and sum(first < line <= last for _, line in unit.code) >= CALLBACK_LINES for first, last in callbacks):
            return None
    return min(90, base + PLACE_CONFIDENCE * (len(spans) - 2))


def _asserting(asserts: list[int], first: int, last: int) -> bool:
    """An assertion line from `first` to `last` (`asserts` sorted)."""
    k = bisect.bisect_left(asserts, first)
    return k < len(asserts) and asserts[k] <= last


def _blocks(runs: list[_Run], a: _Function, b: _Function) -> list[_Run]:
    """The runs worth a helper, longest first, none overlapping another on both sides. A short run
    must be a good part of the smaller function (or the rest of a copy whose main block already
    counts); module code has no size to compare with, so only a long run of it counts."""
    module = MODULE_CODE in (a.symbol.name, b.symbol.name)
    smaller = None if module else min(len(a.code), len(b.code))
    min_tokens = min(_min_tokens(a), _min_tokens(b))
    kept: list[_Run] = []
    for run in runs:
        # Once a block shows two functions are copies, a further run is the rest of the copy (the
        # hooks a component sets up before the form it shares): the data floor guards it enough.
        # So is a run that is most of both functions: they are copies, edited in a line or two.
        most = smaller is not None and 2 * run.lines >= max(len(a.code), len(b.code))
        # So is a long run: data inside a function (a query's `include: {...}`, keywords passed a
        # line each) says little per line, as module data does, and 13 equal lines are no accident.
        long = run.lines >= LONG_BLOCK_LINES
        floor = min(min_tokens, MIN_MODULE_BLOCK_TOKENS) if kept or most or long else min_tokens
        if len(kept) == (MAX_MODULE_BLOCKS if module else MAX_BLOCKS) or run.lines < MIN_BLOCK_LINES or run.tokens < floor:
            continue
        part = run.lines >= MIN_MODULE_BLOCK_LINES if smaller is None else run.lines >= BLOCK_SHARE * smaller
        if not (part or kept or run.lines >= LONG_BLOCK_LINES):
            continue
        if any(_overlap(run.a, k.a) or _overlap(run.b, k.b) for k in kept):
            continue
        kept.append(run)
    return kept


def _min_tokens(unit: _Function) -> int:
    return MIN_MODULE_BLOCK_TOKENS if unit.symbol.name == MODULE_CODE else MIN_BLOCK_TOKENS


def _overlap(x: tuple[int, int], y: tuple[int, int]) -> bool:
    return x[0] <= y[1] and y[0] <= x[1]


def _edge(a: _Function, b: _Function, copy: _Function, keep: _Function, hit: SimilarFunction | None, kind: str,
          lines: dict[CloneKey, tuple[int, int]], confidence: int, block: _Run | None = None,
          written_twice: bool = False) -> _Edge:
    """The edge `copy` -> `keep` with its score; test cases lower the confidence (the top level of a
    test file takes part only when it holds no case: support code, written to be shared), unless
    the two tests are one written twice (see _test_written_twice): no scenario of its own."""
    test_code = is_test_path(a.path)
    if test_code and MODULE_CODE not in (a.symbol.name, b.symbol.name) and not written_twice:
        confidence -= TEST_PENALTY
    if hit is not None and kind not in ("block", "contained"):
        score = hit.model_copy(update={"id": keep.card_id, "name": keep.symbol.qualified_name, "file_path": keep.path,
                                       "line_start": keep.symbol.line_start, "line_end": keep.symbol.line_end,
                                       "summary": "" if keep is not b else hit.summary, "clone_kind": kind})
    else:
        # A block or a contained copy is scored by its own lines: the pair's whole-function scores
        # would say "1.00 similar" of two functions whose structure differs but for the block.
        share = (block.lines if block else 0) / max(1, min(len(a.code), len(b.code)))
        score = keep.hit(min(1.0, share)).model_copy(update={"clone_kind": kind})
    # Lines that weigh nothing (keywords forwarded) do not make an identical few-liner a block:
    # `Command.main` / `Group.main` handing their eight parameters to one `_main(...)`.
    few = kind in WHOLE_KINDS and _straight_few(a, b) and not (
        kind == "identical" and min(a.weighing_lines, b.weighing_lines) >= MIN_BLOCK_LINES) and not _copied_helper(a, b, kind)
    return _Edge(copy, keep, score, kind, lines[copy.key], lines[keep.key], confidence, test_code, few)


def _edited_copy(a: _Function, b: _Function) -> _Run | None:
    """The chain of equal lines of two functions of code when it shows one function copied and
    edited: runs in order on both sides, NEAR_MISS_GAP lines apart at most, whose equal lines make
    NEAR_MISS_SHARE of the larger function (awesome-nest's LinkedinField / FacebookField: the same
    decorator list but for a regex and the options of one transform). Not per-type boilerplate nor
    two functions each named after the one thing it calls."""
    if min(len(a.code), len(b.code)) < MIN_NEAR_MISS_LINES:
        return None
    # A chain's lines are equal lines in order on both sides, so no chain holds more than the lines
    # the two share as a multiset: when those are too few, the chains (the costliest step of a pair
    # of long markup functions, where `</div>` repeats) cannot make the share and are not computed.
    shared = Counter(value for value, _ in a.code) & Counter(value for value, _ in b.code)
    if sum(shared.values()) < NEAR_MISS_SHARE * max(len(a.code), len(b.code)):
        return None
    chains = _runs(a.code, b.code, gap=NEAR_MISS_GAP, loose=True)
    # In lines and in tokens: closing tags and brackets alike around other content are a shape.
    if not chains or (chains[0].lines < NEAR_MISS_SHARE * max(len(a.code), len(b.code))
                      or chains[0].tokens < NEAR_MISS_SHARE * max(a.tokens, b.tokens)):
        return None
    if chains[0].tokens < _min_tokens(a) or _boilerplate(a, b) or _named_after_target(a, b):
        return None
    return chains[0]


def _bridged_twice(a: _Function, b: _Function) -> _Run | None:
    """The longest run of two tests, edits bridged, when it shows one test written twice.
    The edited lines may be a nested function (a `page` view, given one more argument in
    each of six template tests): it is the input the test varies; or lines one test inserts."""
    bridged = _runs(a.code, b.code, gap=EDITED_TEST_LINES, loose=True)
    return bridged[0] if bridged and _test_written_twice(a, b, bridged[0]) else None


def _test_written_twice(a: _Function, b: _Function, run: _Run) -> bool:
    """Two tests that are one written twice, by their longest run of equal lines (edits and
    insertions inside it bridged, see _bridged_twice): it leaves at most EDITED_TEST_LINES code
    lines of either out, edits included (one test with other inputs: parametrize it), or the larger
    test opens with the whole of the smaller, which checks nothing more (then unless the smaller is
    parametrized: it brings cases).
    Not when both bring their own cases (see _own_cases) or exercise two subjects (_other_subjects)."""
    if _own_cases(a.symbol, b.symbol) or _other_subjects(a, b):
        return False
    if max(len(a.code), len(b.code)) - run.lines <= EDITED_TEST_LINES:
        return True
    smaller = a if len(a.code) <= len(b.code) else b
    opens_both = run.a[0] == a.code[0][1] and run.b[0] == b.code[0][1]
    return (opens_both and run.lines == len(smaller.code) >= MIN_BLOCK_LINES and not _parametrized(smaller.symbol))


def _block_classes(out: dict[CloneKey, list[Clone]]) -> None:
    """One block in 3+ places is one class: the copy that comes first (by path and line) carries the
    finding that names every place; the other copies point at it."""
    groups: dict[str, list[tuple[CloneKey, Clone]]] = {}
    for key, clones in out.items():
        for clone in clones:
            if clone.kind == "block" and clone.report:
                groups.setdefault(clone.digest, []).append((key, clone))
    for entries in groups.values():
        places = {(key[0], clone.lines) for key, clone in entries} | {
            (clone.keep.file_path, clone.other_lines) for _, clone in entries}
        if len(places) < 3:
            continue
        names = [f"{path}:{start}-{end}" for path, (start, end) in sorted(places)]
        first_key, first = min(entries, key=lambda entry: (entry[0][0], entry[1].lines))
        for key, clone in entries:
            clone.copies = len(names)
            if (key[0], clone.lines) != (first_key[0], first.lines):
                clone.report = False
                clone.note = f"one of {len(names)} copies of this block: reported at {first_key[0]}:{first.lines[0]}"
            else:
                clone.members = names


def _same_job(a: Symbol, b: Symbol) -> bool:
    """The behaviour reader finds the same jobs in both bodies ("sums item price times quantity over
    lines"), each job explaining at least half of each: a loop and a `reduce` doing one job, the rest
    (rounding the result, say) too small to tell them apart. rag.similarity asks more coverage
    before the jobs lift a score; a pair it already found alike needs only this much."""
    ja, jb = a.behaviour, b.behaviour
    return (ja is not None and jb is not None and bool(ja.jobs) and ja.jobs == jb.jobs and ja.family == jb.family
            and min(ja.coverage, jb.coverage) >= SAME_JOB_COVERAGE)


def _repeated_inside(function: _Function) -> _Edge | None:
    """A block written twice inside one function (two form fields, two cards): loop or extract it."""
    if function.tokens < 2 * _min_tokens(function) or _left_out(function.path) or (is_test_path(function.path) and function.nested):
        return None
    run = _longest_run(function.code, function.code, itself=True)
    if run is None or run.lines < MIN_REPEAT_LINES or run.tokens < _min_tokens(function):
        return None
    test_code = is_test_path(function.path)
    # Test support's top-level code (a test case's takes no part) is written to be shared: no penalty, as in _edge.
    penalty = TEST_PENALTY if test_code and function.symbol.name != MODULE_CODE else 0
    confidence = _confidence("block", None, run.lines, run.lines) - penalty
    hit = function.hit(1.0).model_copy(update={"clone_kind": "block"})
    return _Edge(function, function, hit, "block", run.b, run.a, confidence, test_code)


def _parametrized(symbol: Symbol) -> bool:
    return any("parametrize" in decorator for decorator in symbol.decorators)


def _own_cases(a: Symbol, b: Symbol) -> bool:
    """Two parametrized tests over different cases: each brings its own, not one test twice. Over
    the same cases (`too_many_*` tests, each run on the same two apps) they are one
    test with another input, as two plain tests are."""
    return (_parametrized(a) and _parametrized(b)
            and [d for d in a.decorators if "parametrize" in d] != [d for d in b.decorators if "parametrize" in d])


def _contained(helper: _Function, host: _Function, run: _Run) -> bool:
    """The helper's whole body repeats inside a host much larger than it, or larger at all when the
    two are methods of one class (a test is no helper to call: a test repeating another is judged as
    a block)."""
    code = len(helper.code)
    if is_test_path(helper.path) and helper.symbol.name.startswith("test"):
        return False
    return (code >= MIN_CONTAINED_LINES and run.tokens >= MIN_CONTAINED_TOKENS
            and run.lines >= max(MIN_CONTAINED_LINES, code - 1)
            # A sibling method repeating the helper's body with anything around it (`return
            # Response(<the helper's OrderedDict>)`) should call it on self: larger is enough.
            and (len(host.code) >= CONTAINED_RATIO * code or (_siblings(helper, host) and len(host.code) > code)))


def _confidence(kind: str, hit: SimilarFunction | None, lines: int, block_lines: int) -> int:
    if kind == "near-miss":
        structure = (hit.structure or 0.5) if hit is not None else 0.5
        # Most shapes alike is weak alone (parallel hooks, validators per field): 0.5 -> 40, 0.9 -> 80.
        value = 40 + int(round(100 * (min(structure, 0.9) - 0.5)))
    elif kind == "block":
        value = min(90, 70 + 2 * (block_lines - MIN_BLOCK_LINES))
    else:
        value = KIND_CONFIDENCE[kind]
    if kind != "identical" and lines <= SMALL_LINES:
        # Renamed, three lines or fewer: the names that differ are most of the code (per-field accessors,
        # a loader per format). On 65 real projects such copies in code were right 4 times in 12.
        value -= 20 if kind == "renamed" else 10
    return value


def _protocol_pair(a: Symbol, b: Symbol, hit: SimilarFunction) -> bool:
    """Two implementations of one hook (an override in two classes, `__init__`s): alike by design."""
    name_a, name_b = a.qualified_name.rsplit(".", 1)[-1], b.qualified_name.rsplit(".", 1)[-1]
    if name_a != name_b or "." not in a.qualified_name or "." not in b.qualified_name:
        return False
    if name_a.startswith("__") and name_a.endswith("__"):
        return (hit.structure or 0.0) < 0.9
    # Same shape is the hook's own (`info = super().to_info_dict(); info.update(...)`): a copy
    # also says the same words (Path's and Option's attributes are the whole content).
    return hit.structure is None or hit.structure < 0.5 or (hit.vocabulary is not None and hit.vocabulary < PROTOCOL_WORDS)


def _same_dunder(a: Symbol, b: Symbol) -> bool:
    """One protocol method (`__getitem__`, `__eq__`) of two classes."""
    return (a.name == b.name and is_dunder(a.name) and a.parent is not None and b.parent is not None
            and a.qualified_name != b.qualified_name)


def _shape_only(hit: SimilarFunction) -> bool:
    """Same statement shape, none of the same words: constructors storing their arguments."""
    if hit.clone_kind not in ("renamed", "near-miss"):
        return False
    return (hit.vocabulary or 0.0) < SHAPE_ONLY_WORDS and (hit.meaning or 0.0) < 0.6


def _straight_few(a: _Function, b: _Function) -> bool:
    """Both bodies are a few straight-line statements: a pair of them is parallel hooks, not a job to share."""
    return max(a.tokens, b.tokens) < FEW_TOKENS and a.symbol.complexity == 1 and b.symbol.complexity == 1


def _copied_helper(a: _Function, b: _Function, kind: str) -> bool:
    """One few-liner copied under its own name (a spec file's `verifyInput` pasted into the next
    spec, `__eq__` in two auth classes): a helper written twice, not parallel hooks, which differ
    in name as in the lines they touch."""
    return (kind == "identical" and a.symbol.name == b.symbol.name and min(a.tokens, b.tokens) >= MIN_CONTAINED_TOKENS
            and a.key != b.key)


def _boilerplate(a: _Function, b: _Function) -> bool:
    """A few lines that differ only in the types they name (`return new Foo(x)` per type), or a
    one-line body (a delegate): sharing it costs more than the copy."""
    lines = max(len(a.code), len(b.code))
    if lines <= 1:
        return True
    if lines > BOILERPLATE_LINES:
        return False
    sa, sb = a.symbol.structure, b.symbol.structure
    if sa is None or sb is None:
        return False
    differ = (set(sa.vocabulary) - _own_class_word(a.symbol)) ^ (set(sb.vocabulary) - _own_class_word(b.symbol))
    return bool(differ) and differ <= set(sa.type_words) | set(sb.type_words)


def _base_calls(symbol: Symbol) -> list[str]:
    """Its calls, `super(Own, self).m` spelled `super().m`: the same call (see _own_class_word)."""
    parent = symbol.parent
    if not parent:
        return symbol.calls
    return [re.sub(rf"^super\({re.escape(parent)},\s*\w+\)", "super()", call) for call in symbol.calls]


def _own_class_word(symbol: Symbol) -> set[str]:
    """The word of a method's own class when it names it only to reach its base, `super(ProposalAdmin,
    self)` (Python 2 spelling): no type the method is about. Admin classes repeating one
    5-line scoped `get_queryset` 16 times, each naming its own class there."""
    return {vocabulary_word(symbol.parent)} if symbol.parent and _base_calls(symbol) != symbol.calls else set()


def _type_test(symbol: Symbol) -> bool:
    """A function made of type assertions (`expectTypeOf(useBoundStore().count)
    .toEqualTypeOf<number>()` in one test per middleware stack): the same text checks the types of
    the names in its scope, which differ from copy to copy; sharing it would test another thing."""
    asserting = sum(type_assertion(call) for call in symbol.calls)
    return asserting * 2 > len(symbol.calls)


def _named_after_target(a: _Function, b: _Function) -> bool:
    """Functions that differ in the one thing they call, each named after it:
    `_cmd_expose` / `_cmd_unexpose` (`commands.expose(...)` / `commands.unexpose(...)`), a typed
    `head` / `options` override passing its keywords to `super().head` / `super().options`,
    `UnicodeEncoder.__call__` / `UnicodeDecoder.__call__` (`.encode` / `.decode`).
    Which target each one reaches is its whole point; what is around it is a signature or a few
    lines (straight-line, or BOILERPLATE_LINES at most: a longer body is logic to share)."""
    sa, sb = a.symbol, b.symbol
    if len(sa.calls) != len(sb.calls) or not (sa.complexity == sb.complexity == 1
                                              or max(len(a.code), len(b.code)) <= BOILERPLATE_LINES):
        return False
    differ = [(x, y) for x, y in zip(_base_calls(sa), _base_calls(sb)) if x != y]
    if len(differ) != 1:
        return False
    (x, y), = differ
    return _named_after(sa.qualified_name, x) and _named_after(sb.qualified_name, y)


def _named_after(name: str, callee: str) -> bool:
    target = callee.rsplit(".", 1)[-1].strip("_").lower()
    return bool(target) and target in name.lower()


def _keep_reason(rank: Callable[[str, Symbol], KeepRank], keep: _Function, copy: _Function, kind: str) -> str:
    if kind == "contained":
        return "it is the helper the other repeats"
    mine, theirs = rank(keep.path, keep.symbol), rank(copy.path, copy.symbol)
    for place, (x, y) in enumerate(zip(mine, theirs)):
        if x != y:
            return KEEP_REASONS[place] if place < len(KEEP_REASONS) else ""
    return ""


def _edited_lines(copy: _Function, keep: _Function) -> list[int]:
    """The code lines of `copy` that `keep` does not hold in the same order: what an edited copy
    changed, the parameters of the one function both should become. Lines alike but for their
    names or values hash alike (Structure.line_hashes): none for a copy that differs only there."""
    matcher = difflib.SequenceMatcher(None, [v for v, _ in copy.code], [v for v, _ in keep.code], autojunk=False)
    same = {k for block in matcher.get_matching_blocks() for k in range(block.a, block.a + block.size)}
    return [line for k, (_, line) in enumerate(copy.code) if k not in same]


def _in_callbacks(lines: tuple[int, int], spans: list[list[int]]) -> bool:
    """Whether most of the lines are inside functions passed straight to a call (a route handler, an RPC
    procedure): top-level code that acts, as a function's body does."""
    inside = sum(1 for line in range(lines[0], lines[1] + 1) if any(first <= line <= last for first, last in spans))
    return 2 * inside >= lines[1] - lines[0] + 1


def _acts(unit: _Function, lines: tuple[int, int]) -> bool:
    """Whether the code lines of a repeat are statements, not markup laid out a tag or an attribute a
    line: a component written as a callback (`component$(() => <svg ...>)`) repeats its siblings' markup,
    which blind labels never found worth a helper. Markup averages under MARKUP_LINE_TOKENS code tokens a
    line (`viewBox="0 0 24 24"` is two; round 10's repeated icons 2.6 to 2.9), statements more (the
    click handlers and menu logic labelled worth a helper 3.6 and 3.8)."""
    weights = [v & 0xFF for v, line in unit.code if lines[0] <= line <= lines[1] and v & 0xFF]
    return sum(weights) >= MARKUP_LINE_TOKENS * len(weights)


def _parallels(edge: _Edge) -> bool:
    """Two functions side by side in one file, or two under one name (overrides of one hook in two
    classes): parallels, where a renamed copy is the shape they share."""
    return edge.copy.path == edge.keep.path or edge.copy.symbol.name == edge.keep.symbol.name


def _repeat_span(edge: _Edge) -> int:
    """The lines the repeat spans, first to last, on the shorter side (see SHORT_CLONE_LINES): one
    copy of a block may hold a blank line or a nested callback more, which is no more code to share."""
    return min(edge.copy_lines[1] - edge.copy_lines[0], edge.keep_lines[1] - edge.keep_lines[0]) + 1


def _root(parent: dict[CloneKey, CloneKey], key: CloneKey) -> CloneKey:
    """The root of `key`'s set in a union-find forest (a key absent from `parent` is a root). Path
    halving links each key passed to its grandparent: a class of thousands of copies (generated code)
    otherwise grows one chain, walked whole at every find. The roots are those of a plain walk."""
    while (up := parent.get(key, key)) != key:
        parent[key] = key = parent.get(up, up)
    return key


def _clone_classes(edges: list[_Edge], rank: Callable[[str, Symbol], KeepRank], min_confidence: int,
                   callbacks: dict[str, list[list[int]]]) -> dict[CloneKey, list[Clone]]:
    """Edges -> clones per copy. Whole-function copies of one body form a class: its best-ranked
    member is kept, the next one carries the one finding that names every member."""
    parent: dict[CloneKey, CloneKey] = {}

    find = partial(_root, parent)

    functions: dict[CloneKey, _Function] = {}
    for edge in edges:
        functions[edge.copy.key], functions[edge.keep.key] = edge.copy, edge.keep
        if edge.kind in WHOLE_KINDS and edge.confidence >= min_confidence and not edge.waived:
            parent[find(edge.copy.key)] = find(edge.keep.key)
    classes: dict[CloneKey, list[CloneKey]] = {}
    for key in functions:
        classes.setdefault(find(key), []).append(key)
    size = {root: len(members) for root, members in classes.items()}
    out: dict[CloneKey, list[Clone]] = {}
    for edge in edges:
        if edge.few and size[find(edge.copy.key)] < 3:
            continue
        clone = Clone(keep=edge.hit, kind=edge.kind, lines=edge.copy_lines, other_lines=edge.keep_lines,
                      confidence=edge.confidence, test_code=edge.test_code, digest=edge.digest, doubt=edge.doubt,
                      keep_reason=_keep_reason(rank, edge.keep, edge.copy, edge.kind),
                      edited=_edited_lines(edge.copy, edge.keep) if edge.kind == "near-miss" else [],
                      other_edited=_edited_lines(edge.keep, edge.copy) if edge.kind == "near-miss" else [],
                      rule=edge.waived_rule or duplicate_rule(edge.kind, edge.test_code))
        if edge.waived:
            clone.report = False
            clone.note = f"deliberate, not a finding ({edge.waived_rule}): {edge.waived}"
        elif not edge.test_code and (span := _repeat_span(edge)) < SHORT_CLONE_LINES:
            clone.report, clone.rule = False, RULE_SHORT_CLONE
            clone.note = (f"a candidate, not a finding ({RULE_SHORT_CLONE}): the repeat spans {span} lines, "
                          f"under {SHORT_CLONE_LINES}")
        elif not edge.test_code and edge.kind == "renamed" and span < RENAMED_MIN_LINES and _parallels(edge):
            clone.report, clone.rule = False, RULE_SHORT_RENAMED
            clone.note = (f"a candidate, not a finding ({RULE_SHORT_RENAMED}): alike but for their names over "
                          f"{span} lines, under {RENAMED_MIN_LINES}")
        elif not edge.test_code and edge.kind == "block" and edge.copy.path.endswith(MARKUP_FILES) \
                and span < MARKUP_BLOCK_LINES:
            clone.report, clone.rule = False, RULE_MARKUP_BLOCK
            clone.note = (f"a candidate, not a finding ({RULE_MARKUP_BLOCK}): a block of {span} lines in a "
                          f"component file, under {MARKUP_BLOCK_LINES}: the markup's idiom more often than a helper")
        elif not edge.test_code and edge.copy.symbol.name == MODULE_CODE \
                and not (_in_callbacks(edge.copy_lines, callbacks.get(edge.copy.path, []))
                         and _acts(edge.copy, edge.copy_lines)):
            clone.report, clone.rule = False, RULE_MODULE_REPEAT
            clone.note = (f"a candidate, not a finding ({RULE_MODULE_REPEAT}): a repeat of top-level code (data, "
                          "declarations, wiring), rarely worth a shared helper")
        elif edge.confidence < min_confidence:
            clone.report = False
            clone.note = f"confidence {edge.confidence} is under the floor {min_confidence}: not a finding"
        out.setdefault(edge.copy.key, []).append(clone)
    for members in classes.values():
        if len(members) < 3:
            continue
        members.sort(key=lambda k: rank(functions[k].path, functions[k].symbol))
        speaker = members[1]  # members[0] is the copy to keep
        names = [f"{k[0]}:{k[1]}:{k[2]}" for k in members]
        for key in members[1:]:
            whole = [c for c in out.get(key, []) if c.kind in WHOLE_KINDS and c.report]
            for clone in whole:
                clone.copies = len(names)
                if key != speaker:
                    clone.report = False
                    clone.note = f"one of {len(members)} copies: reported on {speaker[1]} ({speaker[0]})"
                else:
                    clone.members = names
    _block_classes(out)
    for clones in out.values():
        # Reported first, surest first, then the longest repeat (a block shared with another
        # function before one repeated inside this one).
        clones.sort(key=lambda c: (not c.report, -c.confidence, c.lines[0] - c.lines[1], -c.keep.score,
                                   c.keep.file_path, c.keep.line_start))
    return out


# ---------------------------------------------------------------- deliberate repetition

_WORD = re.compile(r"[a-z_][a-z0-9_]*")
_PACKAGE_FILES = ("__init__", "index", "mod")  # a file named after its folder


def _deliberate(edges: list[_Edge], notes: dict[str, list[list]], classes: dict[str, list[Symbol]],
                standalone: frozenset[str]) -> None:
    """Mark the edges whose repetition is deliberate (see the module's docstring), each with its
    rule and the evidence as a sentence; the first principle that applies says why."""
    framework = _framework_classes(classes)
    hooks = _hook_families(edges, framework)
    places: dict[str, set[tuple[str, tuple[int, int]]]] = {}  # a block's digest -> where it stands
    for edge in edges:
        if MODULE_CODE in (edge.copy.symbol.name, edge.keep.symbol.name):
            places.setdefault(edge.digest, set()).update({(edge.copy.path, edge.copy_lines),
                                                          (edge.keep.path, edge.keep_lines)})
    for edge in edges:
        for rule, why in ((RULE_DECLARED_COPY, _declared_copy(edge, notes)),
                          (RULE_STANDALONE_MODULE, _standalone_copy(edge, standalone)),
                          (RULE_CONDITIONAL_TWIN, _conditional_twins(edge)),
                          (RULE_HOOK_IDIOM, _hook_idiom(edge, framework) if hooks.get(edge.copy.key, 0) < SCAFFOLD_PLACES else ""),
                          (RULE_CLASS_DECLARATIONS, _class_declarations(edge, classes, places))):
            if why:
                edge.waived, edge.waived_rule = why, rule
                break


def _declared_copy(edge: _Edge, notes: dict[str, list[list]]) -> str:
    """A copy note (FileFacts.copy_notes) in one side's file, above or inside that side's lines,
    that names the other side's module: the code was copied there on purpose."""
    for this, lines, other in ((edge.copy, edge.copy_lines, edge.keep), (edge.keep, edge.keep_lines, edge.copy)):
        if this.path == other.path:
            return ""
        names = _module_names(other.path)
        for line, text in notes.get(this.path, ()):
            if line <= lines[1] and names.intersection(_WORD.findall(text.lower())):
                return f"{this.path}:{line} says it is a copy of {other.path}: {text.strip()[:120]!r}"
    return ""


def _standalone_copy(edge: _Edge, standalone: frozenset[str]) -> str:
    """A copy across two files, one of them a module written to be copied alone (standalone_modules):
    what it repeats of a sibling it holds on purpose, so that it needs no other module."""
    a, b = edge.copy.path, edge.keep.path
    alone = next((path for path in (a, b) if path in standalone), None) if a != b else None
    if alone is None:
        return ""
    return (f"{alone} imports its own package only under a guard (an `except ImportError` fallback): a module "
            f"written to stand alone, which keeps its own copy")


def standalone_modules(files) -> frozenset[str]:
    """The Python modules that import their own project only inside a guard at module level (`try:
    from .typeutils import make_sentinel` / `except ImportError: ...`), never at the top level nor
    lazily in a function: each is written to work copied alone (a one-file utility module).
    `files`: FileFacts of the project."""
    found = set()
    for facts in files:
        if facts.language != "python" or facts.path.endswith("__init__.py"):  # a package's face re-exports
            continue
        top = facts.path.split("/", 1)[0]
        own = [ref for ref in facts.imports if ref.level > 0 or ref.source.split(".", 1)[0] == top != facts.path]
        spans = [(s.line_start, s.line_end) for s in facts.symbols if s.kind in ("function", "method", "class")]
        # ImportRef.line_end is set for a statement at the top level only (scan.textual.annotate_imports).
        if own and all(ref.line_end == 0 and not any(a <= ref.line <= b for a, b in spans) for ref in own):
            found.add(facts.path)
    return frozenset(found)


@lru_cache(maxsize=None)
def _module_names(path: str) -> frozenset[str]:
    """The words a note uses for the module of `path`: its file name without extension, or its
    folder's name for a package's own file (`pkg/__init__.py`, `lib/index.ts`)."""
    parts = path.lower().split("/")
    stem = parts[-1].split(".", 1)[0]
    if stem in _PACKAGE_FILES and len(parts) > 1:
        return frozenset({parts[-2]})
    return frozenset({stem})


def _conditional_twins(edge: _Edge) -> str:
    """One name defined twice in one scope of one file: alternatives chosen at import (a version or
    platform check, a fallback under `except ImportError`) or a property's getter and setter."""
    a, b = edge.copy, edge.keep
    if (a.path == b.path and a.symbol.name != MODULE_CODE and a.symbol.qualified_name == b.symbol.qualified_name
            and a.symbol.line_start != b.symbol.line_start):
        return (f"{a.symbol.qualified_name} is defined twice in {a.path} (lines {b.symbol.line_start} and "
                f"{a.symbol.line_start}): alternative definitions, one of which runs")
    return ""


def _hook_families(edges: list[_Edge], framework: set[tuple[str, str]]) -> dict[CloneKey, int]:
    """For each override in a hook-idiom pair (see _hook_idiom), how many overrides its pairs join:
    the same few lines in three classes or more are a base or a mixin to write, as a block is a
    clone class from three places on."""
    parent: dict[CloneKey, CloneKey] = {}

    find = partial(_root, parent)

    nodes: set[CloneKey] = set()
    for edge in edges:
        if _hook_idiom(edge, framework):
            nodes.update((edge.copy.key, edge.keep.key))
            parent[find(edge.copy.key)] = find(edge.keep.key)
    count: dict[CloneKey, int] = {}
    for key in nodes:
        count[find(key)] = count.get(find(key), 0) + 1
    return {key: count[find(key)] for key in nodes}


def _hook_idiom(edge: _Edge, framework: set[tuple[str, str]]) -> str:
    """Two overrides of one hook (same method name, two classes whose ancestry reaches a base outside
    the project), each HOOK_LINES code lines or fewer: the framework's idiom for that hook (a
    permission check, a one-action view), which only a shared base across distinct hierarchies
    would fold. A hook is found by its name: a decorated method (`@admin.display`) registers
    itself, it is the project's own code. Not in test code: a test method is no hook, two tests
    alike are judged as tests."""
    a, b = edge.copy, edge.keep
    sa, sb = a.symbol, b.symbol
    if (not sa.parent or not sb.parent or sa.name != sb.name or (a.path, sa.parent) == (b.path, sb.parent)
            or max(len(a.code), len(b.code)) > HOOK_LINES or sa.decorators or sb.decorators
            or is_test_path(a.path) or is_test_path(b.path)):
        return ""
    if (a.path, sa.parent) in framework and (b.path, sb.parent) in framework:
        return (f"{sa.qualified_name} and {sb.qualified_name} override the framework hook {sa.name} in "
                f"{max(len(a.code), len(b.code))} lines or fewer each: the hook's idiom")
    return ""


def _framework_classes(classes: dict[str, list[Symbol]]) -> set[tuple[str, str]]:
    """(path, qualified name) of the classes that extend a base outside the project (not a plain
    one such as `object` or `Exception`), directly or through project classes (by name)."""
    own = {c.name for symbols in classes.values() for c in symbols}
    found: set[tuple[str, str]] = set()
    framework_names: set[str] = set()
    changed = True
    while changed:
        changed = False
        for path, symbols in classes.items():
            for c in symbols:
                if (path, c.qualified_name) in found:
                    continue
                bases = [b.split("(", 1)[0].split("[", 1)[0].strip() for b in c.bases if "=" not in b]
                if any((b.rsplit(".", 1)[-1] not in own and b not in PLAIN_BASES and b.rsplit(".", 1)[-1] not in PLAIN_BASES)
                       or b.rsplit(".", 1)[-1] in framework_names for b in bases if b):
                    found.add((path, c.qualified_name))
                    framework_names.add(c.name)
                    changed = True
    return found


def _class_declarations(edge: _Edge, classes: dict[str, list[Symbol]],
                        places: dict[str, set[tuple[str, tuple[int, int]]]]) -> str:
    """A block of class-body lines (fields, options, nested Meta) repeated in classes: each class
    declares its own schema, however many repeat it (two blind labellers, on two projects' models, judged
    a base class written for shared field lines not worth its migrations)."""
    a, b = edge.copy, edge.keep
    if a.symbol.name != MODULE_CODE or b.symbol.name != MODULE_CODE:
        return ""
    x, y = _class_around(classes, a.path, edge.copy_lines), _class_around(classes, b.path, edge.keep_lines)
    if x is None or y is None or (a.path, x.qualified_name) == (b.path, y.qualified_name):
        return ""
    return (f"lines {edge.copy_lines[0]}-{edge.copy_lines[1]} declare the body of class {x.qualified_name}, lines "
            f"{edge.keep_lines[0]}-{edge.keep_lines[1]} of {b.path} that of {y.qualified_name}: each class's own declarations")


def _class_around(classes: dict[str, list[Symbol]], path: str, lines: tuple[int, int]) -> Symbol | None:
    """The innermost class whose body holds `lines`."""
    around = [c for c in classes.get(path, ()) if c.line_start < lines[0] and lines[1] <= c.line_end]
    return max(around, key=lambda c: c.line_start) if around else None
