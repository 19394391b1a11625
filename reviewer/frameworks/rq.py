"""RQ (Redis Queue): jobs are functions a queue names by reference or by dotted path (the dotted-path
rule reads those); `rq worker -c settings` reads the UPPER_CASE names of its settings module, and
`--worker-class` / `--job-class` / `--queue-class` / `--exception-handler` name classes and
functions by dotted path on the command line of a launch file."""

from __future__ import annotations

import re
from typing import Iterator

from . import LAUNCH_FILES, FileRoot, Framework

_WORKER = re.compile(r"\brq\s+worker\b[^\n]*")
_SETTINGS = re.compile(r"(?:-c|--config)[=\s]+['\"]?([A-Za-z_][\w.]*)")
_DOTTED = re.compile(r"--(?:worker-class|job-class|queue-class|exception-handler)[=\s]+['\"]?([A-Za-z_][\w.]*)\.(\w+)")


def _module_file(module: str) -> str:
    return r"(?:^|/)" + re.escape(module.replace(".", "/")) + r"(?:\.py|/__init__\.py)$"


def worker_command(path: str, text: str) -> Iterator[FileRoot]:
    """the settings module and the classes an `rq worker` command line names."""
    for command in _WORKER.findall(text):
        for module in _SETTINGS.findall(command):
            yield FileRoot(_module_file(module), r"[A-Z][A-Z0-9_]*", f"rq worker settings (-c {module} in {path})")
        for module, name in _DOTTED.findall(command):
            yield FileRoot(_module_file(module), re.escape(name), f"named on the rq worker command line in {path}")


FRAMEWORK = Framework(
    name="RQ",
    docs="https://python-rq.org/docs/workers/#using-a-config-file",
    enabled_by=("rq", "django-rq", "flask-rq2"),
    config_files=LAUNCH_FILES,
    launch_commands=(r"\brq\s+worker\b[^\n]*?(?:-c|--config)[=\s]+['\"]?([A-Za-z_][\w.]*)",),
    read_config=worker_command,
)
