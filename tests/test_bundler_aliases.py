"""A bundler's `resolve.alias` (webpack, Vite): the forms whose target is written out, and imports through
them resolved to the repository's files."""

from __future__ import annotations

from pathlib import Path

from analysis_helpers import analyze, detail, verdict
from reviewer.analysis.bundler_aliases import aliased, bundler_aliases

WEBPACK = """const path = require("path");
module.exports = {
  resolve: {
    alias: {
      tomselect: "tom-select/dist",
      sumo: path.resolve(__dirname, "kitsune/sumo/static/sumo"),
      "@lib": path.join(__dirname, "src", "lib"),
      exact$: "./src/exact.js",
      computed: path.resolve(modulesDir, "x"),
    },
  },
};
"""
VITE = """import { fileURLToPath, URL } from "node:url";
export default defineConfig({
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      { find: "~assets", replacement: "/assets" },
    ],
  },
});
"""


def test_the_aliases_whose_target_is_written_out() -> None:
    assert bundler_aliases("webpack.common.js", WEBPACK) == [
        ("sumo", "kitsune/sumo/static/sumo"), ("@lib", "src/lib"), ("exact", "src/exact.js")]
    assert bundler_aliases("web/vite.config.ts", VITE) == [("@", "web/src"), ("~assets", "web/assets")]
    assert bundler_aliases("webpack.config.js", 'alias: { up: path.resolve(__dirname, "../outside") }') == []


def test_an_alias_is_a_whole_first_part_of_the_specifier_longest_first() -> None:
    aliases = [("sumo", "static/sumo"), ("sumo/js", "other/js")]
    assert aliased("sumo/js/charts", aliases) == ["other/js/charts", "static/sumo/js/charts"]
    assert aliased("sumoLogic", aliases) == []
    assert aliased("sumo", aliases) == ["static/sumo"]


def test_imports_through_a_webpack_alias_use_what_they_import(tmp_path: Path) -> None:
    evidence = analyze(tmp_path, {
        "package.json": '{"name": "site", "private": true, "scripts": {"build": "webpack -c webpack.prod.js"}}',
        "webpack.common.js": WEBPACK,
        "webpack.prod.js": "const common = require('./webpack.common.js')\nmodule.exports = common\n",
        "kitsune/sumo/static/sumo/js/main.js": "import { renderChart } from 'sumo/js/charts'\nrenderChart()\n",
        "kitsune/sumo/static/sumo/js/charts/index.js": "export function renderChart() { return 1 }\n"
                                                       "export function unusedChart() { return 2 }\n",
    })
    assert verdict(evidence, "kitsune/sumo/static/sumo/js/charts/index.js", "renderChart", "utility") == "USED"
    assert "imported by 1 file" in detail(evidence, "kitsune/sumo/static/sumo/js/charts/index.js", "renderChart", "utility")
    assert verdict(evidence, "kitsune/sumo/static/sumo/js/charts/index.js", "unusedChart", "utility") == "DEAD"
