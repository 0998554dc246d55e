"""The service's problem types (RFC 7807 `type`): each a URI reference, `/problems/<slug>`, that
resolves to a page of this service saying what the problem means and what to do about it
(GET /problems lists them). `about:blank` stays for a plain HTTP status."""
from __future__ import annotations

# slug -> (title, what it means and what to do)
PROBLEM_TYPES: dict[str, tuple[str, str]] = {
    "unauthenticated": ("No valid token",
                        "The request carried no bearer token, or one that is unknown, forged, expired or "
                        "revoked. Send `Authorization: Bearer <token>`; an admin or judge issues tokens."),
    "forbidden": ("Not allowed for this token",
                  "The token is valid but its role or seat may not do this (a player acting for the other "
                  "seat, a player asking for a judge's route). `detail` names what the route needs."),
    "validation": ("The request does not fit",
                   "A field is missing, of the wrong kind, out of range, nested too deep or holds a lone "
                   "surrogate. `errors` names each field and what is wrong with it. Nothing was stored."),
    "illegal-action": ("The rules refuse this action",
                       "The action is well formed but the game's rules refuse it now. `violations` gives each "
                       "rule id (RULES.md, TFG.md) with a sentence. Nothing was stored."),
    "deck-violations": ("The deck breaks the deck rules",
                        "A deck (or a figure team) breaks its ruleset's deck rules. `violations` lists every "
                        "rule broken, with the seat."),
    "stale-seq": ("Someone wrote first",
                  "`expected_seq` is not the match's last seq: another client appended first. Read the "
                  "match again and decide on the new state."),
    "idempotency-key-reused": ("Idempotency key reused for another request",
                               "This key was already used by this caller for a different request. Use a new "
                               "key for a new request; resend the same body to get the first answer."),
    "invalid-event": ("The event can't be stored",
                      "The event would not fit the match's log (its order, its kind or its contents)."),
    "match-exists": ("The match already exists", "A match with this id exists already."),
    "match-not-found": ("No such match", "No match with this id is known (nor to the anchors)."),
    "match-frozen": ("The match is frozen",
                     "The match's log failed an integrity check (a keyed hash chain, an anchor or a receipt "
                     "disagrees): writes are refused until a judge or an operator looks. `first_bad_seq` and "
                     "`finding` say where and what."),
    "stream-integrity": ("The stored log does not verify",
                         "A read found the stored log inconsistent with its hash chain."),
    "store-unavailable": ("The event store is unavailable",
                          "Redis can't be reached or refused the write; nothing was stored. Retry after the "
                          "`Retry-After` seconds."),
    "write-not-replicated": ("The write is not on a replica yet",
                             "The events were stored on the primary Redis, but fewer replicas than "
                             "REFEREE_REDIS_WAIT_REPLICAS asks had them in time: if the primary failed "
                             "now they could be lost. Retry after `Retry-After` seconds with the same "
                             "idempotency key (it gets the first answer), or re-read the match."),
    "dispute-state": ("The dispute can't go there",
                      "The dispute is not in a state that allows this step (a ruling on a closed dispute, "
                      "an appeal before a ruling)."),
    "no-deck-list": ("No deck list to check against", "The match was made from a sandbox position, "
                     "not from deck lists: a deck check compares the deck found with a list."),
    "clock": ("The round clock can't do that now", "The clock was started already, has not "
              "started, or is already paused or running: GET the match to see its clock."),
    "time": ("Time can't be called now", "The game is over, still being set up, or time was called already."),
    "engine-mismatch": ("Made under other rules",
                        "The match was created under another engine version or card encoding than the running "
                        "one, so it is not folded with these rules. `recorded_engine` and `running_engine` say "
                        "which; run the service version that made it."),
    "too-many-streams": ("Too many open streams",
                         "This token (or this match) already holds as many live streams as allowed. Close one, "
                         "or wait for one to end."),
}


def problem_uri(slug: str) -> str:
    assert slug in PROBLEM_TYPES, slug
    return f"/problems/{slug}"
