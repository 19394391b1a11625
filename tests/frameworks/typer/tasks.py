from helpers import banner


def main(name: str = "world"):
    print(banner(name))


def unused_sync():
    return "never run"
