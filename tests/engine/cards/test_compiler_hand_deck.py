"""The compiler's hand-and-deck templates (`cards/compiler/hand_deck.py`, blocks in
`cards/effects/hand_deck.py`), ruleset `modern`: each template with a real card it compiles
(legal and refused cases, the rule id in the test's name), the wordings each template accepts
and texts that almost match and must not."""
import re

import pytest

from projections.tcg import carddb
from projections.tcg.carddb import card
from projections.tcg.cards.compiler import compile_attack, hand_deck

from .fixtures import act, board, refuse
from .test_compiler_zones import _attack, _attack_def, _attack_options, _choose, _choose_options, _of

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING, DARKNESS, METAL = (f"sve-{n}" for n in range(1, 9))
ENERGY = {"Grass": GRASS, "Fire": FIRE, "Water": WATER, "Lightning": LIGHTNING, "Psychic": PSYCHIC,
          "Fighting": FIGHTING, "Darkness": DARKNESS, "Metal": METAL, "Colorless": METAL}
RAGING_BOLT, ARVEN = "sv5-123", "sv1-166"
EEVEE, ESPEON, UMBREON, VAPOREON = "sv6-135", "sv3-86", "sv3-130", "sv3pt5-134"
VIVILLON, SCATTERBUG, SPEWPA = "sv8-7", "sv8-5", "sv8-6"
DRIFLOON = "sv1-89"
INDEEDEE, DUSKULL, KINGDRA_EX, HORSEA = "sv1-153", "sv6pt5-68", "sv6pt5-12", "sv3pt5-116"


def _under(card_id):
    """The lower Stages by name, from any set (Kingdra ex's Seadra is not printed in its own)."""
    chain, c = [], card(card_id)
    while c.evolves_from:
        c = next(x for x in carddb.all_cards() if x.name == c.evolves_from and x.supertype == "Pokemon")
        chain.insert(0, c.id)
    return chain


def _mon(card_id, energy=(), damage=0, entered_turn=None):
    p = {"card": card_id, "energy": list(energy), "under": _under(card_id)}
    if damage:
        p["damage"] = damage
    if entered_turn is not None:
        p["entered_turn"] = entered_turn
    return p


def _board(card_id, attack, *, bench=(), hand=(), deck=None, discard=(), turn=3, entered_turn=None, their_hand=(),
           their_bench=()):
    cost = [ENERGY[t] for t in card(card_id).attack(attack).cost]
    mine = {"active": _mon(card_id, cost, entered_turn=entered_turn), "bench": [_mon(b) for b in bench],
            "hand": list(hand), "deck": [FIGHTING] * 8 if deck is None else list(deck), "prizes": [GRASS] * 6,
            "discard": list(discard)}
    theirs = {"active": _mon(RAGING_BOLT), "bench": [_mon(b) for b in their_bench], "hand": list(their_hand),
              "deck": [WATER] * 8, "prizes": [GRASS] * 6, "discard": []}
    return board(mine, theirs, ruleset="modern", turn=turn)


def _compiled(card_id, attack, *templates):
    a = card(card_id).attack(attack)
    assert a.compiled_by == templates and f"attack:{attack}" not in card(card_id).declared, (card_id, a)


# -- evolving from the deck --------------------------------------------------------------------------

def test_r_evolve_1_evolve_from_deck_eevee_ascension_on_the_turn_it_was_played():
    _compiled(EEVEE, "Ascension", "evolve_from_deck")
    state = _board(EEVEE, "Ascension", deck=[ESPEON, ARVEN, UMBREON, DRIFLOON], turn=2, entered_turn=2)
    d = _attack(state, "Ascension")
    pending = d.state.pending
    assert pending["kind"] == "search" and sorted(pending["look"]) == sorted(state.seats[0].deck)
    arven, espeon = _of(d.state, "deck", ARVEN)[0], _of(d.state, "deck", ESPEON)[0]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [arven]}}, "R-ATTACK-2")     # not an evolution
    refuse(d.state, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")        # one is there: taken
    done = _choose(d.state, search=[espeon])       # played this turn, turn 2: an attack's evolution may
    assert done.state.seats[0].active.stack[-1] == espeon and espeon not in done.state.seats[0].deck
    assert {"search": [espeon], "to": [d.state.seats[0].active.top]} in _choose_options(d.state)
    none = _attack(_board(EEVEE, "Ascension", deck=[ARVEN, DRIFLOON]), "Ascension")
    assert _choose(none.state, search=[]).state.seats[0].active.stack == none.state.seats[0].active.stack


def test_r_evolve_1_evolve_from_deck_vivillon_evo_powder_each_benched_once():
    _compiled(VIVILLON, "Evo-Powder", "evolve_from_deck")
    state = _board(VIVILLON, "Evo-Powder", bench=[EEVEE, SCATTERBUG, DRIFLOON], deck=[ESPEON, UMBREON, SPEWPA, ARVEN])
    d = _attack(state, "Evo-Powder")
    eevee, scatterbug = (p.top for p in d.state.seats[0].bench[:2])
    espeon, umbreon, spewpa = (_of(d.state, "deck", c)[0] for c in (ESPEON, UMBREON, SPEWPA))
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [espeon, umbreon], "to": [eevee, eevee]}},
           "R-EVOLVE-1")                      # two cards can't both go on Eevee
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [espeon]}}, "R-TRAINER-5")   # Spewpa too
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [espeon, spewpa], "to": [scatterbug, eevee]}},
           "R-EVOLVE-1")
    done = _choose(d.state, search=[umbreon, spewpa])
    assert [p.top for p in done.state.seats[0].bench] == [umbreon, spewpa, d.state.seats[0].bench[2].top]
    assert all(len(o["search"]) == 2 for o in _choose_options(d.state))


def test_r_evolve_1_evolve_from_deck_indeedee_expert_nurturer_one_of_your_pokemon():
    _compiled(INDEEDEE, "Expert Nurturer", "evolve_from_deck")
    state = _board(INDEEDEE, "Expert Nurturer", bench=[EEVEE], deck=[VAPOREON, ARVEN])
    d = _attack(state, "Expert Nurturer", search=_of(state, "deck", VAPOREON))     # a judge names it at once
    assert d.state.pending is None and d.state.instances[d.state.seats[0].bench[0].top] == VAPOREON


def test_r_attack_5_usable_first_turn_exeggcute_precocious_evolution_and_delibird_quick_gift():
    _compiled("sv8-1", "Precocious Evolution", "usable_first_turn", "evolve_from_deck")
    state = _board("sv8-1", "Precocious Evolution", deck=["sv8-3", ARVEN], turn=1, entered_turn=1)
    assert _attack_options(state, "Precocious Evolution") == [{}]
    d = _attack(state, "Precocious Evolution")
    done = _choose(d.state, search=_of(d.state, "deck", "sv8-3"))
    assert done.state.instances[done.state.seats[0].active.top] == "sv8-3"         # turn 1: it evolves
    _compiled("me1-105", "Quick Gift", "usable_first_turn", "search_to_hand")
    state = _board("me1-105", "Quick Gift", turn=1)
    assert _attack(state, "Quick Gift").state.pending["kind"] == "search"
    refuse(_board("me1-105", "Gentle Slap", turn=1), 0, {"type": "attack", "attack": "Gentle Slap", "choices": {}},
           "R-ATTACK-5")                                               # its other attack: not on turn 1


# -- a Pokémon leaves play ---------------------------------------------------------------------------

def test_r_ko_3_pokemon_away_drifblim_balloon_return_and_swoobat_and_chimecho():
    _compiled("mep-6", "Balloon Return", "pokemon_away")
    state = _board("mep-6", "Balloon Return", bench=[EEVEE])
    d = _attack(state, "Balloon Return")
    me = d.state.seats[0]
    assert me.active is None and sorted(me.hand) == sorted(state.seats[0].active.all_cards())
    assert d.state.seats[1].active.damage == 110 and d.state.phase == "promote"
    alone = _attack(_board("mep-6", "Balloon Return"), "Balloon Return")      # no Pokémon left: it loses
    assert alone.state.result is not None
    _compiled("rsv10pt5-37", "Happy Return", "pokemon_away")
    state = _board("rsv10pt5-37", "Happy Return", bench=[EEVEE, DRIFLOON])
    refuse(state, 0, {"type": "attack", "attack": "Happy Return", "choices": {}}, "R-ATTACK-2")
    drifloon = state.seats[0].bench[1].top
    d = _attack(state, "Happy Return", pokemon=[drifloon])
    assert drifloon in d.state.seats[0].hand and len(d.state.seats[0].bench) == 1
    _compiled("sv6-85", "Homeward Chime", "pokemon_away")
    d = _attack(_board("sv6-85", "Homeward Chime", bench=[EEVEE]), "Homeward Chime")
    assert d.state.seats[0].bench == [] and len(d.state.seats[0].deck) == 9


def test_r_ko_3_may_self_to_hand_discard_attached_team_rockets_crobat_ex():
    _compiled("sv10-122", "Assassin's Return", "may_self_to_hand_discard_attached")
    state = _board("sv10-122", "Assassin's Return", bench=[EEVEE])
    assert {"pokemon": []} in _attack_options(state, "Assassin's Return")
    d = _attack(state, "Assassin's Return")
    me = d.state.seats[0]
    assert me.hand == state.seats[0].active.stack and sorted(me.discard) == sorted(state.seats[0].active.energy)
    kept = _attack(state, "Assassin's Return", pokemon=[])
    assert kept.state.seats[0].active is not None


def test_r_ko_3_opponent_pokemon_away_shiftry_expelling_tornado_and_reversing_gust():
    _compiled("sv5-5", "Expelling Tornado", "opponent_pokemon_away")
    state = _board("sv5-5", "Expelling Tornado", their_bench=[EEVEE, DRIFLOON, SCATTERBUG, ESPEON])
    tops = [p.top for p in state.seats[1].bench]
    refuse(state, 0, {"type": "attack", "attack": "Expelling Tornado", "choices": {"pokemon": tops[:2]}},
           "R-ATTACK-2")                                                    # 3 are chosen
    d = _attack(state, "Expelling Tornado", pokemon=tops[1:])
    assert [p.top for p in d.state.seats[1].bench] == tops[1:] and tops[0] in d.state.seats[1].deck
    assert len(_attack_options(state, "Expelling Tornado")) == 4
    _compiled("me1-15", "Reversing Gust", "opponent_pokemon_away")
    state = _board("me1-15", "Reversing Gust", their_bench=[EEVEE])
    active = state.seats[1].active.top
    d = act(state, 0, {"type": "attack", "attack": "Reversing Gust", "choices": {"pokemon": [active]}}, ["heads"])
    assert d.state.seats[1].active is None and active in d.state.seats[1].deck and d.state.phase == "promote"
    alone = act(_board("me1-15", "Reversing Gust"), 0, {"type": "attack", "attack": "Reversing Gust",
                                                       "choices": {}}, ["heads"])
    assert alone.state.result is not None                                  # no Pokémon left: Beto loses
    tails = act(state, 0, {"type": "attack", "attack": "Reversing Gust", "choices": {"pokemon": [active]}},
                ["tails"])
    assert tails.state.seats[1].active is not None


# -- the hand, the discard pile -----------------------------------------------------------------------

def test_r_trainer_5_discard_to_draw_klefki_stick_n_draw():
    _compiled("sv8-128", "Stick 'n' Draw", "discard_to_draw")
    state = _board("sv8-128", "Stick 'n' Draw", hand=[ARVEN, EEVEE])
    refuse(state, 0, {"type": "attack", "attack": "Stick 'n' Draw", "choices": {}}, "R-ATTACK-2")
    arven = state.seats[0].hand[0]
    d = _attack(state, "Stick 'n' Draw", cards=[arven])
    assert d.state.seats[0].discard == [arven] and len(d.state.seats[0].hand) == 3
    empty = _attack(_board("sv8-128", "Stick 'n' Draw"), "Stick 'n' Draw")
    assert empty.state.seats[0].hand == []                                         # no discard, no draw


def test_r_trainer_5_shuffle_hand_draw_per_opponent_hand_mr_mime_mimic():
    _compiled("sv9-58", "Mimic", "shuffle_hand_draw_per_opponent_hand")
    state = _board("sv9-58", "Mimic", hand=[ARVEN], their_hand=[FIRE, FIRE, WATER])
    d = _attack(state, "Mimic")
    assert len(d.state.seats[0].hand) == 3 and len(d.state.seats[0].deck) == 6


def test_r_attack_2_discard_random_per_heads_sharpedo_chew_off():
    _compiled("sv5-43", "Chew Off", "discard_random_per_heads")
    state = _board("sv5-43", "Chew Off", their_hand=[FIRE, WATER, ARVEN])
    d = act(state, 0, {"type": "attack", "attack": "Chew Off", "choices": {}}, ["heads", "tails", "heads"])
    assert len(d.state.seats[1].discard) == 2


def test_r_trainer_5_draw_from_bottom_rabsca_ex_upside_down_draw():
    _compiled("sv10-25", "Upside-Down Draw", "draw_from_bottom")
    state = _board("sv10-25", "Upside-Down Draw", deck=[ARVEN, FIRE, EEVEE, WATER])
    d = _attack(state, "Upside-Down Draw")
    assert d.state.seats[0].hand == state.seats[0].deck[1:] and d.state.seats[0].deck == state.seats[0].deck[:1]
    short = _attack(_board("sv10-25", "Upside-Down Draw", deck=[ARVEN]), "Upside-Down Draw")
    assert len(short.state.seats[0].hand) == 1                                   # as many as the deck holds


def test_r_trainer_5_flips_from_discard_to_hand_stoutland_odor_sleuth_after_the_flips():
    _compiled("rsv10pt5-76", "Odor Sleuth", "flips_from_discard_to_hand")
    state = _board("rsv10pt5-76", "Odor Sleuth", discard=[ARVEN, FIRE, EEVEE])
    d = act(state, 0, {"type": "attack", "attack": "Odor Sleuth", "choices": {}}, ["heads", "tails", "heads"])
    refuse(d.state, 0, {"type": "choose", "choices": {"cards": state.seats[0].discard}}, "R-ATTACK-2")   # 2 heads
    done = _choose(d.state, cards=state.seats[0].discard[:2])
    assert done.state.seats[0].hand == state.seats[0].discard[:2]
    none = act(state, 0, {"type": "attack", "attack": "Odor Sleuth", "choices": {}}, ["tails"] * 3)
    assert none.state.pending is None and none.state.seats[0].hand == []


def test_r_bench_2_discard_pile_to_bench_kingdra_ex_basics_only_and_duskull():
    _compiled(KINGDRA_EX, "King's Order", "discard_pile_to_bench")
    state = _board(KINGDRA_EX, "King's Order", discard=[HORSEA, HORSEA, VAPOREON, "sv6pt5-13"])
    vaporeon = _of(state, "discard", VAPOREON)[0]
    refuse(state, 0, {"type": "attack", "attack": "King's Order", "choices": {"cards": [vaporeon]}}, "R-BENCH-2")
    horseas = _of(state, "discard", HORSEA)
    d = _attack(state, "King's Order", cards=horseas)
    assert [p.top for p in d.state.seats[0].bench] == horseas
    _compiled(DUSKULL, "Come and Get You", "discard_pile_to_bench")
    d = _attack(_board(DUSKULL, "Come and Get You", bench=[EEVEE] * 4, discard=[DUSKULL] * 3), "Come and Get You")
    assert len(d.state.seats[0].bench) == 5                                      # as the Bench has room


# -- searches for several kinds, or a name -------------------------------------------------------------

def test_r_trainer_5_search_wanted_mistys_lapras_and_eevee_colorful_catch_different_types():
    _compiled("sv10-50", "Swim Together", "search_wanted")
    state = _board("sv10-50", "Swim Together", deck=["sv10-45", "sv10-47", EEVEE, ARVEN])
    d = _attack(state, "Swim Together")
    eevee, psyduck, starmie = (_of(d.state, "deck", c)[0] for c in (EEVEE, "sv10-45", "sv10-47"))
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [eevee]}}, "R-ATTACK-2", "Misty")  # not Misty's
    done = _choose(d.state, search=[psyduck, starmie])
    assert sorted(done.state.seats[0].hand) == sorted([psyduck, starmie])
    assert any(f"{psyduck}|Misty's Psyduck|*" in line for line in done.narration)        # revealed
    _compiled("sv6pt5-50", "Colorful Catch", "search_wanted")
    state = _board("sv6pt5-50", "Colorful Catch", deck=[FIRE, FIRE, WATER, ARVEN])
    d = _attack(state, "Colorful Catch")
    fires, water = _of(d.state, "deck", FIRE), _of(d.state, "deck", WATER)[0]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": fires}}, "R-ATTACK-2", "different types")
    assert len(_choose(d.state, search=[fires[0], water]).state.seats[0].hand) == 2
    assert [] not in [o["search"] for o in _choose_options(d.state)]
    assert all(not set(fires) <= set(o["search"]) for o in _choose_options(d.state))       # two Fire: not listed


def test_r_trainer_5_search_wanted_musharna_any_number_of_fennel_may_take_none():
    _compiled("zsv10pt5-36", "Dream Calling", "search_wanted")
    state = _board("zsv10pt5-36", "Dream Calling", deck=["zsv10pt5-82", "zsv10pt5-82", ARVEN])
    assert _attack(state, "Dream Calling", search=[]).state.pending is None              # declined at once
    d = _attack(state, "Dream Calling")
    assert _choose(d.state, search=[]).state.seats[0].hand == []                        # any number: none
    assert len(_choose(d.state, search=_of(d.state, "deck", "zsv10pt5-82")).state.seats[0].hand) == 2


def test_r_bench_2_search_wanted_to_bench_xerneas_basics_and_maushold_names_its_stage_1():
    _compiled("me1-64", "Geo Gate", "search_wanted_to_bench")
    state = _board("me1-64", "Geo Gate", bench=[EEVEE] * 4, deck=["sv1-84", "sv1-84", ESPEON, DRIFLOON])
    d = _attack(state, "Geo Gate")
    espeon, ralts = _of(d.state, "deck", ESPEON)[0], _of(d.state, "deck", "sv1-84")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [espeon]}}, "R-ATTACK-2")    # a Stage 1
    refuse(d.state, 0, {"type": "choose", "choices": {"search": ralts}}, "R-ATTACK-2")       # the Bench has 1 room
    assert len(_choose(d.state, search=ralts[:1]).state.seats[0].bench) == 5
    _compiled("sv8-158", "Familial March", "search_wanted_to_bench")
    state = _board("sv8-158", "Familial March", deck=["sv8-158", ARVEN])
    d = _attack(state, "Familial March")
    done = _choose(d.state, search=_of(d.state, "deck", "sv8-158"))
    assert done.state.instances[done.state.seats[0].bench[0].top] == "sv8-158"


def test_r_hidden_1_search_to_top_dialga_time_manipulation_in_the_order_named():
    _compiled("sv8-135", "Time Manipulation", "search_to_top")
    state = _board("sv8-135", "Time Manipulation", deck=[FIRE, ARVEN, EEVEE, WATER])
    d = _attack(state, "Time Manipulation")
    arven, water = _of(d.state, "deck", ARVEN)[0], _of(d.state, "deck", WATER)[0]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [water]}}, "R-TRAINER-5")     # 2 cards
    done = _choose(d.state, search=[water, arven])
    assert done.state.seats[0].deck[:2] == [water, arven] and len(done.state.seats[0].deck) == 4


# -- the top of the deck -------------------------------------------------------------------------------

def test_r_bench_2_top_to_bench_reuniclus_summoning_gate_looks_at_the_top_8_only():
    _compiled("sv5-72", "Summoning Gate", "top_to_bench")
    deck = [ESPEON, EEVEE, ARVEN, FIRE, FIRE, FIRE, FIRE, DRIFLOON, EEVEE]
    state = _board("sv5-72", "Summoning Gate", deck=deck)
    d = _attack(state, "Summoning Gate")
    assert d.state.pending["look"] == state.seats[0].deck[:8]                     # its owner sees those 8
    ninth, espeon = d.state.seats[0].deck[8], _of(d.state, "deck", ESPEON)[0]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [ninth]}}, "R-ATTACK-2")      # not among them
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [espeon]}}, "R-ATTACK-2")     # not a Basic
    done = _choose(d.state, search=[d.state.seats[0].deck[1], d.state.seats[0].deck[7]])
    assert len(done.state.seats[0].bench) == 2 and len(done.state.seats[0].deck) == 7
    assert _choose(d.state, search=[]).state.seats[0].bench == []                # any number: none


def test_r_energy_3_top_energy_to_attach_lapras_ex_larimar_rain_in_any_way():
    _compiled("sv7-32", "Larimar Rain", "top_energy_to_attach")
    state = _board("sv7-32", "Larimar Rain", bench=[EEVEE], deck=[FIRE, ARVEN, WATER])
    d = _attack(state, "Larimar Rain")
    fire, water = _of(d.state, "deck", FIRE)[0], _of(d.state, "deck", WATER)[0]
    active, benched = d.state.seats[0].active.top, d.state.seats[0].bench[0].top
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [fire, water]}}, "R-ATTACK-2")   # where each goes
    done = _choose(d.state, search=[fire, water], to=[benched, active])
    assert done.state.seats[0].bench[0].energy == [fire] and water in done.state.seats[0].active.energy


def test_r_hidden_1_top_in_any_order_gothorita_fortunate_eye_the_opponents_deck():
    _compiled("rsv10pt5-42", "Fortunate Eye", "top_in_any_order")
    state = _board("rsv10pt5-42", "Fortunate Eye")
    d = _attack(state, "Fortunate Eye")
    top = d.state.pending["look"]
    assert top == state.seats[1].deck[:5] and d.state.pending["seat"] == 0      # shown to the attacker
    refuse(d.state, 0, {"type": "choose", "choices": {"order": top[:4]}}, "R-ATTACK-2")
    done = _choose(d.state, order=list(reversed(top)))
    assert done.state.seats[1].deck[:4] == list(reversed(top))[1:]               # Beto drew the new top card
    assert len(_choose_options(d.state)) == 120


def test_r_hidden_1_look_top_may_discard_litwick_brighten_and_burn():
    _compiled("rsv10pt5-16", "Brighten and Burn", "look_top_may_discard")
    state = _board("rsv10pt5-16", "Brighten and Burn", deck=[ARVEN, FIRE])
    d = _attack(state, "Brighten and Burn")
    arven, fire = state.seats[0].deck
    assert d.state.pending["look"] == [arven]
    refuse(d.state, 0, {"type": "choose", "choices": {"cards": [fire]}}, "R-ATTACK-2")
    assert _choose(d.state, cards=[arven]).state.seats[0].discard == [arven]
    assert _choose(d.state, cards=[]).state.seats[0].deck == [arven, fire]       # kept, not shuffled
    assert _attack(state, "Brighten and Burn", cards=[arven]).state.seats[0].discard == [arven]   # a judge at once


# -- the opponent's revealed hand -----------------------------------------------------------------------

def test_r_hidden_1_from_revealed_hand_mega_absol_ex_and_luxray_ex_discard_a_card_you_find_there():
    _compiled("me1-86", "Claw of Darkness", "from_revealed_hand")
    state = _board("me1-86", "Claw of Darkness", their_hand=[ARVEN, EEVEE, FIRE])
    d = _attack(state, "Claw of Darkness")
    arven, eevee, fire = state.seats[1].hand
    assert d.state.pending["look"] == [arven, eevee, fire] and d.state.seats[1].active.damage == 200
    assert any(f"{arven}|Arven|*" in line for line in d.narration)                       # revealed to both
    refuse(d.state, 0, {"type": "choose", "choices": {"cards": []}}, "R-ATTACK-2")        # a card must go
    done = _choose(d.state, cards=[eevee])
    assert done.state.seats[1].discard == [eevee] and len(_choose_options(d.state)) == 3
    _compiled("sv6-68", "Piercing Gaze", "opponent_reveals_hand", "from_revealed_hand")
    empty = _attack(_board("sv6-68", "Piercing Gaze"), "Piercing Gaze")
    assert empty.state.pending is None


def test_r_bench_2_from_revealed_hand_lickitung_and_rotom_and_ns_purrloin():
    _compiled("sv5-124", "Tongue Pull", "opponent_reveals_hand", "from_revealed_hand")
    state = _board("sv5-124", "Tongue Pull", their_hand=[EEVEE, EEVEE, ESPEON, ARVEN], their_bench=[EEVEE] * 4)
    d = _attack(state, "Tongue Pull")
    eevees, espeon = state.seats[1].hand[:2], state.seats[1].hand[2]
    refuse(d.state, 0, {"type": "choose", "choices": {"cards": [espeon]}}, "R-ATTACK-2")   # not a Basic
    refuse(d.state, 0, {"type": "choose", "choices": {"cards": eevees}}, "R-ATTACK-2")     # room for one
    assert len(_choose(d.state, cards=eevees[:1]).state.seats[1].bench) == 5
    # "none" named with the attack, before the hand is shown: the same refusal with or without a Basic
    for hand in ([EEVEE, ARVEN], [ESPEON, ARVEN]):
        refuse(_board("sv5-124", "Tongue Pull", their_hand=hand), 0,
               {"type": "attack", "attack": "Tongue Pull", "choices": {"cards": []}}, "R-HIDDEN-1")
    _compiled("sv8-61", "Crushing Pulse", "opponent_reveals_hand", "from_revealed_hand")
    d = _attack(_board("sv8-61", "Crushing Pulse", their_hand=[ARVEN, "sv1-181", "sv1-197"]), "Crushing Pulse")
    assert [d.state.instances[i] for i in d.state.seats[1].discard] == ["sv1-181", "sv1-197"]   # Item, Tool
    _compiled("sv9-96", "Thieving Swipe", "from_revealed_hand")
    state = _board("sv9-96", "Thieving Swipe", their_hand=[ARVEN])
    d = _attack(state, "Thieving Swipe", cards=state.seats[1].hand)                     # a judge at once
    assert d.state.seats[1].deck[-1] == state.seats[1].hand[0]


# -- devolving -------------------------------------------------------------------------------------------

def test_r_evolve_5_devolve_opponents_espeon_ex_amazez_each_and_espathra_one():
    _compiled("sv8pt5-34", "Amazez", "devolve_opponents")
    state = _board("sv8pt5-34", "Amazez", their_bench=[ESPEON, VIVILLON, EEVEE])
    espeon, vivillon = state.seats[1].bench[0], state.seats[1].bench[1]
    d = _attack(state, "Amazez")
    bench = d.state.seats[1].bench
    assert [len(p.stack) for p in bench] == [1, 2, 1] and espeon.top in d.state.seats[1].deck
    assert vivillon.top in d.state.seats[1].deck
    _compiled("sv8-95", "Mystical Eyes", "devolve_opponents")
    state = _board("sv8-95", "Mystical Eyes", their_bench=[ESPEON, VIVILLON])
    refuse(state, 0, {"type": "attack", "attack": "Mystical Eyes", "choices": {}}, "R-ATTACK-2")
    d = _attack(state, "Mystical Eyes", pokemon=[state.seats[1].bench[1].top])
    assert state.seats[1].bench[1].top in d.state.seats[1].hand and len(d.state.seats[1].bench[0].stack) == 2


# -- wordings, near misses --------------------------------------------------------------------------

@pytest.mark.parametrize("template", hand_deck.TEMPLATES, ids=lambda t: t.name)
def test_every_hand_deck_wording_compiles_to_its_template_alone(template):
    assert template.wordings
    for wording in template.wordings:
        compiled = compile_attack(_attack_def(wording, template.mark))
        assert compiled is not None and compiled.templates == (template.name,), wording


@pytest.mark.parametrize("text", [
    "Search your deck for a card that evolves from this Pokémon and put it onto this Pokémon to evolve it.",
    "Search your deck for a card that evolves from 2 of your Pokémon and put it onto that Pokémon to evolve it. "
    "Then, shuffle your deck.",
    "Search your deck for a card that evolves from this Pokémon and put it onto this Pokémon to evolve it. Then, "
    "shuffle your deck. This Pokémon is now Asleep.",
    "Put this Pokémon and all attached cards into your deck.",
    "Shuffle this Pokémon and all attached cards into your hand.",
    "Put 2 of your Benched Pokémon and all attached cards into your hand.",
    "You may put this Pokémon into your hand.",
    "Discard a card from your hand. Draw 2 cards.",
    "Put up to 3 Water Pokémon from your discard pile into your hand onto your Bench.",
    "Put a Water Pokémon from your discard pile onto your Bench.",
    "Search your deck for up to 3 Misty's Pokémon and put them onto your hand. Then, shuffle your deck.",
    "Search your deck for any number of Fennel cards, reveal them, and put them into your hand. Then, shuffle "
    "your deck.",
    "Search your deck for up to 2 Pokémon and put them onto your Bench. Then, shuffle your deck.",
    "Search your deck for up to 3 in any combination of Fire Pokémon and Item cards, reveal them, and put them into "
    "your hand. Then, shuffle your deck.",
    "Search your deck for up to 3 Basic Energy cards of different types, reveal them, and put them into your "
    "hand.",
    "Look at the top 5 cards of your opponent's deck and put them back in any order. Draw a card.",
    "Look at the top card of your deck. You may discard that card. Draw a card.",
    "Look at the top 8 cards of your deck. You may put any number of Pokémon you find there onto your Bench.",
    "Discard a card you find there.",
    "Your opponent reveals their hand. Discard a card you find there. Draw a card.",
    "Your opponent reveals their hand, and you discard 2 cards you find there.",
])
def test_a_hand_deck_text_that_almost_matches_stays_declared(text):
    assert compile_attack(_attack_def(text)) is None


# -- the pool: every listed choice is accepted ----------------------------------------------------------

def _one_card_per_text():
    seen = {}
    names = {t.name for t in hand_deck.TEMPLATES}
    for c in carddb.all_cards():
        for a in c.attacks:
            if c.supertype == "Pokemon" and names & set(a.compiled_by) and a.text not in seen:
                seen[a.text] = (c.id, a.name)
    return sorted(seen.values())


def test_every_hand_deck_attack_of_the_pool_lists_choices_the_engine_accepts():
    """One card per compiled wording, on a board where its choices matter (a Bench of two, a deck,
    a hand and a discard pile of several cards): each attack listed by `legal_actions` is legal,
    and so is each `choose` listed after the attack shows the deck."""
    checked = 0
    for card_id, name in _one_card_per_text():
        state = _board(card_id, name, bench=[EEVEE, SCATTERBUG], hand=[ARVEN, EEVEE],
                       deck=[ESPEON, UMBREON, SPEWPA, ARVEN, FIRE, DUSKULL, HORSEA],
                       discard=[FIRE, DUSKULL, HORSEA, VAPOREON])
        options = _attack_options(state, name)
        assert options, (card_id, name)
        text = card(card_id).attack(name).text
        coins = ["heads"] * (text.count("Flip a coin") + sum(int(n) for n in re.findall(r"Flip (\d+) coins", text)))
        for choices in options[:12]:
            d = act(state, 0, {"type": "attack", "attack": name, "choices": choices}, coins)
            if d.state.pending is not None:
                listed = _choose_options(d.state)
                assert listed, (card_id, name)
                for more in listed[:6] + listed[-2:]:
                    _choose(d.state, **more)
            checked += 1
    assert checked >= 10
