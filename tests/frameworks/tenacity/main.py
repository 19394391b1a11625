from net import fetch


def main():
    print(fetch())
