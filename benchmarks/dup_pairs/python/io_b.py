"""I/O helpers, second author."""

import json
import logging
import time
from pathlib import Path

log = logging.getLogger(__name__)


def read_json(filename):
    return json.loads(Path(filename).read_text(encoding="utf-8"))


def call_with_backoff(func, tries, pause):
    for n in range(tries):
        try:
            return func()
        except OSError:
            if n == tries - 1:
                raise
            log.warning("attempt %d failed, retrying", n + 1)
            time.sleep(pause * (2 ** n))
    return None


def save_lines(target, rows):
    Path(target).write_text("".join(row + "\n" for row in rows), encoding="utf-8")
