"""The compiler's zone templates (`cards/compiler/zones.py`, blocks in `cards/effects/deck_moves.py`),
ruleset `modern`: each template with a real card it compiles (legal and refused cases, the rule id
in the test's name), the searches' rulings (a search for a stated quality may find none, a search
for "a card" must take one; the deck is seen by its owner only, the hand gets what the text
reveals), the wordings each template accepts and texts that almost match and must not."""
import re

import pytest

from projections.tcg import carddb
from projections.tcg.carddb import AttackDef, card
from projections.tcg.cards.compiler import compile_attack, zones
from projections.tcg.legal import legal_actions

from .fixtures import act, board, poke, refuse

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING, DARKNESS, METAL = (f"sve-{n}" for n in range(1, 9))
ENERGY = {"Grass": GRASS, "Fire": FIRE, "Water": WATER, "Lightning": LIGHTNING, "Psychic": PSYCHIC,
          "Fighting": FIGHTING, "Darkness": DARKNESS, "Metal": METAL, "Colorless": METAL}
ARVEN, NEST_BALL, ARTAZON, VITALITY_BAND = "sv1-166", "sv1-181", "sv2-171", "sv1-197"
NUMEL, MEGA_CAMERUPT = "me1-21", "me1-22"       # a Basic, and a Stage 1 that is not one
RAGING_BOLT = "sv5-123"
FILLER = "me1-33"                                 # Corphish, a Basic to fill Benches


def _poke(card_id, energy=()):
    """poke(), or on the Item it evolves from (Omanyte on Antique Helix Fossil)."""
    try:
        return poke(card_id, energy)
    except StopIteration:
        fossil = next(c.id for c in carddb.all_cards() if c.name == card(card_id).evolves_from)
        return {"card": card_id, "energy": list(energy), "under": [fossil]}


def _board(card_id, attack, *, energy=None, bench=(), hand=(), deck=None, discard=(), their_hand=(),
           their_deck=None, stadium=None, their_energy=(), their_bench=()):
    cost = [ENERGY[t] for t in card(card_id).attack(attack).cost]
    mine = {"active": _poke(card_id, cost if energy is None else energy), "bench": [poke(b) for b in bench],
            "hand": list(hand), "deck": [FIGHTING] * 8 if deck is None else list(deck), "prizes": [GRASS] * 6,
            "discard": list(discard)}
    theirs = {"active": poke(RAGING_BOLT, their_energy), "bench": [poke(b) for b in their_bench],
              "hand": list(their_hand),
              "deck": [WATER] * 8 if their_deck is None else list(their_deck), "prizes": [GRASS] * 6,
              "discard": []}
    return board(mine, theirs, ruleset="modern", stadium=stadium)


def _attack(state, attack, **choices):
    return act(state, 0, {"type": "attack", "attack": attack, "choices": choices})


def _choose(state, **choices):
    return act(state, 0, {"type": "choose", "choices": choices})


def _compiled(card_id, attack, template):
    a = card(card_id).attack(attack)
    assert a.compiled_by == (template,) and f"attack:{attack}" not in card(card_id).declared, (card_id, a)


def _of(state, zone, card_id, seat=0):
    return [i for i in getattr(state.seats[seat], zone) if state.instances[i] == card_id]


def state_hand_gone(d):
    return all(d.state.instances[i] != ARVEN for i in d.state.seats[1].hand)


def _choose_options(state):
    return [a["choices"] for a in legal_actions(state, 0) if a["type"] == "choose"]


def _attack_options(state, attack):
    return [a["choices"] for a in legal_actions(state, 0) if a["type"] == "attack" and a["attack"] == attack]


# -- the top of a deck, the hand --------------------------------------------------------------------

def test_r_trainer_5_discard_top_of_deck_spiritomb_and_tyranitar_ex_and_an_empty_deck():
    _compiled("me1-87", "Mountain Breaker", "discard_top_of_deck")
    state = _board("me1-87", "Mountain Breaker", their_deck=[FIRE, WATER, WATER])
    top = state.seats[1].deck[0]
    d = _attack(state, "Mountain Breaker")
    assert d.state.seats[1].discard == [top] and len(d.state.seats[1].deck) == 1     # and Beto's draw
    assert any(f"{top}|Basic Fire Energy|*" in line for line in d.narration)        # face up for both
    empty = _attack(_board("me1-87", "Mountain Breaker", their_deck=[]), "Mountain Breaker")
    assert empty.state.seats[1].discard == []
    _compiled("sv3-66", "Mountain Hurl", "discard_top_of_deck")                    # "of your deck"
    state = _board("sv3-66", "Mountain Hurl", deck=[FIRE, WATER, GRASS])
    d = _attack(state, "Mountain Hurl")
    assert d.state.seats[0].discard == state.seats[0].deck[:2] and d.state.seats[1].discard == []


def test_r_attack_2_discard_random_from_hand_scraggy_and_mega_scrafty_ex_outlaw_leg():
    _compiled("me2pt5-134", "Knock Off", "discard_random_from_hand")
    state = _board("me2pt5-134", "Knock Off", their_hand=[ARVEN, NEST_BALL])
    d = _attack(state, "Knock Off")
    assert _of(d.state, "discard", ARVEN, 1) + _of(d.state, "discard", NEST_BALL, 1) == d.state.seats[1].discard
    assert len(d.state.seats[1].discard) == 1
    assert _attack(_board("me2pt5-134", "Knock Off"), "Knock Off").state.seats[1].discard == []   # no hand
    a = card("me2pt5-135").attack("Outlaw Leg")
    assert a.compiled_by == ("discard_random_from_hand", "discard_top_of_deck")
    d = _attack(_board("me2pt5-135", "Outlaw Leg", their_hand=[ARVEN]), "Outlaw Leg")
    assert len(d.state.seats[1].discard) == 2 and state_hand_gone(d)


def test_r_hidden_1_opponent_reveals_hand_hoothoot_silent_wing():
    _compiled("sv5-126", "Silent Wing", "opponent_reveals_hand")
    state = _board("sv5-126", "Silent Wing", their_hand=[ARVEN])
    d = _attack(state, "Silent Wing")
    assert any(f"{state.seats[1].hand[0]}|Arven|*" in line for line in d.narration)
    assert d.state.seats[1].hand[:1] == state.seats[1].hand          # still in the hand (then Beto draws)


# -- deck searches ------------------------------------------------------------------------------------

def test_r_bench_1_search_basic_to_bench_numel_call_for_family_may_find_none():
    _compiled(NUMEL, "Call for Family", "search_basic_to_bench")
    state = _board(NUMEL, "Call for Family", deck=[FILLER, FILLER, NUMEL, MEGA_CAMERUPT, FIRE])
    d = _attack(state, "Call for Family")
    pending = d.state.pending
    assert pending["kind"] == "search" and pending["seat"] == 0 and sorted(pending["look"]) == sorted(
        state.seats[0].deck)                                          # shown to its owner only (R-HIDDEN-1)
    camerupt = _of(d.state, "deck", MEGA_CAMERUPT)[0]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [camerupt]}}, "R-ATTACK-2")   # not a Basic
    basics = _of(d.state, "deck", FILLER) + _of(d.state, "deck", NUMEL)
    refuse(d.state, 0, {"type": "choose", "choices": {"search": basics}}, "R-BENCH-1")         # up to 2
    done = _choose(d.state, search=basics[1:])
    assert [p.top for p in done.state.seats[0].bench] == basics[1:] and done.state.pending is None
    none = _choose(d.state, search=[])                                 # a quality search may find none
    assert none.state.seats[0].bench == []
    assert {"search": []} in _choose_options(d.state) and all(
        camerupt not in o["search"] for o in _choose_options(d.state))


def test_r_trainer_5_search_to_hand_charcadet_gather_strength_reveals_basic_energy():
    _compiled("me2-19", "Gather Strength", "search_to_hand")
    state = _board("me2-19", "Gather Strength", deck=[FIRE, WATER, ARVEN, FIGHTING])
    d = _attack(state, "Gather Strength")
    arven = _of(d.state, "deck", ARVEN)[0]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [arven]}}, "R-ATTACK-2")
    energy = _of(d.state, "deck", FIRE) + _of(d.state, "deck", WATER)
    refuse(d.state, 0, {"type": "choose", "choices": {"search": energy + _of(d.state, "deck", FIGHTING)}},
           "R-ATTACK-2")                                                # up to 2
    done = _choose(d.state, search=energy)
    assert set(energy) <= set(done.state.seats[0].hand) and len(done.state.seats[0].deck) == 2
    assert any(f"{energy[0]}|Basic Fire Energy|*" in line for line in done.narration)      # "reveal them"
    refuse(d.state, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")   # takes what it can


def test_r_hidden_1_search_to_hand_toxicroak_ex_nasty_plot_shows_the_cards_to_their_owner_only():
    _compiled("sv1-131", "Nasty Plot", "search_to_hand")
    state = _board("sv1-131", "Nasty Plot", deck=[ARVEN, NEST_BALL, FIRE])
    d = _attack(state, "Nasty Plot")
    picked = _of(d.state, "deck", ARVEN) + _of(d.state, "deck", NEST_BALL)
    done = _choose(d.state, search=picked)
    assert set(picked) <= set(done.state.seats[0].hand)
    assert any(f"{picked[0]}|Arven|0⟧" in line for line in done.narration)
    assert not any(f"{picked[0]}|Arven|*" in line for line in done.narration)


def test_r_trainer_5_search_to_hand_a_card_must_be_taken_greninja_ex_shinobi_blade_may_skip():
    _compiled("sv6-106", "Shinobi Blade", "search_to_hand")
    state = _board("sv6-106", "Shinobi Blade", deck=[ARVEN, FIRE])
    assert {"search": []} in _attack_options(state, "Shinobi Blade")
    skipped = _attack(state, "Shinobi Blade", search=[])               # "You may": not searched at all
    assert skipped.state.pending is None and skipped.state.seats[0].hand == []
    d = _attack(state, "Shinobi Blade")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")   # any card fits
    assert {"search": []} not in _choose_options(d.state)
    assert len(_choose(d.state, search=_of(d.state, "deck", ARVEN)).state.seats[0].hand) == 1


def test_r_trainer_5_search_to_hand_piplup_supporter_and_a_judge_naming_cards_at_once():
    _compiled("me2-27", "Call for Support", "search_to_hand")
    state = _board("me2-27", "Call for Support", deck=[ARVEN, NEST_BALL, FIRE])
    arven, ball = _of(state, "deck", ARVEN)[0], _of(state, "deck", NEST_BALL)[0]
    # named with the attack: an Item in the deck is refused as a card not in it would be (R-HIDDEN-1)
    wrong = refuse(state, 0, {"type": "attack", "attack": "Call for Support", "choices": {"search": [ball]}},
                   "R-ATTACK-2")
    absent = refuse(state, 0, {"type": "attack", "attack": "Call for Support", "choices": {"search": ["9:99"]}},
                    "R-ATTACK-2")
    assert wrong["message"] == absent["message"] and ball not in wrong["message"]
    d = _attack(state, "Call for Support", search=[arven])
    assert d.state.pending is None and d.state.seats[0].hand == [arven]


def test_r_trainer_5_search_energy_attach_growlithe_stoke_and_ogerpon_grass_kagura():
    _compiled("sv1-31", "Stoke", "search_energy_attach")
    state = _board("sv1-31", "Stoke", deck=[FIRE, FIRE, WATER, FIRE])
    d = _attack(state, "Stoke")
    water = _of(d.state, "deck", WATER)[0]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [water]}}, "R-ATTACK-2")     # not Fire
    fires = _of(d.state, "deck", FIRE)
    done = _choose(d.state, search=fires[:2])
    assert set(fires[:2]) <= set(done.state.seats[0].active.energy)
    refuse(d.state, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")   # "up to": at least one
    _compiled("sv10-26", "Grass Kagura", "search_energy_attach")
    state = _board("sv10-26", "Grass Kagura", bench=[FILLER], deck=[GRASS, WATER])
    d = _attack(state, "Grass Kagura")
    grass = _of(d.state, "deck", GRASS)
    refuse(d.state, 0, {"type": "choose", "choices": {"search": grass}}, "R-ATTACK-2")       # to which Pokémon?
    to = d.state.seats[0].bench[0].top
    assert {"search": grass, "to": to} in _choose_options(d.state)
    assert grass[0] in _choose(d.state, search=grass, to=to).state.seats[0].bench[0].energy


def test_r_trainer_5_search_energy_attach_grumpig_powerful_steps_in_any_way():
    _compiled("sv3-91", "Powerful Steps", "search_energy_attach")
    state = _board("sv3-91", "Powerful Steps", bench=[FILLER], deck=[FIRE, WATER])
    d = _attack(state, "Powerful Steps")
    cards = d.state.seats[0].deck[:]
    active, benched = d.state.seats[0].active.top, d.state.seats[0].bench[0].top
    refuse(d.state, 0, {"type": "choose", "choices": {"search": cards, "to": [active]}}, "R-ATTACK-2")
    done = _choose(d.state, search=cards, to=[active, benched])
    assert cards[0] in done.state.seats[0].active.energy and cards[1] in done.state.seats[0].bench[0].energy


def test_r_trainer_5_search_energy_each_benched_chi_yu_ex_up_to_3():
    _compiled("sv2-40", "Flame Surge", "search_energy_each_benched")
    state = _board("sv2-40", "Flame Surge", bench=[FILLER] * 4, deck=[FIRE] * 5)
    d = _attack(state, "Flame Surge")
    fires, bench = d.state.seats[0].deck[:4], [p.top for p in d.state.seats[0].bench]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": fires, "to": bench}}, "R-ATTACK-2")    # up to 3
    assert _choose(d.state, search=fires[:3], to=bench[:3]).state.seats[0].bench[3].energy == []


def test_r_trainer_5_search_energy_each_benched_mega_gardevoir_ex_one_for_every_benched_pokemon():
    """"For each of your Benched Pokémon" (no "up to"): one for every Benched Pokémon while the
    deck has them; fewer when it holds fewer."""
    _compiled("me1-60", "Overflowing Wishes", "search_energy_each_benched")
    state = _board("me1-60", "Overflowing Wishes", bench=[FILLER] * 2, deck=[PSYCHIC, FIGHTING, PSYCHIC])
    d = _attack(state, "Overflowing Wishes")
    psychic, bench = _of(d.state, "deck", PSYCHIC), [p.top for p in d.state.seats[0].bench]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": psychic[:1], "to": bench[:1]}}, "R-TRAINER-5")
    assert [len(p.energy) for p in _choose(d.state, search=psychic, to=bench).state.seats[0].bench] == [1, 1]
    short = _attack(_board("me1-60", "Overflowing Wishes", bench=[FILLER] * 2, deck=[PSYCHIC, FIGHTING]),
                    "Overflowing Wishes")
    one, bench = _of(short.state, "deck", PSYCHIC), [p.top for p in short.state.seats[0].bench]
    assert [len(p.energy) for p in _choose(short.state, search=one, to=bench[:1]).state.seats[0].bench] == [1, 0]


# -- Energy from the discard pile, moved, the Stadium, draws, switches ---------------------------------

def test_r_energy_3_attach_from_discard_garchomp_ex_hydro_lander_to_the_bench_in_any_way():
    _compiled("sv4-38", "Hydro Lander", "attach_from_discard")
    state = _board("sv4-38", "Hydro Lander", bench=[FILLER, FILLER], discard=[FIGHTING, FIGHTING, FIRE])
    fighting, fire = _of(state, "discard", FIGHTING), _of(state, "discard", FIRE)
    bench = [p.top for p in state.seats[0].bench]
    refuse(state, 0, {"type": "attack", "attack": "Hydro Lander", "choices": {"cards": fire, "to": bench[:1]}},
           "R-ATTACK-2")                                                # not Fighting
    refuse(state, 0, {"type": "attack", "attack": "Hydro Lander", "choices": {"cards": fighting, "to": bench[:1]}},
           "R-ATTACK-2")                                                # one place for two cards
    d = _attack(state, "Hydro Lander", cards=fighting, to=bench)
    assert [p.energy for p in d.state.seats[0].bench] == [fighting[:1], fighting[1:]]
    refuse(state, 0, {"type": "attack", "attack": "Hydro Lander", "choices": {"cards": []}},
           "R-ATTACK-2")                                                # "up to": at least one (R-TRAINER-5)
    assert {"cards": fighting, "to": bench} in _attack_options(state, "Hydro Lander")


def test_r_energy_3_attach_from_discard_landorus_and_squawkabilly_ex_motivate():
    _compiled("zsv10pt5-53", "Abundant Harvest", "attach_from_discard")     # the EX sets' AttachFromDiscard
    state = _board("zsv10pt5-53", "Abundant Harvest", discard=[FIGHTING])
    assert _of(_attack(state, "Abundant Harvest").state, "discard", FIGHTING) == []
    _compiled("sv2-247", "Motivate", "attach_from_discard")
    state = _board("sv2-247", "Motivate", bench=[FILLER, FILLER], discard=[FIRE, WATER])
    to = state.seats[0].bench[1].top
    d = _attack(state, "Motivate", cards=state.seats[0].discard, to=to)
    assert sorted(d.state.seats[0].bench[1].energy) == sorted(state.seats[0].discard)
    refuse(state, 0, {"type": "attack", "attack": "Motivate", "choices": {"cards": state.seats[0].discard,
                                                                          "to": state.seats[0].active.top}},
           "R-ATTACK-2")                                                # a Benched Pokémon only


def test_r_energy_3_move_energy_to_bench_mega_gengar_ex_void_gale_and_blissey():
    _compiled("me2-56", "Void Gale", "move_energy_to_bench")
    state = _board("me2-56", "Void Gale", bench=[FILLER, FILLER])
    refuse(state, 0, {"type": "attack", "attack": "Void Gale", "choices": {}}, "R-ATTACK-2")     # to which?
    to = state.seats[0].bench[1].top
    d = _attack(state, "Void Gale", to=to)
    assert len(d.state.seats[0].active.energy) == 1 and len(d.state.seats[0].bench[1].energy) == 1
    assert {"to": to} in _attack_options(state, "Void Gale")
    alone = _attack(_board("me2-56", "Void Gale"), "Void Gale")         # no Bench: nothing moves
    assert len(alone.state.seats[0].active.energy) == 2
    _compiled("sv1-145", "Happy Cyclone", "move_energy_to_bench")
    d = _attack(_board("sv1-145", "Happy Cyclone", bench=[FILLER]), "Happy Cyclone")
    assert d.state.seats[0].active.energy == [] and len(d.state.seats[0].bench[0].energy) == 3


def test_r_energy_3_move_energy_to_bench_darkrai_in_any_way_and_morpeko_darkness_only():
    _compiled("sv3-136", "Night Cyclone", "move_energy_to_bench")
    state = _board("sv3-136", "Night Cyclone", bench=[FILLER, FILLER])
    bench = [p.top for p in state.seats[0].bench]
    refuse(state, 0, {"type": "attack", "attack": "Night Cyclone", "choices": {"to": bench}}, "R-ATTACK-2")  # 3 cards
    d = _attack(state, "Night Cyclone", to=[bench[0], bench[1], bench[1]])
    assert [len(p.energy) for p in d.state.seats[0].bench] == [1, 2] and d.state.seats[0].active.energy == []
    _compiled("sv4-121", "Energizer Wheel", "move_energy_to_bench")
    state = _board("sv4-121", "Energizer Wheel", energy=[DARKNESS, DARKNESS, FIRE], bench=[FILLER])
    d = _attack(state, "Energizer Wheel")
    assert [d.state.instances[i] for i in d.state.seats[0].active.energy] == [FIRE]


def test_r_energy_3_energy_to_hand_quaquaval_ex_and_omanyte_and_meowscarada_may():
    _compiled("sv2-52", "Spiral Shot", "energy_to_hand")
    state = _board("sv2-52", "Spiral Shot", energy=[WATER, FIRE, METAL])
    refuse(state, 0, {"type": "attack", "attack": "Spiral Shot", "choices": {}}, "R-ATTACK-2")     # which 2?
    picked = state.seats[0].active.energy[1:]
    d = _attack(state, "Spiral Shot", cards=picked)
    assert d.state.seats[0].hand == picked and d.state.seats[0].active.energy == state.seats[0].active.energy[:1]
    _compiled("sv3pt5-138", "Tentacular Return", "energy_to_hand")
    d = _attack(_board("sv3pt5-138", "Tentacular Return", their_energy=[FIRE]), "Tentacular Return")
    assert d.state.seats[1].active.energy == [] and len(d.state.seats[1].hand) == 2      # and Beto's draw
    _compiled("sv1-15", "Trick Cape", "energy_to_hand")
    state = _board("sv1-15", "Trick Cape", their_energy=[FIRE])
    assert _attack(state, "Trick Cape", cards=[]).state.seats[1].active.energy == state.seats[1].active.energy
    assert _attack(state, "Trick Cape").state.seats[1].active.energy == []
    assert _attack_options(state, "Trick Cape") == [{}, {"cards": []}]


def test_r_trainer_5_discard_pile_to_hand_phione_beckon_and_iron_leaves_recovery_net():
    _compiled("sv6-55", "Beckon", "discard_pile_to_hand")
    state = _board("sv6-55", "Beckon", discard=[ARVEN, NEST_BALL])
    arven, ball = _of(state, "discard", ARVEN), _of(state, "discard", NEST_BALL)
    refuse(state, 0, {"type": "attack", "attack": "Beckon", "choices": {"cards": ball}}, "R-ATTACK-2")  # an Item
    assert _attack(state, "Beckon").state.seats[0].hand == arven       # the only Supporter: no choice to name
    refuse(state, 0, {"type": "attack", "attack": "Beckon", "choices": {"cards": []}}, "R-ATTACK-2")  # "a": taken
    _compiled("sv6-19", "Recovery Net", "discard_pile_to_hand")
    state = _board("sv6-19", "Recovery Net", discard=[NUMEL, MEGA_CAMERUPT, FILLER, FIRE])
    pokemon = _of(state, "discard", NUMEL) + _of(state, "discard", MEGA_CAMERUPT)
    assert _attack(state, "Recovery Net", cards=pokemon).state.seats[0].hand == pokemon
    refuse(state, 0, {"type": "attack", "attack": "Recovery Net", "choices": {"cards": []}},
           "R-ATTACK-2")                                                # "up to": at least one (R-TRAINER-5)
    refuse(state, 0, {"type": "attack", "attack": "Recovery Net", "choices": {"cards": state.seats[0].discard[:3]}},
           "R-ATTACK-2")                                                                  # 3 of up to 2


def test_r_trainer_5_hand_away_then_draw_hitmontop_spin_and_draw():
    _compiled("me2pt5-102", "Spin and Draw", "hand_away_then_draw")
    state = _board("me2pt5-102", "Spin and Draw", hand=[ARVEN], deck=[FIRE] * 3)
    d = _attack(state, "Spin and Draw")                                 # as many as the deck holds: 4
    assert len(d.state.seats[0].hand) == 4 and d.state.seats[0].deck == [] and d.state.seats[0].discard == []


def test_r_attack_2_flip_discard_random_from_hand_wimpod_sneaky_snacking():
    _compiled("sv4-48", "Sneaky Snacking", "flip_discard_random_from_hand")
    state = _board("sv4-48", "Sneaky Snacking", their_hand=[ARVEN, NEST_BALL])
    assert len(act(state, 0, {"type": "attack", "attack": "Sneaky Snacking", "choices": {}},
                   ["heads"]).state.seats[1].discard) == 1
    assert act(state, 0, {"type": "attack", "attack": "Sneaky Snacking", "choices": {}},
               ["tails"]).state.seats[1].discard == []


def test_r_energy_3_move_defending_energy_gengar_ex_tricky_steps_may_and_porygon_on_heads():
    _compiled("sv5-104", "Tricky Steps", "move_defending_energy")
    state = _board("sv5-104", "Tricky Steps", their_energy=[FIRE, WATER], their_bench=[FILLER, FILLER])
    refuse(state, 0, {"type": "attack", "attack": "Tricky Steps", "choices": {}}, "R-ATTACK-2")     # which Energy?
    fire = state.seats[1].active.energy[:1]
    refuse(state, 0, {"type": "attack", "attack": "Tricky Steps", "choices": {"cards": fire}}, "R-ATTACK-2")  # where?
    to = state.seats[1].bench[1].top
    d = _attack(state, "Tricky Steps", cards=fire, pokemon=[to])
    assert d.state.seats[1].bench[1].energy == fire
    assert d.state.seats[1].active.energy == state.seats[1].active.energy[1:]
    assert _attack(state, "Tricky Steps", cards=[]).state.seats[1].active.energy == state.seats[1].active.energy
    assert {"cards": []} in _attack_options(state, "Tricky Steps")
    assert {"cards": fire, "pokemon": [to]} in _attack_options(state, "Tricky Steps")
    _compiled("sv4-142", "Data Displacement", "move_defending_energy")
    state = _board("sv4-142", "Data Displacement", their_energy=[FIRE], their_bench=[FILLER])
    heads = act(state, 0, {"type": "attack", "attack": "Data Displacement", "choices": {}}, ["heads"])
    assert heads.state.seats[1].active.energy == [] and len(heads.state.seats[1].bench[0].energy) == 1
    tails = act(state, 0, {"type": "attack", "attack": "Data Displacement", "choices": {}}, ["tails"])
    assert len(tails.state.seats[1].active.energy) == 1


def test_r_energy_1_attach_from_hand_groudon_swelling_power_is_not_the_turns_attachment():
    _compiled("sv4-93", "Swelling Power", "attach_from_hand")
    state = _board("sv4-93", "Swelling Power", hand=[FIGHTING, FIRE], bench=[FILLER])
    fighting, fire = _of(state, "hand", FIGHTING), _of(state, "hand", FIRE)
    to = state.seats[0].bench[0].top
    refuse(state, 0, {"type": "attack", "attack": "Swelling Power", "choices": {"cards": fire, "to": to}},
           "R-ATTACK-2")                                                # not Fighting
    refuse(state, 0, {"type": "attack", "attack": "Swelling Power", "choices": {"cards": [], "to": to}},
           "R-ATTACK-2")                                                # "a": taken while the hand has one
    d = _attack(state, "Swelling Power", cards=fighting, to=to)
    assert d.state.seats[0].bench[0].energy == fighting and d.state.seats[0].hand == fire
    assert any(f"{fighting[0]}|Basic Fighting Energy|*" in line for line in d.narration)
    _compiled("sv8-79", "Full Heart", "attach_from_hand")
    state = _board("sv8-79", "Full Heart", hand=[PSYCHIC, PSYCHIC], bench=[FILLER])
    cards, places = state.seats[0].hand, [state.seats[0].active.top, state.seats[0].bench[0].top]
    d = _attack(state, "Full Heart", cards=cards, to=places)
    assert d.state.seats[0].hand == [] and len(d.state.seats[0].bench[0].energy) == 1
    refuse(state, 0, {"type": "attack", "attack": "Full Heart", "choices": {"cards": []}},
           "R-ATTACK-2")                                                # "up to": at least one (R-TRAINER-5)


def test_r_hidden_1_random_hand_card_to_deck_togepi_whiny_voice_reveals_it():
    _compiled("sv3-83", "Whiny Voice", "random_hand_card_to_deck")
    state = _board("sv3-83", "Whiny Voice", their_hand=[ARVEN], their_deck=[])
    arven = state.seats[1].hand[0]
    d = _attack(state, "Whiny Voice")
    assert arven not in d.state.seats[1].discard and (arven in d.state.seats[1].deck or arven in d.state.seats[1].hand)
    assert any(f"{arven}|Arven|*" in line for line in d.narration)
    assert _attack(_board("sv3-83", "Whiny Voice"), "Whiny Voice").state.seats[1].deck    # no hand: nothing


def test_r_trainer_5_discard_top_per_heads_wugtrio_undersea_tunnel_and_team_rockets_diglett():
    _compiled("sv1-57", "Undersea Tunnel", "discard_top_per_heads")
    state = _board("sv1-57", "Undersea Tunnel")
    d = act(state, 0, {"type": "attack", "attack": "Undersea Tunnel", "choices": {}}, ["heads", "tails", "heads"])
    assert len(d.state.seats[1].discard) == 6
    d = act(state, 0, {"type": "attack", "attack": "Undersea Tunnel", "choices": {}}, ["tails"] * 3)
    assert d.state.seats[1].discard == []
    _compiled("me2pt5-100", "Relentless Burrowing", "discard_top_per_heads")
    state = _board("me2pt5-100", "Relentless Burrowing")
    d = act(state, 0, {"type": "attack", "attack": "Relentless Burrowing", "choices": {}}, ["heads", "heads", "tails"])
    assert len(d.state.seats[1].discard) == 2


def test_r_trainer_5_draw_until_thievul_greedy_hunt_may_and_cleffa():
    _compiled("me1-90", "Greedy Hunt", "draw_until")
    state = _board("me1-90", "Greedy Hunt", hand=[ARVEN, NEST_BALL])
    assert len(_attack(state, "Greedy Hunt").state.seats[0].hand) == 6
    assert len(_attack(state, "Greedy Hunt", count=0).state.seats[0].hand) == 2
    assert {"count": 0} in _attack_options(state, "Greedy Hunt")
    refuse(state, 0, {"type": "attack", "attack": "Greedy Hunt", "choices": {"count": 2}}, "R-ATTACK-2")
    _compiled("sv3-80", "Grasping Draw", "draw_until")
    full = _board("sv3-80", "Grasping Draw", hand=[ARVEN] * 8)
    assert len(_attack(full, "Grasping Draw").state.seats[0].hand) == 8
    refuse(full, 0, {"type": "attack", "attack": "Grasping Draw", "choices": {"count": 0}}, "R-ATTACK-2")


def test_r_trainer_3_discard_stadium_eternatus_shatter_and_pidgeot_ex_may():
    _compiled("me2-69", "Shatter", "discard_stadium")
    state = _board("me2-69", "Shatter", stadium={"card": ARTAZON, "owner": 1})
    d = _attack(state, "Shatter")
    assert d.state.stadium is None and len(d.state.seats[1].discard) == 1
    assert _attack(_board("me2-69", "Shatter"), "Shatter").state.stadium is None     # none in play: nothing
    _compiled("sv3-217", "Blustery Wind", "discard_stadium")
    state = _board("sv3-217", "Blustery Wind", stadium={"card": ARTAZON, "owner": 0})
    stadium = state.stadium["card"]
    assert _attack(state, "Blustery Wind").state.stadium is not None
    assert _attack(state, "Blustery Wind", cards=[stadium]).state.seats[0].discard == [stadium]
    refuse(state, 0, {"type": "attack", "attack": "Blustery Wind", "choices": {"cards": ["0:1"]}}, "R-ATTACK-2")
    assert _attack_options(state, "Blustery Wind") == [{}, {"cards": [stadium]}]


def test_r_damage_1_may_discard_stadium_more_roaring_moon_ex_calamity_storm():
    _compiled("sv4-124", "Calamity Storm", "may_discard_stadium_more")
    state = _board("sv4-124", "Calamity Storm", stadium={"card": ARTAZON, "owner": 1})
    stadium = state.stadium["card"]
    d = _attack(state, "Calamity Storm", cards=[stadium])
    assert d.state.stadium is None and d.state.seats[1].discard == [stadium] and d.state.seats[1].active.damage == 220
    kept = _attack(state, "Calamity Storm")
    assert kept.state.stadium is not None and kept.state.seats[1].active.damage == 100
    assert _attack_options(state, "Calamity Storm") == [{}, {"cards": [stadium]}]
    none = _board("sv4-124", "Calamity Storm")
    refuse(none, 0, {"type": "attack", "attack": "Calamity Storm", "choices": {"cards": [stadium]}}, "R-ATTACK-2")
    assert compile_attack(_attack_def("You may discard a Stadium in play. If you do, this attack does 120 more "
                                      "damage.")) is None               # printed without "+": stays declared


def test_r_retreat_6_may_switch_self_mega_latias_ex_strafe():
    _compiled("me1-100", "Strafe", "may_switch_self")
    state = _board("me1-100", "Strafe", bench=[FILLER])
    assert _attack(state, "Strafe").state.seats[0].active.top == state.seats[0].active.top
    to = state.seats[0].bench[0].top
    assert _attack(state, "Strafe", to=to).state.seats[0].active.top == to
    refuse(state, 0, {"type": "attack", "attack": "Strafe", "choices": {"to": state.seats[1].active.top}},
           "R-ATTACK-2")
    assert _attack_options(state, "Strafe") == [{}, {"to": to}]


# -- wordings, near misses --------------------------------------------------------------------------

def _attack_def(text, mark=""):
    return AttackDef("Test", ["Colorless"], 30, mark, has_effect_text=True, text=text)


@pytest.mark.parametrize("template", zones.TEMPLATES, ids=lambda t: t.name)
def test_every_zone_wording_compiles_to_its_template_alone(template):
    assert template.wordings
    for wording in template.wordings:
        compiled = compile_attack(_attack_def(wording, template.mark))
        assert compiled is not None and compiled.templates == (template.name,), wording


@pytest.mark.parametrize("text", [
    "Discard the top card of your opponent's hand.",
    "Discard the top 2 card of your opponent's deck.",
    "Discard a card from your opponent's hand.",
    # a search followed by more: the attack waits for the player's choice, so it stays declared
    "Search your deck for up to 2 Basic Fire Energy cards and attach them to this Pokémon. Then, shuffle your "
    "deck. If you attached Energy to a Pokémon in this way, this Pokémon is now Poisoned.",
    "Search your deck for up to 2 Basic Pokémon and put them onto your Bench.",
    "Search your deck for a Basic Pokémon ex and put it onto your Bench. Then, shuffle your deck.",
    "Search your deck for up to 2 Basic Energy card, reveal them, and put them into your hand. Then, shuffle "
    "your deck.",
    "Search your deck for up to 2 Pokémon ex, reveal them, and put them into your hand. Then, shuffle your deck.",
    "Search your deck for up to 2 Basic Energy cards of different types and attach them to your Tera Pokémon in "
    "any way you like. Then, shuffle your deck.",
    "Attach up to 2 Basic Energy cards from your discard pile to 2 of your Benched Pokémon.",
    "Attach a Basic Grass Energy card from your hand to 1 of your Benched Pokémon. If you do, heal all damage from "
    "that Pokémon.",
    "Attach an Energy card from your hand to 1 of your Pokémon.",
    "Flip 2 coins. For each heads, discard the top card of your deck.",
    "Choose a random card from your opponent's hand. Your opponent reveals that card and puts it on the bottom of "
    "their deck.",
    "Move an Energy from your opponent's Active Pokémon to 1 of their Benched Pokémon.",
    "Move all Energy from this Pokémon to 2 of your Benched Pokémon.",
    "Put 2 Energy attached to this Pokémon into your deck.",
    "Put a Pokémon from your discard pile onto your Bench.",
    "Put 1 card from your discard pile into your hand.",
    "Discard your hand and draw a card.",
    "You may draw cards until you have 6 cards in your hand. If you do, this attack does nothing.",
    "You may discard a Stadium in play. If you do, discard an Energy from this Pokémon.",
    "Your opponent reveals their hand. This attack does 20 damage for each Trainer card you find there.",
])
def test_a_zone_text_that_almost_matches_stays_declared(text):
    assert compile_attack(_attack_def(text)) is None


# -- the pool: every listed choice is accepted ----------------------------------------------------------

def _one_card_per_text():
    seen = {}
    names = {t.name for t in zones.TEMPLATES}
    for c in carddb.all_cards():
        for a in c.attacks:
            if c.supertype == "Pokemon" and names & set(a.compiled_by) and a.text not in seen:
                seen[a.text] = (c.id, a.name)
    return sorted(seen.values())


def test_every_zone_attack_of_the_pool_lists_choices_the_engine_accepts():
    """One card per compiled wording, on a board where its choices matter (a Bench of two, a
    deck and a discard pile of Energy, Pokémon and Trainers, a Stadium): each attack listed by
    `legal_actions` is legal, and so is each `choose` listed after a search shows the deck."""
    checked = 0
    for card_id, name in _one_card_per_text():
        state = _board(card_id, name, bench=[FILLER, NUMEL], hand=[ARVEN],
                       deck=[FIRE, GRASS, NUMEL, MEGA_CAMERUPT, ARVEN, NEST_BALL, ARTAZON, VITALITY_BAND, FIGHTING],
                       discard=[FIRE, FIGHTING, GRASS, WATER], their_hand=[ARVEN, NEST_BALL],
                       stadium={"card": ARTAZON, "owner": 1})
        options = _attack_options(state, name)
        assert options, (card_id, name)
        text = card(card_id).attack(name).text
        coins = ["heads", "tails"] if "until you get tails" in text else ["heads"] * text.count("Flip a coin") + \
            ["heads"] * sum(int(n) for n in re.findall(r"Flip (\d+) coins", text))
        for choices in options[:12]:
            d = act(state, 0, {"type": "attack", "attack": name, "choices": choices}, coins)
            if d.state.pending is not None:
                listed = _choose_options(d.state)
                assert listed, (card_id, name)
                for more in listed[:6] + listed[-2:]:
                    _choose(d.state, **more)
            checked += 1
    assert checked >= 60
