"""A per-token limit on expensive reads: 429 problem+json with Retry-After beyond it.

The reads that fold or walk a match's log, or render it for a person (``BUDGETS``: states,
events, timelines, legal actions, legality, audits, the report, a match's disputes, the
console's boards and tables) cost a web process milliseconds to tens of milliseconds of CPU
each; cheap ones (a summary, the reference data, writes, and streams, which have their own
caps) are not counted.
One token's flood of expensive reads made every other client's cheap request 10-30 times
slower. Now each token may make ``REFEREE_READ_LIMIT`` reads of the API and
``REFEREE_CONSOLE_READ_LIMIT`` of the console's pages (the ``limits`` library's notation,
several separated by ``;``), each counted in a moving window across every web process; one
more is refused at once. A token that asks again before its Retry-After is refused without
Redis, its answer held back up to a second (``ReadLimiter``, ``check_read_limit``); and one
token's admitted reads are served one at a time per web process (``_take_turn``). Dev mode,
which has no tokens, counts by subject.

The counts live with the job queue's Redis user (``RQ_REDIS_URL``: keys ``rq:limits:*``).
The ``limits`` library's moving window keeps a list per token that must expire (LPUSH,
LTRIM, EXPIRE), and the event store's user may expire and trim nothing: EXPIRE on ``ref:*``
would let a stolen app password make an event stream vanish, and Redis 6.2 has no ACL
selectors to allow it on the limiter's keys alone (``events/embedded.py``). The queue's user
already may (on its own ``~rq:*`` keys, which RQ deletes and expires), so no ACL is widened;
and that Redis is a plain one even beside a Redis Cluster store, so no hash tags are needed.
When that Redis can't be reached, reads are let through (logged): the limit guards the
service's time, it must not take the service down with it.
"""

from __future__ import annotations

import logging
import math
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import redis
from flask import Flask, Response, current_app, g, request
from limits import RateLimitItem, parse_many
from limits.storage import RedisStorage
from limits.strategies import MovingWindowRateLimiter

from app.auth import DEV_PRINCIPAL_SUBJECT, current_principal, dev_mode
from app.errors import PROBLEM_MIME, problem_response
from app.extensions import EXTENSION_KEY
from app.problem_types import problem_uri
from app.session_cookie import cookie_may_authenticate, session_ids
from events.config import DEFAULT_CONSOLE_READ_LIMIT, DEFAULT_READ_LIMIT
from events.lru import BoundedLRU
from projections.messages import msg

log = logging.getLogger(__name__)

TYPE_TOO_MANY_READS = problem_uri("too-many-reads")
KEY_PREFIX = "rq:limits"
LIMITERS_KEY = "referee-read-limiters"
# Refused holders a process remembers (the most recently refused).
REMEMBERED_REFUSALS = 4096
# The longest the refusal of a holder that came back too early is held back.
REFUSAL_HOLD_SECONDS = 1.0
# The longest a read waits for its holder's previous one in this process before going ahead.
TURN_TIMEOUT_SECONDS = 5.0


@dataclass(frozen=True)
class Budget:
    """A kind of expensive reads, with its own limit per token: the endpoints (by blueprint)
    and the setting that limits them."""

    name: str
    setting: str
    default: str
    endpoints: dict[str, frozenset[str]]


BUDGETS = (
    # A table's client reads the state and the legal actions (and asks legality) around each
    # action, a few a second at most; the tests' clients, which go as fast as the machine,
    # read up to 600 in five seconds (a player's every possible read after every action).
    Budget("api", "REFEREE_READ_LIMIT", DEFAULT_READ_LIMIT, {
        "matches": frozenset({"state", "events", "timeline", "audit", "report", "audit_receipts"}),
        "actions": frozenset({"legality", "legal_actions"}),
        "disputes": frozenset({"match_disputes"}),
    }),
    # A person's console fetches a match's board after each of its events and the tables after
    # each change (each renders the board or the tables and the page): a judge following a
    # table and the hall, two a second at most; the browser tests' clicking, 105 in a minute.
    Budget("console", "REFEREE_CONSOLE_READ_LIMIT", DEFAULT_CONSOLE_READ_LIMIT, {
        "console": frozenset({"match", "match_fragment", "tables", "tables_fragment"}),
    }),
)


def parse_limits(name: str, text: str | None) -> list[RateLimitItem]:
    """A limit setting: ``"0"``, ``"off"`` or empty for no limit."""
    text = (text or "").strip()
    if text.lower() in ("", "0", "off", "none"):
        return []
    try:
        return list(parse_many(text))
    except ValueError:
        raise RuntimeError(f"{name} must be limits like '600/minute' or '20/second;300/minute', "
                           f"not {text!r}.") from None


@dataclass(frozen=True)
class Refusal:
    wait: float     # seconds until a read of the holder would be allowed
    again: bool     # the holder was refused already and came back before that


class ReadLimiter:
    """One budget's limits, counted in ``connection``'s Redis under ``rq:limits:``.

    A refused holder is remembered by this process until a read of its would be allowed
    again: a token that keeps sending meanwhile (ignoring Retry-After) is refused without a
    round trip to Redis. A refused read adds nothing to the count, so skipping Redis then
    changes no count."""

    def __init__(self, connection: redis.Redis, budget: str, text: str,
                 items: list[RateLimitItem], clock: Callable[[], float] = time.time):
        self.budget = budget
        self.text = text   # as configured: what a refusal names
        self.items = items
        storage = RedisStorage("redis://", connection_pool=connection.connection_pool,
                               key_prefix=KEY_PREFIX)
        self._limiter = MovingWindowRateLimiter(storage)
        self._refused_until: BoundedLRU[str, float] = BoundedLRU(REMEMBERED_REFUSALS)
        self._clock = clock

    def hit(self, holder: str) -> Refusal | None:
        """Count one read of ``holder``: None when it is allowed, else its refusal (one of
        the limits is full: it is not counted there, nor in those after it)."""
        now = self._clock()
        until = self._refused_until.get(holder)
        if until is not None and until > now:
            return Refusal(until - now, again=True)
        for item in self.items:
            if not self._limiter.hit(item, self.budget, holder):
                reset_at, _remaining = self._limiter.get_window_stats(item, self.budget, holder)
                self._refused_until.put(holder, reset_at)
                return Refusal(max(0.0, reset_at - now), again=False)
        return None


def _holder(blueprint: str) -> str | None:
    """Whose read this is: the token's id (dev mode: the subject). The console's views
    authenticate by themselves (a person without a session is sent to sign in); its reads
    are counted by the token id its signed session cookie names, without a lookup."""
    if blueprint != "console":
        principal = current_principal()   # resolved already by the blueprint's protect()
        return principal.token_id or f"subject:{principal.subject}"
    if dev_mode():
        return f"subject:{DEV_PRINCIPAL_SUBJECT}"
    ids = session_ids() if cookie_may_authenticate() else None
    return ids[0] if ids else None


def check_read_limit() -> Response | None:
    """Before an expensive read: 429 when its token is over its budget's limit."""
    blueprint, _, view = (request.endpoint or "").partition(".")
    limiter = current_app.extensions[LIMITERS_KEY].get((blueprint, view))
    holder = _holder(blueprint) if limiter is not None else None
    if limiter is None or holder is None:
        return None
    try:
        refused = limiter.hit(holder)
    except redis.RedisError as exc:
        log.warning("read limit not checked (Redis: %s): let through", type(exc).__name__)
        return None
    if refused is None:
        _take_turn(holder)
        return None
    wait = refused.wait
    if refused.again:
        # It did not wait as told: its answer is held back (a greenlet asleep costs nothing),
        # so a client that retries at once sends a request a second or so, not thousands.
        held = min(wait, float(current_app.config.get("REFEREE_READ_REFUSAL_HOLD_SECONDS",
                                                       REFUSAL_HOLD_SECONDS)))
        time.sleep(held)
        wait -= held
    seconds = max(1, math.ceil(wait))
    return problem_response(
        429, msg("Too many reads"),
        msg("This token has made as many expensive reads as allowed for now (%(limit)s); "
            "retry in %(seconds)s s.", limit=limiter.text, seconds=seconds),
        type=TYPE_TOO_MANY_READS, limit=limiter.text, headers={"Retry-After": str(seconds)})


# ---------------------------------------------------------------------- one at a time

class _Turn:
    """One holder's turn to read in this process (kept weakly: gone with its last reader)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()


_TURNS: weakref.WeakValueDictionary[str, _Turn] = weakref.WeakValueDictionary()
_TURNS_LOCK = threading.Lock()


def _take_turn(holder: str) -> None:
    """Serve one holder's expensive reads one at a time in this process. A web process
    interleaves requests only where they wait (gevent): a token's 8 reads rendering at once
    were 8 runs of CPU ahead of every other client's next step; one at a time, they are
    one."""
    with _TURNS_LOCK:
        turn = _TURNS.get(holder)
        if turn is None:
            turn = _TURNS[holder] = _Turn()
    if turn.lock.acquire(timeout=TURN_TIMEOUT_SECONDS):
        g.read_turn = turn


def _end_turn(_error: BaseException | None) -> None:
    turn = g.pop("read_turn", None)
    if turn is not None:
        turn.lock.release()


# ---------------------------------------------------------------------- registration

def register_read_limit(app: Flask, api: Any) -> None:
    """Count the expensive reads of ``app``'s blueprints (after each one's authentication)
    and document their 429. A budget whose setting is off counts nothing."""
    limiters: dict[tuple[str, str], ReadLimiter] = {}
    for budget in BUDGETS:
        text = str(app.config.get(budget.setting, budget.default) or "").strip()
        items = parse_limits(budget.setting, text)
        if not items:
            continue
        limiter = ReadLimiter(app.extensions[EXTENSION_KEY].queue_redis, budget.name, text, items)
        for blueprint, views in budget.endpoints.items():
            limiters.update({(blueprint, view): limiter for view in views})
            # After the blueprint's own hooks: protect() has resolved the token.
            if check_read_limit not in app.before_request_funcs.get(blueprint, []):
                app.before_request_funcs.setdefault(blueprint, []).append(check_read_limit)
    app.extensions[LIMITERS_KEY] = limiters
    app.teardown_request(_end_turn)
    document_read_limit(api)


READ_LIMIT_429 = ("The token made more expensive reads than `REFEREE_READ_LIMIT` allows "
                  f"(default `{DEFAULT_READ_LIMIT}`, counted across every web process): "
                  "`limit` says the limit. Nothing was read; retry after `Retry-After` seconds")


def document_read_limit(api: Any) -> None:
    """A 429 with Retry-After on every counted operation of the OpenAPI document."""
    counted = {f"{blueprint}_{view}" for budget in BUDGETS
               for blueprint, views in budget.endpoints.items() for view in views}
    for operations in api.spec._paths.values():
        for operation in operations.values():
            if not isinstance(operation, dict) or operation.get("operationId") not in counted:
                continue
            operation["responses"]["429"] = {
                "description": READ_LIMIT_429,
                "headers": {"Retry-After": {"description": "Seconds to wait before retrying",
                                            "schema": {"type": "integer"}}},
                "content": {PROBLEM_MIME: {"schema": {"$ref": "#/components/schemas/Problem"}}}}
