# The mini repositories under this folder are review targets (tests/test_frameworks.py), not part of
# our test suite: their own tests and conftests import frameworks that are not installed here.
from pathlib import Path

collect_ignore = sorted(p.name for p in Path(__file__).parent.iterdir() if p.is_dir())
