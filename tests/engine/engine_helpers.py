"""Shared helpers for the rule-by-rule engine tests (pure: no Redis, no clock, no global RNG).

Boards are built with sandbox positions (API.md "Sandbox positions"); coins are fixed with
FixedCoins so every test also proves how many flips an action needs.
"""
from projections.tcg import carddb, engine
from projections.tcg.carddb import AttackDef, CardDef, PowerDef
from projections.tcg.core import Ctx
from projections.tcg.position import state_from_position
from projections.tcg.randomness import FixedCoins
from projections.tcg.state import state_hash

# Energy cards
FIGHTING, FIRE, GRASS, LIGHTNING, PSYCHIC, WATER, DCE = (
    "base1-97", "base1-98", "base1-99", "base1-100", "base1-101", "base1-102", "base1-96")
# Pokémon whose attacks used here have no effect text (damage only)
HITMONCHAN = "base1-7"     # 70 HP Fighting, weak Psychic, retreat 2: Jab F 20, Special Punch FFC 40
MACHOP = "base1-52"        # 50 HP Fighting, weak Psychic: Low Kick F 20
CHARMANDER = "base1-46"    # 50 HP Fire, weak Water: Scratch C 10
CHARMELEON = "base1-24"    # 80 HP Stage 1 (Charmander): Slash CCC 30
CHARIZARD = "base1-4"      # Stage 2 (Charmeleon)
MACHOKE = "base1-34"       # Stage 1 (Machop)
DRATINI = "base1-26"       # 40 HP Colorless, resists Psychic: Pound C 10
RATTATA = "base1-61"       # 30 HP Colorless, weak Fighting, resists Psychic, retreat 0: Bite C 20
RATICATE = "base1-40"      # 60 HP Stage 1, weak Fighting, resists Psychic: Bite C 20
DROWZEE = "base1-49"       # 50 HP Psychic, weak Psychic: Pound C 10
KADABRA = "base1-32"       # 60 HP Stage 1 Psychic: Super Psy PPC 50
ONIX = "base1-56"          # 90 HP Fighting, weak Grass, retreat 3: Rock Throw F 10
DIGLETT = "base1-47"       # 30 HP Fighting, retreat 0: Dig F 10
MAGIKARP = "base1-35"      # 30 HP Water: Tackle C 10
SEEL = "base1-41"          # 60 HP Water: Headbutt W 10
STARYU = "base1-65"        # 40 HP Water: Slap W 20
GROWLITHE = "base1-28"     # 60 HP Fire: Flare RC 20
# Trainers
PLUSPOWER, DEFENDER, BILL = "base1-84", "base1-80", "base1-91"


def seat(active, bench=(), hand=(), deck=None, prizes=None, discard=()):
    return {"active": active, "bench": list(bench), "hand": list(hand),
            "deck": [FIGHTING] * 10 if deck is None else list(deck),
            "prizes": [FIGHTING] * 6 if prizes is None else list(prizes), "discard": list(discard)}


def mon(card_id=None, **kw):
    """A Pokémon in a position: mon(MACHOP, damage=10) or mon(**{"card": ..., "under": [...]})."""
    return {"card": card_id, **kw} if card_id else dict(kw)


def board(seat0, seat1, *, turn=3, seat_to_act=0, phase="main", ruleset="base-1999", this_turn=None,
          stadium=None, supporter=None):
    pos = {"turn": turn, "seat_to_act": seat_to_act, "phase": phase, "seats": [seat0, seat1]}
    if this_turn:
        pos["this_turn"] = this_turn
    if stadium:
        pos["stadium"] = stadium
    if supporter:
        pos["supporter"] = supporter
    return state_from_position(ruleset, ["Ana", "Beto"], pos)


def act(state, seat_no, action, coins=(), shuffles=None):
    """The action must be legal and use exactly the given coins."""
    d = engine.decide(state, seat_no, action, FixedCoins(list(coins), shuffles_from=shuffles))
    assert d.legal, (d.violations, d.coin_error)
    assert d.coin_error is None, d.coin_error
    return d


def created(ruleset, players, first=0, shuffles=None):
    """A new match dealt: where the coin flip's winner chooses the first player before the
    hands are drawn (modern, R-SETUP-6), the flip is won by seat 0, which chooses ``first``;
    elsewhere the first player is flipped for after setup. Returns the state."""
    modern = ruleset == "modern"
    _, state, _ = engine.create_match(ruleset, players, FixedCoins(["heads"] if modern else [],
                                                                      shuffles_from=shuffles))
    if modern:
        assert state.phase == "first_player" and state.chooser == 0
        state = engine.decide(state, 0, {"type": "choose_first", "first": first},
                              FixedCoins([], shuffles_from=shuffles)).state
    return state


def refuse(state, seat_no, action, rule, contains=None, coins=()):
    """The action must be refused citing `rule`, with a readable message, leaving the state alone."""
    before = state_hash(state)
    d = engine.decide(state, seat_no, action, FixedCoins(list(coins)))
    assert not d.legal, f"expected {rule} to refuse {action}"
    assert d.violations, d.coin_error
    v = d.violations[0]
    assert v["rule"] == rule, v
    msg = v["message"]
    assert isinstance(msg, str) and len(msg) > 15 and msg.rstrip().endswith((".", ")")), msg
    assert "Traceback" not in msg and "KeyError" not in msg
    if contains:
        assert contains.lower() in msg.lower(), msg
    assert state_hash(state) == before
    return v


def said(decision, text):
    """Index of the first narration line containing `text` (fails when absent)."""
    for i, line in enumerate(decision.narration):
        if text in line:
            return i
    raise AssertionError(f"{text!r} not in narration:\n" + "\n".join(decision.narration))


def ctx_for(state, seat_no=0, coins=()):
    return Ctx(state, FixedCoins(list(coins)), seat_no)


def end_turn(state, seat_no=0, coins=()):
    return act(state, seat_no, {"type": "end_turn"}, coins)


def attack(state, seat_no, name, coins=(), choices=None):
    return act(state, seat_no, {"type": "attack", "attack": name, "choices": choices or {}}, coins)


class _Register:
    """Test-only card encodings, registered for one test and removed after."""

    def __init__(self, monkeypatch):
        self.monkeypatch = monkeypatch

    def pokemon(self, card_id, *, name=None, hp=60, type="Colorless", stage="Basic", evolves_from=None,
                weakness=None, resistance=None, retreat_cost=1, attacks=(), power=None):
        """attacks: (name, cost list, damage, effects list) tuples; power: (name, Power object)."""
        c = CardDef(id=card_id, name=name or card_id, supertype="Pokemon", stage=stage, hp=hp, type=type,
                    evolves_from=evolves_from, weakness=weakness, resistance=resistance,
                    retreat_cost=retreat_cost,
                    attacks=[AttackDef(n, list(cost), dmg, "", list(eff)) for n, cost, dmg, eff in attacks],
                    power=PowerDef(power[0], "Pokémon Power", power[1]) if power else None,
                    implemented=True, is_pokemon_card=True)
        self.monkeypatch.setitem(carddb._CARDS, card_id, c)
        return c

    def trainer(self, card_id, effect, name=None):
        c = CardDef(id=card_id, name=name or card_id, supertype="Trainer", trainer=effect, implemented=True)
        self.monkeypatch.setitem(carddb._CARDS, card_id, c)
        return c


def make_register(monkeypatch):
    return _Register(monkeypatch)
