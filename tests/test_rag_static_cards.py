"""Static FunctionCards: summary, key concepts, behavioural profile, called_internals (no model)."""

from __future__ import annotations

from reviewer.schema.cards import card_id
from reviewer.rag.static_cards import (
    behavioral_profile,
    build_static_card,
    cards_for_file,
    key_concepts,
    split_words,
    summary,
)
from reviewer.rag.structure import jaccard, signature_contract
from reviewer.scan.extract import extract_file
from reviewer.scan.languages import LANGUAGES
from reviewer.scan.shapes import shape_of
from reviewer.scan.structure import structure_of
from reviewer.schema.facts import FileFacts, Symbol


def detail_tokens(text: str, language: str) -> list:
    """Literal/operator tokens and alpha-renamed grams of a function's text (what its shingles erase)."""
    view = structure_of(text, LANGUAGES[language].tokens)
    return view.literals + list(view.alpha_grams)


def vocabulary_tokens(text: str, language: str) -> list[str]:
    view = structure_of(text, LANGUAGES[language].tokens)
    return ["CALL:" + c for c in view.calls] + ["VOCAB:" + v for v in view.vocabulary]


def shaped(body: str, **kw) -> Symbol:
    """A symbol whose body shape is read from `body` as the scan reads it."""
    s = sym(**kw)
    s.shape = shape_of(body, "", s.params, LANGUAGES["python"].tokens)
    return s


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
    assert behavioral_profile(shaped("    if n in _memo:\n        return _memo[n]\n    _memo[n] = n * 2", params=["n"])) == "memoized"
    assert behavioral_profile(shaped("    self.value = v", kind="method", params=["self", "v"])) == "stateful"
    assert behavioral_profile(shaped("    this.count += 1;", kind="method", params=[])) == "stateful"
    assert behavioral_profile(shaped("    global COUNTER\n    COUNTER += 1", params=[])) == "stateful"
    assert behavioral_profile(sym(params=["x"], calls=["print"])) == "sideEffectful"
    assert behavioral_profile(sym(params=["url"], calls=["requests.get"])) == "sideEffectful"
    assert behavioral_profile(sym(params=["msg"], calls=["console.log"])) == "sideEffectful"
    assert behavioral_profile(sym(params=["items"], calls=["items.append"])) == "sideEffectful"  # mutates its argument
    assert behavioral_profile(sym(params=["a", "b"], calls=["max"])) == "pure"
    assert behavioral_profile(sym(params=[])) == "utility"
    # Comparing `self.x == y` is a read, not a write.
    assert behavioral_profile(shaped("    return self.x == y", kind="method", params=["self", "y"])) == "pure"


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
    a = "def total_of(values):\n    total = 0\n    for v in values:\n        total += v  # add it\n    return total"
    renamed = "def sum_all(nums):\n    acc = 0\n    for n in nums:\n        acc += n\n    return acc"
    product = "def product(values):\n    total = 1\n    for v in values:\n        total *= v\n    return total"
    assert detail_tokens(a, "python") == detail_tokens(renamed, "python")
    assert jaccard(detail_tokens(a, "python"), detail_tokens(product, "python")) < 0.5
    ts = "  let hash = 5381; // seed\n  return hash >>> 0;"
    assert "NUM:5381#1" in detail_tokens(ts, "typescript") and "OP:>>>#1" in detail_tokens(ts, "typescript")


def test_detail_view_ignores_the_header_so_annotations_do_not_hide_a_renamed_copy():
    typed = 'def slugify(text: str, limit: int = 60) -> str:\n    """Doc."""\n    words = text.lower().split()\n    return "-".join(words)[:limit]'
    plain = "def make_handle(title, n=60):\n    tokens = title.lower().split()\n    return \"-\".join(tokens)[:n]"
    base = lambda body: detail_tokens(body, "python")
    assert base(typed) == base(plain)


def test_vocabulary_view_keeps_domain_words_and_drops_own_name_params_and_locals():
    loop = (
        "def _revenue(lines: list[LineItem]) -> float:\n    total = 0.0\n    for line in lines:\n"
        "        total += line.product.unit_price * line.quantity\n    return round(total, 2)"
    )
    tokens = set(vocabulary_tokens(loop, "python"))
    assert {"VOCAB:unitprice", "VOCAB:quantity", "VOCAB:product", "VOCAB:lineitem", "CALL:round"} <= tokens
    assert not {"VOCAB:total", "VOCAB:line", "VOCAB:lines", "VOCAB:revenue", "VOCAB:float"} & tokens
    ts = "function unitsSold(lines: LineItem[]): number {\n  return lines.map((line) => line.quantity).reduce((n, q) => n + q, 0);\n}"
    ts_tokens = set(vocabulary_tokens(ts, "typescript"))
    assert {"VOCAB:quantity", "VOCAB:lineitem", "VOCAB:reduce"} <= ts_tokens
    assert not {"VOCAB:line", "VOCAB:lines", "VOCAB:unitssold", "CALL:n"} & ts_tokens


def test_type_words_are_the_vocabulary_written_as_types():
    # click's `argument` and `option` differ only in the class they default to: per-type boilerplate.
    py = ("def argument(*decls, cls=None, **attrs):\n    if cls is None:\n        cls = Argument\n"
          "    return _param_memo(cls(decls, **attrs), MAX_DEPTH)")
    view = structure_of(py, LANGUAGES["python"].tokens)
    assert view.type_words == ["argument"]  # not the CONSTANT, not the helper
    assert {"argument", "maxdepth", "parammemo"} <= set(view.vocabulary)
    ts = "function make(data: ItemCreate) {\n  return new ItemsService(toBody(data));\n}"
    assert structure_of(ts, LANGUAGES["typescript"].tokens).type_words == ["itemcreate", "itemsservice"]


def test_a_keyword_argument_forwarding_a_local_weighs_no_tokens():
    # typer's OptionInfo/ArgumentInfo: thirty `name=name,` lines handed to super(); a signature, not logic.
    py = ("def f(a, info):\n    return g(\n        a=a,\n        metavar=info.metavar,\n        x=info.y,\n"
          "        z=1,\n    )\n    return a\n")
    hashes = structure_of(py, LANGUAGES["python"].tokens).line_hashes
    assert [h & 0xFF for h in hashes][:8] == [0, 2, 0, 0, 3, 2, 0, 2]  # `x=info.y` renames, `z=1` sets
    assert hashes[2] and hashes[3]  # still lines a copy matches
    # A language keyword before one local is a statement, not a forwarded value; `default` is
    # a keyword in JS only.
    nested = "def f(default):\n    def inner():\n        return 1\n    return g(\n        default=default,\n    )\n"
    assert [h & 0xFF for h in structure_of(nested, LANGUAGES["python"].tokens).line_hashes][1:5] == [2, 2, 2, 0]
    ts = "function f(x) {\n  try {\n    g(x)\n  } catch (error) {\n    return error\n  }\n}\n"
    assert [h & 0xFF for h in structure_of(ts, LANGUAGES["typescript"].tokens).line_hashes][3:5] == [2, 2]


def test_a_local_name_alone_on_its_line_weighs_no_tokens():
    # rq's Queue.enqueue / enqueue_at: the 21 fields of parse_args handed on a line each.
    py = "def f(a, b):\n    return g(\n        a,\n        *b,\n        b.c,\n    )\n    x = {}\n"
    hashes = structure_of(py, LANGUAGES["python"].tokens).line_hashes
    assert [h & 0xFF for h in hashes][:7] == [0, 2, 0, 0, 2, 0, 1]  # `b.c` reads an attribute; `x = {}` sets
    assert hashes[2] and hashes[3]  # still lines a copy matches
    ts = "function f(a) {\n  return g(\n    ...a,\n  )\n}\n"
    assert [h & 0xFF for h in structure_of(ts, LANGUAGES["typescript"].tokens).line_hashes][1:4] == [2, 0, 0]


def test_call_view_names_the_called_functions_not_receivers_or_callbacks():
    py = "    def overstocked(self) -> list[str]:\n        return sorted(s for s, i in self.items.items() if is_overstocked(i))"
    assert [t for t in vocabulary_tokens(py, "python") if t.startswith("CALL:")] == ["CALL:is_overstocked", "CALL:sorted"]
    ts = "export function debounce<F extends (...a: any[]) => void>(fn: F, ms: number) {\n  return () => { fn(); this.reset(); };\n}"
    assert [t for t in vocabulary_tokens(ts, "typescript") if t.startswith("CALL:")] == ["CALL:self.reset"]


def test_signature_contract_needs_every_annotation():
    assert signature_contract("def subtotal(lines: list[LineItem]) -> float") == (("list[lineitem]",), "float")
    assert signature_contract("def total(self) -> float") == ((), "float")
    assert signature_contract("function countItems(lines: LineItem[]): number") == (("lineitem[]",), "number")
    assert signature_contract("def f(a, b)") is None and signature_contract("constructor(message: string)") is None


# -- behaviour: what the body does, in canonical words ----------------------------------------

def describe_functions(source: str, language: str) -> dict[tuple[int, int], str]:
    """The behaviour sentence of each function of `source`, by line range, as the scan reads it."""
    path = "m.py" if language == "python" else "m.ts"
    return {(s.line_start, s.line_end): s.behaviour.sentence
            for s in extract_file(path, source.encode(), language).symbols if s.behaviour is not None}


def behaviour(source: str, language: str = "python") -> str:
    """The behaviour sentence of the first function in `source` (whole file, one function)."""
    lines = source.strip("\n").splitlines()
    return next(iter(describe_functions("\n".join(lines), language).values()))


def test_loop_sum_reduce_and_builtin_read_alike_in_python():
    loop = "def count_items(lines):\n    count = 0\n    for line in lines:\n        count += line.quantity\n    return count"
    builtin = "def units(rows):\n    return sum(r.quantity for r in rows)"
    folded = "def units_sold(lines):\n    return reduce(lambda n, line: n + line.quantity, lines, 0)"
    assert behaviour(loop) == "sums item quantity over lines"
    assert behaviour(folded) == "sums item quantity over lines"
    assert behaviour(builtin) == "sums item quantity over rows"


def test_index_loop_and_map_reduce_read_alike_in_typescript():
    index_loop = ("function countItems(lines: LineItem[]): number {\n  let count = 0;\n"
                  "  for (let i = 0; i < lines.length; i++) {\n    count += lines[i].quantity;\n  }\n  return count;\n}")
    chained = ("function unitsSold(lines: LineItem[]): number {\n"
               "  return lines.map((line) => line.quantity).reduce((count, q) => count + q, 0);\n}")
    arrow = "export const unitsOf = (lines: LineItem[]): number => lines.reduce((n, l) => n + l.quantity, 0);"
    assert behaviour(index_loop, "typescript") == behaviour(chained, "typescript") == "sums item quantity over lines"
    assert behaviour(arrow, "typescript") == "sums item quantity over lines"


def test_different_jobs_in_one_idiom_family_get_different_words():
    price = "def a(items):\n    return sum(i.price for i in items)"
    quantity = "def b(items):\n    return sum(i.quantity for i in items)"
    product = "def c(items):\n    t = 1\n    for i in items:\n        t *= i.price\n    return t"
    assert behaviour(price) != behaviour(quantity)
    assert behaviour(product).startswith("multiplies item price")
    any_loop = "def f(xs):\n    for x in xs:\n        if x.late > 0:\n            return True\n    return False"
    all_builtin = "def g(xs):\n    return all(x.late > 0 for x in xs)"
    any_builtin = "def h(ys):\n    return any(y.late > 0 for y in ys)"
    assert behaviour(any_loop).startswith("checks whether any item") and behaviour(all_builtin).startswith("checks whether every item")
    assert behaviour(any_loop).replace(" of xs", "") == behaviour(any_builtin).replace(" of ys", "")


def test_largest_by_key_loop_and_max_agree_and_smallest_differs():
    loop = ('def best(players):\n    top = None\n    for p in players:\n'
            '        if top is None or p["score"] > top["score"]:\n            top = p\n    return top')
    builtin = 'def best2(players):\n    return max(players, key=lambda e: e["score"], default=None)'
    worst = ('def worst(players):\n    low = None\n    for p in players:\n'
             '        if low is None or p["score"] < low["score"]:\n            low = p\n    return low')
    assert behaviour(loop) == behaviour(builtin) == "finds the largest item of players by item score"
    assert behaviour(worst) == "finds the smallest item of players by item score"
    ts_max = "function maxOf(xs: number[]): number {\n  return Math.max(...xs);\n}"
    ts_loop = "function largest(xs: number[]): number {\n  let b = -Infinity;\n  for (const n of xs) {\n    if (n > b) {\n      b = n;\n    }\n  }\n  return b;\n}"
    assert behaviour(ts_max, "typescript") == behaviour(ts_loop, "typescript") == "finds the largest item of xs"


def test_recursion_and_iteration_over_a_range_read_alike():
    recursive = "def factorial(n):\n    if n <= 1:\n        return 1\n    return n * factorial(n - 1)"
    iterative = "def fact(k):\n    r = 1\n    for i in range(2, k + 1):\n        r *= i\n    return r"
    ts = "function f(k: number): number {\n  let r = 1;\n  for (let i = 2; i <= k; i++) {\n    r *= i;\n  }\n  return r;\n}"
    assert behaviour(recursive) == behaviour(iterative) == behaviour(ts, "typescript") == "multiplies item over a range of numbers"


def test_groups_by_a_key_of_the_item_in_both_idioms():
    py = 'def g(people):\n    out = {}\n    for p in people:\n        out.setdefault(p["city"], []).append(p)\n    return out'
    ts = ("function g(xs: P[]) {\n  return xs.reduce((acc, x) => {\n    (acc[x.city] = acc[x.city] || []).push(x);\n"
          "    return acc;\n  }, {} as Record<string, P[]>);\n}")
    assert behaviour(py) == "groups items of people by item city"
    assert behaviour(ts, "typescript") == "groups items of xs by item city"
    # Pushing into the last batch is not grouping by anything the item says.
    batches = "function b(xs: T[]) {\n  const out: T[][] = [];\n  for (const x of xs) {\n    out[out.length - 1].push(x);\n  }\n  return out;\n}"
    assert "groups" not in behaviour(batches, "typescript")


def test_collections_built_item_by_item_are_not_named_but_feed_aggregates():
    # "keep the None values" and "drop them", or to_record/from_record, embed alike in two
    # idioms: a transformation gets no sentence, while an aggregate over one is named.
    keep = "def keep(m):\n    return {k: v for k, v in m.items() if v is None}"
    drop = "def drop(m):\n    out = {}\n    for k, v in m.items():\n        if v is not None:\n            out[k] = v\n    return out"
    assert behaviour(keep) == "" and behaviour(drop) == ""
    assert behaviour("def sq(xs):\n    return [x * x for x in xs]") == ""
    assert behaviour("def n(xs):\n    return len([x for x in xs if x.ok])") == "counts items of xs where item ok"
    ts = "function n(xs: X[]): number {\n  return xs.filter((x) => x.ok).length;\n}"
    assert behaviour(ts, "typescript") == "counts items of xs where item ok"


def test_functions_without_a_known_job_get_no_behaviour():
    assert behaviour("def f(a, b):\n    if a < b:\n        return a\n    return b") == ""
    assert behaviour("def g(path):\n    with open(path) as h:\n        return h.read()") == ""


def test_methods_are_found_by_line_range_in_their_class():
    py = "class Cart:\n    def total(self):\n        return sum(l.price for l in self.lines)\n"
    ts = "class Cart {\n  total(): number {\n    return this.lines.reduce((t, l) => t + l.price, 0);\n  }\n}\n"
    assert describe_functions(py, "python") == {(2, 3): "sums item price over self lines"}
    assert describe_functions(ts, "typescript") == {(2, 4): "sums item price over self lines"}
    assert describe_functions("x = 1\n", "python") == {}


def test_card_summary_adds_the_behaviour_after_the_purpose():
    source = '''def count_items(lines):
    """Count the units in a cart."""
    count = 0
    for line in lines:
        count += line.quantity
    return count
'''
    scanned = extract_file("src/m.py", source.encode(), "python")
    s = scanned.symbols[0]
    card = cards_for_file(scanned, None)[0]
    assert card.summary == "Count the units in a cart. Sums item quantity over lines."
    assert card.embedding_text().splitlines()[1] == card.summary
    alone = build_static_card(scanned, s, None)
    assert alone.summary == card.summary
    assert summary(s) == "Count the units in a cart."  # without the body, the purpose alone
    long_doc = sym("f", docstring="x" * 395 + ".")
    assert summary(long_doc, "sums item quantity over lines") == long_doc.docstring  # no room: behaviour dropped
