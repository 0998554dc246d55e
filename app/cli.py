"""The ``referee`` command."""

from __future__ import annotations

import json
import logging
import os
import secrets
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING

import click

from events.config import Settings, parse_bool

if TYPE_CHECKING:
    from events.anchors import AnchorLog
    from events.store import EventStore

log = logging.getLogger("referee")

TOKEN_SECRET_FILE = "token_secret"


class RefereeGroup(click.Group):
    """The ``referee`` group. Every command keeps stdout for its data alone (JSON, a token, an
    export, a table); messages, progress and logs go to stderr. A Redis that can't be reached
    (or refuses the credentials) is an ``Error: ...`` line on stderr and exit status 1, from
    any command, rather than a traceback."""

    def invoke(self, ctx: click.Context) -> object:
        from redis import exceptions as redis_errors

        try:
            return super().invoke(ctx)
        except (redis_errors.ConnectionError, redis_errors.TimeoutError,
                redis_errors.NoPermissionError) as exc:
            # redis-py's messages name host:port, never the URL's password
            raise click.ClickException(f"Redis: {exc}") from None


@click.group(cls=RefereeGroup)
@click.option("--log-level", default="INFO", show_default=True,
              type=click.Choice(["DEBUG", "INFO", "WARNING", "ERROR"]))
def main(log_level: str) -> None:
    """Pokémon referee: an event-sourced judge service.

    Each command prints only its data on stdout (JSON, a token, an export), so it can be
    piped; messages and logs go to stderr, progress bars only when stderr is a terminal.
    Any failure exits non-zero."""
    logging.basicConfig(level=log_level, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")


DEFAULT_JOB_LINGER_MS = 50.0
BACKGROUND_WORKERS_ENV = "REFEREE_BACKGROUND_WORKERS"
WORKERS_SEPARATELY_ENV = "REFEREE_WORKERS_SEPARATELY"


def _background_workers(text: str | None) -> int:
    """REFEREE_BACKGROUND_WORKERS: a count, 1 or more (default 1)."""
    if not text or not text.strip():
        return 1
    try:
        count = int(text)
    except ValueError:
        count = 0
    if count < 1:
        raise click.ClickException(f"{BACKGROUND_WORKERS_ENV} must be a count of 1 or more, "
                                   f"not {text!r} (to run none: {WORKERS_SEPARATELY_ENV}=1).")
    return count


def _flag(name: str) -> bool:
    try:
        return parse_bool(os.environ.get(name), default=False)
    except ValueError:
        raise click.ClickException(f"{name} must be 1 or 0, not {os.environ.get(name)!r}."
                                   ) from None


def _linger_ms(text: str | None) -> float:
    """REFEREE_JOB_LINGER_MS: milliseconds, 0 to 1000 (default 50)."""
    try:
        value = float(text) if text else DEFAULT_JOB_LINGER_MS
    except ValueError:
        raise click.ClickException(f"REFEREE_JOB_LINGER_MS must be a number of milliseconds, "
                                   f"not {text!r}.") from None
    if not 0 <= value <= 1000:
        raise click.ClickException("REFEREE_JOB_LINGER_MS must be between 0 and 1000.")
    return value


@main.command()
@click.option("--host", default=lambda: os.environ.get("HOST", "127.0.0.1"),
              show_default="$HOST or 127.0.0.1")
@click.option("--port", type=int, default=lambda: Settings.from_env().port,
              show_default="$PORT or 8000")
@click.option("--workers", type=int, default=2, show_default=True)
@click.option("--worker-connections", type=click.IntRange(min=1),
              default=lambda: Settings.from_env().worker_connections,
              show_default="$REFEREE_WORKER_CONNECTIONS or 1000",
              help="Open connections per worker (streams included); more wait to be accepted.")
@click.option("--header-timeout", type=click.FloatRange(min=0, min_open=True),
              default=lambda: Settings.from_env().header_timeout,
              show_default="$REFEREE_HEADER_TIMEOUT or 10",
              help="Seconds a client has to send a request's line and headers.")
@click.option("--keepalive-timeout", type=click.FloatRange(min=0, min_open=True),
              default=lambda: Settings.from_env().keepalive_timeout,
              show_default="$REFEREE_KEEPALIVE_TIMEOUT or 75",
              help="Seconds a kept-alive connection may wait for its next request.")
@click.option("--trusted-proxies", default=lambda: Settings.from_env().trusted_proxies,
              show_default="$REFEREE_TRUSTED_PROXIES or gunicorn's 127.0.0.1,::1",
              help="Comma-separated addresses (or *) of the proxies whose X-Forwarded-Proto "
                   "is believed: a request they forward as HTTPS gets Secure cookies.")
@click.option("--background-workers", type=click.IntRange(min=1),
              default=lambda: _background_workers(os.environ.get(BACKGROUND_WORKERS_ENV)),
              show_default=f"${BACKGROUND_WORKERS_ENV} or 1",
              help="`referee worker` processes to run and supervise (the jobs that anchor, "
                   "check and snapshot the logs and keep the read models).")
@click.option("--workers-separately", is_flag=True,
              default=lambda: _flag(WORKERS_SEPARATELY_ENV),
              show_default=f"${WORKERS_SEPARATELY_ENV} or off",
              help="Run no background worker: `referee worker` runs apart (GET /v1/health "
                   "then says degraded while none is alive).")
def serve(host: str, port: int, workers: int, worker_connections: int,
          header_timeout: float, keepalive_timeout: float, trusted_proxies: str | None,
          background_workers: int, workers_separately: bool) -> None:
    """Serve the API under gunicorn (gevent workers), with the background workers. Without
    REDIS_URL, an embedded Redis is started first (data in REFEREE_DATA_DIR); it and the
    workers are restarted if they die, and stopped on exit."""
    from app.background_workers import RUN_BY_SERVE, RUN_SEPARATELY, WorkerSupervisor, worker_command
    from app.factory import DEV_MODE_BANNER, create_app, settings_config
    from app.server import GunicornServer, gunicorn_options
    from events.chain_key import load_or_create_chain_key
    from events.embedded import EmbeddedRedis

    settings = Settings.from_env()
    problem = settings.store_problem()
    if problem:
        raise click.ClickException(problem)
    config = settings_config(settings)
    config["REFEREE_WORKER_CONNECTIONS"] = worker_connections  # sizes the Redis pool
    # A served process gathers its appends' jobs (events.jobqueue.AfterAppendRelay); an app
    # made by create_app alone (a script, the tests' in-process apps) queues each inline.
    config["REFEREE_JOB_LINGER_MS"] = _linger_ms(os.environ.get("REFEREE_JOB_LINGER_MS"))
    config["REFEREE_WORKERS"] = RUN_SEPARATELY if workers_separately else RUN_BY_SERVE
    embedded = None
    background = None
    try:
        if not settings.redis_url:
            embedded = EmbeddedRedis(settings.data_dir, use_acl=settings.redis_acl).start()
            embedded.supervise()
            config["REDIS_URL"] = embedded.redis_url
            config["RQ_REDIS_URL"] = embedded.rq_redis_url
            if not settings.token_secret and not settings.dev_mode:
                config["REFEREE_TOKEN_SECRET"] = load_or_create_token_secret(settings.data_dir)
            if not settings.chain_key:
                config["REFEREE_CHAIN_KEY"] = load_or_create_chain_key(settings.data_dir)
        if settings.dev_mode:
            click.echo(DEV_MODE_BANNER, err=True)
        try:
            create_app(config)  # fail here, in the master, rather than in every worker
        except RuntimeError as exc:
            raise click.ClickException(str(exc)) from exc
        if not workers_separately:
            background = WorkerSupervisor(
                background_workers,
                command=worker_command(logging.getLevelName(logging.getLogger().level))).start()
        GunicornServer(lambda: create_app(config),
                       gunicorn_options(host, port, workers, worker_connections,
                                        forwarded_allow_ips=trusted_proxies),
                       header_timeout=header_timeout,
                       keepalive_timeout=keepalive_timeout).run()
    finally:
        if background is not None:
            background.stop()   # before the Redis they finish their jobs on
        if embedded is not None:
            embedded.stop()


@main.command()
@click.argument("match_id", required=False)
@click.option("--event", "event_ids", multiple=True, metavar="EVENT_ID",
              help="Verify this event's deck-list log instead (repeatable).")
@click.option("--all-events", is_flag=True, help="Verify every event's deck-list log.")
def verify(match_id: str | None, event_ids: tuple[str, ...], all_events: bool) -> None:
    """Re-check one match's keyed hash chain and its anchors now, print the result as JSON.
    Exits 1 when the log fails (and freezes the match), 2 for a match nothing knows.

    --event EVENT_ID (or --all-events) does the same for events' deck-list logs, one JSON
    line each; an event whose lists were all registered before the chained log says so
    (`format` 1, `unchained`, `note`)."""
    from events.integrity import BY_CLI_VERIFY, verify_match
    from events.keys import validate_match_id

    if bool(match_id) == bool(event_ids or all_events):
        raise click.UsageError("give a MATCH_ID, or --event EVENT_ID / --all-events")
    if not match_id:
        _verify_events(event_ids, all_events)
        return
    try:
        validate_match_id(match_id)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="MATCH_ID") from None
    store, anchors = open_store_or_fail()
    result = verify_match(store, anchors, match_id, detected_by=BY_CLI_VERIFY)
    if not result["known"]:
        click.echo(f"unknown match {match_id}: neither the event store nor the anchors "
                   "know it", err=True)
        raise SystemExit(2)
    result.pop("head_hash", None)
    click.echo(json.dumps(result))
    if not result["chain_ok"]:
        raise SystemExit(1)


def _verify_events(event_ids: tuple[str, ...], all_events: bool) -> None:
    """``referee verify --event``: each event's deck-list log, one JSON line each."""
    from events.decklist_integrity import (
        UNCHAINED_NOTE,
        DeckListAnchors,
        all_event_ids,
        verify_decklists,
    )
    from events.decklists import validate_event_id
    from events.integrity import BY_CLI_VERIFY

    for event_id in event_ids:
        try:
            validate_event_id(event_id)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--event") from None
    store, anchors = open_store_or_fail()
    deck_anchors = DeckListAnchors.beside(anchors, store)
    ids = list(dict.fromkeys([*event_ids, *(all_event_ids(store, deck_anchors) if all_events else [])]))
    failed = unknown = False
    for event_id in ids:
        result = verify_decklists(store, deck_anchors, event_id, detected_by=BY_CLI_VERIFY)
        if not result["known"]:
            click.echo(f"unknown event {event_id}: it has no deck lists (nor anchors)", err=True)
            unknown = True
            continue
        result.pop("head_hash", None)
        if result["unchained"]:
            result["note"] = UNCHAINED_NOTE
        click.echo(json.dumps(result))
        failed = failed or not result["chain_ok"]
    if failed:
        raise SystemExit(1)
    if unknown:
        raise SystemExit(2)


@main.group()
def token() -> None:
    """Issue and revoke API tokens (bootstrap the first admin or judge here)."""


def _token_store():
    from app.auth import TokenStore
    from app.token_ledger import ledger_for
    from events.redis_client import store_client

    settings = Settings.from_env()
    store_url = _resolve_urls(settings)[0]
    secret = settings.token_secret
    if not secret and not settings.redis_url:
        secret = load_or_create_token_secret(settings.data_dir)  # what `serve` uses
    if not secret:
        raise click.ClickException("REFEREE_TOKEN_SECRET is not set: the server could not "
                                   "check a token made without it.")
    return TokenStore(store_client(store_url, cluster=settings.redis_cluster), secret,
                      ledger=ledger_for(settings.anchor_dir, secret.encode("utf-8")),
                      days=settings.token_days)


@token.command("create")
@click.option("--role", required=True, type=click.Choice(["admin", "judge"]),
              help="admin: issues and revokes tokens; judge: every match.")
@click.option("--subject", required=True, help="Who holds the token (a name).")
@click.option("--head-judge", is_flag=True, help="A judge who decides appeals (J-APPEAL-1).")
@click.option("--days", type=click.FloatRange(min=0), default=None,
              show_default="$REFEREE_TOKEN_DAYS or 30",
              help="Days until the token expires; 0: never.")
def token_create(role: str, subject: str, head_judge: bool, days: float | None) -> None:
    """Print a new token (once: only its HMAC is stored). Player and scorekeeper tokens
    come with POST /v1/matches, or from an admin's POST /v1/tokens."""
    if head_judge and role != "judge":
        raise click.BadParameter("only a judge can be the head judge", param_hint="--head-judge")
    secret, record = _token_store().issue(role, subject, head_judge=head_judge, days=days)
    click.echo(secret)
    click.echo(f"token id {record['token_id']}: {role} {subject!r}"
               + (" (head judge)" if head_judge else "")
               + f", expires {record['expires_at'] or 'never'}. Shown once; keep it safe.",
               err=True)


@token.command("revoke")
@click.argument("token_id")
def token_revoke(token_id: str) -> None:
    """Revoke a token by its id."""
    record = _token_store().revoke(token_id)
    if record is None:
        raise click.ClickException(f"no token with id {token_id}")
    if not record["recorded_outside_redis"]:
        raise click.ClickException(
            f"revoked {token_id} in Redis, but the revocation could not be written to the "
            "anchor dir (see the log): editing Redis could undo it")
    click.echo(f"revoked {token_id}", err=True)


@token.command("sign-unsigned")
@click.option("--days", type=click.FloatRange(min=0), default=None,
              show_default="$REFEREE_TOKEN_DAYS or 30",
              help="Days until each signed token expires; 0: never.")
def token_sign_unsigned(days: float | None) -> None:
    """Sign the token records issued before records were MAC'd (the service refuses them
    until then), as they stand now: one JSON line per record signed, to check. Run it once
    after upgrading, before anyone could edit Redis; a record that has a MAC is left alone."""
    count = 0
    for record in _token_store().sign_unsigned(days):
        click.echo(json.dumps(record))
        count += 1
    click.echo(f"signed {count} token record(s)", err=True)


@token.command("check")
def token_check() -> None:
    """Every token's record and what it says (JSON lines: ``verdict`` live, revoked, expired,
    unsigned, tampered or replayed). Exits 1 when a record is unsigned, fails its MAC or was
    put back over its revocation, or a revocation is missing from the anchor dir."""
    from app.token_records import Verdict

    suspect = 0
    for entry in _token_store().check():
        click.echo(json.dumps(entry))
        if Verdict(entry["verdict"]).reported or entry.get("recorded_outside_redis") is False:
            suspect += 1
    if suspect:
        raise click.ClickException(f"{suspect} token record(s) to look at (see the log)")


def _resolve_urls(settings: Settings) -> tuple[str, str]:
    """(store URL, queue URL). Jobs read REDIS_URL, so it is exported when found."""
    from events.runtime import StoreNotFound, resolve_urls

    try:
        return resolve_urls(settings)
    except StoreNotFound as exc:
        raise click.ClickException(str(exc)) from None


def open_store_or_fail() -> tuple[EventStore, AnchorLog]:
    """``(EventStore, AnchorLog)`` for a command, or a ClickException saying what's missing."""
    from events.chain_key import ChainKeyMissing
    from events.runtime import StoreNotFound, open_store

    try:
        return open_store(Settings.from_env())
    except (StoreNotFound, ChainKeyMissing) as exc:
        raise click.ClickException(str(exc)) from None


def load_or_create_token_secret(data_dir: Path) -> str:
    """A local server without REFEREE_TOKEN_SECRET keeps a generated one in its data dir
    (mode 0600, never printed), so tokens survive restarts."""
    path = Path(data_dir) / TOKEN_SECRET_FILE
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    secret = secrets.token_urlsafe(48)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(secret)
    log.info("generated a token secret in %s", path)
    return secret


COMMANDS_GROUP = "referee.commands"


def register_plugin_commands(group: click.Group) -> None:
    """Add the commands other packages declare in the ``referee.commands`` entry-point
    group (setup.cfg): the workers' ``worker``, ``audit``, ``rebuild``, ``export``,
    ``replay`` and ``reconcile``. So the web layer never imports the workers: the installed
    package's metadata says where each command lives."""
    for entry in entry_points(group=COMMANDS_GROUP):
        if entry.name not in group.commands:
            group.add_command(entry.load(), entry.name)


register_plugin_commands(main)

if __name__ == "__main__":
    main()
