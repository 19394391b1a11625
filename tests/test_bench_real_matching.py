"""The real-code benchmark's own matching (scripts/bench_real.py --selftest): reviewer's pairs
against jscpd's, vulture's items against DEAD findings. A bug there would misstate every number."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def test_bench_real_matching_selftest() -> None:
    path = Path(__file__).resolve().parents[1] / "scripts" / "bench_real.py"
    spec = importlib.util.spec_from_file_location("bench_real", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    module.selftest()
