"""The `reviewer` command. Thin: parse options, call the pipeline, print, exit.

Exit codes: 0 clean, 1 findings at or over the CI gate, 2 error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from . import __version__
from .config import Config, load_config
from .errors import UserError

EXIT_ERROR = 2


def _root(path: str) -> Path:
    root = Path(path).resolve()
    if not root.is_dir():
        raise UserError(f"not a directory: {path}")
    return root


def _config(root: Path, config_path: str | None) -> Config:
    return load_config(root, Path(config_path).resolve() if config_path else None)


config_option = click.option(
    "--config", "config_path", type=click.Path(dir_okay=False), default=None,
    help="Configuration file (default: <PATH>/.reviewer.yml).",
)
path_argument = click.argument("path", default=".", type=click.Path(file_okay=False))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="reviewer")
def cli() -> None:
    """Audit a repository: scan, estimate, index, review, report.

    Works offline with the built-in static reviewer; uses Claude when
    ANTHROPIC_API_KEY is set (or llm.provider: anthropic).
    """


@cli.command()
@path_argument
@config_option
@click.option("--json", "as_json", is_flag=True, help="Print the full facts as JSON.")
def scan(path: str, config_path: str | None, as_json: bool) -> None:
    """Parse PATH with tree-sitter and print what it holds."""
    from .scan import scan_repository

    root = _root(path)
    result = scan_repository(root, _config(root, config_path))
    if as_json:
        click.echo(result.model_dump_json(indent=2, exclude={"files": {"__all__": {"symbols": {"__all__": {"shingles"}}}}}))
        return
    from .scan.summary import render_scan_summary

    click.echo(render_scan_summary(result))


def main() -> None:
    """Console entry point: user errors end in one line and exit code 2."""
    try:
        cli.main(standalone_mode=False)
    except UserError as exc:
        click.echo(f"reviewer: error: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    except click.exceptions.Abort:
        click.echo("reviewer: interrupted", err=True)
        sys.exit(EXIT_ERROR)
    except click.ClickException as exc:
        exc.show()
        sys.exit(EXIT_ERROR)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        click.echo("reviewer: interrupted; finished work is saved", err=True)
        sys.exit(EXIT_ERROR)


if __name__ == "__main__":
    main()
