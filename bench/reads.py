#!/usr/bin/env python3
"""Benchmark of the two reads a client polls at every seq: GET /state beside GET /legal-actions.

    python3 bench/reads.py [--matches 6] [--actions 80] [--workers 2] [--rq-workers 1]
                           [--snapshot-every 100] [--seed 1] [--decks DIR]

It starts the service as write_path.py does (harness.bench_server: an embedded durable Redis,
a real gunicorn, here with `--rq-workers` RQ workers so that snapshots are taken as in
production), creates service-mode matches dealt from the two benchmark decks (../shared/decks,
else bench/decks: engine.find_decks) and plays each for up to `--actions` actions through the
API, as a judge's client: at every seq it asks GET /state, GET /legal-actions (the first ask at
that seq: listed now) and GET /legal-actions again (the answer kept for that seq), the first two
in alternating order, then posts one of the listed actions picked at random (seeded), biased
toward attacking so that games move on. Only the three GETs are timed, one at a time. The
service deals and flips with its own randomness, so the positions differ from run to run.

It prints one line: p50 and p99 of each (ms), legal-actions ÷ state at p50, and the load
average before and after (the machine may be shared: compare runs made back to back).
"""
from __future__ import annotations

import argparse
import os
import random
import time

from engine import find_decks
from harness import Client, bench_server, percentile, pick_action

MAX_ACTIONS_PER_TURN = 8


class Reads:
    """The latencies of each kind of read, in seconds."""

    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = {"state": [], "listed": [], "kept": []}

    def timed(self, client: Client, kind: str, path: str) -> dict:
        started = time.perf_counter()
        status, body = client.request("GET", path)
        self.samples[kind].append(time.perf_counter() - started)
        assert status == 200, (status, path, body)
        return body

    def ms(self, kind: str, p: float) -> float:
        return percentile(self.samples[kind], p) * 1000


def pick(actions: list[dict], rng: random.Random, in_turn: int) -> dict | None:
    return pick_action(actions, rng, in_turn, attack_share=0.5, max_per_turn=MAX_ACTIONS_PER_TURN)


def play_and_read(client: Client, reads: Reads, decks: list[list[str]], rng: random.Random,
                  actions: int) -> int:
    """One match: the reads at each seq, then an action. Returns the seqs read."""
    status, created = client.request("POST", "/v1/matches", {"players": [
        {"name": "Ana", "deck": decks[0]}, {"name": "Beto", "deck": decks[1]}]})
    assert status == 201, (status, created)
    base = f"/v1/matches/{created['match_id']}"
    in_turn, read = 0, 0
    for step in range(actions):
        paths = [("state", f"{base}/state"), ("listed", f"{base}/legal-actions")]
        answers = {}
        for kind, path in (paths if step % 2 == 0 else paths[::-1]):
            answers[kind] = reads.timed(client, kind, path)
        kept = reads.timed(client, "kept", f"{base}/legal-actions")
        assert kept == answers["listed"]
        read += 1
        if answers["state"]["phase"] == "finished":
            break
        seat, action = _next(client, base, answers["listed"], rng, in_turn)
        if action is None:
            break
        in_turn = 0 if action["type"] in ("end_turn", "attack") else in_turn + 1
        status, body = client.request("POST", f"{base}/actions", {"seat": seat, "action": action})
        assert status == 201, (status, action, body)
    return read


def _next(client: Client, base: str, listed: dict, rng: random.Random,
          in_turn: int) -> tuple[int, dict | None]:
    """The acting seat's pick; during setup, the other seat's when the first has nothing."""
    seat = listed["seat"]
    action = pick(listed["actions"], rng, in_turn)
    if action is None:
        seat = 1 - seat
        status, other = client.request("GET", f"{base}/legal-actions?seat={seat}")
        assert status == 200, (status, other)
        action = pick(other["actions"], rng, in_turn)
    return seat, action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--actions", type=int, default=80, help="at most, per match")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--rq-workers", type=int, default=1, help="RQ workers (snapshots)")
    parser.add_argument("--snapshot-every", type=int, default=100, help="REFEREE_SNAPSHOT_EVERY")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decks", help="folder holding fire-fighting.txt and grass-psychic.txt")
    args = parser.parse_args()
    deck_dir, decks = find_decks(args.decks)
    rng = random.Random(args.seed)
    reads = Reads()
    load_before = os.getloadavg()[0]
    # One client reading as fast as the server answers: more than REFEREE_READ_LIMIT allows a
    # token (bench/flood.py measures the limit); this bench measures the reads themselves.
    with bench_server("bench-reads-", args.workers, rq_workers=args.rq_workers,
                      env={"REFEREE_SNAPSHOT_EVERY": str(args.snapshot_every),
                           "REFEREE_READ_LIMIT": "0"}) as server:
        client = Client(server.port, server.issue_token("judge", "bench"))
        seqs = sum(play_and_read(client, reads, decks, rng, args.actions) for _ in range(args.matches))
    load_after = os.getloadavg()[0]
    state, listed, kept = (reads.ms(kind, 50) for kind in ("state", "listed", "kept"))
    print(f"matches={args.matches} seqs={seqs} decks={deck_dir} workers={args.workers} "
          f"snapshot_every={args.snapshot_every} | GET /state p50={state:.2f} p99={reads.ms('state', 99):.2f} ms | "
          f"GET /legal-actions first p50={listed:.2f} p99={reads.ms('listed', 99):.2f} ms, "
          f"again p50={kept:.2f} p99={reads.ms('kept', 99):.2f} ms | "
          f"legal-actions/state at p50: first {listed / state:.2f}x, again {kept / state:.2f}x | "
          f"load average {load_before:.2f} -> {load_after:.2f}")


if __name__ == "__main__":
    main()
