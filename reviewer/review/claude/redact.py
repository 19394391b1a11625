"""What never leaves the machine: secret-bearing files are refused to Claude's tools,
and secrets written inside reviewed source are masked before anything is sent.

The rules follow the well-kept scanners (gitleaks' default rules, detect-secrets'
keyword and high-entropy plugins): provider tokens with a fixed shape, private key
blocks, credentials inside URLs, header values (Authorization, Bearer, X-Api-Key),
assignments of a literal to a name that says password/secret/token/key, and quoted
literals that look generated whatever their name. A masked value keeps its line, so
line numbers hold.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import PurePosixPath

MASK = "[MASKED {kind}]"

# Folders whose content is refused whole: version control internals and key stores.
SECRET_DIRS = frozenset({".git", ".hg", ".svn", ".ssh", ".gnupg", ".aws", ".azure", ".kube", ".docker", "gcloud"})
# File names refused by exact name (lower case).
SECRET_NAMES = frozenset({
    ".netrc", "_netrc", ".pgpass", ".npmrc", ".pypirc", ".htpasswd", ".git-credentials", "credentials",
    "kubeconfig", "terraform.tfstate", "terraform.tfstate.backup", ".dockercfg",
})
# Extensions of key and certificate stores.
SECRET_SUFFIXES = frozenset({".pem", ".key", ".p12", ".pfx", ".jks", ".keystore", ".ppk", ".der", ".crt", ".tfvars"})
# Stems that hold secrets when the file is data or config, not code (secrets.json, credentials.yml).
SECRET_STEMS = frozenset({"secrets", "secret", "credentials", "credential", "service-account", "service_account"})
DATA_SUFFIXES = frozenset({"", ".json", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".txt", ".env", ".xml"})
SSH_KEY = re.compile(r"^id_[a-z0-9]+(\.pub)?$")  # id_rsa, id_ed25519 (not id_utils.py)


def secret_file_reason(relative: str) -> str | None:
    """Why this repo-relative path must not be read by Claude, or None."""
    path = PurePosixPath(relative.lower())
    if any(part in SECRET_DIRS for part in path.parts[:-1]) or path.name in SECRET_DIRS:
        return "inside a version-control or key folder"
    name = path.name
    if name == ".env" or name.startswith(".env.") or name.endswith(".env"):
        return "an environment file (.env*)"
    if name in SECRET_NAMES or SSH_KEY.match(name):
        return "a credentials or key file"
    if path.suffix in SECRET_SUFFIXES:
        return f"a key or certificate file ({path.suffix})"
    if path.suffix in DATA_SUFFIXES and (path.stem in SECRET_STEMS or path.stem.startswith(("service-account", "service_account"))):
        return "a secrets or credentials file"
    return None


# -- masking inside text ------------------------------------------------------------

# (kind, pattern, group holding the secret: 0 is the whole match)
TOKEN_RULES: list[tuple[str, re.Pattern[str], int]] = [
    ("private-key", re.compile(r"-----BEGIN[ A-Z0-9]*PRIVATE KEY( BLOCK)?-----(.*?)(-----END[ A-Z0-9]*PRIVATE KEY( BLOCK)?-----|\Z)",
                               re.DOTALL), 2),
    ("aws-access-key", re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b"), 0),
    ("github-token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b"), 0),
    ("gitlab-token", re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}\b"), 0),
    ("slack-token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b"), 0),
    ("stripe-key", re.compile(r"\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}\b"), 0),
    ("google-api-key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"), 0),
    ("api-key", re.compile(r"\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}\b"), 0),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), 0),
    # scheme://user:password@host and scheme://token@host
    ("url-credentials", re.compile(r"(?i)\b[a-z][a-z0-9+.-]*://(?:[^\s:/@'\"]*:([^\s/@'\"]+)|([A-Za-z0-9_-]{16,}))@"), 0),
]

# Rules whose match must also pass a check on the value (kind, pattern, group of the value, check).
def _has_digit(value: str) -> bool:
    return any(c.isdigit() for c in value)


def _credential_value(value: str) -> bool:
    """A header's value that is a literal credential, not code that computes one."""
    if PLACEHOLDER.match(value) or DOTTED_NAME.match(value) or "[MASKED" in value:
        return False
    return not value.isidentifier() or _has_digit(value)


def _random_literal(value: str) -> bool:
    """A quoted literal that looks generated (detect-secrets' entropy plugins, tightened so words,
    identifiers, paths and versions stay): hex of 32+ characters, or mixed case with digits and
    high entropy for its length."""
    if re.fullmatch(r"[0-9a-fA-F]{32,}", value):
        return shannon_entropy(value) >= 3.0
    if not (_has_digit(value) and any(c.islower() for c in value) and any(c.isupper() for c in value)):
        return False
    words = sum(len(word) for word in CAMEL_WORD.findall(value))  # HTTPConnectionManagerV2: words, not a key
    return words < WORD_SHARE_MAX * len(value) and shannon_entropy(value) >= min(4.5, 0.8 * math.log2(len(value)))


CAMEL_WORD = re.compile(r"[A-Z]{5,}|[A-Z]?[a-z]{3,}")
WORD_SHARE_MAX = 0.5  # generated keys rarely hold runs of 3+ lower-case letters; names are made of them


CHECKED_RULES: list[tuple[str, re.Pattern[str], int, object]] = [
    # Authorization: Bearer <token>, "X-Api-Key": "<key>", Proxy-Authorization: Basic <base64>
    ("bearer-token", re.compile(r"(?i)\b(?:bearer|basic)\s+([A-Za-z0-9._~+/-]{8,}=*)"), 1, _has_digit),
    ("header-secret", re.compile(
        r"(?i)\b(?:proxy-authorization|authorization|x-api-key|api-key|x-auth-token|x-access-token|private-token)"
        r"[\"']?\]?\s*[:=]\s*[\"']?(?:(?:bearer|basic|token)\s+)?([^\s\"'`,;{}()\[\]]{8,})"), 1, _credential_value),
    ("api-key", re.compile(r"\bsk-[A-Za-z0-9_-]{8,}"), 0, _has_digit),  # short test keys: sk-fake-PY-999
    ("high-entropy", re.compile(r"([\"'`])([A-Za-z0-9+/=_.-]{20,})\1"), 2, _random_literal),
]

SECRET_NAME = r"[A-Za-z0-9_.-]*(?:passw(?:or)?d|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth[_-]?key|credential|client[_-]?secret)[A-Za-z0-9_.-]*"
# name = "value", name: 'value', "name": "value", name => "value", NAME=value (env style)
ASSIGNMENT = re.compile(
    rf"(?i)(?P<name>\b{SECRET_NAME}['\"]?)\s*(?::=|=>|==|[:=])\s*(?P<quote>['\"`]?)(?P<value>[^\s'\"`,;()\[\]]{{4,}})(?P=quote)"
)
PASSWORD_NAME = re.compile(r"(?i)passw(?:or)?d|pwd")
PLACEHOLDER = re.compile(r"^(?:[<{$%].*|.*[>}]|\*+|x+|\.+|none|null|true|false|changeme|example|placeholder|redacted|masked.*)$",
                         re.IGNORECASE)
DOTTED_NAME = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$")
ENTROPY_MIN = 3.5  # bits per character: random keys score 4-6, words and identifiers under 3.5
ENTROPY_MIN_LENGTH = 16


def shannon_entropy(text: str) -> float:
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values()) if text else 0.0


def _assigned_secret(name: str, value: str) -> bool:
    """A literal assigned to a secret-sounding name: passwords when not a placeholder,
    keys/tokens/secrets when they look random (long, high entropy, not an identifier)."""
    if PLACEHOLDER.match(value) or "(" in value or DOTTED_NAME.match(value):
        return False  # a placeholder, a call, an attribute (settings.SECRET_KEY): code, not a secret
    if PASSWORD_NAME.search(name):
        return True
    # An identifier (a variable's name) is code, unless digits run through it as in a key.
    looks_random = not value.isidentifier() or sum(c.isdigit() for c in value) >= 2
    return len(value) >= ENTROPY_MIN_LENGTH and shannon_entropy(value) >= ENTROPY_MIN and looks_random


def _masked(kind: str, secret: str) -> str:
    """The mask for `secret`, keeping its newlines so line numbers do not move."""
    return MASK.format(kind=kind) + "\n" * secret.count("\n")


def mask_secrets(text: str) -> tuple[str, int]:
    """`text` with every secret found replaced by a mask, and how many were masked."""
    count = 0

    def replace_group(kind: str, group: int):
        def replace(match: re.Match[str]) -> str:
            nonlocal count
            if group == 0 and kind == "url-credentials":
                secret_group = 1 if match.group(1) is not None else 2
                start, end = match.span(secret_group)
            else:
                start, end = match.span(group)
            if start < 0 or start == end:
                return match.group(0)
            count += 1
            whole = match.group(0)
            offset = match.start()
            return whole[: start - offset] + _masked(kind, whole[start - offset : end - offset]) + whole[end - offset :]
        return replace

    for kind, pattern, group in TOKEN_RULES:
        text = pattern.sub(replace_group(kind, group), text)

    def replace_checked(kind: str, group: int, check):
        def replace(match: re.Match[str]) -> str:
            nonlocal count
            value = match.group(group)
            if "[MASKED" in value or not check(value):
                return match.group(0)
            count += 1
            start, end = match.span(group)
            whole, offset = match.group(0), match.start()
            return whole[: start - offset] + MASK.format(kind=kind) + whole[end - offset :]
        return replace

    for kind, pattern, group, check in CHECKED_RULES:
        text = pattern.sub(replace_checked(kind, group, check), text)

    def replace_assignment(match: re.Match[str]) -> str:
        nonlocal count
        if "[MASKED" in match.group("value") or not _assigned_secret(match.group("name"), match.group("value")):
            return match.group(0)
        count += 1
        start, end = match.span("value")
        offset = match.start()
        whole = match.group(0)
        return whole[: start - offset] + MASK.format(kind="secret") + whole[end - offset :]

    text = ASSIGNMENT.sub(replace_assignment, text)
    return text, count
