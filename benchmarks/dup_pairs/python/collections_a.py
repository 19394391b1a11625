"""Collection helpers, first author."""


def even_squares(numbers):
    result = []
    for number in numbers:
        if number % 2 == 0:
            result.append(number * number)
    return result


def unique_in_order(items):
    seen = set()
    output = []
    for item in items:
        if item not in seen:
            seen.add(item)
            output.append(item)
    return output


def word_counts(text):
    counts = {}
    for word in text.lower().split():
        if word in counts:
            counts[word] += 1
        else:
            counts[word] = 1
    return counts


def flatten(nested):
    flat = []
    for inner in nested:
        for element in inner:
            flat.append(element)
    return flat


def chunked(items, size):
    chunks = []
    index = 0
    while index < len(items):
        chunks.append(items[index:index + size])
        index += size
    return chunks


def merge_settings(defaults, overrides):
    merged = {}
    for key, value in defaults.items():
        merged[key] = value
    for key, value in overrides.items():
        merged[key] = value
    return merged


def group_by_city(people):
    groups = {}
    for person in people:
        groups.setdefault(person["city"], []).append(person)
    return groups


def drop_none(mapping):
    cleaned = {}
    for key, value in mapping.items():
        if value is not None:
            cleaned[key] = value
    return cleaned
