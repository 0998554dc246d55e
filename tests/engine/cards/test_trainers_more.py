"""The Trainers of `compiler/trainers_more.py` (over `effects/trainer_more.py`) and the hand
encodings of `cards/sv_trainers_more.py`, ruleset `modern`: one real card per template, legal and
refused, and a wording that almost matches and must not compile."""
from projections.tcg.carddb import card
from projections.tcg.cards.compiler import compile_trainer
from projections.tcg.cards.effects.trainer_more import BenchedCounters, BenchSizeWhileTagged
from projections.tcg.legal import legal_actions

from .fixtures import (
    act,
    choose_offers,
    choose_step,
    end_turn,
    hand,
    inst,
    modern,
    play,
    poke,
    printed,
    refuse,
    said,
    side,
)

RIOLU, FUECOCO, GRIMER = "sv1-112", "sv1-36", "sv1-126"
PIKACHU_EX_TERA = "me2pt5-57"
NEST_BALL, ARTAZON = "sv1-181", "sv2-171"
RISKY_RUINS = "me1-127"
UNDERDEPTHS = "sv7-131"


def _bench(state, seat_no=0):
    return state.seats[seat_no].bench


# -- Risky Ruins -----------------------------------------------------------------------------

def test_r_bench_2_risky_ruins_compiles_and_an_almost_match_does_not():
    assert isinstance(card(RISKY_RUINS).trainer, BenchedCounters) and not card(RISKY_RUINS).declared
    assert compile_trainer(printed(
        "Whenever any player puts a Basic non-Darkness Pokémon onto their Bench during their turn, place 2 damage "
        "counters on each of their Pokémon.", "stadium")) is None
    assert compile_trainer(printed(
        "Whenever any player puts a Basic non-Shadow Pokémon onto their Bench during their turn, place 2 damage "
        "counters on that Pokémon.", "stadium")) is None


def test_r_bench_2_risky_ruins_counters_on_a_basic_benched_from_the_hand_not_on_darkness():
    st = modern(side(poke(RIOLU), hand=[FUECOCO, GRIMER]), side(poke(FUECOCO)),
                stadium={"card": RISKY_RUINS, "owner": 1})
    fuecoco, grimer = hand(st)
    d = act(st, 0, {"type": "bench", "card": fuecoco})
    assert _bench(d.state)[0].damage == 20
    said(d, "Risky Ruins: 2 damage counters on Fuecoco")
    d = act(d.state, 0, {"type": "bench", "card": grimer})
    assert _bench(d.state)[1].damage == 0            # a Darkness Pokémon


def test_r_bench_2_risky_ruins_counters_on_a_basic_searched_onto_the_bench():
    st = modern(side(poke(RIOLU), hand=[NEST_BALL], deck=[FUECOCO, GRIMER]), side(poke(FUECOCO)),
                stadium={"card": RISKY_RUINS, "owner": 1})
    d = play(st, hand(st)[0])
    d = choose_step(d.state, search=[inst(d.state, 0, "deck", FUECOCO)])
    assert _bench(d.state)[0].damage == 20


def test_r_bench_2_no_counters_without_the_stadium():
    st = modern(side(poke(RIOLU), hand=[FUECOCO]), side(poke(FUECOCO)))
    d = act(st, 0, {"type": "bench", "card": hand(st)[0]})
    assert _bench(d.state)[0].damage == 0


# -- Area Zero Underdepths -----------------------------------------------------------------------

def test_r_bench_1_area_zero_underdepths_compiles_and_an_almost_match_does_not():
    for i in (UNDERDEPTHS, "sv7-174", "sv8pt5-94"):
        assert isinstance(card(i).trainer, BenchSizeWhileTagged) and not card(i).declared
    text = card(UNDERDEPTHS).text
    assert compile_trainer(printed(text.replace("until they have 5.", "until they have 6."), "stadium")) is None
    assert compile_trainer(printed(text.replace(", and the player who played this card discards first", ""),
                                   "stadium")) is None


def _five_benched(extra=()):
    return [poke(FUECOCO) for _ in range(5)] + list(extra)


def test_r_bench_1_area_zero_underdepths_lets_a_player_with_a_tera_pokemon_bench_eight():
    st = modern(side(poke(PIKACHU_EX_TERA), bench=_five_benched(), hand=[RIOLU]), side(poke(FUECOCO)),
                stadium={"card": UNDERDEPTHS, "owner": 0})
    d = act(st, 0, {"type": "bench", "card": hand(st)[0]})
    assert len(_bench(d.state)) == 6
    st = modern(side(poke(RIOLU), bench=_five_benched(), hand=[RIOLU]), side(poke(FUECOCO)),
                stadium={"card": UNDERDEPTHS, "owner": 0})
    refuse(st, 0, {"type": "bench", "card": hand(st)[0]}, "R-BENCH-1")     # no Tera Pokémon in play


def test_r_bench_1_when_underdepths_leaves_play_its_player_discards_down_to_five_first():
    extra = [poke(RIOLU), poke(RIOLU)]
    st = modern(side(poke(PIKACHU_EX_TERA), bench=_five_benched([poke(RIOLU)]), hand=[ARTAZON]),   # Seat 1
                side(poke(PIKACHU_EX_TERA), bench=_five_benched(extra)),                       # Seat 0
                stadium={"card": UNDERDEPTHS, "owner": 0}, seat_to_act=1)
    d = act(st, 1, {"type": "play_trainer", "card": hand(st, 1)[0], "targets": [], "choices": {}})
    assert d.state.pending and d.state.pending["seat"] == 0 and d.state.pending["count"] == 2
    said(d, "must discard Pokémon from the Bench until it has 5")
    assert [a["type"] for a in legal_actions(d.state, 1)] == ["concede"]
    offers = choose_offers(d.state, 0)
    assert len(offers) == 21                          # 2 of the 7 Benched Pokémon
    refuse(d.state, 0, {"type": "choose", "choices": {"pokemon": [_bench(d.state)[0].top]}}, "R-BENCH-1")
    riolus = [p.top for p in _bench(d.state) if d.state.instances[p.top] == RIOLU]
    d = choose_step(d.state, seat_no=0, pokemon=riolus)
    assert len(_bench(d.state)) == 5 and set(riolus) <= set(d.state.seats[0].discard)
    assert d.state.pending and d.state.pending["seat"] == 1 and d.state.pending["count"] == 1
    d = choose_step(d.state, seat_no=1, pokemon=[_bench(d.state, 1)[5].top])
    assert len(_bench(d.state, 1)) == 5 and d.state.pending is None


# -- "If you go first, you may use this card during your first turn." ------------------------------

CARMINE, PROTON, ARVEN = "sv6-145", "me2pt5-208", "sv1-166"


def test_r_trainer_2_carmine_may_be_played_on_the_first_players_first_turn():
    assert not card(CARMINE).declared and not card(PROTON).declared
    st = modern(side(poke(RIOLU), hand=[CARMINE, FUECOCO, GRIMER], deck=[FUECOCO] * 8), side(poke(FUECOCO)), turn=1)
    d = play(st, hand(st)[0])
    assert len(hand(d.state)) == 5 and len(d.state.seats[0].discard) == 2     # the 2 other cards
    st = modern(side(poke(RIOLU), hand=[ARVEN]), side(poke(FUECOCO)), turn=1)
    refuse(st, 0, {"type": "play_trainer", "card": hand(st)[0], "targets": [], "choices": {}}, "R-TRAINER-2")


def test_r_trainer_2_a_first_turn_wording_that_almost_matches_does_not_compile():
    assert compile_trainer(printed("If you go second, you may use this card during your first turn. Discard your hand "
                                   "and draw 5 cards.", "supporter")) is None
    assert compile_trainer(printed("If you go first, you may use this card during your first turn. Discard your hand "
                                   "and draw some cards.", "supporter")) is None


# -- Look at the top N cards, put M of them into your hand (not revealed) ---------------------------

EXPLORERS_GUIDANCE, HASSEL = "sv5-147", "sv6-151"


def test_r_hidden_1_explorers_guidance_takes_two_unseen_and_discards_the_rest():
    deck = [FUECOCO, GRIMER, RIOLU, FUECOCO, GRIMER, RIOLU, ARVEN, ARVEN]
    st = modern(side(poke(RIOLU), hand=[EXPLORERS_GUIDANCE], deck=deck), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert d.state.pending["look"] == st.seats[0].deck[:6]
    looked = d.state.pending["look"]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": looked[:1]}}, "R-TRAINER-1")
    d = choose_step(d.state, search=looked[1:3])
    assert set(looked[1:3]) <= set(hand(d.state)) and len(d.state.seats[0].deck) == 2
    assert set(looked[:1] + looked[3:]) <= set(d.state.seats[0].discard)


def test_r_trainer_1_hassel_needs_a_knock_out_during_the_opponents_last_turn():
    st = modern(side(poke(RIOLU), hand=[HASSEL]), side(poke(FUECOCO)))
    refuse(st, 0, {"type": "play_trainer", "card": hand(st)[0], "targets": [], "choices": {}}, "R-TRAINER-1",
           "Knocked Out")
    st.this_turn["knocked_out_last_turn"] = [0]
    d = play(st, hand(st)[0])
    assert len(choose_offers(d.state)) == 4          # 0 to 3 of 8 equal cards
    d = choose_step(d.state, search=d.state.pending["look"][:3])
    assert len(hand(d.state)) == 3 and len(d.state.seats[0].deck) == 5 and not d.state.seats[0].discard


def test_r_hidden_1_a_look_wording_that_almost_matches_does_not_compile():
    assert compile_trainer(printed("Look at the top 6 cards of your deck and put 2 of them into your hand. Put the "
                                   "other cards on the bottom of your deck.", "supporter")) is None
    assert compile_trainer(printed("Look at the top 2 cards of your deck and put 2 of them into your hand. Discard the "
                                   "other cards.", "supporter")) is None


# -- Cassiopeia, Wally's Compassion, Eri, N's Plan, Team Rocket's Giovanni ---------------------------

CASSIOPEIA, WALLYS_COMPASSION, ERI, NS_PLAN, GIOVANNI = "sv6pt5-56", "me1-132", "sv5-146", "zsv10pt5-83", "sv10-174"
MEGA_ABSOL_EX, TR_TAROUNTULA, TR_EXEGGCUTE = "me1-86", "me2pt5-18", "me2pt5-77"
DARK = "sve-7"


def _play(state, targets=(), **choices):
    return {"type": "play_trainer", "card": hand(state)[0], "targets": list(targets), "choices": choices}


def test_r_hidden_1_cassiopeia_only_as_the_last_card_takes_cards_unseen():
    st = modern(side(poke(RIOLU), hand=[CASSIOPEIA], deck=[ARVEN, NEST_BALL, FUECOCO]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    d = choose_step(d.state, search=d.state.pending["look"][:2])
    assert len(hand(d.state)) == 2 and len(d.state.seats[0].deck) == 1
    said(d, "puts 2 cards into the hand")
    assert "Arven" not in "\n".join(d.narration)
    st = modern(side(poke(RIOLU), hand=[CASSIOPEIA, ARVEN]), side(poke(FUECOCO)))
    refuse(st, 0, _play(st), "R-TRAINER-1", "last card")
    assert compile_trainer(printed("You can use this card only when it is the last card in your hand. Search your deck "
                                   "for up to 2 cards and put them into your hand.", "supporter")) is None


def test_r_trainer_1_wallys_compassion_heals_a_mega_ex_and_returns_its_energy():
    st = modern(side(poke(MEGA_ABSOL_EX, energy=[DARK, DARK], damage=120), hand=[WALLYS_COMPASSION]),
                side(poke(FUECOCO)))
    d = play(st, hand(st)[0], [st.seats[0].active.top])
    assert d.state.seats[0].active.damage == 0 and not d.state.seats[0].active.energy and len(hand(d.state)) == 2
    st = modern(side(poke(RIOLU, damage=30), hand=[WALLYS_COMPASSION]), side(poke(FUECOCO)))
    refuse(st, 0, _play(st, [st.seats[0].active.top]), "R-TRAINER-1")
    assert compile_trainer(printed("Heal all damage from 1 of your Basic Energy cards. If you healed any damage in "
                                   "this way, put all Energy attached to that Pokémon into your hand.",
                                   "supporter")) is None


def test_r_trainer_1_eri_reveals_the_opponents_hand_and_discards_up_to_two_items():
    st = modern(side(poke(RIOLU), hand=[ERI]), side(poke(FUECOCO), hand=[NEST_BALL, NEST_BALL, ARVEN]))
    d = play(st, hand(st)[0])
    said(d, "reveals the hand")
    assert len(choose_offers(d.state)) == 3            # none, 1 or 2 Nest Balls
    arven = inst(d.state, 1, "hand", ARVEN)
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [arven]}}, "R-TRAINER-1")
    d = choose_step(d.state, search=hand(d.state, 1)[:2])
    assert hand(d.state, 1) == [arven] and len(d.state.seats[1].discard) == 2
    st = modern(side(poke(RIOLU), hand=[ERI]), side(poke(FUECOCO)))
    refuse(st, 0, _play(st), "R-TRAINER-1")
    assert compile_trainer(printed("Your opponent reveals their hand, and you discard up to 2 Energy cards you find "
                                   "there.", "supporter")) is None


def test_r_trainer_1_ns_plan_moves_up_to_two_energy_from_the_bench():
    st = modern(side(poke(RIOLU), bench=[poke(FUECOCO, energy=[DARK, DARK]), poke(GRIMER, energy=[DARK])],
                     hand=[NS_PLAN]), side(poke(FUECOCO)))
    moved = [st.seats[0].bench[0].energy[0], st.seats[0].bench[1].energy[0]]
    d = play(st, hand(st)[0], cards=moved)
    assert d.state.seats[0].active.energy == moved and len(d.state.seats[0].bench[0].energy) == 1
    refuse(st, 0, _play(st, cards=st.seats[0].bench[0].energy + moved[1:]), "R-TRAINER-1")     # 3
    st = modern(side(poke(RIOLU, energy=[DARK]), bench=[poke(FUECOCO)], hand=[NS_PLAN]), side(poke(FUECOCO)))
    refuse(st, 0, _play(st), "R-TRAINER-1")
    assert compile_trainer(printed("Move up to 2 Energy from your Active Pokémon to your Benched Pokémon.",
                                   "supporter")) is None


def test_r_retreat_6_giovanni_switches_team_rockets_pokemon_then_the_opponents_active():
    st = modern(side(poke(TR_TAROUNTULA), bench=[poke(FUECOCO), poke(TR_EXEGGCUTE)], hand=[GIOVANNI]),
                side(poke(FUECOCO), bench=[poke(GRIMER)]))
    mine, theirs = st.seats[0].bench[1].top, st.seats[1].bench[0].top
    assert len(legal_actions(st, 0)) and ([mine, theirs], {}) in [
        (a["targets"], a["choices"]) for a in legal_actions(st, 0) if a["type"] == "play_trainer"]
    d = play(st, hand(st)[0], [mine, theirs])
    assert d.state.seats[0].active.top == mine and d.state.seats[1].active.top == theirs
    refuse(st, 0, _play(st, [st.seats[0].bench[0].top, theirs]), "R-TRAINER-1")
    st = modern(side(poke(RIOLU), bench=[poke(TR_EXEGGCUTE)], hand=[GIOVANNI]), side(poke(FUECOCO)))
    refuse(st, 0, _play(st, [st.seats[0].bench[0].top]), "R-TRAINER-1", "Team Rocket")
    assert compile_trainer(printed("Switch your Active Team Rocket's Pokémon with 1 of your Benched Pokémon. If you "
                                   "do, switch in 1 of your opponent's Benched Pokémon to the Active Spot.",
                                   "supporter")) is None


# -- Jasmine's Gaze, Iron Defender: less damage during the opponent's next turn ----------------------

JASMINES_GAZE, IRON_DEFENDER, ZANGOOSE, FIRE = "sv8-178", "me1-118", "sv1-146", "sve-2"


def test_r_damage_1_jasmines_gaze_guards_every_pokemon_even_one_benched_afterwards():
    st = modern(side(poke(RIOLU), hand=[JASMINES_GAZE, FUECOCO]), side(poke(ZANGOOSE, energy=[FIRE])))
    d = play(st, hand(st)[0])
    d = act(d.state, 0, {"type": "bench", "card": hand(d.state)[0]})
    assert d.state.seats[0].bench[0].effects                      # "This includes new Pokémon"
    st = end_turn(d.state)
    d = act(st, 1, {"type": "attack", "attack": "Slash", "choices": {}})
    assert d.state.seats[0].active.damage == 10                   # 40 - 30
    assert compile_trainer(printed("During your opponent's next turn, all of your Pokémon take 30 less damage from "
                                   "attacks from your opponent's Pokémon (after applying Weakness and Resistance).",
                                   "supporter")) is None


def test_r_damage_1_iron_defender_guards_only_metal_pokemon():
    st = modern(side(poke(RIOLU), hand=[IRON_DEFENDER]), side(poke(ZANGOOSE, energy=[FIRE])))
    st = end_turn(play(st, hand(st)[0]).state)
    d = act(st, 1, {"type": "attack", "attack": "Slash", "choices": {}})
    assert d.state.seats[0].active.damage == 40                   # Riolu is no Metal Pokémon


# -- Xerosic's Machinations, Hand Trimmer: a hand discarded down, its player choosing ----------------

XEROSIC, HAND_TRIMMER = "sv6pt5-64", "sv5-150"


def test_r_trainer_1_xerosics_machinations_the_opponent_chooses_what_to_discard():
    st = modern(side(poke(RIOLU), hand=[XEROSIC]), side(poke(FUECOCO), hand=[ARVEN, NEST_BALL, FUECOCO, GRIMER, RIOLU]))
    d = play(st, hand(st)[0])
    assert d.state.pending["seat"] == 1 and d.state.pending["count"] == 2
    assert [a["type"] for a in legal_actions(d.state, 0)] == ["concede"]
    assert len(choose_offers(d.state, 1)) == 10                   # 2 of 5 different cards
    d = choose_step(d.state, seat_no=1, cards=hand(d.state, 1)[:2])
    assert len(hand(d.state, 1)) == 3 and len(d.state.seats[1].discard) == 2 and d.state.pending is None
    st = modern(side(poke(RIOLU), hand=[XEROSIC]), side(poke(FUECOCO), hand=[ARVEN, NEST_BALL, FUECOCO]))
    refuse(st, 0, _play(st), "R-TRAINER-1")


def test_r_trainer_1_hand_trimmer_the_opponent_discards_first_then_its_player():
    st = modern(side(poke(RIOLU), hand=[HAND_TRIMMER] + [FUECOCO] * 6), side(poke(FUECOCO), hand=[ARVEN] * 7))
    d = play(st, hand(st)[0])
    assert d.state.pending["seat"] == 1 and d.state.pending["count"] == 2
    d = choose_step(d.state, seat_no=1, cards=hand(d.state, 1)[:2])
    assert d.state.pending["seat"] == 0 and d.state.pending["count"] == 1
    d = choose_step(d.state, seat_no=0, cards=hand(d.state)[:1])
    assert len(hand(d.state)) == 5 and len(hand(d.state, 1)) == 5 and d.state.pending is None
    assert compile_trainer(printed("Each player discards cards from their hand until they have 5 cards in their hand.",
                                   "item")) is None


# -- Drayton: one card of each kind among the top N -------------------------------------------------

DRAYTON = "sv8-174"


def test_r_hidden_1_drayton_takes_a_pokemon_and_a_trainer_among_the_top_seven():
    deck = [FUECOCO, GRIMER, ARVEN, NEST_BALL, FIRE, FIRE, FIRE, RIOLU]
    st = modern(side(poke(RIOLU), hand=[DRAYTON], deck=deck), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert len(choose_offers(d.state)) == 9                      # (none, Fuecoco, Grimer) x (none, Arven, Nest Ball)
    looked = d.state.pending["look"]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": looked[:2]}}, "R-TRAINER-1")     # 2 Pokémon
    d = choose_step(d.state, search=[looked[0], looked[2]])
    assert sorted(d.state.instances[i] for i in hand(d.state)) == sorted([FUECOCO, ARVEN])
    assert compile_trainer(printed("Look at the top 7 cards of your deck. You may reveal a Pokémon and a Basic Pokémon "
                                   "you find there and put them into your hand. Shuffle the other cards back into your "
                                   "deck.", "supporter")) is None


# -- Kieran: choose a switch or a boost for the turn ------------------------------------------------

KIERAN, PIKACHU_EX = "sv6-154", "sv2-63"


def test_r_damage_1_kieran_boosts_the_turns_attacks_against_a_pokemon_ex():
    st = modern(side(poke(RIOLU), hand=[KIERAN, ZANGOOSE]), side(poke(PIKACHU_EX)))
    d = play(st, hand(st)[0], count=2)
    d = act(d.state, 0, {"type": "bench", "card": hand(d.state)[0]})
    zangoose = d.state.seats[0].bench[0]
    assert zangoose.effects                                       # benched later in the turn: boosted too
    st = modern(side(poke(ZANGOOSE, energy=[FIRE]), hand=[KIERAN]), side(poke(PIKACHU_EX)))
    d = act(play(st, hand(st)[0], count=2).state, 0, {"type": "attack", "attack": "Slash", "choices": {}})
    assert d.state.seats[1].active.damage == 70                   # 40 + 30
    st = modern(side(poke(ZANGOOSE, energy=[FIRE]), hand=[KIERAN]), side(poke(FUECOCO)))
    d = act(play(st, hand(st)[0], count=2).state, 0, {"type": "attack", "attack": "Slash", "choices": {}})
    assert d.state.seats[1].active.damage == 40                   # no Pokémon ex


def test_r_retreat_6_kieran_switches_or_is_refused_without_a_bench():
    st = modern(side(poke(RIOLU), bench=[poke(FUECOCO)], hand=[KIERAN]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0], [st.seats[0].bench[0].top], count=1)
    assert d.state.instances[d.state.seats[0].active.top] == FUECOCO
    st = modern(side(poke(RIOLU), hand=[KIERAN]), side(poke(FUECOCO)))
    refuse(st, 0, _play(st, count=1), "R-TRAINER-1")
    refuse(st, 0, _play(st, count=3), "R-TRAINER-1")
    assert compile_trainer(printed("Choose 1: • Switch your Active Pokémon with 1 of your Benched Pokémon. • During "
                                   "this turn, attacks used by your Pokémon do 30 more damage to your opponent's "
                                   "Active Pokémon ex (before applying Weakness and Resistance).", "supporter")) is None


# -- Harlequin, Lucian: both hands away, coins for the draws ----------------------------------------

HARLEQUIN, LUCIAN = "rsv10pt5-83", "sv6-157"


def test_r_trainer_5_harlequin_heads_five_and_three_tails_three_and_five():
    st = modern(side(poke(RIOLU), hand=[HARLEQUIN, ARVEN]), side(poke(FUECOCO), hand=[ARVEN] * 4))
    d = play(st, hand(st)[0], coins=["heads"])
    assert (len(hand(d.state)), len(hand(d.state, 1))) == (5, 3)
    d = play(st, hand(st)[0], coins=["tails"])
    assert (len(hand(d.state)), len(hand(d.state, 1))) == (3, 5)
    assert compile_trainer(printed("Each player shuffles their hand into their deck. Then, flip a coin. If heads, you "
                                   "draw 5 cards. If tails, your opponent draws 5 cards.", "supporter")) is None


def test_r_trainer_5_lucian_each_player_flips_for_their_own_draw():
    st = modern(side(poke(RIOLU), hand=[LUCIAN, ARVEN]), side(poke(FUECOCO), hand=[ARVEN] * 4))
    d = play(st, hand(st)[0], coins=["heads", "tails"])
    assert (len(hand(d.state)), len(hand(d.state, 1))) == (6, 3)
    assert d.state.seats[1].deck[-4:] == hand(st, 1)          # their hand went to the bottom (one card kind)
    assert compile_trainer(printed("Each player shuffles their hand and puts it on the bottom of their deck. Each "
                                   "player flips a coin. If heads, that player draws 6 cards. If tails, they draw 3 "
                                   "cards.", "supporter")) is None


# -- Amarys: draw, and the hand checked at the end of the turn ---------------------------------------

AMARYS = "sv8pt5-93"


def test_r_trainer_5_amarys_discards_a_hand_of_five_at_the_end_of_the_turn():
    st = modern(side(poke(RIOLU), hand=[AMARYS, ARVEN]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert len(hand(d.state)) == 5
    st = end_turn(d.state)
    assert hand(st) == [] and len(st.seats[0].discard) >= 5       # 5 cards in hand: all discarded
    st = modern(side(poke(RIOLU), hand=[AMARYS]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    st = end_turn(d.state)
    assert len(hand(st)) == 4                                     # 4 cards: kept
    assert compile_trainer(printed("Draw 4 cards. At the end of this turn, discard your hand.", "supporter")) is None


# -- Glass Trumpet: Energy from the discard pile to Benched Pokémon of a type ------------------------

GLASS_TRUMPET = "sv7-135"


def test_r_energy_1_glass_trumpet_attaches_to_benched_colorless_pokemon_with_a_tera_in_play():
    st = modern(side(poke(PIKACHU_EX_TERA), bench=[poke(ZANGOOSE), poke(ZANGOOSE), poke(RIOLU)],
                     hand=[GLASS_TRUMPET], discard=[FIRE, DARK]), side(poke(FUECOCO)))
    z1, z2, riolu = (p.top for p in st.seats[0].bench)
    fire, dark = st.seats[0].discard
    d = play(st, hand(st)[0], [z1, z2], cards=[fire, dark])
    assert d.state.seats[0].bench[0].energy == [fire] and d.state.seats[0].bench[1].energy == [dark]
    refuse(st, 0, _play(st, [riolu], cards=[fire]), "R-TRAINER-1")               # not a Colorless Pokémon
    refuse(st, 0, _play(st, [z1, z1], cards=[fire, dark]), "R-TRAINER-1")
    st = modern(side(poke(RIOLU), bench=[poke(ZANGOOSE)], hand=[GLASS_TRUMPET], discard=[FIRE]), side(poke(FUECOCO)))
    refuse(st, 0, _play(st, [st.seats[0].bench[0].top], cards=st.seats[0].discard), "R-TRAINER-1", "Tera")
    assert compile_trainer(printed("Choose up to 2 of your Benched colorless Pokémon and attach a Basic Energy card "
                                   "from your discard pile to each of them.", "item")) is None


# -- Larry's Skill, Tool Scrapper, Kofu ---------------------------------------------------------------

LARRYS_SKILL, TOOL_SCRAPPER, KOFU, HEROS_CAPE = "sv8pt5-115", "me2pt5-212", "sv7-138", "sv5-152"


def test_r_hidden_1_larrys_skill_discards_the_hand_then_searches_one_of_each():
    st = modern(side(poke(RIOLU), hand=[LARRYS_SKILL, FUECOCO], deck=[GRIMER, ARVEN, FIRE, NEST_BALL]),
                side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert d.state.instances[d.state.seats[0].discard[0]] == FUECOCO and not hand(d.state)
    look = d.state.pending["look"]
    d = choose_step(d.state, search=[look[0], look[1], look[2]])
    assert sorted(d.state.instances[i] for i in hand(d.state)) == sorted([GRIMER, ARVEN, FIRE])
    assert compile_trainer(printed("Discard your hand and search your deck for a Pokémon and a Basic Pokémon, reveal "
                                   "them, and put them into your hand. Then, shuffle your deck.", "supporter")) is None


def test_r_trainer_4_tool_scrapper_discards_tools_of_both_sides():
    st = modern(side(poke(RIOLU, attached=[HEROS_CAPE]), hand=[TOOL_SCRAPPER]),
                side(poke(FUECOCO, attached=[HEROS_CAPE])))
    tools = [st.seats[0].active.attached[0], st.seats[1].active.attached[0]]
    d = play(st, hand(st)[0], cards=tools)
    assert not d.state.seats[0].active.attached and not d.state.seats[1].active.attached
    assert tools[1] in d.state.seats[1].discard
    st = modern(side(poke(RIOLU), hand=[TOOL_SCRAPPER]), side(poke(FUECOCO)))
    refuse(st, 0, _play(st), "R-TRAINER-1")
    assert compile_trainer(printed("Choose up to 2 Pokémon Tools attached to your Pokémon and discard them.",
                                   "item")) is None


def test_r_trainer_5_kofu_puts_two_cards_on_the_bottom_then_draws_four():
    st = modern(side(poke(RIOLU), hand=[KOFU, ARVEN, NEST_BALL]), side(poke(FUECOCO)))
    arven, ball = hand(st)[1:]
    d = play(st, hand(st)[0], cards=[arven, ball])
    assert d.state.seats[0].deck[-2:] == [arven, ball] and len(hand(d.state)) == 4
    st = modern(side(poke(RIOLU), hand=[KOFU, ARVEN]), side(poke(FUECOCO)))
    refuse(st, 0, _play(st, cards=hand(st)[1:]), "R-TRAINER-1")
    text = card(KOFU).text
    assert compile_trainer(printed(text.replace("draw 4 cards", "draw 4 cards. Your turn ends"), "supporter")) is None


# -- Booster Energy Capsules: Tools for Ancient and Future Pokémon -------------------------------------

ANCIENT_CAPSULE, FUTURE_CAPSULE, SCREAM_TAIL, IRON_JUGULIS = "sv4-159", "sv4-164", "sv4-86", "sv5-139"


def test_r_trainer_4_ancient_booster_capsule_hp_and_no_special_conditions():
    st = modern(side(poke(SCREAM_TAIL, conditions=["poisoned"]), hand=[ANCIENT_CAPSULE]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0], [st.seats[0].active.top])
    active = d.state.seats[0].active
    assert d.state.hp(active) == 150 and active.conditions == []
    st = modern(side(poke(RIOLU, attached=[ANCIENT_CAPSULE])), side(poke(FUECOCO)))
    assert st.hp(st.seats[0].active) == 70                       # not an Ancient Pokémon
    assert compile_trainer(printed("The Ancient Pokémon this card is attached to gets +60 HP and can't be affected by "
                                   "any Special Conditions.", "tool")) is None


def test_r_retreat_1_future_booster_capsule_no_retreat_cost_and_more_damage():
    st = modern(side(poke(IRON_JUGULIS, energy=[FIRE] * 3, attached=[FUTURE_CAPSULE]), bench=[poke(RIOLU)]),
                side(poke(PIKACHU_EX)))
    d = act(st, 0, {"type": "retreat", "to": st.seats[0].bench[0].top})
    assert len(d.state.seats[0].bench[0].energy) == 3              # nothing discarded
    d = act(st, 0, {"type": "attack", "attack": "Blasting Wind", "choices": {}})
    assert d.state.seats[1].active.damage == 130                   # 110 + 20


# -- Lt. Surge's Bargain: the opponent answers ---------------------------------------------------------

LT_SURGES_BARGAIN = "me1-120"


def test_r_trainer_1_lt_surges_bargain_the_opponent_chooses_prizes_or_a_draw():
    st = modern(side(poke(RIOLU), hand=[LT_SURGES_BARGAIN]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert d.state.pending["seat"] == 1 and choose_offers(d.state, 1) == [{"count": 1}, {"count": 2}]
    yes = choose_step(d.state, seat_no=1, count=1)
    assert len(yes.state.seats[0].prizes) == 5 and len(yes.state.seats[1].prizes) == 5
    no = choose_step(d.state, seat_no=1, count=2)
    assert len(hand(no.state)) == 4 and len(no.state.seats[1].prizes) == 6
    refuse(d.state, 1, {"type": "choose", "choices": {"count": 3}}, "R-TRAINER-1")


def test_r_win_1_lt_surges_bargain_a_last_prize_card_wins():
    st = modern(side(poke(RIOLU), hand=[LT_SURGES_BARGAIN], prizes=1), side(poke(FUECOCO), prizes=2))
    d = choose_step(play(st, hand(st)[0]).state, seat_no=1, count=1)
    assert d.state.result and d.state.result["winner"] == 0
    assert compile_trainer(printed("Ask your opponent if each player may take a Prize card. If yes, each player takes "
                                   "a Prize card.", "supporter")) is None


# -- Team Rocket's Great Ball, Repel ---------------------------------------------------------------------

TR_GREAT_BALL, REPEL, TR_SPIDOPS = "sv10-175", "me1-126", "me2pt5-19"


def test_r_hidden_1_team_rockets_great_ball_searches_what_the_coin_says():
    st = modern(side(poke(RIOLU), hand=[TR_GREAT_BALL], deck=[TR_TAROUNTULA, FUECOCO, TR_SPIDOPS]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0], coins=["tails"])
    tarountula = inst(d.state, 0, "deck", TR_TAROUNTULA)
    assert choose_offers(d.state) == [{"search": [tarountula]}]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [inst(d.state, 0, "deck", TR_SPIDOPS)]}}, "R-TRAINER-1")
    d = choose_step(d.state, search=[tarountula])
    assert hand(d.state) == [tarountula]
    d = play(st, hand(st)[0], coins=["heads"])
    assert choose_offers(d.state) == [{"search": [inst(d.state, 0, "deck", TR_SPIDOPS)]}]
    assert compile_trainer(printed("Flip a coin. If heads, search your deck for an Evolution Team Rocket's Pokémon, "
                                   "reveal it, and put it into your hand. Then, shuffle your deck.", "item")) is None


def test_r_retreat_6_repel_the_opponent_chooses_their_new_active():
    st = modern(side(poke(RIOLU), hand=[REPEL]), side(poke(FUECOCO), bench=[poke(GRIMER), poke(RIOLU)]))
    d = play(st, hand(st)[0])
    assert d.state.pending["seat"] == 1 and len(choose_offers(d.state, 1)) == 2
    grimer = d.state.seats[1].bench[0].top
    d = choose_step(d.state, seat_no=1, pokemon=[grimer])
    assert d.state.seats[1].active.top == grimer
    st = modern(side(poke(RIOLU), hand=[REPEL]), side(poke(FUECOCO)))
    refuse(st, 0, _play(st), "R-TRAINER-1")
    assert compile_trainer(printed("Switch out your opponent's Active Pokémon to the Bench.", "item")) is None


# -- Jumbo Ice Cream ------------------------------------------------------------------------------------

JUMBO_ICE_CREAM = "me2-91"


def test_r_trainer_1_jumbo_ice_cream_needs_three_energy_on_the_active():
    st = modern(side(poke(RIOLU, energy=[FIRE] * 3, damage=60), hand=[JUMBO_ICE_CREAM]), side(poke(FUECOCO)))
    assert play(st, hand(st)[0]).state.seats[0].active.damage == 0
    st = modern(side(poke(RIOLU, energy=[FIRE] * 2, damage=60), hand=[JUMBO_ICE_CREAM]), side(poke(FUECOCO)))
    refuse(st, 0, _play(st), "R-TRAINER-1")
