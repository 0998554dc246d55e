"""`referee serve` / `worker` / `verify` as a user runs them: no REDIS_URL, embedded Redis."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
import redis

from events.embedded import free_port, read_runtime_info
from events.store import EventStore
from tests.factories import action, match_created
from workers import enqueue_verify

pytestmark = pytest.mark.integration

UNSET = ("REDIS_URL", "RQ_REDIS_URL", "REFEREE_TOKEN_SECRET", "REFEREE_DEV_MODE", "PORT",
         "REFEREE_CHAIN_KEY", "REFEREE_ANCHOR_DIR")


def referee(*args: str) -> list[str]:
    return [sys.executable, "-m", "app.cli", *args]


def wait_for_health(port: int, proc: subprocess.Popen, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"serve exited early:\n{proc.stdout.read()}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/health", timeout=2) as r:
                return json.loads(r.read())
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.2)
    raise AssertionError("serve did not answer /v1/health in time")


@pytest.fixture
def cli_env(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    env["REFEREE_DATA_DIR"] = str(tmp_path / "data")
    return env


def test_serve_worker_and_verify_on_the_embedded_redis(tmp_path, cli_env):
    port = free_port()
    # --workers-separately: the job below is the `referee worker --burst`'s, not serve's own
    serve = subprocess.Popen(referee("serve", "--port", str(port), "--workers", "1",
                                     "--workers-separately"),
                             cwd=tmp_path, env=cli_env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    try:
        health = wait_for_health(port, serve)
        assert health["redis"]["durable"] is True

        info = read_runtime_info(cli_env["REFEREE_DATA_DIR"])
        chain_key = (tmp_path / "data" / "chain_key").read_text()  # made by `serve`
        store = EventStore(redis.Redis.from_url(info.redis_url, decode_responses=True),
                           chain_key=chain_key)
        store.append("cli", [match_created(), action()])
        enqueue_verify(redis.Redis.from_url(info.rq_redis_url), "cli", seq=2)

        worker = subprocess.run(referee("worker", "--burst"), cwd=tmp_path, env=cli_env,
                                capture_output=True, text=True, timeout=60)
        assert worker.returncode == 0, worker.stderr
        assert "burst: 1 job(s) queued" in worker.stderr and "burst done: 1 finished, 0 failed" in worker.stderr
        assert worker.stdout == ""
        assert store.get_audit("cli")["chain_ok"] is True

        verify = subprocess.run(referee("verify", "cli"), cwd=tmp_path, env=cli_env,
                                capture_output=True, text=True, timeout=60)
        assert verify.returncode == 0, verify.stderr
        assert json.loads(verify.stdout)["chain_ok"] is True

        unknown = subprocess.run(referee("verify", "nobody"), cwd=tmp_path, env=cli_env,
                                 capture_output=True, text=True, timeout=60)
        assert unknown.returncode != 0
        assert "unknown match nobody" in unknown.stderr and "chain_ok" not in unknown.stdout
        store.redis.close()
    finally:
        serve.send_signal(signal.SIGTERM)
        output, _ = serve.communicate(timeout=30)

    assert serve.returncode == 0, output
    assert read_runtime_info(cli_env["REFEREE_DATA_DIR"]) is None  # embedded Redis stopped
    secret_file = tmp_path / "data" / "token_secret"
    assert oct(secret_file.stat().st_mode & 0o777) == "0o600"
    assert secret_file.read_text() not in output
    key_file = tmp_path / "data" / "chain_key"
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"
    assert key_file.read_text() not in output + verify.stdout + verify.stderr + worker.stderr
    assert info.redis_url.split("@")[0].split(":")[-1] not in output  # no password in logs


def test_worker_without_redis_says_what_to_do(tmp_path, cli_env):
    done = subprocess.run(referee("worker", "--burst"), cwd=tmp_path, env=cli_env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "REDIS_URL is not set" in done.stderr


def test_serve_with_external_redis_needs_a_token_secret(tmp_path, cli_env, redis_url):
    env = dict(cli_env, REDIS_URL=redis_url)
    done = subprocess.run(referee("serve", "--port", str(free_port())), cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "REFEREE_TOKEN_SECRET" in done.stderr


def test_serve_with_external_redis_needs_a_chain_key(tmp_path, cli_env, redis_url):
    env = dict(cli_env, REDIS_URL=redis_url, REFEREE_TOKEN_SECRET="s" * 40)
    done = subprocess.run(referee("serve", "--port", str(free_port())), cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "REFEREE_CHAIN_KEY" in done.stderr
    assert not (tmp_path / "data" / "chain_key").exists()  # never made up for an external Redis


def test_commands_need_the_chain_key_with_an_external_redis(tmp_path, cli_env, redis_url):
    env = dict(cli_env, REDIS_URL=redis_url)
    for command in (("verify", "m"), ("audit", "m")):
        done = subprocess.run(referee(*command), cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode != 0
        assert "REFEREE_CHAIN_KEY is not set" in done.stderr, command
