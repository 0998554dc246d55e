#!/usr/bin/env python3
"""Redis bytes per action: every key a match writes, beside the floor of its canonical JSON.

    python3 bench/storage.py [--games 20] [--matches 6] [--seed 1]

Two measurements, each against an embedded redis-server (AOF, appendfsync always, as
`referee serve` runs it):

1. **The log alone** (issue 19): random legal games (projections.tcg.simulate) appended with
   their state hashes through the real EventStore; MEMORY USAGE of each match's stream and the
   change in INFO used_memory, beside the same events in the entry layout of before issue 19
   (seq and prev_hash stored too).
2. **Everything a match writes** (issue 42): ``--matches`` whole matches played through the
   real service (the Flask app in this process, its write path and its after-append relay as
   `referee serve` runs them, 50 ms), every action sent by the seat's own token with an
   idempotency key (a UUID, as a table client's), then the queued jobs run by an RQ worker
   (audit records, snapshots). Every key of the server is measured before the matches and
   after the jobs ran, with MEMORY USAGE ... SAMPLES 0 (what Redis allocates for the key,
   every element counted), and the growth is put under: the log, the idempotency records,
   the match's meta hash, its audit record, its snapshots, the read models, the match
   indexes, the job queue (RQ's keys; a finished after-append job is kept two minutes,
   AFTER_APPEND_RESULT_TTL, and is shown apart, not counted: it is gone two minutes on), and
   anything else. Per action = bytes / actions taken (the log's row includes each match's
   MatchCreated, amortized). The floor is the canonical JSON of the match's events as read.
   Beside the idempotency records, the same records in the shape of before issue 42 (the
   whole first answer kept: ``events.idempotency.whole_record``), written to a scratch hash
   in the same run and measured the same way.
"""
import argparse
import json
import logging
import os
import random
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.harness import pick_action  # noqa: E402
from events.codec import ChainKey, canonical_json  # noqa: E402
from events.embedded import EmbeddedRedis  # noqa: E402
from events.keys import match_keys  # noqa: E402
from events.store import EventStore  # noqa: E402
from projections.games import get_game  # noqa: E402
from projections.tcg.decks import shipped_deck  # noqa: E402
from projections.tcg.simulate import random_game  # noqa: E402

SECRET = "bench-token-secret-" + "s" * 40
MAX_ACTIONS = 600   # a match that has not ended by then is measured as it stands


# ---------------------------------------------------------------------- 1. the log alone

def with_state_hashes(events):
    game = get_game("tcg")
    state = None
    out = []
    for seq, event in enumerate(events, 1):
        state, _ = game.apply(state, {**event, "seq": seq})
        out.append({**event, "state_hash": game.state_hash(state)})
    return out


def legacy_stream_bytes(admin, key, stored):
    """The same events in the entry layout before issue 19 (every field stored, seq and
    prev_hash included), measured beside the current one in the same run."""
    for event in stored:
        admin.xadd(key, {name: (json.dumps(value, sort_keys=True, separators=(",", ":"),
                                           ensure_ascii=False)
                                if name in ("actor", "payload") else str(value))
                         for name, value in event.items()}, id=f"{event['seq']}-0")
    size = admin.memory_usage(key, samples=0)
    admin.delete(key)
    return size


def json_bytes(event) -> int:
    return len(json.dumps(event, sort_keys=True, separators=(",", ":"),
                          ensure_ascii=False).encode())


def log_alone(games: int) -> None:
    decks = [shipped_deck("fire-fighting"), shipped_deck("grass-psychic")]
    with tempfile.TemporaryDirectory() as tmp, EmbeddedRedis(tmp, use_acl=False) as server:
        admin = server.admin_client(decode_responses=True)
        store = EventStore(admin, chain_key=ChainKey.generate())
        before = admin.info("memory")["used_memory"]
        n_events, floor_bytes, stream_bytes, legacy_bytes = 0, 0, 0, 0
        for g in range(games):
            events, _ = random_game(g, decks)
            events = with_state_hashes(events)
            match_id = f"bench-{g}"
            store.append(match_id, events)
            stored = store.read(match_id)
            n_events += len(stored)
            floor_bytes += sum(json_bytes(e) for e in stored)
            stream_bytes += admin.memory_usage(match_keys(match_id).events, samples=0)
            legacy_bytes += legacy_stream_bytes(admin, f"legacy-{g}", stored)
        after = admin.info("memory")["used_memory"]
    per_event = stream_bytes / n_events
    floor = floor_bytes / n_events
    print(f"1. the log alone: events={n_events} in {games} matches | stream bytes/event="
          f"{per_event:.0f} used_memory delta/event={(after - before) / n_events:.0f} | floor "
          f"(canonical JSON)/event={floor:.0f} | ratio stream/floor={per_event / floor:.2f} | "
          f"the earlier layout (seq and prev_hash stored too) stream bytes/event="
          f"{legacy_bytes / n_events:.0f}, ratio {legacy_bytes / n_events / floor:.2f}")


# ---------------------------------------------------------------------- 2. every key

CATEGORIES = (  # (name, test on the key), first match wins
    ("log (stream)", lambda k: k.startswith("ref:{m:") and k.endswith("}:events")),
    ("idempotency records", lambda k: k.startswith("ref:{m:") and k.endswith("}:idem")),
    ("meta hash (head, nonces)", lambda k: k.startswith("ref:{m:") and k.endswith("}:meta")),
    ("audit record", lambda k: k.startswith("ref:{m:") and k.endswith("}:audit")),
    ("snapshots", lambda k: k.startswith("ref:{m:") and ":snap" in k),
    ("read models", lambda k: k.startswith("ref:{rm}")),
    ("match indexes", lambda k: k.startswith("ref:matches")),
    ("finished after-append jobs (expire after 2 min)",
     lambda k: k.startswith(("rq:job:after-", "rq:results:after-", "rq:finished:"))),
    ("job queue (RQ)", lambda k: k.startswith("rq:") and not k.startswith("rq:worker")),
    ("RQ's worker records (not the match's)", lambda k: k.startswith("rq:worker")),
    ("tokens (the match's seat tokens)", lambda k: k.startswith("ref:{auth}")),
)
NOT_THE_MATCHS = {"RQ's worker records (not the match's)", "finished after-append jobs (expire after 2 min)"}


def category(key: str) -> str:
    return next((name for name, test in CATEGORIES if test(key)), "other")


def key_sizes(admin) -> dict[str, int]:
    return {key: admin.memory_usage(key, samples=0) or 0 for key in admin.scan_iter(count=1000)}


def play_matches(app, judge_token: str, matches: int, seed: int):
    """``matches`` matches through the API; per match its id and, per action, the first
    answer and the body sent."""
    client = app.test_client()
    rng = random.Random(seed)
    played = []
    for m in range(matches):
        created = client.post("/v1/matches", headers={"Authorization": f"Bearer {judge_token}"},
                              json={"players": [{"name": f"Ana {m}", "deck_name": "fire-fighting"},
                                                {"name": f"Beto {m}",
                                                 "deck_name": "grass-psychic"}]}).get_json()
        match_id = created["match_id"]
        seats = {s: {"Authorization": f"Bearer {created['tokens'][str(s)]}"} for s in (0, 1)}
        sent, in_turn, last_seat = [], 0, None
        for _ in range(MAX_ACTIONS):
            summary = client.get(f"/v1/matches/{match_id}", headers=seats[0]).get_json()
            if summary["status"] == "finished":
                break
            first = summary["seat_to_act"]
            for seat in (first, 1 - first):
                listed = client.get(f"/v1/matches/{match_id}/legal-actions?seat={seat}",
                                    headers=seats[seat]).get_json()
                in_turn = in_turn + 1 if seat == last_seat else 0
                action = pick_action(listed["actions"], rng, in_turn, attack_share=0.4,
                                     max_per_turn=6)
                if action is not None:
                    break
            if action is None:
                break
            last_seat = seat
            action = {k: v for k, v in action.items() if k not in ("label", "names")}
            body = {"seat": seat, "action": action, "expected_seq": listed["seq"],
                    "idempotency_key": str(uuid.uuid4())}
            answer = client.post(f"/v1/matches/{match_id}/actions", headers=seats[seat],
                                 json=body)
            assert answer.status_code == 201, answer.get_data(True)
            sent.append(answer.get_json())
        played.append((match_id, sent))
    return played


def whole_records_bytes(admin, played) -> int:
    """The idempotency records as they were before issue 42 (the first answer kept whole),
    for the same keys and answers, measured in a scratch hash per match."""
    try:
        from events.idempotency import Record, whole_record
    except ImportError:    # a checkout from before issue 42: its records are whole already
        return 0
    total = 0
    for n, (match_id, sent) in enumerate(played):
        by_seq = {answer["seq"]: answer for answer in sent}
        scratch = f"bench:whole-idem:{n}"
        for field, raw in admin.hgetall(match_keys(match_id).idempotency).items():
            record = Record.parse(raw)
            answer = by_seq[record.seqs[-1]]
            admin.hset(scratch, field, whole_record(record.fingerprint or "", [answer["event"]],
                                                    canonical_json(answer)))
        total += admin.memory_usage(scratch, samples=0) or 0
        admin.delete(scratch)
    return total


def every_key(matches: int, seed: int) -> None:
    from app import create_app
    from app.auth import TokenStore
    from projections.tcg.randomness import SeededRandomness
    from workers.runner import build_worker

    with tempfile.TemporaryDirectory() as tmp, EmbeddedRedis(tmp, use_acl=False) as server:
        url = server.redis_url
        os.environ.update({"REDIS_URL": url, "RQ_REDIS_URL": url,
                           "REFEREE_CHAIN_KEY": "bench-chain-key-" + "c" * 40,
                           "REFEREE_ANCHOR_DIR": str(Path(tmp) / "anchors"),
                           "REFEREE_DATA_DIR": tmp, "REFEREE_JOB_RETRY_INTERVALS": "0"})
        admin = server.admin_client(decode_responses=True)
        source = SeededRandomness(seed)
        app = create_app({"REDIS_URL": url, "RQ_REDIS_URL": url, "REFEREE_TOKEN_SECRET": SECRET,
                          "REFEREE_RANDOMNESS": lambda: source,
                          "REFEREE_JOB_LINGER_MS": 50})   # as `referee serve` runs
        judge_token, _ = TokenStore(admin, SECRET).issue("judge", "Bench Judge")
        before = key_sizes(admin)
        played = play_matches(app, judge_token, matches, seed)
        time.sleep(0.5)                                     # the relay's last batch
        queue_waiting = sum(size - before.get(key, 0) for key, size in key_sizes(admin).items()
                            if category(key) == "job queue (RQ)")
        rq = server.admin_client(decode_responses=False)
        build_worker(rq, simple=True).work(burst=True)
        after = key_sizes(admin)
        store = EventStore(admin, chain_key=os.environ["REFEREE_CHAIN_KEY"])
        floor = sum(json_bytes(e) for match_id, _ in played for e in store.read(match_id))
        events = sum(store.last_seq(match_id) for match_id, _ in played)
        whole = whole_records_bytes(admin, played)
    actions = sum(len(sent) for _, sent in played)
    finished = sum(1 for match_id, sent in played if sent)
    grown: dict[str, int] = defaultdict(int)
    keys: dict[str, int] = defaultdict(int)
    for key, size in after.items():
        if size != before.get(key, 0):
            grown[category(key)] += size - before.get(key, 0)
            keys[category(key)] += 1
    print(f"\n2. every key a match writes: {matches} matches through the service, {actions} "
          f"actions ({events} events), {finished} played; MEMORY USAGE (SAMPLES 0) growth "
          "per action")
    print("| what | keys | bytes/action |\n| --- | ---: | ---: |")
    total = 0
    for name in [c for c, _ in CATEGORIES] + ["other"]:
        if name not in grown:
            continue
        if name not in NOT_THE_MATCHS:
            total += grown[name]
        mark = " (not counted)" if name in NOT_THE_MATCHS else ""
        print(f"| {name}{mark} | {keys[name]} | {grown[name] / actions:.0f} |")
    print(f"| **total** | | **{total / actions:.0f}** |")
    print(f"| canonical JSON floor (the events) | | {floor / actions:.0f} |")
    print(f"per action: total {total / actions:.0f} B, floor {floor / actions:.0f} B, ratio "
          f"{total / floor:.2f}; goal <= 600 B")
    idem = grown.get("idempotency records", 0)
    if whole:
        print(f"idempotency records: {idem / actions:.0f} B each now (lean); the same records "
              f"kept whole as before: {whole / actions:.0f} B each, so the total would be "
              f"{(total - idem + whole) / actions:.0f} B per action")
    queue = grown.get("job queue (RQ)", 0)
    print(f"without the job queue (RQ's other finished jobs expire after an hour): "
          f"{(total - queue) / actions:.0f} B per action")
    print(f"job queue while the jobs wait (before the worker ran): {queue_waiting / actions:.0f} "
          "B per action")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20, help="random games for the log alone")
    ap.add_argument("--matches", type=int, default=6, help="matches played through the service")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("rq").setLevel(logging.WARNING)
    log_alone(args.games)
    every_key(args.matches, args.seed)


if __name__ == "__main__":
    main()
