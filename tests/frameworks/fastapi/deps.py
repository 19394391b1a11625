def get_db():
    yield {}


def get_cache():
    return {}
