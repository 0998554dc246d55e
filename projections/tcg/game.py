"""The card game behind the game interface that the API and workers use (see games.py).

Everything the rest of the house needs of the card game goes through this class: matches,
play, folding, views, the card catalogue and shipped decks, the action shape check, the
randomness of reported coins and of replays, and the engine pin that MatchCreated records.
"""
from __future__ import annotations

import logging
from datetime import date
from typing import Any

from ..errors import CoinsDoNotFit, EngineMismatch, IllegalAction, UnreadableAction
from ..messages import msg
from . import decks, engine, formats, legal, paper
from .actions import (
    ACTION_FIELDS,
    CHOICE_FIELDS,
    MAX_COUNT,
    MAX_LIST,
    MAX_TEXT,
    REQUIRED_FIELDS,
    SeatCards,
    SeatMap,
    Steps,
    action_shape_errors,
)
from .carddb import all_cards, card
from .cards.describe import describe_card
from .decklist import DeckListError, deck_violations, parse_decklist
from .declare import _CHOICES as STEP_CHOICES
from .declare import MAX_DAMAGE, MAX_STEPS, ONE_OF, REQUIRED, STEP_FIELDS
from .fingerprint import engine_fingerprint
from .hand_names import AmbiguousName, resolve_hand_names
from .illegal import Illegal
from .labels import instances_named, label_action
from .match_games import WINS_NEEDED, score_text
from .position import PositionError, state_from_position
from .randomness import FixedCoins, Randomness, Replay, TableReports
from .rulesets import FORMATS, RULESETS, get_ruleset
from .state import BEFORE_PLAY, State, state_hash
from .table import unreported
from .view import acting_seat, view_state

log = logging.getLogger(__name__)

# The rules this engine plays by. Bump ENGINE_VERSION whenever a rule or a card encoding
# changes behaviour, and record the new fingerprint (tests/unit/test_engine_pin.py says so;
# `python -m projections.tcg.fingerprint` prints the line).
# tcg-8: every Scarlet & Violet card (encoded or declared: R-DECLARE-1..4, declare,
# use_stadium), EX Sandstorm and Dragon, the turn's Knock Outs in the turn record
# tcg-9: table mode decides a player's action on what that player knows (R-TABLE-4, -5: the
# judges' record of decks and Prize cards set aside where a player's report disagrees), and a
# Prize card is the player's choice (a reported one is any known copy; an unreported one
# leaves one copy fewer of each known Prize card certain)
# tcg-10: issue 41's rulings — Jungle and Fossil encoded, a Pokémon's types and HP are what its
# effects make them (R-INPLAY-1), refusals cite the rule that refuses (R-TRAINER-1, R-DECK-6),
# a declared damage step may name the attacker's own Bench, names compared as players write
# them, and at a table both mulligans of one round give no extra cards (R-SETUP-3) and cards
# drawn or discarded together are named in any order
# tcg-11: the pool to Ascended Heroes (sv8 … me2pt5, mep: Mega Evolution ex gives 3 Prize
# cards, Team Rocket's Energy, attacks printed with no cost), the Standard format by date
# tcg-12: a paper table reports the Prize cards an evolution, a retreat or a card discarded from
# play gives (they can Knock Out since R-INPLAY-1); a Confused "×" attack's tails takes its base damage.
# tcg-13: modern: the coin flip comes before the opening hands and its winner chooses who goes
# first (R-SETUP-6, phase `first_player`, the action `choose_first`); the effect vocabulary is one
# package (issue 45 item 1), its blocks named in the fingerprint by the package alone
# tcg-14: modern attack texts compiled from their printed words (cards/compiler: 36 templates,
# 1,562 attacks of the pool exact that were declared)
# tcg-15: the modern facts carry the printed text of Abilities, Trainers and Special Energy (the
# compiler's input); 105 attack, 33 Ability and 37 Trainer templates (2,682 of the 4,192 cards
# exact); the shipped decks' cards hand-encoded; a Pokémon played from the hand is told
# (on_played_from_hand) and modern keeps the Knock Outs by an attack's damage into the next turn;
# the searches of the compiled texts take what they can (R-TRAINER-5); declared steps bounded by
# the printed text (R-DECLARE-5)
# tcg-16: an empty pick of the face-down deck named with the card is refused whatever the deck
# holds (R-HIDDEN-1); a type printed in lower case reads as the capitalised one; the templates of
# issue 45's second session (3,482 of the 4,192 cards exact); the Bench size asked of the cards in
# play (a seat over it discards down), a Pokémon benched in any way is told (on_benched), moves to
# and from the Active Spot are told and, in modern, recorded with heals for the turn
ENGINE_VERSION = "tcg-16"
ENGINE_FINGERPRINT = "25e6889d8f0cfc42eb0c5f2bdcefbae719e334d6234ef415a7ced1e9d03464a6"

# What the engine raises when an action that passed the shape check still can't be read.
_UNREADABLE = (TypeError, KeyError, ValueError, AttributeError, IndexError)
_FIELD_KINDS = {str: "text", list: "list", int: "count", dict: "choices",
                SeatCards: "cards by seat (or a list)", SeatMap: "cards by seat", Steps: "steps"}
_ACTION_NOTES = (
    "`declared` (attack, play_trainer, use_power) carries out, as checked steps, a text the "
    "engine does not encode (GET /v1/cards/{id}: `declared`); `declare` does it for a card in "
    "play whose text acts by itself (a Tool, a Special Energy, the Stadium, an Ability).",
    "`discard_from_play` discards a Trainer played as a Pokémon (e.g. Clefairy Doll) from "
    "play.",
    "`choose` is the second step of a card that showed its player hidden cards (the "
    "state's `pending`: Pokédex's top 5, Computer Search's and Pokémon Trader's deck), "
    "choosing among what was shown.",
    "`draw` is for a table-mode match (each turn's draw is logged, with `cards` when the "
    "table saw the card) and for a sandbox position that starts with phase `draw`; "
    "otherwise each turn's draw happens by itself.",
    "Table mode (`randomness: \"table\"`): a card from the hand, the deck or a discard pile "
    "may be named by its card id where an instance goes; what the table saw is reported in "
    "the action: `cards` of `draw`/`mulligan_draw`, `hand` of `setup` (the 7 seen) and of "
    "`mulligan` (the hand shown), and per seat (`{\"0\": [...], \"1\": [...]}`, or a list "
    "when one seat is meant) `drawn`, `prizes_taken` and `revealed` (a hand Lass shows, a "
    "hand discarded face up). `mulligan` and `shuffle` are table-mode actions (R-TABLE-3).",
    "`choose_first` names the seat that goes first: between two games of a match, by the "
    "previous game's loser (R-MATCH-1); before a `modern` game's hands are drawn (phase "
    "`first_player`), by the coin flip's winner (R-SETUP-6: the summary's `chooser`; at a paper "
    "table the seat that won the flip sends it).",
    "`choices.copied` holds the choices of the attack Metronome copies (`{\"attack\": "
    "\"Amnesia\", \"copied\": {\"attack\": \"Doubleslap\"}}`).",
)


class TcgGame:
    name = "tcg"
    engine_version = ENGINE_VERSION

    # -- the pin -------------------------------------------------------------------------

    def engine_pin(self) -> dict[str, str]:
        """What MatchCreated records of the rules it was made under."""
        return {"version": self.engine_version, "fingerprint": engine_fingerprint()}

    def check_engine(self, created_payload: dict[str, Any]) -> None:
        """Refuse to fold a match made under other rules (``EngineMismatch``). A match made
        before matches recorded their engine folds as it always did."""
        recorded = created_payload.get("engine")
        if not recorded:
            return
        running = self.engine_pin()
        if recorded.get("version") != running["version"] or (
                recorded.get("fingerprint") and recorded["fingerprint"] != running["fingerprint"]):
            raise EngineMismatch(recorded, running)

    default_ruleset = "base-1999"   # a match or deck list that names no ruleset

    def rulesets(self) -> dict[str, dict[str, Any]]:
        return {name: r.as_dict() for name, r in RULESETS.items()}

    def check_ruleset(self, ruleset: str) -> None:
        get_ruleset(ruleset)

    def parse_decklist(self, text: str) -> list[str]:
        return parse_decklist(text)

    def deck_violations(self, deck: list[Any], ruleset: str, format: str = "era",
                        on: date | None = None) -> list[dict[str, str]]:
        return deck_violations(deck, ruleset, format, on)

    def formats(self) -> tuple[str, ...]:
        return FORMATS

    def format_in_force(self, format: str, on: date) -> dict[str, Any] | None:
        """The Standard format's period in force on `on` (formats.py); None for another format
        or a day no period covers."""
        period = formats.standard_period(on) if format == "standard" else None
        if period is None:
            return None
        return {"name": period.name, "from": period.start.isoformat(),
                "to": period.end.isoformat() if period.end else None, "marks": list(period.marks)}

    def match_lengths(self) -> tuple[int, ...]:
        return tuple(WINS_NEEDED)   # best of one or of three (match_games.py)

    def create(self, ruleset: str, players: list[dict[str, Any]], randomness: Randomness,
               position: dict[str, Any] | None = None, mode: str = "service", games: int = 1
               ) -> tuple[dict[str, Any], State, list[str]]:
        """Deal a match. Returns (MatchCreated payload fields for the engine, state, narration).
        `mode` "table": a paper game the referee observes (table.py): no shuffle is drawn,
        every card starts unknown, and the deck lists are what the cards are accounted by.
        `games`: best of 1 or of 3 (R-MATCH-1)."""
        best_of: dict[str, Any] = {"games": games} if games > 1 else {}
        if position:
            state = state_from_position(ruleset, [p["name"] for p in players], position)
            state.seq, state.match_games = 1, games
            return {"engine": self.engine_pin(), **best_of}, state, [msg("The match starts from a sandbox position.")]
        if mode == "table":
            rng, state, narration = engine.create_match(ruleset, players, TableReports(), table=True,
                                                        games=games)
            return {"engine": self.engine_pin(), **best_of}, state, narration
        instance_ids = [randomness.shuffle(len(p["deck"])) for p in players]
        rng, state, narration = engine.create_match(ruleset, players, randomness, instance_ids,
                                                    games=games)
        extras: dict[str, Any] = {"instance_ids": instance_ids, "engine": self.engine_pin(), **best_of}
        if rng:
            extras["rng"] = rng
        return extras, state, narration

    def reveal(self, state: State, seat: int, zone: str, cards: list[str | None]
               ) -> tuple[State, list[str]]:
        """A judge records the true cards of a hidden zone of a table-mode match
        (``engine.reveal``): the state after it and the narration; ``IllegalAction`` when it
        contradicts the log (R-TABLE-1) or the match is not a table match (R-TABLE-3)."""
        try:
            return engine.reveal(state, seat, zone, cards)
        except Illegal as exc:
            raise IllegalAction([exc.as_dict()]) from exc

    # -- play ----------------------------------------------------------------------------

    def action_errors(self, action: Any) -> dict[str, list[str]]:
        """Field errors in an action's shape (not its legality); empty when well formed."""
        return action_shape_errors(action)

    def action_shapes(self) -> dict[str, Any]:
        """Each action type's fields (``text``, ``list``, ``count``, ``choices``) and which
        are required, the keys ``choices`` takes (``ids``, ``id``, ``str``, ``int``,
        ``choices``), the bounds the shape check holds them to (``limits``: characters of a
        text, items of a list, the largest count) and notes for people: the API documents
        actions from this."""
        return {"actions": {kind: {"fields": {name: _FIELD_KINDS.get(t, t.__name__)
                                              for name, t in fields.items()},
                                   "required": list(REQUIRED_FIELDS.get(kind, ()))}
                            for kind, fields in ACTION_FIELDS.items()},
                "choices": dict(CHOICE_FIELDS),
                "steps": {op: {"fields": dict(fields), "required": list(REQUIRED.get(op, ())),
                               "one_of": list(ONE_OF.get(op, ()))}
                          for op, fields in STEP_FIELDS.items()},
                "step_values": {kind: list(values) for kind, values in STEP_CHOICES.items()},
                "limits": {"text": MAX_TEXT, "list": MAX_LIST, "count": MAX_COUNT,
                           "steps": MAX_STEPS, "damage": MAX_DAMAGE},
                "notes": list(_ACTION_NOTES)}

    def decide(self, state: State, seat: int, action: dict[str, Any],
               randomness: Randomness, reporter: int | None = None) -> engine.Decision:
        """``engine.decide``, guarded: an action the engine can't read (one that passed the
        shape check but still doesn't fit, e.g. a field of the wrong kind deep inside) is
        ``UnreadableAction``, never an engine crash."""
        try:
            action = resolve_hand_names(state, seat, action)
        except AmbiguousName as exc:
            return engine.Decision(None, state, [], [{"rule": exc.rule, "message": exc.message}], None)
        try:
            return engine.decide(state, seat, action, randomness, reporter)
        except _UNREADABLE as exc:
            log.warning("the engine could not read an action of type %r (%s)",
                        action.get("type") if isinstance(action, dict) else None,
                        type(exc).__name__)
            raise UnreadableAction() from exc

    def player_payload(self, kind: str, payload: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """An event's payload as the player in `seat` may read it: no randomness records, no
        instance numbering, and of the opponent's deck list only its size."""
        out = {k: v for k, v in payload.items() if k not in ("rng", "instance_ids")}
        if kind == "MatchCreated":
            players = []
            for n, player in enumerate(out.get("players") or []):
                player = dict(player)
                if n != seat and "deck" in player:
                    player["deck_count"] = len(player.pop("deck") or [])
                    player.pop("deck_name", None)  # a shipped deck's name would tell the list
                players.append(player)
            out["players"] = players
            if out.get("position"):
                out["position"] = "hidden"  # a sandbox position lists every zone
        if kind == "CardsRevealed" and not (out.get("zone") == "hand" and out.get("seat") == seat) \
                and out.get("zone") != "discard":
            out["cards"] = {"count": len(out.get("cards") or [])}   # what a judge saw of hidden cards
        return out

    def describe_action(self, state: State, action: dict[str, Any]) -> dict[str, Any]:
        """A legal action's human label (card references, rendered per reader at the edge) and
        the name of every card instance it names (the edge drops the ones a reader can't see)."""
        return {"label": label_action(state, action), "names": instances_named(state, action)}

    # -- a paper game logged by naming the cards the table shows (paper.py): what a console
    # offers a seat, what named cards may do, and where the Pokémon in play are
    paper_seat = staticmethod(paper.paper_seat)
    paper_choices = staticmethod(paper.choices)
    paper_places = staticmethod(paper.places_from)
    # any card by a part of its name, in any language (a deck check's cards the list lacks)
    cards_named = staticmethod(paper.cards_named)

    apply = staticmethod(engine.apply)
    legal_actions = staticmethod(legal.legal_actions)
    view = staticmethod(view_state)
    acting_seat = staticmethod(acting_seat)
    state_hash = staticmethod(state_hash)
    reshuffle_decks = staticmethod(engine.reshuffle_decks)

    def time_call_refusal(self, state: State) -> str | None:
        """Why time can't be called now (J-TIME-1), or None."""
        if state.phase == "finished":
            return msg("The game is over.")
        if state.phase == "between_games":
            return None   # the match ends on the games played (match_games.py)
        if state.phase in BEFORE_PLAY:
            return msg("The game is still being set up; time is called during play.")
        if state.time_called:
            return msg("Time was already called during turn %(turn)s.", turn=state.time_called["turn"])
        return None

    def to_dict(self, state: State) -> dict[str, Any]:
        return state.to_dict()

    def from_dict(self, data: dict[str, Any]) -> State:
        return State.from_dict(data)

    def summary(self, state: State) -> dict[str, Any]:
        out = {"status": _status(state), "turn": state.turn, "seat_to_act": acting_seat(state),
               "prizes_left": [len(s.prizes) for s in state.seats], "result": state.result,
               "game_number": state.game_number}
        if state.match_games > 1:
            out.update({"best_of": state.match_games, "games": [dict(g) for g in state.games],
                        "score": score_text(state), "chooser": state.chooser})
        elif state.phase == "first_player":
            out["chooser"] = state.chooser
        if state.table:   # how much of each seat's cards the table has not reported yet
            out["unknown_cards"] = [unreported(state, n) for n in (0, 1)]
        return out

    def declared_effect(self, state: State, event: dict[str, Any]) -> dict[str, Any] | None:
        """What an action declared rather than let the engine do (R-DECLARE-1), read against
        the state before it: the seat, the text (a card played, an attack, an Ability, a card
        in play — all face up) and how many steps; None for anything else."""
        payload = event.get("payload") or {}
        action = payload.get("action") if event.get("type") == "ActionTaken" else None
        if not isinstance(action, dict) or "declared" not in action:
            return None
        seat = payload.get("seat")
        kind = action.get("type")
        if kind == "attack":
            active = state.seats[seat].active if seat in (0, 1) else None
            what = (msg("%(pokemon)s's %(attack)s", pokemon=state.pokemon_name(active), attack=action.get("attack"))
                    if active else str(action.get("attack")))
        elif kind == "use_power":
            what = msg("%(card)s's %(power)s", card=state.card_of(action["pokemon"]).name, power=action.get("power"))
        else:
            what = state.card_of(str(action.get("card") or action.get("source"))).name
        return {"seat": seat, "action": kind, "what": what, "steps": len(action["declared"])}

    def hidden_instances(self, state: State, seat: int) -> set[str]:
        """Card instances a player in `seat` can't see now (`State.hidden_from`)."""
        return state.hidden_from(seat)


    # -- the catalogue -------------------------------------------------------------------

    def list_cards(self) -> list[dict[str, Any]]:
        return [{"id": c.id, "name": c.name, "supertype": c.supertype,
                 "implemented": c.implemented} for c in all_cards()]

    def describe_card(self, card_id: str) -> dict[str, Any]:
        """A card's facts and its encoded behaviour in plain words; KeyError if unknown."""
        return describe_card(card_id)

    def card_name(self, card_id: str) -> str:
        return card(card_id).name

    def deck_names(self) -> list[str]:
        return decks.shipped_deck_names()

    def deck_text(self, name: str) -> str:
        return decks.shipped_decklist(name)

    def deck_cards(self, name: str) -> list[str]:
        return decks.shipped_deck(name)

    def deck_ruleset(self, name: str) -> str:
        return decks.shipped_deck_ruleset(name)

    def preload(self) -> None:
        """Load the card data and compute the pin once (a worker, before forking)."""
        all_cards()
        engine_fingerprint()

    # -- randomness from outside the service's source ------------------------------------

    def reported_coins(self, coins: list[str], shuffles_from: Randomness | None = None) -> FixedCoins:
        """Coins given by a client (a reported match, or a judge forcing a scenario); the
        shuffles an action needs come from ``shuffles_from`` (a client reports a flip,
        never a shuffle)."""
        return FixedCoins(list(coins), shuffles_from=shuffles_from)

    def replay_randomness(self, record: dict[str, Any] | None) -> Replay:
        """Plays back the randomness recorded in an event (never re-rolls)."""
        return Replay(record)

    def randomness_refusal(self, message: str) -> CoinsDoNotFit:
        """Reported coins (the request's `coins`) too few or too many for the action."""
        return CoinsDoNotFit(message)


def _status(state: State) -> str:
    if state.phase == "finished":
        return "finished"
    if state.game_number > 1 and state.match_games == 1:
        return "sudden_death"
    if state.phase in BEFORE_PLAY:
        return "setup"
    return "playing"


__all__ = ["TcgGame", "DeckListError", "PositionError"]
