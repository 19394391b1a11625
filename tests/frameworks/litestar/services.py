def greeting():
    return "hi"


def unused_farewell():
    return "bye"
