"""Numeric helpers, first author."""


def compute_average(values):
    """Return the arithmetic mean of a list of numbers."""
    if not values:
        return 0.0
    total = 0.0
    for value in values:
        total += value
    return total / len(values)


def total_price(items):
    total = 0
    for item in items:
        total += item["price"] * item["quantity"]
    return total


def factorial(n):
    if n < 0:
        raise ValueError("negative input")
    if n <= 1:
        return 1
    return n * factorial(n - 1)


def fibonacci(n):
    """Return the n-th Fibonacci number."""
    if n < 2:
        return n
    return fibonacci(n - 1) + fibonacci(n - 2)


def gcd(a, b):
    if b == 0:
        return abs(a)
    return gcd(b, a % b)


def clamp(value, low, high):
    if value < low:
        return low
    if value > high:
        return high
    return value


def binary_search(items, target):
    low, high = 0, len(items) - 1
    while low <= high:
        middle = (low + high) // 2
        if items[middle] == target:
            return middle
        if items[middle] < target:
            low = middle + 1
        else:
            high = middle - 1
    return -1


def max_by_score(players):
    best = None
    for player in players:
        if best is None or player["score"] > best["score"]:
            best = player
    return best
