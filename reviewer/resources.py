"""Prompt and report templates shipped as package data (prompts/, templates/)."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import jinja2


@lru_cache(maxsize=None)
def environment(package: str) -> jinja2.Environment:
    """A Jinja2 environment over `reviewer.prompts` or `reviewer.templates`."""
    return jinja2.Environment(
        loader=jinja2.FunctionLoader(lambda name: _read(package, name)),
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )


def _read(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def render(package: str, name: str, **context: object) -> str:
    return environment(package).get_template(name).render(**context)


def prompt(name: str, **context: object) -> str:
    return render("reviewer.prompts", name, **context)


def template(name: str, **context: object) -> str:
    return render("reviewer.templates", name, **context)
