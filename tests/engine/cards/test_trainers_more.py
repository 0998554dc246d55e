"""The Trainers of `compiler/trainers_more.py` (over `effects/trainer_more.py`) and the hand
encodings of `cards/sv_trainers_more.py`, ruleset `modern`: one real card per template, legal and
refused, and a wording that almost matches and must not compile."""
from projections.tcg.carddb import card
from projections.tcg.cards.compiler import compile_trainer
from projections.tcg.cards.effects.trainer_more import BenchedCounters, BenchSizeWhileTagged
from projections.tcg.legal import legal_actions

from .fixtures import act, choose_offers, choose_step, hand, inst, modern, play, poke, printed, refuse, said, side

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
    assert said(d, "Risky Ruins: 2 damage counters on Fuecoco")
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
    assert said(d, "must discard Pokémon from the Bench until it has 5")
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
