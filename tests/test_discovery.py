"""Discovery on small trees built in tmp_path: what is in scope, what is skipped and why."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from reviewer.config import Config, ScanConfig
from reviewer.scan.discovery import content_skip_reason, discover, discover_paths

PY = "def f(x):\n    return x + 1\n"


def make(root: Path, files: dict[str, str | bytes]) -> Path:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
    return root


def in_scope(root: Path, config: Config | None = None) -> list[str]:
    return [f.path for f in discover(root, config or Config()).files]


def skipped(root: Path, config: Config | None = None) -> dict[str, str]:
    return {s.path: s.reason for s in discover(root, config or Config()).skipped}


def test_finds_each_language_in_path_order_outside_a_git_repository(tmp_path):
    make(tmp_path, {"b.py": PY, "a/x.ts": "export const a = 1\n", "a/y.tsx": "export const b = <div/>\n",
                    "c.js": "module.exports = 1\n", "d.mjs": "export default 1\n", "README.md": "# hi\n",
                    "logo.png": b"\x89PNG\r\n\x1a\n\0\0", "data.csv": "a,b\n"})
    found = discover(tmp_path, Config())
    assert [(f.path, f.language) for f in found.files] == [
        ("a/x.ts", "typescript"), ("a/y.tsx", "tsx"), ("b.py", "python"), ("c.js", "javascript"),
        ("d.mjs", "javascript"),
    ]
    assert found.skipped == []  # README, images and data are silently out of scope
    assert found.files[2].abs_path == tmp_path.resolve() / "b.py"
    assert found.files[2].size == len(PY)


def test_nested_gitignore_anchoring_and_negation(tmp_path):
    make(tmp_path, {
        ".gitignore": "*.log.py\n/only_root.py\nlogs/\n*.gen.py\n",
        "only_root.py": PY, "sub/only_root.py": PY, "x.log.py": PY, "logs/a.py": PY,
        "sub/.gitignore": "/anchored.py\ngen_*.py\n!gen_keep.py\n!keep.gen.py\n",
        "sub/anchored.py": PY, "sub/deeper/anchored.py": PY,
        "sub/gen_a.py": PY, "sub/deeper/gen_b.py": PY, "sub/gen_keep.py": PY,
        "sub/keep.gen.py": PY, "sub/drop.gen.py": PY, "other/gen_a.py": PY, "other/keep.gen.py": PY,
    })
    assert in_scope(tmp_path) == [
        "other/gen_a.py",  # sub/.gitignore does not reach a sibling folder
        "sub/deeper/anchored.py",  # "/anchored.py" is anchored at sub/, not at sub/deeper/
        "sub/gen_keep.py",  # negated in the same file
        "sub/keep.gen.py",  # a deeper .gitignore re-includes what the root one ignores
        "sub/only_root.py",  # "/only_root.py" is anchored at the root
    ]


def test_a_file_inside_an_ignored_folder_cannot_be_re_included_but_one_under_dir_star_star_can(tmp_path):
    make(tmp_path, {".gitignore": "vendor/\n!vendor/keep.py\ncache/**\n!cache/keep.py\n",
                    "vendor/keep.py": PY, "vendor/x.py": PY, "cache/keep.py": PY, "cache/x.py": PY})
    assert in_scope(tmp_path) == ["cache/keep.py"]  # as git does


def test_gitignore_can_be_turned_off(tmp_path):
    make(tmp_path, {".gitignore": "*.py\n", "a.py": PY})
    assert in_scope(tmp_path) == []
    assert in_scope(tmp_path, Config(scan=ScanConfig(respect_gitignore=False))) == ["a.py"]


def test_a_pattern_git_cannot_read_is_skipped_as_git_skips_it(tmp_path):
    # black's tests/data/invalid_gitignore_tests/.gitignore holds a lone `!`: git ignores that line (and
    # reviewer ended in an internal error); the file's other patterns still apply.
    make(tmp_path, {"data/.gitignore": "!\n*.skip.py\n", "data/a.py": PY, "data/b.skip.py": PY, "c.py": PY})
    assert in_scope(tmp_path) == ["c.py", "data/a.py"]


def test_enclosing_repository_rules_apply_to_a_scanned_subfolder(tmp_path):
    make(tmp_path, {"repo/.git/info/exclude": "secret_*.py\n", "repo/.gitignore": "*.skip.py\n/pkg/out/\n",
                    "repo/pkg/a.py": PY, "repo/pkg/a.skip.py": PY, "repo/pkg/secret_x.py": PY,
                    "repo/pkg/out/o.py": PY})
    assert in_scope(tmp_path / "repo" / "pkg") == ["a.py"]
    assert in_scope(tmp_path / "repo") == ["pkg/a.py"]


def test_a_folder_the_enclosing_repository_ignores_is_still_scanned_when_asked_for(tmp_path):
    """E.g. a Python install under a pyenv clone whose .gitignore says /versions/."""
    make(tmp_path, {"repo/.git/HEAD": "ref\n", "repo/.gitignore": "/versions/\n*.pyc\n",
                    "repo/versions/3.11/lib/os.py": PY})
    assert in_scope(tmp_path / "repo" / "versions" / "3.11") == ["lib/os.py"]


def test_include_and_exclude_globs(tmp_path):
    make(tmp_path, {"src/app.py": PY, "src/deep/er/mod.py": PY, "src/legacy/old.py": PY,
                    "src/test_app.py": PY, "scripts/tool.py": PY, "src/main.go": "package main\n"})
    config = Config(scan=ScanConfig(include=["src/**"], exclude=["**/test_*.py", "src/legacy/"]))
    found = discover(tmp_path, config)
    assert [f.path for f in found.files] == ["src/app.py", "src/deep/er/mod.py"]
    assert [s.path for s in found.skipped] == ["src/main.go"]  # in the included area, so worth saying
    config = Config(scan=ScanConfig(include=["*.py"], exclude=["scripts"]))
    assert in_scope(tmp_path, config) == ["src/app.py", "src/deep/er/mod.py", "src/legacy/old.py", "src/test_app.py"]
    typo = discover(tmp_path, Config(scan=ScanConfig(include=["scr/**"])))
    assert typo.files == [] and typo.warnings == ["scan.include ['scr/**'] matched no source file"]


@pytest.mark.parametrize(
    "folder",
    [".git", ".reviewer", "node_modules", "pkg/node_modules/@scope/lib", ".venv", ".tox", ".nox", "__pycache__",
     "lib/python3.11/site-packages", ".mypy_cache", ".pytest_cache", "dist", "build", "coverage", "pkg/dist",
     "vendor", "third_party", "src/app/vendor", "pkg/third_party/lib"],
)
def test_default_skipped_folders(tmp_path, folder):
    make(tmp_path, {f"{folder}/mod.py": PY, f"{folder}/sub/index.js": "x()\n", "app.py": PY})
    found = discover(tmp_path, Config())
    assert [f.path for f in found.files] == ["app.py"]
    assert found.skipped == []


def test_vendored_code_is_skipped_even_as_a_python_package(tmp_path):
    """`vendor/` and `third_party/` hold other people's code, packaged or not; similar names are the project's."""
    make(tmp_path, {"app/vendor/__init__.py": "", "app/vendor/six.py": PY, "third_party/lib/util.py": PY,
                    "app/vendors.py": PY, "app/vendoring/m.py": PY, "app/main.py": PY})
    assert in_scope(tmp_path) == ["app/main.py", "app/vendoring/m.py", "app/vendors.py"]


def test_virtual_environment_detected_by_pyvenv_cfg_whatever_its_name(tmp_path):
    make(tmp_path, {"tools-env/pyvenv.cfg": "home = /usr\n", "tools-env/lib/m.py": PY,
                    "venv/pyvenv.cfg": "", "venv/x.py": PY, "condaenv/conda-meta/history": "",
                    "condaenv/y.py": PY, "env/settings.py": PY, "app.py": PY})
    assert in_scope(tmp_path) == ["app.py", "env/settings.py"]  # env/ without pyvenv.cfg is the project's


def test_a_python_package_named_build_is_source(tmp_path):
    make(tmp_path, {"src/build/__init__.py": "", "src/build/main.py": PY, "build/lib/pkg/m.py": PY})
    assert in_scope(tmp_path) == ["src/build/__init__.py", "src/build/main.py"]


def test_a_build_folder_inside_a_src_tree_is_source(tmp_path):
    # a bundler's own build step (`src/core/build/prod.ts`, imported by its commands); its package's
    # `dist/` and a `packages/x/build/` beside its manifest stay output
    make(tmp_path, {"src/core/build/prod.ts": "export const a = 1\n", "dist/index.js": "var a=1;\n",
                    "packages/x/build/out.js": "var b=2;\n", "packages/x/src/index.ts": "export const b = 2\n"})
    assert in_scope(tmp_path) == ["packages/x/src/index.ts", "src/core/build/prod.ts"]


def test_configured_output_folder_is_skipped(tmp_path):
    make(tmp_path, {"out/reviews/x.py": PY, "out/other.py": PY, ".reviewer/cache/y.py": PY})
    assert in_scope(tmp_path, Config(output="out/reviews")) == ["out/other.py"]


def test_minified_generated_and_bundled_files(tmp_path):
    long_line = "var a=" + "1+" * 3000 + "1;\n"
    make(tmp_path, {
        "lib.min.js": "var a=1;\n", "app.bundle.js": "var a=1;\n", "lib.umd.js": "var a=1;\n",
        "gen1.py": "# @generated by protoc\n" + PY, "gen2.ts": "// Code generated by tool. DO NOT EDIT.\nexport const a=1\n",
        "gen3.py": "#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n# This file is autogenerated\n" + PY,
        "gen4.js": "/*\n * Automatically generated from schema.json\n */\nx()\n",
        "late.py": "import os\n" * 5 + "# generated by hand-waving, but after five lines of code\n" + PY,
        "generate_report.py": "def generate_report(generated_at):\n    return generated_at\n",
        "prose.py": "# Maps old names so that pickle streams\n# generated with Python 2 load in Python 3.\n" + PY,
        "tables.py": '"""Parser engine for the grammar tables generated by pgen."""\n' + PY,
        "cp037.py": '""" Python Character Mapping Codec cp037 generated from \'MAPPINGS/CP037.TXT\' with gencodec.py.\n"""\n' + PY,
        "reader.py": '"""Reads the tables generated from the grammar (see make_tables.py)."""\n' + PY,
        "bundle.js": "x()\n" * 100 + long_line,
        "dense.js": ("a=" + "1" * 800 + "\n") * 3,
    })
    reasons = skipped(tmp_path)
    assert in_scope(tmp_path) == ["generate_report.py", "late.py", "prose.py", "reader.py", "tables.py"]
    assert reasons["cp037.py"] == "generated (header says 'generated from 'MAPPINGS/CP037.TXT' with gencodec.py')"
    assert reasons["lib.min.js"].startswith("minified") and reasons["app.bundle.js"].startswith("minified")
    assert reasons["lib.umd.js"].startswith("minified or bundled")
    assert reasons["gen1.py"] == "generated (header says '@generated')"
    assert reasons["gen2.ts"].startswith("generated") and reasons["gen3.py"].startswith("generated")
    assert reasons["gen4.js"].startswith("generated")
    assert reasons["bundle.js"] == "minified or bundled (a line of 6,008 chars > 5,000)"
    assert reasons["dense.js"].startswith("minified or bundled (average line")


def test_a_bundle_with_short_lines_is_built_code():
    # A UMD build copied into a docs site's assets (`mobx.umd.js`), lines of ordinary length: its file
    # name says so, and so does a bundler's module runtime in its opening lines, whatever its name.
    prelude = (b';(function(f) {\n  if (typeof exports === "object") { module.exports = f() }\n})(function() {\n'
               b'    var define, module, exports\n    return (function e(t, n, r) {\n        function s(o, u) {\n'
               b'            return o\n        }\n    })\n})\n')
    assert content_skip_reason("docs/assets/lib.js", prelude + b"function api() { return 1 }\n" * 50).startswith("built")
    webpack = b"/******/ (() => { // webpackBootstrap\n/******/ \tvar __webpack_modules__ = ({});\n"
    assert content_skip_reason("public/app.js", webpack).startswith("built")
    # a library's minified dist build, reformatted and pasted into src/utils/ (its loader renamed)
    pasted = (b"// Original source: https://example.org/dist/refs-min.js\n\nexport const Refs = (function (t) {\n"
              b"  var n = {};\n  function r(e) {\n    if (n[e]) return n[e].exports;\n"
              b"    var o = (n[e] = { i: e, l: !1, exports: {} });\n"
              b"    return t[e].call(o.exports, o, o.exports, r), (o.l = !0), o.exports;\n  }\n")
    assert content_skip_reason("src/utils/refs.js", pasted).startswith("built")
    # a bundler's own source names its runtime in code, not in its opening banner
    source = b"export function render(chunk) {\n  return `__webpack_require__(${chunk})`\n}\n"
    assert content_skip_reason("lib/template.js", source) is None


def test_a_scaffold_is_hand_kept_code_not_generated():
    # `django-admin startproject` writes settings once for the developer to edit (and the test
    # settings import them): reviewed. A migration Django writes and rewrites is generated.
    settings = b'"""\nDjango settings for shop project.\n\nGenerated by \'django-admin startproject\' using Django 3.0.\n"""\n'
    assert content_skip_reason("config/settings.py", settings + PY.encode()) is None
    migration = b"# Generated by Django 4.2 on 2023-05-01 10:00\n" + PY.encode()
    assert content_skip_reason("app/migrations/0001_initial.py", migration).startswith("generated")


def test_a_generated_header_after_a_block_of_tool_pragmas_is_read():
    # a route tree a router's generator writes: three pragmas, each followed by a blank line, then the sentence
    pragmas = b"/* eslint-disable */\n\n// @ts-nocheck\n\n// noinspection JSUnusedGlobalSymbols\n\n"
    routes = pragmas + b"// This file was automatically generated by the router.\n\nimport { Route } from './routes/root'\n"
    assert content_skip_reason("src/routeTree.gen.ts", routes).startswith("generated")
    # prose further down a hand-written module is no header
    module = b"import os\n\n\n" + b"x = 1\n" * 6 + b"# values below are automatically generated by the loop\n"
    assert content_skip_reason("app/values.py", module) is None


def test_binary_and_oversize_files(tmp_path):
    make(tmp_path, {"blob.py": b"import x\n\0\0\x01\x02", "big.py": "x = 1\n" * 40, "ok.py": "x = 1\n"})
    reasons = skipped(tmp_path, Config(scan=ScanConfig(max_file_bytes=100)))
    assert reasons == {"blob.py": "binary (NUL byte in the first 8 KiB)", "big.py": "over size limit (240 B > 100 B)"}
    assert in_scope(tmp_path, Config(scan=ScanConfig(max_file_bytes=100))) == ["ok.py"]
    make(tmp_path, {"huge.py": "x = 1\n" * 400_000})
    assert skipped(tmp_path)["huge.py"] == "over size limit (2.4 MB > 1.0 MB)"


def test_content_checks_can_be_left_to_the_caller(tmp_path):
    make(tmp_path, {"blob.py": b"\0\0", "ok.py": PY})
    found = discover(tmp_path, Config(), check_content=False)
    assert [f.path for f in found.files] == ["blob.py", "ok.py"] and found.skipped == []
    assert content_skip_reason("blob.py", b"\0\0") == "binary (NUL byte in the first 8 KiB)"
    assert content_skip_reason("ok.py", PY.encode()) is None
    assert content_skip_reason("empty.py", b"") is None


def test_symlinks_leaving_the_repository_looping_or_dangling(tmp_path):
    outside = make(tmp_path / "outside", {"lib.py": PY, "pkg/m.py": PY})
    root = make(tmp_path / "repo", {"app.py": PY, "real/mod.py": PY})
    (root / "escape.py").symlink_to(outside / "lib.py")
    (root / "escape_dir").symlink_to(outside / "pkg", target_is_directory=True)
    (root / "real" / "back").symlink_to(root, target_is_directory=True)  # loop: contains itself
    (root / "self.py").symlink_to(root / "self.py")  # loop: points at itself
    (root / "gone.py").symlink_to(root / "deleted.py")
    (root / "alias.py").symlink_to(root / "app.py")  # inside: the same file as app.py
    (root / "notes.txt").symlink_to(outside / "nowhere.txt")  # not source: silently ignored
    found = discover(root, Config())
    reasons = {s.path: s.reason for s in found.skipped}
    assert [f.path for f in found.files] == ["app.py", "real/mod.py"]
    assert reasons["escape.py"].startswith("symlink leaves the repository (->")
    assert reasons["escape_dir/"].startswith("symlink leaves the repository (->")
    assert reasons["real/back/"].startswith("symlink loop")
    assert reasons["self.py"].startswith("symlink loop")
    assert reasons["gone.py"].startswith("broken symlink")
    assert reasons["alias.py"] == "symlink to app.py (scanned there)"
    assert set(reasons) == {"escape.py", "escape_dir/", "real/back/", "self.py", "gone.py", "alias.py"}


def test_symlinks_inside_the_repository_are_followed(tmp_path):
    root = make(tmp_path, {"shared/util.py": PY, ".gitignore": "local/\n"})
    (root / "pkg").mkdir()
    (root / "pkg" / "util.py").symlink_to(root / "shared" / "util.py")
    (root / "linked").symlink_to(root / "shared", target_is_directory=True)
    assert in_scope(root) == ["shared/util.py"]  # both links followed to it, and scanned once
    assert skipped(root) == {"linked/util.py": "symlink to shared/util.py (scanned there)",
                             "pkg/util.py": "symlink to shared/util.py (scanned there)"}
    assert in_scope(root, Config(scan=ScanConfig(follow_symlinks=False))) == ["shared/util.py"]
    assert skipped(root, Config(scan=ScanConfig(follow_symlinks=False))) == {
        "linked/": "symlink not followed (scan.follow_symlinks is false)",
        "pkg/util.py": "symlink not followed (scan.follow_symlinks is false)",
    }


def test_a_symlink_to_an_ignored_file_is_judged_by_its_target(tmp_path):
    """A committed link to a gitignored file (or into an ignored folder) does not bring it in:
    its content would reach the reports and the Claude reviewer."""
    root = make(tmp_path, {"shared/util.py": PY, "app.py": PY, ".gitignore": "shared/\nlocal_settings.py\n",
                           "local_settings.py": "KEY = 'x'\n"})
    (root / "pkg").mkdir()
    (root / "pkg" / "util.py").symlink_to(root / "shared" / "util.py")
    (root / "linked").symlink_to(root / "shared", target_is_directory=True)
    (root / "settings.py").symlink_to(root / "local_settings.py")
    assert in_scope(root) == ["app.py"]
    reasons = skipped(root)
    assert reasons["settings.py"] == "symlink to an ignored file (local_settings.py)"
    assert reasons["pkg/util.py"] == reasons["linked/util.py"] == "symlink to an ignored file (shared/util.py)"


def test_languages_without_grammar_or_not_enabled_are_listed(tmp_path):
    make(tmp_path, {"main.go": "package main\n", "lib.rs": "fn main() {}\n", "A.java": "class A {}\n",
                    "app.py": PY, "ui.tsx": "export const a = 1\n", "notes.md": "# notes\n",
                    "Makefile": "all:\n", "photo.jpg": b"\xff\xd8\xff", "About.astro": "---\n---\n",
                    "App.vue": "<script>\n</script>\n"})
    reasons = skipped(tmp_path, Config(languages=["python"]))
    assert reasons == {
        "A.java": "no grammar for .java", "lib.rs": "no grammar for .rs", "main.go": "no grammar for .go",
        "ui.tsx": "language tsx not enabled (languages in the configuration)",
        # read for the names they use (scan._unscanned_names), unlike code of another language
        "About.astro": ".astro component (no grammar; the names it uses are read)",
        "App.vue": ".vue component (no grammar; the names it uses are read)",
    }


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_unreadable_file_is_skipped_not_fatal(tmp_path):
    make(tmp_path, {"secret.py": PY, "ok.py": PY})
    (tmp_path / "secret.py").chmod(0)
    try:
        assert skipped(tmp_path) == {"secret.py": "unreadable: Permission denied"}
    finally:
        (tmp_path / "secret.py").chmod(0o644)


def test_discover_paths_applies_the_same_rules(tmp_path):
    make(tmp_path, {".gitignore": "ignored.py\n", "a.py": PY, "ignored.py": PY, "node_modules/m/i.js": "x\n",
                    "venv/pyvenv.cfg": "", "venv/v.py": PY, "pkg/.gitignore": "local_*.py\n",
                    "pkg/local_x.py": PY, "pkg/b.py": PY, "main.go": "package main\n", "min.min.js": "x\n"})
    found = discover_paths(tmp_path, Config(), [
        "a.py", "ignored.py", "node_modules/m/i.js", "venv/v.py", "pkg/local_x.py", "pkg/b.py",
        "deleted.py", "main.go", "min.min.js", str(tmp_path / "pkg" / "b.py"), "../escape.py",
    ])
    assert [f.path for f in found.files] == ["a.py", "pkg/b.py"]
    assert {s.path: s.reason for s in found.skipped} == {
        "main.go": "no grammar for .go", "min.min.js": "minified or bundled (file name)",
    }


def test_templates_are_listed_apart_and_follow_the_ignore_rules(tmp_path):
    # Jinja/Django/Angular templates hold no code to review, but call the project's methods by name
    make(tmp_path, {".gitignore": "build/\n", "app/templates/user.html": "{{ user.gravatar() }}\n",
                    "app/mail.jinja2": "{% if x %}{% endif %}\n", "build/page.html": "{{ stale() }}\n", "app.py": PY})
    found = discover(tmp_path, Config())
    assert found.templates == ["app/mail.jinja2", "app/templates/user.html"]
    assert [f.path for f in found.files] == ["app.py"] and found.skipped == []


def test_a_vendored_javascript_library_is_skipped_by_its_banner(tmp_path):
    # junction's static/js/bootstrap-markdown.js: version, home page and license in its opening comment
    banner = ("/* ===\n * bootstrap-markdown.js v2.7.0\n * http://github.com/toopay/bootstrap-markdown\n"
              " * Copyright 2013-2014 Taufan Aditya\n * Licensed under the Apache License, Version 2.0\n */\n")
    make(tmp_path, {"static/js/bootstrap-markdown.js": banner + "!function ($) { }(window.jQuery);\n",
                    "static/js/main.js": "// our own code, see https://example.org\nfunction go() {}\n"})
    assert in_scope(tmp_path) == ["static/js/main.js"]
    assert skipped(tmp_path) == {"static/js/bootstrap-markdown.js": "vendored (header names 'bootstrap-markdown.js v2.7.0')"}


def test_a_library_copied_into_served_assets_is_skipped_by_its_copyright_header(tmp_path):
    # bluelog's static/ckeditor/: "Copyright (c) 2003-2019, CKSource ... see https://ckeditor.com/legal/..."
    banner = "/*\nCopyright (c) 2003-2019, CKSource - Frederico Knabben. All rights reserved.\n" \
             "For licensing, see https://ckeditor.com/legal/ckeditor-oss-license\n*/\n"
    make(tmp_path, {"app/static/ckeditor/lang/en.js": "\ufeff" + banner + "CKEDITOR.lang['en'] = {};\n",  # with a BOM
                    "app/src/editor.js": banner + "export function edit() {}\n"})
    assert in_scope(tmp_path) == ["app/src/editor.js"]  # the same header outside served assets: the project's own
    assert list(skipped(tmp_path)) == ["app/static/ckeditor/lang/en.js"]
    # a minified file with no header in that library's folder: known by the folder's own license file
    make(tmp_path, {"app/static/ckeditor/LICENSE.md": "GPL/LGPL/MPL\n",
                    "app/static/ckeditor/plugins/scayt/options.js": "CKEDITOR.dialog.add('x', function (c) {});\n",
                    "app/static/js/site.js": "function own() {}\n"})
    assert in_scope(tmp_path) == ["app/src/editor.js", "app/static/js/site.js"]
    assert skipped(tmp_path)["app/static/ckeditor/plugins/scayt/options.js"].startswith("vendored (a library folder")


def test_a_library_folder_in_served_assets_is_skipped_by_its_versioned_main_file(tmp_path):
    # flask-debugtoolbar's static/codemirror/: codemirror.js opens with "// CodeMirror version 2.23", its
    # modes and add-ons have no header at all
    make(tmp_path, {"app/static/codemirror/codemirror.js": "// CodeMirror version 2.23\nvar CodeMirror = 1;\n",
                    "app/static/codemirror/mode/python/python.js": "CodeMirror.defineMode('python', f);\n",
                    "app/static/toolbar/toolbar.js": "// the toolbar, version of the page\nfunction own() {}\n",
                    "app/src/codemirror/codemirror.js": "// CodeMirror version 2.23\nexport const own = 1;\n"})
    # not in served assets, or no release named: the project's own code
    assert in_scope(tmp_path) == ["app/src/codemirror/codemirror.js", "app/static/toolbar/toolbar.js"]
    assert skipped(tmp_path)["app/static/codemirror/mode/python/python.js"] == (
        "vendored (a library folder with its versioned main file codemirror.js: app/static/codemirror/codemirror.js)")


def test_packages_vendored_by_the_vendoring_tool_are_out_of_scope(tmp_path):
    # poetry-core's src/poetry/core/_vendor/ (lark, packaging), pip's pip/_vendor/: other projects' code
    make(tmp_path, {"src/poetry/core/_vendor/vendor.txt": "lark==1.3.1\n",
                    "src/poetry/core/_vendor/lark/tree.py": "import sys\n",
                    "src/poetry/core/version.py": "VERSION = '2'\n"})
    assert in_scope(tmp_path) == ["src/poetry/core/version.py"]


def test_the_output_folder_of_a_build_step_is_skipped_by_its_manifest(tmp_path: Path) -> None:
    """Django's collectstatic copies every app's assets (the admin's scripts among them) beside the
    staticfiles.json it writes: built output, not the project's code."""
    (tmp_path / "static" / "admin" / "js").mkdir(parents=True)
    (tmp_path / "static" / "staticfiles.json").write_text("{}")
    (tmp_path / "static" / "admin" / "js" / "core.js").write_text("function findPosX(o) { return o }\n")
    (tmp_path / "app.py").write_text("print(1)\n")
    found = discover(tmp_path, Config())
    assert [f.path for f in found.files] == ["app.py"]
    assert any(s.path == "static/admin/js/core.js" and s.reason.startswith("built") for s in found.skipped)


def test_files_gitattributes_marks_generated_or_vendored_are_skipped_and_say_so(tmp_path):
    # An SDK generated per API version and a vendored copy, marked for GitHub's linguist; a folder
    # pattern gives its files no attribute.
    make(tmp_path, {
        ".gitattributes": "sdk/python/** linguist-generated=true\n# a comment\nclients/src/v1.ts linguist-generated\n"
                          "docs/ linguist-generated\napp/*.py -linguist-generated\n",
        "sdk/python/models.py": PY, "clients/src/v1.ts": "export const a = 1\n", "clients/src/v2.ts": "export const b = 2\n",
        "docs/conf.py": PY, "app/main.py": PY,
        "lib/.gitattributes": "external/* linguist-vendored\n", "lib/external/six.py": PY, "lib/own.py": PY,
    })
    reasons = skipped(tmp_path)
    assert reasons["sdk/python/models.py"] == "generated (.gitattributes marks it linguist-generated)"
    assert reasons["clients/src/v1.ts"] == "generated (.gitattributes marks it linguist-generated)"
    assert reasons["lib/external/six.py"] == "vendored (lib/.gitattributes marks it linguist-vendored)"
    assert set(in_scope(tmp_path)) == {"clients/src/v2.ts", "docs/conf.py", "app/main.py", "lib/own.py"}


def test_a_browserify_bundle_is_skipped_by_its_current_prelude(tmp_path):
    # sanic's guide/webapp/worker/livereload.js: browserify's minified prelude, then the bundled modules
    prelude = ('(function(){function r(e,n,t){function o(i,f){if(!n[i]){if(!e[i]){var a=new Error("Cannot find '
               'module \'"+i+"\'");throw a.code="MODULE_NOT_FOUND",a}}return n[i].exports}return o}return r})()'
               '({1:[function(require,module,exports){\nmodule.exports = function (it) { return it };\n')
    make(tmp_path, {"guide/worker/livereload.js": prelude, "guide/worker/own.js": "function own() {}\n"})
    assert in_scope(tmp_path) == ["guide/worker/own.js"]
    assert skipped(tmp_path)["guide/worker/livereload.js"].startswith("built (a bundler")
