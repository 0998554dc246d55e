"""Judge events in words: one line per judge event, for players and spectators, for any game.

A dispute, a ruling (its decision, remedy and penalty), an appeal and its decision, a
penalty, a time call, the round clock (started, paused, resumed, extended), a rewind (its
reason, whether the decks were reshuffled) and a judge's look at a hidden zone each get one
line, written here once and put by ``projections.replay.apply_one`` before the game's own
lines for the event (a Prize penalty's effect, the decks shuffled after a rewind). So the
timeline, the stream, a write's answer, ``referee replay`` and the HTML report all read the
same words. A line names the
judge (the event's ``actor.subject``; "A judge" where the event has no actor yet, as in a
write's answer), the seats as the engines do ("Seat 0 (Ana)"), and ends with the rule it
applies in brackets ("[J-PENALTY-1]"; a ruling with a rewind and a penalty: "[J-REPAIR-1,
J-PENALTY-1]").

**What a line may hold.** One line is written for every reader; the edge renders it per
reader (``app/visibility.py``: card references, hidden instance ids), and a line has no way
to show a piece of free text to judges only. So:

* No card of a hidden zone is named. A judge's look at a hand, the Prize cards or a deck
  (``CardsRevealed``) says whose zone, how many cards and that they fit the log, never which
  cards (the game's own line after it names them as references: "a hidden card" for a player
  who may not see them).
* Free text typed for the table is quoted: a dispute's ``claim``, an appeal's ``reason``, the
  ``reason`` of a rewind, a clock pause or a time extension (both players read claims in the
  match's disputes anyway).
* A judge's ``notes`` (on a ruling, an appeal decision, a penalty, a time call, a reveal) are
  **never** narrated, to any reader: they are the judge's record, they may describe hidden
  cards ("two Charizard left in the deck"), and nothing here could keep them from a player.
  Judges read them in the event's payload, the disputes list and the report.

Penalties read as the guidelines print them (``projections.penalties``: "Seat 0 (Ana) gets
a Warning for Game Play Error (Minor)").

**upheld / overturned** (``DECISION_MEANING``): the decision says whether what the judge
was asked to review stands. A ruling reviews the dispute's claim, an appeal decision
reviews the ruling.

To narrate a new judge event type, add a function ``(payload, Scene) -> str`` to
``NARRATORS`` under the event type (and its rule to the line's end).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .clock import CLOCK_ACTOR
from .disputes import players_of
from .messages import joined, msg, msg_n
from .penalties import infraction_label, level_label

Event = Mapping[str, Any]

DECISION_MEANING = (
    "`upheld`: what the judge was asked to review stands; `overturned`: it does not. A ruling "
    "(`RulingIssued`) reviews the dispute's claim: `upheld` accepts the claim, `overturned` "
    "rejects it. An appeal decision (`AppealDecided`) reviews the ruling: `upheld` leaves the "
    "ruling as it is (no remedy, no penalty), `overturned` reverses it and the head judge's "
    "remedy and penalty apply. The word itself changes nothing on the board: the remedy "
    "(a rewind) and the penalty given with it do.")
UPHELD_MEANS = {"RulingIssued": msg("the claim is accepted"),
                "AppealDecided": msg("the ruling stands")}
OVERTURNED_MEANS = {"RulingIssued": msg("the claim is rejected"),
                    "AppealDecided": msg("the ruling is reversed")}
DECISION_WORDS = {"upheld": msg("upheld"), "overturned": msg("overturned")}

ZONE_NAMES = {"hand": msg("hand"), "prizes": msg("Prize cards"), "deck": msg("deck"),
              "discard": msg("discard pile")}
DECIDE_BY = {"prizes": msg("the player with fewer Prize cards left wins")}
TIES = {"sudden_death": msg("a tie goes to Sudden Death"), "draw": msg("a tie is a draw")}
MAX_QUOTE = 160     # characters of a claim or a reason quoted in a line


def _words(machine_id: Any) -> str:
    return " ".join(w.capitalize() for w in str(machine_id).split("_") if w)


def level_name(level: Any) -> str:
    """The guidelines' name of a penalty level ("Warning", "Double Prize Card penalty"); an
    id the table doesn't have reads as its words."""
    label = level_label(level) or _words(level)
    return msg("%(level)s penalty", level=label) if label.endswith(" Card") else label


def infraction_name(infraction: Any) -> str:
    """The guidelines' name of an infraction: "Game Play Error (Minor)"."""
    return infraction_label(infraction) or _words(infraction)


def _an(word: str) -> bool:
    """English writes "an" before this word (the sentences with "a"/"an" are two messages)."""
    return word[:1].lower() in "aeiou"


def quote(text: Any) -> str:
    """Free text as a line quotes it: one line, at most ``MAX_QUOTE`` characters."""
    one_line = " ".join(str(text or "").split())
    if len(one_line) > MAX_QUOTE:
        one_line = one_line[:MAX_QUOTE - 1].rstrip() + "…"
    return f"“{one_line}”"


def _ruled(line: str, rules: str) -> str:
    """A line and the rules it applies ("[J-PENALTY-1]"): the rule ids are not translated."""
    return joined((line, rules), " ")


def _names_from_state(state: Any) -> list[str | None]:
    """The players' names as a game state holds them (the card game's seats, the figure
    game's players), for an event folded without its match's MatchCreated (a write's plan)."""
    players = getattr(state, "players", None)
    if isinstance(players, list) and all(isinstance(p, str) for p in players):
        return list(players)
    return [getattr(seat, "name", None) for seat in getattr(state, "seats", None) or []]


@dataclass(frozen=True)
class Scene:
    """What a line may name beside its event: the actor, the players, the match's history
    (a ruling's dispute)."""

    event: Event
    players: Sequence[str | None]
    history: Sequence[Event]

    def seat(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.players) and self.players[seat]:
            return msg("Seat %(n)s (%(name)s)", n=seat, name=self.players[seat])
        return msg("Seat %(n)s", n=str(seat))

    def actor(self, title: str = "Judge") -> str:
        """Who acted: a judge's subject ("Judge Judy"; "Judge " put before a bare name), the
        scorekeeper, or "A judge" when the event has no actor (a write's plan). ``title``:
        "Judge" or "Head Judge"."""
        head = title == "Head Judge"
        actor = self.event.get("actor") or {}
        subject = " ".join(str(actor.get("subject") or "").split())
        role = actor.get("role")
        if role == "scorekeeper":
            return msg("The scorekeeper")
        if actor == CLOCK_ACTOR:
            # TRANSLATORS: who calls time when a table's round clock runs out (J-TIME-1).
            return msg("The round clock")
        if not subject:
            return msg("A head judge") if head else msg("A judge")
        if role in (None, "judge") and "judge" not in subject.lower():
            return msg("Head Judge %(name)s", name=subject) if head else msg("Judge %(name)s", name=subject)
        return subject

    def opened(self, dispute_id: Any) -> Mapping[str, Any] | None:
        """The DisputeOpened payload of ``dispute_id`` in the history."""
        for event in reversed(self.history):
            if event.get("type") == "DisputeOpened" and \
                    (event.get("payload") or {}).get("dispute_id") == dispute_id:
                return event.get("payload") or {}
        return None

    def dispute(self, dispute_id: Any) -> str:
        """"the dispute about seq 12 (“Energy attached twice”)"."""
        opened = self.opened(dispute_id)
        if opened is None:
            return msg("dispute %(dispute)s", dispute=str(dispute_id))
        return msg("the dispute about seq %(seq)s (%(claim)s)", seq=str(opened.get("about_seq")),
                   claim=quote(opened.get("claim")))


# ---------------------------------------------------------------------- the parts of a line

def penalty_words(scene: Scene, penalty: Mapping[str, Any]) -> str:
    """"Seat 0 (Ana) gets a Warning for Game Play Error (Minor)"."""
    level = level_name(penalty.get("level", ""))
    seat, infraction = scene.seat(penalty.get("seat")), infraction_name(penalty.get("infraction", ""))
    if _an(level):
        return msg("%(seat)s gets an %(level)s for %(infraction)s", seat=seat, level=level, infraction=infraction)
    return msg("%(seat)s gets a %(level)s for %(infraction)s", seat=seat, level=level, infraction=infraction)


def reshuffle_words(reshuffle: bool, seats: Sequence[Any] | None) -> str:
    if not reshuffle:
        return msg("decks not reshuffled")
    if seats is not None and not seats:
        return msg("decks to be reshuffled, but nobody drew since")
    return msg("the decks of the players who drew since are reshuffled")


def remedy_words(payload: Mapping[str, Any]) -> str | None:
    remedy = payload.get("remedy") or {}
    if remedy.get("rewind_to") is None:
        return None
    return msg("the game goes back to seq %(seq)s, %(reshuffle)s", seq=str(remedy["rewind_to"]),
               reshuffle=reshuffle_words(bool(remedy.get("reshuffle")), payload.get("reshuffled_seats")))


def _decision(kind: str, payload: Mapping[str, Any], scene: Scene) -> list[str]:
    """The decision word, what it means, then the remedy and the penalty."""
    decision = payload.get("decision")
    means = (UPHELD_MEANS if decision == "upheld" else OVERTURNED_MEANS).get(kind)
    word = DECISION_WORDS.get(str(decision)) or str(decision)
    parts = [joined((word, means), " — ") if means else word]
    remedy = remedy_words(payload)
    if remedy:
        parts.append(remedy)
    if payload.get("penalty"):
        parts.append(penalty_words(scene, payload["penalty"]))
    ruling_stands = kind == "AppealDecided" and decision == "upheld"
    if not remedy and not payload.get("penalty") and not ruling_stands:
        parts.append(msg("the board stays as it is"))
    return parts


# ---------------------------------------------------------------------- one line per event type

def _dispute_opened(p: Mapping[str, Any], scene: Scene) -> str:
    who = scene.seat(p.get("seat")) if p.get("seat") is not None else scene.actor()
    return _ruled(msg("%(who)s disputes seq %(seq)s: %(claim)s; a judge will rule on it.", who=who,
                      seq=str(p.get("about_seq")), claim=quote(p.get("claim"))), "[J-APPEAL-1]")


def _rules(p: Mapping[str, Any], *first: str) -> str:
    """The rules a decision applies: the appeal's, a remedy's (J-REPAIR-1), a penalty's."""
    rules = [*first, *(["J-REPAIR-1"] if remedy_words(p) else []),
             *(["J-PENALTY-1"] if p.get("penalty") else [])]
    return f"[{', '.join(rules or ['J-APPEAL-1'])}]"


def _ruling(p: Mapping[str, Any], scene: Scene) -> str:
    return _ruled(msg("%(judge)s rules on %(dispute)s: %(decision)s.", judge=scene.actor(),
                      dispute=scene.dispute(p.get("dispute_id")),
                      decision=joined(_decision("RulingIssued", p, scene), "; ")), _rules(p))


def _appeal_filed(p: Mapping[str, Any], scene: Scene) -> str:
    who = scene.seat(p.get("seat")) if p.get("seat") is not None else scene.actor()
    return _ruled(msg("%(who)s appeals the ruling on %(dispute)s to the head judge: %(reason)s.", who=who,
                      dispute=scene.dispute(p.get("dispute_id")), reason=quote(p.get("reason"))), "[J-APPEAL-1]")


def _appeal_decided(p: Mapping[str, Any], scene: Scene) -> str:
    return _ruled(msg("%(judge)s decides the appeal on %(dispute)s: %(decision)s. This decision is final.",
                      judge=scene.actor("Head Judge"), dispute=scene.dispute(p.get("dispute_id")),
                      decision=joined(_decision("AppealDecided", p, scene), "; ")), _rules(p, "J-APPEAL-1"))


def _penalty(p: Mapping[str, Any], scene: Scene) -> str:
    level = level_name(p.get("level", ""))
    values = {"judge": scene.actor(), "seat": scene.seat(p.get("seat")), "level": level,
              "infraction": infraction_name(p.get("infraction", ""))}
    if p.get("dispute_id"):
        dispute = scene.dispute(p["dispute_id"])
        line = (msg("%(judge)s gives %(seat)s an %(level)s for %(infraction)s (in %(dispute)s).", dispute=dispute,
                    **values) if _an(level)
                else msg("%(judge)s gives %(seat)s a %(level)s for %(infraction)s (in %(dispute)s).", dispute=dispute,
                         **values))
    else:
        line = (msg("%(judge)s gives %(seat)s an %(level)s for %(infraction)s.", **values) if _an(level)
                else msg("%(judge)s gives %(seat)s a %(level)s for %(infraction)s.", **values))
    return _ruled(line, "[J-PENALTY-1]")


def _time_called(p: Mapping[str, Any], scene: Scene) -> str:
    decide = DECIDE_BY.get(p.get("decide_by", "prizes")) or msg("decided by %(how)s", how=str(p.get("decide_by")))
    tie = TIES.get(p.get("tie", "sudden_death")) or msg("a tie: %(tie)s", tie=str(p.get("tie")))
    return _ruled(msg("%(judge)s calls time: if the game is not over when the extra turns end, %(decide)s, and "
                      "%(tie)s.", judge=scene.actor(), decide=decide, tie=tie), "[J-TIME-1]")


def _rewound(p: Mapping[str, Any], scene: Scene) -> str:
    return _ruled(msg("%(judge)s rewinds the game to seq %(seq)s (%(reason)s); %(reshuffle)s.", judge=scene.actor(),
                      seq=str(p.get("to_seq")), reason=quote(p.get("reason")),
                      reshuffle=reshuffle_words(bool(p.get("reshuffle")), p.get("reshuffled_seats"))),
                  "[J-REPAIR-1]")


def _cards_revealed(p: Mapping[str, Any], scene: Scene) -> str:
    cards = list(p.get("cards") or [])
    looked = sum(1 for c in cards if c is not None)
    zone = p.get("zone", "")
    if zone == "deck":
        count = (msg_n("the top %(num)s cards", "the top %(num)s cards", len(cards)) if looked == len(cards)
                 else msg_n("%(looked)s of the top %(num)s cards", "%(looked)s of the top %(num)s cards", len(cards),
                            looked=looked))
    else:
        count = msg_n("%(num)s card", "%(num)s cards", len(cards))
    return _ruled(msg("%(judge)s checks %(seat)s's %(zone)s (%(count)s): they fit what the log holds.",
                      judge=scene.actor(), seat=scene.seat(p.get("seat")), zone=ZONE_NAMES.get(zone, zone),
                      count=count), "[R-TABLE-1]")


def _minutes(n: Any) -> str:
    count = 1 if n == 1 else n if isinstance(n, int) else 2
    return msg_n("%(num)s minute", "%(num)s minutes", count, num=str(n))


def _clock_started(p: Mapping[str, Any], scene: Scene) -> str:
    return _ruled(msg("%(judge)s starts the round clock: %(minutes)s.", judge=scene.actor(),
                      minutes=_minutes(p.get("minutes"))), "[J-TIME-2]")


def _clock_paused(p: Mapping[str, Any], scene: Scene) -> str:
    if p.get("reason"):
        line = msg("%(judge)s pauses the clock (%(reason)s).", judge=scene.actor(), reason=quote(p["reason"]))
    else:
        line = msg("%(judge)s pauses the clock.", judge=scene.actor())
    return _ruled(line, "[J-TIME-2]")


def _clock_resumed(p: Mapping[str, Any], scene: Scene) -> str:
    return _ruled(msg("%(judge)s restarts the clock.", judge=scene.actor()), "[J-TIME-2]")


def _time_extended(p: Mapping[str, Any], scene: Scene) -> str:
    return _ruled(msg("%(judge)s gives the table %(minutes)s more: %(reason)s.", judge=scene.actor(),
                      minutes=_minutes(p.get("minutes")), reason=quote(p.get("reason"))), "[J-TIME-2]")


def _deck_checked(p: Mapping[str, Any], scene: Scene) -> str:
    whose = scene.seat(p.get("seat"))
    if p.get("matches"):
        return _ruled(msg("%(judge)s checks %(seat)s's deck: it matches the registered list.", judge=scene.actor(),
                          seat=whose), "[R-DECK-1]")
    off = sum((p.get("missing") or {}).values()) + sum((p.get("extra") or {}).values())
    return _ruled(msg_n("%(judge)s checks %(seat)s's deck: it does not match the registered list (%(num)s card "
                        "differ); a judge will rule on it.",
                        "%(judge)s checks %(seat)s's deck: it does not match the registered list (%(num)s cards "
                        "differ); a judge will rule on it.", off, judge=scene.actor(), seat=whose),
                  "[R-DECK-1, J-PENALTY-2]")


Narrator = Callable[[Mapping[str, Any], Scene], str]

NARRATORS: dict[str, Narrator] = {
    "DisputeOpened": _dispute_opened,
    "RulingIssued": _ruling,
    "AppealFiled": _appeal_filed,
    "AppealDecided": _appeal_decided,
    "PenaltyIssued": _penalty,
    "TimeCalled": _time_called,
    "Rewound": _rewound,
    "CardsRevealed": _cards_revealed,
    "DeckChecked": _deck_checked,
    "ClockStarted": _clock_started,
    "ClockPaused": _clock_paused,
    "ClockResumed": _clock_resumed,
    "TimeExtended": _time_extended,
}


def judge_lines(event: Event, history: Sequence[Event], state: Any = None) -> list[str]:
    """The judge's line for ``event`` (none for an event no judge made): ``history`` is the
    match's events (the players' names from its MatchCreated, a ruling's dispute), ``state``
    the state before the event (the names when the history starts later)."""
    narrate = NARRATORS.get(event.get("type", ""))
    if narrate is None:
        return []
    created = history[0] if history and history[0].get("type") == "MatchCreated" else None
    players: Sequence[str | None] = (players_of(created) if created is not None
                                     else _names_from_state(state))
    return [narrate(event.get("payload") or {}, Scene(event, players, history))]
