from .table import Table


def main():
    print(Table([1, 2]))
