import functools


@functools.lru_cache
def cached_square(x):
    return x * x


@functools.lru_cache
def cached_but_unused(x):
    return x * 2
