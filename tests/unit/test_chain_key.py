"""Where the chain key comes from (events/chain_key.py), and what it keys (events/codec.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from events.chain_key import ChainKeyMissing, load_or_create_chain_key, resolve_chain_key
from events.codec import ChainKey, canonical_json
from events.config import Settings

EXTERNAL = "redis://127.0.0.1:1/0"


def test_the_environment_s_key_wins(tmp_path: Path):
    key = resolve_chain_key(Settings(redis_url=EXTERNAL, data_dir=tmp_path,
                                     chain_key="k" * 40))
    assert key.event_hash({"seq": 1}) == ChainKey("k" * 40).event_hash({"seq": 1})
    assert not (tmp_path / "chain_key").exists()


def test_the_embedded_redis_keeps_a_generated_key_in_the_data_dir(tmp_path: Path):
    settings = Settings(redis_url=None, data_dir=tmp_path / "data")
    with pytest.raises(ChainKeyMissing, match="referee serve"):
        resolve_chain_key(settings)  # only `serve` creates it
    made = resolve_chain_key(settings, create=True)
    path = tmp_path / "data" / "chain_key"
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert len(path.read_text()) >= 40
    again = resolve_chain_key(settings)  # what `referee worker|verify|audit` find
    assert again.event_hash({"seq": 1}) == made.event_hash({"seq": 1})
    assert load_or_create_chain_key(tmp_path / "data") == path.read_text()


def test_an_external_redis_needs_the_key_unless_in_dev_mode(tmp_path: Path):
    with pytest.raises(ChainKeyMissing, match="REFEREE_CHAIN_KEY is not set"):
        resolve_chain_key(Settings(redis_url=EXTERNAL, data_dir=tmp_path))
    assert not (tmp_path / "chain_key").exists()
    resolve_chain_key(Settings(redis_url=EXTERNAL, data_dir=tmp_path, dev_mode=True))
    assert (tmp_path / "chain_key").exists()


def test_a_short_key_is_refused(tmp_path: Path):
    with pytest.raises(ChainKeyMissing, match="too short"):
        resolve_chain_key(Settings(redis_url=EXTERNAL, data_dir=tmp_path, chain_key="short"))


def test_settings_read_the_key_and_the_anchor_dir():
    env = {"REFEREE_CHAIN_KEY": "x" * 40, "REFEREE_DATA_DIR": "/d"}
    assert Settings.from_env(env).anchor_dir == Path("/d/anchors")
    assert "x" * 40 not in repr(Settings.from_env(env))
    env["REFEREE_ANCHOR_DIR"] = "/elsewhere"
    assert Settings.from_env(env).anchor_dir == Path("/elsewhere")


def test_one_key_three_purposes_never_interchangeable():
    key = ChainKey("p" * 40)
    fields = {"match_id": "m", "seq": 1, "hash": "h"}
    receipt = key.receipt_signature("m", 1, "h")
    assert receipt != key.anchor_mac(fields) != key.event_hash(fields)
    assert key.receipt_ok("m", 1, "h", receipt) and not key.receipt_ok("m", 2, "h", receipt)
    assert canonical_json(fields) not in repr(key) and "p" * 40 not in repr(key)
    assert os.environ.get("REFEREE_CHAIN_KEY") not in repr(key)
