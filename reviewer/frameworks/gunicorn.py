"""gunicorn: `gunicorn -c gunicorn.conf.py` (its default name, or the file a launch command names with
`-c`/`--config`, `python:pkg.module` included) executes the file and reads every setting and server hook
(`post_fork`, `when_ready`...) by name."""

from __future__ import annotations

import re
from typing import Iterator

from . import LAUNCH_FILES, FileRoot, Framework

_CONFIG_OPTION = re.compile(r"""\bgunicorn\b[^\n]*?\s(?:-c|--config)(?:\s+|=)["']?(python:)?([\w./-]+)""")


def configuration_named(path: str, text: str) -> Iterator[FileRoot]:
    """the configuration file a launch command passes to gunicorn: every name of it is a setting read."""
    for module, written in _CONFIG_OPTION.findall(text):
        target = written.replace(".", "/") + ".py" if module else written.removeprefix("./")
        if target.endswith(".py"):
            yield FileRoot(r"(?:^|/)" + re.escape(target) + "$", why=f"gunicorn configuration (`-c {written}` in {path})")


FRAMEWORK = Framework(
    name="gunicorn",
    docs="https://docs.gunicorn.org/en/stable/settings.html#config-file",
    enabled_by=("gunicorn", "file:gunicorn*.py"),
    config_files=LAUNCH_FILES,
    read_config=configuration_named,
    files=(FileRoot(r"(?:^|/)gunicorn(?:[._-]?conf(?:ig)?)?(?:\.conf)?\.py$", why="gunicorn configuration"),),
)
