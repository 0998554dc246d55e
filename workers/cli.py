"""``referee worker | audit | rebuild | export | replay | reconcile``: the job runner and the
operator's commands over the logs, read models and snapshots.

They join the ``referee`` group through the ``referee.commands`` entry-point group
(setup.cfg), which ``app/cli.py`` reads from the installed package's metadata: the web layer
never imports the workers. Heavy imports stay inside the commands so that ``referee serve``
starts as fast as before.

``replay``, ``audit`` and ``export --html`` write what people read in ``--lang`` (``en``,
``pt-BR``, ``es``), by default the language of the locale (``LC_ALL``, ``LC_MESSAGES``,
``LANG``: ``pt_BR.UTF-8`` is pt-BR; any other, English): the narration, the descriptions,
their own sentences. Ids, event types, JSON and the piped audit's ``ok``/``BAD`` columns are
the same in every language."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

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


def _is_tty(stream: Any) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class _Progress:
    """What ``_progress`` yields: ``update(n)`` after each match."""

    def __init__(self, bar: Any = None):
        self._bar = bar

    def update(self, steps: int = 1) -> None:
        if self._bar is not None:
            self._bar.update(steps)


@contextlib.contextmanager
def _progress(length: int, label: str) -> Iterator[_Progress]:
    """A progress bar on stderr when stderr is a terminal; nothing at all otherwise (not
    even the label click would print once): stdout never gets progress."""
    stream = _stderr()
    if not _is_tty(stream):
        yield _Progress()
        return
    with click.progressbar(length=length, label=label, file=stream, show_pos=True) as bar:
        yield _Progress(bar)


def _info(message: str) -> None:
    """A message for the person at the terminal: on stderr, never on stdout."""
    click.echo(message, err=True)


def _printable(text: object) -> str:
    """``text`` with every control or invisible formatting character escaped (``\\x1b``):
    what players and judges typed can't move the cursor or colour an operator's terminal,
    nor split a line of output in two."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


def _match_id(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """A MATCH_ID argument that can't name a match is a usage error (exit 2)."""
    from events.keys import validate_match_id

    if value is not None:
        try:
            validate_match_id(value)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None
    return value


def _language(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str:
    """``--lang``: a language served (en, pt-BR, es; any case, ``_`` or ``-``), else the
    locale's."""
    from projections.i18n import LANGUAGES, language_from_environment, language_of_tag

    if value is None:
        return language_from_environment(os.environ)
    found = language_of_tag(value)
    if found is None:
        raise click.BadParameter(f"{value!r} is none of {', '.join(LANGUAGES)}.")
    return found


def language_option(command: Any) -> Any:
    return click.option("--lang", "language", default=None, callback=_language, metavar="LANG",
                        help="The language of the text: en, pt-BR or es (default: the locale's, "
                             "LC_ALL / LC_MESSAGES / LANG; else en).")(command)


def _say(text: Any) -> str:
    """A message (``projections.messages.msg``) in the current language."""
    from projections.i18n import translate

    return translate(text)


def _match_or_fail(store, match_id: str) -> list[dict]:
    events = store.read(match_id)
    if not events:
        raise click.ClickException(f"match {match_id} has no events")
    return events


# A worker's jobs (snapshots, the chain check and its anchor, read models of a rewind) are
# behind the answers: the judges' queue is written with the append itself. On the cores the
# web workers use, a job that takes the CPU from a request shows in the request's p99; niced,
# the job waits instead (BENCHMARKS.md "Capacity": a 10-minute hall at 150 actions/s).
DEFAULT_WORKER_NICE = 10


def lower_priority(niceness: int) -> int:
    """Add ``niceness`` to this process's nice value (its work horses inherit it); the value now."""
    return os.nice(niceness)


# Set by `referee serve` for the workers it supervises (app/background_workers.py): its pid.
SUPERVISOR_PID_ENV = "REFEREE_SUPERVISOR_PID"
PARENT_CHECK_SECONDS = 1.0


def no_orphans(environ: Mapping[str, str] = os.environ) -> threading.Thread | None:
    """No orphans: what this worker forks ends with it, and a worker that `referee serve`
    started stops (SIGTERM to itself: RQ's warm shutdown) when that parent is gone. (On Linux
    the parent's death also sends SIGTERM; the watch is for where it can't, and for a parent
    that died before the child could ask.)"""
    from events.child_processes import die_with_parent

    # What this worker forks (RQ's scheduler process; with --fork, each work horse) ends
    # with it, even when it is killed with no time to stop them.
    os.register_at_fork(after_in_child=die_with_parent)
    text = environ.get(SUPERVISOR_PID_ENV)
    if not text or not text.isdigit():
        return None
    parent = int(text)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        _info(f"`referee serve` (pid {parent}) is gone: this worker stops")
        os.kill(os.getpid(), signal.SIGTERM)

    thread = threading.Thread(target=watch, name="supervisor-watch", daemon=True)
    thread.start()
    return thread


@click.command()
@click.option("--burst", is_flag=True, help="Stop when the queue is empty.")
@click.option("--queue", "queue_name", default=None, help="Queue name (default: $REFEREE_QUEUE "
              "or 'referee').")
@click.option("--fork/--no-fork", default=False, show_default=True,
              help="Fork a work horse per job (isolation) instead of running the short, "
                   "idempotent jobs in the worker process (about 10x less lag).")
@click.option("--nice", "niceness", type=click.IntRange(0, 19), default=DEFAULT_WORKER_NICE,
              show_default=True, help="Lower the worker's CPU priority by this much, so that on "
                                      "cores shared with `referee serve` a request comes before a "
                                      "background job (0: as started).")
def worker(burst: bool, queue_name: str | None, fork: bool, niceness: int) -> None:
    """Run an RQ worker (JSON serializer); it also calls time at every table whose round
    clock ran out. Uses RQ_REDIS_URL/REDIS_URL, or the embedded Redis of a running `referee
    serve` with the same REFEREE_DATA_DIR."""
    from rq import logutils

    lower_priority(niceness)
    no_orphans()

    from events.config import Settings
    from workers.runner import run_worker

    # RQ colours its log words when *stdout* is a terminal, but the logs go to stderr.
    logutils.colorizer.notty = not _is_tty(_stderr())
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
        _info(f"burst: {stats['queued']} job(s) queued on {queue_name}")
    else:
        done = stats["finished"] - before.get("finished", 0)
        failed = stats["failed"] - before.get("failed", 0)
        _info(f"burst done: {done} finished, {failed} failed, {stats['queued']} still queued, "
              f"{stats['scheduled']} waiting for a retry")
    return stats


@click.command()
@click.argument("match_id", required=False, callback=_match_id)
@click.option("--all", "all_matches", is_flag=True, help="Audit every match.")
@click.option("--event", "event_id", default=None, metavar="EVENT_ID",
              help="Audit this event's deck-list log.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per match.")
@language_option
def audit(match_id: str | None, all_matches: bool, event_id: str | None, as_json: bool,
          language: str) -> None:
    """Re-check keyed hash chains against the anchors and replay matches, comparing every
    recorded state_hash. A log that fails its integrity check freezes its match. --all also
    audits matches only the anchors know (erased from Redis), and every event's deck-list
    log (a row `decklists:<event_id>`; --event EVENT_ID: that one only), which freezes the
    same way. Exits 1 when any match or deck-list log fails.

    Prints a table on a terminal; piped, one tab-separated line per match (match, events,
    chain, replay, first bad seq, note), no header. The count goes to stderr."""
    from projections.messages import using_language

    with using_language(language):
        _audit(match_id, all_matches, as_json, event_id)


def _audit(match_id: str | None, all_matches: bool, as_json: bool,
           event_id: str | None = None) -> None:
    from projections.messages import msg, msg_n
    from projections.readmodels import all_match_ids

    if [bool(match_id), all_matches, event_id is not None].count(True) != 1:
        raise click.UsageError(_say(msg("give a MATCH_ID or --all")))
    store, anchors = store_and_anchors()
    if all_matches:
        ids = list(dict.fromkeys([*all_match_ids(store), *anchors.match_ids()]))
    else:
        ids = [match_id] if match_id else []
    results = _audit_each(store, anchors, ids)
    results += _audit_decklists(store, anchors, [event_id] if event_id else None)
    failed = [r for r in results if not (r["chain_ok"] and r["replay_ok"])]
    if as_json:
        for r in results:
            click.echo(json.dumps(r, sort_keys=True))
    elif _is_tty(sys.stdout):
        _print_audit_table(results)
    else:
        _print_audit_lines(results)
    # TRANSLATORS: English says "match(es)" in both forms; a language with plurals writes them.
    _info(_say(msg_n("%(num)s match(es) audited, %(failed)s failed",
                     "%(num)s match(es) audited, %(failed)s failed", len(results), failed=len(failed))))
    if failed:
        sys.exit(1)


def _audit_each(store: EventStore, anchors: AnchorLog, ids: list[str]) -> list[dict]:
    """``audit_match`` of each match (one that can't be found is a failed result)."""
    from events.errors import MatchNotFound
    from events.integrity import BY_CLI_AUDIT
    from projections.audit import audit_match

    results = []
    with _progress(len(ids), "auditing") as bar:
        for mid in ids:
            try:
                results.append(audit_match(store, mid, anchors, detected_by=BY_CLI_AUDIT))
            except (MatchNotFound, ValueError) as exc:  # ValueError: a key no match id fits
                results.append({"match_id": mid, "chain_ok": False, "replay_ok": False,
                                "first_bad_seq": None, "events": 0, "finding": None,
                                "frozen": None, "replay_error": "not found"
                                if isinstance(exc, MatchNotFound) else "not a match id"})
            bar.update(1)
    return results


def _audit_decklists(store: EventStore, anchors: AnchorLog, event_ids: list[str] | None
                     ) -> list[dict]:
    """The deck-list log of each event (None: every event), as audit rows named
    ``decklists:<event_id>`` (nothing to replay: ``replay_ok`` is true)."""
    from events.decklist_integrity import DeckListAnchors, all_event_ids, verify_decklists
    from events.decklists import validate_event_id
    from events.integrity import BY_CLI_AUDIT

    deck_anchors = DeckListAnchors.beside(anchors, store)
    if event_ids is None:
        event_ids = all_event_ids(store, deck_anchors)
    results = []
    for event_id in event_ids:
        try:
            validate_event_id(event_id)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--event") from None
        report = verify_decklists(store, deck_anchors, event_id, detected_by=BY_CLI_AUDIT)
        results.append({"match_id": report["log"], "kind": "decklists", "event_id": event_id,
                        "events": report["events"], "chain_ok": report["chain_ok"],
                        "replay_ok": True, "first_bad_seq": report["first_bad_seq"],
                        "finding": report["finding"], "frozen": report["frozen"],
                        "format": report["format"], "unchained": report["unchained"],
                        "anchored_seq": report["anchored_seq"],
                        **({} if report["known"] else {"replay_error": "not found"})})
        if not report["known"]:
            results[-1]["chain_ok"] = False
    return results


def _audit_fields(r: dict, words: bool = False) -> list[str]:
    """A match's columns; ``words``: ok/BAD in the current language (a terminal's table; a
    pipe keeps the tokens)."""
    ok, bad = ("ok", "BAD") if not words else (_say(_OK), _say(_BAD))
    return [_printable(r["match_id"]), str(r["events"]), ok if r["chain_ok"] else bad,
            ok if r["replay_ok"] else bad,
            "" if r["first_bad_seq"] is None else str(r["first_bad_seq"]), _printable(_note(r))]


def _print_audit_lines(results: list[dict]) -> None:
    """For a pipe: the fields of each match, tab-separated, in full."""
    for r in results:
        click.echo("\t".join(_audit_fields(r)))


def _print_audit_table(results: list[dict]) -> None:
    """For a terminal: aligned columns under a header, notes cut at 80 characters."""
    header = [_say(word) for word in _AUDIT_HEADER]
    rows = [_audit_fields(r, words=True) for r in results]
    widths = [max([least, len(header[n])] + [len(row[n]) for row in rows])
              for n, least in enumerate((0, 6, 6, 6, 9))]
    for cells in [header, *rows]:
        match_id, events, chain, replayed, first_bad, note = cells
        click.echo(f"{match_id:<{widths[0]}}  {events:>{widths[1]}}  {chain:<{widths[2]}} "
                   f"{replayed:<{widths[3]}} {first_bad:>{widths[4]}}  {note[:80]}")


def _messages() -> tuple[Any, ...]:
    from projections.messages import msg

    # TRANSLATORS: the columns of `referee audit`'s table: a match, its events, whether its
    # hash chain and its replay are ok, the first bad seq, a note.
    header = (msg("match"), msg("events"), msg("chain"), msg("replay"), msg("first bad"), msg("note"))
    # TRANSLATORS: an audit's verdict on a hash chain or a replay.
    return header, msg("ok"), msg("BAD")


_AUDIT_HEADER, _OK, _BAD = _messages()


def _note(result: dict[str, object]) -> str:
    from projections.messages import joined, msg

    parts: list[Any] = []
    if result.get("unchained"):
        from events.decklist_integrity import LOG_FORMAT

        # TRANSLATORS: deck lists stored before the chained deck-list log of version N.
        parts.append(msg("%(num)s unchained (registered before deck-list log v%(version)s)",
                         num=result["unchained"], version=LOG_FORMAT))
    if result.get("finding"):
        parts.append(msg("log %(finding)s", finding=result["finding"]))
    if result.get("frozen"):
        parts.append(msg("FROZEN"))
    if result.get("replay_error"):
        error = result["replay_error"]
        parts.append({"not found": msg("not found"), "not a match id": msg("not a match id")}.get(
            error, error) if isinstance(error, str) else error)
    return _say(joined(parts, "; "))


@click.command()
@click.option("--step", type=int, default=None, help="Events per atomic step.")
def rebuild(step: int | None) -> None:
    """Drop and rebuild every read model from the logs (into a new epoch; readers keep the
    old models until the new set is complete). Prints nothing on stdout; says what it did
    on stderr. Exits 1 when a match fails."""
    from projections.readmodels import all_match_ids, rebuild_read_models

    store = _store()
    ids = all_match_ids(store)
    started = time.monotonic()
    with _progress(len(ids), "rebuilding") as bar:
        result = rebuild_read_models(store, step=step, match_ids=ids,
                                     progress=lambda _mid, _res: bar.update(1))
    _info(f"rebuilt read models of {result['matches']} match(es), {result['events']} "
          f"events, into epoch {result['epoch']} in {time.monotonic() - started:.1f}s "
          f"({result['dropped_keys']} old keys emptied)")
    for mid, error in result["failed"].items():
        _info(f"FAILED {_printable(mid)}: {_printable(error)}")
    if result["failed"]:
        sys.exit(1)


@click.command()
@click.argument("match_id", callback=_match_id)
@click.option("--html", "as_html", is_flag=True, help="A self-contained HTML report instead "
              "of JSON Lines.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              default=None, help="Write here instead of stdout.")
@click.option("--tz", "time_zone", default=None, metavar="ZONE",
              help="The report's times in this time zone (an IANA name, e.g. America/Sao_Paulo; "
                   "default UTC).")
@language_option
def export(match_id: str, as_html: bool, output: str | None, time_zone: str | None, language: str) -> None:
    """Export a match: its events as JSON Lines (default) or an HTML report (in --lang)."""
    from projections.local_time import UnknownTimeZone
    from projections.local_time import time_zone as zone_named
    from projections.messages import using_language

    try:
        zone_named(time_zone)
    except UnknownTimeZone:
        raise click.BadParameter(f"{time_zone!r} is not a time zone of the tz database", param_hint="--tz") \
            from None
    with using_language(language):
        _export(match_id, as_html, output, time_zone)


def _export(match_id: str, as_html: bool, output: str | None, time_zone: str | None = None) -> None:
    from projections.report import iter_jsonl, render_html
    from workers.audit import audit_match

    store = _store()
    events = _match_or_fail(store, match_id)
    if as_html:
        text = render_html(match_id, events, audit=audit_match(store, match_id), time_zone=time_zone)
        chunks = [text]
    else:
        chunks = list(iter_jsonl(events))
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.writelines(chunks)
        _info(f"wrote {len(events)} events of match {match_id} to {output}")
    else:
        for chunk in chunks:  # byte for byte what -o writes (color=True: nothing stripped)
            click.echo(chunk, nl=False, color=True)


@click.command()
@click.argument("match_id", callback=_match_id)
@click.option("--upto", type=int, default=None, help="Stop after this seq.")
@language_option
def replay(match_id: str, upto: int | None, language: str) -> None:
    """Print a match's narrated timeline (voided events marked; control characters in what
    people typed escaped), in --lang. Exits 1 when the log can't be replayed to its end."""
    from projections.messages import using_language

    with using_language(language):
        _replay(match_id, upto)


def _replay(match_id: str, upto: int | None) -> None:
    from projections.messages import msg
    from projections.report import describe_event, narrated_timeline

    store = _store()
    events = _match_or_fail(store, match_id)
    timeline = narrated_timeline(events, upto)
    voided = _say(msg("[voided]"))
    for entry in timeline["entries"]:
        mark = f" {voided}" if entry["voided"] else ""
        who = _printable(entry["actor"].get("subject", "?"))
        click.echo(f"#{entry['seq']:<5} {_printable(entry['type'])}{mark}  "
                   f"({who}, {_printable(entry['recorded_at'])})")
        click.echo(f"       {_printable(_say(describe_event(entry)))}")
        for line in entry["narration"]:
            click.echo(f"       > {_printable(_say(line))}")
    if timeline["error"]:
        _info(_say(msg("the log could not be replayed: %(error)s", error=_printable(timeline["error"]))))
        sys.exit(1)


@click.command()
@click.option("--every", "every_seconds", type=float, default=None,
              help="Keep running, once every so many seconds.")
def reconcile(every_seconds: float | None) -> None:
    """Catch up read models and snapshots that lag their match's log (what a crash between
    an append and its jobs would leave behind), and re-verify every match's log (keyed chain
    and anchors), freezing any that fails; then call time at every table whose round clock
    ran out (as a worker does). Prints nothing on stdout; says what it did on
    stderr. Without --every, exits 1 when a log fails or a match could not be caught up."""
    from projections.readmodels import all_match_ids
    from workers.reconcile import reconcile as run

    store, anchors = store_and_anchors()
    while True:
        ids = list(dict.fromkeys([*all_match_ids(store), *anchors.match_ids()]))
        with _progress(len(ids), "reconciling") as bar:
            result = run(store, match_ids=ids, progress=lambda _mid: bar.update(1),
                         anchors=anchors)
        _info(f"{result['matches']} match(es): {len(result['read_models_caught_up'])} "
              f"read model(s) caught up, {len(result['snapshots_taken'])} snapshot(s) "
              f"taken, {len(result['integrity'])} log(s) failing their integrity check "
              f"(frozen), {len(result['errors'])} error(s)")
        for mid, finding in result["integrity"].items():
            _info(f"FROZEN {_printable(mid)}: {_printable(finding)}")
        for mid, error in result["errors"].items():
            _info(f"FAILED {_printable(mid)}: {_printable(error)}")
        for mid, ahead in result["read_models_ahead"].items():
            _info(f"AHEAD {_printable(mid)}: read model at seq {ahead['checkpoint']}, log head "
                  f"{ahead['head']}")
        for mid in result["time_called"]:
            _info(f"TIME CALLED {_printable(mid)}: its round clock ran out")
        if result["read_models_rebuilt"]:
            _info("every read model rebuilt from the logs (some were ahead of them)")
        if every_seconds is None:
            if result["errors"] or result["integrity"]:
                sys.exit(1)
            return
        time.sleep(every_seconds)


COMMANDS = (worker, audit, rebuild, export, replay, reconcile)  # each named in setup.cfg
