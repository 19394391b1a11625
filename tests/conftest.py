"""Make the package data (prompts/, templates/) come from the same tree as the `reviewer`
package under test: an editable install maps `reviewer.prompts` to the checkout it was
installed from, so a worktree run with PYTHONPATH would otherwise render another tree's
templates."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import reviewer

TREE = Path(reviewer.__file__).resolve().parent.parent
for _name, _folder in (("reviewer.prompts", "prompts"), ("reviewer.templates", "templates")):
    _init = TREE / _folder / "__init__.py"
    if _init.exists() and _name not in sys.modules:
        _spec = importlib.util.spec_from_file_location(_name, _init, submodule_search_locations=[str(_init.parent)])
        _module = importlib.util.module_from_spec(_spec)
        sys.modules[_name] = _module
        _spec.loader.exec_module(_module)
