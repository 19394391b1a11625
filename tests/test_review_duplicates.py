"""Which pairs the review calls DUPLICATE, of what kind, on which lines, and which copy is kept
(pure logic over SimilarFunction hits and scanned symbols, no index)."""

from __future__ import annotations

from reviewer.analysis.duplicates import JudgedMemo, find_duplicates, keep_rank
from reviewer.schema.facts import Structure, Symbol
from reviewer.schema.review import SimilarFunction

TOKENS = 10  # code tokens per line (the low byte of a line hash, see Structure.line_hashes)


def symbol(name: str, start: int, lines: list[int], parent: str | None = None, words: list[str] | None = None,
           complexity: int = 2, types: list[str] | None = None) -> Symbol:
    return Symbol(name=name.rsplit(".", 1)[-1], qualified_name=name, kind="function", line_start=start,
                  line_end=start + len(lines) - 1, parent=parent, complexity=complexity,
                  structure=Structure(line_hashes=lines, vocabulary=words or ["total", "price"], type_words=types or []))


def body(*values: int, tokens: int = TOKENS) -> list[int]:
    """A header line (0), then one code line per value."""
    return [0] + [(v + 1) << 8 | tokens for v in values]


def hit(card_id: str, functions, **parts) -> SimilarFunction:
    path, sym = functions[card_id]
    defaults = dict(score=0.9, structure=0.95, meaning=None, vocabulary=0.6, clone_kind="renamed")
    defaults.update(parts)
    return SimilarFunction(id=card_id, name=sym.qualified_name, file_path=path, line_start=sym.line_start,
                           line_end=sym.line_end, **defaults)


def both_ways(functions, a: str, b: str, **parts) -> dict[str, list[SimilarFunction]]:
    return {a: [hit(b, functions, **parts)], b: [hit(a, functions, **parts)]}


def rank_by_path(path, sym):
    return keep_rank(path, sym, users=0, changed=False)


def run(pairs, functions, **kwargs):
    return find_duplicates(pairs, functions, rank_by_path, **kwargs)


def key(functions, card_id):
    path, sym = functions[card_id]
    return (path, sym.qualified_name, sym.line_start)


def test_the_copy_is_flagged_and_points_at_the_one_to_keep() -> None:
    functions = {"a": ("src/util.py", symbol("slugify", 1, body(1, 2, 3, 4))),
                 "b": ("src/views.py", symbol("make_handle", 1, body(1, 2, 3, 4)))}
    found = run(both_ways(functions, "a", "b"), functions).copies
    assert list(found) == [key(functions, "b")]  # src/util.py ranks first: it is kept
    clone = found[key(functions, "b")][0]
    assert (clone.keep.name, clone.kind, clone.lines, clone.keep_reason) == ("slugify", "renamed", (1, 5), "it lives in a shared module")


def test_a_host_repeating_a_helper_is_flagged_on_the_repeated_lines() -> None:
    functions = {"helper": ("src/a.py", symbol("helper", 1, body(1, 2, 3))),
                 "host": ("src/b.py", symbol("host", 10, body(7, 8, 1, 2, 3, 9, 5, 6)))}
    found = run(both_ways(functions, "helper", "host", clone_kind="inline", structure=0.3), functions).copies
    clone = found[key(functions, "host")][0]
    assert (clone.kind, clone.lines, clone.other_lines, clone.keep.name) == ("contained", (13, 15), (2, 4), "helper")


def test_an_inline_claim_the_lines_do_not_support_is_no_duplicate() -> None:
    functions = {"helper": ("src/a.py", symbol("helper", 1, body(1, 2, 3))),
                 "host": ("src/b.py", symbol("host", 10, body(7, 8, 1, 4, 3, 9, 5, 6)))}
    found = run(both_ways(functions, "helper", "host", clone_kind="inline", structure=0.3), functions)
    assert found.copies == {}


def test_a_block_repeated_in_two_functions_is_found_without_a_similar_pair() -> None:
    block = list(range(20, 27))
    functions = {"a": ("src/a.py", symbol("first", 1, body(1, 2, *block, 3))),
                 "b": ("src/b.py", symbol("second", 40, body(8, *block, 9, 10, 11)))}
    found = run({}, functions).copies
    clone = found[key(functions, "b")][0]
    assert (clone.kind, clone.lines, clone.other_lines) == ("block", (42, 48), (4, 10))


def test_pairs_that_are_not_duplicates() -> None:
    functions = {
        "a": ("src/util.py", symbol("slugify", 1, body(1, 2, 3, 4))),
        "t": ("tests/test_util.py", symbol("test_slugify", 1, body(1, 2, 3, 4))),
        "ts": ("web/util.ts", symbol("slugify", 1, body(1, 2, 3, 4))),
        "m": ("app/migrations/0002_x.py", symbol("forwards", 1, body(1, 2, 3, 4))),
        "g": ("src/generated/api.py", symbol("call", 1, body(1, 2, 3, 4))),
        "e": ("examples/auth/app.py", symbol("slugify", 1, body(1, 2, 3, 4))),
    }
    for other in ("t", "ts", "m", "g", "e"):
        assert run(both_ways(functions, "a", other), functions).copies == {}, other


def test_cards_alike_without_structural_evidence_are_neighbours_not_duplicates() -> None:
    functions = {"a": ("src/a.py", symbol("encode", 1, body(1, 2, 3, 4))),
                 "b": ("src/a.py", symbol("decode", 9, body(5, 6, 7, 8)))}
    found = run(both_ways(functions, "a", "b", structure=0.1, meaning=0.95, clone_kind="semantic"), functions)
    assert found.copies == {}
    assert [h.name for h in found.neighbours[key(functions, "a")]] == ["decode"]


def test_one_job_in_two_idioms_is_a_duplicate() -> None:
    functions = {"a": ("src/a.py", symbol("subtotal", 1, body(1, 2))),
                 "b": ("src/b.py", symbol("revenue_of", 1, body(3, 4, 5, 6)))}
    same_job = dict(structure=0.8, clone_kind="semantic", behaviour="same")
    found = run(both_ways(functions, "a", "b", **same_job), functions).copies
    assert found[key(functions, "b")][0].kind == "semantic"


def test_three_copies_are_one_finding_naming_every_member() -> None:
    functions = {c: (f"src/{c}.py", symbol(f"f_{c}", 1, body(*range(1, 16)))) for c in "abc"}
    pairs = {c: [hit(o, functions) for o in "abc" if o != c] for c in "abc"}
    found = run(pairs, functions).copies
    reported = [k for k, clones in found.items() if clones[0].report]
    assert reported == [key(functions, "b")]
    assert len(found[key(functions, "b")][0].members) == 3
    assert not found[key(functions, "c")][0].report
    # The class is listed once, on the copy that reports it: on each of N members it was N x N names.
    silent = found[key(functions, "c")][0]
    assert silent.members == [] and silent.copies == 3 and "one of 3 copies: reported on f_b" in silent.note


def test_per_type_boilerplate_and_parallel_few_liners_are_not_duplicates() -> None:
    def factories(types_a: list[str], types_b: list[str]) -> dict:
        return {"a": ("src/a.ts", symbol("Foo.create", 1, body(1, 2), words=["foo", "make"], types=types_a)),
                "b": ("src/b.ts", symbol("Bar.create", 1, body(1, 2), words=["bar", "make"], types=types_b))}

    functions = factories(["foo"], ["bar"])  # `return make(Foo)` / `return make(Bar)`
    assert run(both_ways(functions, "a", "b"), functions).copies == {}
    functions = factories([], [])  # `return make(foo)` / `return make(bar)`: the names differ, not the types
    assert run(both_ways(functions, "a", "b"), functions).copies
    few = {"a": ("src/a.py", symbol("C.get_headers", 1, body(1, 2, tokens=7), complexity=1)),
           "b": ("src/a.py", symbol("C.get_metadata", 5, body(1, 2, tokens=7), complexity=1))}
    assert run(both_ways(few, "a", "b"), few).copies == {}


def test_same_named_members_of_one_file_are_kept_apart() -> None:
    functions = {"a": ("src/cols.ts", symbol("columns.cell", 1, body(1, 2, 3, 4))),
                 "b": ("src/cols.ts", symbol("columns.cell", 9, body(1, 2, 3, 4))),
                 "c": ("src/cols.ts", symbol("columns.cell", 20, body(5, 6, 7, 8)))}
    found = run(both_ways(functions, "a", "b"), functions).copies
    assert list(found) == [key(functions, "b")]


def test_a_weak_pair_is_evidence_under_the_floor_not_a_finding() -> None:
    functions = {"a": ("src/a.py", symbol("f", 1, body(1, 2, 3, 4, 5, 6))),
                 "b": ("src/b.py", symbol("g", 1, body(1, 2, 3, 4, 5, 7)))}
    found = run(both_ways(functions, "a", "b", clone_kind="near-miss", structure=0.6), functions).copies
    clone = found[key(functions, "b")][0]
    assert not clone.report and "under the floor" in clone.note


def test_a_test_written_twice_but_for_a_line_is_no_scenario_of_its_own() -> None:
    # Six shared lines out of seven: one test with two inputs, reported without the test penalty
    # (block confidence 72). Three lines of its own make the copy a scenario: 72 - 10, under the floor.
    def reported(own: tuple[int, ...], parametrized: bool = False) -> bool:
        functions = {"a": ("tests/test_x.py", symbol("test_a", 1, body(1, 2, 3, 4, 5, 6, 7))),
                     "b": ("tests/test_x.py", symbol("test_b", 20, body(1, 2, 3, 4, 5, 6, *own)))}
        functions = {k: (path, sym.model_copy(update={"decorators": [f"pytest.mark.parametrize('x', [{k!r}])"]}
                                              if parametrized else {}))
                     for k, (path, sym) in functions.items()}
        clones = run({}, functions).copies.get(key(functions, "b"), [])
        return any(clone.report for clone in clones)

    assert reported((8,))
    assert not reported((8, 9, 10))
    assert not reported((8,), parametrized=True)  # two parametrized tests bring their own cases


def test_without_rag_the_meaning_part_is_dropped() -> None:
    functions = {"a": ("src/a.py", symbol("f", 1, body(1, 2, 3, 4))),
                 "b": ("src/b.py", symbol("g", 1, body(1, 2, 3, 4)))}
    found = run(both_ways(functions, "a", "b", meaning=0.9), functions, structural_only=True).copies
    assert found[key(functions, "b")][0].keep.meaning is None


def test_path_roles_of_code_nobody_edits_here() -> None:
    from reviewer.analysis.roles import (is_benchmark_path, is_example_path, is_generated_path, is_scaffold_path,
                                         is_test_path)

    assert is_generated_path("src/api/generated/client.ts") and is_generated_path("proto/x_pb2.py")
    assert is_generated_path("components/ui/button.tsx") and is_generated_path("src/components/ui/dialog/dialog.tsx")
    assert not is_generated_path("src/components/users/list.tsx")
    # declaration files of every module flavour (axios's index.d.cts mirrors its runtime enum)
    assert all(is_generated_path(f"index.d.{ext}") for ext in ("ts", "cts", "mts")) and not is_generated_path("src/d.ts")
    assert is_test_path("typing_tests/mypy.py") and is_test_path("integration_tests/api.py")
    assert not is_test_path("src/latest/api.py")
    assert is_test_path("test.js") and is_test_path("source/test.ts") and not is_test_path("src/testing.js")
    assert is_example_path("examples/auth/app.js") and is_example_path("pkg/blog_examples/flow/raw/views.py")
    assert not is_example_path("src/example.py")
    # a scaffolder's project templates: alternatives copied whole on purpose (with-auth.ts, with-db.ts)
    assert is_scaffold_path("cli/template/extras/src/server/auth/with-db.ts") and is_scaffold_path("{{cookiecutter.slug}}/app.py")
    assert not is_scaffold_path("src/template.ts") and not is_scaffold_path("app/templatetags/tags.py")
    # benchmark programs, each run on its own by a bench runner (pino's benchmarks/*.bench.js)
    assert is_benchmark_path("benchmarks/basic.bench.js") and is_benchmark_path("src/parse.bench.ts")
    assert not is_benchmark_path("src/benchmark.py")
    assert is_benchmark_path("perf-testing/immutability-benchmarks.mjs") and is_benchmark_path("perf/run.py")
    assert not is_benchmark_path("src/perfume/index.ts") and not is_benchmark_path("src/performance.ts")
    from reviewer.analysis.duplicates import _left_out
    assert _left_out("test-d/convert/iterable.test-d.ts") and _left_out("test/types.tst.ts")
    assert not _left_out("test/convert/iterable.test.ts")
    functions = {"a": ("cli/template/extras/auth/with-db.ts", symbol("auth", 1, body(1, 2, 3, 4))),
                 "b": ("cli/template/extras/auth/with-auth.ts", symbol("auth", 1, body(1, 2, 3, 4)))}
    assert run(both_ways(functions, "a", "b", clone_kind="identical"), functions).copies == {}
    # translations, one file per language (zod's v4/locales/ar.ts, az.ts...)
    assert _left_out("src/v4/locales/ar.ts") and _left_out("static/js/lang/markedit.fr.js")
    assert not _left_out("src/language.ts") and not _left_out("src/v4/core/tests/locales/ru.test.ts")
    # a test suite's data folder: inputs read as text (black's tests/data/cases/*.py formatter cases)
    assert _left_out("tests/data/cases/comments.py") and not _left_out("src/data/tables.py")
    assert _left_out("src/transforms/fixtures/scope/jsx.js")  # a fixtures folder, wherever it stands
    # one file per module format (zod's integration fixtures index.ts / cjs-test.cts) take no part together
    # (in a folder of its own: a `fixtures/` folder anywhere holds test inputs, whose copies take no part at all)
    for other, twins in (("integration/cjs-test.cts", True), ("integration/index.mts", True),
                         ("integration/other.ts", False), ("elsewhere/index.cts", False)):
        functions = {"a": ("integration/index.ts", symbol("check", 1, body(1, 2, 3, 4, 5, 6))),
                     "b": (other, symbol("check", 1, body(1, 2, 3, 4, 5, 6)))}
        assert (run(both_ways(functions, "a", "b", clone_kind="identical"), functions).copies == {}) is twins, other


def test_every_block_two_functions_share_is_reported_not_only_the_longest() -> None:
    # 14 and 10 lines, apart in both, with more of its own between them in one: no edited copy of
    # the whole (see the near-miss test below), two blocks
    form, footer = list(range(20, 34)), list(range(40, 50))
    functions = {"a": ("src/a.tsx", symbol("AddItem", 1, body(1, *form, 2, 3, *footer))),
                 "b": ("src/b.tsx", symbol("EditItem", 50, body(5, *form, 6, 60, 61, 62, 63, *footer, 7)))}
    clones = run({}, functions).copies[key(functions, "b")]
    assert [(c.kind, c.lines, c.other_lines) for c in clones] == [
        ("block", (52, 65), (3, 16)), ("block", (71, 80), (19, 28))]
    assert clones[0].digest != clones[1].digest


def test_a_short_block_between_components_is_a_markup_candidate() -> None:
    # A form field and a dialog footer repeated in two components (under 20 lines): the markup's idiom,
    # a candidate; the same blocks between two modules of logic stay findings, as does a long block.
    def pair(extension: str, length: int) -> dict:
        shared = list(range(20, 20 + length))
        own_a, own_b = list(range(100, 115)), list(range(200, 215))  # each component's own code around it
        return {"a": (f"src/a.{extension}", symbol("AddItem", 1, body(*own_a, *shared, *own_a[:5]))),
                "b": (f"src/b.{extension}", symbol("EditItem", 90, body(*own_b, *shared, *own_b[:5])))}

    for extension, length, reported in (("tsx", 12, False), ("jsx", 12, False), ("ts", 12, True), ("tsx", 24, True)):
        functions = pair(extension, length)
        clones = run({}, functions).copies[key(functions, "b")]
        assert [c.report for c in clones] == [reported], (extension, length)
        if not reported:
            assert clones[0].rule == "duplicate/markup-block" and "markup's idiom" in clones[0].note


def module(hashes_by_line: dict[int, int], lines: int) -> list[int]:
    return [hashes_by_line.get(k, 0) for k in range(1, lines + 1)]


def test_top_level_code_repeated_in_two_files_is_a_block_of_module_code() -> None:
    styles = {k: (100 + k) << 8 | 4 for k in range(10, 20)}  # a 10-line style table, 4 tokens a line
    moved = {k + 5: v for k, v in styles.items()}
    modules = {"emails/a.tsx": module(styles, 30), "emails/b.tsx": module(moved, 40)}
    found = run({}, {}, modules=modules).copies
    (copy_key, clones), = found.items()
    assert copy_key == ("emails/b.tsx", "<module>", 1)
    assert (clones[0].kind, clones[0].lines, clones[0].other_lines) == ("block", (15, 24), (10, 19))
    # The fingerprint's content is the code, not its place: moving the block keeps it.
    again = run({}, {}, modules={"emails/a.tsx": module(styles, 30), "emails/b.tsx": module(styles, 30)}).copies
    assert [c.digest for c in again[("emails/b.tsx", "<module>", 1)]] == [clones[0].digest]


def test_module_code_of_test_cases_and_short_top_level_repeats_are_no_finding() -> None:
    table = {k: (100 + k) << 8 | 8 for k in range(10, 20)}
    short = {k: (100 + k) << 8 | 8 for k in range(10, 16)}  # 6 lines: under the module floor
    cases = {"tests/test_a.py", "tests/test_b.py"}
    assert run({}, {}, modules={path: module(table, 30) for path in cases}, test_cases=cases).copies == {}
    assert run({}, {}, modules={"src/a.py": module(short, 30), "src/b.py": module(short, 30)}).copies == {}


def test_a_run_of_module_code_never_bridges_a_function_between_its_lines() -> None:
    # Lines 10-13 and 16-19 are top-level code; 14-15 are a function in both files (hashes 0 there).
    top = {k: (100 + k) << 8 | 8 for k in (*range(10, 14), *range(16, 20))}
    func = ("f", 14, 15)
    functions = {f"{p}:f": (p, symbol(func[0], func[1], body(9))) for p in ("src/a.py", "src/b.py")}
    modules = {p: module(top, 30) for p in ("src/a.py", "src/b.py")}
    found = run({}, functions, modules=modules).copies
    assert found == {}  # two 4-line runs, each under the floor; joined they would be 8


def test_test_support_code_repeating_a_block_is_test_code_to_share() -> None:
    handler = {k: (100 + k) << 8 | 8 for k in range(10, 20)}  # the same mock handler scaffold twice
    support = {"src/testing/mocks/users.ts": module(handler, 30), "src/testing/mocks/teams.ts": module(handler, 30)}
    (clones,) = run({}, {}, modules=support, test_cases={"src/testing/users.test.ts"}).copies.values()
    assert clones[0].test_code and clones[0].kind == "block"


def test_a_short_top_level_scaffold_counts_only_where_many_places_hold_it() -> None:
    scaffold = [(200 + k) << 8 | 4 for k in range(6)]  # 6 lines, 24 tokens: under the module block floor

    def handlers(copies: int, salt: int, lines: int = 80) -> list[int]:
        out = [0] * lines
        for n in range(copies):
            start = 5 + 12 * n
            out[start : start + 6] = scaffold
            out[start + 6 : start + 8] = [(900 + 10 * n + salt) << 8 | 4, (950 + 10 * n + salt) << 8 | 4]  # its own job
        return out

    two = run({}, {}, modules={"src/mocks/users.ts": handlers(1, 1), "src/mocks/teams.ts": handlers(1, 2)}).copies
    assert two == {}
    four = run({}, {}, modules={"src/mocks/users.ts": handlers(2, 1), "src/mocks/teams.ts": handlers(2, 2)}).copies
    clones = [c for found in four.values() for c in found]
    assert clones and all(c.kind == "block" and c.lines[1] - c.lines[0] == 5 for c in clones)
    # production top-level code: a candidate (duplicate/module-repeat), not a finding
    assert all(not c.report and c.rule == "duplicate/module-repeat" for c in clones)


def test_one_block_in_three_places_is_one_finding_naming_every_place() -> None:
    # test support modules (a table of mock data in each): in production code, a candidate (module-repeat)
    table = {k: (100 + k) << 8 | 4 for k in range(10, 20)}
    modules = {f"src/testing/mocks/{name}.tsx": module(table, 30) for name in ("a", "b", "c")}
    found = run({}, {}, modules=modules, test_cases={"src/testing/users.test.ts"}).copies
    reported = [(key[0], c) for key, clones in found.items() for c in clones if c.report]
    assert len(reported) == 1
    path, clone = reported[0]
    assert path == "src/testing/mocks/b.tsx"  # a is kept (first by path); b speaks for the class
    assert clone.members == ["src/testing/mocks/a.tsx:10-19", "src/testing/mocks/b.tsx:10-19",
                             "src/testing/mocks/c.tsx:10-19"]
    silent = [c for clones in found.values() for c in clones if not c.report]
    assert silent and all("reported at src/testing/mocks/b.tsx:10" in c.note for c in silent)
    assert all(c.members == [] and c.copies == 3 for c in silent) and clone.copies == 3


def test_a_scaffold_counts_every_place_that_holds_it_two_in_one_file_too() -> None:
    scaffold = [(200 + k) << 8 | 4 for k in range(6)]  # 6 lines, 24 tokens: under the module block floor

    def handlers(copies: int, salt: int) -> list[int]:
        out = [0] * 80
        for n in range(copies):
            start = 5 + 12 * n
            out[start : start + 6] = scaffold
            out[start + 6 : start + 8] = [(900 + 10 * n + salt) << 8 | 4, (950 + 10 * n + salt) << 8 | 4]
        return out

    # Two handlers in one file and one in another: three places, two files (test support modules; in
    # production code the same class is a candidate, duplicate/module-repeat).
    cases = {"src/testing/users.test.ts"}
    found = run({}, {}, modules={"src/testing/mocks/users.ts": handlers(2, 1),
                                 "src/testing/mocks/teams.ts": handlers(1, 2)}, test_cases=cases).copies
    reported = [c for clones in found.values() for c in clones if c.report]
    assert len(reported) == 1
    assert reported[0].members == ["src/testing/mocks/teams.ts:6-11", "src/testing/mocks/users.ts:6-11",
                                   "src/testing/mocks/users.ts:18-23"]
    # Two places are not enough.
    assert run({}, {}, modules={"src/testing/mocks/users.ts": handlers(2, 1)}, test_cases=cases).copies == {}


def test_a_scaffold_inside_blocks_already_found_is_no_second_finding() -> None:
    # A 10-line schema in three files, its 7th line edited in each: three 10-line blocks (one edited
    # line bridged); the 6 lines all three hold word for word are in them already.
    def schema(salt: int) -> list[int]:
        table = [(400 + k) << 8 | 4 for k in range(10)]
        table[6] = (500 + salt) << 8 | 4
        return [0] * 5 + table + [0] * 5

    found = run({}, {}, modules={f"src/forms/{name}.tsx": schema(n) for n, name in enumerate("abc")}).copies
    clones = [c for found_clones in found.values() for c in found_clones]
    assert clones and all(c.lines[1] - c.lines[0] == 9 for c in clones)


def test_test_support_top_level_code_repeating_itself_is_no_weaker_than_across_files() -> None:
    handler = [(300 + k) << 8 | 4 for k in range(8)]  # 8 lines, 32 tokens: a block
    code = [0] * 60
    code[5:13], code[30:38] = handler, handler
    found = run({}, {}, modules={"src/testing/mocks/auth.ts": code}, test_cases={"src/auth.test.ts"}).copies
    (clone,) = found[("src/testing/mocks/auth.ts", "<module>", 1)]
    assert clone.report and clone.test_code and (clone.lines, clone.other_lines) == ((31, 38), (6, 13))


def test_a_few_liner_copied_under_its_own_name_is_a_helper_written_twice() -> None:
    # A 4-line straight-line helper (16 tokens: a few-liner) pasted into a second spec file.
    lines = body(1, 2, 3, 4, tokens=4)
    functions = {"a": ("tests/login.spec.ts", symbol("verifyInput", 1, lines, complexity=1)),
                 "b": ("tests/sign-up.spec.ts", symbol("verifyInput", 1, lines, complexity=1))}
    found = run(both_ways(functions, "a", "b", clone_kind="identical", structure=1.0), functions).copies
    (clone,) = found[key(functions, "b")]
    assert clone.report and clone.kind == "identical" and clone.test_code
    # Under other names the same two few-liners are parallel hooks: a clone class only from three copies on.
    functions["b"] = ("tests/sign-up.spec.ts", symbol("verifyField", 1, lines, complexity=1))
    assert run(both_ways(functions, "a", "b", clone_kind="identical", structure=1.0), functions).copies == {}


def test_a_copy_spanning_a_nested_function_keeps_its_fingerprint_from_run_to_run() -> None:
    # Each pass numbers nested-function barriers from one counter over the whole project, so
    # a second pass (as after a function added anywhere earlier) gives them other numbers.
    lines = body(1, 2, 3, 4, 5, 6)
    functions = {"a": ("src/a.py", symbol("outer_a", 1, lines)),
                 "b": ("src/b.py", symbol("outer_b", 1, lines)),
                 "a.inner": ("src/a.py", symbol("outer_a.inner", 3, body(7), parent="outer_a")),
                 "b.inner": ("src/b.py", symbol("outer_b.inner", 3, body(7), parent="outer_b"))}
    pairs = both_ways(functions, "a", "b", clone_kind="identical", structure=1.0)

    def digests():
        return [clone.digest for clones in run(pairs, functions).copies.values() for clone in clones]

    first, second = digests(), digests()
    assert first and first == second


def two_mutations(callback_b: list[int]) -> dict:
    """AddItem and EditItem: a header, 3 lines of their own, 3 shared lines, a nested callback
    (lines 8-10 and 18-20), 3 more shared lines (a mutation's options around its `onSettled`)."""
    def host(own: int, callback: list[int]) -> list[int]:
        return body(own, own + 1, own + 2, 20, 21, 22) + callback + body(23, 24, 25)[1:]

    callback_a = [(40 + k) << 8 | TOKENS for k in range(3)]
    return {"a": ("src/a.tsx", symbol("AddItem", 1, host(1, callback_a))),
            "b": ("src/b.tsx", symbol("EditItem", 11, host(5, callback_b))),
            "a.cb": ("src/a.tsx", symbol("AddItem.onSettled", 8, [0] + callback_a[1:], parent="AddItem")),
            "b.cb": ("src/b.tsx", symbol("EditItem.onSettled", 18, [0] + callback_b[1:], parent="EditItem"))}


def test_a_run_goes_on_through_a_nested_callback_both_copies_write_alike() -> None:
    same = [(40 + k) << 8 | TOKENS for k in range(3)]
    functions = two_mutations(same)
    clones = run({}, functions).copies[key(functions, "b")]
    # 3 lines + the callback (one barrier) + 3 lines: one block
    assert [(c.kind, c.lines, c.other_lines) for c in clones] == [("block", (15, 23), (5, 13))]
    # A callback that differs cuts the run in two 3-line halves, each under the floor.
    other = [(60 + k) << 8 | TOKENS for k in range(3)]
    assert key(two_mutations(other), "b") not in run({}, two_mutations(other)).copies


def short_class_functions(tokens: int, copies: int = 3, folder: str = "src") -> dict:
    """`copies` functions, each its own 6 lines then the same 4 lines of `tokens` code tokens each."""
    shared = [(700 + k) << 8 | tokens for k in range(4)]
    return {f"f{n}": (f"{folder}/h{n}.ts", symbol(f"handler{n}", 1, [0] + [(100 * n + k) << 8 | 8 for k in range(6)] + shared))
            for n in range(copies)}


def test_a_short_run_of_statements_in_three_functions_is_a_candidate_not_a_finding() -> None:
    # This asserted one finding for the class before duplicate/short-clone: blind first-contact labels
    # found short repeats in three places or more right less often than short pairs (a 13-copy
    # update-or-fail tail, per-type filter methods, form-field footers), so the class is evidence only.
    functions = short_class_functions(tokens=6)
    clones = [c for clones in run({}, functions).copies.values() for c in clones]
    assert clones and not any(c.report for c in clones)
    assert {(c.kind, c.lines, c.rule) for c in clones} == {("block", (8, 11), "duplicate/short-clone")}
    assert all("the repeat spans 4 lines, under 6" in c.note for c in clones)


def test_a_short_run_needs_three_places_statements_and_code_outside_tests() -> None:
    assert run({}, short_class_functions(tokens=6, copies=2)).copies == {}  # two places: a pair under the block floor
    assert run({}, short_class_functions(tokens=3)).copies == {}  # thin lines: markup, data
    assert run({}, short_class_functions(tokens=6, folder="tests")).copies == {}  # test cases repeat on purpose


def sibling_pair(parent_a: str | None, parent_b: str | None) -> dict:
    """A 7-line helper of 3 tokens a line (under the block floor: `return OrderedDict([...])`) and a
    method repeating its 6 entries wrapped in one more line (`return Response(OrderedDict([...]))`)."""
    entries = [(600 + k) << 8 | 3 for k in range(6)]
    helper = [0, 590 << 8 | 3] + entries
    host = [0, 591 << 8 | 3, 592 << 8 | 2] + entries
    return {"h": ("src/pagination.py", symbol("get_paginated_data", 10, helper, parent=parent_a)),
            "w": ("src/pagination.py", symbol("get_paginated_response", 20, host, parent=parent_b))}


def test_a_method_repeating_a_small_sibling_whole_should_call_it() -> None:
    functions = sibling_pair("Pagination", "Pagination")
    found = run({}, functions).copies
    (clone,) = found[key(functions, "w")]
    assert (clone.kind, clone.keep.name, clone.lines, clone.other_lines) == ("contained", "get_paginated_data", (23, 28), (12, 17))


def test_a_small_function_repeated_in_a_barely_larger_one_elsewhere_is_no_finding() -> None:
    # Not siblings: the host must be much larger than the helper to be its host (CONTAINED_RATIO).
    assert run({}, sibling_pair("Pagination", "OtherPagination")).copies == {}
    assert run({}, sibling_pair(None, None)).copies == {}


def test_two_overrides_of_one_hook_alike_in_shape_only_are_no_duplicate() -> None:
    # Path.to_info_dict and Option.to_info_dict: `info = super()...; info.update(own attributes)`.
    functions = {"a": ("src/core.py", symbol("Option.to_info_dict", 1, body(1, 2, 3, 4, 5), parent="Option")),
                 "b": ("src/types.py", symbol("Path.to_info_dict", 1, body(1, 2, 3, 4, 5), parent="Path"))}
    assert run(both_ways(functions, "a", "b", structure=1.0, vocabulary=0.17), functions).copies == {}
    assert run(both_ways(functions, "a", "b", structure=1.0, vocabulary=0.9), functions).copies


def test_a_stub_nested_in_three_tests_is_a_class_two_are_not() -> None:
    stub = body(1, 2, 3, 4, 5, 6, tokens=4)  # six lines, 24 code tokens: a scaffold's floor, not a block's
    functions = {f"t{k}": ("tests/test_runner.py", symbol(f"test_{k}.command", 10 * k, stub, parent=f"test_{k}"))
                 for k in range(3)}
    hosts = {f"h{k}": ("tests/test_runner.py", symbol(f"test_{k}", 10 * k - 1, [0] * 12)) for k in range(3)}
    pairs = {}
    for a, b in (("t0", "t1"), ("t0", "t2"), ("t1", "t2")):
        for x, y in ((a, b), (b, a)):
            pairs.setdefault(x, []).append(hit(y, functions, clone_kind="identical", structure=1.0, vocabulary=1.0))
    found = run(pairs, {**functions, **hosts}).copies
    reported = [clone for clones in found.values() for clone in clones if clone.report]
    assert len(reported) == 1 and len(reported[0].members) == 3 and reported[0].test_code
    two = {k: functions[k] for k in ("t0", "t1")}
    assert not any(c.report for clones in run(both_ways(two, "t0", "t1", clone_kind="identical"), two).copies.values()
                   for c in clones)


def test_a_test_opening_with_the_whole_of_another_makes_it_redundant() -> None:
    # click's test_case_insensitive_choice_returned_exactly: the first block of test_case_insensitive_choice.
    functions = {"a": ("tests/test_x.py", symbol("test_small", 1, body(1, 2, 3, 4, 5, 6))),
                 "b": ("tests/test_x.py", symbol("test_large", 20, body(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)))}
    (clone,) = [c for clones in run({}, functions).copies.values() for c in clones]
    assert clone.report and clone.confidence == 72  # the block's own, no test penalty
    # The same lines at the end of the larger test follow its own arrange: a scenario, under the floor.
    functions["b"] = ("tests/test_x.py", symbol("test_large", 20, body(7, 8, 9, 10, 1, 2, 3, 4, 5, 6)))
    assert not any(c.report for clones in run({}, functions).copies.values() for c in clones)


def reported_clones(functions, pairs=None) -> list:
    return [c for clones in run(pairs or {}, functions).copies.values() for c in clones if c.report]


def test_parametrized_tests_over_the_same_cases_are_one_test_with_another_input() -> None:
    # starlette's too_many_fields / too_many_files tests: both run on the same two apps.
    def with_cases(sym: Symbol, cases: str) -> Symbol:
        return sym.model_copy(update={"decorators": [f"pytest.mark.parametrize('app', {cases})"]})

    functions = {"a": ("tests/test_x.py", with_cases(symbol("test_a", 1, body(1, 2, 3, 4, 5, 6, 7)), "[a, b]")),
                 "b": ("tests/test_x.py", with_cases(symbol("test_b", 20, body(1, 2, 3, 4, 5, 6, 8)), "[a, b]"))}
    assert reported_clones(functions)
    functions["b"] = ("tests/test_x.py", with_cases(functions["b"][1], "[c]"))
    assert not reported_clones(functions)


def test_tests_of_two_subjects_share_a_harness_not_a_test() -> None:
    # starlette's test_request_body / test_request_stream: the same client calls around an app that
    # reads `request.body()` in one and `request.stream()` in the other.
    def test(name: str, start: int, own: int, reads: str) -> dict:
        host = symbol(name, start, body(1, 2, 3, 4, 5, 6, 7) + [0])
        host = host.model_copy(update={"calls": ["client.get", "response.json"], "line_end": start + 8})
        app = symbol(f"{name}.app", start + 8, [0], parent=name).model_copy(update={"calls": [f"request.{reads}"]})
        return {name: ("tests/test_requests.py", host), f"{name}.app": ("tests/test_requests.py", app)}

    functions = {**test("test_body", 1, 7, "body"), **test("test_stream", 20, 7, "stream")}
    assert not reported_clones(functions)
    functions = {**test("test_body", 1, 7, "body"), **test("test_body_again", 20, 7, "body")}
    assert reported_clones(functions)


def test_a_test_whose_nested_view_takes_one_more_argument_is_written_twice() -> None:
    # starlette's TestTemplatesArgsOnly: each test's `page` view passes one more argument; around it
    # the test is the same. The differing view is bridged as one edited line.
    def test(name: str, start: int, view: list[int]) -> dict:
        lines = body(1, 2, 3, 4) + view + body(5, 6, 7, 8, 9)[1:]
        host = symbol(name, start, lines)
        page = symbol(f"{name}.page", start + 5, view, parent=name)
        return {name: ("tests/test_templates.py", host), f"{name}.page": ("tests/test_templates.py", page)}

    functions = {**test("test_name", 1, [(50 << 8) | 6, (51 << 8) | 6]),
                 **test("test_status", 40, [(50 << 8) | 6, (52 << 8) | 6])}
    (clone,) = [c for c in reported_clones(functions) if "page" not in c.keep.name]
    assert not clone.test_code or clone.confidence >= 70


def test_functions_that_differ_in_the_target_they_are_named_after_are_not_duplicates() -> None:
    # pipx's _cmd_expose / _cmd_unexpose; starlette's TestClient.head / options -> super().head / options.
    def command(name: str, start: int, target: str) -> Symbol:
        # 15 lines: a renamed repeat spanning fewer is a candidate anyway (duplicate/short-renamed)
        sym = symbol(name, start, body(*range(1, 16)), complexity=1)
        return sym.model_copy(update={"calls": ["_venv_dir", "ctx.venv_lock", f"commands.{target}"]})

    functions = {"a": ("src/main.py", command("_cmd_expose", 1, "expose")),
                 "b": ("src/main.py", command("_cmd_unexpose", 20, "unexpose"))}
    assert not reported_clones(functions, both_ways(functions, "a", "b"))
    functions["b"] = ("src/main.py", command("_cmd_publish", 20, "hide"))  # not named after what it calls
    assert reported_clones(functions, both_ways(functions, "a", "b"))


def test_type_tests_and_differently_decorated_test_views_are_not_duplicates() -> None:
    # zustand's TestComponent: the same expectTypeOf lines check each middleware stack's types.
    checks = ["expectTypeOf(useBoundStore().count).toEqualTypeOf", "expectTypeOf", "useBoundStore"]
    functions = {k: ("tests/types.test.tsx", symbol("TestComponent", start, body(1, 2, 3, 4, 5, 6)).model_copy(
        update={"calls": checks})) for k, start in (("a", 1), ("b", 30))}
    assert not reported_clones(functions, both_ways(functions, "a", "b", clone_kind="identical"))
    # starlette's `homepage` and `@requires("authenticated") dashboard`: what the test exercises is the decorator.
    functions = {"a": ("tests/test_auth.py", symbol("homepage", 1, body(1, 2, 3, 4, 5, 6))),
                 "b": ("tests/test_auth.py", symbol("dashboard", 10, body(1, 2, 3, 4, 5, 6)).model_copy(
                     update={"decorators": ['requires("authenticated")']}))}
    assert not reported_clones(functions, both_ways(functions, "a", "b", clone_kind="identical"))
    functions["a"] = ("src/views.py", functions["a"][1])
    functions["b"] = ("src/views.py", functions["b"][1])
    assert reported_clones(functions, both_ways(functions, "a", "b", clone_kind="identical"))


def test_a_test_that_inserts_a_line_or_two_is_the_same_test_written_twice() -> None:
    # pipx's test_uninstall_proper_dep_behavior_missing_interpreter: the same test with two
    # `remove_venv_interpreter(...)` lines inserted before its asserts. One class with the original.
    functions = {"a": ("tests/test_x.py", symbol("test_a", 1, body(1, 2, 3, 4, 5, 6, 7, 8, 9))),
                 "b": ("tests/test_x.py", symbol("test_b", 20, body(1, 2, 3, 4, 50, 51, 5, 6, 7, 8, 9)))}
    (clone,) = reported_clones(functions)
    assert clone.kind == "near-miss" and clone.lines == (20, 31) and clone.confidence == 78
    functions["b"] = ("tests/test_x.py", symbol("test_b", 20, body(1, 2, 3, 4, 50, 51, 52, 5, 6, 7, 8, 9)))
    assert all(c.kind != "near-miss" for c in reported_clones(functions))  # three lines of its own: a scenario


def test_an_identical_method_forwarding_its_parameters_is_a_signature_not_a_block() -> None:
    # typer's TyperCommand.main / TyperGroup.main: `return _main(self, args=args, ...)`, eight keywords
    # forwarded (lines that weigh nothing), in two classes.
    forwarding = [(1 << 8) | 3] + [((10 + k) << 8) for k in range(8)]  # one weighing line, eight forwarded keywords
    functions = {k: ("src/core.py", symbol(f"{cls}.main", start, [0] + forwarding, parent=cls, complexity=1))
                 for k, cls, start in (("a", "Command", 1), ("b", "Group", 30))}
    assert not reported_clones(functions, both_ways(functions, "a", "b", clone_kind="identical"))


def test_sync_and_async_twins_and_test_inputs_are_not_duplicates() -> None:
    # starlette's `dashboard` / `dashboard_sync`: one endpoint in each kind, which its tests exercise.
    functions = {"a": ("src/views.py", symbol("dashboard", 1, body(1, 2, 3, 4, 5, 6)).model_copy(update={"is_async": True})),
                 "b": ("src/views.py", symbol("dashboard_sync", 10, body(1, 2, 3, 4, 5, 6)))}
    assert not reported_clones(functions, both_ways(functions, "a", "b", clone_kind="identical"))
    # httpx's AsyncClient.send / Client.send: the async one awaits each call, a near-miss twin.
    functions = {"a": ("src/client.py", symbol("AsyncClient.send", 1, body(1, 2, 30, 4, 5, 60, 7, 8)).model_copy(
                     update={"is_async": True})),
                 "b": ("src/client.py", symbol("Client.send", 20, body(1, 2, 3, 4, 5, 6, 7, 8)))}
    assert not reported_clones(functions, both_ways(functions, "a", "b", clone_kind="near-miss", structure=0.9))
    # ... nor the lines they share around their awaits (httpx's send: the skeleton of the I/O);
    # two tests of each kind may share a block of asserts all the same.
    shared = list(range(100, 112))
    for folder, names in (("src/client.py", None), ("tests/test_client.py", ("test_send_async", "test_send"))):
        first, second = names or ("AsyncClient.send", "Client.send")
        functions = {"a": (folder, symbol(first, 1, body(1, 2, 3, *shared, 4, 5, 6)).model_copy(update={"is_async": True})),
                     "b": (folder, symbol(second, 40, body(7, 8, 9, *shared, 10, 11, 12)))}
        found = names is not None
        assert bool(reported_clones(functions)) is found, folder
    # typer's tests/assets/*.py: programs the tests run, each self-contained on purpose.
    functions = {"a": ("tests/assets/completion_a.py", symbol("complete", 1, body(1, 2, 3, 4, 5, 6))),
                 "b": ("tests/assets/completion_b.py", symbol("complete", 1, body(1, 2, 3, 4, 5, 6)))}
    assert not reported_clones(functions, both_ways(functions, "a", "b", clone_kind="identical"))
    functions = {k: ("src" + path[len("tests/assets"):], sym) for k, (path, sym) in functions.items()}
    assert reported_clones(functions, both_ways(functions, "a", "b", clone_kind="identical"))


def test_a_function_copied_and_edited_in_a_few_lines_is_a_near_miss_copy_of_the_whole() -> None:
    # awesome-nest's LinkedinField / FacebookField: one decorator list but for a regex and a
    # transform's options (three lines against one). No run alone is most of either function.
    head, tail = [1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12, 13]
    functions = {"a": ("src/fields.ts", symbol("LinkedinField", 1, body(*head, 40, 41, 42, 43, *tail))),
                 "b": ("src/fields.ts", symbol("FacebookField", 30, body(*head, 50, 51, *tail)))}
    (clone,) = reported_clones(functions)
    assert clone.kind == "near-miss" and clone.lines == (30, 45) and clone.other_lines == (1, 18)
    # Edits wider than NEAR_MISS_GAP lines part the two: what they share is blocks, not one function.
    functions["b"] = ("src/fields.ts", symbol("FacebookField", 30, body(*head, 50, 51, 52, 53, 54, *tail)))
    assert all(c.kind != "near-miss" for c in reported_clones(functions))
    # Tests take no part: two tests alike but for a few lines are two scenarios more often than not.
    functions = {"a": ("tests/test_f.py", symbol("test_a", 1, body(*head, 40, 41, 42, 43, *tail))),
                 "b": ("tests/test_f.py", symbol("test_b", 30, body(*head, 50, 51, *tail)))}
    assert all(c.kind != "near-miss" for c in reported_clones(functions))


def test_an_edited_copy_is_told_to_become_one_function_not_to_call_the_other() -> None:
    from reviewer.review.findings import duplicate_action
    from reviewer.schema.review import DuplicateOf
    copy = symbol("FacebookField", 30, body(1, 2, 3, 4, 5, 6, 7, 8))
    dup = DuplicateOf(file="src/fields.ts", name="LinkedinField", line_start=1, line_end=18, clone_kind="near-miss",
                      score=0.9, keep_reason="it is defined first", edited_lines=[35, 36, 37, 39])
    action = duplicate_action(copy, dup)
    assert action == ("`FacebookField` (lines 30-38) is `LinkedinField` (src/fields.ts:1) edited in lines 35-37, 39: "
                      "make them one function taking what differs as a parameter, starting from `LinkedinField` "
                      "(src/fields.ts:1): it stays because it is defined first.")
    both = dup.model_copy(update={"other_edited_lines": [8, 9, 10, 11]})
    assert " edited in lines 35-37, 39 (lines 8-11 there): " in duplicate_action(copy, both)
    shorter = dup.model_copy(update={"edited_lines": [], "other_edited_lines": [8, 9, 10]})
    assert " edited by leaving out lines 8-10 of it: " in duplicate_action(copy, shorter)
    renamed = dup.model_copy(update={"edited_lines": []})
    assert " edited in its names and values only: " in duplicate_action(copy, renamed)
    members = ["src/fields.ts:LinkedinField:1", "src/fields.ts:FacebookField:30", "src/fields.ts:TwitterField:50"]
    test_dup = dup.model_copy(update={"test_code": True, "members": members, "edited_lines": [35]})
    assert duplicate_action(copy, test_dup).startswith(
        "3 copies of one body, edited (src/fields.ts:LinkedinField, src/fields.ts:FacebookField, "
        "src/fields.ts:TwitterField; this one in line 35): make them one parametrized test")


def test_an_edited_copy_names_the_lines_it_changed() -> None:
    head, tail = [1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12, 13]
    functions = {"a": ("src/fields.ts", symbol("LinkedinField", 1, body(*head, 40, 41, 42, 43, *tail))),
                 "b": ("src/fields.ts", symbol("FacebookField", 30, body(*head, 50, 51, *tail)))}
    (clone,) = reported_clones(functions)
    # the header is line 30, its code from 31; LinkedinField's four lines of its own are 8-11
    assert clone.lines == (30, 45) and clone.edited == [37, 38] and clone.other_edited == [8, 9, 10, 11]

def test_a_method_naming_its_own_class_for_super_is_no_per_type_boilerplate() -> None:
    """junction's admin classes: one 5-line `get_queryset` each, differing only in the class each
    names in `super(ProposalAdmin, self)` (Python 2 spelling): the same method written again."""
    def admin(name: str, start: int) -> Symbol:
        sym = symbol(f"{name}.get_queryset", start, body(1, 2, 3, 4, 5), parent=name,
                     words=["conference", "filter", name.lower(), "super"], types=[name.lower()])
        sym.calls = [f"super({name}, self).get_queryset", "super", "service.list_moderators", "qs.filter"]
        return sym

    functions = {"a": ("app/admin.py", admin("ProposalAdmin", 1)), "b": ("app/admin.py", admin("VoteAdmin", 20))}
    found = run(both_ways(functions, "a", "b", clone_kind="renamed", structure=1.0), functions).copies
    assert [c.kind for clones in found.values() for c in clones] == ["renamed"]
    for side in functions.values():  # a per-type factory naming other classes stays boilerplate
        side[1].calls = [call.replace(", self)", ", cls)").replace("super(", "make(") for call in side[1].calls]
    assert run(both_ways(functions, "a", "b", clone_kind="renamed", structure=1.0), functions).copies == {}


def test_two_overrides_of_one_hook_still_show_a_repeated_block_but_not_one_inside_the_other() -> None:
    """Two `__init__`s alike in shape are no copy by their scores (the hook's shape), but the
    same run of lines in both is a block (httpx's two transports build one pool); a short
    override repeated inside another's is no helper to call (each class has its own)."""
    block = list(range(30, 38))
    functions = {"a": ("src/t.py", symbol("Sync.__init__", 1, body(1, 2, *block, 3), parent="Sync")),
                 "b": ("src/t.py", symbol("Async.__init__", 20, body(4, 5, *block, 6), parent="Async"))}
    pairs = both_ways(functions, "a", "b", clone_kind="near-miss", structure=0.8, vocabulary=0.3)
    found = run(pairs, functions).copies
    assert [c.kind for clones in found.values() for c in clones] == ["block"]
    shell = {"a": ("src/c.py", symbol("Bash.complete", 1, body(1, 2, 3, 4), parent="Bash")),
             "b": ("src/c.py", symbol("Fish.complete", 10, body(7, 1, 2, 3, 4, 8, 9, 5), parent="Fish"))}
    assert run(both_ways(shell, "a", "b", clone_kind="near-miss", structure=0.4, vocabulary=0.3), shell).copies == {}


def test_a_long_block_of_data_inside_two_functions_is_a_block() -> None:
    # node-express-realworld: the same 14-line prisma `include: {...}` in six service functions,
    # two code tokens a line (`name: true,`): under the block's token floor, as module data is.
    def with_data(name: str, start: int, own: range, data_lines: int) -> Symbol:
        data = body(*range(50, 50 + data_lines), tokens=2)[1:]
        return symbol(name, start, [0] + body(*own)[1:] + data)

    functions = {"a": ("src/articles.ts", with_data("createArticle", 1, range(1, 21), 14)),
                 "b": ("src/articles.ts", with_data("getArticles", 100, range(200, 220), 14))}
    found = run({}, functions).copies
    assert [(clone.kind, clone.lines) for clones in found.values() for clone in clones] == [("block", (121, 134))]
    # a shorter run of data is the shape of two calls, not a block
    functions = {"a": ("src/articles.ts", with_data("createArticle", 1, range(1, 21), 12)),
                 "b": ("src/articles.ts", with_data("getArticles", 100, range(200, 220), 12))}
    assert run({}, functions).copies == {}


def test_a_renamed_copy_of_three_lines_in_code_is_under_the_floor() -> None:
    # per-field accessors, a loader per format: the names that differ are most of three lines
    functions = {"a": ("app/fields.py", symbol("load_json", 1, body(1, 2, 3))),
                 "b": ("app/fields.py", symbol("load_yaml", 20, body(1, 2, 3)))}
    found = run(both_ways(functions, "a", "b"), functions).copies
    assert [(clone.confidence, clone.report) for clones in found.values() for clone in clones] == [(60, False)]
    functions = {"a": ("app/fields.py", symbol("load_json", 1, body(1, 2, 3, 4))),
                 "b": ("app/fields.py", symbol("load_yaml", 20, body(1, 2, 3, 4)))}
    assert [clone.confidence for clones in run(both_ways(functions, "a", "b"), functions).copies.values()
            for clone in clones] == [80]


def test_a_sync_twin_generated_from_async_code_takes_no_part() -> None:
    # httpcore: scripts/unasync.py writes httpcore/_sync/ from httpcore/_async/, file for file
    from reviewer.analysis.roles import generated_sync_twins
    paths = ["pkg/_async/pool.py", "pkg/_sync/pool.py", "pkg/_sync/extra.py", "pkg/sync.py"]
    assert generated_sync_twins(paths) == {"pkg/_sync/pool.py"}
    functions = {"a": ("pkg/_async/pool.py", symbol("AsyncPool.create", 1, body(*range(1, 12)))),
                 "b": ("pkg/_sync/pool.py", symbol("Pool.create", 1, body(*range(1, 12)))),
                 "c": ("pkg/_async/other.py", symbol("AsyncOther.create", 1, body(*range(1, 12))))}
    pairs = {**both_ways(functions, "a", "b", clone_kind="identical"), **both_ways(functions, "a", "c", clone_kind="identical")}
    found = run(pairs, functions).copies
    assert {key[0] for key in found} | {clone.keep.file_path for clones in found.values() for clone in clones} == {
        "pkg/_async/pool.py", "pkg/_async/other.py"}


def test_short_inverse_operations_are_doubted_long_copies_are_not() -> None:
    # follow_user / unfollow_user: a renamed copy whose differing word is the point (confidence 80 - 15)
    functions = {"a": ("app/views.py", symbol("follow_user", 1, body(*range(1, 9)))),
                 "b": ("app/views.py", symbol("unfollow_user", 20, body(*range(1, 9))))}
    found = run(both_ways(functions, "a", "b"), functions).copies
    assert [(clone.confidence, clone.report) for clones in found.values() for clone in clones] == [(65, False)]
    assert [clone.doubt for clones in found.values() for clone in clones][0].startswith(
        "named as inverse operations (unfollow_user / follow_user)")
    # the same pair named as two jobs stays a finding (from 15 lines: a shorter renamed pair is a candidate)
    functions = {"a": ("app/views.py", symbol("follow_user", 1, body(*range(1, 16)))),
                 "b": ("app/views.py", symbol("follow_group", 20, body(*range(1, 16))))}
    assert reported_clones(functions, both_ways(functions, "a", "b"))
    functions = {"a": ("app/views.py", symbol("follow_user", 1, body(*range(1, 9)))),
                 "b": ("app/views.py", symbol("follow_group", 20, body(*range(1, 9))))}
    found = run(both_ways(functions, "a", "b"), functions).copies
    assert [(clone.rule, clone.report) for clones in found.values() for clone in clones] == [
        ("duplicate/short-renamed", False)]
    # one word joining an inverse pair to a stem (yup's StringSchema.uppercase / lowercase) is doubted too
    functions = {"a": ("src/string.ts", symbol("uppercase", 1, body(*range(1, 9)))),
                 "b": ("src/string.ts", symbol("lowercase", 20, body(*range(1, 9))))}
    found = run(both_ways(functions, "a", "b"), functions).copies
    assert [(clone.confidence, clone.report) for clones in found.values() for clone in clones] == [(65, False)]
    # a long copy between inverses is a copy whatever the names say (45 lines of favorite/unfavorite)
    functions = {"a": ("app/views.py", symbol("favoriteArticle", 1, body(*range(1, 30)))),
                 "b": ("app/views.py", symbol("unfavoriteArticle", 40, body(*range(1, 30))))}
    assert reported_clones(functions, both_ways(functions, "a", "b"))


def test_a_folder_a_test_lists_case_by_case_holds_test_inputs() -> None:
    # superstruct's test/index.test.ts reads every file of test/validation/<kind>/ and runs it as a
    # case: each case file repeats its neighbours' shape by design. A folder no test names, or whose
    # files a runner collects by their own name, is the suite's code.
    from reviewer.analysis.entrypoints import listed_case_files
    from reviewer.scan.extract import extract_file

    runner = ("import fs from 'fs'\nimport { resolve } from 'path'\n"
              "const kinds = fs.readdirSync(resolve(__dirname, 'validation'))\n"
              "const helpers = resolve(__dirname, 'helpers')\n")
    case = "export const Struct = number()\nexport const data = 1\nexport const output = 1\n"
    files = [extract_file("test/index.test.ts", runner.encode(), "typescript")]
    files += [extract_file(f"test/validation/number/{name}.ts", case.encode(), "typescript")
              for name in ("valid", "invalid", "coerced")]
    files += [extract_file(f"test/helpers/{name}.test.ts", case.encode(), "typescript") for name in ("a", "b", "c")]
    files += [extract_file(f"test/other/{name}.ts", case.encode(), "typescript") for name in ("a", "b", "c")]
    assert listed_case_files(files) == {"test/validation/number/valid.ts", "test/validation/number/invalid.ts",
                                        "test/validation/number/coerced.ts"}


def test_a_short_repeat_in_code_is_a_candidate_in_tests_it_keeps_the_test_rules() -> None:
    # Blind first-contact labels: repeats of production code spanning under SHORT_CLONE_LINES lines were
    # right about a third of the time (per-backend overrides, get-or-404 idioms, __repr__s): candidates.
    def pair(folder: str, lines: int) -> tuple[dict, dict]:  # a header line, then `lines` code lines
        functions = {"a": (f"{folder}/a.py", symbol("load_a", 1, body(*range(1, lines + 1)))),
                     "b": (f"{folder}/b.py", symbol("load_b", 1, body(*range(1, lines + 1))))}
        return functions, run(both_ways(functions, "a", "b", clone_kind="identical", structure=1.0, vocabulary=1.0),
                              functions).copies

    functions, found = pair("src", 4)
    (clone,) = found[key(functions, "b")]
    assert (clone.kind, clone.report, clone.rule) == ("identical", False, "duplicate/short-clone")
    assert clone.note == "a candidate, not a finding (duplicate/short-clone): the repeat spans 5 lines, under 6"
    functions, found = pair("tests", 4)  # test code: its own rules, whatever the length
    (clone,) = found[key(functions, "b")]
    assert (clone.report, clone.rule, clone.test_code) == (True, "duplicate/test-identical-clone", True)
    functions, found = pair("src", 5)  # six lines with its signature
    (clone,) = found[key(functions, "b")]
    assert (clone.report, clone.rule) == (True, "duplicate/identical-clone")


def _chained_by_scan(exact, a, b, gap):
    """The chaining as first written, every open chain looked at for every run: the reference the indexed
    _chained must equal."""
    from reviewer.analysis.duplicates import _NESTED_FLOOR

    chains, open_chains = [], []
    for i, j, k in sorted(exact):
        open_chains = [chain for chain in open_chains if chain[2] >= i - gap]
        best = None
        for chain in open_chains:
            skip_a, skip_b = i - chain[2], j - chain[3]
            if (0 <= skip_a <= gap and 0 <= skip_b <= gap and skip_a + skip_b
                    and all(v >= 0 or v < _NESTED_FLOOR for v, _ in a[chain[2]:i] + b[chain[3]:j])
                    and (best is None or chain[2] - chain[0] > best[2] - best[0])):
                best = chain
        if best is None:
            chains.append([i, j, i + k, j + k, k, 0])
            open_chains.append(chains[-1])
        else:
            best[5] += sum(v & 0xFF for v, _ in a[best[2]:i])
            best[2], best[3], best[4] = i + k, j + k, best[4] + k
    return [(i, j, ea - i, eb - j, equal, edited) for i, j, ea, eb, equal, edited in chains]


def test_chaining_runs_by_where_they_end_equals_looking_at_every_chain() -> None:
    # Markup repeats a few line values hundreds of times on both sides; _chained looks only at the chains
    # ending where a run can join them, and must find exactly the chains the plain scan finds.
    import random

    from reviewer.analysis.duplicates import _NESTED_FLOOR, _chained

    rng = random.Random(7)
    for _ in range(400):
        sides = []
        for _ in range(2):
            size, alphabet = rng.randint(1, 50), rng.randint(1, 5)
            sides.append([(rng.randint(0, alphabet) << 8 | 3 if rng.random() < 0.9 else
                           rng.choice((-5, _NESTED_FLOOR - 1)), line) for line in range(size)])
        a, b = sides
        exact = []
        for i in range(len(a)):
            for j in range(len(b)):
                if a[i][0] == b[j][0] and not (i and j and a[i - 1][0] == b[j - 1][0]):
                    k = 0
                    while i + k < len(a) and j + k < len(b) and a[i + k][0] == b[j + k][0]:
                        k += 1
                    exact.append((i, j, k))
        for gap in range(4):
            assert _chained(list(exact), a, b, gap) == _chained_by_scan(list(exact), a, b, gap)


def test_pairs_with_no_edge_are_read_from_the_last_run_until_a_side_changes() -> None:
    functions = {"a": ("src/util.py", symbol("slugify", 1, body(1, 2, 3, 4))),
                 "b": ("src/views.py", symbol("make_handle", 1, body(1, 2, 3, 4))),
                 "c": ("src/other.py", symbol("parse", 1, body(5, 6, 7, 8)))}
    pairs = {"a": [hit("b", functions), hit("c", functions, clone_kind=None)],
             "c": [hit("a", functions, clone_kind=None)]}
    digests = {"src/util.py": "1", "src/views.py": "2", "src/other.py": "3"}
    first = JudgedMemo(digests)
    judged = run(pairs, functions, judged=first)
    assert list(judged.copies) == [key(functions, "b")] and first.computed == 1  # a-c: no edge, remembered
    again = JudgedMemo(digests, first.used)
    assert run(pairs, functions, judged=again) == judged and again.computed == 0 and again.used == first.used
    edited = JudgedMemo({**digests, "src/other.py": "4"}, first.used)  # c's file changed: judged again
    assert run(pairs, functions, judged=edited) == judged and edited.computed == 1
