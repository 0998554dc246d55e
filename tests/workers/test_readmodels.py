"""Read models: match summaries, the judges' queue and penalty histories, built
incrementally, idempotently, crash-safely, and equal to a rebuild from the logs."""

from __future__ import annotations

import threading

import pytest

from events.store import EventStore
from projections.readmodels import (
    checkpoint,
    dump_read_models,
    get_match_summary,
    is_repeat,
    judges_queue,
    known_players,
    list_disputes,
    list_match_summaries,
    match_disputes,
    penalty_history,
    rebuild_read_models,
    update_read_models,
)
from projections.readmodels import keys as rm_keys
from projections.readmodels.model import person_key
from tests.conftest import TEST_CHAIN_KEY
from tests.workers.helpers import new_match

pytestmark = pytest.mark.integration

JUDGE = {"subject": "judge-jo", "role": "judge"}
HEAD_JUDGE = {"subject": "head-judge-hal", "role": "judge"}


def build_event_of_two_matches(store, clock):
    """Two matches of one event with a dispute's whole life, penalties and a win."""
    m1 = new_match(store, "m1", seed=4, players=("Ana", "Beto"), player_ids=("100", "200"))
    m1.play(30, batch=10)
    clock.advance(minutes=1)
    m1.judge("DisputeOpened", {"dispute_id": "d1", "seat": 0, "about_seq": 12,
                               "claim": "Beto drew an extra card"})
    clock.advance(minutes=1)
    m2 = new_match(store, "m2", seed=9, players=("Cris", "BETO "), player_ids=("300", "200"))
    m2.play(20, batch=10)
    clock.advance(minutes=1)
    m2.judge("DisputeOpened", {"dispute_id": "d2", "seat": None, "about_seq": 5,
                               "claim": "slow play"})
    clock.advance(minutes=1)
    m1.judge("RulingIssued", {"dispute_id": "d1", "decision": "upheld", "remedy": None,
                              "penalty": {"seat": 1, "infraction": "procedural_error_minor",
                                          "level": "warning"}, "notes": "extra draw"},
             actor=JUDGE)
    clock.advance(minutes=1)
    m2.judge("PenaltyIssued", {"seat": 1, "infraction": "procedural_error_minor",
                               "level": "warning", "dispute_id": None, "notes": "again"})
    clock.advance(minutes=1)
    m1.judge("AppealFiled", {"dispute_id": "d1", "seat": 1, "reason": "I drew for Bill"})
    return m1, m2


def test_summaries_queue_and_penalties(clocked_store, fixed_clock, redis_client):
    store = clocked_store
    m1, m2 = build_event_of_two_matches(store, fixed_clock)
    for mid in ("m1", "m2"):
        update_read_models(store, mid, step=7)

    s1 = get_match_summary(redis_client, "m1")
    assert s1["players"] == ["Ana", "Beto"] and s1["ruleset"] == "base-1999"
    assert s1["last_seq"] == m1.seq and s1["open_disputes"] == 1
    summary = m1.game.summary(m1.state)
    assert (s1["status"], s1["turn"], s1["prizes_left"]) == (summary["status"], summary["turn"],
                                                             summary["prizes_left"])
    # the queue: d2 (opened before d1 was appealed) first, then d1 as an appeal
    queue, total = judges_queue(redis_client)
    assert total == 2
    assert [(q["match_id"], q["dispute_id"], q["kind"]) for q in queue] == [
        ("m2", "d2", "dispute"), ("m1", "d1", "appeal")]
    assert list_disputes(redis_client, status="open")[1] == 2

    # Beto's history spans both matches: it is filed by his ID, whatever name he played under
    history = penalty_history(redis_client, person_key("200", "", None))
    assert [(e["match_id"], e["source"], e["repeat"]) for e in history] == [
        ("m1", "RulingIssued", False), ("m2", "PenaltyIssued", True)]
    assert history[0]["player"] == "Beto" and history[1]["player"] == "BETO "
    assert is_repeat(redis_client, person_key("200", "", None), "procedural_error_minor")
    assert not is_repeat(redis_client, person_key("200", "", None), "procedural_error_major")
    assert is_repeat(redis_client, person_key("200", "", None), "Procedural Error Major", same_category=True)
    assert not is_repeat(redis_client, person_key("100", "", None), "procedural_error_minor")

    # the head judge overturns the ruling: its penalty no longer counts (J-APPEAL-1)
    fixed_clock.advance(minutes=1)
    m1.judge("AppealDecided", {"dispute_id": "d1", "decision": "overturned", "remedy": None,
                               "penalty": {"seat": 1, "infraction": "game_play_error_minor",
                                           "level": "caution"}}, actor=HEAD_JUDGE)
    update_read_models(store, "m1")
    queue, total = judges_queue(redis_client)
    assert total == 1 and queue[0]["dispute_id"] == "d2"
    d1 = next(d for d in match_disputes(redis_client, "m1") if d["dispute_id"] == "d1")
    assert d1["status"] == "decided" and d1["appeal_decision"]["decision"] == "overturned"
    history = penalty_history(redis_client, person_key("200", "", None))
    assert [(e["source"], e["status"], e["repeat"]) for e in history] == [
        ("RulingIssued", "overturned", False), ("PenaltyIssued", "standing", False),
        ("AppealDecided", "standing", False)]
    assert [e["reported"] for e in history] == [True, True, False]   # cautions aren't
    assert get_match_summary(redis_client, "m1")["open_disputes"] == 0
    assert list_disputes(redis_client, status="closed")[1] == 1
    players = known_players(redis_client)   # one Beto, however his name was typed
    assert len(players) == 3 and {"Ana", "Cris"} < set(players)


def test_listing_matches_by_status_and_player(store, redis_client):
    finished = new_match(store, "done", seed=0, players=("Ana", "Dora"))
    finished.play(600, batch=50)
    assert finished.state.phase == "finished"
    new_match(store, "fresh", seed=1, players=("Eli", "Ana"))
    for mid in ("done", "fresh"):
        update_read_models(store, mid)
    done = get_match_summary(redis_client, "done")
    result = finished.state.result
    assert done["status"] == "finished" and done["winner"] == result["winner"]
    assert done["winner_name"] == ("Ana", "Dora")[result["winner"]]
    assert done["win_reason"] == result["reason"]

    page, total = list_match_summaries(redis_client)
    assert total == 2 and [s["match_id"] for s in page] == ["fresh", "done"]
    assert [s["match_id"] for s in list_match_summaries(redis_client, status="finished")[0]] \
        == ["done"]
    assert [s["match_id"] for s in list_match_summaries(redis_client, status="setup")[0]] \
        == ["fresh"]
    page, total = list_match_summaries(redis_client, player="ana", newest_first=False)
    assert total == 2 and [s["match_id"] for s in page] == ["done", "fresh"]
    page, total = list_match_summaries(redis_client, player="ANA", status="finished")
    assert total == 1 and page[0]["match_id"] == "done"
    assert list_match_summaries(redis_client, limit=1, offset=1)[0][0]["match_id"] == "done"
    with pytest.raises(ValueError):
        list_match_summaries(redis_client, status="lost")


def test_applying_twice_changes_nothing(clocked_store, fixed_clock, redis_client):
    build_event_of_two_matches(clocked_store, fixed_clock)
    for mid in ("m1", "m2"):
        update_read_models(clocked_store, mid, step=5)
    once = dump_read_models(redis_client)
    again = [update_read_models(clocked_store, mid, step=5) for mid in ("m1", "m2")]
    assert [r["steps"] for r in again] == [0, 0]
    assert dump_read_models(redis_client) == once


def test_racing_updaters_apply_each_event_once(clocked_store, fixed_clock, redis_client,
                                               redis_url):
    import redis

    m1, _ = build_event_of_two_matches(clocked_store, fixed_clock)
    errors = []

    def run():
        client = redis.Redis.from_url(redis_url, decode_responses=True)
        try:
            update_read_models(EventStore(client, chain_key=TEST_CHAIN_KEY), "m1", step=3)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            client.close()

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors
    raced = dump_read_models(redis_client)
    assert raced["checkpoints"]["m1"] == m1.seq
    rebuild_read_models(clocked_store, match_ids=["m1"])
    assert dump_read_models(redis_client) == raced


def test_a_crash_between_steps_leaves_a_step_boundary_and_a_rerun_converges(
        clocked_store, fixed_clock, redis_client):
    store = clocked_store
    m1, m2 = build_event_of_two_matches(store, fixed_clock)

    class Crash(Exception):
        pass

    def crash_on_third(info):
        if info["to_seq"] >= 15:
            raise Crash(info)

    with pytest.raises(Crash):
        update_read_models(store, "m1", step=5, after_step=crash_on_third)
    assert checkpoint(redis_client, "m1") == 15
    half = get_match_summary(redis_client, "m1")
    assert half["last_seq"] == 15 and half["open_disputes"] == 0

    update_read_models(store, "m1", step=5)
    update_read_models(store, "m2", step=5)
    incremental = dump_read_models(redis_client)
    assert incremental["checkpoints"] == {"m1": m1.seq, "m2": m2.seq}
    rebuild_read_models(store)
    assert dump_read_models(redis_client) == incremental


def test_rebuild_switches_epochs_and_leaves_no_old_keys(clocked_store, fixed_clock,
                                                        redis_client):
    store = clocked_store
    build_event_of_two_matches(store, fixed_clock)
    for mid in ("m1", "m2"):
        update_read_models(store, mid)
    before = dump_read_models(redis_client)
    first = rebuild_read_models(store)
    second = rebuild_read_models(store)
    assert int(second["epoch"]) == int(first["epoch"]) + 1
    assert dump_read_models(redis_client) == before
    epochs = {rm_keys.epoch_of_key(k) for k in redis_client.scan_iter("ref:{rm}:*")}
    assert epochs == {None, second["epoch"]}  # meta, and the live epoch's keys only


def test_read_models_under_the_embedded_redis_acl(embedded_redis):
    """The store's Redis user may not DEL; updating, snapshotting and rebuilding (which
    drops the old epoch) must work within its rights."""
    import redis

    from projections.snapshots import load_state, maybe_snapshot

    client = redis.Redis.from_url(embedded_redis.redis_url, decode_responses=True)
    try:
        store = EventStore(client, chain_key=TEST_CHAIN_KEY)
        table = new_match(store, "acl", seed=6)
        table.play(40, batch=10)
        table.judge("DisputeOpened", {"dispute_id": "d", "seat": 1, "about_seq": 3,
                                      "claim": "x"})
        update_read_models(store, "acl", step=9)
        assert maybe_snapshot(store, "acl", every=10)
        incremental = dump_read_models(client)
        rebuild_read_models(store)
        assert dump_read_models(client) == incremental
        with pytest.raises(redis.exceptions.NoPermissionError):
            client.delete(rm_keys.META)
        assert load_state(store, None, "acl").snapshot_seq == table.seq
    finally:
        client.close()


def test_a_rebuild_while_play_goes_on_ends_equal_to_the_log(store, redis_client, redis_url):
    """Appends and incremental updates keep running while the models are rebuilt twice:
    jobs caught on the old epoch move to the new one, and nothing is lost or doubled."""
    import redis

    table = new_match(store, "live", seed=7)
    table.play(30, batch=10)
    update_read_models(store, "live")
    stop = threading.Event()
    errors = []

    def play_on():
        client = redis.Redis.from_url(redis_url, decode_responses=True)
        try:
            own = EventStore(client, chain_key=TEST_CHAIN_KEY)
            table.store = own
            while not stop.is_set() and table.play(2):
                update_read_models(own, "live", step=3)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            client.close()

    player = threading.Thread(target=play_on)
    player.start()
    try:
        for _ in range(2):
            rebuild_read_models(store, step=4)
    finally:
        stop.set()
        player.join(60)
    assert not errors
    update_read_models(store, "live")
    live = dump_read_models(redis_client)
    assert live["checkpoints"]["live"] == store.last_seq("live")
    rebuild_read_models(store)
    assert dump_read_models(redis_client) == live


def test_an_update_after_a_rebuild_moved_the_epoch_writes_the_live_one(store, redis_client):
    """The update reads the live epoch beside the checkpoint of the one this process saw
    last; after a rebuild (here: in another process, so this one's guess is stale) it reads
    and writes the new live epoch, and then finds the match caught up in it."""
    from projections.readmodels import updater

    table = new_match(store, "epoch-guess", seed=4)
    table.play(5)
    update_read_models(store, "epoch-guess")
    rebuilt = rebuild_read_models(store)["epoch"]
    updater._SEEN_EPOCH[0] = rm_keys.DEFAULT_EPOCH  # as a process that did not see it
    table.play(3)
    result = update_read_models(store, "epoch-guess")
    assert result["epoch"] == rebuilt and result["to_seq"] == table.seq and result["events"] == 3
    assert checkpoint(redis_client, "epoch-guess") == table.seq
    again = update_read_models(store, "epoch-guess")
    assert (again["epoch"], again["from_seq"], again["to_seq"], again["steps"]) == (
        rebuilt, table.seq, table.seq, 0)
