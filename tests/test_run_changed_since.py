"""`reviewer run --changed-since REF`: only the files changed since a git ref are
reviewed and gated, while their functions are still compared with the whole index
(a copy of old code in a new file is new duplication)."""

from __future__ import annotations

import json
import subprocess
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from reviewer.cli import cli

OLD = '''
"""Order maths."""


def order_total(lines):
    """Sum unit price times quantity over the order lines, rounded to cents."""
    total = 0.0
    for line in lines:
        if line["quantity"] <= 0:
            continue
        total += line["unit_price"] * line["quantity"]
    return round(total, 2)
'''

MAIN = '''
from orders import order_total

print(order_total([{"unit_price": 2.0, "quantity": 3}]))
'''

COPY = '''
"""Invoices."""


def invoice_amount(rows):
    """Sum unit price times quantity over the invoice rows, rounded to cents."""
    amount = 0.0
    for row in rows:
        if row["quantity"] <= 0:
            continue
        amount += row["unit_price"] * row["quantity"]
    return round(amount, 2)
'''

MAIN_AFTER = '''
from invoices import invoice_amount
from orders import order_total

print(order_total([{"unit_price": 2.0, "quantity": 3}]), invoice_amount([]))
'''


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, text=True).stdout


def write(root: Path, rel: str, text: str) -> None:
    (root / rel).write_text(textwrap.dedent(text).lstrip())


@pytest.fixture()
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "config", "user.email", "t@example.com")
    git(tmp_path, "config", "user.name", "t")
    write(tmp_path, "orders.py", OLD)
    write(tmp_path, "main.py", MAIN)
    (tmp_path / ".gitignore").write_text(".reviewer/\n")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "base")
    return tmp_path


def run(root: Path, *args: str):
    # every reported verdict a finding: the floor has its own test (test_finding_floor.py)
    return CliRunner().invoke(cli, ["run", str(root), "--plain", "--min-confidence", "0", *args], catch_exceptions=False)


def last_run(root: Path) -> dict:
    runs = sorted((root / ".reviewer" / "runs").iterdir())
    return json.loads((runs[-1] / "run.json").read_text())


def test_changed_since_reviews_only_changed_files_against_the_whole_index(repo: Path) -> None:
    write(repo, "invoices.py", COPY)  # untracked: counts as changed
    write(repo, "main.py", MAIN_AFTER)
    result = run(repo, "--changed-since", "main", "--fail-on", "duplication")
    assert result.exit_code == 1, result.output
    record = last_run(repo)
    assert record["changed_since"] == "main"
    assert record["files_reviewed"] == 2  # invoices.py and main.py; orders.py is not in scope
    reviews = repo / ".reviewer" / "reviews"
    assert not (reviews / "orders.py.rev.json").exists()
    invoice = json.loads((reviews / "invoices.py.rev.json").read_text())
    symbol = next(s for s in invoice["symbols"] if s["name"] == "invoice_amount")
    # the old function is the one to keep; the new copy is the duplicate
    assert symbol["duplication"] == "DUPLICATE"
    assert symbol["duplicate_of"]["file"] == "orders.py"


def test_changed_since_with_nothing_changed_is_clean(repo: Path) -> None:
    result = run(repo, "--changed-since", "HEAD", "--fail-on", "needs-refactor")
    assert result.exit_code == 0, result.output
    assert last_run(repo)["files_reviewed"] == 0


def test_changed_since_an_unknown_ref_is_one_clear_error(repo: Path) -> None:
    result = CliRunner().invoke(cli, ["run", str(repo), "--plain", "--changed-since", "no-such-ref"])
    assert result.exit_code == 2
    assert "no-such-ref" in result.output
