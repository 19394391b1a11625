"""An incremental run (caches from the run before a change) writes exactly what a cold
run of the same tree writes, and re-reviews only the files whose evidence changed."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest

from test_run_e2e import FILES, load_review, run, symbol, write_repo


def reviews(root: Path) -> dict[str, dict]:
    """Every stored review, without what differs between two runs of one tree (when it ran)."""
    out = {}
    for path in sorted((root / ".reviewer" / "reviews").rglob("*.rev.json")):
        review = json.loads(path.read_text())
        review.pop("reviewed_at", None)
        for card in review.get("function_cards", []):
            card.pop("last_indexed", None)
        out[path.relative_to(root).as_posix()] = review
    return out


def findings(root: Path) -> dict:
    """report.json without its run record and what changed since the report before (which differ
    between an incremental and a cold run of one tree by design)."""
    report = json.loads((root / ".reviewer" / "report.json").read_text())
    return {key: report[key] for key in ("summary", "semantic", "files", "findings", "suppressed", "warnings")}


def last_run(root: Path) -> dict:
    runs = sorted((root / ".reviewer" / "runs").iterdir())
    return json.loads((runs[-1] / "run.json").read_text())


def cold_copy(root: Path, dest: Path) -> Path:
    """The sources of `root` in a fresh folder, without its .reviewer/ caches."""
    shutil.copytree(root, dest, ignore=shutil.ignore_patterns(".reviewer"))
    return dest


@pytest.fixture()
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    root = tmp_path / "repo"
    write_repo(root, FILES)
    return root


def test_removing_the_only_call_gives_the_cold_runs_findings(repo: Path, tmp_path: Path) -> None:
    assert run(repo).exit_code == 0
    assert symbol(load_review(repo, "shop/util.py"), "order_value")["utility"] == "USED"
    cart = (repo / "shop/cart.py").read_text()
    (repo / "shop/cart.py").write_text(cart.replace("from .util import order_value\n", "").replace(
        "        return order_value(self.items)", "        return total_price(self.items)"))

    assert run(repo).exit_code == 0
    incremental = last_run(repo)
    assert symbol(load_review(repo, "shop/util.py"), "order_value")["utility"] == "DEAD"
    # cart.py changed, and util.py's evidence (its function lost its only user): the rest from cache.
    assert incremental["files_reviewed"] == 2 and incremental["files_cached"] == len(FILES) - 2, incremental

    cold = cold_copy(repo, tmp_path / "cold")
    assert run(cold).exit_code == 0
    assert reviews(repo) == reviews(cold)


def test_adding_a_function_re_reviews_only_its_file(repo: Path, tmp_path: Path) -> None:
    assert run(repo).exit_code == 0
    with (repo / "shop/pricing.py").open("a", encoding="utf-8") as handle:
        handle.write(textwrap.dedent('''

            def doubled_total(values):
                """Twice the sum."""
                total = 0
                for v in values:
                    total += v * 2
                return total
        '''))

    assert run(repo).exit_code == 0
    incremental = last_run(repo)
    # Nothing another file sees changed: the importers of pricing.py keep their reviews.
    assert incremental["files_reviewed"] == 1, incremental
    assert symbol(load_review(repo, "shop/pricing.py"), "doubled_total")["utility"] == "DEAD"

    cold = cold_copy(repo, tmp_path / "cold")
    assert run(cold).exit_code == 0
    assert reviews(repo) == reviews(cold)
    assert findings(repo) == findings(cold)


def test_an_unchanged_re_run_reads_no_facts(repo: Path, tmp_path: Path) -> None:
    assert run(repo).exit_code == 0
    facts = repo / ".reviewer" / "cache" / "facts"
    assert any(facts.rglob("*.json"))
    shutil.rmtree(facts)  # what the re-run needs of the scan is in cache/scan.json

    assert run(repo).exit_code == 0
    again = last_run(repo)
    assert again["files_cached"] == len(FILES) and again["files_reviewed"] == 0, again
    assert "analysis" not in again["phase_seconds"], again["phase_seconds"]
    assert not facts.exists()  # not scanned again: no facts were wanted
    cold = cold_copy(repo, tmp_path / "cold")
    assert run(cold).exit_code == 0
    assert reviews(repo) == reviews(cold)
    assert findings(repo) == findings(cold)


def test_a_file_to_review_again_with_nothing_changed_is_reviewed_on_its_full_facts(repo: Path, tmp_path: Path) -> None:
    # A stored review removed (by hand) while no file changed: the scan's snapshot and the evidence
    # cache hold, and the file is reviewed again from the whole scan and analysis, not the light facts.
    (repo / "shop/cart.py").write_text((repo / "shop/cart.py").read_text() + "\n\nSPARE = 1  # reviewer: ignore[utility]\n")
    assert run(repo).exit_code == 0
    (repo / ".reviewer" / "reviews" / "shop" / "cart.py.rev.json").unlink()

    assert run(repo).exit_code == 0
    again = last_run(repo)
    assert again["files_reviewed"] == 1 and again["files_cached"] == len(FILES) - 1, again
    cold = cold_copy(repo, tmp_path / "cold")
    assert run(cold).exit_code == 0
    assert reviews(repo) == reviews(cold)
    assert findings(repo) == findings(cold)
    assert findings(repo)["suppressed"], "the suppression comment is read from the full facts"


REPORTS = {
    "shop/reports.py": '''
        """Reports."""


        def sales_report(orders, title):
            """Sales per customer, as text."""
            header = title.upper()
            totals = {}
            for order in orders:
                customer = order["customer"]
                amount = order["price"] * order["qty"]
                totals[customer] = totals.get(customer, 0) + amount
            lines = [f"{name}: {value:.2f}" for name, value in sorted(totals.items())]
            return header + "\\n" + "\\n".join(lines)
    ''',
    "shop/export.py": '''
        """Exports."""
        import csv


        def export_sales(orders, path):
            """Sales per customer, as CSV."""
            totals = {}
            for order in orders:
                customer = order["customer"]
                amount = order["price"] * order["qty"]
                totals[customer] = totals.get(customer, 0) + amount
            lines = [f"{name}: {value:.2f}" for name, value in sorted(totals.items())]
            with open(path, "w", newline="") as handle:
                writer = csv.writer(handle)
                for line in lines:
                    writer.writerow(line.split(": "))
    ''',
}


def duplication(root: Path, rel: str, name: str) -> str:
    return symbol(load_review(root, rel), name)["duplication"]


@pytest.mark.parametrize("edit", ["partner changes", "partner moves"])
def test_a_changed_duplicate_partner_gives_the_cold_runs_findings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  edit: str) -> None:
    """The runs of equal lines are kept by the content of both sides (.reviewer/cache/runs.json):
    a partner whose block changes, or that moves down its file, is compared again."""
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    repo = tmp_path / "repo"
    write_repo(repo, {**FILES, **REPORTS})
    assert run(repo).exit_code == 0
    assert "DUPLICATE" in {duplication(repo, "shop/reports.py", "sales_report"),
                           duplication(repo, "shop/export.py", "export_sales")}
    assert (repo / ".reviewer" / "cache" / "runs.json").is_file()
    export = (repo / "shop/export.py").read_text()
    if edit == "partner changes":
        export = export.replace('order["price"] * order["qty"]', 'order["total"]').replace("sorted(totals.items())",
                                                                                         "totals.items()")
    else:
        export = export.replace('import csv\n', 'import csv\n\nSEPARATOR = ": "\n')
    (repo / "shop/export.py").write_text(export)

    assert run(repo).exit_code == 0
    if edit == "partner changes":
        assert duplication(repo, "shop/reports.py", "sales_report") == "UNIQUE"
    cold = cold_copy(repo, tmp_path / "cold")
    assert run(cold).exit_code == 0
    assert reviews(repo) == reviews(cold)


DIGESTS = """
import json, sys
from pathlib import Path
from reviewer.config import load_config
from reviewer.pipeline import RunOptions, prepare
root = Path(sys.argv[1])
prepared = prepare(root, load_config(root), RunOptions(no_cache=True))
print(json.dumps(prepared.digests, sort_keys=True))
"""


@pytest.mark.parametrize("fixture", ["py_shop", "ts_shop"])
def test_evidence_digests_do_not_depend_on_the_process(fixture: str, tmp_path: Path) -> None:
    """Two processes hash strings with two seeds (set order differs): a digest that read a set's
    order would re-review files whose evidence did not change."""
    import os
    import subprocess
    import sys

    root = cold_copy(Path(__file__).parent / "fixtures" / "quality" / fixture, tmp_path / fixture)
    env = {k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}
    seen = []
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", DIGESTS, str(root)], env={**env, "PYTHONHASHSEED": seed},
                              capture_output=True, text=True, check=True)
        seen.append(json.loads(done.stdout.strip().splitlines()[-1]))
    assert seen[0] == seen[1] and len(seen[0]) > 3


def test_preloaded_reviews_are_the_reviews_looked_up(repo: Path) -> None:
    """ReviewCache.preload parses the stored reviews ahead (while the duplicates are found): a
    lookup then gives what it would have parsed, and still checks the key; a damaged review is none."""
    from reviewer.review.cache import ReviewCache
    from reviewer.workspace import Workspace

    assert run(repo).exit_code == 0
    workspace = Workspace(repo, ".reviewer")
    plain = ReviewCache(workspace)
    keys = dict(plain.entries)
    workspace.review_json("shop/cart.py").write_text("{damaged")
    ahead = ReviewCache(workspace)
    ahead.preload()
    for path, key in keys.items():
        expected = plain.lookup(path, key)
        found = ahead.lookup(path, key)
        assert (found is None) == (path == "shop/cart.py") == (expected is None)
        if found is not None:
            assert found == expected and ahead.read[path] == plain.read[path]
        assert ahead.lookup(path, "another key") is None


def test_a_preloaded_review_whose_key_no_longer_holds_is_let_go(repo: Path) -> None:
    """A review parsed ahead but not valid for this run (its key moved: the file is reviewed again)
    is not kept: a later lookup reads the stored file as it is then, not the copy parsed before. A
    run that re-reviews every file (new code) held each stored review to its end: 3.1 GB on
    20,000 files against 2.6 GB cold."""
    from reviewer.review.cache import ReviewCache
    from reviewer.schema.review import ReviewFile
    from reviewer.workspace import Workspace

    assert run(repo).exit_code == 0
    workspace = Workspace(repo, ".reviewer")
    cache = ReviewCache(workspace)
    key = cache.entries["shop/cart.py"]
    cache.preload()
    assert cache.lookup("shop/cart.py", "the key of a re-review") is None
    stored = workspace.review_json("shop/cart.py")
    rewritten = ReviewFile.model_validate_json(stored.read_text()).model_copy(update={"summary": "written again"})
    stored.write_text(rewritten.model_dump_json())
    assert cache.lookup("shop/cart.py", key).summary == "written again"
    others = ReviewCache(workspace)
    others.preload()
    others.release_preloaded()  # the run's scope is read: what no lookup took is let go
    stored.write_text(rewritten.model_copy(update={"summary": "and again"}).model_dump_json())
    assert others.lookup("shop/cart.py", key).summary == "and again"


NO_CODE_CHANGE = {
    # A Jinja template starts calling `User.gravatar`.
    "template": ({"app/models.py": "class User:\n    def gravatar(self):\n        return 1\n\n    def ping(self):\n"
                                   "        return 2\n",
                  "app/main.py": "from .models import User\n\nprint(User)\n",
                  "app/templates/user.html": "<p>{{ user.ping() }}</p>\n"},
                 ("app/templates/user.html", "<p>{{ user.ping() }} {{ user.gravatar(size=32) }}</p>\n"),
                 ("app/models.py", "User.gravatar")),
    # docs/api.rst starts documenting `app.errors` with autodoc.
    "documentation": ({"app/errors.py": "class Used(Exception):\n    pass\n\n\nclass Spare(Exception):\n    pass\n",
                       "app/main.py": "from .errors import Used\n\nprint(Used)\n",
                       "docs/api.rst": "API\n===\n"},
                      ("docs/api.rst", "API\n===\n\n.. automodule:: app.errors\n   :members:\n"),
                      ("app/errors.py", "Spare")),
}


@pytest.mark.parametrize("case", sorted(NO_CODE_CHANGE))
def test_a_file_outside_the_code_that_starts_using_a_name_gives_the_cold_runs_findings(
        case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # No code file changes: only a file the analysis reads besides the code does.
    files, (changed, text), (path, name) = NO_CODE_CHANGE[case]
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    root = tmp_path / "app"
    write_repo(root, {"manage.py": "import sys\n\nprint(sys.argv)\n", "app/__init__.py": "", **files})
    run(root)
    assert symbol(load_review(root, path), name)["utility"] == "DEAD"
    (root / changed).write_text(text)
    run(root)
    assert symbol(load_review(root, path), name)["utility"] == "USED"
    cold = cold_copy(root, tmp_path / "cold")
    run(cold)
    assert reviews(root) == reviews(cold)


def test_held_reviews_give_the_report_the_reviews_parse_gives(repo: Path, tmp_path: Path) -> None:
    """A re-run takes the stored reviews from the held store (cache/held.marshal: the reviews as the run
    holds them for the report), not from parsing every .rev.json: the same report as a run that parses
    them (store removed) and as a cold run; a .rev.json whose bytes changed since is parsed, not taken
    from the store; and a page rendered again from a held review shows the evidence prose its
    .rev.json keeps (the held form has none)."""
    assert run(repo).exit_code == 0
    held = repo / ".reviewer" / "cache" / "held.marshal"
    assert held.is_file()
    pages = {path: path.read_text() for path in (repo / ".reviewer" / "reviews").rglob("*.rev.md")}
    assert any("**utility**" in text for text in pages.values())  # evidence bullets, from the whole review

    with (repo / "shop/pricing.py").open("a", encoding="utf-8") as handle:
        handle.write("\n\ndef spare(values):\n    return [v * 2 for v in values]\n")
    assert run(repo).exit_code == 0  # one file changed: the other reviews from the store
    from_store = findings(repo)
    held.unlink()
    (repo / ".reviewer" / "cache" / "rendered.json").unlink()  # every page is rendered again
    for page in pages:
        page.unlink()
    assert run(repo).exit_code == 0  # nothing changed: every review parsed from its .rev.json
    assert findings(repo) == from_store
    assert held.is_file()  # written again by that run
    # Pages rendered from held reviews are the pages rendered from the whole ones.
    assert {path: path.read_text() for path in pages} == pages | {
        path: path.read_text() for path in pages if "pricing" in path.name}

    cold = cold_copy(repo, tmp_path / "cold")
    assert run(cold).exit_code == 0
    assert findings(cold) == from_store and reviews(cold) == reviews(repo)

    # A review edited on disk after the store was written: its new bytes are read, not the stored entry.
    stored = repo / ".reviewer" / "reviews" / "shop" / "cart.py.rev.json"
    data = json.loads(stored.read_text())
    data["summary"] = "edited by hand"
    stored.write_text(json.dumps(data))
    from reviewer.review.cache import ReviewCache
    from reviewer.workspace import Workspace

    cache = ReviewCache(Workspace(repo, ".reviewer"), held=True)
    review = cache.lookup("shop/cart.py", cache.entries["shop/cart.py"])
    assert review is not None and review.summary == "edited by hand"


def test_the_held_store_is_written_entry_by_entry_and_read_only_whole(repo: Path) -> None:
    """cache/held.marshal is a stream of records with their digest last: every review of the run read
    back; a damaged or cut file reads as empty (the reviews are parsed then); a write that fails
    half-way leaves the store it was replacing."""
    from reviewer.review.cache import HeldReviews

    assert run(repo).exit_code == 0
    path = repo / ".reviewer" / "cache" / "held.marshal"
    written = path.read_bytes()
    store = HeldReviews(path)
    stored = store.stored()
    reviews_folder = repo / ".reviewer" / "reviews"
    assert set(stored) == {p.relative_to(reviews_folder).as_posix().removesuffix(".rev.json")
                           for p in reviews_folder.rglob("*.rev.json")}
    for file_path, (digest, _) in stored.items():
        assert store.get(file_path, digest).file == file_path

    for damaged in (written[:-1] + bytes([written[-1] ^ 1]), written[: len(written) // 2], b""):
        path.write_bytes(damaged)
        assert HeldReviews(path).stored() == {}

    class FailingHalfway(dict):  # the run's reviews, of which the third cannot be stored
        def items(self):
            for count, item in enumerate(super().items()):
                if count == 2:
                    raise RuntimeError("disk gone")
                yield item

    path.write_bytes(written)
    held = FailingHalfway({file_path: (digest + "0", store.get(file_path, digest)) for file_path, (digest, _) in stored.items()})
    with pytest.raises(RuntimeError):
        HeldReviews(path).save(held)
    assert path.read_bytes() == written
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".held.marshal.")]  # no temp file left
