"""The `reviewer` command. Thin: parse options, call the pipeline, print, exit.

Exit codes (docs/ci.md and the README carry the same table): 0 clean, 1 the gate
(--fail-on) was hit, 2 an error or a run that did not review every file in scope,
130 interrupted (Ctrl-C), 143 terminated (SIGTERM). A reader of stdout or stderr that
goes away (`| head`) never changes the code.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

import click

from . import __version__
from .config import Config, check_index_uri, config_source, load_config
from .errors import EXIT_ERROR, UserError
from .ui import UI, err_line, silence



def _root(path: str) -> Path:
    root = Path(path).resolve()
    if not root.is_dir():
        raise UserError(f"not a directory: {path}")
    return root


ROOT_MARKERS = (".git", ".reviewer.yml", "pyproject.toml", "package.json", "setup.py")


def _context_root(folder: Path) -> Path:
    """The repository holding `folder`: the nearest folder at or above it with `.git`, else the
    nearest with a project file (.reviewer.yml, pyproject.toml, package.json, setup.py), else
    `folder` itself. Its configuration and output folder are used, and all its code is context."""
    for marker_set in (ROOT_MARKERS[:1], ROOT_MARKERS[1:]):
        for candidate in (folder, *folder.parents):
            if any((candidate / marker).exists() for marker in marker_set):
                return candidate
    return folder


def _targets(paths: tuple[str, ...]) -> tuple[Path, list[str] | None]:
    """The root to run in and the repository-relative paths to review (None: all of it).
    One folder is reviewed as its own root, as always; a file, or several paths, are reviewed
    in the context of the repository that holds them (like ruff, which checks each file
    with its project's settings)."""
    named = []
    for value in paths or (".",):
        path = Path(os.path.abspath(value))
        if not path.exists():
            raise UserError(f"no such file or directory: {value}")
        named.append(path)
    if len(named) == 1 and named[0].is_dir():
        return named[0].resolve(), None
    common = Path(os.path.commonpath([p if p.is_dir() else p.parent for p in named]))
    root = _context_root(common)
    relative = sorted({Path(os.path.relpath(p, root)).as_posix() for p in named})
    if "." in relative:
        return root.resolve(), None
    return root.resolve(), relative


def _config(root: Path, config_path: str | None) -> Config:
    return load_config(root, Path(config_path).resolve() if config_path else None)


config_option = click.option(
    "--config", "config_path", type=click.Path(dir_okay=False), default=None,
    help="Configuration file, .reviewer.yml or a pyproject.toml with [tool.reviewer] (default: <PATH>/.reviewer.yml, "
         "else <PATH>/pyproject.toml). Example: --config ci/reviewer.yml",
)
path_argument = click.argument("path", default=".", type=click.Path(file_okay=False))
# The options `run` and `merge` share: how the gate's exit code and the terminal output are given.
exit_zero_option = click.option("--exit-zero", is_flag=True,
                                help="Exit 0 even when the gate is hit (errors still exit 2). Example: --exit-zero")
quiet_option = click.option("-q", "--quiet", is_flag=True, help="Print only the findings and errors. Example: -q")
color_option = click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
                            help="Colour in the terminal (auto honours NO_COLOR). Example: --color never")


class _Group(click.Group):
    """Turns a UserError from any command into one line on stderr and exit code 2,
    whether the command runs from the console script or from click's CliRunner."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except UserError as exc:
            click.echo(f"reviewer: error: {exc}", err=True)
            ctx.exit(EXIT_ERROR)


def examples(*lines: str) -> str:
    """A command's epilog: its examples, kept as written by click's formatter (\\b)."""
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]},
             epilog=examples("reviewer run                       # review the repository you are in",
                             "reviewer run src tests --select utility",
                             "reviewer run -h                    # every option, each with an example"))
@click.version_option(__version__, prog_name="reviewer")
def cli() -> None:
    """Audit a repository: scan, estimate, index, review, report.

    Works offline with the built-in static reviewer; uses Claude with --llm claude
    (or llm.provider: claude) and ANTHROPIC_API_KEY, or on a terminal when the key is set.
    """


@cli.command(epilog=examples("reviewer scan", "reviewer scan path/to/repo --json > facts.json"))
@path_argument
@config_option
@click.option("--json", "as_json", is_flag=True, help="Print the full facts as JSON. Example: --json")
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


@cli.command(epilog=examples("reviewer estimate", "reviewer estimate path/to/repo --enable-rag --json"))
@path_argument
@config_option
@click.option("--json", "as_json", is_flag=True, help="Print the estimate as JSON. Example: --json")
@click.option("--enable-rag", is_flag=True, help="Estimate the RAG variant of the prompt (same as rag.enabled: true). "
              "Example: --enable-rag")
def estimate(path: str, config_path: str | None, as_json: bool, enable_rag: bool) -> None:
    """Tokens and dollars a Claude review of PATH would cost, before any call (no key needed).

    Files whose Claude review is still in the review cache cost nothing; the RAG index is
    read as it is, not built."""
    from .pipeline import UI, RunOptions, estimate_only
    from .review.claude.estimate import render_estimate

    root = _root(path)
    config = _config(root, config_path)
    result = estimate_only(root, config, RunOptions(enable_rag=enable_rag), UI(plain=True))
    click.echo(result.model_dump_json(indent=2) if as_json else render_estimate(result))


RAG_INDEX_URI_HELP = ("One RAG index on object storage for every job of a CI matrix (same as rag.index_uri; "
                      "credentials from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, endpoint from AWS_ENDPOINT_URL). "
                      "Example: --rag-index-uri s3://ci-bucket/reviewer/main")


def _apply_index_uri(config: Config, uri: str | None) -> None:
    if uri is not None:
        try:
            config.rag.index_uri = check_index_uri(uri)
        except ValueError as exc:
            raise UserError(f"--rag-index-uri: {exc}") from None


@cli.command(epilog=examples("reviewer index", "reviewer index path/to/repo --rebuild-rag"))
@path_argument
@config_option
@click.option("--rebuild-rag", "rebuild", is_flag=True, help="Drop the RAG index and build it again. "
              "Example: --rebuild-rag")
@click.option("--rag-index-uri", metavar="URI", default=None, help=RAG_INDEX_URI_HELP)
def index(path: str, config_path: str | None, rebuild: bool, rag_index_uri: str | None) -> None:
    """Build or update the RAG index of function cards for PATH."""
    from .pipeline import index_only

    root = _root(path)
    config = _config(root, config_path)
    _apply_index_uri(config, rag_index_uri)
    click.echo(index_only(root, config, rebuild, UI.for_terminal()).summary_line())


@cli.command(epilog=examples("reviewer similar src/rng.py:weighted_pick",
                             "reviewer similar Cart.total path/to/repo --min-score 0.8 --json"))
@click.argument("target")
@path_argument
@config_option
@click.option("--json", "as_json", is_flag=True, help="Print the hits as JSON. Example: --json")
@click.option("--max-results", type=click.IntRange(1, 100), default=None,
              help="How many neighbours (default: rag.max_results). Example: --max-results 20")
@click.option("--min-score", type=click.FloatRange(0, 1), default=None,
              help="Lowest combined score shown (default: rag.min_score). Example: --min-score 0.8")
def similar(target: str, path: str, config_path: str | None, as_json: bool, max_results: int | None, min_score: float | None) -> None:
    """Print the functions similar to TARGET (path/to/file.py:func, Class.method, or a card id)."""
    from .rag.lookup import find_card
    from .rag.similarity import SimilarityIndex

    root = _root(path)
    config = _config(root, config_path)
    index = SimilarityIndex.open(root, config)
    if not len(index):
        raise UserError(f"no RAG index in {index.store.location if index.store else root / config.output / 'rag'}: "
                        f"run `reviewer index {path}` first")
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


@cli.command("mcp", epilog=examples("claude mcp add reviewer -- reviewer mcp   # Claude Code, in the repository",
                                     "reviewer mcp path/to/repo"))
@path_argument
@config_option
def mcp_command(path: str, config_path: str | None) -> None:
    """Serve PATH's function-card index to coding agents: an MCP server on stdin/stdout."""
    from .mcp.server import serve

    root = _root(path)
    serve(root, _config(root, config_path))


OUTPUT_FORMATS = ("full", "concise", "json", "github", "gitlab", "sarif")


def _selectors(values: tuple[str, ...], option: str) -> list[str] | None:
    """`--select utility,duplication` (repeatable): the axes named, or None when the option is absent.
    Each name goes through `_selector`, the one place that says what a name can stand for."""
    if not values:
        return None
    return [_selector(name.strip().lower(), option) for value in values for name in value.split(",") if name.strip()]


def _selector(name: str, option: str) -> str:
    """An axis name (`duplication`) or a rule id (`dead/unused-import`, `duplicate/test-*`), checked;
    unknown names end the run with a suggestion."""
    import fnmatch

    from .schema.axes import AXES
    from .schema.rules import BY_ID

    if name in AXES or name in BY_ID or "*" in name and any(fnmatch.fnmatchcase(r, name) for r in BY_ID):
        return name
    import difflib

    close = difflib.get_close_matches(name, [*AXES, *BY_ID], n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else f" (axes: {', '.join(AXES)}; rules: `reviewer rule ID`)"
    raise UserError(f"unknown axis or rule '{name}' in {option}{hint}")


def _apply_selection(config: Config, select: list[str] | None, extend: list[str] | None,
                     ignore: list[str] | None) -> None:
    """Like ruff: --select replaces the configured axes, --extend-select adds to them, --ignore
    drops from them. A hygiene axis (tests, documentation) named in --select or --extend-select
    is listed one by one in every output; otherwise it is counted only (report.hygiene)."""
    import fnmatch

    from .report.selection import HYGIENE_AXES
    from .schema.axes import AXES
    from .schema.rules import BY_ID

    # Rule ids narrow within their axis: --select a rule lists that rule (its axis selected), --ignore one drops it.
    def rules_in(names: list[str] | None) -> list[str]:
        return [name for name in names or [] if name not in AXES]

    config.report.select_rules += rules_in(select) + rules_in(extend)
    config.report.ignore_rules += rules_in(ignore)
    def axes_of(names: list[str]) -> list[str]:  # a rule (or a pattern of rules) stands for its axis
        return [rule.axis for name in names for rule in BY_ID.values() if fnmatch.fnmatchcase(rule.id, name)]

    if select is not None:
        select = [n for n in select if n in AXES] + axes_of(rules_in(select))
    extend = [n for n in extend or [] if n in AXES] + axes_of(rules_in(extend))
    ignore = [n for n in ignore or [] if n in AXES]
    axes = list(select) if select is not None else list(config.axes)
    axes += [axis for axis in extend or [] if axis not in axes]
    axes = [axis for axis in axes if axis not in (ignore or [])]
    if not axes:
        raise UserError("--select/--ignore leave no axis to report: keep at least one "
                        f"({', '.join(AXES)})")
    config.axes = sorted(set(axes), key=AXES.index)
    named = [axis for axis in [*(select or []), *(extend or [])] if axis in HYGIENE_AXES and axis in config.axes]
    if named and config.report.hygiene != "full":
        listed = config.report.hygiene if isinstance(config.report.hygiene, list) else []
        config.report.hygiene = sorted({*listed, *named}, key=AXES.index)


def rule_statistics(reviews: list) -> str:
    """`--statistics`: findings per rule id, most first (suppressed ones left out), and the candidates
    under the finding floor per rule after them."""
    from collections import Counter

    from .schema.rules import BY_ID

    def table(counts: Counter, suffix: str = "") -> list[str]:
        return [f"{n:6d}  {rule:32s} {BY_ID[rule].principle.split(': ')[0].split('. ')[0][:70] if rule in BY_ID else ''}"
                + suffix for rule, n in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]

    rows = table(Counter(f.rule for review in reviews for f in review.findings if not f.suppressed))
    rows += table(Counter(f.rule for review in reviews for f in review.candidates if not f.suppressed),
                  " (candidates)")
    return "\n".join(rows) if rows else "no findings"


def _apply_run_options(config: Config, exclude: tuple[str, ...], sarif_category: str | None) -> None:
    """Command-line options override the configuration, like ruff's."""
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


SELECT_HELP = ("comma-separated, repeatable; axes: correction, utility, duplication, overengineering, tests, "
               "documentation")


@cli.command(epilog="""\b
Examples:
  reviewer run                              # the repository you are in
  reviewer run src tests                    # two folders, in their repository's context
  reviewer run pkg/mod.py --select utility  # one file, dead code only
  reviewer run --fail-on needs-refactor --output-format github   # a CI job
  reviewer run --shard 2/4 --fail-on needs-refactor             # one job of a 4-job CI matrix""")
@click.argument("paths", nargs=-1, metavar="[PATH]...", type=click.Path())
@config_option
@click.option("--enable-rag", is_flag=True, help="Semantic duplication through the local RAG index (same as rag.enabled: true). "
              "Example: --enable-rag")
@click.option("--rebuild-rag", is_flag=True, help="Drop the RAG index and build it again. Example: --enable-rag --rebuild-rag")
@click.option("--rag-index-uri", metavar="URI", default=None, help=RAG_INDEX_URI_HELP)
@click.option("--no-cache", is_flag=True, help="Review every file again, ignoring the review cache. Example: --no-cache")
@click.option("--changed-since", metavar="REF", default=None,
              help="Review only the files changed since git REF (compared against the whole index). "
                   "Example: --changed-since origin/main")
@click.option("--select", "--axes", "select_values", metavar="LIST", multiple=True,
              help="Report only these axes (--axes is the older name); naming tests or documentation lists their "
                   f"findings one by one ({SELECT_HELP}). Example: --select utility,duplication")
@click.option("--extend-select", "extend_values", metavar="LIST", multiple=True,
              help=f"Add axes to the configured ones; names tests or documentation to list them ({SELECT_HELP}). "
                   "Example: --extend-select documentation")
@click.option("--ignore", "ignore_values", metavar="LIST", multiple=True,
              help=f"Leave these axes out ({SELECT_HELP}). Example: --ignore tests,documentation")
@click.option("--exclude", multiple=True, metavar="GLOB",
              help="Leave out files matching GLOB (repeatable; added to scan.exclude). Example: --exclude 'migrations/**'")
@click.option("--fail-on", metavar="LEVEL", default=None,
              help="Exit 1 when hit: needs-refactor, critical, or an axis (e.g. duplication). Default: ci.fail_on. "
                   "Example: --fail-on needs-refactor")
@exit_zero_option
@click.option("--baseline", "baseline_path", type=click.Path(dir_okay=False), default=None,
              help="Gate only on findings not in this baseline (default: ci.baseline, else .reviewer/baseline.json "
                   "when it exists; see `reviewer baseline`); they are marked new in the reports. "
                   "Example: --baseline .reviewer/baseline.json")
@click.option("--no-baseline", is_flag=True, help="Use no baseline, even one that exists. Example: --no-baseline")
@click.option("--baseline-from-ref", metavar="REF", default=None,
              help="Review git REF in a temporary worktree and use its findings as the baseline. "
                   "Example: --baseline-from-ref origin/main")
@click.option("--update-baseline", is_flag=True,
              help="After the run, write the findings to the baseline file (--baseline, ci.baseline, or "
                   ".reviewer/baseline.json); the first one, written where none was, gates nothing (exit 0). "
                   "Example: --update-baseline")
@click.option("--output-format", type=click.Choice(OUTPUT_FORMATS), default="full", show_default=True,
              help="What goes to stdout: the summary and top findings, one line per finding, report.json, GitHub "
                   "annotations, GitLab code quality, or SARIF. Example: --output-format concise")
@click.option("-o", "--output-file", type=click.Path(dir_okay=False), default=None,
              help="Write the --output-format output to FILE instead of stdout. Example: -o reviewer.sarif")
@click.option("--sarif-category", metavar="NAME", default=None,
              help="SARIF automationDetails category (default: report.sarif_category, 'reviewer'); one per CI job. "
                   "Example: --sarif-category reviewer-web")
@click.option("--shard", "shard_value", metavar="I/N", default=None,
              help="Review, report and gate only the I-th of N slices of the files (by a hash of each path); the "
                   "whole repository is still scanned and analysed, so findings are those of a whole run. "
                   "`reviewer merge` combines the N outputs (docs/ci.md). Example: --shard 2/4")
@click.option("--max-cost", type=click.FloatRange(0), default=None,
              help="USD: the Claude reviews stop at this cost (checked before every call). Example: --max-cost 2.00")
@click.option("--force-cost", is_flag=True,
              help="Start even when the estimate exceeds --max-cost (the run still stops at the cap). "
                   "Example: --max-cost 2 --force-cost")
@click.option("--llm", "llm", type=click.Choice(["auto", "static", "claude"]), default=None,
              help="Reviewer: claude (paid, needs ANTHROPIC_API_KEY; how CI opts in), static, or auto (Claude only on "
                   "a terminal with the key). Default: llm.provider. Example: --llm claude --max-cost 2")
@click.option("-y", "--yes", is_flag=True, help="Start a Claude run estimated over llm.confirm_over without asking. "
              "Example: --llm claude --yes")
@click.option("--statistics", is_flag=True, help="After the run, print how many findings each rule gave (like ruff's). "
              "Example: --statistics")
@click.option("--min-confidence", type=click.IntRange(0, 100), default=None,
              help="Verdicts whose shown confidence (their rule's measured precision) is under this are candidates, "
                   "listed apart, not findings. Default: analysis.finding_floor (the calibration's floor, where "
                   "findings were 90% right on new projects). Example: --min-confidence 60")
@click.option("--plain", is_flag=True, help="No progress bars (the default in CI and when stderr is not a terminal). "
              "Example: --plain")
@quiet_option
@click.option("-v", "--verbose", is_flag=True, help="List every listed finding after the summary, not only the first "
              "screen. Example: -v")
@color_option
def run(paths: tuple[str, ...], config_path: str | None, enable_rag: bool, rebuild_rag: bool,
        rag_index_uri: str | None, no_cache: bool,
        changed_since: str | None, select_values: tuple[str, ...], extend_values: tuple[str, ...],
        ignore_values: tuple[str, ...], exclude: tuple[str, ...], fail_on: str | None,
        exit_zero: bool, baseline_path: str | None, no_baseline: bool, baseline_from_ref: str | None,
        update_baseline: bool, output_format: str, output_file: str | None, sarif_category: str | None,
        shard_value: str | None, max_cost: float | None, force_cost: bool, llm: str | None, yes: bool, plain: bool,
        quiet: bool, verbose: bool, color: str, statistics: bool, min_confidence: int | None) -> None:
    """Audit each PATH (default: the current folder): scan, estimate, index, review, report.

    One folder is reviewed as its own root. Files, or several paths, are reviewed in the
    context of the repository that holds them (its configuration, its output folder, and
    all its code as callers and copies); only they are reported and gated.

    Exit codes: 0 clean, 1 gate hit, 2 error or files not reviewed, 130/143 interrupted.
    """
    from .pipeline import RunOptions, run as run_pipeline, stopped_outcome
    from .report.baseline import BASELINE_FILENAME, build_baseline, load_baseline, write_baseline
    from .report.gate import evaluate_gate, parse_fail_on
    from .report.selection import select
    from .report.terminal import render_run_summary
    from .ui import use_color

    root, only = _targets(paths)
    shard = _shard(shard_value, update_baseline, baseline_from_ref)
    config = _config(root, config_path)
    if min_confidence is not None:
        config.analysis.finding_floor = min_confidence
    _apply_index_uri(config, rag_index_uri)
    if llm is not None:
        config.llm.provider = llm
    note = config_source(root, Path(config_path).resolve() if config_path else None)[1]
    if note and not quiet:
        err_line(f"reviewer: note: {note}")
    _apply_selection(config, _selectors(select_values, "--select"), _selectors(extend_values, "--extend-select"),
                     _selectors(ignore_values, "--ignore"))
    _apply_run_options(config, exclude, sarif_category)
    fail_on = fail_on or config.ci.fail_on
    parse_fail_on(fail_on)  # a typo in the gate is an error before any work, not after
    if sum(map(bool, (baseline_path, baseline_from_ref, no_baseline))) > 1:
        raise UserError("--baseline, --baseline-from-ref and --no-baseline each choose the baseline: keep one")
    baseline_file = _baseline_file(root, config, baseline_path, no_baseline, update_baseline)
    first_baseline = update_baseline and not baseline_from_ref and (baseline_file is None or not baseline_file.exists())
    if baseline_from_ref:
        baseline = _baseline_from_ref(root, config, baseline_from_ref)
    elif baseline_file is not None and baseline_file.exists():
        baseline = load_baseline(baseline_file)
    else:
        baseline = None
    if baseline is not None and baseline_file is not None:
        config.ci.baseline = str(baseline_file)  # the reports mark what it does not hold as new
    elif no_baseline:
        config.ci.baseline = None
    options = RunOptions(
        enable_rag=enable_rag, rebuild_rag=rebuild_rag, no_cache=no_cache, changed_since=changed_since,
        paths=only, max_cost=max_cost, force_cost=force_cost, yes=yes, plain=plain, shard=shard,
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
    elif baseline is not None and not quiet:
        ui.echo(f"baseline: {_shown_path(baseline_file)} ({len(baseline.findings)} findings accepted)")
    try:
        outcome = run_pipeline(root, config, options, ui)
    except (UserError, KeyboardInterrupt) as exc:  # stopped: the summary of what finished, then the stop
        stopped = stopped_outcome(exc)
        if stopped is not None and not quiet and output_format == "full" and not output_file:
            _print(render_run_summary(stopped, evaluate_gate(select(list(stopped.reviews.values()), config), fail_on,
                                                             baseline)))
        raise
    scope = select(list(outcome.reviews.values()), config)
    gate = evaluate_gate(scope, fail_on, baseline, config.ci.min_confidence)
    if first_baseline:
        gate = evaluate_gate(scope, fail_on, build_baseline(scope), config.ci.min_confidence)  # adopting: today's findings are accepted
    summary_shown = _print_results(root, config, outcome, gate, scope, baseline, output_format, output_file,
                                   quiet=quiet, verbose=verbose, color=use_color(color))
    if statistics:
        click.echo(rule_statistics(scope))
    if update_baseline:
        target = baseline_file or root / config.output / BASELINE_FILENAME
        recorded = write_baseline(build_baseline(scope), target)
        ui.echo(f"baseline: {recorded} {'written' if first_baseline else 'updated'}")
    _exit_for(gate, outcome.record, exit_zero, summary_shown)


def _exit_for(gate, record, exit_zero: bool, summary_shown: bool) -> None:
    """2 when the review did not run on every file (never report clean then), else 1 on the gate
    (0 with --exit-zero); the reason on stderr when the summary did not say it."""
    from .report.gate import ci_exit_code

    code = ci_exit_code(gate, record)
    if code == 1 and exit_zero:
        code = 0
    if code and not summary_shown:
        _explain_exit(code, gate, record)
    if code:
        sys.exit(code)


def _shard(value: str | None, update_baseline: bool, baseline_from_ref: str | None):
    """`--shard I/N`, checked; None without it."""
    from .schema.shard import Shard

    if value is None:
        return None
    try:
        shard = Shard.parse(value)
    except ValueError as exc:
        raise UserError(f"--shard {exc}") from None
    if update_baseline:
        raise UserError("--update-baseline writes the findings of one shard only: run `reviewer baseline` "
                        "after `reviewer merge` instead")
    if baseline_from_ref:
        raise UserError("--baseline-from-ref is not kept for `reviewer merge`: write the baseline with "
                        "`reviewer baseline` and pass it to the shards and the merge with --baseline FILE")
    return shard


def _baseline_file(root: Path, config: Config, baseline_path: str | None, no_baseline: bool,
                   update_baseline: bool) -> Path | None:
    """--baseline (relative to where you are), else ci.baseline (relative to the repository), else
    the file `reviewer baseline` writes, when it exists (or is about to, with --update-baseline)."""
    from .report.baseline import BASELINE_FILENAME

    if no_baseline:
        return None
    if baseline_path:
        return Path(baseline_path).resolve()
    if config.ci.baseline:
        return root / config.ci.baseline
    default = root / config.output / BASELINE_FILENAME
    return default if default.is_file() or update_baseline else None


def _shown_path(path: Path | None) -> str:
    if path is None:
        return ""
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive
        return str(path)


def _explain_exit(code: int, gate, record) -> None:
    """The gate's result and reason on stderr, for the formats whose stdout is for machines
    (and for -q and -o runs): a failed CI job always says why in its log."""
    from .report.gate import describe_gate, run_problems

    if code == 2:
        for problem in run_problems(record):
            err_line(f"reviewer: exit 2: {problem}")
        return
    for line in describe_gate(gate, limit=10):
        err_line(f"reviewer: {line.strip()}" if not line.startswith("  ") else f"  {line.strip()}")


def _print_results(root: Path, config: Config, outcome, gate, scope, baseline, output_format: str,
                   output_file: str | None, quiet: bool, verbose: bool, color: bool) -> bool:
    """stdout (or -o FILE) in the chosen format; the findings are those of this run's scope,
    listed as report/selection.py says (hygiene counted, listed only when selected).
    True when the summary, gate line included, went to stdout."""
    from .report import formats
    from .report.render import selected_by_name
    from .report.repo import repo_prefix
    from .report.sarif import build_sarif, sarif_text
    from .report.selection import unlisted_axes
    from .report.terminal import render_findings, render_run_summary, unlisted_line

    report = _scope_report(root, config, outcome, scope, baseline)
    ranked = report.ranked()
    prefix = repo_prefix(root)
    summary_shown = False
    if output_format == "full":
        parts = [] if quiet else [render_run_summary(outcome, gate, report)]
        parts.append(render_findings(ranked, None if verbose or quiet else 10, color=color and not output_file,
                                     selected=selected_by_name(config)))
        text = "\n\n".join(p for p in parts if p) + "\n"
        summary_shown = not quiet and not output_file
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
                                      config.report.sarif_category, prefix, baseline, unlisted_axes(config)))
    if output_file:
        from .workspace import atomic_write_text

        atomic_write_text(Path(output_file).resolve(), text)
        if output_format != "full" and not quiet:
            _print(render_run_summary(outcome, gate, report))
            summary_shown = True
    else:
        _print(text, nl=False, color=color or None)  # None: click strips styles off a non-terminal
        if output_format != "full" and not quiet and report.summary.unlisted:
            err_line(f"reviewer: {unlisted_line(report.summary.unlisted)}")
    return summary_shown


def _scope_report(root: Path, config: Config, outcome, scope, baseline):
    """The report of this run's scope. The pipeline built one over the same reviews when the
    scope is every stored review and the baseline is the one it used: that one, with this
    run's final record and without what only report.json carries (warnings, changes since)."""
    from .report.report_json import build_report, run_summary
    from .report.selection import unlisted_axes
    from .workspace import Workspace

    rendered = outcome.rendered
    if rendered is not None and rendered.baseline == baseline \
            and sorted(entry.file for entry in rendered.report.files) == sorted(review.file for review in scope):
        return rendered.report.model_copy(update={"run": run_summary(outcome.record), "warnings": [], "changes": None})
    return build_report(scope, outcome.record, Workspace(root, config.output), baseline=baseline,
                        unlisted=unlisted_axes(config))


@cli.command(epilog=examples("reviewer report", "reviewer report path/to/repo --config ci/reviewer.yml"))
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


@cli.command("merge", epilog=examples(
    "reviewer merge shard-1/.reviewer shard-2/.reviewer shard-3/.reviewer",
    "reviewer merge shards/* --fail-on needs-refactor --output-format github   # the matrix's last job",
    "reviewer merge shards/* --output merged-review -o reviewer.sarif --output-format sarif"))
@click.argument("folders", nargs=-1, metavar="DIR...", type=click.Path())
@click.option("--output", "output_dir", metavar="DIR", default=None,
              help="Write the merged reviews and reports into this folder inside the repository (default: the "
                   "shards' output setting, .reviewer). Example: --output merged-review")
@click.option("--fail-on", metavar="LEVEL", default=None,
              help="Exit 1 when hit anywhere in the matrix: needs-refactor, critical, or an axis. Default: the shards' "
                   "ci.fail_on. Example: --fail-on needs-refactor")
@exit_zero_option
@click.option("--baseline", "baseline_path", type=click.Path(dir_okay=False), default=None,
              help="The baseline the shards gated against (default: ci.baseline, else .reviewer/baseline.json when it "
                   "exists); another one is refused. Example: --baseline .reviewer/baseline.json")
@click.option("--no-baseline", is_flag=True, help="The shards ran without a baseline. Example: --no-baseline")
@click.option("--output-format", type=click.Choice(OUTPUT_FORMATS), default="full", show_default=True,
              help="What goes to stdout, as for `reviewer run`. Example: --output-format github")
@click.option("-o", "--output-file", type=click.Path(dir_okay=False), default=None,
              help="Write the --output-format output to FILE instead of stdout. Example: -o reviewer.sarif")
@click.option("--sarif-category", metavar="NAME", default=None,
              help="SARIF automationDetails category of the merged report.sarif (default: report.sarif_category). "
                   "Example: --sarif-category reviewer")
@click.option("--statistics", is_flag=True, help="Print how many findings each rule gave. Example: --statistics")
@quiet_option
@click.option("-v", "--verbose", is_flag=True, help="List every listed finding after the summary. Example: -v")
@color_option
def merge_command(folders: tuple[str, ...], output_dir: str | None, fail_on: str | None, exit_zero: bool,
                  baseline_path: str | None, no_baseline: bool, output_format: str, output_file: str | None,
                  sarif_category: str | None, statistics: bool, quiet: bool, verbose: bool, color: str) -> None:
    """Combine the output folders of `reviewer run --shard I/N` (each DIR: one shard's .reviewer/, e.g. a
    downloaded CI artifact) into one report and one gate.

    Run it in the repository: the merged reviews, report.md, report.json and report.sarif go to its
    output folder (or --output), as one unsharded run of the same tree writes them. Shards that are not
    one whole matrix (another N, a shard missing or given twice, another commit, tree, configuration,
    baseline or reviewer) are refused.

    Exit codes: 0 clean, 1 gate hit, 2 error: shards refused, or a shard that did not review every file.
    """
    from .pipeline import UI, merge
    from .report.baseline import load_baseline
    from .report.gate import evaluate_gate, parse_fail_on
    from .report.merge import read_shards
    from .report.selection import select
    from .ui import use_color

    if not folders:
        raise UserError("no shard folder given: reviewer merge DIR [DIR ...], one output folder per shard")
    root = Path.cwd().resolve()
    output = _output_folder(root, output_dir) if output_dir is not None else None
    if baseline_path and no_baseline:
        raise UserError("--baseline and --no-baseline each choose the baseline: keep one")
    merged = read_shards([Path(os.path.abspath(folder)) for folder in folders])
    config = merged.config
    if sarif_category:
        config.report.sarif_category = sarif_category
    fail_on = fail_on or config.ci.fail_on
    parse_fail_on(fail_on)
    baseline_file = _baseline_file(root, config, baseline_path, no_baseline, False)
    # --baseline names a file that must exist (load_baseline says so); the defaults are used when present.
    baseline = load_baseline(baseline_file) if baseline_file is not None and (baseline_path or baseline_file.exists()) \
        else None
    ui = UI.for_terminal(True, quiet=quiet, color=color)
    outcome = merge(root, merged, baseline, output, ui)
    scope = select(list(outcome.reviews.values()), config)
    gate = evaluate_gate(scope, fail_on, baseline, config.ci.min_confidence)
    summary_shown = _print_results(root, config, outcome, gate, scope, baseline, output_format, output_file,
                                   quiet=quiet, verbose=verbose, color=use_color(color))
    if statistics:
        click.echo(rule_statistics(scope))
    _exit_for(gate, outcome.record, exit_zero, summary_shown)


def _output_folder(root: Path, value: str) -> str:
    """`--output DIR` (relative to where you are) as an output setting: a folder inside the repository."""
    from .config import check_output

    relative = os.path.relpath(os.path.abspath(value), root)
    try:
        return check_output(relative.replace(os.sep, "/"))
    except ValueError as exc:
        raise UserError(f"--output {value}: {exc}") from None


@cli.command(epilog=examples("reviewer status", "reviewer status path/to/repo --show-rag --json"))
@path_argument
@config_option
@click.option("--show-rag", is_flag=True, help="Also show the RAG index: cards, files, model, size, store path. "
              "Example: --show-rag")
@click.option("--json", "as_json", is_flag=True, help="Print the status as JSON. Example: --json")
def status(path: str, config_path: str | None, show_rag: bool, as_json: bool) -> None:
    """The last run and the files changed since, without reviewing. Exit 2 when nothing ran yet."""
    from .report.status import collect_status, render_status

    root = _root(path)
    current = collect_status(root, _config(root, config_path), show_rag=show_rag)
    click.echo(current.model_dump_json(indent=2) if as_json else render_status(current))


@cli.command(epilog=examples("reviewer rules", "reviewer rules path/to/repo"))
@path_argument
@config_option
def rules(path: str, config_path: str | None) -> None:
    """Which frameworks reviewer switched on for PATH, and why (the dependency, import or file)."""
    from .pipeline import frameworks_of
    from .report.rules import frameworks_text

    root = _root(path)
    config = _config(root, config_path)
    click.echo(frameworks_text(frameworks_of(root, config), [f.name for f in config.frameworks]))


@cli.command(epilog=examples("reviewer rule dead/unused-import", "reviewer rule duplicate/block-clone"))
@click.argument("rule_id", metavar="ID")
def rule(rule_id: str) -> None:
    """Explain one rule: its principle and the evidence its findings carry."""
    from .report.rules import explain_rule
    from .schema.rules import BY_ID

    text = explain_rule(rule_id)
    if text is None:
        raise UserError(f"unknown rule '{rule_id}'; rules: {', '.join(BY_ID)}")
    click.echo(text, nl=False)


@cli.command(epilog=examples("reviewer baseline && git add -f .reviewer/baseline.json",
                             "reviewer baseline path/to/repo -o ci/accepted.json"))
@path_argument
@config_option
@click.option("--output", "-o", "output_path", type=click.Path(dir_okay=False), default=None,
              help="Where to write it (default: <PATH>/.reviewer/baseline.json, which `reviewer run` then uses; "
                   "commit it). Example: -o ci/accepted.json")
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
    gate = ("`reviewer run --fail-on LEVEL` now gates only on new findings (it uses this file when it exists)"
            if target == workspace.base / BASELINE_FILENAME else
            "gate with `reviewer run --baseline <that file> --fail-on LEVEL`")
    click.echo(f"baseline: {len(recorded.findings)} findings from {len(loaded.reviews)} files written to {target}; "
               f"commit it (`git add -f`), and {gate}")


def _print(text: str, nl: bool = True, color: bool | None = None) -> None:
    """Print to stdout; a reader that went away (`reviewer run | head`) does not change
    the exit code, which stays the run's own (0, 1 or 2)."""
    try:
        click.echo(text, nl=nl, color=color)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()


def _silence_stdout() -> None:
    silence(sys.stdout)


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
    raise KeyboardInterrupt("terminated (SIGTERM)" if signum == signal.SIGTERM else "interrupted (Ctrl-C)")


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
