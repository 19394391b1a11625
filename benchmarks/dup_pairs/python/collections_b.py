"""Collection helpers, second author."""

import itertools
from collections import Counter, defaultdict


def squares_of_evens(values):
    return [v * v for v in values if v % 2 == 0]


def dedupe(sequence):
    return list(dict.fromkeys(sequence))


def count_words(sentence):
    return dict(Counter(sentence.lower().split()))


def flatten_lists(list_of_lists):
    return list(itertools.chain.from_iterable(list_of_lists))


def split_into_batches(records, batch_size):
    return [records[start:start + batch_size] for start in range(0, len(records), batch_size)]


def combine_options(base, extra):
    return {**base, **extra}


def bucket_people_by_city(residents):
    buckets = defaultdict(list)
    for resident in residents:
        buckets[resident["city"]].append(resident)
    return dict(buckets)


def without_nulls(data):
    return {k: v for k, v in data.items() if v is not None}
