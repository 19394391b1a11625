"""scripts/benchlib.run_measured: the benchmarks' peak RSS and exit status of one command.

A peak taken from getrusage(RUSAGE_CHILDREN) is the largest of every child reaped so far,
so a large peer run earlier would show as the reviewer's peak: each run must report its own."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from benchlib import run_measured  # noqa: E402

ALLOCATE = "import sys; block = bytearray({mb} * 2**20); print(len(block)); sys.exit({code})"


def test_each_run_reports_its_own_peak_after_a_larger_one() -> None:
    big = run_measured([sys.executable, "-c", ALLOCATE.format(mb=400, code=0)])
    small = run_measured([sys.executable, "-c", ALLOCATE.format(mb=1, code=3)])
    assert big.returncode == 0 and big.stdout.strip() == str(400 * 2**20)
    assert big.peak_rss_mb >= 400
    assert small.returncode == 3  # the command's own exit status, passed on
    assert small.peak_rss_mb < 300  # not the earlier child's 400 MB
    assert big.cpu_seconds > 0


def test_a_command_past_its_timeout_is_killed_and_says_so() -> None:
    done = run_measured([sys.executable, "-c", "import time; time.sleep(60)"], timeout=0.5)
    assert done.returncode is None
