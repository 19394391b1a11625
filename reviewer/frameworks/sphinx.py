"""Sphinx: `conf.py` is executed and its settings read by name; the build imports each module
`extensions` names and calls its `setup(app)`. (The API reference its autodoc directives document is
read from the documentation pages: see the documented-API rule.)"""

from __future__ import annotations

import re
from typing import Iterator

from . import FileRoot, Framework

# `extensions = [...]`, `extensions += [...]`, `extensions.append("x")` / `.extend([...])`
_EXTENSIONS = re.compile(r"^extensions\s*(?:\+?=|\.(?:append|extend)\()\s*(\[[^\]]*\]|[^\n]*)", re.M)
_QUOTED = re.compile(r"""["']([A-Za-z_][\w.]*)["']""")


def local_extensions(path: str, text: str) -> Iterator[FileRoot]:
    """the modules `extensions` names (the project's own among them): the build calls their setup(app)."""
    for value in _EXTENSIONS.findall(text):
        for module in _QUOTED.findall(value):
            if module.split(".", 1)[0] in ("sphinx", "sphinxcontrib"):
                continue  # a built-in or a package's extension, not a file of this project
            module_path = re.escape(module.replace(".", "/"))
            yield FileRoot(rf"(?:^|/){module_path}(?:\.py|/__init__\.py)$", r"setup",
                           f"Sphinx extension named in {path} (setup(app) is called by the build)")


FRAMEWORK = Framework(
    name="Sphinx",
    docs="https://www.sphinx-doc.org/en/master/usage/configuration.html#confval-extensions",
    enabled_by=("sphinx", "file:docs/**/conf.py", "file:doc/**/conf.py"),
    config_files=("conf.py",),
    files=(FileRoot(r"(?:^|/)conf\.py$", why="Sphinx configuration (settings read from conf.py by name)"),),
    read_config=local_extensions,
)
