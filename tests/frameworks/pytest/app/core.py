def double(x):
    return 2 * x


def main():
    print(double(2))
