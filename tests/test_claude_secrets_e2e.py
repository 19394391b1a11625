"""No planted secret leaves, end to end: `reviewer run --llm claude` on a repository with
secrets of many shapes (provider tokens, header values, a high-entropy literal under a
harmless name, a short test key, a private key inside a docstring, secrets files, a committed
link to a gitignored file and one to .env), and a model that tries every tool on them
(reads, searches that bisect). Every request body the scripted Messages API receives on
127.0.0.1 is searched for every secret and for pieces of it."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from claude_helpers import QuietHandler, auto_submission, message, scripted_api, send_json, tool_use
from reviewer.cli import cli

SECRETS = {
    "aws": "AKIAZ7Q3EXAMPLE4KEY9",
    "github": "ghp_" + "R4nd0mT0k3nV4lu3Abcdefghij0123456789",
    "slack": "xoxb-" + "2741963058-Zq8rT4vWm1Lp",
    "stripe": "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "google": "AIza" + "SyD3x7Q9v2LmR8tN4kW1pZ6yB0cH5jE2fGa",
    "anthropic": "sk-ant-api03-" + "Xk9mQ2wR7tY4uI8oP3aS6dF1gH5jK0lZ",
    "short_key": "sk-fake-PY-999",
    "jwt": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "url_password": "S3cr3tDbPw77",
    "password": "hunter2-Pl4nted",
    "client_secret": "q8Zr2LmX0vB7nT4kW9yP",
    "bearer": "9f8e7d6c5b4a3f2e1d0cAbC",
    "api_key_header": "k3y-for-the-service",
    "basic": "dXNlcjpzM2NyZXQxMjM=",
    "harmless_name": "Vq7Lm2Xz9Rt4Bn8Kw3Yp",
    "hex_token": "a3f9c2e81b7d4f6e9a0c3b5d7e1f2a4c6b8d0e9f",
    "docstring_key": "MIIEowIBAAKCAQEAdocstr1ngKeyB0dy",
    "env": "env-only-secret-8f3a",
    "json": "json-only-secret-77b1",
    "ssh": "MIIEowIBAAKCAQEAssh0nly",
    "git": "gitconfig0nlyT0ken123456",
    "ignored": "ignored-file-secret-5e5e",
}

SETTINGS = f'''"""Settings of the app.

An old key, kept here by mistake:
-----BEGIN RSA PRIVATE KEY-----
{SECRETS["docstring_key"]}
-----END RSA PRIVATE KEY-----
"""

AWS_ACCESS_KEY_ID = "{SECRETS["aws"]}"
GH = "{SECRETS["github"]}"
SLACK = "{SECRETS["slack"]}"
STRIPE = "{SECRETS["stripe"]}"
MAPS = "{SECRETS["google"]}"
CLAUDE = "{SECRETS["anthropic"]}"
TEST_KEY = "{SECRETS["short_key"]}"
SESSION = "{SECRETS["jwt"]}"
DATABASE_URL = "postgres://app:{SECRETS["url_password"]}@db:5432/app"
password = "{SECRETS["password"]}"
client_secret = "{SECRETS["client_secret"]}"
HEADERS = {{"Authorization": "Bearer {SECRETS["bearer"]}", "X-Api-Key": "{SECRETS["api_key_header"]}"}}
PROXY = "Proxy-Authorization: Basic {SECRETS["basic"]}"
OPTIONS = {{"value": "{SECRETS["harmless_name"]}", "checksum": "{SECRETS["hex_token"]}"}}


def connect(url=DATABASE_URL):
    """Open a connection."""
    return url
'''

# What the model asks for: every private file by its name and through links, and searches
# that would find or bisect a secret if the search ran over raw text.
READS = [".env", "config/secrets.json", "id_rsa", ".git/config", "local_settings.py", "app/linked_settings.py",
         "app/env_link.py", "app/settings.py"]
SEARCHES = [("AKIA", False), ("ghp_", False), ("BEGIN RSA", False), ("MIIE", False), ("sk-", False),
            ("Bearer", False), ("hunter", False), ("Basic", False), ("[A-Za-z0-9+/=_-]{16,}", True),
            ("Vq7L", False), ("a3f9c2", False), ("S3cr3t", False), ("env-only", False), ("ignored-file", False)]


class Hostile(QuietHandler):
    requests: list[str] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server API)
        raw = self.rfile.read(int(self.headers["content-length"]))
        type(self).requests.append(raw.decode("utf-8"))
        body = json.loads(raw)
        if len(body["messages"]) == 1:  # the first turn of a file: try every tool on the secrets
            content = [{"type": "tool_use", "id": f"r{i}", "name": "read_file", "input": {"path": p}}
                       for i, p in enumerate(READS)]
            content += [{"type": "tool_use", "id": f"s{i}", "name": "search_code", "input": {"pattern": p, "regex": r}}
                        for i, (p, r) in enumerate(SEARCHES)]
        else:
            content = [tool_use("done", "submit_review", auto_submission(body))]
        send_json(self, 200, message(content, {"input_tokens": 100, "output_tokens": 50}, model=body["model"]))



api = scripted_api(Hostile)


def plant(root: Path) -> None:
    (root / "app").mkdir(parents=True)
    (root / "app" / "settings.py").write_text(SETTINGS)
    (root / ".env").write_text(f"API_TOKEN={SECRETS['env']}\n")
    (root / "config").mkdir()
    (root / "config" / "secrets.json").write_text(json.dumps({"token": SECRETS["json"]}))
    (root / "id_rsa").write_text(f"-----BEGIN RSA PRIVATE KEY-----\n{SECRETS['ssh']}\n-----END RSA PRIVATE KEY-----\n")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text(f'[remote "origin"]\n\turl = https://{SECRETS["git"]}@github.com/o/r.git\n')
    (root / ".gitignore").write_text("local_settings.py\n")
    (root / "local_settings.py").write_text(f"KEY = '{SECRETS['ignored']}'\n")
    os.symlink("../local_settings.py", root / "app" / "linked_settings.py")  # committed link to an ignored file
    os.symlink("../.env", root / "app" / "env_link.py")  # a link named like code, to the .env file


def pieces(secret: str) -> list[str]:
    """The secret and its middle (a search that bisects a masked secret would show a piece of it)."""
    middle = len(secret) // 2
    return [secret, secret[middle - 4: middle + 4]]


def test_no_planted_secret_reaches_any_request(tmp_path: Path, api) -> None:
    plant(tmp_path)
    result = CliRunner().invoke(cli, ["run", str(tmp_path), "--plain", "--llm", "claude"], catch_exceptions=False)
    # app/env_link.py is a link to .env: it is refused to Claude (a file error, exit 2)
    assert "app/env_link.py: not sent to Claude: an environment file (.env*)" in result.output, result.output
    assert "app/linked_settings.py" not in {p.name for p in (tmp_path / ".reviewer/reviews").rglob("*.rev.json")}
    scanned = json.loads(next((tmp_path / ".reviewer/runs").glob("*/run.json")).read_text())
    assert scanned["files_reviewed"] == 1  # app/settings.py; the link to the ignored file was never scanned

    assert len(api.requests) == 2  # the hostile turn, then the answer
    sent = "\n".join(api.requests)
    leaked = {name: piece for name, secret in SECRETS.items() for piece in pieces(secret)
              if piece in sent or json.dumps(piece)[1:-1] in sent}
    assert leaked == {}
    turn = json.loads(api.requests[1])["messages"][-1]["content"]
    results = {block["tool_use_id"]: block for block in turn if block.get("type") == "tool_result"}
    refused = {READS[int(key[1:])] for key, block in results.items() if key.startswith("r") and block.get("is_error")}
    assert refused == set(READS) - {"app/settings.py"}
    for kind in ("aws-access-key", "github-token", "private-key", "bearer-token", "header-secret", "high-entropy",
                 "api-key", "url-credentials"):
        assert f"[MASKED {kind}]" in sent, kind
