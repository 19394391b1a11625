"""Unrelated functions: distractors for the similarity benchmark."""

import hashlib
import os
import random
import string


def random_token(length=16):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def file_digest(path, chunk_size=65536):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(chunk_size), b""):
            digest.update(block)
    return digest.hexdigest()


def list_python_files(root):
    found = []
    for base, _dirs, files in os.walk(root):
        for name in files:
            if name.endswith(".py"):
                found.append(os.path.join(base, name))
    return sorted(found)


class Inventory:
    def __init__(self):
        self.items = {}

    def add(self, name, quantity):
        self.items[name] = self.items.get(name, 0) + quantity

    def remove(self, name, quantity):
        current = self.items.get(name, 0)
        if quantity > current:
            raise ValueError(f"only {current} {name} left")
        self.items[name] = current - quantity

    def report(self):
        lines = [f"{name}: {count}" for name, count in sorted(self.items.items())]
        return "\n".join(lines)


def matrix_multiply(a, b):
    rows, inner, cols = len(a), len(b), len(b[0])
    return [[sum(a[i][k] * b[k][j] for k in range(inner)) for j in range(cols)] for i in range(rows)]


def parse_duration(text):
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    text = text.strip().lower()
    if not text or text[-1] not in units:
        raise ValueError(f"bad duration: {text}")
    return float(text[:-1]) * units[text[-1]]


def transpose(matrix):
    return [list(row) for row in zip(*matrix)]


def levenshtein(a, b):
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]
