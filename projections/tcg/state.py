"""The state of a card-game match, its canonical serialisation and its hash.

Every physical card is an instance id ("0:17": a card of seat 0, its number drawn at random
when the match was dealt); `State.instances` maps instance ids to card ids and never changes
after creation, so clones share it.
"""
from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from . import hooks
from .carddb import CardDef, card

PHASES = ("setup", "draw", "main", "promote", "finished")


# The phases before a game's first turn: the modern flip's choice (R-SETUP-6), then setup.
BEFORE_PLAY = ("first_player", "setup")

@dataclass(slots=True)     # slots: a state is cloned for every legal action listed
class Pokemon:
    """A Pokémon in play: its card stack (lowest first) and everything on it."""
    stack: list[str]
    energy: list[str] = field(default_factory=list)
    attached: list[str] = field(default_factory=list)  # Tools and other Trainer cards attached
    damage: int = 0
    conditions: list[str] = field(default_factory=list)  # sorted names
    entered_turn: int = 0                              # turn the top card was put into play
    effects: list[dict[str, Any]] = field(default_factory=list)  # dicts with "kind" and "until_turn"
    flags: dict[str, Any] = field(default_factory=dict)  # facts that last while in play

    @property
    def top(self) -> str:
        return self.stack[-1]

    def clone(self) -> Pokemon:
        # Slots set one by one: a third of what the dataclass's __init__ costs (listing legal
        # actions clones every Pokémon in play per candidate carried out).
        new = _new(Pokemon)
        new.stack, new.energy, new.attached = self.stack[:], self.energy[:], self.attached[:]
        new.damage, new.conditions, new.entered_turn = self.damage, self.conditions[:], self.entered_turn
        new.effects = [dict(e) for e in self.effects] if self.effects else []
        new.flags = copy_record(self.flags) if self.flags else {}
        return new

    def all_cards(self) -> list[str]:
        return self.stack + self.energy + self.attached

    def to_dict(self) -> dict[str, Any]:
        return {"stack": self.stack, "energy": self.energy, "attached": self.attached,
                "damage": self.damage, "conditions": self.conditions,
                "entered_turn": self.entered_turn, "effects": self.effects, "flags": self.flags}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Pokemon:
        return cls(list(d["stack"]), list(d["energy"]), list(d["attached"]), d["damage"],
                   list(d["conditions"]), d["entered_turn"], [dict(e) for e in d["effects"]],
                   dict(d["flags"]))


@dataclass(slots=True)
class Seat:
    name: str
    deck: list[str] = field(default_factory=list)     # top first
    hand: list[str] = field(default_factory=list)
    active: Pokemon | None = None
    bench: list[Pokemon] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    prizes: list[str] = field(default_factory=list)
    mulligans: int = 0                                 # mulligans this game (R-SETUP-2)
    extra_cards_allowed: int = 0                       # extra cards this seat may still take
    setup_done: bool = False
    lost_zone: list[str] = field(default_factory=list)  # modern: cards out of the game, face up
    once_per_game: list[str] = field(default_factory=list)  # the names of "once per game" effects applied

    def clone(self) -> Seat:
        new = _new(Seat)       # as Pokemon.clone
        new.name, new.deck, new.hand = self.name, self.deck[:], self.hand[:]
        new.active = self.active.clone() if self.active else None
        new.bench = [p.clone() for p in self.bench]
        new.discard, new.prizes, new.lost_zone = self.discard[:], self.prizes[:], self.lost_zone[:]
        new.once_per_game = self.once_per_game[:]
        new.mulligans, new.extra_cards_allowed, new.setup_done = (self.mulligans, self.extra_cards_allowed,
                                                                  self.setup_done)
        return new

    def in_play(self) -> list[Pokemon]:
        return ([self.active] if self.active else []) + self.bench

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "deck": self.deck, "hand": self.hand,
                "active": self.active.to_dict() if self.active else None,
                "bench": [p.to_dict() for p in self.bench], "discard": self.discard,
                "prizes": self.prizes, "mulligans": self.mulligans,
                "extra_cards_allowed": self.extra_cards_allowed, "setup_done": self.setup_done,
                # only when it holds cards, so that states without one hash as they always did
                **({"lost_zone": self.lost_zone} if self.lost_zone else {}),
                **({"once_per_game": self.once_per_game} if self.once_per_game else {})}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Seat:
        return cls(d["name"], list(d["deck"]), list(d["hand"]),
                   Pokemon.from_dict(d["active"]) if d["active"] else None,
                   [Pokemon.from_dict(p) for p in d["bench"]], list(d["discard"]),
                   list(d["prizes"]), d["mulligans"], d["extra_cards_allowed"], d["setup_done"],
                   list(d.get("lost_zone", ())), list(d.get("once_per_game", ())))


def new_turn_record() -> dict[str, Any]:
    return {"energy_attached": None, "retreats": 0, "retreat_failed": False,
            "supporter_played": False, "stadium_played": False, "powers_used": {},
            "attacked": False}


@dataclass
class State:
    ruleset: str
    instances: dict[str, str]                          # instance id -> card id (shared)
    seats: list[Seat]
    turn: int = 0                                      # 1 = the first player's first turn
    seat_to_act: int = 0
    phase: str = "setup"
    first_seat: int | None = None
    this_turn: dict[str, Any] = field(default_factory=new_turn_record)
    pending_promotions: list[int] = field(default_factory=list)
    after_promotion: str | None = None                 # "next_turn" or "resume"
    result: dict[str, Any] | None = None
    game_number: int = 1                               # > 1 after Sudden Death (R-WIN-4)
    prize_count: int = 6
    seq: int = 0
    last_attack: dict[str, Any] | None = None          # what the last attack did (for one that repeats it)
    time_called: dict[str, Any] | None = None          # J-TIME-1: {turn, extra_turns, decide_by, tie}
    # A card waiting for its player's choice after showing them hidden cards (a deck's top
    # cards, a whole deck): {seat, card, kind, look: [instances shown to seat], ...}.
    pending: dict[str, Any] | None = None
    stadium: dict[str, Any] | None = None              # the Stadium in play: {card, owner}
    # Table mode (table.py): the instances start unknown; `known` holds what the table
    # reported of them, `decklists` each seat's registered list.
    table: bool = False
    known: dict[str, str] = field(default_factory=dict)
    decklists: list[list[str]] | None = None
    # The Supporter played this turn, beside the Active until the turn ends (R-TRAINER-2).
    supporter: dict[str, Any] | None = None
    # A match of games (match_games.py, R-MATCH-1..3): best of 1 or 3, the finished games,
    # who chooses the next first player between games, and that choice.
    match_games: int = 1
    games: list[dict[str, Any]] = field(default_factory=list)
    chooser: int | None = None
    chosen_first: int | None = None
    prizes_per_game: int = 6
    # Table mode: the instances whose identity in `known` only a judge's record of a deck or
    # the Prize cards gives (table.py, "What the judges hold"), until the table reports them.
    judge_known: set[str] = field(default_factory=set)
    # While a player's action runs (table.py `masked_for`): the identities that player can't
    # know, taken out of `known` and put back after it. No clone, hash or comparison sees it.
    masked: dict[str, str] | None = field(default=None, init=False, repr=False, compare=False)
    # While legal.legal_actions lists this state's actions (only reading it): what the
    # candidates ask again and again (hooks.listeners per hook, core.energy_units, whether a
    # power may be used: actions._power_to_use). No clone, hash or comparison sees it.
    listing: dict[Any, Any] | None = field(default=None, init=False, repr=False, compare=False)

    def clone(self) -> State:
        # Every field as it is (the plain values, and what clones share: `instances`,
        # `decklists`), then a copy of each that holds something mutable.
        new = _new(State)
        new.__dict__.update(self.__dict__)
        new.listing = None
        new.seats = [s.clone() for s in self.seats]
        new.this_turn = {**self.this_turn, "powers_used": dict(self.this_turn["powers_used"])}
        new.pending_promotions = self.pending_promotions[:]
        new.result = dict(self.result) if self.result else None
        new.last_attack = copy_record(self.last_attack) if self.last_attack else None
        new.time_called = dict(self.time_called) if self.time_called else None
        new.pending = copy_record(self.pending) if self.pending else None
        new.stadium = dict(self.stadium) if self.stadium else None
        new.known = dict(self.known) if self.known else {}
        new.judge_known = set(self.judge_known)
        new.masked = None
        new.supporter = dict(self.supporter) if self.supporter else None
        new.games = [dict(g) for g in self.games]
        return new

    # -- look-ups -------------------------------------------------------------------------
    def card_id(self, instance: str) -> str:
        """The card the instance is: its own, or (table mode) what the table reported, or
        `carddb.UNKNOWN`."""
        return self.known.get(instance) or self.instances[instance]

    def card_of(self, instance: str) -> CardDef:
        known = self.known      # empty but in table mode
        return card(known.get(instance) or self.instances[instance] if known else self.instances[instance])

    def owner(self, instance: str) -> int:
        return int(instance.split(":", 1)[0])

    def hidden_from(self, seat: int) -> set[str]:
        """Card instances a player in `seat` can't see now: the opponent's hand, both decks
        and all Prize cards; during setup the opponent's face-down Pokémon (R-SETUP-4); but
        not the cards a card of this seat is showing it (`pending`)."""
        opp, own = self.seats[1 - seat], self.seats[seat]
        hidden = set(opp.hand) | set(opp.deck) | set(opp.prizes) | set(own.deck) | set(own.prizes)
        if self.phase == "setup":
            for p in opp.in_play():
                hidden.update(p.all_cards())
        if self.pending and self.pending["seat"] == seat:
            hidden.difference_update(self.pending["look"])
        return hidden

    def find_pokemon(self, instance: str) -> tuple[int, Pokemon, str] | tuple[None, None, None]:
        """The Pokémon in play that holds `instance` in its stack, with its seat and place."""
        for seat_no, seat in enumerate(self.seats):
            if seat.active and instance in seat.active.stack:
                return seat_no, seat.active, "active"
            for p in seat.bench:
                if instance in p.stack:
                    return seat_no, p, "bench"
        return None, None, None

    def pokemon_name(self, p: Pokemon) -> str:
        return self.card_of(p.top).name

    def hp(self, p: Pokemon) -> int:
        """HP with every effect in play applied (hooks.py); the card's is `card_of(p.top).hp`."""
        return hooks.hp(self, p)

    def types(self, p: Pokemon) -> tuple[str, ...]:
        """Its types with every effect in play applied (hooks.py); the card's is `card_of(p.top).type`."""
        return hooks.types(self, p)

    # -- serialisation ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        d = {"ruleset": self.ruleset, "instances": self.instances,
                "seats": [s.to_dict() for s in self.seats], "turn": self.turn,
                "seat_to_act": self.seat_to_act, "phase": self.phase,
                "first_seat": self.first_seat, "this_turn": self.this_turn,
                "pending_promotions": self.pending_promotions,
                "after_promotion": self.after_promotion, "result": self.result,
                "game_number": self.game_number, "prize_count": self.prize_count,
                "seq": self.seq, "last_attack": self.last_attack, "time_called": self.time_called}
        # Only when set, so that states without them hash as they always did.
        if self.pending:
            d["pending"] = self.pending
        if self.stadium:
            d["stadium"] = self.stadium
        if self.table:
            table: dict[str, Any] = {"known": self.known, "decklists": self.decklists}
            if self.judge_known:   # only when held, so that earlier table states hash as they did
                table["judge_known"] = sorted(self.judge_known)
            d["table"] = table
        if self.supporter:
            d["supporter"] = self.supporter
        if self.match_games > 1 or self.chooser is not None or self.chosen_first is not None:
            d["match"] = {"games": self.match_games, "played": self.games, "chooser": self.chooser,
                          "chosen_first": self.chosen_first, "prizes": self.prizes_per_game}
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        state = cls._from_dict(d)
        state.judge_known = set((d.get("table") or {}).get("judge_known") or ())
        return state

    @classmethod
    def _from_dict(cls, d: dict[str, Any]) -> State:
        return cls(d["ruleset"], dict(d["instances"]), [Seat.from_dict(s) for s in d["seats"]],
                   d["turn"], d["seat_to_act"], d["phase"], d["first_seat"],
                   {**d["this_turn"], "powers_used": dict(d["this_turn"]["powers_used"])},
                   list(d["pending_promotions"]), d["after_promotion"], d["result"],
                   d["game_number"], d["prize_count"], d["seq"], d["last_attack"], d.get("time_called"),
                   copy.deepcopy(d.get("pending")), dict(d["stadium"]) if d.get("stadium") else None,
                   bool(d.get("table")), dict((d.get("table") or {}).get("known") or {}),
                   (d.get("table") or {}).get("decklists"),
                   dict(d["supporter"]) if d.get("supporter") else None,
                   *_match_fields(d.get("match")))


def _match_fields(match: dict[str, Any] | None) -> tuple[int, list[dict[str, Any]], int | None, int | None, int]:
    if not match:
        return 1, [], None, None, 6
    return (match["games"], [dict(g) for g in match["played"]], match.get("chooser"),
            match.get("chosen_first"), match.get("prizes", 6))


def copy_record(value: Any) -> Any:
    """A deep copy of a JSON record (dicts with str keys, lists, plain values): what a state
    holds in its flags, `pending` and `last_attack`. Cloning a state copies them once per
    legal action listed, so this skips `copy.deepcopy`'s memo; any other type is deep-copied."""
    cls = type(value)
    if cls is dict:
        return {k: v if type(v) in _PLAIN else copy_record(v) for k, v in value.items()}
    if cls is list:
        return [v if type(v) in _PLAIN else copy_record(v) for v in value]
    return value if cls in _PLAIN else copy.deepcopy(value)


_PLAIN = frozenset((str, int, bool, float, type(None)))
_new = object.__new__


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: State) -> str:
    """SHA-256 of the canonical state, without `seq` (the same board hashes the same)."""
    d = state.to_dict()
    d.pop("seq")
    return hashlib.sha256(canonical_json(d).encode("utf-8")).hexdigest()
