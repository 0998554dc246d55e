"""`decide` and `apply`: the pure core of the card game.

decide(state, seat, action, randomness) -> Decision: either the event to append (with the
randomness it used written in) and the resulting state, or the violations that forbid it.
apply(state, event) -> (state, narration): replays a stored event; it never re-rolls.
Neither does I/O, reads a clock or touches a global RNG.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..messages import joined, msg, msg_n
from . import hooks
from .actions import (
    ATTACK_DAMAGE,
    ATTACK_DAMAGE_ACTS,
    BETWEEN_TURNS,
    CHECKS,
    HANDLERS,
    KNOCK_OUTS,
    SETTLED_BY_CHECKS,
    action_shape_errors,
    ask_bench_discards,
    check_turn,
)
from .carddb import UNKNOWN
from .core import Ctx, Illegal, shuffle_deck
from .declare import copy_steps
from .flow import call_time, deal_new_game, declare_winner, knocked_out_now, take_prizes
from .match_games import end_match, leader, lose_next_game, settle
from .position import state_from_position
from .randomness import Randomness, RandomnessExhausted, Recorder, Replay, Source, TableReports
from .rulesets import get_ruleset
from .state import BEFORE_PLAY, Seat, State
from .table import face_up_now, identify, is_card_id, judges_recorded, mask, resolve_all, unmask
from .table_actions import check_table_only, resolve_card_ids, with_inline_reports


@dataclass
class Decision:
    event: dict[str, Any] | None = None
    state: State | None = None
    narration: list[str] = field(default_factory=list)
    violations: list[dict[str, Any]] = field(default_factory=list)
    coin_error: str | None = None      # reported coins that don't fit the action

    @property
    def legal(self) -> bool:
        return self.event is not None


def new_match_state(ruleset: str, players: Sequence[dict[str, Any]],
                    instance_ids: Sequence[Iterable[int]] | None = None, table: bool = False) -> State:
    """The state before dealing: each seat's cards as instances, the deck in deck-list order.

    The card at position n of seat s's list is instance "s:<instance_ids[s][n]>" (default n).
    The match's creator draws `instance_ids` at random, so that an instance id says nothing
    about its card (who sees "1:7" must not learn that it is the list's 8th card).

    `table`: a paper game the referee observes (table.py): every card is an unknown instance
    "s:u<n>" of its seat, the deck lists kept to account for them."""
    get_ruleset(ruleset)
    if table:
        return _table_match_state(ruleset, players)
    instances = {}
    seats = []
    for seat_no, player in enumerate(players):
        deck = []
        numbers: Iterable[int] = instance_ids[seat_no] if instance_ids else range(len(player["deck"]))
        for n, card_id in zip(numbers, player["deck"], strict=True):
            inst = f"{seat_no}:{n}"
            instances[inst] = card_id
            deck.append(inst)
        seats.append(Seat(name=player["name"], deck=deck))
    return State(ruleset=ruleset, instances=instances, seats=seats,
                 prize_count=get_ruleset(ruleset).prizes)


def _table_match_state(ruleset: str, players: Sequence[dict[str, Any]]) -> State:
    instances = {}
    seats = []
    for seat_no, player in enumerate(players):
        deck = [f"{seat_no}:u{n}" for n in range(len(player["deck"]))]
        instances.update({inst: UNKNOWN for inst in deck})
        seats.append(Seat(name=player["name"], deck=deck))
    return State(ruleset=ruleset, instances=instances, seats=seats, prize_count=get_ruleset(ruleset).prizes,
                 table=True, decklists=[list(p["deck"]) for p in players])


def create_match(ruleset: str, players: Sequence[dict[str, Any]], randomness: Randomness,
                 instance_ids: Sequence[Iterable[int]] | None = None, table: bool = False,
                 games: int = 1) -> tuple[dict[str, Any], State, list[str]]:
    """Deal a new match (shuffle, 7 cards, mulligans; in table mode 7 unknown cards each and
    the mulligans reported). Returns (rng record, state, narration)."""
    rec = Recorder(randomness)
    state = new_match_state(ruleset, players, instance_ids, table)
    state.match_games = games
    ctx = Ctx(state, rec, 0)
    deal_new_game(ctx)
    state.seq = 1
    return rec.record(), state, ctx.narration


def run_action(state: State, seat: int, action: dict[str, Any], rng: Source,
               known: dict[str, str] | None = None, reporter: int | None = None
               ) -> tuple[State, list[str], dict[str, Any]]:
    """Carry out an action on a copy of `state`; raises Illegal. Returns the new state, the
    narration and the action as it was carried out (table mode: card ids resolved to
    instances). `known`: the cards a stored table-mode action named by card id; `reporter`:
    the seat of the player reporting it (table.py: decided on what that player knows)."""
    _check_shape(state, seat, action)
    return _carry_out(state, seat, action, rng, known, reporter)


class Listing:
    """What the candidates of one listing of legal actions share: the state, which no check
    changes (they only read it), so the context the checks read, whether the seat may take
    each kind of action now (`check_turn`) and what settled handlers ask after their checks
    (`_may_refuse`) are worked out once per listing."""
    __slots__ = ("ctx", "turn", "answers", "reporter")

    def __init__(self, state: State, seat: int, rng: Source, reporter: int | None = None):
        self.ctx = Ctx(state, rng, seat)
        self.reporter = reporter      # the listing's state is masked for that player already
        self.turn: dict[str, Illegal | None] = {}
        self.answers: dict[str, bool] = {}

    def check_turn(self, kind: str) -> None:
        if kind not in self.turn:
            try:
                check_turn(self.ctx, kind)
                self.turn[kind] = None
            except Illegal as exc:
                self.turn[kind] = exc
        refused = self.turn[kind]
        if refused is not None:
            raise refused.with_traceback(None)


def accepts(state: State, seat: int, action: dict[str, Any], rng: Source, listing: Listing | None = None) -> bool:
    """Whether `run_action` carries the action out (under `rng`); listing legal actions asks
    it of every candidate, with the `Listing` they share. The handler's own checks are asked
    of `state` first, so that a candidate they refuse costs no clone, nor one they settle."""
    try:
        _check_shape(state, seat, action)
        listing = listing or Listing(state, seat, rng)
        if not _settled_by_checks(state, action, listing):
            _carry_out(state, seat, action, rng, None, listing.reporter)
    except (Illegal, RandomnessExhausted):
        return False
    return True


def _check_shape(state: State, seat: int, action: dict[str, Any]) -> None:
    errors = action_shape_errors(action)
    if errors:
        field_name, msgs = next(iter(errors.items()))
        raise Illegal("R-TURN-2", msg("Malformed action: %(field)s %(problem)s.", field=field_name, problem=msgs[0]))
    if seat not in (0, 1):
        raise Illegal("R-TURN-4", msg("There is no seat %(seat)s.", seat=seat))
    check_table_only(state.table, action)


def _settled_by_checks(state: State, action: dict[str, Any], listing: Listing) -> bool:
    """What `_carry_out` checks before its handler changes anything (whose turn it is, the
    handler's own checks: actions.CHECKS), asked of `state` itself: they only read it. Raises
    Illegal as `_carry_out` would; True when nothing after the checks can refuse the action
    (actions.SETTLED_BY_CHECKS). Table mode and declared steps are left to `_carry_out`
    (they prepare the clone before the handler)."""
    kind = action["type"]
    check = CHECKS.get(kind)
    if check is None or state.table or "declared" in action:
        return False
    listing.check_turn(kind)
    check(listing.ctx, action)
    asked = SETTLED_BY_CHECKS.get(kind)
    if callable(asked):
        asked = asked(state, action)
    if asked is None:
        return False
    answers = listing.answers
    for what in asked:
        refuses = answers.get(what)
        if refuses is None:
            refuses = answers[what] = _may_refuse(state, what)
        if refuses:
            return False
    return True


def _may_refuse(state: State, asked: str) -> bool:
    """Whether what a settled handler asks after its checks (a hook, a hook of what is in
    play: hooks.in_play, KNOCK_OUTS, ATTACK_DAMAGE or BETWEEN_TURNS: actions.SETTLED_BY_CHECKS)
    could refuse its action in this state."""
    if asked == KNOCK_OUTS:
        return hooks.may_answer_now(state, "hp") or bool(knocked_out_now(state))
    if asked == ATTACK_DAMAGE:
        return hooks.answered_in_play(state, ATTACK_DAMAGE_ACTS)
    if asked == BETWEEN_TURNS:
        return state.time_called is not None or any(
            s.active is not None and ("poisoned" in s.active.conditions or "burned" in s.active.conditions)
            for s in state.seats)
    if asked.startswith(hooks.IN_PLAY):
        return hooks.answered_in_play(state, frozenset((asked[len(hooks.IN_PLAY):],)))
    return hooks.may_answer_now(state, asked)


def _carry_out(state: State, seat: int, action: dict[str, Any], rng: Source,
               known: dict[str, str] | None, reporter: int | None) -> tuple[State, list[str], dict[str, Any]]:
    """`run_action` of a well-formed action."""
    new = state.clone()
    ctx = Ctx(new, rng, seat)
    if reporter is not None and new.table:
        mask(ctx, reporter)
    check_turn(ctx, action["type"])
    carried = resolve_card_ids(ctx, action, known)
    if "declared" in carried:
        carried = {**carried, "declared": copy_steps(carried["declared"])}
        ctx.declaration["steps"] = carried["declared"]
    HANDLERS[action["type"]](ctx, carried)
    ask_bench_discards(ctx)
    if ctx.declaration["steps"] is not None and not ctx.declaration["used"]:
        raise Illegal("R-DECLARE-2", msg("That effect is encoded: the engine carries it out, so no steps are declared "
                                         "for it."))
    declared = ctx.declaration.get("run")
    # A "×" attack's base damage is read, not carried out: a Confused attacker's failed attack
    # (tails) declared it as its coin could not be known (issue 43 item 6's random games).
    if declared is not None and not declared.ran and any(s["op"] != "base_damage" for s in declared.steps):
        raise Illegal("R-DECLARE-1", msg("%(what)s did not happen (it failed or did nothing): its declared steps are "
                                         "refused; declare none.", what=declared.what))
    settle(new)
    if new.masked is not None:
        unmask(ctx)
    if new.judge_known:
        face_up_now(new)
    return new, ctx.narration, carried


def decide(state: State, seat: int, action: dict[str, Any], randomness: Randomness,
           reporter: int | None = None) -> Decision:
    """Carry out an action: the event to store, or the violations. In table mode the reports
    written into the action join the randomness (table_actions.with_inline_reports), and each
    report must be used (R-TABLE-1); `reporter`: the seat of the player who reports it, None
    for a judge or the scorekeeper (table.py: a player's action is decided on what it knows)."""
    if not state.table:
        reporter = None
    if state.table and not action_shape_errors(action):
        randomness = with_inline_reports(randomness, action, seat)
    rec = Recorder(randomness)
    try:
        if reporter is not None and isinstance(randomness, TableReports):
            _check_own_seat_reported(randomness, reporter)
        new, narration, carried = run_action(state, seat, action, rec, reporter=reporter)
        if isinstance(randomness, TableReports):
            _check_reports_used(randomness)
            if reporter is not None:
                _check_own_seat_reported(randomness, reporter)
    except Illegal as exc:
        return Decision(violations=[exc.as_dict()])
    except RandomnessExhausted:
        return Decision(coin_error=msg("the action needs more coin flips than were reported"))
    unused = getattr(randomness, "unused", 0)
    if unused:
        return Decision(coin_error=msg_n("%(num)s reported coin flip(s) were not needed by this action",
                                         "%(num)s reported coin flip(s) were not needed by this action", unused))
    new.seq = state.seq + 1
    payload: dict[str, Any] = {"seat": seat, "action": carried}
    record = rec.record()
    if record:
        payload["rng"] = record
    return Decision(event={"type": "ActionTaken", "payload": payload}, state=new, narration=narration)


def _check_own_seat_reported(reports: TableReports, reporter: int) -> None:
    """R-TABLE-4: a player reports the cards of its own seat only, whatever they are."""
    others = sorted(reports.seats_reported() - {reporter})
    if others:
        raise Illegal("R-TABLE-4", msg("A player reports only its own seat's cards: what Seat %(seat)s holds, draws "
                                       "or takes as Prize cards is reported by that seat's player, the scorekeeper "
                                       "or a judge.", seat=others[0]))


def _check_reports_used(reports: TableReports) -> None:
    if reports.ambiguous:
        raise Illegal("R-TABLE-1", msg('Both seats take cards reported in one list (%(report)s): give them per seat, '
                                       '{"0": [...], "1": [...]}.', report=reports.ambiguous[0]))
    leftover = reports.leftover()
    if leftover:
        raise Illegal("R-TABLE-1", msg("Reported card(s) this action had no place for: %(cards)s.",
                                       cards=joined(leftover, "; ")))


def apply(state: State | None, event: dict[str, Any]) -> tuple[State, list[str]]:
    """Fold one stored event into the state. Returns (new state, narration)."""
    kind = event["type"]
    payload = event["payload"]
    if kind == "MatchCreated":
        new, narration = _apply_created(payload)
    else:
        assert state is not None, f"{kind} folded before MatchCreated"
        new, narration = _apply_to(state, kind, payload, event)
    # A state's seq is the seq of the last event folded into it (MatchCreated is seq 1), so
    # that `decide` and `apply` see the same numbers whether or not events carry their seq.
    new.seq = event["seq"] if "seq" in event else (1 if state is None else state.seq + 1)
    return new, narration


def _apply_to(state: State, kind: str, payload: dict[str, Any], event: dict[str, Any]) -> tuple[State, list[str]]:
    """An event after MatchCreated: what the game makes of it (a clone for one it ignores)."""
    if kind == "ActionTaken":
        replay = Replay(payload.get("rng"))
        try:
            new, narration, _ = run_action(state, payload["seat"], payload["action"], replay,
                                           replay.identified, replay.reporter)
            return new, narration
        except Illegal as exc:
            raise ValueError(f"stored action at seq {event.get('seq')} is not legal on replay: {exc}") from exc
    if kind == "CardsRevealed":
        try:
            return apply_reveal(state, payload)
        except Illegal as exc:
            raise ValueError(f"stored reveal at seq {event.get('seq')} does not fit: {exc}") from exc
    if kind == "TimeCalled":
        return apply_time_called(state, payload)
    if kind in ("RulingIssued", "AppealDecided", "PenaltyIssued"):
        return apply_penalty(state, payload if kind == "PenaltyIssued" else payload.get("penalty"))
    return state.clone(), []


def _apply_created(payload: dict[str, Any]) -> tuple[State, list[str]]:
    if payload.get("position"):
        state = state_from_position(payload["ruleset"], [p["name"] for p in payload["players"]],
                                    payload["position"])
        state.match_games = payload.get("games", 1)
        return state, [msg("The match starts from a sandbox position.")]
    rng = Replay(payload.get("rng"))
    state = new_match_state(payload["ruleset"], payload["players"], payload.get("instance_ids"),
                            payload.get("randomness") == "table")
    state.match_games = payload.get("games", 1)
    ctx = Ctx(state, rng, 0)
    deal_new_game(ctx)
    return state, ctx.narration


PRIZE_PENALTIES = {"double_prize": 2, "prize_penalty": 2, "quad_prize": 4}
GAME_ENDING = ("game_loss", "match_loss", "disqualification")


def apply_penalty(state: State, penalty: dict[str, Any] | None) -> tuple[State, list[str]]:
    """A judge's penalty that changes the game (J-PENALTY-1)."""
    new = state.clone()
    if not penalty or new.phase == "finished":
        return new, []
    ctx = Ctx(new, Replay({}), penalty["seat"])
    level = penalty["level"]
    offender = penalty["seat"]
    if new.phase == "between_games":
        return new, _penalty_between_games(ctx, level, offender)
    if level in PRIZE_PENALTIES:
        n = PRIZE_PENALTIES[level]
        ctx.say(msg_n("Penalty (%(level)s) against %(seat)s: the opponent takes %(num)s Prize card(s).",
                      "Penalty (%(level)s) against %(seat)s: the opponent takes %(num)s Prize card(s).", n,
                      level=level, seat=ctx.seat_label(offender)), "J-PENALTY-1")
        take_prizes(ctx, 1 - offender, n)
        if new.phase not in BEFORE_PLAY and not new.seats[1 - offender].prizes:
            declare_winner(ctx, 1 - offender, "J-PENALTY-1")
    elif level in GAME_ENDING:
        ctx.say(msg("Penalty (%(level)s) against %(seat)s: the game is lost.", level=level,
                    seat=ctx.seat_label(offender)), "J-PENALTY-1")
        declare_winner(ctx, 1 - offender, "J-PENALTY-1")
        if level != "game_loss" and new.chooser is not None:   # the whole match is lost (R-MATCH-3)
            end_match(ctx, 1 - offender, "R-MATCH-3")
    settle(new)
    return new, ctx.narration


def _penalty_between_games(ctx: Ctx, level: str, offender: int) -> list[str]:
    """Between two games of a match (match_games.py): a Game Loss is the next game's, a
    Match Loss or a Disqualification ends the match, a Prize penalty has nothing to take."""
    if level in ("match_loss", "disqualification"):
        ctx.say(msg("Penalty (%(level)s) against %(seat)s: the match is lost.", level=level,
                    seat=ctx.seat_label(offender)), "R-MATCH-3")
        end_match(ctx, 1 - offender, "R-MATCH-3")
    elif level == "game_loss":
        lose_next_game(ctx, offender)
    return ctx.narration


def apply_time_called(state: State, payload: dict[str, Any]) -> tuple[State, list[str]]:
    """A judge calls time (J-TIME-1); a game already over is left as it is. Between two games
    of a match, no other game starts: the match ends on the games played."""
    new = state.clone()
    if new.phase == "finished" or new.time_called:
        return new, []
    ctx = Ctx(new, Replay({}), new.seat_to_act)
    if new.phase == "between_games":
        ctx.say(msg("Time is called between two games: the match ends on the games played."), "J-TIME-1")
        end_match(ctx, leader(new), "R-MATCH-2")
        return new, ctx.narration
    call_time(ctx, payload.get("decide_by", "prizes"), payload.get("tie", "sudden_death"),
              payload.get("extra_turns", 3))
    settle(new)
    return new, ctx.narration


REVEAL_ZONES = ("hand", "prizes", "deck", "discard")
# A zone as a judge's reveal names it in a sentence (the API's word, translatable).
REVEAL_ZONE_NAMES = {"hand": msg("hand"), "prizes": msg("prizes"), "deck": msg("deck"), "discard": msg("discard")}


def reveal(state: State, seat: int, zone: str, cards: list[str | None]) -> tuple[State, list[str]]:
    """A judge records the true cards of a hidden zone of a table-mode match (a deck check,
    the end of a game). For the deck, `cards` are in order, top first (None: a card not
    looked at); for the hand, the Prize cards or the discard pile, the cards seen in any
    order (a pile has no order the service could share with the table): each matches a
    known copy there, else names an unknown card. A contradiction with what was logged is
    refused (R-TABLE-1). Returns the new state and the narration."""
    if not state.table:
        raise Illegal("R-TABLE-3", msg("Only a table-mode match has unknown cards to reveal."))
    if seat not in (0, 1) or zone not in REVEAL_ZONES:
        raise Illegal("R-TABLE-1", msg("Reveal a seat's %(zones)s.", zones=", ".join(REVEAL_ZONES)))
    new = state.clone()
    ctx = Ctx(new, Replay({}), seat)
    instances = getattr(new.seats[seat], zone)
    why = msg("The judge's reveal of %(seat)s's %(zone)s", seat=ctx.seat_label(seat), zone=REVEAL_ZONE_NAMES[zone])
    if len(cards) > len(instances):
        raise Illegal("R-TABLE-1", msg_n("%(why)s: it holds %(num)s card(s), not %(count)s.",
                                         "%(why)s: it holds %(num)s card(s), not %(count)s.", len(instances),
                                         why=why, count=len(cards)))
    bad = [c for c in cards if c is not None and not is_card_id(c)]
    if bad:
        raise Illegal("R-TABLE-1", msg("%(why)s: %(value)s is not a card id.", why=why, value=repr(bad[0])))
    unknown_before = {inst for inst in instances if inst not in new.known}
    if zone == "deck":
        named = [inst for inst, card_id in zip(instances, cards, strict=False) if card_id is not None]
        for inst, card_id in zip(instances, cards, strict=False):
            if card_id is not None:
                identify(ctx, inst, card_id, why)
    else:
        if any(c is None for c in cards):
            raise Illegal("R-TABLE-1", msg("%(why)s: name each card seen (no null outside the deck).", why=why))
        named = resolve_all(ctx, instances, list(cards), why)
    if zone != "discard":   # a face-down zone or a hand: what the judges alone now hold (table.py)
        judges_recorded(new, [inst for inst in named if inst in unknown_before])
    ctx.say(msg_n("A judge records the true cards of %(seat)s's %(zone)s: %(num)s card(s) (%(cards)s).",
                  "A judge records the true cards of %(seat)s's %(zone)s: %(num)s card(s) (%(cards)s).", len(named),
                  seat=ctx.seat_label(seat), zone=REVEAL_ZONE_NAMES[zone], cards=ctx.refs(named)), "R-TABLE-1")
    return new, ctx.narration


def apply_reveal(state: State, payload: dict[str, Any]) -> tuple[State, list[str]]:
    return reveal(state, payload["seat"], payload["zone"], list(payload["cards"]))


def reshuffle_decks(state: State, seats: Iterable[int], randomness: Randomness
                    ) -> tuple[State, dict[str, Any], list[str]]:
    """After a rewind the judge may shuffle drawn cards back instead of replacing them on top
    (J-REPAIR-1). Returns (new state, rng record, narration)."""
    rec = Recorder(randomness)
    new = state.clone()
    ctx = Ctx(new, rec, 0)
    for seat_no in seats:
        shuffle_deck(ctx, seat_no)
        ctx.say(msg("%(seat)s's deck is shuffled after the rewind.", seat=ctx.seat_label(seat_no)), "J-REPAIR-1")
    return new, rec.record(), ctx.narration
