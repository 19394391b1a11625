from pathlib import Path

from app.lint import check


def test_sample():
    assert check((Path(__file__).parent / "data" / "sample.py").read_text()) == 1
