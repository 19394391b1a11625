"""`reviewer mcp`: the card index and the evidence, served to coding agents over the Model
Context Protocol (stdio).

live.py keeps the index in step with the working tree, tools.py answers each tool from it,
server.py wires the tools to the official `mcp` SDK. Only server.py imports the SDK; the
modules here import it by its absolute name, which this package's name does not shadow.
"""
