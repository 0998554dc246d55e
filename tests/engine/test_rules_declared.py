"""Declared effects (R-DECLARE-1..4, projections/tcg/declare.py) and the modern rules that come
with Scarlet & Violet cards: Tera on the Bench (R-DAMAGE-4), a Pokémon ex's 2 Prize cards,
Abilities (R-POWER-1/2), the Lost Zone. Each step of the vocabulary is carried out on a real
board and refused where the board makes it impossible."""
import pytest

from projections.tcg import carddb
from projections.tcg.cards.describe import describe_card
from projections.tcg.declare import steps_errors
from projections.tcg.legal import legal_actions
from projections.text import render
from tests.engine.cards.fixtures import act, poke, refuse, said
from tests.engine.cards.fixtures import board as ex_board

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING = "sve-1", "sve-2", "sve-3", "sve-4", "sve-5", "sve-6"
PARAS = "sv9-4"            # Leech Life: 10, text (compiled: cards/compiler/turn_conditions.py)
MIME_JR = "sv4pt5-31"      # Mimed Games: no cost, an attack of the opponent's used as this attack (declared)
CRYOGONAL = "sv3-55"       # First Freeze: 30, text (declared; after the first turn nothing more happens)
SPIRITOMB = "sv4-129"     # Durant, Swarming Rage: 20×, text (declared; Cynthia's Spiritomb's Raging Curse,
#                            here once, compiles now)
RIOLU = "sv1-112"          # Jab 10, Low Kick 20: no text (exact)
MIRAIDON_EX = "sv1-81"     # Ability Tandem Unit (compiled: cards/compiler/abilities.py), 2 Prize cards
KORAIDON_EX = "sv1-125"    # Ability Dino Cry (once a turn, printed; declared)
DEDENNE_EX = "sv2-93"      # Tera Pokémon ex
GEETA = "sv3-188"          # a Supporter, declared
LETTER = "sv3-189"         # an Item, declared
PATROL_CAP = "sv3-191"     # a Pokémon Tool, declared
LEAGUE_HQ = "sv3-192"      # a Stadium, declared
TING_LU = "sv6-110"         # Ground Crasher: 30, and with a Stadium in play 30 to each of the opponent's Benched
#                            Pokémon, discarding the Stadium (declared)
FADE_OUT_SPIRITOMB = "sv2-89"  # Fade Out: "Put this Pokémon and all attached cards into your hand."
EXCADRILL_EX = "zsv10pt5-160"  # Piercing Drill: 60, and 60 to 1 of the opponent's Benched Pokémon that has any
#                                damage counters on it (declared)
BREEZY_GIFT_ELDEGOSS = "sv7-11"  # Breezy Gift: "Put this Pokémon and all attached cards into your deck. If you
#                                  do, search your deck for up to 3 cards and put them into your hand. ..."
SALAMENCE_EX = "sv9-114"   # Wide Blast: 50 damage to each of the opponent's Benched Pokémon
VESPIQUEN_EX = "sv3-96"    # Phantom Queen: 3 damage counters on each of the opponent's damaged Benched Pokémon
TM_BLINDSIDE = "sv4-176"   # Technical Machine: Blindside (a Pokémon Tool; its attack declared)


@pytest.fixture(autouse=True)
def _letter_without_printed_bounds(monkeypatch):
    """The R-DECLARE-1 and R-DECLARE-3 tests below carry each step out through Letter of
    Encouragement, whose text only searches the deck for Basic Energy: they test the board's
    checks, not the text's, so its printed bounds (R-DECLARE-5, test_rules_declared_strict.py)
    are lifted here."""
    monkeypatch.setattr(carddb.card(LETTER).trainer, "bounded", False)


def side(active, bench=(), hand=(), deck=None, prizes=6, discard=(), lost_zone=()):
    out = {"active": active, "bench": list(bench), "hand": list(hand),
           "deck": [GRASS] * 8 if deck is None else list(deck), "prizes": [GRASS] * prizes,
           "discard": list(discard)}
    if lost_zone:
        out["lost_zone"] = list(lost_zone)
    return out


def board(mine, theirs, **kw):
    return ex_board(mine, theirs, ruleset="modern", **kw)


def first_freeze(*steps):
    return {"type": "attack", "attack": "First Freeze", "declared": list(steps)}


def simple(hand=(), deck=None, discard=(), bench=(), their_bench=(), **kw):
    """Seat 0's Cryogonal (Grass Energy) against Seat 1's Riolu."""
    return board(side(poke(CRYOGONAL, energy=[GRASS]), bench=bench, hand=hand, deck=deck, discard=discard),
                 side(poke(RIOLU), bench=their_bench), **kw)


def me(state):
    return state.seats[0]


# -- R-DECLARE-2: encoded texts are the engine's, the others must be declared --------------------

def test_R_DECLARE_2_a_declared_attack_must_be_declared_and_an_exact_one_refuses_steps():
    state = simple()
    v = refuse(state, 0, {"type": "attack", "attack": "First Freeze"}, "R-DECLARE-2", "declare its effect")
    assert "First Freeze" in v["message"]
    d = act(state, 0, first_freeze())                     # [] : it did nothing more than its damage
    said(d, "declares the effect of Cryogonal's First Freeze (0 step(s)")
    assert d.state.seats[1].active.damage == 30
    riolu = board(side(poke(RIOLU, energy=[FIGHTING])), side(poke(PARAS)))
    refuse(riolu, 0, {"type": "attack", "attack": "Jab", "declared": []}, "R-DECLARE-2", "encoded")
    d = act(riolu, 0, {"type": "attack", "attack": "Jab"})
    assert d.state.seats[1].active.damage == 10


def test_R_DECLARE_2_the_card_page_says_what_is_encoded_and_what_is_declared():
    cryogonal = describe_card(CRYOGONAL)
    assert cryogonal["declared"] == ["attack:First Freeze"] and cryogonal["encoded"] == []
    riolu = describe_card(RIOLU)
    assert riolu["encoded"] == ["attack:Jab", "attack:Low Kick"] and riolu["declared"] == []
    assert describe_card(GEETA)["declared"] == ["trainer"]
    miraidon = describe_card(MIRAIDON_EX)      # Photon Blaster's text is compiled (cards/compiler)
    assert miraidon["declared"] == [] and miraidon["encoded"] == ["attack:Photon Blaster", "power:Tandem Unit"]
    assert miraidon["power"]["compiled_by"] == ["search_to_bench"]
    assert describe_card(KORAIDON_EX)["declared"] == ["power:Dino Cry"]
    assert miraidon["attacks"][0]["compiled_by"] == ["cant_attack_next_turn"]
    assert describe_card(MIRAIDON_EX)["regulation_mark"] == "G"


def test_R_DECLARE_2_legal_actions_offer_declared_effects_to_fill_in():
    state = simple(hand=[LETTER])
    listed = legal_actions(state, 0)
    assert {"type": "attack", "attack": "First Freeze", "choices": {}, "declared": []} in listed
    assert {"type": "play_trainer", "card": me(state).hand[0], "targets": [], "choices": {},
            "declared": []} in listed
    toed = board(side(poke(SPIRITOMB, energy=[GRASS, GRASS])), side(poke(RIOLU)))
    assert {"type": "attack", "attack": "Swarming Rage", "choices": {},
            "declared": [{"op": "base_damage", "amount": 20}]} in legal_actions(toed, 0)


# -- R-DECLARE-1: each step, done and refused ----------------------------------------------------

def test_R_DECLARE_1_base_damage_follows_the_printed_mark_and_weakness_applies():
    toed = board(side(poke(SPIRITOMB, energy=[GRASS, GRASS])), side(poke(RIOLU)))
    refuse(toed, 0, {"type": "attack", "attack": "Swarming Rage", "declared": []}, "R-DECLARE-1",
           "declare the base damage")
    refuse(toed, 0, {"type": "attack", "attack": "Swarming Rage",
                     "declared": [{"op": "base_damage", "amount": 40}, {"op": "base_damage", "amount": 20}]},
           "R-DECLARE-1", "once")
    # Swarming Rage flips no coin (it once declared 3 flips here: beyond its text, R-DECLARE-5)
    d = act(toed, 0, {"type": "attack", "attack": "Swarming Rage",
                      "declared": [{"op": "base_damage", "amount": 20}]})
    assert d.state.seats[1].active.damage == 20          # Riolu is weak to Psychic, not Metal
    fire_weak = board(side(poke(SPIRITOMB, energy=[GRASS, GRASS])), side(poke(PARAS, energy=[GRASS, GRASS])))
    paras = carddb.card(PARAS)
    assert paras.weakness == "Fire"
    d = act(fire_weak, 0, {"type": "attack", "attack": "Swarming Rage",
                           "declared": [{"op": "base_damage", "amount": 40}]})
    assert d.state.seats[1].active.damage == 40


def test_R_DECLARE_1_move_from_the_deck_to_the_hand_and_shuffle():
    state = simple(hand=[LETTER], deck=[GRASS, RIOLU, GRASS])
    letter = me(state).hand[0]
    d = act(state, 0, {"type": "play_trainer", "card": letter, "declared": [
        {"op": "move", "from": "deck", "to": "hand", "cards": [RIOLU]}, {"op": "shuffle"}]})
    assert [d.state.card_id(i) for i in d.state.seats[0].hand] == [RIOLU]
    assert letter in d.state.seats[0].discard
    step = d.event["payload"]["action"]["declared"][0]
    assert step["cards"][0] in d.state.seats[0].hand        # the card id kept as its instance
    line = d.narration[said(d, "from the deck to the hand")]
    assert render(line, {step["cards"][0]}, 1) != line       # the opponent reads a hidden card
    refuse(state, 0, {"type": "play_trainer", "card": letter, "declared": [
        {"op": "move", "from": "deck", "to": "hand", "cards": [MIRAIDON_EX]}]}, "R-DECLARE-1", "not there")


def test_R_DECLARE_1_move_to_the_bench_needs_a_basic_and_room():
    state = simple(hand=[LETTER], deck=[RIOLU, SPIRITOMB, GRASS])
    letter = me(state).hand[0]
    d = act(state, 0, {"type": "play_trainer", "card": letter, "declared": [
        {"op": "move", "from": "deck", "to": "bench", "cards": [RIOLU, SPIRITOMB]}]})
    assert len(d.state.seats[0].bench) == 2
    refuse(state, 0, {"type": "play_trainer", "card": letter, "declared": [
        {"op": "move", "from": "deck", "to": "bench", "cards": [GRASS]}]}, "R-BENCH-2")
    full = simple(hand=[LETTER], deck=[RIOLU], bench=[poke(RIOLU)] * 5)
    refuse(full, 0, {"type": "play_trainer", "card": me(full).hand[0], "declared": [
        {"op": "move", "from": "deck", "to": "bench", "cards": [RIOLU]}]}, "R-BENCH-1")


def test_R_DECLARE_1_move_energy_and_tools_between_pokemon_and_to_the_lost_zone():
    state = board(side(poke(PARAS, energy=[GRASS, FIRE]), bench=[poke(RIOLU)], hand=[LETTER]),
                  side(poke(RIOLU)))
    active, bench = me(state).active, me(state).bench[0]
    letter = me(state).hand[0]
    d = act(state, 0, {"type": "play_trainer", "card": letter, "declared": [
        {"op": "move", "from": "attached", "to": "attached", "cards": [active.energy[1]], "target": bench.top},
        {"op": "move", "from": "attached", "to": "lost_zone", "cards": [active.energy[0]]}]})
    assert d.state.seats[0].bench[0].energy == [active.energy[1]]
    assert d.state.seats[0].lost_zone == [active.energy[0]] and d.state.seats[0].active.energy == []
    refuse(state, 0, {"type": "play_trainer", "card": letter, "declared": [
        {"op": "move", "from": "hand", "to": "attached", "cards": [letter], "target": bench.top}]},
        "R-DECLARE-1", "not there")                           # the card played is no longer in hand
    refuse(state, 0, {"type": "play_trainer", "card": letter, "declared": [
        {"op": "move", "from": "attached", "to": "attached", "cards": [active.energy[0]]}]},
        "R-DECLARE-1", "target")


def test_R_DECLARE_1_counters_heal_and_conditions():
    state = board(side(poke(PARAS, energy=[GRASS], damage=30), hand=[LETTER]), side(poke(RIOLU)))
    letter, mine, theirs = me(state).hand[0], me(state).active.top, state.seats[1].active.top
    d = act(state, 0, {"type": "play_trainer", "card": letter, "declared": [
        {"op": "heal", "target": mine, "amount": 20}, {"op": "counters", "target": theirs, "count": 3},
        {"op": "condition", "target": theirs, "add": "poisoned"}]})
    assert d.state.seats[0].active.damage == 10 and d.state.seats[1].active.damage == 30
    assert d.state.seats[1].active.conditions == ["poisoned"]
    refuse(state, 0, {"type": "play_trainer", "card": letter, "declared": [
        {"op": "heal", "target": mine, "amount": 40}]}, "R-DECLARE-1", "has 30 damage")
    refuse(state, 0, {"type": "play_trainer", "card": letter, "declared": [
        {"op": "condition", "target": theirs, "remove": "asleep"}]}, "R-DECLARE-1", "not asleep")
    refuse(state, 0, {"type": "play_trainer", "card": letter, "declared": [
        {"op": "counters", "target": theirs, "count": 0}]}, "R-DECLARE-1", "damage counters")


def test_R_DECLARE_1_damage_is_an_attacks_and_a_bench_target_skips_weakness():
    # Ting-Lu's Ground Crasher "also does 30 damage to each of your opponent's Benched Pokémon"
    # (with a Stadium in play; Excadrill ex's Piercing Drill and Glastrier's Ice Shot, here once,
    # compile now; Paras's Leech Life did this once: its text damages no Benched Pokémon,
    # R-DECLARE-5). The Benched Miraidon ex is weak to Fighting and takes 30, not 60; the Active
    # one takes its Weakness.
    crasher = board(side(poke(TING_LU, energy=[FIGHTING])),
                    side(poke(MIRAIDON_EX), bench=[poke(MIRAIDON_EX, damage=10)]))
    benched = crasher.seats[1].bench[0].top
    d = act(crasher, 0, {"type": "attack", "attack": "Ground Crasher",
                         "declared": [{"op": "damage", "target": benched, "amount": 30}]})
    assert d.state.seats[1].bench[0].damage == 40 and d.state.seats[1].active.damage == 60
    hand = simple(hand=[LETTER])
    refuse(hand, 0, {"type": "play_trainer", "card": me(hand).hand[0], "declared": [
        {"op": "damage", "target": hand.seats[1].active.top, "amount": 20}]}, "R-DECLARE-1", "counters")
    # Mime Jr.'s Mimed Games uses an attack of the opponent's: its words bound no damage or place
    mimed = board(side(poke(MIME_JR)), side(poke(RIOLU)))
    refuse(mimed, 0, {"type": "attack", "attack": "Mimed Games",
                      "declared": [{"op": "damage", "target": me(mimed).active.top, "amount": 20}]},
           "R-DECLARE-1", "not a Pokémon of Seat 1")


def test_R_DECLARE_1_switch_draw_reveal_and_return():
    state = board(side(poke(PARAS, energy=[GRASS]), bench=[poke(RIOLU)], hand=[LETTER, RIOLU],
                       deck=[GRASS, GRASS]),
                  side(poke(RIOLU), bench=[poke(SPIRITOMB)]))
    letter = me(state).hand[0]
    riolu_hand = me(state).hand[1]
    d = act(state, 0, {"type": "play_trainer", "card": letter, "declared": [
        {"op": "switch", "seat": 1, "to": state.seats[1].bench[0].top},
        {"op": "reveal", "cards": [riolu_hand]}, {"op": "draw", "count": 2},
        {"op": "return_pokemon", "pokemon": me(state).bench[0].top, "to": "deck_bottom"}]})
    assert d.state.card_id(d.state.seats[1].active.top) == SPIRITOMB
    assert len(d.state.seats[0].hand) == 3 and d.state.seats[0].bench == []
    assert d.state.card_id(d.state.seats[0].deck[-1]) == RIOLU
    said(d, "shows")
    refuse(state, 0, {"type": "play_trainer", "card": letter, "declared": [
        {"op": "switch", "to": me(state).active.top}]}, "R-DECLARE-1", "not on the Bench")
    # Eldegoss's Breezy Gift puts itself into the deck: an attack's steps don't take the Active out of play
    gift = board(side(poke(BREEZY_GIFT_ELDEGOSS, energy=[GRASS])), side(poke(RIOLU)))
    refuse(gift, 0, {"type": "attack", "attack": "Breezy Gift", "declared": [
        {"op": "return_pokemon", "pokemon": me(gift).active.top, "to": "deck"}]}, "R-DECLARE-1", "judge's call")


def test_R_DECLARE_1_a_step_list_of_the_wrong_shape_is_named_field_by_field():
    errors = steps_errors([{"op": "move", "from": "hand", "to": "mars", "cards": ["0:1"], "count": 2},
                           {"op": "teleport"}, {"op": "heal", "target": "0:1", "amount": 15}, "x"])
    assert errors["action.declared[0].to"] and errors["action.declared[0].cards"]
    assert errors["action.declared[1].op"] and errors["action.declared[2].amount"]
    assert errors["action.declared[3]"]
    assert steps_errors([{"op": "draw", "count": 1}] * 31)["action.declared"]
    assert steps_errors([]) == {}


# -- R-DECLARE-3: the universal rules after the steps ------------------------------------------

def test_R_DECLARE_3_knock_outs_prizes_and_the_winner_follow_declared_steps():
    state = board(side(poke(PARAS, energy=[GRASS]), hand=[LETTER]),
                  side(poke(MIRAIDON_EX, damage=200), bench=[poke(RIOLU)]))
    d = act(state, 0, {"type": "play_trainer", "card": me(state).hand[0], "declared": [
        {"op": "counters", "target": state.seats[1].active.top, "count": 2}]})
    said(d, "the rules Knock it Out. [R-DECLARE-3]")
    assert len(d.state.seats[0].prizes) == 4                  # a Pokémon ex gives 2 Prize cards
    assert d.state.phase == "promote"
    last = board(side(poke(PARAS, energy=[GRASS]), hand=[LETTER], prizes=1), side(poke(RIOLU)))
    d = act(last, 0, {"type": "play_trainer", "card": me(last).hand[0], "declared": [
        {"op": "counters", "target": last.seats[1].active.top, "count": 7}]})
    assert d.state.phase == "finished" and d.state.result["winner"] == 0


def test_R_DECLARE_3_steps_of_an_attack_that_did_not_happen_are_refused():
    state = board(side(poke(CRYOGONAL, energy=[GRASS], conditions=["confused"])), side(poke(RIOLU)))
    refuse(state, 0, first_freeze({"op": "counters", "target": state.seats[1].active.top, "count": 1}),
           "R-DECLARE-1", "did not happen", coins=["T"])
    act(state, 0, first_freeze(), coins=["T"])


def test_R_DECLARE_3_a_confused_x_attack_may_declare_its_base_damage_whatever_the_coin():
    """A "×" attack must declare its base damage (R-DECLARE-1), and the Confusion coin is flipped
    after the action is sent: the one step is accepted when the attack fails (tails) as when it
    happens (heads), so the action legal_actions lists is legal either way."""
    state = board(side(poke(SPIRITOMB, energy=[GRASS, GRASS], conditions=["confused"])), side(poke(RIOLU)))
    kicks = {"type": "attack", "attack": "Swarming Rage", "declared": [{"op": "base_damage", "amount": 20}]}
    assert {**kicks, "choices": {}} in legal_actions(state, 0)
    failed = act(state, 0, kicks, coins=["T"])
    assert failed.state.seats[1].active.damage == 0
    act(state, 0, kicks, coins=["H"])
    refuse(state, 0, {**kicks, "declared": [*kicks["declared"], {"op": "draw", "count": 1}]},
           "R-DECLARE-1", "did not happen", coins=["T"])


# -- R-DECLARE-4: texts that act by themselves --------------------------------------------------

def test_R_DECLARE_4_a_tool_or_the_stadium_in_play_declares_its_effect():
    state = board(side(poke(PARAS, energy=[GRASS], attached=[PATROL_CAP])),
                  side(poke(RIOLU, damage=20)), stadium=None)
    cap = me(state).active.attached[0]
    assert {"type": "declare", "source": cap, "declared": []} in legal_actions(state, 0)
    d = act(state, 0, {"type": "declare", "source": cap, "declared": [
        {"op": "heal", "target": state.seats[1].active.top, "amount": 10}]})
    said(d, "declares the effect of Patrol Cap's text")
    refuse(state, 1, {"type": "declare", "source": cap, "declared": []}, "R-DECLARE-4", "its owner")
    refuse(state, 0, {"type": "declare", "source": "1:99", "declared": []}, "R-DECLARE-4", "not a card in play")
    riolu = board(side(poke(RIOLU, energy=[FIGHTING])), side(poke(PARAS)))
    refuse(riolu, 0, {"type": "declare", "source": riolu.seats[0].active.top, "declared": []},
           "R-DECLARE-2", "encoded")


def test_R_DECLARE_4_during_the_opponents_turn_but_not_in_setup():
    state = board(side(poke(RIOLU)), side(poke(PARAS, energy=[GRASS], attached=[PATROL_CAP])))
    cap = state.seats[1].active.attached[0]                 # Seat 1's Tool in Seat 0's turn
    act(state, 1, {"type": "declare", "source": cap, "declared": []})
    setup = state.clone()
    setup.phase = "setup"
    refuse(setup, 1, {"type": "declare", "source": cap, "declared": []}, "R-DECLARE-4", "being played")


def test_R_DECLARE_1_declared_trainers_keep_their_kinds_rules():
    state = simple(hand=[GEETA, GEETA, PATROL_CAP, LEAGUE_HQ])
    g1, g2, cap, hq = me(state).hand
    d = act(state, 0, {"type": "play_trainer", "card": g1, "declared": []})
    refuse(d.state, 0, {"type": "play_trainer", "card": g2, "declared": []}, "R-TRAINER-2")
    refuse(state, 0, {"type": "play_trainer", "card": cap, "declared": []}, "R-TRAINER-4")
    d = act(state, 0, {"type": "play_trainer", "card": cap, "targets": [me(state).active.top], "declared": []})
    assert d.state.seats[0].active.attached == [cap]
    d = act(state, 0, {"type": "play_trainer", "card": hq, "declared": []})
    assert d.state.stadium == {"card": hq, "owner": 0}
    first_turn = simple(hand=[GEETA], turn=1)
    refuse(first_turn, 0, {"type": "play_trainer", "card": me(first_turn).hand[0], "declared": []},
           "R-TRAINER-2", "first turn")


# -- the modern rules the Scarlet & Violet cards bring -----------------------------------------

def test_R_DAMAGE_4_a_tera_pokemon_on_the_bench_takes_no_damage_from_attacks():
    # Salamence ex's Wide Blast: 50 damage to each of the opponent's Benched Pokémon (compiled,
    # cards/compiler/damage_targets.py); Vespiquen ex's Phantom Queen: 3 damage counters on each
    # of them that has any (declared; Flutter Mane's Hex Hurl, here once, compiles now; Paras's
    # Leech Life did both once: its text does neither, R-DECLARE-5).
    state = board(side(poke(SALAMENCE_EX, energy=[FIRE, FIRE, FIRE])),
                  side(poke(RIOLU), bench=[poke(DEDENNE_EX), poke(PARAS)]))
    d = act(state, 0, {"type": "attack", "attack": "Wide Blast"})
    assert d.state.seats[1].bench[0].damage == 0 and d.state.seats[1].bench[1].damage == 50
    said(d, "[R-DAMAGE-4]")
    # counters are not damage (R-DAMAGE-3): the Tera rule does not stop them
    queen = board(side(poke(VESPIQUEN_EX, energy=[GRASS] * 3)),
                  side(poke(MIRAIDON_EX), bench=[poke(DEDENNE_EX, damage=10), poke(PARAS)]))
    d = act(queen, 0, {"type": "attack", "attack": "Phantom Queen", "declared": [
        {"op": "counters", "target": queen.seats[1].bench[0].top, "count": 3}]})
    assert d.state.seats[1].bench[0].damage == 40


def test_R_DAMAGE_4_an_active_tera_pokemon_takes_damage():
    state = board(side(poke(RIOLU, energy=[FIGHTING])), side(poke(DEDENNE_EX)))
    d = act(state, 0, {"type": "attack", "attack": "Jab"})
    assert d.state.seats[1].active.damage == 10


def test_R_KO_2_modern_a_pokemon_ex_gives_two_prize_cards():
    state = board(side(poke(RIOLU, energy=[FIGHTING, FIGHTING])),
                  side(poke(MIRAIDON_EX, damage=210), bench=[poke(RIOLU)]))
    d = act(state, 0, {"type": "attack", "attack": "Low Kick"})
    assert len(d.state.seats[0].prizes) == 4
    said(d, "[R-KO-2]")


def test_R_POWER_1_a_declared_ability_once_a_turn_as_printed():
    # Dino Cry attaches "up to 2 Basic Fighting Energy cards from your discard pile to your Basic
    # Fighting Pokémon" (it once moved a Riolu from the deck here: its text names no deck, R-DECLARE-5)
    state = board(side(poke(RIOLU), bench=[poke(KORAIDON_EX)], discard=[FIGHTING, FIGHTING]), side(poke(RIOLU)))
    koraidon = me(state).bench[0].top
    use = {"type": "use_power", "pokemon": koraidon, "power": "Dino Cry", "declared": [
        {"op": "move", "from": "discard", "to": "attached", "cards": [FIGHTING, FIGHTING],
         "target": me(state).active.top}]}
    assert {"type": "use_power", "pokemon": koraidon, "power": "Dino Cry", "choices": {},
            "declared": []} in legal_actions(state, 0)
    d = act(state, 0, use)
    assert len(d.state.seats[0].active.energy) == 2 and d.state.seats[0].discard == []
    refuse(d.state, 0, {**use, "declared": []}, "R-POWER-1", "once a turn")
    refuse(state, 0, {k: v for k, v in use.items() if k != "declared"}, "R-DECLARE-2")


def test_R_POWER_2_an_ability_works_whatever_the_special_conditions():
    state = board(side(poke(KORAIDON_EX, conditions=["asleep"])), side(poke(RIOLU)))
    act(state, 0, {"type": "use_power", "pokemon": me(state).active.top, "power": "Dino Cry",
                   "declared": []})


def test_the_lost_zone_is_public_and_kept_by_the_state():
    state = board(side(poke(PARAS, energy=[GRASS]), lost_zone=[RIOLU]), side(poke(RIOLU)))
    assert [state.card_id(i) for i in me(state).lost_zone] == [RIOLU]
    from projections.tcg.view import view_state
    assert view_state(state, "player", 1)["seats"][0]["lost_zone"][0]["card"] == RIOLU


@pytest.mark.parametrize("card_id", [CRYOGONAL, SPIRITOMB, KORAIDON_EX, GEETA, PATROL_CAP, LEAGUE_HQ])
def test_declared_cards_are_playable_in_the_modern_ruleset(card_id):
    assert carddb.card(card_id).implemented and carddb.card(card_id).declared


# -- the fossils: Items played as Basic Pokémon (cards/sv_fossils.py) ---------------------------

def test_R_BENCH_2_an_antique_fossil_is_played_as_a_60_hp_basic_and_evolves():
    helix, omanyte = "sv3pt5-153", "sv3pt5-138"
    assert carddb.card(omanyte).evolves_from == "Antique Helix Fossil"
    state = simple(hand=[helix, omanyte], turn=3)
    fossil, evo = me(state).hand
    d = act(state, 0, {"type": "play_trainer", "card": fossil, "targets": [], "choices": {}})
    said(d, "onto the Bench as a Basic Pokémon. [R-BENCH-2]")
    benched = d.state.seats[0].bench[0]
    assert d.state.hp(benched) == 60 and d.state.card_of(benched.top).type == "Colorless"
    refuse(d.state, 0, {"type": "evolve", "card": evo, "target": benched.top}, "R-EVOLVE-2")
    later = d.state.clone()
    later.turn += 2
    later.this_turn = dict(later.this_turn)
    act(later, 0, {"type": "evolve", "card": evo, "target": benched.top})
    act(later, 0, {"type": "discard_from_play", "card": benched.top})
    swapped = later.clone()
    swapped.seats[0].active, swapped.seats[0].bench[0] = swapped.seats[0].bench[0], swapped.seats[0].active
    refuse(swapped, 0, {"type": "retreat", "to": swapped.seats[0].bench[0].top, "discard": []},
           "R-RETREAT-1", "can't retreat")


def test_R_ATTACK_1_a_technical_machine_gives_its_attack_to_its_pokemon():
    tm = TM_BLINDSIDE
    tm_attack = carddb.card(tm).attacks[0]
    assert carddb.card(tm).trainer_kind == "tool" and tm_attack.compiled_by == ("damage_chosen",)
    state = board(side(poke(RIOLU, energy=[FIGHTING] * 3, attached=[tm]), bench=[poke(RIOLU)]),
                  side(poke(PARAS), bench=[poke(MIRAIDON_EX, damage=10)]))
    offered = {"type": "attack", "attack": tm_attack.name, "choices": {}}
    assert offered in legal_actions(state, 0)
    # Blindside does "100 damage to 1 of your opponent's Pokémon that has any damage counters on it"
    # (compiled, cards/compiler/damage_targets.py; Technical Machine: Turbo Energize, here once,
    # compiles too): the Benched Miraidon ex is the only one
    d = act(state, 0, offered)
    said(d, f"Riolu's {tm_attack.name} does 100 damage to Miraidon ex")
    assert d.state.seats[1].bench[0].damage == 110
    plain = board(side(poke(RIOLU, energy=[FIGHTING] * 3)), side(poke(PARAS)))
    refuse(plain, 0, {**offered}, "R-ATTACK-1", "no attack")


# The attacks of the declared sets whose text also damages the attacker's own Benched Pokémon
# (found in ../shared/cards/sv*.json by their text: "damage to each of / 1 of your Benched
# Pokémon", or each Benched Pokémon "both yours and your opponent's"): card, attack, the damage
# each of the own Benched Pokémon takes, and whether the opponent's Bench takes it too.
OWN_BENCH_ATTACKS = [
    ("sv1-117", "Earthquake", 30, False),        # Krookodile
    ("sv2-150", "Nosequake", 30, False),         # Copperajah ex
    ("sv2-245", "Nosequake", 30, False),
    ("sv3-106", "Blasting Tackle", 20, False),   # Pupitar
    ("svp-120", "Blasting Tackle", 20, False),
    ("sv4-66", "Raging Thunder", 40, False),     # Zekrom
    ("sv4-125", "Earthquake", 30, False),        # Steelix
    ("sv4-208", "Earthquake", 30, False),
    ("sv5-52", "Collateral Bolts", 50, True),    # Raichu: the damaged ones, both sides
    ("sv6-69", "Sky Wave", 10, True),            # Emolga
    ("sv6-83", "Dual Headbutt", 10, False),      # Girafarig
    ("sv6-98", "Earthquake", 10, False),         # Sandslash
]
ENERGY_OF = {"Grass": GRASS, "Fire": FIRE, "Water": WATER, "Lightning": LIGHTNING, "Psychic": PSYCHIC,
             "Fighting": FIGHTING, "Darkness": "sve-7", "Metal": "sve-8", "Colorless": GRASS}
COPPERAJAH_EX = "sv2-150"   # 300 HP: no attack here Knocks it Out


@pytest.mark.parametrize("card_id,attack,amount,both", OWN_BENCH_ATTACKS)
def test_R_DAMAGE_4_a_declared_attack_damages_its_own_bench_and_a_tera_pokemon_there_takes_none(
        card_id, attack, amount, both):
    """Issue 41 item 7: a `damage` step may name the attacker's own Benched Pokémon; it is damage
    (no Weakness or Resistance on the Bench, R-DAMAGE-2), so a Tera Pokémon ex there takes none
    (R-DAMAGE-4) instead of counters. An attack whose text the compiler reads (Earthquake,
    Nosequake: `bench_each`) does the same by itself."""
    cost = [a for a in carddb.card(card_id).attacks if a.name == attack][0].cost
    # a promo's Pupitar sits on the Larvitar of Paradox Rift (the promo set holds none)
    attacker = poke("sv3-106" if card_id == "svp-120" else card_id, energy=[ENERGY_OF[t] for t in cost])
    attacker["card"] = card_id
    state = board(side(attacker,
                       bench=[poke(DEDENNE_EX, damage=10), poke(RIOLU, damage=10)]),
                  side(poke(COPPERAJAH_EX), bench=[poke(RIOLU, damage=10)]))
    tera, plain = (p.top for p in me(state).bench)
    steps = [{"op": "damage", "target": tera, "amount": amount},
             {"op": "damage", "target": plain, "amount": amount}]
    if both:
        steps.append({"op": "damage", "target": state.seats[1].bench[0].top, "amount": amount})
    compiled = carddb.card(card_id).attack(attack).compiled_by
    if "damage_chosen" in compiled:         # "1 of your Benched Pokémon": the one chosen
        d = act(state, 0, {"type": "attack", "attack": attack, "choices": {"pokemon": [tera]}})
        said(d, "is a Tera Pokémon on the Bench: attacks do it no damage. [R-DAMAGE-4]")
        d = act(state, 0, {"type": "attack", "attack": attack, "choices": {"pokemon": [plain]}})
        assert [p.damage for p in d.state.seats[0].bench] == [10, 10 + amount]
        return
    if compiled:      # its text compiled: no steps to declare
        d = act(state, 0, {"type": "attack", "attack": attack})
    else:
        d = act(state, 0, {"type": "attack", "attack": attack, "declared": steps})
    tera_after, plain_after = d.state.seats[0].bench
    assert tera_after.damage == 10 and plain_after.damage == 10 + amount
    said(d, "is a Tera Pokémon on the Bench: attacks do it no damage. [R-DAMAGE-4]")
    if both:
        assert d.state.seats[1].bench[0].damage == 10 + amount


def test_R_DECLARE_1_an_attacks_damage_names_no_own_active_and_no_card_out_of_play():
    # Drifblim's Everyone Explode Now "also does 30 damage to each of your Drifloon and Drifblim"
    # (Emolga's Sky Wave, here once, compiles now)
    state = board(side(poke("sv7-61", energy=[PSYCHIC]), bench=[poke("sv7-60")]), side(poke(COPPERAJAH_EX)))
    explode = {"type": "attack", "attack": "Everyone Explode Now"}
    base = {"op": "base_damage", "amount": 100}
    refuse(state, 0, {**explode, "declared": [base, {"op": "damage", "target": me(state).active.top, "amount": 30}]},
           "R-DECLARE-1", "nor a Benched Pokémon of Seat 0 (Ana)")
    refuse(state, 0, {**explode, "declared": [base, {"op": "damage", "target": me(state).deck[0], "amount": 30}]},
           "R-DECLARE-1", "is not a Pokémon of Seat 1 (Beto) in play")
    d = act(state, 0, {**explode, "declared": [base, {"op": "damage", "target": me(state).bench[0].top,
                                                      "amount": 30}]})
    assert d.state.seats[0].bench[0].damage == 30
