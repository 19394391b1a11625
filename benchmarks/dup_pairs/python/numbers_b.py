"""Numeric helpers, second author (same jobs, other ways)."""

from functools import reduce


def mean_of(nums):
    if not nums:
        return 0.0
    acc = 0.0
    for n in nums:
        acc += n
    return acc / len(nums)


def order_amount(lines):
    return sum(line["price"] * line["quantity"] for line in lines)


def fact_iter(k):
    if k < 0:
        raise ValueError("negative input")
    result = 1
    for i in range(2, k + 1):
        result *= i
    return result


def fib_loop(count):
    a, b = 0, 1
    for _ in range(count):
        a, b = b, a + b
    return a


def greatest_common_divisor(x, y):
    while y:
        x, y = y, x % y
    return abs(x)


def bound(number, minimum, maximum):
    return max(minimum, min(number, maximum))


def find_index_sorted(seq, wanted):
    lo, hi = 0, len(seq) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if seq[mid] == wanted:
            return mid
        if seq[mid] < wanted:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


def top_player(entries):
    return max(entries, key=lambda entry: entry["score"], default=None)


def product_of(numbers):
    return reduce(lambda left, right: left * right, numbers, 1)
