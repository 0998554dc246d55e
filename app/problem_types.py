"""The service's problem types (RFC 7807 `type`): each a URI reference, `/problems/<slug>`, that
resolves to a page of this service saying what the problem means and what to do about it
(GET /problems lists them). `about:blank` stays for a plain HTTP status."""
from __future__ import annotations

from projections.messages import msg

# slug -> (title, what it means and what to do): messages, served in the reader's language
PROBLEM_TYPES: dict[str, tuple[str, str]] = {
    "unauthenticated": (
        msg("No valid token"),
        msg("The request carried no bearer token, or one that is unknown, forged, expired or "
            "revoked. Send `Authorization: Bearer <token>`; an admin or judge issues tokens.")),
    "forbidden": (
        msg("Not allowed for this token"),
        msg("The token is valid but its role or seat may not do this (a player acting for the "
            "other seat, a player asking for a judge's route). `detail` names what the route "
            "needs.")),
    "validation": (
        msg("The request does not fit"),
        msg("A field is missing, of the wrong kind, out of range, nested too deep or holds a lone "
            "surrogate. `errors` names each field and what is wrong with it. Nothing was stored.")),
    "illegal-action": (
        msg("The rules refuse this action"),
        msg("The action is well formed but the game's rules refuse it now. `violations` gives "
            "each rule id (RULES.md, TFG.md) with a sentence. Nothing was stored.")),
    "deck-violations": (
        msg("The deck breaks the deck rules"),
        msg("A deck (or a figure team) breaks its ruleset's deck rules. `violations` lists every "
            "rule broken, with the seat.")),
    "stale-seq": (
        msg("Someone wrote first"),
        msg("`expected_seq` is not the match's last seq: another client appended first. Read the "
            "match again and decide on the new state.")),
    "idempotency-key-reused": (
        msg("Idempotency key reused for another request"),
        msg("This key was already used by this caller for a different request. Use a new key for "
            "a new request; resend the same body to get the first answer.")),
    "invalid-event": (
        msg("The event can't be stored"),
        msg("The event would not fit the match's log (its order, its kind or its contents).")),
    "match-exists": (
        msg("The match already exists"),
        msg("A match with this id exists already.")),
    "match-not-found": (
        msg("No such match"),
        msg("No match with this id is known (nor to the anchors).")),
    "match-frozen": (
        msg("The match is frozen"),
        msg("The match's log failed an integrity check (a keyed hash chain, an anchor or a "
            "receipt disagrees): writes are refused until a judge or an operator looks. "
            "`first_bad_seq` and `finding` say where and what.")),
    "decklists-frozen": (
        msg("The event's deck lists are frozen"),
        msg("The event's deck-list log failed an integrity check (its keyed hash chain or an "
            "anchor disagrees): its lists can't be trusted, so none is handed out for a match or "
            "a deck check and no more are registered until an operator looks. `first_bad_seq` "
            "and `finding` say where and what; `referee verify --event` reports it.")),
    "stream-integrity": (
        msg("The stored log does not verify"),
        msg("A read found the stored log inconsistent with its hash chain.")),
    "store-unavailable": (
        msg("The event store is unavailable"),
        msg("Redis can't be reached or refused the write; nothing was stored. Retry after the "
            "`Retry-After` seconds.")),
    "too-many-reads": (
        msg("Too many reads"),
        msg("This token made more expensive reads (states, events, timelines, legal actions, "
            "audits, the console's boards) than the service allows in a while. Nothing was "
            "read: retry after the `Retry-After` seconds, and read once per new event rather "
            "than in a loop.")),
    "write-not-replicated": (
        msg("The write is not on a replica yet"),
        msg("The write was not acknowledged: fewer replicas than the service waits for (on "
            "a Redis Cluster one, by default) confirmed it in time. It may or may not be "
            "durable: it is stored on the primary Redis, and lost if that fails before a "
            "replica has it. Retry after `Retry-After` seconds with the same idempotency key: "
            "that is safe (never applied twice) and gets the first answer once a replica has "
            "it; without a key, re-read the match first.")),
    "dispute-state": (
        msg("The dispute can't go there"),
        msg("The dispute is not in a state that allows this step (a ruling on a closed dispute, "
            "an appeal before a ruling).")),
    "too-many-open-disputes": (
        msg("Too many open disputes"),
        msg("The seat (or the match) already has as many disputes and appeals waiting for a judge "
            "as allowed: `scope` says which (seat or match), `limit` the cap, `seat` the seat. A "
            "judge rules on one first; nothing was stored. The caps are the settings "
            "REFEREE_OPEN_DISPUTES_PER_SEAT and REFEREE_OPEN_DISPUTES_PER_MATCH.")),
    "no-deck-list": (
        msg("No deck list to check against"),
        msg("The match was made from a sandbox position, not from deck lists: a deck check "
            "compares the deck found with a list.")),
    "clock": (
        msg("The round clock can't do that now"),
        msg("The clock was started already, has not started, or is already paused or running: GET "
            "the match to see its clock.")),
    "time": (
        msg("Time can't be called now"),
        msg("The game is over, still being set up, or time was called already.")),
    "engine-mismatch": (
        msg("Made under other rules"),
        msg("The match was created under another engine version or card encoding than the running "
            "one, so it is not folded with these rules. `recorded_engine` and `running_engine` "
            "say which; run the service version that made it.")),
    "too-many-streams": (
        msg("Too many open streams"),
        msg("This token (or this match) already holds as many live streams as allowed. Close one, "
            "or wait for one to end.")),
}


def problem_uri(slug: str) -> str:
    assert slug in PROBLEM_TYPES, slug
    return f"/problems/{slug}"
