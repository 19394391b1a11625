"""FunctionCards built from the AST alone, so the index is useful before any LLM runs.

Every field comes from the scan's `Symbol`: its names, calls and complexity, and what its
body does and writes (Symbol.behaviour, Symbol.shape), read in the scan's one parse.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from ..scan.structure import split_words
from ..schema.facts import FUNCTION_KINDS, FileFacts, Symbol
from ..schema.cards import SUMMARY_MAX, BehavioralProfile, FunctionCard, card_id, now_iso
from ..schema.fieldsets import share_fields_set

# (file_path, callee as written, caller's qualified name) -> (defining file, qualified
# name), or None when the callee is not defined in the project. The caller places
# `self.m` in its class. Supplied by analysis.resolve.ProjectIndex.resolve_callee.
Resolver = Callable[[str, str, "str | None"], "tuple[str, str] | None"]

MIN_CONCEPTS, MAX_CONCEPTS = 3, 6

# Words that say nothing about what a function is about.
STOP_WORDS = frozenset(
    """a an and are as at be by do does for from get has have in is it its of on or set the
    this that to was with self cls this args kwargs arg kw fn func function method value
    val obj item x y z i j k n v e t s ok tmp temp data init new call run main str int
    bool float list dict len none null true false undefined return""".split()
)

CACHE_DECORATORS = re.compile(r"(^|\.)(lru_cache|cache|cached|memoize|memoized|cached_property|memo)\b")
SIDE_EFFECT_CALLS = re.compile(
    r"^(print|open|input|exec|eval|write|writelines|fetch|alert|require|setTimeout|setInterval)$"
    r"|^(console|logging|logger|log|requests|httpx|urllib|socket|subprocess|shutil|sys\.std\w+|process|fs|os|http|https|axios|document|window|localStorage|sessionStorage)\."
    r"|\.(write|write_text|write_bytes|writeFile|writeFileSync|appendFile|unlink|remove|rmdir|mkdir|makedirs|send|sendall|post|put|delete|patch|emit|dispatch|commit|save|flush|exit|kill|system)$"
)
# Calls that mutate their receiver: when the receiver is a parameter, the function mutates its argument.
MUTATING_METHODS = frozenset(
    "append extend insert pop popitem remove clear update add discard setdefault sort reverse push shift unshift splice set delete".split()
)


def _callee_name(callee: str) -> str:
    """The called name without receiver: `self.cache.get` -> `get`."""
    return callee.rsplit(".", 1)[-1]


def key_concepts(symbol: Symbol) -> list[str]:
    """3-6 words from the name, then parameters, then calls; stop words dropped."""
    concepts: list[str] = []

    def add(words: Iterable[str]) -> None:
        for word in words:
            if len(concepts) >= MAX_CONCEPTS:
                return  # the card keeps the first six: the rest of the words (lazily split) are not needed
            if len(word) > 1 and not word.isdigit() and word not in STOP_WORDS and word not in concepts:
                concepts.append(word)

    add(split_words(symbol.name))
    if symbol.parent:
        add(split_words(symbol.parent.rsplit(".", 1)[-1]))
    add(w for p in symbol.params for w in split_words(p))
    add(w for c in symbol.calls for w in split_words(_callee_name(c)))
    if len(concepts) >= MIN_CONCEPTS:
        return concepts[:MAX_CONCEPTS]
    # Too few meaningful words (e.g. `def f(x)`): pad with what kind of thing it is, so
    # the card still satisfies the 3-word contract and says something true.
    fillers = [symbol.kind, "async" if symbol.is_async else "", *split_words(symbol.name),
               *(w for p in symbol.params for w in split_words(p)), "code", "logic"]
    for filler in fillers:
        if len(concepts) >= MIN_CONCEPTS:
            break
        if filler and filler not in concepts:
            concepts.append(filler)
    return concepts


def _first_sentence(docstring: str) -> str:
    text = " ".join(docstring.split())
    match = re.match(r"(.+?[.!?])(\s|$)", text)
    return (match.group(1) if match else text).strip()


def _readable(name: str) -> str:
    return " ".join(split_words(name)) or name


def summary(symbol: Symbol, behaviour: str = "") -> str:
    """What the function is for (docstring or name), then what its body does (see scan.behaviour).

    The behaviour sentence is what makes a loop and a `sum()` doing one job read alike to
    the embedding; it is cut first when the whole would pass the card's 400 characters."""
    purpose = _purpose(symbol)
    if not behaviour:
        return purpose
    doing = f" {behaviour[0].upper()}{behaviour[1:]}."
    room = SUMMARY_MAX - len(purpose)
    if room < 20:
        return purpose
    return purpose + (doing if len(doing) <= room else doing[: room - 1].rsplit(" ", 1)[0] + ".")


def _purpose(symbol: Symbol) -> str:
    """The docstring's first sentence, else a sentence composed from name, params and calls."""
    if symbol.docstring and symbol.docstring.strip():
        sentence = _first_sentence(symbol.docstring)
        if sentence:
            return sentence if sentence.endswith((".", "!", "?")) else sentence + "."
    what = "Async method" if symbol.is_async and symbol.kind == "method" else (
        "Async function" if symbol.is_async else symbol.kind.capitalize()
    )
    text = f"{what} {symbol.qualified_name} ({_readable(symbol.name)})"
    params = [p for p in symbol.params if p not in ("self", "cls")]
    text += f" taking {', '.join(params)}" if params else " taking no arguments"
    calls = list(dict.fromkeys(_callee_name(c) for c in symbol.calls))
    if calls:
        shown = ", ".join(calls[:6]) + (", ..." if len(calls) > 6 else "")
        text += f"; calls {shown}"
    return text + "."


def behavioral_profile(symbol: Symbol) -> BehavioralProfile:
    """One label, by precedence: async > memoized > stateful > sideEffectful > pure/utility."""
    if symbol.is_async:
        return "async"
    shape = symbol.shape
    if any(CACHE_DECORATORS.search(d.split("(", 1)[0]) for d in symbol.decorators) or (shape and shape.writes_memo):
        return "memoized"
    if shape and (shape.writes_self or shape.writes_module_state):
        return "stateful"
    params = set(symbol.params)
    for callee in symbol.calls:
        receiver, _, method = callee.rpartition(".")
        if SIDE_EFFECT_CALLS.search(callee):
            return "sideEffectful"
        if receiver in params and receiver not in ("self", "cls") and method in MUTATING_METHODS:
            return "sideEffectful"  # mutates an argument
        if receiver.split(".", 1)[0] in ("self", "this") and method in MUTATING_METHODS:
            return "stateful"
    # A pure function computes from its inputs; one with no parameters and no calls of
    # its own (a constant factory, a trivial hook) is a utility.
    meaningful_params = [p for p in symbol.params if p not in ("self", "cls")]
    return "pure" if meaningful_params or symbol.calls else "utility"


def called_internals(facts: FileFacts, symbol: Symbol, resolve: Resolver | None) -> list[str]:
    """Project functions this one calls, as "path:qualified_name", resolved through imports."""
    if resolve is None:
        return []
    found: list[str] = []
    for callee in symbol.calls:
        target = resolve(facts.path, callee, symbol.qualified_name)
        if target is not None:
            ref = f"{target[0]}:{target[1]}"
            if ref not in found:
                found.append(ref)
    return found


def build_static_card(
    facts: FileFacts,
    symbol: Symbol,
    resolve: Resolver | None,
    last_indexed: str | None = None,
) -> FunctionCard:
    """The AST-only card of one function or method (every field given: it shares its model's set
    of field names, schema.fieldsets)."""
    card = FunctionCard(
        id=card_id(facts.path, symbol.line_start, symbol.line_end),
        file_path=facts.path,
        name=symbol.name,
        qualified_name=symbol.qualified_name,
        kind=symbol.kind,
        language=facts.language,
        line_start=symbol.line_start,
        line_end=symbol.line_end,
        signature=symbol.signature or f"{symbol.name}({', '.join(symbol.params)})",
        summary=summary(symbol, symbol.behaviour.sentence if symbol.behaviour else ""),
        key_concepts=key_concepts(symbol),
        behavioral_profile=behavioral_profile(symbol),
        complexity_score=symbol.complexity_score,
        called_internals=called_internals(facts, symbol, resolve),
        body_hash=symbol.body_hash,
        source="ast",
        last_indexed=last_indexed or now_iso(),
    )
    share_fields_set(card)
    return card


def function_symbols(facts: FileFacts) -> list[Symbol]:
    """The symbols that get a card; one per line range (two symbols on the same range share an id)."""
    seen: set[tuple[int, int]] = set()
    out: list[Symbol] = []
    for symbol in facts.symbols:
        if symbol.kind in FUNCTION_KINDS and (symbol.line_start, symbol.line_end) not in seen:
            seen.add((symbol.line_start, symbol.line_end))
            out.append(symbol)
    return out


def cards_for_file(facts: FileFacts, resolve: Resolver | None) -> list[FunctionCard]:
    stamp = now_iso()
    return [build_static_card(facts, s, resolve, stamp) for s in function_symbols(facts)]
