#!/usr/bin/env python3
"""Benchmark: the write path (POST /v1/matches/{id}/actions) under 1, 8 and 32 concurrent
clients, beside two floors measured in the same run against the same servers.

    python3 bench/write_path.py [--seconds 4] [--levels 1,8,32] [--workers 2]

It starts an embedded redis-server (events/embedded.py: appendonly yes, appendfsync always,
the ACL users) in a temporary directory and a real gunicorn (`referee serve`: gevent
workers, the app factory) on a free port against it, so nothing else is needed or touched.

Per concurrency level, for --seconds each, every client keeps one HTTP/1.1 connection:

* action   POST /v1/matches/{id}/actions: `end_turn` for the seat to act, with expected_seq
           and an idempotency key; each client plays its own matches (a fresh one every 40
           actions, made outside the timing), so clients never race for a seq;
* service  the same, in service-mode matches dealt from the two benchmark decks (60 cards);
* table    the same decks in table mode (issue 12): each turn a reported `draw` with the
           card drawn, then `end_turn` (so half the actions carry a report);
* auth     GET /v1/whoami: the same server, the token check only (one Redis read);
* no-op    GET /docs: the same app and server, no Redis call at all (the framework floor);
* xadd     a bare XADD round trip (redis-py, one connection per client) on the same
           redis-server, so with the same fsync per write.

It prints one line: per level and kind p50/p99 latency (ms) and throughput (req/s), then the
table/service ratios (the goal: within 1.2x), and the action/no-op and action/xadd ratios of
p50 latency and of throughput.
"""
from __future__ import annotations

import argparse
import threading
import time

import redis
from harness import Client, bench_server, percentile

ACTIONS_PER_MATCH = 40
WATER, FIRE, SQUIRTLE, CHARMANDER = "base1-102", "base1-98", "base1-63", "base1-46"


def position() -> dict:
    def seat(active: str, energy: str, entered: int) -> dict:
        return {"active": {"card": active, "entered_turn": entered}, "bench": [],
                "hand": [energy], "deck": [energy] * (ACTIONS_PER_MATCH // 2 + 5),
                "discard": [], "prizes": [energy] * 6}

    return {"turn": 3, "seat_to_act": 0, "phase": "main",
            "seats": [seat(SQUIRTLE, WATER, 1), seat(CHARMANDER, FIRE, 2)]}


class Player:
    """A client's own matches: end_turn for the seat to act, a new match every 40 actions."""

    def __init__(self, client: Client, name: str):
        self.client, self.name = client, name
        self.match_id, self.seq, self.seat, self.done, self.n = None, 1, 0, 0, 0

    def new_match(self) -> None:
        status, body = self.client.request("POST", "/v1/matches", {
            "players": [{"name": f"{self.name}-a"}, {"name": f"{self.name}-b"}],
            "position": position()})
        assert status == 201, (status, body)
        self.match_id, self.seq, self.seat, self.done = body["match_id"], 1, 0, 0

    def next_action(self) -> dict:
        return {"type": "end_turn"}

    def acted(self, action: dict) -> None:
        self.seat = 1 - self.seat

    def post(self, seat: int, action: dict, coins: list[str] | None = None) -> dict:
        self.n += 1
        body = {"seat": seat, "action": action, "expected_seq": self.seq,
                "idempotency_key": f"{self.name}-{self.n}"}
        if coins:
            body["coins"] = coins
        status, answer = self.client.request("POST", f"/v1/matches/{self.match_id}/actions", body)
        assert status == 201, (status, answer, action)
        self.seq = answer["seq"]
        return answer

    def act(self) -> float:
        if self.match_id is None or self.done >= ACTIONS_PER_MATCH:
            self.new_match()
        action = self.next_action()
        started = time.perf_counter()
        self.post(self.seat, action)
        elapsed = time.perf_counter() - started
        self.acted(action)
        self.done += 1
        return elapsed


class DealtPlayer(Player):
    """Service mode from the two benchmark decks (60 cards, a real deal): the setup is made
    outside the timing, then end_turn for the seat to act (each turn starts with its draw)."""

    def new_match(self) -> None:
        status, body = self.client.request("POST", "/v1/matches", {"players": [
            {"name": f"{self.name}-a", "deck_name": "fire-fighting"},
            {"name": f"{self.name}-b", "deck_name": "grass-psychic"}]})
        assert status == 201, (status, body)
        self.match_id, self.seq, self.done = body["match_id"], body["seq"], 0
        for _ in range(6):
            status, state = self.client.request("GET", f"/v1/matches/{self.match_id}/state")
            if state["phase"] != "setup":
                break
            for seat in (0, 1):
                status, listed = self.client.request(
                    "GET", f"/v1/matches/{self.match_id}/legal-actions?seat={seat}")
                setup = [a for a in listed["actions"] if a["type"] in ("setup", "mulligan_draw")]
                if setup:
                    self.post(seat, setup[0])
        self.seat = state["seat_to_act"]
        assert state["phase"] == "main", state["phase"]


class TablePlayer(Player):
    """Table mode from the same decks: the table reports the Active Pokémon at setup (outside
    the timing), then each turn's draw with the card drawn (an Energy of the seat's list),
    and end_turn."""

    ENERGY = ("base1-98", "base1-99")   # Fire (fire-fighting), Grass (grass-psychic): 13 each

    def new_match(self) -> None:
        status, body = self.client.request("POST", "/v1/matches", {"randomness": "table", "players": [
            {"name": f"{self.name}-a", "deck": "fire-fighting"},
            {"name": f"{self.name}-b", "deck": "grass-psychic"}]})
        assert status == 201, (status, body)
        self.match_id, self.seq, self.done = body["match_id"], body["seq"], 0
        self.post(0, {"type": "setup", "active": "base1-46"})
        self.post(1, {"type": "setup", "active": "base1-44"}, coins=["heads"])
        self.seat, self.phase = 0, "draw"

    def next_action(self) -> dict:
        if self.phase == "draw":
            return {"type": "draw", "cards": [self.ENERGY[self.seat]]}
        return {"type": "end_turn"}

    def acted(self, action: dict) -> None:
        if action["type"] == "draw":
            self.phase = "main"
        else:
            self.seat, self.phase = 1 - self.seat, "draw"


PLAYERS = {"action": Player, "service": DealtPlayer, "table": TablePlayer}
KINDS = ("action", "service", "table", "auth", "noop", "xadd")


def run_level(kind: str, clients: int, seconds: float, port: int, token: str,
              redis_url: str) -> dict:
    """``clients`` threads doing ``kind`` for ``seconds``: latencies and throughput."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    barrier = threading.Barrier(clients + 1)
    window: dict[str, float] = {}
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            if kind == "xadd":
                conn = redis.Redis.from_url(redis_url)
                key = f"ref:bench:xadd:{n}"
                payload = {"seq": "1", "type": "ActionTaken", "payload": "x" * 400}

                def once() -> float:
                    started = time.perf_counter()
                    conn.xadd(key, payload)
                    return time.perf_counter() - started
            else:
                client = Client(port, token)
                if kind in PLAYERS:
                    player = PLAYERS[kind](client, f"{kind}{clients}-{n}")
                    player.new_match()
                    once = player.act
                else:
                    path = "/v1/whoami" if kind == "auth" else "/docs"

                    def once() -> float:
                        started = time.perf_counter()
                        status, _ = client.request("GET", path)
                        assert status == 200, status
                        return time.perf_counter() - started
            once()  # warm the connection (and the match)
            barrier.wait()
            while time.perf_counter() < window["end"]:
                latencies[n].append(once())
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(exc)
            try:
                barrier.abort()
            except threading.BrokenBarrierError:
                pass

    threads = [threading.Thread(target=work, args=(n,), daemon=True) for n in range(clients)]
    for t in threads:
        t.start()
    window["end"] = float("inf")
    try:
        barrier.wait(timeout=120)
    except threading.BrokenBarrierError:
        pass
    started = time.perf_counter()
    window["end"] = started + seconds
    for t in threads:
        t.join(seconds + 120)
    elapsed = time.perf_counter() - started
    if errors:
        raise RuntimeError(f"{kind} x{clients}: {errors[0]!r}") from errors[0]
    merged = [x for per in latencies for x in per]
    return {"p50": percentile(merged, 50) * 1000, "p99": percentile(merged, 99) * 1000,
            "rps": len(merged) / elapsed, "n": len(merged)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="per level and kind")
    parser.add_argument("--levels", default="1,8,32")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    args = parser.parse_args()
    levels = [int(x) for x in args.levels.split(",")]

    with bench_server("bench-write-", args.workers) as server:
        token = server.issue_token("judge", "bench")
        results: dict[tuple[str, int], dict] = {}
        for clients in levels:
            for kind in KINDS:
                results[kind, clients] = run_level(kind, clients, args.seconds, server.port, token,
                                                   server.redis_url)

    parts = []
    for clients in levels:
        cells = []
        for kind in KINDS:
            r = results[kind, clients]
            cells.append(f"{kind} p50 {r['p50']:.2f}ms p99 {r['p99']:.2f}ms {r['rps']:.0f}/s")
        a, n, x = (results[k, clients] for k in ("action", "noop", "xadd"))
        sv, tb = results["service", clients], results["table", clients]
        cells.append(f"table/service p50 {tb['p50'] / sv['p50']:.2f}x p99 {tb['p99'] / sv['p99']:.2f}x "
                     f"rps {sv['rps'] / tb['rps']:.2f}x")
        cells.append(f"action/noop p50 {a['p50'] / n['p50']:.1f}x rps "
                     f"{n['rps'] / a['rps']:.1f}x; action/xadd p50 {a['p50'] / x['p50']:.1f}x "
                     f"rps {x['rps'] / a['rps']:.1f}x")
        parts.append(f"[{clients} client{'s' if clients > 1 else ''}] " + ", ".join(cells))
    print(f"write_path (gunicorn {args.workers} gevent workers, appendfsync always, "
          f"{args.seconds:g}s per cell): " + " | ".join(parts))


if __name__ == "__main__":
    main()
