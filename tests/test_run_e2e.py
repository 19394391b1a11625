"""End to end: `reviewer run` on a small repository, with the real scan, the real
MiniLM model and a real LanceDB index (no API key: the static reviewer)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from reviewer.cli import cli
from reviewer.review.calibration import calibrated

FILES = {
    "shop/__init__.py": '''
        """A tiny shop."""
        from .cart import Cart
        from .pricing import total_price

        __all__ = ["Cart", "total_price"]
    ''',
    "shop/pricing.py": '''
        """Prices."""
        from .util import round_money


        def total_price(items):
            """Sum the price of every item, rounded to cents."""
            total = 0
            for item in items:
                total += item["price"] * item["qty"]
            return round_money(total)


        def legacy_discount(price):
            """Old discount rule, replaced by promotions."""
            if price > 100:
                return price * 0.9
            return price
    ''',
    "shop/util.py": '''
        """Helpers."""


        def round_money(value):
            """Round to cents."""
            return round(value + 0.0, 2)


        def order_value(lines):
            """Sum quantity times price over the order lines."""
            amount = 0
            for line in lines:
                amount += line["price"] * line["qty"]
            return round_money(amount)
    ''',
    "shop/cart.py": '''
        """The cart."""
        from .pricing import total_price
        from .util import order_value


        class Cart:
            """Holds items."""

            def __init__(self):
                self.items = []

            def add(self, name, price, qty=1):
                """Add an item."""
                self.items.append({"name": name, "price": price, "qty": qty})

            def total(self):
                """Cart total."""
                return total_price(self.items)

            def value(self):
                """Order value."""
                return order_value(self.items)
    ''',
    "shop/__main__.py": '''
        """`python -m shop`: an application, so an unused public function is dead code."""
        from .cart import Cart

        cart = Cart()
        cart.add("tea", 2.5, 2)
        print(cart.total(), cart.value())
    ''',
    "tests/test_cart.py": '''
        from shop.cart import Cart


        def test_total():
            cart = Cart()
            cart.add("a", 2.0, 3)
            assert cart.total() == 6.0
            assert cart.value() == 6.0
    ''',
}


def write_repo(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


def run(root: Path, *args: str):
    # every reported verdict a finding: the floor has its own test (test_finding_floor.py)
    result = CliRunner().invoke(cli, ["run", str(root), "--plain", "--min-confidence", "0", *args], catch_exceptions=False)
    return result


def load_review(root: Path, rel: str) -> dict:
    return json.loads((root / ".reviewer" / "reviews" / f"{rel}.rev.json").read_text())


def symbol(review: dict, name: str) -> dict:
    return next(s for s in review["symbols"] if s["name"] == name)


@pytest.fixture()
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    write_repo(tmp_path, FILES)
    return tmp_path


def test_run_with_rag_writes_verdicts_and_reuses_the_cache(repo: Path) -> None:
    first = run(repo, "--enable-rag")
    assert first.exit_code == 0, first.output
    pricing = load_review(repo, "shop/pricing.py")
    assert pricing["reviewer"] == "static"
    assert pricing["rag_enabled"] is True
    assert symbol(pricing, "legacy_discount")["utility"] == "DEAD"
    assert symbol(pricing, "total_price")["utility"] == "USED"
    # order_value is a renamed copy of total_price's body
    util = load_review(repo, "shop/util.py")
    dup = symbol(util, "order_value")
    assert dup["duplication"] == "DUPLICATE", dup
    assert dup["duplicate_of"]["name"] == "total_price"
    # Every finding carries the confidence of its own axis, not the least of its symbol's axes.
    (finding,) = [f for f in util["findings"] if f["axis"] == "duplication"]
    assert finding["raw_confidence"] == 80 and dup["confidence"] < 80
    assert finding["confidence"] == calibrated(finding["rule"], 80, family="python")  # the rule's measured precision
    assert all(isinstance(f["confidence"], int) for f in pricing["findings"] + util["findings"])
    assert pricing["verdict"] == "NEEDS_REFACTOR"
    assert {c["name"] for c in pricing["function_cards"]} == {"total_price", "legacy_discount"}
    assert (repo / ".reviewer" / "report.md").exists()
    assert (repo / ".reviewer" / "rag" / "lancedb").is_dir()

    second = run(repo, "--enable-rag")
    assert second.exit_code == 0, second.output
    runs = sorted((repo / ".reviewer" / "runs").iterdir())
    last = json.loads((runs[-1] / "run.json").read_text())
    assert last["files_reviewed"] == 0
    assert last["files_cached"] == len(FILES)
    # Nothing changed: the evidence comes from its cache, no analysis, no pair scoring.
    assert "evidence cache" in last["phase_seconds"] and "analysis" not in last["phase_seconds"]


def test_damaged_caches_are_recomputed(repo: Path) -> None:
    assert run(repo).exit_code == 0
    before = load_review(repo, "shop/util.py")
    cache = repo / ".reviewer" / "cache"
    for name in ("evidence.json", "pairs.json"):
        (cache / name).write_text('{"version": 1, "key": [', encoding="utf-8")
    result = run(repo)
    assert result.exit_code == 0, result.output
    after = load_review(repo, "shop/util.py")
    assert symbol(after, "order_value") == symbol(before, "order_value")
    assert json.loads((cache / "evidence.json").read_text())["digests"]


def test_a_change_in_one_file_makes_a_symbol_of_another_dead(repo: Path) -> None:
    assert run(repo).exit_code == 0
    assert symbol(load_review(repo, "shop/util.py"), "order_value")["utility"] == "USED"
    cart = (repo / "shop/cart.py").read_text()
    cart = cart.replace("from .util import order_value\n", "").replace(
        "        return order_value(self.items)", "        return total_price(self.items)"
    )
    (repo / "shop/cart.py").write_text(cart)
    result = run(repo)
    assert result.exit_code == 0, result.output
    util = load_review(repo, "shop/util.py")
    assert symbol(util, "order_value")["utility"] == "DEAD"
    runs = sorted((repo / ".reviewer" / "runs").iterdir())
    last = json.loads((runs[-1] / "run.json").read_text())
    # cart.py changed, util.py's evidence changed: both re-reviewed, the rest from cache
    assert last["files_reviewed"] == 2, last


def test_reviews_of_deleted_files_are_removed(repo: Path) -> None:
    assert run(repo).exit_code == 0
    assert (repo / ".reviewer/reviews/shop/util.py.rev.json").exists()
    (repo / "shop/util.py").unlink()
    (repo / "shop/cart.py").write_text(textwrap.dedent(FILES["shop/cart.py"]).replace("from .util import order_value\n", ""))
    assert run(repo).exit_code == 0
    assert not (repo / ".reviewer/reviews/shop/util.py.rev.json").exists()


def test_gate_exit_codes(repo: Path) -> None:
    assert run(repo, "--fail-on", "utility").exit_code == 1
    assert run(repo, "--fail-on", "critical").exit_code == 0
    bad = CliRunner().invoke(cli, ["run", str(repo), "--plain", "--fail-on", "nonsense"])
    assert bad.exit_code == 2


def test_a_cold_run_reports_the_reviews_it_wrote_without_parsing_them_again(repo: Path, monkeypatch) -> None:
    """The report takes the reviews this run wrote from memory: one copy of them, not a second one
    parsed from disk."""
    from reviewer.schema.review import StoredReview

    parsed: list[str] = []
    original = StoredReview.model_validate_json.__func__

    def counting(cls, data, *args, **kwargs):
        review = original(cls, data, *args, **kwargs)
        parsed.append(review.file)
        return review

    monkeypatch.setattr(StoredReview, "model_validate_json", classmethod(counting))
    first = run(repo)
    assert first.exit_code == 0, first.output
    assert parsed == []
    report = json.loads((repo / ".reviewer" / "report.json").read_text())
    assert {f["file"] for f in report["files"]} >= {"shop/pricing.py", "shop/util.py", "shop/cart.py"}


def test_an_edit_of_a_text_file_that_names_a_symbol_is_seen_by_the_next_run(repo: Path) -> None:
    # The word index is evidence: a settings file that starts naming a plugin by its dotted path makes
    # it live on the next run, as on a cold one (the evidence cache must not serve the old verdict).
    write_repo(repo, {"shop/plugins.py": "class _Rewrite:\n    def on_result(self, result):\n        return result\n",
                      "settings.yml": "plugins: []\n"})
    assert run(repo).exit_code == 0
    assert symbol(load_review(repo, "shop/plugins.py"), "_Rewrite")["utility"] == "DEAD"
    (repo / "settings.yml").write_text("plugins:\n  shop.plugins._Rewrite:\n    active: true\n")
    assert run(repo).exit_code == 0
    assert symbol(load_review(repo, "shop/plugins.py"), "_Rewrite")["utility"] == "USED"
