#!/usr/bin/env python3
"""Benchmark: one token's flood of expensive reads beside another client's cheap requests.

    python3 bench/flood.py [--flood fragment|timeline|state|state-at|summary] [--modes off,on]
                           [--connections 8] [--seconds 10] [--flood-seconds 30]
                           [--actions 150] [--workers 1] [--seed 1]

For each mode it starts the service as bench/harness.py does (an embedded durable Redis, a
real gunicorn via `referee serve`, one RQ worker taking snapshots), then:

* a judge's client creates match A (service mode, the two shipped benchmark decks) and plays
  `--actions` random legal actions in it (seeded picks, attacking a fifth of the times it
  can so that the game lasts; a match that ends sooner is replaced, up to 5 times), and
  match B with 6;
* the flooder: match A's seat-0 player, from `--connections` keep-alive connections, each
  sending its next request as soon as the last is answered, whatever the answer (a 429's
  Retry-After is ignored: the worst case). `--flood fragment` (the issue's case): it signs in
  to the console and re-fetches its board fragment (`GET /console/matches/A/fragment`, what
  the console's script fetches after each event); `timeline` or `state`: that API read, by
  its bearer token; `state-at`: `GET .../state?at=N` for every seq in turn (a new view each
  time: what a cache can't absorb); `summary`: `GET /v1/matches/A`, a cheap read, not counted;
* the other client: match B's seat-0 player, one keep-alive connection, `GET /v1/matches/B`
  (the summary, what a table's client polls) every 20 ms.

The other client is timed alone for `--seconds` (idle), then while the flood runs, for
`--flood-seconds` in slices of `--seconds` (a limit per minute lets a burst through first).
One web worker by default (`--workers 1`): with two, whether the flood's connections land on
the other client's worker is chance (gunicorn's workers accept in turn), and a client on the
other worker shares only the cores.

Modes, one after the other in one run (so they share the box's load): `off` runs with
`REFEREE_READ_LIMIT=0`, `REFEREE_CONSOLE_READ_LIMIT=0` and `REFEREE_VIEW_CACHE_SIZE=0` (no
limit, no kept views: what the service did before them); `cache` keeps views but limits
nothing; `limit` limits but keeps nothing; `on` is the defaults.

It prints one line per mode: the other client's p50/p99 idle and over the whole flood with
their ratio (the goal: at most 2x), then per slice its p50/p99 and ratio, the flood's answers
per second by status, the web workers' CPU (% of one core), and the load average before and
after (the box may be shared).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import itertools
import os
import random
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field

from harness import (
    AsyncHTTP,
    BenchServer,
    Client,
    bench_server,
    cpu_seconds,
    percentile,
    pick_action,
    render_request,
)

DECK_NAMES = ("fire-fighting", "grass-psychic")
POLL_SECONDS = 0.02
MAX_ACTIONS_PER_TURN = 6
ATTEMPTS = 5   # matches started to get one that lasts --actions (the service deals at random)
NO_LIMIT = {"REFEREE_READ_LIMIT": "0", "REFEREE_CONSOLE_READ_LIMIT": "0"}
MODES = {"off": {**NO_LIMIT, "REFEREE_VIEW_CACHE_SIZE": "0"}, "cache": NO_LIMIT,
          "limit": {"REFEREE_VIEW_CACHE_SIZE": "0"}, "on": {}}


@dataclass
class Phase:
    """What one phase measured: the other client's latencies (s), the flood's answers."""

    latencies: list[float] = field(default_factory=list)
    flood: dict[int, int] = field(default_factory=dict)
    seconds: float = 0.0
    web_cpu: float = 0.0

    def ms(self, p: float) -> float:
        return percentile(self.latencies, p) * 1000


def pick(actions: list[dict], rng: random.Random, in_turn: int) -> dict | None:
    return pick_action(actions, rng, in_turn, attack_share=0.2, max_per_turn=MAX_ACTIONS_PER_TURN)


def play(client: Client, match_id: str, actions: int, rng: random.Random) -> int:
    """Up to ``actions`` random legal actions (``pick``); the last seq."""
    base = f"/v1/matches/{match_id}"
    in_turn, seq = 0, 1
    for _ in range(actions):
        status, summary = client.request("GET", base)
        assert status == 200, summary
        if summary["status"] == "finished":
            break
        first = summary["seat_to_act"] or 0
        for seat in (first, 1 - first):
            status, listed = client.request("GET", f"{base}/legal-actions?seat={seat}")
            assert status == 200, listed
            action = pick(listed["actions"], rng, in_turn)
            if action is not None:
                break
        else:
            break
        in_turn = 0 if action["type"] in ("end_turn", "attack") else in_turn + 1
        status, answer = client.request("POST", f"{base}/actions", {"seat": seat, "action": action})
        assert status == 201, (action, answer)
        seq = answer["seq"]
    return seq


def create_match(client: Client) -> dict:
    status, created = client.request("POST", "/v1/matches", {"players": [
        {"name": "Ana", "deck_name": DECK_NAMES[0]}, {"name": "Beto", "deck_name": DECK_NAMES[1]}]})
    assert status == 201, created
    return created


def sign_in(port: int, token: str) -> str:
    """The console's session cookie (``name=value``) for ``token``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", "/console/sign-in", body=urllib.parse.urlencode({"token": token}),
                 headers={"Content-Type": "application/x-www-form-urlencoded"})
    answer = conn.getresponse()
    answer.read()
    assert answer.status == 303, answer.status
    cookie = answer.getheader("Set-Cookie") or ""
    conn.close()
    return cookie.split(";", 1)[0]


async def other_client(port: int, request: bytes, until: asyncio.Event, into: list[float]) -> None:
    conn = AsyncHTTP(port)
    try:
        while not until.is_set():
            started = time.perf_counter()
            status, body = await conn.request(request)
            into.append(time.perf_counter() - started)
            assert status == 200, (status, body[:300])
            await asyncio.sleep(POLL_SECONDS)
    finally:
        conn.close()


async def flooder(port: int, requests: list[bytes], start: int, stop: asyncio.Event,
                  counts: Counter[int]) -> None:
    """Send ``requests`` round and round (from ``start``), each as soon as the last is answered."""
    conn = AsyncHTTP(port)
    try:
        for n in itertools.count(start):
            if stop.is_set():
                return
            status, _ = await conn.request(requests[n % len(requests)])
            counts[status] += 1
    finally:
        conn.close()


async def timed(server: BenchServer, cheap: bytes, seconds: float, flood: Counter[int]) -> Phase:
    """The other client for ``seconds``; the flood's answers meanwhile."""
    phase, done = Phase(), asyncio.Event()
    web = server.server_pids()["web"]
    flood.clear()
    cpu_before, started = cpu_seconds(web), time.monotonic()
    client = asyncio.create_task(other_client(server.port, cheap, done, phase.latencies))
    await asyncio.sleep(seconds)
    done.set()
    await client
    phase.seconds = time.monotonic() - started
    phase.web_cpu = (cpu_seconds(web) - cpu_before) / phase.seconds * 100
    phase.flood = dict(flood)
    return phase


async def measure(server: BenchServer, setup: Setup, args: argparse.Namespace) -> list[Phase]:
    """Idle for ``--seconds``; then the flood, timed in slices of ``--seconds`` for
    ``--flood-seconds``."""
    counts: Counter[int] = Counter()
    phases = [await timed(server, setup.cheap, args.seconds, counts)]
    stop = asyncio.Event()
    floods = [asyncio.create_task(flooder(server.port, setup.flood, n, stop, counts))
              for n in range(args.connections)]
    for _ in range(max(1, round(args.flood_seconds / args.seconds))):
        phases.append(await timed(server, setup.cheap, args.seconds, counts))
    stop.set()
    await asyncio.gather(*floods)
    return phases


@dataclass
class Setup:
    seq: int            # match A's last seq
    cheap: bytes        # the other client's request
    flood: list[bytes]  # the flooder's, sent round and round


def set_up(server: BenchServer, args: argparse.Namespace, rng: random.Random) -> Setup:
    actions = args.actions
    judge = Client(server.port, server.issue_token("judge", "bench"))
    for _ in range(ATTEMPTS):
        flooded = create_match(judge)
        seq = play(judge, flooded["match_id"], actions, rng)
        if seq > actions:
            break
    other = create_match(judge)
    play(judge, other["match_id"], 6, rng)
    base = f"/v1/matches/{flooded['match_id']}"
    if args.flood == "fragment":
        cookie = sign_in(server.port, flooded["tokens"]["0"])
        flood = [(f"GET /console/matches/{flooded['match_id']}/fragment HTTP/1.1\r\n"
                  f"Host: 127.0.0.1\r\nCookie: {cookie}\r\n\r\n").encode()]
    elif args.flood == "state-at":   # a new seq each time: nothing kept is asked twice in a row
        flood = [render_request("GET", f"{base}/state?at={at}", flooded["tokens"]["0"])
                 for at in range(1, seq + 1)]
    elif args.flood == "summary":
        flood = [render_request("GET", base, flooded["tokens"]["0"])]
    else:
        flood = [render_request("GET", f"{base}/{args.flood}", flooded["tokens"]["0"])]
    cheap = render_request("GET", f"/v1/matches/{other['match_id']}", other["tokens"]["0"])
    return Setup(seq, cheap, flood)


def run_mode(mode: str, args: argparse.Namespace) -> str:
    rng = random.Random(args.seed)
    with bench_server(f"bench-flood-{mode}-", args.workers, rq_workers=1, env=MODES[mode]) as server:
        setup = set_up(server, args, rng)
        idle, *flooded = asyncio.run(measure(server, setup, args))
    latencies = [latency for phase in flooded for latency in phase.latencies]
    whole = percentile(latencies, 50) * 1000
    parts = [f"mode={mode} flood={args.flood} seq={setup.seq} | the other client's GET "
             f"/v1/matches/B p50/p99 ms: idle {idle.ms(50):.1f}/{idle.ms(99):.1f} "
             f"(web CPU {idle.web_cpu:.0f}%), under the flood {whole:.1f} "
             f"(x{whole / idle.ms(50):.2f})"]
    for n, phase in enumerate(flooded):
        rates = " ".join(f"{status}:{count / phase.seconds:.0f}/s"
                         for status, count in sorted(phase.flood.items()))
        parts.append(f"{n * args.seconds:.0f}-{(n + 1) * args.seconds:.0f} s "
                     f"{phase.ms(50):.1f}/{phase.ms(99):.1f} (x{phase.ms(50) / idle.ms(50):.2f}), "
                     f"flood {rates}, web CPU {phase.web_cpu:.0f}%")
    return " | ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=150, help="at most, in the flooded match")
    parser.add_argument("--connections", type=int, default=8, help="the flooder's")
    parser.add_argument("--flood", choices=("fragment", "timeline", "state", "state-at", "summary"),
                        default="fragment",
                        help="the board fragment (the console, by its session cookie), or an "
                             "API read (by the player's bearer token; state-at: at every seq "
                             "in turn; summary: GET /v1/matches/A)")
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="idle, and each slice of the flood")
    parser.add_argument("--flood-seconds", type=float, default=30.0)
    parser.add_argument("--workers", type=int, default=1, help="gunicorn workers")
    parser.add_argument("--modes", default="off,on",
                        help="off: no limit, no kept views; cache; limit; on: the defaults")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    lines = [run_mode(mode, args) for mode in args.modes.split(",")]
    load_after = os.getloadavg()[0]
    for line in lines:
        print(f"{line} | load average {load_before:.2f} -> {load_after:.2f}")


if __name__ == "__main__":
    main()
