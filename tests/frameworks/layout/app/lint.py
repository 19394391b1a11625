def check(source):
    return source.count("=")


def forgotten():
    return None
