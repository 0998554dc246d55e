"""Boards and actions shared by the per-set card tests (tests/engine/cards): one module, so a
helper is written once.

Boards come from sandbox positions (projections/tcg/position.py): `poke` builds a Pokémon
with its lower Stages under it, `side` a seat, `board` the position (Seat 0, Ana, to act in its
main phase unless told otherwise; `stadium` / `supporter` as `{"card", "owner"}`); the EX era's
rules (`ex-2005`) unless told otherwise, and `base_side` / `base_board` (with `BASE_ENERGY`) for
the Base Set and Jungle under `base-1999`. `act` and `refuse` decide with coins fixed in advance
(FixedCoins: every test also proves how many flips an action needs; without a `shuffles` source a
shuffle keeps the order). Below them, the small action builders and readers the tests of several
sets use.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from projections.tcg import carddb, engine
from projections.tcg.game import TcgGame
from projections.tcg.legal import legal_actions
from projections.tcg.position import state_from_position
from projections.tcg.randomness import FixedCoins, TableReports
from projections.tcg.state import state_hash
from projections.text import render

RULESET = "ex-2005"
# ex1's basic Energy (there is no basic Darkness or Metal Energy in the EX era)
GRASS, FIGHTING, WATER, PSYCHIC, FIRE, LIGHTNING = (
    "ex1-104", "ex1-105", "ex1-106", "ex1-107", "ex1-108", "ex1-109")
DARKNESS_ENERGY, METAL_ENERGY, RAINBOW_ENERGY = "ex1-93", "ex1-94", "ex1-95"
# the Base Set's basic Energy and Double Colorless Energy, for the base-1999 boards
BASE_FIGHTING, BASE_FIRE, BASE_GRASS, BASE_LIGHTNING, BASE_PSYCHIC, BASE_WATER, BASE_DCE = (
    "base1-97", "base1-98", "base1-99", "base1-100", "base1-101", "base1-102", "base1-96")
# Scarlet & Violet's basic Energy, for the `modern` boards
SVE_GRASS, SVE_FIGHTING = "sve-1", "sve-6"
GAME = TcgGame()


def under(card_id: str) -> list[str]:
    """The lower Stages an evolved card sits on, lowest first: found by name in the card's own
    set, then in the Base Set (evolution goes by name: Jungle's Pidgeot sits on the Base Set's
    Pidgeotto)."""
    chain: list[str] = []
    c = carddb.card(card_id)
    own = card_id.split("-")[0]
    while c.evolves_from:
        c = next(x for set_code in dict.fromkeys((own, "base1")) for x in carddb.all_cards()
                 if x.name == c.evolves_from and x.id.startswith(set_code + "-") and x.supertype == "Pokemon")
        chain.insert(0, c.id)
    return chain


def poke(card_id: str, energy=(), damage: int = 0, conditions=(), attached=(),
         entered_turn: int | None = None) -> dict[str, Any]:
    p: dict[str, Any] = {"card": card_id, "energy": list(energy), "under": under(card_id)}
    if damage:
        p["damage"] = damage
    if conditions:
        p["conditions"] = list(conditions)
    if attached:
        p["attached"] = list(attached)
    if entered_turn is not None:
        p["entered_turn"] = entered_turn
    return p


def side(active, bench=(), hand=(), deck=None, prizes: int | list[str] = 6, discard=(),
         filler: tuple[str, str] = (FIGHTING, GRASS)) -> dict[str, Any]:
    """A seat; an unnamed deck is 8 cards and the Prize cards `prizes` cards of `filler`."""
    return {"active": active, "bench": list(bench), "hand": list(hand),
            "deck": [filler[0]] * 8 if deck is None else list(deck),
            "prizes": [filler[1]] * prizes if isinstance(prizes, int) else list(prizes),
            "discard": list(discard)}


def base_side(active, bench=(), hand=(), deck=None, prizes: int | list[str] = 6, discard=()) -> dict[str, Any]:
    """A seat of a base-1999 board, its deck and Prize cards the Base Set's Energy."""
    return side(active, bench, hand, deck, prizes, discard, filler=(BASE_FIGHTING, BASE_GRASS))


def board(mine, theirs, *, turn: int = 3, seat_to_act: int = 0, phase: str = "main",
          this_turn: dict[str, Any] | None = None, stadium=None, supporter=None,
          ruleset: str = RULESET):
    seats = [mine, theirs] if seat_to_act == 0 else [theirs, mine]
    position: dict[str, Any] = {"turn": turn, "seat_to_act": seat_to_act, "phase": phase, "seats": seats}
    if this_turn:
        position["this_turn"] = this_turn
    if stadium:
        position["stadium"] = stadium
    if supporter:
        position["supporter"] = supporter
    return state_from_position(ruleset, ["Ana", "Beto"], position)


def modern_side(active, bench=(), hand=(), deck=None, prizes: int | list[str] = 6, discard=()) -> dict[str, Any]:
    """A seat of a `modern` board, its deck and Prize cards Scarlet & Violet's basic Energy."""
    return side(active, bench, hand, deck, prizes, discard, filler=(SVE_FIGHTING, SVE_GRASS))


def base_board(mine, theirs, turn: int = 3, seat_to_act: int = 0):
    """A base-1999 position: `mine` is Seat 0 whoever acts."""
    first, second = (mine, theirs) if seat_to_act == 0 else (theirs, mine)
    return board(first, second, turn=turn, seat_to_act=seat_to_act, ruleset="base-1999")


def decide(state, seat_no: int, action: dict[str, Any], coins=()):
    return engine.decide(state, seat_no, action, FixedCoins(list(coins)))


def act(state, seat_no: int, action: dict[str, Any], coins=()):
    """The action must be legal and use exactly `coins`; returns the Decision."""
    d = decide(state, seat_no, action, coins)
    assert d.legal, (action, d.violations, d.coin_error)
    assert d.coin_error is None, d.coin_error
    return d


def refuse(state, seat_no: int, action: dict[str, Any], rule: str, contains: str | None = None, coins=()):
    """The action must be refused citing `rule` with a readable sentence, the state untouched."""
    before = state_hash(state)
    d = decide(state, seat_no, action, coins)
    assert not d.legal, f"expected {rule} to refuse {action}"
    v = d.violations[0]
    assert v["rule"] == rule, v
    if contains:
        assert contains.lower() in v["message"].lower(), v["message"]
    assert state_hash(state) == before
    return v


def table_match(ana_deck: list[str], beto_deck: list[str]):
    """A paper-table match under ex-2005 (table mode: coins and drawn cards are reported), before
    the setups."""
    players = [{"name": "Ana", "deck": ana_deck}, {"name": "Beto", "deck": beto_deck}]
    return engine.create_match(RULESET, players, TableReports(), table=True)[1]


def table_step(state, seat_no: int, action: dict[str, Any], coins=()):
    """At a paper table: the action must be legal with the coins reported; returns the Decision."""
    d = engine.decide(state, seat_no, action, TableReports(list(coins)))
    assert d.legal and d.coin_error is None, (action, d.violations, d.coin_error)
    return d


def table_opening(ana_deck: list[str], beto_deck: list[str], active: str, opponent: str):
    """A paper-table match after both setups (Ana's hand: the Basic `active` and 6 Grass; Ana goes
    first) and Ana's Grass attached to `active`."""
    st = table_step(table_match(ana_deck, beto_deck), 0,
                    {"type": "setup", "active": active, "hand": [active] + [GRASS] * 6}).state
    st = table_step(st, 1, {"type": "setup", "active": opponent}, ["heads"]).state
    return table_step(st, 0, {"type": "attach_energy", "card": GRASS, "target": st.seats[0].active.top}).state


def said(decision, text: str) -> int:
    for i, line in enumerate(decision.narration):
        if text in line:
            return i
    raise AssertionError(f"{text!r} not in narration:\n" + "\n".join(decision.narration))


def cards(state, instances) -> list[str]:
    return [state.instances[i] for i in instances]


def inst(state, seat_no: int, zone: str, card_id: str) -> str:
    """The first instance of `card_id` in a seat's zone (hand, deck, discard, prizes)."""
    found = [i for i in getattr(state.seats[seat_no], zone) if state.instances[i] == card_id]
    assert found, f"no {card_id} in seat {seat_no}'s {zone}"
    return found[0]


def refused(state, seat_no: int, action: dict[str, Any], rule: str) -> str:
    """The action must be refused citing `rule`: its message."""
    d = engine.decide(state, seat_no, action, FixedCoins([]))
    assert not d.legal and d.violations, (d.coin_error, d.narration)
    assert d.violations[0]["rule"] == rule, d.violations
    return d.violations[0]["message"]


def hit(state, name, coins=(), seat_no=None, **choices):
    """Attack with `name` (the seat to act unless `seat_no` says which); must be legal."""
    seat_no = state.seat_to_act if seat_no is None else seat_no
    return act(state, seat_no, {"type": "attack", "attack": name, "choices": choices}, coins)


def heads_inflicts(state, name, damage, condition):
    """Attack with `name` twice from `state`: heads, `damage` and `condition` on the Defending
    Pokémon; tails, no Special Condition."""
    d = hit(state, name, ["heads"])
    assert them(d).active.damage == damage and them(d).active.conditions == [condition]
    assert them(hit(state, name, ["tails"])).active.conditions == []


def power(state, pokemon, name, coins=(), seat_no=None, **choices):
    """Use the power of `pokemon` (the seat to act unless `seat_no` says which); must be legal."""
    seat_no = state.seat_to_act if seat_no is None else seat_no
    return act(state, seat_no, {"type": "use_power", "pokemon": pokemon, "power": name, "choices": choices}, coins)


def choices_of(state, kind, name=None, seat_no=0):
    key = "attack" if kind == "attack" else "power"
    return [a.get("choices", {}) for a in legal_actions(state, seat_no)
            if a["type"] == kind and (name is None or a.get(key) == name)]


def me(d_or_state):
    s = getattr(d_or_state, "state", None) or d_or_state
    return s.seats[0]


def them(d_or_state):
    s = getattr(d_or_state, "state", None) or d_or_state
    return s.seats[1]


class ReversedShuffles:
    """Shuffles that reverse the order (the coins come from FixedCoins)."""

    def flip(self):
        raise AssertionError("coins come from FixedCoins")

    def shuffle(self, n):
        return list(reversed(range(n)))


def attack(name, **choices):
    return {"type": "attack", "attack": name, "choices": choices}


def attack_action(name, **choices):
    return {"type": "attack", "attack": name, "choices": choices}


def attack_choices(state, name, seat_no=0):
    return [a["choices"] for a in legal_actions(state, seat_no)
            if a["type"] == "attack" and a["attack"] == name]


def choose(**choices):
    return {"type": "choose", "choices": choices}


def choose_offers(state, seat_no=0):
    return [a["choices"] for a in legal_actions(state, seat_no) if a["type"] == "choose"]


def play(state, instance, targets=(), coins=(), offered=True, seat_no=0, **choices):
    """Play a Trainer (Seat 0's unless told); by default the action must also be one
    `legal_actions` lists."""
    action = trainer(instance, targets, **choices)
    if offered:
        assert action in legal_actions(state, seat_no), f"{action} not offered"
    return act(state, seat_no, action, coins)


def attack_step(state, name, /, coins=(), offered=True, **choices):
    """Seat 0 attacks with `name`; by default the action must also be one `legal_actions` lists."""
    action = attack_action(name, **choices)
    if offered:
        assert action in legal_actions(state, 0), f"{action} not offered"
    return act(state, 0, action, coins)


def power_step(state, holder, name, /, offered=True, **choices):
    """Seat 0 uses the power of `holder`; by default the action must also be one `legal_actions` lists."""
    action = use(holder, name, **choices)
    if offered:
        assert action in legal_actions(state, 0), f"{action} not offered"
    return act(state, 0, action)


def choose_step(state, coins=(), offered=True, seat_no=0, **choices):
    """The second step of a card that showed its player hidden cards (state.pending); by default
    the action must also be one `legal_actions` lists."""
    action = choose(**choices)
    if offered:
        assert action in legal_actions(state, seat_no), f"{action} not offered"
    return act(state, seat_no, action, coins)


def read_by(before, d, seat_no):
    """The narration of a committed event as a player reads it (app/visibility.py): hidden what
    it could see neither before nor after, less what the event itself shows it (grants)."""
    hidden = GAME.hidden_instances(before, seat_no) & GAME.hidden_instances(d.state, seat_no)
    return "\n".join(render(line, hidden, seat=seat_no) for line in d.narration)


def end_turn(state):
    return act(state, state.seat_to_act, {"type": "end_turn"}).state


def hand(state, seat_no=0):
    return state.seats[seat_no].hand


def mine(d):
    return d.state.seats[0]


def modern(mine, theirs, **kw):
    return board(mine, theirs, ruleset="modern", **kw)


def names_none_of(text, instances):
    for i in instances:
        assert f"({i})" not in text, (i, text)


def offered(state, kind, name=None, seat_no=0):
    key = {"attack": "attack", "use_power": "power"}.get(kind)
    return [a["choices"] for a in legal_actions(state, seat_no)
            if a["type"] == kind and (name is None or a.get(key) == name)]


def offers(state, instance, seat_no=0):
    """What `legal_actions` offers for one card in a seat's hand (Seat 0's unless told): (targets,
    choices) pairs."""
    return [(a["targets"], a["choices"]) for a in legal_actions(state, seat_no)
            if a["type"] == "play_trainer" and a["card"] == instance]


def power_choices(state, name, seat_no=0):
    return [a["choices"] for a in legal_actions(state, seat_no)
            if a["type"] == "use_power" and a["power"] == name]


def printed(text, kind="item"):
    """A stand-in Trainer card with the printed `text`, for the Trainer compiler."""
    return SimpleNamespace(supertype="Trainer", text=text, trainer_kind=kind)


def theirs(d):
    return d.state.seats[1]


def tops(pokemon):
    return [p.top for p in pokemon]


def trainer(instance, targets=(), **choices):
    return {"type": "play_trainer", "card": instance, "targets": list(targets), "choices": choices}


def use(pokemon, name, /, **choices):
    return {"type": "use_power", "pokemon": pokemon, "power": name, "choices": choices}
