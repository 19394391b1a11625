"""Functions that look like others in this set but behave differently."""


def product_of_values(values):
    if not values:
        return 0.0
    total = 1.0
    for value in values:
        total *= value
    return total / len(values)


def odd_cubes(numbers):
    result = []
    for number in numbers:
        if number % 2 == 1:
            result.append(number * number * number)
    return result


def min_by_score(players):
    worst = None
    for player in players:
        if worst is None or player["score"] < worst["score"]:
            worst = player
    return worst


def celsius_to_fahrenheit(degrees):
    if degrees is None:
        raise ValueError("no temperature")
    converted = degrees * 9 / 5 + 32
    return round(converted, 1)


def fahrenheit_to_celsius(degrees):
    if degrees is None:
        raise ValueError("no temperature")
    converted = (degrees - 32) * 5 / 9
    return round(converted, 1)


def lower_bound_search(items, target):
    low, high = 0, len(items)
    while low < high:
        middle = (low + high) // 2
        if items[middle] < target:
            low = middle + 1
        else:
            high = middle
    return low


def count_vowels(text):
    count = 0
    for ch in text.lower():
        if ch in "aeiou":
            count += 1
    return count


def count_consonants(text):
    count = 0
    for ch in text.lower():
        if ch.isalpha() and ch not in "aeiou":
            count += 1
    return count


def keep_none(mapping):
    kept = {}
    for key, value in mapping.items():
        if value is None:
            kept[key] = value
    return kept
