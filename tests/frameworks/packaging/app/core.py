def run():
    return 1


def stale_helper():
    return 2
