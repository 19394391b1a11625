"""`reviewer mcp` end to end: the SDK's own stdio client drives a real `reviewer mcp` process
over a fixture repository indexed with the real model and LanceDB."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("mcp")
pytest.importorskip("lancedb")

from mcp import ClientSession, StdioServerParameters, stdio_client  # noqa: E402

from reviewer.config import load_config  # noqa: E402
from reviewer.pipeline import RunOptions, index_only  # noqa: E402
from reviewer.pipeline import run as run_pipeline  # noqa: E402
from reviewer.ui import UI  # noqa: E402

TREE = Path(__file__).resolve().parent.parent
TOOLS = {"findSimilarFunctions", "searchFunctions", "getFunctionCard", "explainSymbol", "reviewFile", "indexStatus"}

FILES = {
    "pyproject.toml": '''
        [project]
        name = "shop"
        version = "0.1"

        [project.scripts]
        shop = "main:main"
        ''',
    "shop/cart.py": '''
        """The shopping cart."""


        def cart_total(items, tax_rate):
            """Sum the line prices of a cart, with tax."""
            total = 0.0
            for item in items:
                if item.quantity > 0:
                    total += item.price * item.quantity
            return round(total * (1 + tax_rate), 2)


        def describe(items):
            return ", ".join(item.name for item in items)
        ''',
    "shop/orders.py": '''
        """Orders."""
        from shop.cart import describe


        def order_amount(lines, vat):
            """Amount of an order."""
            amount = 0.0
            for line in lines:
                if line.quantity > 0:
                    amount += line.price * line.quantity
            return round(amount * (1 + vat), 2)


        def summary(order):
            return describe(order.lines) + " = " + str(order_amount(order.lines, order.vat))
        ''',
    "shop/text.py": '''
        """Text helpers."""
        import re


        def parse_duration(text):
            """Parse a duration string such as '1h30m' into a number of seconds."""
            hours = re.search(r"(\\d+)h", text)
            minutes = re.search(r"(\\d+)m", text)
            return int(hours.group(1) if hours else 0) * 3600 + int(minutes.group(1) if minutes else 0) * 60


        def slug_of(title):
            """A URL slug for a title."""
            return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
        ''',
    "main.py": '''
        from shop.cart import cart_total
        from shop.orders import summary
        from shop.text import parse_duration


        def main(order):
            print(summary(order), cart_total(order.lines, 0.2), parse_duration("1h"))


        if __name__ == "__main__":
            main(None)
        ''',
}

ADDED = '''
def weekday_name(number):
    """The English name of a weekday number, Monday first."""
    names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    return names[number % 7]


def _forgotten():
    return 0
'''


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("mcp") / "shop_repo"
    for name, text in FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    (root / "shop" / "__init__.py").write_text("", encoding="utf-8")
    index_only(root, load_config(root, None), False, UI(plain=True, quiet=True))
    # A static run, as the user's: its stored reviews are what reviewFile reuses while they hold.
    key = os.environ.pop("ANTHROPIC_API_KEY", None)
    try:
        run_pipeline(root, load_config(root, None), RunOptions(), UI(plain=True, quiet=True))
    finally:
        if key is not None:
            os.environ["ANTHROPIC_API_KEY"] = key
    return root


def server(root: Path) -> StdioServerParameters:
    env = {"PYTHONPATH": str(TREE), "REVIEWER_NO_FORK": os.environ.get("REVIEWER_NO_FORK", "0")}
    return StdioServerParameters(command=sys.executable, args=["-m", "reviewer", "mcp", str(root)], env=env)


async def call(session: ClientSession, name: str, **arguments) -> dict:
    result = await session.call_tool(name, arguments)
    assert not result.is_error, result.content[0].text
    data = json.loads(result.content[0].text)
    assert result.structured_content == data
    return data


async def error_of(session: ClientSession, name: str, **arguments) -> str:
    result = await session.call_tool(name, arguments)
    assert result.is_error
    return result.content[0].text


def run(coroutine_function, root: Path):
    async def main():
        async with stdio_client(server(root)) as (read, write):
            async with ClientSession(read, write) as session:
                return await coroutine_function(session)

    return asyncio.run(main())


def test_a_session_answers_every_tool_and_follows_the_working_tree(repo: Path):
    async def session_steps(session: ClientSession):
        init = await session.initialize()
        assert init.server_info.name == "reviewer"
        listed = (await session.list_tools()).tools
        assert {t.name for t in listed} == TOOLS
        for tool in listed:
            assert tool.input_schema["type"] == "object" and len(tool.description) > 80

        status = await call(session, "indexStatus")
        assert status["indexed"] and status["cards"] >= 7 and status["filesOutOfDate"] == 0

        similar = await call(session, "findSimilarFunctions", functionId="shop/cart.py:cart_total")
        first = similar["results"][0]
        assert (first["filePath"], first["name"], first["cloneKind"]) == ("shop/orders.py", "order_amount", "renamed")
        assert first["structure"] >= 0.9 and first["lines"] == "5-11"

        found = await call(session, "searchFunctions", query="parse a duration string into seconds")
        assert found["results"][0]["name"] == "parse_duration"
        snippet = "def to_seconds(duration):\n    \"\"\"Parse a duration like 2h into seconds.\"\"\"\n    return 0\n"
        assert (await call(session, "searchFunctions", query=snippet))["results"][0]["name"] == "parse_duration"

        card = await call(session, "getFunctionCard", functionId=similar["id"])
        assert card["card"]["qualified_name"] == "cart_total"
        assert card["callers"] == ["main.py:main"]
        summary = await call(session, "getFunctionCard", functionId="shop/orders.py:summary")
        assert summary["callees"] == ["shop/cart.py:describe", "shop/orders.py:order_amount"]
        assert summary["callers"] == ["main.py:main"]

        explained = await call(session, "explainSymbol", symbol="shop/text.py:slug_of")
        assert explained["verdicts"]["utility"] == "DEAD"
        utility = explained["axes"]["utility"]
        assert utility["verdict"] == "DEAD" and "no root reaches it" in utility["evidence"]
        assert any(f["rule"].startswith("dead/") for f in explained["findings"] + explained["candidates"])
        used = await call(session, "explainSymbol", symbol="parse_duration")
        assert used["verdicts"]["utility"] == "USED"
        assert any(line.startswith("main.py:") for line in used["usages"])
        copy = await call(session, "explainSymbol", symbol="shop/orders.py:order_amount")
        assert copy["verdicts"]["duplication"] == "DUPLICATE"
        assert copy["duplication"][0]["keep"] == "shop/cart.py:cart_total"

        reviewed = await call(session, "reviewFile", path="shop/text.py")
        assert reviewed["file"] == "shop/text.py" and reviewed["fromCache"] is True
        assert any(f["rule"].startswith("dead/") and f["symbol"] == "slug_of" for f in reviewed["findings"] + reviewed["candidates"])

        # Errors are tool results with one sentence, and the session goes on.
        assert "no function matches 'no_such_function'" in await error_of(
            session, "findSimilarFunctions", functionId="no_such_function")
        assert "no function matches 'deadbeefdeadbeef'" in await error_of(
            session, "getFunctionCard", functionId="deadbeefdeadbeef")
        assert "'..' is refused" in await error_of(session, "reviewFile", path="../outside.py")
        assert "invalid input" in await error_of(session, "findSimilarFunctions", functionId="x", maxResults=0)

        # A function written after the session started is found by the next call.
        (repo / "shop" / "calendar.py").write_text(ADDED.lstrip(), encoding="utf-8")
        found = await call(session, "searchFunctions", query="name of a weekday number")
        assert found["results"][0]["name"] == "weekday_name"
        assert (await call(session, "getFunctionCard", functionId="weekday_name"))["card"]["file_path"] == "shop/calendar.py"
        status = await call(session, "indexStatus")
        assert status["filesOutOfDate"] == 0 and status["cards"] >= 8
        fresh = await call(session, "reviewFile", path="shop/calendar.py")
        assert fresh["fromCache"] is False and any(f["symbol"] == "_forgotten" for f in fresh["findings"] + fresh["candidates"])

    run(session_steps, repo)


def test_without_an_index_each_call_says_how_to_build_one(tmp_path: Path):
    root = tmp_path / "bare"
    root.mkdir()
    (root / "a.py").write_text("def f():\n    return 1\n", encoding="utf-8")

    async def session_steps(session: ClientSession):
        await session.initialize()
        status = await call(session, "indexStatus")
        assert status["indexed"] is False and f"reviewer index {root}" in status["hint"]
        message = await error_of(session, "findSimilarFunctions", functionId="a.py:f")
        assert message.startswith("no card index in") and "run `reviewer index" in message
        return True

    assert run(session_steps, root)
    assert not (root / ".reviewer" / "rag" / "lancedb").exists() or not any((root / ".reviewer" / "rag" / "lancedb").iterdir())


def test_without_the_sdk_the_command_names_the_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    from click.testing import CliRunner

    from reviewer.cli import cli
    from reviewer.mcp.server import MCP_INSTALL_HINT

    monkeypatch.setitem(sys.modules, "mcp", None)  # how Python sees a package that is not installed
    result = CliRunner().invoke(cli, ["mcp", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and MCP_INSTALL_HINT in result.output


def test_without_the_rag_extra_a_tool_call_names_it(monkeypatch: pytest.MonkeyPatch, repo: Path):
    from reviewer.mcp.tools import ReviewerTools
    from reviewer.rag.extra import RAG_INSTALL_HINT, RAG_MODULES

    for name in RAG_MODULES:
        monkeypatch.setitem(sys.modules, name, None)
    text, is_error = ReviewerTools(repo, load_config(repo, None)).call("findSimilarFunctions", {"functionId": "cart_total"})
    assert is_error and RAG_INSTALL_HINT in text and "\n" not in text


def test_the_live_index_sees_new_folders_deleted_files_and_settles(repo: Path, tmp_path: Path):
    """In process, on a copy of the indexed fixture: what the listing must notice between two calls."""
    import shutil

    from reviewer.mcp.live import LiveIndex
    from reviewer.rag.similarity import SimilarityIndex, open_store

    root = tmp_path / "copy"
    shutil.copytree(repo, root)
    live = LiveIndex(root, load_config(root, None))
    live.refresh()
    (root / "tools" / "nested").mkdir(parents=True)
    (root / "tools" / "nested" / "weeks.py").write_text(ADDED.lstrip(), encoding="utf-8")
    (root / "shop" / "text.py").unlink()
    report = live.refresh()
    assert (report.files_indexed, report.files_removed) == (1, 1)
    names = {h.qualified_name for h in live.heads.heads}
    assert "weekday_name" in names and "parse_duration" not in names
    assert live.refresh() is None  # nothing changed since: no index update
    # Only the two files' rows were read back: the index in memory is the one a full load gives.
    full = SimilarityIndex.load(open_store(root, live.config))
    assert live.similarity.ids == full.ids and live.similarity.rows == full.rows
    assert (live.similarity.vectors == full.vectors).all()

