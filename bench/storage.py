#!/usr/bin/env python3
"""Redis bytes per stored event, beside the floor of the events' own canonical JSON.

    python3 bench/storage.py [--games 20]

Plays random legal games (projections.tcg.simulate), appends every event of each game with
its state_hash through the real EventStore into an embedded redis-server (AOF, appendfsync
always, as `referee serve` runs it), then reads MEMORY USAGE of every match's stream and the
change in INFO used_memory. The floor is the size of the canonical JSON of the same events
(what must be kept at least); the ratio says what Redis streams and our envelope cost on top.
Beside it, the same events in the entry layout of before issue 19 (seq and prev_hash stored
too, though the entry's id and the entry before say them).
"""
import argparse
import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from events.codec import ChainKey  # noqa: E402
from events.embedded import EmbeddedRedis  # noqa: E402
from events.keys import match_keys  # noqa: E402
from events.store import EventStore  # noqa: E402
from projections.games import get_game  # noqa: E402
from projections.tcg.decks import shipped_deck  # noqa: E402
from projections.tcg.simulate import random_game  # noqa: E402


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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args(argv)
    decks = [shipped_deck("fire-fighting"), shipped_deck("grass-psychic")]
    with tempfile.TemporaryDirectory() as tmp, EmbeddedRedis(tmp, use_acl=False) as server:
        admin = server.admin_client(decode_responses=True)
        store = EventStore(admin, chain_key=ChainKey.generate())
        before = admin.info("memory")["used_memory"]
        n_events, json_bytes, stream_bytes, legacy_bytes = 0, 0, 0, 0
        for g in range(args.games):
            events, _ = random_game(g, decks)
            events = with_state_hashes(events)
            match_id = f"bench-{g}"
            store.append(match_id, events)
            stored = store.read(match_id)
            n_events += len(stored)
            json_bytes += sum(len(json.dumps(e, sort_keys=True, separators=(",", ":"),
                                             ensure_ascii=False).encode()) for e in stored)
            stream_bytes += admin.memory_usage(match_keys(match_id).events, samples=0)
            legacy_bytes += legacy_stream_bytes(admin, f"legacy-{g}", stored)
        after = admin.info("memory")["used_memory"]
    per_event = stream_bytes / n_events
    floor = json_bytes / n_events
    print(f"events={n_events} in {args.games} matches | stream bytes/event={per_event:.0f} "
          f"used_memory delta/event={(after - before) / n_events:.0f} | floor (canonical JSON)/event="
          f"{floor:.0f} | ratio stream/floor={per_event / floor:.2f} | the earlier layout (seq and "
          f"prev_hash stored too) stream bytes/event={legacy_bytes / n_events:.0f}, ratio "
          f"{legacy_bytes / n_events / floor:.2f}")


if __name__ == "__main__":
    main()
