"""Table mode (`randomness: "table"`, projections/tcg/table.py): the referee logs a paper game.

Rule ids (docs/RULES.md): R-TABLE-1 (every report must be possible), R-TABLE-2 (an effect
that shows unknown cards needs them reported), R-TABLE-3 (the table's reports belong to a
table match). Scripted boards come from deck lists and reported hands (a table match can't
start from a sandbox position); whole games come from tests/paper_table.py.
"""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import coverage_decks, shared_decks

from projections.tcg import engine
from projections.tcg.carddb import UNKNOWN
from projections.tcg.legal import legal_actions
from projections.tcg.randomness import FixedCoins, SeededRandomness, TableReports
from projections.tcg.rulesets import get_ruleset
from projections.tcg.state import state_hash
from projections.tcg.table import pool
from projections.text import render
from tests.paper_table import PaperGame, check_agreement

CHARMANDER, CHARMELEON, CHARIZARD, MACHOP, GROWLITHE, ONIX = (
    "base1-46", "base1-24", "base1-4", "base1-52", "base1-28", "base1-56")
FIRE, FIGHTING, GRASS, PSYCHIC = "base1-98", "base1-97", "base1-99", "base1-101"
BULBASAUR, ABRA, MEWTWO = "base1-44", "base1-43", "base1-10"
BILL, OAK, POKEDEX, LASS, DEFENDER, COMPUTER_SEARCH, POTION = (
    "base1-91", "base1-88", "base1-87", "base1-75", "base1-80", "base1-71", "base1-94")

DECKS = shared_decks()
ANA = DECKS["fire-fighting"]
# Beto's deck with a Lass in place of a Potion (Lass shows both hands).
BETO = list(DECKS["grass-psychic"])
BETO[BETO.index(POTION)] = LASS
ANA_HAND = [CHARMANDER, FIRE, FIRE, CHARIZARD, BILL, MACHOP, FIGHTING]
BETO_HAND = [BULBASAUR, GRASS, LASS, COMPUTER_SEARCH, ABRA, PSYCHIC, POTION]


def new_table(decks=(ANA, BETO)):
    players = [{"name": "Ana", "deck": list(decks[0])}, {"name": "Beto", "deck": list(decks[1])}]
    _, state, narration = engine.create_match("base-1999", players, TableReports(), table=True)
    return state


def decide(state, seat, action, coins=()):
    return engine.decide(state, seat, action, TableReports(coins))


def act(state, seat, action, coins=()):
    d = decide(state, seat, action, coins)
    assert d.legal and d.coin_error is None, (action, d.violations, d.coin_error)
    return d.state


def refused(state, seat, action, rule="R-TABLE-1", coins=()):
    before = state_hash(state)
    d = decide(state, seat, action, coins)
    assert not d.legal, action
    assert d.violations[0]["rule"] == rule, d.violations
    assert state_hash(state) == before, "a refused report changed the state"
    return d.violations[0]["message"]


def started():
    """Both hands reported whole at setup; Ana goes first and waits to draw."""
    state = new_table()
    state = act(state, 0, {"type": "setup", "active": CHARMANDER, "hand": ANA_HAND})
    state = act(state, 1, {"type": "setup", "active": BULBASAUR, "bench": [ABRA], "hand": BETO_HAND},
                coins=["heads"])
    assert (state.phase, state.seat_to_act) == ("draw", 0)
    return state


def known_in(state, seat, zone):
    return Counter(state.known[i] for i in getattr(state.seats[seat], zone) if i in state.known)


# -- a paper game starts unknown -----------------------------------------------------------------

def test_a_table_match_deals_unknown_cards_and_accounts_for_the_deck_lists():
    state = new_table()
    assert state.phase == "setup" and state.table
    for seat, deck in enumerate((ANA, BETO)):
        assert len(state.seats[seat].hand) == 7 and len(state.seats[seat].deck) == 53
        assert all(state.card_id(i) == UNKNOWN for i in state.seats[seat].hand + state.seats[seat].deck)
        assert pool(state, seat) == Counter(deck)
    assert {i.split(":")[1][0] for i in state.instances} == {"u"}


def test_the_setup_names_cards_by_id_and_the_reported_hand_is_located():
    state = started()
    assert state.card_id(state.seats[0].active.top) == CHARMANDER
    assert known_in(state, 0, "hand") == Counter(ANA_HAND) - Counter([CHARMANDER])
    assert pool(state, 0) == Counter(ANA) - Counter(ANA_HAND)
    assert len(state.seats[0].prizes) == 6 and not known_in(state, 0, "prizes")


# -- R-TABLE-1: every report must be possible ----------------------------------------------------

def test_R_TABLE_1_a_fifth_copy_is_refused_with_the_accounting():
    state = new_table()
    message = refused(state, 0, {"type": "setup", "active": CHARMANDER, "hand": [CHARMANDER] * 5})
    assert "all 4 Charmander (base1-46) of Seat 0 (Ana) are accounted for: 4 in hand" in message


def test_R_TABLE_1_a_card_the_deck_list_does_not_hold_is_refused():
    state = new_table()
    message = refused(state, 0, {"type": "setup", "active": MEWTWO})
    assert "Seat 0 (Ana)'s deck list has no Mewtwo (base1-10)" in message
    refused(state, 0, {"type": "setup", "active": CHARMANDER, "hand": ["base1-999"]})


def test_R_TABLE_1_a_draw_reported_is_located_and_a_copy_too_many_is_refused():
    state = started()
    drew = act(state, 0, {"type": "draw", "cards": [CHARIZARD]})
    assert known_in(drew, 0, "hand")[CHARIZARD] == 2
    assert pool(drew, 0)[CHARIZARD] == 0
    message = refused(state, 0, {"type": "draw", "cards": [CHARIZARD, FIRE]})
    assert "no place for: drawn for seat 0: base1-98" in message
    drew = act(drew, 0, {"type": "end_turn"})
    drew = act(drew, 1, {"type": "draw"})
    drew = act(drew, 1, {"type": "end_turn"})
    message = refused(drew, 0, {"type": "draw", "cards": [CHARIZARD]})
    assert "all 2 Charizard (base1-4) of Seat 0 (Ana) are accounted for: 2 in hand" in message


def test_R_TABLE_1_a_card_played_by_id_is_a_known_copy_or_an_unknown_hand_card():
    state = act(started(), 0, {"type": "draw"})            # an unknown card joins the hand
    unknown = [i for i in state.seats[0].hand if state.card_id(i) == UNKNOWN]
    assert len(unknown) == 1
    state = act(state, 0, {"type": "bench", "card": MACHOP})   # the reported Machop
    assert [i for i in state.seats[0].hand if state.card_id(i) == UNKNOWN] == unknown
    benched = act(state, 0, {"type": "bench", "card": GROWLITHE})   # the unknown card was Growlithe
    assert benched.card_id(unknown[0]) == GROWLITHE and benched.seats[0].bench[-1].top == unknown[0]
    message = refused(benched, 0, {"type": "bench", "card": ONIX})
    assert "has no Onix (base1-56) there and no unknown card it could be" in message


def test_R_TABLE_1_what_the_rules_need_still_applies_to_a_card_named_by_id():
    state = act(started(), 0, {"type": "draw"})
    refused(state, 0, {"type": "bench", "card": FIRE}, rule="R-BENCH-2")
    state = act(state, 0, {"type": "attach_energy", "card": FIRE, "target": state.seats[0].active.top})
    refused(state, 0, {"type": "attach_energy", "card": FIRE, "target": state.seats[0].active.top},
            rule="R-ENERGY-1")
    # the unknown hand card may be a Charmeleon, but no Pokémon evolves on the first turn
    refused(state, 0, {"type": "evolve", "card": CHARMELEON, "target": state.seats[0].active.top},
            rule="R-EVOLVE-3")


def test_R_TABLE_1_reports_that_fit_nothing_are_refused():
    state = started()
    state = act(state, 0, {"type": "draw"})
    message = refused(state, 0, {"type": "end_turn", "prizes_taken": [FIRE]})
    assert "no place for: prizes for either seat: base1-98" in message
    message = refused(state, 0, {"type": "end_turn", "prizes_taken": {"1": [GRASS]}})
    assert "no place for: prizes for seat 1: base1-99" in message


def test_R_TABLE_1_a_search_takes_the_card_reported_when_the_deck_can_hold_it():
    state = act(started(), 0, {"type": "draw"})
    state = act(state, 0, {"type": "end_turn"})
    state = act(state, 1, {"type": "draw", "cards": [GRASS]})
    play = {"type": "play_trainer", "card": COMPUTER_SEARCH,
            "choices": {"cards": [GRASS, GRASS], "search": ["base1-15"]}}   # Venusaur
    after = act(state, 1, play)
    venusaur = [i for i in after.seats[1].hand if after.card_id(i) == "base1-15"]
    assert len(venusaur) == 1 and pool(after, 1)["base1-15"] == 1
    assert Counter(after.card_id(i) for i in after.seats[1].discard) == Counter({GRASS: 2, COMPUTER_SEARCH: 1})
    # a card the deck can't hold: both Mewtwo... are in the deck list, but none of a Charizard
    refused(state, 1, {**play, "choices": {"cards": [GRASS, GRASS], "search": [CHARIZARD]}})
    # two steps: look through the deck, then choose by card id
    looked = act(state, 1, {**play, "choices": {"cards": [GRASS, GRASS]}})
    assert looked.pending and looked.pending["kind"] == "search"
    chosen = act(looked, 1, {"type": "choose", "choices": {"search": ["base1-15"]}})
    assert Counter(chosen.card_id(i) for i in chosen.seats[1].hand)["base1-15"] == 1


def test_R_TABLE_1_a_judge_reveal_that_contradicts_the_log_is_refused():
    state = act(started(), 0, {"type": "draw"})
    hand = state.seats[0].hand
    with pytest.raises(engine.Illegal) as exc:
        engine.reveal(state, 0, "hand", [CHARIZARD, CHARIZARD, CHARIZARD])
    assert exc.value.rule == "R-TABLE-1" and exc.value.private_to == 0
    revealed, narration = engine.reveal(state, 0, "hand", [*ANA_HAND[1:], ONIX])
    assert all(revealed.card_id(i) != UNKNOWN for i in hand)
    assert "A judge records the true cards of Seat 0 (Ana)'s hand" in narration[0]
    with pytest.raises(engine.Illegal):
        engine.reveal(revealed, 0, "hand", [GROWLITHE])     # the hand is known: no Growlithe there
    deck_top = state.seats[0].deck[:3]
    revealed, _ = engine.reveal(state, 0, "deck", [FIRE, None, GROWLITHE])
    assert [revealed.card_id(i) for i in deck_top] == [FIRE, UNKNOWN, GROWLITHE]
    with pytest.raises(engine.Illegal):
        engine.reveal(state, 0, "deck", ["nonsense"])


def test_R_TABLE_1_a_known_deck_position_must_agree_with_the_card_drawn():
    state = started()
    state, _ = engine.reveal(state, 0, "deck", [GROWLITHE])
    message = refused(state, 0, {"type": "draw", "cards": [ONIX]})
    assert "already known to be Growlithe (base1-28), not Onix (base1-56)" in message
    drew = act(state, 0, {"type": "draw"})
    assert drew.card_id(drew.seats[0].hand[-1]) == GROWLITHE


def test_R_TABLE_1_pokedex_order_by_id_locates_the_top_cards_until_a_shuffle():
    ana = list(ANA)
    ana[ana.index(DEFENDER)] = POKEDEX        # a second Pokédex is no problem for the engine
    state = new_table((ana, BETO))
    state = act(state, 0, {"type": "setup", "active": CHARMANDER, "hand": [CHARMANDER, POKEDEX]})
    state = act(state, 1, {"type": "setup", "active": BULBASAUR}, coins=["heads"])
    state = act(state, 0, {"type": "draw"})
    order = [FIRE, ONIX, FIGHTING, FIRE, CHARMELEON]
    state = act(state, 0, {"type": "play_trainer", "card": POKEDEX, "choices": {"order": order}})
    assert [state.card_id(i) for i in state.seats[0].deck[:5]] == order
    state = act(state, 0, {"type": "end_turn"})
    state = act(state, 1, {"type": "draw"})
    state = act(state, 1, {"type": "end_turn"})
    refused(state, 0, {"type": "draw", "cards": [ONIX]})
    state = act(state, 0, {"type": "draw"})
    assert state.card_id(state.seats[0].hand[-1]) == FIRE
    state = act(state, 0, {"type": "shuffle"})
    assert all(state.card_id(i) == UNKNOWN for i in state.seats[0].deck)


# -- R-TABLE-2: an effect that shows unknown cards needs them reported ---------------------------

def test_R_TABLE_2_lass_shows_both_hands_and_every_unknown_card_must_be_reported():
    state = act(started(), 0, {"type": "draw"})
    state = act(state, 0, {"type": "end_turn"})
    state = act(state, 1, {"type": "draw"})               # Beto's 7th hand card: unknown
    lass = {"type": "play_trainer", "card": LASS}
    message = refused(state, 1, lass, rule="R-TABLE-2")
    assert "Seat 1 (Beto)'s hand is shown, so report its 1 unknown card(s)" in message
    beto_rest = [c for c in BETO_HAND if c not in (BULBASAUR, ABRA, LASS)] + [MEWTWO]
    message = refused(state, 1, {**lass, "revealed": {"1": beto_rest}}, rule="R-TABLE-2")
    assert "Seat 0 (Ana)'s hand is shown, so report its 1 unknown card(s)" in message
    ana_hand = [state.known.get(i, ONIX) for i in state.seats[0].hand]   # Ana's unknown draw: Onix
    after = act(state, 1, {**lass, "revealed": {"0": ana_hand, "1": beto_rest}})
    trainers_back = Counter({BILL: 1})
    assert not any(after.card_of(i).supertype == "Trainer" for i in after.seats[0].hand)
    assert all(after.card_id(i) == UNKNOWN for i in after.seats[0].deck), "the shuffle forgot the Bill"
    assert pool(after, 0)[BILL] == pool(state, 0)[BILL] + trainers_back[BILL]


def test_R_TABLE_2_legal_a_hand_shown_whole_needs_nothing_more():
    state = started()
    state = act(state, 0, {"type": "draw", "cards": [ONIX]})
    state = act(state, 0, {"type": "end_turn"})
    state = act(state, 1, {"type": "draw", "cards": [MEWTWO]})
    after = act(state, 1, {"type": "play_trainer", "card": LASS})
    assert Counter(after.card_id(i) for i in after.seats[1].hand) == Counter(
        [GRASS, PSYCHIC, MEWTWO])


# -- R-TABLE-3: the table's reports belong to a table match -------------------------------------

def test_R_TABLE_3_a_service_match_refuses_the_tables_reports():
    players = [{"name": "Ana", "deck": list(ANA)}, {"name": "Beto", "deck": list(BETO)}]
    _, state, _ = engine.create_match("base-1999", players, SeededRandomness(3))
    for action in ({"type": "mulligan"}, {"type": "shuffle"},
                   {"type": "setup", "active": state.seats[0].hand[0], "hand": [FIRE]}):
        d = engine.decide(state, 0, action, FixedCoins([]))
        assert not d.legal and d.violations[0]["rule"] == "R-TABLE-3", (action, d.violations)
    with pytest.raises(engine.Illegal) as exc:
        engine.reveal(state, 0, "hand", [FIRE])
    assert exc.value.rule == "R-TABLE-3"


def test_R_TABLE_3_legal_a_table_match_takes_them():
    state = new_table()
    state = act(state, 0, {"type": "mulligan", "hand": [FIRE, FIRE, BILL, FIGHTING, FIRE, OAK, FIGHTING]})
    extra = get_ruleset("base-1999").mulligan_extra_per_mulligan
    assert state.seats[0].mulligans == 1 and state.seats[1].extra_cards_allowed == extra
    assert all(state.card_id(i) == UNKNOWN for i in state.seats[0].hand + state.seats[0].deck)
    state = act(state, 0, {"type": "shuffle"})


def test_a_mulligan_whose_shown_hand_holds_a_basic_is_refused():
    state = new_table()
    refused(state, 0, {"type": "mulligan", "hand": [CHARMANDER]}, rule="R-SETUP-2")


NO_BASIC_ANA = [FIRE, FIRE, BILL, FIGHTING, FIRE, OAK, FIGHTING]
NO_BASIC_BETO = [GRASS, GRASS, PSYCHIC, POTION, GRASS, PSYCHIC, LASS]


def test_R_SETUP_3_at_a_table_both_mulligans_of_one_round_give_nobody_extra_cards():
    """Seed 000: when neither player has a Basic Pokémon, both redraw and "nenhum dos jogadores
    compra 2 cards extras". The table reports the two mulligans one after the other."""
    extra = get_ruleset("base-1999").mulligan_extra_per_mulligan
    state = act(new_table(), 0, {"type": "mulligan", "hand": NO_BASIC_ANA})
    assert state.seats[1].extra_cards_allowed == extra           # Beto had a Basic, as far as known
    d = decide(state, 1, {"type": "mulligan", "hand": NO_BASIC_BETO})
    assert d.legal and any("[R-SETUP-3]" in line for line in d.narration), d.narration
    both = d.state
    assert [(s.mulligans, s.extra_cards_allowed) for s in both.seats] == [(0, 0), (0, 0)]
    for seat in (0, 1):
        assert not any(a["type"] == "mulligan_draw" and a.get("count") for a in legal_actions(both, seat))
        assert refused(both, seat, {"type": "mulligan_draw", "count": extra}, rule="R-SETUP-2")
    # a second round where only Ana has no Basic: that mulligan gives Beto his extra cards
    again = act(both, 0, {"type": "mulligan", "hand": NO_BASIC_ANA})
    assert (again.seats[0].mulligans, again.seats[1].extra_cards_allowed) == (1, extra)
    assert {"type": "mulligan_draw", "count": extra} in legal_actions(again, 1)


def test_R_SETUP_2_at_a_table_a_mulligan_after_the_extra_cards_is_a_round_of_its_own():
    """A player who drew its extra cards kept its hand: a mulligan it reports later is its
    own (the opponent may draw extra cards for it), not a round shared with the opponent's."""
    extra = get_ruleset("base-1999").mulligan_extra_per_mulligan
    state = act(new_table(), 0, {"type": "mulligan", "hand": NO_BASIC_ANA})
    state = act(state, 1, {"type": "mulligan_draw", "count": extra})
    state = act(state, 1, {"type": "mulligan", "hand": [*NO_BASIC_BETO, GRASS, PSYCHIC]})
    assert [(s.mulligans, s.extra_cards_allowed) for s in state.seats] == [(1, extra), (1, 0)]


# -- several cards drawn at once: named in any order ---------------------------------------------

def test_R_TABLE_1_cards_drawn_together_are_named_in_any_order():
    state = act(started(), 0, {"type": "draw"})
    deck = state.seats[0].deck
    recorded, _ = engine.reveal(state, 0, "deck", [ONIX, FIRE])       # a deck check: the top two
    bill = {"type": "play_trainer", "card": BILL}
    # the judges and the scorekeeper: Bill's two cards named in another order are the same report
    after = act(recorded, 0, {**bill, "drawn": {"0": [FIRE, ONIX]}})
    assert (after.card_id(deck[0]), after.card_id(deck[1])) == (ONIX, FIRE)
    # a card the record does not hold there is still a contradiction
    message = refused(recorded, 0, {**bill, "drawn": {"0": [FIRE, GROWLITHE]}})
    assert "already known to be Onix (base1-56), not Growlithe (base1-28)" in message
    # the player: the same answer, and no record of the judges is set aside
    d = player_decides(recorded, 0, {**bill, "drawn": {"0": [FIRE, ONIX]}})
    assert d.legal and "set_aside" not in d.event["payload"]["rng"], d.event["payload"]["rng"]
    assert (d.state.card_id(deck[0]), d.state.card_id(deck[1])) == (ONIX, FIRE)
    replayed, _ = engine.apply(recorded, {**d.event, "seq": recorded.seq + 1})
    assert state_hash(replayed) == state_hash(d.state)


def test_R_TABLE_1_cards_discarded_together_are_named_in_any_order():
    state = new_table()
    state = act(state, 0, {"type": "setup", "active": CHARMANDER})
    state = act(state, 1, {"type": "setup", "active": BULBASAUR}, coins=["heads"])
    state = act(state, 0, {"type": "draw"})
    hand = [OAK, FIRE, FIRE, CHARIZARD, BILL, MACHOP, FIGHTING]
    recorded, _ = engine.reveal(state, 0, "hand", hand)                # a judge saw the hand
    oak = {"type": "play_trainer", "card": OAK, "revealed": {"0": list(reversed(hand[1:]))}}
    after = act(recorded, 0, oak)
    assert Counter(after.card_id(i) for i in after.seats[0].discard) == Counter(hand)
    d = player_decides(recorded, 0, oak)
    assert d.legal and "set_aside" not in d.event["payload"]["rng"], d.event["payload"]["rng"]
    refused(recorded, 0, {**oak, "revealed": {"0": [GROWLITHE, *hand[2:]]}})


# -- narration and replay ------------------------------------------------------------------------

def test_the_narration_names_a_reported_draw_to_its_player_alone():
    state = started()
    d = decide(state, 0, {"type": "draw", "cards": [ONIX]})
    line = next(line for line in d.narration if "draws" in line)
    assert render(line, hidden=set(state.seats[0].deck), seat=0).startswith("Seat 0 (Ana) draws Onix (0:u")
    assert "a hidden card" in render(line, hidden=set(state.seats[0].deck), seat=1)
    d = decide(state, 0, {"type": "draw"})
    line = next(line for line in d.narration if "draws" in line)
    assert "draws an unknown card (0:u" in render(line)


def test_a_stored_table_event_names_instances_and_replays_without_reports():
    state = act(started(), 0, {"type": "draw"})
    d = decide(state, 0, {"type": "bench", "card": GROWLITHE})
    assert d.event["payload"]["action"]["card"].startswith("0:u")
    assert d.event["payload"]["rng"]["identified"] == {d.event["payload"]["action"]["card"]: GROWLITHE}
    replayed, _ = engine.apply(state, {**d.event, "seq": 9})
    assert state_hash(replayed) == state_hash(d.state)
    d = decide(state, 0, {"type": "end_turn"})
    after = engine.apply(d.state, {"type": "ActionTaken", "seq": 10, "payload": {
        "seat": 1, "action": {"type": "draw"}, "rng": {"reports": {"drawn": {"1": [MEWTWO]}}}}})[0]
    assert after.card_id(after.seats[1].hand[-1]) == MEWTWO


# -- the property: whole paper games --------------------------------------------------------------

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


def replays_to_the_same_state(game: PaperGame) -> None:
    state = None
    for event in game.events:
        state, _ = engine.apply(state, event)
    assert state_hash(state) == state_hash(game.table)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, report=st.sampled_from([0.0, 0.3, 0.7, 1.0]))
def test_random_paper_games_keep_the_referee_in_agreement_with_the_table(seed, report):
    """Every step: known cards agree with the true game; each seat's unknown multiset is its
    deck list minus the located cards (check_agreement); the log replays to the same state."""
    game = PaperGame(seed, list(DECKS.values()), report=report)
    game.play()
    assert game.table.result["winner"] == game.true.result["winner"]
    replays_to_the_same_state(game)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, report=st.sampled_from([0.0, 0.5, 1.0]))
def test_random_paper_games_with_every_trainer(seed, report):
    """The coverage decks hold every card: Lass, Professor Oak, Pokédex, Computer Search,
    Pokémon Trader, Maintenance, Item Finder … all logged from a table."""
    game = PaperGame(seed, coverage_decks(), report=report)
    game.play()
    replays_to_the_same_state(game)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, report=st.sampled_from([0.0, 0.5, 1.0]))
def test_random_modern_paper_games_with_declared_effects_stay_in_agreement(seed, report):
    """Two Standard decks at a paper table: searches named by card id in declared steps,
    draws and discards the table may report, all in agreement with the true game."""
    from projections.tcg import decks
    names = [n for n in decks.shipped_deck_names() if decks.shipped_deck_ruleset(n) == "modern"]
    pair = [decks.shipped_deck(names[seed % len(names)]), decks.shipped_deck(names[(seed + 1) % len(names)])]
    game = PaperGame(seed, pair, report=report, ruleset="modern")
    game.play()
    replays_to_the_same_state(game)


def test_the_listed_legal_actions_of_a_table_match_are_legal():
    """What `legal-actions` lists at a paper table (the known cards' actions, the mulligan,
    an Active named by card id) is accepted at every step of a logged game."""
    from projections.tcg.legal import legal_actions
    from projections.tcg.simulate import seat_to_move

    state = new_table()
    listed = legal_actions(state, 0)
    assert {"type": "mulligan"} in listed and {"type": "setup", "active": CHARMANDER} in listed
    assert {"type": "setup", "active": BULBASAUR} not in listed      # not in Ana's list
    game = PaperGame(8, list(DECKS.values()), report=0.5)
    game.start()
    while game.true.phase != "finished":
        table = game.table
        if table.phase != "finished":
            seat = seat_to_move(table)
            for action in legal_actions(table, seat):
                d = engine.decide(table, seat, action, TableReports(flips_from=SeededRandomness(1)))
                assert d.legal, (action, d.violations)
        game.step()


# -- R-TABLE-4, R-TABLE-5: what the judges hold never answers a player ---------------------------

SWITCH, GUST, DIGLETT = "base1-95", "base1-93", "base1-47"


def player_decides(state, seat, action, coins=()):
    return engine.decide(state, seat, action, TableReports(coins), reporter=seat)


def as_the_player_reads_it(state, seat, decision):
    """Everything a player's answer is made of: legal or not, each refusal's rule and words,
    and the narration as that player reads it (lines for judges left out)."""
    from projections.text import for_judges_only

    hidden = state.hidden_from(seat)
    lines = [render(line, hidden, seat) for line in decision.narration if not for_judges_only(line)]
    return (decision.legal, [(v["rule"], v["message"], v.get("private_to")) for v in decision.violations],
            lines)


def test_R_TABLE_5_a_players_draw_reads_alike_whatever_a_judge_recorded_of_its_deck():
    state = started()
    recorded, _ = engine.reveal(state, 0, "deck", [ONIX, FIRE])       # a deck check: the top two
    assert recorded.judge_known == set(state.seats[0].deck[:2])
    for card_id in sorted(set(ANA) | {MEWTWO, "base1-999"}):
        draw = {"type": "draw", "cards": [card_id]}
        assert as_the_player_reads_it(state, 0, player_decides(recorded, 0, draw)) == \
            as_the_player_reads_it(state, 0, player_decides(state, 0, draw)), card_id
    # the judges and the scorekeeper report with what the judges hold: refused with the record
    message = refused(recorded, 0, {"type": "draw", "cards": [GROWLITHE]})
    assert "already known to be Onix (base1-56), not Growlithe (base1-28)" in message


def test_R_TABLE_5_a_players_report_that_disagrees_sets_the_record_aside_for_the_judges():
    from projections.text import for_judges_only

    state = started()
    top = state.seats[0].deck[0]
    recorded, _ = engine.reveal(state, 0, "deck", [ONIX])
    d = player_decides(recorded, 0, {"type": "draw", "cards": [GROWLITHE]})
    assert d.legal
    assert d.state.card_id(top) == GROWLITHE and top not in d.state.judge_known
    assert d.event["payload"]["rng"]["set_aside"] == {top: ONIX}
    assert d.event["payload"]["rng"]["reported_by"] == 0
    judges = [line for line in d.narration if for_judges_only(line)]
    assert len(judges) == 1 and "R-TABLE-5" in judges[0] and "Onix (base1-56)" in render(judges[0])
    replayed, _ = engine.apply(recorded, {**d.event, "seq": recorded.seq + 1})
    assert state_hash(replayed) == state_hash(d.state)
    # the same report agreeing with the record: the card is the table's, nothing set aside
    d = player_decides(recorded, 0, {"type": "draw", "cards": [ONIX]})
    assert d.legal and d.state.card_id(top) == ONIX and not d.state.judge_known
    assert "set_aside" not in d.event["payload"]["rng"]
    assert not [line for line in d.narration if for_judges_only(line)]


def test_R_TABLE_5_a_copy_the_judges_place_among_the_prize_cards_never_refuses_a_player():
    state = started()
    prizes = list(state.seats[0].prizes)
    recorded, _ = engine.reveal(state, 0, "prizes", [SWITCH, GUST, ONIX, DIGLETT, GROWLITHE, GROWLITHE])
    message = refused(recorded, 0, {"type": "draw", "cards": [SWITCH]})    # the judges' own view
    assert "all 1 Switch (base1-95) of Seat 0 (Ana) are accounted for: 1 among the Prize cards" in message
    for card_id in sorted(set(ANA)):
        draw = {"type": "draw", "cards": [card_id]}
        assert as_the_player_reads_it(state, 0, player_decides(recorded, 0, draw)) == \
            as_the_player_reads_it(state, 0, player_decides(state, 0, draw)), card_id
    d = player_decides(recorded, 0, {"type": "draw", "cards": [SWITCH]})
    switch_prize = next(i for i in prizes if recorded.card_id(i) == SWITCH)
    assert d.event["payload"]["rng"]["set_aside"] == {switch_prize: SWITCH}
    assert d.state.card_id(switch_prize) == UNKNOWN and switch_prize not in d.state.judge_known
    assert pool(d.state, 0)[SWITCH] == 0 and d.state.card_id(d.state.seats[0].hand[-1]) == SWITCH
    assert Counter(d.state.known[i] for i in prizes if i in d.state.known) == Counter(
        [GUST, ONIX, DIGLETT, GROWLITHE, GROWLITHE])


def test_R_TABLE_5_legal_actions_list_alike_whatever_a_judge_recorded():
    from projections.tcg.legal import legal_actions

    state = new_table()
    recorded, _ = engine.reveal(state, 0, "deck", [ONIX])      # Ana's one Onix: on top of her deck
    assert {"type": "setup", "active": ONIX} not in legal_actions(recorded, 0)
    assert legal_actions(recorded, 0, reporter=0) == legal_actions(state, 0, reporter=0)
    assert {"type": "setup", "active": ONIX} in legal_actions(recorded, 0, reporter=0)


def test_R_TABLE_4_a_player_reports_only_its_own_seats_cards():
    state = act(started(), 0, {"type": "draw"})
    bill = {"type": "play_trainer", "card": BILL}
    for action in ({"type": "end_turn", "prizes_taken": {"1": [GRASS]}},
                   {"type": "end_turn", "prizes_taken": {"1": [CHARIZARD]}},
                   {**bill, "drawn": {"1": [ABRA]}}, {**bill, "revealed": {"1": [BULBASAUR]}},
                   {**bill, "drawn": {"0": [FIRE, FIRE], "1": [ABRA]}}):
        d = player_decides(state, 0, action)
        assert not d.legal and d.violations[0]["rule"] == "R-TABLE-4", (action, d.violations)
        assert d.violations[0]["message"].startswith("A player reports only its own seat's cards: what Seat 1")
    # the scorekeeper may: refused here only because nothing is taken (R-TABLE-1)
    refused(state, 0, {"type": "end_turn", "prizes_taken": {"1": [GRASS]}})


def test_R_TABLE_4_lass_played_by_a_player_is_logged_by_the_scorekeeper():
    """What Lass does to the opponent's hand depends on cards its player can't name: the
    scorekeeper or a judge logs it, whatever the opponent holds."""
    state = started()                                          # Ana's hand: reported whole
    state = act(state, 0, {"type": "draw", "cards": [ONIX]})
    state = act(state, 0, {"type": "end_turn"})
    state = act(state, 1, {"type": "draw", "cards": [MEWTWO]})
    lass = {"type": "play_trainer", "card": LASS}
    d = player_decides(state, 1, lass)
    assert not d.legal and d.violations[0]["rule"] == "R-TABLE-4", d.violations
    assert "Seat 0 (Ana)'s hand is shown, and a player reports only its own seat's cards" in \
        d.violations[0]["message"]
    d = player_decides(state, 1, {**lass, "revealed": {"0": [ONIX]}})
    assert not d.legal and d.violations[0]["rule"] == "R-TABLE-4"
    assert act(state, 1, lass).seats[1].hand                   # the scorekeeper: Ana's hand is known


def test_R_TABLE_1_a_prize_card_taken_is_any_copy_the_judges_recorded_there():
    """Seed 000: the player chooses which Prize card to take; a report names a recorded copy
    that need not be the first the service holds, for the scorekeeper as for the player."""
    state = new_table()
    state = act(state, 0, {"type": "setup", "active": CHARMANDER, "hand": ANA_HAND})
    state = act(state, 1, {"type": "setup", "active": ABRA, "bench": [BULBASAUR], "hand": BETO_HAND},
                coins=["heads"])
    recorded = [SWITCH, GUST, ONIX, DIGLETT, GROWLITHE, GROWLITHE]
    state, _ = engine.reveal(state, 0, "prizes", recorded)
    charmander = state.seats[0].active.top
    state = act(state, 0, {"type": "draw"})
    state = act(state, 0, {"type": "attach_energy", "card": FIRE, "target": charmander})
    state = act(state, 0, {"type": "end_turn"})
    state = act(state, 1, {"type": "draw"})
    state = act(state, 1, {"type": "end_turn"})
    state = act(state, 0, {"type": "draw"})
    state = act(state, 0, {"type": "attach_energy", "card": FIRE, "target": charmander})
    first = state.card_id(state.seats[0].prizes[0])
    chosen = DIGLETT if first != DIGLETT else ONIX
    ember = {"type": "attack", "attack": "Ember", "choices": {"cards": [state.seats[0].active.energy[0]]},
             "prizes_taken": [chosen]}
    for reporter in (None, 0):
        d = engine.decide(state, 0, ember, TableReports(), reporter=reporter)
        assert d.legal, (reporter, d.violations)
        taken = [i for i in d.state.seats[0].hand if i in state.seats[0].prizes]
        assert [d.state.card_id(i) for i in taken] == [chosen]
        left = Counter(d.state.card_id(i) for i in d.state.seats[0].prizes)
        assert left == Counter(recorded) - Counter([chosen]), reporter
        assert "set_aside" not in (d.event["payload"].get("rng") or {})
        replayed, _ = engine.apply(state, {**d.event, "seq": state.seq + 1})
        assert state_hash(replayed) == state_hash(d.state)


class PlayersReport(PaperGame):
    """The same paper games, each action logged by its own seat's player (reporting only its
    own seat's cards, R-TABLE-4), while now and then a judge records the true top of a deck
    or the true Prize cards in any order (a deck check)."""

    def _by_seat(self, ids):
        return {str(s): v for s, v in ids.items()}

    def log(self, seat, action, coins=()):
        own = dict(action)
        for key in ("drawn", "prizes_taken", "revealed"):
            if isinstance(own.get(key), dict):
                mine = own.pop(key).get(str(seat))
                if mine:
                    own[key] = {str(seat): mine}
        d = engine.decide(self.table, seat, own, TableReports(coins), reporter=seat)
        if not d.legal and d.violations[0]["rule"] == "R-TABLE-4":    # Lass: the scorekeeper logs it
            d = engine.decide(self.table, seat, action, TableReports(coins))
        assert d.legal and d.coin_error is None, (action, d.violations, d.coin_error)
        rng = d.event["payload"].get("rng") or {}
        assert "set_aside" not in rng, "a true report disagreed with a true record"
        self.events.append(d.event)
        self.table = d.state
        self.narration += d.narration
        return d

    def step(self):
        action = super().step()     # the table and the true game agree again: a judge may look
        self._judge_may_record()
        return action

    def _judge_may_record(self) -> None:
        if self.pick.random() > 0.08 or self.table.phase in ("finished", "between_games"):
            return
        seat = self.pick.randrange(2)
        true_seat = self.true.seats[seat]
        if true_seat.prizes and self.pick.random() < 0.5:
            zone, cards = "prizes", [self.true.instances[i] for i in true_seat.prizes]
            self.pick.shuffle(cards)
        elif true_seat.deck:
            zone = "deck"
            cards = [self.true.instances[i] for i in true_seat.deck[:self.pick.randint(1, 5)]]
        else:
            return
        payload = {"seat": seat, "zone": zone, "cards": cards}
        self.table, _ = engine.reveal(self.table, seat, zone, cards)
        self.table.seq += 1           # the reveal is an event of the log, as the API appends it
        self.events.append({"type": "CardsRevealed", "payload": payload})
        check_agreement(self.true, self.table)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, report=st.sampled_from([0.0, 0.5, 1.0]))
def test_R_TABLE_5_players_reporting_true_games_beside_true_judges_records_never_disagree(seed, report):
    """Whole games logged by the players themselves while judges record decks and Prize cards:
    every report is accepted, none sets a record aside, the referee agrees with the true game
    and the log (each action decided on what its player knew) replays to the same state."""
    game = PlayersReport(seed, coverage_decks() if seed % 2 else list(DECKS.values()), report=report)
    game.play()
    assert game.table.result["winner"] == game.true.result["winner"]
    replays_to_the_same_state(game)
