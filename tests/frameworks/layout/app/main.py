from .lint import check


def main():
    print(check("x = 1"))
