HOME = "home"


def includeme(config):
    config.add_route(HOME, "/")


def _unused_route_helper(config):
    return config
