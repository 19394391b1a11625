"""ProjectIndex: imports to files, names to defining symbols, callees to targets."""

from __future__ import annotations

from pathlib import Path

from analysis_helpers import write_repo

from reviewer.analysis.resolve import ProjectIndex
from reviewer.config import Config
from reviewer.scan import scan_repository


def build(root: Path, files: dict[str, str]) -> ProjectIndex:
    write_repo(root, files)
    return ProjectIndex.build(scan_repository(root, Config(), workers=1), root)


def import_of(index: ProjectIndex, path: str, source: str):
    facts = index.files[path]
    return next(ref for ref in facts.imports if ref.source == source)


def test_python_package_roots_relative_imports_and_barrels(tmp_path: Path) -> None:
    index = build(tmp_path, {
        "src/shop/__init__.py": "from .pricing import total as grand_total\n",
        "src/shop/pricing.py": """
            from .tax.rates import vat
            from ..shop import util

            def total(x):
                return vat(x)
        """,
        "src/shop/util.py": "def helper():\n    return 1\n",
        "src/shop/tax/__init__.py": "from .rates import *\n",
        "src/shop/tax/rates.py": "__all__ = ['vat']\n\ndef vat(x):\n    return x * 1.2\n",
        "app/main.py": """
            import shop.pricing as pricing
            from shop import grand_total, util
            from shop.tax import vat
            import helpers

            def run():
                return pricing.total(1) + grand_total(2) + vat(3) + util.helper() + helpers.aid()
        """,
        "app/helpers.py": "def aid():\n    return 0\n",
    })
    main = "app/main.py"
    assert index.resolve_import(main, import_of(index, main, "shop.pricing")) == "src/shop/pricing.py"
    assert index.resolve_import(main, import_of(index, main, "helpers")) == "app/helpers.py"  # script sibling
    pricing = "src/shop/pricing.py"
    assert index.resolve_import(pricing, import_of(index, pricing, "tax.rates")) == "src/shop/tax/rates.py"
    assert index.resolve_import(pricing, import_of(index, pricing, "shop")) == "src/shop/__init__.py"
    # aliases, barrels and star re-exports lead to the defining symbol
    assert index.resolve_name(main, "grand_total") == ("src/shop/pricing.py", "total")
    assert index.resolve_name(main, "vat") == ("src/shop/tax/rates.py", "vat")
    assert index.resolve_name(main, "pricing.total") == ("src/shop/pricing.py", "total")
    assert index.resolve_name(main, "util.helper") == ("src/shop/util.py", "helper")
    assert index.resolve_callee(main, "helpers.aid") == ("app/helpers.py", "aid")
    assert index.resolve_name(main, "pricing") is None  # a module, not a symbol


def test_python_external_imports_resolve_to_none(tmp_path: Path) -> None:
    index = build(tmp_path, {"a.py": "import os.path\nimport requests\nfrom json import dumps\n"})
    for ref in index.files["a.py"].imports:
        assert index.resolve_import("a.py", ref) is None
    assert index.resolve_name("a.py", "dumps") is None


def test_a_submodule_a_package_imports_into_itself(tmp_path: Path) -> None:
    """`from . import fields` in marshmallow/__init__.py, then `from marshmallow import fields`
    and `fields.DateTime()` in the tests: the submodule's class (its tests were all NONE)."""
    index = build(tmp_path, {
        "src/pkg/__init__.py": "from . import fields\n\n__all__ = ['fields']\n",
        "src/pkg/fields.py": "class DateTime:\n    pass\n",
        "tests/test_fields.py": "from pkg import fields\n\n\ndef test_dt():\n    assert fields.DateTime()\n",
    })
    assert index.resolve_name("tests/test_fields.py", "fields.DateTime") == ("src/pkg/fields.py", "DateTime")
    assert index.resolve_name("src/pkg/__init__.py", "fields.DateTime") == ("src/pkg/fields.py", "DateTime")


def test_resolve_callee_self_class_static_and_inherited(tmp_path: Path) -> None:
    index = build(tmp_path, {
        "base.py": """
            class Base:
                def shared(self):
                    return 1
        """,
        "impl.py": """
            from base import Base

            class Impl(Base):
                def run(self):
                    return self.shared() + self.own() + Impl.make()

                def own(self):
                    return 2

                @staticmethod
                def make():
                    return 3
        """,
    })
    assert index.resolve_callee("impl.py", "self.own", "Impl.run") == ("impl.py", "Impl.own")
    assert index.resolve_callee("impl.py", "self.shared", "Impl.run") == ("base.py", "Base.shared")
    assert index.resolve_callee("impl.py", "Impl.make") == ("impl.py", "Impl.make")
    assert index.resolve_callee("impl.py", "self.own") == ("impl.py", "Impl.own")  # one class defines it
    assert index.resolve_callee("impl.py", "Impl") == ("impl.py", "Impl")
    assert index.resolve_callee("impl.py", "self.missing", "Impl.run") is None


def test_typescript_specifiers_barrels_namespaces_and_commonjs(tmp_path: Path) -> None:
    index = build(tmp_path, {
        "tsconfig.json": """
            {
              // comments are allowed in tsconfig
              "compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["src/*"]},},
            }
        """,
        "src/lib/index.ts": "export * from './math';\nexport { format as formatValue } from './format';\n",
        "src/lib/math.ts": "export function add(a: number, b: number): number { return a + b; }\n",
        "src/lib/format.ts": "export const format = (x: number): string => String(x);\n",
        "src/esm.ts": "export default function greet(): string { return 'hi'; }\n",
        "src/legacy.js": "function old() { return 1; }\nmodule.exports = { old };\n",
        "src/app.ts": """
            import { add, formatValue } from './lib';
            import * as math from './lib/math';
            import greet from './esm.js';
            import { add as plus } from '@/lib/math';
            import React from 'react';
            const { old } = require('./legacy');

            export function main(): string {
              return formatValue(add(1, 2) + math.add(3, 4) + plus(5, 6) + old()) + greet();
            }
        """,
    })
    app = "src/app.ts"
    assert index.resolve_import(app, import_of(index, app, "./lib")) == "src/lib/index.ts"
    assert index.resolve_import(app, import_of(index, app, "./esm.js")) == "src/esm.ts"
    assert index.resolve_import(app, import_of(index, app, "@/lib/math")) == "src/lib/math.ts"
    assert index.resolve_import(app, import_of(index, app, "react")) is None
    assert index.resolve_name(app, "add") == ("src/lib/math.ts", "add")
    assert index.resolve_name(app, "formatValue") == ("src/lib/format.ts", "format")
    assert index.resolve_name(app, "plus") == ("src/lib/math.ts", "add")
    assert index.resolve_callee(app, "math.add") == ("src/lib/math.ts", "add")
    assert index.resolve_callee(app, "greet") == ("src/esm.ts", "greet")
    assert index.resolve_callee(app, "old") == ("src/legacy.js", "old")


def test_node_subpath_imports_resolve_through_the_nearest_package_json(tmp_path: Path) -> None:
    # mswjs/data (round 54): every module imports the others as `#/src/x.js` through package.json's
    # `"imports": {"#/src/*": "./src/*"}`; a package's own map, conditions and exact keys too
    index = build(tmp_path, {
        "package.json": '{"name": "data", "type": "module", "imports": {"#/src/*": "./src/*", '
                        '"#config": {"types": "./src/config.ts", "default": "./dist/config.js"}, "#dep": "some-package"}}',
        "src/collection.ts": "export class Collection {}\n",
        "src/config.ts": "export const config = 1\n",
        "src/extensions/sync.ts": "import { Collection } from '#/src/collection.js'\nimport { config } from '#config'\n"
                                  "import dep from '#dep'\nimport { gone } from '#/src/missing.js'\n"
                                  "export const made = [new Collection(), config, dep, gone]\n",
        "packages/other/package.json": '{"name": "other", "imports": {"#lib/*": "./lib/*.ts"}}',
        "packages/other/lib/util.ts": "export const util = 1\n",
        "packages/other/main.ts": "import { util } from '#lib/util'\nimport { Collection } from '#/src/collection.js'\n"
                                  "export const both = [util, Collection]\n",
    })
    sync, other = "src/extensions/sync.ts", "packages/other/main.ts"
    assert index.resolve_import(sync, import_of(index, sync, "#/src/collection.js")) == "src/collection.ts"
    assert index.resolve_import(sync, import_of(index, sync, "#config")) == "src/config.ts"
    assert index.resolve_import(sync, import_of(index, sync, "#dep")) is None  # a package: external
    assert index.resolve_import(sync, import_of(index, sync, "#/src/missing.js")) is None
    assert index.resolve_import(other, import_of(index, other, "#lib/util")) == "packages/other/lib/util.ts"
    # the nearest package.json's map only: the root's `#/src/*` is not this package's
    assert index.resolve_import(other, import_of(index, other, "#/src/collection.js")) is None
