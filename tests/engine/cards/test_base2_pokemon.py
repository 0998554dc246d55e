"""Jungle Pokémon base2-1 … base2-63: the cards that are data over tested vocabulary words are
checked to compile to those words; every card with logic of its own gets a board (several for
the tricky ones), exact outcomes, coins fixed (FixedCoins: each test also proves how many flips
an action needs). An attack ends the turn: the state returned is the opponent's turn."""
import pytest

from projections.tcg import carddb
from projections.tcg.cards import effects
from tests.engine.cards.fixtures import (
    BASE_DCE as DCE,
)
from tests.engine.cards.fixtures import (
    BASE_FIGHTING as FIGHTING,
)
from tests.engine.cards.fixtures import (
    BASE_GRASS as GRASS,
)
from tests.engine.cards.fixtures import (
    BASE_LIGHTNING as LIGHTNING,
)
from tests.engine.cards.fixtures import (
    BASE_PSYCHIC as PSYCHIC,
)
from tests.engine.cards.fixtures import (
    BASE_WATER as WATER,
)
from tests.engine.cards.fixtures import (
    act,
    choices_of,
    hit,
    me,
    poke,
    refused,
    said,
    them,
)
from tests.engine.cards.fixtures import (
    base_board as board,
)
from tests.engine.cards.fixtures import (
    base_side as side,
)

CLEFABLE, ELECTRODE, MR_MIME, NIDOQUEEN, PIDGEOT, SCYTHER = (
    "base2-1", "base2-2", "base2-6", "base2-7", "base2-8", "base2-10")
VILEPLUME, WIGGLYTUFF, BUTTERFREE, EXEGGUTOR, GLOOM, MAROWAK = (
    "base2-15", "base2-16", "base2-33", "base2-35", "base2-37", "base2-39")
PERSIAN, RHYDON, TAURUS, BELLSPROUT, CUBONE, EEVEE = (
    "base2-42", "base2-45", "base2-47", "base2-49", "base2-50", "base2-51")
KANGASKHAN = "base2-5"
GOLDEEN, JIGGLYPUFF, NIDORAN_F, ODDISH, PIKACHU, RHYHORN, VENONAT = (
    "base2-53", "base2-54", "base2-57", "base2-58", "base2-60", "base2-61", "base2-63")
NIDOKING, RAICHU, VOLTORB, MACHOP, CHARMANDER, NIDORAN_M, SQUIRTLE = (
    "base1-11", "base1-14", "base1-67", "base1-52", "base1-46", "base1-55", "base1-63")


def _words(card_id):
    return {a.name: [type(e).__name__ for e in a.effects] for a in carddb.card(card_id).attacks}


# -- the holo and non-holo prints are one card ------------------------------------------------

def test_base2_the_non_holo_prints_are_the_holo_cards():
    for n in range(1, 17):
        holo, plain = carddb.card(f"base2-{n}"), carddb.card(f"base2-{n + 16}")
        assert plain.name == holo.name and _words(plain.id) == _words(holo.id)
        assert [e for a in plain.attacks for e in a.effects] == [e for a in holo.attacks for e in a.effects]
        assert (plain.power and plain.power.effect) is (holo.power and holo.power.effect)


# -- pure data over words the Base Set and EX tests already cover ------------------------------

COMPILED = {
    "base2-1": {"Metronome": [effects.Metronome], "Minimize": [effects.ReduceDamageNextTurn]},
    "base2-3": {"Quick Attack": [effects.FlipBonusOrSelfDamage], "Flamethrower": [effects.DiscardOwnEnergy]},
    "base2-4": {"Quick Attack": [effects.FlipBonusOrSelfDamage], "Pin Missile": [effects.CoinsTimes]},
    "base2-5": {"Fetch": [effects.DrawCards], "Comet Punch": [effects.CoinsTimes]},
    "base2-9": {"Irongrip": [effects.Flip], "Guillotine": []},
    "base2-11": {"Body Slam": [effects.Flip]},
    "base2-12": {"Quick Attack": [effects.FlipBonusOrSelfDamage], "Water Gun": [effects.ExtraEnergyBonus]},
    "base2-13": {"Venom Powder": [effects.Flip]},
    "base2-14": {"Lure": [effects.SwitchDefending], "Acid": [effects.Flip]},
    "base2-34": {"Rage": [effects.PlusPerOwnCounter]},
    "base2-36": {"Agility": [effects.Flip], "Drill Peck": []},
    "base2-38": {"Tongue Wrap": [effects.Flip], "Supersonic": [effects.Flip]},
    "base2-40": {"Supersonic": [effects.Flip], "Double Kick": [effects.CoinsTimes]},
    "base2-41": {"Spore": [effects.Inflict], "Slash": []},
    "base2-43": {"Fury Swipes": [effects.CoinsTimes], "Tantrum": [effects.Flip]},
    "base2-44": {"Stomp": [effects.FlipBonusOrSelfDamage], "Agility": [effects.Flip]},
    "base2-46": {"Horn Attack": [], "Waterfall": []},
    "base2-48": {"Poisonpowder": [effects.Flip], "Razor Leaf": []},
    "base2-52": {"Hypnosis": [effects.Inflict], "Leech Seed": [effects.HealSelf]},
    "base2-53": {"Horn Attack": []},
    "base2-54": {"Lullaby": [effects.Inflict], "Pound": []},
    "base2-56": {"Pay Day": [effects.Flip]},
    "base2-59": {"Scratch": [], "Spore": [effects.Inflict]},
    "base2-60": {"Spark": [effects.ChosenBenchDamage]},
    "base2-62": {"Peck": [], "Mirror Move": [effects.MirrorMove]},
    "base2-63": {"Stun Spore": [effects.Flip], "Leech Life": [effects.HealDamageDone]},
    "base2-35": {"Teleport": [effects.SwitchSelf], "Big Eggsplosion": [effects.CoinsPerOwnEnergy]},
}


@pytest.mark.parametrize("card_id", sorted(COMPILED))
def test_base2_data_cards_compile_to_their_vocabulary_words(card_id):
    got = {a.name: [type(e) for e in a.effects] for a in carddb.card(card_id).attacks}
    assert got == COMPILED[card_id]


def test_base2_data_cards_carry_their_parameters():
    def first(card_id, attack):
        return carddb.card(card_id).attack(attack).effects[0]
    assert first("base2-3", "Quick Attack").bonus == 20 and first("base2-44", "Stomp").bonus == 10
    assert first("base2-4", "Pin Missile").coins == 4 and first("base2-43", "Fury Swipes").coins == 3
    assert first("base2-1", "Minimize").amount == 20 and first("base2-60", "Spark").amount == 10
    assert first("base2-14", "Lure").chooser == "attacker"
    assert [type(e).__name__ for e in first("base2-13", "Venom Powder").heads] == ["Inflict", "Inflict"]
    assert [e.condition for e in first("base2-13", "Venom Powder").heads] == ["confused", "poisoned"]
    assert [type(e).__name__ for e in first("base2-14", "Acid").heads] == ["DefendingCantRetreat"]
    assert first("base2-36", "Agility").heads[0].kind == "prevent_all"
    assert first("base2-52", "Leech Seed").only_if_damage_done


# -- Electrode: Chain Lightning ---------------------------------------------------------------

def test_base2_2_chain_lightning_hits_every_benched_pokemon_of_the_defending_type():
    st = board(side(poke(ELECTRODE, [LIGHTNING] * 3), bench=[poke(PIKACHU), poke(GOLDEEN)]),
               side(poke(RAICHU), bench=[poke(VOLTORB), poke(MACHOP)]))
    d = hit(st, "Chain Lightning")
    assert them(d).active.damage == 20
    assert [p.damage for p in me(d).bench] == [10, 0] and [p.damage for p in them(d).bench] == [10, 0]


def test_base2_2_chain_lightning_does_no_bench_damage_against_a_colorless_pokemon():
    st = board(side(poke(ELECTRODE, [LIGHTNING] * 3), bench=[poke(JIGGLYPUFF)]),
               side(poke(EEVEE), bench=[poke(JIGGLYPUFF)]))
    d = hit(st, "Chain Lightning")
    assert them(d).active.damage == 20 and me(d).bench[0].damage == 0 and them(d).bench[0].damage == 0
    said(d, "Colorless")


# -- Nidoqueen: Boyfriends; Wigglytuff: Do the Wave ----------------------------------------------

def test_base2_7_boyfriends_counts_own_nidoking_in_play():
    st = board(side(poke(NIDOQUEEN, [GRASS, GRASS]), bench=[poke(NIDOKING), poke(NIDOKING)]),
               side(poke(NIDOKING), bench=[poke(NIDOKING)]))
    assert them(hit(st, "Boyfriends")).active.damage == 60


def test_base2_16_do_the_wave_counts_own_benched_pokemon():
    st = board(side(poke(WIGGLYTUFF, [WATER] * 3), bench=[poke(EEVEE), poke(PIKACHU)]),
               side(poke(SQUIRTLE), bench=[poke(EEVEE)]))
    assert them(hit(st, "Do the Wave")).active.damage == 30


# -- Pidgeot: Hurricane ----------------------------------------------------------------------------

def test_base2_8_hurricane_returns_the_defending_pokemon_and_its_cards_to_the_hand():
    st = board(side(poke(PIDGEOT, [WATER] * 3)), side(poke(NIDOKING, [GRASS, GRASS]), bench=[poke(EEVEE)]))
    d = hit(st, "Hurricane")
    assert them(d).active is None and len(them(d).bench) == 1 and not them(d).discard
    names = sorted(d.state.card_of(i).name for i in them(d).hand)
    assert names == ["Grass Energy", "Grass Energy", "Nidoking", "Nidoran ♂", "Nidorino"]
    assert d.state.phase == "promote"


def test_base2_8_hurricane_does_not_return_a_knocked_out_pokemon():
    st = board(side(poke(PIDGEOT, [WATER] * 3)), side(poke(EEVEE, damage=20), bench=[poke(EEVEE)]))
    d = hit(st, "Hurricane")
    assert len(them(d).hand) == 0 and len(them(d).prizes) == 6 and len(me(d).hand) == 1


def test_base2_8_hurricane_on_the_only_pokemon_in_play_wins():
    st = board(side(poke(PIDGEOT, [WATER] * 3)), side(poke(NIDOKING)))
    d = hit(st, "Hurricane")
    assert d.state.result["winner"] == 0
    said(d, "no Pokémon left in play")


# -- Scyther: Swords Dance ------------------------------------------------------------------------

def test_base2_10_swords_dance_makes_next_turns_slash_60():
    st = board(side(poke(SCYTHER, [GRASS, GRASS, GRASS])), side(poke(KANGASKHAN)))
    d = hit(st, "Swords Dance")
    d = act(d.state, 1, {"type": "end_turn"})
    d = hit(d.state, "Slash")
    assert them(d).active.damage == 60
    said(d, "base damage 60")


def test_base2_10_slash_without_swords_dance_is_30():
    st = board(side(poke(SCYTHER, [GRASS, GRASS, GRASS])), side(poke(KANGASKHAN)))
    assert them(hit(st, "Slash")).active.damage == 30


# -- Vileplume: Petal Dance; Gloom: Foul Odor; Tauros: Rampage --------------------------------------

def test_base2_15_petal_dance_three_coins_then_vileplume_is_confused():
    st = board(side(poke(VILEPLUME, [GRASS] * 3)), side(poke(KANGASKHAN)))
    d = hit(st, "Petal Dance", ["heads", "tails", "heads"])
    assert them(d).active.damage == 80 and me(d).active.conditions == ["confused"]


def test_base2_37_foul_odor_confuses_both():
    st = board(side(poke(GLOOM, [GRASS, GRASS])), side(poke(MACHOP)))
    d = hit(st, "Foul Odor")
    assert them(d).active.damage == 20 and them(d).active.conditions == ["confused"]
    assert me(d).active.conditions == ["confused"]


def test_base2_47_rampage_counts_own_counters_and_tails_confuses():
    st = board(side(poke(TAURUS, [GRASS] * 3, damage=20)), side(poke(MACHOP)))
    d = hit(st, "Rampage", ["tails"])
    assert them(d).active.damage == 40 and me(d).active.conditions == ["confused"]
    d = hit(st, "Rampage", ["heads"])
    assert them(d).active.damage == 40 and me(d).active.conditions == []


# -- Butterfree: Mega Drain; Venonat: Leech Life ---------------------------------------------------

def test_base2_33_mega_drain_heals_half_the_damage_done_rounded_up():
    st = board(side(poke(BUTTERFREE, [GRASS] * 4, damage=50)), side(poke(KANGASKHAN)))
    d = hit(st, "Mega Drain")
    assert them(d).active.damage == 40 and me(d).active.damage == 30
    st = board(side(poke(BUTTERFREE, [GRASS] * 4, damage=50)), side(poke(RHYHORN, [GRASS])))
    d = hit(st, "Mega Drain")                       # 80 against Weakness, Rhyhorn (70 HP) Knocked Out
    assert me(d).active.damage == 10


def test_base2_33_mega_drain_half_of_an_odd_number_of_counters_rounds_up():
    # Eevee resists Psychic, not Grass: Butterfree does 40 → 20 healed; with 30 done (Minimize
    # on a Clefable: 40 − 20 = 20 done) half is 10
    st = board(side(poke(BUTTERFREE, [GRASS] * 4, damage=50)), side(poke(CLEFABLE, [WATER, WATER])), seat_to_act=1)
    d = hit(st, "Minimize", seat_no=1)
    d = hit(d.state, "Mega Drain")
    assert them(d).active.damage == 20 and me(d).active.damage == 40


def test_base2_63_leech_life_heals_the_damage_done():
    st = board(side(poke(VENONAT, [GRASS, GRASS], damage=30)), side(poke(RHYHORN)))
    d = hit(st, "Leech Life")
    assert them(d).active.damage == 20 and me(d).active.damage == 10


# -- Exeggutor: Big Eggsplosion -------------------------------------------------------------------

def test_base2_35_big_eggsplosion_flips_a_coin_per_energy_double_colorless_counting_2():
    st = board(side(poke(EXEGGUTOR, [GRASS, DCE])), side(poke(MACHOP)))
    d = hit(st, "Big Eggsplosion", ["heads", "tails", "heads"])
    assert them(d).active.damage == 40


# -- Marowak, Bellsprout, Nidoran ♀, Oddish: to the Bench from the deck --------------------------

def test_base2_49_call_for_family_is_refused_with_a_full_bench():
    st = board(side(poke(BELLSPROUT, [GRASS]), bench=[poke(EEVEE)] * 5, deck=[BELLSPROUT]), side(poke(MACHOP)))
    refused(st, 0, {"type": "attack", "attack": "Call for Family", "choices": {}}, "R-BENCH-1")


def test_base2_49_call_for_family_shows_the_deck_then_benches_one_bellsprout():
    st = board(side(poke(BELLSPROUT, [GRASS]), deck=[BELLSPROUT, ODDISH, BELLSPROUT]), side(poke(MACHOP)))
    d = hit(st, "Call for Family")
    deck = list(me(d).deck)
    assert d.state.pending["look"] == deck
    bellsprouts = [i for i in deck if d.state.card_id(i) == BELLSPROUT]
    oddish = next(i for i in deck if d.state.card_id(i) == ODDISH)
    refused(d.state, 0, {"type": "choose", "choices": {"search": [oddish]}}, "R-ATTACK-2")
    refused(d.state, 0, {"type": "choose", "choices": {"search": bellsprouts}}, "R-BENCH-1")
    d = act(d.state, 0, {"type": "choose", "choices": {"search": bellsprouts[:1]}})
    assert [p.top for p in me(d).bench] == bellsprouts[:1] and len(me(d).deck) == 2


def test_base2_57_and_39_and_58_search_by_name_or_type():
    st = board(side(poke(NIDORAN_F, [GRASS, GRASS]), deck=[NIDORAN_M, ODDISH]), side(poke(MACHOP)))
    d = hit(st, "Call for Family", search=[next(i for i in me(st).deck if st.card_id(i) == NIDORAN_M)])
    assert [d.state.card_id(p.top) for p in me(d).bench] == [NIDORAN_M]
    st = board(side(poke(MAROWAK, [FIGHTING] * 3), deck=[MACHOP, CUBONE, ODDISH]), side(poke(MACHOP)))
    fitting = [i for i in me(st).deck if st.card_id(i) in (MACHOP, CUBONE)]
    d = hit(st, "Call for Friend", ["heads", "heads"][:0], search=fitting[:1])
    assert [p.top for p in me(d).bench] == fitting[:1]
    st = board(side(poke(ODDISH, [GRASS, GRASS]), deck=[ODDISH]), side(poke(MACHOP)))
    refused(st, 0, {"type": "attack", "attack": "Sprout",
                    "choices": {"search": [next(i for i in me(st).deck)] * 2}}, "R-ATTACK-2")


# -- Persian: Pounce; Cubone: Snivel ------------------------------------------------------------

def test_base2_42_pounce_reduces_the_defending_pokemons_damage_to_persian_by_10_after_weakness():
    st = board(side(poke(PERSIAN, [GRASS] * 3)), side(poke(MACHOP, [FIGHTING])))
    d = hit(st, "Pounce")
    assert them(d).active.damage == 30
    d = hit(d.state, "Low Kick", seat_no=1)         # 20, ×2 Weakness = 40, −10
    assert me(d).active.damage == 30


def test_base2_50_snivel_ends_when_the_defending_pokemon_goes_to_the_bench():
    st = board(side(poke(CUBONE, [FIGHTING])), side(poke(MACHOP, [FIGHTING]), bench=[poke(NIDORAN_M, [GRASS])]))
    d = hit(st, "Snivel")
    kept = hit(d.state, "Low Kick", seat_no=1)      # 20 − 20: nothing
    assert me(kept).active.damage == 0
    d = act(d.state, 1, {"type": "retreat", "to": them(d).bench[0].top, "discard": [them(d).active.energy[0]]})
    d = act(d.state, 1, {"type": "end_turn"})
    d = act(d.state, 0, {"type": "end_turn"})
    d = act(d.state, 1, {"type": "retreat", "to": them(d).bench[0].top, "discard": [them(d).active.energy[0]]})
    assert them(d).active.top == st.seats[1].active.top


# -- Eevee: Tail Wag; Rhyhorn: Leer ------------------------------------------------------------

def test_base2_51_tail_wag_heads_the_defending_pokemon_cannot_attack_eevee():
    st = board(side(poke(EEVEE, [GRASS])), side(poke(MACHOP, [FIGHTING]), bench=[poke(NIDORAN_M, [GRASS])]))
    d = hit(st, "Tail Wag", ["heads"])
    refused(d.state, 1, {"type": "attack", "attack": "Low Kick", "choices": {}}, "R-ATTACK-1")
    assert not choices_of(d.state, "attack", "Low Kick", seat_no=1)
    d = hit(st, "Tail Wag", ["tails"])
    hit(d.state, "Low Kick", seat_no=1)


def test_base2_61_leer_ends_when_the_defending_pokemon_is_benched():
    st = board(side(poke(RHYHORN, [GRASS])), side(poke(MACHOP, [FIGHTING, FIGHTING]), bench=[poke(MACHOP)]))
    d = hit(st, "Leer", ["heads"])
    machop = them(d).active.top
    d = act(d.state, 1, {"type": "retreat", "to": them(d).bench[0].top, "discard": [them(d).active.energy[0]]})
    assert them(d).bench[0].top == machop and not them(d).bench[0].effects


# -- Rhydon: Ram ---------------------------------------------------------------------------------

def test_base2_45_ram_damages_rhydon_then_the_opponent_switches():
    st = board(side(poke(RHYDON, [FIGHTING] * 4)), side(poke(NIDOQUEEN), bench=[poke(MACHOP), poke(EEVEE)]))
    eevee = st.seats[1].bench[1].top
    d = hit(st, "Ram", pokemon=[eevee])
    assert me(d).active.damage == 20 and them(d).active.top == eevee
    assert [p.damage for p in them(d).bench if p.top == st.seats[1].active.top] == [50]


def test_base2_45_ram_switches_even_when_rhydon_is_knocked_out():
    st = board(side(poke(RHYDON, [FIGHTING] * 4, damage=80), bench=[poke(CUBONE)]),
               side(poke(NIDOQUEEN), bench=[poke(EEVEE)]))
    d = hit(st, "Ram")
    assert d.state.card_id(them(d).active.top) == EEVEE
    assert len(them(d).hand) >= 1 and len(me(d).prizes) == 6 and len(them(d).prizes) == 5


# -- Clefable: Minimize ---------------------------------------------------------------------------

def test_base2_1_minimize_takes_20_off_after_weakness_during_the_next_turn():
    st = board(side(poke(CLEFABLE, [WATER, WATER])), side(poke(MACHOP, [FIGHTING])))
    d = hit(st, "Minimize")
    d = hit(d.state, "Low Kick", seat_no=1)         # 20 ×2 = 40 − 20
    assert me(d).active.damage == 20


# -- evolution goes by name across the sets --------------------------------------------------------

def test_base2_60_jungle_pikachu_evolves_into_base_set_raichu_and_jungle_pidgeot_onto_pidgeotto():
    pidgeotto = "base1-22"
    st = board(side(poke(PIKACHU, [LIGHTNING]), bench=[poke(pidgeotto)], hand=[RAICHU, PIDGEOT]),
               side(poke(MACHOP)), turn=5)
    raichu = next(i for i in me(st).hand if st.card_id(i) == RAICHU)
    pidgeot = next(i for i in me(st).hand if st.card_id(i) == PIDGEOT)
    d = act(st, 0, {"type": "evolve", "card": raichu, "target": me(st).active.top})
    d = act(d.state, 0, {"type": "evolve", "card": pidgeot, "target": me(st).bench[0].top})
    assert me(d).active.top == raichu and me(d).bench[0].top == pidgeot
    refused(board(side(poke(MACHOP), hand=[RAICHU]), side(poke(MACHOP)), turn=5), 0,
            {"type": "evolve", "card": "0:1", "target": "0:0"}, "R-EVOLVE-1")
    assert PSYCHIC
