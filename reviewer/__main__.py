"""`python -m reviewer`: the same command as the `reviewer` console script.

`-m` puts the current folder first on Python's import path: run inside a repository,
its `json.py` would be imported in place of the standard module. That folder is dropped
before anything else is imported, unless reviewer itself is loaded from it (a source
checkout). A repository's own `reviewer/` package is imported by `-m` before this file
runs; there, use the console script or `python -P -m reviewer` (README)."""

import os
import sys


def _drop_current_folder() -> None:
    if sys.flags.safe_path or not sys.path:
        return  # -P: Python did not add it
    first = os.path.abspath(sys.path[0] or os.curdir)
    checkout = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if first == os.path.abspath(os.getcwd()) and first != checkout:
        del sys.path[0]


_drop_current_folder()

from reviewer.cli import console  # noqa: E402 (after the import path is fixed)

if __name__ == "__main__":
    console()
