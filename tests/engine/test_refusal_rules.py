"""The rule a refusal cites is the rule that refuses (issue 41 item 6): a table of refusal kinds,
each with a concrete case that triggers it and the rule id docs/RULES.md gives it.

The reading the table holds (the Trainer modules' and the attack modules' rulings):
- a Trainer's choice that is not what the card says (a second Item for Arven, two Energy of one
  type for Lady Outing, a card the search does not find, too many cards) is refused by
  R-TRAINER-1 ("do what the card says");
- a choice that takes less than the card can while the deck holds more is refused by R-TRAINER-5
  ("do as much of a card as you can"), the rule that also lets a short deck give fewer;
- an attack's choice that is not what its text says is R-ATTACK-2's, less than it can R-TRAINER-5;
- a deck's unknown card id is R-DECK-6's (which cards a deck holds), its count R-DECK-1's.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from projections.tcg.decklist import deck_violations
from tests.engine.cards.fixtures import board, decide, poke, side
from tests.engine.engine_helpers import CHARMANDER, DCE, FIRE, MACHOP

# modern cards
ARVEN, JACQ, SECRET_BOX = "sv1-166", "sv1-175", "sv6-163"
POKE_BALL, POTION, DEFIANCE_BAND, ROCKY_HELMET = "sv1-185", "sv1-188", "sv1-169", "sv1-193"
NEMONA, ARTAZON = "sv1-180", "sv2-171"
SV_FIRE, SV_WATER, SV_GRASS, SV_FIGHTING = "sve-2", "sve-3", "sve-1", "sve-6"
FUECOCO, CROCALOR, SPRIGATITO, RIOLU, SKIDDO = "sv1-36", "sv1-37", "sv1-13", "sv1-112", "sv1-11"
MIME_JR = "sv4pt5-31"
# EX cards
LADY_OUTING, MUDKIP, MAKUHITA = "ex1-83", "ex1-59", "ex1-56"
EX_FIRE, EX_WATER, EX_GRASS = "ex1-108", "ex1-106", "ex1-104"


def _side(active, bench=(), hand=(), deck=None, discard=()):
    out = side(active, bench=bench, hand=hand, deck=deck, discard=discard)
    if deck is None:
        out["deck"] = [SV_WATER] * 8
    return out


def modern(mine, theirs, **kw):
    return board(mine, theirs, ruleset="modern", **kw)


def _played(state, **choices):
    """The state after Seat 0 plays the first card of its hand (a search: its choose step)."""
    d = decide(state, 0, {"type": "play_trainer", "card": state.seats[0].hand[0], "targets": [],
                          "choices": choices})
    assert d.legal, d.violations
    return d.state


def _choose(state, cards: Callable[[list[str]], list[str]]):
    """A choose step naming cards of Seat 0's deck, picked by position."""
    return state, {"type": "choose", "choices": {"search": cards(state.seats[0].deck)}}


def arven(picks):
    st = modern(_side(poke(FUECOCO), hand=[ARVEN], deck=[POKE_BALL, POTION, DEFIANCE_BAND, ROCKY_HELMET]),
                _side(poke(SPRIGATITO)))
    return _choose(_played(st), picks)


def lady_outing(picks):
    st = board(side(poke(MUDKIP), hand=[LADY_OUTING], deck=[EX_FIRE, MUDKIP, EX_FIRE, EX_WATER, EX_GRASS]),
               side(poke(MAKUHITA)))
    return _choose(_played(st), picks)


def secret_box(picks):
    st = modern(_side(poke(RIOLU), hand=[SECRET_BOX, SV_FIRE, SKIDDO, NEMONA],
                      deck=[POKE_BALL, POTION, DEFIANCE_BAND, NEMONA, ARTAZON]), _side(poke(FUECOCO)))
    hand = st.seats[0].hand
    return _choose(_played(st, cards=hand[1:]), picks)


def jacq(picks):
    st = modern(_side(poke(FUECOCO), hand=[JACQ], deck=[CROCALOR, SKIDDO, POTION]), _side(poke(SPRIGATITO)))
    return _choose(_played(st), picks)


def action(state, act: dict[str, Any]):
    return lambda: (state, act)


def _attack_board(**kw):
    return modern(_side(poke(RIOLU), bench=[poke(SKIDDO)]), _side(poke(FUECOCO)), **kw)


def _energy_board():
    return modern(_side(poke(RIOLU), hand=[POTION]), _side(poke(FUECOCO)))


def _evolve_board(entered_turn=None):
    return modern(_side(poke(FUECOCO, entered_turn=entered_turn), hand=[CROCALOR]), _side(poke(SPRIGATITO)))


def _mime_jr_board():
    """Mime Jr.'s Mimed Games (declared) uses an attack of the opponent's: its words bound no target."""
    return modern(_side(poke(MIME_JR), bench=[poke(RIOLU)]), _side(poke(FUECOCO)))


# (case id, the refused action's state and action, the rule it must cite)
ACTION_CASES: list[tuple[str, Callable[[], tuple[Any, dict[str, Any]]], str]] = [
    # trainers: what the card says (R-TRAINER-1), as much as it can (R-TRAINER-5)
    ("arven-two-items", lambda: arven(lambda d: [d[0], d[1]]), "R-TRAINER-1"),
    ("arven-a-card-that-is-no-item-or-tool-or-a-third-card", lambda: arven(lambda d: d[:3]), "R-TRAINER-1"),
    ("arven-no-tool-while-the-deck-holds-one", lambda: arven(lambda d: [d[0]]), "R-TRAINER-5"),
    ("lady-outing-two-energy-of-one-type", lambda: lady_outing(lambda d: [d[0], d[2]]), "R-TRAINER-1"),
    ("lady-outing-a-pokemon", lambda: lady_outing(lambda d: [d[1]]), "R-TRAINER-1"),
    ("lady-outing-four-cards", lambda: lady_outing(lambda d: [d[0], d[2], d[3], d[4]]), "R-TRAINER-1"),
    ("lady-outing-none-while-the-deck-holds-energy", lambda: lady_outing(lambda d: []), "R-TRAINER-5"),
    ("secret-box-two-items", lambda: secret_box(lambda d: [d[0], d[1], d[2], d[3], d[4]]), "R-TRAINER-1"),
    ("secret-box-no-stadium-while-the-deck-holds-one", lambda: secret_box(lambda d: [d[0], d[2], d[3]]),
     "R-TRAINER-5"),
    ("jacq-a-basic-pokemon", lambda: jacq(lambda d: [d[1]]), "R-TRAINER-1"),
    ("jacq-none-while-the-deck-holds-one", lambda: jacq(lambda d: []), "R-TRAINER-5"),
    ("a-second-supporter", action(modern(_side(poke(FUECOCO), hand=[JACQ]), _side(poke(SPRIGATITO)),
                                         supporter={"card": NEMONA, "owner": 0}),
                                  {"type": "play_trainer", "card": "0:0", "targets": [], "choices": {}}),
     "R-TRAINER-2"),
    # attack, retreat, evolution, energy, bench
    ("attack-without-its-energy", action(_attack_board(), {"type": "attack", "attack": "Jab"}), "R-ATTACK-1"),
    ("attack-on-the-first-turn", action(_attack_board(turn=1), {"type": "attack", "attack": "Jab"}),
     "R-ATTACK-5"),
    ("retreat-without-a-bench", action(modern(_side(poke(RIOLU, energy=[SV_FIGHTING])), _side(poke(FUECOCO))),
                                       {"type": "retreat", "to": "0:0", "discard": []}), "R-RETREAT-1"),
    ("evolve-from-another-name", action(modern(_side(poke(SPRIGATITO), hand=[CROCALOR]), _side(poke(FUECOCO))),
                                        {"type": "evolve", "card": "0:0", "target": "0:9"}), "R-EVOLVE-1"),
    ("evolve-the-turn-it-came-into-play", action(_evolve_board(entered_turn=3), {"type": "evolve", "card": "0:0",
                                                                                 "target": "0:9"}), "R-EVOLVE-2"),
    ("attach-a-card-that-is-no-energy", action(_energy_board(), {"type": "attach_energy", "card": "0:0",
                                                                 "target": "0:9"}), "R-ENERGY-1"),
    ("bench-an-evolution-card", action(modern(_side(poke(FUECOCO), hand=[CROCALOR]), _side(poke(SPRIGATITO))),
                                       {"type": "bench", "card": "0:0"}), "R-BENCH-2"),
    # declared steps
    ("declared-damage-to-the-attackers-own-active",
     action(_mime_jr_board(), {"type": "attack", "attack": "Mimed Games",
                               "declared": [{"op": "damage", "target": "0:0", "amount": 20}]}), "R-DECLARE-1"),
    ("declared-steps-for-an-encoded-attack",
     action(modern(_side(poke(RIOLU, energy=[SV_FIGHTING])), _side(poke(FUECOCO))),
            {"type": "attack", "attack": "Jab", "declared": []}), "R-DECLARE-2"),
]


def _instances_fixed(state, act: dict[str, Any]) -> dict[str, Any]:
    """The placeholders "0:0" (the first hand card) and "0:9" (Seat 0's Active) made real."""
    me = state.seats[0]
    real = {"0:0": me.hand[0] if me.hand else "0:0", "0:9": me.active.top}

    def fix(v):
        if isinstance(v, str):
            return real.get(v, v)
        if isinstance(v, list):
            return [fix(x) for x in v]
        if isinstance(v, dict):
            return {k: fix(x) for k, x in v.items()}
        return v
    return fix(act)


@pytest.mark.parametrize("case,build,rule", ACTION_CASES, ids=[c[0] for c in ACTION_CASES])
def test_R_TRAINER_1_R_TRAINER_5_and_every_refusal_kind_cites_the_rule_that_refuses(case, build, rule):
    state, act = build()
    d = decide(state, 0, _instances_fixed(state, act))
    assert not d.legal, f"{case}: expected a refusal"
    assert d.violations[0]["rule"] == rule, (case, d.violations[0])


def legal_deck():
    return [CHARMANDER] * 4 + [MACHOP] * 4 + [FIRE] * 50 + [DCE] * 2


DECK_CASES = [
    ("an-unknown-card-id-in-60", legal_deck()[:59] + ["base1-999"], "R-DECK-6"),
    ("59-cards", legal_deck()[:59], "R-DECK-1"),
    ("5-of-a-name", [CHARMANDER] * 5 + [MACHOP] * 3 + [FIRE] * 52, "R-DECK-2"),
    ("no-basic-pokemon", [FIRE] * 60, "R-DECK-3"),
    ("a-card-of-another-era", legal_deck()[:59] + [SV_FIRE.replace("sve-2", "sv1-36")], "R-DECK-5"),
]


@pytest.mark.parametrize("case,deck,rule", DECK_CASES, ids=[c[0] for c in DECK_CASES])
def test_R_DECK_6_and_every_deck_refusal_cites_the_rule_that_refuses(case, deck, rule):
    rules = {v["rule"] for v in deck_violations(deck)}
    assert rules == {rule}, (case, deck_violations(deck))
