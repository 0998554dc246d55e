"""R-DECLARE-5: a declared attack whose text the compiler understands only in part keeps its
steps within what the printed words allow (`cards/compiler/partial.py`, `projections/tcg/declare.py`).
Each bound on a real card: the step within it is legal, the step beyond it refused citing
R-DECLARE-5, and the refusal names only the printed bound (never a hidden card). Where the
words give no bound nothing new is refused, and the steps legal_actions offers stay legal."""
import pytest

from projections.tcg import carddb
from projections.tcg.cards.compiler.partial import Amounts, attack_reading, card_text_reading, read_attack, read_text
from projections.tcg.cards.declared import DeclaredAttack, DeclaredPower, DeclaredTrainer
from projections.tcg.legal import legal_actions
from tests.engine.cards.fixtures import act, poke, refuse
from tests.engine.cards.fixtures import board as ex_board

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING, DARKNESS = (
    "sve-1", "sve-2", "sve-3", "sve-4", "sve-5", "sve-6", "sve-7")
RIOLU = "sv1-112"            # Jab 10, Low Kick 20: exact (a plain target)
PARAS = "sv9-4"              # 70 HP
MIRAIDON_EX = "sv1-81"       # 220 HP, Lightning, Weakness Fighting
EXCADRILL_EX = "zsv10pt5-160"  # Piercing Drill 60: "also does 60 damage to 1 of your opponent's Benched Pokémon
#                                that has any damage counters on it" (compiled now: its text is still read here)
TING_LU = "sv6-110"            # Ground Crasher 30: "If a Stadium is in play, this attack also does 30 damage to each
#                                of your opponent's Benched Pokémon, and discard that Stadium." (declared)
VESPIQUEN_EX = "sv3-96"      # Phantom Queen 200: "Put 3 damage counters on each of your opponent's Benched
#                              Pokémon that has any damage counters on it."
SLOWPOKE = "sv3pt5-79"       # Sea Bathing: "Heal 30 damage from this Pokémon, and it recovers from all Special
#                              Conditions." (Rest, sv1-42, here once, compiles now)
MILTANK = "me1-106"          # Bellyful of Milk: "Flip 2 coins. If both of them are heads, heal all damage from 1 of
#                              your Pokémon."
WIGLETT = "sv1-56"           # Dig a Little: "Flip a coin. If heads, discard the top card of your opponent's deck."
FOONGUS = "sv3-9"            # Enticing Pattern: "Search your deck for a Basic Grass Pokémon and put it onto your
#                              Bench. ..."
ABSOL = "sv4-113"            # Drawareness: "You may discard any number of cards from your hand until you have 4
#                              or fewer. Draw cards until you have 5 cards in your hand."
ALAKAZAM = "sv6-82"           # Strange Hacking: "... is now Confused. You may move any number of damage counters
#                              from your opponent's Pokémon to their other Pokémon in any way you like."
PINSIR = "sv6-3"             # Slow Crunch: "Discard all Energy from this Pokémon. At the end of ..."
LEAFEON = "sv6-11"           # Leaflet Blessings: "Attach a Basic Grass Energy card from your hand to 1 of your
#                              Benched Pokémon. ..."
WO_CHIEN_EX = "sv2-27"       # Covetous Ivy: "60 damage to 1 of your opponent's Benched Pokémon for each Prize ..."
CLEFABLE = "me2pt5-75"       # Metronome: "Choose 1 of your opponent's Active Pokémon's attacks and use it ..."
SPIRITOMB_X = "sv4-129"      # Durant, Swarming Rage 20×: flips no coin (Cynthia's Spiritomb compiles now)


def side(active, bench=(), hand=(), deck=None, prizes=6, discard=()):
    return {"active": active, "bench": list(bench), "hand": list(hand),
            "deck": [GRASS] * 8 if deck is None else list(deck), "prizes": [GRASS] * prizes, "discard": list(discard)}


def board(mine, theirs, **kw):
    return ex_board(mine, theirs, ruleset="modern", **kw)


def attack(name, *steps):
    return {"type": "attack", "attack": name, "declared": list(steps)}


def test_the_partial_reading_names_the_sentences_templates_match_and_reads_the_rest():
    hacking = read_attack(carddb.card(ALAKAZAM).attack("Strange Hacking"))
    assert hacking.matched == ("condition",)
    assert hacking.unread == ("You may move any number of damage counters from your opponent's Pokémon to their "
                              "other Pokémon in any way you like.",)
    assert hacking.conditions == {"confused"} and hacking.places == {"opp_active", "opp_bench"}
    assert hacking.zones == frozenset() and hacking.switch is False
    drill = read_attack(carddb.card(EXCADRILL_EX).attack("Piercing Drill"))
    assert drill.damage == Amounts(frozenset({60})) and drill.places == {"opp_bench"}
    assert read_attack(carddb.card(WO_CHIEN_EX).attack("Covetous Ivy")).damage == Amounts(per=frozenset({60}))
    assert read_text("Put 3 damage counters on your opponent's Pokémon in any way you like.").counters == 3
    assert read_text("Search your deck for up to 4 cards and put them into your hand.").cards == 4
    assert read_text("Heal 30 damage from this Pokémon.").heal == 30
    # no bound where the words give none
    assert read_attack(carddb.card(CLEFABLE).attack("Metronome")).bounds == ()
    assert read_text("Heal all damage from 1 of your Pokémon.").heal is None
    assert read_text("Discard all Energy from this Pokémon.").cards is None
    assert read_text("Flip a coin until you get tails.").flips is None
    assert read_text("Put damage counters on your opponent's Active Pokémon until its remaining HP is 10.").counters \
        is None
    assert read_text("Knock Out your opponent's Active Pokémon.").counters is None


def test_R_DECLARE_5_damage_only_of_a_printed_amount_to_a_named_pokemon():
    state = board(side(poke(TING_LU, energy=[FIGHTING]), bench=[poke(RIOLU, damage=10)]),
                  side(poke(MIRAIDON_EX), bench=[poke(MIRAIDON_EX, damage=10)]))
    theirs, mine = state.seats[1].bench[0].top, state.seats[0].bench[0].top
    d = act(state, 0, attack("Ground Crasher", {"op": "damage", "target": theirs, "amount": 30}))
    assert d.state.seats[1].bench[0].damage == 40
    v = refuse(state, 0, attack("Ground Crasher", {"op": "damage", "target": theirs, "amount": 40}), "R-DECLARE-5",
               "prints no damage of 40 (it prints 30)")
    assert "step 1 (damage)" in v["message"]
    refuse(state, 0, attack("Ground Crasher", {"op": "damage", "target": mine, "amount": 30}), "R-DECLARE-5",
           "names no Benched Pokémon of Seat 0 (Ana)")
    refuse(state, 0, attack("Ground Crasher", {"op": "damage", "target": state.seats[1].active.top, "amount": 30}),
           "R-DECLARE-5", "names no Active Pokémon of Seat 1 (Beto)")


def test_R_DECLARE_5_damage_for_each_is_any_multiple_and_none_printed_is_refused():
    state = board(side(poke(WO_CHIEN_EX, energy=[GRASS] * 3)), side(poke(RIOLU), bench=[poke(RIOLU)]))
    benched = state.seats[1].bench[0].top
    act(state, 0, attack("Covetous Ivy", {"op": "damage", "target": benched, "amount": 60}))
    refuse(state, 0, attack("Covetous Ivy", {"op": "damage", "target": benched, "amount": 90}), "R-DECLARE-5",
           "it prints 60 for each")
    hacking = board(side(poke(ALAKAZAM, energy=[PSYCHIC] * 4)), side(poke(RIOLU), bench=[poke(RIOLU)]))
    refuse(hacking, 0, attack("Strange Hacking", {"op": "damage", "target": hacking.seats[1].bench[0].top,
                                                  "amount": 10}), "R-DECLARE-5", "base_damage")


def test_R_DECLARE_5_damage_counters_no_more_than_printed_and_where_named():
    state = board(side(poke(VESPIQUEN_EX, energy=[GRASS] * 3)),
                  side(poke(MIRAIDON_EX), bench=[poke(PARAS, damage=10)]))
    benched = state.seats[1].bench[0].top
    d = act(state, 0, attack("Phantom Queen", {"op": "counters", "target": benched, "count": 3}))
    assert d.state.seats[1].bench[0].damage == 40
    refuse(state, 0, attack("Phantom Queen", {"op": "counters", "target": benched, "count": 4}), "R-DECLARE-5",
           "at most 3 damage counters, not 4")
    refuse(state, 0, attack("Phantom Queen", {"op": "counters", "target": state.seats[1].active.top, "count": 1}),
           "R-DECLARE-5", "names no Active Pokémon of Seat 1")


def test_R_DECLARE_5_heal_no_more_than_printed_and_only_this_pokemon():
    state = board(side(poke(SLOWPOKE, energy=[PSYCHIC], damage=50), bench=[poke(RIOLU, damage=30)]),
                  side(poke(RIOLU)))
    me = state.seats[0]
    d = act(state, 0, attack("Sea Bathing", {"op": "heal", "target": me.active.top, "amount": 30}))
    assert d.state.seats[0].active.damage == 20
    refuse(state, 0, attack("Sea Bathing", {"op": "heal", "target": me.active.top, "amount": 40}), "R-DECLARE-5",
           "at most 30 damage healed, not 40")
    refuse(state, 0, attack("Sea Bathing", {"op": "heal", "target": me.bench[0].top, "amount": 30}), "R-DECLARE-5",
           "names no Benched Pokémon of Seat 0")
    refuse(state, 0, attack("Sea Bathing", {"op": "counters", "target": state.seats[1].active.top, "count": 1}),
           "R-DECLARE-5", "does not name damage counters")


def test_R_DECLARE_5_zones_and_sides_the_text_names():
    state = board(side(poke(WIGLETT, energy=[WATER])), side(poke(RIOLU)))
    d = act(state, 0, attack("Dig a Little", {"op": "flip", "count": 1},
                             {"op": "move", "seat": 1, "from": "deck", "to": "discard", "count": 1}), coins=["H"])
    assert len(d.state.seats[1].discard) == 1
    refuse(state, 0, attack("Dig a Little", {"op": "move", "from": "deck", "to": "discard", "count": 1}),
           "R-DECLARE-5", "does not name the cards of Seat 0 (Ana)")
    refuse(state, 0, attack("Dig a Little", {"op": "move", "seat": 1, "from": "deck", "to": "hand",
                                                 "count": 1}), "R-DECLARE-5", "does not name the hand")
    refuse(state, 0, attack("Dig a Little", {"op": "move", "seat": 1, "from": "deck", "to": "discard",
                                                 "count": 2}), "R-DECLARE-5", "at most 1 cards, not 2")
    refuse(state, 0, attack("Dig a Little", {"op": "switch", "seat": 1, "to": "1:1"}), "R-DECLARE-5",
           "does not name a switch")
    refuse(state, 0, attack("Dig a Little", {"op": "draw", "count": 1}), "R-DECLARE-5",
           "does not name drawing cards")


def test_R_DECLARE_5_up_to_n_cards_and_the_refusal_names_only_the_printed_bound():
    state = board(side(poke(FOONGUS, energy=[GRASS]), deck=[RIOLU, PARAS, RIOLU, GRASS]), side(poke(RIOLU)))
    d = act(state, 0, attack("Enticing Pattern", {"op": "move", "from": "deck", "to": "bench", "cards": [PARAS]},
                             {"op": "shuffle"}))
    assert len(d.state.seats[0].bench) == 1
    there = refuse(state, 0, attack("Enticing Pattern", {"op": "move", "from": "deck", "to": "bench",
                                                         "cards": [RIOLU, PARAS]}), "R-DECLARE-5",
                   "at most 1 cards, not 2")
    absent = refuse(state, 0, attack("Enticing Pattern", {"op": "move", "from": "deck", "to": "bench",
                                                          "cards": [CLEFABLE, PINSIR]}), "R-DECLARE-5")
    # the same sentence whether the named cards are in the face-down deck or not: no hidden card is told
    assert there == absent and "private_to" not in there
    assert "Riolu" not in there["message"] and "Paras" not in there["message"]


def test_R_DECLARE_5_draws_and_coin_flips_no_more_than_printed():
    state = board(side(poke(ABSOL, energy=[DARKNESS])), side(poke(RIOLU)))
    act(state, 0, attack("Drawareness", {"op": "draw", "count": 5}))
    refuse(state, 0, attack("Drawareness", {"op": "draw", "count": 6}), "R-DECLARE-5", "at most 5 cards drawn")
    toed = board(side(poke(SPIRITOMB_X, energy=[GRASS, GRASS])), side(poke(RIOLU)))
    refuse(toed, 0, attack("Swarming Rage", {"op": "flip", "count": 1}, {"op": "base_damage", "amount": 20}),
           "R-DECLARE-5", "does not name coin flips")


def test_R_DECLARE_5_no_bound_where_the_words_give_none():
    """Miltank's Bellyful of Milk heals "all damage" (Paras's Leech Life, "the same amount of damage you
    did", here once, compiles now): any heal the board allows."""
    state = board(side(poke(MILTANK, energy=[GRASS, GRASS], damage=40)), side(poke(RIOLU)))
    act(state, 0, attack("Bellyful of Milk", {"op": "heal", "target": state.seats[0].active.top, "amount": 40}))


@pytest.mark.parametrize("card_id,energy", [(TING_LU, FIGHTING), (VESPIQUEN_EX, GRASS), (SLOWPOKE, PSYCHIC),
                                            (WIGLETT, WATER), (FOONGUS, GRASS), (ABSOL, DARKNESS),
                                            (ALAKAZAM, PSYCHIC), (PINSIR, GRASS), (SPIRITOMB_X, GRASS)])
def test_R_DECLARE_5_the_steps_legal_actions_offer_stay_legal(card_id, energy):
    state = board(side(poke(card_id, energy=[energy] * 4)), side(poke(RIOLU), bench=[poke(PARAS)]))
    offered = [a for a in legal_actions(state, 0) if a["type"] == "attack" and "declared" in a]
    assert offered
    for action in offered:
        act(state, 0, action)


def test_R_DECLARE_5_most_declared_attack_texts_get_a_bound():
    attacks = [a for c in carddb.all_cards() for a in c.attacks for e in a.effects if isinstance(e, DeclaredAttack)]
    readings = [attack_reading(a) for a in attacks]
    bounded = sum(bool(r.bounds) for r in readings)
    partly = sum(bool(r.matched) for r in readings)
    powers = [card_text_reading(c.power.text) for c in carddb.all_cards()
              if c.power is not None and isinstance(c.power.effect, DeclaredPower)]
    trainers = [card_text_reading(c.text) for c in carddb.all_cards()
                if isinstance(c.trainer, DeclaredTrainer) and c.trainer.bounded]
    print(f"declared attacks: {len(readings)}; with at least one bound: {bounded}; "
          f"with a sentence a template matches: {partly}; declared Abilities: {len(powers)}, bounded: "
          f"{sum(bool(r.bounds) for r in powers)}; declared Items and Supporters: {len(trainers)}, bounded: "
          f"{sum(bool(r.bounds) for r in trainers)}")
    assert readings and bounded >= 0.9 * len(readings)


def test_R_DECLARE_5_energy_attached_and_taken_only_where_the_text_names():
    """Pinsir's Slow Crunch discards Energy "from this Pokémon"; Leafeon's Leaflet Blessings
    attaches "to 1 of your Benched Pokémon"."""
    state = board(side(poke(PINSIR, energy=[GRASS, GRASS]), bench=[poke(RIOLU, energy=[GRASS])]), side(poke(RIOLU)))
    me = state.seats[0]
    act(state, 0, attack("Slow Crunch", {"op": "move", "from": "attached", "to": "discard", "cards": me.active.energy}))
    refuse(state, 0, attack("Slow Crunch", {"op": "move", "from": "attached", "to": "discard",
                                            "cards": me.bench[0].energy}), "R-DECLARE-5", "names no Benched Pokémon")
    leaf = board(side(poke(LEAFEON, energy=[GRASS]), bench=[poke(RIOLU)], hand=[GRASS]), side(poke(PARAS)))
    grass = leaf.seats[0].hand[0]
    act(leaf, 0, attack("Leaflet Blessings", {"op": "move", "from": "hand", "to": "attached", "cards": [grass],
                                              "target": leaf.seats[0].bench[0].top}))
    refuse(leaf, 0, attack("Leaflet Blessings", {"op": "move", "from": "hand", "to": "attached", "cards": [grass],
                                                 "target": leaf.seats[0].active.top}), "R-DECLARE-5",
           "names no Active Pokémon of Seat 0")


def test_R_DECLARE_5_a_declared_ability_keeps_to_its_text():
    """Forretress ex's Exploding Energy: "search your deck for up to 5 Basic Grass Energy cards and
    attach them to your Pokémon in any way you like"."""
    state = board(side(poke(RIOLU), bench=[poke("sv2-5")], deck=[GRASS] * 7), side(poke(RIOLU)))
    use = {"type": "use_power", "pokemon": state.seats[0].bench[0].top, "power": "Exploding Energy"}
    active = state.seats[0].active.top
    act(state, 0, {**use, "declared": [{"op": "move", "from": "deck", "to": "attached", "cards": [GRASS] * 5,
                                        "target": active}]})
    refuse(state, 0, {**use, "declared": [{"op": "move", "from": "deck", "to": "attached", "cards": [GRASS] * 6,
                                           "target": active}]}, "R-DECLARE-5", "at most 5 cards, not 6")
    refuse(state, 0, {**use, "declared": [{"op": "move", "from": "deck", "to": "hand", "cards": [GRASS]}]},
           "R-DECLARE-5", "does not name the hand")


def test_R_DECLARE_5_a_declared_item_keeps_to_its_text_without_its_rules_reminder():
    """Letter of Encouragement: "Search your deck for up to 3 Basic Energy cards ... into your
    hand" ("You may play any number of Item cards during your turn" bounds nothing)."""
    letter = "sv3-189"
    state = board(side(poke(RIOLU, damage=30), hand=[letter], deck=[GRASS] * 5), side(poke(RIOLU)))
    card = state.seats[0].hand[0]
    act(state, 0, {"type": "play_trainer", "card": card, "declared": [
        {"op": "move", "from": "deck", "to": "hand", "cards": [GRASS] * 3}, {"op": "shuffle"}]})
    refuse(state, 0, {"type": "play_trainer", "card": card, "declared": [
        {"op": "move", "from": "deck", "to": "hand", "cards": [GRASS] * 4}]}, "R-DECLARE-5", "at most 3 cards")
    refuse(state, 0, {"type": "play_trainer", "card": card, "declared": [
        {"op": "heal", "target": state.seats[0].active.top, "amount": 10}]}, "R-DECLARE-5", "does not name healing")
