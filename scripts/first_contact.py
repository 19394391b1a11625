"""A round of first contact: run reviewer as a new user would on projects nobody here has used, and
hand its findings to blind labellers (benchmarks/first-contact/README.md is the protocol).

    python scripts/first_contact.py run ROUND_DIR TREE [TREE ...]    # each TREE: a project's checkout
    python scripts/first_contact.py prepare ROUND_DIR                 # -> ROUND_DIR/tolabel/P.labels.json
    (labellers fill ROUND_DIR/labels/P.labels.json from tolabel/, reading only the project's tree)
    python scripts/first_contact.py tally ROUND_DIR                   # precision per group
    python scripts/first_contact.py publish ROUND_DIR benchmarks/first-contact/roundN
    python scripts/first_contact.py check OWNER/NAME [OWNER/NAME ...]  # before fetching: used already?

`run` copies each tree to ROUND_DIR/runs/P, makes it a git repository (as a user's checkout is) and runs
`reviewer run .` with the default settings and no API key, recording its output and exit code; the
reviewer is the one this script belongs to (its checkout is put first on PYTHONPATH), and its commit is
written to ROUND_DIR/reviewer_commit.txt. `prepare` writes what the labellers read: every finding a
user is shown of the judged axes (dead code, duplicates, over-engineering; at most 30 a group, 15 for
test-code duplicates, a seeded sample) and a seeded sample of 15 of each group's candidates (under the
finding floor), mixed in one list so that the labellers cannot tell which is which; which was which is
kept apart in ROUND_DIR/kinds/P.json. `publish` writes the labelled files with each label's
`listed_as` ("finding" or "candidate") to the benchmarks folder that scripts/calibrate.py reads. `check`
says whether a repository was used already: by an earlier round (any labels file's `repo`) or by the corpus
(benchmarks/real/manifest.json, whose PyPI-sourced projects have no repository address: their name and
package are compared with the repository's name).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from score_labels import is_test_finding  # noqa: E402

CODE = Path(__file__).resolve().parent.parent
JUDGED = {"utility": "dead", "overengineering": "over"}  # axis -> group; duplication splits by test code
FINDINGS_CAP, TEST_DUPLICATES_CAP, CANDIDATES_CAP = 30, 15, 15


def _git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()


def _has_remote(tree: Path) -> bool:
    return subprocess.run(["git", "config", "--get", "remote.origin.url"], cwd=tree, capture_output=True).returncode == 0


def run(round_dir: Path, trees: list[Path]) -> None:
    (round_dir / "runs").mkdir(parents=True, exist_ok=True)
    (round_dir / "reviewer_commit.txt").write_text(_git("rev-parse", "--short", "HEAD", cwd=CODE) + "\n")
    env = {k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}
    env["PYTHONPATH"] = os.pathsep.join([str(CODE), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    for tree in trees:
        project, copy = tree.name, round_dir / "runs" / tree.name
        if (tree / ".git").exists():  # where the labellers' tree comes from, for the labels file
            source = {"repo": _git("config", "--get", "remote.origin.url", cwd=tree) if _has_remote(tree) else "",
                      "commit": _git("rev-parse", "HEAD", cwd=tree)}
            (round_dir / "runs" / f"{project}.source.json").write_text(json.dumps(source))
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(tree, copy, symlinks=True, ignore=shutil.ignore_patterns(".git"))
        for step in (["init", "-q"], ["add", "-A"], ["-c", "user.email=first@contact", "-c", "user.name=first contact",
                                                     "commit", "-qm", "checkout"]):
            subprocess.run(["git", *step], cwd=copy, capture_output=True, check=True)
        done = subprocess.run([sys.executable, "-m", "reviewer", "run", "."], cwd=copy, env=env,
                              capture_output=True, text=True)
        (round_dir / "runs" / f"{project}.out").write_text(done.stdout)
        (round_dir / "runs" / f"{project}.err").write_text(done.stderr)
        (round_dir / "runs" / f"{project}.rc").write_text(f"{done.returncode}\n")
        print(f"{project}: exit {done.returncode}")


def _group(finding: dict) -> str | None:
    if finding["axis"] in JUDGED:
        return JUDGED[finding["axis"]]
    if finding["axis"] == "duplication":
        return "test_duplicate" if is_test_finding(finding) else "production_duplicate"
    return None


def _item(finding: dict) -> dict:
    return {"axis": finding["axis"], "verdict": finding["verdict"], "rule": finding.get("rule"),
            "file": finding["file"], "symbol": finding["symbol"], "line": finding["line_start"],
            "line_end": finding["line_end"], "confidence": finding.get("confidence"),
            "raw_confidence": finding.get("raw_confidence"), "test_code": is_test_finding(finding),
            "severity": finding.get("severity"), "message": finding["message"],
            "label": None, "breaks": None, "why": None}


def prepare(round_dir: Path, seed: int) -> None:
    for folder in ("tolabel", "kinds"):
        (round_dir / folder).mkdir(exist_ok=True)
    commit = (round_dir / "reviewer_commit.txt").read_text().strip()
    for rc in sorted((round_dir / "runs").glob("*.rc")):
        project = rc.stem
        copy = round_dir / "runs" / project
        report = json.loads((copy / ".reviewer" / "report.json").read_text())
        groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
        for kind, listed in (("finding", report["findings"]), ("candidate", report.get("candidates", []))):
            for finding in listed:
                group = _group(finding)
                if group is not None:
                    groups[(group, kind)].append(_item(finding))
        items: list[tuple[dict, str]] = []
        sampled: dict[str, list[str]] = defaultdict(list)
        for (group, kind), rows in sorted(groups.items()):
            cap = CANDIDATES_CAP if kind == "candidate" else TEST_DUPLICATES_CAP if group == "test_duplicate" else FINDINGS_CAP
            drawn = random.Random(seed).sample(rows, cap) if len(rows) > cap else rows
            how = f"{cap} of {len(rows)} (seed {seed})" if len(rows) > cap else f"all {len(rows)}"
            sampled[group].append(f"{how} {'shown' if kind == 'finding' else 'under the floor'}")
            items += [(row, kind) for row in drawn]
        items.sort(key=lambda pair: (pair[0]["axis"], pair[0]["file"], pair[0]["line"]))  # blind: one mixed list
        source_file = round_dir / "runs" / f"{project}.source.json"
        source = json.loads(source_file.read_text()) if source_file.exists() else {"repo": "", "commit": ""}
        out = {"project": project, "repo": source["repo"], "commit": source["commit"], "reviewer_commit": commit,
               "exit_code": int(rc.read_text().strip()), "files_scanned": None,
               "sampled": {group: ", ".join(parts) for group, parts in sorted(sampled.items())}, "notes": "",
               "labels": [row for row, _ in items]}
        (round_dir / "tolabel" / f"{project}.labels.json").write_text(json.dumps(out, indent=1))
        (round_dir / "kinds" / f"{project}.json").write_text(json.dumps({"kinds": [kind for _, kind in items]}))
        print(project, out["sampled"])


def _labelled(round_dir: Path):
    """(project, labels file, each label with its `listed_as`) of every labelled project."""
    for path in sorted((round_dir / "labels").glob("*.labels.json")):
        labelled = json.loads(path.read_text())
        project = labelled["project"]
        kinds = json.loads((round_dir / "kinds" / f"{project}.json").read_text())["kinds"]
        handed = json.loads((round_dir / "tolabel" / f"{project}.labels.json").read_text())["labels"]
        key = lambda item: (item["axis"], item["file"], item["line"], item["symbol"], item["message"])  # noqa: E731
        kind_of = {key(item): kind for item, kind in zip(handed, kinds)}
        for label in labelled["labels"]:
            label["listed_as"] = kind_of[key(label)]
        yield project, labelled


def tally(round_dir: Path) -> None:
    total: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    breaking: dict[str, int] = defaultdict(int)
    for project, labelled in _labelled(round_dir):
        per: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for label in labelled["labels"]:
            if label["label"] not in ("TRUE", "FALSE"):
                continue
            kind = JUDGED.get(label["axis"]) or ("test_duplicate" if label["test_code"] else "production_duplicate")
            group = f"{kind} {label['listed_as']}"
            for counts in (per[group], total[group]):
                counts[0] += label["label"] == "TRUE"
                counts[1] += 1
            breaking[label["listed_as"]] += bool(label.get("breaks"))
        print(project, f"exit {labelled['exit_code']}", {g: f"{t}/{n}" for g, (t, n) in sorted(per.items())})
    print("total", {g: f"{t}/{n} ({t / n:.2f})" for g, (t, n) in sorted(total.items())},
          "would break:", dict(breaking))


def publish(round_dir: Path, destination: Path) -> None:
    destination.mkdir(parents=True, exist_ok=True)
    for project, labelled in _labelled(round_dir):
        (destination / f"{project}.labels.json").write_text(json.dumps(labelled, indent=1))
        print(destination / f"{project}.labels.json")


FIRST_CONTACT = CODE / "benchmarks" / "first-contact"
MANIFEST = CODE / "benchmarks" / "real" / "manifest.json"
# The yardsticks kept outside the team with their own answer keys (DEVELOPERS.md): never fetched here.
HELD_OUT = frozenset({"pallets/jinja", "delgan/loguru", "urllib3/urllib3", "sissbruecker/linkding", "ctfd/ctfd",
                      "honojs/hono", "mealie-recipes/mealie", "umami-software/umami", "mkdocs/mkdocs"})
HELD_OUT_NAMES = ("skylos-demo", "dead-code-benchmarks", "anatoly-bench")


def _repository(address: str) -> str:
    """`https://github.com/Owner/Name.git` -> `owner/name`."""
    return address.lower().removeprefix("https://github.com/").removesuffix(".git").strip("/")


def used_by(repositories: list[str], first_contact: Path = FIRST_CONTACT, manifest: Path = MANIFEST) -> dict[str, str]:
    """owner/name -> where it was used already ("" if nowhere)."""
    seen: dict[str, str] = {}
    for path in sorted(first_contact.rglob("*.labels.json")):
        address = json.loads(path.read_text()).get("repo")
        if isinstance(address, str) and address:
            seen.setdefault(_repository(address), str(path.relative_to(first_contact)))
    names: dict[str, str] = {}
    projects = json.loads(manifest.read_text())
    for project in projects["projects"] if isinstance(projects, dict) else projects:
        source = project.get("source", {})
        if source.get("repo"):
            seen.setdefault(_repository(source["repo"]), f"corpus project {project['name']}")
        for name in (project["name"], source.get("package")):
            if name:
                names.setdefault(name.lower(), f"corpus project {project['name']} (by name)")
    def where(repository: str) -> str:
        key = _repository(repository)
        if key in HELD_OUT or key.rsplit("/", 1)[-1] in HELD_OUT_NAMES:
            return "a held-out yardstick (never to be used)"
        return seen.get(key) or names.get(key.rsplit("/", 1)[-1], "")
    return {repository: where(repository) for repository in repositories}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    one = commands.add_parser("run", help="run reviewer on each tree as a new user would")
    one.add_argument("round_dir", type=Path)
    one.add_argument("trees", type=Path, nargs="+")
    one = commands.add_parser("prepare", help="write the blind lists to label")
    one.add_argument("round_dir", type=Path)
    one.add_argument("--seed", type=int, default=1)
    one = commands.add_parser("tally", help="precision per group of the labelled lists")
    one.add_argument("round_dir", type=Path)
    one = commands.add_parser("publish", help="the labels, with listed_as, into benchmarks/first-contact/roundN")
    one.add_argument("round_dir", type=Path)
    one.add_argument("destination", type=Path)
    one = commands.add_parser("check", help="whether repositories (owner/name) were used by a round or the corpus")
    one.add_argument("repositories", nargs="+")
    args = parser.parse_args()
    if args.command == "check":
        for repository, where in used_by(args.repositories).items():
            print(f"{'used' if where else 'fresh'} {repository}{f': {where}' if where else ''}")
        return
    if args.command == "run":
        run(args.round_dir, args.trees)
    elif args.command == "prepare":
        prepare(args.round_dir, args.seed)
    elif args.command == "tally":
        tally(args.round_dir)
    else:
        publish(args.round_dir, args.destination)


if __name__ == "__main__":
    main()
