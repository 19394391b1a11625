def compile_all():
    return True


def unused_link():
    return False
