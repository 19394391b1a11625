"""Typer: commands are registered by `@app.command()` / `@app.callback()` (the default for a
decorator); `typer path/or.module run` loads a module and runs the Typer app it finds there by name
(`app`, `cli` or `main`)."""

from __future__ import annotations

import re
from typing import Iterator

from . import LAUNCH_FILES, FileRoot, Framework

_RUN = re.compile(r"\btyper\s+['\"]?([\w./-]+?)(?:\.py)?['\"]?\s+run\b")


def typer_run(path: str, text: str) -> Iterator[FileRoot]:
    """the module `typer X run` loads: it runs the app (or function) named app, cli or main there."""
    for target in _RUN.findall(text):
        module = re.escape(target.replace(".", "/") if "/" not in target else target)
        yield FileRoot(r"(?:^|/)" + module + r"(?:\.py|/__init__\.py)$", r"app|cli|main",
                       f"run by `typer {target} run` in {path}")


FRAMEWORK = Framework(
    name="Typer",
    docs="https://typer.tiangolo.com/tutorial/typer-command/#run-with-typer-command",
    enabled_by=("typer", "typer-slim"),
    config_files=LAUNCH_FILES,
    launch_commands=(r"\btyper\s+['\"]?([A-Za-z_][\w.]*?)(?:\.py)?['\"]?\s+run\b",),
    read_config=typer_run,
)
