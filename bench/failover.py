#!/usr/bin/env python3
"""Benchmark: acknowledged appends lost when a Redis Cluster primary is partitioned from its
replica and then killed, with the store's default replica wait and with the opt-out
(``REFEREE_CLUSTER_WAIT=off``), and what the wait costs the write path.

    python3 bench/failover.py [--runs 5] [--matches 6] [--warm-up 2] [--cut-for 0.3]

It starts a Redis Cluster (three primaries with a replica each, ``cluster-node-timeout``
1000 ms, AOF with ``appendfsync always``) from the machine's redis-server in a temporary
directory (tests/cluster/helpers.py), and runs the scenario of tests/cluster/scenario.py
``--runs`` times per setting, the two settings taking turns: one writer thread per match
appends through the store (an idempotency key per append, kept for its retries) for
``--warm-up`` seconds, the replica of the first match's primary is cut off its primary (its
link dropped and its login refused, as a partition would), ``--cut-for`` seconds later the
primary is killed (SIGKILL), the replica is promoted by the cluster's own failover, the
dead process comes back as its replica, and writing goes on until every match has taken an
append again. Lost: acknowledged appends whose (seq, hash) the log no longer holds.

It prints one line per run, then per setting the lost appends of each run and the
write path's p50/p99 per acknowledged append during the warm-up (nothing cut yet), pooled
over the runs.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from events.codec import ChainKey  # noqa: E402
from events.config import Settings  # noqa: E402
from events.replication import replica_wait_for  # noqa: E402
from events.store import EventStore  # noqa: E402
from tests.cluster.helpers import TestCluster  # noqa: E402
from tests.cluster.scenario import Run, kill_a_primary  # noqa: E402

NODE_TIMEOUT_MS = 1000
SETTINGS = {"default": {}, "opted-out": {"REFEREE_CLUSTER_WAIT": "off"}}


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile; NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def store_for(cluster: TestCluster, env: dict[str, str], key: ChainKey) -> EventStore:
    """The store as the service opens it from these settings (events.runtime.open_store)."""
    settings = Settings.from_env({"REDIS_URL": cluster.url, "REDIS_CLUSTER": "1", **env})
    return EventStore(cluster.client(), chain_key=key,
                      replica_wait=replica_wait_for(True, settings.wait_replicas,
                                                    settings.cluster_wait,
                                                    settings.wait_timeout_ms))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--warm-up", type=float, default=2.0)
    parser.add_argument("--cut-for", type=float, default=0.3)
    args = parser.parse_args()
    key = ChainKey("bench-failover-chain-key-" + "f" * 40)
    runs: dict[str, list[Run]] = {name: [] for name in SETTINGS}
    with tempfile.TemporaryDirectory(prefix="bench-failover-") as directory:
        cluster = TestCluster.start(Path(directory), node_timeout_ms=NODE_TIMEOUT_MS)
        try:
            for number in range(args.runs):
                for name, env in SETTINGS.items():
                    store = store_for(cluster, env, key)
                    run = kill_a_primary(cluster, store, f"{name}-{number}",
                                         matches=args.matches, partition=True,
                                         warm_up=args.warm_up, cut_for=args.cut_for)
                    store.redis.close()
                    runs[name].append(run)
                    print(f"run {number + 1}: {run}", flush=True)
        finally:
            cluster.stop()
    print()
    print("| setting | acknowledged appends lost, per run | acknowledged per run "
          "| write path p50 (ms) | p99 (ms) | appends timed (before the cut) |")
    print("| --- | --- | --- | ---: | ---: | ---: |")
    for name, done in runs.items():
        latencies = [took * 1000 for run in done for took in run.steady_latencies()]
        print(f"| {name} | {', '.join(str(len(r.lost)) for r in done)} "
              f"(total {sum(len(r.lost) for r in done)}) "
              f"| {', '.join(str(r.acknowledged) for r in done)} "
              f"| {percentile(latencies, 50):.1f} | {percentile(latencies, 99):.1f} "
              f"| {len(latencies)} |")


if __name__ == "__main__":
    main()
