"""``referee worker | audit | rebuild | export | replay | reconcile``: the job runner and the
operator's commands over the logs, read models and snapshots.

They join the ``referee`` group through the ``referee.commands`` entry-point group
(setup.cfg), which ``app/cli.py`` reads from the installed package's metadata: the web layer
never imports the workers. Heavy imports stay inside the commands so that ``referee serve``
starts as fast as before."""

from __future__ import annotations

import json
import sys
import time
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from events.anchors import AnchorLog
    from events.store import EventStore


def store_and_anchors() -> tuple[EventStore, AnchorLog]:
    """``(EventStore, AnchorLog)``: REDIS_URL or the embedded Redis, the chain key and the
    anchor dir, found as every command finds them."""
    from events.chain_key import ChainKeyMissing
    from events.runtime import StoreNotFound, open_store

    try:
        return open_store()
    except (StoreNotFound, ChainKeyMissing) as exc:
        raise click.ClickException(str(exc)) from None


def _urls() -> tuple[str, str]:
    """(store URL, queue URL): REDIS_URL/RQ_REDIS_URL or the embedded Redis's."""
    from events.config import Settings
    from events.runtime import StoreNotFound, resolve_urls

    try:
        return resolve_urls(Settings.from_env())
    except StoreNotFound as exc:
        raise click.ClickException(str(exc)) from None


def _store() -> EventStore:
    return store_and_anchors()[0]


def _stderr():
    return sys.stderr  # looked up at call time (click's test runner swaps it)


def _match_or_fail(store, match_id: str) -> list[dict]:
    events = store.read(match_id)
    if not events:
        raise click.ClickException(f"match {match_id} has no events")
    return events


@click.command()
@click.option("--burst", is_flag=True, help="Stop when the queue is empty.")
@click.option("--queue", "queue_name", default=None, help="Queue name (default: $REFEREE_QUEUE "
              "or 'referee').")
@click.option("--fork/--no-fork", default=False, show_default=True,
              help="Fork a work horse per job (isolation) instead of running the short, "
                   "idempotent jobs in the worker process (about 10x less lag).")
def worker(burst: bool, queue_name: str | None, fork: bool) -> None:
    """Run an RQ worker (JSON serializer). Uses RQ_REDIS_URL/REDIS_URL, or the embedded
    Redis of a running `referee serve` with the same REFEREE_DATA_DIR."""
    from events.config import Settings
    from workers.runner import run_worker

    rq_url = _urls()[1]
    name = queue_name or Settings.from_env().queue_name
    before = _burst_progress(rq_url, name, None) if burst else None
    run_worker(rq_url, name, burst=burst, simple=not fork)
    if before is not None:
        _burst_progress(rq_url, name, before)


def _burst_progress(rq_url: str, queue_name: str, before: dict | None) -> dict:
    """`--burst` says, on stderr, what it found queued and what it did (stdout stays clean)."""
    import redis

    from events.jobqueue import queue_stats

    stats = queue_stats(redis.Redis.from_url(rq_url), queue_name)
    if not stats.get("ok"):
        return stats
    if before is None:
        click.echo(f"burst: {stats['queued']} job(s) queued on {queue_name}", err=True)
    else:
        done = stats["finished"] - before.get("finished", 0)
        failed = stats["failed"] - before.get("failed", 0)
        click.echo(f"burst done: {done} finished, {failed} failed, {stats['queued']} still queued, "
                   f"{stats['scheduled']} waiting for a retry", err=True)
    return stats


@click.command()
@click.argument("match_id", required=False)
@click.option("--all", "all_matches", is_flag=True, help="Audit every match.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per match.")
def audit(match_id: str | None, all_matches: bool, as_json: bool) -> None:
    """Re-check keyed hash chains against the anchors and replay matches, comparing every
    recorded state_hash. A log that fails its integrity check freezes its match. --all also
    audits matches only the anchors know (erased from Redis). Exits 1 when any match fails."""
    from events.keys import validate_match_id
    from projections.readmodels import all_match_ids

    if bool(match_id) == all_matches:
        raise click.UsageError("give a MATCH_ID or --all")
    if match_id:
        try:
            validate_match_id(match_id)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="MATCH_ID") from None
    store, anchors = store_and_anchors()
    if all_matches:
        ids = list(dict.fromkeys([*all_match_ids(store), *anchors.match_ids()]))
    else:
        ids = [match_id]
    results = _audit_each(store, anchors, ids)
    failed = [r for r in results if not (r["chain_ok"] and r["replay_ok"])]
    if as_json:
        for r in results:
            click.echo(json.dumps(r, sort_keys=True))
    else:
        _print_audit_table(results, failed)
    if failed:
        sys.exit(1)


def _audit_each(store: EventStore, anchors: AnchorLog, ids: list[str]) -> list[dict]:
    """``audit_match`` of each match (one that can't be found is a failed result)."""
    from events.errors import MatchNotFound
    from events.integrity import BY_CLI_AUDIT
    from projections.audit import audit_match

    results = []
    with click.progressbar(ids, label="auditing", file=_stderr(),
                           show_pos=True) as bar:
        for mid in bar:
            try:
                results.append(audit_match(store, mid, anchors, detected_by=BY_CLI_AUDIT))
            except (MatchNotFound, ValueError) as exc:  # ValueError: a key no match id fits
                results.append({"match_id": mid, "chain_ok": False, "replay_ok": False,
                                "first_bad_seq": None, "events": 0, "finding": None,
                                "frozen": None, "replay_error": "not found"
                                if isinstance(exc, MatchNotFound) else "not a match id"})
    return results


def _print_audit_table(results: list[dict], failed: list[dict]) -> None:
    width = max([len("match")] + [len(r["match_id"]) for r in results])
    click.echo(f"{'match':<{width}}  {'events':>6}  {'chain':<6} {'replay':<6} "
               f"{'first bad':>9}  note")
    for r in results:
        note = _note(r)
        click.echo(f"{r['match_id']:<{width}}  {r['events']:>6}  "
                   f"{'ok' if r['chain_ok'] else 'BAD':<6} "
                   f"{'ok' if r['replay_ok'] else 'BAD':<6} "
                   f"{'' if r['first_bad_seq'] is None else r['first_bad_seq']:>9}  "
                   f"{note[:80]}")
    click.echo(f"{len(results)} match(es) audited, {len(failed)} failed")


def _note(result: dict[str, object]) -> str:
    parts = []
    if result.get("finding"):
        parts.append(f"log {result['finding']}")
    if result.get("frozen"):
        parts.append("FROZEN")
    if result.get("replay_error"):
        parts.append(result["replay_error"])
    return "; ".join(parts)


@click.command()
@click.option("--step", type=int, default=None, help="Events per atomic step.")
def rebuild(step: int | None) -> None:
    """Drop and rebuild every read model from the logs (into a new epoch; readers keep the
    old models until the new set is complete)."""
    from projections.readmodels import all_match_ids, rebuild_read_models

    store = _store()
    ids = all_match_ids(store)
    started = time.monotonic()
    with click.progressbar(length=len(ids), label="rebuilding", file=_stderr(),
                           show_pos=True) as bar:
        result = rebuild_read_models(store, step=step, match_ids=ids,
                                     progress=lambda _mid, _res: bar.update(1))
    click.echo(f"rebuilt read models of {result['matches']} match(es), {result['events']} "
               f"events, into epoch {result['epoch']} in {time.monotonic() - started:.1f}s "
               f"({result['dropped_keys']} old keys emptied)")
    for mid, error in result["failed"].items():
        click.echo(f"FAILED {mid}: {error}", err=True)
    if result["failed"]:
        sys.exit(1)


@click.command()
@click.argument("match_id")
@click.option("--html", "as_html", is_flag=True, help="A self-contained HTML report instead "
              "of JSON Lines.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              default=None, help="Write here instead of stdout.")
def export(match_id: str, as_html: bool, output: str | None) -> None:
    """Export a match: its events as JSON Lines (default) or an HTML report."""
    from projections.report import iter_jsonl, render_html
    from workers.audit import audit_match

    store = _store()
    events = _match_or_fail(store, match_id)
    if as_html:
        text = render_html(match_id, events, audit=audit_match(store, match_id))
        chunks = [text]
    else:
        chunks = list(iter_jsonl(events))
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.writelines(chunks)
        click.echo(f"wrote {len(events)} events of match {match_id} to {output}", err=True)
    else:
        for chunk in chunks:
            click.echo(chunk, nl=False)


@click.command()
@click.argument("match_id")
@click.option("--upto", type=int, default=None, help="Stop after this seq.")
def replay(match_id: str, upto: int | None) -> None:
    """Print a match's narrated timeline (voided events marked)."""
    from projections.report import describe_event, narrated_timeline

    store = _store()
    events = _match_or_fail(store, match_id)
    timeline = narrated_timeline(events, upto)
    for entry in timeline["entries"]:
        mark = " [voided]" if entry["voided"] else ""
        who = entry["actor"].get("subject", "?")
        click.echo(f"#{entry['seq']:<5} {entry['type']}{mark}  ({who}, {entry['recorded_at']})")
        click.echo(f"       {describe_event(entry)}")
        for line in entry["narration"]:
            click.echo(f"       > {line}")
    if timeline["error"]:
        click.echo(f"the log could not be replayed: {timeline['error']}", err=True)
        sys.exit(1)


@click.command()
@click.option("--every", "every_seconds", type=float, default=None,
              help="Keep running, once every so many seconds.")
def reconcile(every_seconds: float | None) -> None:
    """Catch up read models and snapshots that lag their match's log (what a crash between
    an append and its jobs would leave behind), and re-verify every match's log (keyed chain
    and anchors), freezing any that fails."""
    from projections.readmodels import all_match_ids
    from workers.reconcile import reconcile as run

    store, anchors = store_and_anchors()
    while True:
        ids = list(dict.fromkeys([*all_match_ids(store), *anchors.match_ids()]))
        with click.progressbar(length=len(ids), label="reconciling", file=_stderr(),
                               show_pos=True) as bar:
            result = run(store, match_ids=ids, progress=lambda _mid: bar.update(1),
                         anchors=anchors)
        click.echo(f"{result['matches']} match(es): {len(result['read_models_caught_up'])} "
                   f"read model(s) caught up, {len(result['snapshots_taken'])} snapshot(s) "
                   f"taken, {len(result['integrity'])} log(s) failing their integrity check "
                   f"(frozen), {len(result['errors'])} error(s)")
        for mid, finding in result["integrity"].items():
            click.echo(f"FROZEN {mid}: {finding}", err=True)
        for mid, error in result["errors"].items():
            click.echo(f"FAILED {mid}: {error}", err=True)
        if every_seconds is None:
            if result["errors"] or result["integrity"]:
                sys.exit(1)
            return
        time.sleep(every_seconds)


COMMANDS = (worker, audit, rebuild, export, replay, reconcile)  # each named in setup.cfg
