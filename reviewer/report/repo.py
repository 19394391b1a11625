"""Where the reviewed folder sits in its git repository.

SARIF locations must be relative to the repository root (that is what code
scanning resolves against the checkout), while the reviews are relative to the
folder the run started in. Outside git, the folder is the root.
"""

from __future__ import annotations

import subprocess
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=16)
def repo_prefix(root: Path) -> str:
    """'' when `root` is the repository root (or not in git), else 'sub/folder/'."""
    try:
        done = subprocess.run(["git", "-C", str(root), "rev-parse", "--show-prefix"],
                              capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""
