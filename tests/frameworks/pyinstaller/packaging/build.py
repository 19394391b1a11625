import subprocess


def build():
    subprocess.run(["pyinstaller", "--additional-hooks-dir", "hooks", "cli.py"], check=True)


def _unused_step():
    return 1


if __name__ == "__main__":
    build()
