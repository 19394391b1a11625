"""Typing tests: NOT meant to be executed; the type checkers read them in CI."""
from app.lint import check


def checked_result() -> None:
    flag: bool = check("x")
    print(flag)
