"""Measure the Claude reviewer's judgement on the labelled corpus (benchmarks/real), next to the static
reviewer's on the same files.

    python scripts/bench_claude.py --projects requests,click        # ANTHROPIC_API_KEY set: Claude, paid
    python scripts/bench_claude.py --projects a,b --replay DIR       # scripted answers: no key, no network
    python scripts/bench_claude.py --projects a,b --record DIR       # and keep Claude's verdicts as answers to replay

    --max-files N     files Claude reviews per project (default 8)
    --max-cost USD    the cap of each project's Claude run (default 2.00; `reviewer run --max-cost`)
    --enable-rag      both runs with the RAG index (findSimilarFunctions for Claude)
    --trees DIR       trees as DIR/<project> (default: benchmarks/real/materialize.py's cache, filled if missing)
    --labels DIR      labels as DIR/<project>.yaml (default benchmarks/real/labels)
    --json FILE       every number, machine-readable
    --no-record       do not touch docs/benchmarks.md (a run with a key records its section "claude")

Per project:
1. the tree is copied to a temporary folder and the static reviewer runs on the whole copy (bench_real);
2. the files Claude reviews are those holding labels of the judged axes, most labels first, at most
   --max-files; `reviewer run <copy> <files> --llm claude` reviews them, the rest of the copy being their context;
3. per axis (DEAD, DUPLICATE, OVER), on the files Claude did review, for each reviewer: precision (TRUE among
   its labelled findings), recall (the labelled TRUE findings it reports) and its findings no label covers
   ("new": listed on stderr, to be labelled like bench_real's todo); and the candidates (the static verdicts
   held back, no finding) with how many Claude made findings;
4. calls, tokens and dollars of the Claude run, from its run.json (in replay, also how many candidates the
   requests carried).

The labels (bench_real's, keyed by axis, file and symbol) judge findings of earlier static runs, so the
static reviewer's recall is high by construction (a label stays when its finding goes): the question is
what Claude keeps, drops and adds.

--replay DIR serves DIR/<project>.json from a Messages API on 127.0.0.1 that the real reviewer and the real
anthropic client talk to (ANTHROPIC_BASE_URL): a valid submit_review per request, built by the test suite's
scripted API (tests/claude_helpers.py), with the verdicts the file lists there for its symbols; symbols it does
not list get the defaults (USED, UNIQUE, LEAN). The answers are scripted, or recorded by --record from a run
with a key. A replay measures the plumbing (candidates in, verdicts out, the table), never Claude: its tokens and
dollars are the script's. Answers file: {"files": {"<path>": {"<qualified name>": {"utility": {"verdict": "DEAD",
"evidence": "..."}, "duplication": {"verdict": "DUPLICATE", "evidence": "...", "duplicate_of": {"file": "...",
"name": "..."}}}}}}.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator, NoReturn

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_real and benchlib, also when imported by a test
import bench_real  # noqa: E402
from bench_real import corpus, finding_key, live_findings, load_labels, load_reviews  # noqa: E402
from benchlib import BENCHMARKS, machine_line, markdown_table, publish  # noqa: E402
from reviewer.review.claude.prompt import CANDIDATE_MARK  # noqa: E402
from reviewer.schema.axes import DEFAULT_VERDICTS  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[1]
SECTION = "claude"
RUN_TIMEOUT_SECONDS = 3600
JUDGED = {"utility": "DEAD", "duplication": "DUPLICATE", "overengineering": "OVER"}
REPLAY_KEY = "sk-replay-not-a-key"
REPLAY_HEADER = ("REPLAY: scripted answers through a loopback Messages API. These numbers prove the harness and the "
                 "candidate hand-off work; they do not measure Claude (its tokens and dollars are the script's).")
LIVE_HEADER = "Claude reviewer, real API ({model}); static reviewer on the same files."


@dataclass
class ProjectResult:
    name: str
    files_chosen: list[str] = field(default_factory=list)
    files_scored: list[str] = field(default_factory=list)  # chosen and reviewed by Claude
    scores: dict = field(default_factory=dict)  # axis -> reviewer -> {labelled, true, true_labels, true_reported, new}
    new: dict = field(default_factory=dict)  # reviewer -> [finding key] no label covers
    candidates: list = field(default_factory=list)  # static verdicts under the floor on the scored files
    promoted: list = field(default_factory=list)  # ... that Claude made findings
    prompted: list | None = None  # replay: the candidates the requests marked as such (None: not seen)
    usage: dict = field(default_factory=dict)  # the Claude run's run.json usage
    model: str | None = None
    errors: list[str] = field(default_factory=list)
    error: str | None = None


def fail(message: str) -> NoReturn:
    """A mistake in the command line or the files it names: one line, exit 2 (as argparse's own errors)."""
    print(f"bench_claude.py: error: {message}", file=sys.stderr)
    raise SystemExit(2)


# ---------------------------------------------------------------- the runs


def reviewer_command(override: str | None) -> list[str]:
    """The reviewer of this checkout by default (the Python that runs the script), else --reviewer-cmd."""
    return bench_real.reviewer_command(override) if override else [sys.executable, "-m", "reviewer"]


def run_claude(command: list[str], root: Path, files: list[str], env: dict[str, str], max_cost: float,
               enable_rag: bool) -> tuple[int, str]:
    """`reviewer run` of `files` with Claude. Files named on the command line are reviewed in the context of
    the repository holding them, the nearest folder with `.git` (bench_project makes the copy one)."""
    # --force-cost: a run estimated over the cap starts anyway and stops at it (the cap still holds)
    args = [*command, "run", *(str(root / f) for f in files), "--plain", "--llm", "claude", "--yes", "--exit-zero",
            "--max-cost", f"{max_cost:.2f}", "--force-cost"] + (["--enable-rag"] if enable_rag else [])
    result = subprocess.run(args, capture_output=True, text=True, timeout=RUN_TIMEOUT_SECONDS, env=env)
    return result.returncode, result.stdout + result.stderr


def last_run_record(root: Path) -> dict:
    runs = sorted((root / ".reviewer" / "runs").glob("*/run.json"), key=lambda p: p.stat().st_mtime)
    return json.loads(runs[-1].read_text(encoding="utf-8")) if runs else {}


def files_to_review(labels: dict, reviewed: set[str], limit: int) -> list[str]:
    """The files holding labels of the judged axes (most first), that the static run reviewed."""
    counts: dict[str, int] = {}
    for axis, path, _ in labels:
        if axis in JUDGED and path in reviewed:
            counts[path] = counts.get(path, 0) + 1
    return sorted(counts, key=lambda path: (-counts[path], path))[:limit]


def judged_keys(reviews: list[dict], files: set[str]) -> set:
    return {finding_key(f) for f in live_findings(reviews) if f["axis"] in JUDGED and f["file"] in files}


def candidate_keys(reviews: list[dict], files: set[str]) -> set:
    """The static verdicts of the judged axes that are no finding: the candidates left to Claude."""
    out = set()
    for review in reviews:
        if review["file"] not in files:
            continue
        reported = {(f["axis"], f.get("symbol")) for f in review.get("findings", [])}
        out.update((axis, review["file"], symbol["name"]) for symbol in review.get("symbols", [])
                   for axis, problem in JUDGED.items()
                   if symbol.get(axis) == problem and (axis, symbol["name"]) not in reported)
    return out


def score(keys: set, labels: dict, axis: str, files: set[str]) -> dict:
    """Precision and recall of one reviewer on one axis against the labels of `files`."""
    mine = {k for k in keys if k[0] == axis}
    labelled = {k: v for k, v in labels.items() if k[0] == axis and k[1] in files}
    judged = [k for k in mine if k in labelled]
    true_labels = [k for k, v in labelled.items() if v["label"] is True]
    return {"findings": len(mine), "labelled": len(judged), "true": sum(1 for k in judged if labelled[k]["label"] is True),
            "true_labels": len(true_labels), "true_reported": sum(1 for k in true_labels if k in mine),
            "new": len(mine) - len(judged)}


def bench_project(name: str, tree: Path, command: list[str], args: argparse.Namespace, env: dict[str, str],
                  prompted: set | None = None) -> ProjectResult:
    """`prompted`: filled by the replay API with the candidates the requests carried."""
    result = ProjectResult(name)
    labels = {k: v for k, v in load_labels(name, args.labels).items() if k[0] in JUDGED}
    with tempfile.TemporaryDirectory(prefix=f"bench-claude-{name}-") as tmp:
        work = Path(tmp) / name
        shutil.copytree(tree, work, symlinks=True, ignore=shutil.ignore_patterns(corpus.STAMP, ".reviewer"))
        (work / ".git").mkdir(exist_ok=True)  # the root of both runs (no git command reads it)
        _, code, output = bench_real.run_reviewer(command, work, args.enable_rag)
        static = load_reviews(work)
        if code == 2 or not static:
            result.error = f"static run exit {code}: {output.strip()[-400:]}"
            return result
        result.files_chosen = files_to_review(labels, {r["file"] for r in static}, args.max_files)
        if not result.files_chosen:
            result.error = "no labelled file of the judged axes"
            return result
        code, output = run_claude(command, work, result.files_chosen, env, args.max_cost, args.enable_rag)
        record = last_run_record(work)
        result.usage, result.model = record.get("usage", {}), record.get("model")
        result.errors = [f"{e['file']}: {e['message']}" for e in record.get("errors", [])]
        claude = [r for r in load_reviews(work) if r["file"] in result.files_chosen and r.get("reviewer") == "claude"]
        if code == 2 or not claude:
            result.error = f"claude run exit {code}: {output.strip()[-400:]}"
            return result
        files = {r["file"] for r in claude}
        result.files_scored = sorted(files)
        sides = {"static": judged_keys(static, files), "claude": judged_keys(claude, files)}
        for axis in JUDGED:
            result.scores[axis] = {who: score(keys, labels, axis, files) for who, keys in sides.items()}
        result.new = {who: sorted(k for k in keys if k not in labels) for who, keys in sides.items()}
        candidates = candidate_keys(static, files)
        result.candidates = sorted(candidates)
        result.promoted = sorted(candidates & sides["claude"])
        if prompted is not None:
            result.prompted = sorted(prompted & candidates)
        if args.record:
            write_answers(args.record / f"{name}.json", claude)
    return result


# ---------------------------------------------------------------- replay and record


def write_answers(path: Path, reviews: list[dict]) -> None:
    """Claude's verdicts on the judged axes, as answers --replay serves (symbols at the defaults left out)."""
    files: dict[str, dict] = {}
    for review in reviews:
        for symbol in review.get("symbols", []):
            verdicts = {}
            for axis, problem in JUDGED.items():
                if symbol.get(axis) in (None, "-", DEFAULT_VERDICTS[axis]):
                    continue
                verdict = {"verdict": symbol[axis], "evidence": symbol.get("evidence", {}).get(axis, "")}
                if axis == "duplication" and symbol[axis] == problem and symbol.get("duplicate_of"):
                    verdict["duplicate_of"] = {k: symbol["duplicate_of"][k] for k in ("file", "name")}
                verdicts[axis] = verdict
            if verdicts:
                files.setdefault(review["file"], {})[symbol["name"]] = verdicts
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"files": files}, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def _first_text(body: dict) -> str:
    first = body["messages"][0]["content"]
    return first[0]["text"] if isinstance(first, list) else first


def _file_of(body: dict) -> str:
    """The reviewed file's path, from the first line of the conversation's first message."""
    text = _first_text(body)
    return text.split("`", 2)[1] if text.startswith("# File `") else ""


_CANDIDATE = re.compile(rf"\b({'|'.join(JUDGED)}) [A-Z_]+ {re.escape(CANDIDATE_MARK)}")


def candidates_in(body: dict) -> set:
    """(axis, file, symbol) of each verdict the request's symbol list marks as a candidate."""
    path = _file_of(body)
    return {(axis, path, line.split("`", 2)[1]) for line in _first_text(body).splitlines() if line.startswith("- `")
            for axis in _CANDIDATE.findall(line)}


@contextmanager
def replay_api(answers: dict[str, dict]) -> Iterator[tuple[str, set]]:
    """A Messages API on a free loopback port answering every request with a valid submit_review
    (the test suite's scripted API), the verdicts of `answers` for the file it asks about. Yields its
    URL and the set it fills with the candidates the requests carry (axis, file, symbol)."""
    sys.path.insert(0, str(REPO_ROOT / "tests"))
    from claude_helpers import auto_submission, message, send_json, tool_use

    prompted: set = set()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server API)
            body = json.loads(self.rfile.read(int(self.headers["content-length"])))
            prompted.update(candidates_in(body))
            submission = auto_submission(body)
            scripted = answers.get(_file_of(body), {})
            for entry in submission["symbols"]:
                entry.update(scripted.get(entry["name"], {}))
            send_json(self, 200, message([tool_use("toolu_replay", "submit_review", submission)], model=body["model"]))

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", prompted
    finally:
        server.shutdown()
        server.server_close()


def load_answers(folder: Path, project: str) -> dict[str, dict]:
    path = folder / f"{project}.json"
    if not path.exists():
        fail(f"--replay: no answers for {project}: {path} is missing (write one, or --record it)")
    try:
        return json.loads(path.read_text(encoding="utf-8"))["files"]
    except (ValueError, KeyError) as exc:
        fail(f"--replay: {path} is not an answers file ({exc}); see the --replay part of --help")


# ---------------------------------------------------------------- printing


def _ratio(part: int, whole: int) -> str:
    return f"{part / whole:.2f} ({part}/{whole})" if whole else "-"


def _sum(results: list[ProjectResult], axis: str, who: str) -> dict:
    total: dict[str, int] = {}
    for result in results:
        for name, value in result.scores.get(axis, {}).get(who, {}).items():
            total[name] = total.get(name, 0) + value
    return total


def _on(keys: list, axis: str) -> int:
    return sum(1 for k in keys if k[0] == axis)


def tables(results: list[ProjectResult], replay: bool) -> str:
    scored = [r for r in results if r.scores]
    model = next((r.model for r in results if r.model), "?")
    lines = [REPLAY_HEADER if replay else LIVE_HEADER.format(model=model), "",
             f"{machine_line()}; projects: {', '.join(r.name for r in results)}", ""]
    rows = []
    for axis, verdict in JUDGED.items():
        groups = [(r.name, [r]) for r in scored] + ([("all", scored)] if len(scored) > 1 else [])
        for name, group in groups:
            s, c = _sum(group, axis, "static"), _sum(group, axis, "claude")
            candidates = sum(_on(r.candidates, axis) for r in group)
            promoted = sum(_on(r.promoted, axis) for r in group)
            rows.append([verdict, name, str(sum(len(r.files_scored) for r in group)),
                         _ratio(s.get("true", 0), s.get("labelled", 0)),
                         _ratio(s.get("true_reported", 0), s.get("true_labels", 0)), str(s.get("new", 0)),
                         _ratio(c.get("true", 0), c.get("labelled", 0)),
                         _ratio(c.get("true_reported", 0), c.get("true_labels", 0)), str(c.get("new", 0)),
                         f"{candidates} ({promoted})"])
    lines.append(markdown_table(["axis", "project", "files", "static precision", "static recall", "static new",
                                 "Claude precision", "Claude recall", "Claude new", "candidates (promoted)"], rows))
    lines.append("")
    cost_rows = []
    for result in results:
        usage = result.usage
        prompted = "not seen" if result.prompted is None else f"{len(result.prompted)}/{len(result.candidates)}"
        cost_rows.append([result.name, f"{len(result.files_scored)}/{len(result.files_chosen)}", prompted,
                          str(usage.get("calls", 0)), f"{usage.get('input_tokens', 0):,}",
                          f"{usage.get('output_tokens', 0):,}", f"{usage.get('cache_creation_input_tokens', 0):,}",
                          f"{usage.get('cache_read_input_tokens', 0):,}", f"${usage.get('cost_usd', 0.0):.2f}",
                          result.error or "; ".join(result.errors[:2]) or ""])
    lines.append(markdown_table(["project", "files reviewed", "candidates in prompts", "calls", "input tokens",
                                 "output tokens", "cache write", "cache read", "dollars", "errors"], cost_rows))
    return "\n".join(lines)


# ---------------------------------------------------------------- main


def project_trees(names: list[str], args: argparse.Namespace) -> list[tuple[str, Path]]:
    if args.trees:
        missing = [n for n in names if not (args.trees / n).is_dir()]
        if missing:
            fail(f"--trees {args.trees}: no folder for {', '.join(missing)}")
        return [(n, args.trees / n) for n in names]
    manifest = {p["name"]: p for p in corpus.load_manifest()}
    unknown = [n for n in names if n not in manifest]
    if unknown:
        fail(f"unknown project(s) {', '.join(unknown)}: see benchmarks/real/manifest.json, or pass --trees")
    try:
        return [(n, corpus.materialize(manifest[n], args.cache, args.mirror_root, offline=args.offline)) for n in names]
    except corpus.SourceMissing as exc:
        fail(str(exc))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", required=True, help="comma-separated corpus projects, e.g. requests,click")
    parser.add_argument("--replay", type=Path, metavar="DIR", help="scripted answers DIR/<project>.json; no key")
    parser.add_argument("--record", type=Path, metavar="DIR", help="write Claude's verdicts to DIR/<project>.json")
    parser.add_argument("--max-files", type=int, default=8)
    parser.add_argument("--max-cost", type=float, default=2.0, help="USD cap of each project's Claude run")
    parser.add_argument("--enable-rag", action="store_true")
    parser.add_argument("--trees", type=Path, metavar="DIR")
    parser.add_argument("--labels", type=Path, default=bench_real.LABELS, metavar="DIR")
    parser.add_argument("--cache", type=Path, default=corpus.DEFAULT_CACHE)
    parser.add_argument("--mirror-root", type=Path, default=corpus.DEFAULT_MIRRORS)
    parser.add_argument("--offline", action="store_true", help="never download a missing corpus archive")
    parser.add_argument("--reviewer-cmd", help="command that runs reviewer (default: this Python -m reviewer)")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--no-record", action="store_true")
    args = parser.parse_args(argv)
    names = [n for n in args.projects.split(",") if n]
    env = dict(os.environ)
    if args.replay:
        env["ANTHROPIC_API_KEY"] = REPLAY_KEY  # the loopback API's; ANTHROPIC_BASE_URL is set per project
    elif not env.get("ANTHROPIC_API_KEY"):
        parser.error("ANTHROPIC_API_KEY is not set: export it to measure Claude, or pass --replay DIR")
    command = reviewer_command(args.reviewer_cmd)
    results = []
    for name, tree in project_trees(names, args):
        print(f"... {name}", file=sys.stderr, flush=True)
        if args.replay:
            with replay_api(load_answers(args.replay, name)) as (url, prompted):
                result = bench_project(name, tree, command, args, {**env, "ANTHROPIC_BASE_URL": url}, prompted)
        else:
            result = bench_project(name, tree, command, args, env)
        for who, keys in result.new.items():
            for axis, path, symbol in keys:
                print(f"    {who} new (unlabelled) {JUDGED[axis]} {path} {symbol}", file=sys.stderr)
        results.append(result)
    publish(tables(results, bool(args.replay)), results, args.json, not args.replay and not args.no_record, SECTION,
            BENCHMARKS)
    return 1 if any(r.error for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
