from .core import run


def main():
    run()
