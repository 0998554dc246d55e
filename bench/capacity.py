#!/usr/bin/env python3
"""Benchmark: the service's open-loop capacity, loaded the way a tournament loads it.

    python3 bench/capacity.py [--tables 750] [--interval 5] [--seconds 30] [--warmup 5]
                              [--followers 1] [--workers 2] [--rq-workers 1]
                              [--sweep 50,100,150,200,300,400] [--p99-bound 50] [--quick]

It starts the service as bench/harness.py does (an embedded redis-server with appendonly yes
+ appendfsync always, a real gunicorn via `referee serve`, and `referee worker`s, which
share the cores as in production), then simulates a tournament hall. Two settings are
raised for the hall, since `referee serve`'s defaults do not hold it: gunicorn's
`--worker-connections` (one per table and follower, any of which may land on one worker)
and the size of redis-py's connection pools (`?max_connections=` in REDIS_URL; 100 by
default, and each open stream holds one while it waits, so a few hundred streams make every
request a 503; `--redis-pool 0` shows it).

* **Tables.** Each table is its own table-mode match (a scorekeeper logging a paper game:
  the table reports draws, coins and what it saw), created in parallel before any timing.
  Its actions are a real game's, played offline before the server starts: a random legal
  game of the two benchmark decks by the pure engine, logged as a scorekeeper would
  (tests/paper_table.py's PaperGame: draws, attachments, Trainers, attacks with the coins
  they flipped, ends of turn, reports). Each table replays its game through the API with
  `expected_seq` and an idempotency key, every request rendered to bytes beforehand, so the
  timed part costs the client almost no CPU. Before timing, each table is advanced a random
  number of its game's actions, so the hall is mid-round rather than all at setup.
* **Open loop, Poisson.** Each table's requests arrive as a Poisson process (exponential
  gaps, mean `--interval` between actions) drawn before the run, independent of the answers:
  a slow answer never delays the schedule. On top of the actions come legality queries
  (`POST .../legality` of the table's next action) and state reads (`GET .../state`), each at
  a fraction of the action rate. One table sends on its own keep-alive connection, in order
  (a scorekeeper logs one action after the other, and `expected_seq` needs it), so a request
  may wait for its table's previous answer: latency is measured from the *scheduled* time,
  so that wait counts (no coordinated omission).
* **Generator lag.** How late the client sent a request after it could have (its scheduled
  time, or its table's previous answer if later): the load generator's own overload, which
  would otherwise hide as lower offered load.
* **Followers.** Each table has `--followers` Server-Sent Events streams (`GET .../stream`,
  a judge's token per table), counting the events they receive against the actions
  appended, and the delivery time from the append's answer to the follower (negative: the
  follower heard of it before the scorekeeper's answer came back).
* **Floor.** Before each load, `GET /docs` (the same app and server, no Redis call) at the
  same open-loop rate over the same connections, as BENCHMARKS.md gives every figure beside
  a floor measured in the same run.
* **Sweep.** `--sweep` runs several offered loads (actions/s over all tables; each table's
  interval is tables / load). The knee is the highest load at which it and every lower one
  achieved at least 95 % of the offered actions with write p99 under `--p99-bound` and no
  5xx or timeout.

Printed: a table per load, then one line of figures. Latencies are in ms. CPU is % of one
core over the measured window, for the web workers, Redis, the RQ workers and this client,
beside the same during the floor (mostly the followers' idle streams); "server CPU per
action" divides the server's CPU by the actions answered, which says what the box could
carry whatever else ran on it, as do Redis's commands per second. The load average is
taken before and after each load: other work on the machine shows there.

`--appendfsync everysec` is a diagnosis, not a way to run the service (which fsyncs every
acknowledged append): run beside the default on the same box, it tells how much of the tail
is the disk's fsync latency and how much is the CPU.

Each load also says when the event store's Redis rewrote its append-only file (Redis does so
once the file has grown 100 % past its last rewritten size; at 150 actions/s about once a
minute, each for 1-4 s) and how many of the writes over `--p99-bound` came during a rewrite.
`--aof-rewrite-percentage` changes that threshold, a diagnosis like `--appendfsync`.
At the end it says what Redis holds per event of the matches' logs and per idempotency
record (MEMORY USAGE of each match's keys).

`--rq-redis own` puts the job queue on a second durable Redis (`RQ_REDIS_URL`, as a
deployment on a Redis Cluster must): RQ's bookkeeping and its fsyncs leave the event
store's Redis, and "Redis" CPU is then both servers'.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import inspect
import json
import math
import os
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness import (
    REPO,
    AsyncHTTP,
    BenchServer,
    ConnectionLost,
    bench_server,
    cpu_seconds,
    percentile,
    render_request,
)

RULESET = "base-1999"
DECK_NAMES = ("fire-fighting", "grass-psychic")
MAX_FRESH_CONNECTIONS = 64          # connections opened at once while setting up
KNEE_ACHIEVED = 0.95
Step = tuple[int, dict[str, Any], list[str]]   # seat, action, coins


# ---------------------------------------------------------------------- games, offline

@dataclass
class GameScript:
    """One game as its scorekeeper logs it: the two deck lists and the actions in order."""

    decks: tuple[list[str], list[str]]
    steps: list[Step]


def play_game(seed: int) -> GameScript:
    """A random legal game of the benchmark decks, logged as a paper table (the pure
    engine; run in a pool of processes before the server starts)."""
    from tests.engine.random_play import shared_decks
    from tests.paper_table import PaperGame

    shared = shared_decks()
    first, second = DECK_NAMES if seed % 2 == 0 else DECK_NAMES[::-1]
    decks = (list(shared[first]), list(shared[second]))
    steps: list[Step] = []

    class Logged(PaperGame):
        def logged(self, seat: int, action: dict[str, Any], coins: list[str], decision: Any) -> None:
            steps.append((seat, action, coins))

    Logged(seed, decks, report=0.5, ruleset=RULESET).play()
    return GameScript(decks, steps)


def games_cache() -> Path:
    """Where games played before are kept: keyed by the engine's pin and the code that
    plays them, so a changed engine or player plays them again."""
    from projections.tcg.game import ENGINE_FINGERPRINT, ENGINE_VERSION

    digest = hashlib.sha256(f"{ENGINE_VERSION} {ENGINE_FINGERPRINT}".encode())
    for source in ("tests/paper_table.py", "projections/tcg/simulate.py"):
        digest.update((REPO / source).read_bytes())
    digest.update(inspect.getsource(play_game).encode())
    return Path(tempfile.gettempdir()) / "referee-bench-games" / f"{digest.hexdigest()[:16]}.json"


def cached_games(seeds: range) -> dict[int, GameScript]:
    """The games of ``seeds``: from the cache, the others played (in a pool of processes)
    and added to it."""
    path = games_cache()
    stored = json.loads(path.read_text()) if path.is_file() else {}
    missing = [seed for seed in seeds if str(seed) not in stored]
    if missing:
        with ProcessPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            for seed, game in zip(missing, pool.map(play_game, missing), strict=True):
                stored[str(seed)] = {"decks": game.decks, "steps": game.steps}
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(stored))
    return {seed: GameScript(tuple(stored[str(seed)]["decks"]),
                             [tuple(step) for step in stored[str(seed)]["steps"]])
            for seed in seeds}


def play_games(count: int, seed: int, min_steps: int) -> list[GameScript]:
    """``count`` games at least ``min_steps`` long (more seeds are tried until enough are,
    within 4x ``count``)."""
    kept: list[GameScript] = []
    next_seed = seed
    while len(kept) < count and next_seed < seed + 4 * count:
        games = cached_games(range(next_seed, next_seed + count - len(kept)))
        next_seed += count - len(kept)
        kept += [g for g in games.values() if len(g.steps) >= min_steps]
    if not kept:
        sys.exit(f"no game of {min_steps}+ actions in {next_seed - seed} seeds: "
                 "lower --seconds, --sweep or --advance, or raise --tables")
    return kept


def action_body(step: Step, index: int) -> dict[str, Any]:
    """Step ``index`` of a game, as POST /actions takes it (MatchCreated is seq 1)."""
    seat, action, coins = step
    body: dict[str, Any] = {"seat": seat, "action": action, "expected_seq": 1 + index,
                            "idempotency_key": f"step-{index}"}
    if coins:
        body["coins"] = coins
    return body


# ---------------------------------------------------------------------- tables

@dataclass
class Table:
    """One match and what its scorekeeper will send, rendered to bytes beforehand."""

    index: int
    match_id: str
    token: str
    follower_token: str
    script: GameScript
    start: int                       # the script step the timed part starts at
    conn: AsyncHTTP
    writes: list[bytes] = field(default_factory=list)
    legality: list[bytes] = field(default_factory=list)
    state_read: bytes = b""
    noop: bytes = b""
    cursor: int = 0                  # the next step to write
    broken: bool = False             # a write was refused: its seqs no longer fit
    unsure: bool = False             # the last write went unanswered: it may have landed
    answered: dict[int, float] = field(default_factory=dict)       # seq -> time of the 201
    received: list[dict[int, float]] = field(default_factory=list)  # per follower: seq -> time

    def render(self, steps: int) -> None:
        """The requests of the first ``steps`` steps (the same bodies serve /legality, which
        ignores `expected_seq` and the idempotency key)."""
        base = f"/v1/matches/{self.match_id}"
        bodies = [json.dumps(action_body(s, k), separators=(",", ":")).encode()
                  for k, s in enumerate(self.script.steps[:steps])]
        self.writes = [_with_body("POST", f"{base}/actions", self.token, b) for b in bodies]
        self.legality = [_with_body("POST", f"{base}/legality", self.token, b) for b in bodies]
        self.state_read = render_request("GET", f"{base}/state", self.token)
        self.noop = render_request("GET", "/docs", self.token)

    def request(self, kind: str) -> bytes | None:
        """The request of an arrival of ``kind``; None when the table has nothing to send."""
        if kind == "state":
            return self.state_read
        if kind == "noop":
            return self.noop
        if self.broken or self.cursor >= len(self.writes):
            return None
        return (self.writes if kind == "write" else self.legality)[self.cursor]


def _with_body(method: str, path: str, token: str, body: bytes) -> bytes:
    head = render_request(method, path, token, headers={
        "Content-Type": "application/json", "Content-Length": str(len(body))})
    return head + body


async def bounded(jobs: list[Callable[[], Any]], concurrency: int) -> list[Any]:
    """Run the coroutine functions ``jobs`` with at most ``concurrency`` at a time."""
    gate = asyncio.Semaphore(concurrency)

    async def one(job: Callable[[], Any]) -> Any:
        async with gate:
            return await job()

    return await asyncio.gather(*(one(j) for j in jobs))


async def create_table(port: int, judge: str, index: int, script: GameScript, start: int,
                       follower_token: str) -> Table:
    conn = AsyncHTTP(port)
    players = [{"name": f"T{index + 1}-{side}", "deck": deck}
               for side, deck in zip("AB", script.decks, strict=True)]
    status, body = await conn.request(render_request("POST", "/v1/matches", judge, {
        "randomness": "table", "ruleset": RULESET, "table": index + 1, "players": players}))
    if status != 201:
        raise RuntimeError(f"creating table {index + 1}: {status} {body[:300]!r}")
    created = json.loads(body)
    return Table(index, created["match_id"], created["tokens"]["scorekeeper"],
                 follower_token or created["tokens"][str(index % 2)], script, start, conn)


async def advance(table: Table) -> None:
    """Play the table's first ``start`` steps, closed loop, before any timing."""
    for k in range(table.start):
        status, body = await table.conn.request(table.writes[k])
        if status != 201:
            raise RuntimeError(f"advancing table {table.index + 1} step {k}: {status} {body[:300]!r}")
    table.cursor = table.start


# ---------------------------------------------------------------------- followers

@dataclass
class Followers:
    """The SSE followers' tasks and what went wrong with their streams."""

    tasks: list[asyncio.Task] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    samples: list[str] = field(default_factory=list)  # the first refusals' bodies
    connected: int = 0


async def follow(port: int, table: Table, received: dict[int, float], followers: Followers,
                 ready: asyncio.Event) -> None:
    """Follow the table's stream from its current head, reconnecting with Last-Event-ID;
    note when each event arrived."""
    loop = asyncio.get_running_loop()
    last = 1 + table.cursor
    path = f"/v1/matches/{table.match_id}/stream?timeout=3600"
    first = True
    while True:
        raw = render_request("GET", path, table.follower_token,
                             headers={"Accept": "text/event-stream", "Last-Event-ID": str(last)})
        try:
            status, chunks = await AsyncHTTP(port).open_stream(raw)
            if status != 200:
                followers.errors[f"HTTP {status}"] += 1
                body = b"".join([c async for c in chunks])
                if len(followers.samples) < 3:
                    followers.samples.append(body[:400].decode(errors="replace"))
                await asyncio.sleep(1)
                continue
            if first:
                followers.connected += 1
                ready.set()
                first = False
            buffer = b""
            async for chunk in chunks:
                buffer += chunk
                *messages, buffer = buffer.split(b"\n\n")
                for message in messages:
                    if message.startswith(b"id: "):
                        last = int(message[4:message.index(b"\n")])
                        received.setdefault(last, loop.time())
            followers.errors["ended"] += 1
        except (OSError, ConnectionLost, asyncio.IncompleteReadError, ValueError) as exc:
            followers.errors[type(exc).__name__] += 1
            await asyncio.sleep(0.5)


async def start_followers(port: int, tables: list[Table], per_table: int) -> Followers:
    """Open every follower's stream (a bounded number at a time) and wait until each has
    its first answer."""
    followers = Followers()
    gate = asyncio.Semaphore(MAX_FRESH_CONNECTIONS)

    async def one(table: Table, received: dict[int, float]) -> None:
        ready = asyncio.Event()
        async with gate:
            task = asyncio.create_task(follow(port, table, received, followers, ready))
            followers.tasks.append(task)
            waiting = asyncio.create_task(ready.wait())
            await asyncio.wait([task, waiting], timeout=60, return_when=asyncio.FIRST_COMPLETED)
            waiting.cancel()
            if task.done():
                task.result()  # its exception
            if not ready.is_set():
                raise RuntimeError(f"a follower of table {table.index + 1} got no stream in 60s "
                                   f"({errors_text(followers.errors)}: {followers.samples})")

    jobs = []
    for table in tables:
        table.received = [{} for _ in range(per_table)]
        jobs += [one(table, received) for received in table.received]
    await asyncio.gather(*jobs)
    return followers


# ---------------------------------------------------------------------- one open-loop phase

@dataclass
class Mix:
    """Per action of a table, how many legality queries and state reads arrive too."""

    legality: float
    state: float

    def kinds(self) -> tuple[list[str], list[float]]:
        return ["write", "legality", "state"], [1.0, self.legality, self.state]

    @property
    def per_action(self) -> float:
        return 1.0 + self.legality + self.state


def arrivals(rate: float, seconds: float, kinds: list[str], weights: list[float],
             rng: random.Random) -> list[tuple[float, str]]:
    """A Poisson process of ``rate`` requests/s over ``seconds``, each of a kind drawn by
    ``weights`` (a thinned Poisson process is Poisson: each kind arrives at its share)."""
    out: list[tuple[float, str]] = []
    t = rng.expovariate(rate)
    while t < seconds:
        out.append((t, rng.choices(kinds, weights)[0]))
        t += rng.expovariate(rate)
    return out


# One record per request: kind, table, scheduled, generator lag, done, outcome.
Record = tuple[str, int, float, float, float, str]


async def send(table: Table, raw: bytes, timeout: float) -> tuple[int, bytes] | str:
    try:
        async with asyncio.timeout(timeout):
            return await table.conn.request(raw)
    except TimeoutError:
        return "timeout"
    except (OSError, ConnectionLost, asyncio.IncompleteReadError):
        return "conn"


def outcome_of(kind: str, answer: tuple[int, bytes] | str) -> str:
    if isinstance(answer, str):
        return answer
    status, body = answer
    if status >= 500:
        return "5xx"
    if status >= 400:
        return "4xx"
    if kind == "legality" and b'"legal": true' not in body and b'"legal":true' not in body:
        return "illegal"  # the next action of a real game must be legal: a bench or service bug
    return "ok"


async def drive(table: Table, plan: list[tuple[float, str]], t0: float, timeout: float,
                records: list[Record], refusals: list[str]) -> None:
    """One table's requests, each at its scheduled time or as soon as its table's previous
    answer is in. Cancelled (the phase is over), what was not answered counts as timed
    out: leaving it out would hide the worst latencies."""
    loop = asyncio.get_running_loop()
    ready_at = t0
    for n, (offset, kind) in enumerate(plan):
        scheduled = t0 + offset
        try:
            delay = scheduled - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            raw = table.request(kind)
            if raw is None:
                records.append((kind, table.index, scheduled, 0.0, scheduled, "skipped"))
                continue
            sent = loop.time()
            lag = sent - max(scheduled, ready_at)
            answer = await send(table, raw, timeout)
        except asyncio.CancelledError:
            # Unanswered when the phase ended: at least this late (no lag: maybe never sent).
            now = loop.time()
            records += [(k, table.index, t0 + o, math.nan, now, "timeout") for o, k in plan[n:]]
            table.unsure = table.unsure or kind == "write"
            return
        done = ready_at = loop.time()
        outcome = outcome_of(kind, answer)
        if outcome == "illegal" and table.unsure:
            outcome = "ok"  # it asked about the action that may have landed unanswered
        records.append((kind, table.index, scheduled, lag, done, outcome))
        if kind == "write":
            after_write(table, outcome, answer, done, refusals)


def dump_records(path: str, offered: float, window: Window, records: list[Record]) -> None:
    """Every request of a load as one JSON line (kind, table, seconds into the measured window
    when it was due (and its Unix time, to line it up with a server's own logs) and when it was
    answered, latency in ms, outcome), to see when and where
    the slow ones came: together (a stall of the server) or spread (queueing)."""
    to_unix = time.time() - time.monotonic()  # the loop's clock is the monotonic one
    with open(path, "a", encoding="utf-8") as out:
        for kind, table, scheduled, lag, done, outcome in records:
            if window.holds(scheduled):
                out.write(json.dumps({
                    "offered": offered, "kind": kind, "table": table,
                    "due": round(scheduled - window.start, 4),
                    "due_unix": round(scheduled + to_unix, 4),
                    "done": round(done - window.start, 4),
                    "ms": round((done - scheduled) * 1000, 2),
                    "lag_ms": None if math.isnan(lag) else round(lag * 1000, 2),
                    "outcome": outcome}) + "\n")


def after_write(table: Table, outcome: str, answer: tuple[int, bytes] | str, done: float,
                refusals: list[str]) -> None:
    """Move the table on after a 201; stop its writes after a refusal (its seqs no longer
    fit). A 5xx or a timeout is sent again at the next arrival, with the same idempotency
    key, so an append that did land is answered, not repeated."""
    table.unsure = outcome in ("5xx", "timeout", "conn")
    if outcome == "ok":
        table.answered[2 + table.cursor] = done
        table.cursor += 1
    elif outcome == "4xx":
        table.broken = True
        if len(refusals) < 5 and not isinstance(answer, str):
            refusals.append(f"table {table.index + 1} step {table.cursor}: {answer[0]} "
                            f"{answer[1][:400].decode(errors='replace')}")


async def run_phase(tables: list[Table], plans: list[list[tuple[float, str]]], warmup: float,
                    seconds: float, timeout: float, refusals: list[str],
                    meter: CpuMeter) -> tuple[Window, list[Record]]:
    """Every table's plan (``warmup + seconds`` long) from now, plus a moment to start the
    tasks; returns the measured window (``meter`` marks its ends) and the records. The
    phase ends ``timeout`` after its last arrival at the latest: an overloaded server is
    not waited for."""
    loop = asyncio.get_running_loop()
    t0 = loop.time() + 0.2
    window = Window(t0 + warmup, seconds)
    loop.call_at(window.start, meter.mark)
    loop.call_at(window.start + seconds, meter.mark)
    records: list[Record] = []
    tasks = [asyncio.create_task(drive(t, p, t0, timeout, records, refusals))
             for t, p in zip(tables, plans, strict=True)]
    _, late = await asyncio.wait(tasks, timeout=window.start + seconds + timeout - loop.time())
    for task in late:
        task.cancel()
    await asyncio.gather(*late)
    await asyncio.sleep(max(0.0, window.start + seconds - loop.time()) + 0.01)  # the last mark
    return window, records


# ---------------------------------------------------------------------- figures of a load

@dataclass
class Window:
    start: float
    seconds: float

    def holds(self, t: float) -> bool:
        return self.start <= t < self.start + self.seconds


@dataclass
class Latencies:
    p50: float
    p99: float
    max: float
    n: int

    @classmethod
    def of(cls, seconds: list[float]) -> Latencies:
        ms = [s * 1000 for s in seconds]
        return cls(percentile(ms, 50), percentile(ms, 99), max(ms, default=float("nan")), len(ms))


@dataclass
class LoadResult:
    offered: float                   # actions/s
    offered_reads: float
    achieved: float
    write: Latencies
    read: Latencies
    legality: Latencies
    state: Latencies
    noop: Latencies
    errors: Counter                  # "write 4xx", "read timeout", "skipped", ...
    sse_expected: int
    sse_received: int
    sse: Latencies
    lag: Latencies
    cpu: dict[str, float]            # % of one core over the measured window
    floor_cpu: dict[str, float]      # the same during the floor's
    redis_commands: float            # per second, over the measured window
    floor_redis_commands: float      # the same during the floor's (the followers' polling)
    rq_queued: int
    load_before: tuple[float, float, float]
    load_after: tuple[float, float, float]

    @property
    def server_cpu(self) -> float:
        """% of one core the server took (web workers, Redis, RQ workers)."""
        return sum(v for k, v in self.cpu.items() if k != "client")

    @property
    def cpu_per_action(self) -> float:
        """Server CPU ms per action answered (the reads and the followers' share included):
        what bounds capacity on a box of its own, whatever else ran on this one."""
        return self.server_cpu * 10 / self.achieved if self.achieved else math.nan

    @property
    def commands_per_action(self) -> float:
        """Redis commands per action answered, beyond what the floor took (the followers'
        polling): the action's own, the reads' and the jobs' (RQ's bookkeeping included)."""
        extra = self.redis_commands - self.floor_redis_commands
        return extra / self.achieved if self.achieved else math.nan

    def passes(self, bound_ms: float) -> bool:
        hard = sum(n for k, n in self.errors.items() if k.endswith(("5xx", "timeout", "conn")))
        return (self.achieved >= KNEE_ACHIEVED * self.offered and self.write.p99 < bound_ms
                and hard == 0)


def summarize_requests(records: list[Record], window: Window) -> dict[str, Any]:
    """Latencies (from the scheduled time, errors and timeouts included: leaving them out
    would flatter an overloaded server) of the requests scheduled in the window, errors by
    kind, the lag, and the actions answered within the window."""
    measured = [r for r in records if window.holds(r[2]) and r[5] != "skipped"]
    by_kind: dict[str, list[float]] = {}
    errors: Counter = Counter()
    for kind, _table, scheduled, _lag, done, outcome in measured:
        by_kind.setdefault(kind, []).append(done - scheduled)
        if outcome != "ok":
            group = "write" if kind == "write" else "read" if kind != "noop" else "noop"
            errors[f"{group} {outcome}"] += 1
    answered = sum(1 for r in records if r[0] == "write" and r[5] == "ok" and window.holds(r[4]))
    # Arrivals of a table with nothing left to send (its game over, or a write refused).
    errors["skipped"] = sum(1 for r in records if window.holds(r[2]) and r[5] == "skipped")
    return {"by_kind": by_kind, "errors": errors,
            "lag": Latencies.of([r[3] for r in measured if not math.isnan(r[3])]),
            "achieved": answered / window.seconds}


def sse_figures(tables: list[Table], window: Window) -> tuple[int, int, Latencies]:
    """Events the followers should have had (each action answered in the window, per
    follower), those they had, and the delivery time from the answer."""
    expected = received = 0
    delays: list[float] = []
    for table in tables:
        seqs = [(seq, at) for seq, at in table.answered.items() if window.holds(at)]
        for got in table.received:
            expected += len(seqs)
            for seq, answered_at in seqs:
                if seq in got:
                    received += 1
                    delays.append(got[seq] - answered_at)
    return expected, received, Latencies.of(delays)


# ---------------------------------------------------------------------- the AOF's rewrites

class AofRewrites:
    """When the event store's Redis rewrote its append-only file during a load (INFO
    persistence, asked four times a second from a thread of its own): a rewrite forks a
    child that writes the whole dataset while every acknowledged append still waits on its
    own fsync, so the appends of those seconds compete with it for the disk and the cores.
    A rewrite shorter than a poll may go unseen."""

    POLL_S = 0.25

    def __init__(self, server: BenchServer):
        self.admin = server.embedded.admin_client()
        self.spans: list[tuple[float, float]] = []  # monotonic (start, end), as the loop's clock
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="aof-rewrites", daemon=True)

    def __enter__(self) -> AofRewrites:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _watch(self) -> None:
        started: float | None = None
        while not self._stop.wait(self.POLL_S):
            busy = int(self.admin.info("persistence").get("aof_rewrite_in_progress", 0))
            now = time.monotonic()
            if busy and started is None:
                started = now - self.POLL_S / 2
            elif not busy and started is not None:
                self.spans.append((started, now - self.POLL_S / 2))
                started = None
        if started is not None:
            self.spans.append((started, time.monotonic()))

    def holds(self, t: float, margin: float = 0.5) -> bool:
        """Whether ``t`` fell in a rewrite (or within ``margin`` s of one: the poll's
        resolution, and the queue a rewrite leaves behind)."""
        return any(start - margin <= t <= end + margin for start, end in self.spans)

    def report(self, records: list[Record], window: Window, bound_ms: float) -> str:
        """How many rewrites, how long, and what share of the slow writes came in them."""
        spans = [(a, b) for a, b in self.spans if window.holds(a) or window.holds(b)]
        writes = [(r[2], r[4] - r[2]) for r in records  # (due, seconds from due to answer)
                  if r[0] == "write" and r[5] != "skipped" and window.holds(r[2])]
        inside = [took for due, took in writes if self.holds(due)]
        outside = Latencies.of([took for due, took in writes if not self.holds(due)])
        slow = sum(1 for _due, took in writes if took * 1000 >= bound_ms)
        slow_inside = sum(1 for took in inside if took * 1000 >= bound_ms)
        return (f"AOF rewrites {len(spans)} ({sum(b - a for a, b in spans):.1f}s in all, "
                f"longest {max((b - a for a, b in spans), default=0.0):.1f}s); writes >= "
                f"{bound_ms:g}ms {slow}, of them {slow_inside} in a rewrite (+-0.5s; "
                f"{len(inside)} of {len(writes)} writes were); write p99 outside rewrites "
                f"{ms(outside.p99)}ms")


# ---------------------------------------------------------------------- CPU and the job queue

class CpuMeter:
    """CPU seconds of the server's parts and of this client, and the commands Redis ran,
    between two marks (the processes are listed once, beforehand: a mark only reads a few
    /proc files and asks Redis one INFO)."""

    def __init__(self, server: BenchServer, by_command: bool = False):
        self.pids = server.server_pids()
        self.admin = server.embedded.admin_client()
        self.by_command = by_command
        self.marks: list[tuple[float, dict[str, float]]] = []
        self.command_marks: list[dict[str, float]] = []

    def watch_stalls(self, threshold_ms: int) -> None:
        """Have Redis record every stall of at least ``threshold_ms`` from now (its latency
        monitor: an fsync, a command, an event-loop turn that took that long)."""
        self.admin.config_set("latency-monitor-threshold", threshold_ms)
        self.admin.execute_command("LATENCY", "RESET")

    def stalls(self) -> dict[str, tuple[int, int]]:
        """Per latency event since ``watch_stalls``: (seconds with such a stall, the longest
        in ms), the monitor switched off again. Redis keeps one sample per event and second."""
        found = {}
        for row in self.admin.execute_command("LATENCY", "LATEST"):
            event = row[0].decode() if isinstance(row[0], bytes) else str(row[0])
            history = self.admin.execute_command("LATENCY", "HISTORY", event)
            found[event] = (len(history), int(row[2]))
        self.admin.config_set("latency-monitor-threshold", 0)
        return found

    def mark(self) -> None:
        parts = {name: cpu_seconds(pids) for name, pids in self.pids.items()}
        commands = float(self.admin.info("stats")["total_commands_processed"])
        self.marks.append((time.monotonic(), {**parts, "client": time.process_time(),
                                              "redis_commands": commands}))
        if self.by_command:
            self.command_marks.append({name: float(stats["calls"]) for name, stats
                                       in self.admin.info("commandstats").items()})

    def commands(self) -> dict[str, float]:
        """Per Redis command (``--commands``): calls between the first and the last mark."""
        if len(self.command_marks) < 2:
            return {}
        first, last = self.command_marks[0], self.command_marks[-1]
        return {name: calls - first.get(name, 0.0) for name, calls in last.items()}

    def percent(self) -> dict[str, float]:
        """Per part, % of one core between the first and the last mark."""
        return {k: 100 * v for k, v in self.rates().items() if k != "redis_commands"}

    def rates(self) -> dict[str, float]:
        """Per second between the first and the last mark."""
        (start, first), (end, last) = self.marks[0], self.marks[-1]
        return {k: (last[k] - first[k]) / (end - start) for k in last}


def rq_queued(server: BenchServer) -> int:
    import redis

    from events.jobqueue import queue_stats

    stats = queue_stats(redis.Redis.from_url(server.rq_redis_url))
    return int(stats.get("queued", -1))


async def settle(server: BenchServer, limit: float = 30.0, busy: float = 0.5) -> None:
    """Wait (up to ``limit`` s) until the web workers use less than ``busy`` of a core over
    a second: a cancelled backlog is still being served after its clients left."""
    pids = server.server_pids()["web"]
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        before = cpu_seconds(pids)
        await asyncio.sleep(1.0)
        if cpu_seconds(pids) - before < busy:
            return


async def drain_jobs(server: BenchServer, limit: float) -> int:
    """Wait (up to ``limit`` s) for the RQ workers to empty the queue; what is left."""
    queued = rq_queued(server)
    deadline = time.monotonic() + limit
    while server.rq_workers and queued > 0 and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
        queued = rq_queued(server)
    return queued


def memory_report(server: BenchServer) -> str:
    """What the event store's Redis holds at the end, per event of the matches' logs and per
    idempotency record (every action of the hall carries a key, as a table client's should):
    the storage bench counts the logs alone."""
    admin = server.embedded.admin_client()
    parts = []
    for name, pattern, count in (("the logs", "ref:{m:*}:events", "XLEN"),
                                 ("idempotency records", "ref:{m:*}:idem", "HLEN")):
        keys = list(admin.scan_iter(match=pattern, count=1000))
        used = sum(admin.memory_usage(key, samples=0) or 0 for key in keys)
        items = sum(int(admin.execute_command(count, key)) for key in keys)
        parts.append(f"{name} {used / max(1, items):.0f} B each ({items} in {len(keys)} keys)")
    used_memory = int(admin.info("memory")["used_memory"])
    return f"Redis memory at the end: used_memory {used_memory / 2**20:.1f} MB; " + ", ".join(parts)


# ---------------------------------------------------------------------- one offered load

@dataclass
class Hall:
    """Everything set up once: the server, the tables, the followers."""

    server: BenchServer
    tables: list[Table]
    followers: Followers
    args: argparse.Namespace
    rng: random.Random
    refusals: list[str] = field(default_factory=list)


def plans_for(hall: Hall, rate_per_table: float, seconds: float, kinds: list[str],
              weights: list[float]) -> list[list[tuple[float, str]]]:
    return [arrivals(rate_per_table, seconds, kinds, weights, hall.rng) for _ in hall.tables]


async def floor_phase(hall: Hall, request_rate: float) -> tuple[Latencies, CpuMeter]:
    """GET /docs at the same open-loop rate (all requests of the load) over the same
    connections: its latencies, and what it took (CPU, Redis commands)."""
    args = hall.args
    warmup = min(args.warmup, 2.0)
    plans = plans_for(hall, request_rate / len(hall.tables), warmup + args.floor_seconds,
                      ["noop"], [1.0])
    meter = CpuMeter(hall.server)
    window, records = await run_phase(hall.tables, plans, warmup, args.floor_seconds, args.timeout,
                                      hall.refusals, meter)
    figures = summarize_requests(records, window)
    return Latencies.of(figures["by_kind"].get("noop", [])), meter


async def run_load(hall: Hall, offered: float) -> LoadResult:
    args, tables = hall.args, hall.tables
    mix = Mix(args.legality, args.state)
    load_before = os.getloadavg()
    noop, floor = await floor_phase(hall, offered * mix.per_action)
    kinds, weights = mix.kinds()
    plans = plans_for(hall, offered * mix.per_action / len(tables), args.warmup + args.seconds,
                      kinds, weights)
    meter = CpuMeter(hall.server, by_command=args.commands > 0)
    if args.redis_stalls:
        meter.watch_stalls(args.redis_stalls)
    # The hall's own objects (requests rendered in advance, schedules, connections) are set
    # aside from the collector: a full collection walking them paused this client 166 ms in
    # a 300 s run, which counted in the latencies of the answers it had not read yet.
    gc.collect()
    gc.freeze()
    with AofRewrites(hall.server) as rewrites:
        window, records = await run_phase(tables, plans, args.warmup, args.seconds,
                                          args.timeout, hall.refusals, meter)
    load_after = os.getloadavg()
    progress("  " + rewrites.report(records, window, args.p99_bound))
    await asyncio.sleep(2.0)  # late events still reach the followers
    figures = summarize_requests(records, window)
    if args.records:
        dump_records(args.records, offered, window, records)
    if args.redis_stalls:
        found = meter.stalls()
        progress(f"  Redis stalls >= {args.redis_stalls} ms (seconds with one, longest): " + (
            ", ".join(f"{event} {n}, {worst} ms" for event, (n, worst) in sorted(found.items()))
            or "none"))
    if args.commands:
        actions = max(1, len(figures["by_kind"].get("write", [])))
        top = sorted(meter.commands().items(), key=lambda item: -item[1])[:args.commands]
        progress("  Redis commands per action: " + ", ".join(
            f"{name.removeprefix('cmdstat_')} {calls / actions:.2f}" for name, calls in top))
    by_kind = figures["by_kind"]
    reads = by_kind.get("legality", []) + by_kind.get("state", [])
    expected, received, sse = sse_figures(tables, window)
    queued = await drain_jobs(hall.server, 60.0)
    await settle(hall.server)
    return LoadResult(
        offered=offered, offered_reads=offered * (mix.legality + mix.state),
        achieved=figures["achieved"], write=Latencies.of(by_kind.get("write", [])),
        read=Latencies.of(reads), legality=Latencies.of(by_kind.get("legality", [])),
        state=Latencies.of(by_kind.get("state", [])), noop=noop, errors=figures["errors"],
        sse_expected=expected, sse_received=received, sse=sse, lag=figures["lag"],
        cpu=meter.percent(), floor_cpu=floor.percent(),
        redis_commands=meter.rates()["redis_commands"],
        floor_redis_commands=floor.rates()["redis_commands"], rq_queued=queued,
        load_before=load_before, load_after=load_after)


# ---------------------------------------------------------------------- setting up the hall

def steps_needed(args: argparse.Namespace, loads: list[float]) -> int:
    """Actions one table may log over the whole run: its share of every load, with five
    standard deviations of Poisson margin, after the random advance."""
    mean = sum(load / args.tables * (args.warmup + args.seconds) for load in loads)
    return int(args.advance + mean + 5 * mean ** 0.5 + 5)


async def set_up_hall(server: BenchServer, args: argparse.Namespace, games: list[GameScript],
                      steps: int) -> Hall:
    rng = random.Random(args.seed)
    judge, *follower_tokens = server.issue_tokens("judge", ["bench-organiser"] + [
        f"floor-judge-{n + 1}" for n in range(args.tables if args.follower_role == "judge" else 0)])
    follower_tokens = follower_tokens or [""] * args.tables
    starts = [rng.randint(0, args.advance) for _ in range(args.tables)]
    started = time.perf_counter()
    tables = await bounded([
        (lambda n=n: create_table(server.port, judge, n, games[n % len(games)], starts[n],
                                  follower_tokens[n]))
        for n in range(args.tables)], MAX_FRESH_CONNECTIONS // 4)
    created = time.perf_counter()
    for table in tables:
        table.render(min(steps, len(table.script.steps)))
    await bounded([(lambda t=t: advance(t)) for t in tables], MAX_FRESH_CONNECTIONS // 2)
    advanced = time.perf_counter()
    followers = await start_followers(server.port, tables, args.followers)
    progress(f"set up: {args.tables} tables created in {created - started:.1f}s, advanced "
             f"{sum(t.start for t in tables)} actions in {advanced - created:.1f}s, "
             f"{followers.connected} followers in {time.perf_counter() - advanced:.1f}s")
    return Hall(server, tables, followers, args, rng)


async def run_hall(server: BenchServer, args: argparse.Namespace, games: list[GameScript],
                   loads: list[float], steps: int) -> tuple[list[LoadResult], Hall]:
    hall = await set_up_hall(server, args, games, steps)
    await drain_jobs(server, 120.0)
    await settle(server)
    results = []
    for load in loads:
        progress(f"offered {load:g} actions/s (each table every {args.tables / load:.2f}s) ...")
        results.append(await run_load(hall, load))
        progress("  " + cells(results[-1], args.p99_bound))
    progress("  " + memory_report(server))
    for task in hall.followers.tasks:
        task.cancel()
    await asyncio.gather(*hall.followers.tasks, return_exceptions=True)
    for table in hall.tables:
        table.conn.close()
    return results, hall


# ---------------------------------------------------------------------- output

def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def ms(value: float) -> str:
    return "-" if value != value else f"{value:.1f}" if abs(value) < 100 else f"{value:.0f}"


def errors_text(errors: Counter) -> str:
    return ", ".join(f"{k} {n}" for k, n in sorted(errors.items()) if n) or "none"


def cpu_text(cpu: dict[str, float]) -> str:
    return " / ".join(f"{cpu.get(k, 0):.0f}" for k in ("web", "redis", "rq", "client"))


def cells(r: LoadResult, bound: float) -> str:
    return (f"[{r.offered:g}/s] achieved {r.achieved:.1f}/s, write p50 {ms(r.write.p50)}ms "
            f"p99 {ms(r.write.p99)}ms max {ms(r.write.max)}ms, read p50 {ms(r.read.p50)}ms "
            f"p99 {ms(r.read.p99)}ms max {ms(r.read.max)}ms, noop p50 {ms(r.noop.p50)}ms "
            f"p99 {ms(r.noop.p99)}ms, write/noop p50 {r.write.p50 / r.noop.p50:.1f}x "
            f"p99 {r.write.p99 / r.noop.p99:.1f}x, errors {errors_text(r.errors)}, "
            f"sse {r.sse_received}/{r.sse_expected} p50 {ms(r.sse.p50)}ms p99 {ms(r.sse.p99)}ms, "
            f"lag p99 {ms(r.lag.p99)}ms max {ms(r.lag.max)}ms, "
            f"cpu% web/redis/rq/client {cpu_text(r.cpu)} (floor {cpu_text(r.floor_cpu)}), "
            f"server cpu {ms(r.cpu_per_action)}ms/action, "
            f"redis {r.redis_commands:.0f} cmd/s (floor {r.floor_redis_commands:.0f}, "
            f"{r.commands_per_action:.0f}/action), "
            f"load {r.load_before[0]:.2f}->{r.load_after[0]:.2f}"
            + ("" if r.passes(bound) else " (over)"))


def table_text(results: list[LoadResult]) -> str:
    head = ("| offered actions/s (+reads) | achieved | write p50 / p99 / max | read p50 / p99 / max "
            "| legality p99 | state p99 | no-op p50 / p99 | write ÷ no-op p50, p99 | errors "
            "| SSE received / expected | SSE p50 / p99 | lag p99 / max "
            "| CPU % web / redis / rq / client (no-op floor) | server CPU ms / action "
            "| Redis cmd/s (floor) | RQ queued | load avg before → after |")
    rows = [head, "|" + " ---: |" * (head.count("|") - 1)]
    for r in results:
        rows.append(
            f"| {r.offered:g} (+{r.offered_reads:g}) | {r.achieved:.1f} "
            f"| {ms(r.write.p50)} / {ms(r.write.p99)} / {ms(r.write.max)} "
            f"| {ms(r.read.p50)} / {ms(r.read.p99)} / {ms(r.read.max)} "
            f"| {ms(r.legality.p99)} | {ms(r.state.p99)} | {ms(r.noop.p50)} / {ms(r.noop.p99)} "
            f"| {r.write.p50 / r.noop.p50:.1f}×, {r.write.p99 / r.noop.p99:.1f}× "
            f"| {errors_text(r.errors)} | {r.sse_received} / {r.sse_expected} "
            f"| {ms(r.sse.p50)} / {ms(r.sse.p99)} | {ms(r.lag.p99)} / {ms(r.lag.max)} "
            f"| {cpu_text(r.cpu)} ({cpu_text(r.floor_cpu)}) | {ms(r.cpu_per_action)} "
            f"| {r.redis_commands:.0f} ({r.floor_redis_commands:.0f}) | {r.rq_queued} "
            f"| {r.load_before[0]:.2f} → {r.load_after[0]:.2f} |")
    return "\n".join(rows)


def knee(results: list[LoadResult], bound: float) -> float | None:
    """The highest offered load at which it and every lower one passed."""
    best = None
    for r in sorted(results, key=lambda r: r.offered):
        if not r.passes(bound):
            break
        best = r.offered
    return best


def summary_line(args: argparse.Namespace, results: list[LoadResult], mix: Counter) -> str:
    queue = "" if args.rq_redis == "shared" else " on their own Redis"
    head = (f"capacity (gunicorn {args.workers} gevent workers, {args.rq_workers} rq worker(s){queue}, "
            f"appendfsync {args.appendfsync}; {args.tables} tables in table mode, {args.followers} SSE "
            f"follower(s) each, per action {args.legality:g} legality + {args.state:g} state reads; "
            f"open-loop Poisson, {args.seconds:g}s per load after {args.warmup:g}s warm-up): ")
    parts = [cells(r, args.p99_bound) for r in results]
    found = knee(results, args.p99_bound)
    if len(results) == 1:
        verdict = "meets the bound" if found is not None else "misses the bound"
    else:
        verdict = f"knee {found:g} actions/s" if found is not None else "no load passed"
    verdict += (f" (achieved >= {KNEE_ACHIEVED:.0%} of offered, write p99 < {args.p99_bound:g}ms, "
                "no 5xx/timeout)")
    top = ", ".join(f"{k} {n}" for k, n in mix.most_common(6))
    return head + " | ".join(parts) + f" | {verdict} | actions replayed: {top}"


def action_mix(tables: list[Table]) -> Counter:
    """The types of the actions the timed part sent."""
    mix: Counter = Counter()
    for table in tables:
        for k in range(table.start, table.cursor):
            mix[table.script.steps[k][1]["type"]] += 1
    return mix


# ---------------------------------------------------------------------- main

def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, help="matches played at once (default 750; --quick 100)")
    parser.add_argument("--interval", type=float, default=5.0,
                        help="mean seconds between a table's actions (default 5)")
    parser.add_argument("--seconds", type=float, help="measured seconds per load (default 30; --quick 10)")
    parser.add_argument("--warmup", type=float, help="seconds of load before measuring (default 5; --quick 3)")
    parser.add_argument("--floor-seconds", type=float, help="measured seconds of the no-op floor "
                        "per load (default 10; --quick 5)")
    parser.add_argument("--followers", type=int, default=1, help="SSE followers per table")
    parser.add_argument("--follower-role", choices=("judge", "player"), default="judge",
                        help="whose token the followers hold (a judge's per table, or a seat's)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--rq-workers", type=int, default=1, help="`referee worker` processes")
    parser.add_argument("--rq-redis", choices=("shared", "own"), default="shared",
                        help="the job queue on the event store's Redis (another user, as "
                             "`referee serve` runs it) or on a second durable Redis "
                             "(`RQ_REDIS_URL`); Redis CPU is then both servers'")
    parser.add_argument("--appendfsync", choices=("always", "everysec"), default="always",
                        help="a diagnosis, not a way to run the service: `everysec` lets Redis "
                             "fsync once a second, to tell the disk's latency from the rest")
    parser.add_argument("--aof-rewrite-percentage", type=int, metavar="PCT",
                        help="a diagnosis: the event store's Redis rewrites its append-only "
                             "file when it has grown PCT %% past its size after the last "
                             "rewrite (Redis's default 100; 0: never)")
    parser.add_argument("--redis-pool", type=int, help="Redis connections per server process "
                        "(default: one per connection the tables and followers open, plus 100; "
                        "0: redis-py's default of 100, which the streams exhaust)")
    parser.add_argument("--sweep", help="offered loads in actions/s, e.g. 50,100,150,200,300,400 "
                        "(each table's interval is tables / load); default: tables / interval")
    parser.add_argument("--p99-bound", type=float, default=50.0, help="ms, for the knee")
    parser.add_argument("--legality", type=float, default=0.1, help="legality queries per action")
    parser.add_argument("--state", type=float, default=0.1, help="state reads per action")
    parser.add_argument("--advance", type=int, help="a table starts up to this many actions into "
                        "its game (default 10)")
    parser.add_argument("--games", type=int, help="distinct games played offline (default 48; --quick 16)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds before a request counts "
                        "as timed out")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--commands", type=int, default=0, metavar="N",
                        help="also print the N Redis commands run most per action, by name")
    parser.add_argument("--redis-stalls", type=int, default=0, metavar="MS",
                        help="also report what Redis spent MS ms or more on in the "
                             "window (its latency monitor: fsyncs, commands)")
    parser.add_argument("--records", metavar="FILE",
                        help="also write every measured request to FILE as JSON lines "
                             "(appended, one load after another)")
    parser.add_argument("--quick", action="store_true", help="a short run to try it")
    args = parser.parse_args(argv)
    defaults = ({"tables": 100, "seconds": 10.0, "warmup": 3.0, "floor_seconds": 5.0, "advance": 10,
                 "games": 16} if args.quick else
                {"tables": 750, "seconds": 30.0, "warmup": 5.0, "floor_seconds": 10.0, "advance": 10,
                 "games": 48})
    for name, value in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    return args


def main() -> None:
    args = parse_args()
    loads = ([float(x) for x in args.sweep.split(",")] if args.sweep
             else [args.tables / args.interval])
    load_at_start = os.getloadavg()
    steps = steps_needed(args, loads)
    started = time.perf_counter()
    games = play_games(args.games, args.seed, steps)
    progress(f"played {len(games)} games offline ({steps}+ actions each) in "
             f"{time.perf_counter() - started:.1f}s; load average {load_at_start[0]:.2f}")
    # Every connection may land on one web worker, and each may hold a Redis connection.
    connections = args.tables * (1 + args.followers) + 64
    pool = connections + 100 if args.redis_pool is None else args.redis_pool
    with bench_server("bench-capacity-", args.workers, rq_workers=args.rq_workers,
                      worker_connections=max(1000, connections), redis_pool=pool,
                      rq_redis=args.rq_redis == "own") as server:
        if args.appendfsync != "always":  # after the harness checked the service's own setting
            for embedded in (server.embedded, server.rq_embedded):
                if embedded is not None:
                    embedded.admin_client().config_set("appendfsync", args.appendfsync)
        if args.aof_rewrite_percentage is not None:
            server.embedded.admin_client().config_set("auto-aof-rewrite-percentage",
                                                      args.aof_rewrite_percentage)
        results, hall = asyncio.run(run_hall(server, args, games, loads, steps))
    for refusal in hall.refusals:
        progress(f"refused: {refusal}")
    if hall.followers.errors:
        progress(f"streams: {errors_text(hall.followers.errors)}")
    print(table_text(results))
    print(summary_line(args, results, action_mix(hall.tables)))
    progress(f"load average {load_at_start[0]:.2f} at start, {os.getloadavg()[0]:.2f} at the end; "
             f"{time.perf_counter() - started:.0f}s in all")


if __name__ == "__main__":
    main()
