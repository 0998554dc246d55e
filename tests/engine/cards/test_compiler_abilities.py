"""The compiler of printed Ability text (`cards/compiler/abilities.py`), ruleset `modern`: each
template on its own against the rules with a real card it compiles (the legal use and the
refused one, the rule id in the test's name), the wordings it accepts, texts that almost match
and must not, and a data check over the pool."""
import pytest

from projections.tcg import carddb
from projections.tcg.actions import retreat_cost
from projections.tcg.carddb import CardDef, PowerDef, card
from projections.tcg.cards.compiler import compile_attack
from projections.tcg.cards.compiler.abilities import ABILITY_TEMPLATES, compile_power, normalise_ability

from .fixtures import act, board, power, refuse
from .fixtures import poke as _poke_in_set

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING, DARKNESS, METAL = (f"sve-{n}" for n in range(1, 9))
DELIBIRD = "me1-105"        # Basic Colorless, Gentle Slap [CC] 30
RESHIRAM_EX = "rsv10pt5-20"  # Basic Fire Pokémon ex, Slash [CC] 50
GOLISOPOD_EX = "sv4-50"      # Stage 1 Water Pokémon ex, Aqua Blade [CC] 70
MAGNEMITE = "me1-45"         # Basic Lightning, Beam [L] 10
SHROODLE = "me1-91"          # Basic Darkness, Poison Jab [DC] 20 and Poisoned
BYNAME = {t.name: t for t in ABILITY_TEMPLATES}


UNDER = {"sv7-89": ["me1-82", "me1-83"]}      # Garganacl ex on Nacli and Naclstack (other sets)


def poke(card_id, energy=(), conditions=()):
    """`fixtures.poke`, or on the lower Stages `UNDER` names where they are in another set."""
    if card_id in UNDER:
        return {"card": card_id, "energy": list(energy), "under": UNDER[card_id], "conditions": list(conditions)}
    return _poke_in_set(card_id, energy, conditions=conditions)


def _compiled(card_id, template):
    c = card(card_id)
    assert c.power is not None and c.power.compiled_by == (template,), (card_id, c.power)
    assert f"power:{c.power.name}" not in c.declared


def _fight(attacker, energy, defender, *, their_bench=(), my_bench=(), hand=(), deck=None, their_energy=()):
    mine = {"active": poke(attacker, energy), "bench": [poke(b) for b in my_bench], "hand": list(hand),
            "deck": [FIGHTING] * 8 if deck is None else deck, "prizes": [GRASS] * 6, "discard": []}
    theirs = {"active": poke(defender, their_energy), "bench": [poke(b) for b in their_bench], "hand": [],
              "deck": [FIGHTING] * 8, "prizes": [GRASS] * 6, "discard": []}
    return board(mine, theirs, ruleset="modern")


def _attack(state, name, coins=()):
    return act(state, 0, {"type": "attack", "attack": name, "choices": {}}, coins)


def _own(active, *, energy=(), bench=(), hand=(), deck=None, conditions=(), bench_energy=()):
    mine = {"active": poke(active, energy, conditions=conditions),
            "bench": [poke(b, bench_energy) for b in bench], "hand": list(hand),
            "deck": [FIGHTING] * 8 if deck is None else deck, "prizes": [GRASS] * 6, "discard": []}
    theirs = {"active": poke(DELIBIRD), "bench": [], "hand": [], "deck": [FIGHTING] * 8,
              "prizes": [GRASS] * 6, "discard": []}
    return board(mine, theirs, ruleset="modern")


def _use(who, name, **choices):
    return {"type": "use_power", "pokemon": who, "power": name, "choices": choices}


# -- damage taken ---------------------------------------------------------------------------------

def test_r_damage_1_takes_less_damage_bouffalant_bouffer():
    _compiled("sv3-174", "takes_less_damage")
    d = _attack(_fight(DELIBIRD, [METAL, METAL], "sv3-174"), "Gentle Slap")
    assert d.state.seats[1].active.damage == 10            # 30 − 20
    assert any("Bouffer −20 = 10" in line for line in d.narration)


def test_r_damage_1_takes_less_damage_never_below_zero_and_italics_read():
    _compiled("me2pt5-267", "takes_less_damage")     # the printed "<i>(after applying …)</i>"
    d = _attack(_fight(MAGNEMITE, [LIGHTNING], "sv10-108"), "Beam")      # Mudsdale: 30 less than 10
    assert d.state.seats[1].active.damage == 0


def test_r_damage_1_prevent_damage_from_pokemon_ex_mimikyu_safeguard():
    _compiled("sv2-97", "prevent_damage_from")
    d = _attack(_fight(RESHIRAM_EX, [FIRE, FIRE], "sv2-97"), "Slash")
    assert d.state.seats[1].active.damage == 0
    d = _attack(_fight(DELIBIRD, [METAL, METAL], "sv2-97"), "Gentle Slap")  # not a Pokémon ex: damaged
    assert d.state.seats[1].active.damage == 30


def test_r_damage_1_prevent_damage_from_basic_pokemon_ex_farigiraf_ex_armor_tail():
    _compiled("sv5-108", "prevent_damage_from")
    assert _attack(_fight(RESHIRAM_EX, [FIRE, FIRE], "sv5-108"), "Slash").state.seats[1].active.damage == 0
    d = _attack(_fight(GOLISOPOD_EX, [WATER, WATER], "sv5-108"), "Aqua Blade")   # a Stage 1 Pokémon ex
    assert d.state.seats[1].active.damage == 70


def test_r_damage_1_prevent_damage_from_a_type_bellibolt_insulator():
    _compiled("sv3-78", "prevent_damage_from")
    assert _attack(_fight(MAGNEMITE, [LIGHTNING], "sv3-78"), "Beam").state.seats[1].active.damage == 0
    assert _attack(_fight(DELIBIRD, [METAL, METAL], "sv3-78"), "Gentle Slap").state.seats[1].active.damage == 30


def test_r_damage_1_flip_prevents_damage_kecleon_expert_hider():
    _compiled("sv8-150", "flip_prevents_damage")
    state = _fight(DELIBIRD, [METAL, METAL], "sv8-150")
    assert _attack(state, "Gentle Slap", coins=[True]).state.seats[1].active.damage == 0
    assert _attack(state, "Gentle Slap", coins=[False]).state.seats[1].active.damage == 30


def test_r_attack_2_prevent_attack_effects_kakuna_cocoon_cover():
    _compiled("sv3pt5-14", "prevent_attack_effects")
    d = _attack(_fight(SHROODLE, [DARKNESS, DARKNESS], "sv3pt5-14"), "Poison Jab")
    kakuna = d.state.seats[1].active
    assert kakuna.damage == 20 and kakuna.conditions == []     # the damage, not the Poison
    d = _attack(_fight(SHROODLE, [DARKNESS, DARKNESS], DELIBIRD), "Poison Jab")
    assert d.state.seats[1].active.conditions == ["poisoned"]


def test_r_status_1_cant_have_condition_pachirisu_and_garganacl_ex():
    _compiled("sv1-68", "cant_have_condition")
    _compiled("sv7-89", "cant_have_conditions")
    d = _attack(_fight(SHROODLE, [DARKNESS, DARKNESS], "sv7-89"), "Poison Jab")
    assert d.state.seats[1].active.conditions == [] and d.state.seats[1].active.damage == 20
    d = _attack(_fight(SHROODLE, [DARKNESS, DARKNESS], "sv1-68"), "Poison Jab")   # can't be Paralyzed only
    assert d.state.seats[1].active.conditions == ["poisoned"]


def test_r_damage_3_counters_on_attacker_cacnea_counterattack_quills():
    _compiled("sv1-5", "counters_on_attacker")
    d = _attack(_fight(DELIBIRD, [METAL, METAL], "sv1-5"), "Gentle Slap")
    assert d.state.seats[0].active.damage == 30          # 3 counters on Delibird
    no_hit = _attack(_fight("sv1-5", [GRASS, GRASS], DELIBIRD), "Light Punch")   # Cacnea attacking: nothing
    assert no_hit.state.seats[0].active.damage == 0


def test_r_status_1_condition_on_attacker_roselia_poison_point():
    _compiled("sv5-8", "condition_on_attacker")
    d = _attack(_fight(DELIBIRD, [METAL, METAL], "sv5-8"), "Gentle Slap")
    assert d.state.seats[0].active.conditions == ["poisoned"]


# -- Retreat Cost -----------------------------------------------------------------------------------

def test_r_retreat_1_no_retreat_cost_without_energy_morpeko():
    _compiled("sv4-121", "no_retreat_cost")
    state = _own("sv4-121", bench=[DELIBIRD])
    assert retreat_cost(state, state.seats[0].active) == 0
    d = act(state, 0, {"type": "retreat", "to": state.seats[0].bench[0].top, "discard": []})
    assert d.state.seats[0].active.top == state.seats[0].bench[0].top
    state = _own("sv4-121", energy=[DARKNESS], bench=[DELIBIRD])
    assert retreat_cost(state, state.seats[0].active) == 1
    refuse(state, 0, {"type": "retreat", "to": state.seats[0].bench[0].top, "discard": []}, "R-RETREAT-2")


def test_r_retreat_1_no_retreat_cost_with_a_type_zapdos_ex_and_archaludon_for_all():
    _compiled("sv3pt5-145", "no_retreat_cost")
    _compiled("sv7-107", "no_retreat_cost_all")
    for energy, cost in ((LIGHTNING, 0), (FIRE, 2)):
        state = _own("sv3pt5-145", energy=[energy])
        assert retreat_cost(state, state.seats[0].active) == cost
    for energy, cost in ((METAL, 0), (FIRE, 1)):            # Archaludon on the Bench, for the Active
        state = _own(DELIBIRD, energy=[energy], bench=["sv7-107"])
        assert retreat_cost(state, state.seats[0].active) == cost


# -- used once during your turn ---------------------------------------------------------------------

def test_r_power_1_draw_cards_rapidash_from_the_bench_once_a_turn():
    _compiled("sv10-30", "draw_cards")
    state = _own(DELIBIRD, bench=["sv10-30"])
    rapidash = state.seats[0].bench[0].top
    d = power(state, rapidash, "Hurried Gait")
    assert len(d.state.seats[0].hand) == 1 and len(d.state.seats[0].deck) == 7
    refuse(d.state, 0, _use(rapidash, "Hurried Gait"), "R-POWER-1", "once during your turn")
    refuse(_own(DELIBIRD, bench=["sv10-30"], deck=[]), 0, _use(rapidash, "Hurried Gait"), "R-POWER-1", "empty")


def test_r_power_2_draw_cards_special_conditions_dont_stop_an_ability():
    state = _own("sv10-30", conditions=["paralyzed"])
    assert len(power(state, state.seats[0].active.top, "Hurried Gait").state.seats[0].hand) == 1


def test_r_power_1_draw_cards_the_discard_is_paid_first_tinkaton_gift_and_porygon_z():
    _compiled("sv2-105", "draw_cards")
    state = _own(DELIBIRD, bench=["sv2-105"], hand=[GRASS, FIRE])
    tinkaton = state.seats[0].bench[0].top
    refuse(state, 0, _use(tinkaton, card("sv2-105").power.name), "R-POWER-1", "discard")
    grass = state.seats[0].hand[0]
    d = power(state, tinkaton, card("sv2-105").power.name, cards=[grass])
    assert grass in d.state.seats[0].discard and len(d.state.seats[0].hand) == 4   # 2 − 1 + 3
    _compiled("sv10-155", "draw_cards")                         # discard 2 cards
    state = _own(DELIBIRD, bench=["sv10-155"], hand=[GRASS])
    refuse(state, 0, _use(state.seats[0].bench[0].top, "Reconstitute", cards=state.seats[0].hand), "R-POWER-1")


def test_r_power_1_draw_until_revavroom_energy_cost_and_mew_ex():
    _compiled("sv1-142", "draw_cards")
    name = card("sv1-142").power.name
    state = _own(DELIBIRD, bench=["sv1-142"], hand=[GRASS, "me1-105"])
    revavroom, (energy, pokemon) = state.seats[0].bench[0].top, state.seats[0].hand
    refuse(state, 0, _use(revavroom, name, cards=[pokemon]), "R-POWER-1")      # not an Energy card
    d = power(state, revavroom, name, cards=[energy])
    assert len(d.state.seats[0].hand) == 6
    _compiled("sv3pt5-193", "draw_cards")
    state = _own("sv3pt5-193", hand=[GRASS, FIRE, WATER])
    refuse(state, 0, _use(state.seats[0].active.top, "Restart"), "R-POWER-1", "already holds 3")
    state = _own("sv3pt5-193", hand=[GRASS])
    assert len(power(state, state.seats[0].active.top, "Restart").state.seats[0].hand) == 3


def test_r_power_1_attach_basic_energy_teal_mask_ogerpon_ex_then_draws_once_a_turn():
    _compiled("sv1-54", "attach_basic_energy")     # Teal Dance itself is sv_standard_pokemon's, the same ruling
    state = _own(DELIBIRD, bench=["sv6-25"], hand=[GRASS, FIRE])
    ogerpon, (grass, fire) = state.seats[0].bench[0].top, state.seats[0].hand
    refuse(state, 0, _use(ogerpon, "Teal Dance", cards=[fire]), "R-POWER-1", "choices.cards")
    d = power(state, ogerpon, "Teal Dance", cards=[grass])
    assert d.state.seats[0].bench[0].energy == [grass] and len(d.state.seats[0].hand) == 2   # Fire + 1 drawn
    assert d.state.this_turn["energy_attached"] == state.this_turn["energy_attached"]   # not the turn's attachment
    refuse(d.state, 0, _use(ogerpon, "Teal Dance", cards=[d.state.seats[0].hand[0]]), "R-POWER-1")
    refuse(_own(DELIBIRD, bench=["sv6-25"], hand=[FIRE]), 0, _use(ogerpon, "Teal Dance"), "R-POWER-1")


def test_r_power_1_attach_basic_energy_as_often_as_you_like_emboar_and_bench_only_xatu():
    _compiled("rsv10pt5-13", "attach_basic_energy")
    state = _own("rsv10pt5-13", bench=[DELIBIRD], hand=[FIRE, FIRE])
    emboar, delibird = state.seats[0].active.top, state.seats[0].bench[0].top
    d = power(state, emboar, "Inferno Fandango", cards=[state.seats[0].hand[0]], to=delibird)
    d = power(d.state, emboar, "Inferno Fandango", cards=[d.state.seats[0].hand[0]], to=emboar)  # again
    assert len(d.state.seats[0].active.energy) == 1 and len(d.state.seats[0].bench[0].energy) == 1
    _compiled("sv4-72", "attach_basic_energy")
    state = _own("sv4-72", bench=[DELIBIRD], hand=[PSYCHIC])
    xatu = state.seats[0].active.top
    refuse(state, 0, _use(xatu, "Clairvoyant Sense", to=xatu), "R-POWER-1", "choices.to")       # the Active
    d = power(state, xatu, "Clairvoyant Sense", to=state.seats[0].bench[0].top)
    assert len(d.state.seats[0].hand) == 2                                                      # drew 2


def test_r_power_1_attach_basic_energy_heals_hydrapple_ex_and_prizes_sandy_shocks_ex():
    _compiled("sv7-14", "attach_basic_energy")
    mine = {"active": poke(DELIBIRD), "bench": [], "hand": [GRASS], "deck": [FIGHTING] * 8, "prizes": [GRASS] * 6,
            "discard": []}
    mine["active"]["damage"] = 50
    mine["bench"] = [poke("sv7-14")]
    theirs = {"active": poke(DELIBIRD), "bench": [], "hand": [], "deck": [FIGHTING] * 8, "prizes": [GRASS] * 6,
              "discard": []}
    state = board(mine, theirs, ruleset="modern")
    d = power(state, state.seats[0].bench[0].top, "Ripening Charge", to=state.seats[0].active.top)
    assert d.state.seats[0].active.damage == 20
    _compiled("sv4-108", "attach_basic_energy")
    theirs["prizes"] = [GRASS] * 5
    mine = {"active": poke("sv4-108"), "bench": [], "hand": [], "deck": [FIGHTING] * 8, "prizes": [GRASS] * 6,
            "discard": [FIGHTING]}
    state = board(mine, theirs, ruleset="modern")
    sandy = state.seats[0].active.top
    refuse(state, 0, _use(sandy, "Magnetic Absorption"), "R-POWER-1", "4 or fewer")
    theirs["prizes"] = [GRASS] * 4
    state = board(mine, theirs, ruleset="modern")
    assert power(state, sandy, "Magnetic Absorption").state.seats[0].active.energy


def test_r_status_1_condition_on_opponent_active_clodsire_ex_with_a_stadium_and_shiinotic_active_only():
    _compiled("sv2-130", "condition_on_opponent_active")
    state = _own("sv2-130")
    refuse(state, 0, _use(state.seats[0].active.top, "Toxic Wetland"), "R-POWER-1", "Stadium")
    mine = {"active": poke("sv2-130"), "bench": [], "hand": [], "deck": [FIGHTING] * 8, "prizes": [GRASS] * 6,
            "discard": []}
    theirs = {"active": poke(DELIBIRD), "bench": [], "hand": [], "deck": [FIGHTING] * 8, "prizes": [GRASS] * 6,
              "discard": []}
    state = board(mine, theirs, ruleset="modern", stadium={"card": "sv10-166", "owner": 1})
    d = power(state, state.seats[0].active.top, "Toxic Wetland")
    assert d.state.seats[1].active.conditions == ["poisoned"]
    _compiled("sv8-9", "condition_on_opponent_active")
    state = _own(DELIBIRD, bench=["sv8-9"])
    refuse(state, 0, _use(state.seats[0].bench[0].top, "Calming Light"), "R-POWER-1", "Active Spot")
    state = _own("sv8-9")
    assert power(state, state.seats[0].active.top, "Calming Light").state.seats[1].active.conditions == ["asleep"]


def test_r_power_1_heal_one_venusaur_ex_from_the_active_spot():
    _compiled("sv3pt5-3", "heal_one")
    state = _own("sv3pt5-3", bench=[DELIBIRD])
    venusaur = state.seats[0].active.top
    refuse(state, 0, _use(venusaur, "Tranquil Flower"), "R-POWER-1", "damaged")                 # nothing to heal
    state.seats[0].bench[0].damage = 70
    d = power(state, venusaur, "Tranquil Flower", to=state.seats[0].bench[0].top)
    assert d.state.seats[0].bench[0].damage == 10
    state = _own(DELIBIRD, bench=["sv3pt5-3"])
    state.seats[0].active.damage = 30
    refuse(state, 0, _use(state.seats[0].bench[0].top, "Tranquil Flower"), "R-POWER-1", "Active Spot")


def test_r_retreat_6_switch_own_active_mega_dragonite_ex():
    _compiled("me2pt5-152", "switch_own_active")
    name = card("me2pt5-152").power.name
    state = _own(DELIBIRD, bench=["me2pt5-152"], conditions=["confused"])
    dragonite = state.seats[0].bench[0].top
    d = power(state, dragonite, name, to=dragonite)
    assert d.state.seats[0].active.top == dragonite and d.state.seats[0].bench[0].conditions == []
    refuse(d.state, 0, _use(dragonite, name, to=d.state.seats[0].bench[0].top), "R-POWER-1")
    refuse(_own("me2pt5-152"), 0, _use(_own("me2pt5-152").seats[0].active.top, name), "R-POWER-1")   # no Bench


def test_r_damage_1_prevent_damage_from_pokemon_with_an_ability_cornerstone_mask_ogerpon_ex():
    _compiled("sv6-112", "prevent_damage_from_ability")
    d = _attack(_fight("sv10-108", [FIGHTING, FIGHTING, FIGHTING], "sv6-112"), "Heavy Impact")  # Mudsdale: Mud Coat
    assert d.state.seats[1].active.damage == 0
    assert _attack(_fight(DELIBIRD, [METAL, METAL], "sv6-112"), "Gentle Slap").state.seats[1].active.damage == 30


def _choose(state, **choices):
    return act(state, 0, {"type": "choose", "choices": choices})


def test_r_bench_2_search_to_bench_miraidon_ex_shows_the_deck_then_takes_up_to_2():
    _compiled("sv1-81", "search_to_bench")
    name = card("sv1-81").power.name
    state = _own("sv1-81", deck=[MAGNEMITE, DELIBIRD, "me2-32", FIGHTING])
    miraidon = state.seats[0].active.top
    d = power(state, miraidon, name)
    assert d.state.pending["look"] == state.seats[0].deck                       # the deck shown to its player
    magnemite, delibird, pawmi = d.state.seats[0].deck[:3]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [delibird]}}, "R-POWER-1")   # not Basic Lightning
    refuse(d.state, 0, {"type": "choose", "choices": {"search": []}}, "R-POWER-1")           # one fits: take one
    d = _choose(d.state, search=[magnemite, pawmi])
    assert [p.top for p in d.state.seats[0].bench] == [magnemite, pawmi] and len(d.state.seats[0].deck) == 2
    refuse(d.state, 0, _use(miraidon, name), "R-POWER-1", "once during your turn")
    full = _own("sv1-81", bench=[DELIBIRD] * 5)
    refuse(full, 0, _use(full.seats[0].active.top, name), "R-BENCH-1", "Bench is full")


def test_r_power_1_search_energy_attach_self_pawmot_and_search_to_hand_sawsbuck():
    _compiled("sv1-76", "search_energy_attach_self")
    name = card("sv1-76").power.name
    state = _own(DELIBIRD, bench=["sv1-76"], deck=[FIRE, LIGHTNING, FIGHTING])
    pawmot = state.seats[0].bench[0].top
    d = power(state, pawmot, name)
    lightning = d.state.seats[0].deck[1]
    d = _choose(d.state, search=[lightning])
    assert d.state.seats[0].bench[0].energy == [lightning] and lightning not in d.state.seats[0].deck
    _compiled("sv5-17", "search_to_hand")
    state = _own("sv5-17", deck=[FIRE, "sv10-166"])
    d = power(state, state.seats[0].active.top, card("sv5-17").power.name)
    stadium = d.state.seats[0].deck[1]
    assert _choose(d.state, search=[stadium]).state.seats[0].hand == [stadium]


def test_r_power_1_search_to_hand_chien_pao_ex_only_from_the_active_spot():
    _compiled("sv2-236", "search_to_hand")
    name = card("sv2-236").power.name
    state = _own(DELIBIRD, bench=["sv2-236"], deck=[WATER, WATER])
    refuse(state, 0, _use(state.seats[0].bench[0].top, name), "R-POWER-1", "Active Spot")
    state = _own("sv2-236", deck=[WATER, FIRE, WATER])
    d = power(state, state.seats[0].active.top, name)
    first, _, second = d.state.seats[0].deck
    assert sorted(_choose(d.state, search=[first, second]).state.seats[0].hand) == sorted([first, second])


EEVEE_EX = "sv8pt5-75"       # Basic Colorless Pokémon ex, Coruscating Quartz [FWL] 200


def test_r_ko_1_survives_knock_out_from_full_hp_crustle():
    _compiled("zsv10pt5-52", "survives_knock_out")
    state = _fight(EEVEE_EX, [FIRE, WATER, LIGHTNING], "zsv10pt5-52")
    d = _attack(state, "Coruscating Quartz")
    crustle = d.state.seats[1].active
    assert crustle is not None and d.state.hp(crustle) - crustle.damage == 10
    state.seats[1].active.damage = 10                                     # not at full HP: Knocked Out
    d = _attack(state, "Coruscating Quartz")
    assert d.state.seats[1].active is None or d.state.seats[1].active.card != "zsv10pt5-52"


def test_r_ko_1_flip_survives_knock_out_machamp():
    _compiled("sv3pt5-68", "flip_survives_knock_out")
    state = _fight(EEVEE_EX, [FIRE, WATER, LIGHTNING], "sv3pt5-68")
    machamp = state.seats[1].active.top
    d = _attack(state, "Coruscating Quartz", coins=[True])
    assert d.state.seats[1].active.top == machamp and d.state.seats[1].active.damage == 170
    d = _attack(state, "Coruscating Quartz", coins=[False])
    assert machamp in d.state.seats[1].discard


def test_r_damage_3_counters_then_knock_out_dusclops():
    _compiled("sv8pt5-36", "counters_then_knock_out")
    state = _own(DELIBIRD, bench=["sv8pt5-36"])
    dusclops = state.seats[0].bench[0].top
    d = act(state, 0, _use(dusclops, "Cursed Blast", pokemon=[state.seats[1].active.top]))
    assert d.state.seats[1].active.damage == 50 and d.state.seats[0].bench == []
    assert dusclops in d.state.seats[0].discard and len(d.state.seats[1].prizes) == 5     # a Prize for it
    refuse(state, 0, _use(dusclops, "Cursed Blast", pokemon=[dusclops]), "R-POWER-1")      # not the opponent's


def test_r_power_1_draw_cards_more_if_active_gholdengo_ex():
    _compiled("sv4-139", "draw_cards_more_if_active")
    state = _own("sv4-139", bench=["sv4-139"])
    active, benched = state.seats[0].active.top, state.seats[0].bench[0].top
    assert len(power(state, active, "Coin Bonus").state.seats[0].hand) == 2
    assert len(power(state, benched, "Coin Bonus").state.seats[0].hand) == 1


RAGING_BOLT = "sv5-123"      # a 240 HP Dragon Basic: no Weakness or Resistance


def test_r_damage_1_boost_own_attacks_kingambit_basic_pokemon_and_garganacl_a_type():
    _compiled("sv1-134", "boost_own_attacks")
    d = _attack(_fight(DELIBIRD, [METAL, METAL], RAGING_BOLT, my_bench=["sv1-134"]), "Gentle Slap")
    assert d.state.seats[1].active.damage == 60                           # a Basic Pokémon: 30 + 30
    d = _attack(_fight(GOLISOPOD_EX, [WATER, WATER], RAGING_BOLT, my_bench=["sv1-134"]), "Aqua Blade")
    assert d.state.seats[1].active.damage == 70                           # a Stage 1: no more
    d = _attack(_fight(DELIBIRD, [METAL, METAL], RAGING_BOLT, their_bench=["sv1-134"]), "Gentle Slap")
    assert d.state.seats[1].active.damage == 30                           # the opponent's Kingambit: no more
    _compiled("me1-84", "boost_own_attacks")
    d = _attack(_fight("sv10-108", [FIGHTING, FIGHTING, FIGHTING], RAGING_BOLT, my_bench=["me1-84"]), "Heavy Impact")
    assert d.state.seats[1].active.damage == 160                          # a Fighting Pokémon: 130 + 30


def test_r_damage_1_takes_less_damage_from_full_hp_armarouge_ex_and_from_types_dewgong():
    _compiled("sv4-27", "takes_less_damage")
    state = _fight(EEVEE_EX, [FIRE, WATER, LIGHTNING], "sv4-27")
    assert _attack(state, "Coruscating Quartz").state.seats[1].active.damage == 120        # 200 − 80
    state.seats[1].active.damage = 10                                                   # not at full HP
    assert _attack(state, "Coruscating Quartz").state.seats[1].active.damage == 210
    _compiled("me2-22", "takes_less_damage")
    assert _attack(_fight(GOLISOPOD_EX, [WATER, WATER], "me2-22"), "Aqua Blade").state.seats[1].active.damage == 40
    assert _attack(_fight(DELIBIRD, [METAL, METAL], "me2-22"), "Gentle Slap").state.seats[1].active.damage == 30
    _compiled("sv9-82", "takes_less_damage")                                            # Regirock: with Energy
    assert _attack(_fight(DELIBIRD, [METAL, METAL], "sv9-82"), "Gentle Slap").state.seats[1].active.damage == 30
    d = _attack(_fight(DELIBIRD, [METAL, METAL], "sv9-82", their_energy=[FIGHTING]), "Gentle Slap")
    assert d.state.seats[1].active.damage == 0


def test_r_damage_1_flip_prevents_damage_with_darkness_energy_fezandipiti():
    _compiled("sv6-96", "flip_prevents_damage")
    assert _attack(_fight(DELIBIRD, [METAL, METAL], "sv6-96"), "Gentle Slap").state.seats[1].active.damage == 30
    state = _fight(DELIBIRD, [METAL, METAL], "sv6-96", their_energy=[DARKNESS])
    assert _attack(state, "Gentle Slap", coins=[True]).state.seats[1].active.damage == 0
    assert _attack(state, "Gentle Slap", coins=[False]).state.seats[1].active.damage == 30
    state = _fight(DELIBIRD, [METAL, METAL], "sv6-96", their_energy=[PSYCHIC])       # no Darkness: no flip
    assert _attack(state, "Gentle Slap").state.seats[1].active.damage == 30


def test_r_attack_2_prevent_all_from_tera_pokemon_milotic_ex_and_on_the_bench_mistys_magikarp():
    from projections.tcg import hooks
    from projections.tcg.hooks import AffectEvent
    _compiled("sv8-42", "prevent_all_from_attacks")
    assert _attack(_fight("sv8pt5-28", [METAL], "sv8-42"), "Tail Whap").state.seats[1].active.damage == 0
    assert _attack(_fight(DELIBIRD, [METAL, METAL], "sv8-42"), "Gentle Slap").state.seats[1].active.damage == 30
    _compiled("sv10-48", "prevent_all_from_attacks")
    state = _own(DELIBIRD, bench=["sv10-48"])
    benched = state.seats[0].bench[0]
    assert not hooks.allowed(state, "can_be_affected", AffectEvent(state, benched, 1, True, None))
    assert hooks.allowed(state, "can_be_affected", AffectEvent(state, benched, 0, True, None))     # its own side
    d = _attack(_fight(DELIBIRD, [METAL, METAL], "sv10-48"), "Gentle Slap")                      # Active: damaged
    assert d.state.seats[1].active is None or d.state.seats[1].active.card != "sv10-48"


def test_r_inplay_1_hp_if_special_energy_wigglytuff_ex():
    _compiled("sv3pt5-40", "hp_if_special_energy")
    state = _own("sv3pt5-40")
    assert state.hp(state.seats[0].active) == 250
    state = _own("sv3pt5-40", energy=["sv2-190"])
    assert state.hp(state.seats[0].active) == 350


def test_r_retreat_1_retreat_costs_latias_ex_spidops_ex_ariados_toedscruel():
    _compiled("sv3pt5-149", "no_retreat_cost_yours")     # Skyliner itself is sv_standard_pokemon's, the same ruling
    state = _own(DELIBIRD, bench=["sv8-76"])
    assert retreat_cost(state, state.seats[0].active) == 0
    state = _own(GOLISOPOD_EX, bench=["sv8-76"])                            # a Stage 1
    assert retreat_cost(state, state.seats[0].active) == card(GOLISOPOD_EX).retreat_cost
    _compiled("sv1-19", "retreat_cost_change")
    state = _fight(DELIBIRD, [], DELIBIRD, their_bench=["sv1-19"])
    assert retreat_cost(state, state.seats[0].active) == 2 and retreat_cost(state, state.seats[1].active) == 1
    _compiled("sv6-5", "retreat_cost_change")
    state = _fight(DELIBIRD, [], DELIBIRD, their_bench=["sv6-5"])
    assert retreat_cost(state, state.seats[0].active) == 1                 # a Basic: not an Evolution Pokémon
    _compiled("sv9-89", "retreat_cost_change")
    state = _own(GOLISOPOD_EX, bench=["sv9-89"])
    assert retreat_cost(state, state.seats[0].active) == max(0, card(GOLISOPOD_EX).retreat_cost - 2)
    state = _own("sv9-89", bench=[DELIBIRD])                                   # Active itself: no change
    assert retreat_cost(state, state.seats[0].active) == card("sv9-89").retreat_cost


def test_r_power_1_heal_each_altaria_ex():
    _compiled("sv4-140", "heal_each")
    state = _own("sv4-140", bench=[DELIBIRD])
    altaria = state.seats[0].active.top
    refuse(state, 0, _use(altaria, card("sv4-140").power.name), "R-POWER-1", "damage to heal")
    state.seats[0].active.damage, state.seats[0].bench[0].damage = 10, 50
    d = power(state, altaria, card("sv4-140").power.name)
    assert (d.state.seats[0].active.damage, d.state.seats[0].bench[0].damage) == (0, 30)


POTION = "sv1-188"


def test_r_trainer_1_lock_opponent_plays_tyranitar_items_and_copperajah_stadiums():
    _compiled("sv9-95", "lock_opponent_plays")
    mine = {"active": poke(DELIBIRD), "bench": [], "hand": [POTION], "deck": [FIGHTING] * 8, "prizes": [GRASS] * 6,
            "discard": []}
    mine["active"]["damage"] = 30
    theirs = {"active": poke("sv9-95"), "bench": [], "hand": [], "deck": [FIGHTING] * 8, "prizes": [GRASS] * 6,
              "discard": []}
    state = board(mine, theirs, ruleset="modern")
    play = {"type": "play_trainer", "card": state.seats[0].hand[0], "targets": [state.seats[0].active.top],
            "choices": {}}
    refuse(state, 0, play, "R-TRAINER-1", "can't play Item cards")
    theirs["active"], theirs["bench"] = poke(DELIBIRD), [poke("sv9-95")]            # on the Bench: no lock
    assert act(board(mine, theirs, ruleset="modern"), 0, play).state.seats[0].active.damage == 0
    _compiled("sv6pt5-42", "lock_opponent_plays")
    theirs["active"], theirs["bench"] = poke("sv6pt5-42"), []
    mine["hand"] = ["sv10-166"]
    state = board(mine, theirs, ruleset="modern")
    refuse(state, 0, {"type": "play_trainer", "card": state.seats[0].hand[0], "targets": [], "choices": {}},
           "R-TRAINER-1", "Stadium")


def test_r_attack_2_prevent_attack_effects_on_yours_with_energy_toedscruel_ex():
    _compiled("sv3-22", "prevent_attack_effects")
    state = _fight(SHROODLE, [DARKNESS, DARKNESS], DELIBIRD, their_bench=["sv3-22"], their_energy=[METAL])
    d = _attack(state, "Poison Jab")
    assert d.state.seats[1].active.damage == 20 and d.state.seats[1].active.conditions == []
    d = _attack(_fight(SHROODLE, [DARKNESS, DARKNESS], DELIBIRD, their_bench=["sv3-22"]), "Poison Jab")
    assert d.state.seats[1].active.conditions == ["poisoned"]                  # no Energy attached


def test_r_hidden_1_look_top_take_one_drakloak_shows_the_top_2_to_its_player():
    _compiled("sv8pt5-72", "look_top_take_one")
    name = card("sv8pt5-72").power.name
    state = _own(DELIBIRD, bench=["sv8pt5-72"], deck=[FIRE, WATER, GRASS])
    drakloak = state.seats[0].bench[0].top
    d = power(state, drakloak, name)
    fire, water, grass = state.seats[0].deck
    assert d.state.pending["look"] == [fire, water]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [grass]}}, "R-POWER-1")       # not looked at
    d = _choose(d.state, search=[water])
    assert d.state.seats[0].hand == [water] and d.state.seats[0].deck == [grass, fire]
    refuse(d.state, 0, _use(drakloak, name), "R-POWER-1", "once during your turn")
    refuse(_own(DELIBIRD, bench=["sv8pt5-72"], deck=[]), 0, _use(drakloak, name), "R-POWER-1", "empty")


def test_r_damage_1_immune_and_prevent_damage_from_a_type_dachsbun():
    from projections.tcg import hooks
    _compiled("sv1-99", "immune_and_prevent_damage_from_type")
    assert _attack(_fight(RESHIRAM_EX, [FIRE, FIRE], "sv1-99"), "Slash").state.seats[1].active.damage == 0
    state = _own("sv1-99")
    dachsbun = state.seats[0].active
    assert not hooks.may_have_condition(state, dachsbun, "burned") and hooks.may_have_condition(state, dachsbun,
                                                                                                "poisoned")


def test_r_power_1_heal_one_if_grass_energy_shuckle():
    _compiled("me1-11", "heal_one_if")
    name = card("me1-11").power.name
    state = _own("me1-11", bench=[DELIBIRD])
    state.seats[0].bench[0].damage = 40
    refuse(state, 0, _use(state.seats[0].active.top, name), "R-POWER-1", "Grass")
    state = _own("me1-11", energy=[GRASS], bench=[DELIBIRD])
    state.seats[0].bench[0].damage = 40
    assert power(state, state.seats[0].active.top, name).state.seats[0].bench[0].damage == 10


def test_r_power_1_search_to_hand_evolution_pokemon_genesect_ex():
    _compiled("zsv10pt5-67", "search_to_hand")
    name = card("zsv10pt5-67").power.name
    state = _own("zsv10pt5-67", deck=["sv1-142", "me1-95", FIRE])          # Revavroom (Stage 1 Metal), Dialga (Basic)
    d = power(state, state.seats[0].active.top, name)
    revavroom, dialga, _ = d.state.seats[0].deck
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [dialga]}}, "R-POWER-1")
    assert _choose(d.state, search=[revavroom]).state.seats[0].hand == [revavroom]


# -- the wordings ----------------------------------------------------------------------------------

def _ability(text, once=False):
    return CardDef("test-1", "Test", "Pokemon", stage="Basic", hp=100, type="Colorless",
                   power=PowerDef("Test", "Ability", once_per_turn=once, text=text))


@pytest.mark.parametrize("template", ABILITY_TEMPLATES, ids=lambda t: t.name)
def test_each_template_accepts_its_wordings(template):
    for wording in template.wordings:
        compiled = compile_power(_ability(wording))
        assert compiled is not None and compiled.templates == (template.name,), wording


@pytest.mark.parametrize("text", [
    "This Pokémon takes 30 less damage from attacks.",                     # no "after Weakness and Resistance"
    "If this Pokémon is Confused and is damaged by an attack, flip a coin. If heads, prevent that damage.",
    "Your opponent's Active Pokémon's Retreat Cost is Fire more.",
    "During Pokémon Checkup, heal 20 damage from each of your Pokémon.",
    "Prevent all damage done to this Pokémon by attacks from your opponent's Pokémon.",
    "Prevent all damage done to this Pokémon by attacks from your opponent's Pokémon that have an Ability.",
    "If this Pokémon is in the Active Spot and is damaged by an attack from your opponent's Pokémon (even if this "
    "Pokémon is Knocked Out), discard an Energy from the Attacking Pokémon.",
    "Once during your turn, you may draw 3 cards. If you drew any cards in this way, shuffle this Pokémon and all "
    "attached cards into your deck.",
    "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may draw 3 cards.",
    "As often as you like during your turn, you may attach a Basic Psychic Energy card from your discard pile to 1 "
    "of your Psychic Pokémon. If you attached Energy to a Pokémon in this way, put 2 damage counters on that "
    "Pokémon. You can't use this Ability on a Pokémon that would be Knocked Out.",
    "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may make your "
    "opponent's Active Pokémon Asleep.",
    "Once during your turn, you may switch out your opponent's Active Pokémon to the Bench. (Your opponent chooses "
    "the new Active Pokémon.)",
    "Once during your turn, you may search your deck for a card and put it into your hand. Then, shuffle your deck. "
    "You can't use more than 1 Quick Search Ability each turn.",
    "Once during your turn, you may search your deck for up to 5 Basic Grass Energy cards and attach them to your "
    "Pokémon in any way you like. Then, shuffle your deck. If you searched your deck in this way, this Pokémon is "
    "Knocked Out.",
])
def test_near_miss_wordings_stay_declared(text):
    assert compile_power(_ability(text)) is None


def test_normalise_ability_drops_italics_and_spaces():
    assert normalise_ability("takes  30 <i>(after)</i>.") == "takes 30 (after)."


def test_normalise_capitalises_a_lower_case_type_and_reads_ex_marks():
    """me2pt5 and mep print "Basic fighting Energy" where me1 prints "Basic Fighting Energy": the
    same words for the templates (Mega Lucario ex's reprints compile as the first printing)."""
    assert normalise_ability("Attach up to 3 Basic fighting Energy cards to your Benched lightning Pokémon.") == (
        "Attach up to 3 Basic Fighting Energy cards to your Benched Lightning Pokémon.")
    assert normalise_ability("Pokémon {ex} that has psychic in its name") == "Pokémon ex that has psychic in its name"
    reprint, first = (compile_attack(carddb.card(c).attack("Aura Jab")) for c in ("mep-12", "me1-77"))
    assert reprint is not None and first is not None and reprint.templates == first.templates


def test_every_compiled_ability_of_the_pool_matches_its_template():
    count = 0
    for c in carddb.all_cards():
        if c.power is not None and c.power.compiled_by:
            count += 1
            (name,) = c.power.compiled_by
            assert BYNAME[name].pattern.fullmatch(normalise_ability(c.power.text)), c.id
            assert not getattr(c.power.effect, "declared", False)
    assert count >= 100
