"""The shared RAG index (rag.index_uri) on a real S3-compatible server: moto's, started here on a
free port of this machine, with the real LanceDB, the real MiniLM and the real CLI."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import textwrap
import time
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from reviewer.cli import cli
from reviewer.config import Config
from reviewer.rag.store import CardStore
from reviewer.rag.static_cards import cards_for_file
from reviewer.scan import scan_repository
from reviewer.workspace import Workspace
from test_rag_index import many_files, write

BUCKET = "reviewer-ci"
SECRET = "moto-secret-not-to-print"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def s3():
    """The endpoint of a moto S3 server holding BUCKET, and a boto3 client; stopped after the module.
    moto is imported here, not at collection: its web stack would weigh on every test's process."""
    pytest.importorskip("moto.server", reason="the shared-index tests need an S3 server: "
                        "pip install 'moto[s3]' flask flask-cors (in the dev extra)")
    import boto3  # moto brings it
    from moto.server import ThreadedMotoServer

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    endpoint = f"http://127.0.0.1:{port}"
    client = boto3.client("s3", endpoint_url=endpoint, aws_access_key_id="test", aws_secret_access_key=SECRET,
                          region_name="us-east-1")
    client.create_bucket(Bucket=BUCKET)
    yield endpoint, client
    server.stop()


def aws_env(endpoint: str, **changes: str | None) -> dict[str, str]:
    """This process's environment with the AWS variables of the test server, and nothing of a real account."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    env.update(AWS_ACCESS_KEY_ID="test", AWS_SECRET_ACCESS_KEY=SECRET, AWS_REGION="us-east-1",
               AWS_ENDPOINT_URL=endpoint, AWS_CONFIG_FILE=os.devnull, AWS_SHARED_CREDENTIALS_FILE=os.devnull)
    for name, value in changes.items():
        env.pop(name, None) if value is None else env.__setitem__(name, value)
    return env


@pytest.fixture
def in_aws_env(s3, monkeypatch):
    """In-process CLI calls see the test server's AWS variables."""
    for name in [k for k in os.environ if k.startswith("AWS_")]:
        monkeypatch.delenv(name)
    for name, value in aws_env(s3[0]).items():
        if name.startswith("AWS_"):
            monkeypatch.setenv(name, value)
    return s3


def uri_for(request) -> str:
    return f"s3://{BUCKET}/{request.node.name.replace('[', '-').replace(']', '')}"


def shared_store(uri: str) -> CardStore:
    return CardStore(Workspace(Path("/nonexistent")), "all-MiniLM-L6-v2", 384, uri)


def test_the_server_refuses_a_second_create_of_one_object(s3):
    """Lance commits a version on S3 by writing its manifest with If-None-Match: *; a server that
    ignored the header would let two jobs write one version, and the tests below prove nothing."""
    from botocore.exceptions import ClientError

    _, client = s3
    client.put_object(Bucket=BUCKET, Key="probe/1.manifest", Body=b"a", IfNoneMatch="*")
    with pytest.raises(ClientError) as refused:
        client.put_object(Bucket=BUCKET, Key="probe/1.manifest", Body=b"b", IfNoneMatch="*")
    assert refused.value.response["Error"]["Code"] == "PreconditionFailed"
    assert client.get_object(Bucket=BUCKET, Key="probe/1.manifest")["Body"].read() == b"a"


# Two CI jobs: each its own checkout, indexing into one shared table. Both scan, then wait for
# the same instant, so their chunks (3 cards each: many commits) race over the same files.
RUNNER = textwrap.dedent('''
    import sys, time
    from pathlib import Path
    from reviewer.analysis.resolve import ProjectIndex
    from reviewer.config import Config
    from reviewer.rag import indexer
    from reviewer.rag.embedder import NumpyBertEmbedder
    from reviewer.scan import scan_repository

    root, uri, start = Path(sys.argv[1]), sys.argv[2], float(sys.argv[3])
    indexer.CHUNK_CARDS = 3
    config = Config()
    config.rag.index_uri = uri
    scan = scan_repository(root, config)
    resolve = ProjectIndex.build(scan, root).resolve_callee
    embedder = NumpyBertEmbedder()
    embedder.embed(["warm up"])
    time.sleep(max(0.0, start - time.time()))
    print(indexer.index_repository(root, config, scan, resolve, embedder=embedder).model_dump_json())
''')


def checkout(tmp_path: Path, name: str, source: Path) -> Path:
    """One CI job's checkout of the same commit (its own .reviewer/, vector cache included)."""
    root = tmp_path / name
    shutil.copytree(source, root, ignore=shutil.ignore_patterns(".reviewer"))
    return root


def test_two_jobs_writing_one_shared_index_at_once(s3, tmp_path, request, in_aws_env):
    endpoint, _ = s3
    uri = uri_for(request)
    source = tmp_path / "source"
    many_files(source, 20)
    write(source, {"pkg/__init__.py": "", "pkg/names.py": "def slug(text):\n    words = text.lower().split()\n"
                   "    kept = [w for w in words if w]\n    return '-'.join(kept)\n"})
    jobs = [checkout(tmp_path, f"job{k}", source) for k in (1, 2)]
    env = aws_env(endpoint, PYTHONPATH=os.pathsep.join(sys.path))
    start = time.time() + 8  # both have scanned and loaded the model by then
    procs = [subprocess.Popen([sys.executable, "-c", RUNNER, str(root), uri, str(start)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for root in jobs]
    outputs = [p.communicate(timeout=300) for p in procs]
    if any(p.returncode for p in procs):  # the whole reason, not a repr cut in its middle
        pytest.fail("a job failed:\n" + "\n".join(err[-4000:] for _, err in outputs))
    reports = [json.loads(out.strip().splitlines()[-1]) for out, _ in outputs]
    assert all(r["total_cards"] > 0 for r in reports)

    store = shared_store(uri)
    ids = store.read(["id"]).column("id").to_pylist()
    assert [card_id for card_id, n in Counter(ids).items() if n > 1] == []  # no duplicate id
    scan = scan_repository(jobs[0], Config())
    expected = sorted(c.id for f in scan.files for c in cards_for_file(f, None))
    assert sorted(ids) == expected and len(expected) == 41  # every card, nothing lost
    version = store.table().version

    # A third job (a fresh checkout: no vector cache of its own) finds every file current:
    # nothing is embedded, nothing is written.
    third = checkout(tmp_path, "job3", source)
    result = CliRunner().invoke(cli, ["run", str(third), "--plain", "--enable-rag", "--rag-index-uri", uri])
    assert result.exit_code in (0, 1), result.output
    assert "index: 0 files indexed, 22 unchanged, 0 removed; cards +0 -0 (41 in index, 0 embedded" in result.output
    assert shared_store(uri).table().version == version

    # status and similar read the shared index (the configuration names it, as a user's would).
    write(third, {".reviewer.yml": f"rag:\n  enabled: true\n  index_uri: {uri}\n"})
    status = CliRunner().invoke(cli, ["status", str(third), "--show-rag", "--json"])
    assert status.exit_code == 0, status.output
    rag = json.loads(status.output)["rag"]
    assert (rag["exists"], rag["cards"], rag["files"], rag["store_path"]) == (True, 41, 21, uri)
    similar = CliRunner().invoke(cli, ["similar", "mod3.py:task_3", str(third), "--json", "--min-score", "0"])
    assert similar.exit_code == 0, similar.output
    hits = json.loads(similar.output)["similar"]
    assert hits and all(h["name"].startswith("task_") for h in hits[:3])
    assert SECRET not in status.output + similar.output + result.output


def test_an_edit_replaces_only_that_files_rows(s3, tmp_path, request, in_aws_env):
    uri = uri_for(request)
    root = tmp_path / "repo"
    many_files(root, 3)
    runner = CliRunner()
    first = runner.invoke(cli, ["index", str(root), "--rag-index-uri", uri])
    assert first.exit_code == 0 and "3 files indexed" in first.output, first.output
    write(root, {"mod1.py": "def task_1(items):\n    return [item * 7 for item in items]\n"})  # check_1 is gone
    (root / "mod2.py").unlink()
    second = runner.invoke(cli, ["index", str(root), "--rag-index-uri", uri])
    assert second.exit_code == 0, second.output
    assert "1 files indexed, 1 unchanged, 1 removed; cards +1 -2" in second.output
    rows = shared_store(uri).read(["file_path", "name"]).to_pylist()
    assert sorted((r["file_path"], r["name"]) for r in rows) == [
        ("mod0.py", "check_0"), ("mod0.py", "task_0"), ("mod1.py", "task_1")]


@pytest.mark.parametrize("case", ["no bucket", "no endpoint", "no credentials"])
def test_an_unusable_shared_index_is_one_line_and_exit_2(s3, tmp_path, case):
    endpoint, _ = s3
    root = tmp_path / "repo"
    many_files(root, 2)
    uri, env = f"s3://{BUCKET}/idx", aws_env(endpoint)
    if case == "no bucket":
        uri = "s3://no-such-bucket/idx"
    elif case == "no endpoint":
        env["AWS_ENDPOINT_URL"] = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    else:
        env = aws_env(endpoint, AWS_ACCESS_KEY_ID=None, AWS_SECRET_ACCESS_KEY=None)
    ok = subprocess.run([sys.executable, "-m", "reviewer", "run", str(root), "--plain"], capture_output=True,
                        text=True, env=aws_env(endpoint))  # a local run first: its reviews must survive
    assert ok.returncode == 0, ok.stderr
    reviews = sorted(p.name for p in Workspace(root).reviews.rglob("*.rev.json"))
    done = subprocess.run([sys.executable, "-m", "reviewer", "run", str(root), "--plain", "--enable-rag",
                           "--rag-index-uri", uri], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"reviewer: error: rag.index_uri {uri}: "), done.stderr
    reason = {"no bucket": "the bucket does not exist", "no endpoint": "the endpoint does not answer",
              "no credentials": "no AWS credentials"}[case]
    assert reason in lines[0]
    assert SECRET not in done.stdout + done.stderr
    assert sorted(p.name for p in Workspace(root).reviews.rglob("*.rev.json")) == reviews  # nothing lost


def test_the_setting_is_checked_in_one_line(tmp_path):
    root = tmp_path / "repo"
    many_files(root, 1)
    runner = CliRunner()
    bad = runner.invoke(cli, ["run", str(root), "--rag-index-uri", "/mnt/index"])
    assert bad.exit_code == 2 and "--rag-index-uri: expected s3://bucket/prefix" in bad.output
    write(root, {".reviewer.yml": "rag:\n  index_uri: s3://AKIAKEY:hunter2@bucket/x\n"})
    leaked = runner.invoke(cli, ["run", str(root)])
    assert leaked.exit_code == 2 and "rag.index_uri" in leaked.output and "hunter2" not in leaked.output
