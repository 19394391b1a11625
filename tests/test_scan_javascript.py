"""JavaScript extraction (ES modules, CommonJS, JSX) with the real tree-sitter grammar."""

from __future__ import annotations

import textwrap

import pytest

from reviewer.scan.extract import extract_file
from reviewer.scan.languages import LANGUAGES, language_for_path
from reviewer.schema.facts import FileFacts, Symbol


def scan(source: str, language: str = "javascript", path: str = "src/app.js") -> FileFacts:
    return extract_file(path, textwrap.dedent(source).lstrip("\n").encode(), language)


def symbol(facts: FileFacts, qualified: str) -> Symbol:
    matches = [s for s in facts.symbols if s.qualified_name == qualified]
    assert len(matches) == 1, [s.qualified_name for s in facts.symbols]
    return matches[0]


@pytest.mark.parametrize(
    ("path", "language"),
    [
        ("a/b.py", "python"),
        ("x.js", "javascript"),
        ("x.JSX", "javascript"),
        ("x.mjs", "javascript"),
        ("x.cjs", "javascript"),
        ("x.ts", "typescript"),
        ("x.mts", "typescript"),
        ("x.cts", "typescript"),
        ("x.tsx", "tsx"),
        ("x.pyi", None),
        ("x.go", None),
        ("Makefile", None),
        ("dir.js/readme", None),
    ],
)
def test_language_for_path(path, language):
    assert language_for_path(path) == language


def test_language_table_covers_the_four_languages():
    assert sorted(LANGUAGES) == ["javascript", "python", "tsx", "typescript"]


SOURCE = """
import React, { useState as useS } from "react";
import * as utils from "./utils";
import "./styles.css";

const LIMIT = 5;
let counter = 0;
var legacy = "x";

/**
 * Adds two numbers.
 * @param {number} a first
 * @returns {number}
 */
export function add(a, b = 1) {
  return a + b;
}

export const double = (n) => n * 2;
let triple = function (n) { return utils.times(n, 3); };

export const api = {
  get(url) { return fetch(url); },
  post: (url, body) => send(url, body),
  retries: 3,
};

export default class Widget extends React.Component {
  state = { open: false };
  toggle = () => { this.setState({ open: !this.state.open }); };
  render() {
    return <Panel open={this.state.open} onClose={this.toggle} />;
  }
  #secret() {}
  static async load(id) { return new Widget(await utils.get(id)); }
}

function* gen() { yield 1; }

register(add, { handler: double });
"""


def test_every_javascript_symbol_kind():
    facts = scan(SOURCE)
    got = [(s.qualified_name, s.kind, s.parent, s.line_start, s.line_end, s.exported) for s in facts.symbols]
    assert got == [
        ("LIMIT", "constant", None, 5, 5, False),
        ("counter", "variable", None, 6, 6, False),
        ("legacy", "variable", None, 7, 7, False),
        ("add", "function", None, 14, 16, True),
        ("double", "function", None, 18, 18, True),
        ("triple", "function", None, 19, 19, False),
        ("api", "constant", None, 21, 25, True),
        ("api.get", "method", "api", 22, 22, True),
        ("api.post", "method", "api", 23, 23, True),
        ("Widget", "class", None, 27, 35, True),
        ("Widget.toggle", "method", "Widget", 29, 29, True),
        ("Widget.render", "method", "Widget", 30, 32, True),
        ("Widget.#secret", "method", "Widget", 33, 33, False),
        ("Widget.load", "method", "Widget", 34, 34, True),
        ("gen", "function", None, 37, 37, False),
    ]


def test_javascript_signatures_docstrings_params():
    facts = scan(SOURCE)
    add = symbol(facts, "add")
    assert add.signature == "function add(a, b = 1)"
    assert add.params == ["a", "b"]
    assert add.docstring == "Adds two numbers.\n@param {number} a first\n@returns {number}"
    assert symbol(facts, "double").signature == "const double = (n) =>"
    assert symbol(facts, "triple").signature == "let triple = function (n)"
    assert symbol(facts, "api.get").signature == "get(url)"
    assert symbol(facts, "api.post").signature == "post: (url, body) =>"
    assert symbol(facts, "api.post").params == ["url", "body"]
    assert symbol(facts, "Widget").signature == "class Widget extends React.Component"
    assert symbol(facts, "Widget").bases == ["React.Component"]
    assert symbol(facts, "Widget.toggle").signature == "toggle = () =>"
    load = symbol(facts, "Widget.load")
    assert load.signature == "static async load(id)"
    assert load.is_async is True
    assert symbol(facts, "LIMIT").value == "5"
    assert symbol(facts, "LIMIT").signature == "const LIMIT"
    assert symbol(facts, "double").docstring is None


def test_javascript_calls_and_references():
    facts = scan(SOURCE)
    assert symbol(facts, "api.get").calls == ["fetch"]
    assert symbol(facts, "api.post").calls == ["send"]
    assert symbol(facts, "triple").calls == ["utils.times"]
    assert symbol(facts, "Widget.toggle").calls == ["this.setState"]
    assert symbol(facts, "Widget.toggle").references == ["this.setState", "this.state.open"]
    assert symbol(facts, "Widget.render").references == ["Panel", "this.state.open", "this.toggle"]
    assert symbol(facts, "Widget.load").calls == ["Widget", "utils.get"]
    assert symbol(facts, "Widget").references == ["React.Component"]
    assert facts.module_calls == ["register"]
    assert facts.module_references == ["register", "add", "double"]


def test_assigning_an_outer_binding_declares_no_local():
    # jotai's getDefaultStore: `defaultStore = createStore()` inside the function writes the module's
    # `let`; the `return defaultStore` after it reads that binding. Only a declaration makes a local.
    facts = scan(textwrap.dedent("""
        let store;
        let count = 0;
        export function getStore() {
          if (!store) {
            store = create();
          }
          count += 1;
          return store;
        }
        export function shadow() {
          let store = create();
          store = wrap(store);
          return store;
        }
    """), "typescript", "src/store.ts")
    # `count += 1` writes count and reads nothing else: a counter never read stays write-only
    assert symbol(facts, "getStore").references == ["store", "create"]
    assert symbol(facts, "shadow").references == ["create", "wrap"]


def test_javascript_imports_and_exports():
    facts = scan(SOURCE)
    got = [(i.source, [(n.name, n.alias) for n in i.names], i.namespace, i.kind, i.line) for i in facts.imports]
    assert got == [
        ("react", [("default", "React"), ("useState", "useS")], None, "static", 1),
        ("./utils", [], "utils", "static", 2),
        ("./styles.css", [], None, "side_effect", 3),
    ]
    exports = [(e.name, e.local, e.source, e.star) for e in facts.exports]
    assert exports == [
        ("add", "add", None, False),
        ("double", "double", None, False),
        ("api", "api", None, False),
        ("default", "Widget", None, False),
    ]


def test_commonjs_require_and_exports():
    facts = scan(
        """
        const fs = require("fs");
        const { join, resolve: res } = require("path");
        const read = require("./io").read;
        require("./polyfill");

        function helper() { return fs.readFileSync(join("a")); }
        exports.parse = function (text) { return helper(text); };
        module.exports.format = (x) => String(x);
        exports.alias = helper;
        module.exports = { helper, other: res };
        """,
        path="lib/index.cjs",
    )
    got = [(i.source, [(n.name, n.alias) for n in i.names], i.namespace, i.kind) for i in facts.imports]
    assert got == [
        ("fs", [], "fs", "require"),
        ("path", [("join", None), ("resolve", "res")], None, "require"),
        ("./io", [("read", None)], None, "require"),
        ("./polyfill", [], None, "require"),
    ]
    assert [(s.qualified_name, s.kind, s.exported) for s in facts.symbols] == [
        ("helper", "function", True),
        ("parse", "function", True),
        ("format", "function", True),
    ]
    assert symbol(facts, "parse").signature == "exports.parse = function (text)"
    assert [(e.name, e.local) for e in facts.exports] == [
        ("parse", "parse"),
        ("format", "format"),
        ("alias", "helper"),
        ("helper", "helper"),
        ("other", "res"),
    ]
    assert "require" not in facts.module_calls
    assert symbol(facts, "helper").calls == ["fs.readFileSync", "join"]


def test_dynamic_import_with_a_literal_and_without():
    facts = scan(
        """
        async function load(name) {
          const mod = await import("./plugins/a.js");
          return import(name);
        }
        """
    )
    assert [(i.source, i.kind, i.line) for i in facts.imports] == [("./plugins/a.js", "dynamic", 2)]
    assert facts.dynamic_access is True
    assert symbol(facts, "load").calls == []


def test_javascript_complexity():
    facts = scan(
        """
        function route(req, res) {
          if (!req.user && !req.guest) {           // +1 if, +1 &&
            return res.status(401);
          } else if (req.admin || req.owner) {     // +1 if, +1 ||
            res.admin = true;
          }
          for (let i = 0; i < 3; i++) {}           // +1
          for (const k of req.keys) {}             // +1
          for (const k in req.map) {}              // +1
          while (false) {}                         // +1
          do {} while (req.retry);                 // +1
          switch (req.method) {
            case "GET": break;                     // +1
            case "POST": break;                    // +1
            default: break;
          }
          try { go(); } catch (e) { fail(e); }     // +1
          const name = req.name ?? "anon";         // +1
          req.cache ||= {};                        // +1
          return req.ok ? name : null;             // +1
        }
        const cb = () => items.map((x) => (x ? 1 : 0));
        """
    )
    assert symbol(facts, "route").complexity == 16
    assert symbol(facts, "route").complexity_score == 4
    # an anonymous callback's decisions belong to the function that contains it
    assert symbol(facts, "cb").complexity == 2


def test_jsx_file_still_yields_components():
    facts = scan(
        """
        export default function App({ title }) {
          return <div className="app">{title && <Header title={title} />}</div>;
        }
        """,
        path="src/App.jsx",
    )
    app = symbol(facts, "App")
    assert app.params == ["title"]
    assert app.complexity == 2
    assert app.references == ["Header"]
    assert facts.exports[0].name == "default" and facts.exports[0].local == "App"
    assert facts.syntax_errors == 0


def test_anonymous_default_export_is_named_default():
    facts = scan("export default function () { return 1; }\n")
    assert [(s.name, s.kind, s.exported) for s in facts.symbols] == [("default", "function", True)]
    assert [(e.name, e.local) for e in facts.exports] == [("default", "default")]


def test_writing_a_member_reads_its_object():
    # `out.textContent = ...` writes .textContent of the element `out` names: `out` is used
    # (a closure reference), while the written member itself is not a read.
    facts = scan("""
        var out = document.querySelector('pre');
        input.addEventListener('keyup', function () {
          out.textContent = 'x';
          a.b.c.d = 1;
        });
    """)
    assert "out" in facts.module_references
    assert "out.textContent" not in facts.module_references
    assert "a.b.c" in facts.module_references


def test_a_tagged_template_may_hold_an_escape_the_grammar_rejects():
    # execa's tests: `$\`echo.js \u\`` is valid since ES2018 (a tagged template's cooked value is
    # undefined); tree-sitter-javascript reads an error there. The file is not broken.
    facts = scan("const a = $`echo.js \\u`;\nconst b = $`echo.js \\xg ${1}`;\nfunction later() {\n  return 1;\n}\n")
    assert facts.syntax_errors == 0
    assert [s.name for s in facts.symbols] == ["a", "b", "later"]
    assert scan("const broken = (;\n").syntax_errors  # a real error stays one


def test_a_require_of_a_computed_path_reads_the_names_in_it():
    facts = scan("const base = `${__dirname}/..`;\nconst manifest = `${base}/package.json`;\n"
                 "const pkg = require(manifest);\nconsole.log(pkg.version);\n", path="scripts/version.js")
    assert "manifest" in facts.module_references and facts.dynamic_access
