"""I/O helpers, first author."""

import json
import time


def load_json_file(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def retry(operation, attempts, delay):
    for attempt in range(attempts):
        try:
            return operation()
        except OSError:
            if attempt == attempts - 1:
                raise
            time.sleep(delay * (2 ** attempt))
    return None


def write_lines(path, lines):
    with open(path, "w", encoding="utf-8") as handle:
        for line in lines:
            handle.write(line + "\n")
