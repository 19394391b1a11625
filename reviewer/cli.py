"""The `reviewer` command. Thin: parse options, call the pipeline, print, exit.

Exit codes: 0 clean, 1 findings at or over the CI gate, 2 error.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from . import __version__
from .config import Config, load_config
from .errors import EXIT_ERROR, UserError
from .ui import UI



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


class _Group(click.Group):
    """Turns a UserError from any command into one line on stderr and exit code 2,
    whether the command runs from the console script or from click's CliRunner."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except UserError as exc:
            click.echo(f"reviewer: error: {exc}", err=True)
            ctx.exit(EXIT_ERROR)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
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


@cli.command()
@path_argument
@config_option
@click.option("--json", "as_json", is_flag=True, help="Print the estimate as JSON.")
@click.option("--enable-rag", is_flag=True, help="Estimate the RAG variant of the prompt (same as rag.enabled: true).")
def estimate(path: str, config_path: str | None, as_json: bool, enable_rag: bool) -> None:
    """Tokens and dollars a Claude review of PATH would cost, before any call (no key needed)."""
    from .pipeline import UI, RunOptions, prepare
    from .review.claude.card_cache import CardCache
    from .review.claude.estimate import estimate_reviews, render_estimate
    from .workspace import Workspace

    root = _root(path)
    config = _config(root, config_path)
    prepared = prepare(root, config, RunOptions(enable_rag=enable_rag), UI(plain=True))
    carded = CardCache(Workspace(root, config.output)).hashes() if prepared.rag_enabled else set()
    result = estimate_reviews([prepared.contexts[p] for p in sorted(prepared.contexts)], config, carded_hashes=carded)
    click.echo(result.model_dump_json(indent=2) if as_json else render_estimate(result))


@cli.command()
@path_argument
@config_option
@click.option("--rebuild-rag", "rebuild", is_flag=True, help="Drop the RAG index and build it again.")
def index(path: str, config_path: str | None, rebuild: bool) -> None:
    """Build or update the RAG index of function cards for PATH."""
    from .pipeline import index_only

    root = _root(path)
    config = _config(root, config_path)
    click.echo(index_only(root, config, rebuild, UI.for_terminal()).summary_line())


@cli.command()
@click.argument("target")
@path_argument
@config_option
@click.option("--json", "as_json", is_flag=True, help="Print the hits as JSON.")
@click.option("--max-results", type=click.IntRange(1, 100), default=None, help="Default: rag.max_results.")
@click.option("--min-score", type=click.FloatRange(0, 1), default=None, help="Default: rag.min_score.")
def similar(target: str, path: str, config_path: str | None, as_json: bool, max_results: int | None, min_score: float | None) -> None:
    """Print the functions similar to TARGET (path/to/file.py:func, Class.method, or a card id)."""
    from .rag.lookup import find_card
    from .rag.similarity import SimilarityIndex

    root = _root(path)
    config = _config(root, config_path)
    index = SimilarityIndex.open(root, config)
    if not len(index):
        raise UserError(f"no RAG index in {root / config.output / 'rag'}: run `reviewer index {path}` first")
    card = find_card(index.store, target)
    hits = index.find_similar(card.id, max_results or config.rag.max_results,
                              config.rag.min_score if min_score is None else min_score)
    if as_json:
        click.echo(json.dumps({"target": card.model_dump(), "similar": [h.model_dump() for h in hits]}, indent=2))
        return
    click.echo(f"{card.file_path}:{card.line_start}-{card.line_end} {card.qualified_name}: {len(hits)} similar")
    for hit in hits:
        parts = ", ".join(p for p in (
            f"meaning {hit.meaning:.2f}" if hit.meaning is not None else "",
            f"structure {hit.structure:.2f}" if hit.structure is not None else "",
            hit.clone_kind or "",
        ) if p)
        click.echo(f"  {hit.score:.2f}  {hit.file_path}:{hit.line_start}-{hit.line_end} {hit.name} ({parts})  {hit.summary}")


@cli.command()
@path_argument
@config_option
@click.option("--enable-rag", is_flag=True, help="Semantic duplication through the local RAG index (same as rag.enabled: true).")
@click.option("--rebuild-rag", is_flag=True, help="Drop the RAG index and build it again.")
@click.option("--no-cache", is_flag=True, help="Review every file again, ignoring the review cache.")
@click.option("--changed-since", metavar="REF", default=None, help="Review only the files changed since git REF (compared against the whole index).")
@click.option("--fail-on", metavar="LEVEL", default=None, help="Exit 1 when hit: needs-refactor, critical, or an axis (e.g. duplication). Default: ci.fail_on.")
@click.option("--baseline", "baseline_path", type=click.Path(dir_okay=False), default=None, help="Gate only on findings not in this baseline (see `reviewer baseline`).")
@click.option("--max-cost", type=click.FloatRange(0), default=None, help="USD: the Claude reviews stop at this cost (checked before every call).")
@click.option("--force-cost", is_flag=True, help="Start even when the estimate exceeds --max-cost (the run still stops at the cap).")
@click.option("--plain", is_flag=True, help="No progress bars (the default when stderr is not a terminal).")
def run(path: str, config_path: str | None, enable_rag: bool, rebuild_rag: bool, no_cache: bool,
        changed_since: str | None, fail_on: str | None, baseline_path: str | None, max_cost: float | None,
        force_cost: bool, plain: bool) -> None:
    """Audit PATH: scan, estimate, index, review, report. Exit 0 clean, 1 gate hit, 2 error."""
    from .pipeline import RunOptions, run as run_pipeline
    from .report.baseline import load_baseline
    from .report.gate import ci_exit_code, evaluate_gate, parse_fail_on
    from .report.terminal import render_run_summary

    root = _root(path)
    config = _config(root, config_path)
    fail_on = fail_on or config.ci.fail_on
    parse_fail_on(fail_on)  # a typo in the gate is an error before any work, not after
    # --baseline is relative to where you are; ci.baseline to the repository.
    if baseline_path:
        baseline = load_baseline(Path(baseline_path).resolve())
    elif config.ci.baseline:
        baseline = load_baseline(root / config.ci.baseline)
    else:
        baseline = None
    options = RunOptions(
        enable_rag=enable_rag, rebuild_rag=rebuild_rag, no_cache=no_cache, changed_since=changed_since,
        max_cost=max_cost, force_cost=force_cost, plain=plain,
    )
    outcome = run_pipeline(root, config, options, UI.for_terminal(plain))
    gate = evaluate_gate(list(outcome.reviews.values()), fail_on, baseline)
    click.echo(render_run_summary(outcome, gate))
    # 2 when the review did not run on every file (never report clean then), else 1 on the gate.
    code = ci_exit_code(gate, outcome.record)
    if code:
        sys.exit(code)


@cli.command()
@path_argument
@config_option
def report(path: str, config_path: str | None) -> None:
    """Rebuild every .rev.md, report.md, report.json and report.sarif from the stored reviews (no review)."""
    from .report import render_all
    from .report.loading import review_paths
    from .workspace import Workspace

    root = _root(path)
    config = _config(root, config_path)
    workspace = Workspace(root, config.output)
    if not review_paths(workspace):
        raise UserError(f"no review found in {workspace.base}: run `reviewer run {path}` first")
    written = render_all(root, config)
    pages = sum(1 for p in written if p.name.endswith(".rev.md"))
    click.echo(f"report: {pages} .rev.md files, report.md, report.json and report.sarif in {workspace.base}")


@cli.command()
@path_argument
@config_option
@click.option("--show-rag", is_flag=True, help="Also show the RAG index: cards, files, model, size, store path.")
@click.option("--json", "as_json", is_flag=True, help="Print the status as JSON.")
def status(path: str, config_path: str | None, show_rag: bool, as_json: bool) -> None:
    """The last run and the files changed since, without reviewing. Exit 2 when nothing ran yet."""
    from .report.status import collect_status, render_status

    root = _root(path)
    current = collect_status(root, _config(root, config_path), show_rag=show_rag)
    click.echo(current.model_dump_json(indent=2) if as_json else render_status(current))


@cli.command()
@path_argument
@config_option
@click.option("--output", "-o", "output_path", type=click.Path(dir_okay=False), default=None,
              help="Where to write it (default: <PATH>/.reviewer/baseline.json; commit it).")
def baseline(path: str, config_path: str | None, output_path: str | None) -> None:
    """Record the current findings, so `reviewer run --baseline FILE` fails only on new ones."""
    from .report.baseline import BASELINE_FILENAME, build_baseline, write_baseline
    from .report.loading import last_run, load_reviews
    from .workspace import Workspace

    root = _root(path)
    config = _config(root, config_path)
    workspace = Workspace(root, config.output)
    loaded = load_reviews(workspace)
    if not loaded.reviews:
        raise UserError(f"no review found in {workspace.base}: run `reviewer run {path}` first")
    target = Path(output_path).resolve() if output_path else workspace.base / BASELINE_FILENAME
    recorded = build_baseline(loaded.reviews)
    write_baseline(recorded, target)
    for warning in loaded.warnings:
        click.echo(f"reviewer: warning: {warning}", err=True)
    run_record = last_run(workspace)
    if run_record is not None and not run_record.complete:
        click.echo(f"reviewer: warning: the last run ({run_record.run_id}) did not finish; "
                   "the baseline holds the reviews it left", err=True)
    click.echo(f"baseline: {len(recorded.findings)} findings from {len(loaded.reviews)} files written to {target}; "
               "commit it, then gate with `reviewer run --baseline <that file> --fail-on LEVEL`")


def main() -> None:
    """Console entry point: user errors end in one line and exit code 2."""
    try:
        # Without standalone mode click returns the code of ctx.exit(n) instead of exiting.
        exit_code = cli.main(standalone_mode=False)
        if isinstance(exit_code, int) and exit_code:
            sys.exit(exit_code)
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
    except Exception as exc:  # a bug of ours: one line, finished work is already on disk
        if os.environ.get("REVIEWER_DEBUG"):
            raise
        where = exc.__traceback__
        while where is not None and where.tb_next is not None:
            where = where.tb_next
        origin = f" at {Path(where.tb_frame.f_code.co_filename).name}:{where.tb_lineno}" if where else ""
        click.echo(f"reviewer: internal error{origin}: {type(exc).__name__}: {exc} "
                   "(finished reviews are saved; set REVIEWER_DEBUG=1 for the traceback)", err=True)
        sys.exit(EXIT_ERROR)


if __name__ == "__main__":
    main()
