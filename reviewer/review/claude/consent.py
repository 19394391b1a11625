"""Consent to a paid run: which reviewer a run uses, and the question before a dear one.

A key in the environment is not consent. With `llm.provider: auto` the Claude reviewer runs
only when a person is at a terminal; in CI (no terminal, or a CI variable set) the run is the
static one plus a line saying how to opt in (`--llm claude` or `llm.provider: claude`). On a
terminal, a run whose estimate is over `llm.confirm_over` asks before its first call, unless
`--yes`. `llm.max_cost` caps every run, terminal or not (pipeline and budget.py).
"""

from __future__ import annotations

import os
import sys

import click

from ...config import Config, api_key
from ...errors import UserError

CI_VARIABLES = ("CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "JENKINS_URL", "TF_BUILD")


def interactive() -> bool:
    """A person can answer: stdin and stderr are terminals, and no CI service says it runs us."""
    try:
        terminal = sys.stdin.isatty() and sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced or closed streams
        return False
    return terminal and not any(os.environ.get(name) for name in CI_VARIABLES)


def choose_reviewer(config: Config) -> str:
    """"claude" or "static" for this run (see the module docstring)."""
    provider = config.llm.provider
    if provider == "static":
        return "static"
    if provider == "claude":
        if not api_key():
            raise UserError("llm.provider is 'claude' (or --llm claude) but ANTHROPIC_API_KEY is not set: export it, "
                            "or use the static reviewer (--llm static)")
        return "claude"
    return "claude" if api_key() and interactive() else "static"


def opt_in_note(config: Config) -> str | None:
    """The line a run prints when a key is set but the run stays static (auto, no terminal)."""
    if config.llm.provider == "auto" and api_key() and not interactive():
        return ("ANTHROPIC_API_KEY is set, but outside a terminal a key alone does not start a paid run: "
                "static review. Pass --llm claude (or set llm.provider: claude) to review with Claude")
    return None


def confirm_cost(estimate_usd: float, config: Config, yes: bool) -> None:
    """On a terminal, ask before a run estimated over llm.confirm_over; a no stops the run (UserError)."""
    threshold = config.llm.confirm_over
    if yes or threshold is None or estimate_usd <= threshold or not interactive():
        return
    question = (f"The Claude review is estimated at ${estimate_usd:.2f}, over llm.confirm_over (${threshold:.2f}). "
                "Start it?")
    if not click.confirm(question, default=False, err=True):
        raise UserError(f"the Claude review was not started (estimate ${estimate_usd:.2f}); pass --yes to start "
                        "without asking, raise llm.confirm_over, or review fewer files (--changed-since)")
