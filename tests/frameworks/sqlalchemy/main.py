from db import Account


def main():
    print(Account(first="a", last="b").full_name)
