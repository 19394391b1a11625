"""Text helpers, first author."""

import re

EMAIL_PATTERN = re.compile(r"^[\w.+-]+@[\w-]+\.[\w.-]+$")


def is_palindrome(text):
    letters = [c.lower() for c in text if c.isalnum()]
    left, right = 0, len(letters) - 1
    while left < right:
        if letters[left] != letters[right]:
            return False
        left += 1
        right -= 1
    return True


def reverse_words(sentence):
    words = sentence.split()
    words.reverse()
    return " ".join(words)


def snake_to_camel(name):
    parts = name.split("_")
    return parts[0] + "".join(part.capitalize() for part in parts[1:])


def validate_email(address):
    address = address.strip()
    if len(address) > 254:
        return False
    if address.count("@") != 1:
        return False
    return EMAIL_PATTERN.match(address) is not None


def parse_config_lines(lines):
    config = {}
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition("=")
        config[key.strip()] = value.strip()
    return config


def normalize_whitespace(text):
    text = text.replace("\t", " ").replace("\n", " ")
    while "  " in text:
        text = text.replace("  ", " ")
    return text.strip()


def slugify(title):
    title = title.lower()
    title = re.sub(r"[^a-z0-9]+", "-", title)
    return title.strip("-")
