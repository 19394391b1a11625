"""Bring every project of the real-code corpus into a cache, verified, and extract it.

    python benchmarks/real/materialize.py                      # all projects
    python benchmarks/real/materialize.py --only requests      # one (repeatable)
    python benchmarks/real/materialize.py --cache DIR          # default ~/.cache/reviewer-bench/real
    python benchmarks/real/materialize.py --offline            # never download; fail if an archive is missing
    python benchmarks/real/materialize.py --list               # what the manifest pins

Layout of the cache:
    <cache>/archives/<file>            pypi sdists (sha256 checked against the manifest)
    <cache>/archives/<name>-<commit12>.tar   git archives (tree id checked when made from a mirror)
    <cache>/trees/<name>/              the extracted tree that the benchmark audits

Sources:
- pypi: `python -m pip download --no-deps --no-binary :all: NAME==VERSION`.
- git: a bare mirror of the GitHub repository, looked up as <mirror-root>/<owner>+<name>/repo
  (or <mirror-root>/<owner>+<name>), default mirror root /work/.mirror (option --mirror-root
  or $REVIEWER_BENCH_MIRRORS). The commit must be present; its tree id (or the subdir's) must
  match the manifest. Once the tar is in the cache no mirror is needed.
When the cache is filled, nothing touches the network. A missing source ends in a message
that says what to fetch and where to put it.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "manifest.json"
DEFAULT_CACHE = Path(os.environ.get("REVIEWER_BENCH_CACHE", Path.home() / ".cache" / "reviewer-bench" / "real"))
DEFAULT_MIRRORS = Path(os.environ.get("REVIEWER_BENCH_MIRRORS", "/work/.mirror"))
STAMP = ".materialized.json"


class SourceMissing(Exception):
    """A project whose archive is neither in the cache nor obtainable."""


def load_manifest(path: Path = MANIFEST) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["projects"]


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _pypi_archive(project: dict, archives: Path, offline: bool) -> Path:
    source = project["source"]
    target = archives / source["file"]
    if not target.exists():
        if offline:
            raise SourceMissing(f"{project['name']}: {target} is missing (offline). Get it with: "
                                f"pip download --no-deps --no-binary :all: {source['package']}=={source['version']} -d {archives}")
        archives.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
                   f"{source['package']}=={source['version']}", "-d", str(archives)]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0 or not target.exists():
            raise SourceMissing(f"{project['name']}: pip download failed ({' '.join(command)}): "
                                f"{(result.stderr or result.stdout).strip().splitlines()[-1:]}")
    actual = sha256_file(target)
    if actual != source["sha256"]:
        raise SourceMissing(f"{project['name']}: {target} has sha256 {actual}, the manifest pins {source['sha256']}; "
                            "delete the file to download it again")
    return target


def _npm_archive(project: dict, archives: Path, offline: bool) -> Path:
    source = project["source"]
    target = archives / source["file"]
    if not target.exists():
        if offline:
            raise SourceMissing(f"{project['name']}: {target} is missing (offline). Get it with: "
                                f"npm pack {source['package']}@{source['version']} --pack-destination {archives}")
        archives.mkdir(parents=True, exist_ok=True)
        result = subprocess.run(["npm", "pack", f"{source['package']}@{source['version']}", "--pack-destination", str(archives)],
                                capture_output=True, text=True)
        if result.returncode != 0 or not target.exists():
            raise SourceMissing(f"{project['name']}: npm pack failed: {result.stderr.strip()[-300:]}")
    actual = sha256_file(target)
    if actual != source["sha256"]:
        raise SourceMissing(f"{project['name']}: {target} has sha256 {actual}, the manifest pins {source['sha256']}")
    return target


def _mirror(repo: str, mirror_root: Path) -> Path | None:
    base = mirror_root / repo.replace("/", "+")
    for candidate in (base / "repo", base):
        if (candidate / "HEAD").exists():
            return candidate
        if (candidate / ".git" / "HEAD").exists():  # a working clone: its git directory
            return candidate / ".git"
    return None


def _git(git_dir: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "--git-dir", str(git_dir), *args], capture_output=True)


def _git_archive(project: dict, archives: Path, mirror_root: Path, offline: bool) -> Path:
    source = project["source"]
    commit = source["commit"]
    target = archives / f"{project['name']}-{commit[:12]}.tar"
    if target.exists():
        return target
    git_dir = _mirror(source["repo"], mirror_root)
    if git_dir is None:
        raise SourceMissing(
            f"{project['name']}: no archive {target} and no mirror of github:{source['repo']} under {mirror_root} "
            f"(expected {mirror_root / source['repo'].replace('/', '+') / 'repo'}); fetch the repository "
            f"(a bare clone: git clone --mirror https://github.com/{source['repo']} <that path>) and run again")
    subdir = project.get("subdir")
    spec = f"{commit}:{subdir}" if subdir else f"{commit}^{{tree}}"
    tree = _git(git_dir, "rev-parse", spec)
    if tree.returncode != 0:
        raise SourceMissing(f"{project['name']}: commit {commit} is not in the mirror {git_dir} (refresh the mirror)")
    tree_id = tree.stdout.decode().strip()
    if tree_id != source["tree"]:
        raise SourceMissing(f"{project['name']}: tree of {spec} is {tree_id}, the manifest pins {source['tree']}")
    result = _git(git_dir, "archive", "--format=tar", tree_id)
    if result.returncode != 0:
        raise SourceMissing(f"{project['name']}: git archive failed: {result.stderr.decode()[-300:]}")
    archives.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".tar.part")
    partial.write_bytes(result.stdout)
    partial.replace(target)
    return target


def _extract(archive: Path, destination: Path, strip_top: bool) -> int:
    """Extract regular files and directories (no links, nothing outside destination); returns file count."""
    partial = destination.with_name(destination.name + ".part")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    count = 0
    mode = "r:gz" if archive.name.endswith((".tar.gz", ".tgz")) else "r:"
    with tarfile.open(archive, mode) as tar:
        for member in tar.getmembers():
            name = member.name
            if strip_top:
                name = name.partition("/")[2]
            if not name or member.issym() or member.islnk() or not (member.isfile() or member.isdir()):
                continue
            path = (partial / name).resolve()
            if not str(path).startswith(str(partial.resolve()) + os.sep):
                continue
            if member.isdir():
                path.mkdir(parents=True, exist_ok=True)
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            with tar.extractfile(member) as handle:  # type: ignore[union-attr]
                path.write_bytes(handle.read())
            count += 1
    shutil.rmtree(destination, ignore_errors=True)
    partial.replace(destination)
    return count


def materialize(project: dict, cache: Path = DEFAULT_CACHE, mirror_root: Path = DEFAULT_MIRRORS,
                offline: bool = False, force: bool = False) -> Path:
    """The extracted tree of one project (made if needed); raises SourceMissing."""
    archives, tree = cache / "archives", cache / "trees" / project["name"]
    source = project["source"]
    pin = source.get("sha256") or source.get("tree")
    stamp = tree / STAMP
    if not force and stamp.exists():
        try:
            if json.loads(stamp.read_text())["pin"] == pin:
                return tree
        except (ValueError, KeyError):
            pass
    kind = source["kind"]
    if kind == "pypi":
        archive, strip = _pypi_archive(project, archives, offline), True
    elif kind == "npm":
        archive, strip = _npm_archive(project, archives, offline), True
    elif kind == "git":
        archive, strip = _git_archive(project, archives, mirror_root, offline), False
    else:
        raise SourceMissing(f"{project['name']}: unknown source kind {kind!r}")
    subdir = project.get("subdir") if kind != "git" else None  # git archives are made from the subdir's tree
    files = _extract(archive, tree, strip)
    if subdir:
        inner = tree / subdir
        moved = tree.with_name(tree.name + ".sub")
        shutil.rmtree(moved, ignore_errors=True)
        inner.replace(moved)
        shutil.rmtree(tree)
        moved.replace(tree)
    stamp.write_text(json.dumps({"pin": pin, "archive": archive.name, "files": files}))
    return tree


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--mirror-root", type=Path, default=DEFAULT_MIRRORS)
    parser.add_argument("--only", action="append", default=[], metavar="NAME")
    parser.add_argument("--offline", action="store_true")
    parser.add_argument("--force", action="store_true", help="extract again even when the tree is up to date")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args(argv)
    projects = load_manifest()
    if args.only:
        unknown = set(args.only) - {p["name"] for p in projects}
        if unknown:
            parser.error(f"unknown project(s): {', '.join(sorted(unknown))}")
        projects = [p for p in projects if p["name"] in args.only]
    if args.list:
        for p in projects:
            s = p["source"]
            print(f"{p['name']:<24} {p['shape']:<28} {s['kind']:<5} {s.get('version') or s.get('commit')[:12]}"
                  f"{'  subdir ' + p['subdir'] if p.get('subdir') else ''}")
        return 0
    failed = 0
    for project in projects:
        try:
            tree = materialize(project, args.cache, args.mirror_root, args.offline, args.force)
            print(f"ok       {project['name']:<24} {tree}")
        except SourceMissing as exc:
            failed += 1
            print(f"MISSING  {exc}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
