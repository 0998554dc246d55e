#!/usr/bin/env python3
"""Benchmark: the cost of loading a match's state at seq 50 vs seq 5,000, and the read-model
lag under a steady stream of appends.

    python3 bench/state_load.py [--events 5000] [--every 100] [--repeat 40]
                                [--rate 40] [--seconds 6] [--matches 4]

It starts its own embedded Redis (events/embedded.py: AOF, appendfsync always, the ACL users)
in a temporary directory, so nothing else is needed or touched.

Matches are sandbox positions played with legal actions only (draw, attach an Energy, retreat
between two Pokémon with no Retreat Cost - unlimited under base-1999 - and end the turn), so a
5,000-event match keeps an ordinary board. The two matches of the load test start from the same
position: only their length differs. The snapshot job (maybe_snapshot) runs after every append
batch, as the write path's jobs do.

Loading (medians of --repeat interleaved runs): load_state at the head of a 50-event match, at
the head of a 5,000-event match (snapshot + tail: 99 events past the last snapshot, the worst
case for K=100), at each seq of its last K-window in turn (the average an append pays), and
the same matches read and folded from MatchCreated (no snapshots).
Lag: one RQ worker process (workers.runner.run_worker: JSON serializer, scheduler), first a
forking Worker (what `referee worker` runs), then a SimpleWorker; appends at --rate per second
spread over --matches matches, each followed by enqueue_after_append (two jobs); lag = time from
the append's reply until the read-model checkpoint covers it (polled every 2 ms).
It prints one line of figures.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import redis  # noqa: E402
from harness import stop_process  # noqa: E402

from events.codec import new_chain_secret  # noqa: E402
from events.embedded import EmbeddedRedis  # noqa: E402
from events.store import EventStore  # noqa: E402
from projections.games import get_game  # noqa: E402
from projections.readmodels import checkpoint  # noqa: E402
from projections.replay import fold  # noqa: E402
from projections.snapshots import load_state, maybe_snapshot  # noqa: E402
from workers import enqueue_after_append  # noqa: E402

ENERGY = ("base1-98", "base1-97", "base1-99", "base1-100", "base1-101", "base1-102")
RETREATS_PER_TURN = 60


def position() -> dict:
    def seat() -> dict:
        deck = [ENERGY[i % 6] if i % 6 else "base1-61" for i in range(47)]
        return {"active": {"card": "base1-48"},
                "bench": [{"card": "base1-61"}, {"card": "base1-47"}],
                "hand": [], "deck": deck, "discard": [], "prizes": ["base1-98"] * 6}
    return {"turn": 3, "seat_to_act": 0, "phase": "draw", "seats": [seat(), seat()]}


class Sandbox:
    """A match played by a fixed, always-legal policy."""

    def __init__(self, store: EventStore, match_id: str):
        self.store, self.match_id, self.game = store, match_id, get_game("tcg")
        players = [{"name": "Ana"}, {"name": "Beto"}]
        extra, self.state, _ = self.game.create("base-1999", players, None, position())
        store.create_match(match_id, {"game": "tcg", "ruleset": "base-1999",
                                      "players": ["Ana", "Beto"]})
        payload = {"game": "tcg", "ruleset": "base-1999", "players": players,
                   "randomness": "reported", "position": position(), **extra}
        store.append(match_id, [{"type": "MatchCreated", "payload": payload,
                                 "state_hash": self.game.state_hash(self.state)}])
        self.seq = 1

    def _next_action(self) -> tuple[int, dict]:
        s = self.state
        seat = s.seat_to_act
        me = s.seats[seat]
        if s.phase == "draw":
            return seat, {"type": "draw"}
        energy = [c for c in me.hand if s.instances[c] in ENERGY]
        if energy and s.this_turn.get("energy_attached") is None:
            return seat, {"type": "attach_energy", "card": energy[0], "target": me.active.top}
        if s.this_turn.get("retreats", 0) < RETREATS_PER_TURN and me.bench:
            return seat, {"type": "retreat", "to": me.bench[0].top, "discard": []}
        return seat, {"type": "end_turn"}

    def play(self, n: int) -> list[dict]:
        batch = []
        for _ in range(n):
            seat, action = self._next_action()
            decision = self.game.decide(self.state, seat, action, None)
            if not decision.legal:
                raise RuntimeError(f"{action}: {decision.violations}")
            self.state = decision.state
            self.state.seq = self.seq + len(batch) + 1
            batch.append({**decision.event, "state_hash": self.game.state_hash(self.state)})
        self.store.append(self.match_id, batch, expected_seq=self.seq)
        self.seq += len(batch)
        return batch


def build(store: EventStore, match_id: str, events: int, every: int, batch: int = 10) -> None:
    table = Sandbox(store, match_id)
    while table.seq < events:
        table.play(min(batch, events - table.seq))
        maybe_snapshot(store, match_id, every=every)


def timed(fns: dict, repeat: int) -> dict:
    """Median seconds per call of each function, the calls interleaved round-robin (after a
    warm-up) so that machine noise hits them alike."""
    runs: dict = {name: [] for name in fns}
    for fn in fns.values():
        fn()
    for _ in range(repeat):
        for name, fn in fns.items():
            started = time.perf_counter()
            fn()
            runs[name].append(time.perf_counter() - started)
    return {name: statistics.median(r) for name, r in runs.items()}


def measure_lag(store: EventStore, rq_url: str, store_url: str, *, rate: float,
                seconds: float, matches: int, simple: bool, name: str) -> dict:
    tables = [Sandbox(store, f"{name}{n}") for n in range(matches)]
    rq = redis.Redis.from_url(rq_url)
    for t in tables:
        enqueue_after_append(rq, t.match_id, t.seq)
    env = {**os.environ, "REDIS_URL": store_url, "RQ_URL": rq_url, "SIMPLE": str(int(simple)),
           "REFEREE_SNAPSHOT_EVERY": os.environ.get("REFEREE_SNAPSHOT_EVERY", "100")}
    code = ("import os; from workers.runner import run_worker; "
            "run_worker(os.environ['RQ_URL'], simple=os.environ.get('SIMPLE') == '1')")
    worker = subprocess.Popen([sys.executable, "-c", code], cwd=REPO, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    appended: dict[tuple[str, int], float] = {}
    seen: dict[tuple[str, int], float] = {}
    stop = threading.Event()

    def watch() -> None:
        client = redis.Redis.from_url(store_url, decode_responses=True)
        while not stop.is_set():
            now = time.perf_counter()
            for t in tables:
                ckpt = checkpoint(client, t.match_id)
                for key in [k for k in appended if k[0] == t.match_id and k[1] <= ckpt
                            and k not in seen]:
                    seen[key] = now
            time.sleep(0.002)
        client.close()

    try:
        deadline = time.monotonic() + 20     # the worker is up when the first jobs are done
        while any(checkpoint(store.redis, t.match_id) < t.seq for t in tables):
            if time.monotonic() > deadline:
                raise RuntimeError("the worker did not start")
            time.sleep(0.05)
        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        interval = 1.0 / rate
        started = time.perf_counter()
        n = 0
        while time.perf_counter() - started < seconds:
            table = tables[n % len(tables)]
            table.play(1)
            appended[(table.match_id, table.seq)] = time.perf_counter()
            enqueue_after_append(rq, table.match_id, table.seq)
            n += 1
            time.sleep(max(0.0, started + n * interval - time.perf_counter()))
        drain = time.monotonic() + 30
        while len(seen) < len(appended) and time.monotonic() < drain:
            time.sleep(0.01)
        stop.set()
        watcher.join(5)
    finally:
        stop_process(worker)
        rq.close()
    lags = sorted(seen[k] - appended[k] for k in seen)
    return {"appends": len(appended), "rate": len(appended) / seconds,
            "p50": lags[len(lags) // 2] if lags else float("nan"),
            "p95": lags[int(len(lags) * 0.95)] if lags else float("nan"),
            "max": lags[-1] if lags else float("nan"), "missed": len(appended) - len(seen)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--short", type=int, default=50)
    parser.add_argument("--every", type=int, default=100, help="snapshot every K events")
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--rate", type=float, default=20.0, help="appends per second")
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--matches", type=int, default=4)
    args = parser.parse_args()
    os.environ["REFEREE_SNAPSHOT_EVERY"] = str(args.every)

    with tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp:
        # the worker processes started below inherit both
        os.environ.setdefault("REFEREE_CHAIN_KEY", new_chain_secret())
        os.environ.setdefault("REFEREE_ANCHOR_DIR", str(Path(tmp) / "anchors"))
        server = EmbeddedRedis(Path(tmp) / "redis").start()
        try:
            client = redis.Redis.from_url(server.redis_url, decode_responses=True)
            store = EventStore(client, chain_key=os.environ["REFEREE_CHAIN_KEY"])
            t0 = time.perf_counter()
            build(store, "short", args.short, args.every)
            build(store, "long", args.events, args.every)
            built = time.perf_counter() - t0
            head = store.last_seq("long")
            loaded = load_state(store, None, "long")
            window = list(range(max(1, head - args.every + 1), head + 1))
            random.Random(0).shuffle(window)   # a fair sample of the window's seqs
            cursor = iter(range(10**9))
            times = timed({
                "short": lambda: load_state(store, None, "short"),
                "long": lambda: load_state(store, None, "long"),
                # the seqs of the last K-window: what an append pays on average
                "window": lambda: load_state(store, None, "long",
                                             window[next(cursor) % len(window)]),
            }, args.repeat)
            folds = timed({"short": lambda: fold(store.read("short")),
                           "long": lambda: fold(store.read("long"))},
                          max(3, args.repeat // 8))
            lags = {simple: measure_lag(store, server.rq_redis_url, server.redis_url,
                                        rate=args.rate, seconds=args.seconds,
                                        matches=args.matches, simple=simple,
                                        name="simple" if simple else "fork")
                    for simple in (False, True)}
            client.close()
        finally:
            server.stop()

    ms = 1000.0
    short, long_, mean = times["short"], times["long"], times["window"]
    print(f"state load (median of {args.repeat}, K={args.every}): "
          f"seq {args.short} {short * ms:.2f} ms | seq {head} with snapshots "
          f"{long_ * ms:.2f} ms ({loaded.applied} events past snapshot {loaded.snapshot_seq}, "
          f"the worst case; ratio {long_ / short:.2f}), over seqs {min(window)}-{head} "
          f"{mean * ms:.2f} ms (ratio {mean / short:.2f}) | without snapshots: seq "
          f"{args.short} {folds['short'] * ms:.2f} ms, seq {head} {folds['long'] * ms:.1f} ms "
          f"(ratio {folds['long'] / folds['short']:.0f}) | read-model lag at "
          f"{lags[False]['rate']:.0f} appends/s over {args.matches} matches, one worker: "
          + ", ".join(f"{'SimpleWorker' if simple else 'forking Worker'} p50 "
                      f"{lag['p50'] * ms:.0f} ms, p95 {lag['p95'] * ms:.0f} ms, max "
                      f"{lag['max'] * ms:.0f} ms ({lag['appends']} appends, "
                      f"{lag['missed']} not seen)" for simple, lag in lags.items())
          + f" | build {built:.1f}s")


if __name__ == "__main__":
    main()
