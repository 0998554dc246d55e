#!/usr/bin/env python3
"""The after-append job's cost as a match's log grows: a check of the tail against a check of
the whole log, side by side in one run.

    python3 bench/after_append.py [--games 6] [--jobs 8] [--at 20,60,120]

Plays random legal games with the shipped decks (projections.tcg.simulate), appends each
game's events one by one through the real EventStore into an embedded redis-server (AOF,
appendfsync always, as `referee serve` runs it), the read models brought along from the
state in hand as a served process does with each append, and runs the real job (`workers.jobs.
after_append_job`: the keyed chain check, anchoring, read models, snapshot) after each of
``--jobs`` appends from each seq of ``--at``, in this process. It prints the job's CPU in
this process and in Redis per append, with the whole log read by every job
(``REFEREE_WHOLE_CHECK_SECONDS=0``) and with the tail read between whole reads (the default),
the two interleaved game by game. The floor is the same job at the first seq of ``--at``:
a job whose cost does not grow with the log stays near 1× of it.
"""
import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from events.embedded import EmbeddedRedis  # noqa: E402
from events.store import EventStore  # noqa: E402
from projections.games import get_game  # noqa: E402
from projections.readmodels import update_read_models  # noqa: E402
from projections.tcg.decks import shipped_deck  # noqa: E402
from projections.tcg.simulate import random_game  # noqa: E402

MODES = {"whole": "0", "tail": "60"}
CHAIN_KEY = "bench-after-append-chain-key-" + "k" * 32


def redis_cpu(admin) -> float:
    info = admin.info("cpu")
    return float(info["used_cpu_sys"]) + float(info["used_cpu_user"])


def games_long_enough(count: int, needed: int) -> list[list[tuple[dict, object]]]:
    """``count`` random games of ``needed`` events or more: each event with its state_hash,
    beside the state after it."""
    game = get_game("tcg")
    decks = [shipped_deck("fire-fighting"), shipped_deck("grass-psychic")]
    out, seed = [], 0
    while len(out) < count:
        events, _ = random_game(seed, decks)
        seed += 1
        if len(events) < needed:
            continue
        state, played = None, []
        for seq, event in enumerate(events, 1):
            state, _ = game.apply(state, {**event, "seq": seq})
            played.append(({**event, "state_hash": game.state_hash(state)}, state))
        out.append(played)
    return out


def append(store: EventStore, match_id: str, played: tuple[dict, object], seq: int) -> None:
    """One event appended, and the read models brought to it from the state in hand, as a
    served process does with the append: the job then finds them caught up."""
    event, state = played
    store.append(match_id, [event])
    update_read_models(store, match_id, known_state=(seq, state))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--jobs", type=int, default=8, help="appends (each with its job) measured per seq")
    ap.add_argument("--at", default="20,60,120", help="seqs the measured appends start from")
    args = ap.parse_args(argv)
    starts = [int(s) for s in args.at.split(",")]
    games = games_long_enough(args.games, max(starts) + args.jobs)
    cpu: dict[tuple[str, int], list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp, EmbeddedRedis(tmp, use_acl=False) as server:
        os.environ.update(REDIS_URL=server.redis_url, REFEREE_CHAIN_KEY=CHAIN_KEY,
                          REFEREE_ANCHOR_DIR=str(Path(tmp) / "anchors"))
        from workers.jobs import after_append_job

        admin = server.admin_client(decode_responses=True)
        store = EventStore(admin, chain_key=CHAIN_KEY)
        for g, events in enumerate(games):
            for mode in (MODES if g % 2 == 0 else reversed(list(MODES))):
                os.environ["REFEREE_WHOLE_CHECK_SECONDS"] = MODES[mode]
                match_id = f"bench-{mode}-{g}"
                seq = 0
                for start in starts:
                    while seq < start - 1:           # the log up to there, its jobs run
                        seq += 1
                        append(store, match_id, events[seq - 1], seq)
                        after_append_job(match_id)
                    for _ in range(args.jobs):
                        seq += 1
                        append(store, match_id, events[seq - 1], seq)
                        c0, r0 = time.process_time(), redis_cpu(admin)
                        after_append_job(match_id)
                        cpu.setdefault((mode, start), []).append(
                            (time.process_time() - c0, redis_cpu(admin) - r0))
    floor = {mode: statistics.median(a for a, _ in cpu[(mode, starts[0])]) for mode in MODES}
    parts = []
    for mode in MODES:
        cells = []
        for start in starts:
            here = cpu[(mode, start)]
            job = statistics.median(a for a, _ in here) * 1000
            red = statistics.mean(b for _, b in here) * 1000
            cells.append(f"seq {start}: {job:.2f} ms ({job / 1000 / floor[mode]:.2f}x), "
                         f"redis {red:.2f} ms")
        parts.append(f"{mode}: " + ", ".join(cells))
    print(f"after-append job CPU per append (median of {args.games}x{args.jobs} jobs "
          f"each; redis: mean) | " + " | ".join(parts))


if __name__ == "__main__":
    main()
