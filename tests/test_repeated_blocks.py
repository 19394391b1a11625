"""Repeated blocks of top-level code (data tables, schemas, callbacks passed at the top level),
through the real scan and `reviewer run`: a finding with no symbol that names both sides' lines."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from reviewer.cli import cli
from reviewer.scan.languages import LANGUAGES
from reviewer.scan.structure import module_line_hashes

STYLES = """
const bodyTextStyle = {
  color: "#334155",
  fontSize: "15px",
  lineHeight: "26px",
  margin: "0 0 18px",
  fontWeight: "normal",
}

const supportingTextStyle = {
  color: "#64748b",
  fontSize: "14px",
  lineHeight: "23px",
  margin: "0 0 16px",
  fontWeight: "lighter",
}
"""


def email(name: str, text: str) -> str:
    return (f'import {{ Text }} from "./components"\n\nexport function {name}() {{\n'
            f'  return <Text style={{bodyTextStyle}}>{text}</Text>\n}}\n' + STYLES)


def test_module_line_hashes_blank_functions_and_imports() -> None:
    lines = email("Welcome", "hi").splitlines()
    hashes = module_line_hashes(lines, [(1, 1), (3, 5)], LANGUAGES["tsx"].tokens)
    assert len(hashes) == len(lines)
    assert hashes[:5] == [0, 0, 0, 0, 0]  # the import and the function are not module code
    assert all(hashes[k] for k, line in enumerate(lines) if ":" in line)  # every style line is


def run(root: Path) -> dict[str, dict]:
    result = CliRunner().invoke(cli, ["run", str(root), "--plain"], catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    reviews = root / ".reviewer" / "reviews"
    return {json.loads(p.read_text())["file"]: json.loads(p.read_text()) for p in reviews.rglob("*.rev.json")}


def test_a_style_table_written_in_two_files_is_one_finding_naming_both_sides(tmp_path: Path) -> None:
    (tmp_path / "emails").mkdir()
    (tmp_path / "emails" / "welcome.tsx").write_text(email("Welcome", "Welcome aboard"))
    (tmp_path / "emails" / "reset.tsx").write_text("// reset\n\n" + email("Reset", "Reset your password"))
    (tmp_path / "tests").mkdir()  # the same table in two test cases: their arrange repeats on purpose
    case = 'test("renders", () => {{ expect(render({name})).toBeTruthy() }})\n'
    (tmp_path / "tests" / "a.test.tsx").write_text(email("A", "a") + case.format(name="A"))
    (tmp_path / "tests" / "b.test.tsx").write_text(email("B", "b") + case.format(name="B"))
    reviews = run(tmp_path)
    blocks = {path: r["repeated_blocks"] for path, r in reviews.items() if r["repeated_blocks"]}
    assert list(blocks) == ["emails/welcome.tsx"], blocks  # the copy; reset.tsx ranks first (by path) and is kept
    (block,) = blocks["emails/welcome.tsx"]
    assert (block["file"], block["name"], block["clone_kind"]) == ("emails/reset.tsx", "<module>", "block")
    assert block["lines"] == [7, 20] and block["other_lines"] == [9, 22]
    (finding,) = [f for f in reviews["emails/welcome.tsx"]["findings"] if f["axis"] == "duplication"]
    assert finding["symbol"] is None and (finding["line_start"], finding["line_end"]) == (7, 20)
    assert finding["confidence"] == 84 and "confidence 84" in finding["message"]
    assert "repeat lines 9-22 of the top-level code of emails/reset.tsx" in finding["message"]
    actions = [a["description"] for a in reviews["emails/welcome.tsx"]["actions"] if a["line_start"] == 7]
    assert actions and "define them once" in actions[0]


def test_a_stub_defined_inside_a_test_callback_is_no_duplicate_of_its_twin(tmp_path: Path) -> None:
    """`customFetch` written inside two test cases of two files is a stub where it is used; a helper
    defined at a test module's top level and copied into another is a duplicate to share."""
    stub = """
test('{name}', async t => {{
\tconst customFetch = async input => {{
\t\tif (!(input instanceof Request)) {{
\t\t\tthrow new TypeError('Expected to have input as request');
\t\t}}
\t\tconst body = await input.text();
\t\treturn new Response(body.toUpperCase(), {{status: 200, headers: {{'x-test': 'yes'}}}});
\t}};
\tt.is(await run(customFetch), 'OK');
}});
"""
    helper = """
function createApp(options) {
  const app = express();
  app.use(parser(options));
  app.use(function (err, req, res, next) {
    res.status(err.status || 500);
    res.send(String(req.headers['x-error-property'] ? err[req.headers['x-error-property']] : ('[' + err.type + '] ' + err.message)));
  });
  return app;
}
"""
    (tmp_path / "test").mkdir()
    (tmp_path / "test" / "a.test.js").write_text(stub.format(name="a") + helper)
    (tmp_path / "test" / "b.test.js").write_text(stub.format(name="b") + helper)
    reviews = run(tmp_path)
    flagged = {(path, s["name"]) for path, r in reviews.items() for s in r["symbols"] if s["duplication"] == "DUPLICATE"}
    assert flagged == {("test/b.test.js", "createApp")}
