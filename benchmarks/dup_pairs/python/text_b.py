"""Text helpers, second author."""

import re

MAIL_RE = re.compile(r"^[\w.+-]+@[\w-]+\.[\w.-]+$")


def reads_same_backwards(phrase):
    cleaned = "".join(ch.lower() for ch in phrase if ch.isalnum())
    return cleaned == cleaned[::-1]


def words_backwards(line):
    reversed_words = []
    for word in line.split():
        reversed_words.insert(0, word)
    return " ".join(reversed_words)


def to_camel_case(identifier):
    return re.sub(r"_([a-z0-9])", lambda match: match.group(1).upper(), identifier)


def is_valid_mail(mail):
    mail = mail.strip()
    if len(mail) > 254:
        return False
    if mail.count("@") != 1:
        return False
    return MAIL_RE.match(mail) is not None


def read_settings(rows):
    settings = {}
    for row in rows:
        row = row.strip()
        if not row or row.startswith("#"):
            continue
        name, _, setting = row.partition("=")
        settings[name.strip()] = setting.strip()
    return settings


def clean_title(raw_title, max_length):
    """Prepare a title for display: one-line, single spaces, truncated with an ellipsis."""
    raw_title = raw_title.replace("\t", " ").replace("\n", " ")
    while "  " in raw_title:
        raw_title = raw_title.replace("  ", " ")
    raw_title = raw_title.strip()
    if len(raw_title) > max_length:
        raw_title = raw_title[: max_length - 1].rstrip() + "…"
    if raw_title and raw_title[0].islower():
        raw_title = raw_title[0].upper() + raw_title[1:]
    return raw_title


def make_slug(heading):
    slug = ""
    for ch in heading.lower():
        if ch.isascii() and ch.isalnum():
            slug += ch
        elif not slug.endswith("-"):
            slug += "-"
    return slug.strip("-")
