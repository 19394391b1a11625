"""The MCP server over stdio, on the official `mcp` SDK (the optional `mcp` extra).

Tools are listed from tools.TOOLS and answered by tools.ReviewerTools in a worker thread
(the event loop keeps answering pings while an index update runs). A tool's failure is a
tool result with isError and one sentence, never a protocol error or a dead server: an
unexpected exception is reported the same way, naming its type.
"""

from __future__ import annotations

import importlib.util
import json
import os
import threading
from pathlib import Path

from reviewer import __version__
from reviewer.config import Config
from reviewer.errors import UserError

MCP_INSTALL_HINT = "pip install 'reviewer[mcp]'"
INSTRUCTIONS = (
    "The function-card index of this repository, kept up to date with the files on disk. Before writing a "
    "helper, call searchFunctions with what it should do (or its code) to find one to reuse; before keeping "
    "a second copy, call findSimilarFunctions. explainSymbol says why the reviewer calls a symbol dead or "
    "duplicate; reviewFile lists a file's findings."
)


def require_mcp() -> None:
    """A one-line UserError naming the fix when the `mcp` extra is not installed."""
    if importlib.util.find_spec("mcp") is None:
        raise UserError(f"`reviewer mcp` needs the MCP SDK, not installed here: run `{MCP_INSTALL_HINT}`")


def build_server(root: Path, config: Config):
    """The SDK's low-level Server with the reviewer's tools for the repository at `root`."""
    import anyio
    import mcp.types as types
    from mcp.server.lowlevel import Server

    from reviewer.mcp.tools import TOOLS, ReviewerTools

    tools = ReviewerTools(root, config)
    listed = [types.Tool(name=t.name, description=t.description, input_schema=t.input_schema()) for t in TOOLS]

    async def list_tools(ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=listed)

    async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        try:
            result, is_error = await anyio.to_thread.run_sync(tools.call, params.name, params.arguments)
        except Exception as exc:  # a bug of ours costs this call, not the session
            detail = str(exc).splitlines()[0] if str(exc) else ""
            result, is_error = f"internal error in {params.name}: {type(exc).__name__}: {detail}".rstrip(": "), True
        if is_error:
            return types.CallToolResult(content=[types.TextContent(text=str(result))], is_error=True)
        text = json.dumps(result, ensure_ascii=False)
        return types.CallToolResult(content=[types.TextContent(text=text)], structured_content=result)

    server = Server("reviewer", version=__version__, instructions=INSTRUCTIONS,
                    on_list_tools=list_tools, on_call_tool=call_tool)
    return server, tools


def _single_threaded_blas() -> None:
    """The server embeds one text at a time (a query, an edited function): on a busy machine a
    multi-threaded BLAS spends about a second spinning its threads for it, one thread 45 ms."""
    try:
        import numpy  # noqa: F401  (loads the BLAS library that the limit applies to)
        from threadpoolctl import threadpool_limits
    except ImportError:  # without the rag extra nothing is embedded
        return
    threadpool_limits(1, "blas")


def serve(root: Path, config: Config) -> None:
    """Serve the repository at `root` on stdin/stdout until the client closes the stream."""
    require_mcp()
    import anyio
    from mcp.server.stdio import stdio_server

    # The analysis forks a helper child when it may (background.py); in a server holding LanceDB's
    # runtime threads a fork can deadlock, so here the job runs in this process (slower, same result).
    os.environ["REVIEWER_NO_FORK"] = "1"
    _single_threaded_blas()
    server, tools = build_server(root, config)

    def warm() -> None:
        try:
            tools.live.warm()
        except UserError:  # no index yet, or no rag extra: each call says so
            pass

    # The client's handshake is answered at once; the first call waits for the warm-up (it holds the lock).
    threading.Thread(target=warm, name="reviewer-mcp-warm", daemon=True).start()

    async def main() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(main)
