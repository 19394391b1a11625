"""The Claude Code plugin layout (.claude-plugin/plugin.json, commands/review.md) and the
README's MCP snippet name a server and commands that exist."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import click

from reviewer.cli import cli

ROOT = Path(__file__).resolve().parent.parent
PLUGIN_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")  # kebab-case, as Claude Code requires


def plugin() -> dict:
    return json.loads((ROOT / ".claude-plugin" / "plugin.json").read_text(encoding="utf-8"))


def runs_a_reviewer_command(entry: dict) -> bool:
    """The server entry starts `reviewer <a real subcommand>`."""
    context = click.Context(cli)
    return entry["command"] == "reviewer" and cli.get_command(context, entry["args"][0]) is not None


def test_the_manifest_declares_the_mcp_server():
    manifest = plugin()
    assert PLUGIN_NAME.match(manifest["name"])
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert manifest["version"] == version
    assert manifest["description"] and set(manifest) <= {"name", "version", "description", "license", "keywords",
                                                          "mcpServers", "commands", "author", "homepage", "repository"}
    server = manifest["mcpServers"]["reviewer"]
    assert server["args"] == ["mcp"] and runs_a_reviewer_command(server)


def test_the_review_command_runs_reviewer_on_the_changed_files_and_reads_the_report():
    text = (ROOT / "commands" / "review.md").read_text(encoding="utf-8")
    front, body = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.DOTALL).groups()
    fields = dict(line.split(": ", 1) for line in front.splitlines())
    assert fields["description"] and "Bash(reviewer run:*)" in fields["allowed-tools"]
    assert "reviewer run --changed-since" in body and ".reviewer/report.md" in body
    run = cli.get_command(click.Context(cli), "run")
    options = {opt for param in run.params for opt in getattr(param, "opts", [])}
    used = set(re.findall(r"(--[a-z-]+)", body.split("reviewer run", 1)[1].split("`", 1)[0]))
    assert used and used <= options


def test_the_readme_snippet_is_the_plugin_server():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Use it from a coding agent", 1)[1].split("\n## ", 1)[0]
    snippet = json.loads(re.search(r"```json\n(.*?)```", section, re.DOTALL).group(1))
    assert snippet["mcpServers"]["reviewer"] == plugin()["mcpServers"]["reviewer"]
    assert "claude mcp add reviewer -- reviewer mcp" in section
