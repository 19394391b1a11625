"""TypeScript and TSX extraction with the real tree-sitter grammars."""

from __future__ import annotations

import textwrap

from reviewer.scan.extract import extract_file
from reviewer.schema.facts import FileFacts, Symbol


def scan(source: str, language: str = "typescript", path: str = "src/service.ts") -> FileFacts:
    return extract_file(path, textwrap.dedent(source).lstrip("\n").encode(), language)


def symbol(facts: FileFacts, qualified: str) -> Symbol:
    matches = [s for s in facts.symbols if s.qualified_name == qualified]
    assert len(matches) == 1, [s.qualified_name for s in facts.symbols]
    return matches[0]


SOURCE = """
import type { Config } from "./config";
import { type Logger, createLogger } from "./log";
import { type A, type B } from "./types";
import fs = require("fs");

/** A user record. */
export interface User extends Base, Named<string> {
  id: number;
}

export type Id = string | number;

export enum Color { Red, Green }

enum Internal { A }

/**
 * Generic identity.
 * @param value the value
 */
export function identity<T>(value: T): T {
  return value;
}

export const toId = (user: User): Id => user.id;

@Injectable({ providedIn: "root" })
export abstract class Repository<T> extends Store<T> implements Disposable {
  private cache = new Map<string, T>();

  constructor(private readonly logger: Logger) {
    super();
  }

  /** Find one. */
  @Cached()
  async find(id: Id, opts?: Config): Promise<T | undefined> {
    return this.cache.get(String(id)) ?? (await this.load(id));
  }

  protected abstract load(id: Id): Promise<T>;

  private evict = (key: string): void => {
    this.cache.delete(key);
  };
}

export { identity as id, Internal };
export type { Config };
export * from "./models";
export * as helpers from "./helpers";
export { default as Client, request } from "./client";
"""


def test_every_typescript_symbol_kind():
    facts = scan(SOURCE)
    got = [(s.qualified_name, s.kind, s.parent, s.line_start, s.line_end, s.exported) for s in facts.symbols]
    assert got == [
        ("User", "interface", None, 7, 9, True),
        ("Id", "type", None, 11, 11, True),
        ("Color", "enum", None, 13, 13, True),
        ("Internal", "enum", None, 15, 15, True),  # exported by `export { ..., Internal }`
        ("identity", "function", None, 21, 23, True),
        ("toId", "function", None, 25, 25, True),
        ("Repository", "class", None, 27, 46, True),  # from its decorator
        ("Repository.constructor", "method", "Repository", 31, 33, True),
        ("Repository.find", "method", "Repository", 36, 39, True),
        ("Repository.load", "method", "Repository", 41, 41, False),
        ("Repository.evict", "method", "Repository", 43, 45, False),
    ]


def test_typescript_details():
    facts = scan(SOURCE)
    user = symbol(facts, "User")
    assert user.is_abstract is True
    assert user.bases == ["Base", "Named<string>"]
    assert user.signature == "interface User extends Base, Named<string>"
    assert user.docstring == "A user record."
    assert symbol(facts, "Id").signature == "type Id = string | number"
    assert symbol(facts, "Color").signature == "enum Color"
    identity = symbol(facts, "identity")
    assert identity.signature == "function identity<T>(value: T): T"
    assert identity.docstring == "Generic identity.\n@param value the value"
    assert identity.params == ["value"]
    assert symbol(facts, "toId").signature == "const toId = (user: User): Id =>"
    assert symbol(facts, "toId").references == ["User", "Id", "user.id"]
    repo = symbol(facts, "Repository")
    assert repo.is_abstract is True
    assert repo.decorators == ['Injectable({ providedIn: "root" })']
    assert repo.bases == ["Store<T>", "Disposable"]
    assert repo.signature == "abstract class Repository<T> extends Store<T> implements Disposable"
    find = symbol(facts, "Repository.find")
    assert find.decorators == ["Cached()"]
    assert find.docstring == "Find one."
    assert find.is_async is True
    assert find.params == ["id", "opts"]
    assert find.signature == "async find(id: Id, opts?: Config): Promise<T | undefined>"
    assert find.calls == ["this.cache.get", "String", "this.load"]
    assert find.complexity == 2
    load = symbol(facts, "Repository.load")
    assert load.is_abstract is True
    assert load.signature == "protected abstract load(id: Id): Promise<T>"
    assert load.token_count == 0 and list(load.shingles) == [] and load.body_hash == ""
    assert symbol(facts, "Repository.constructor").params == ["logger"]
    assert symbol(facts, "Repository.evict").signature == "private evict = (key: string): void =>"


def test_typescript_imports():
    facts = scan(SOURCE)
    got = [
        (i.source, [(n.name, n.alias) for n in i.names], i.namespace, i.type_only, i.kind, i.line)
        for i in facts.imports
    ]
    assert got == [
        ("./config", [("Config", None)], None, True, "static", 1),
        ("./log", [("Logger", None), ("createLogger", None)], None, False, "static", 2),
        ("./types", [("A", None), ("B", None)], None, True, "static", 3),
        ("fs", [], "fs", False, "require", 4),
    ]


def test_typescript_exports_and_re_exports():
    facts = scan(SOURCE)
    got = [(e.name, e.local, e.source, e.star, e.type_only, e.line) for e in facts.exports]
    assert got == [
        ("User", "User", None, False, True, 7),
        ("Id", "Id", None, False, True, 11),
        ("Color", "Color", None, False, False, 13),
        ("identity", "identity", None, False, False, 21),
        ("toId", "toId", None, False, False, 25),
        ("Repository", "Repository", None, False, False, 27),
        ("id", "identity", None, False, False, 48),
        ("Internal", "Internal", None, False, False, 48),
        ("Config", "Config", None, False, True, 49),
        ("*", None, "./models", True, False, 50),
        ("helpers", None, "./helpers", True, False, 51),
        ("Client", "default", "./client", False, False, 52),
        ("request", "request", "./client", False, False, 52),
    ]
    # names re-exported from another module are not references of this one
    assert "request" not in facts.module_references


def test_export_equals_and_default_expression():
    facts = scan(
        """
        function handler() {}
        export = handler;
        """
    )
    assert [(e.name, e.local) for e in facts.exports] == [("default", "handler")]
    assert symbol(facts, "handler").exported is True


def test_tsx_component_with_generics_and_hooks():
    facts = scan(
        """
        import { useState } from "react";

        type Props = { items: string[]; onPick?: (item: string) => void };

        export const List = ({ items, onPick }: Props) => {
          const [picked, setPicked] = useState<string | null>(null);
          const pick = (item: string) => { setPicked(item); onPick?.(item); };
          return <ul>{items.map((item) => <Item key={item} active={item === picked} onClick={() => pick(item)} />)}</ul>;
        };

        function Item(props: { active: boolean }) {
          return props.active ? <b /> : <i />;
        }
        """,
        language="tsx",
        path="src/List.tsx",
    )
    assert facts.language == "tsx"
    assert facts.syntax_errors == 0
    assert [(s.qualified_name, s.kind, s.exported) for s in facts.symbols] == [
        ("Props", "type", False),
        ("List", "function", True),
        ("List.pick", "function", False),
        ("Item", "function", False),
    ]
    list_component = symbol(facts, "List")
    assert list_component.params == ["items", "onPick"]
    assert list_component.calls == ["useState", "items.map", "pick"]
    assert "Item" in list_component.references
    assert "ul" not in list_component.references
    assert symbol(facts, "List.pick").calls == ["setPicked", "onPick"]
    assert symbol(facts, "Item").complexity == 2


def test_typescript_namespace_import_subscript_is_dynamic_access():
    facts = scan(
        """
        import * as handlers from "./handlers";
        export function dispatch(name: string) {
          return handlers[name]();
        }
        """
    )
    assert facts.dynamic_access is True
    literal = scan(
        """
        import * as handlers from "./handlers";
        const table: Record<string, number> = {};
        export function dispatch(name: string) {
          return handlers["known"]() + table[name];
        }
        """
    )
    assert literal.dynamic_access is False


def test_call_signatures_on_their_own_lines_are_valid_typescript() -> None:
    # tree-sitter-typescript#335: zustand's `type CreateStore = { <T, ...>(...): ...\n <T>(): ... }`
    # parsed as an error; the scan puts the missing `;` in the indentation and parses again.
    source = """
        type CreateStore = {
          <T>(
            initializer: StateCreator<T>,
          ): StoreApi<T>

          <T>(): (initializer: StateCreator<T>) => StoreApi<T>
        }

        type Subscribe = {
          (listener: (state: number) => void): () => void
          <U>(selector: (state: number) => U): () => void
        }

        export const createStore = ((creator) => creator) as CreateStore
        """
    facts = scan(source)
    assert facts.syntax_errors == 0
    assert [s.name for s in facts.symbols] == ["CreateStore", "Subscribe", "createStore"]
    assert symbol(facts, "Subscribe").line_start == 9


def test_a_real_syntax_error_still_counts() -> None:
    facts = scan("""
        function broken(a: number {
          return a
        }
        """)
    assert facts.syntax_errors > 0


def test_a_trailing_comma_after_a_generic_call_in_tsx_is_valid() -> None:
    # zustand's ssr.test.tsx: the TSX grammar leaves the trailing comma of this call in an error.
    source = """
        it('hydrates', async () => {
          const { hydrateRoot } =
            await vi.importActual<typeof import('react-dom/client')>(
              'react-dom/client',
            )
          return hydrateRoot
        })

        export function Counter() {
          return <div>bears</div>
        }
        """
    facts = scan(source, language="tsx", path="tests/ssr.test.tsx")
    assert facts.syntax_errors == 0
    assert symbol(facts, "Counter").line_start == 9


def test_export_type_star_and_a_bare_ampersand_in_a_jsx_string_are_valid() -> None:
    # got's index.ts (`export type *`, TypeScript 5.0) and formik's website (`href="...?a=1&utm_medium=x"`):
    # valid code the grammars read as errors, repaired in place (lines unchanged) and parsed again.
    reexports = scan("""
        export type * from './types.js';
        export type * as Hooks from './hooks.js';
        export function got() { return 1 }
        """)
    assert reexports.syntax_errors == 0
    assert [e.source for e in reexports.exports if e.star] == ["./types.js", "./hooks.js"]
    assert symbol(reexports, "got").line_start == 3
    markup = scan("""
        export function Nav() {
          return (
            <a
              href="https://example.com/?utm_source=site&utm_medium=navbar"
              title="Tom &amp; Jerry"
            >
              Sales
            </a>
          )
        }
        export const after = () => 1 && 2
        """, language="tsx", path="src/Nav.tsx")
    assert markup.syntax_errors == 0
    assert symbol(markup, "after").line_start == 11


def test_variance_annotations_of_type_parameters_are_valid() -> None:
    # zod v4: `interface $ZodCheck<in T = never>` and multi-line lists of `out X = ...` (TypeScript 4.7)
    # are errors to the grammar; `for (const key in object)` keeps its `in`.
    facts = scan("""
        export interface $ZodCheck<in T = never> {
          check(value: T): void
        }
        export interface ZodType<
          out Output = unknown,
          in out Input = unknown,
        > {
          parse(data: unknown): Output
        }
        export function keys(object: object) {
          const found = []
          for (const key in object) found.push(key)
          return found
        }
        """)
    assert facts.syntax_errors == 0
    assert [s.name for s in facts.symbols if s.parent is None] == ["$ZodCheck", "ZodType", "keys"]
    assert symbol(facts, "keys").line_start == 10


def test_const_type_parameters_with_variance_annotations_are_valid() -> None:
    # `const in out T extends ...` (a const type parameter, TypeScript 5.0, with its variance): the
    # grammar reads `const` but not the `in out` after it
    facts = scan("""
        export class Custom<
          const in out Code extends number,
          T = Code,
          const in out Status extends Code = Code
        > {
          status(): Status { return this.code as Status }
        }
        """)
    assert facts.syntax_errors == 0
    assert [s.name for s in facts.symbols if s.parent is None] == ["Custom"]


def test_overloaded_call_signatures_and_intersections_split_over_lines_are_valid() -> None:
    # generic call signatures one after another (the grammar reads `R\n<T>` as type arguments of R) in an
    # interface with another error before them, and one after a doc comment in an `as { ... }` type; an
    # intersection whose `&` ends a line, which a `.ts` file never holds as JSX text
    facts = scan("""
        export interface Hooks<T> {
          useCell: <V extends Data = Data>() => Cell<
            T,
            V
          > &
            Components & { Render: () => Node }
        }
        export interface Subscribe {
          <S>(
            props: One<S>,
          ): Node
          <S, U>(
            props: Two<S, U>,
          ): Node
        }
        export const subscribe = directive(Subscriber) as {
          /** The whole state. */
          <S>(source: Source<S>): Result
          /**
           * A slice of it.
           */
          <S, U>(
            source: Source<S>,
            selector: Selector<S, U>,
          ): Result
        }
        """)
    assert facts.syntax_errors == 0
    assert [s.name for s in facts.symbols if s.parent is None] == ["Hooks", "Subscribe", "subscribe"]


def test_a_curried_generic_arrow_is_not_read_as_a_call_signature_when_an_error_spans_the_file() -> None:
    # fp-ts's function.ts (round 53, exit 2): `dual`'s call signatures (type parameters holding `Array<any>` and
    # `=>`) make the grammar's error span the whole file; a row opening with `<B>(` after a row ending in `=>`
    # goes on with the arrow function, and a `;` put before it as before a call signature broke it
    facts = scan("""
        export const apply =
          <A>(a: A) =>
          <B>(f: (a: A) => B): B =>
            f(a)

        export const pipe = (a: unknown): unknown =>
          (
            a
          )

        export const dual: {
          <DataLast extends (...args: Array<any>) => any, DataFirst extends (...args: Array<any>) => any>(
            arity: Parameters<DataFirst>['length'],
            body: DataFirst
          ): DataLast & DataFirst
          <DataLast extends (...args: Array<any>) => any, DataFirst extends (...args: Array<any>) => any>(
            isDataFirst: (args: IArguments) => boolean,
            body: DataFirst
          ): DataLast & DataFirst
        } = (arity: any, body: any) => body
        """)
    assert facts.syntax_errors == 0
    assert [s.name for s in facts.symbols if s.parent is None] == ["apply", "pipe", "dual"]


def test_a_tagged_template_with_type_arguments_is_valid() -> None:
    # drizzle's `sql<T[] | null>`...``: the grammar reads the tagged template with its type arguments but
    # wants a `!` between them (an empty MISSING node); `sql<number>`...`` parses (as comparisons).
    source = """
        import { sql } from "drizzle-orm"
        import type { StoredFile } from "./types"

        export async function load(db: Db) {
          return db.select({
            images: sql<StoredFile[] | null>`${products.images}`,
            count: db.sql<{ n: number }>`count(*)`.mapWith(Number),
          })
        }

        export const after = () => 1
        """
    for language, path in (("typescript", "src/load.ts"), ("tsx", "src/load.tsx")):
        facts = scan(source, language=language, path=path)
        assert facts.syntax_errors == 0, language
        assert symbol(facts, "after").line_start == 11
        load = symbol(facts, "load")
        assert "StoredFile" in load.references and "products.images" in load.references, load.references
        assert any(call.startswith("sql") for call in load.calls), load.calls
    # What the grammar cannot read (two type arguments before a template) still counts.
    assert scan("const x = sql<A, B>`s`\n").syntax_errors > 0


def test_a_parameter_named_any_and_a_multi_line_import_type_argument_are_valid() -> None:
    # A function type whose parameter is named like a predefined type, and a call whose type argument
    # `typeof import(...)` stands on the rows before the `>()` the grammar leaves in its error.
    facts = scan("""
        declare const hook: { inject: (any) => void }
        interface Controls { onChange: (string) => void; setOpen: (boolean) => void; pick: (a, number) => void }

        export async function load(importOriginal) {
          const mod = await importOriginal<
            typeof import("./fonts/FontFace")
          >();
          return mod
        }
        """)
    assert facts.syntax_errors == 0
    assert symbol(facts, "load").line_start == 4



def test_jsx_attributes_named_class_and_for_are_valid() -> None:
    # `<i class="fa fa-plus">` and `<label for="name">`: valid JSX the grammar takes for keywords, its
    # recovery spreading over the rows after them.
    facts = scan("""
        import React, { Component } from 'react';

        export class AddButton extends Component {
          render() {
            return (
              <div class="modal fade" id={this.props.modalId}>
                <label for="name">Name</label>
                <i class="fa fa-plus"></i>
              </div>
            );
          }
        }

        export function after() { return 1 }
        """, language="javascript", path="app/static/src/Buttons.js")
    assert facts.syntax_errors == 0
    assert symbol(facts, "after").line_start == 14


def test_jsx_attributes_named_after_any_reserved_word_are_valid() -> None:
    # react-bootstrap's `<Collapse in={open}>` (jupyterhub, round 58), `<Route default={true}>`: any reserved
    # word is a valid JSX attribute name, which the JavaScript grammar rejects.
    facts = scan("""
        export function Dashboard({ open }) {
          return (
            <Collapse in={open} data-testid="collapse">
              <Route default={true} new="x" />
            </Collapse>
          );
        }

        export function after() { return 1 }
        """, language="javascript", path="jsx/src/Dashboard.jsx")
    assert facts.syntax_errors == 0
    assert symbol(facts, "after").line_start == 9


def test_members_named_instanceof_and_in_methods_are_valid() -> None:
    # hoppscotch's chai typings (round 59): `instanceof(constructor: any): ChaiExpectation` and a method named
    # `in`, members of an interface without semicolons, which the grammar read as the operators (47 errors).
    facts = scan("""
        interface ChaiExpectation {
          finite: ChaiExpectation
          instanceof(constructor: any): ChaiExpectation
          instanceOf(constructor: any): ChaiExpectation
          in<T>(list: T[]): ChaiExpectation
          sealed: ChaiExpectation
        }

        export function after() { return 1 }
        """, language="typescript", path="src/types/post-request.d.ts")
    assert facts.syntax_errors == 0
    assert symbol(facts, "after").line_start == 9


def test_a_member_named_in_and_a_call_signature_after_a_doc_comment_are_valid() -> None:
    # A generated GraphQL filter type's `in?:` member (and an SVG attribute's `in2?:`, vue's runtime-dom, round 45),
    # and an overload written as a generic call
    # signature whose doc comment stands between it and the member before (no semicolons).
    facts = scan("""
        export type IdFilter = {
          contains?: Maybe<string>
          in?: Maybe<string>
          notIn?: Maybe<string>
          in_progress: number
          in2?: Numberish | undefined
        }

        export interface Inject {
          (a: string): (
            s: number,
          ) => ReturnType<S>

          /**
           * The overload with a selector.
           */
          <
            S extends number,
            R,
          >(
            f: S,
          ): number
        }

        export function after() { return 1 }
        """)
    assert facts.syntax_errors == 0
    assert symbol(facts, "after").line_start == 25


def test_a_character_reference_with_a_digit_in_jsx_text_is_valid() -> None:
    facts = scan("""
        export const units = {
          cubicMeter: <>m&sup3;</>,
          half: <>&frac12; cup</>,
          liter: "l",
        };

        export function after() { return 1 }
        """, language="tsx", path="src/units.tsx")
    assert facts.syntax_errors == 0
    assert symbol(facts, "after").line_start == 7


def test_a_member_named_in_underscore_after_members_with_no_semicolons_is_valid() -> None:
    # The grammar reads `in` of `in_progress` as the keyword and wants the `}` before it (a MISSING node).
    facts = scan("""
        export interface TaskCounts {
          all: number
          needs_attention: number
          in_progress: number
          completed: number
        }

        export function after() { return 1 }
        """)
    assert facts.syntax_errors == 0
    assert symbol(facts, "after").line_start == 8


def test_import_attributes_on_a_reexport_are_valid() -> None:
    # vite-plugin-react's fixture: `export { a } from './b' with { type: 'json' }` (ES2025 import attributes)
    for language, path in (("javascript", "src/actions.js"), ("typescript", "src/actions.ts")):
        facts = scan("""
            'use server'

            export { reexportedAction } from './reexport-source' with { type: 'json' }
            export { legacy } from './legacy.json' assert { type: 'json' }
            export function after() { return 1 }
            """, language=language, path=path)
        assert facts.syntax_errors == 0, language
        assert [(e.name, e.source) for e in facts.exports if e.source] == [
            ("reexportedAction", "./reexport-source"), ("legacy", "./legacy.json")]
        assert symbol(facts, "after").line_start == 5
