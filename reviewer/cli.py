"""The `reviewer` command. Thin: parse options, call the pipeline, print, exit.

Exit codes: 0 clean, 1 findings at or over the CI gate, 2 error.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

import click

from . import __version__
from .config import Config, config_source, load_config
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

    Works offline with the built-in static reviewer; uses Claude with --llm claude
    (or llm.provider: claude) and ANTHROPIC_API_KEY, or on a terminal when the key is set.
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


@cli.command("mcp")
@path_argument
@config_option
def mcp_command(path: str, config_path: str | None) -> None:
    """Serve PATH's function-card index to coding agents: an MCP server on stdin/stdout."""
    from .mcp.server import serve

    root = _root(path)
    serve(root, _config(root, config_path))


OUTPUT_FORMATS = ("full", "concise", "json", "github", "gitlab", "sarif")


def _axes_option(value: str | None) -> list[str] | None:
    """`--axes utility,duplication`: the axes to report (like ruff's --select)."""
    from .schema.axes import AXES

    if value is None:
        return None
    axes = [a.strip().lower() for a in value.split(",") if a.strip()]
    for axis in axes:
        if axis not in AXES:
            import difflib

            close = difflib.get_close_matches(axis, AXES, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else f" (axes: {', '.join(AXES)})"
            raise UserError(f"unknown axis '{axis}' in --axes{hint}")
    return axes


def _apply_run_options(config: Config, axes: list[str] | None, exclude: tuple[str, ...], sarif_category: str | None) -> None:
    """Command-line options override the configuration, like ruff's."""
    from .report.selection import HYGIENE_AXES

    if axes is not None:
        config.axes = axes
        if set(axes) & set(HYGIENE_AXES):
            config.report.hygiene = "full"  # asked for by name: listed, not summarised
    config.scan.exclude = [*config.scan.exclude, *exclude]
    if sarif_category:
        config.report.sarif_category = sarif_category


def _baseline_from_ref(root: Path, config: Config, ref: str):
    """Review the tree at git REF in a temporary worktree (same configuration and
    reviewer) and return its findings as a baseline: "new" then means new since REF."""
    import subprocess
    import tempfile

    from .pipeline import RunOptions, run as run_pipeline
    from .report.baseline import build_baseline
    from .report.repo import repo_prefix
    from .report.selection import select

    def git(*args: str) -> str:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True)
        if done.returncode != 0:
            message = (done.stderr.strip().splitlines() or ["git failed"])[-1]
            raise UserError(f"--baseline-from-ref {ref}: {message}")
        return done.stdout.strip()

    git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}")
    with tempfile.TemporaryDirectory(prefix="reviewer-baseline-") as tmp:
        tree = Path(tmp) / "tree"
        git("worktree", "add", "--detach", str(tree), ref)
        try:
            # The output folder lands inside the temporary worktree, never in the user's tree.
            outcome = run_pipeline(tree / repo_prefix(root), config, RunOptions(), UI(plain=True, quiet=True))
            return build_baseline(select(list(outcome.reviews.values()), config))
        finally:
            git("worktree", "remove", "--force", str(tree))


@cli.command()
@path_argument
@config_option
@click.option("--enable-rag", is_flag=True, help="Semantic duplication through the local RAG index (same as rag.enabled: true).")
@click.option("--rebuild-rag", is_flag=True, help="Drop the RAG index and build it again.")
@click.option("--no-cache", is_flag=True, help="Review every file again, ignoring the review cache.")
@click.option("--changed-since", metavar="REF", default=None, help="Review only the files changed since git REF (compared against the whole index).")
@click.option("--axes", "axes_value", metavar="LIST", default=None, help="Report only these axes, comma-separated (default: axes). Naming tests or documentation lists them in full.")
@click.option("--exclude", multiple=True, metavar="GLOB", help="Leave out files matching GLOB (repeatable; added to scan.exclude).")
@click.option("--fail-on", metavar="LEVEL", default=None, help="Exit 1 when hit: needs-refactor, critical, or an axis (e.g. duplication). Default: ci.fail_on.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when the gate is hit (errors still exit 2).")
@click.option("--baseline", "baseline_path", type=click.Path(dir_okay=False), default=None, help="Gate only on findings not in this baseline (see `reviewer baseline`); they are marked new in the reports.")
@click.option("--baseline-from-ref", metavar="REF", default=None, help="Review git REF in a temporary worktree and use its findings as the baseline.")
@click.option("--update-baseline", is_flag=True, help="After the run, write the findings to the baseline file (--baseline, ci.baseline, or .reviewer/baseline.json).")
@click.option("--output-format", type=click.Choice(OUTPUT_FORMATS), default="full", show_default=True, help="What goes to stdout: the summary and top findings, one line per finding, report.json, GitHub annotations, GitLab code quality, or SARIF.")
@click.option("-o", "--output-file", type=click.Path(dir_okay=False), default=None, help="Write the --output-format output to FILE instead of stdout.")
@click.option("--sarif-category", metavar="NAME", default=None, help="SARIF automationDetails category (default: report.sarif_category, 'reviewer'); one per CI job.")
@click.option("--max-cost", type=click.FloatRange(0), default=None, help="USD: the Claude reviews stop at this cost (checked before every call).")
@click.option("--force-cost", is_flag=True, help="Start even when the estimate exceeds --max-cost (the run still stops at the cap).")
@click.option("--llm", "llm", type=click.Choice(["auto", "static", "claude"]), default=None,
              help="Reviewer: claude (paid, needs ANTHROPIC_API_KEY; how CI opts in), static, or auto (Claude only on a terminal with the key). Default: llm.provider.")
@click.option("-y", "--yes", is_flag=True, help="Start a Claude run estimated over llm.confirm_over without asking.")
@click.option("--min-confidence", type=click.IntRange(0, 100), default=None,
              help="DEAD and DUPLICATE verdicts under this confidence are not findings. Default: analysis.min_confidence (70).")
@click.option("--plain", is_flag=True, help="No progress bars (the default in CI and when stderr is not a terminal).")
@click.option("-q", "--quiet", is_flag=True, help="Print only the findings and errors.")
@click.option("-v", "--verbose", is_flag=True, help="List every finding after the summary, not only the top ones.")
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True, help="Colour in the terminal (auto honours NO_COLOR).")
def run(path: str, config_path: str | None, enable_rag: bool, rebuild_rag: bool, no_cache: bool,
        changed_since: str | None, axes_value: str | None, exclude: tuple[str, ...], fail_on: str | None,
        exit_zero: bool, baseline_path: str | None, baseline_from_ref: str | None, update_baseline: bool,
        output_format: str, output_file: str | None, sarif_category: str | None, max_cost: float | None, force_cost: bool,
        llm: str | None, yes: bool, plain: bool, quiet: bool, verbose: bool, color: str, min_confidence: int | None) -> None:
    """Audit PATH: scan, estimate, index, review, report. Exit 0 clean, 1 gate hit, 2 error."""
    from .pipeline import RunOptions, run as run_pipeline
    from .report.baseline import BASELINE_FILENAME, build_baseline, load_baseline, write_baseline
    from .report.gate import ci_exit_code, evaluate_gate, parse_fail_on
    from .report.selection import select
    from .ui import use_color

    root = _root(path)
    config = _config(root, config_path)
    if min_confidence is not None:
        config.analysis.min_confidence = min_confidence
    if llm is not None:
        config.llm.provider = llm
    note = config_source(root, Path(config_path).resolve() if config_path else None)[1]
    if note and not quiet:
        click.echo(f"reviewer: note: {note}", err=True)
    _apply_run_options(config, _axes_option(axes_value), exclude, sarif_category)
    fail_on = fail_on or config.ci.fail_on
    parse_fail_on(fail_on)  # a typo in the gate is an error before any work, not after
    if baseline_path and baseline_from_ref:
        raise UserError("--baseline and --baseline-from-ref both name a baseline: keep one")
    # --baseline is relative to where you are; ci.baseline to the repository.
    baseline_file = Path(baseline_path).resolve() if baseline_path else (root / config.ci.baseline if config.ci.baseline else None)
    if baseline_from_ref:
        baseline = _baseline_from_ref(root, config, baseline_from_ref)
    elif baseline_file is not None and not (update_baseline and not baseline_file.exists()):
        baseline = load_baseline(baseline_file)
    else:
        baseline = None
    if baseline_path:
        config.ci.baseline = str(baseline_file)  # the reports mark what it does not hold as new
    options = RunOptions(
        enable_rag=enable_rag, rebuild_rag=rebuild_rag, no_cache=no_cache, changed_since=changed_since,
        max_cost=max_cost, force_cost=force_cost, yes=yes, plain=plain,
    )
    ui = UI.for_terminal(plain, quiet=quiet, color=color)
    if baseline_from_ref:
        from .workspace import Workspace

        # On disk for the reports, which read ci.baseline to mark the new findings.
        workspace = Workspace(root, config.output)
        workspace.claim()  # the first write into the output folder: never through a link
        kept = write_baseline(baseline, workspace.cache / "baseline-from-ref.json")
        config.ci.baseline = str(kept)
        ui.echo(f"baseline: {len(baseline.findings)} findings at {baseline_from_ref}")
    outcome = run_pipeline(root, config, options, ui)
    scope = select(list(outcome.reviews.values()), config)
    gate = evaluate_gate(scope, fail_on, baseline)
    _print_results(root, config, outcome, gate, scope, baseline, output_format, output_file,
                   quiet=quiet, verbose=verbose, color=use_color(color))
    if update_baseline:
        target = baseline_file or root / config.output / BASELINE_FILENAME
        recorded = write_baseline(build_baseline(scope), target)
        ui.echo(f"baseline: {recorded} updated")
    # 2 when the review did not run on every file (never report clean then), else 1 on the gate.
    code = ci_exit_code(gate, outcome.record)
    if code == 1 and exit_zero:
        code = 0
    if code:
        sys.exit(code)


def _print_results(root: Path, config: Config, outcome, gate, scope, baseline, output_format: str,
                   output_file: str | None, quiet: bool, verbose: bool, color: bool) -> None:
    """stdout (or -o FILE) in the chosen format; the findings are those of this run's scope."""
    from .report import formats
    from .report.repo import repo_prefix
    from .report.sarif import build_sarif, sarif_text
    from .report.terminal import render_findings, render_run_summary

    report = _scope_report(root, config, outcome, scope, baseline)
    ranked = report.ranked()
    prefix = repo_prefix(root)
    if output_format == "full":
        parts = [] if quiet else [render_run_summary(outcome, gate)]
        parts.append(render_findings(ranked, None if verbose or quiet else 10, color=color and not output_file))
        text = "\n\n".join(p for p in parts if p) + "\n"
    elif output_format == "concise":
        text = formats.concise(ranked)
    elif output_format == "github":
        text = formats.github(ranked, prefix)
    elif output_format == "gitlab":
        text = formats.gitlab(ranked, prefix)
    elif output_format == "json":
        text = report.model_dump_json(indent=2) + "\n"
    else:
        text = sarif_text(build_sarif(scope, outcome.record, config.report.max_sarif_results,
                                      config.report.sarif_category, prefix, baseline))
    if output_file:
        from .workspace import atomic_write_text

        atomic_write_text(Path(output_file).resolve(), text)
        if output_format != "full" and not quiet:
            _print(render_run_summary(outcome, gate))
    else:
        _print(text, nl=False, color=color or None)  # None: click strips styles off a non-terminal


def _scope_report(root: Path, config: Config, outcome, scope, baseline):
    """The report of this run's scope. The pipeline built one over the same reviews when the
    scope is every stored review and the baseline is the one it used: that one, with this
    run's final record and without what only report.json carries (warnings, changes since)."""
    from .report.report_json import build_report, run_summary
    from .workspace import Workspace

    rendered = outcome.rendered
    if rendered is not None and rendered.baseline == baseline \
            and sorted(entry.file for entry in rendered.report.files) == sorted(review.file for review in scope):
        return rendered.report.model_copy(update={"run": run_summary(outcome.record), "warnings": [], "changes": None})
    return build_report(scope, outcome.record, Workspace(root, config.output), baseline=baseline)


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
def rules(path: str, config_path: str | None) -> None:
    """Which frameworks reviewer switched on for PATH, and why (the dependency, import or file).

    Example: reviewer rules .   (then `reviewer rule dead/no-root` to explain one rule)"""
    from .pipeline import frameworks_of
    from .report.rules import frameworks_text

    root = _root(path)
    config = _config(root, config_path)
    click.echo(frameworks_text(frameworks_of(root, config), [f.name for f in config.frameworks]))


@cli.command()
@click.argument("rule_id", metavar="ID")
def rule(rule_id: str) -> None:
    """Explain one rule: its principle and the evidence its findings carry.

    Example: reviewer rule dead/unused-import"""
    from .report.rules import explain_rule
    from .schema.rules import BY_ID

    text = explain_rule(rule_id)
    if text is None:
        raise UserError(f"unknown rule '{rule_id}'; rules: {', '.join(BY_ID)}")
    click.echo(text, nl=False)


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
    if not output_path:
        workspace.confine(BASELINE_FILENAME)  # never written through a link
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


def _print(text: str, nl: bool = True, color: bool | None = None) -> None:
    """Print to stdout; a reader that went away (`reviewer run | head`) does not change
    the exit code, which stays the run's own (0, 1 or 2)."""
    try:
        click.echo(text, nl=nl, color=color)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


EXIT_SIGNAL = {signal.SIGINT: 130, signal.SIGTERM: 143}
_stopping: list[int] = []  # the signal that stopped the run


def _on_signal(signum: int, frame) -> None:
    """SIGTERM is handled like Ctrl-C: the run stops, writes run.json, exits 130/143.
    A second signal while that happens ends the process at once, in one line."""
    if _stopping:
        try:
            os.write(2, b"reviewer: interrupted again; stopped (finished reviews are saved)\n")
        finally:
            os._exit(EXIT_SIGNAL.get(_stopping[0], 130))
    _stopping.append(signum)
    raise KeyboardInterrupt


def _install_signal_handlers() -> None:
    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            signal.signal(signum, _on_signal)
        except (ValueError, OSError):  # not the main thread
            pass


def _interrupted() -> None:
    code = EXIT_SIGNAL.get(_stopping[0] if _stopping else signal.SIGINT, 130)
    name = "terminated" if code == 143 else "interrupted"
    try:
        click.echo(f"reviewer: {name}; finished reviews are saved and run.json says where the run stopped", err=True)
    except OSError:
        pass
    sys.exit(code)


def console() -> None:
    """The `reviewer` command (console script and `python -m reviewer`): main(), then the process
    ends without the interpreter's teardown (gcpause.exit_now), which would free a large run's
    state object by object."""
    from .gcpause import ending_process, exit_now

    ending_process()
    try:
        main()
    except SystemExit as done:
        exit_now(done.code)
    exit_now(0)


def main() -> None:
    """Console entry point: user errors end in one line and exit code 2."""
    _install_signal_handlers()
    try:
        # Without standalone mode click returns the code of ctx.exit(n) instead of exiting.
        exit_code = cli.main(standalone_mode=False)
        if isinstance(exit_code, int) and exit_code:
            sys.exit(exit_code)
    except UserError as exc:
        click.echo(f"reviewer: error: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    except click.exceptions.Abort:
        _interrupted()
    except click.ClickException as exc:
        exc.show()
        sys.exit(EXIT_ERROR)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        _interrupted()
    except BrokenPipeError:
        _silence_stdout()
        sys.exit(EXIT_ERROR)
    except RecursionError as exc:
        if os.environ.get("REVIEWER_DEBUG"):
            raise
        click.echo(f"reviewer: internal error: {exc} (an input nested too deeply; "
                   "set REVIEWER_DEBUG=1 for the traceback)", err=True)
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
    console()
