"""`python -m reviewer`: the same command as the `reviewer` console script."""

from reviewer.cli import console

if __name__ == "__main__":
    console()
