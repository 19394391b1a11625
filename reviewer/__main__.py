"""`python -m reviewer`: the same command as the `reviewer` console script."""

from reviewer.cli import main

if __name__ == "__main__":
    main()
