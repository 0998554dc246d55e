"""What a reader may see: the per-role filter applied at the API's edge.

The engine always knows everything. Judges and scorekeepers read it all; a player reads
only what the physical game would show it, through every text it receives: states through
``game.view``; events, narration, refusals, legal actions and previews with every instance
it can't see replaced by ``"hidden"`` (with the card id beside it), every card named in a
text written for that reader (``projections.text``: "a hidden card", every text in the
request's language), and the event payload
filtered by the game (``game.player_payload``: no randomness records, no instance numbering,
the opponent's deck list as a size).

Which instances are hidden depends on when the reader looks:

* a state, a refusal, the legal actions: what the player can't see in that state
  (``game.hidden_instances``);
* a committed event (its payload and narration, in the action's answer, the events, the
  timeline and the stream): what the player could see neither before nor after the event,
  less what the event itself showed it (the grants in its narration: Lass shows both hands).
  So an opponent's search stays hidden even once the card is played, and the card a
  player drew is its own;
* a preview (a dry run commits nothing, so it reveals nothing): what the player can't see
  before the action, grants ignored — so neither the cards it would draw or search nor a
  hand it would show are named.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from events.codec import canonical_json
from projections.messages import msg
from projections.replay import game_of, voided_seqs, walk
from projections.text import for_judges_only, grants, render

HIDDEN = "hidden"


@dataclass(frozen=True)
class Reader:
    role: str            # "judge", "scorekeeper" or "player" (the view role)
    seat: int | None = None

    @property
    def full(self) -> bool:
        return self.role in ("judge", "scorekeeper")

    @property
    def reporter(self) -> int | None:
        """The seat whose knowledge a game decides this reader's actions and questions on (a
        player's), None for a reader who sees everything (``Game.decide``'s ``reporter``)."""
        return None if self.full else self.seat


JUDGE = Reader("judge")


def reader_of(principal: Any) -> Reader:
    return Reader(principal.view_role, None if principal.full_view else principal.seat)


def view(game: Any, state: Any, reader: Reader) -> dict[str, Any]:
    return game.view(state, reader.role, reader.seat)


def _hidden(game: Any, state: Any, seat: int | None) -> set[str]:
    if state is None:
        return set()
    if seat is None:  # a reader of no seat and no full view (an admin): what neither player sees
        return set(game.hidden_instances(state, 0)) | set(game.hidden_instances(state, 1))
    return set(game.hidden_instances(state, seat))


class Redactor:
    """Writes a value out for one reader: card references in texts rendered (a hidden one as
    "a hidden card"), hidden instance ids replaced by ``"hidden"`` anywhere (whole strings,
    dict keys, ids inside texts), and a hidden card's ``card`` and ``name`` next to its
    ``instance``."""

    def __init__(self, hidden: Iterable[str] = (), seat: int | None = None,
                 honour_grants: bool = True):
        self.hidden = frozenset(hidden)
        self.seat = seat
        self.honour_grants = honour_grants
        if self.hidden:
            import re

            longest_first = sorted(self.hidden, key=len, reverse=True)
            alternatives = "|".join(re.escape(h) for h in longest_first)
            self._pattern: Any = re.compile(rf"(?<![\w:])(?:{alternatives})(?![\w:])")
        else:
            self._pattern = None

    def text(self, value: str) -> str:
        value = render(value, self.hidden, self.seat, self.honour_grants)
        if self._pattern is None:
            return value
        if value in self.hidden:
            return HIDDEN
        return self._pattern.sub(HIDDEN, value)

    def __call__(self, obj: Any) -> Any:
        if isinstance(obj, str):
            return self.text(obj)
        if isinstance(obj, list):
            return [self(item) for item in obj]
        if isinstance(obj, dict):
            hidden_card = obj.get("instance") in self.hidden
            out = {}
            for key, value in obj.items():
                if hidden_card and key in ("card", "name"):      # a hidden card's id and name
                    out[key] = HIDDEN
                else:
                    out[self.text(key) if isinstance(key, str) else key] = self(value)
            return out
        return obj

    def lines(self, lines: Iterable[str]) -> list[str]:
        """Narration for this reader: a line marked for judges only is left out for anyone
        who does not see everything (``projections.text.judges_only``)."""
        if self is FULL:
            return [self.text(line) for line in lines]
        return [self.text(line) for line in lines if not for_judges_only(line)]


FULL = Redactor()   # a judge's or scorekeeper's: texts rendered, nothing hidden


def redactor_for(game: Any, state: Any, reader: Reader) -> Redactor:
    """For what ``reader`` sees in ``state`` (a state, a refusal, legal actions)."""
    if reader.full:
        return FULL
    return Redactor(_hidden(game, state, reader.seat), reader.seat)


def event_redactor(game: Any, before: Any, after: Any, reader: Reader,
                   lines: Iterable[str] = ()) -> Redactor:
    """For a committed event between ``before`` and ``after`` with narration ``lines``."""
    if reader.full:
        return FULL
    seat = reader.seat
    hidden = _hidden(game, after, seat)
    if before is not None:
        hidden &= _hidden(game, before, seat)
    return Redactor(hidden - grants(lines, seat), seat)


def preview_redactor(game: Any, before: Any, reader: Reader) -> Redactor:
    """For a dry run from ``before``: nothing the reader can't see there is shown, whatever
    the action would show or move (grants are ignored)."""
    if reader.full:
        return FULL
    return Redactor(_hidden(game, before, reader.seat), reader.seat, honour_grants=False)


def filter_event(game: Any, event: dict[str, Any], reader: Reader,
                 redactor: Redactor) -> dict[str, Any]:
    """A stored event as ``reader`` may see it. The envelope (seq, hashes, actor) is kept;
    for a player the payload is filtered, so its ``hash`` covers the stored payload."""
    if reader.full:
        return event
    out = {k: v for k, v in event.items() if k != "state_hash"}  # see game views: no hashes
    payload = game.player_payload(event.get("type"), event.get("payload") or {}, reader.seat)
    if event.get("type") == "DeckChecked" and payload.get("seat") != reader.seat:
        # which cards of the opponent's deck differ from its list would tell that deck
        payload = {k: v for k, v in payload.items() if k not in ("missing", "extra")}
    out["payload"] = redactor(without_judges_notes(payload))
    return out


def without_judges_notes(record: dict[str, Any]) -> dict[str, Any]:
    """A judge's free-text ``notes`` (on a ruling, a penalty, a deck check...) are for judges:
    they may name a hidden card ("Beto holds Computer Search"), and no filter can read free
    text for hidden cards, so a player never gets them (the narration never quotes them)."""
    out = {k: v for k, v in record.items() if k != "notes"}
    for key in ("penalty", "ruling", "appeal_decision"):
        if isinstance(out.get(key), dict):
            out[key] = without_judges_notes(out[key])
    return out


def seen_disputes(records: Iterable[dict[str, Any]], reader: Reader) -> list[dict[str, Any]]:
    """Dispute records (``projections.disputes``) as ``reader`` may read them: for a player,
    without the judges' notes on the ruling and the appeal decision (the one judge-only
    part of a record: the claim, the appeal's reason and the decisions are the table's)."""
    return list(records) if reader.full else [without_judges_notes(r) for r in records]


def hidden_names(game: Any, state: Any, reader: Reader, value: Any) -> set[str]:
    """The instances ``reader`` can't see that ``value`` (an action) names anywhere."""
    if reader.full:
        return set()
    hidden = _hidden(game, state, reader.seat)
    named: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in hidden:
                named.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return named


# A refusal that describes a seat's hidden cards (table mode: where the referee located the
# copies of a card) reads like this to anyone else who is not a judge (in English; the reader
# reads it in their language: filter_violations).
PRIVATE_REFUSAL = ("This report does not fit what the log already holds of Seat {seat}'s cards "
                   "(a judge can see the conflict).")


def filter_violations(violations: list[dict[str, Any]], redactor: Redactor) -> list[dict]:
    out = []
    for violation in violations:
        v = dict(violation)
        private_to = v.pop("private_to", None)
        if private_to is not None and redactor is not FULL and redactor.seat != private_to:
            v["message"] = msg("This report does not fit what the log already holds of Seat "
                               "%(seat)s's cards (a judge can see the conflict).", seat=private_to)
        out.append(redactor(v))
    return out


def seen_events(game: Any, steps: Iterable[Any], reader: Reader,
                voided: set[int] | None = None) -> list[dict[str, Any]]:
    """Each step of ``projections.replay.walk`` as ``reader`` saw it at the time: the event
    filtered, with its ``narration`` (and ``voided`` when ``voided`` is given)."""
    out = []
    for step in steps:
        redactor = event_redactor(game, step.before, step.after, reader, step.lines)
        entry = {**filter_event(game, step.event, reader, redactor),
                 "narration": redactor.lines(step.lines)}
        if voided is not None:
            entry["voided"] = step.event["seq"] in voided
        out.append(entry)
    return out


def seen_timeline(stored: list[dict[str, Any]], reader: Reader) -> list[dict[str, Any]]:
    """A match's stored events narrated for ``reader``, voided ones marked (the timeline)."""
    return seen_events(game_of(stored), walk(stored), reader, voided=voided_seqs(stored))


def listed_legal_actions(game: Any, state: Any, seat: int, reader: Reader) -> list[dict[str, Any]]:
    """Every legal action for ``seat`` as ``reader`` may read it, each with its ``label`` and
    the ``names`` of the cards it names; two actions that read alike (two hidden cards) are
    listed once."""
    redactor = redactor_for(game, state, reader)
    seen: set[str] = set()
    listed = []
    for action in game.legal_actions(state, seat, reader.reporter):
        described = game.describe_action(state, action)
        shown = redactor(action)
        text = canonical_json(shown)
        if text in seen:
            continue
        seen.add(text)
        listed.append({**shown, "label": redactor.text(described["label"]),
                       "names": {i: n for i, n in described["names"].items()
                                 if i not in redactor.hidden}})
    return listed
