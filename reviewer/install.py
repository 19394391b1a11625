"""How this project is installed, for every hint that names an install command.

The distribution is `reviewer-agent` (PyPI's `reviewer` is another project); the command
and the import package are `reviewer`. A hint must install *this* project into *this*
environment, so it is built from how the running copy was installed (pip's
`direct_url.json`): the folder or the git commit it came from, editable or not, and the
tool that owns the environment (pipx has its own command). Without metadata (a checkout
on PYTHONPATH), the checkout's folder is the source.
"""

from __future__ import annotations

import json
import shlex
import sys
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlparse

DISTRIBUTION = "reviewer-agent"
COMMAND = "reviewer"


def _direct_url() -> dict | None:
    """pip's record of where the installed distribution came from (None: an index, or not installed)."""
    checkout = Path(__file__).resolve().parent.parent
    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        dist = None
    text = dist.read_text("direct_url.json") if dist is not None else None
    if text:
        return json.loads(text)
    # Not installed, or only metadata left in a checkout (an .egg-info beside pyproject.toml): the checkout.
    if (checkout / "pyproject.toml").is_file() and (dist is None or Path(str(dist.locate_file(""))).resolve() == checkout):
        return {"url": checkout.as_uri()}
    return None


def requirement(extra: str | None = None) -> tuple[str, bool]:
    """(what to give pip, editable?) for this project with `extra`."""
    extras = f"[{extra}]" if extra else ""
    direct = _direct_url()
    if not direct:
        return f"{DISTRIBUTION}{extras}", False
    url = direct.get("url", "")
    if url.startswith("file://"):
        return f"{unquote(urlparse(url).path)}{extras}", bool(direct.get("dir_info", {}).get("editable"))
    vcs = direct.get("vcs_info")
    if vcs:
        return f"{DISTRIBUTION}{extras} @ {vcs.get('vcs', 'git')}+{url}@{vcs.get('commit_id', '')}".rstrip("@"), False
    return f"{DISTRIBUTION}{extras} @ {url}", False


def in_pipx() -> bool:
    """The environment is one pipx made (~/.local/pipx/venvs/<name>, or under PIPX_HOME)."""
    prefix = Path(sys.prefix)
    return prefix.parent.name == "venvs" and "pipx" in prefix.parent.parent.name


def install_hint(extra: str | None = None) -> str:
    """One command that installs this project (with `extra`) into the running environment."""
    spec, editable = requirement(extra)
    if in_pipx():
        return f"pipx inject {Path(sys.prefix).name} {'--editable ' if editable else ''}{shlex.quote(spec)}"
    return f"{shlex.quote(sys.executable)} -m pip install {'-e ' if editable else ''}{shlex.quote(spec)}"
