"""Static FunctionCards: summary, key concepts, behavioural profile, called_internals (no model)."""

from __future__ import annotations

from reviewer.rag.cards import card_id
from reviewer.rag.static_cards import (
    behavioral_profile,
    build_static_card,
    cards_for_file,
    key_concepts,
    split_words,
    summary,
)
from reviewer.rag.structure import detail_tokens, jaccard
from reviewer.scan.models import FileFacts, Symbol


def sym(name="f", **kw) -> Symbol:
    kw.setdefault("qualified_name", name)
    kw.setdefault("kind", "function")
    kw.setdefault("line_start", 1)
    kw.setdefault("line_end", 3)
    return Symbol(name=name, **kw)


def facts(*symbols: Symbol, path="src/m.py", language="python") -> FileFacts:
    return FileFacts(path=path, language=language, sha256="x", lines=10, size=100, symbols=list(symbols))


def test_split_words_handles_camel_snake_and_acronyms():
    assert split_words("parseHTTPResponse_v2") == ["parse", "http", "response", "v2"]
    assert split_words("load_user_by_id") == ["load", "user", "by", "id"]
    assert split_words("XMLParser") == ["xml", "parser"]


def test_summary_prefers_the_docstrings_first_sentence():
    s = sym("load", docstring="Load the user table. Then cache it.\n\nMore text.")
    assert summary(s) == "Load the user table."


def test_summary_without_docstring_is_composed_from_name_params_and_calls():
    s = sym("loadUserProfile", params=["userId", "db"], calls=["db.query", "parseRow"], is_async=True)
    text = summary(s)
    assert text.startswith("Async function loadUserProfile (load user profile) taking userId, db")
    assert "calls query, parseRow" in text


def test_key_concepts_drop_stop_words_and_stay_within_three_to_six():
    s = sym("get_user_profile", params=["self", "user_id", "include_avatar"], calls=["self.db.fetch_row", "json.loads", "log", "cache_put"])
    concepts = key_concepts(s)
    assert concepts[:3] == ["user", "profile", "id"]
    assert "get" not in concepts and "self" not in concepts
    assert 3 <= len(concepts) <= 6


def test_key_concepts_are_padded_when_the_code_has_too_few_words():
    concepts = key_concepts(sym("f", params=["x"]))
    assert len(concepts) == 3 and "function" in concepts


def test_profiles_from_ast_facts():
    assert behavioral_profile(sym(is_async=True, calls=["print"])) == "async"
    assert behavioral_profile(sym(decorators=["functools.lru_cache(maxsize=None)"], params=["n"])) == "memoized"
    assert behavioral_profile(sym(params=["n"]), "    if n in _memo:\n        return _memo[n]\n    _memo[n] = n * 2") == "memoized"
    assert behavioral_profile(sym(kind="method", params=["self", "v"]), "    self.value = v") == "stateful"
    assert behavioral_profile(sym(kind="method", params=[]), "    this.count += 1;") == "stateful"
    assert behavioral_profile(sym(params=[]), "    global COUNTER\n    COUNTER += 1") == "stateful"
    assert behavioral_profile(sym(params=["x"], calls=["print"])) == "sideEffectful"
    assert behavioral_profile(sym(params=["url"], calls=["requests.get"])) == "sideEffectful"
    assert behavioral_profile(sym(params=["msg"], calls=["console.log"])) == "sideEffectful"
    assert behavioral_profile(sym(params=["items"], calls=["items.append"])) == "sideEffectful"  # mutates its argument
    assert behavioral_profile(sym(params=["a", "b"], calls=["max"])) == "pure"
    assert behavioral_profile(sym(params=[])) == "utility"
    # Comparing `self.x == y` is a read, not a write.
    assert behavioral_profile(sym(kind="method", params=["self", "y"]), "    return self.x == y") == "pure"


def test_called_internals_go_through_the_resolver_with_the_caller():
    seen = []

    def resolve(path, callee, caller):
        seen.append((path, callee, caller))
        return {"helper": ("src/util.py", "helper"), "self.save": ("src/m.py", "Repo.save")}.get(callee)

    s = sym("store", qualified_name="Repo.store", kind="method", calls=["helper", "self.save", "len", "helper"])
    card = build_static_card(facts(s), s, resolve)
    assert card.called_internals == ["src/util.py:helper", "src/m.py:Repo.save"]
    assert ("src/m.py", "self.save", "Repo.store") in seen


def test_cards_for_file_keeps_functions_and_methods_only_with_contract_ids():
    f = facts(
        sym("A", kind="class", line_start=1, line_end=9),
        sym("m", qualified_name="A.m", kind="method", line_start=2, line_end=4, params=["self"]),
        sym("helper", line_start=11, line_end=12, complexity_score=2, body_hash="bh"),
        sym("LIMIT", kind="constant", line_start=14, line_end=14),
    )
    cards = cards_for_file(f, None)
    assert [c.qualified_name for c in cards] == ["A.m", "helper"]
    assert cards[1].id == card_id("src/m.py", 11, 12)
    assert cards[1].complexity_score == 2 and cards[1].body_hash == "bh" and cards[1].source == "ast"
    assert cards[0].embedding_text().startswith("m ")


def test_detail_view_separates_operators_and_constants_but_not_names():
    a = "    total = 0\n    for v in values:\n        total += v  # add it\n    return total"
    renamed = "    acc = 0\n    for n in nums:\n        acc += n\n    return acc"
    product = "    total = 1\n    for v in values:\n        total *= v\n    return total"
    assert detail_tokens(a, "python") == detail_tokens(renamed, "python")
    assert jaccard(detail_tokens(a, "python"), detail_tokens(product, "python")) < 0.5
    ts = "  let hash = 5381; // seed\n  return hash >>> 0;"
    assert "NUM:5381#1" in detail_tokens(ts, "typescript") and "OP:>>>#1" in detail_tokens(ts, "typescript")
